#include "checkers/data/GPU101_sync_data_loading.h"

#include <algorithm>

#include "checkers/config_side.h"
#include "checkers/data/few_batches.h"
#include "checkers/data/token_batches.h"
#include "checkers/data/shared_worker_count.h"
#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

constexpr int kNumWorkersIndex = 5;  // DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers)

std::string workers(const AnalysisContext& ctx) { return std::to_string(ctx.options->workers); }

// `DataLoader(TensorDataset(ids, mask), ...)`, on every path, for inference
// (built under no_grad, or in a file that trains nothing): the samples are
// rows of tensors already in memory, so a batch is an index and a stack;
// workers would have nothing to read or decode and only add IPC. A loader
// that may feed training keeps the finding: scripts use TensorDataset as a
// stand-in for data loaded per sample.
// The loader may feed training: the file trains (a backward pass, a
// training step hook) and the loader is not built under no_grad.
bool mayFeedTraining(const python::ScriptModel& model, const python::Call& call) {
  bool trains = std::any_of(model.calls().begin(), model.calls().end(),
                            [](const python::Call& c) { return python::isTrainingCall(c); }) ||
                std::any_of(model.functions().begin(), model.functions().end(), [](const auto& f) {
                  return f->owner && f->name == "training_step";  // Lightning or a Trainer override
                });
  return trains && !model.gradDisabled(call.node);
}

bool overTensorsInMemory(const python::ScriptModel& model, const python::Call& call) {
  ts::Node ds = call.argument("dataset", 0);
  if (!ds || mayFeedTraining(model, call)) return false;
  return everySource(model, ds, [](ts::Node, const python::Call* made) {
    return made && made->qualified == "torch.utils.data.TensorDataset";
  });
}

// The loader is made in a file with no GPU in sight (no device, and no
// project file imports it: known only when the project was linked) and
// assigned to a name the file never reads again (a data-preparation script
// timing its loader's construction). No GPU waits for it. Alone, the file
// may be imported by a GPU script: kept. A loader the file goes on to use
// is kept too: a short script may stand for a training script whose GPU
// code is elsewhere (the adoption tests' two-line scripts).
bool cpuOnlyScriptLoader(const python::ScriptModel& model, const python::Call& call) {
  if (model.importedInProject() != false || !runsOnCpuOnly(model)) return false;
  ts::Node parent = call.node.parent();
  if (!parent || !parent.is("assignment") || !parent.field("left").is("identifier")) return false;
  std::string_view name = parent.field("left").text();
  // Any read of the name (a store, `name = DataLoader(...)` again, is none).
  ts::Node root = model.root();
  for (uint32_t i = root.preorder(), end = root.subtreeEnd(); i < end; ++i) {
    ts::Node n = root.preorderAt(i);
    if (!n.is("identifier") || n.text() != name) continue;
    ts::Node up = n.parent();
    if (!(up && up.is("assignment") && up.field("left") == n)) return false;
  }
  return true;
}

// Every class the loader's dataset may be has a __getitem__ that calls
// nothing but cheap builtins (`return {"prompt": self.prompt, "index": i}`,
// prompts for a generation pass), iterated by loops of this file: there is
// no sample to read, decode or convert, so a worker would only add start-up
// time and IPC. A training loop's loader qualifies when __getitem__ looks a
// stored value up and at most casts it (`self.rows[i]`, pre-tokenized ids
// `.type(torch.int64)`) and its collate_fn, if any, only pads or stacks. A
// loader handed elsewhere keeps the finding.
bool cheapBuiltin(const python::Call& c) {
  return !c.receiver && c.qualified.empty() &&
         python::syntax::oneOf(c.method, {"len", "int", "str", "float", "dict", "tuple", "list", "min", "max", "zip"});
}

// `self.rows[i]`, `self._data[i]["input_ids"]`: a value stored in the
// dataset, looked up by index or key.
bool indexesStoredValue(ts::Node e) {
  e = python::syntax::unwrap(e);
  if (!e || !e.is("subscript")) return false;
  ts::Node v = python::syntax::unwrap(e.field("value"));
  while (v && v.is("subscript")) v = python::syntax::unwrap(v.field("value"));
  return v && v.is("attribute") && v.field("object").text() == "self";
}

// What a training loader's dataset may do per sample and still hand out a
// stored value: look it up (`self.rows[i]`) and cast it (`.type(torch.int64)`,
// `.long()`), or call cheap builtins; no read, decode or transform.
bool looksUpOnly(const python::ScriptModel& at, const python::Function& getitem) {
  for (const python::Call& c : at.callsIn(getitem.body)) {
    if (cheapBuiltin(c)) continue;
    bool cast = c.receiver && indexesStoredValue(c.receiver) &&
                python::syntax::oneOf(c.method, {"type", "long", "float", "int", "half", "bfloat16", "clone"});
    if (!cast) return false;
  }
  return true;
}

// What a collate_fn may call and still only pad or stack what it is given:
// cheap builtins, the tensor-joining factories, a sample's own fields and
// sizes, project helpers doing the same (two calls deep), a project
// dataclass built from the pieces, and an exception for what it cannot join.
bool joinsOnly(const python::ScriptModel& at, const python::Function& f, int depth);

bool joiningCall(const python::ScriptModel& at, const python::Call& c, int depth) {
  if (cheapBuiltin(c)) return true;
  if (!c.receiver && c.qualified.empty() &&
      (python::syntax::oneOf(c.method, {"getattr", "hasattr", "isinstance", "type", "all", "any", "sorted", "range",
                                        "enumerate"}) ||
       c.method.ends_with("Error")))
    return true;
  if (python::syntax::oneOf(c.qualified, {"torch.nn.utils.rnn.pad_sequence", "torch.stack", "torch.cat",
                                          "torch.tensor", "torch.as_tensor", "torch.nn.functional.pad",
                                          "dataclasses.fields", "itertools.chain", "itertools.chain.from_iterable"}))
    return true;
  // `rows.append(r)`, `r.size(-1)`, `first.keys()`: containers and shapes.
  if (c.receiver && c.qualified.empty() &&
      python::syntax::oneOf(c.method, {"append", "extend", "keys", "values", "items", "get", "size", "dim"}))
    return true;
  if (auto [owner, g] = at.callTarget(c); g) return depth < 2 && joinsOnly(*owner, *g, depth + 1);
  // `Batch(**fields)` of a dataclass (no __init__ of its own to do work in).
  auto [made_at, made] = at.constructedClass(c);
  return made && !made_at->methodOf(*made, "__init__").second;
}

bool joinsOnly(const python::ScriptModel& at, const python::Function& f, int depth) {
  for (const python::Call& c : at.callsIn(f.body))
    if (!joiningCall(at, c, depth)) return false;
  return true;
}

// A collate_fn that only pads or stacks what it is given (`pad_sequence`,
// `torch.stack`): no per-batch tokenizing or decoding. A function of this
// file, or a method of every class its object may be (`buffer.collate`, a
// replay buffer's own batching of the rollouts it stores).
bool padsOrStacksOnly(const python::ScriptModel& model, ts::Node collate) {
  collate = python::syntax::unwrap(collate);
  if (collate.is("identifier")) {
    const python::Function* f = model.functionNamed(collate.text());
    return f && joinsOnly(model, *f, 0);
  }
  if (!collate.is("attribute")) return false;
  // A copy: instanceClasses' answer lasts only until the next question.
  std::vector<python::ScriptModel::ClassRef> classes = model.instanceClasses(collate.field("object"));
  if (classes.empty()) return false;
  for (const auto& [owner, cls] : classes) {
    auto [at, method] = owner->methodOf(*cls, collate.field("attribute").text());
    if (!method || !joinsOnly(*at, *method, 0)) return false;
  }
  return true;
}

bool itemsAreStoredValues(const python::ScriptModel& model, const python::Call& call) {
  ts::Node dataset = call.argument("dataset", 0);
  if (!dataset || mayHideCollate(call)) return false;
  // A collate_fn (tokenizing the batch, say) is work a worker would take;
  // one that only pads or stacks is not, for a training loader.
  ts::Node collate = collateArgument(call);
  // The dataset first (a lookup per class), the loops that iterate the loader last (every loop asked).
  // A copy: instanceClasses' answer lasts only until the next question.
  std::vector<python::ScriptModel::ClassRef> classes = model.instanceClasses(python::syntax::unwrap(dataset));
  if (classes.empty()) return false;
  bool stored_only = true;  // every __getitem__ looks up a stored value and at most casts it
  for (const auto& [owner, cls] : classes) {
    auto [at, getitem] = owner->methodOf(*cls, "__getitem__");
    if (!getitem) return false;
    for (const python::Call& c : at->callsIn(getitem->body))
      if (!cheapBuiltin(c)) stored_only = false;
    if (!looksUpOnly(*at, *getitem)) return false;
  }
  bool iterated = false, trains = false;
  for (const python::Loop& l : model.loops()) {
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, l);
    if (std::find(loaders.begin(), loaders.end(), &call) == loaders.end()) continue;
    trains = trains || l.kind == python::LoopKind::Step;
    iterated = true;
  }
  // A loader the file never iterates and that has no collate_fn of its own
  // (a stub dataset in a tutorial) keeps the finding.
  if (!iterated && !collate) return false;
  // A collate_fn that only pads or stacks (a replay buffer's own batching of
  // the rollouts it stores): a batch is lookups and a join, wherever the
  // loader is iterated (a generator of micro-batches around it) and whether
  // or not the loop trains; a worker would do it at the price of its IPC.
  if (collate) return padsOrStacksOnly(model, collate);
  // Not training: cheap builtins only. Training on samples the dataset holds
  // in memory (pre-tokenized ids, images decoded once in __init__): lookups
  // and casts.
  return trains || stored_only;
}

// A loader of a script with no GPU path (no CUDA, no accelerator framework, no
// device argument that may name a GPU, no importer on the GPU path) that a
// loop of the script itself iterates: the batches are consumed on the CPU.
// A loader this file only builds (a factory, a module-level loader another
// file or a job may use) keeps the finding.
// Every class the loader's dataset may be is a project IterableDataset
// whose class never asks which worker it runs in (get_worker_info(), a
// worker id): with workers, each would replay the whole stream and the model
// would see every batch num_workers times. Where its __iter__ is; nullopt
// when any class splits its stream, may do so in a helper outside the class,
// or is not known.
std::optional<Location> unshardedIterable(const python::ScriptModel& model, const python::Call& call) {
  ts::Node dataset = call.argument("dataset", 0);
  if (!dataset) return std::nullopt;
  // A copy: the answer is reused by the next question (callTarget below may ask one).
  std::vector<python::ScriptModel::ClassRef> classes = model.instanceClasses(python::syntax::unwrap(dataset));
  if (classes.empty()) return std::nullopt;
  std::optional<Location> first;
  for (const auto& [owner, cls] : classes) {
    bool iterable = std::any_of(cls->bases.begin(), cls->bases.end(),
                                [](const std::string& b) { return b.ends_with("IterableDataset"); });
    auto [at, iter] = owner->methodOf(*cls, "__iter__");
    if (!iterable || !iter || at != owner) return std::nullopt;
    if (python::syntax::containsWord(cls->node.text(), {"worker_info", "worker_id", "split_by_worker", "num_workers"}))
      return std::nullopt;
    // A project helper or iterator class may shard (an iterator over inner
    // datasets that do), and so may iterating what the dataset was handed:
    // not known.
    for (const python::Call& c : owner->callsIn(cls->node)) {
      if (auto [callee_model, callee] = owner->callTarget(c); callee && !cls->node.contains(callee->node))
        return std::nullopt;
      if (auto [made_model, made] = owner->constructedClass(c); made && made != cls) return std::nullopt;
      if (c.callee.is("identifier") && c.method == "iter") return std::nullopt;
    }
    if (!first) first = owner->location(iter->node.field("name"));
  }
  return first;
}

// A dataset module's self-test: `if __name__ == "__main__":` of a file the
// project's training code imports, or a function of the file only that block
// calls (`_test_bin()`, comparing two encodings of the data by hand), where
// the file has no GPU of its own or runs no model (it moves batches to the
// device to see that they load). Importing the file never runs that block.
// A main block that benchmarks or trains a model on the GPU is a run of its own.
bool selfTestOfImportedModule(const python::ScriptModel& model, const python::Call& call) {
  if (model.importedInProject() != true) return false;
  if (!python::syntax::underMainGuard(call.node)) {
    const python::Function* f = model.enclosingFunction(call.node);
    if (!f || f->owner) return false;
    // A caller in another file (an entry script's main block) is the training run's.
    if (const python::ProjectModel* project = model.project())
      for (const python::ProjectCall& pc : project->callersOf(*f))
        if (pc.model != &model) return false;
    std::vector<const python::Call*> callers = model.callersOf(*f);
    if (callers.empty() || !std::all_of(callers.begin(), callers.end(), [](const python::Call* c) {
          return python::syntax::underMainGuard(c->node);
        }))
      return false;
  }
  if (!model.usesCuda()) return true;
  return std::none_of(model.calls().begin(), model.calls().end(), [&model](const python::Call& c) {
    return python::isTrainingCall(c) || (python::syntax::underMainGuard(c.node) && model.isModuleExpression(c.callee));
  });
}

// `self.handle = open(path, "rb")` in a dataset's __init__, then
// `self.handle.seek(k * stride)` and `.read(stride)` in __getitem__: forked
// workers would share that handle's one file offset, and each would read
// records another worker's seek moved. Where the file is opened; nullopt
// when no class of the dataset reads that way.
std::optional<Location> sharedFileHandle(const python::ScriptModel& model, const python::Call& call) {
  ts::Node dataset = call.argument("dataset", 0);
  if (!dataset) return std::nullopt;
  // A copy: instanceClasses' answer lasts only until the next question.
  std::vector<python::ScriptModel::ClassRef> classes = model.instanceClasses(python::syntax::unwrap(dataset));
  for (const auto& [owner, cls] : classes) {
    auto [at, getitem] = owner->methodOf(*cls, "__getitem__");
    auto [init_at, init] = owner->methodOf(*cls, "__init__");
    if (!getitem || !init || at != init_at) continue;
    for (const python::Call& c : at->callsIn(getitem->body)) {
      if (!c.receiver || !python::syntax::oneOf(c.method, {"seek", "read", "readinto"})) continue;
      std::string_view handle = python::syntax::unwrap(c.receiver).text();
      if (!handle.starts_with("self.")) continue;
      for (const python::Call& o : at->callsIn(init->body)) {
        ts::Node assign = o.node.parent();
        if (o.receiver || o.method != "open" || !assign || !assign.is("assignment") ||
            assign.field("left").text() != handle)
          continue;
        return at->location(o.node);
      }
    }
  }
  return std::nullopt;
}

bool feedsCpuOnlyScript(const python::ScriptModel& model, const python::Call& call) {
  if (!runsOnCpuOnly(model)) return false;
  return std::any_of(model.loops().begin(), model.loops().end(), [&](const python::Loop& l) {
    if (!l.iterable) return false;
    std::vector<const python::Call*> loaders = loadersOf(model, l.iterable);
    return std::find(loaders.begin(), loaders.end(), &call) != loaders.end();
  });
}

// The message's closing "Pass num_workers=N"/"Set num_workers to N", for a
// dataset that needs a change first.
void dropWorkerAdvice(std::string& message) {
  for (std::string_view advice : {" Pass num_workers=", " Set num_workers to "})
    if (size_t at = message.rfind(advice); at != std::string::npos) {
      message.erase(at);
      return;
    }
}

void checkDataLoader(const AnalysisContext& ctx, const python::Call& call, std::vector<LoaderFinding>& found) {
  const python::ScriptModel& model = *ctx.script;
  if (drawsOneBatchOnce(model, call)) return;  // one batch, once: nothing to overlap with training
  if (selfTestOfImportedModule(model, call)) return;
  // **kwargs may carry num_workers: unknown, stay silent.
  if (call.mayHideArgument("num_workers", kNumWorkersIndex)) return;
  // A collate_fn that builds the batch on the GPU cannot run in a worker (CUDA does not start in forked processes).
  if (collatesOnGpu(model, call)) return;
  ts::Node arg = call.argument("num_workers", kNumWorkersIndex);
  std::optional<Location> source;  // where a count of 0 is written, away from the call
  Diagnostic d;
  d.rule = "GPU101";
  d.level = Level::Warning;
  Fix fix;
  fix.applicability = Applicability::Unsafe;
  fix.title = "Set num_workers=" + workers(ctx) + " and persistent_workers=True";
  bool has_persistent = static_cast<bool>(call.keyword("persistent_workers"));
  if (!arg) {
    d.location = callHead(model, call);
    d.message = "DataLoader loads every batch in the main process (num_workers is omitted, so it is 0); "
                "the GPU idles while the CPU reads, decodes and collates each batch. Pass num_workers=" +
                workers(ctx) + " or more.";
    std::vector<std::pair<std::string, std::string>> kws{{"num_workers", workers(ctx)}};
    if (!has_persistent) kws.push_back({"persistent_workers", "True"});
    fix.edits.push_back(fixits::addKeywords(model, call, kws));
    // Workers enable no other fix in this file: GPU105's persistent_workers
    // comes with them (an explicit persistent_workers=False stays for GPU105
    // to fix); a job running the script may read the count (GPU303's shm).
    if (!has_persistent) fix.chain = FixChain::EndsInItsFile;
  } else {
    python::ResolvedValue value = model.resolve(arg);
    auto n = value.asInt();
    // Unknown or non-zero: nothing to say (os.cpu_count(), args.workers with a job override...).
    if (!n || *n != 0 || value.kind == python::ResolvedValue::Kind::String) return;
    ts::Node kw = arg.parent();
    // A count splatted in from a dict (`**loader_opts`, built elsewhere or
    // handed by the callers): the finding stays on the loader, the dict's
    // entry is where the 0 is written.
    bool splatted = !call.node.contains(arg);
    d.location = splatted ? callHead(model, call) : model.location(kw && kw.is("keyword_argument") ? kw : arg);
    std::string where = splatted ? ", set at " + lineRef(model, arg) + " in the dict splatted into the call" : "";
    d.message = "DataLoader loads every batch in the main process (num_workers resolves to 0" +
                originSuffix(value) + where + "); the GPU idles while the CPU reads, decodes and collates each "
                "batch. Set num_workers to " + workers(ctx) + " or more.";
    d.related = relatedFrom(value);
    if (splatted) d.related.insert(d.related.begin(), {model.location(kw && kw.is("pair") ? kw : arg), "num_workers is 0 here"});
    if (!value.chain.empty()) source = value.chain.back().location;
    // Written in a job or config: the project pass edits it there.
    d.value_fix = WrittenValueFix{"0", workers(ctx), "Set num_workers to " + workers(ctx) + " where it is written",
                                  Applicability::Unsafe};
    // Edit the 0 where it is written: at the call, or the argparse default,
    // constant or config entry of this file it comes from.
    if (value.chain.empty() && arg.is("integer")) {
      fix.edits.push_back(fixits::replaceNode(model, arg, workers(ctx)));
      // As above; a count written elsewhere (an argparse default, a
      // constant) may feed other loaders too, which may then need a fix.
      if (!has_persistent) fix.chain = FixChain::EndsInItsFile;
    } else if (!value.chain.empty()) {
      if (auto edit = fixits::replaceWrittenLiteral(model.file(), value.chain.back().location, "0", workers(ctx)))
        fix.edits.push_back(*edit);
    }
    // A variable can still be 0 at run time (`--workers 0`), where
    // persistent_workers=True would raise: tie it to the worker count.
    if (!fix.edits.empty() && !has_persistent)
      fix.edits.push_back(fixits::addKeywords(
          model, call, {{"persistent_workers", value.chain.empty() ? "True" : fixits::positiveTest(arg)}}));
  }
  // Workers cannot use a dataset that lives on the GPU (CUDA does not survive
  // fork): the finding stands, but no edit would run.
  if (ts::Node ds = call.argument("dataset", 0); ds && model.mayLiveOnDevice(ds)) fix.edits.clear();
  // Nor one whose __getitem__ copies each sample to the GPU after decoding
  // it (the decode is the workers' job; the copy must leave __getitem__ first).
  if (std::optional<Location> copy = samplesCopiedToGpu(model, call)) {
    fix.edits.clear();
    d.message += " Its dataset's __getitem__ copies each sample to the GPU (line " + std::to_string(copy->start.line) +
                 "), which a worker process cannot do: return host tensors there and copy the batch in the loop.";
    d.related.push_back({*copy, "each sample is copied to the GPU here"});
  }
  // Workers would share the dataset's one open file and race on its offset:
  // the loading still idles the GPU, but raising num_workers alone would
  // return wrong records.
  if (std::optional<Location> opened = sharedFileHandle(model, call)) {
    fix.edits.clear();
    dropWorkerAdvice(d.message);
    d.message += " Its dataset reads every item with seek() and read() on one file it opens in __init__ (line " +
                 std::to_string(opened->start.line) + "): forked workers would share that file's offset and read "
                 "each other's records, so open the file in each worker first (lazily in __getitem__, or in a "
                 "worker_init_fn), then set num_workers to " + workers(ctx) + ".";
    d.related.push_back({*opened, "the file every worker would share"});
  }
  // Workers would each replay an unsharded stream: the loading still idles
  // the GPU, but raising num_workers alone would repeat every batch.
  if (std::optional<Location> stream = unshardedIterable(model, call)) {
    fix.edits.clear();
    d.level = Level::Note;
    dropWorkerAdvice(d.message);  // not alone: see below
    d.message += " Its dataset is an IterableDataset whose __iter__ (line " + std::to_string(stream->start.line) +
                 ") does not split its stream by worker (torch.utils.data.get_worker_info()): each worker would "
                 "yield all of it, so shard the stream per worker, then set num_workers to " + workers(ctx) + ".";
    d.related.push_back({*stream, "the stream every worker would replay"});
  }
  if (!fix.edits.empty()) d.fixes.push_back(std::move(fix));
  // Asked last, of the loaders that would be reported (they follow values).
  if (indexOnlyLoader(model, call)) return;      // batches of indices: nothing to load
  if (cpuOnlyScriptLoader(model, call)) return;  // made and never used, with no GPU in sight
  if (overTensorsInMemory(model, call)) return;  // nothing for a worker to load
  if (itemsAreStoredValues(model, call)) return;  // nor here: __getitem__ only looks values up
  if (tokenIdsForLargeModel(ctx, model, call)) return;  // ids padded in well under a millisecond
  if (readsFewBatches(model, call)) return;      // a few batches per call: workers would cost more than they save
  if (drawnOnlyPeriodically(model, call)) return;  // one batch every N steps: the step loop hardly waits for it
  if (choosesCpuOnly(model)) return;  // every device is the CPU: no GPU waits for the loader
  if (feedsCpuOnlyScript(model, call)) return;  // a CPU-only script's own loader: no GPU waits for it
  found.push_back({std::move(d), &call, source});
}

// A training run of at most this many optimizer steps is a demo or a smoke test.
constexpr int64_t kDemoSteps = 20;

// `holder = Seq2SeqTrainingArguments(output_dir="tmp")` whose only uses are
// reads of its fields (`holder.seed` in a vLLM script): a settings holder
// handed to no Trainer, so no loader is built from it. Any other use (an
// argument, a return, a store) may reach a Trainer.
bool onlyFieldsRead(const python::ScriptModel& model, const python::Call& call) {
  auto uses = usesOfAssignedValue(model, call, /*module_level=*/false);
  if (!uses) return false;
  for (ts::Node n : *uses) {
    ts::Node up = n.parent();
    if (!up || !up.is("attribute") || !(up.field("object") == n)) return false;
    ts::Node outer = up.parent();  // `holder.x = ...` stores, `holder.to_dict()` hands it over
    if (outer && ((outer.is("assignment") && outer.field("left") == up) || outer.is("call"))) return false;
  }
  return true;
}

// HF TrainingArguments: dataloader_num_workers defaults to 0.
void checkTrainingArguments(const AnalysisContext& ctx, const python::Call& call, DiagnosticSink& sink) {
  const python::ScriptModel& model = *ctx.script;
  if (call.has_star_kwargs || call.has_star_args) return;
  if (onlyFieldsRead(model, call)) return;  // a settings holder no Trainer is given
  if (model.importsModuleUnconditionally("torch_xla")) return;  // trains on a TPU: no GPU to idle
  if (trainerFeedsTokenIdsToLargeModel(ctx, model, call)) return;  // ids padded in well under a millisecond
  for (const char* cpu : {"no_cuda", "use_cpu"})
    if (ts::Node v = call.keyword(cpu)) {
      auto b = model.resolve(v).truthiness();
      if (!b || *b) return;  // CPU training, or unknown
    }
  // A demo of a few steps (`max_steps=10`): a worker pool would start for a
  // handful of batches and cost more than it overlaps.
  if (ts::Node steps = call.keyword("max_steps"))
    if (auto n = model.resolve(steps).asInt(); n && *n > 0 && *n <= kDemoSteps) return;
  ts::Node arg = call.keyword("dataloader_num_workers");
  Diagnostic d;
  d.rule = "GPU101";
  d.level = Level::Warning;
  if (!arg) {
    d.location = callHead(model, call);
    d.message = call.method + " leaves dataloader_num_workers at its default 0, so the Trainer loads every "
                "batch in the training process and the GPU idles while it does. Pass dataloader_num_workers=" +
                workers(ctx) + ".";
    Fix fix{"Set dataloader_num_workers=" + workers(ctx), Applicability::Unsafe,
            {fixits::addKeywords(model, call, {{"dataloader_num_workers", workers(ctx)}})}};
    d.fixes.push_back(std::move(fix));
  } else {
    python::ResolvedValue value = model.resolve(arg);
    auto n = value.asInt();
    if (!n || *n != 0) return;
    d.location = model.location(arg.parent());
    d.message = call.method + " sets dataloader_num_workers to 0" + originSuffix(value) +
                ", so the Trainer loads every batch in the training process and the GPU idles while it does. "
                "Set it to " + workers(ctx) + ".";
    d.related = relatedFrom(value);
    if (value.chain.empty() && arg.is("integer"))
      d.fixes.push_back(Fix{"Set dataloader_num_workers=" + workers(ctx), Applicability::Unsafe,
                            {fixits::replaceNode(model, arg, workers(ctx))}});
  }
  if (choosesCpuOnly(model)) return;  // every device is the CPU: no GPU waits for the loader
  sink.report(std::move(d));
}

// HF arguments from a linked config (args.yaml/args.json, argv): dataloader_num_workers: 0.
void checkHfConfig(const AnalysisContext& ctx, DiagnosticSink& sink) {
  const python::ScriptModel& model = *ctx.script;
  auto s = configSetting(model, python::ConfigRoot::HfArguments, "dataloader_num_workers");
  if (!s || s->value.kind != python::ResolvedValue::Kind::Int || s->value.int_value != 0 ||
      hfArgumentsMayUseCpu(model))
    return;
  Diagnostic d = configDiagnostic(
      "GPU101", Level::Warning, *s,
      "The HF arguments set " + describeSetting("dataloader_num_workers", s->value) +
          ", so the Trainer loads every batch in the training process and the GPU idles while it does. Set it to " +
          workers(ctx) + ".");
  d.value_fix = WrittenValueFix{"0", workers(ctx), "Set dataloader_num_workers to " + workers(ctx),
                                Applicability::Unsafe};
  sink.report(std::move(d));
}

}  // namespace

void SyncDataLoading::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  std::vector<LoaderFinding> loaders;
  for (const python::Call& call : ctx.script->calls()) {
    // `if workers > 0: DataLoader(..., num_workers=workers)` with workers
    // resolving to 0: a loader the run as configured never builds.
    if (isDataLoader(*ctx.script, call) && !ruledOutByWorkerCount(*ctx.script, call))
      checkDataLoader(ctx, call, loaders);
    else if (isTrainingArguments(*ctx.script, call)) checkTrainingArguments(ctx, call, sink);
  }
  for (Diagnostic& d : mergeSharedWorkerCounts(*ctx.script, std::move(loaders))) sink.report(std::move(d));
  checkHfConfig(ctx, sink);
}

}  // namespace gpulint::checks
