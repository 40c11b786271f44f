#include "checkers/model/queued_work.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::queued_work {

using python::Call;
using python::ScriptModel;

namespace {

// Builtins that run on the host alone (`len(batch)`, `float(x)`, `round(v, 4)`).
bool hostBuiltin(std::string_view name) {
  static const std::set<std::string_view, std::less<>> kBuiltins = {
      "abs",   "bool",  "dict",  "enumerate", "float", "format", "getattr", "hasattr", "int",
      "isinstance", "len", "list", "max", "min",   "print", "range", "round",   "setattr", "sorted",
      "str",   "sum",   "tuple", "zip"};
  return kBuiltins.count(name) > 0;
}

// A call that reads a tensor for the host (`.item()`, `.cpu()`, `float(t)`)
// or hands it to a logger that does (`writer.add_scalar(tag, v)`).
bool readLike(const Call& c) {
  if (c.receiver)
    return python::syntax::oneOf(c.method, {"item", "cpu", "tolist", "numpy", "add_scalar", "add_scalars", "log",
                                            "info", "log_metrics"});
  return c.qualified.empty() && python::syntax::oneOf(c.method, {"float", "int", "print"});
}

// True when the project helper that `c` calls (defined in another file:
// its read is the spot) queues little GPU work on the given side of its
// reads: before the first (`for k, v in kwargs.items(): v.item()`) or after
// the last. A helper with no read we can see never qualifies.
bool helperLaunchesLittle(const ScriptModel& m, const Call& c, bool after) {
  auto [cm, f] = m.callTarget(c);
  if (!cm || !f) return false;
  std::vector<const Call*> calls;  // in preorder
  for (uint32_t i = f->node.preorder() + 1; i < f->node.subtreeEnd(); ++i)
    if (ts::Node n = f->node.preorderAt(i); n.is("call"))
      if (const Call* k = cm->callAt(n)) calls.push_back(k);
  std::vector<size_t> reads;
  for (size_t i = 0; i < calls.size(); ++i)
    if (readLike(*calls[i])) reads.push_back(i);
  if (reads.empty()) return false;
  size_t read = after ? reads.back() : reads.front();
  size_t from = after ? read + 1 : 0, to = after ? calls.size() : read;
  for (size_t i = from; i < to; ++i)
    if (!calls[i]->node.contains(calls[read]->node) && !launchesLittle(*cm, *calls[i])) return false;
  return true;
}

// True when every call of the helpers from `via[k]` down that lies in the
// given part of its function (before the next call of the chain or the read,
// or after it) launches little.
bool chainLaunchesLittle(const ScriptModel& m, const std::vector<ts::Node>& via, ts::Node read, size_t k, bool after) {
  for (size_t j = k + 1; j <= via.size(); ++j) {
    ts::Node target = j < via.size() ? via[j] : read;
    const python::Function* f = m.enclosingFunction(target);
    if (!f) return false;
    uint32_t from = after ? target.subtreeEnd() : f->node.preorder() + 1;
    uint32_t to = after ? f->node.subtreeEnd() : target.subtreeEnd();
    for (uint32_t i = from; i < to; ++i) {
      ts::Node n = f->node.preorderAt(i);
      if (!n.is("call") || n == target || n.contains(target)) continue;
      const Call* c = m.callAt(n);
      if (!c || !launchesLittle(m, *c)) return false;
    }
  }
  return true;
}

// True when `target` runs on every call of `f`: no branch, loop, try or
// short circuit around it, no `return` before it.
bool runsOnEveryCall(ts::Node target, const python::Function& f) {
  for (ts::Node a = target.parent(); a && !(a == f.node); a = a.parent())
    if (a.is("if_statement") || a.is("for_statement") || a.is("while_statement") || a.is("try_statement") ||
        a.is("conditional_expression") || a.is("boolean_operator") || a.is("list_comprehension") ||
        a.is("generator_expression") || a.is("lambda") || a.is("function_definition"))
      return false;
  for (uint32_t i = f.node.preorder() + 1; i < target.preorder(); ++i)
    if (f.node.preorderAt(i).is("return_statement")) return false;
  return true;
}

}  // namespace

// A call that queues little or no GPU work: a tensor method (`outputs.max(1)`,
// `targets.size(0)`), a torch function, a host builtin. A forward pass, a
// backward pass or optimizer step, a collective, a project function (which
// may run anything) or an unknown function are real work: a read after them
// waits for it again.
bool launchesLittle(const ScriptModel& m, const Call& c) {
  if (python::isTrainingCall(c)) return false;
  if (m.isModuleExpression(c.callee)) return false;
  if (c.qualified.starts_with("torch.distributed")) return false;
  if (m.callTarget(c).second) return false;
  if (c.receiver || !c.qualified.empty()) return true;
  return hostBuiltin(c.method);
}

bool chainReadsFirst(const ScriptModel& m, const std::vector<ts::Node>& via, ts::Node read, size_t k) {
  return chainLaunchesLittle(m, via, read, k, false);
}

bool chainEndsWithRead(const ScriptModel& m, const std::vector<ts::Node>& via, ts::Node read, size_t k) {
  for (size_t j = k + 1; j <= via.size(); ++j) {
    ts::Node target = j < via.size() ? via[j] : read;
    const python::Function* f = m.enclosingFunction(target);
    if (!f || !runsOnEveryCall(target, *f)) return false;
  }
  return chainLaunchesLittle(m, via, read, k, true);
}

bool helperReadsFirst(const ScriptModel& m, const Call& c) { return helperLaunchesLittle(m, c, false); }
bool helperEndsWithRead(const ScriptModel& m, const Call& c) { return helperLaunchesLittle(m, c, true); }

bool helperQueuesLittle(const ScriptModel& m, const Call& c) {
  auto [cm, f] = m.callTarget(c);
  if (!cm || !f) return false;
  // Strictly: host builtins and reads only (`len(batch)`, `board.add_scalar(
  // tag, t.item())`); a tensor op there may be a loss term of real size.
  for (const Call& k : cm->callsIn(f->body))
    if (f->body.contains(k.node) && !readLike(k) && !(!k.receiver && k.qualified.empty() && hostBuiltin(k.method)))
      return false;
  return true;
}

}  // namespace gpulint::checks::queued_work
