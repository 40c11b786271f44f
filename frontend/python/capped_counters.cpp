// `if made >= max_pictures: break` before a sample's rendering, with
// `made += 1` after it and `made = 0` before every loop: the code after the
// test runs at most max_pictures times in the whole run, however many batches
// pass (a capped probe inside an evaluation loop), not once per batch.
#include "frontend/python/guard_judge.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// `count >= cap`, `count > cap`, `cap <= count` (or an `and` term of one):
// the name counted. A cap that resolves below 0 (`-1`: no cap) caps nothing.
ts::Node cappedName(const ScriptModel& m, ts::Node cond) {
  cond = syntax::unwrap(cond);
  if (cond.is("boolean_operator") && cond.field("operator").text() == "and") {
    if (ts::Node n = cappedName(m, cond.field("right"))) return n;
    return cappedName(m, cond.field("left"));
  }
  if (!cond.is("comparison_operator") || cond.namedChildCount() != 2 || cond.childCount() != 3) return {};
  std::string_view op = cond.child(1).text();
  ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
  ts::Node counted = op == ">=" || op == ">" ? left : op == "<=" || op == "<" ? right : ts::Node();
  if (!counted || !counted.is("identifier")) return {};
  ResolvedValue cap = m.resolve(counted == left ? right : left);
  if (cap.kind == ResolvedValue::Kind::Int && cap.int_value < 0) return {};
  return counted;
}

// `name += 1` among the statements of `body` (nested scopes left out).
bool incrementedIn(ts::Node body, std::string_view name) {
  for (uint32_t i = body.preorder(), end = body.subtreeEnd(); i < end; ++i) {
    ts::Node n = body.preorderAt(i);
    if (syntax::isScope(n)) {
      i = n.subtreeEnd() - 1;
      continue;
    }
    if (n.is("augmented_assignment") && n.field("operator").text() == "+=" && n.field("left").text() == name)
      return true;
  }
  return false;
}

// Every plain assignment of `name` in `scope` lies outside its loops: the
// count is never reset per batch.
bool setOnlyOutsideLoops(ts::Node scope, std::string_view name) {
  bool assigned = false;
  for (uint32_t i = scope.preorder(), end = scope.subtreeEnd(); i < end; ++i) {
    ts::Node n = scope.preorderAt(i);
    if (!(n == scope) && syntax::isScope(n)) {
      i = n.subtreeEnd() - 1;
      continue;
    }
    if (!n.is("assignment") || n.field("left").text() != name) continue;
    for (ts::Node p = n.parent(); p && !(p == scope); p = p.parent())
      if (syntax::isLoop(p)) return false;
    assigned = true;
  }
  return assigned;
}

}  // namespace

ts::Node capExitBefore(const ScriptModel& m, ts::Node block, ts::Node stmt) {
  for (ts::Node s : block.namedChildren()) {
    if (s == stmt) break;
    if (!s.is("if_statement") || s.field("alternative")) continue;
    ts::Node then = s.field("consequence");
    if (!then || then.namedChildCount() != 1 ||
        !(then.namedChild(0).is("break_statement") || then.namedChild(0).is("return_statement") ||
          then.namedChild(0).is("continue_statement")))
      continue;
    ts::Node counted = cappedName(m, s.field("condition"));
    if (!counted) continue;
    const Loop* loop = m.enclosingLoop(s);
    if (!loop || !incrementedIn(loop->node.field("body"), counted.text())) continue;
    const Function* f = m.enclosingFunction(s);
    if (setOnlyOutsideLoops(f ? f->body : m.root(), counted.text())) return s;
  }
  return {};
}

}  // namespace gpulint::python
