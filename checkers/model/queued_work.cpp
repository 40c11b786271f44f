#include "checkers/model/queued_work.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "checkers/model/host_sync.h"
#include "checkers/python_common.h"
#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::queued_work {

using python::Call;
using python::ScriptModel;

namespace {

// What a call does to the GPU's queue, as far as a later blocking copy cares.
enum class QueueEffect { None, Queues, Drains };
QueueEffect queueEffect(const ScriptModel& m, const Call& c);

// Builtins that run on the host alone (`len(batch)`, `float(x)`, `round(v, 4)`).
bool hostBuiltin(std::string_view name) {
  static const std::set<std::string_view, std::less<>> kBuiltins = {
      "abs",   "bool",  "dict",  "enumerate", "float", "format", "getattr", "hasattr", "int",
      "isinstance", "len", "list", "max", "min",   "print", "range", "round",   "setattr", "sorted",
      "str",   "sum",   "tuple", "zip", "all", "any", "repr", "type", "open"};
  // `raise RuntimeError("nan")`: building an exception runs on the host.
  auto exception = [](std::string_view n) {
    return n.ends_with("Error") || n.ends_with("Exception") || n.ends_with("Warning");
  };
  return kBuiltins.count(name) > 0 || exception(name);
}

// A call that reads a tensor for the host (`.item()`, `.cpu()`, `float(t)`)
// or hands it to a logger that does (`writer.add_scalar(tag, v)`).
bool readLike(const Call& c) {
  if (c.receiver)
    return python::syntax::oneOf(c.method, {"item", "cpu", "tolist", "numpy", "add_scalar", "add_scalars", "log",
                                            "info", "log_metrics"});
  return c.qualified.empty() && python::syntax::oneOf(c.method, {"float", "int", "print"});
}

// `labels[labels[:, 0] >= 0]`: an index by a comparison, a boolean mask
// whose count the host must read.
bool masksByComparison(ts::Node n) {
  if (!n.is("subscript")) return false;
  ts::Node index = python::syntax::unwrap(n.field("subscript"));
  return index && index.is("comparison_operator");
}

// True when the project helper that `c` calls (defined in another file:
// its read is the spot) queues little GPU work on the given side of its
// reads: before the first (`for k, v in kwargs.items(): v.item()`) or after
// the last. A helper with no read we can see never qualifies.
bool helperLaunchesLittle(const ScriptModel& m, const Call& c, bool after) {
  auto [cm, f] = m.callTarget(c);
  if (!cm || !f) return false;
  // In preorder: the calls, and the reads that are no call (a mask index);
  // a read is a read-like call or any sync (`torch.cuda.synchronize()`).
  struct Event {
    ts::Node node;
    const Call* call;  // null for a mask index
  };
  std::vector<Event> events;
  for (uint32_t i = f->node.preorder() + 1; i < f->node.subtreeEnd(); ++i) {
    ts::Node n = f->node.preorderAt(i);
    if (n.is("call")) {
      if (const Call* k = cm->callAt(n)) events.push_back({n, k});
    } else if (masksByComparison(n)) {
      events.push_back({n, nullptr});
    }
  }
  std::vector<size_t> reads;
  for (size_t i = 0; i < events.size(); ++i)
    if (const Call* k = events[i].call;
        !k || readLike(*k) || (host_sync::maySync(*cm, *k) && host_sync::syncOfCall(*cm, *k)))
      reads.push_back(i);
  if (reads.empty()) return false;
  size_t read = after ? reads.back() : reads.front();
  size_t from = after ? read + 1 : 0, to = after ? events.size() : read;
  for (size_t i = from; i < to; ++i) {
    const Call* k = events[i].call;
    if (!k || k->node.contains(events[read].node) || launchesLittle(*cm, *k)) continue;
    // After the reads, a project function that queues nothing (`meter.update(
    // norm)` adding host numbers) leaves the queue as the reads did.
    if (!after || queueEffect(*cm, *k) == QueueEffect::Queues) return false;
  }
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

// `n` runs whenever `scope` (a block) does: no branch, loop, try or short
// circuit between them (a periodic `if step % N == 0: log(x.item())` drains
// the queue on some passes only).
// With `each_item`, a `for` loop and a `None` test around `n` are allowed: a
// read of each parameter's gradient that has one runs for some item.
bool alwaysRunsIn(ts::Node n, ts::Node scope, bool each_item = false) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !(p == scope); child = p, p = p.parent()) {
    if (each_item && p.is("for_statement") && p.field("body") == child) continue;
    if (each_item && p.is("if_statement") && p.field("consequence") == child && !p.field("alternative") &&
        p.field("condition").text().ends_with("is not None"))
      continue;
    if (p.is("if_statement") || p.is("for_statement") || p.is("while_statement") || p.is("try_statement") ||
        p.is("conditional_expression") || p.is("boolean_operator") || p.is("list_comprehension") ||
        p.is("generator_expression") || p.is("lambda") || p.is("function_definition"))
      return false;
  }
  return true;
}

// True when `target` runs on every call of `f`: no branch, loop, try or
// short circuit around it (but those `each_item` allows), no `return` before it.
bool runsOnEveryCall(ts::Node target, const python::Function& f, bool each_item = false) {
  if (!alwaysRunsIn(target, f.node, each_item)) return false;
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
  // A module's own method (`vae.encode(x)`, `model.generate(ids)`,
  // `net.loss(batch)`) runs its layers; bookkeeping methods do not.
  if (c.receiver && m.isModuleExpression(c.receiver) &&
      !python::syntax::oneOf(c.method, {"parameters", "named_parameters", "buffers", "named_buffers", "modules",
                                        "named_modules", "children", "named_children", "train", "eval",
                                        "requires_grad_", "zero_grad", "state_dict", "load_state_dict", "to", "cuda",
                                        "cpu", "half", "float", "bfloat16", "register_buffer", "apply", "get_submodule"}))
    return false;
  if (c.qualified.starts_with("torch.distributed")) return false;
  if (m.callTarget(c).second) return false;
  // `self.model(images)` with `self.model = kwargs["model"]`: an attribute
  // the object was handed, called; no tensor method is called on `self`.
  if (c.receiver && python::syntax::unwrap(c.receiver).text() == "self" && c.function && c.function->owner &&
      !m.attributeValues(c.function->owner->node, c.callee.text()).empty())
    return false;
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
    if (!f) return false;
    // The read itself may sit in a loop over items (`for p in params: if
    // p.grad is not None: norms.append(float(p.grad.norm()))`): it runs for
    // some item on each call; only a test of another kind may skip it.
    if (!runsOnEveryCall(target, *f, /*each_item=*/j == via.size())) return false;
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

namespace {

QueueEffect functionEffect(const ScriptModel& m, const python::Function& f, int depth);

// `.to(dtype)` alone: the argument names a dtype (`torch.float16`, a name
// like `weight_dtype`) or only `dtype=` is passed.
bool castsOnly(const ScriptModel& m, const Call& c) {
  if (c.keyword("device")) return false;
  if (c.positional.empty()) return static_cast<bool>(c.keyword("dtype"));
  ts::Node a = python::syntax::unwrap(c.positional[0]);
  std::string q = m.qualify(a);
  if (q.starts_with("torch.") && q != "torch.device") return true;
  return (a.is("identifier") || a.is("attribute")) &&
         python::syntax::lastName(a).find("dtype") != std::string_view::npos;
}

QueueEffect queueEffect(const ScriptModel& m, const Call& c) {
  // `opt.zero_grad()` sets the gradients to None (or launches a memset): nothing to wait for.
  if (c.receiver && c.method == "zero_grad") return QueueEffect::None;
  if (c.receiver && python::syntax::oneOf(c.method, {"to", "cuda", "type"})) {
    // `x.cuda(non_blocking=True)`: a copy the step meant to overlap; a
    // blocking copy after it waits for it. A blocking one (`imgs.type(
    // Tensor)`) drains the queue itself: what follows finds it empty.
    ts::Node nb = c.keyword("non_blocking");
    bool async = nb && m.resolve(nb).truthiness() == std::optional<bool>(true);
    if (async) return QueueEffect::Queues;
    // `(z * scale).to(weight_dtype)`, `x.to(torch.float16)`: a cast where the
    // tensor is, no copy between devices.
    if (c.method == "to" && castsOnly(m, c)) return QueueEffect::None;
    // `xs.append(x.to("cpu"))`: a copy back to the host, which waits.
    if (c.method == "to" && host_sync::syncOfCall(m, c)) return QueueEffect::Drains;
    // `paired = paired.to(device)` of a tensor already on the GPU returns it
    // as it is: no copy, no wait.
    if (c.method != "type" && m.deviceOrigin(c.receiver) && !m.isModuleExpression(c.receiver)) return QueueEffect::None;
    return QueueEffect::Drains;
  }
  // A read, a synchronize, another blocking upload: the queue is empty after it.
  if (readLike(c) || (host_sync::maySync(m, c) && host_sync::syncOfCall(m, c))) return QueueEffect::Drains;
  if (launchesLittle(m, c)) return QueueEffect::None;
  if (auto [cm, f] = m.callTarget(c); cm && f && !m.isModuleExpression(c.callee)) return functionEffect(*cm, *f, 0);
  return QueueEffect::Queues;
}

// A project function whose own calls all queue little (`self.weights()`
// returning a numpy array, `as_input(array)` making a PIL image) queues
// nothing either; one whose only other calls sync (`to_categorical(y)`
// building a CUDA tensor from numpy) leaves the queue drained. The project
// functions it calls are asked too, two calls deep, but only to show that
// the whole chain stays on the host (`preprocess(path)` reading with cv2 and
// padding with its own numpy helper queues nothing): a chain that both
// calls further helpers and syncs somewhere, or runs a module, may queue
// anything.
QueueEffect functionEffect(const ScriptModel& m, const python::Function& f, int depth) {
  bool drains = false, nested = false;
  for (const Call& k : m.callsIn(f.body)) {
    if (!f.body.contains(k.node) || launchesLittle(m, k)) continue;
    if (host_sync::syncOfCall(m, k)) {
      drains = true;
      continue;
    }
    auto [km, kf] = m.callTarget(k);
    if (!km || !kf || depth >= 1 || m.isModuleExpression(k.callee) || python::isTrainingCall(k) ||
        kf == &f)
      return QueueEffect::Queues;
    if (functionEffect(*km, *kf, depth + 1) != QueueEffect::None) return QueueEffect::Queues;
    nested = true;
  }
  if (drains && nested) return QueueEffect::Queues;
  return drains ? QueueEffect::Drains : QueueEffect::None;
}

}  // namespace

bool queuesWorkBefore(const ScriptModel& m, const python::BatchContext& batch, ts::Node at) {
  return queueBefore(m, batch, at) == QueueState::Queued;
}

namespace {

// `if step % eval_every == 0: evaluate(model)`, `if last_step:`, a flag that is
// off: work most passes skip.
bool skippedOnMostPasses(const ScriptModel& owner, ts::Node n, ts::Node from) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !(p == from); child = p, p = p.parent())
    if ((p.is("if_statement") || p.is("elif_clause")) && child == p.field("consequence") &&
        python::judgeGuard(owner, p.field("condition")).kind != python::GuardKind::Often)
      return true;
  return false;
}

// The state the calls of `from` that end before `end` leave the queue in, in
// the order they finish (an argument's call before the call it is passed
// to): the last of them that queues or drains decides.
QueueState stateAfterCalls(const ScriptModel& owner, ts::Node from, uint32_t end, QueueState state,
                           const Call** drained_by) {
  std::vector<const Call*> before;
  for (const Call& c : owner.callsIn(from))
    if (from.contains(c.node) && c.node.end() <= end) before.push_back(&c);
  std::stable_sort(before.begin(), before.end(),
                   [](const Call* a, const Call* b) { return a->node.end() < b->node.end(); });
  // A call under a branch may queue work (`if amp: scaler.scale(loss).
  // backward() else: loss.backward()`), but drains the queue only when it
  // always runs (a periodic `if step % N == 0: log(x.item())` does not).
  for (const Call* c : before) {
    QueueEffect e = queueEffect(owner, *c);
    if (e == QueueEffect::Queues) {
      if (!skippedOnMostPasses(owner, c->node, from)) state = QueueState::Queued;
    } else if (e == QueueEffect::Drains && alwaysRunsIn(c->node, from)) {
      state = QueueState::Drained;
      *drained_by = c;
    }
  }
  return state;
}

// True when a `continue` of this loop may skip the end of its body.
bool continuesEarly(ts::Node loop_body) {
  auto of_this_loop = [&](ts::Node stmt) {
    for (ts::Node p = stmt.parent(); p && !(p == loop_body); p = p.parent())
      if (python::syntax::isLoop(p) || python::syntax::isScope(p)) return false;  // an inner loop's, a def's
    return true;
  };
  for (uint32_t i = loop_body.preorder() + 1, end = loop_body.subtreeEnd(); i < end; ++i)
    if (ts::Node n = loop_body.preorderAt(i); n.is("continue_statement") && of_this_loop(n)) return true;
  return false;
}

// Drained when `target` is in a loop (the batch loop's body itself, or a
// loop inside `from`, like a sampler's timestep loop) whose pass touches the
// queue nowhere before it, and whose pass always ends by draining it
// (`loss.item()`, `x.to("cpu")`, `torch.cuda.synchronize()` last): on every
// pass but the first it finds the queue the last pass emptied.
QueueState carriedFromLastPass(const ScriptModel& owner, ts::Node from, bool from_is_loop, ts::Node target,
                               const Call** drained_by) {
  ts::Node body;
  for (ts::Node p = target.parent(); p && !body; p = p.parent()) {
    if (p == from) {
      if (from_is_loop) body = from;
      break;
    }
    if (python::syntax::isScope(p)) break;
    if (python::syntax::isLoop(p) && p.field("body").contains(target)) body = p.field("body");
  }
  if (!body || continuesEarly(body)) return QueueState::Unknown;
  const Call* drain = nullptr;
  if (stateAfterCalls(owner, body, target.begin(), QueueState::Unknown, &drain) != QueueState::Unknown)
    return QueueState::Unknown;  // the pass itself decides
  QueueState tail = stateAfterCalls(owner, body, body.end(), QueueState::Unknown, &drain);
  if (tail == QueueState::Drained) *drained_by = drain;
  return tail;
}

}  // namespace

QueueState queueBefore(const ScriptModel& m, const python::BatchContext& batch, ts::Node at, const Call** drained_by) {
  const Call* drain = nullptr;
  if (!drained_by) drained_by = &drain;
  std::vector<ts::Node> targets(batch.via_calls.begin(), batch.via_calls.end());
  targets.push_back(at);
  ts::Node loop_body = batch.loop ? batch.loop->node.field("body") : ts::Node();
  QueueState state = QueueState::Unknown;
  for (ts::Node target : targets) {
    const ScriptModel& owner = m.ownerOf(target);  // a helper of another file
    ts::Node from;
    if (loop_body && &owner == &m.ownerOf(loop_body) && loop_body.contains(target)) from = loop_body;
    else if (const python::Function* f = owner.enclosingFunction(target)) from = f->body;
    if (!from) continue;
    state = stateAfterCalls(owner, from, target.begin(), state, drained_by);
    if (QueueState carried = carriedFromLastPass(owner, from, from == loop_body, target, drained_by);
        carried == QueueState::Drained)
      state = carried;
  }
  return state;
}

}  // namespace gpulint::checks::queued_work
