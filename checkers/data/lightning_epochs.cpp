#include "checkers/data/lightning_epochs.h"

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

constexpr int64_t kLightningDefaultEpochs = 1000;  // max_epochs=None with max_steps=-1

bool isLightningTrainer(const python::Call& c) {
  const std::string& q = c.qualified;
  return (q.starts_with("lightning.") || q.starts_with("pytorch_lightning.")) && q.ends_with(".Trainer");
}

}  // namespace

std::optional<LightningEpochs> lightningEpochs(const python::ScriptModel& model) {
  std::vector<const python::ScriptModel*> files{&model};
  if (const python::ProjectModel* project = model.project())
    files.assign(project->models().begin(), project->models().end());
  std::optional<LightningEpochs> fewest;
  for (const python::ScriptModel* m : files)
    for (const python::Call& c : m->calls()) {
      if (!isLightningTrainer(c)) continue;
      if (c.has_star_kwargs || c.has_star_args) return std::nullopt;  // the count may hide there
      LightningEpochs here;
      here.at = m->location(c.node);
      if (ts::Node n = c.keyword("max_epochs")) {
        auto v = m->resolve(n).asInt();
        if (!v) return std::nullopt;
        here.count = *v;
        here.written = "max_epochs=" + std::to_string(*v);
      } else if (c.keyword("max_steps") || c.keyword("max_time")) {
        return std::nullopt;  // may stop before a second epoch
      } else {
        here.count = kLightningDefaultEpochs;
        here.written = "max_epochs omitted: Lightning's default is 1000";
      }
      if (!fewest || here.count < fewest->count) fewest = here;
    }
  if (!fewest || fewest->count < 2) return std::nullopt;
  return fewest;
}

bool returnedByEpochHook(const python::Call& loader) {
  const python::Function* f = loader.function;
  if (!f || !f->owner || (f->name != "train_dataloader" && f->name != "val_dataloader")) return false;
  bool lightning = f->owner->is_lightning_module;
  for (const auto& b : f->owner->bases) lightning = lightning || b.ends_with("LightningDataModule");
  return lightning;
}

}  // namespace gpulint::checks
