#include "checkers/data/lightning_epochs.h"

#include <algorithm>

#include "checkers/python_common.h"

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

constexpr int64_t kLightningDefaultEpochs = 1000;  // max_epochs=None with max_steps=-1

// The Lightning Trainers made in this file that `receiver` may hold; empty
// unless every value it may hold is one.
std::vector<const python::Call*> trainersHeld(const python::ScriptModel& m, ts::Node receiver) {
  std::vector<const python::Call*> out;
  for (ts::Node src : m.valueSources(receiver, /*all_paths=*/true)) {
    const python::Call* made = &m.ownerOf(src) == &m && src.is("call") ? m.callAt(src) : nullptr;
    if (!made || !isLightningTrainer(*made)) return {};
    out.push_back(made);
  }
  return out;
}

// A Trainer that runs a handful of the loader's batches: `fast_dev_run`
// on, or `limit_train_batches=1` (a bug-report or smoke-test template),
// where pinning or persistent workers would change nothing.
bool runsFewBatches(const python::ScriptModel& m, const python::Call& trainer, std::string_view limit) {
  if (ts::Node dev = trainer.keyword("fast_dev_run"))
    if (auto on = m.resolve(dev).truthiness(); on && *on) return true;
  ts::Node n = trainer.keyword(limit);
  if (!n) return false;
  python::ResolvedValue v = m.resolve(n);
  constexpr int64_t kHandful = 10;
  return (v.kind == python::ResolvedValue::Kind::Int && v.int_value <= kHandful) ||
         (v.kind == python::ResolvedValue::Kind::Float && v.float_value == 0.0);
}

bool definesStep(const python::ScriptModel& m, std::string_view step) {
  if (const python::ProjectModel* project = m.project()) return project->definesMethod(step);
  return std::any_of(m.functions().begin(), m.functions().end(),
                     [step](const auto& f) { return f->owner && f->name == step; });
}

}  // namespace

bool isLightningTrainer(const python::Call& c) {
  const std::string& q = c.qualified;
  return (q.starts_with("lightning.") || q.starts_with("pytorch_lightning.")) && q.ends_with(".Trainer");
}

std::vector<TrainerLoader> loadersHandedToTrainer(const python::ScriptModel& model) {
  std::vector<TrainerLoader> out;
  for (const python::Call& run : model.calls()) {
    if (!run.receiver || !python::syntax::oneOf(run.method, {"fit", "validate", "test", "predict"})) continue;
    // The loaders each argument slot holds, with the step that makes Lightning iterate them.
    struct Slot {
      ts::Node arg;
      const char* step;   // the module's method without which Lightning never iterates it
      const char* limit;  // the Trainer's limit on its batches
    };
    std::vector<Slot> slots;
    auto slot = [&](ts::Node arg, const char* step) {
      const char* limit = !step ? "limit_train_batches"
                          : std::string_view(step) == "validation_step" ? "limit_val_batches"
                          : std::string_view(step) == "test_step" ? "limit_test_batches"
                                                                   : "limit_predict_batches";
      if (arg) slots.push_back({arg, step, limit});
    };
    auto positional = [&](size_t i) { return i < run.positional.size() ? run.positional[i] : ts::Node(); };
    if (run.method == "fit") {
      slot(positional(1), nullptr);
      slot(positional(2), "validation_step");
      slot(run.keyword("train_dataloaders"), nullptr);
      slot(run.keyword("train_dataloader"), nullptr);
      slot(run.keyword("val_dataloaders"), "validation_step");
      slot(run.keyword("val_dataloader"), "validation_step");
    } else {
      const char* step = run.method == "validate" ? "validation_step" : run.method == "test" ? "test_step" : "predict_step";
      slot(positional(1), step);
      slot(run.keyword("dataloaders"), step);
    }
    if (slots.empty()) continue;
    std::vector<const python::Call*> trainers = trainersHeld(model, run.receiver);
    if (trainers.empty()) continue;
    for (auto [arg, step, limit] : slots) {
      if (step && std::string_view(step) != "predict_step" && !definesStep(model, step)) continue;
      if (std::any_of(trainers.begin(), trainers.end(),
                      [&](const python::Call* t) { return runsFewBatches(model, *t, limit); }))
        continue;
      ts::Node held = python::syntax::unwrap(arg);
      std::vector<ts::Node> items;
      if (held.is("list") || held.is("tuple"))
        for (ts::Node item : held.namedChildren()) items.push_back(item);
      else
        items.push_back(held);
      for (ts::Node item : items)
        for (ts::Node src : model.valueSources(item, /*all_paths=*/true)) {
          const python::Call* loader = &model.ownerOf(src) == &model && src.is("call") ? model.callAt(src) : nullptr;
          if (loader && isDataLoader(model, *loader)) out.push_back({loader, &run});
        }
    }
  }
  return out;
}

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
