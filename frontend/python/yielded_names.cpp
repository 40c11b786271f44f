// Generators that pass a name's items through unchanged (`for x, y in
// logger.log_every(loader, 10):` yields the loader's batches): which name
// their items come from (moved from method_binding.cpp unchanged).
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// True when `n` (a yield's value) is the loop variable `target` itself.
bool sameTarget(ts::Node value, ts::Node target) {
  value = syntax::unwrap(value);
  target = syntax::unwrap(target);
  return value && target && value.text() == target.text() &&
         (target.is("identifier") || target.is("pattern_list") || target.is("tuple_pattern"));
}

// A `yield <target>` statement in `body`, outside nested scopes.
bool yieldsTarget(ts::Node body, ts::Node target) {
  for (ts::Node c : body.namedChildren()) {
    if (syntax::isScope(c)) continue;
    if (c.is("yield") && c.namedChildCount() == 1 && sameTarget(c.namedChild(0), target)) return true;
    if (yieldsTarget(c, target)) return true;
  }
  return false;
}

// `yield from <name>` in `body`, outside nested scopes; the name, or null.
ts::Node yieldFromName(ts::Node body) {
  for (ts::Node c : body.namedChildren()) {
    if (syntax::isScope(c)) continue;
    if (c.is("yield") && c.namedChildCount() == 1 && c.text().starts_with("yield from")) {
      ts::Node v = syntax::unwrap(c.namedChild(0));
      if (v.is("identifier")) return v;
    }
    if (ts::Node inner = yieldFromName(c)) return inner;
  }
  return {};
}

}  // namespace

std::string ScriptModel::yieldedParameter(const Function& f) const {
  ts::Node name = yieldedName(f, /*parameter=*/true);
  return name ? std::string(name.text()) : std::string();
}

ts::Node ScriptModel::yieldedLocal(const Function& f) const {
  if (!yieldedParameter(f).empty()) return {};  // the caller's argument decides
  return yieldedName(f, /*parameter=*/false);
}

// The name whose items `f` yields unchanged (`yield from name`, `for x in
// name: yield x`), a parameter of f or not as asked; null when none.
ts::Node ScriptModel::yieldedName(const Function& f, bool parameter) const {
  auto wanted = [&](std::string_view name) {
    bool is_parameter = false;
    for (const std::string& p : f.parameters) is_parameter = is_parameter || (p == name && p != "self");
    return is_parameter == parameter && name != "self";
  };
  if (ts::Node from = yieldFromName(f.body); from && wanted(from.text())) return from;
  for (const Loop& l : loops_) {
    if (l.function != &f || !l.iterable) continue;
    ts::Node it = syntax::unwrap(l.iterable), item = l.target;
    // `for i, x in enumerate(source): yield x` passes the items through too.
    const Call* counted = it.is("call") ? callAt(it) : nullptr;
    if (counted && counted->method == "enumerate" && counted->callee.is("identifier") &&
        counted->positional.size() == 1 && !counted->has_star_args && syntax::unwrap(item).namedChildCount() == 2 &&
        (syntax::unwrap(item).is("pattern_list") || syntax::unwrap(item).is("tuple_pattern"))) {
      it = syntax::unwrap(counted->positional[0]);
      item = syntax::unwrap(item).namedChild(1);
    }
    if (it.is("identifier") && wanted(it.text()) && yieldsTarget(l.node.field("body"), item)) return it;
  }
  return {};
}

}  // namespace gpulint::python
