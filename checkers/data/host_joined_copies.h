#pragma once
// Copies to the GPU of a tensor joined on the host from a pinned batch's
// parts (`images = torch.cat(views, dim=0)` then `images.to(device)`): the
// join writes a new, pageable tensor, so the copy blocks the host whatever
// its non_blocking says. GPU104 reports them with the loop's pinned loader.
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::checks {

struct HostJoinedCopy {
  const python::Call* copy;  // `.to(device)` / `.cuda()` of the joined tensor
  const python::Call* join;  // `torch.cat(views)` / `torch.stack(views)`
};

// The copies, once per step of `loop` and in its own body, of a tensor that
// torch.cat or torch.stack made from the loop's batch.
[[nodiscard]] std::vector<HostJoinedCopy> hostJoinedCopies(const python::ScriptModel& model, const python::Loop& loop);

}  // namespace gpulint::checks
