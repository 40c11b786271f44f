#include "checkers/data/h2d_copies.h"

#include <algorithm>
#include <functional>

#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/accelerate_api.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {
// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers, collate_fn, pin_memory, ...)
constexpr int kPinMemoryIndex = 7;
}  // namespace

ts::Node pinnedKeyword(const python::ScriptModel& model, const python::Call& loader) {
  ts::Node arg = loader.argument("pin_memory", kPinMemoryIndex);
  if (!arg) return {};
  // `pin_memory=True if args.cuda else False`: the arm the GPU node takes
  // (the script is judged as it runs where it is submitted).
  ts::Node pin = python::syntax::unwrap(arg);
  if (pin.is("conditional_expression") && pin.namedChildCount() == 3)
    if (int test = model.cudaCondition(pin.namedChild(1))) pin = pin.namedChild(test > 0 ? 0 : 2);
  python::ResolvedValue value = model.resolve(pin);
  auto on = value.truthiness();
  if (!on || !*on || value.kind == python::ResolvedValue::Kind::String) return {};
  return arg;
}

namespace {

// `c` when it copies the batch of `loop` to a CUDA device once per step of
// that loop without non_blocking; `via` is the helper call when `c` sits in
// a helper the loop's body calls with the batch.
std::optional<BlockingCopy> blockingCopy(const python::ScriptModel& model, const python::Loop& loop,
                                         const python::Call& c, const python::Call* via) {
  if (!c.receiver || (c.method != "to" && c.method != "cuda" && c.method != "type" && c.method != "copy_"))
    return std::nullopt;
  // The flag first: a copy that is asynchronous already needs no further look.
  // .cuda(device, non_blocking) / .type(dtype, non_blocking) / .copy_(src, non_blocking) / .to(device, dtype, non_blocking)
  int index = c.method == "to" ? 2 : 1;
  if (c.mayHideArgument("non_blocking", index)) return std::nullopt;
  ts::Node nb = c.argument("non_blocking", index);
  if (nb) {
    auto on = model.resolve(nb).truthiness();
    // Asynchronous already, or unknown (non_blocking=args.async_copy with no default).
    if (!on || *on) return std::nullopt;
  }
  // A copy of this loop's batch to a CUDA device (not the model, not a dtype cast, not a CPU branch).
  ts::Node copied = copiedToGpu(model, c);
  if (!copied || (via ? batchSourceLoop(model, copied, *via) : batchSourceLoop(model, copied)) != &loop)
    return std::nullopt;
  // Under a periodic guard or in a nested loop: not once per step of this loop.
  auto step = model.perStep(c.node);
  if (!step || step->loop != &loop) return std::nullopt;
  BlockingCopy copy{&c, nb, std::nullopt, via};
  if (!nb) copy.edit = fixits::addKeywords(model, c, {{"non_blocking", "True"}});
  else if (nb.is("false")) copy.edit = fixits::replaceNode(model, nb, "True");
  return copy;
}

}  // namespace

ts::Node copiedToGpu(const python::ScriptModel& model, const python::Call& c) {
  if (!c.receiver || model.onCpuPath(c.node)) return {};
  // `im_data.resize_(batch.size()).copy_(batch)`: into a buffer on the GPU.
  if (c.method == "copy_")
    return c.positional.empty() || !model.mayLiveOnDevice(c.receiver) || model.mayLiveOnDevice(c.positional[0])
               ? ts::Node()
               : c.positional[0];
  // `.type(torch.cuda.FloatTensor)` copies too; a dtype cast does not (its device is the receiver's).
  if (c.method != "to" && c.method != "cuda" && c.method != "type") return {};
  return model.deviceOrigin(c.node) == c.node ? c.receiver : ts::Node();
}

void forEachStepCall(const python::ScriptModel& model, const python::Loop& loop,
                     const std::function<bool(const python::Call&, const python::Call*)>& visit) {
  ts::Node body = loop.node.field("body");
  std::vector<const python::Function*> helpers;
  for (const python::Call& c : model.callsIn(body)) {  // the body's calls, not every call of the file
    if (!body.contains(c.node)) continue;
    if (!visit(c, nullptr)) return;
    // `loss = self.train_step(batch)`: a helper of this file handed values
    // of the step (each helper looked at once).
    const python::Function* f = c.positional.empty() && c.keywords.empty() ? nullptr : model.calledFunction(c);
    if (!f || f->node.contains(loop.node) || std::find(helpers.begin(), helpers.end(), f) != helpers.end())
      continue;
    helpers.push_back(f);
    for (const python::Call& inner : model.callsIn(f->body))
      if (!visit(inner, &c)) return;
  }
}

std::vector<BlockingCopy> blockingCopies(const python::ScriptModel& model, const python::Loop& loop) {
  std::vector<BlockingCopy> out;
  if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) return out;
  forEachStepCall(model, loop, [&](const python::Call& c, const python::Call* via) {
    if (auto copy = blockingCopy(model, loop, c, via)) out.push_back(std::move(*copy));
    return true;
  });
  return out;
}

// `model, opt, loader = accelerator.prepare(model, opt, loader)` (or
// Fabric's `setup_dataloaders`) then `for batch in loader:`: the library
// moves each batch to the device before the body runs (accelerate's device
// placement is on by default), so a `.to(accelerator.device)` in the body
// copies nothing. The call that hands the loop its loader, or null.
const python::Call* libraryPlacement(const python::ScriptModel& model, const python::Loop& loop) {
  ts::Node it = python::syntax::unwrap(loop.iterable);
  for (int i = 0; i < 3 && it && it.is("call"); ++i) {
    const python::Call* wrap = model.callAt(it);
    if (!wrap || wrap->positional.empty() || !python::syntax::oneOf(wrap->method, {"enumerate", "tqdm"})) break;
    it = python::syntax::unwrap(wrap->positional[0]);
  }
  // `skipped_dataloader or train_dataloader` (a resumed run's loader first): either side.
  std::vector<ts::Node> names;
  if (it && it.is("boolean_operator") && it.field("operator").text() == "or") {
    names = {python::syntax::unwrap(it.field("left")), python::syntax::unwrap(it.field("right"))};
  } else {
    names = {it};
  }
  // A name some assignment of which is prepare()'s result (or
  // `accelerator.skip_first_batches(loader, n)`, a prepared loader too):
  // accelerate scripts prepare the loader they train on, whichever branch
  // (DeepSpeed or not) does it.
  for (ts::Node name : names) {
    if (!name || !name.is("identifier")) continue;
    for (const python::NameBinding& b : model.reachingBindings(name)) {
      ts::Node v = b.value ? python::syntax::unwrap(b.value) : ts::Node();
      const python::Call* c = v && v.is("call") ? model.callAt(v) : nullptr;
      if (c && c->receiver && python::syntax::oneOf(c->method, {"prepare", "setup_dataloaders", "skip_first_batches"}) &&
          python::isAcceleratorObject(model, c->receiver))
        return c;
    }
  }
  return nullptr;
}

}  // namespace gpulint::checks
