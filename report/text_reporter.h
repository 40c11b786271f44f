#pragma once
// Human-readable output (DESIGN.md "Output contracts"):
//
//   train.py:12:14: warning: `.item()` syncs with the GPU every step [GPU201]
//    12 |     total += loss.item()
//       |              ^~~~~~~~~~~
//     train.py:3:1: note: accumulator defined here
//     help: Accumulate with `.detach()` (unsafe fix)
//
//   train.py: error: invalid UTF-8 at byte 17
//   Found 1 finding (0 errors, 1 warning, 0 notes).
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "report/common.h"
#include "report/parse_gaps.h"

namespace gpulint {

struct TextOptions {
  bool color = false;         // ANSI colors
  bool show_source = true;    // code frame under each finding
  bool show_summary = true;   // the final "Found ..."/"No findings." line
  unsigned tab_width = 4;     // tabs in code frames expand to this tab stop
  bool parse_gap_detail = false;  // --verbose: one line per file of the GPU400 summary
};

// Diagnostics are written in the order given (sort with diagnosticLess first).
void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
               const SourceLookup& sources, const TextOptions& options);
// The same, plus one "path: error: message" line per file that could not be
// analysed, before the summary.
void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
               const std::vector<FileError>& file_errors, const SourceLookup& sources,
               const TextOptions& options);
// The same, ending with the one-line GPU400 summary of `parse_gaps` (after
// its per-file lines when options.parse_gap_detail).
void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
               const std::vector<FileError>& file_errors, const std::vector<ParseGap>& parse_gaps,
               const SourceLookup& sources, const TextOptions& options);

// One diagnostic: header, code frame (when `source` is non-null and
// options.show_source), related locations, fix titles.
void writeTextDiagnostic(std::ostream& out, const Diagnostic& diagnostic, const SourceFile* source,
                         const TextOptions& options);

// The two-line code frame of `location` in `source` ("" when the location's
// line is not in the file): the source line (tabs expanded, control
// characters replaced) and a caret line `^~~~` under the range; a range that
// spans lines is underlined to the end of its first line.
[[nodiscard]] std::string codeFrame(const SourceFile& source, const Location& location,
                                    const TextOptions& options, Level level = Level::Warning);

// "No findings." or "Found N findings (E errors, W warnings, M notes)."
[[nodiscard]] std::string summaryLine(const std::vector<Diagnostic>& diagnostics);

}  // namespace gpulint
