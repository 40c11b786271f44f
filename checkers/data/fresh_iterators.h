#pragma once
// GPU105 for a loader drawn from through a fresh iterator: `imgs =
// next(iter(val_loader))` in a sample_images() helper the training step loop
// calls every N steps, or `it = iter(loader)` at the top of each epoch. Each
// iter() of a loader without persistent workers starts its worker processes
// again; a loop over the loader is judged by LoaderRebuiltPerEpoch itself.
#include <set>

#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// True when `loop`'s body starts a new pass over `loader` itself (`ax, ay =
// next(iter(aux_loader))` in a step loop over another loader): the loop does
// not iterate the loader, it makes a fresh iterator on each of its passes.
[[nodiscard]] bool drawsThroughFreshIterators(const python::ScriptModel& model, const python::Loop& loop,
                                              const python::Call& loader);

// Reports the fresh iterators of `model`'s file over loaders (of this file
// or another) that no loop iterates (`iterated`: those are judged with their
// loops): a warning when a new iterator is made on every step, a note when
// every N steps or on each of two or more epochs.
void reportFreshIterators(const python::ScriptModel& model, const std::set<const python::Call*>& iterated,
                          DiagnosticSink& sink);

}  // namespace gpulint::checks
