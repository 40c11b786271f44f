#include "checkers/model/GPU204_tiny_batch.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <set>

#include "checkers/config_side.h"
#include "checkers/model/large_samples.h"
#include "checkers/python_common.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, ...); Model.fit(x, y, batch_size, ...).
constexpr int kBatchSizeIndex = 1, kShuffleIndex = 2, kSamplerIndex = 3, kBatchSamplerIndex = 4;
constexpr int kFitBatchSizeIndex = 2;

const char* kWhyIdle =
    "each training step feeds so few samples to the GPU that its kernels occupy only a fraction of the SMs, and "
    "the fixed per-step cost (kernel launches, Python, the optimizer update, gradient all-reduce) dominates "
    "while the GPU waits";

// What a few samples per step mean for a large-input family: the claim
// that the SMs idle holds only where the samples are short.
std::string familyNote(std::string family) {
  if (family.starts_with("*.")) family = family.substr(2);  // a package name, not a prefix
  return "micro-batches this small are common with " + family +
         " models, whose samples are large (long token sequences, high-resolution images) and may keep the GPU "
         "busy on their own; where the samples are short, the fixed per-step cost (kernel launches, Python, the "
         "optimizer update) dominates while the GPU waits. Check whether memory allows a larger micro-batch "
         "(mixed precision, activation checkpointing).";
}

// Activation checkpointing is already on for the training run: the HF
// arguments' `gradient_checkpointing` resolves true (in a TrainingArguments
// call of the file, or in a linked config or job argv), or the script calls
// `model.gradient_checkpointing_enable()`. With a large-input family, a
// micro-batch this small is then what memory allows, chosen after the step
// the note would advise: nothing left to say.
bool checkpointsActivations(const ScriptModel& m) {
  auto on = [](const ResolvedValue& v) { return v.truthiness() == std::optional<bool>(true); };
  for (const Call& c : m.calls()) {
    if (c.method == "gradient_checkpointing_enable" && c.receiver) return true;
    if (isTrainingArguments(m, c))
      if (ts::Node arg = c.keyword("gradient_checkpointing"); arg && on(m.resolve(arg))) return true;
  }
  auto s = configSetting(m, python::ConfigRoot::HfArguments, "gradient_checkpointing");
  return s && on(s->value);
}

// True when `value` is `name[0]`.
bool firstElementOf(ts::Node value, std::string_view name) {
  value = syntax::unwrap(value);
  if (!value.is("subscript")) return false;
  ts::Node index = syntax::unwrap(value.field("subscript"));
  return value.field("value").text() == name && index.is("integer") && index.text() == "0";
}

// Every `return` of f (not of a nested function) hands on `param[0]`.
bool returnsFirstElement(ts::Node n, std::string_view param, bool& any) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition") || c.is("lambda")) continue;
    if (c.is("return_statement")) {
      if (c.namedChildCount() != 1 || !firstElementOf(c.namedChild(0), param)) return false;
      any = true;
    } else if (!returnsFirstElement(c, param, any)) {
      return false;
    }
  }
  return true;
}

// A `collate_fn` that hands on one element of what it receives (`lambda b:
// b[0]`, a collator object whose `__call__` returns `examples[0]`): the
// dataset yields whole batches, so batch_size=1 counts batches, not samples.
bool unwrapsPrebatched(const ScriptModel& m, ts::Node collate) {
  collate = syntax::unwrap(collate);
  if (!collate) return false;
  if (collate.is("lambda")) {
    ts::Node params = collate.field("parameters");
    ts::Node first = params ? params.namedChild(0) : ts::Node();
    return first && first.is("identifier") && firstElementOf(collate.field("body"), first.text());
  }
  const python::Function* f = collate.is("identifier") ? m.functionNamed(collate.text()) : nullptr;
  if (!f) {
    auto [cls_model, cls] = m.instanceClass(collate);
    if (cls) f = cls_model->methodOf(*cls, "__call__").second;
  }
  if (!f) return false;
  size_t first = f->owner && !f->parameters.empty() && f->parameters[0] == "self" ? 1 : 0;
  if (f->parameters.size() <= first) return false;
  bool any = false;
  return returnsFirstElement(f->body, f->parameters[first], any) && any;
}

// Every use of `name` under `body` takes element [0] of it (`chunk[0]`,
// `chunk["xyz"][0]`), or hands it to a project function that does so with
// its parameter (`loss = self.train_step(data)` where train_step reads
// `data["points"][0]`). At least one use.
bool usesOnlyFirstElement(const ScriptModel& m, ts::Node body, std::string_view name, int depth) {
  if (depth > 2) return false;
  size_t uses = 0;
  for (uint32_t i = body.preorder(); i < body.subtreeEnd(); ++i) {
    ts::Node u = body.preorderAt(i);
    if (!u.is("identifier") || u.text() != name) continue;
    ts::Node outer = u.parent();
    // `data = self.prepare_data(data)`: moved or converted, still the item
    // (its later uses decide). Rebound to anything else, it is no longer.
    if (outer && outer.is("assignment") && outer.field("left") == u) {
      ts::Node right = syntax::unwrap(outer.field("right"));
      const Call* c = right && right.is("call") ? m.callAt(right) : nullptr;
      bool converts = c && std::any_of(c->positional.begin(), c->positional.end(),
                                       [&](ts::Node a) { return a.is("identifier") && a.text() == name; });
      if (!converts) return false;
      continue;
    }
    if (outer && outer.is("argument_list")) {
      // The argument of that rebinding call: its result is the item again.
      ts::Node stmt = outer.parent().parent();
      if (stmt && stmt.is("assignment") && stmt.field("right") == outer.parent() && stmt.field("left").text() == name)
        continue;
      // Handed on whole: the callee must unwrap its parameter itself.
      const Call* c = m.callAt(outer.parent());
      auto [owner, f] = c ? m.callTarget(*c) : std::pair<const ScriptModel*, const python::Function*>{};
      if (!f || c->has_star_args) return false;
      size_t at = 0;
      while (at < c->positional.size() && !(c->positional[at] == u)) ++at;
      size_t first = f->owner && !f->parameters.empty() && f->parameters[0] == "self" ? 1 : 0;
      if (at == c->positional.size() || first + at >= f->parameters.size()) return false;
      if (!usesOnlyFirstElement(*owner, f->body, f->parameters[first + at], depth + 1)) return false;
      ++uses;
      continue;
    }
    if (outer && outer.is("subscript") && outer.field("value") == u &&
        syntax::unwrap(outer.field("subscript")).is("string"))
      outer = outer.parent();  // `chunk["xyz"]`, then its `[0]`
    ts::Node at = outer && outer.is("subscript") ? syntax::unwrap(outer.field("subscript")) : ts::Node();
    if (!at || !at.is("integer") || at.text() != "0") return false;
    ++uses;
  }
  return uses > 0;
}

// `for chunk in loader:` where the body reads only `chunk[0]` or
// `chunk["xyz"][0]`, itself or through the helper it hands the item to: the
// loop drops the batch dimension of one, so each item already is the batch
// (a chunk of points, a view's rays).
bool loopUnwrapsItem(const ScriptModel& m, const python::Loop& loop) {
  return loop.target && loop.target.is("identifier") &&
         usesOnlyFirstElement(m, loop.node.field("body"), loop.target.text(), 0);
}

// The step loop that iterates the loader, in its own file or in a trainer of
// another module the loader is handed to (`trainer.train(loader)` whose
// `train_one_epoch(loader)` loops over it). Asked only of batches of one.
bool stepUnwrapsItem(const ScriptModel& m, const Call& loader) {
  std::vector<const ScriptModel*> models{&m};
  if (const python::ProjectModel* project = m.project())
    for (const ScriptModel* other : project->models())
      if (other != &m) models.push_back(other);
  for (const ScriptModel* owner : models)
    for (const python::Loop& loop : owner->loops()) {
      if (loop.kind != python::LoopKind::Step || !loop.iterable) continue;
      std::vector<const Call*> iterated = loadersIteratedBy(*owner, loop);
      if (std::none_of(iterated.begin(), iterated.end(), [&](const Call* c) { return c->node == loader.node; }))
        continue;
      return loopUnwrapsItem(*owner, loop);
    }
  return false;
}

// `DataLoader(list(range(n)), batch_size=1, collate_fn=self.gather)`: the
// dataset holds indexes and the collate function builds the batch from one,
// so batch_size counts indexes, not samples.
bool collatesFromIndexes(const ScriptModel& m, const Call& loader) {
  if (!loader.keyword("collate_fn")) return false;
  ts::Node data = loader.argument("dataset", 0);
  if (!data) return false;
  std::vector<ts::Node> sources = m.valueSources(data);
  if (sources.empty()) return false;
  for (ts::Node src : sources) {
    src = syntax::unwrap(src);
    const Call* c = src.is("call") ? m.callAt(src) : nullptr;
    if (c && c->method == "list" && c->positional.size() == 1) {
      ts::Node inner = syntax::unwrap(c->positional[0]);
      c = inner.is("call") ? m.callAt(inner) : nullptr;
    }
    if (!c || !(c->method == "range" || c->qualified == "numpy.arange" || c->qualified == "torch.arange")) return false;
  }
  return true;
}

// How often the identifier `name` occurs under `root` (comments and strings
// aside). Iterative: files may nest deeply.
size_t identifierCount(ts::Node root, std::string_view name) {
  size_t n = 0;
  std::vector<ts::Node> stack{root};
  while (!stack.empty()) {
    ts::Node at = stack.back();
    stack.pop_back();
    if (at.is("identifier")) n += at.text() == name;
    for (ts::Node c : at.namedChildren()) stack.push_back(c);
  }
  return n;
}

// A library function that initialises or calibrates a model from a few
// batches (peft's `initialize_lora_eva_weights(model, loader)`, a
// quantiser's `calibrate(model, loader)`).
bool initialisesFromBatches(const Call& c) {
  if (c.qualified.empty()) return false;
  for (std::string_view verb : {"init", "initialize", "initialise", "calibrate", "calib"})
    if (c.method == verb || (c.method.starts_with(verb) && c.method[verb.size()] == '_')) return true;
  return false;
}

// A library call that trains on a loader or iterates it: a trainer, a
// wrapper that prepares it for the devices, or one that walks its batches.
bool trainsOrIterates(const Call& c) {
  return c.qualified.find("Trainer") != std::string::npos ||
         syntax::oneOf(c.method, {"fit", "prepare", "setup_dataloaders", "train", "tqdm", "cycle", "chain",
                                  "islice", "zip_longest"});
}

// `loader = DataLoader(...)` whose every other use in the file is an
// argument of a library call that reads a few batches before training: an
// initialisation or calibration function, or (in a script whose Hugging Face
// Trainer builds its own loader from the dataset) any library function that
// neither trains on nor iterates the loader (peft's `get_eva_state_dict(model,
// loader, config)`). Its batch size sets no training step's work.
bool feedsOnlyPreTrainingPass(const ScriptModel& m, const Call& loader) {
  ts::Node parent = loader.node.parent();
  if (!parent || !parent.is("assignment") || !parent.field("left").is("identifier")) return false;
  std::string_view name = parent.field("left").text();
  bool hf_trainer = false;
  for (const Call& c : m.calls()) hf_trainer = hf_trainer || isTrainingArguments(m, c);
  size_t passed = 0;
  for (const Call& c : m.calls()) {
    if (!initialisesFromBatches(c) && !(hf_trainer && !c.qualified.empty() && !trainsOrIterates(c))) continue;
    for (ts::Node a : c.positional) passed += syntax::unwrap(a).text() == name;
    for (const auto& kw : c.keywords) passed += syntax::unwrap(kw.second).text() == name;
  }
  // The assignment's own target and those arguments are all its uses.
  return passed > 0 && identifierCount(m.root(), name) == passed + 1;
}

class Run {
 public:
  Run(const AnalysisContext& ctx, DiagnosticSink& sink) : ctx_(ctx), m_(*ctx.script), sink_(sink) {}

  // `iterated_by_step`: a loader another file builds (`make_loader(opt)`)
  // that a step loop of this file iterates; its values resolve in its file.
  void dataLoader(const Call& c, const ScriptModel* built_in = nullptr, const python::Loop* step_loop = nullptr) {
    loader_model_ = built_in ? built_in : &m_;
    consumer_ = step_loop ? std::optional<RelatedLocation>({headerLocation(m_, step_loop->node),
                                                            "the training step loop that iterates this loader"})
                          : std::nullopt;
    bool iterated_by_step = step_loop != nullptr;
    const ScriptModel& lm = *loader_model_;
    if (!isDataLoader(lm, c) || c.mayHideArgument("batch_size", kBatchSizeIndex)) return;
    // A batch sampler decides the batch size.
    if (c.argument("batch_sampler", kBatchSamplerIndex)) return;
    ts::Node sampler = c.argument("sampler", kSamplerIndex);
    ts::Node arg = c.argument("batch_size", kBatchSizeIndex);
    // Omitted: PyTorch batches 1 sample, unless the sampler itself yields batches.
    if (!arg && sampler && syntax::containsWord(sampler.text(), {"batch"})) return;
    ResolvedValue size = arg ? lm.resolve(arg) : ResolvedValue::ofInt(1);
    // A batch of one (or, from some caller, one) may be a whole batch in disguise:
    bool one = size.asInt() == 1 || std::any_of(size.candidates.begin(), size.candidates.end(),
                                                 [](const ResolvedValue& v) { return v.asInt() == 1; });
    // **kwargs may carry a batch_sampler, which PyTorch only accepts with batch_size 1.
    if ((c.has_star_kwargs || c.has_star_args) && one) return;
    // The dataset yields whole batches and the collate_fn unwraps the one it gets.
    if (one && unwrapsPrebatched(lm, c.keyword("collate_fn"))) return;
    // Or the step loop takes item [0] of each batch of one: the item is the batch.
    if (one && (step_loop ? loopUnwrapsItem(m_, *step_loop) : stepUnwrapsItem(lm, c))) return;
    if (collatesFromIndexes(lm, c)) return;  // the collate function expands each index
    // PyG batches count graphs: one graph per step is full-batch node-level training.
    if (c.qualified.starts_with("torch_geometric.") && one) return;
    BatchSourceHints hints;
    if (ts::Node data = c.argument("dataset", 0)) hints.data = data.text();
    ts::Node shuffle = c.argument("shuffle", kShuffleIndex);
    // Plain bools (not optional<bool>): GCC 12 warns falsely on the optional at -O2.
    int shuffled = -1;  // -1 unknown, 0 false, 1 true
    if (shuffle)
      if (auto b = lm.resolve(shuffle).truthiness()) shuffled = *b ? 1 : 0;
    bool sequential = sampler && syntax::containsWord(sampler.text(), {"sequential"});
    hints.shuffles = shuffled == 1 || (sampler && !sequential);
    hints.ordered = (shuffled == 0 && !sampler) || sequential;
    if (!iterated_by_step && !feedsTraining(lm, c.node, hints)) return;
    if (!iterated_by_step && feedsOnlyPreTrainingPass(lm, c)) return;
    report(c, arg, size, "The training DataLoader's batch size", "batch_size");
  }

  // tf.data: dataset.batch(n) / .padded_batch(n).
  void tfBatch(const Call& c) {
    if ((c.method != "batch" && c.method != "padded_batch") || !c.receiver || !m_.importsModule("tensorflow")) return;
    // tf.train.batch(tensors, n) (TF1 queues) is a module function, not a pipeline method.
    if (!m_.qualify(c.receiver).empty()) return;
    ts::Node arg = c.argument("batch_size", 0);
    if (!arg) return;
    BatchSourceHints hints{c.receiver.text(), syntax::containsWord(c.receiver.text(), {".shuffle("}), false};
    if (!feedsTraining(m_, c.node, hints)) return;
    report(c, arg, m_.resolve(arg), "The tf.data training pipeline's batch size", "batch_size");
  }

  // Keras Model.fit(x, y, batch_size=n); omitted means Keras' 32.
  void kerasFit(const Call& c) {
    if (c.method != "fit" || !c.receiver) return;
    if (!(m_.importsModule("tensorflow") || m_.importsModule("keras") || m_.importsModule("tf_keras"))) return;
    if (syntax::containsWord(c.receiver.text(), {"trainer"})) return;  // Lightning's Trainer.fit
    if (ts::Node arg = c.argument("batch_size", kFitBatchSizeIndex))
      report(c, arg, m_.resolve(arg), "Keras fit()'s batch size", "batch_size");
  }

  // HF TrainingArguments: per_device_train_batch_size (default 8).
  void trainingArguments(const Call& c) {
    if (!isTrainingArguments(m_, c) || m_.importsModuleUnconditionally("torch_xla")) return;  // a TPU run: no GPU to idle
    if (ts::Node arg = c.keyword("per_device_train_batch_size"))
      report(c, arg, m_.resolve(arg), c.method + (c.method.ends_with('s') ? "'" : "'s") + " per-device training batch size",
             "per_device_train_batch_size");
  }

 private:
  void report(const Call& c, ts::Node arg, const ResolvedValue& v, const std::string& subject,
              const std::string& key) {
    // Unknown, None (no batching), a flag or text: nothing to say. Values
    // that differ by caller count only when every one is tiny.
    auto tiny = [&](const ResolvedValue& x) {
      return x.kind == ResolvedValue::Kind::Int && x.int_value >= 1 && x.int_value < ctx_.options->min_batch_size;
    };
    bool by_caller = !v.known() && !v.candidates.empty();
    if (by_caller ? !std::all_of(v.candidates.begin(), v.candidates.end(), tiny) : !tiny(v)) return;
    std::string n = by_caller ? candidateList(v) : std::to_string(v.int_value);
    Diagnostic d;
    d.rule = "GPU204";
    d.level = Level::Warning;
    ts::Node kw = arg ? arg.parent() : ts::Node();
    const ScriptModel& at = loader_model_ ? *loader_model_ : m_;  // the file the call is written in
    d.location = !arg ? callHead(at, c) : at.location(kw && kw.is("keyword_argument") ? kw : arg);
    std::string written = !arg       ? "batch_size is omitted, and PyTorch's default is 1"
                          : by_caller ? "`" + std::string(arg.text()) + "` differs by caller: " + candidateOrigins(v)
                          : v.chain.empty() ? key + "=" + n
                                            : "`" + std::string(arg.text()) + "` resolves to " + n + originSuffix(v);
    d.message = subject + " is " + n + " (" + written + "): " + kWhyIdle + ".";
    if (by_caller)
      for (const ResolvedValue& x : v.candidates)
        for (auto& r : relatedFrom(x)) d.related.push_back(std::move(r));
    else d.related = relatedFrom(v);
    if (consumer_) d.related.push_back(*consumer_);
    if (!accumulation_) accumulation_ = gradientAccumulation(m_);
    if (declaresLargeSamples(m_, !largeModelFamily().empty() || accumulation_->has_value())) return;
    if (std::string family = largeModelFamily(); !family.empty()) {
      // Large inputs (long sequences, detection images) may fill the GPU even at a few samples.
      if (checkpointsActivations(m_)) return;
      d.level = Level::Note;
      d.message = subject + " is " + n + " (" + written + "): " + familyNote(family);
    } else if (const auto& accumulation = *accumulation_) {
      // The optimizer sees a larger batch; the kernels still do not.
      d.level = Level::Note;
      d.message += " Gradient accumulation is set (" + accumulation->message + "), so the optimizer sees a "
                   "larger batch, but every forward and backward pass still runs on " + n +
                   " samples: raise the micro-batch and lower the accumulation steps if memory allows.";
      d.related.push_back(*accumulation);
    } else {
      d.message += " Raise it to at least " + std::to_string(ctx_.options->min_batch_size) +
                   " (option min_batch_size) as memory allows and scale the learning rate with it; if memory is "
                   "the limit, keep it and add gradient accumulation, mixed precision or activation checkpointing.";
    }
    sink_.report(std::move(d));
  }

  std::string largeModelFamily() const { return checks::largeModelFamily(ctx_, m_); }

  const AnalysisContext& ctx_;
  const ScriptModel& m_;
  DiagnosticSink& sink_;
  std::optional<std::optional<RelatedLocation>> accumulation_;  // computed at the first finding
  const ScriptModel* loader_model_ = nullptr;                   // the file of the loader being judged
  std::optional<RelatedLocation> consumer_;                     // the step loop of this file, for another file's loader
};

// A micro-batch written in a linked config: HF per_device_train_batch_size,
// DeepSpeed train_micro_batch_size_per_gpu (for a script that trains with
// DeepSpeed or an HF Trainer handed the DeepSpeed config).
void configBatch(const AnalysisContext& ctx, python::ConfigRoot root, const char* key, const char* subject,
                 DiagnosticSink& sink) {
  const ScriptModel& m = *ctx.script;
  auto s = configSetting(m, root, key);
  if (!s || s->value.kind != ResolvedValue::Kind::Int || s->value.int_value < 1 ||
      s->value.int_value >= ctx.options->min_batch_size)
    return;
  if (root == python::ConfigRoot::HfArguments && hfArgumentsMayUseCpu(m)) return;
  std::string n = std::to_string(s->value.int_value);
  std::string head = std::string(subject) + " is " + n + " (" + describeSetting(key, s->value) + "): ";
  Diagnostic d = configDiagnostic("GPU204", Level::Warning, *s, head + kWhyIdle + ".");
  auto accumulation = configSetting(m, root, "gradient_accumulation_steps");
  bool accumulates = accumulation && accumulation->value.asInt() && *accumulation->value.asInt() > 1;
  if (declaresLargeSamples(m, !largeModelFamily(ctx, m).empty() || accumulates)) return;
  if (std::string family = largeModelFamily(ctx, m); !family.empty()) {
    if (checkpointsActivations(m)) return;
    d.level = Level::Note;
    d.message = head + familyNote(family);
  } else if (accumulation && accumulation->value.asInt() && *accumulation->value.asInt() > 1) {
    d.level = Level::Note;
    d.message += " Gradient accumulation is set (" + describeSetting("gradient_accumulation_steps", accumulation->value) +
                 "), so the optimizer sees a larger batch, but every forward and backward pass still runs on " + n +
                 " samples: raise the micro-batch and lower the accumulation steps if memory allows.";
    d.related.insert(d.related.end() - 1, {accumulation->value.chain.back().location, "gradient accumulation is set here"});
  } else {
    d.message += " Raise it to at least " + std::to_string(ctx.options->min_batch_size) +
                 " (option min_batch_size) as memory allows; if memory is the limit, keep it and add gradient "
                 "accumulation, mixed precision or activation checkpointing.";
  }
  sink.report(std::move(d));
}

}  // namespace

void TinyBatch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  // Inference and evaluation-only scripts: small batches cost latency, not training throughput.
  if (!scriptTrains(*ctx.script)) return;
  Run run(ctx, sink);
  for (const Call& c : ctx.script->calls()) {
    run.dataLoader(c);
    run.tfBatch(c);
    run.kerasFit(c);
    run.trainingArguments(c);
  }
  // Loaders built in another file (`loader = make_loader(opt)`) that this
  // file's step loops iterate: that file alone does not train.
  std::set<const Call*> judged;
  for (const python::Loop& loop : ctx.script->loops()) {
    if (loop.kind != python::LoopKind::Step) continue;
    for (const Call* loader : loadersIteratedBy(*ctx.script, loop)) {
      const ScriptModel& built_in = ctx.script->ownerOf(loader->node);
      if (&built_in != ctx.script && judged.insert(loader).second) run.dataLoader(*loader, &built_in, &loop);
    }
  }
  configBatch(ctx, python::ConfigRoot::HfArguments, "per_device_train_batch_size",
              "The HF arguments' per-device training batch size", sink);
  configBatch(ctx, python::ConfigRoot::DeepSpeed, "train_micro_batch_size_per_gpu", "DeepSpeed's micro-batch per GPU",
              sink);
}

}  // namespace gpulint::checks
