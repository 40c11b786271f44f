#include "checkers/model/GPU202_per_step_eval.h"

#include <map>
#include <optional>
#include <set>

#include "checkers/config_side.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::Function;
using python::Loop;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

const char* kWhileEvaluating =
    "training stops for a whole pass over the evaluation data, so the GPU spends the job on evaluation's data "
    "loading, forward passes and host-side metrics instead of training steps";

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
    const Function* f = m_.calledFunction(c);
    if (!isEvaluationCall(m_, c) && !(f && reachesEvaluation(*f))) return;
    auto context = m_.perStep(c.node);
    // Guarded, once per epoch, outside any loop, or itself in an eval loop: fine.
    if (!perTrainingStep(context)) return;
    report(c.node, c.node, "`" + std::string(c.callee.text()) + "()`", *context);
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
    for (const Loop& l : m_.loops())
      if (l.function == &f && isEvaluationPass(m_, l)) result = true;
    for (const Call& c : m_.calls()) {
      if (result || c.function != &f) continue;
      const Function* g = m_.calledFunction(c);
      result = isEvaluationCall(m_, c) || (g && g != &f && reachesEvaluation(*g));
    }
    return memo_[&f] = result;
  }

  // `local` is where the evaluation starts in the step loop's own code,
  // `anchor` the evaluation itself (a call, or an eval loop).
  void report(ts::Node local, ts::Node anchor, const std::string& what, const python::BatchContext& context) {
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
};

// A positive whole number of steps; HF float intervals below 1 are a ratio of
// the total steps, booleans are flags.
std::optional<int64_t> stepInterval(const ResolvedValue& v) {
  if (v.kind != ResolvedValue::Kind::Int && v.kind != ResolvedValue::Kind::Float) return std::nullopt;
  auto n = v.asNumber();
  if (!n || *n < 1) return std::nullopt;
  return static_cast<int64_t>(*n);
}

// "eval_steps=10" for a literal at the call, else where the value comes from.
std::string written(const std::string& key, const ResolvedValue& v) {
  if (v.chain.empty()) return key + "=" + v.display();
  return key + " resolves to " + v.display() + originSuffix(v);
}

Location keywordLocation(const ScriptModel& m, ts::Node arg) {
  ts::Node kw = arg.parent();
  return m.location(kw && kw.is("keyword_argument") ? kw : arg);
}

// HF TrainingArguments(eval_strategy="steps", eval_steps=<n>) with n below min_eval_steps.
void trainingArguments(const AnalysisContext& ctx, const Call& c, DiagnosticSink& sink) {
  const ScriptModel& m = *ctx.script;
  if (!isTrainingArguments(m, c) || c.has_star_kwargs) return;
  ts::Node strategy = c.keyword("eval_strategy");
  if (!strategy) strategy = c.keyword("evaluation_strategy");
  // Omitted: HF's default "no" never evaluates during training; "epoch" is fine.
  if (!strategy) return;
  ResolvedValue s = m.resolve(strategy);
  bool steps = s.kind == ResolvedValue::Kind::String ? s.string_value == "steps"
                                                     : syntax::lastName(strategy) == "STEPS";  // IntervalStrategy.STEPS
  if (!steps) return;
  // eval_steps omitted falls back to logging_steps; both omitted means 500.
  ts::Node arg = c.keyword("eval_steps");
  bool fallback = !arg;
  if (fallback) arg = c.keyword("logging_steps");
  if (!arg) return;
  ResolvedValue v = m.resolve(arg);
  auto n = stepInterval(v);
  if (!n || *n >= ctx.options->min_eval_steps) return;
  Diagnostic d;
  d.rule = "GPU202";
  d.level = Level::Warning;
  d.location = fallback ? callHead(m, c) : keywordLocation(m, arg);
  d.message = "TrainingArguments evaluates after every " +
              (*n == 1 ? std::string("training step") : std::to_string(*n) + " training steps") +
              " (eval_strategy='steps', " + (fallback ? "eval_steps is omitted so it falls back to " : "") +
              written(fallback ? "logging_steps" : "eval_steps", v) + "): on each evaluation, " + kWhileEvaluating +
              ". Set eval_steps to at least " + std::to_string(ctx.options->min_eval_steps) +
              " (option min_eval_steps; a few hundred is usual) or use eval_strategy='epoch'.";
  if (fallback) d.related.push_back({keywordLocation(m, arg), "eval_steps falls back to this value"});
  for (auto& r : relatedFrom(v)) d.related.push_back(std::move(r));
  sink.report(std::move(d));
}

// Lightning Trainer(val_check_interval=1): an int counts training batches.
void lightningTrainer(const AnalysisContext& ctx, const Call& c, DiagnosticSink& sink) {
  const ScriptModel& m = *ctx.script;
  const std::string& q = c.qualified;
  if (!(q.starts_with("pytorch_lightning.") || q.starts_with("lightning.")) || !q.ends_with(".Trainer")) return;
  ts::Node arg = c.keyword("val_check_interval");
  if (!arg) return;
  ResolvedValue v = m.resolve(arg);
  // A float is a fraction of the training epoch (1.0 = once per epoch).
  if (v.kind != ResolvedValue::Kind::Int || v.int_value != 1) return;
  Diagnostic d;
  d.rule = "GPU202";
  d.level = Level::Warning;
  d.location = keywordLocation(m, arg);
  d.message = "Trainer runs the validation loop after every training batch (" + written("val_check_interval", v) +
              ", and an int counts batches): on each validation, " + kWhileEvaluating +
              ". Use an int of a few hundred batches, or a float fraction of the epoch (1.0 validates once per epoch).";
  d.related = relatedFrom(v);
  sink.report(std::move(d));
}

// The same two settings written in a linked config: HF arguments
// (eval_strategy: steps, eval_steps: n) and a Lightning CLI `trainer:` section.
void configIntervals(const AnalysisContext& ctx, DiagnosticSink& sink) {
  const ScriptModel& m = *ctx.script;
  auto strategy = configSetting(m, python::ConfigRoot::HfArguments, "eval_strategy");
  if (!strategy) strategy = configSetting(m, python::ConfigRoot::HfArguments, "evaluation_strategy");
  if (strategy && strategy->value.kind == ResolvedValue::Kind::String && strategy->value.string_value == "steps") {
    auto steps = configSetting(m, python::ConfigRoot::HfArguments, "eval_steps");
    bool fallback = !steps;  // eval_steps falls back to logging_steps
    if (fallback) steps = configSetting(m, python::ConfigRoot::HfArguments, "logging_steps");
    auto n = steps ? stepInterval(steps->value) : std::nullopt;
    if (n && *n < ctx.options->min_eval_steps) {
      Diagnostic d = configDiagnostic(
          "GPU202", Level::Warning, *steps,
          "The HF arguments evaluate after every " +
              (*n == 1 ? std::string("training step") : std::to_string(*n) + " training steps") + " (" +
              describeSetting("eval_strategy", strategy->value) + "; " +
              describeSetting(fallback ? "logging_steps" : "eval_steps", steps->value) +
              "): on each evaluation, " + kWhileEvaluating + ". Set eval_steps to at least " +
              std::to_string(ctx.options->min_eval_steps) + " (option min_eval_steps) or use eval_strategy: epoch.");
      d.related.insert(d.related.end() - 1, {strategy->value.chain.back().location, "eval_strategy is set here"});
      sink.report(std::move(d));
    }
  }
  auto interval = configSetting(m, python::ConfigRoot::LightningTrainer, "val_check_interval");
  if (interval && interval->value.kind == ResolvedValue::Kind::Int && interval->value.int_value == 1)
    sink.report(configDiagnostic(
        "GPU202", Level::Warning, *interval,
        "The Lightning Trainer runs the validation loop after every training batch (" +
            describeSetting("val_check_interval", interval->value) + ", and an int counts batches): on each "
            "validation, " + kWhileEvaluating + ". Use an int of a few hundred batches, or a float fraction of the "
            "epoch (1.0 validates once per epoch)."));
}

}  // namespace

void PerStepEval::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  Run run(*ctx.script, sink);
  // Calls first: a helper call is the finding, not the loop it reaches.
  for (const Call& c : ctx.script->calls()) run.evaluationCall(c);
  for (const Loop& l : ctx.script->loops()) run.evaluationLoop(l);
  for (const Call& c : ctx.script->calls()) {
    trainingArguments(ctx, c, sink);
    lightningTrainer(ctx, c, sink);
  }
  configIntervals(ctx, sink);
}

}  // namespace gpulint::checks
