#pragma once
// How many epochs Lightning runs a project's loaders for (RULES.md GPU105):
// Lightning iterates the loaders its `train_dataloader`/`val_dataloader`
// hooks return once per epoch, so their workers restart every epoch unless
// persistent.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

struct LightningEpochs {
  int64_t count = 0;
  std::string written;  // "max_epochs=300" or "max_epochs omitted: Lightning's default 1000"
  Location at;          // the Trainer call
};

// The epochs every Lightning Trainer the project (or the file alone) builds
// runs: `max_epochs` resolved, or omitted with `max_steps` omitted too
// (Lightning's default of 1000). None when there is no Trainer call, when
// some Trainer's count is unknown (**kwargs, a value not resolved, a
// max_steps that may stop it first), or when the fewest is below 2.
[[nodiscard]] std::optional<LightningEpochs> lightningEpochs(const python::ScriptModel& model);

// `loader` is returned by the train_dataloader/val_dataloader hook of a
// LightningModule or LightningDataModule: Lightning iterates it each epoch.
[[nodiscard]] bool returnedByEpochHook(const python::Call& loader);

// A call of Lightning's Trainer class (`pl.Trainer(...)`, `L.Trainer(...)`).
[[nodiscard]] bool isLightningTrainer(const python::Call& c);

// A DataLoader of this file handed to a Lightning Trainer's fit, validate,
// test or predict (`trainer.fit(model, train_loader, val_loader)`,
// `train_dataloaders=[a, b]`): Lightning iterates it and moves each batch to
// the accelerator itself. A validation (test) loader only where the project
// defines validation_step (test_step): Lightning never iterates it otherwise.
struct TrainerLoader {
  const python::Call* loader;
  const python::Call* run;  // the fit/validate/test/predict call
};
[[nodiscard]] std::vector<TrainerLoader> loadersHandedToTrainer(const python::ScriptModel& model);

}  // namespace gpulint::checks
