// Project functions that hand back host numbers, not tensors (device_analysis.h).
#include "frontend/python/device_analysis.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxHostScalarDepth = 4;

// `e` is a Python number made on the host: a literal, what `.item()` or
// `float()` returns, arithmetic of those, or a name every binding that
// reaches it (augmented ones included) sets to one.
bool hostScalar(const ScriptModel& m, ts::Node e, int depth) {
  e = syntax::unwrap(e);
  if (!e || depth > kMaxHostScalarDepth) return false;
  if (e.is("integer") || e.is("float")) return true;
  if (e.is("unary_operator")) return hostScalar(m, e.field("argument"), depth + 1);
  if (e.is("binary_operator"))
    return hostScalar(m, e.field("left"), depth + 1) && hostScalar(m, e.field("right"), depth + 1);
  if (e.is("call")) {
    const Call* c = m.callAt(e);
    if (!c) return false;
    if (c->receiver) return c->method == "item" && c->positional.empty();
    return c->qualified.empty() && c->callee.is("identifier") && syntax::oneOf(c->method, {"float", "int", "len"}) &&
           !m.functionNamed(c->method);
  }
  if (!e.is("identifier")) return false;
  std::vector<NameBinding> bindings = m.reachingBindings(e);
  if (bindings.empty()) return false;
  for (const NameBinding& b : bindings) {
    if (b.parameter || b.index >= 0 || !b.statement) return false;
    ts::Node value = b.value;
    // `total += part.item()`: the augmented binding adds its right side.
    if (!value && b.statement.is("expression_statement") && b.statement.namedChildCount() == 1 &&
        b.statement.namedChild(0).is("augmented_assignment"))
      value = b.statement.namedChild(0).field("right");
    if (!value && b.statement.is("augmented_assignment")) value = b.statement.field("right");
    if (!value || !hostScalar(m, value, depth + 1)) return false;
  }
  return true;
}

}  // namespace

bool returnsHostScalars(const ScriptModel& owner, const Function& f) {
  bool generator = false;
  const std::vector<ts::Node>& returns = owner.returnValues(f, &generator);
  if (generator || returns.empty()) return false;
  for (ts::Node r : returns)
    if (!hostScalar(owner, r, 0)) return false;
  return true;
}

bool forwardReturnsHostScalars(const ScriptModel& m, ts::Node module) {
  std::vector<ScriptModel::ClassRef> classes = m.instanceClasses(syntax::unwrap(module));  // a copy
  if (classes.empty()) return false;
  for (const auto& [owner, cls] : classes) {
    auto [fm, forward] = owner->methodOf(*cls, "forward");
    if (!forward || !returnsHostScalars(*fm, *forward)) return false;
  }
  return true;
}

}  // namespace gpulint::python
