#pragma once
// GPU202's findings at evaluation-interval settings rather than in the step
// loop's code: HF TrainingArguments(eval_strategy="steps", eval_steps=n),
// Lightning Trainer(val_check_interval=1), and the same settings in a linked
// run config.
#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks::eval_intervals {

// Why evaluating too often costs GPU time; shared by every GPU202 message.
inline const char* const kWhileEvaluating =
    "training stops for a whole pass over the evaluation data, so the GPU spends the job on evaluation's data "
    "loading, forward passes and host-side metrics instead of training steps";

// HF TrainingArguments(eval_strategy="steps", eval_steps=<n>) with n below min_eval_steps.
void trainingArguments(const AnalysisContext& ctx, const python::Call& c, DiagnosticSink& sink);
// Lightning Trainer(val_check_interval=1): an int counts training batches.
void lightningTrainer(const AnalysisContext& ctx, const python::Call& c, DiagnosticSink& sink);
// The same two settings written in a linked config: HF arguments
// (eval_strategy: steps, eval_steps: n) and a Lightning CLI `trainer:` section.
void configIntervals(const AnalysisContext& ctx, DiagnosticSink& sink);

}  // namespace gpulint::checks::eval_intervals
