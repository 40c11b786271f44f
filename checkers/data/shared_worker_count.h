#pragma once
// GPU101's loaders that take their worker count from one written place (an
// argparse default `--dataloader_num_workers 0`, a constant): the edit that
// fixes one (the default) fixes them all, so they are one finding, at the
// loader a training step loop iterates (or the first), the others related
// locations (a latent-caching pre-pass loader next to the training loader).
#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

struct LoaderFinding {
  Diagnostic finding;
  const python::Call* loader = nullptr;
  std::optional<Location> source;  // where the count of 0 is written, when not at the call
};

// The findings, those of loaders sharing a source merged (in source order).
[[nodiscard]] std::vector<Diagnostic> mergeSharedWorkerCounts(const python::ScriptModel& model,
                                                              std::vector<LoaderFinding> found);

}  // namespace gpulint::checks
