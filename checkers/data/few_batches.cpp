#include "checkers/data/few_batches.h"

#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// At most this many batches count as "a few": a worker pool's start-up (a
// fork and a dataset copy per worker) is worth more than overlapping them.
constexpr int64_t kFewBatches = 20;

// `next(iter(name))`: one batch drawn from a fresh iterator.
bool isFirstBatchDraw(ts::Node use) {
  ts::Node args = use.parent();
  ts::Node iter_call = args && args.is("argument_list") && args.namedChildCount() == 1 ? args.parent() : ts::Node();
  if (!iter_call || !iter_call.is("call") || iter_call.field("function").text() != "iter") return false;
  ts::Node outer_args = iter_call.parent();
  ts::Node next_call = outer_args && outer_args.is("argument_list") && outer_args.namedChildCount() == 1
                           ? outer_args.parent()
                           : ts::Node();
  return next_call && next_call.is("call") && next_call.field("function").text() == "next";
}

// At most this many `next(iter(loader))` peeks count as looking at samples.
constexpr int kFewPeeks = 3;

// `len(use)`: the number of batches, nothing loaded.
bool isLenOf(ts::Node use) {
  ts::Node args = use.parent();
  ts::Node call = args && args.is("argument_list") && args.namedChildCount() == 1 ? args.parent() : ts::Node();
  return call && call.is("call") && call.field("function").text() == "len";
}

// Every use of `name` under `n`, the binding `target` excepted, is accepted
// by `accept` and none is in a nested scope or (unless `loops_ok`) in a loop:
// a closure or method may run it again, a loop draws again on each pass.
template <class Accept>
bool everyUse(ts::Node n, std::string_view name, ts::Node target, bool loops_ok, int* uses, const Accept& accept) {
  if (n.is("identifier") && n.text() == name && !(n == target)) {
    if (!accept(n)) return false;
    ++*uses;
    return true;
  }
  for (ts::Node c : n.namedChildren()) {
    if (!python::syntax::containsName(c, name)) continue;
    if ((!loops_ok && python::syntax::isLoop(c)) || c.is("function_definition") || c.is("class_definition") ||
        c.is("lambda") || c.is("list_comprehension") || c.is("generator_expression"))
      return false;
    if (!everyUse(c, name, target, loops_ok, uses, accept)) return false;
  }
  return true;
}

// The identifier a `name = DataLoader(...)` statement binds; null otherwise.
ts::Node boundName(const python::Call& call) {
  ts::Node assign = call.node.parent();
  if (!assign || !assign.is("assignment") || !(assign.field("right") == call.node)) return {};
  ts::Node target = assign.field("left");
  return target && target.is("identifier") ? target : ts::Node();
}

ts::Node scopeBody(const python::ScriptModel& model, const python::Call& call) {
  return call.function ? call.function->node.field("body") : model.root();
}

// `for i, batch in enumerate(use)`: the for statement, with `*counter` set to `i`.
ts::Node enumeratedFor(ts::Node use, ts::Node* counter) {
  ts::Node args = use.parent();
  ts::Node call = args && args.is("argument_list") && args.namedChildCount() == 1 ? args.parent() : ts::Node();
  if (!call || !call.is("call") || call.field("function").text() != "enumerate") return {};
  ts::Node loop = call.parent();
  if (!loop || !loop.is("for_statement") || !(loop.field("right") == call)) return {};
  ts::Node left = loop.field("left");
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern")) || left.namedChildCount() != 2) return {};
  ts::Node first = left.namedChild(0);
  if (!first.is("identifier")) return {};
  *counter = first;
  return loop;
}

// The bound `b` of a test `counter >= b` or `counter > b` (or `counter == b`,
// or `counter + 1 >= b`) in `cond`, directly or under `and`: null when there
// is none.
ts::Node counterBound(ts::Node cond, std::string_view counter) {
  cond = python::syntax::unwrap(cond);
  if (cond.is("boolean_operator") && cond.child(1).text() == "and") {
    if (ts::Node b = counterBound(cond.field("left"), counter)) return b;
    return counterBound(cond.field("right"), counter);
  }
  if (!cond.is("comparison_operator") || cond.namedChildCount() != 2) return {};
  std::string_view op = cond.child(1).text();
  if (op != ">=" && op != ">" && op != "==") return {};
  // `b + 1 >= max_batches`: the counter off by a literal is the same bound.
  ts::Node left = python::syntax::unwrap(cond.namedChild(0));
  if (left.is("binary_operator") && left.field("operator").text() == "+" &&
      python::syntax::unwrap(left.field("right")).is("integer"))
    left = python::syntax::unwrap(left.field("left"));
  if (left.text() != counter) return {};
  return cond.namedChild(1);
}

// `for b in loader: print(b.shape); break`: a `break` among the body's own
// statements ends the loop in its first pass, whatever comes before it.
bool leavesAfterFirst(ts::Node loop) {
  for (ts::Node stmt : loop.field("body").namedChildren())
    if (stmt.is("break_statement")) return true;
  return false;
}

// `for b in use:` (the loader itself iterated), when its first pass ends it.
ts::Node firstPassOnlyFor(ts::Node use) {
  ts::Node loop = use.parent();
  if (!loop || !loop.is("for_statement") || !(loop.field("right") == use)) return {};
  return leavesAfterFirst(loop) ? loop : ts::Node();
}

// The loop's body ends the loop (`if ...: break`, the break belonging to this
// loop) once its counter passes a bound that resolves to a few batches.
bool breaksAfterFew(const python::ScriptModel& model, ts::Node loop, ts::Node counter) {
  ts::Node body = loop.field("body");
  if (leavesAfterFirst(loop)) return true;
  for (ts::Node stmt : body.namedChildren()) {
    if (!stmt.is("if_statement") || stmt.namedChildCount() < 2) continue;
    ts::Node consequence = stmt.field("consequence");
    bool breaks = false;
    for (ts::Node s : consequence.namedChildren()) breaks = breaks || s.is("break_statement");
    if (!breaks) continue;
    ts::Node bound = counterBound(stmt.field("condition"), counter.text());
    if (!bound) continue;
    auto n = model.resolve(bound).asInt();
    if (n && *n >= 0 && *n <= kFewBatches) return true;  // unknown or large: a real pass over the data
  }
  return false;
}

// `next(use)` or `next(iter(use))`: one batch drawn.
bool isNextDraw(ts::Node use) {
  if (isFirstBatchDraw(use)) return true;
  ts::Node args = use.parent();
  ts::Node call = args && args.is("argument_list") && args.namedChildCount() == 1 ? args.parent() : ts::Node();
  return call && call.is("call") && call.field("function").text() == "next";
}

// The name the loader is bound to directly, or through one wrapping call
// (`cycle(DataLoader(...))`, `iter(DataLoader(...))`).
ts::Node boundThroughWrapper(const python::Call& call) {
  if (ts::Node direct = boundName(call)) return direct;
  ts::Node args = call.node.parent();
  if (!args || !args.is("argument_list") || args.namedChildCount() != 1) return {};
  ts::Node wrapper = args.parent();
  ts::Node assign = wrapper ? wrapper.parent() : ts::Node();
  if (!assign || !assign.is("assignment") || !(assign.field("right") == wrapper)) return {};
  ts::Node target = assign.field("left");
  return target && target.is("identifier") ? target : ts::Node();
}

}  // namespace

bool drawnOnlyPeriodically(const python::ScriptModel& model, const python::Call& call) {
  ts::Node target = boundThroughWrapper(call);
  if (!target) return false;
  int draws = 0;
  bool every_periodic = everyUse(scopeBody(model, call), target.text(), target, /*loops_ok=*/true, &draws,
                                 [&](ts::Node use) {
                                   if (!isNextDraw(use)) return false;
                                   python::Frequency how = python::frequencyOf(model, use).how;
                                   return how == python::Frequency::EveryNSteps || how == python::Frequency::Rarely ||
                                          how == python::Frequency::Never;
                                 });
  return every_periodic && draws > 0;
}

bool drawsOneBatchOnce(const python::ScriptModel& model, const python::Call& call) {
  ts::Node target = boundName(call);
  if (!target) return false;
  int uses = 0, draws = 0;
  bool peeks = everyUse(scopeBody(model, call), target.text(), target, /*loops_ok=*/false, &uses, [&](ts::Node use) {
    bool draw = isFirstBatchDraw(use);
    draws += draw;
    return draw || isLenOf(use);
  });
  if (!peeks) return false;
  // A few peeks at the first batch (a sample printed, shapes checked).
  if (draws > 0) return draws <= kFewPeeks;
  // Never drawn from: dead in a function; a module's loader may be another module's.
  return call.function != nullptr;
}

bool readsFewBatches(const python::ScriptModel& model, const python::Call& call) {
  ts::Node target = boundName(call);
  if (!target) return false;
  int reads = 0;
  bool few = true;
  bool only_enumerated = everyUse(scopeBody(model, call), target.text(), target, /*loops_ok=*/true, &reads,
                                  [&](ts::Node use) {
                                    ts::Node counter;
                                    ts::Node loop = enumeratedFor(use, &counter);
                                    if (!loop) return static_cast<bool>(firstPassOnlyFor(use));
                                    few = few && breaksAfterFew(model, loop, counter);
                                    return true;
                                  });
  return only_enumerated && reads == 1 && few;
}

}  // namespace gpulint::checks
