#pragma once
// GPU201's uploads: tensors made on the host, by a torch factory or from host
// data (a list, a numpy array, ops on those), then copied to the GPU without
// non_blocking. PyTorch waits for the GPU's queued work after such a copy.
#include <optional>

#include "checkers/model/host_sync.h"

namespace gpulint::checks::host_sync {

// `torch.cuda.FloatTensor(np.random.rand(n))` (also through an alias),
// `torch.tensor(rows, device=dev)` with a CUDA device, `x.new_tensor(MEAN)`
// of a GPU tensor: host data made into a CUDA tensor in one call.
[[nodiscard]] std::optional<Sync> uploadInConstructor(const python::ScriptModel& m, const python::Call& c);
// `torch.randperm(n).cuda()`, `cond.to(device)` after `cond =
// torch.tensor([vals])` in the same pass: a host tensor copied to a CUDA
// device without non_blocking.
[[nodiscard]] std::optional<Sync> uploadOfHostTensor(const python::ScriptModel& m, const python::Call& c);
// `torch.FloatTensor(cfg.TRAIN.BBOX_STDS)`: the call `made` builds its tensor
// from data that is the same on every pass of `loop` (literals, and names
// bound outside it; no calls or subscripts), so it can be made once before.
[[nodiscard]] bool sameOnEveryPass(const python::ScriptModel& m, ts::Node made, const python::Loop& loop);

}  // namespace gpulint::checks::host_sync
