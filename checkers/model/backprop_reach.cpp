#include "checkers/model/backprop_reach.h"

#include <string>
#include <vector>

#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kCallerDepth = 2;  // callers followed through `return`
constexpr int kMaxPasses = 8;    // assignment passes until no new name is reached

// The names an assignment target binds: `x`, `a, b`, `losses` of
// `losses["ce"]`, `self.total` (as written).
void targetNames(ts::Node t, std::vector<std::string>& out) {
  t = syntax::unwrap(t);
  if (!t) return;
  if (t.is("identifier") || t.is("attribute")) {
    out.emplace_back(t.text());
  } else if (t.is("subscript")) {
    targetNames(t.field("value"), out);
  } else if (syntax::oneOf(t.type(), {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list"})) {
    for (ts::Node c : t.namedChildren()) targetNames(c, out);
  }
}

// `n` reads `name` (a plain name, or a dotted one such as `self.total`).
bool mentions(ts::Node n, const std::string& name) {
  if (name.find('.') != std::string::npos) return n.text().find(name) != std::string_view::npos;
  return syntax::containsName(n, name);
}

// The assignments of `scope`'s own code (nested functions and classes left out).
void assignmentsIn(ts::Node n, std::vector<ts::Node>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (syntax::isScope(c)) continue;
    if (c.is("assignment") || c.is("augmented_assignment")) out.push_back(c);
    assignmentsIn(c, out);
  }
}

// Carries the call's value: it contains the call, or reads a name that holds it.
struct Reached {
  ts::Node call;
  std::vector<std::string> names;
  bool in(ts::Node n) const {
    if (n.contains(call)) return true;
    for (const std::string& name : names)
      if (mentions(n, name)) return true;
    return false;
  }
  bool add(std::vector<std::string> more) {
    bool grew = false;
    for (std::string& name : more) {
      bool known = false;
      for (const std::string& have : names) known = known || have == name;
      if (!known) names.push_back(std::move(name)), grew = true;
    }
    return grew;
  }
};

}  // namespace

bool outputIsDifferentiated(const ScriptModel& m, const Call& call, int depth) {
  const python::Function* scope_fn = call.function;
  ts::Node scope = scope_fn ? scope_fn->body : m.root();
  Reached reached{call.node, {}};
  std::vector<ts::Node> assignments;
  assignmentsIn(scope, assignments);
  // `x = f(...)`, `total = total + loss_of(x)`, `outs.append(f(x))`, until no new name.
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    bool grew = false;
    for (ts::Node a : assignments) {
      if (!reached.in(a.field("right"))) continue;
      std::vector<std::string> bound;
      targetNames(a.field("left"), bound);
      grew |= reached.add(std::move(bound));
    }
    for (const Call& c : m.callsIn(scope)) {
      if (c.function != scope_fn || !c.receiver || !syntax::oneOf(c.method, {"append", "extend", "add"})) continue;
      bool carries = false;
      for (ts::Node arg : c.positional) carries = carries || reached.in(arg);
      if (carries) grew |= reached.add({std::string(syntax::unwrap(c.receiver).text())});
    }
    if (!grew) break;
  }
  for (const Call& c : m.callsIn(scope)) {
    if (c.function != scope_fn) continue;
    // `loss.backward()`, `accelerator.backward(loss)`, `torch.autograd.grad(loss, params)`.
    if ((c.method == "backward" || c.qualified.starts_with("torch.autograd")) && reached.in(c.node)) return true;
  }
  // `return loss`: the callers of this scope decide.
  if (!scope_fn || depth >= kCallerDepth) return false;
  std::vector<ts::Node> stack{scope};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("return_statement") && reached.in(n)) return outputOfIsDifferentiated(m, *scope_fn, depth + 1);
    for (ts::Node c : n.namedChildren())
      if (!syntax::isScope(c)) stack.push_back(c);
  }
  return false;
}

bool outputOfIsDifferentiated(const ScriptModel& m, const python::Function& f, int depth) {
  for (const Call* caller : m.callersOf(f))
    if (!(caller->function == &f) && outputIsDifferentiated(m, *caller, depth)) return true;
  return false;
}

}  // namespace gpulint::checks
