#include "fixits/python_edits.h"

#include "frontend/python/script_model.h"

namespace gpulint::fixits {

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
  const std::string& text = model.file().text();
  std::string joined;
  for (const auto& [k, v] : keywords) {
    if (!joined.empty()) joined += ", ";
    joined += k + "=" + v;
  }
  // Last real argument (skip comments) and the closing parenthesis.
  ts::Node last;
  for (ts::Node a : args.namedChildren())
    if (!a.is("comment")) last = a;
  uint32_t close = args.end() - 1;  // the ')'
  if (!last) return Edit{model.file().path(), close, close, joined};

  // Is there a trailing comma after the last argument?
  uint32_t after = last.end();
  uint32_t scan = after;
  while (scan < close && (text[scan] == ' ' || text[scan] == '\t')) ++scan;
  bool trailing_comma = scan < close && text[scan] == ',';

  bool multiline = model.file().position(last.begin()).line != model.file().position(close).line;
  if (multiline) {
    // Put each new keyword on its own line, indented like the last argument.
    uint32_t line_start = model.file().lineStart(model.file().position(last.begin()).line);
    std::string indent;
    for (uint32_t i = line_start; i < last.begin() && (text[i] == ' ' || text[i] == '\t'); ++i) indent += text[i];
    std::string insertion;
    for (const auto& [k, v] : keywords) insertion += "\n" + indent + k + "=" + v + ",";
    if (trailing_comma) return Edit{model.file().path(), scan + 1, scan + 1, insertion};
    insertion.pop_back();  // no trailing comma style: a,\n b
    return Edit{model.file().path(), after, after, "," + insertion};
  }
  if (trailing_comma) return Edit{model.file().path(), scan + 1, scan + 1, " " + joined};
  return Edit{model.file().path(), after, after, ", " + joined};
}

}  // namespace gpulint::fixits
