#pragma once
// Host values that are the model's results read back from the GPU: images a
// sampling loop renders and then converts, stamps and saves. Work on them is
// post-processing of outputs, which no Dataset or collate_fn could take over
// (GPU106 stays silent).
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// Every value `e` may hold comes from a GPU tensor copied to the host
// (`out.cpu().numpy()`, `.tolist()`), through array ops, `np.array(...)`,
// PIL's `Image.fromarray(...)`, loop and comprehension variables, the
// parameters of project helpers (every caller of this file) and what they
// return. False when any source is something else or unknown.
[[nodiscard]] bool readBackFromGpu(const python::ScriptModel& m, ts::Node e, int depth = 0);

}  // namespace gpulint::checks
