#pragma once
// Loaders that load a handful of batches, once per call: the places where
// worker processes would cost more start-up time than they overlap (GPU101).
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// `loader = DataLoader(...)` whose only uses in its scope are up to three
// `next(iter(loader))` peeks and `len(loader)` outside any loop (a fixed batch
// kept to plot the same samples every epoch), or, in a function, none at all.
[[nodiscard]] bool drawsOneBatchOnce(const python::ScriptModel& model, const python::Call& call);

// `loader = DataLoader(...)` whose only use in its scope is one
// `for i, batch in enumerate(loader)` that breaks once `i` reaches a bound
// every call gives a small value (an evaluation helper called with
// `max_batches=10`): at most that many batches per call, from a loader built
// again on each call, so workers would be started for a few batches and torn
// down again.
[[nodiscard]] bool readsFewBatches(const python::ScriptModel& model, const python::Call& call);

// `val_it = cycle(DataLoader(...))` (or the loader itself, or `iter(...)` of
// it) whose every use in its scope is a `next(val_it)` that runs under a
// periodic guard of a step loop, or more rarely: one batch every N steps
// (a validation probe), where loading in the main process costs the step
// loop almost nothing. Used in any other way (iterated, passed on): false.
[[nodiscard]] bool drawnOnlyPeriodically(const python::ScriptModel& model, const python::Call& call);

}  // namespace gpulint::checks
