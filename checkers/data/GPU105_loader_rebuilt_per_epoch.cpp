#include "checkers/data/GPU105_loader_rebuilt_per_epoch.h"

#include <algorithm>
#include <map>
#include <set>

#include "checkers/data/endless_loader.h"
#include "checkers/data/fresh_iterators.h"
#include "checkers/data/lightning_epochs.h"
#include "checkers/data/worker_restarts.h"
#include "checkers/model/helper_effects.h"
#include "checkers/python_common.h"
#include "frontend/python/frequency.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::checks {

namespace {

using python::Loop;
using python::ResolvedValue;

template <typename F>
void forEachIdentifier(ts::Node n, F&& f) {
  if (n.is("identifier")) f(n);
  for (ts::Node c : n.namedChildren()) forEachIdentifier(c, f);
}

// True when the loader's arguments change with the epoch number (a dataset
// built from it inside the loop): a new loader per epoch is then deliberate.
bool dependsOnEpoch(const python::ScriptModel& model, const python::Call& loader, const Loop& epoch) {
  std::vector<std::string_view> vars;
  if (epoch.target) forEachIdentifier(epoch.target, [&](ts::Node id) { vars.push_back(id.text()); });
  auto isVar = [&](ts::Node id) { return std::find(vars.begin(), vars.end(), id.text()) != vars.end(); };
  bool hit = false;
  forEachIdentifier(loader.node, [&](ts::Node id) {
    hit = hit || isVar(id);
    if (auto b = model.lastBinding(id); b && b->value && epoch.node.contains(b->statement))
      forEachIdentifier(b->value, [&](ts::Node inner) { hit = hit || isVar(inner); });
  });
  return hit;
}

// `train_set.set_epoch(epoch)` in the epoch loop changes the dataset in the
// main process; persistent workers keep their own copy and would miss it.
bool mutatesDatasetPerEpoch(const python::ScriptModel& model, const Loop& epoch) {
  for (const python::Call& c : model.calls())
    if (epoch.node.contains(c.node) && c.method == "set_epoch" && c.receiver &&
        c.receiver.text().find("sampler") == std::string_view::npos)
      return true;
  return false;
}

Diagnostic finding(const python::ScriptModel& model, const python::Call& loader, const Loop& epoch,
                   const Loop& consumer, Level level) {
  Diagnostic d;
  d.rule = "GPU105";
  d.level = level;
  d.location = callHead(model, loader);
  d.related.push_back({headerLocation(model, epoch.node), "the epoch loop"});
  if (!(consumer.node == epoch.node))
    d.related.push_back({headerLocation(model, consumer.node), "the loader is iterated here"});
  return d;
}

// The name a function's loop iterates (through enumerate/tqdm wrappers)
// when it is not one of the function's parameters: a module-level object.
bool readsByGlobalName(const python::ScriptModel& model, const Loop& loop) {
  if (!loop.function || &model.ownerOf(loop.node) != &model) return false;
  ts::Node it = loop.iterable;
  for (const python::Call* c = it && it.is("call") ? model.callAt(it) : nullptr;
       c && (c->method == "enumerate" || c->method == "tqdm") && !c->positional.empty();
       c = it.is("call") ? model.callAt(it) : nullptr)
    it = c->positional[0];
  if (!it || !it.is("identifier")) return false;
  const auto& params = loop.function->parameters;
  return std::find(params.begin(), params.end(), it.text()) == params.end();
}

// `e` (a name or attribute) holds `loader`.
bool holdsLoader(const python::ScriptModel& model, ts::Node e, const python::Call& loader) {
  if (!e || !(e.is("identifier") || e.is("attribute"))) return false;
  auto found = loadersOf(model, e);
  return std::find(found.begin(), found.end(), &loader) != found.end();
}

// `call` hands `loader` over in one of its arguments.
bool carriesLoader(const python::ScriptModel& model, const python::Call& call, const python::Call& loader) {
  for (ts::Node a : call.positional)
    if (holdsLoader(model, a, loader)) return true;
  for (const auto& [name, v] : call.keywords)
    if (holdsLoader(model, v, loader)) return true;
  return false;
}

// True when the epoch loop's body hands the loader on (iterates it, or passes
// it to a call) on each iteration: the link between a loader built outside
// and this particular epoch loop. A function of this file that iterates a
// module-level loader by name (`def train(): for b in trainloader:`) is
// such a link when the body calls it.
bool flowsThrough(const python::ScriptModel& model, const Loop& epoch, const Loop& consumer,
                  const python::Call& loader) {
  auto carries = [&](ts::Node e) { return holdsLoader(model, e, loader); };
  // The hand-over must run on each pass too: `evaluate(test_loader)` under
  // `if epoch % 5 == 0:` does not, though `evaluate(val_loader)` beside it may.
  auto every_pass = [&](ts::Node site) {
    std::vector<const Loop*> around = model.epochLoopsAround(site);
    return std::find(around.begin(), around.end(), &epoch) != around.end();
  };
  ts::Node body = epoch.node.field("body");
  for (const Loop& l : model.loops())
    if (body.contains(l.node) && carries(l.iterable) && every_pass(l.node)) return true;
  const bool consumer_reads_global = !loader.function && readsByGlobalName(model, consumer);
  for (const python::Call& c : model.calls()) {
    if (!body.contains(c.node)) continue;
    bool hands_over = consumer_reads_global && model.calledFunction(c) == consumer.function;
    if ((hands_over || carriesLoader(model, c, loader)) && every_pass(c.node)) return true;
  }
  return false;
}

// Where the epoch count comes from: the stop bound when it is the count,
// else the range it spans (`range(args.start_epoch, args.epochs)`).
std::string epochCountNote(const Loop& epoch, int64_t count, const ResolvedValue& bound) {
  std::string range(epoch.iterable.text().substr(0, epoch.iterable.text().find('\n')));
  if (bound.chain.empty()) return "`" + range + "`";  // a literal in the loop header: the header says it all
  std::string origin = bound.display() + originSuffix(bound);
  if (bound.kind == ResolvedValue::Kind::Int && bound.int_value == count) return origin;
  return "`" + range + "` runs " + std::to_string(count) + " times; its stop bound is " + origin;
}

// The epoch loops of `model`'s file that run `consumer` again on each
// iteration: around the loop itself, or, for a loop of another file (the
// step loop of engine.py's train_one_epoch), around the calls of its
// function from this file.
std::vector<const Loop*> epochLoopsOver(const python::ScriptModel& model, const Loop& consumer) {
  const python::ScriptModel& owner = model.ownerOf(consumer.node);
  // A loader a factory of this file returns, iterated by a function of the
  // consumer's file that an epoch loop of that file calls: that file's loops.
  std::vector<const Loop*> out = owner.epochLoopsAround(consumer.node);
  const python::ProjectModel* project = model.project();
  if (!out.empty() || !project || !consumer.function) return out;
  // The consumer's function called from another file's epoch loop (YOLO's
  // `_evaluate(model, validation_dataloader, ...)` from train.py, loader
  // and evaluation both in test.py): that file's loops.
  for (const python::ProjectCall& pc : project->callersOf(*consumer.function))
    if (pc.model != &owner)
      for (const Loop* epoch : pc.model->epochLoopsAround(pc.call->node))
        if (std::find(out.begin(), out.end(), epoch) == out.end()) out.push_back(epoch);
  return out;
}

// `while True:` (or `while 1:`): runs until a break, a return or an exit.
bool endlessWhile(const Loop& loop) {
  if (!loop.node.is("while_statement")) return false;
  ts::Node cond = python::syntax::unwrap(loop.node.field("condition"));
  return cond && (cond.is("true") || (cond.is("integer") && cond.text() != "0"));
}

// Built inside an epoch loop whose iterations also consume it.
const Loop* rebuildingLoop(const python::ScriptModel& model, const std::vector<const Loop*>& rebuilt_by,
                           const std::vector<const Loop*>& consumers, const Loop** consumer_out) {
  for (const Loop* epoch : rebuilt_by)
    for (const Loop* consumer : consumers) {
      std::vector<const Loop*> epochs = epochLoopsOver(model, *consumer);
      auto at = std::find(epochs.begin(), epochs.end(), epoch);
      if (at == epochs.end()) continue;
      // An epoch loop inside this one that does not rebuild the loader reuses
      // it (a loop over folds or runs around the training).
      if (std::any_of(epochs.begin(), at, [&](const Loop* inner) {
            return std::find(rebuilt_by.begin(), rebuilt_by.end(), inner) == rebuilt_by.end();
          }))
        continue;
      *consumer_out = consumer;
      return epoch;
    }
  return nullptr;
}

// Where the worker count and the epoch count are written, first among the
// related locations: they explain the finding but are not what to change.
// The last one stays persistent_workers' when it is written (a finding
// moves to the job or config file that writes that one, the place to edit);
// a job's `--epochs 100` must not draw the finding, which would lose its
// edit of the DataLoader.
void addCountOrigins(Diagnostic& d, const ResolvedValue& workers, const ResolvedValue& epochs) {
  auto from = relatedFrom(workers);
  auto bound = relatedFrom(epochs);
  from.insert(from.end(), bound.begin(), bound.end());
  d.related.insert(d.related.begin(), from.begin(), from.end());
}

// `try: x = next(it) except StopIteration: it = iter(loader)` in the loop
// `c`: each time the loader runs out the loop iterates it again, an epoch
// boundary. The `iter(loader)` call; null when there is none.
const python::Call* renewedOnStop(const python::ScriptModel& home, const Loop& c, const python::Call& loader) {
  for (const python::Call& call : home.callsIn(c.node.field("body"))) {
    if (call.method != "iter" || !call.callee.is("identifier") || call.positional.size() != 1 ||
        home.enclosingLoop(call.node) != &c || !holdsLoader(home, call.positional[0], loader))
      continue;
    for (ts::Node p = call.node.parent(); p && !(p == c.node); p = p.parent())
      if (p.is("except_clause") && p.namedChildCount() > 1 && !p.namedChild(0).is("block") &&
          p.namedChild(0).text().find("StopIteration") != std::string_view::npos)
        return &call;
  }
  return nullptr;
}

// A step loop that draws from an iterator of the loader and renews it when
// it runs out (renewedOnStop). True when reported.
bool reportRenewedIterators(const RestartNote& note, const std::vector<const Loop*>& consumers, DiagnosticSink& sink) {
  const python::ScriptModel& model = note.model;
  const python::Call& loader = note.loader;
  for (const Loop* c : consumers) {
    const python::ScriptModel& home = model.ownerOf(c->node);
    if (c->kind != python::LoopKind::Step || c->node.contains(loader.node)) continue;
    // A sampler that sets the pass's length (`RandomSampler(ds, replacement=True,
    // num_samples=int(1e10))`, an infinite sampler): the pass may never end.
    if (ts::Node sampler = loader.argument("sampler", 3); sampler && !sampler.is("none")) continue;
    const python::Call* renewed = renewedOnStop(home, *c, loader);
    if (!renewed) continue;
    std::string n = note.count();
    note.report("DataLoader with " + workerCount(n) + " is iterated again each time the training step loop at " +
                    lineRef(model, c->node) + " runs out of its batches (`" + std::string(renewed->node.text()) +
                    "` on StopIteration at " + lineRef(model, renewed->node) + "), " + note.persistentPhrase() +
                    ": at every epoch boundary " + itsWorkers(n) + (n == "1" ? " shuts" : " shut") +
                    " down and new ones start, and the GPU idles until they have prepared the first batches. Pass "
                    "persistent_workers=True.",
                {{home.location(renewed->node), "the loader is iterated again here when it runs out"},
                 {headerLocation(home, c->node), "the training step loop"}},
                sink);
    return true;
  }
  return false;
}

// A pass over the loader that the training step loop runs every N steps
// (`if steps % args.validation_interval == 0:` around a validation loop in
// the step loop, or around the call of a helper of the file that runs it):
// the step loop runs it many times, and each pass starts the workers again.
// True when reported.
bool reportPeriodicPasses(const RestartNote& note, const std::vector<const Loop*>& consumers, DiagnosticSink& sink) {
  const python::ScriptModel& model = note.model;
  const python::Call& loader = note.loader;
  for (const Loop* c : consumers) {
    const python::ScriptModel& home = model.ownerOf(c->node);
    python::ExecutionFrequency f = python::frequencyOf(home, c->node);
    if (f.how != python::Frequency::EveryNSteps || !f.batch) continue;
    // A helper's loop (`evaluate(net, val_loader)`): how often the calls
    // that hand it this loader run, each every N steps of a step loop (the
    // helper may be called every N steps with another loader, and once at
    // the end with this one). A call that runs at most once (an early-return
    // `if args.test_only: validate(...); return` branch before training)
    // adds one start of the workers and takes none of the periodic ones away.
    if (!f.batch->via_calls.empty()) {
      bool periodic = false, others_once = true;
      for (const python::Call& call : home.calls()) {
        if (!c->function || home.calledFunction(call) != c->function || !carriesLoader(home, call, loader)) continue;
        python::ExecutionFrequency g = python::frequencyOf(home, call.node);
        if (g.how == python::Frequency::EveryNSteps && g.batch && g.batch->loop) {
          f = std::move(g);
          periodic = true;
        } else if (g.how != python::Frequency::Once && g.how != python::Frequency::Rarely &&
                   g.how != python::Frequency::Never) {
          others_once = false;
        }
      }
      if (!periodic || !others_once) continue;
    }
    if (!f.batch || !f.batch->loop || f.reasons.empty()) continue;
    const Loop& step = *f.batch->loop;
    // Built inside the step loop: a loader per pass, not one restarted.
    if (step.kind != python::LoopKind::Step || step.node.contains(loader.node) || &step == c) continue;
    const python::ScriptModel& step_home = model.ownerOf(step.node);
    std::string n = note.count();
    std::string guard(f.reasons.front().node.text().substr(0, f.reasons.front().node.text().find('\n')));
    note.report("DataLoader with " + workerCount(n) + " is iterated again by the loop at " + lineRef(model, c->node) +
                    ", which the training step loop at " + lineRef(model, step.node) + " runs every N steps (`" +
                    guard + "`), " + note.persistentPhrase() + ": every pass shuts " + itsWorkers(n) +
                    " down and starts new ones, and the training waits until they have prepared the first batches. "
                    "Pass persistent_workers=True.",
                {{headerLocation(home, c->node), "the loader is iterated here"},
                 {step_home.location(f.reasons.front().node), "the step loop runs the pass under this guard"},
                 {headerLocation(step_home, step.node), "the training step loop"}},
                sink);
    return true;
  }
  return false;
}

void check(const python::ScriptModel& model, const python::Call& loader, const std::vector<const Loop*>& consumers,
           DiagnosticSink& sink) {
  if (loader.mayHideArgument("num_workers", kNumWorkersIndex)) return;
  // A config key with several candidates (yacs_config.h) has workers when the fewest does.
  ts::Node workers_arg = loader.argument("num_workers", kNumWorkersIndex);
  ResolvedValue workers = workers_arg ? python::smallestCandidate(model, workers_arg) : ResolvedValue{};
  auto known = [](const ResolvedValue& w) { return w.kind == ResolvedValue::Kind::Int && w.int_value > 0; };
  // No workers (GPU101's finding) or an unknown count: nothing to restart --
  // unless a factory's parameter carries it, known at the calls beside an
  // epoch loop (asked per loop below).
  bool by_caller = !known(workers) && workers_arg && loader.function;
  if (!known(workers) && !by_caller) return;
  // Where the count is written, when not at the call: "8 workers (8: yacs default DATA.NUM_WORKERS at config.py:43)".
  auto counted = [](const ResolvedValue& w) {
    return workerCount(std::to_string(w.int_value)) + (w.chain.empty() ? "" : " (" + w.display() + originSuffix(w) + ")");
  };
  std::vector<const Loop*> rebuilt_by = model.epochLoopsAround(loader.node);
  ResolvedValue bound;
  const Loop* consumer = nullptr;
  if (const Loop* epoch = known(workers) ? rebuildingLoop(model, rebuilt_by, consumers, &consumer) : nullptr) {
    // One epoch, or a dataset that changes with the epoch number: the rebuild is deliberate.
    if (auto count = tripCount(model, *epoch, &bound); (count && *count < 2) || dependsOnEpoch(model, loader, *epoch))
      return;
    Diagnostic d = finding(model, loader, *epoch, *consumer, Level::Warning);
    addCountOrigins(d, workers, ResolvedValue{});  // the count of epochs is not in this message
    d.message = "DataLoader with " + counted(workers) + " is built inside the epoch loop at " +
                lineRef(model, epoch->node) + ", so every epoch starts " + std::to_string(workers.int_value) +
                " new worker processes that import, unpickle the dataset and fill their prefetch queues while the "
                "GPU waits for the epoch's first batches. Build the loader once before the epoch loop and pass "
                "persistent_workers=True.";
    sink.report(std::move(d));
    return;
  }
  // Built outside and iterated again on each epoch: workers restart unless kept.
  ts::Node arg;
  ResolvedValue persistent;
  if (!keepsNoWorkers(model, loader, &arg, &persistent)) return;
  for (const Loop* c : consumers)
    for (const Loop* epoch : epochLoopsOver(model, *c)) {
      // The epoch loop may be another file's (the one the factory's loader goes to).
      const python::ScriptModel& home = model.ownerOf(epoch->node);
      if (epoch->node.contains(loader.node) || !flowsThrough(home, *epoch, *c, loader)) continue;
      // The count the factory's calls beside this loop pass, over one another caller's.
      ResolvedValue passed = workersPassedBeside(model, loader, home, *epoch);
      const ResolvedValue& w = known(passed) ? passed : workers;
      if (!known(w)) continue;
      RestartNote note{model, loader, w, arg, persistent};
      std::string n = note.count();
      // An unknown or single epoch count (a job passing --epochs 1), or a dataset
      // that the main process changes per epoch (persistent workers would miss it).
      // `while True:` around the loader's loop runs epochs until the step
      // count stops it: many, however many that is.
      auto count = tripCount(home, *epoch, &bound);
      bool endless = !count && endlessWhile(*epoch) && !python::runsOnlyOnce(home, *epoch);
      if ((!count || *count < 2) && !endless) continue;
      if (mutatesDatasetPerEpoch(home, *epoch)) continue;
      Diagnostic d = finding(model, loader, *epoch, *c, Level::Note);
      if (arg) d.location = model.location(arg.parent());
      d.message = "DataLoader with " + counted(w) + " is iterated again on " +
                  (endless ? "each pass of the endless `while True:` loop at " + lineRef(model, epoch->node) + " "
                           : "each of the " + std::to_string(*count) + " epochs of the loop at " +
                                 lineRef(model, epoch->node) + " (" + epochCountNote(*epoch, *count, bound) + ") ") +
                  note.persistentPhrase() +
                  ": every epoch shuts " + itsWorkers(n) + " down and starts new ones, and the GPU idles "
                  "until they have prepared the first batches. Pass persistent_workers=True.";
      addCountOrigins(d, w, bound);
      for (const RelatedLocation& r : relatedFrom(persistent)) d.related.push_back(r);
      addPersistentFix(model, loader, w, arg, d);
      sink.report(std::move(d));
      return;
    }
  if (!known(workers)) return;
  const RestartNote note{model, loader, workers, arg, persistent};
  const std::string n = note.count();
  if (reportPeriodicPasses(note, consumers, sink)) return;
  if (reportRenewedIterators(note, consumers, sink)) return;
  // `while True: yield from loader` in a generator a step loop draws from:
  // each pass of the endless loop is one epoch of the loader.
  for (const Loop* c : consumers) {
    const python::ScriptModel* home = nullptr;
    const Loop* pass = c->kind == python::LoopKind::Step ? endlessPassLoop(model.ownerOf(c->node), *c, loader, &home)
                                                         : nullptr;
    if (!pass) continue;
    note.report("DataLoader with " + workerCount(n) + " is iterated again on each pass of the endless `while` loop at " +
                    lineRef(model, pass->node) + ", which the step loop at " + lineRef(model, c->node) +
                    " draws its batches from, " + note.persistentPhrase() + ": at every epoch boundary " +
                    itsWorkers(n) + (n == "1" ? " shuts" : " shut") +
                    " down and new ones start, and the GPU idles until they have prepared the first batches. Pass "
                    "persistent_workers=True.",
                {{headerLocation(*home, pass->node), "the endless loop iterates the loader here, once per epoch"},
                 {headerLocation(model.ownerOf(c->node), c->node), "the step loop draws its batches from it"}},
                sink);
    return;
  }
}

// Calls in an epoch loop of helpers of another file that build a DataLoader
// with workers on every call (`train_loader = make_loader(train_set)` each
// epoch): one finding at the call, the helper's DataLoader as a related
// location. A helper that builds it once behind `if self._loader is None:`
// has no such effect (HelperEffects::of), and a call whose arguments change
// with the epoch rebuilds on purpose.
void reportHelperLoaders(const python::ScriptModel& model, DiagnosticSink& sink) {
  // epochLoopsAround answers this file's epoch loops only: without one, no
  // call here runs per epoch, and no helper needs resolving.
  bool has_epoch_loop = false;
  for (const Loop& l : model.loops()) has_epoch_loop = has_epoch_loop || l.kind == python::LoopKind::Epoch;
  if (!has_epoch_loop) return;
  HelperEffects effects;
  for (const python::Call& c : model.calls()) {
    auto [other, helper] = model.calledElsewhere(c);
    if (!helper) continue;
    std::vector<const Loop*> epochs = model.epochLoopsAround(c.node);
    if (epochs.empty()) continue;  // once, per step (GPU105 is about epochs), or guarded
    const Loop& epoch = *epochs.front();
    ResolvedValue bound;
    if (auto count = tripCount(model, epoch, &bound); (count && *count < 2) || dependsOnEpoch(model, c, epoch))
      continue;
    const std::optional<EffectSite>& site = effects.of(*other, *helper).site(Effect::LoaderBuild);
    if (!site) continue;
    const python::Call* loader = site->model->callAt(site->at);
    std::string n = std::to_string(site->model->resolve(loader->argument("num_workers", kNumWorkersIndex)).int_value);
    HelperCall hc{&c, other, helper, *site, {}};
    Diagnostic d;
    d.rule = "GPU105";
    d.level = Level::Warning;
    d.location = callHead(model, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` builds a DataLoader with " + n +
                " workers on each pass of the epoch loop at line " + std::to_string(epoch.node.line()) + " (" +
                helperChain(model, hc) + "), so every epoch starts " + n +
                " new worker processes that import, unpickle the dataset and fill their prefetch queues while the "
                "GPU waits for the epoch's first batches. Build the loader once before the epoch loop and pass "
                "persistent_workers=True.";
    d.related.push_back({headerLocation(model, epoch.node), "the epoch loop"});
    d.related.push_back({site->model->location(site->at), "the helper builds the DataLoader here"});
    sink.report(std::move(d));
  }
}

// The Trainer's fit() this file hands `loader` to (`trainer.fit(model,
// train_loader, val_loader)`), or null.
const python::Call* fitTaking(const python::ScriptModel& model, const python::Call& loader) {
  for (const TrainerLoader& handed : loadersHandedToTrainer(model))
    if (handed.loader == &loader && handed.run->method == "fit") return handed.run;
  return nullptr;
}

// A loader a Lightning hook returns (`def train_dataloader(self): return
// DataLoader(..., num_workers=8)`), or one handed to the Trainer's fit():
// Lightning iterates it again on every epoch the project's Trainer runs, so
// without persistent_workers its workers restart each epoch.
void checkLightningLoader(const python::ScriptModel& model, const python::Call& loader, DiagnosticSink& sink) {
  const python::Call* fit = returnedByEpochHook(loader) ? nullptr : fitTaking(model, loader);
  if ((!fit && !returnedByEpochHook(loader)) || !model.mayRunOnGpu() || loader.mayHideArgument("num_workers", kNumWorkersIndex))
    return;
  ts::Node workers_arg = loader.argument("num_workers", kNumWorkersIndex);
  std::optional<RestartNote> note =
      restartingWorkers(model, loader, workers_arg ? python::smallestCandidate(model, workers_arg) : ResolvedValue{});
  if (!note) return;
  std::optional<LightningEpochs> epochs = lightningEpochs(model);
  if (!epochs) return;
  std::string n = note->count();
  std::string handed = fit ? "is handed to the Trainer's fit() at " + lineRef(model, fit->node) + ", which iterates it"
                           : "is returned by the Lightning hook `" + loader.function->name + "()`, which Lightning iterates";
  // Where the worker count is written explains the note; it is not what to change.
  std::vector<RelatedLocation> related = relatedFrom(note->workers);
  related.push_back({epochs->at, "the Trainer runs " + std::to_string(epochs->count) + " epochs"});
  note->report("DataLoader with " + workerCount(n) + " " + handed + " again on each of the " +
                   std::to_string(epochs->count) + " epochs (" + epochs->written + ") " + note->persistentPhrase() +
                   ": every epoch shuts " + itsWorkers(n) + " down and starts new ones, and the GPU "
                   "idles until they have prepared the first batches. Pass persistent_workers=True.",
               std::move(related), sink);
}

}  // namespace

void LoaderRebuiltPerEpoch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  // Which loops iterate each loader.
  std::map<const python::Call*, std::vector<const Loop*>> consumers;
  // A loop that makes a fresh iterator of the loader on each pass does not
  // iterate it: reportFreshIterators judges the iterator.
  for (const Loop& loop : model.loops())
    for (const python::Call* loader : loadersIteratedBy(model, loop))
      if (!drawsThroughFreshIterators(model, loop, *loader)) consumers[loader].push_back(&loop);
  for (const python::Call& call : model.calls()) {
    if (auto it = consumers.find(&call); it != consumers.end()) check(model, call, it->second, sink);
    else if (isDataLoader(model, call)) checkLightningLoader(model, call, sink);
  }
  // Loaders built in another file of the project and iterated here: judged
  // in the file that builds them, around the calls that hand them over.
  for (const auto& [loader, loops] : consumers)
    if (const python::ScriptModel& owner = model.ownerOf(loader->node); &owner != &model)
      check(owner, *loader, loops, sink);
  std::set<const python::Call*> iterated;
  for (const auto& [loader, loops] : consumers) iterated.insert(loader);
  reportFreshIterators(model, iterated, sink);
  if (model.project()) reportHelperLoaders(model, sink);
}

}  // namespace gpulint::checks
