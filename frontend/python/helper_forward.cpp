// A forward pass hidden in a project helper (issue #11, effect summaries):
// `scores = score_image(model, images[b], chunks)` where score_image runs
// `model(image=row...)` on the parameter the item lands in. The loop that
// hands its own item to such a helper runs a forward pass per item, as it
// would with the module call written inline (loops.cpp, forwardsLoopTarget).
#include <algorithm>
#include <map>
#include <string_view>
#include <vector>

#include "frontend/python/loop_classifier.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// Identifiers a binding target names (`a`, `a, (b, c)`); attributes and
// subscripts bind no new local.
void targetNames(ts::Node t, std::vector<std::string_view>& out) {
  if (!t) return;
  if (t.is("identifier")) {
    if (t.text() != "_") out.push_back(t.text());
    return;
  }
  if (t.is("pattern_list") || t.is("tuple_pattern") || t.is("list_pattern") || t.is("tuple") || t.is("list"))
    for (ts::Node c : t.namedChildren()) targetNames(c, out);
}

bool mentionsAny(ts::Node n, const std::vector<std::string_view>& names) {
  for (std::string_view v : names)
    if (syntax::containsName(n, v)) return true;
  return false;
}

// The assignments of f's own body (nested defs, classes and lambdas left
// out), in document order. A loop's target is no assignment: `for x in
// loader` iterates the parameter, it does not pass it to the module.
void ownAssignments(ts::Node n, std::vector<ts::Node>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (syntax::isScope(c)) continue;
    if (c.is("assignment") && c.field("right")) out.push_back(c);
    ownAssignments(c, out);
  }
}

// The locals of f computed from `param` by assignments
// (`patches, coord, valid = image_row`, `image = {"patches": patches...}`),
// `param` itself included. Twice over: an assignment in a loop may read a
// name a later one binds.
std::vector<std::string_view> derivedFrom(const Function& f, std::string_view param) {
  std::vector<std::string_view> names{param};
  std::vector<ts::Node> assignments = ownAssignmentsOf(f.body);
  for (int pass = 0; pass < 2; ++pass)
    for (ts::Node a : assignments) addDerivedTargets(a, names);
  return names;
}

}  // namespace

std::vector<ts::Node> ownAssignmentsOf(ts::Node body) {
  std::vector<ts::Node> out;
  ownAssignments(body, out);
  return out;
}

void addDerivedTargets(ts::Node assignment, std::vector<std::string_view>& names) {
  if (!mentionsAny(assignment.field("right"), names)) return;
  std::vector<std::string_view> bound;
  targetNames(assignment.field("left"), bound);
  for (std::string_view b : bound)
    if (std::find(names.begin(), names.end(), b) == names.end()) names.push_back(b);
}

namespace {

// The module a call of f runs: a parameter of f or an attribute of `self`
// (`model(x)`, `self.model(x)`, `model.forward(x)`) that names a module. A
// module f builds itself (a torchvision transform, a tokenizer) is no model
// passed in: such a helper preprocesses, it runs no model.
ts::Node passedInModule(const ScriptModel& m, const Function& f, const Call& c) {
  ts::Node callee = c.method == "forward" && c.receiver ? c.receiver : c.callee;
  ts::Node root = syntax::unwrap(callee);
  while (root && root.is("attribute")) root = syntax::unwrap(root.field("object"));
  if (!root || !root.is("identifier")) return {};
  bool self_attr = root.text() == "self" && !(root == syntax::unwrap(callee));
  bool param = std::find(f.parameters.begin(), f.parameters.end(), root.text()) != f.parameters.end();
  if (!self_attr && !(param && root.text() != "self")) return {};
  return m.isModuleExpression(callee) ? callee : ts::Node();
}

bool argumentsMention(const Call& c, const std::vector<std::string_view>& names) {
  for (ts::Node a : c.positional)
    if (mentionsAny(a, names)) return true;
  for (const auto& [k, v] : c.keywords)
    if (mentionsAny(v, names)) return true;
  return false;
}

bool forwardsParameter(const ScriptModel& m, const Function& f, std::string_view param, int depth);

// A call of f hands values derived from `param` to a project function that
// forwards the parameter they land in.
bool handsOn(const ScriptModel& m, const Function& f, const Call& c, const std::vector<std::string_view>& derived,
             int depth) {
  auto [other, g] = m.callTarget(c);
  if (!g || g == &f) return false;
  for (const std::string& p : g->parameters) {
    if (p == "self") continue;
    ts::Node arg = m.argumentFor(c, *g, p);
    if (arg && mentionsAny(arg, derived) && forwardsParameter(*other, *g, p, depth + 1)) return true;
  }
  return false;
}

// A counted loop of forward passes of f's own around `n` (token generation,
// diffusion sampling: repeatsForwardPasses): a call of f is a whole
// generation, not one forward pass per item.
bool inSamplingLoop(const ScriptModel& m, const Function& f, ts::Node n) {
  for (ts::Node p = n.parent(); p && !(p == f.node); p = p.parent())
    if (const Loop* l = p.is("for_statement") ? m.loopFor(p) : nullptr; l && repeatsForwardPasses(m, *l)) return true;
  return false;
}

// f runs a module passed in (or held on self) on a value computed from its
// parameter `param`, in its own body or its own loops, directly or through a
// project function it hands that value to (two levels at most).
bool forwardsParameter(const ScriptModel& m, const Function& f, std::string_view param, int depth) {
  if (depth > 2) return false;
  std::vector<std::string_view> derived = derivedFrom(f, param);
  for (const Call& c : m.callsIn(f.node)) {
    if (c.function != &f || !c.qualified.empty() || !argumentsMention(c, derived) || inSamplingLoop(m, f, c.node))
      continue;
    if (passedInModule(m, f, c)) return true;
    if (handsOn(m, f, c, derived, depth)) return true;
  }
  return false;
}

std::vector<std::string_view> loopVariables(const Loop& l) {
  std::vector<std::string_view> vars;
  targetNames(l.target, vars);
  return vars;
}

}  // namespace

// `scores = score(model, images[b], chunks)` whose body runs `model(row...)`,
// in its own loop or not: the loop runs a forward pass per item as if the
// call were inline.
const Function* forwardingHelperCall(const ScriptModel& m, const Loop& l, bool through_locals) {
  std::vector<std::string_view> vars = loopVariables(l);
  if (vars.empty() || !l.node.is("for_statement")) return nullptr;
  ts::Node body = l.node.field("body");
  // `frame = read_frame(paths[i])` then `step(model, frame, state)`: locals
  // the body computes from the item are the item too.
  if (through_locals) {
    std::vector<ts::Node> assignments = ownAssignmentsOf(body);
    for (int pass = 0; pass < 2; ++pass)
      for (ts::Node a : assignments) addDerivedTargets(a, vars);
  }
  for (const Call& c : m.callsIn(body)) {
    if (!body.contains(c.node) || !c.qualified.empty() || !argumentsMention(c, vars)) continue;
    auto [other, g] = m.callTarget(c);
    if (!g) continue;
    for (const std::string& p : g->parameters) {
      if (p == "self") continue;
      ts::Node arg = m.argumentFor(c, *g, p);
      if (arg && mentionsAny(arg, vars) && forwardsParameter(*other, *g, p, 0)) return g;
    }
  }
  return nullptr;
}

}  // namespace gpulint::python
