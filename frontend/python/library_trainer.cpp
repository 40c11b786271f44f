// A model handed to a library trainer (issue #11): `Trainer(model=model,
// ...).train()` runs the model's forward once per training step inside
// Hugging Face's (or trl's) loop, which no file of the project shows. The
// forward of the class the model is an instance of is then a step hook, as a
// LightningModule's training_step is (guards.cpp asks libraryTrainerRuns).
#include "frontend/python/library_trainer.h"

#include <algorithm>

#include "frontend/python/hf_api.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

bool isLibraryTrainerName(std::string_view q) {
  return (q.starts_with("transformers.") || q.starts_with("trl.")) && q.ends_with("Trainer");
}

}  // namespace

bool constructsLibraryTrainer(const ScriptModel& m, const Call& c) {
  if (isLibraryTrainerName(c.qualified)) return true;
  auto [model, cls] = m.constructedClass(c);
  if (!cls) return false;
  auto libraryBase = [](const ClassDef& k) {
    return std::any_of(k.bases.begin(), k.bases.end(), [](const std::string& b) { return isLibraryTrainerName(b); });
  };
  if (libraryBase(*cls)) return true;
  for (const auto& [base_model, base] : model->baseClassesOf(*cls))
    if (libraryBase(*base)) return true;
  return false;
}

namespace {

// What the project does with the trainer `c` constructs: Step when its
// train() is called (chained, or on the name or attribute the construction is
// assigned to, in the same function), Eval when only evaluate()/predict()
// are; nullopt when neither is seen (a trainer returned to a caller, kept
// for later: not judged).
std::optional<BatchKind> trainerRun(const ScriptModel& m, const Call& c) {
  ts::Node up = c.node.parent();
  if (up && up.is("attribute") && up.parent() && up.parent().is("call")) {
    std::string_view method = up.field("attribute").text();
    if (method == "train") return BatchKind::Step;
    if (method == "evaluate" || method == "predict") return BatchKind::Eval;
    return std::nullopt;
  }
  if (!up || !up.is("assignment") || !(syntax::unwrap(up.field("right")) == c.node)) return std::nullopt;
  ts::Node target = up.field("left");
  if (!target || !(target.is("identifier") || target.is("attribute"))) return std::nullopt;
  std::optional<BatchKind> run;
  for (const Call& use : m.calls()) {
    if (!use.receiver || use.function != c.function || use.receiver.text() != target.text()) continue;
    if (use.method == "train") return BatchKind::Step;
    if (use.method == "evaluate" || use.method == "predict") run = BatchKind::Eval;
  }
  return run;
}

}  // namespace

std::vector<TrainerForward> trainerForwards(const ScriptModel& m) {
  std::vector<TrainerForward> out;
  for (const Call& c : m.calls()) {
    // Cheap tests first: a call named like a trainer, with a model argument.
    if (!c.method.ends_with("Trainer") && !isLibraryTrainerName(c.qualified)) continue;
    ts::Node handed = c.argument("model", 0);
    if (!handed || !constructsLibraryTrainer(m, c)) continue;
    std::optional<BatchKind> run = trainerRun(m, c);
    if (!run) continue;
    // Each project class some source of the argument makes: whichever the
    // run picks (`LlavaLlamaForCausalLM.from_pretrained(...)` in one branch,
    // a library model in another), its forward runs per step when picked.
    for (ts::Node source : m.valueSources(handed, /*all_paths=*/true)) {
      // A copy: instanceClasses' answer lasts only until the next question.
      std::vector<ScriptModel::ClassRef> classes = m.ownerOf(source).instanceClasses(source);
      for (const auto& [model, cls] : classes) {
        if (!model->derivesTorchModule(*cls)) continue;
        auto [defined_in, forward] = model->methodOf(*cls, "forward");
        if (forward) out.push_back({defined_in, forward, *run});
      }
    }
  }
  return out;
}

void ScriptModel::markTrainerForward(const TrainerForward& t) {
  for (auto& [f, kind] : trainer_forwards_)
    if (f == t.forward) {
      if (t.kind == BatchKind::Step) kind = BatchKind::Step;  // training outranks evaluation
      return;
    }
  trainer_forwards_.emplace_back(t.forward, t.kind);
  step_hooks_.store(-1, std::memory_order_relaxed);  // a new hook: asked again
}

std::optional<BatchKind> ScriptModel::libraryTrainerRuns(const Function& f) const {
  for (const auto& [forward, kind] : trainer_forwards_)
    if (forward == &f) return kind;
  return std::nullopt;
}

void ProjectModel::markTrainerForwards() {
  for (ScriptModel* m : models_)
    for (const TrainerForward& t : trainerForwards(*m))
      for (ScriptModel* owner : models_)
        if (owner == t.model) owner->markTrainerForward(t);
}

}  // namespace gpulint::python
