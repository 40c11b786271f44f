#pragma once
// The fix engine: choose non-overlapping fixes, apply them to in-memory
// texts, and check that the result still parses. Writing files is the
// caller's job (see writeFileAtomically).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/fix.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"

namespace gpulint::fixits {

struct FixPlan {
  std::vector<const Fix*> chosen;            // in application order
  std::vector<Edit> edits;                   // the chosen fixes' edits, keyword appends composed
  std::vector<std::string> skipped;          // "not applied: overlaps ..." messages
};

// Fixes of `diagnostics` whose applicability is allowed (safe, plus unsafe
// when `unsafe` is set), sorted by position; a fix that overlaps (or inserts
// at the same point as) an already chosen one is skipped, except keywords
// appended to the same call (Edit::appends), which join the chosen edit.
[[nodiscard]] FixPlan planFixes(const std::vector<Diagnostic>& diagnostics, bool unsafe);

// Applies edits to one text; edits must not overlap. Inserted line breaks
// follow the text's own convention (CRLF files stay CRLF).
[[nodiscard]] std::string applyEdits(const std::string& text, std::vector<Edit> edits);

// The tree of `after` (the text of `old` with `edits` applied by
// applyEdits), parsed incrementally: `old` with the edits recorded, so only
// what they touch is parsed again. `old` itself is left as it was.
[[nodiscard]] ts::Tree reparseEdited(const ts::Tree& old, const std::vector<Edit>& edits, const std::string& after);

// Number of syntax errors (ERROR and MISSING nodes) tree-sitter finds in a
// Python or YAML text; -1 for kinds we cannot parse.
[[nodiscard]] int syntaxErrorCount(const std::string& text, FileKind kind);
// The same count in a tree already parsed.
[[nodiscard]] int syntaxErrorCount(const ts::Tree& tree);

// Writes a fixed text over `path` (write_file.cpp). Through a fresh temporary
// file (O_EXCL, random name) in the target's folder and rename(), keeping the
// permission bits, owner and group; a symlink keeps pointing at its target,
// which is the file written; a hard-linked file is rewritten in place so
// every link sees the fix. Nothing is written when the file is read-only or,
// with `expected` given, when it no longer holds `expected` (edited while
// gpulint ran). Returns "" or why nothing was written.
[[nodiscard]] std::string writeFileAtomically(const std::string& path, const std::string& text,
                                              const std::optional<std::string>& expected = std::nullopt);

// A unified diff (---/+++ headers, @@ hunks, 3 lines of context).
[[nodiscard]] std::string unifiedDiff(const std::string& path, const std::string& before, const std::string& after);

}  // namespace gpulint::fixits
