#pragma once
// Inline suppressions (RULES.md "Options"), read from the comments of one file:
//
//   x = f()  # gpulint: disable=GPU201,GPU204   this line
//   # gpulint: disable=GPU201                   alone on its line: this line and
//   x = f()                                      the next line that is neither blank
//                                                nor comment-only
//   # gpulint: disable-file=GPU101              anywhere: the whole file
//   x = f()  # noqa: GPU201 GPU204              this line (ids comma/space separated)
//   x = f()  # noqa                             this line, every gpulint rule
//
// Ids may be full ids (GPU201), prefixes (GPU2) or `all`. `# noqa: E501` (only
// other tools' codes) suppresses no gpulint rule. A directive may follow other
// comment text after another comment marker (`# type: ignore  # noqa: GPU201`).
// Comments are found with a small lexer per file kind, so a `#` inside a string
// is not a comment: Python skips '...', "...", triple-quoted strings, escapes and
// f-string replacement fields; YAML takes `#` at line start or after whitespace,
// outside quoted scalars; C++/CUDA uses `//` and skips string, character and raw
// string literals, and /* block comments */. JSON has no comments.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/diagnostic.h"
#include "frontend/source_file.h"

namespace gpulint {

// A `gpulint:` directive that could not be understood (an unknown directive,
// a missing `=`, an id that is not GPUnnn, a prefix of one or `all`); it
// suppresses nothing it did not understand.
struct InvalidSuppression {
  uint32_t line = 0;  // 1-based
  std::string message;
};

class Suppressions {
 public:
  // True when `rule` (e.g. "GPU201") is suppressed on the 1-based `line`;
  // line 0 (no location) is only covered by file-wide suppressions.
  [[nodiscard]] bool suppressed(std::string_view rule, uint32_t line) const;
  [[nodiscard]] bool empty() const { return file_.empty() && lines_.empty(); }
  [[nodiscard]] const std::vector<InvalidSuppression>& invalid() const { return invalid_; }

  // `selector`: "" (= all rules) or an upper-case id/prefix such as "GPU2".
  void addLine(uint32_t line, std::string selector);
  void addFile(std::string selector);
  void addInvalid(uint32_t line, std::string message);

 private:
  std::vector<std::string> file_;
  std::map<uint32_t, std::vector<std::string>> lines_;
  std::vector<InvalidSuppression> invalid_;
};

[[nodiscard]] Suppressions parseSuppressions(std::string_view text, FileKind kind);

// The comment a "disable GPUxxx for this line" action appends to a line without
// a comment ("  # gpulint: disable=GPU201", "  // gpulint: disable=GPU301");
// "" for file kinds without comments (JSON).
[[nodiscard]] std::string suppressionComment(FileKind kind, std::string_view rule);

// True when `by_file[d.location.file]` suppresses d.rule on the diagnostic's
// primary start line.
[[nodiscard]] bool isSuppressed(const Diagnostic& d,
                                const std::map<std::string, Suppressions>& by_file);
// Drops the suppressed diagnostics, keeping the order of the rest.
[[nodiscard]] std::vector<Diagnostic> applySuppressions(
    std::vector<Diagnostic> diagnostics, const std::map<std::string, Suppressions>& by_file);

}  // namespace gpulint
