// ProjectModel's cross-file marks: step, epoch and eval-pass loops whose training or pass lies in another file, and the GPU path.
#include "frontend/python/project_model.h"

#include <algorithm>
#include <deque>
#include <map>

#include "frontend/python/hook_overrides.h"
#include "frontend/python/library_trainer.h"
#include "frontend/python/loop_classifier.h"
#include "frontend/python/registry_classes.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// True when function `f` of file `fm` holds node `n` of file `nm`. Node
// ranges are bytes: a loop of one file lies "inside" any function of another
// that happens to span the same bytes (ch07's generation loop inside the
// imported `generate`), so the files must match first.
bool holds(const ScriptModel* fm, const Function& f, const ScriptModel* nm, ts::Node n) {
  return fm == nm && f.node.contains(n);
}

}  // namespace

// The function updates the weights on every call: an optimizer step (or
// apply_gradients/minimize) in its body outside its loops (a loop of its own
// is the step loop), or a call of a project function (any file) that does.
// A backward pass alone does not count: a helper that only backpropagates
// (GradCAM's `score.backward()`, a saliency map) trains nothing, and a loop
// whose own body steps the optimizer is a step loop already (loops.cpp).
// Memoised.
bool ProjectModel::trains(const ScriptModel& m, const Function& f, int depth,
                          std::map<const Function*, bool>& memo) const {
  if (depth > 3) return false;
  if (auto it = memo.find(&f); it != memo.end()) return it->second;
  memo[&f] = false;  // recursion: cut
  bool result = false;
  for (const Call& c : m.calls()) {
    if (c.function != &f || m.enclosingLoop(c.node)) continue;
    if (isTrainingCall(c) ? c.method != "backward" && c.method != "gradient"
                          : runsLibraryScalerStep(m, c) || stepsTypedOptimizer(m, c))
      result = true;
    else if (auto [model, g] = m.callTarget(c); !g || isStub(*g)) result = candidatesTrain(m, c, depth + 1, memo);
    else if (g != &f) result = trains(*model, *g, depth + 1, memo);
    if (result) break;
  }
  memo[&f] = result;
  return result;
}

// `self.run_step()` in a base class's loop, where the base leaves the hook
// as a stub and several subclasses fill it in (a plain and a mixed-precision
// trainer), or `self._trainer.run_step()` on an object of either class:
// which one runs is unknown, but when every candidate trains, the loop
// trains whichever runs. One that does not (a variant that only evaluates)
// leaves the loop undecided.
bool ProjectModel::candidatesTrain(const ScriptModel& m, const Call& c, int depth,
                                  std::map<const Function*, bool>& memo) const {
  auto candidates = dispatchCandidates(m, c);
  if (candidates.empty()) return false;
  for (const auto& [model, g] : candidates)
    if (!trains(*model, *g, depth, memo)) return false;
  return true;
}

bool ProjectModel::registryTrains(const Call& c, std::map<const Function*, bool>& memo) const {
  const RegistryDispatch* dispatch = registryDispatchOf(c);
  if (!dispatch) return false;
  for (const auto& [model, g] : dispatch->methods)
    if (!trains(*model, *g, 0, memo)) return false;
  return true;
}

// `gpu_timer(train_step)` with gpu_timer in another file: the call hands a
// function of this file that trains to a function that calls it.
bool ProjectModel::handsTrainingFunction(const ScriptModel& m, const Call& c,
                                         std::map<const Function*, bool>& memo) const {
  for (const Function* passed : m.functionsHandedBy(c))
    if (trains(m, *passed, 0, memo)) return true;
  // `self.call_hook("after_train_step")` whose hook of another file steps the optimizer.
  for (const auto& [model, method] : m.methodsRunByName(c))
    if (model != &m && trains(*model, *method, 0, memo)) return true;
  return false;
}

// A loop whose body trains through a call the per-file pass could not follow
// (`loss_scaler(loss, optimizer)` on an object made in another file, a
// trainer method defined in a base class elsewhere) is a step loop, and the
// loops of its file around it are epoch loops. So is a loop the per-file
// pass made an epoch loop because a micro-batch loop below it runs the
// backward, when its own pass steps the optimizer through another file
// (`self.forward_backward(batch); self.mp_trainer.optimize(self.opt)`):
// with the stepping object in the same file that loop is a step loop
// already (loops.cpp asks for training before nesting).
void ProjectModel::markStepLoops() {
  std::map<const Function*, bool> memo;
  auto open = [](const Loop& l) { return l.kind == LoopKind::Other || l.kind == LoopKind::Epoch; };
  for (ScriptModel* m : models_) {
    // Only a loop not yet a step loop can become one: a file without one needs no call placed.
    if (std::none_of(m->loops_.begin(), m->loops_.end(), open)) continue;
    bool changed = false;
    for (const Call& c : m->calls()) {
      const Loop* loop = m->enclosingLoop(c.node);  // the loop whose own body runs the call
      if (!loop || !open(*loop) || !loop->node.field("body").contains(c.node) || playsEpisodes(*loop))
        continue;
      // `loss_scaler(loss, optimizer)` on a timm scaler another file made.
      bool steps = runsLibraryScalerStep(*m, c);
      auto [model, f] = steps ? std::pair<const ScriptModel*, const Function*>{} : m->callTarget(c);
      // `model.optimize_parameters(it)` on a model a registry built: every
      // class the lookup can pick trains there (registry_classes.h).
      if (!steps && !f) steps = registryTrains(c, memo);
      if (!steps && (!f || isStub(*f))) steps = candidatesTrain(*m, c, 0, memo);
      if (!steps && (!f || holds(model, *f, m, loop->node))) continue;
      if (!steps && !trains(*model, *f, 0, memo) && !handsTrainingFunction(*m, c, memo)) continue;
      m->loops_[static_cast<size_t>(loop - m->loops_.data())].kind = LoopKind::Step;
      changed = true;
    }
    if (!changed) continue;
    LoopClassifier classifier(*m);
    classifier.promoteBatchDrawingLoops();
    classifier.promoteBatchLoopsAroundPhases();
    for (Loop& outer : m->loops_)
      for (const Loop& inner : m->loops_)
        if (outer.kind == LoopKind::Other && inner.kind == LoopKind::Step && outer.node.contains(inner.node) &&
            !(outer.node == inner.node))
          outer.kind = LoopKind::Epoch;
  }
}

// A loop that calls a function with a training step loop in another file
// (`for epoch in ...: train_one_epoch(...)`), or one whose step loop the
// project found (markStepLoops), is an epoch loop, as it would be with both
// in one file. Loops are classified per file first (loops.cpp); this only
// adds what that pass could not see.
void ProjectModel::markEpochLoops() {
  std::map<const Function*, bool> has_step;  // memo per callee
  auto stepsIn = [&](const ScriptModel& model, const Function& f) {
    auto [it, fresh] = has_step.try_emplace(&f, false);
    if (fresh)
      for (const Loop& l : model.loops())
        if (l.kind == LoopKind::Step && f.node.contains(l.node)) it->second = true;
    return it->second;
  };
  for (ScriptModel* m : models_) {
    std::vector<Loop*> open;  // loops that may still turn out to be epoch loops
    for (Loop& l : m->loops_)
      if (l.kind == LoopKind::Other) open.push_back(&l);
    if (open.empty()) continue;
    for (const Call& c : m->calls()) {
      bool inside = false;
      for (Loop* l : open) inside = inside || l->node.contains(c.node);
      if (!inside) continue;
      auto [model, f] = m->callTarget(c);
      if (!f || !stepsIn(*model, *f)) continue;
      for (Loop* l : open)
        if (l->kind == LoopKind::Other && l->node.contains(c.node) && !holds(model, *f, m, l->node))
          l->kind = LoopKind::Epoch;
    }
  }
}

// An evaluation loop that calls a function running its own batch loop in
// another file (`for name in datasets: evaluate(model, make_loader(name))`)
// loops over whole evaluation passes, not batches (as loops.cpp decides
// within one file): only the callee's loop runs per batch. A loop that hands
// its own item to a helper running the model on it (forwardingHelperCall)
// runs a forward pass per item, as with the module call inline.
void ProjectModel::markEvalPassLoops() {
  std::map<const Function*, bool> memo;
  for (ScriptModel* m : models_)
    for (Loop& l : m->loops_) {
      if (l.kind != LoopKind::Eval || forwardsLoopTarget(*m, l) || forwardingHelperCall(*m, l)) continue;
      ts::Node body = l.node.field("body");
      for (const Call& c : m->callsIn(body)) {
        if (!body.contains(c.node)) continue;
        auto [model, f] = m->callTarget(c);
        if (f ? !holds(model, *f, m, l.node) && runsEvalPass(*model, *f, 0, memo) : candidatesRunEvalPass(*m, c, memo)) {
          l.kind = LoopKind::Other;
          break;
        }
      }
    }
}

// `sampler.sample(...)` on a sampler of one of two classes: a pass when each
// candidate runs one (its own denoising loop).
bool ProjectModel::candidatesRunEvalPass(const ScriptModel& m, const Call& c,
                                         std::map<const Function*, bool>& memo) const {
  auto candidates = dispatchCandidates(m, c);
  if (candidates.empty()) return false;
  for (const auto& [model, g] : candidates)
    if (!runsEvalPass(*model, *g, 0, memo)) return false;
  return true;
}

bool ProjectModel::runsEvalPass(const ScriptModel& m, const Function& f, int depth,
                                std::map<const Function*, bool>& memo) const {
  if (auto it = memo.find(&f); it != memo.end()) return it->second;
  memo[&f] = false;  // recursion
  bool result = false;
  for (const Loop& l : m.loopsIn(f.node))
    result = result || (f.node.contains(l.node) && (l.kind == LoopKind::Eval || repeatsForwardPasses(m, l)));
  if (!result && depth < 2)
    for (const Call& c : m.callsIn(f.node)) {
      if (c.function != &f) continue;
      auto [model, g] = m.callTarget(c);
      if (g && g != &f && runsEvalPass(*model, *g, depth + 1, memo)) { result = true; break; }
    }
  memo[&f] = result;
  return result;
}

bool namesCudaThroughProject(const ScriptModel& m);  // placement.cpp
bool functionPlacesOnCuda(const ScriptModel& m, const Function& f);  // placement.cpp

namespace {

// `model = mutils.create_model(config)` with a factory in another file that
// wraps the model in DataParallel or calls `.cuda()`, or a class whose
// __init__ does: the caller's process
// runs that code, so the caller is on the GPU path too, wherever its device
// comes from (an ml_collections config, say).
bool callsGpuPlacingFunction(const ScriptModel& m, std::map<const Function*, bool>& memo) {
  for (const Call& c : m.calls()) {
    auto [owner, f] = m.callTarget(c);
    // `trainer = ChunkedTrainer(net, loader)` of a class whose __init__
    // moves the model to the GPU: constructing it runs that __init__.
    if (!f && m.project())
      if (ProjectDef def = m.project()->calleeOf(m, c); def.cls && def.function) owner = def.model, f = def.function;
    if (!f || owner == &m || !owner->usesCuda()) continue;
    auto [it, fresh] = memo.try_emplace(f, false);
    if (fresh) it->second = functionPlacesOnCuda(*owner, *f);
    if (it->second) return true;
  }
  return false;
}

}  // namespace

// A file is on the GPU path when it places tensors on a GPU itself (with a
// device of its own or one another project file makes), calls a project
// function that does, or is imported by a file that is (a device flows down
// into what a script calls).
void ProjectModel::markGpu() {
  std::map<const ScriptModel*, std::vector<const ScriptModel*>> imported_by;  // importer -> modules it imports
  for (const auto& [module, importers] : importers_)
    for (const ScriptModel* importer : importers) imported_by[importer].push_back(module);
  std::deque<const ScriptModel*> work;
  std::map<const Function*, bool> placing;
  for (const ScriptModel* m : models_) {
    // A file that builds a project subclass of the HF Trainer (defined in
    // another file) has the Trainer place its model on the GPU.
    bool own = m->usesCuda() || std::any_of(m->calls().begin(), m->calls().end(), [&](const Call& c) {
                 return calleeOf(*m, c).cls && constructsLibraryTrainer(*m, c);
               });
    // A device made in another file, or a LightningModule through a base
    // class of another file (the Trainer moves it): its checks need the
    // project attached.
    bool lightning = std::any_of(m->classes().begin(), m->classes().end(),
                                 [](const auto& c) { return c->is_lightning_module; });
    if (!own && (lightning || namesCudaThroughProject(*m) || callsGpuPlacingFunction(*m, placing))) linked_.insert(m);
    else if (!own) continue;
    if (gpu_.insert(m).second) work.push_back(m);
  }
  auto spread = [&] {
    while (!work.empty()) {
      const ScriptModel* m = work.front();
      work.pop_front();
      for (const ScriptModel* module : imported_by[m])
        if (gpu_.insert(module).second) {
          work.push_back(module);
          linked_.insert(module);
        }
    }
  };
  spread();
  // An entry script whose trainer subclass runs a base class's GPU loop
  // (`class FluxTrainer(NetworkTrainer)`, `FluxTrainer().train(args)`)
  // runs on the GPU too, with what it imports.
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [m, base_model] : inherited_loops_)
      if (gpu_.count(base_model) && gpu_.insert(m).second) {
        work.push_back(m);
        linked_.insert(m);
        grew = true;
      }
    spread();
  }
}

}  // namespace gpulint::python
