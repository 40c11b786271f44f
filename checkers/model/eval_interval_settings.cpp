#include "checkers/model/eval_interval_settings.h"

#include <optional>
#include <string>

#include "checkers/config_side.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::eval_intervals {

namespace {

using python::Call;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

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

}  // namespace

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

}  // namespace gpulint::checks::eval_intervals
