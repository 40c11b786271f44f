#pragma once
// Host batches as GPU102 sees them: where a tensor copied to the GPU comes
// from (a slice of a host array, a list, a pinned buffer, or the GPU itself).
#include "frontend/python/script_model.h"

namespace gpulint::checks::host_batch {

// The tensor a host-to-GPU copy moves: x in `x.to(device)`, `x.cuda()`,
// `torch.tensor(x, device=device)`; null for anything else.
[[nodiscard]] ts::Node copiedValue(const python::ScriptModel& m, const python::Call& c);

struct Origin {
  enum Kind { Unknown, Host, Device } kind = Unknown;
  bool sliced = false;  // a batch cut out of a bigger array or list
  bool pinned = false;  // in page-locked memory
  ts::Node slice;       // X[i:i + bs]
  ts::Node array;       // where the host array is created
};

// Every source must agree: a value that may come from the GPU, or from
// somewhere unknown, is not a host batch.
[[nodiscard]] Origin classify(const python::ScriptModel& m, ts::Node expr, int depth);

}  // namespace gpulint::checks::host_batch
