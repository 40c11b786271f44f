// Calls of a `functools.partial` object the file makes once at module level
// (`iter_batches = partial(Task.iter_batches, batch_size=bs, num_workers=0)`
// then `iter_batches(split="train")`): the call runs the wrapped function
// with the partial's arguments first and its own after, so the model records
// it as a call of that function (callee, qualified name, arguments), and the
// call graph, parameter values and rules see `num_workers=0` as passed.
// A name bound more than once at module level, or rebound or shadowed by a
// parameter in the calling function, is left as it is (the object at the
// call is not known).
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
  std::unordered_map<std::string, size_t> made;  // name -> index of its partial(...) call
  for (size_t i = 0; i < calls.size(); ++i) {
    const Call& c = calls[i];
    if (c.function || !isPartial(c)) continue;
    ts::Node assignment = c.node.parent();
    if (!assignment || !assignment.is("assignment") || !(assignment.field("right") == c.node)) continue;
    if (ts::Node left = assignment.field("left"); left.is("identifier")) made.emplace(left.text(), i);
  }
  if (made.empty()) return;  // most files: no partial at module level
  std::unordered_map<std::string, int> counts;
  countModuleAssignments(m.root(), counts);
  for (Call& use : calls) {
    if (!use.callee.is("identifier")) continue;
    auto it = made.find(std::string(use.callee.text()));
    if (it == made.end() || counts[it->first] != 1 || boundLocally(use, it->first)) continue;
    const Call& partial = calls[it->second];
    if (&partial == &use || partial.node.contains(use.node)) continue;
    Call copy = partial;  // `use` may be partial's neighbour in the vector: read before writing
    callThrough(m, copy, use);
  }
}

}  // namespace gpulint::python
