// totalReadInLoop (accumulated_total.h).
#include "checkers/model/accumulated_total.h"

#include <string_view>
#include <vector>

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;

// `target`'s name read somewhere in `n` (not `target` itself, nor a reset of it).
bool readsName(ts::Node n, ts::Node target) {
  std::string_view name = target.text();
  std::vector<ts::Node> todo{n};
  while (!todo.empty()) {
    n = todo.back();
    todo.pop_back();
    if (!n || n == target) continue;
    // Resetting the total (`total = 0.0`) reads nothing.
    if (n.is("assignment") && n.field("left").text() == name) {
      todo.push_back(n.field("right"));
      continue;
    }
    if ((n.is("identifier") || n.is("attribute")) && n.text() == name) return true;
    for (ts::Node c : n.namedChildren()) todo.push_back(c);
  }
  return false;
}

// The optimizer steps in `outer`'s own code, outside the loop `inner`.
bool stepsOutside(const ScriptModel& m, const python::Loop& outer, ts::Node inner) {
  ts::Node body = outer.node.field("body");
  for (const Call& c : m.callsIn(body))
    if (body.contains(c.node) && !inner.contains(c.node) && python::isTrainingCall(c) && c.method != "backward" &&
        m.enclosingLoop(c.node) == &outer)
      return true;
  return false;
}

}  // namespace

bool totalReadInLoop(const ScriptModel& m, ts::Node accumulation, const python::BatchContext& batch) {
  ts::Node target = accumulation.field("left");
  if (!target) return false;
  for (const python::Loop* loop = m.enclosingLoop(accumulation); loop;) {
    if (readsName(loop->node.field("body"), target)) return true;
    ts::Node above = loop->node.parent();
    const python::Loop* outer = above ? m.enclosingLoop(above) : nullptr;
    if (!outer) break;
    bool within_step = batch.scope && batch.scope.contains(outer->node) && !(loop->node == batch.scope);
    bool accumulation_wrapper = loop->node == batch.scope && stepsOutside(m, *outer, loop->node);
    if (!within_step && !accumulation_wrapper) break;
    loop = outer;
  }
  return false;
}

}  // namespace gpulint::checks
