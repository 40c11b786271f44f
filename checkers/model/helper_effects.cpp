#include "checkers/model/helper_effects.h"

#include <algorithm>

#include "checkers/data/GPU106_cpu_preprocess_in_step.h"
#include "checkers/data/GPU107_remote_read_in_step.h"
#include "checkers/model/effect_calls.h"
#include "checkers/model/host_sync.h"
#include "checkers/model/queued_work.h"
#include "checkers/python_common.h"
#include "frontend/python/every_call.h"
#include "frontend/python/frequency.h"
#include "frontend/python/hook_overrides.h"
#include "frontend/python/registry_classes.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::Function;
using python::ScriptModel;
using python::everyCall;
using python::everyCallPastExits;
using python::returnsEarly;

size_t slot(Effect e) { return static_cast<size_t>(e); }

// `log_rank(msg, logger=logger, level=logging.DEBUG)` where the helper writes
// `logger.log(level, msg)`: it logs at the level its caller passes, and a
// debug record is dropped by the logger in normal runs.
bool logsAtDebugLevel(const ScriptModel& caller, const Call& c, const ScriptModel& helper_model, const Function& helper,
                      const EffectSite& site) {
  // Logged further down (in a callee, maybe of another file): that call passes the level.
  if (site.model != &helper_model || !helper.node.contains(site.at)) return false;
  const Call* log = site.model->callAt(site.at);
  if (!log || log->method != "log" || log->positional.empty()) return false;
  ts::Node level = python::syntax::unwrap(log->positional[0]);
  if (!level.is("identifier")) return false;
  ts::Node arg = caller.argumentFor(c, helper, level.text());
  return arg && python::syntax::lastName(arg) == "DEBUG";
}

// A DataLoader that starts worker processes: its worker count resolves above
// 0 (GPU105 restarts nothing else; an unknown count never fires).
bool buildsLoaderWithWorkers(const ScriptModel& m, const Call& c) {
  constexpr int kNumWorkersIndex = 5;  // DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers)
  if (!isDataLoader(m, c) || c.mayHideArgument("num_workers", kNumWorkersIndex)) return false;
  python::ResolvedValue workers = m.resolve(c.argument("num_workers", kNumWorkersIndex));
  return workers.kind == python::ResolvedValue::Kind::Int && workers.int_value > 0;
}

// The first condition of f's own body (not a nested function's) that needs
// a GPU tensor's truth value on every call of f (a test inside a branch
// taken for one configuration, such as FSDP, is not every step's).
std::optional<EffectSite> conditionSync(const ScriptModel& m, const Function& f) {
  host_sync::NonCallSpots spots;
  host_sync::collectNonCallSpots(f.body, spots);
  for (ts::Node cond : spots.conditions)
    if (m.enclosingFunction(cond) == &f && everyCall(m, cond, f) && host_sync::syncOfCondition(m, cond))
      return EffectSite{&m, cond};
  return std::nullopt;
}

// `t = t[j]` with `j` a GPU comparison (a data-dependent size, read on the
// host), or a slice bound that is a GPU tensor, in f's own body: the first, as a call's sync would count (under a
// branch too, unless a periodic guard spaces it out or it runs off the CUDA
// device); with `every_call`, only one on every call of f.
std::optional<EffectSite> maskIndexSync(const ScriptModel& m, const Function& f, bool every_call) {
  host_sync::NonCallSpots spots;
  host_sync::collectNonCallSpots(f.body, spots);
  auto counts = [&](ts::Node spot) {
    if (m.enclosingFunction(spot) != &f || m.underPeriodicGuard(spot, f.node) || m.onCpuPath(spot) ||
        returnsEarly(m, spot, f))
      return false;
    return !every_call || everyCall(m, spot, f);
  };
  for (ts::Node index : spots.mask_indexes)
    if (counts(index) && host_sync::syncOfMaskIndex(m, index)) return EffectSite{&m, index};
  // `x[i, :, start:start + n]` with `start` a GPU tensor: the same kind of read.
  for (ts::Node bound : spots.slice_bounds)
    if (counts(bound) && host_sync::syncOfSliceBound(m, bound)) return EffectSite{&m, bound};
  return std::nullopt;
}

// The innermost `if <param> is not None:` (or `if <param>:`) of f whose
// branch holds `n`, <param> a parameter of f: whether a caller leaves it
// unset (at a None/False default) is asked per call (leavesParameterUnset).
ts::Node optionalParameterTest(ts::Node n, const Function& f) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !(p == f.node); child = p, p = p.parent()) {
    if (!(p.is("if_statement") || p.is("elif_clause")) || !(p.field("consequence") == child)) continue;
    std::string_view name = python::testedForSet(p.field("condition"));
    if (!name.empty() && std::find(f.parameters.begin(), f.parameters.end(), name) != f.parameters.end())
      return p.field("condition");
  }
  return {};
}

// A call in a training step loop of f itself (a chunked forward/backward
// summing `part.item()` per chunk): the rules report it there, with that
// loop's frequency; a caller's step loop does not report it again.
bool inOwnStepLoop(const ScriptModel& model, ts::Node n, const Function& f) {
  for (const python::Loop* l = model.enclosingLoop(n); l && l->function == &f;
       l = l->node.parent() ? model.enclosingLoop(l->node.parent()) : nullptr)
    if (l->kind == python::LoopKind::Step) return true;
  return false;
}

// The site of effect `e` that call `c` of `helper` reaches: calling a
// module (`meter(logits, y)`) syncs only where its forward syncs on every
// call; a branch may serve another configuration of the instance (an
// exported backend's `.cpu().numpy()`), which the call cannot tell.
// A read under `if targets is not None:` counts when forward reaches it on
// every call that passes `targets` (passesTestedArgument asks the call).
// In a training step loop (`kind` Step) the modules are in training mode:
// a forward's sync under `if self.training:` runs on every step there.
const std::optional<EffectSite>& stepSite(const EffectSummary& summary, const Call& c, const Function& helper,
                                          Effect e, python::BatchKind kind) {
  static const std::optional<EffectSite> kNone;
  const bool training = kind == python::BatchKind::Step;
  if (!python::callsModuleForward(c, helper)) {
    if (e == Effect::HostSync && training && !summary.site(e)) return summary.training_sync;
    return summary.site(e);
  }
  if (e == Effect::HostSync) return training ? summary.training_sync : summary.every_call_sync;
  const std::optional<EffectSite>& when = summary.site(e);
  if (e != Effect::HostSyncWhenPassed || !when) return when;
  auto tested = [&when](ts::Node condition) { return condition == when->set_test; };
  return everyCall(*when->model, when->at, helper, tested) ? when : kNone;
}

}  // namespace

const EffectSummary& HelperEffects::of(const ScriptModel& model, const Function& f) {
  static const EffectSummary kNone;
  if (auto it = memo_.find(&f); it != memo_.end()) {
    if (cut_.count(&f)) met_cut_ = true;
    return it->second;
  }
  HelperEffectsScope* shared = HelperEffectsScope::current();
  if (shared)
    if (auto it = shared->summaries_.find(&f); it != shared->summaries_.end()) return it->second;
  if (!active_.insert(&f).second) {  // recursion: cut
    met_cut_ = true;
    return kNone;
  }
  bool outer_met_cut = met_cut_;
  met_cut_ = false;
  EffectSummary summary;
  for (const python::Loop& l : model.loopsIn(f.node))
    if (l.function == &f && isEvaluationPass(model, l) && everyCall(model, l.node, f)) {
      summary.sites[slot(Effect::Evaluation)] = EffectSite{&model, l.node};
      break;
    }
  // f's calls lie inside its node: only that run of the file's is scanned.
  // A host sync counts unless a periodic guard spaces it out (as for a sync
  // written in the step loop itself) or it runs only off the CUDA device
  // (`if mps: x = x.cpu()`); the other effects only when nothing but a rank
  // check lies between them and f's body.
  for (const Call& c : model.callsIn(f.node))
    if (c.function == &f && !model.underPeriodicGuard(c.node, f.node) && !model.onCpuPath(c.node) &&
        !returnsEarly(model, c.node, f) && !inOwnStepLoop(model, c.node, f)) {
      CallReach reach;
      reach.every_call = everyCallPastExits(model, c.node, f);
      reach.every_training_call = reach.every_call || everyCallPastExits(model, c.node, f, python::testsTrainingMode);
      scanCall(model, c, reach, summary);
    }
  if (!summary.sites[slot(Effect::HostSync)])
    if (std::optional<EffectSite> both = syncOnEveryBranch(model, f, false))
      summary.sites[slot(Effect::HostSync)] = both;
  if (!summary.every_call_sync) summary.every_call_sync = syncOnEveryBranch(model, f, true);
  // A test of a GPU tensor (`if torch.min(y) < -1.:`) syncs whenever it is
  // evaluated, before the rarely taken branch it guards; the earliest is shown.
  if (std::optional<EffectSite> test = conditionSync(model, f))
    for (std::optional<EffectSite>* sync : {&summary.sites[slot(Effect::HostSync)], &summary.every_call_sync})
      if (!*sync || ((*sync)->model == &model && test->at.begin() < (*sync)->at.begin())) *sync = test;
  if (!summary.sites[slot(Effect::HostSync)]) summary.sites[slot(Effect::HostSync)] = maskIndexSync(model, f, false);
  if (!summary.every_call_sync) summary.every_call_sync = maskIndexSync(model, f, true);
  if (!summary.training_sync) summary.training_sync = summary.every_call_sync;
  active_.erase(&f);
  bool cut = met_cut_;
  met_cut_ = outer_met_cut || cut;
  if (cut) cut_.insert(&f);
  else if (shared) return shared->summaries_[&f] = summary;
  return memo_[&f] = summary;
}

// `if self.use_fp16: self._step_fp16(opt) else: self._step_plain(opt)`:
// a helper reached on one branch syncs only on some calls, but when every
// branch of an if/else that runs on each call of f calls a helper that
// syncs, f syncs on every call. The first branch's sync is shown.
std::optional<EffectSite> HelperEffects::syncOnEveryBranch(const ScriptModel& model, const Function& f,
                                                           bool every_call) {
  std::vector<ts::Node> seen;  // each if statement looked at once, whatever number of calls it holds
  for (const Call& c : model.callsIn(f.node)) {
    if (c.function != &f) continue;
    // The innermost if statement whose branch holds this call.
    ts::Node stmt = c.node;
    while (stmt && !stmt.is("if_statement") && !(stmt == f.node)) stmt = stmt.parent();
    if (!stmt || !stmt.is("if_statement") || stmt.field("condition").contains(c.node)) continue;
    if (std::find(seen.begin(), seen.end(), stmt) != seen.end()) continue;
    seen.push_back(stmt);
    ts::Node last = stmt.namedChild(stmt.namedChildCount() - 1);
    if (!last || !last.is("else_clause")) continue;  // no else: some calls take no branch
    if (model.underPeriodicGuard(stmt, f.node) || returnsEarly(model, stmt, f) || !everyCallPastExits(model, stmt, f))
      continue;
    std::optional<EffectSite> first = branchSync(model, f, stmt.field("consequence"), every_call);
    for (ts::Node alt : stmt.namedChildren()) {
      if (!first) break;
      ts::Node body = alt.is("elif_clause")   ? alt.field("consequence")
                      : alt.is("else_clause") ? alt.field("body")
                                              : ts::Node();
      if (body && !branchSync(model, f, body, every_call)) first = std::nullopt;
    }
    if (first) return first;
  }
  return std::nullopt;
}

// A call of `block` (a branch body, outside further branches and loops) to
// a project helper that syncs on every call: the helper's sync site.
std::optional<EffectSite> HelperEffects::branchSync(const ScriptModel& model, const Function& f, ts::Node block,
                                                    bool every_call) {
  if (!block) return std::nullopt;
  for (const Call& c : model.callsIn(block)) {
    if (c.function != &f || !block.contains(c.node)) continue;
    bool direct = true;
    for (ts::Node p = c.node.parent(); p && !(p == block) && direct; p = p.parent())
      direct = !(p.is("if_statement") || p.is("for_statement") || p.is("while_statement") || p.is("try_statement") ||
                 p.is("conditional_expression") || p.is("boolean_operator"));
    if (!direct) continue;
    auto [other, g] = model.callTarget(c);
    if (!g || g == &f) continue;
    const EffectSummary& inner = of(*other, *g);
    if (const std::optional<EffectSite>& sync = every_call ? inner.every_call_sync : inner.site(Effect::HostSync))
      return sync;
  }
  return std::nullopt;
}

namespace {
thread_local HelperEffectsScope* t_helper_effects_scope = nullptr;
}  // namespace

HelperEffectsScope::HelperEffectsScope() : outer_(t_helper_effects_scope) { t_helper_effects_scope = this; }
HelperEffectsScope::~HelperEffectsScope() { t_helper_effects_scope = outer_; }
HelperEffectsScope* HelperEffectsScope::current() { return t_helper_effects_scope; }

// `self._trainer.run_step()` on an object of one of two classes, or a stub
// hook several subclasses fill in: an effect every candidate has on every
// call is this call's, whichever runs (the first candidate's site is shown).
// False when the call has no such candidates.
bool HelperEffects::scanCandidates(const ScriptModel& model, const Call& c, EffectSummary& into) {
  auto candidates = python::dispatchCandidates(model, c);
  if (candidates.empty()) return false;
  for (size_t i = 0; i < into.sites.size(); ++i) {
    auto e = static_cast<Effect>(i);
    // Decided per helper's parameter, or per call site: not joined over candidates.
    if (e == Effect::HostSyncWhenPassed || e == Effect::HostUploadAfterWork || into.sites[i]) continue;
    std::optional<EffectSite> first;
    for (const auto& [other, g] : candidates) {
      if (g == c.function) return true;  // recursion: nothing joined
      const std::optional<EffectSite>& site = stepSite(of(*other, *g), c, *g, e, python::BatchKind::Eval);
      if (!site || (e == Effect::Logging && logsAtDebugLevel(model, c, *other, *g, *site))) {
        first.reset();
        break;
      }
      if (!first) first = site;
    }
    if (first) into.sites[i] = first;
  }
  return true;
}

void HelperEffects::scanCall(const ScriptModel& model, const Call& c, CallReach reach, EffectSummary& into) {
  const bool every_call = reach.every_call;
  // Lightning's `self.log` only records the value; the logger writes every
  // `log_every_n_steps`. Analysing Lightning itself makes it a project function
  // whose body logs, which must not count either.
  if (isLightningSelfLog(c)) return;
  auto set = [&into, every_call](Effect e, EffectSite site) {
    if (!into.sites[slot(e)] &&
        (every_call || e == Effect::HostSync || e == Effect::HostSyncWhenPassed || e == Effect::HostUploadAfterWork))
      into.sites[slot(e)] = site;
  };
  // A project function: its body decides, not its name. Its effects count
  // only when it runs on every call of f: a sync in a helper that f calls on
  // one branch (accelerate's `gather_for_metrics` reaching an object gather
  // only when `use_gather_object` is set) is not a sync of every step.
  if (auto [other, g] = model.callTarget(c); g) {
    if (g == c.function || !reach.every_training_call) return;
    // In training mode a submodule is too: its forward's training-mode sync
    // is this function's on every training call.
    const EffectSummary& inner = of(*other, *g);
    if (inner.training_sync && !into.training_sync) into.training_sync = inner.training_sync;
    if (!every_call) return;
    // A module called here (`self.renderer(...)`) brings its forward's
    // every-call sync only (stepSite, as an evaluation pass would call it).
    for (size_t i = 0; i < inner.sites.size(); ++i) {
      auto e = static_cast<Effect>(i);
      const std::optional<EffectSite>& site = stepSite(inner, c, *g, e, python::BatchKind::Eval);
      if (!site || e == Effect::HostSyncWhenPassed ||
          (e == Effect::Logging && logsAtDebugLevel(model, c, *other, *g, *site)))
        continue;
      // The inner helper's upload waits for what this function queued before calling it.
      if (e == Effect::HostUploadAfterWork && queued_work::queuesWorkBefore(model, python::BatchContext{}, c.node))
        set(Effect::HostSync, *site);
      else
        set(e, *site);
    }
    if (inner.every_call_sync && !into.every_call_sync) into.every_call_sync = inner.every_call_sync;
    // The inner sync waits on an optional argument: this call decides.
    if (const auto& when = stepSite(inner, c, *g, Effect::HostSyncWhenPassed, python::BatchKind::Eval);
        when && !other->leavesParameterUnset(c, *g, python::testedForSet(when->set_test)))
      set(Effect::HostSync, {when->model, when->at});
    return;
  }
  if (every_call && reach.every_training_call && scanCandidates(model, c, into)) return;
  // Host data made into a GPU tensor waits only for work queued before it:
  // a helper counts it when its own body queues work first (a forward that
  // runs a layer, then draws numpy noise onto the GPU).
  // Before any, the caller's call decides (HostUploadAfterWork).
  auto sync = host_sync::maySync(model, c) ? host_sync::syncOfCall(model, c) : std::nullopt;
  if (sync && sync->kind == host_sync::Sync::Upload && sync->host_data &&
      !queued_work::queuesWorkBefore(model, python::BatchContext{}, c.node)) {
    set(Effect::HostUploadAfterWork, {&model, c.node});
    sync.reset();
  }
  if (sync) {
    // Under `if stop_ids is not None:` of an optional parameter, only the
    // callers that pass it sync there.
    if (ts::Node test = c.function ? optionalParameterTest(c.node, *c.function) : ts::Node())
      set(Effect::HostSyncWhenPassed, {&model, c.node, test});
    else
      set(Effect::HostSync, {&model, c.node});
    // On every call (no condition but a rank check above it, so no optional parameter's test either).
    if (every_call && !into.every_call_sync) into.every_call_sync = EffectSite{&model, c.node};
    if (reach.every_training_call && !into.training_sync) into.training_sync = EffectSite{&model, c.node};
  }
  // A log that carries a read is GPU201's when the read is known to sync,
  // and nobody's when it is not: never a plain log.
  if (effect_calls::writesLogRecord(model, c) && !effect_calls::carriesSync(model, c))
    set(Effect::Logging, {&model, c.node});
  if (effect_calls::isCheckpointWrite(model, c)) set(Effect::CheckpointSave, {&model, c.node});
  if (isEvaluationCall(model, c)) set(Effect::Evaluation, {&model, c.node});
  // The data-side work (GPU105..GPU107): a helper that builds its loader only
  // when a cache is empty (`if self._loader is None:`) is not every call.
  if (buildsLoaderWithWorkers(model, c)) set(Effect::LoaderBuild, {&model, c.node});
  if (!cpuPreprocessWork(model, c).empty()) set(Effect::CpuPreprocess, {&model, c.node});
  if (!remoteReadWork(model, c).empty()) set(Effect::RemoteRead, {&model, c.node});
}

namespace {

// `loss = self.compute_loss(batch)` in a base class's step loop, where the
// base leaves the hook as a stub and several subclasses fill it in: which
// one runs is unknown, but when every override has the effect on every
// call, the call has it whichever subclass runs. One override without it
// (a stub, a variant that only computes) keeps the call silent. The same
// holds for `model.optimize_parameters(it)` on a model a registry built
// (registry_classes.h): every class the lookup can pick must have it.
// The calls of `model` that may run one of several definitions (the
// overrides of a stub hook, the classes a registry or a conditional picks)
// and that run per step: found once per model, asked per effect.
std::vector<DispatchCall> dispatchCalls(const ScriptModel& model) {
  std::vector<DispatchCall> out;
  for (const Call& c : model.calls()) {
    if (!c.receiver || isLightningSelfLog(c)) continue;
    DispatchCall dc{&c, {}, python::registryDispatch(model, c), {}};
    dc.candidates = dc.dispatch ? dc.dispatch->methods : python::dispatchCandidates(model, c);
    if (dc.candidates.empty()) continue;
    auto batch = model.perStep(c.node);
    if (!batch) continue;
    dc.batch = std::move(*batch);
    out.push_back(std::move(dc));
  }
  return out;
}

void appendOverrideCalls(const ScriptModel& model, Effect e, HelperEffects& effects,
                         const std::vector<DispatchCall>& calls, std::vector<HelperCall>& out) {
  // Decided per helper's parameter, or per call site: not joined over overrides.
  if (e == Effect::HostSyncWhenPassed || e == Effect::HostUploadAfterWork) return;
  for (const DispatchCall& dc : calls) {
    const Call& c = *dc.call;
    if (e == Effect::Logging && effect_calls::writesLogRecord(model, c)) continue;
    std::optional<EffectSite> first;
    bool every = true;
    for (const auto& [other, f] : dc.candidates) {
      const std::optional<EffectSite>& site = effects.of(*other, *f).site(e);
      every = site && !(e == Effect::Logging && logsAtDebugLevel(model, c, *other, *f, *site));
      if (!every) break;
      if (!first) first = site;
    }
    if (every && first)
      out.push_back({&c, dc.candidates.front().first, dc.candidates.front().second, *first, dc.batch,
                     dc.candidates.size(), dc.dispatch ? dc.dispatch->lookup_model : nullptr,
                     dc.dispatch ? dc.dispatch->lookup : ts::Node()});
  }
}

// The calls of `model` that run a helper of another file per step: its
// callee, or the hooks of other files it runs by name (`self.call_hook(
// "after_train_step")`, each a StepCall). Where each call runs is asked
// first: most calls are not per step, and their helpers then need no
// summary (the costlier question).
std::vector<HelperEffectsScope::StepCall> stepCalls(const ScriptModel& model) {
  std::vector<HelperEffectsScope::StepCall> out;
  for (const Call& c : model.calls()) {
    if (isLightningSelfLog(c)) continue;  // deferred by Lightning (see scanCall)
    auto [other, helper] = model.calledElsewhere(c);
    std::vector<std::pair<const ScriptModel*, const Function*>> hooks;
    if (!helper)
      for (const auto& [m, f] : model.methodsRunByName(c))
        if (m != &model) hooks.emplace_back(m, f);  // this file's run where they are (frequency)
    if (!helper && hooks.empty()) continue;
    auto batch = model.perStep(c.node);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    if (helper) out.push_back({&c, other, helper, std::move(*batch)});
    for (const auto& [m, f] : hooks) out.push_back({&c, m, f, *batch, true});
  }
  return out;
}

}  // namespace

std::vector<HelperCall> helperCallsWith(const ScriptModel& model, Effect e, HelperEffects& effects) {
  std::vector<HelperCall> out;
  // Without a step/eval loop or step hook no call runs per step (perStep
  // answers none): the callee of each call need not be looked up.
  if (!model.mayRunPerStep()) return out;
  if (HelperEffectsScope* shared = HelperEffectsScope::current()) {
    auto [dispatched, fresh] = shared->dispatch_calls_.try_emplace(&model);
    if (fresh) dispatched->second = dispatchCalls(model);
    appendOverrideCalls(model, e, effects, dispatched->second, out);
  } else {
    appendOverrideCalls(model, e, effects, dispatchCalls(model), out);
  }
  // The same calls for every rule: found once per model while a scope is open.
  std::vector<HelperEffectsScope::StepCall> unshared;
  const std::vector<HelperEffectsScope::StepCall>* step_calls = &unshared;
  if (HelperEffectsScope* shared = HelperEffectsScope::current()) {
    auto [it, fresh] = shared->step_calls_.try_emplace(&model);
    if (fresh) it->second = stepCalls(model);
    step_calls = &it->second;
  } else {
    unshared = stepCalls(model);
  }
  for (const HelperEffectsScope::StepCall& sc : *step_calls) {
    // A call GPU206 already reads as a log (`accelerator.print`, when the
    // framework itself is analysed) is its finding, not a second one here.
    if (e == Effect::Logging && effect_calls::writesLogRecord(model, *sc.call)) continue;
    // One finding per call: the first hook it runs by name with the effect.
    if (sc.by_name && !out.empty() && out.back().call == sc.call) continue;
    const std::optional<EffectSite>& site =
        stepSite(effects.of(*sc.helper_model, *sc.helper), *sc.call, *sc.helper, e, sc.batch.kind);
    if (!site || (e == Effect::Logging && logsAtDebugLevel(model, *sc.call, *sc.helper_model, *sc.helper, *site)))
      continue;
    HelperCall hc{sc.call, sc.helper_model, sc.helper, *site, sc.batch};
    hc.by_name = sc.by_name;
    out.push_back(std::move(hc));
  }
  return out;
}

std::string helperChain(const ScriptModel& model, const HelperCall& hc) {
  ts::Node at = hc.site.at;
  std::string what = at.is("for_statement") || at.is("while_statement")
                         ? "the evaluation loop " + quote(at)
                         : quote(at);
  // `x[i, :, start:end]` with `start` a GPU tensor: the bound is no call to run.
  bool bound = at.parent() && at.parent().is("slice");
  if (bound) what = "the GPU tensor " + quote(at) + " as a slice bound (read as an int)";
  bool own = hc.site.model == hc.helper_model && hc.helper->node.contains(at);
  std::string verb = own ? (bound ? "() uses " : "() runs ") : "() reaches ";
  std::string name = hc.helper->name;
  // A module or callable object runs its forward / __call__: name its class.
  if (python::syntax::oneOf(name, {"forward", "__call__"}) && !hc.helper->qualified.empty()) name = hc.helper->qualified;
  if (hc.lookup) {
    // "each of the 5 definitions of optimize_parameters() in the classes `getattr(module, model_type, None)`
    // at models/__init__.py:33 can pick does: SRModel.optimize_parameters() reaches ..."
    std::string first = hc.helper->qualified.empty() ? name : hc.helper->qualified;
    std::string which = hc.overrides == 1 ? "the one definition of " + name + "()"
                                          : "each of the " + std::to_string(hc.overrides) + " definitions of " + name + "()";
    return which + " in the classes " + quote(hc.lookup) + " at " + lineRef(model, hc.lookup) + " can pick does: " +
           first + verb + what + " at " + lineRef(model, at);
  }
  if (hc.by_name) {
    // "the hook ParamUpdateHook.after_train_step(), run by name here, runs ..."
    std::string hook = hc.helper->qualified.empty() ? name : hc.helper->qualified;
    return "the hook " + hook + "(), which this call runs by name," + verb.substr(2) + what + " at " +
           lineRef(model, at) + perParameterClause(model, hc);
  }
  if (hc.overrides > 1) {
    // "each of the 2 overrides of compute_loss() does: ClassifierTrainer.compute_loss() runs ..."
    std::string first = hc.helper->qualified.empty() ? name : hc.helper->qualified;
    return "each of the " + std::to_string(hc.overrides) + " overrides of " + name + "() does: " + first +
           verb + what + " at " + lineRef(model, at);
  }
  return name + verb + what + " at " + lineRef(model, at) + perParameterClause(model, hc);
}

// ", once per parameter (the loop at utils.py:3)" when the helper's sync sits
// in a loop over a module's parameters: one wait per parameter tensor.
std::string perParameterClause(const ScriptModel& model, const HelperCall& hc) {
  const ScriptModel& owner = *hc.site.model;
  if (!hc.helper->node.contains(hc.site.at)) return "";
  for (const python::Loop* l = owner.enclosingLoop(hc.site.at); l && hc.helper->node.contains(l->node);
       l = owner.enclosingLoop(l->node)) {
    for (ts::Node n = python::syntax::unwrap(l->iterable); n && n.is("call");) {
      const Call* c = owner.callAt(n);
      if (!c) break;
      if (c->receiver && python::syntax::oneOf(c->method, {"parameters", "named_parameters"}))
        return ", once per parameter tensor (the loop at " + lineRef(model, l->node) + ")";
      if (c->receiver || c->positional.empty()) break;
      n = python::syntax::unwrap(c->positional[0]);  // enumerate(...), list(...), zip(...)
    }
  }
  return "";
}

std::vector<RelatedLocation> helperRelated(const ScriptModel& model, const HelperCall& hc, const std::string& what) {
  std::vector<RelatedLocation> out = relatedFrom(model, hc.batch);
  out.push_back({hc.site.model->location(hc.site.at), what});
  return out;
}

Diagnostic helperCallDiagnostic(const ScriptModel& model, const HelperCall& hc, std::string rule, Level level,
                                std::string message, const std::string& what) {
  Diagnostic d;
  d.rule = std::move(rule);
  d.level = level;
  d.location = callHead(model, *hc.call);
  d.message = std::move(message);
  d.related = helperRelated(model, hc, what);
  return d;
}

}  // namespace gpulint::checks
