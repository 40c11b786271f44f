#pragma once
// Batches of token ids for a large language model: padding or tensorizing
// them costs well under a millisecond of host time against a step of a model
// that size, so loading them in the training process keeps no GPU waiting
// (GPU101 stays silent).
#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// `collate` (a collate_fn or data_collator argument) only pads or tensorizes
// ids: `default_data_collator`, `DataCollatorWithPadding`,
// `DataCollatorForSeq2Seq`, `DataCollatorForLanguageModeling`.
[[nodiscard]] bool padsTokenIdsOnly(const python::ScriptModel& model, ts::Node collate);

// A DataLoader of token ids for a model of a large-input family (a Hugging
// Face causal or seq2seq LM, peft): the collate only pads ids, or the dataset
// was tokenized ahead (`ds.map(tokenize)`, then maybe `.shuffle()`) and the
// collate, if any, is a project function that only tensorizes the ids.
[[nodiscard]] bool tokenIdsForLargeModel(const AnalysisContext& ctx, const python::ScriptModel& model,
                                         const python::Call& loader);

// The `TrainingArguments`/`SFTConfig` call `args` configures a library
// Trainer of this file that fine-tunes a causal language model (not a
// vision-language one, not a checkpoint named small) on token ids: a dataset
// tokenized ahead (`ds.map(tokenize)`), or any dataset for TRL's SFTTrainer,
// which tokenizes it before training; the data collator, if given, only pads.
[[nodiscard]] bool trainerFeedsTokenIdsToLargeModel(const AnalysisContext& ctx, const python::ScriptModel& model,
                                                    const python::Call& args);

}  // namespace gpulint::checks
