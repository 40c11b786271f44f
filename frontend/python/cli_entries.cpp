#include "frontend/python/cli_entries.h"

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// A top-level function named by `e` in `m`: defined there, or imported from
// another project file.
std::pair<const ScriptModel*, const Function*> namedFunction(const ScriptModel& m, ts::Node e) {
  if (e.is("identifier") && !m.imports().count(std::string(e.text()))) {
    const Function* f = m.functionNamed(e.text());
    if (f && !f->owner && !m.enclosingFunction(f->node.parent())) return {&m, f};
    return {nullptr, nullptr};
  }
  if (!m.project()) return {nullptr, nullptr};
  std::string q = m.qualify(e);
  if (q.empty()) return {nullptr, nullptr};
  ProjectDef def = m.project()->functionNamed(m, q);
  return def.function && !def.cls ? std::make_pair(def.model, def.function) : std::make_pair(nullptr, nullptr);
}

void visitCommands(const ScriptModel& m, ts::Node e, int depth,
                   const std::function<void(const ScriptModel&, const Function&)>& visit) {
  e = syntax::unwrap(e);
  if (!e || depth > 2) return;
  if (e.is("list") || e.is("tuple")) {
    for (ts::Node item : e.namedChildren()) visitCommands(m, item, depth + 1, visit);
    return;
  }
  if (e.is("dictionary")) {
    for (ts::Node pair : e.namedChildren())
      if (pair.is("pair")) visitCommands(m, pair.field("value"), depth + 1, visit);
    return;
  }
  if (!e.is("identifier") && !e.is("attribute")) return;
  if (auto [owner, f] = namedFunction(m, e); f) return visit(*owner, *f);
  // `CLI(COMMANDS)` with `COMMANDS = {...}` assigned once.
  if (e.is("identifier"))
    for (ts::Node v : m.valueSources(e))
      if (v.is("list") || v.is("tuple") || v.is("dictionary")) visitCommands(m, v, depth + 1, visit);
}

}  // namespace

bool isCliDispatch(const Call& c) {
  return !c.positional.empty() &&
         syntax::oneOf(c.qualified, {"fire.Fire", "jsonargparse.CLI", "jsonargparse.auto_cli", "typer.run"});
}

void forEachCliEntry(const ScriptModel& m, const Call& c,
                     const std::function<void(const ScriptModel&, const Function&)>& visit) {
  if (isCliDispatch(c)) visitCommands(m, c.positional[0], 0, visit);
}

}  // namespace gpulint::python
