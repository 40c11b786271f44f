#include "checkers/data/read_back_values.h"

#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kMaxDepth = 24;   // a sampling loop's outputs pass through a dozen ops and two helpers
constexpr int kBudget = 400;    // nodes visited per question: unknown past it

int& visits() {
  thread_local int n = 0;
  return n;
}

// The iterable a comprehension or for-loop variable named `name` walks, where
// `use` sits inside that comprehension or loop body; null otherwise.
ts::Node iterableOf(ts::Node use, std::string_view name) {
  for (ts::Node p : use.ancestorWalk()) {
    if (syntax::isScope(p)) break;
    if (p.is("for_statement") && syntax::containsName(p.field("left"), name) && p.field("body").contains(use))
      return p.field("right");
    for (ts::Node clause : p.namedChildren())
      if (clause.is("for_in_clause") && syntax::containsName(clause.field("left"), name) && !clause.contains(use))
        return clause.field("right");
  }
  return {};
}

bool parameterReadBack(const ScriptModel& m, ts::Node id, int depth) {
  const python::Function* f = m.enclosingFunction(id);
  if (!f) return false;
  std::vector<const Call*> callers = m.callersOf(*f);
  if (callers.empty()) return false;
  for (const Call* c : callers) {
    ts::Node arg = m.argumentFor(*c, *f, id.text());
    if (!arg || !readBackFromGpu(m, arg, depth + 1)) return false;
  }
  return true;
}

bool callReadBack(const ScriptModel& m, const Call& c, int depth) {
  // `out.cpu().numpy()`, `preds.tolist()`: the copy to the host itself.
  if (c.receiver && syntax::oneOf(c.method, {"cpu", "numpy", "tolist"}))
    return m.mayLiveOnDevice(c.receiver) || readBackFromGpu(m, c.receiver, depth + 1);
  // Array ops keep the values what they were.
  if (c.receiver && syntax::oneOf(c.method, {"astype", "round", "clip", "transpose", "reshape", "squeeze", "copy",
                                             "permute", "mul", "add", "convert", "resize", "crop", "rotate"}))
    return readBackFromGpu(m, c.receiver, depth + 1);
  if (!c.positional.empty() &&
      (syntax::oneOf(c.qualified, {"numpy.array", "numpy.asarray", "numpy.ascontiguousarray", "numpy.uint8",
                                   "numpy.clip", "PIL.Image.fromarray"}) ||
       c.qualified.starts_with("cv2.")))
    return readBackFromGpu(m, c.positional[0], depth + 1);
  // A callable the caller passes in (`tagger(bgr)`): made from what it is given.
  if (ScriptModel::callsParameter(c) && !c.positional.empty()) {
    for (ts::Node a : c.positional)
      if (!readBackFromGpu(m, a, depth + 1)) return false;
    return true;
  }
  // A project helper: what it returns (`arrays_to_pictures(pics)`, `stamp(pic)`).
  if (const python::Function* f = m.calledFunction(c)) {
    bool generator = false;
    const std::vector<ts::Node>& returns = m.returnValues(*f, &generator);
    if (returns.empty()) return false;
    for (ts::Node r : returns)
      if (!readBackFromGpu(m, r, depth + 1)) return false;
    return true;
  }
  return false;
}

}  // namespace

bool readBackFromGpu(const ScriptModel& m, ts::Node e, int depth) {
  if (depth == 0) visits() = 0;
  e = syntax::unwrap(e);
  if (!e || depth > kMaxDepth || ++visits() > kBudget) return false;
  if (e.is("subscript")) return readBackFromGpu(m, e.field("value"), depth + 1);
  if (e.is("binary_operator"))
    return readBackFromGpu(m, e.field("left"), depth + 1) || readBackFromGpu(m, e.field("right"), depth + 1);
  if (e.is("list_comprehension") || e.is("generator_expression")) return readBackFromGpu(m, e.field("body"), depth + 1);
  if (e.is("call")) {
    const Call* c = m.callAt(e);
    return c && callReadBack(m, *c, depth);
  }
  if (!e.is("identifier")) return false;
  if (ts::Node iterable = iterableOf(e, e.text())) return readBackFromGpu(m, iterable, depth + 1);
  std::vector<python::NameBinding> bindings = m.reachingBindings(e);
  if (bindings.empty()) return false;
  for (const python::NameBinding& b : bindings) {
    if (b.parameter) {
      if (!parameterReadBack(m, e, depth)) return false;
      continue;
    }
    if (!b.value || b.index >= 0 || !readBackFromGpu(m, b.value, depth + 1)) return false;
  }
  return true;
}

}  // namespace gpulint::checks
