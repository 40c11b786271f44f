#include "checkers/data/GPU103_pageable_memory.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "checkers/config_side.h"
#include "checkers/data/few_batches.h"
#include "checkers/data/h2d_copies.h"
#include "checkers/data/lightning_epochs.h"
#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers, collate_fn, pin_memory, ...)
constexpr int kPinMemoryIndex = 7;

// Where a loader's batches are seen going to the GPU.
struct Consumer {
  std::string where;  // "in the training step loop at line 40"
  std::vector<RelatedLocation> related;
  bool by_library = false;  // accelerate's prepare() or Fabric's setup_dataloaders() copies each batch
  bool copies_async = false;  // a wrapper's copy already asks for non_blocking=True
};

// The batch loops of the file that copy their batches to the GPU, and the
// loaders each iterates; indexed by loader, since each loader asks for its
// loops (a scan of every loop per loader grew with the square of a file's
// loops: 1.8% of a 100k-line script's instructions).
class LoopLoaders {
 public:
  void add(const python::Loop* loop, const std::vector<const python::Call*>& loaders) {
    for (const python::Call* loader : loaders) {
      std::vector<Entry>& mine = by_loader_[loader];
      if (mine.empty() || mine.back().loop != loop) mine.push_back({loop, loaders});
    }
  }
  struct Entry {
    const python::Loop* loop;
    std::vector<const python::Call*> loaders;
  };
  // The loops that iterate `loader`, in the order they were added.
  [[nodiscard]] const std::vector<Entry>& of(const python::Call* loader) const {
    static const std::vector<Entry> kNone;
    auto it = by_loader_.find(loader);
    return it == by_loader_.end() ? kNone : it->second;
  }

 private:
  std::unordered_map<const python::Call*, std::vector<Entry>> by_loader_;
};

// The first copy to the GPU (copiedToGpu) in the loop body (or in a helper
// the body hands the batch to) of one of the loop's own batches.
const python::Call* batchCopy(const python::ScriptModel& model, const python::Loop& loop) {
  const python::Call* found = nullptr;
  forEachStepCall(model, loop, [&](const python::Call& c, const python::Call* via) {
    ts::Node copied = copiedToGpu(model, c);
    if (!copied) return true;
    if ((via ? batchSourceLoop(model, copied, *via) : batchSourceLoop(model, copied)) == &loop) found = &c;
    return found == nullptr;
  });
  return found;
}

// `for xb, yb in prefetcher:` over a project class whose __iter__ loops
// over the loader it wraps and copies each batch to the GPU there (a CUDA
// stream prefetcher): that copy, with the class's name; null otherwise.
std::pair<const python::Call*, std::string> wrapperCopy(const python::ScriptModel& model, const python::Loop& loop) {
  if (!loop.iterable) return {};
  for (ts::Node src : model.valueSources(loop.iterable, /*all_paths=*/true)) {
    const python::Call* made = src.is("call") ? model.callAt(src) : nullptr;
    const python::ScriptModel& site = model.ownerOf(src);
    // Only a wrapper that hands out the loader's batches one by one.
    if (!made || !site.iteratedArgument(*made)) continue;
    auto [owner, cls] = site.constructedClass(*made);
    if (!cls) continue;
    auto [iter_model, iter] = owner->methodOf(*cls, "__iter__");
    if (!iter) continue;
    for (const python::Loop& inner : iter_model->loopsIn(iter->body))
      if (const python::Call* copy = batchCopy(*iter_model, inner)) return {copy, cls->name + ".__iter__"};
  }
  return {};
}

std::string libraryName(const python::Call& placement) {
  return placement.method == "setup_dataloaders" ? "Fabric" : "accelerate";
}

// Loaders iterated by batch loops that move their batches to the GPU: a
// visible copy of the batch, or any training step loop of a CUDA script.
void loopConsumers(const python::ScriptModel& model, std::map<const python::Call*, Consumer>& out,
                   LoopLoaders& copying_loops) {
  for (const python::Loop& loop : model.loops()) {
    if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) continue;
    const python::Call* placement = libraryPlacement(model, loop);
    const python::Call* copy = placement ? nullptr : batchCopy(model, loop);
    std::pair<const python::Call*, std::string> wrapped;
    if (!placement && !copy) wrapped = wrapperCopy(model, loop);
    auto& [wrapped_copy, wrapper] = wrapped;
    if (!copy && !placement && !wrapped_copy && !(loop.kind == python::LoopKind::Step && model.mayRunOnGpu())) continue;
    RelatedLocation related =
        placement ? RelatedLocation{model.location(placement->node),
                                    "handed over here: " + placement->method + "() copies each batch to the device"}
        : copy    ? RelatedLocation{model.location(copy->node), "the batch is copied to the GPU here"}
        : wrapped_copy
            ? RelatedLocation{model.location(wrapped_copy->node), wrapper + " copies each batch to the GPU here"}
            : RelatedLocation{headerLocation(model, loop.node),
                              "this training loop of a CUDA script consumes the batches"};
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, loop);
    if (copy) copying_loops.add(&loop, loaders);
    for (const python::Call* loader : loaders) {
      // A loader built in another file: name the loop's file, and show the
      // call that hands the loader over first (call site -> loop -> copy).
      const python::ScriptModel& built_in = model.ownerOf(loader->node);
      std::string where = std::string("in the ") + python::loopKindName(loop.kind) + " at " +
                          lineRef(built_in, loop.node);
      Consumer consumer{where, {}, placement != nullptr};
      if (placement) consumer.where = "by " + libraryName(*placement) + " " + where;
      if (wrapped_copy) {
        consumer.where =
            "by " + wrapper + " for the " + python::loopKindName(loop.kind) + " at " + lineRef(built_in, loop.node);
        ts::Node non_blocking = wrapped_copy->keyword("non_blocking");
        consumer.copies_async =
            non_blocking && model.resolve(non_blocking).truthiness() == std::optional<bool>(true);
      }
      consumer.related = handOffSites(model, loop, built_in);
      consumer.related.push_back(related);
      out.try_emplace(loader, std::move(consumer));
    }
  }
}

// Loaders returned by Lightning's *_dataloader hooks: Lightning copies their
// batches to the accelerator before every step.
bool callsTrainerPredict(const python::ScriptModel& model) {
  for (const python::Call& c : model.calls())
    if (c.method == "predict" && c.receiver && python::syntax::containsWord(c.receiver.text(), {"trainer"})) return true;
  return false;
}

bool hookStepDefined(const python::ScriptModel& model, std::string_view hook) {
  const char* step = hook.ends_with("test_dataloader") ? "test_step"
                     : hook.ends_with("val_dataloader") ? "validation_step"
                                                        : nullptr;
  if (!step) return true;
  if (const python::ProjectModel* project = model.project()) return project->definesMethod(step);
  return std::any_of(model.functions().begin(), model.functions().end(),
                     [step](const auto& f) { return f->owner && f->name == step; });
}

void lightningConsumers(const python::ScriptModel& model, std::map<const python::Call*, Consumer>& out) {
  if (!model.usesCuda()) return;
  for (const python::Call& c : model.calls()) {
    if (!isDataLoader(model, c) || !c.function || !c.function->owner || !c.function->name.ends_with("_dataloader")) continue;
    bool lightning = c.function->owner->is_lightning_module;
    for (const auto& b : c.function->owner->bases) lightning = lightning || b.ends_with("LightningDataModule");
    if (!lightning) continue;
    // A predict loader runs only under `trainer.predict(...)`, which a
    // training script seldom calls: not without such a call in the file.
    if (c.function->name.ends_with("predict_dataloader") && !callsTrainerPredict(model)) continue;
    // A test loader runs only for a module with a test_step (`trainer.test`
    // raises without one), a validation loader only for one with a
    // validation_step: with none in the project, it is never iterated.
    if (!hookStepDefined(model, c.function->name)) continue;
    out.try_emplace(&c, Consumer{"by Lightning before every step",
                                 {{headerLocation(model, c.function->node), "Lightning iterates this loader"}}});
  }
  for (const TrainerLoader& handed : loadersHandedToTrainer(model))
    out.try_emplace(handed.loader,
                    Consumer{"by Lightning before every step",
                             {{model.location(handed.run->node),
                               "the Trainer's " + handed.run->method + "() iterates this loader"}}});
}

// `default=False` of an `add_argument(..., action="store_true")`.
bool isStoreTrueDefault(const python::ScriptModel& model, const Location& at) {
  for (const python::Call& c : model.calls())
    if (c.method == "add_argument" && c.node.begin() <= at.begin && at.end <= c.node.end())
      if (ts::Node action = c.keyword("action")) return action.text().find("store_true") != std::string_view::npos;
  return false;
}

// The pinned loader's batches are still copied blocking: the copies GPU104
// reports once the loader pins (in the loops of this file that iterate it
// and only loaders already pinned besides it) join the fix as
// non_blocking=True edits, so the fix leaves nothing for GPU104 to find.
// The fix then ends its chain in its file; it does not when a loop also
// iterates another loader that is not pinned (its own GPU103 fix may pin it,
// and GPU104 follows on the fixed text).
void addAsyncCopies(const python::ScriptModel& model, const python::Call& loader, const LoopLoaders& copying_loops,
                    Fix& fix) {
  bool complete = true;
  size_t pin_edits = fix.edits.size();
  for (const auto& [loop, loaders] : copying_loops.of(&loader)) {
    std::vector<BlockingCopy> copies = blockingCopies(model, *loop);
    if (copies.empty()) continue;
    bool others_pinned = std::all_of(loaders.begin(), loaders.end(), [&](const python::Call* other) {
      return other == &loader || pinnedKeyword(model, *other);
    });
    if (!others_pinned) {
      complete = false;
      continue;
    }
    for (const BlockingCopy& c : copies)
      if (c.edit) fix.edits.push_back(*c.edit);
  }
  if (fix.edits.size() > pin_edits) fix.title = "Set pin_memory=True and copy its batches with non_blocking=True";
  if (complete) fix.chain = FixChain::EndsInItsFile;
}

bool namesTokenCollator(std::string_view name) {
  return name.starts_with("DataCollator") || name == "default_data_collator";
}

// Batches of token ids: the collate_fn is a Hugging Face data collator
// (`DataCollatorWithPadding(tokenizer)`, `default_data_collator`) or a
// function that pads with the tokenizer (`tokenizer.pad(examples, ...)`).
// A batch is a few hundred KB of integers: the staging copy through a pinned
// buffer costs microseconds, next to a transformer's step.
bool tokenCollator(const python::ScriptModel& m, ts::Node collate, int depth);

bool collatesTokenIds(const python::ScriptModel& m, const python::Call& loader) {
  return tokenCollator(m, collateArgument(loader), 0);
}

// A batch keyed by an image, video or audio name besides its token ids
// (`"pixel_values": torch.stack(...)`, a ControlNet's conditioning images, a
// speech model's `input_features`): megabytes per batch, not a few hundred
// KB of integers, so pinning pays.
// With `reads_only`, only keys a batch is read by count (`batch["pixel_values"]`,
// `batch.pop("pixel_values")`), not a logged caption.
bool keysMediaTensors(ts::Node body, bool reads_only = false) {
  for (uint32_t i = body.preorder(); i < body.subtreeEnd(); ++i) {
    ts::Node n = body.preorderAt(i);
    // A tuple batch names its parts only in variables (`ids, image_tensors = zip(*batch)`).
    if (!reads_only && n.is("identifier") &&
        python::syntax::containsWord(n.text(), {"pixel", "image", "video", "audio", "frames"}))
      return true;
    if (!n.is("string") ||
        !python::syntax::containsWord(n.text(), {"pixel", "image", "video", "audio", "input_features", "frames"}))
      continue;
    if (!reads_only) return true;
    ts::Node p = n.parent();
    if (p.is("subscript") && p.field("subscript") == n) return true;
    ts::Node call = p.is("argument_list") ? p.parent() : ts::Node();
    if (call.is("call") && p.namedChild(0) == n &&
        python::syntax::oneOf(python::syntax::lastName(call.field("function")), {"pop", "get"}))
      return true;
  }
  return false;
}

// A loop that copies the loader's batches reads them by an image, video or
// audio key (BLIP-2's `batch.pop("pixel_values")`, the images coming from
// the dataset's processor): the batch is not token ids only.
bool readsMediaFromBatches(const python::Call& loader, const LoopLoaders& copying_loops) {
  for (const LoopLoaders::Entry& e : copying_loops.of(&loader))
    if (keysMediaTensors(e.loop->node, /*reads_only=*/true)) return true;
  return false;
}

// `collate` (an expression of m) is a token-id collator: see collatesTokenIds.
// A parameter (`collate_fn=data_collator` inside `evaluate(model, ds,
// data_collator)`) is one when everything its callers pass is.
bool tokenCollator(const python::ScriptModel& m, ts::Node collate, int depth) {
  if (!collate) return false;
  if (collate.is("identifier") && depth < 2 && m.reachingBindings(collate).size() == 1 &&
      m.reachingBindings(collate).front().parameter) {
    const python::Function* f = m.enclosingFunction(collate);
    if (!f) return false;
    auto at = std::find(f->parameters.begin(), f->parameters.end(), collate.text());
    int position = static_cast<int>(at - f->parameters.begin()) - (f->owner ? 1 : 0);
    std::vector<std::pair<const python::ScriptModel*, const python::Call*>> sites;
    for (const python::Call* c : m.argumentSources(*f)) sites.push_back({&m, c});
    if (const python::ProjectModel* project = m.project())
      for (const python::ProjectCall& pc : project->callersOf(*f)) sites.push_back({pc.model, pc.call});
    return !sites.empty() && std::all_of(sites.begin(), sites.end(), [&](const auto& site) {
      ts::Node arg = site.second->argument(collate.text(), position);
      return arg && tokenCollator(*site.first, python::syntax::unwrap(arg), depth + 1);
    });
  }
  // `data_collator = default_data_collator` on one path and
  // `DataCollatorWithPadding(tokenizer)` on the other: a collator either way.
  if (collate.is("identifier")) {
    std::vector<python::NameBinding> bound = m.reachingBindings(collate);
    auto collator = [](const python::NameBinding& b) {
      ts::Node v = b.value && b.index < 0 ? python::syntax::unwrap(b.value) : ts::Node();
      return v && namesTokenCollator(python::syntax::lastName(v.is("call") ? v.field("function") : v));
    };
    if (!bound.empty() && std::all_of(bound.begin(), bound.end(), collator)) return true;
  }
  if (const python::Call* made = m.madeByCall(collate)) collate = made->node;
  // A function (or the factory that makes it) that pads with the tokenizer,
  // calls a collator, or keys its batch by `input_ids` (the Hugging Face
  // name for token ids).
  auto buildsTokenBatch = [](const python::ScriptModel& owner, const python::Function& f) {
    if (keysMediaTensors(f.body)) return false;  // token ids beside images: megabytes per batch
    if (f.body.text().find("input_ids") != std::string_view::npos) return true;
    for (const python::Call& c : owner.callsIn(f.body))
      if ((c.receiver && c.method == "pad" &&
           python::syntax::containsWord(python::syntax::lastName(c.receiver), {"tokenizer"})) ||
          namesTokenCollator(c.method))
        return true;
    return false;
  };
  if (collate.is("call")) {
    if (namesTokenCollator(python::syntax::lastName(collate.field("function")))) return true;
    const python::Call* factory = m.callAt(collate);
    // A collator object (`PadCollator()`): what its __call__ builds.
    if (auto [cls_model, cls] = factory ? m.constructedClass(*factory) : python::ScriptModel::ClassRef{}; cls) {
      auto [owner, call] = cls_model->methodOf(*cls, "__call__");
      return call && buildsTokenBatch(*owner, *call);
    }
    auto [owner, made_by] =
        factory ? m.callTarget(*factory) : std::pair<const python::ScriptModel*, const python::Function*>{};
    return made_by && buildsTokenBatch(*owner, *made_by);
  }
  if (namesTokenCollator(python::syntax::lastName(collate))) return true;
  auto [owner, fn] = collateFunction(m, collate);
  return fn && buildsTokenBatch(*owner, *fn);
}

// `pin_memory=True` with batches built around a project class that has its
// own `to()` but no `pin_memory()`: the pinning thread passes the object
// through, so its tensors stay pageable and every copy blocks.
void reportUnpinnable(const python::ScriptModel& model, const python::Call& loader, const UnpinnableBatch& batch,
                      const Consumer& consumer, DiagnosticSink& sink) {
  ts::Node arg = pinnedKeyword(model, loader);
  ts::Node kw = arg.parent();
  Diagnostic d;
  d.rule = "GPU103";
  d.level = Level::Note;
  d.location = model.location(kw && kw.is("keyword_argument") ? kw : arg);
  std::string name(batch.cls->name);
  d.message = "DataLoader asks for pinned batches, but its collate_fn builds them around `" + name +
              "`, which has a `to()` of its own and no `pin_memory()`: the loader's pinning thread pins only tensors "
              "and objects that define pin_memory(), so the " + name + " tensors stay in pageable host memory and "
              "are copied to the GPU " + consumer.where + " without overlapping compute. Give " + name +
              " a `pin_memory(self)` method that returns it with its tensors pinned (`t.pin_memory()`), and copy "
              "with `.to(device, non_blocking=True)`.";
  d.related.push_back({batch.model->location(batch.cls->node.field("name")), "the batch class, without pin_memory()"});
  d.related.insert(d.related.end(), consumer.related.begin(), consumer.related.end());
  sink.report(std::move(d));
}

void check(const python::ScriptModel& consumer_model, const python::Call& loader, const Consumer& consumer,
           const LoopLoaders& copying_loops, DiagnosticSink& sink) {
  // The loader may be built in another file of the project (passed to the
  // loop as an argument): its values and edits belong to that file.
  const python::ScriptModel& model = consumer_model.ownerOf(loader.node);
  // **kwargs may set pin_memory: unknown.
  if (loader.mayHideArgument("pin_memory", kPinMemoryIndex)) return;
  // A dataset already on the GPU cannot be pinned (and needs no copy).
  if (ts::Node ds = loader.argument("dataset", 0); ds && model.mayLiveOnDevice(ds)) return;
  // Batches of indices into data the loop holds: a few bytes, gathered on the GPU.
  if (indexOnlyLoader(model, loader)) return;
  // Batches built around an object the worker cannot pin: pin_memory=True
  // pins nothing of them, which only a pin_memory() method on the project's
  // class mends (reported where the loader asks for pinning); a library's
  // batch object, or a loader that does not ask, is left alone.
  if (auto batch = collatesUnpinnable(model, loader)) {
    if (batch->cls && pinnedKeyword(model, loader)) reportUnpinnable(model, loader, *batch, consumer, sink);
    return;
  }
  // Batches made on the GPU by the collate_fn.
  if (collatesOnGpu(model, loader)) return;
  // Samples copied to the GPU in __getitem__ (some class the dataset may be): pinning them would raise.
  if (samplesCopiedToGpu(model, loader)) return;
  // Small batches of token ids: pinning them saves next to nothing.
  if (collatesTokenIds(model, loader) && !readsMediaFromBatches(loader, copying_loops)) return;
  // One batch every N steps (a validation probe): its copy hardly delays the loop.
  if (drawnOnlyPeriodically(model, loader)) return;
  Diagnostic d;
  d.rule = "GPU103";
  d.level = Level::Note;
  Fix fix{"Set pin_memory=True", Applicability::Safe, {}};
  std::string why;
  ts::Node arg = loader.argument("pin_memory", kPinMemoryIndex);
  if (!arg) {
    d.location = callHead(model, loader);
    why = "pin_memory is omitted; PyTorch's default is False";
    fix.edits.push_back(fixits::addKeywords(model, loader, {{"pin_memory", "True"}}));
    if (&model == &consumer_model) addAsyncCopies(model, loader, copying_loops, fix);
  } else {
    python::ResolvedValue value = model.resolve(arg);
    auto on = value.truthiness();
    // Unknown (torch.cuda.is_available(), an unset option) or already pinned.
    if (!on || *on || value.kind == python::ResolvedValue::Kind::String) return;
    ts::Node kw = arg.parent();
    d.location = model.location(kw && kw.is("keyword_argument") ? kw : arg);
    why = "pin_memory resolves to " + value.display() + originSuffix(value);
    d.related = relatedFrom(value);
    if (value.chain.empty() && arg.is("false")) {
      fix.edits.push_back(fixits::replaceNode(model, arg, "True"));
      if (&model == &consumer_model) addAsyncCopies(model, loader, copying_loops, fix);
    } else if (!value.chain.empty() && !isStoreTrueDefault(model, value.chain.back().location)) {
      // Flip an argparse `default=False` where it is written. A constant may
      // be shared with other code, and a store_true flag defaulting to True
      // could never be turned off: those are left to the message.
      const Location& at = value.chain.back().location;
      const SourceFile& file = model.file();
      if (at.file == file.path() && file.text().substr(at.begin, at.end - at.begin) == "False")
        fix.edits.push_back(Edit{file.path(), at.begin, at.end, "True"});
    }
  }
  // accelerate copies with non_blocking only when its DataLoaderConfiguration asks.
  std::string copy_advice = consumer.by_library && consumer.where.starts_with("by accelerate")
                                ? "Pass pin_memory=True, and create the Accelerator with "
                                  "dataloader_config=DataLoaderConfiguration(non_blocking=True) so the copy overlaps."
                                : "Pass pin_memory=True and copy with .to(device, non_blocking=True).";
  if (consumer.by_library && consumer.where.starts_with("by Fabric")) copy_advice = "Pass pin_memory=True.";
  if (consumer.copies_async)
    copy_advice = "Pass pin_memory=True: its non_blocking copies overlap only from pinned memory.";
  d.message = "DataLoader returns its batches in pageable host memory (" + why + ") and they are copied to the GPU " +
              consumer.where + ": the driver stages each copy through a pinned buffer and the copy cannot overlap "
              "with compute, so the GPU waits for every host-to-device transfer. " + copy_advice + gpuFlagNote(model);
  d.related.insert(d.related.end(), consumer.related.begin(), consumer.related.end());
  if (!fix.edits.empty()) d.fixes.push_back(std::move(fix));
  sink.report(std::move(d));
}

// HF Trainer pins by default; dataloader_pin_memory=False turns it off.
void checkTrainingArguments(const python::ScriptModel& model, const python::Call& call, DiagnosticSink& sink) {
  ts::Node arg = call.keyword("dataloader_pin_memory");
  if (!arg) return;
  for (const char* cpu : {"no_cuda", "use_cpu"})
    if (ts::Node v = call.keyword(cpu))
      if (auto b = model.resolve(v).truthiness(); !b || *b) return;  // CPU training, or unknown
  python::ResolvedValue value = model.resolve(arg);
  auto on = value.truthiness();
  if (!on || *on || value.kind == python::ResolvedValue::Kind::String) return;
  Diagnostic d{"GPU103", Level::Note, model.location(arg.parent()), {}, relatedFrom(value), {}};
  d.message = "TrainingArguments sets dataloader_pin_memory to " + value.display() + originSuffix(value) +
              ", so the Trainer copies every batch to the GPU from pageable host memory and the GPU waits for each "
              "transfer. Remove it (the Trainer pins memory by default) or set it to True.";
  if (value.chain.empty() && arg.is("false"))
    d.fixes.push_back(Fix{"Set dataloader_pin_memory=True", Applicability::Safe,
                          {fixits::replaceNode(model, arg, "True")}});
  sink.report(std::move(d));
}

// HF arguments from a linked config: dataloader_pin_memory: false.
void checkHfConfig(const python::ScriptModel& model, DiagnosticSink& sink) {
  auto s = configSetting(model, python::ConfigRoot::HfArguments, "dataloader_pin_memory");
  if (!s || s->value.kind != python::ResolvedValue::Kind::Bool || s->value.bool_value || hfArgumentsMayUseCpu(model))
    return;
  sink.report(configDiagnostic(
      "GPU103", Level::Note, *s,
      "The HF arguments set " + describeSetting("dataloader_pin_memory", s->value) +
          ", so the Trainer copies every batch to the GPU from pageable host memory and the GPU waits for each "
          "transfer. Remove it (the Trainer pins memory by default) or set it to true."));
}

}  // namespace

void PageableMemory::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  std::map<const python::Call*, Consumer> consumers;
  LoopLoaders copying_loops;
  loopConsumers(model, consumers, copying_loops);
  lightningConsumers(model, consumers);
  for (const python::Call& call : model.calls()) {
    if (auto it = consumers.find(&call); it != consumers.end()) check(model, call, it->second, copying_loops, sink);
    else if (isTrainingArguments(model, call)) checkTrainingArguments(model, call, sink);
  }
  // Loaders built in another file and iterated here (the project layer
  // reports the finding once, at the loader).
  for (const auto& [loader, consumer] : consumers)
    if (&model.ownerOf(loader->node) != &model) check(model, *loader, consumer, copying_loops, sink);
  checkHfConfig(model, sink);
}

}  // namespace gpulint::checks
