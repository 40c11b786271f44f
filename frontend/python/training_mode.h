#pragma once
// Code that runs in one mode of the model only (issue #11, execution
// frequency): `if self.training:` in a forward, `if model.training: ... return`
// in a shared step helper, `self.training is False and k >= limit`.
// nn.Module.train() sets the flag on a model and every submodule and eval()
// clears it, so a training step loop never runs the eval-only side and an
// evaluation pass after `model.eval()` never runs the training-only side.
#include <optional>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// What a condition says of the mode when it holds: true for `self.training`,
// `model.training`, `x.training is True`; false for `not net.training`,
// `self.training is False`, `== False`; nullopt for anything else.
[[nodiscard]] std::optional<bool> trainingModeWhenTrue(ts::Node condition);

// The mode `n` needs to run within the function (or module) that holds it:
// the branch of a mode test it is in, the right side of `x.training and ...`,
// or (with `early_exits`) the code after `if x.training: ...; return`.
// `test` is the deciding condition. nullopt: it runs in either mode.
struct ModeRequirement {
  bool training = false;
  ts::Node test;
};
[[nodiscard]] std::optional<ModeRequirement> modeRequiredFor(ts::Node n, bool early_exits = true);

// The mode a batch loop runs the model in: training for a training step loop
// (unless `.eval()` comes last before it: a frozen-statistics fine-tune),
// evaluation for an evaluation loop after `.eval()` (or whose function's
// callers switch to it); nullopt when not known (no_grad alone leaves the
// mode as it was).
[[nodiscard]] std::optional<bool> loopTrainingMode(const ScriptModel& m, const Loop& l);

// `at`, reached from `batch`'s loop through the calls `batch.via_calls`,
// needs (or a call on the way needs) the mode that loop does not run the
// model in: it never runs there.
[[nodiscard]] bool skippedInLoopMode(const ScriptModel& m, const BatchContext& batch, ts::Node at);

}  // namespace gpulint::python
