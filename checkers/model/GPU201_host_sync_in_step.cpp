#include "checkers/model/GPU201_host_sync_in_step.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "checkers/data/h2d_copies.h"
#include "checkers/item_output.h"
#include "checkers/model/accumulated_total.h"
#include "checkers/model/backprop_reach.h"
#include "checkers/model/host_sync.h"
#include "checkers/model/host_uploads.h"
#include "checkers/model/context_syncs.h"
#include "checkers/model/helper_effects.h"
#include "checkers/model/queued_work.h"
#include "checkers/model/readback_blocks.h"
#include "checkers/per_item_loops.h"
#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/syntax.h"
#include "frontend/python/training_mode.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;

// The upload finds the queue empty, and stays so once the other findings
// are fixed: the call that emptied it is a read or a synchronize (GPU201's
// own finding), or the pass's start after a last pass that ended with one.
// A blocking copy of the loop's own batch does not count: GPU103/GPU104 make
// it asynchronous, and the upload then waits for whatever was queued before
// it. Nor does a blocking copy of other host data (`feats_on_host[i].to(dev)`),
// the pass's real wait that no rule reports, unless it found the queue empty
// in its turn (`t = ...to(dev)` then `t_next = ...to(dev)` first thing in a
// pass that ended with `x.to("cpu")`).
bool staysDrained(const ScriptModel& model, const python::BatchContext& batch, const Call* drain, int depth = 0) {
  if (!drain) return false;
  if (!copiedToGpu(model.ownerOf(drain->node), *drain)) return true;
  if (!batch.loop || depth >= 3) return false;
  // What was queued before the copy, asked from the loop's body when the copy is there.
  python::BatchContext before = batch;
  if (ts::Node body = batch.loop->node.field("body");
      &model.ownerOf(drain->node) == &model.ownerOf(body) && body.contains(drain->node))
    before.via_calls.clear();
  const Call* earlier = nullptr;
  if (queued_work::queueBefore(model, before, drain->node, &earlier) != queued_work::QueueState::Drained)
    return false;
  return earlier != drain && staysDrained(model, batch, earlier, depth + 1);
}
namespace syntax = python::syntax;
using host_sync::collectNonCallSpots;
using host_sync::insideLogCall;
using host_sync::maySync;
using host_sync::statementOf;
using host_sync::Sync;
using host_sync::syncOfCall;

// A short name for the tensor: `loss`, `outputs.logits`, else "a GPU tensor".
// A call under `n` that reads a clock: `time.perf_counter()`, `timer.toc()`.
bool readsClock(const ScriptModel& model, ts::Node n) {
  for (const Call& c : model.callsIn(n))
    if (n.contains(c.node) &&
        (syntax::oneOf(c.qualified, {"time.time", "time.perf_counter", "time.monotonic", "time.perf_counter_ns",
                                     "time.time_ns"}) ||
         (c.receiver && syntax::oneOf(c.method, {"toc", "tic"}))))
      return true;
  return false;
}

// `outputs = model(x); torch.cuda.synchronize(); total += time.perf_counter()
// - start` in an evaluation loop: the synchronize makes the per-batch time
// honest, and an inference pass hands its outputs to the host anyway.
// Removing it would break the measurement, not free the GPU. True when a
// statement next to the one holding it (up to the loop) reads a clock, or
// when the helper holding it does.
bool fencesTimer(const ScriptModel& model, ts::Node sync, ts::Node loop) {
  // Reached through a helper of this file (`t = time_synchronized()`): the
  // helper reads the clock itself.
  if (!loop.contains(sync)) {
    const python::Function* f = model.enclosingFunction(sync);
    return f && readsClock(model, f->node);
  }
  for (ts::Node stmt = statementOf(sync); stmt && loop.contains(stmt) && !(stmt == loop); stmt = stmt.parent()) {
    if (!stmt.parent() || !stmt.parent().is("block")) continue;
    ts::Node before = stmt.prevNamedSibling(), after = stmt.nextNamedSibling();
    if ((before && readsClock(model, before)) || (after && readsClock(model, after))) return true;
  }
  return false;
}

// `t = time_synchronized()` in an evaluation loop: a timer helper that
// synchronizes and reads the clock, the same measurement as above.
bool timesEvaluation(const HelperCall& hc) {
  if (hc.batch.kind != python::BatchKind::Eval || !hc.site.model || !hc.site.at.is("call")) return false;
  const Call* c = hc.site.model->callAt(hc.site.at);
  std::optional<Sync> s = c ? syncOfCall(*hc.site.model, *c) : std::nullopt;
  return s && s->kind == Sync::Synchronize && readsClock(*hc.helper_model, hc.helper->node);
}

std::string tensorName(ts::Node tensor) {
  ts::Node t = syntax::unwrap(tensor);
  bool plain = (t.is("identifier") || t.is("attribute") || t.is("subscript")) && t.text().size() <= 32;
  return plain ? "the GPU tensor " + quote(t) : "a GPU tensor";
}

// `loss = loss_dict["loss"].mean()` after `loss_dict = diffusion.training_losses(...)`:
// the call of a project function of another file that the tensor's value
// comes from in this file, following the names it is bound from (through
// tensor methods, subscripts and attributes of them). The origin found deep
// inside that function (a table lookup the loss is scaled by) says less to
// the reader than the call that hands the value over; null when none.
ts::Node handingCall(const ScriptModel& model, ts::Node tensor) {
  ts::Node e = syntax::unwrap(tensor);
  for (int hop = 0; hop < 8 && e; ++hop) {
    if (e.is("subscript")) e = syntax::unwrap(e.field("value"));
    else if (e.is("attribute") && !e.field("object").is("identifier")) e = syntax::unwrap(e.field("object"));
    else if (e.is("call")) {
      const Call* c = model.callAt(e);
      if (!c) return {};
      if (auto [owner, f] = model.callTarget(*c); f && owner != &model) return e;
      if (!c->receiver || !c->qualified.empty()) return {};
      e = syntax::unwrap(c->receiver);  // `x.mean()`, `x.float()`: the tensor is x's
    } else if (e.is("identifier")) {
      std::optional<python::NameBinding> b = model.lastBinding(e);
      if (!b || b->conditional || !b->value) return {};
      e = syntax::unwrap(b->value);
    } else {
      return {};
    }
  }
  return {};
}

// " `loss` comes from `criterion(out, y)` at line 38."; "" when the tensor
// expression itself shows where it lives.
std::string originNote(const ScriptModel& model, ts::Node tensor, ts::Node origin) {
  if (!origin || tensor.contains(origin)) return "";
  if (&model.ownerOf(origin) != &model)
    if (ts::Node call = handingCall(model, tensor); call && !tensor.contains(call)) origin = call;
  if (origin.is("identifier")) return " The framework moved " + quote(origin) + " to the GPU before this hook.";
  if (origin.is("call") && syntax::lastName(origin.field("function")) == "register_buffer")
    return " It is a buffer the module registers at " + lineRef(model, origin) +
           ", which moves to the GPU with the module.";
  // The origin may lie in another file (a helper's return, a caller's argument).
  std::string where = quote(origin) + " at " + lineRef(model, origin) + ".";
  ts::Node t = syntax::unwrap(tensor);
  return t.is("identifier") || t.is("attribute") ? " " + quote(t) + " comes from " + where
                                                  : " It is computed from " + where;
}

// `sqsum += x.item()` whose total the function then hands to a host library
// (`np.sqrt(sqsum)`, `math.log(total)`, `json.dumps(...)`): those reject a
// CUDA tensor, so accumulating with .detach() would break the code after
// the loop. The advice stands; the edit is withheld.
bool totalTakenByHostLibrary(const ScriptModel& m, ts::Node accumulation) {
  ts::Node total = accumulation.field("left");
  const python::Function* f = total ? m.enclosingFunction(accumulation) : nullptr;
  ts::Node scope = f ? f->node : m.root();
  if (!total || !total.is("identifier")) return false;
  for (const Call& c : m.callsIn(scope)) {
    if (!scope.contains(c.node) || c.node.begin() < accumulation.end()) continue;
    std::string_view q = c.qualified;
    if (!(q.starts_with("numpy.") || q.starts_with("math.") || q.starts_with("json.") || q.starts_with("statistics.")))
      continue;
    for (ts::Node a : c.positional)
      if (syntax::containsName(a, total.text())) return true;
  }
  return false;
}

bool accumulates(ts::Node call) {
  ts::Node parent = call.parent();
  return parent && parent.is("augmented_assignment") && parent.field("operator").text() == "+=" &&
         syntax::unwrap(parent.field("right")) == call;
}


// `log(loss)`, `set_postfix(loss=loss)`: the call receives the tensor itself;
// else it sits in a string the call's arguments format (`"%g" % (*mloss,)`).
bool passedDirectly(ts::Node tensor) {
  ts::Node p = tensor.parent();
  while (p && p.is("parenthesized_expression")) p = p.parent();
  return p && (p.is("argument_list") || p.is("keyword_argument") || p.is("pair"));
}

bool inLightningModule(const ScriptModel& m, ts::Node n) {
  const python::Function* f = m.enclosingFunction(n);
  return f && f->owner && f->owner->is_lightning_module;
}

// Where `tensor` was put on the GPU, as the loop named in the finding
// reaches it: a helper's parameter (`scalar_tensor.float().item()` in
// `to_python_float(t)`) takes its origin from the argument of the call the
// loop makes, not from whichever caller comes first in the file.
ts::Node originAtCall(const ScriptModel& m, ts::Node tensor, const python::BatchContext& batch) {
  ts::Node root = syntax::unwrap(tensor);
  while (root && !root.is("identifier")) {
    if (root.is("attribute")) root = syntax::unwrap(root.field("object"));
    else if (root.is("call") && root.field("function").is("attribute"))
      root = syntax::unwrap(root.field("function").field("object"));
    else if (root.is("subscript")) root = syntax::unwrap(root.field("value"));
    else root = {};
  }
  const Call* via = batch.via_calls.empty() ? nullptr : m.callAt(batch.via_calls.back());
  const python::Function* f = root ? m.enclosingFunction(root) : nullptr;
  if (via && f && &m.ownerOf(via->node) == &m) {
    std::vector<python::NameBinding> bound = m.reachingBindings(root);
    if (bound.size() == 1 && bound.front().parameter && bound.front().scope == f->node && m.calledFunction(*via) == f)
      if (ts::Node arg = m.argumentFor(*via, *f, root.text()))
        if (ts::Node origin = m.deviceOrigin(arg)) return origin;
  }
  ts::Node origin = m.deviceOrigin(tensor);
  // Found through another caller of the chain's functions (the evaluation
  // loop's forward for a helper the training loop reaches too): not this
  // pass's tensor, so it is left out rather than named wrongly.
  if (!origin || batch.via_calls.empty() || &m.ownerOf(origin) != &m || batch.scope.contains(origin)) return origin;
  const python::Loop* other = m.enclosingLoop(origin);
  return other && !other->node.contains(batch.scope) ? ts::Node() : origin;
}

// A library that computes on the host: what the helper reads back is its input.
bool cpuLibrary(std::string_view q) {
  for (std::string_view prefix : {"scipy.", "sklearn.", "cv2.", "skimage.", "lap.", "pycocotools.", "networkx."})
    if (q.starts_with(prefix)) return true;
  return false;
}

// The call of a CPU library that the read at `at` feeds: the read as its
// argument (`linear_sum_assignment(c.cpu())`), or the name it is assigned
// to passed to one later in the helper (`cost = C.cpu()` then
// `linear_sum_assignment(cost)`). Null when none: the values may stay on the GPU.
const Call* cpuLibraryConsumer(const ScriptModel& m, ts::Node at) {
  if (!at) return nullptr;
  for (ts::Node p = at.parent(); p && !p.is("block"); p = p.parent())
    if (const Call* c = p.is("call") ? m.callAt(p) : nullptr; c && cpuLibrary(c->qualified)) return c;
  ts::Node stmt = statementOf(at);
  ts::Node assign = stmt && stmt.namedChildCount() > 0 ? stmt.namedChild(0) : ts::Node();
  if (!assign || !assign.is("assignment")) return nullptr;
  ts::Node target = assign.field("left");
  if (!target || !target.is("identifier")) return nullptr;
  const python::Function* f = m.enclosingFunction(stmt);
  if (!f) return nullptr;
  // The statement of the library call names it (`[lsa(c[i]) for i, c in enumerate(C.split(sizes))]`).
  for (const Call& c : m.callsIn(f->node)) {
    if (c.node.begin() < stmt.end() || !cpuLibrary(c.qualified) || m.enclosingFunction(c.node) != f) continue;
    ts::Node uses = statementOf(c.node);
    for (uint32_t i = uses.preorder(); i < uses.subtreeEnd(); ++i)
      if (ts::Node n = uses.preorderAt(i); n.is("identifier") && n.text() == target.text()) return &c;
  }
  return nullptr;
}

// The advice for a read that feeds a CPU library (`linear_sum_assignment`).
std::string cpuLibraryAdvice(const ScriptModel& model, const Call& lib) {
  return "what it reads back feeds " + quote(lib.node) + " at " + lineRef(model, lib.node) +
         ", a CPU library that needs the values on every call: use a GPU implementation of that computation";
}

// What to change, by kind of sync and of loop.
// `torch.cuda.FloatTensor(np.random.normal(0, 1, shape))`: random numbers
// drawn by numpy (the data argument of the call that made the tensor).
bool drawsNumpyRandom(const ScriptModel& m, ts::Node made) {
  const Call* c = made && made.is("call") ? m.callAt(made) : nullptr;
  if (!c || c->positional.empty()) return false;
  ts::Node data = syntax::unwrap(c->positional[0]);
  const Call* d = data.is("call") ? m.callAt(data) : nullptr;
  return d && d->qualified.starts_with("numpy.random.");
}

// `torch.full(size, value)` / `x.new_full(size, value)`.
bool fillsFromTensor(const Call* call) {
  return call && (call->qualified == "torch.full" || (call->receiver && call->method == "new_full"));
}

// `torch.linspace(0, 1, steps, device=device)`, `torch.arange(n, device=dev)`:
// a schedule of numbers the host knows (a sampler's timesteps), put on the
// GPU, each bound a literal or a plain name (a step count), not a tensor's value.
bool makesHostKnownSchedule(const ScriptModel& m, ts::Node origin) {
  const Call* c = origin && origin.is("call") ? m.ownerOf(origin).callAt(origin) : nullptr;
  if (!c || !c->keyword("device") ||
      !python::syntax::oneOf(c->qualified, {"torch.linspace", "torch.arange", "torch.logspace"}))
    return false;
  return std::all_of(c->positional.begin(), c->positional.end(), [](ts::Node a) {
    a = python::syntax::unwrap(a);
    return a.is("integer") || a.is("float") || a.is("identifier");
  });
}

std::string advice(const ScriptModel& m, const Sync& s, const python::BatchContext& batch, Diagnostic& d) {
  const Call* call = m.callAt(s.at);
  std::string guard = "move it under a periodic guard (`if step % 100 == 0:`)";
  switch (s.kind) {
    case Sync::Synchronize:
      if (call && host_sync::isRankBarrier(m, *call))
        return "remove it: batches need no lockstep across ranks, and a collective after the loop (an all_reduce "
               "of the totals) waits for every rank on the GPU anyway";
      return "remove it, or keep it behind a periodic guard or a profiling flag that is off by default";
    case Sync::Nonzero:
      if (s.at.is("subscript"))  // `x[mask]`
        return "keep the shape fixed: weight by the mask instead of selecting with it (`(x * mask).sum() / "
               "mask.sum()`, torch.where(mask, x, 0)), or " + guard;
      return "use a fixed-size form (a boolean mask, torch.where(cond, a, b)) or " + guard;
    case Sync::Branch:
      return s.at.parent() && s.at.parent().is("assert_statement")
                 ? "check it under a periodic guard (`if step % 100 == 0:`) or drop the assert from the step"
                 : "decide on the GPU instead (torch.where, a mask, torch.nan_to_num) or test it under a periodic "
                   "guard (`if step % 100 == 0:`)";
    case Sync::Log:
    case Sync::Format:
      return "log it under a periodic guard (`if step % 100 == 0:`)" +
             std::string(inLightningModule(m, s.at) ? ", or with self.log, which defers the copy" : "");
    case Sync::EachTruth:
      return "reduce on the GPU first and read one bool (`torch.stack([...]).all()`, torch._foreach_norm), or "
             "use torch.cuda.amp.GradScaler, which checks for infs without a sync per tensor";
    case Sync::EachElement:
      if (s.tensor.text().find("norm") != std::string_view::npos)
        return "stack the elements on the GPU instead (`torch.stack([...])`, one tensor and no copy); for a "
               "gradient norm, torch.nn.utils.clip_grad_norm_ or torch._foreach_norm compute it without a read";
      return "stack the elements on the GPU instead (`torch.stack([...])`, one tensor and no copy)";
    case Sync::ScaleRead:
      return "read it under a periodic guard (`if step % 100 == 0:`), where it is logged";
    case Sync::Store:
      return "make the buffer on the GPU (`device=` on the factory call) and copy it to the host once after the loop";
    case Sync::Upload:
      if (s.host_data && drawsNumpyRandom(m, s.buffer))
        return "draw the numbers on the GPU (torch.rand, torch.randn or torch.randint with `device=`), which needs "
               "no copy at all";
      if (s.host_data && batch.loop && host_sync::sameOnEveryPass(m, s.buffer, *batch.loop))
        return "make it once before the loop: its data is the same on every pass, so one copy to the GPU "
               "serves them all";
      if (s.host_data && s.at == s.buffer)
        return "build it once before the loop if it does not change, else make it on the host and copy it with "
               "`.to(device, non_blocking=True)` (a small copy from pageable memory is staged without waiting for "
               "the GPU's queue)";
      if (s.host_data)
        return "copy it with `.to(device, non_blocking=True)` (a small copy from pageable memory is staged without "
               "waiting for the GPU's queue), or compute it on the GPU from the step's tensors";
      return "make it on the GPU directly (`device=` on the factory call, e.g. the device of a tensor of the step), "
             "which needs no copy at all";
    case Sync::SliceBound:
      return "read all the bounds once with one copy (`starts = ids.tolist()` before the loop), or gather the "
             "slices on the GPU with an index tensor (torch.gather, arange + offsets)";
    case Sync::Convert:
      if (fillsFromTensor(call))
        return "broadcast the tensor instead of filling with it (`value.expand(size)`, `value.view(1, 1, 1, 1)`, "
               "or `torch.ones(size, device=...) * value`), which stays on the GPU";
      if (call && host_sync::isBuiltinMinMax(m, *call)) {
        // `max(count, 1)` -> `torch.clamp(count, min=1)`: the bound is the other value.
        ts::Node other = call->positional.size() == 2 ? call->positional[call->positional[0] == s.tensor ? 1 : 0]
                                                      : ts::Node();
        std::string bound = other && other.text().size() <= 32 ? std::string(other.text()) : "...";
        return "bound it on the GPU: `torch.clamp(" + std::string(s.tensor.text()) +
               (call->method == "max" ? ", min=" : ", max=") + bound +
               ")` against a number, torch.maximum/torch.minimum against another tensor";
      }
      if (call && host_sync::sizeArgument(*call))
        return "keep the sizes on the host (a Python list, or the tensors' `.shape`) and build GPU tensors from "
               "them only where kernels need them";
      break;
    case Sync::Read:
      break;
  }
  if (call && call->method == "item" && call->positional.empty() && accumulates(s.at) &&
      !totalReadInLoop(m, s.at.parent(), batch)) {
    std::string receiver(call->receiver.text());
    if (!totalTakenByHostLibrary(m, s.at.parent()))
      d.fixes.push_back(Fix{"Accumulate on the GPU with .detach()", Applicability::Unsafe,
                            {fixits::replaceNode(m, s.at, receiver.ends_with(".detach()") ? receiver
                                                                                           : receiver + ".detach()")}});
    return "accumulate it with .detach() on the GPU and read the total every N steps or once after the loop";
  }
  ts::Node args = s.at.parent();
  const Call* outer = args && args.is("argument_list") ? m.callAt(args.parent()) : nullptr;
  if (outer && isLightningSelfLog(*outer)) return "pass the tensor itself: self.log defers the copy";
  if (makesHostKnownSchedule(m, s.origin))
    return "that schedule holds numbers the host knows before the loop: build it on the host (without device=, "
           "or in Python) and read them there, with no copy to wait for";
  // The Trainer's loop around a forward has no step counter in sight: what
  // forward computes for logging leaves it as a tensor.
  if (batch.libraryTrainerForward())
    return batch.kind == python::BatchKind::Step
               ? "keep the value on the GPU: return it with the model's outputs (or accumulate it with .detach()) "
                 "and read it where the Trainer logs, every logging_steps"
               : "keep the value on the GPU: return it with the model's outputs, which the Trainer's evaluation "
                 "gathers on the GPU and copies to the host once (or every eval_accumulation_steps)";
  // A read in a helper of this file the loop calls (`crit(out, gold)` whose
  // matcher copies the cost matrix to the host).
  if (const Call* lib = batch.via_calls.empty() ? nullptr : cpuLibraryConsumer(m, s.at))
    return cpuLibraryAdvice(m, *lib);
  if (const Call* entry = batch.via_calls.empty() ? nullptr : m.callAt(batch.via_calls.front());
      entry && batch.kind == python::BatchKind::Step && outputIsDifferentiated(m, *entry))
    return "the step backpropagates through what " + quote(entry->node) +
           " returns, so no periodic guard can skip it: keep the values inside it on the GPU (tensor ops instead "
           "of .item()/.cpu() reads)";
  if (batch.kind == python::BatchKind::Eval)
    return batch.loop ? "collect the tensors on the GPU and copy them to the host once after the loop"
                      : "collect the tensors on the GPU and copy them to the host once per epoch "
                        "(on_validation_epoch_end)";
  return guard + ", or keep the value on the GPU";
}

Diagnostic describe(const ScriptModel& m, const Sync& s, const python::BatchContext& batch) {
  Diagnostic d;
  d.rule = "GPU201";
  d.level = Level::Warning;
  d.location = m.location(s.at);
  d.related = relatedFrom(m, batch);
  addPerItemNote(m, s.at, batch, d.related);
  std::string every = frequencyPhrase(m, s.at, batch,
                                      batch.kind == python::BatchKind::Step ? "on every step of " : "on every batch of ");
  std::string origin = s.tensor ? originNote(m, s.tensor, s.origin) : "";
  const Call* call = m.callAt(s.at);
  switch (s.kind) {
    case Sync::Read:
    case Sync::Convert:
      if (fillsFromTensor(call))
        d.message = quote(s.at) + " takes its fill value as a Python number, so it copies " + tensorName(s.tensor) +
                    " to the host " + every + "." + origin;
      else if (call && host_sync::isBuiltinMinMax(m, *call))
        d.message = quote(s.at) + " compares " + tensorName(s.tensor) +
                    " with the other values and needs each result as a host bool, so it copies the tensor to the "
                    "host " + every + "." + origin;
      else if (call && host_sync::sizeArgument(*call))
        d.message = quote(s.at) + " takes its size as a Python int, so it copies " + tensorName(s.tensor) +
                    " to the host " + every + "." + origin;
      else
        d.message = quote(s.at) + " copies " + tensorName(s.tensor) + " to the host " + every + "." + origin;
      break;
    case Sync::Log:
      d.message = passedDirectly(s.tensor)
                      ? quote(call ? call->callee : s.at) + " receives " + tensorName(s.tensor) + " " + every +
                            " and copies it to the host to log it." + origin
                      : quote(call ? call->callee : s.at) + " formats " + tensorName(s.tensor) +
                            " into its record " + every + ", which copies it to the host." + origin;
      break;
    case Sync::Format:
      d.message = "Formatting " + tensorName(s.tensor) + " into a string " + every + " copies it to the host." + origin;
      break;
    case Sync::Synchronize: {
      // `barrier()` bound to torch.cuda.synchronize: say what it is.
      const Call* call = m.callAt(s.at);
      if (call && host_sync::isRankBarrier(m, *call)) {
        bool library = call->qualified != "torch.distributed.barrier";
        d.message = quote(s.at) + " runs " + every + (library ? ": launched on several processes it is a barrier "
                    "(torch.distributed.barrier), and" : ":") + " with NCCL the host waits until the GPU has run the "
                    "work queued on the current stream and every rank has reached the barrier.";
        break;
      }
      bool alias = call && call->qualified != "torch.cuda.synchronize" && call->method != "synchronize";
      d.message = quote(s.at) + (alias ? " (torch.cuda.synchronize)" : "") + " runs " + every + ".";
      break;
    }
    case Sync::Branch:
      if (ts::Node test = s.tensor.parent(); test && test.is("comparison_operator") && test.namedChild(0) == s.tensor)
        // `token in stop_ids`: one comparison, and one truth value, per element.
        d.message = "Python compares " + quote(s.tensor) + ", a GPU tensor, with each element of " +
                    quote(test.namedChild(1)) + " and needs each result as a host bool " + every +
                    ", so it copies a tensor to the host per element." + origin;
      else
        d.message = "Python needs the truth value of " + quote(s.at) + ", a GPU tensor, as a host bool " + every +
                    ", so it copies the tensor to the host." + origin;
      break;
    case Sync::Nonzero:
      d.message = quote(s.at) + " returns a tensor whose size depends on values on the GPU, so " + every +
                  " the host must read them." + origin;
      break;
    case Sync::EachTruth:
      d.message = "`" + std::string(call ? call->method : "all") + "()` asks Python for the truth value of " + quote(s.tensor) +
                  ", a GPU tensor, once per element, copying each to the host " + every + "." + origin;
      break;
    case Sync::EachElement:
      d.message = quote(s.at) + " builds a tensor from GPU tensors (" + quote(s.tensor) +
                  ") and takes each element as a Python number, so it copies them to the host one by one " + every +
                  "." + origin;
      break;
    case Sync::ScaleRead:
      d.message = quote(s.at) + " reads the GradScaler's scale, a GPU tensor, with .item() " + every + ".";
      break;
    case Sync::SliceBound:
      d.message = "Python needs the slice bound " + quote(s.at) + " as an int, so Tensor.__index__ copies " +
                  tensorName(s.tensor) + " to the host " + every + "." + origin;
      break;
    case Sync::Upload:
      if (s.host_data && s.at == s.buffer)
        d.message = quote(s.at) + " builds a CUDA tensor from host data " + every +
                    ", after the step has queued GPU work; the copy is made without non_blocking, so PyTorch waits "
                    "for the GPU's queued work to finish.";
      else if (s.host_data)
        d.message = quote(s.at) + " copies host data made into a tensor by " + quote(s.buffer) + " to the GPU " +
                    every + ", after the step has queued GPU work; PyTorch waits for the GPU's queued work to finish "
                    "after a copy without non_blocking.";
      else
        d.message = quote(s.at) + " makes a tensor on the host with " + quote(s.buffer) + " and copies it to the GPU " +
                    every + "; PyTorch waits for the GPU's queued work to finish after a copy without non_blocking.";
      break;
    case Sync::Store:
      d.message = "Storing " + tensorName(s.tensor) + " into " + quote(s.at) + ", an element of a tensor made on the host by " +
                  quote(s.buffer) + " at " + lineRef(m, s.buffer) + ", copies it to the host " + every + "." + origin;
      break;
  }
  ShortGuardNote guard = shortGuardNote(m, s.at, batch);
  d.message += guard.clause;
  d.related.insert(d.related.end(), guard.related.begin(), guard.related.end());
  d.message += " The CPU blocks until the GPU has finished all queued work, and the GPU then idles while Python "
               "launches the next step; " + advice(m, s, batch, d) + "." + gpuFlagNote(m);
  if (s.origin && !s.tensor.contains(s.origin))
    d.related.push_back({m.location(s.origin), "the tensor is produced on the GPU here"});
  if (s.buffer && s.kind == Sync::Store) d.related.push_back({m.location(s.buffer), "the host tensor is made here"});
  return d;
}

// What to change about a helper that syncs per step. A helper whose result
// the step differentiates (a criterion's forward computing the loss) runs
// on every step by necessity: no periodic guard can skip it.
// The helper changes the gradients the optimizer step then applies
// (`p.grad.data.mul_(coef)`, clip_grad_norm_): it belongs to every step.
bool namesGradient(std::string_view r) {
  // `p.grad`, `p.grad.data`, `p.grad.detach()`
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (std::string_view tail : {".data", ".detach()"})
      if (r.ends_with(tail)) {
        r.remove_suffix(tail.size());
        stripped = true;
      }
  }
  return r.ends_with(".grad");
}

bool editsGradients(const HelperCall& hc) {
  for (const Call& c : hc.helper_model->callsIn(hc.helper->node)) {
    if (c.qualified.ends_with("clip_grad_norm_") || c.qualified.ends_with("clip_grad_value_")) return true;
    if (c.receiver && c.method.ends_with("_") && namesGradient(c.receiver.text())) return true;
  }
  // `p.grad *= scale`, `p.grad = p.grad * scale`
  ts::Node f = hc.helper->node;
  for (uint32_t i = f.preorder() + 1, end = f.subtreeEnd(); i < end; ++i) {
    ts::Node n = f.preorderAt(i);
    if ((n.is("assignment") || n.is("augmented_assignment")) && namesGradient(n.field("left").text())) return true;
  }
  return false;
}

// Full-batch training (stepsOncePerEpoch): one sync per pass is one per
// epoch, next to a step over the whole data. A sync in a loop of its own
// inside the pass (per node, per sample) still multiplies: kept.
bool oncePerFullBatchStep(const ScriptModel& m, const python::BatchContext& batch, ts::Node at) {
  if (!stepsOncePerEpoch(batch)) return false;
  const python::Loop* around = m.enclosingLoop(at);  // within its own function
  return batch.via_calls.empty() ? around == batch.loop : around == nullptr;
}

// The function steps an optimizer (or a scaler) in its body, or in a
// project function it calls (`step()` dispatching to `_step_plain()`).
bool stepsOptimizer(const ScriptModel& m, const python::Function& f, int depth) {
  for (const Call& c : m.callsIn(f.body)) {
    if (python::isTrainingCall(c) && c.method != "backward" && c.method != "gradient") return true;
    if (depth < 2)
      if (auto [cm, callee] = m.callTarget(c); cm && callee && callee != &f && stepsOptimizer(*cm, *callee, depth + 1))
        return true;
  }
  return false;
}

bool stepsOptimizer(const HelperCall& hc) { return stepsOptimizer(*hc.helper_model, *hc.helper, 0); }

// The helper's sync is a blocking copy of host data to the GPU
// (`batch.new_tensor(MEAN)`, `FT(np.random.rand(n))`): the remedy is the
// copy, not a guard.
std::optional<Sync> siteSync(const HelperCall& hc) {
  if (!hc.site.model || !hc.site.at.is("call")) return std::nullopt;
  const Call* c = hc.site.model->callAt(hc.site.at);
  return c ? syncOfCall(*hc.site.model, *c) : std::nullopt;
}

bool uploadsHostData(const HelperCall& hc) {
  auto s = siteSync(hc);
  return s && s->kind == Sync::Upload && s->host_data;
}

std::string helperAdvice(const ScriptModel& model, const HelperCall& hc) {
  // A timer helper (`time_synchronized()`): the wait is all it adds.
  if (auto s = siteSync(hc); s && s->kind == Sync::Synchronize)
    return "remove the synchronize from the helper, or keep it behind a profiling flag that is off by default";
  if (uploadsHostData(hc))
    return "make those tensors once, on the GPU, outside the step (or copy them with `.to(device, "
           "non_blocking=True)`, which stages a small copy without waiting for the queue); draw random numbers "
           "on the GPU (torch.rand/torch.randn with `device=`)";
  if (hc.batch.kind == python::BatchKind::Step && editsGradients(hc))
    return "it changes the gradients the optimizer step applies, so it must run on every step: keep its values "
           "on the GPU (tensor ops instead of .item() reads and host tests; torch.nn.utils.clip_grad_norm_ clips "
           "by the total norm without a host read)";
  // Inside a forward the Trainer runs, the helper is part of the model's computation: no guard can skip it.
  if (hc.batch.libraryTrainerForward())
    return "the model's forward needs it on every call, so no periodic guard can skip it: keep its values on the "
           "GPU (tensor ops, a mask or torch.where instead of .item()/.tolist() reads and host tests)";
  // `linear_sum_assignment(cost)` of a matcher: the host must have the values on every call.
  if (hc.site.model)
    if (const Call* lib = cpuLibraryConsumer(*hc.site.model, hc.site.at)) return cpuLibraryAdvice(model, *lib);
  if (hc.batch.kind == python::BatchKind::Eval)
    return "keep the values on the GPU inside it and copy the results to the host once after the loop";
  // `train_epoch(model, opt, x, y)` of full-batch training: the helper is the step itself.
  if (hc.batch.kind == python::BatchKind::Step && stepsOptimizer(hc))
    return "the helper is the training step itself (it steps the optimizer), so no guard can skip it: keep its "
           "values on the GPU (make tensors there with `device=`, return the loss as a tensor and read it every N "
           "steps)";
  if (outputIsDifferentiated(model, *hc.call))
    return "the step backpropagates through what it returns, so no periodic guard can skip it: keep the values "
           "inside it on the GPU (tensor ops instead of .item()/.cpu() reads), or, where a CPU library must read "
           "them, use a GPU implementation of that computation";
  return "call it under a periodic guard (`if step % 100 == 0:`), or keep the values on the GPU inside it";
}

// `a` and `b` sit in different arms of one if/elif/else: a pass runs one of them.
bool exclusiveArms(ts::Node a, ts::Node b) {
  for (ts::Node p = a.parent(); p && !python::syntax::isScope(p); p = p.parent()) {
    if (!p.is("if_statement") || !p.contains(b)) continue;
    auto arm = [&](ts::Node n) {
      for (ts::Node c : p.namedChildren())
        if ((c.is("block") || c.is("else_clause") || c.is("elif_clause")) && c.contains(n)) return c;
      return ts::Node();
    };
    ts::Node x = arm(a), y = arm(b);
    return x && y && !(x == y);
  }
  return false;
}

// A call of a helper whose sync was already shown at a call in another arm
// of the same if/else of the same loop (`losses = compute()` on either side
// of a `no_sync` split): the same wait, one finding; this call becomes that
// finding's related location. False when there is none.
bool joinsOtherArm(const ScriptModel& model, const HelperCall& hc,
                   const std::vector<std::pair<const HelperCall*, size_t>>& shown, std::vector<ReadbackSpot>& found) {
  for (const auto& [first, index] : shown) {
    if (first->batch.loop != hc.batch.loop || first->site.model != hc.site.model || !(first->site.at == hc.site.at) ||
        !exclusiveArms(first->call->node, hc.call->node))
      continue;
    found[index].finding.related.push_back({model.location(hc.call->node), "the other arm of the branch calls it here"});
    return true;
  }
  return false;
}

// A Trainer hook (compute_loss, training_step) of a class that decodes with
// a library generate() or a vLLM engine, itself or in a project base (an
// online RL or distillation trainer: GRPO, RLOO, on-policy distillation):
// its steps read the host after every generated token, so a metric read in
// the loss is noise beside that decoding.
bool hookOfGeneratingTrainer(const ScriptModel& model, const python::BatchContext& batch) {
  ts::Node def = batch.scope && batch.scope.is("decorated_definition") ? batch.scope.field("definition") : batch.scope;
  if (batch.loop || !def || !def.is("function_definition")) return false;
  const ScriptModel& home = model.ownerOf(def);
  const python::Function* hook = home.enclosingFunction(def.field("name"));
  if (!hook || !hook->owner) return false;
  std::vector<std::pair<const ScriptModel*, const python::ClassDef*>> classes{{&home, hook->owner}};
  for (const auto& base : home.baseClassesOf(*hook->owner)) classes.push_back(base);
  for (const auto& [m, cls] : classes)
    for (const Call& c : m->calls())
      if (c.function && c.function->owner == cls &&
          (isLibraryGenerate(*m, c) || (c.receiver && c.receiver.text().find("vllm") != std::string_view::npos)))
        return true;
  return false;
}

// Calls in a step loop of helpers defined in another file that sync on
// every call (`log_loss(epoch, step, loss)` printing `loss.item()`): one
// finding at the call, the helper's sync as a related location, a read of
// its block like the others (`top5 = accuracy(scores, targets, 5)` then
// `losses.update(loss.item())`). Statements already reported for a sync of
// their own are skipped.
void addHelperSyncs(const ScriptModel& model, std::set<uint32_t>& reported, std::vector<ReadbackSpot>& found,
                    ItemOutputLoops& output_loops) {
  HelperEffects effects;
  std::vector<HelperCall> calls = helperCallsWith(model, Effect::HostSync, effects);
  // A sync under the helper's `if stop_ids is not None:` counts only for the
  // calls that pass stop_ids.
  for (HelperCall& hc : helperCallsWith(model, Effect::HostSyncWhenPassed, effects))
    if (passesTestedArgument(hc)) calls.push_back(std::move(hc));
  // Host data the helper puts on the GPU first thing waits for what the step queued before the call.
  for (HelperCall& hc : helperCallsWith(model, Effect::HostUploadAfterWork, effects))
    if (queued_work::queuesWorkBefore(model, hc.batch, hc.call->node)) calls.push_back(std::move(hc));
  // The first finding for each helper sync site and loop: a call of the same
  // helper in another arm of the same if/else is that finding's related location.
  std::vector<std::pair<const HelperCall*, size_t>> shown_sites;
  for (const HelperCall& hc : calls) {
    if (reported.count(statementOf(hc.call->node).begin())) continue;
    if (joinsOtherArm(model, hc, shown_sites, found)) continue;
    // Once per epoch of full-batch training: the helper's sync is in no loop of its own.
    if (stepsOncePerEpoch(hc.batch) && hc.site.model && !hc.site.model->enclosingLoop(hc.site.at)) continue;
    if (output_loops.writes(model, hc.batch)) continue;  // the output the loop exists to write
    if (hookOfGeneratingTrainer(model, hc.batch)) continue;  // decoding reads the host per token anyway
    // A meter that reads what it is given syncs only when given a GPU value.
    if (syncWaitsOnArguments(hc) && !passesDeviceKeyword(model, hc)) continue;
    if (passesHostToReadParameter(model, hc)) continue;  // another caller's GPU tensor, not this one's
    // A helper that decodes with a library generate() reads the host after
    // every token it makes: one more wait before the decoding changes nothing.
    if (wrapsLibraryGenerate(*hc.helper_model, *hc.helper)) continue;
    if (timesEvaluation(hc)) continue;  // a timer fence of an inference pass
    // A helper that runs an evaluation pass is GPU202's finding at this call
    // (one anti-pattern, one finding): the syncs of that pass are part of it.
    if (hc.batch.kind == python::BatchKind::Step && effects.of(*hc.helper_model, *hc.helper).site(Effect::Evaluation))
      continue;
    // A sync in a batch loop of the helper's own (a trainer's forward that
    // runs its chunk loop of forward, `.item()` and backward) is reported
    // there, in the helper's file: the call would report it a second time,
    // with advice to guard a call that is the training step itself.
    if (const auto& site = effects.of(*hc.helper_model, *hc.helper).site(Effect::HostSync);
        site && site->model == hc.helper_model)
      if (auto own = site->model->perStep(site->at); own && own->loop && hc.helper->node.contains(own->loop->node))
        continue;
    Diagnostic d;
    d.rule = "GPU201";
    d.level = Level::Warning;
    // A call the model reads into another (`Fn.apply(x)` as `Fn.forward(ctx,
    // x)`) sits at a name inside the written call: show the written call.
    ts::Node shown = hc.call->node;
    if (!shown.is("call"))
      if (ts::Node written = syntax::ancestor(shown, {"call"})) shown = written;
    d.location = model.location(shown);
    std::string every = frequencyPhrase(model, hc.call->node, hc.batch,
                                        hc.batch.kind == python::BatchKind::Step ? "on every step of " : "on every batch of ");
    d.message = quote(shown) + " makes the host wait for the GPU " + every + ": " + helperChain(model, hc) +
                ". The CPU blocks until the GPU has finished all queued work, and the GPU then idles while Python "
                "launches the next step; " + helperAdvice(model, hc) + "." + gpuFlagNote(model);
    d.related = helperRelated(model, hc, "the helper syncs here");
    addPerItemNote(model, hc.call->node, hc.batch, d.related);
    reported.insert(statementOf(hc.call->node).begin());
    shown_sites.emplace_back(&hc, found.size());
    found.push_back({Sync{Sync::Read, hc.call->node, {}, {}, {}}, hc.batch, std::move(d)});
  }
}

// `step % 100 == 0 and not all(...)`: the right side of an `and` runs only
// when its periodic left side holds (syncOfCondition says the same of tests).
bool shortCircuitedByPeriodicTest(const ScriptModel& model, ts::Node spot) {
  ts::Node stmt = statementOf(spot);
  for (ts::Node inner = spot, p = spot.parent(); p && !(p == stmt); inner = p, p = p.parent())
    if (p.is("boolean_operator") && p.field("operator").text() == "and" && p.field("right").contains(inner) &&
        model.isPeriodicCondition(p.field("left")))
      return true;
  return false;
}

// `ids = model.generate(...)` then `ids.cpu()`: a library's generation
// reads its stop condition on the host after every token, so the stream is
// drained when it returns and reading its output adds no wait. A project's
// own generate() drains it only when its body syncs the host (an end-token
// test per token); one that only queues (argmax, cat) returns at once, and
// the read waits for the whole decoding.
bool readsFinishedGeneration(const ScriptModel& model, ts::Node origin) {
  if (!origin || !origin.is("call")) return false;
  const ScriptModel& owner = model.ownerOf(origin);
  const Call* made = owner.callAt(origin);
  if (!made || made->method != "generate" || !made->receiver) return false;
  auto [where, f] = owner.callTarget(*made);
  if (!f || !where) return true;
  HelperEffects effects;
  return effects.of(*where, *f).site(Effect::HostSync).has_value();
}

// An evaluation loop that generates with a library's generate() on every
// pass: the stream is drained when generate() returns (it read its stop
// condition on the host after every token), so a read before any further
// model forward of the pass (the references' `.cpu()` beside the outputs')
// waits for nothing. A forward after the generation (scoring the outputs)
// queues a pass whose end the read waits for: still reported.
bool readsOnlyAfterGeneration(const ScriptModel& model, const python::BatchContext& batch, ts::Node at) {
  if (!generatesPerItem(model, batch)) return false;
  ts::Node body = batch.loop->node.field("body");
  if (!body.contains(at)) return false;
  std::optional<uint32_t> generated;  // where the last generate() before the read ends
  for (const Call& c : model.callsIn(body))
    if (body.contains(c.node) && c.node.end() <= at.begin() && runsGeneration(model, c))
      generated = std::max(generated.value_or(0), c.node.end());
  if (!generated) return false;
  for (const Call& c : model.callsIn(body))
    if (body.contains(c.node) && c.node.begin() >= *generated && c.node.end() <= at.begin() &&
        model.isModuleExpression(c.callee))
      return false;
  return true;
}

// A sync in a function of this file that the loop reaches through calls and
// that decodes with a library generate() (a captioner's `generate` building
// its mask, then `self.decoder.generate(...)`): the decoding reads the host
// after every token it makes, so one more wait before it changes nothing.
bool insideGenerationWrapper(const ScriptModel& model, const python::BatchContext& batch, ts::Node at) {
  if (batch.via_calls.empty()) return false;
  const python::Function* f = model.enclosingFunction(at);
  return f && !(batch.loop && f->node.contains(batch.loop->node)) && wrapsLibraryGenerate(model, *f);
}

// An evaluation loop that runs a forward pass per generated position
// (`for pos in range(1, max_len): logits = self.core(seq[:, :pos])`), not
// one per batch of data.
bool decodesPositions(const ScriptModel& model, const python::BatchContext& batch) {
  if (batch.kind != python::BatchKind::Eval) return false;
  const python::Loop* loop = batch.scope.is("for_statement") ? model.loopFor(batch.scope) : nullptr;
  if (!loop) return false;
  if (python::repeatsForwardPasses(model, *loop)) return true;
  // `for step in range(2, max_len): out = self._decode(seq[:, :step], memory)`:
  // a counted loop handing its position to a helper that runs the model.
  ts::Node range = python::syntax::unwrap(loop->iterable);
  const python::Call* counted = range && range.is("call") ? model.callAt(range) : nullptr;
  return counted && counted->method == "range" && !counted->receiver && python::forwardingHelperCall(model, *loop);
}

// `drain(dev)` right after a blocking copy (waits for nothing), and again
// after the forward pass: the helper's synchronize runs at each call, and
// the pass picked one call to stand for it. The context of the helper's
// first other call in the same loop body where work is queued, put in
// `batch`; false when every call finds the queue drained.
bool waitsAtAnotherCall(const ScriptModel& model, python::BatchContext& batch, ts::Node at) {
  if (batch.via_calls.empty() || !batch.loop) return false;
  ts::Node first = batch.via_calls.front();
  const Call* shown = model.callAt(first);
  const python::Function* helper = shown ? model.callTarget(*shown).second : nullptr;
  ts::Node body = batch.loop->node.field("body");
  if (!helper || !body) return false;
  for (const Call& c : model.callsIn(body)) {
    if (c.node == first || !body.contains(c.node) || model.callTarget(c).second != helper) continue;
    // The same call as written: `fire("post_batch")` dispatching by name runs
    // other hooks than the `fire("pre_batch")` that synchronizes.
    if (c.node.field("arguments").text() != shown->node.field("arguments").text()) continue;
    python::BatchContext other = batch;
    other.via_calls.front() = c.node;
    if (queued_work::queueBefore(model, other, at) == queued_work::QueueState::Queued) {
      batch = std::move(other);
      return true;
    }
  }
  return false;
}

}  // namespace

void HostSyncInStep::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& model = *ctx.script;
  std::vector<ts::Node> spots;
  host_sync::NonCallSpots others;
  // No spot of a file without a batch loop or step hook runs per step: its
  // tree is not walked for them (only its calls of other files' helpers count).
  if (model.mayRunPerStep()) {
    for (const Call& c : model.calls())
      if (maySync(model, c)) spots.push_back(c.node);
    collectNonCallSpots(model.root(), others);
    spots.insert(spots.end(), others.formats.begin(), others.formats.end());
  }
  std::map<uint32_t, std::pair<Sync, python::BatchContext>> first;  // statement begin -> earliest sync
  auto keepEarliest = [&first, &model](const Sync& s, const python::BatchContext& batch) {
    if (readsOnlyAfterGeneration(model, batch, s.at)) return;
    if (insideGenerationWrapper(model, batch, s.at)) return;
    // `if model.training: return loss` before it, or `self.training is False and ...`: the other mode's code.
    if (python::skippedInLoopMode(model, batch, s.at)) return;
    if (hookOfGeneratingTrainer(model, batch)) return;
    if (oncePerFullBatchStep(model, batch, s.at)) return;
    // `while value < 0.99: ... value = -out.item()`: the loop's own stop test.
    if (batch.via_calls.empty() && host_sync::decidesWhileLoopEnd(batch.scope, s.at)) return;
    // `if finished.all().item(): break` in a decoding loop: the end-of-sequence test.
    if (batch.via_calls.empty() && decodesPositions(model, batch) && host_sync::decidesLoopExit(batch.scope, s.at))
      return;
    // `envs.step(q.argmax(1).cpu().numpy())`: the action a CPU simulator
    // needs every step (read here or by the helper the pass asks for it).
    if (ts::Node fed = batch.via_calls.empty() ? s.at : batch.via_calls.front();
        host_sync::feedsEnvironmentStep(model.ownerOf(fed), batch.scope, fed))
      return;
    uint32_t key = statementOf(s.at).begin();
    auto it = first.find(key);
    if (it == first.end() || s.at.begin() < it->second.first.at.begin()) first.insert_or_assign(key, std::pair{s, batch});
  };
  ItemOutputLoops output_loops;
  for (ts::Node spot : spots) {
    auto batch = model.perStep(spot);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    if (output_loops.writes(model, *batch)) continue;  // the output the loop exists to write
    if (shortCircuitedByPeriodicTest(model, spot)) continue;
    std::optional<Sync> s;
    if (const Call* c = spot.is("call") ? model.callAt(spot) : nullptr) s = syncOfCall(model, *c);
    else if (ts::Node t = formattedDeviceTensor(model, spot)) s = Sync{Sync::Format, spot, t};
    if (!s) continue;  // a host value, or one we cannot place on the GPU
    // Host data copied before the step queues anything (`labels =
    // torch.tensor(batch["labels"]).to(dev)` first thing): the step's input
    // copy, which waits for what the last step left; GPU103/GPU104 judge those.
    if (s->kind == Sync::Upload && s->host_data && !queued_work::queuesWorkBefore(model, *batch, s->at)) continue;
    // `acc = torch.zeros(n, k).cuda()` right after the batch's blocking copies
    // (or at the start of a pass whose last one ended with `loss.item()`):
    // the queue is empty, so the copy waits for nothing.
    if (const Call* drain = nullptr;
        s->kind == Sync::Upload &&
        queued_work::queueBefore(model, *batch, s->at, &drain) == queued_work::QueueState::Drained &&
        staysDrained(model, *batch, drain))
      continue;
    // `x = x.to(dev)` (blocking) then `torch.cuda.synchronize()` before a
    // timer: the copy already drained the queue, and the synchronize waits
    // for nothing (GPU104 reports the copy).
    if (s->kind == Sync::Synchronize &&
        queued_work::queueBefore(model, *batch, s->at) == queued_work::QueueState::Drained &&
        !waitsAtAnotherCall(model, *batch, s->at))
      continue;
    // A log call's arguments are reported once, with the call.
    if (s->kind == Sync::Format && insideLogCall(model, s->at)) continue;
    if (s->kind == Sync::Synchronize && batch->kind == python::BatchKind::Eval && fencesTimer(model, s->at, batch->scope))
      continue;
    keepEarliest(*s, *batch);
  }
  for (ts::Node condition : others.conditions) {
    auto batch = model.perStep(condition);
    if (!batch || output_loops.writes(model, *batch)) continue;
    auto s = host_sync::syncOfCondition(model, condition);
    if (!s) continue;  // a host test (most are), or a tensor we cannot place on the GPU
    // `if use_the_queue or not torch.all(...): use_the_queue = True`: the
    // operand holding the tensor may run less often than the test itself.
    if (!(s->at == condition) && !model.perStep(s->at)) continue;
    keepEarliest(*s, *batch);
  }
  // `pred[keep]` then `targets[keep]`, or `sim[labels.bool()]` then
  // `sim[~labels.bool()]`: one mask, one finding (its first use).
  std::set<uint32_t> masks_seen;
  std::set<std::pair<uint32_t, std::string>> attribute_masks_seen;  // (batch loop, mask text)
  for (ts::Node index : others.mask_indexes) {
    auto batch = model.perStep(index);
    if (!batch || output_loops.writes(model, *batch)) continue;
    auto s = host_sync::syncOfMaskIndex(model, index);
    if (!s) continue;  // an integer or slice index (most are), or a mask we cannot place on the GPU
    // The name the mask is made from: `keep`, `labels` of `~labels.bool()`.
    ts::Node root = s->tensor;
    while (root && !root.is("identifier")) {
      if (root.is("unary_operator")) root = python::syntax::unwrap(root.field("argument"));
      else if (root.is("call") && root.field("function").is("attribute"))
        root = python::syntax::unwrap(root.field("function").field("object"));
      else root = {};
    }
    if (root)
      if (auto b = model.lastBinding(root); b && b->statement && !masks_seen.insert(b->statement.begin()).second)
        continue;
    // `out[data.train_mask]` then `y[data.train_mask]`: one mask of the batch, one finding.
    if (s->tensor.is("attribute") &&
        !attribute_masks_seen.emplace(batch->scope.begin(), std::string(s->tensor.text())).second)
      continue;
    keepEarliest(*s, *batch);
  }
  // `x[:n]` then `y[:n]` with one `n = mask[i].sum()`: one value, one
  // finding (its first use as a bound).
  std::set<uint32_t> bounds_seen;
  for (ts::Node bound : others.slice_bounds) {
    auto batch = model.perStep(bound);
    if (!batch || output_loops.writes(model, *batch)) continue;
    auto s = host_sync::syncOfSliceBound(model, bound);
    if (!s) continue;
    if (s->tensor.is("identifier"))
      if (auto b = model.lastBinding(s->tensor); b && b->statement && !bounds_seen.insert(b->statement.begin()).second)
        continue;
    keepEarliest(*s, *batch);
  }
  for (ts::Node store : others.element_stores) {
    auto batch = model.perStep(store);
    if (!batch || output_loops.writes(model, *batch)) continue;
    auto s = host_sync::syncOfElementStore(model, store);
    if (!s) continue;  // a list or a GPU buffer (most are), or a value we cannot place on the GPU
    keepEarliest(*s, *batch);
  }
  std::set<uint32_t> reported;
  std::vector<ReadbackSpot> found;  // groupReadbackBlocks puts them in the loop's order
  for (auto& [key, entry] : first) {
    if (entry.first.tensor) entry.first.origin = originAtCall(model, entry.first.tensor, entry.second);
    if (readsFinishedGeneration(model, entry.first.origin)) continue;
    found.push_back({entry.first, entry.second, describe(model, entry.first, entry.second)});
    reported.insert(key);
  }
  if (model.project()) addHelperSyncs(model, reported, found, output_loops);
  // `with timer:` of a project stopwatch that synchronizes in __enter__/__exit__.
  if (model.mayRunPerStep()) {
    HelperEffects effects;
    addContextManagerSyncs(model, effects, output_loops, reported, found);
  }
  for (Diagnostic& d : groupReadbackBlocks(model, std::move(found))) sink.report(std::move(d));
}

}  // namespace gpulint::checks
