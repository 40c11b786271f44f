// Iterators that hand out another iterable's items unchanged: which argument
// of the call that makes them the items come from (`batch = next(it)` with
// `it = CycleIterator(loader)` draws the loader's batches).
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// `self.<a>` as a plain attribute of self: `a`, else "".
std::string_view selfAttribute(ts::Node e) {
  e = syntax::unwrap(e);
  if (!e || !e.is("attribute") || e.field("object").text() != "self") return {};
  return e.field("attribute").text();
}

// The attribute of self that method `f` draws items from: `iter(self.a)`,
// `yield from self.a`, a loop `for x in self.a:` that yields (what it
// yields is taken as the items, moved or not), else `next(self.a)`
// (a `next(self._it)` beside `self._it = iter(self.a)` draws from `a`),
// outside nested scopes; "" when none or more than one.
std::string_view drawnAttribute(const ScriptModel& m, const Function& f) {
  std::string_view found, stepped;
  bool several = false;
  auto note = [&](std::string_view a) {
    if (a.empty()) return;
    several = several || (!found.empty() && found != a);
    found = a;
  };
  for (const Call& c : m.callsIn(f.body)) {
    if (c.function != &f || !c.callee.is("identifier") || !c.qualified.empty() || c.positional.empty()) continue;
    if (c.method == "iter") note(selfAttribute(c.positional[0]));
    if (c.method == "next" && stepped.empty()) stepped = selfAttribute(c.positional[0]);
  }
  auto visit = [&](auto&& self, ts::Node n) -> void {
    for (ts::Node s : n.namedChildren()) {
      if (syntax::isScope(s)) continue;
      if (s.is("yield") && s.namedChildCount() == 1 && s.text().starts_with("yield from")) note(selfAttribute(s.namedChild(0)));
      if (s.is("for_statement") && s.text().find("yield") != std::string_view::npos) note(selfAttribute(s.field("right")));
      self(self, s);
    }
  };
  visit(visit, f.body);
  if (several) return {};
  return found.empty() ? stepped : found;
}

}  // namespace

ts::Node ScriptModel::iteratedArgument(const Call& c) const {
  if (c.callee.is("identifier") && c.qualified.empty() && c.method == "iter" && c.positional.size() == 1 &&
      c.keywords.empty())
    return c.positional[0];
  if (auto [owner, f] = callTarget(c); f && !f->owner) {
    std::string parameter = owner->yieldedParameter(*f);
    return parameter.empty() ? ts::Node() : argumentFor(c, *f, parameter);
  }
  auto [owner, cls] = constructedClass(c);
  if (!cls) return {};
  auto [init_owner, init] = owner->methodOf(*cls, "__init__");
  if (!init || !init->owner) return {};
  for (std::string_view method : {"__next__", "__iter__"}) {
    auto [m, f] = owner->methodOf(*cls, method);
    std::string_view attr = f ? drawnAttribute(*m, *f) : std::string_view();
    if (attr.empty()) continue;
    // The attribute holds a constructor parameter as it came in, set once
    // (a wrapper that reassigns it may hold anything).
    ts::Node held = syntax::unwrap(init_owner->singleAssignmentUnder(init->owner->node, "self." + std::string(attr)));
    if (!held || !held.is("identifier") || held.text() == "self") return {};
    for (const std::string& p : init->parameters)
      if (p == held.text()) return argumentFor(c, *init, p);
    return {};
  }
  return {};
}

ts::Node ScriptModel::drawnIterable(ts::Node expr) const {
  ts::Node e = syntax::unwrap(expr);
  const Call* draw = e && e.is("call") ? callAt(e) : nullptr;
  if (!draw || !draw->callee.is("identifier") || draw->method != "next" || !draw->qualified.empty() ||
      draw->positional.empty() || draw->positional.size() > 2)
    return {};
  ts::Node it = syntax::unwrap(draw->positional[0]);
  if (it && it.is("identifier")) {
    std::vector<NameBinding> bound = reachingBindings(it);
    if (bound.size() != 1 || bound.front().parameter || bound.front().index >= 0 || !bound.front().value) return {};
    it = syntax::unwrap(bound.front().value);
  }
  const Call* made = it && it.is("call") ? callAt(it) : nullptr;
  return made ? iteratedArgument(*made) : ts::Node();
}

}  // namespace gpulint::python
