#pragma once
// `while True: yield from loader` (GPU105): a generator that re-iterates a
// DataLoader for ever, each pass one epoch of the loader.
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// The endless loop (`while True:` of a generator) that iterates `loader`
// again on each of its passes, when the step loop `consumer` (of
// `consumer_model`) draws its batches from that generator (`next(batches)`
// or `for batch in batches`); `*home` is the generator's file. Null when
// there is none, or the loader is built inside that loop (rebuilt per pass).
[[nodiscard]] const python::Loop* endlessPassLoop(const python::ScriptModel& consumer_model,
                                                 const python::Loop& consumer, const python::Call& loader,
                                                 const python::ScriptModel** home);

}  // namespace gpulint::checks
