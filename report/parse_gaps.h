#pragma once
// GPU400 as a run-level summary. A C++/CUDA file that clang parsed with
// unresolved code (a header found nowhere, an API gpulint's shim lacks) is
// still analysed; on real extensions that is many files, and a note on each
// would drown the findings. The report therefore ends with one line counting
// them and naming the headers most often missing; the per-file detail is in
// the text report with --verbose, in JSON's `parse_gaps` list and in SARIF's
// invocation notifications.
#include <string>
#include <vector>

namespace gpulint {

struct ParseGap {
  std::string file;                          // display path
  std::string message;                       // GPU400's note about this file
  std::vector<std::string> missing_headers;  // includes found nowhere, as written
};

// "3 C++/CUDA files parsed with unresolved code; most common missing headers:
// cub/cub.cuh (2 files), mylib/x.h (1 file). ..." ("" when there are none).
[[nodiscard]] std::string parseGapSummary(const std::vector<ParseGap>& gaps);

// The id shown with the summary (the rule that selects and documents it).
inline constexpr const char* kParseGapRule = "GPU400";

}  // namespace gpulint
