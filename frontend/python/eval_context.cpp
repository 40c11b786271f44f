// Evaluation and gradient context (RULES.md "Eval loop"): whether code runs
// where a model is evaluated (an eval-named function, no_grad or
// inference_mode, model.eval() as the latest mode switch) and whether
// autograd is off there; the loop classifier and the eval rules ask.
#include <string_view>

#include "frontend/name_match.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// A function named like evaluation: `evaluate`, `run_validation`, `predict`.
bool namesEvalFunction(std::string_view name) {
  names::Lowered lowered(name);
  return lowered.fits() && names::containsAny(lowered.view(), {"eval", "valid", "test", "predict", "infer"});
}

}  // namespace

// Evaluation context: a function named like eval/valid/test/predict, a
// no_grad/inference_mode block or decorator, or model.eval() as the latest
// mode switch before n in the same function (a later model.train() ends it).
bool ScriptModel::inEvalContext(ts::Node n) const {
  for (ts::Node p : n.ancestorWalk()) {
    if (p.is("with_statement")) {
      std::string_view items = p.child(1).text();
      if (syntax::containsWord(items, {"no_grad", "inference_mode"})) return true;
    }
    if (p.is("function_definition")) {
      const Function* f = enclosingFunction(p.namedChild(0));
      if (!f) break;
      if (namesEvalFunction(f->name) && !syntax::containsWord(f->name, {"train"})) return true;
      for (const auto& d : f->decorators)
        if (syntax::containsWord(d, {"no_grad", "inference_mode"})) return true;
      const Call* mode = modeSwitchBefore(n);
      return mode && mode->method == "eval";
    }
  }
  // A loop of a script without functions: `model.eval()` earlier at module level.
  const Call* mode = modeSwitchBefore(n);
  return mode && mode->method == "eval";
}

// `model.eval()` in the caller, then `run_visualization(loader, model, cfg)`:
// a function that switches no mode itself runs in the mode every call of
// it was made in (one level: its callers' own switches before the call).
bool ScriptModel::calledInEvalMode(const Function& f) const {
  std::vector<std::pair<const ScriptModel*, const Call*>> sites = parameterSites(f);
  if (sites.empty()) return false;
  for (const auto& [model, call] : sites) {
    const Call* mode = model->modeSwitchBefore(call->node);
    if (!mode || mode->method != "eval") return false;
  }
  return true;
}

const Call* ScriptModel::modeSwitchBefore(ts::Node n) const {
  const Function* f = enclosingFunction(n);
  const Call* last = nullptr;
  std::vector<const Call*> switches = callsNamed("eval"), trains = callsNamed("train");
  switches.insert(switches.end(), trains.begin(), trains.end());
  // In document order, as `last` prefers the first of calls starting together.
  std::sort(switches.begin(), switches.end());
  for (const Call* c : switches) {
    if (c->function != f || !c->receiver || !c->positional.empty() || c->node.begin() >= n.begin()) continue;
    // HF `trainer.train()` runs a training job; it switches no module's mode.
    if (c->method == "train" && syntax::containsWord(c->receiver.text(), {"trainer"})) continue;
    if (!last || c->node.begin() > last->node.begin()) last = c;
  }
  return last;
}

namespace {

bool switchesGrad(std::string_view text) {
  return syntax::containsWord(text, {"no_grad", "inference_mode", "set_grad_enabled"});
}

// A `torch.set_grad_enabled(...)` statement in `f` before `n`, or anywhere at
// module level (`f` null): its argument is a run-time value, so autograd may be off.
bool gradSwitchedBefore(const ScriptModel& m, const Function* f, ts::Node n) {
  for (const Call* c : m.callsNamed("set_grad_enabled"))
    if (c->function == f && c->node.parent().is("expression_statement") && (!f || c->node.begin() < n.begin()))
      return true;
  return false;
}

// `stack.enter_context(torch.no_grad())` on an ExitStack entered by the
// with-statement `with_stmt`, before `n`: no_grad holds until the stack exits.
bool enteredOnStack(const ScriptModel& m, ts::Node with_stmt, ts::Node n) {
  for (const Call* c : m.callsNamed("enter_context"))
    if (c->positional.size() == 1 && with_stmt.contains(c->node) && c->node.end() <= n.begin() &&
        switchesGrad(c->positional[0].text()) && c->positional[0].text().find("True") == std::string_view::npos)
      return true;
  return false;
}

bool gradDisabledAt(const ScriptModel& m, ts::Node n, int depth) {
  for (ts::Node p : n.ancestorWalk()) {
    if (p.is("with_statement") && (switchesGrad(p.child(1).text()) || enteredOnStack(m, p, n))) return true;
    if (!p.is("function_definition")) continue;
    const Function* f = m.enclosingFunction(p.namedChild(0));
    if (!f) return false;
    for (const auto& d : f->decorators)
      if (switchesGrad(d)) return true;
    // Lightning runs validation/test/predict hooks with grad disabled.
    if (f->owner && f->owner->is_lightning_module && syntax::containsWord(f->name, {"validation", "test", "predict"}))
      return true;
    if (gradSwitchedBefore(m, f, n) || gradSwitchedBefore(m, nullptr, n)) return true;
    if (depth >= 3) return false;
    bool called = false;
    for (const Call* c : m.callersOf(*f)) {
      if (f->node.contains(c->node)) continue;  // recursion
      if (!gradDisabledAt(m, c->node, depth + 1)) return false;
      called = true;
    }
    // Callers in other modules (`with torch.no_grad(): run_validation(net, loader)`
    // in the script, the pass in its own module) count alike.
    if (const ProjectModel* project = m.project())
      for (const ProjectCall& pc : project->callersOf(*f)) {
        if (pc.model == &m) continue;  // asked above
        if (!gradDisabledAt(*pc.model, pc.call->node, depth + 1)) return false;
        called = true;
      }
    return called;
  }
  return gradSwitchedBefore(m, nullptr, n);
}

}  // namespace

bool ScriptModel::gradDisabled(ts::Node n) const { return gradDisabledAt(*this, n, 0); }

}  // namespace gpulint::python
