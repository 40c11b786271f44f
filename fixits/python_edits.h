#pragma once
// Formatting-aware edit builders for Python calls. They only compute edits;
// the fix engine decides whether and how to apply them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fix.h"
#include "frontend/source_file.h"
#include "frontend/ts/node.h"

namespace gpulint::python { struct Call; class ScriptModel; }

namespace gpulint::fixits {

// Replaces the value of keyword `name` when present, else appends
// `name=value` to the argument list (keeping a trailing comma and, in
// multi-line calls, the indentation of the last argument).
[[nodiscard]] Edit setKeyword(const python::ScriptModel& model, const python::Call& call, std::string_view name,
                              std::string_view value);
// Appends several keywords in one edit (one insertion point, so no overlap).
// The edit records how it was built (Edit::appends), so the fix engine can
// compose it with another rule's keywords for the same call.
[[nodiscard]] Edit addKeywords(const python::ScriptModel& model, const python::Call& call,
                               const std::vector<std::pair<std::string, std::string>>& keywords);
// Replaces the text of a node.
[[nodiscard]] Edit replaceNode(const python::ScriptModel& model, ts::Node node, std::string replacement);

// `value > 0` as a Python expression ("True" for a positive integer literal),
// parenthesized when needed: `persistent_workers=args.workers > 0` stays
// valid when a user passes `--workers 0`, where `True` would raise.
[[nodiscard]] std::string positiveTest(ts::Node value);

// Replaces `literal` where a resolved value is written: `where` is the last
// step of its provenance chain (`NUM_WORKERS = 0`, `"workers": 0`,
// `default=0`), which ends with the literal. Null when it does not, or when
// the value is written in another file.
[[nodiscard]] std::optional<Edit> replaceWrittenLiteral(const SourceFile& file, const Location& where,
                                                        std::string_view literal, std::string replacement);

// One indentation step of the file: the most common difference between a
// block's indentation and that of the statement that opens it ("    ",
// "  ", "\t", ...); four spaces when the file has no indented block.
[[nodiscard]] std::string indentUnit(const python::ScriptModel& model);

// Wraps the compound statement `stmt` (a loop) in a block opened by
// `header` (`with torch.no_grad():`): a line with `header` at the
// statement's indentation, and every non-blank line of the statement
// indented by one more step (the step of the statement's own body, else
// indentUnit()), continuation and comment lines included, as well as
// comment lines that follow it at a deeper indentation. Null when the
// statement does not start its line or holds a string literal spanning
// several lines (re-indenting would change the string's bytes).
[[nodiscard]] std::optional<std::vector<Edit>> wrapInBlock(const python::ScriptModel& model, ts::Node stmt,
                                                           std::string_view header);

// `import <module>` on a line of its own before the first module-level
// import (after any `from __future__` import); null when the module has no
// import statement at its top level to place it by.
[[nodiscard]] std::optional<Edit> addImport(const python::ScriptModel& model, std::string_view module);

// Removes the simple statement `stmt` (a direct child of a block or of the
// module), with its trailing `;` and comment:
// - alone on its line(s) in a block with other statements: the whole lines;
// - sharing its line with other statements (`a(); stmt; b()`): the
//   statement and one `;` separator, leaving the others as they were;
// - the only statement of its block: replaced by `pass`, since an empty
//   block does not parse.
// Null when `stmt` is not a statement of a block or of the module.
[[nodiscard]] std::optional<Edit> deleteStatement(const python::ScriptModel& model, ts::Node stmt);

}  // namespace gpulint::fixits
