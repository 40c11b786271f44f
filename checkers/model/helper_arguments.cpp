// The helper calls whose sync depends on what the call passes (issue #11,
// helper effects): a meter reading its `**kwargs` catch-all, a read under
// `if param is not None:` of an optional parameter. Split from
// helper_effects.cpp, code unchanged.
#include <algorithm>
#include <set>

#include "checkers/model/helper_effects.h"
#include "checkers/model/host_sync.h"
#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

using python::Call;
using python::ScriptModel;

namespace {

// `kwargs` in `kwargs.items()`, `x` in `x[0].detach()`: the name an
// expression reads first.
ts::Node rootName(ts::Node e) {
  for (e = python::syntax::unwrap(e); e;) {
    if (e.is("identifier")) return e;
    if (e.is("call")) e = python::syntax::unwrap(e.field("function"));
    else if (e.is("attribute")) e = python::syntax::unwrap(e.field("object"));
    else if (e.is("subscript")) e = python::syntax::unwrap(e.field("value"));
    else return {};
  }
  return {};
}

// Every value `e` may hold comes from the parameter `param`: bound to it,
// to an expression over it, or by a loop over it.
bool fromParameter(const ScriptModel& m, ts::Node e, std::string_view param, int depth) {
  ts::Node id = rootName(e);
  if (!id || depth > 4) return false;
  std::vector<python::NameBinding> bindings = m.reachingBindings(id);
  if (bindings.empty()) {  // `row` of `[... for row in rows]`: an element of what the comprehension walks
    ts::Node iterable = python::syntax::comprehensionIterable(id, id.text());
    return iterable && fromParameter(m, iterable, param, depth + 1);
  }
  // `tensor = [tensor]` (one tensor made a list of one): its elements.
  auto elementsFrom = [&](ts::Node v) {
    v = python::syntax::unwrap(v);
    if (!v || !(v.is("list") || v.is("tuple")) || v.namedChildCount() == 0) return false;
    for (ts::Node item : v.namedChildren())
      if (!fromParameter(m, item, param, depth + 1)) return false;
    return true;
  };
  for (const python::NameBinding& b : bindings) {
    if (b.parameter && id.text() == param) continue;
    if (b.value && (fromParameter(m, b.value, param, depth + 1) || elementsFrom(b.value))) continue;
    if (!b.value && b.statement && b.statement.is("for_statement") &&
        fromParameter(m, b.statement.field("right"), param, depth + 1))
      continue;
    return false;
  }
  return true;
}

// The name of `f`'s `**kwargs` parameter; empty when it has none.
std::string_view keywordCatchAll(const python::Function& f) {
  if (ts::Node params = f.node.field("parameters"))
    for (ts::Node p : params.namedChildren())
      if (p.is("dictionary_splat_pattern") && p.namedChildCount() == 1) return p.namedChild(0).text();
  return {};
}

// `seen = torch.zeros(1)` before the loop, `seen += 1` in it: every value
// that reaches the name is a tensor made on the host (a number added in
// place keeps it there, so an in-place update is followed to what it updates).
bool onlyHostTensor(const ScriptModel& model, ts::Node name) {
  if (!name.is("identifier")) return false;
  std::vector<ts::Node> uses{name};
  std::set<uint32_t> followed;
  bool made = false;
  while (!uses.empty()) {
    ts::Node use = uses.back();
    uses.pop_back();
    for (const python::NameBinding& b : model.reachingBindings(use)) {
      if (b.parameter || !b.statement) return false;
      if (b.statement.is("augmented_assignment")) {
        if (!python::syntax::isLiteral(python::syntax::unwrap(b.statement.field("right")))) return false;
        if (followed.insert(b.statement.begin()).second) uses.push_back(b.statement.field("left"));
        continue;
      }
      if (!b.value || b.index >= 0 || !host_sync::hostFactoryCall(model, b.value)) return false;
      made = true;
    }
  }
  return made;
}

}  // namespace

// `chunks = []` (or `chunks, start = [], 0`) then `chunks.append(labels[a:b])`
// in the same function: a list whose every added item stays on the host.
bool hostItemList(const ScriptModel& model, ts::Node name) {
  if (!name.is("identifier")) return false;
  auto b = model.lastBinding(name);
  ts::Node v = b && b->value && !b->conditional ? python::syntax::unwrap(b->value) : ts::Node();
  if (v && b->index >= 0)
    v = (v.is("expression_list") || v.is("tuple")) && static_cast<uint32_t>(b->index) < v.namedChildCount()
            ? python::syntax::unwrap(v.namedChild(static_cast<uint32_t>(b->index)))
            : ts::Node();
  if (!v || !v.is("list") || v.namedChildCount() != 0) return false;
  ts::Node scope = b->scope ? b->scope : model.root();
  int added = 0;
  for (const Call& c : model.callsIn(scope)) {
    if (!c.receiver || c.receiver.text() != name.text()) continue;
    if (!python::syntax::oneOf(c.method, {"append", "extend", "insert"})) continue;  // reads and removals add nothing
    if (c.positional.empty() || model.mayLiveOnDevice(c.positional.back())) return false;
    ++added;
  }
  return added > 0;
}

// Only the `**kwargs` catch-all is judged per call: a positional
// parameter's device is joined over the helper's callers, as every other
// value's is.
bool syncWaitsOnArguments(const HelperCall& hc) {
  const ScriptModel* m = hc.site.model;
  if (m != hc.helper_model || !hc.helper->node.contains(hc.site.at)) return false;  // deeper down
  std::string_view catch_all = keywordCatchAll(*hc.helper);
  const Call* read = catch_all.empty() ? nullptr : m->callAt(hc.site.at);
  return read && read->receiver && fromParameter(*m, read->receiver, catch_all, 0);
}

bool passesTestedArgument(const HelperCall& hc) {
  return !hc.helper_model->leavesParameterUnset(*hc.call, *hc.helper, python::testedForSet(hc.site.set_test));
}

bool passesDeviceKeyword(const ScriptModel& model, const HelperCall& hc) {
  const Call& c = *hc.call;
  const std::vector<std::string>& named = hc.helper->parameters;
  for (const auto& [name, value] : c.keywords)
    if (std::find(named.begin(), named.end(), name) == named.end() && model.mayLiveOnDevice(value)) return true;
  if (ts::Node args = c.has_star_kwargs ? c.node.field("arguments") : ts::Node())
    for (ts::Node a : args.namedChildren())
      if (a.is("dictionary_splat") && a.namedChildCount() == 1 && model.mayLiveOnDevice(a.namedChild(0))) return true;
  return false;
}

bool passesHostToReadParameter(const ScriptModel& model, const HelperCall& hc) {
  const ScriptModel* m = hc.site.model;
  if (m != hc.helper_model || !hc.helper->node.contains(hc.site.at)) return false;  // deeper down
  // What the sync reads: the receiver of `.item()`, or the value itself (a
  // slice bound `first` bound from `starts[i]`).
  ts::Node read = hc.site.at;
  if (read.is("call")) {
    const Call* c = m->callAt(read);
    read = c ? c->receiver : ts::Node();
  }
  if (!read) return false;
  for (const std::string& p : hc.helper->parameters) {
    if (p == "self" || p == "cls" || !fromParameter(*m, read, p, 0)) continue;
    // A list or tuple written at the call, none of whose items may live on
    // the GPU, or a tensor made on the host here (`torch.randint(...)` with
    // no device); a module or a name we cannot place stays the join of the
    // callers.
    ts::Node arg = python::syntax::unwrap(hc.helper_model->argumentFor(*hc.call, *hc.helper, p));
    if (!arg) return false;
    if (arg.is("list") || arg.is("tuple")) {
      if (arg.namedChildCount() == 0) return false;
      for (ts::Node item : arg.namedChildren())
        if (model.mayLiveOnDevice(item)) return false;
      return true;
    }
    return host_sync::hostFactory(model, arg) || onlyHostTensor(model, arg) || hostItemList(model, arg);
  }
  return false;
}

}  // namespace gpulint::checks
