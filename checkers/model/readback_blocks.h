#pragma once
// GPU201's reads of one block, reported as one finding: `loss.item()`,
// `acc1.item()`, `acc5.item()` on three lines of one step are one
// anti-pattern. The first read drains the GPU's queue; the reads right after
// it, with no GPU work launched in between, find the GPU already idle, and
// the change that fixes the first (read every N steps, keep the values on
// the GPU) is the change that fixes them all.
#include <vector>

#include "checkers/model/host_sync.h"
#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// One statement's sync, described on its own (message, related locations, fixes).
struct ReadbackSpot {
  host_sync::Sync sync;
  python::BatchContext batch;
  Diagnostic finding;
};

// Merges each run of spots (in source order) that read one after another in
// the same pass of the same loop into the first spot's finding: the others
// become related locations, named in its message, and a fix they share
// (same title and safety) gains their edits. A spot with a fix of another
// kind starts a finding of its own, so no fix is lost.
[[nodiscard]] std::vector<Diagnostic> groupReadbackBlocks(const python::ScriptModel& m,
                                                          std::vector<ReadbackSpot> spots);

}  // namespace gpulint::checks
