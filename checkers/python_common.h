#pragma once
// Questions several Python checkers ask of calls and values. Kept here so no
// checker re-implements them (placement and guards live in ScriptModel).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// torch.utils.data.DataLoader under any import alias (and subclasses from
// torch_geometric that take the same arguments).
[[nodiscard]] bool isDataLoader(const python::Call& call);
// The same, and a project subclass that takes DataLoader's arguments, or a
// name holding such classes on every path (loader_classes.cpp).
[[nodiscard]] bool isDataLoader(const python::ScriptModel& model, const python::Call& call);
// A loader call that may build a subclass with an `__iter__` of its own (the
// YOLO repositories' InfiniteDataLoader keeps one iterator, and so its
// workers, for the whole run): iterating it again may start no worker.
[[nodiscard]] bool mayKeepIterator(const python::ScriptModel& model, const python::Call& call);
// The project function a loader's collate_fn names: a function of this
// file or another, a method of the class whose method builds the loader
// (`collate_fn=self.collate`), or the closure a project factory returns
// (`collate_fn=make_batcher()`); nulls when it names anything else (loader_collate.cpp).
[[nodiscard]] std::pair<const python::ScriptModel*, const python::Function*> collateFunction(
    const python::ScriptModel& m, ts::Node collate);
// `DataLoader(range(n), bs, shuffle=True)` (or torch/numpy arange, list(range(n))) with no
// collate_fn: batches of indices into data the loop holds (loader_collate.cpp).
[[nodiscard]] bool indexOnlyLoader(const python::ScriptModel& model, const python::Call& call);
// Every project method `collate_fn=dataset.collate` may name: the method of
// each class the object may hold (`dataset = load_data(name)` returning one
// of several dataset classes); the one collateFunction names otherwise;
// empty when some class is unknown or lacks the method.
[[nodiscard]] std::vector<std::pair<const python::ScriptModel*, const python::Function*>> collateFunctions(
    const python::ScriptModel& m, ts::Node collate);
// The collate function (every one the loader may run, here or in another
// file) builds its batch around an object the loader's pinning cannot pin:
// a project class with a `to()` of its own and no `pin_memory()`
// (`nested_tensor_from_tensor_list(images)` returning `NestedTensor(...)`,
// itself or through a project function it calls), or a library graph batch
// (`dgl.batch(graphs)`, `cls` null). pin_memory=True leaves its tensors in
// pageable memory (loader_collate.cpp).
struct UnpinnableBatch {
  const python::ScriptModel* model = nullptr;
  const python::ClassDef* cls = nullptr;
};
[[nodiscard]] std::optional<UnpinnableBatch> collatesUnpinnable(const python::ScriptModel& m,
                                                                const python::Call& loader);
// The loader's collate_fn makes its batch on the GPU (a torch factory given a
// GPU device, a `.to(device)`/`.cuda()` copy), or, with no collate_fn, its
// dataset's __getitem__ returns GPU tensors: the loader runs in the main
// process by necessity and has no host batch to pin (loader_collate.cpp).
[[nodiscard]] bool collatesOnGpu(const python::ScriptModel& m, const python::Call& loader);
// The loader's collate_fn argument (keyword or 7th positional), unwrapped; null when not passed.
[[nodiscard]] ts::Node collateArgument(const python::Call& loader);
// The loader may set collate_fn without showing it (`**kwargs`, `*args`).
[[nodiscard]] bool mayHideCollate(const python::Call& loader);
// Where the loader's dataset's __getitem__ copies a sample to the GPU (the
// default collate; some class the dataset may be), or nullopt.
[[nodiscard]] std::optional<Location> samplesCopiedToGpu(const python::ScriptModel& m, const python::Call& loader);
// Every value `expr` may hold passes `accepts(source, call that made it or
// null)`; false when no source can be seen.
template <class Accepts>
[[nodiscard]] bool everySource(const python::ScriptModel& model, ts::Node expr, Accepts accepts) {
  std::vector<ts::Node> sources = model.valueSources(expr, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), [&](ts::Node src) {
    return accepts(src, src.is("call") ? model.ownerOf(src).callAt(src) : nullptr);
  });
}

// transformers.TrainingArguments / Seq2SeqTrainingArguments (or a subclass in the file).
[[nodiscard]] bool isTrainingArguments(const python::ScriptModel& model, const python::Call& call);

// An evaluation loop whose body decodes autoregressively with a library's
// `model.generate(...)` (hundreds of forward passes per item, each ending in
// a host read of the stop condition), directly or through a project wrapper
// (runsGeneration). A project method named generate may be one forward pass: not this.
[[nodiscard]] bool generatesPerItem(const python::ScriptModel& m, const python::BatchContext& batch);
// `model.generate(...)` of a library model (not a project function of that name).
[[nodiscard]] bool isLibraryGenerate(const python::ScriptModel& m, const python::Call& c);
// A call that decodes with a library generate(): one itself, one passing
// `max_new_tokens=`, or a call of a project function that makes one (in its
// body or one project call below; on an untyped receiver, every project
// method of the call's name does).
[[nodiscard]] bool runsGeneration(const python::ScriptModel& m, const python::Call& c);
// A project function named for generation that decodes with a library
// generate() itself (a captioner's `generate` wrapping
// `self.text_decoder.generate(...)`). A forward that generates only on one
// of its paths (`if train: ... else: ...generate(...)`) is not one.
[[nodiscard]] bool wrapsLibraryGenerate(const python::ScriptModel& m, const python::Function& f);

// A step loop whose every pass is one epoch of full-batch training (`for
// epoch in range(n_epochs): loss = train_epoch(model, x, y)`: one optimizer
// step on the whole dataset): the loop variable is a single name for epochs.
// Host work per pass is per epoch, next to a step over all the data.
[[nodiscard]] bool stepsOncePerEpoch(const python::BatchContext& batch);

// Related locations from a value's provenance chain.
[[nodiscard]] std::vector<RelatedLocation> relatedFrom(const python::ResolvedValue& value);
// " (argparse default of --x at train.py:14)" or "" for a literal at the use.
[[nodiscard]] std::string originSuffix(const python::ResolvedValue& value);
// A value that differs by caller (ResolvedValue::candidates): "1 or 4", and
// each with where it is passed and written: "1 at a.py:27 (argparse default
// at a.py:13); 4 at b.py:27 (...)".
[[nodiscard]] std::string candidateList(const python::ResolvedValue& value);
[[nodiscard]] std::string candidateOrigins(const python::ResolvedValue& value);
// "the training step loop at line 40" plus " (through evaluate() at line 52)".
[[nodiscard]] std::string describeContext(const python::ScriptModel& model, const python::BatchContext& context);
// Related locations for the batch loop and the call chain that reaches it.
[[nodiscard]] std::vector<RelatedLocation> relatedFrom(const python::ScriptModel& model,
                                                       const python::BatchContext& context);
// The `% N` guard on the way from `n` to its batch loop whose N resolves
// below min_guard_interval, as a message clause (" Its guard `...` does not
// space it out: `N` resolves to 1 (...).") and related locations; empty when
// there is none.
struct ShortGuardNote {
  std::string clause;
  std::vector<RelatedLocation> related;
};
[[nodiscard]] ShortGuardNote shortGuardNote(const python::ScriptModel& model, ts::Node n,
                                            const python::BatchContext& context);
// A loop's or def's header, from its first byte to the `:` before its body
// (not the body): where a finding about the whole loop points.
[[nodiscard]] Location headerLocation(const python::ScriptModel& model, ts::Node statement);
// "line 31" for a node of `model`'s file, "main.py:31" for a node of
// another file of its project (a value made in one module, used in another).
[[nodiscard]] std::string lineRef(const python::ScriptModel& model, ts::Node n);
// Code quoted in a message: the first line, at most 48 characters, in backticks.
[[nodiscard]] std::string quote(ts::Node n);
// The call in file `from` that hands a value to the function running `loop`
// in `model`'s file (`train_one_epoch(model, criterion, loader, ...)` in
// main.py), as a related location; empty when both are the same file.
[[nodiscard]] std::vector<RelatedLocation> handOffSites(const python::ScriptModel& model, const python::Loop& loop,
                                                        const python::ScriptModel& from);
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
// `if workers > 0: DataLoader(..., num_workers=workers, pin_memory=True)
// else: DataLoader(...)`: `loader` sits in the branch of a test of its own
// worker count that the run as configured skips (workers resolving to 0, or
// the else when they resolve above 0). Other option tests (the dataset a
// flag picks) leave the loader in: another run takes them.
[[nodiscard]] bool ruledOutByWorkerCount(const python::ScriptModel& m, const python::Call& loader);
// The torch DataLoader calls the value of `expr` may come from, followed the
// same way (a loader passed as an argument, a loop's iterable).
[[nodiscard]] std::vector<const python::Call*> loadersOf(const python::ScriptModel& model, ts::Node expr);
// How many times a for loop runs when it iterates range(n), range(a, b) or
// range(a, b, step) (also inside enumerate/tqdm, or tqdm's trange) with
// bounds that resolve; `bound` receives the value of the stop bound. nullopt
// for while loops and anything else.
[[nodiscard]] std::optional<int64_t> tripCount(const python::ScriptModel& model, const python::Loop& loop,
                                               python::ResolvedValue* bound);
// The for loop whose target `expr` takes its value from: `images` in
// `for images, labels in loader`, `batch["x"]`, `x` after `x, y = batch`,
// `v` in `{k: v.to(d) for k, v in batch.items()}`; null when it comes from
// anything else (a parameter, a call, a value assigned outside the loop).
[[nodiscard]] const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr);
// The same inside a helper of this file that `via` calls with the batch
// (`self.train_step(batch)`): a parameter takes what `via` passes for it.
[[nodiscard]] const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr,
                                                  const python::Call& via);

// --- logging (RULES.md GPU201/GPU206) ---
// Lightning's `self.log(...)`/`self.log_dict(...)` inside a LightningModule:
// it keeps tensors and reads them back later, off the step.
[[nodiscard]] bool isLightningSelfLog(const python::Call& call);
// Console, file, tracker and progress-bar logging: print, logging.*,
// logger.info & co., wandb/mlflow, add_scalar(s), log_metric(s), tqdm
// set_postfix/set_description, `<x>.log(...)`, `<x>.print(...)`; not
// Lightning's self.log, not numpy/torch/math `log` functions.
[[nodiscard]] bool isLoggingCall(const python::ScriptModel& model, const python::Call& call);
// A string literal, or one built from literals with `+`/`*` (`("%10s" +
// "%10.4g" * 3)`): the left side of a `%` that formats.
[[nodiscard]] bool buildsFormatString(ts::Node n);
// The GPU tensor (ScriptModel::mayLiveOnDevice) that formatting `expr` would
// read: `expr` itself, an f-string interpolation, a `%`/.format() operand, a
// dict value; null when it formats only host values.
[[nodiscard]] ts::Node formattedDeviceTensor(const python::ScriptModel& model, ts::Node expr);
// The first GPU tensor a logging call receives among its arguments; null when none.
[[nodiscard]] ts::Node loggedDeviceTensor(const python::ScriptModel& model, const python::Call& call);

// --- training and evaluation (RULES.md GPU202/GPU204) ---
// Does the script train at all: a step loop, a LightningModule, Keras or
// Lightning fit(), HF TrainingArguments, `trainer.train()`? Inference and
// evaluation-only scripts use small batches and evaluation loops by design.
[[nodiscard]] bool scriptTrains(const python::ScriptModel& model);
// Libraries that place work on a GPU without a visible `.cuda()`: TF/Keras,
// JAX, fastai, ultralytics, mmengine...
[[nodiscard]] bool usesImplicitGpuFramework(const python::ScriptModel& model);
// True when the script runs on the CPU for sure: no GPU path anywhere in the
// project (ScriptModel::mayRunOnGpu), no framework that picks the GPU itself,
// and no device argument (`.to(x)`, `device=x`, `torch.device(x)`) that may
// name one; or off the GPU on TPUs (torch_xla imported, no CUDA placement). The step-loop rules about host time between steps stay silent
// there: there is no GPU to idle (a micrograd lecture's loop).
[[nodiscard]] bool runsOnCpuOnly(const python::ScriptModel& model);
// Stronger: the file names devices, and every one is the CPU (`device='cpu'`
// defaults, `.to("cpu")`): a CPU-only tutorial, not a loader module that
// leaves placement to its callers.
[[nodiscard]] bool choosesCpuOnly(const python::ScriptModel& model);
// " gpulint judges the script as it runs on the GPU node: when run with
// --accel." when the file reaches the GPU only behind a command-line flag
// (ScriptModel::gpuFlag); "" otherwise. Appended to device-rule messages.
[[nodiscard]] std::string gpuFlagNote(const python::ScriptModel& model);
// Gradient accumulation above 1 set anywhere in the file: a keyword, an
// argparse default, an assignment (dataclass fields too) or a dict key named
// like gradient_accumulation_steps / accumulate_grad_batches / accum_iter.
// Points at the setting, with "<name> resolves to <n> at line L" as message.
[[nodiscard]] std::optional<RelatedLocation> gradientAccumulation(const python::ScriptModel& model);
// What a batch source (a DataLoader or tf.data `.batch()` call) is built from.
struct BatchSourceHints {
  std::string_view data;  // the dataset argument, or the pipeline a .batch() extends
  bool shuffles = false;  // shuffle=True, a random/distributed sampler, tf .shuffle()
  bool ordered = false;   // shuffle=False without a sampler, a SequentialSampler
};
// True only when the batch source positively feeds training: a train name
// (assigned variable, keyword, dict key, enclosing function, dataset),
// shuffling, or a step loop / fit() that consumes it. Any sign of evaluation
// (a val/test/eval name, an eval or predict function, an ordered loader)
// wins, and a source with no sign either way is not training.
[[nodiscard]] bool feedsTraining(const python::ScriptModel& model, ts::Node call, const BatchSourceHints& hints);
// A call that runs an evaluation pass by itself: a trainer's validate() or
// evaluate(), Keras Model.evaluate(), or a function defined or imported here
// (or a self method) named like one: evaluate, validate, run_validation,
// eval_model, val_epoch, test; not per-batch helpers (eval_step) nor the
// builtin eval().
[[nodiscard]] bool isEvaluationCall(const python::ScriptModel& model, const python::Call& call);
// The `model.eval()` that puts `loop` in evaluation mode: the latest mode
// switch before it in its function, in a loop around it or outside loops.
[[nodiscard]] const python::Call* evalModeSwitch(const python::ScriptModel& model, const python::Loop& loop);
// An eval loop that is a pass over evaluation data (it iterates val/test
// data, sits in an eval-named function, or follows model.eval()), not a
// per-sample statistics loop under no_grad.
[[nodiscard]] bool isEvaluationPass(const python::ScriptModel& model, const python::Loop& loop);

// The option large_model_modules' prefix (a model family whose samples are
// large: Hugging Face causal and seq2seq LMs, peft, detection, diffusion)
// that this file imports or calls; "" when none.
[[nodiscard]] std::string largeModelFamily(const AnalysisContext& ctx, const python::ScriptModel& m);

// `x = Call(...)`: the uses of `x` in the assignment's function (or module,
// with `module_level`) that may read this value: those after the
// assignment, or all of them when a loop may bring earlier ones round
// again; never those inside the call (`net = nn.DataParallel(net)` reads
// the old value). nullopt when the value is not assigned to a plain name,
// or sits at module level without `module_level`.
[[nodiscard]] std::optional<std::vector<ts::Node>> usesOfAssignedValue(const python::ScriptModel& m,
                                                                       const python::Call& call, bool module_level);

}  // namespace gpulint::checks
