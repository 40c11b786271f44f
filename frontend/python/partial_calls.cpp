// Calls of a `functools.partial` object the file makes once at module level
// (`iter_batches = partial(Task.iter_batches, batch_size=bs, num_workers=0)`
// then `iter_batches(split="train")`), or once in the function that calls it
// (a step that binds `losses = partial(self.diffusion.loss, self.model, x)`
// and runs `losses()`): the call runs the wrapped function with the
// partial's arguments first and its own after, so the model records it as a
// call of that function (callee, qualified name, arguments), and the call
// graph, parameter values and rules see `num_workers=0` or the model as
// passed. A name bound more than once in its scope, or rebound or shadowed
// by a parameter in the calling function, is left as it is (the object at
// the call is not known).
#include <map>
#include <unordered_map>

#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

bool isPartial(const Call& c) {
  return c.qualified == "functools.partial" && !c.positional.empty() &&
         !c.positional.front().is("list_splat");
}

// How many times module-level statements (outside defs and classes) assign
// `name`, counting every simple assignment target.
void countModuleAssignments(ts::Node n, std::unordered_map<std::string, int>& counts) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition") || c.is("decorated_definition")) continue;
    if (c.is("assignment") || c.is("augmented_assignment")) {
      ts::Node left = c.field("left");
      if (left.is("identifier")) ++counts[std::string(left.text())];
      else
        for (ts::Node t : left.namedChildren())
          if (t.is("identifier")) ++counts[std::string(t.text())];
    }
    countModuleAssignments(c, counts);
  }
}

// True when the function around `use` binds `name` itself (a parameter or
// an assignment in its body): the call does not read the module's object.
bool boundLocally(const Call& use, std::string_view name) {
  const Function* f = use.function;
  if (!f) return false;
  for (const std::string& p : f->parameters)
    if (p == name) return true;
  std::vector<ts::Node> stack{f->body};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if ((n.is("assignment") || n.is("for_statement")) && n.field("left").text() == name) return true;
    for (ts::Node c : n.namedChildren())
      if (!syntax::isScope(c)) stack.push_back(c);
  }
  return false;
}

// How many times `f`'s own body (not its nested defs) assigns `name`, and
// whether it is one of its parameters (then the partial is not the only value).
int localBindings(const Function& f, std::string_view name) {
  int count = 0;
  for (const std::string& p : f.parameters)
    if (p == name) ++count;
  std::vector<ts::Node> stack{f.body};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("assignment") || n.is("augmented_assignment") || n.is("for_statement")) {
      ts::Node left = n.field("left");
      if (left.text() == name) ++count;
      else
        for (ts::Node t : left.namedChildren())
          if (t.is("identifier") && t.text() == name) ++count;
    }
    for (ts::Node c : n.namedChildren())
      if (!syntax::isScope(c)) stack.push_back(c);
  }
  return count;
}

// `use` now calls what `made` wraps: its arguments first, then the call's;
// a keyword the call passes again replaces the partial's.
void callThrough(const ScriptModel& m, const Call& made, Call& use) {
  ts::Node target = syntax::unwrap(made.positional.front());
  use.callee = target;
  use.qualified = m.qualify(target);
  use.method = std::string(syntax::lastName(target));
  use.receiver = target.is("attribute") ? target.field("object") : ts::Node();
  std::vector<ts::Node> positional(made.positional.begin() + 1, made.positional.end());
  positional.insert(positional.end(), use.positional.begin(), use.positional.end());
  use.positional = std::move(positional);
  for (const auto& [key, value] : made.keywords)
    if (!use.keyword(key)) use.keywords.emplace_back(key, value);
  use.has_star_args = use.has_star_args || made.has_star_args;
  use.has_star_kwargs = use.has_star_kwargs || made.has_star_kwargs;
}

}  // namespace

void expandPartialCalls(const ScriptModel& m, std::vector<Call>& calls) {
  // (function that binds it, or null at module level; name) -> its partial(...) call
  std::map<std::pair<const Function*, std::string>, size_t> made;
  for (size_t i = 0; i < calls.size(); ++i) {
    const Call& c = calls[i];
    if (!isPartial(c)) continue;
    ts::Node assignment = c.node.parent();
    if (!assignment || !assignment.is("assignment") || !(assignment.field("right") == c.node)) continue;
    if (ts::Node left = assignment.field("left"); left.is("identifier")) made.emplace(std::pair(c.function, std::string(left.text())), i);
  }
  if (made.empty()) return;  // most files: no partial at all
  std::unordered_map<std::string, int> counts;
  countModuleAssignments(m.root(), counts);
  for (Call& use : calls) {
    if (!use.callee.is("identifier")) continue;
    std::string name(use.callee.text());
    size_t index = 0;
    if (auto local = made.find({use.function, name}); local != made.end() && use.function) {
      // Bound in the calling function itself: the only binding there, and before the call.
      if (localBindings(*use.function, name) != 1 || calls[local->second].node.begin() > use.node.begin()) continue;
      index = local->second;
    } else if (auto global = made.find({nullptr, name}); global != made.end()) {
      if (counts[name] != 1 || boundLocally(use, name)) continue;
      index = global->second;
    } else {
      continue;
    }
    const Call& partial = calls[index];
    if (&partial == &use || partial.node.contains(use.node)) continue;
    Call copy = partial;  // `use` may be partial's neighbour in the vector: read before writing
    callThrough(m, copy, use);
  }
}

}  // namespace gpulint::python
