#pragma once
// `with timer:` in a step or evaluation loop, where the object is a project
// context manager whose __enter__ or __exit__ synchronizes the GPU (a
// stopwatch calling `torch.cuda.synchronize()` to time the block): the
// block's entry or exit drains the GPU's queue on every pass (GPU201).
#include <set>
#include <vector>

#include "checkers/item_output.h"
#include "checkers/model/helper_effects.h"
#include "checkers/model/readback_blocks.h"

namespace gpulint::checks {

// The GPU201 spots of such `with` statements of `model` (one per statement
// not already reported), added to `found` in source order.
// Loops that exist to write an output per item (an inference CLI saving each
// image's detections) are left out, as for the other syncs.
void addContextManagerSyncs(const python::ScriptModel& model, HelperEffects& effects, ItemOutputLoops& output_loops,
                            std::set<uint32_t>& reported, std::vector<ReadbackSpot>& found);

}  // namespace gpulint::checks
