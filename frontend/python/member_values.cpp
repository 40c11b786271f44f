#include "frontend/python/member_values.h"

#include <algorithm>
#include <vector>

#include "frontend/python/syntax.h"

namespace gpulint::python::member_values {

namespace {

// `name: int = 4` or `name=4` in a parameter list: the default; null when
// the parameter has none.
ts::Node parameterDefault(const Function& f, std::string_view name) {
  ts::Node params = f.node.field("parameters");
  if (!params) return {};
  for (ts::Node p : params.namedChildren()) {
    if (!p.is("default_parameter") && !p.is("typed_default_parameter")) continue;
    if (p.field("name").text() == name) return p.field("value");
  }
  return {};
}

bool isParameter(const Function& f, std::string_view name) {
  for (const auto& p : f.parameters)
    if (p == name) return true;
  return false;
}

}  // namespace

ts::Node fieldDefault(const ClassDef& cls, const std::string& key) {
  for (ts::Node stmt : cls.node.field("body").namedChildren()) {
    if (!stmt.is("expression_statement") || stmt.namedChildCount() == 0) continue;
    ts::Node a = stmt.namedChild(0);
    if (!a.is("assignment") || a.field("left").text() != key) continue;
    ts::Node right = a.field("right");
    if (right && right.is("call")) {
      for (ts::Node kw : right.field("arguments").namedChildren())
        if (kw.is("keyword_argument") && kw.field("name").text() == "default") return kw.field("value");
      return {};  // field(default_factory=...) or another call: unknown
    }
    return right;
  }
  return {};
}

namespace {

// The value __init__ stores in `self.key`: the argument `c` passes for the
// parameter it copies (else that parameter's default), or the expression
// itself when it is no parameter. Null when unknown.
ts::Node initStored(const ScriptModel& owner, const ClassDef& cls, const Call& c, const std::string& key) {
  auto [init_model, init] = owner.methodOf(cls, "__init__");
  if (!init || !init->owner) return {};
  ts::Node stored = init_model->singleAssignmentIn(init->owner->node, "self." + key);
  if (!stored || !(syntax::ancestor(stored, {"function_definition"}) == init->node)) return {};
  ts::Node value = syntax::unwrap(stored);
  if (!value.is("identifier") || !isParameter(*init, value.text())) return stored;
  std::string name(value.text());
  if (init_model->bindingsOf(init->node).count(name)) return {};  // rebound before it is stored
  if (ts::Node arg = owner.argumentFor(c, *init, name)) return arg;
  if (c.has_star_args || c.has_star_kwargs) return {};
  return parameterDefault(*init, name);
}

// `def __init__(self, **kwargs): for k, v in kwargs.items(): setattr(self, k, v)`
// (minGPT's TrainerConfig, with its defaults as class attributes): every
// keyword a call passes becomes an attribute of the object.
bool storesKeywords(const ScriptModel& m, const Function& init) {
  std::string_view splat;
  for (ts::Node p : init.node.field("parameters").namedChildren())
    if (p.is("dictionary_splat_pattern") && p.namedChildCount() == 1) splat = p.namedChild(0).text();
  if (splat.empty()) return false;
  for (const Call& c : m.callsIn(init.body)) {
    if (c.function != &init || c.receiver || c.method != "setattr" || c.positional.size() != 3 ||
        c.positional[0].text() != "self")
      continue;
    const Loop* l = m.enclosingLoop(c.node);
    ts::Node items = l && l->iterable ? syntax::unwrap(l->iterable) : ts::Node();
    ts::Node callee = items && items.is("call") ? items.field("function") : ts::Node();
    if (callee && callee.is("attribute") && callee.field("attribute").text() == "items" &&
        callee.field("object").text() == splat)
      return true;
  }
  return false;
}

}  // namespace

ts::Node constructedMember(const ScriptModel& m, const Call& c, const std::string& key) {
  auto [owner, cls] = m.constructedClass(c);
  if (!cls) return {};
  if (cls->is_dataclass) {
    if (ts::Node v = c.keyword(key)) return v;
    if (c.has_star_kwargs || !c.positional.empty()) return {};  // positional fields: not followed
    return fieldDefault(*cls, key);
  }
  if (auto [init_model, init] = owner->methodOf(*cls, "__init__"); init && storesKeywords(*init_model, *init)) {
    if (ts::Node v = c.keyword(key)) return v;
    if (c.has_star_kwargs) return {};  // any keyword may be set
    return fieldDefault(*cls, key);    // the class attribute the call leaves in place
  }
  return initStored(*owner, *cls, c, key);
}

bool keywordDict(const ScriptModel& m, const Call& c) {
  if ((c.method == "dict" && c.callee.is("identifier")) || c.method == "EasyDict") return true;
  auto [owner, cls] = m.constructedClass(c);
  if (!owner || !cls || owner->functionNamed(cls->name + ".__init__")) return false;
  return std::any_of(cls->bases.begin(), cls->bases.end(), [](const std::string& b) {
    return b == "dict" || b.ends_with("EasyDict") || b.ends_with("OrderedDict");
  });
}

bool dictChanged(const ScriptModel& m, std::string_view name) {
  for (const char* method : {"update", "setdefault", "pop", "popitem", "clear"})
    for (const Call* c : m.callsNamed(method))
      if (c->receiver && c->receiver.text() == name) return true;
  std::vector<ts::Node> todo{m.root()};
  while (!todo.empty()) {
    ts::Node n = todo.back();
    todo.pop_back();
    if (n.is("assignment") || n.is("augmented_assignment") || n.is("delete_statement")) {
      ts::Node target = n.is("delete_statement") ? n.namedChild(0) : n.field("left");
      if (target && target.is("subscript") && target.field("value").text() == name) return true;
    }
    for (ts::Node k : n.namedChildren())
      if (!k.is("expression_statement") || k.namedChildCount() > 0) todo.push_back(k);
  }
  return false;
}

}  // namespace gpulint::python::member_values
