#include "frontend/python/dict_members.h"

#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::python::dict_members {

namespace {

// `{}`, `{"a": A()}`, `dict()`: a dict the class builds itself; its values
// go to `out`. False for anything else (a parameter, a factory's result).
bool dictDisplay(const ScriptModel& owner, ts::Node v, std::vector<ts::Node>& out) {
  v = syntax::unwrap(v);
  if (v && v.is("dictionary")) {
    for (ts::Node pair : v.namedChildren()) {
      if (pair.is("comment")) continue;
      if (!pair.is("pair")) return false;  // `**other`: unknown values
      out.push_back(pair.field("value"));
    }
    return true;
  }
  const Call* c = v && v.is("call") ? owner.callAt(v) : nullptr;
  return c && c->callee.is("identifier") && c->method == "dict" && c->positional.empty() && c->keywords.empty() &&
         !c->has_star_args && !c->has_star_kwargs;
}

// The walk below the class body, for `self.x[k] = v` stores and calls that
// change the dict some other way; nested classes hold another `self`.
bool collectStores(const ScriptModel& owner, ts::Node n, std::string_view dict, std::vector<ts::Node>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("class_definition")) continue;
    if (c.is("assignment") || c.is("augmented_assignment")) {
      ts::Node left = c.field("left");
      if (left && left.is("subscript") && left.field("value").text() == dict) {
        if (c.is("augmented_assignment") || !c.field("right")) return false;
        out.push_back(c.field("right"));
      }
    }
    if (c.is("call"))
      if (const Call* call = owner.callAt(c); call && call->receiver && call->receiver.text() == dict &&
                                              syntax::oneOf(call->method, {"update", "setdefault", "__setitem__"}))
        return false;
    if (!collectStores(owner, c, dict, out)) return false;
  }
  return true;
}

}  // namespace

std::vector<ts::Node> storedValues(const ScriptModel& owner, ts::Node item) {
  item = syntax::unwrap(item);
  if (!item || !item.is("subscript")) return {};
  ts::Node dict = syntax::unwrap(item.field("value"));
  if (!dict || !dict.is("attribute") || dict.field("object").text() != "self") return {};
  ts::Node cls = syntax::ancestor(item, {"class_definition"});
  if (!cls) return {};
  std::vector<ts::Node> out;
  const std::vector<ts::Node>& assigned = owner.attributeValues(cls, dict.text());
  if (assigned.empty()) return {};  // set by a base class or from outside: unknown
  for (ts::Node v : assigned)
    if (!dictDisplay(owner, v, out)) return {};
  if (!collectStores(owner, cls.field("body"), dict.text(), out)) return {};
  return out;
}

}  // namespace gpulint::python::dict_members
