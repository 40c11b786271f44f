// Whether a node runs on every call of its function (helper effect
// summaries, and a module's forward reached by calling the module): no
// early return before it, and nothing but a rank check between it and the
// function's body (moved from checkers/model/helper_effects.cpp).
#include "frontend/python/every_call.h"

#include <algorithm>

#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// A guard on the process's rank alone (`if is_main_process():`, `if
// args.rank == 0:`): true on the process that logs and saves, every step.
bool rankCheck(ts::Node condition) {
  std::string_view text = condition.text();
  return text.size() <= 80 &&
         syntax::containsWord(text, {"rank", "main_process", "is_master", "global_zero", "local_zero"});
}

// A `return` inside `n`, not in a nested function or class.
bool containsReturn(ts::Node n) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition") || c.is("lambda")) continue;
    if (c.is("return_statement") || containsReturn(c)) return true;
  }
  return false;
}

// True when a statement of `block` before `child` may return early: what
// follows runs only on the calls that pass it (`if steps % n != 0: return`
// before a sampling run, `if not loss_type == "huber": return None` before
// a `.cpu()`). An exit on another rank, on a type test (`if isinstance(x,
// float): return x`), on a rare condition (`if len(loader) == 0:`, a
// failure check) or behind an option that is off leaves the rest running on
// every call that matters.
bool returnsEarlyBefore(const ScriptModel& m, ts::Node block, ts::Node child) {
  for (ts::Node s : block.namedChildren()) {
    if (s == child) return false;
    if (!s.is("if_statement") || !containsReturn(s)) continue;
    ts::Node cond = s.field("condition");
    if (rankCheck(cond) || syntax::containsWord(cond.text(), {"isinstance"})) continue;
    // A rare exit holds only when no other branch returns (`if steps == 0:
    // ... else: if steps % n != 0: return` exits on most calls).
    bool other_branches = false;
    for (ts::Node alt : s.namedChildren()) other_branches = other_branches || alt.is("elif_clause") || alt.is("else_clause");
    // An exit behind an option that is off (`if self.fp16: return
    // self._step_fp16(opt)` with fp16 False) never happens.
    if (GuardKind k = judgeGuard(m, cond).kind; !other_branches && (k == GuardKind::Rare || k == GuardKind::Off))
      continue;
    return true;
  }
  return false;
}

// The else of an `if` whose test is rarely true (`if targets.shape[0] == 0:`,
// a failure check) and that has no elif: the else is what nearly every call
// runs, as the code after `if <rare>: return` does.
bool elseOfRareTest(const ScriptModel& m, ts::Node else_clause) {
  ts::Node s = else_clause.parent();
  if (!s || !s.is("if_statement")) return false;
  for (ts::Node alt : s.namedChildren())
    if (alt.is("elif_clause")) return false;
  return judgeGuard(m, s.field("condition")).kind == GuardKind::Rare;
}

}  // namespace

// An early return before `n` on the way up to f's body: even a host sync
// (which counts on any branch, see HelperEffects::of) then runs only on the
// calls that get past it.
bool returnsEarly(const ScriptModel& m, ts::Node n, const Function& f) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !(p == f.node); child = p, p = p.parent())
    if (p.is("block") && returnsEarlyBefore(m, p, child)) return true;
  return false;
}

// Everything but early returns that decides whether `n` runs on every call
// of `f`: nothing but a rank check, or the else of a rarely true test, lies
// between them (any other condition may be false on most calls: a
// deprecation warning, a periodic or failure guard), and no exception handler or batch loop of f's own (a batch loop's
// statements are the loop's rules' business, not the caller's).
bool everyCallPastExits(const ScriptModel& m, ts::Node n, const Function& f, const HoldsOnCall& holds) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !(p == f.node); child = p, p = p.parent()) {
    if (p.is("else_clause") && elseOfRareTest(m, p)) continue;
    // `return self.losses(out, labels) if self.training else out`: the first
    // arm runs whenever its test holds on this call, as an if's body would;
    // the test itself always runs.
    if (p.is("conditional_expression") && p.namedChildCount() == 3) {
      if (p.namedChild(1) == child) continue;
      if (p.namedChild(0) == child && holds && holds(p.namedChild(1))) continue;
      return false;
    }
    if (p.is("except_clause") || p.is("else_clause") || p.is("while_statement")) return false;
    if ((p.is("if_statement") || p.is("elif_clause")) && !p.field("condition").contains(child) &&
        !(child.is("else_clause") && elseOfRareTest(m, child)) &&
        !(p.field("consequence").contains(child) &&
          (rankCheck(p.field("condition")) || (holds && holds(p.field("condition"))))))
      return false;
    if (p.is("for_statement")) {
      const Loop* l = m.loopFor(p);
      bool batch = l && (l->kind == LoopKind::Step || l->kind == LoopKind::Eval);
      if (batch && p.field("body").contains(child)) return false;
    }
  }
  return true;
}

// True when `n` runs on every call of `f`.
bool everyCall(const ScriptModel& m, ts::Node n, const Function& f, const HoldsOnCall& holds) {
  return !returnsEarly(m, n, f) && everyCallPastExits(m, n, f, holds);
}

bool testsTrainingMode(ts::Node condition) {
  ts::Node c = syntax::unwrap(condition);
  return c && c.is("attribute") && c.text() == "self.training";
}

bool setByCall(const ScriptModel& m, const Call& c, const Function& f, ts::Node condition) {
  std::string_view name = testedForSet(condition);
  if (name.empty() || std::find(f.parameters.begin(), f.parameters.end(), name) == f.parameters.end()) return false;
  ts::Node arg = syntax::unwrap(m.argumentFor(c, f, name));
  return arg && !arg.is("none") && !arg.is("false");
}

}  // namespace gpulint::python
