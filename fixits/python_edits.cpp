#include "fixits/python_edits.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

#include "frontend/python/script_model.h"

namespace gpulint::fixits {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// End of the line holding `offset`, before its line break.
uint32_t lineEnd(const std::string& text, uint32_t offset) {
  size_t eol = text.find_first_of("\r\n", offset);
  return static_cast<uint32_t>(eol == std::string::npos ? text.size() : eol);
}

// The comment that ends the line after `offset` (only blanks before it), or
// an empty range at `offset`.
uint32_t afterTrailingComment(const std::string& text, uint32_t offset) {
  uint32_t i = offset;
  while (i < text.size() && isBlank(text[i])) ++i;
  return i < text.size() && text[i] == '#' ? lineEnd(text, i) : offset;
}

// The leading blanks of a line.
std::string_view leadingBlanks(std::string_view line) {
  return line.substr(0, std::min(line.size(), line.find_first_not_of(" \t")));
}

// The leading blanks of the line holding `offset`, up to `offset`; nullopt
// when something other than blanks comes before it on that line.
std::optional<std::string> indentBefore(const SourceFile& file, uint32_t offset) {
  uint32_t start = file.lineStart(file.position(offset).line);
  std::string before = file.text().substr(start, offset - start);
  if (before.find_first_not_of(" \t") != std::string::npos) return std::nullopt;
  return before;
}

// True when a string literal inside `n` spans several lines.
bool hasMultiLineString(const SourceFile& file, ts::Node n) {
  if (n.is("string")) return file.position(n.begin()).line != file.position(n.end()).line;
  for (uint32_t i = 0; i < n.childCount(); ++i)
    if (hasMultiLineString(file, n.child(i))) return true;
  return false;
}

// End of the last token of `n` that is not a comment (tree-sitter may count
// the comments after a block as part of it).
uint32_t codeEnd(ts::Node n) {
  for (;;) {
    ts::Node last;
    for (uint32_t i = n.childCount(); i-- > 0 && !last;)
      if (!n.child(i).is("comment")) last = n.child(i);
    if (!last) return n.end();
    n = last;
  }
}

// The last line of the statement `stmt` indented by `indent`: its last code
// line, or a comment line after it that is indented deeper than `indent`
// (one that belongs to its body), up to the next code line.
uint32_t lastLineOf(const SourceFile& file, ts::Node stmt, std::string_view indent) {
  uint32_t last = file.position(codeEnd(stmt)).line;
  for (uint32_t line = last + 1; line <= file.lineCount(); ++line) {
    std::string_view l = file.line(line);
    std::string_view lead = leadingBlanks(l);
    if (lead.size() == l.size()) continue;  // blank
    if (l[lead.size()] != '#' || lead.size() <= indent.size()) break;
    last = line;
  }
  return last;
}

// The step from `indent` to the indentation of the body of `stmt` when the
// body starts a line of its own; "" otherwise.
std::string bodyStep(const SourceFile& file, ts::Node stmt, std::string_view indent) {
  ts::Node body = stmt.field("body");
  if (!body || file.position(body.begin()).line == file.position(stmt.begin()).line) return "";
  auto inner = indentBefore(file, body.begin());
  if (!inner || inner->size() <= indent.size() || !inner->starts_with(indent)) return "";
  return inner->substr(indent.size());
}

// The statements of a block, comments left out.
std::vector<ts::Node> statementsOf(ts::Node block) {
  std::vector<ts::Node> out;
  for (ts::Node n : block.namedChildren())
    if (!n.is("comment")) out.push_back(n);
  return out;
}

// After `offset`: blanks, an optional `;`, blanks and an optional comment,
// up to the end of the line; `offset` itself when anything else follows.
uint32_t restOfLine(const std::string& text, uint32_t offset) {
  uint32_t i = offset;
  while (i < text.size() && isBlank(text[i])) ++i;
  if (i < text.size() && text[i] == ';') ++i;
  uint32_t end = afterTrailingComment(text, i);
  if (end == i) {
    while (end < text.size() && isBlank(text[end])) ++end;
  }
  return end == lineEnd(text, offset) ? end : offset;
}

}  // namespace

Edit replaceNode(const python::ScriptModel& model, ts::Node node, std::string replacement) {
  // The node may lie in another file of the project (a keyword a caller's dict hands a splatted parameter).
  return Edit{model.ownerOf(node).file().path(), node.begin(), node.end(), std::move(replacement)};
}

Edit setKeyword(const python::ScriptModel& model, const python::Call& call, std::string_view name,
                std::string_view value) {
  if (ts::Node v = call.keyword(name)) return replaceNode(model, v, std::string(value));
  return addKeywords(model, call, {{std::string(name), std::string(value)}});
}

namespace {

// An edit of [begin, end) that appends `keywords`, each item written by
// `item` and the items joined by `separator` between `prefix` and `suffix`.
Edit keywordEdit(const std::string& path, uint32_t begin, uint32_t end, KeywordAppend a,
                 const std::vector<std::pair<std::string, std::string>>& keywords,
                 const std::function<std::string(const std::string&)>& item) {
  for (const auto& [k, v] : keywords) {
    a.names.push_back(k);
    a.items.push_back(item(k + "=" + v));
  }
  return Edit{path, begin, end, a.text(), std::move(a)};
}

}  // namespace

Edit addKeywords(const python::ScriptModel& model, const python::Call& call,
                 const std::vector<std::pair<std::string, std::string>>& keywords) {
  ts::Node args = call.node.field("arguments");
  const SourceFile& file = model.file();
  const std::string& text = file.text();
  const std::string& path = file.path();
  auto plain = [](const std::string& kv) { return kv; };
  // Last real argument (comments are named children too) and the ')'.
  ts::Node last;
  for (ts::Node a : args.namedChildren())
    if (!a.is("comment")) last = a;
  uint32_t close = args.end() - 1;
  if (!last) return keywordEdit(path, close, close, {"", ", ", "", {}, {}}, keywords, plain);

  uint32_t after = last.end();
  uint32_t comma = after;
  while (comma < close && isBlank(text[comma])) ++comma;
  bool trailing_comma = comma < close && text[comma] == ',';

  // One argument per line (the last starts its own line and the ')' is on a
  // later one): each new keyword goes on its own line, indented the same.
  uint32_t last_line = file.position(last.begin()).line;
  std::string_view lead(text.data() + file.lineStart(last_line), last.begin() - file.lineStart(last_line));
  bool own_lines = last_line != file.position(close).line && lead.find_first_not_of(" \t") == std::string_view::npos;
  if (own_lines) {
    auto line = [&](const std::string& kv) { return "\n" + std::string(lead) + kv; };
    // A comment after the last argument stays on the line it annotates.
    if (trailing_comma) {
      uint32_t at = afterTrailingComment(text, comma + 1);
      return keywordEdit(path, at, at, {"", "", "", {}, {}}, keywords,
                         [&](const std::string& kv) { return line(kv) + ","; });
    }
    // The call has no trailing comma: keep that style.
    uint32_t at = afterTrailingComment(text, after);
    return keywordEdit(path, after, at, {"," + text.substr(after, at - after), ",", "", {}, {}}, keywords, line);
  }
  if (trailing_comma) return keywordEdit(path, comma + 1, comma + 1, {" ", ", ", ",", {}, {}}, keywords, plain);
  return keywordEdit(path, after, after, {", ", ", ", "", {}, {}}, keywords, plain);
}

std::string positiveTest(ts::Node value) {
  std::string_view text = value.text();
  if (value.is("integer")) return text != "0" ? "True" : "False";
  // Primaries bind tighter than `>`; anything else (a conditional, an
  // arithmetic expression) needs parentheses to stay one operand.
  bool primary = value.is("identifier") || value.is("attribute") || value.is("call") || value.is("subscript") ||
                 value.is("parenthesized_expression");
  return primary ? std::string(text) + " > 0" : "(" + std::string(text) + ") > 0";
}

std::optional<Edit> replaceWrittenLiteral(const SourceFile& file, const Location& where, std::string_view literal,
                                          std::string replacement) {
  if (where.file != file.path() || where.end > file.text().size() || where.end - where.begin < literal.size())
    return std::nullopt;
  std::string_view written(file.text().data() + where.begin, where.end - where.begin);
  if (!written.ends_with(literal)) return std::nullopt;
  uint32_t begin = where.end - static_cast<uint32_t>(literal.size());
  // `0` alone, not the tail of `10` or of a name like `WORKERS_0`.
  if (begin > where.begin) {
    char before = file.text()[begin - 1];
    if (std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.') return std::nullopt;
  }
  return Edit{file.path(), begin, where.end, std::move(replacement)};
}

std::string indentUnit(const python::ScriptModel& model) {
  const SourceFile& file = model.file();
  std::map<std::string, int> steps;
  std::string best;
  std::function<void(ts::Node)> visit = [&](ts::Node n) {
    if (n.is("block") && n.parent()) {
      uint32_t opener = file.position(n.parent().begin()).line, line = file.position(n.begin()).line;
      auto inner = indentBefore(file, n.begin());
      std::string_view outer = leadingBlanks(file.line(opener));
      if (line != opener && inner && inner->size() > outer.size() && inner->starts_with(outer)) {
        std::string step = inner->substr(outer.size());
        if (++steps[step] > steps[best] || best.empty()) best = step;
      }
    }
    for (ts::Node c : n.namedChildren()) visit(c);
  };
  visit(model.root());
  return best.empty() ? "    " : best;
}

std::optional<std::vector<Edit>> wrapInBlock(const python::ScriptModel& model, ts::Node stmt,
                                             std::string_view header) {
  const SourceFile& file = model.file();
  auto indent = indentBefore(file, stmt.begin());
  if (!indent || hasMultiLineString(file, stmt)) return std::nullopt;
  std::string unit = bodyStep(file, stmt, *indent);
  if (unit.empty()) unit = indentUnit(model);
  std::vector<Edit> edits{Edit{file.path(), stmt.begin(), stmt.begin(), std::string(header) + "\n" + *indent + unit}};
  uint32_t first = file.position(stmt.begin()).line, last = lastLineOf(file, stmt, *indent);
  for (uint32_t line = first + 1; line <= last; ++line) {
    std::string_view l = file.line(line);
    if (leadingBlanks(l).size() == l.size()) continue;  // blank lines stay as they are
    // Code lines start with the statement's indentation; a continuation or
    // comment line written further left is shifted from its first column.
    uint32_t at = file.lineStart(line) + (l.starts_with(*indent) ? static_cast<uint32_t>(indent->size()) : 0);
    edits.push_back(Edit{file.path(), at, at, unit});
  }
  return edits;
}

std::optional<Edit> addImport(const python::ScriptModel& model, std::string_view module) {
  const SourceFile& file = model.file();
  std::string line = "import " + std::string(module) + "\n";
  ts::Node future;
  for (ts::Node n : model.root().namedChildren()) {
    if (n.is("future_import_statement")) future = n;
    if (!n.is("import_statement") && !n.is("import_from_statement")) continue;
    uint32_t at = file.lineStart(file.position(n.begin()).line);
    return Edit{file.path(), at, at, line};
  }
  if (!future) return std::nullopt;
  uint32_t at = file.lineStart(file.position(future.end()).line + 1);
  const std::string& text = file.text();
  if (at == text.size() && !text.empty() && text.back() != '\n') line = "\n" + line.substr(0, line.size() - 1);
  return Edit{file.path(), at, at, line};
}

std::optional<Edit> deleteStatement(const python::ScriptModel& model, ts::Node stmt) {
  const SourceFile& file = model.file();
  const std::string& text = file.text();
  ts::Node block = stmt.parent();
  if (!block || (!block.is("block") && !block.is("module"))) return std::nullopt;
  std::vector<ts::Node> statements = statementsOf(block);
  auto it = std::find(statements.begin(), statements.end(), stmt);
  if (it == statements.end()) return std::nullopt;
  uint32_t first = file.position(stmt.begin()).line, last = file.position(stmt.end()).line;
  ts::Node prev = it == statements.begin() ? ts::Node() : *(it - 1);
  ts::Node next = it + 1 == statements.end() ? ts::Node() : *(it + 1);
  // `stmt; b()`: up to the next statement; `a(); stmt`: from the end of the previous one.
  if (next && file.position(next.begin()).line == last) return Edit{file.path(), stmt.begin(), next.begin(), ""};
  if (prev && file.position(prev.end()).line == first) return Edit{file.path(), prev.end(), stmt.end(), ""};
  uint32_t rest = restOfLine(text, stmt.end());
  bool own_lines = indentBefore(file, stmt.begin()) && rest == lineEnd(text, stmt.end());
  if (statements.size() == 1 || !own_lines) return Edit{file.path(), stmt.begin(), rest, "pass"};
  uint32_t begin = file.lineStart(first), end = file.lineStart(last + 1);
  // The last line of a file without a final line break: remove the break before it instead.
  if (end == text.size() && text.back() != '\n' && first > 1) begin = lineEnd(text, file.lineStart(first - 1));
  return Edit{file.path(), begin, end, ""};
}

}  // namespace gpulint::fixits
