// Keyword arguments splatted from a dict the file builds
// (`DataLoader(ds, **loader_args)` with `loader_args = dict(num_workers=8,
// pin_memory=True)` or a `{"num_workers": 8}` literal): the dict's entries
// become the call's keywords, so rules read them as if written at the call.
// A dict we cannot read whole (built conditionally, changed after it is
// made, holding a `**` of its own or a non-literal key) leaves the call's
// keywords hidden, as before.
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

using Keywords = std::vector<std::pair<std::string, ts::Node>>;

// The entries of `dict(k=v, ...)` or `{"k": v, ...}`; false when some entry
// cannot be read.
bool readEntries(const ScriptModel& m, ts::Node value, Keywords& out) {
  value = syntax::unwrap(value);
  if (value.is("dictionary")) {
    for (ts::Node pair : value.namedChildren()) {
      if (pair.is("comment")) continue;
      std::string key;
      if (!pair.is("pair") || !syntax::stringLiteral(pair.field("key"), &key)) return false;
      out.emplace_back(key, pair.field("value"));
    }
    return true;
  }
  const Call* c = value.is("call") ? m.callAt(value) : nullptr;
  if (!c || c->method != "dict" || !c->callee.is("identifier") || !c->positional.empty() || c->has_star_args ||
      c->has_star_kwargs)
    return false;
  out.insert(out.end(), c->keywords.begin(), c->keywords.end());
  return true;
}

// True when `name` is changed in place in `scope` (`d["k"] = v`, `d.update(...)`,
// `del d["k"]`...): its entries at the call are not the literal's.
bool changedInPlace(const ScriptModel& m, ts::Node scope, std::string_view name) {
  for (const Call& c : m.calls())
    if (c.receiver && c.receiver.text() == name && scope.contains(c.node) &&
        syntax::oneOf(c.method, {"update", "pop", "setdefault", "clear", "popitem", "__setitem__"}))
      return true;
  std::vector<ts::Node> stack{scope};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if ((n.is("assignment") || n.is("augmented_assignment")) && n.field("left").is("subscript") &&
        n.field("left").field("value").text() == name)
      return true;
    if (n.is("delete_statement") && n.text().find(std::string(name) + "[") != std::string_view::npos) return true;
    if (n.is("expression_statement") || n.is("block") || syntax::isLoop(n) || n.is("if_statement") ||
        n.is("with_statement") || n.is("try_statement") || n.is("module") || n.is("function_definition") ||
        n.is("else_clause") || n.is("elif_clause") || n.is("except_clause") || n.is("finally_clause") ||
        n.is("with_block"))
      for (ts::Node child : n.namedChildren()) stack.push_back(child);
  }
  return false;
}

// The keywords `**expr` adds to a call; false when unknown.
bool splatKeywords(const ScriptModel& m, ts::Node expr, Keywords& out) {
  expr = syntax::unwrap(expr);
  if (expr.is("dictionary") || expr.is("call")) return readEntries(m, expr, out);
  if (!expr.is("identifier")) return false;
  auto binding = m.lastBinding(expr);
  if (!binding || binding->parameter || binding->conditional || !binding->value || binding->index >= 0) return false;
  if (changedInPlace(m, binding->scope, expr.text())) return false;
  return readEntries(m, binding->value, out);
}

}  // namespace

void expandKeywordSplats(ScriptModel& m, std::vector<Call>& calls) {
  for (Call& c : calls) {
    if (!c.has_star_kwargs) continue;
    ts::Node args = c.node.field("arguments");
    Keywords added;
    bool all_known = true;
    for (ts::Node a : args.namedChildren())
      if (a.is("dictionary_splat") && (a.namedChildCount() != 1 || !splatKeywords(m, a.namedChild(0), added)))
        all_known = false;
    if (!all_known) continue;
    for (auto& [key, value] : added)
      if (!c.keyword(key)) c.keywords.emplace_back(key, value);
    c.has_star_kwargs = false;
  }
}

}  // namespace gpulint::python
