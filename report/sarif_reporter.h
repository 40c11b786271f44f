#pragma once
// SARIF 2.1.0 output for code scanning (DESIGN.md "Output contracts").
// One run; tool.driver.rules[] from the rule documents; results with relative
// URIs under %SRCROOT%, UTF-16 columns (run.columnKind "utf16CodeUnits"),
// related locations, partialFingerprints and fixes.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "report/common.h"
#include "report/parse_gaps.h"

namespace gpulint {

struct SarifOptions {
  // Absolute URI of the analysed root, e.g. "file:///home/me/project/"
  // (see fileUri); becomes originalUriBaseIds["%SRCROOT%"]. A missing
  // trailing '/' is added. Empty: no originalUriBaseIds entry.
  std::string root_uri;
  std::string version;  // tool.driver.version
};

constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view kSarifFingerprintKey = "gpulint/v1";

// Writes a complete SARIF log (pretty-printed JSON and a newline). Diagnostics
// keep the order given. Every FileError becomes an error notification of the
// invocation, and executionSuccessful is false when there is any. Source
// files (through `sources`) supply char offsets, snippets, fingerprints and
// the regions of fix edits; without them regions come from the Locations only.
// Each parse gap (GPU400) becomes a note notification of the invocation, with
// associatedRule GPU400; it does not make the execution unsuccessful.
void writeSarif(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                const std::vector<FileError>& file_errors, const SourceLookup& sources,
                const SarifOptions& options, const std::vector<ParseGap>& parse_gaps = {});

// "file:///abs/path/" style URI of an absolute file system path (percent-
// encoded; backslashes become '/'); append '/' yourself for a folder.
[[nodiscard]] std::string fileUri(std::string_view absolute_path);

// The artifactLocation.uri of a display path: a percent-encoded relative URI
// reference, or a file:// URI when the path is absolute.
[[nodiscard]] std::string artifactUri(std::string_view display_path);

// partialFingerprints["gpulint/v1"] of a diagnostic: a hash of the rule id, the
// file, the trimmed text of the primary line (plus the flagged text on it) and
// how many earlier lines of the file have the same trimmed text, so it does
// not change when unrelated lines are added or removed elsewhere. A finding
// about the whole file (an empty range at byte 0) hashes rule and file only.
// Without the source it falls back to the line number and message.
[[nodiscard]] std::string sarifFingerprint(const Diagnostic& diagnostic, const SourceFile* source);

}  // namespace gpulint
