#pragma once
// Effect summaries of project functions for the step-loop rules: what a call
// of a helper defined in another file does on every call (DESIGN.md
// "Pipeline", per-function effect summaries). A call in a step loop inherits
// its callee's effects, and the finding points at that call with the
// callee's line as a related location (one anti-pattern, one finding). A
// helper of the caller's own file needs no summary: the per-step question
// follows its call sites (ScriptModel::perStep) and the rules report inside.
#include <array>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {
struct RegistryDispatch;
}  // namespace gpulint::python

namespace gpulint::checks {

// What a helper does on every call, as the step-loop rules see it.
enum class Effect {
  HostSync,        // GPU201: a read of a GPU value to the host (a log carrying one too)
  Logging,         // GPU206: a log record without a sync
  CheckpointSave,  // GPU203
  Evaluation,      // GPU202: an evaluation pass (an eval loop, or a call like trainer.validate())
  LoaderBuild,     // GPU105: a DataLoader with worker processes built (a cached one built once is none)
  CpuPreprocess,   // GPU106: image decoding, transforms, tokenization or sample parsing on the CPU
  RemoteRead,      // GPU107: an object-store or HTTP read
  // GPU201, only for a caller that passes an optional argument: a read under
  // `if stop_ids is not None:` where `stop_ids=None` is the parameter's default
  HostSyncWhenPassed,
  // GPU201, only for a caller that queued GPU work before the call: host data
  // made into a GPU tensor before the helper queues any work of its own
  // (`batch.new_tensor(MEAN)` first thing in a normalising helper).
  HostUploadAfterWork,
  kCount,
};

// Where a helper (or a project function it calls) has the effect.
struct EffectSite {
  const python::ScriptModel* model = nullptr;
  ts::Node at;
  // HostSyncWhenPassed: the helper's test that its optional parameter is set.
  ts::Node set_test;
};

struct EffectSummary {
  std::array<std::optional<EffectSite>, static_cast<size_t>(Effect::kCount)> sites;
  // A host sync on every call of the helper (HostSync's site may sit on one
  // branch): all that calling a module contributes of its forward's syncs.
  std::optional<EffectSite> every_call_sync;
  // A host sync on every call made in training mode: every_call_sync, or
  // one under `if self.training:` (nn.Module.train() sets the flag on the
  // model and its submodules), or reached through a callee that has one.
  // What a training step loop gets of a module's forward; an evaluation
  // loop, run after model.eval(), gets every_call_sync.
  std::optional<EffectSite> training_sync;
  [[nodiscard]] const std::optional<EffectSite>& site(Effect e) const { return sites[static_cast<size_t>(e)]; }
};

class HelperEffects {
 public:
  // The effects `f` (of `model`) has on every call: in its own body or
  // through a project function it calls the same way. A host sync counts
  // unless a periodic guard spaces it out; a log, a checkpoint write or an
  // evaluation only with nothing but a rank check between it and f's body,
  // outside f's own batch loops (rules report there). Summarised once per function (memoised); a recursive call adds
  // nothing.
  const EffectSummary& of(const python::ScriptModel& model, const python::Function& f);

 private:
  // How often c runs: on every call of its function (everyCall), and on
  // every call in training mode (`every_training_call`, past `if
  // self.training:` too). Short of every call, only a host sync counts.
  struct CallReach {
    bool every_call = false;
    bool every_training_call = false;
  };
  void scanCall(const python::ScriptModel& model, const python::Call& c, CallReach reach, EffectSummary& into);
  bool scanCandidates(const python::ScriptModel& model, const python::Call& c, EffectSummary& into);
  // `every_call`: each branch's helper must sync on every call of its own
  // (EffectSummary::every_call_sync), not on some branch of it.
  std::optional<EffectSite> syncOnEveryBranch(const python::ScriptModel& model, const python::Function& f,
                                              bool every_call);
  std::optional<EffectSite> branchSync(const python::ScriptModel& model, const python::Function& f, ts::Node block,
                                       bool every_call);
  std::map<const python::Function*, EffectSummary> memo_;
  std::set<const python::Function*> active_;
  // Summaries that met a recursion cut (their own or one below them): they
  // depend on which function was asked first, so they stay this object's.
  std::set<const python::Function*> cut_;
  bool met_cut_ = false;  // the summary being computed met a cut so far
};

// A call in a batch loop of `model` that runs a helper of another file with
// effect `e` on every step.
struct HelperCall {
  const python::Call* call = nullptr;
  const python::ScriptModel* helper_model = nullptr;
  const python::Function* helper = nullptr;
  EffectSite site;
  python::BatchContext batch;
  // `self.hook()` of a base class that several subclasses fill in: how many
  // overrides (every one has the effect; `helper` is the first); 0 for a
  // call of one known function.
  size_t overrides = 0;
  // A call on an object a registry built: the lookup that picks its class
  // (`overrides` counts the definitions it can reach); null otherwise.
  const python::ScriptModel* lookup_model = nullptr;
  ts::Node lookup;
  // A hook method the call runs by name (`self.call_hook("after_train_step")`,
  // ScriptModel::methodsRunByName), not the call's callee.
  bool by_name = false;
};
[[nodiscard]] std::vector<HelperCall> helperCallsWith(const python::ScriptModel& model, Effect e,
                                                      HelperEffects& effects);

// The helper's own sync reads what its `**kwargs` catch-all holds (`def
// update(self, **kwargs): ... v.item()` over the keywords): whether it
// syncs depends on what this call passes there, so the call must pass a
// keyword (or splat a mapping) that may live on the GPU (`update(acc=acc)`
// of a GPU tensor, not `update(lr=lr)` of a float).
[[nodiscard]] bool syncWaitsOnArguments(const HelperCall& hc);
[[nodiscard]] bool passesDeviceKeyword(const python::ScriptModel& model, const HelperCall& hc);
// `tensor2img(visuals)` whose helper reads `_tensor.cpu()` of what it is
// given: the helper's sync reads one named parameter, and this call passes
// a list or tuple written at the call none of whose items may live on the
// GPU (tensors copied to the host already). Other callers may pass GPU tensors: the
// parameter's device is their join, but this call waits on nothing.
[[nodiscard]] bool passesHostToReadParameter(const python::ScriptModel& model, const HelperCall& hc);
// A HostSyncWhenPassed helper call that passes the optional argument its
// sync waits on (the call may hide it in `**kwargs`: then it may pass it).
[[nodiscard]] bool passesTestedArgument(const HelperCall& hc);

// While one is open on a thread, the rules run on one file (pythonDiagnostics)
// share what each would otherwise work out again: the summaries that met no
// recursion cut (those are the same whoever asks first) and each model's
// calls of helpers from other files that run per step.
// A call that may run one of several definitions, per step (helper_effects.cpp).
struct DispatchCall {
  const python::Call* call;
  std::vector<std::pair<const python::ScriptModel*, const python::Function*>> candidates;
  const python::RegistryDispatch* dispatch;  // the registry lookup, or null
  python::BatchContext batch;
};

class HelperEffectsScope {
 public:
  HelperEffectsScope();
  ~HelperEffectsScope();
  HelperEffectsScope(const HelperEffectsScope&) = delete;
  HelperEffectsScope& operator=(const HelperEffectsScope&) = delete;

  struct StepCall {
    const python::Call* call;
    const python::ScriptModel* helper_model;
    const python::Function* helper;
    python::BatchContext batch;
    bool by_name = false;  // a hook run by name (HelperCall::by_name)
  };
  // Open on this thread, or null.
  static HelperEffectsScope* current();

 private:
  friend class HelperEffects;
  friend std::vector<HelperCall> helperCallsWith(const python::ScriptModel&, Effect, HelperEffects&);
  std::unordered_map<const python::Function*, EffectSummary> summaries_;
  std::unordered_map<const python::ScriptModel*, std::vector<StepCall>> step_calls_;
  std::unordered_map<const python::ScriptModel*, std::vector<DispatchCall>> dispatch_calls_;
  HelperEffectsScope* outer_;
};

// "save_checkpoint() runs `torch.save(...)` at utils.py:12": the chain from
// the call to the effect, for a message.
[[nodiscard]] std::string helperChain(const python::ScriptModel& model, const HelperCall& hc);
// ", once per parameter tensor (the loop at ...)" when the helper's effect site
// sits in a loop over a module's parameters inside the helper; "" otherwise.
[[nodiscard]] std::string perParameterClause(const python::ScriptModel& model, const HelperCall& hc);
// The related locations of such a finding, in reading order: the batch loop,
// the call sites on the way, then the helper's line that has the effect.
[[nodiscard]] std::vector<RelatedLocation> helperRelated(const python::ScriptModel& model, const HelperCall& hc,
                                                         const std::string& what);
// The finding of a rule at such a call: located at the call's head, with
// helperRelated's locations (`what` says what the helper does at its line).
[[nodiscard]] Diagnostic helperCallDiagnostic(const python::ScriptModel& model, const HelperCall& hc, std::string rule,
                                              Level level, std::string message, const std::string& what);

}  // namespace gpulint::checks
