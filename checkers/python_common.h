#pragma once
// Questions several Python checkers ask of calls and values. Kept here so no
// checker re-implements them (placement and guards live in ScriptModel).
#include <string>
#include <vector>

#include "checkers/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// torch.utils.data.DataLoader under any import alias (and subclasses from
// torch_geometric that take the same arguments).
[[nodiscard]] bool isDataLoader(const python::Call& call);
// transformers.TrainingArguments / Seq2SeqTrainingArguments (or a subclass in the file).
[[nodiscard]] bool isTrainingArguments(const python::ScriptModel& model, const python::Call& call);

// Related locations from a value's provenance chain.
[[nodiscard]] std::vector<RelatedLocation> relatedFrom(const python::ResolvedValue& value);
// " (argparse default of --x at train.py:14)" or "" for a literal at the use.
[[nodiscard]] std::string originSuffix(const python::ResolvedValue& value);
// "the training step loop at line 40" plus " (through evaluate() at line 52)".
[[nodiscard]] std::string describeContext(const python::ScriptModel& model, const python::BatchContext& context);
// Related locations for the batch loop and the call chain that reaches it.
[[nodiscard]] std::vector<RelatedLocation> relatedFrom(const python::ScriptModel& model,
                                                       const python::BatchContext& context);
// A loop's or def's header, from its first byte to the `:` before its body
// (not the body): where a finding about the whole loop points.
[[nodiscard]] Location headerLocation(const python::ScriptModel& model, ts::Node statement);
// True when a word of `text` names an evaluation split or phase: words
// starting with val/eval/test/predict/infer/holdout, or "dev", in snake_case,
// camelCase, dotted or quoted text ("val_loader", "testLoader",
// dataset["validation"], "evaluate"); not "interval", "values", "latest",
// "device".
[[nodiscard]] bool namesEvaluation(std::string_view text);
// Location of a call's first line: from the callee to the end of that line's
// part of the call (for findings about an omitted keyword).
[[nodiscard]] Location callHead(const python::ScriptModel& model, const python::Call& call);

// --- loaders and the loops that consume them ---
// The torch DataLoader calls whose batches a for loop iterates: its iterable
// through enumerate/zip/iter/tqdm/itertools wrappers, names, project
// functions' returns and parameters (ScriptModel::valueSources on all paths)
// and `self.x` attributes assigned once in their class. Empty when unknown.
[[nodiscard]] std::vector<const python::Call*> loadersIteratedBy(const python::ScriptModel& model,
                                                                 const python::Loop& loop);
// The torch DataLoader calls the value of `expr` may come from, followed the
// same way (a loader passed as an argument, a loop's iterable).
[[nodiscard]] std::vector<const python::Call*> loadersOf(const python::ScriptModel& model, ts::Node expr);
// The for loop whose target `expr` takes its value from: `images` in
// `for images, labels in loader`, `batch["x"]`, `x` after `x, y = batch`,
// `v` in `{k: v.to(d) for k, v in batch.items()}`; null when it comes from
// anything else (a parameter, a call, a value assigned outside the loop).
[[nodiscard]] const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr);

}  // namespace gpulint::checks
