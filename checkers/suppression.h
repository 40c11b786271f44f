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
//
// C++ also takes clang-tidy's spelling, for the `gpulint-` entries only:
//   launch();  // NOLINT(gpulint-GPU404)          this line (ids, names or gpulint-*)
//   // NOLINTNEXTLINE(gpulint-sync-in-op)         the next line only
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/source_file.h"

namespace gpulint {

// A `gpulint:` directive that could not be understood (an unknown directive,
// a missing `=`, an id that is not GPUnnn, a prefix of one or `all`); it
// suppresses nothing it did not understand.
struct InvalidSuppression {
  uint32_t line = 0;  // 1-based
  std::string message;
};

// One directive as written (`gpulint: disable=GPU201,GPU206`, `noqa: GPU201`).
struct SuppressionDirective {
  uint32_t line = 0;                   // the comment's 1-based line
  uint32_t next_code_line = 0;         // alone on its line (or NOLINTNEXTLINE): the line it also covers
  bool covers_own_line = true;         // false for NOLINTNEXTLINE
  uint32_t begin = 0, end = 0;         // the directive's bytes in the file
  uint32_t comment_begin = 0;          // the comment marker's byte offset
  uint32_t comment_end = 0;            // the comment's end (before the line end)
  std::vector<std::string> selectors;  // "" = every rule
  bool file_wide = false;              // disable-file=
  bool names_rules = false;            // lists gpulint ids: a bare `# noqa` may be another tool's
  bool whole_comment = false;          // the comment holds nothing but this directive
  bool own_line = false;               // nothing but whitespace before the comment
};

class Suppressions {
 public:
  // True when `rule` (e.g. "GPU201") is suppressed on the 1-based `line`;
  // line 0 (no location) is only covered by file-wide suppressions.
  [[nodiscard]] bool suppressed(std::string_view rule, uint32_t line) const;
  // The same answer, remembering which directive selectors did the work, so
  // the ones that never do can be reported (see unusedSuppressions).
  bool suppress(std::string_view rule, uint32_t line);
  [[nodiscard]] bool empty() const { return directives_.empty(); }
  [[nodiscard]] const std::vector<InvalidSuppression>& invalid() const { return invalid_; }
  [[nodiscard]] const std::vector<SuppressionDirective>& directives() const { return directives_; }
  // Whether selector `selector` of directive `directive` suppressed something.
  [[nodiscard]] bool used(size_t directive, size_t selector) const;

  void addDirective(SuppressionDirective directive);
  void addInvalid(uint32_t line, std::string message);

 private:
  struct Ref {
    size_t directive = 0, selector = 0;
  };
  template <typename Visit>
  void forEachMatch(std::string_view rule, uint32_t line, Visit&& visit) const;

  std::vector<SuppressionDirective> directives_;
  std::vector<std::vector<char>> used_;  // per directive, per selector
  std::vector<Ref> file_;
  std::map<uint32_t, std::vector<Ref>> lines_;
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
