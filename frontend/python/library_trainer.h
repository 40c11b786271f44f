#pragma once
// Models handed to a library trainer (library_trainer.cpp): Hugging Face's
// Trainer runs the model's forward once per step inside its own loop.
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

struct TrainerForward {
  const ScriptModel* model = nullptr;  // the file defining the forward
  const Function* forward = nullptr;
  BatchKind kind = BatchKind::Step;    // train(): Step; evaluate()/predict() only: Eval
};

// `Trainer(...)`, `SFTTrainer(...)`, or a project subclass of one
// (`class LLaVATrainer(Trainer)`, directly or through project bases).
[[nodiscard]] bool constructsLibraryTrainer(const ScriptModel& m, const Call& c);

// The forwards the library trainers this file constructs run: the forward
// of each project module class the `model` argument may hold (inherited
// ones included), for a trainer whose train() (or evaluate/predict) the
// file calls. Empty when the argument's classes are unknown.
[[nodiscard]] std::vector<TrainerForward> trainerForwards(const ScriptModel& m);

}  // namespace gpulint::python
