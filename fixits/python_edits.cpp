#include "fixits/python_edits.h"

#include <cctype>

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

}  // namespace

Edit replaceNode(const python::ScriptModel& model, ts::Node node, std::string replacement) {
  return Edit{model.file().path(), node.begin(), node.end(), std::move(replacement)};
}

Edit setKeyword(const python::ScriptModel& model, const python::Call& call, std::string_view name,
                std::string_view value) {
  if (ts::Node v = call.keyword(name)) return replaceNode(model, v, std::string(value));
  return addKeywords(model, call, {{std::string(name), std::string(value)}});
}

Edit addKeywords(const python::ScriptModel& model, const python::Call& call,
                 const std::vector<std::pair<std::string, std::string>>& keywords) {
  ts::Node args = call.node.field("arguments");
  const SourceFile& file = model.file();
  const std::string& text = file.text();
  const std::string& path = file.path();
  std::string joined;
  for (const auto& [k, v] : keywords) joined += (joined.empty() ? "" : ", ") + k + "=" + v;
  // Last real argument (comments are named children too) and the ')'.
  ts::Node last;
  for (ts::Node a : args.namedChildren())
    if (!a.is("comment")) last = a;
  uint32_t close = args.end() - 1;
  if (!last) return Edit{path, close, close, joined};

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
    std::string insertion;
    for (const auto& [k, v] : keywords) insertion += "\n" + std::string(lead) + k + "=" + v + ",";
    // A comment after the last argument stays on the line it annotates.
    if (trailing_comma) {
      uint32_t at = afterTrailingComment(text, comma + 1);
      return Edit{path, at, at, insertion};
    }
    insertion.pop_back();  // the call has no trailing comma: keep that style
    uint32_t at = afterTrailingComment(text, after);
    return Edit{path, after, at, "," + text.substr(after, at - after) + insertion};
  }
  if (trailing_comma) return Edit{path, comma + 1, comma + 1, " " + joined + ","};  // keep the style
  return Edit{path, after, after, ", " + joined};
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

}  // namespace gpulint::fixits
