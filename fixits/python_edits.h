#pragma once
// Formatting-aware edit builders for Python calls. They only compute edits;
// the fix engine decides whether and how to apply them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fixits/fix.h"
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

}  // namespace gpulint::fixits
