#pragma once
// What GPU103 and GPU104 share: whether a loader pins its batches, and which
// copies of a batch loop's batches to the GPU block the host on every step.
// GPU104 reports those copies when the loader pins; GPU103's fix, which pins
// the loader, makes the same copies asynchronous in the same fix.
#include <functional>
#include <optional>
#include <vector>

#include "core/fix.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// The loader's pin_memory argument when it resolves to True; null otherwise
// (omitted, False, unknown, or possibly hidden in **kwargs).
[[nodiscard]] ts::Node pinnedKeyword(const python::ScriptModel& model, const python::Call& loader);

struct BlockingCopy {
  const python::Call* copy;   // `.to(device)` / `.cuda()` of the loop's own batch
  ts::Node non_blocking;      // the written argument resolving to False; null when omitted
  std::optional<Edit> edit;   // non_blocking=True added, or a written `False` made True; none for a variable
  const python::Call* via = nullptr;  // the call in the loop of the helper that copies; null in the loop itself
};

// What a call copies to a CUDA device: the receiver of `x.to(cuda)`,
// `x.cuda()` or `x.type(torch.cuda.FloatTensor)`, or the source of
// `gpu_buffer.copy_(x)` (into a tensor that lives on the GPU); null for any
// other call, or one on the CPU branch of a device test.
[[nodiscard]] ts::Node copiedToGpu(const python::ScriptModel& model, const python::Call& c);

// Calls `visit(call, via)` on each call of `loop`'s body (`via` null) and of
// the helpers of the file the body calls with arguments (`via` the call in
// the body), until `visit` returns false.
void forEachStepCall(const python::ScriptModel& model, const python::Loop& loop,
                     const std::function<bool(const python::Call&, const python::Call*)>& visit);

// `model, opt, loader = accelerator.prepare(model, opt, loader)` (or
// Fabric's `setup_dataloaders`) then `for batch in loader:`: the call that
// hands the loop its loader (on some path); null otherwise. The library
// moves each batch to the device before the body runs, so a
// `.to(accelerator.device)` there copies nothing.
[[nodiscard]] const python::Call* libraryPlacement(const python::ScriptModel& model, const python::Loop& loop);

// The copies of `loop`'s own batches to a CUDA device, once per step of that
// loop (in its body, or in a helper of the file the body hands the batch to), whose non_blocking is omitted or resolves to False: a pinned batch
// copied so blocks the host. Empty for a loop that is no training step or
// evaluation loop.
[[nodiscard]] std::vector<BlockingCopy> blockingCopies(const python::ScriptModel& model, const python::Loop& loop);

}  // namespace gpulint::checks
