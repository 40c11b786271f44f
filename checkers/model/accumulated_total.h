#pragma once
// Whether a total summed from per-step host reads (`total += loss.item()`)
// is read again on every step, where accumulating it on the GPU instead
// would only move the sync into that read (GPU201's `.detach()` fix).
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// `total += loss.item()` whose total is read again on each pass of the
// loop that accumulates it (`progress_bar("%.3f" % (total / (i + 1)))`), of
// a loop around it up to the step loop of the finding, or of the loop around
// a step loop that only accumulates gradients (the optimizer steps in the
// outer loop, which shows the total on the progress bar once per optimizer
// step): accumulating on the GPU would only move the sync into that read. An
// epoch loop resetting and printing the total reads it once per epoch, which
// is what the fix is for.
[[nodiscard]] bool totalReadInLoop(const python::ScriptModel& m, ts::Node accumulation,
                                 const python::BatchContext& batch);

}  // namespace gpulint::checks
