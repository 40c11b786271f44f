#include "checkers/model/GPU202_per_step_eval.h"

#include <map>
#include <optional>
#include <set>

#include "checkers/model/eval_interval_settings.h"
#include "checkers/model/helper_effects.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::Function;
using python::Loop;
using python::ScriptModel;
namespace syntax = python::syntax;
using eval_intervals::kWhileEvaluating;

// Full-batch training (`for epoch in range(epochs):` around one step on the
// whole graph or dataset): each step is an epoch, and evaluating once per
// epoch is fine.
bool countsEpochs(const python::BatchContext& context) {
  return context.loop && context.loop->target && syntax::containsWord(context.loop->target.text(), {"epoch"});
}

bool perTrainingStep(const std::optional<python::BatchContext>& context) {
  return context && context->kind == python::BatchKind::Step && !countsEpochs(*context);
}

class Run {
 public:
  Run(const ScriptModel& m, DiagnosticSink& sink) : m_(m), sink_(sink) {}

  void evaluationCall(const Call& c) {
    auto [other, g] = m_.calledElsewhere(c);
    if (!g)
      if (const Function* f = m_.calledFunction(c); !isEvaluationCall(m_, c) && !(f && reachesEvaluation(*f))) return;
    auto context = m_.perStep(c.node);
    // Guarded, once per epoch, outside any loop, or itself in an eval loop: fine.
    if (!perTrainingStep(context)) return;
    // A helper of another file: its body decides, not its name. Its summary
    // (every effect of its body, the costlier question) is asked only for a
    // call that runs per training step.
    std::optional<EffectSite> elsewhere;
    if (g) {
      elsewhere = effects_.of(*other, *g).site(Effect::Evaluation);
      if (!elsewhere) return;
    }
    std::string what = "`" + std::string(c.callee.text()) + "()`";
    if (elsewhere) what += ", which runs " + evaluationAt(*elsewhere);
    report(c.node, c.node, what, *context, elsewhere);
  }

  void evaluationLoop(const Loop& l) {
    if (!isEvaluationPass(m_, l)) return;
    auto context = m_.perStep(l.node);
    if (!perTrainingStep(context)) return;
    // Point at `model.eval()` when the inline evaluation block starts with it.
    const Call* mode = evalModeSwitch(m_, l);
    ts::Node start = mode && context->scope.contains(mode->node) ? mode->node : l.node;
    report(start, l.node,
           "the loop over `" + std::string(l.iterable.text()) + "` at line " + std::to_string(l.node.line()),
           *context);
  }

 private:
  // f runs an evaluation pass itself or through the project functions it calls.
  bool reachesEvaluation(const Function& f) {
    if (auto it = memo_.find(&f); it != memo_.end()) return it->second;
    memo_[&f] = false;  // recursion
    bool result = false;
    // f's loops and calls lie inside its node: only that run of the file's is scanned.
    for (const Loop& l : m_.loopsIn(f.node))
      if (l.function == &f && isEvaluationPass(m_, l)) result = true;
    for (const Call& c : m_.callsIn(f.node)) {
      if (result || c.function != &f) continue;
      const Function* g = m_.calledFunction(c);
      result = isEvaluationCall(m_, c) || (g && g != &f && reachesEvaluation(*g));
    }
    return memo_[&f] = result;
  }

  // `local` is where the evaluation starts in the step loop's own code,
  // `anchor` the evaluation itself (a call, or an eval loop).
  // "the loop over `loader` at engine.py:40", "`trainer.validate()` at engine.py:12".
  std::string evaluationAt(const EffectSite& site) const {
    ts::Node at = site.at;
    const python::Loop* loop = site.model->loopFor(at);
    std::string what = loop && loop->iterable ? "the loop over `" + std::string(loop->iterable.text()) + "`"
                                              : "`" + std::string(at.text().substr(0, at.text().find('\n'))) + "`";
    return what + " at " + lineRef(m_, at);
  }

  void report(ts::Node local, ts::Node anchor, const std::string& what, const python::BatchContext& context,
              const std::optional<EffectSite>& elsewhere = std::nullopt) {
    ts::Node primary = context.via_calls.empty() ? local : context.via_calls.front();
    // One finding per statement of the step loop (a helper may reach several passes).
    if (!reported_.insert(primary.begin()).second) return;
    const Call* call = m_.callAt(primary);
    auto guard = m_.shortIntervalGuard(anchor, context);
    // A plain int (0 = unknown): GCC 12 warns falsely on optional<int64_t> here at -O2.
    int64_t every = 0;
    if (guard)
      if (auto n = guard->value.asInt()) every = *n;
    Diagnostic d;
    d.rule = "GPU202";
    d.level = Level::Warning;
    d.location = call ? callHead(m_, *call) : headerLocation(m_, primary);
    d.message = "An evaluation pass (" + what + ") runs " +
                (every > 1 ? "every " + std::to_string(every) + " steps" : "on every step") + " of " +
                context.describe();
    if (!context.via_calls.empty() && call)
      d.message += " (reached through `" + std::string(call->callee.text()) + "()` at line " +
                   std::to_string(primary.line()) + ")";
    if (guard)
      d.message += "; its guard `" + std::string(guard->condition.text()) + "` does not space it out (`" +
                   std::string(guard->interval.text()) + "` resolves to " + guard->value.display() +
                   originSuffix(guard->value) + ")";
    d.message += ": " + std::string(kWhileEvaluating) + ". ";
    if (guard)
      d.message += "Raise `" + std::string(guard->interval.text()) +
                   "` to a few hundred steps, or evaluate once per epoch after the step loop.";
    else
      d.message += "Run it under a periodic guard (`if step % eval_every == 0` with eval_every of a few hundred "
                   "steps), or once per epoch after the step loop.";
    for (auto& r : relatedFrom(m_, context))
      if (r.location.begin != d.location.begin) d.related.push_back(std::move(r));
    if (!(primary == anchor)) d.related.push_back({m_.location(anchor), "the evaluation pass"});
    if (elsewhere) d.related.push_back({elsewhere->model->location(elsewhere->at), "the evaluation pass runs here"});
    if (guard) {
      d.related.push_back({m_.location(guard->interval), "interval resolves to " + guard->value.display()});
      for (auto& r : relatedFrom(guard->value)) d.related.push_back(std::move(r));
    }
    sink_.report(std::move(d));
  }

  const ScriptModel& m_;
  DiagnosticSink& sink_;
  std::map<const Function*, bool> memo_;
  std::set<uint32_t> reported_;
  HelperEffects effects_;
};

}  // namespace

void PerStepEval::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  Run run(*ctx.script, sink);
  bool cpu_only = runsOnCpuOnly(*ctx.script);  // no GPU to idle: only configs of GPU trainers count
  // Without a step/eval loop or step hook nothing runs per training step
  // (perStep answers none): no call or loop need be asked about.
  bool per_step = !cpu_only && ctx.script->mayRunPerStep();
  // Calls first: a helper call is the finding, not the loop it reaches.
  for (const Call& c : ctx.script->calls())
    if (per_step) run.evaluationCall(c);
  for (const Loop& l : ctx.script->loops())
    if (per_step) run.evaluationLoop(l);
  for (const Call& c : ctx.script->calls()) {
    eval_intervals::trainingArguments(ctx, c, sink);
    eval_intervals::lightningTrainer(ctx, c, sink);
  }
  eval_intervals::configIntervals(ctx, sink);
}

}  // namespace gpulint::checks
