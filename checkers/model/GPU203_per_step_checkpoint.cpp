#include "checkers/model/GPU203_per_step_checkpoint.h"

#include "checkers/config_side.h"
#include "checkers/model/effect_calls.h"
#include "checkers/model/helper_effects.h"
#include "checkers/python_common.h"
#include "frontend/name_match.h"
#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kEveryNTrainStepsIndex = 9;  // ModelCheckpoint(dirpath, ..., auto_insert_metric_name, every_n_train_steps)

const char* kWhileSaving =
    "training stops while the weights (and optimizer state) are copied to host memory and written to disk, "
    "and the GPU idles until the write returns";

// save_every, ckpt_interval, checkpoint_steps, save_freq, cfg["save_interval"];
// not the interval of saved pictures (save_image_every,
// save_guidance_interval: debug renders, no weights).
bool namedLikeSaveInterval(std::string_view text) {
  names::Lowered lowered(text);
  return lowered.fits() && names::containsAny(lowered.view(), {"save", "checkpoint", "ckpt"}) &&
         names::containsAny(lowered.view(), {"every", "step", "interval", "freq", "period"}) &&
         !names::containsAny(lowered.view(), {"image", "img", "sample", "guidance", "vis", "video", "gif", "plot"});
}

// A positive whole number of steps; float ratios (HF save_steps=0.1) and
// booleans are not intervals.
std::optional<int64_t> stepCount(const ResolvedValue& v) {
  if (v.kind != ResolvedValue::Kind::Int && v.kind != ResolvedValue::Kind::Float) return std::nullopt;
  auto n = v.asInt();
  if (!n || *n <= 0) return std::nullopt;
  return n;
}

Location keywordLocation(const ScriptModel& m, ts::Node arg) {
  ts::Node kw = arg.parent();
  return m.location(kw && kw.is("keyword_argument") ? kw : arg);
}

class Run {
 public:
  Run(const AnalysisContext& ctx, DiagnosticSink& sink) : ctx_(ctx), m_(*ctx.script), sink_(sink) {}

  void intervalGuards() {
    std::vector<ts::Node> stack{m_.root()};
    while (!stack.empty()) {
      ts::Node n = stack.back();
      stack.pop_back();
      if (n.is("binary_operator") && n.field("operator").text() == "%" && insideCondition(n)) checkModulo(n);
      for (ts::Node c : n.namedChildren()) stack.push_back(c);
    }
  }

  void saveCall(const Call& c) {
    if (!effect_calls::isCheckpointWrite(m_, c)) return;
    auto context = m_.perStep(c.node);
    // Not per step (guarded, per epoch, outside any loop), or an eval loop:
    // this rule is about training step loops only.
    if (!context || context->kind != python::BatchKind::Step) return;
    // Under a save-interval guard already reported at its value: one finding.
    if (underReportedInterval(c.node, *context)) return;
    Diagnostic d;
    d.rule = "GPU203";
    d.level = Level::Warning;
    d.location = callHead(m_, c);
    d.message = std::string(c.callee.text()) + "() writes a checkpoint on every step of " +
                describeContext(m_, *context) + ": " + kWhileSaving +
                ". Save under a periodic guard (`if step % save_every == 0` with save_every of at least " +
                std::to_string(ctx_.options->min_save_steps) + " steps) or once per epoch.";
    d.related = relatedFrom(m_, *context);
    sink_.report(std::move(d));
  }

  // A call of a helper of another file that writes a checkpoint on every
  // call (`save_checkpoint(model, path)` doing torch.save): at the call.
  void helperSaves() {
    if (!m_.project()) return;
    HelperEffects effects;
    for (const HelperCall& hc : helperCallsWith(m_, Effect::CheckpointSave, effects)) {
      if (hc.batch.kind != python::BatchKind::Step || underReportedInterval(hc.call->node, hc.batch)) continue;
      sink_.report(helperCallDiagnostic(
          m_, hc, "GPU203", Level::Warning,
          std::string(hc.call->callee.text()) + "() writes a checkpoint on every step of " +
              describeContext(m_, hc.batch) + ": " + helperChain(m_, hc) + "; " + kWhileSaving +
              ". Call it under a periodic guard (`if step % save_every == 0` with save_every of at least " +
              std::to_string(ctx_.options->min_save_steps) + " steps) or once per epoch.",
          "the helper writes the checkpoint here"));
    }
  }

  // HF TrainingArguments(save_steps=), Lightning ModelCheckpoint(every_n_train_steps=),
  // Keras ModelCheckpoint(save_freq=<int>).
  void intervalArgument(const Call& c) {
    if (isTrainingArguments(m_, c)) {
      ts::Node steps = c.keyword("save_steps");
      if (!steps || !savesBySteps(c)) return;
      reportArgument(steps, "TrainingArguments saves a checkpoint", "save_steps");
      return;
    }
    if (!c.qualified.ends_with("ModelCheckpoint")) return;
    if (c.qualified.starts_with("pytorch_lightning.") || c.qualified.starts_with("lightning.")) {
      if (ts::Node n = c.argument("every_n_train_steps", kEveryNTrainStepsIndex))
        reportArgument(n, "ModelCheckpoint saves a checkpoint", "every_n_train_steps");
    } else if (c.qualified.starts_with("keras.") || c.qualified.starts_with("tensorflow.keras.") ||
               c.qualified.starts_with("tf_keras.")) {
      // save_freq="epoch" (the default) saves once per epoch: fine.
      if (ts::Node n = c.keyword("save_freq")) reportArgument(n, "ModelCheckpoint saves the model", "save_freq");
    }
  }

 private:
  // The if/elif condition that holds the `%`.
  static ts::Node guardCondition(ts::Node n) {
    for (ts::Node p = n.parent(); p; p = p.parent()) {
      if (p.is("if_statement") || p.is("elif_clause"))
        return p.field("condition").contains(n) ? p.field("condition") : ts::Node();
      if (p.is("block") || syntax::isScope(p)) return {};
    }
    return {};
  }

  // The `%` sits in the condition of an if/elif (or a conditional expression).
  static bool insideCondition(ts::Node n) {
    for (ts::Node p = n.parent(); p; p = p.parent()) {
      if (p.is("if_statement") || p.is("elif_clause")) return p.field("condition").contains(n);
      if (p.is("block") || syntax::isScope(p)) return false;
    }
    return false;
  }

  void checkModulo(ts::Node modulo) {
    ts::Node counter = modulo.field("left"), interval = syntax::unwrap(modulo.field("right"));
    // An interval counted in epochs is fine (RULES.md "Periodic guard").
    if (syntax::containsWord(counter.text(), {"epoch"})) return;
    if (!interval || !namedLikeSaveInterval(interval.text())) return;
    auto context = m_.inBatchLoop(modulo);
    if (!context || context->kind != python::BatchKind::Step) return;
    // `if opt.save_ckpt and step % opt.save_every == 0:` behind an option
    // that is off: no save at any interval.
    if (ts::Node cond = guardCondition(modulo); cond && python::judgeGuard(m_, cond).kind == python::GuardKind::Off)
      return;
    ResolvedValue v = m_.resolve(interval);
    auto n = stepCount(v);
    // Unknown, or a reasonable interval: nothing to say.
    if (!n || *n >= ctx_.options->min_save_steps) return;
    Diagnostic d;
    d.rule = "GPU203";
    d.level = Level::Warning;
    d.location = m_.location(interval);
    d.message = "A checkpoint is saved every " + std::to_string(*n) + " steps of " + describeContext(m_, *context) +
                " (" + std::string(interval.text()) + " resolves to " + v.display() + originSuffix(v) + "); on each save " +
                kWhileSaving + ". Raise the interval to at least " + std::to_string(ctx_.options->min_save_steps) +
                " steps (option min_save_steps) or save once per epoch.";
    d.related = relatedFrom(v);
    sink_.report(std::move(d));
    reported_.push_back(interval);
  }

  bool underReportedInterval(ts::Node n, const python::BatchContext& context) const {
    std::vector<ts::Node> starts{n};
    starts.insert(starts.end(), context.via_calls.begin(), context.via_calls.end());
    for (ts::Node start : starts) {
      ts::Node child = start;
      for (ts::Node p = start.parent(); p && !(p == context.scope); child = p, p = p.parent()) {
        if (p.is("function_definition")) break;
        if (!p.is("if_statement") && !p.is("elif_clause")) continue;
        // Only the guarded branch: the else of a periodic guard runs every step.
        if (!p.field("consequence").contains(child)) continue;
        ts::Node cond = p.field("condition");
        for (ts::Node r : reported_)
          if (cond.contains(r)) return true;
      }
    }
    return false;
  }

  // HF's default save_strategy is "steps"; any other (or unknown) strategy
  // makes save_steps irrelevant or unknowable.
  bool savesBySteps(const Call& c) const {
    ts::Node strategy = c.keyword("save_strategy");
    if (!strategy) return !c.has_star_kwargs;
    ResolvedValue v = m_.resolve(strategy);
    if (v.kind == ResolvedValue::Kind::String) return v.string_value == "steps";
    // IntervalStrategy.STEPS / SaveStrategy.STEPS
    return strategy.is("attribute") && strategy.field("attribute").text() == "STEPS";
  }

  void reportArgument(ts::Node arg, const std::string& what, const std::string& key) {
    ResolvedValue v = m_.resolve(arg);
    auto n = stepCount(v);
    if (!n || *n >= ctx_.options->min_save_steps) return;
    Diagnostic d;
    d.rule = "GPU203";
    d.level = Level::Warning;
    d.location = keywordLocation(m_, arg);
    std::string value = v.chain.empty() ? key + "=" + v.display() : key + " resolves to " + v.display() + originSuffix(v);
    d.message = what + " every " + std::to_string(*n) + " training steps (" + value + "); on each save " + kWhileSaving + ". Raise " + key + " to at least " +
                std::to_string(ctx_.options->min_save_steps) + " (option min_save_steps).";
    d.related = relatedFrom(v);
    sink_.report(std::move(d));
  }

  const AnalysisContext& ctx_;
  const ScriptModel& m_;
  DiagnosticSink& sink_;
  std::vector<ts::Node> reported_;
};

// HF arguments from a linked config: save_steps below min_save_steps while
// saving by steps (HF's default save_strategy).
void configSaveSteps(const AnalysisContext& ctx, DiagnosticSink& sink) {
  const ScriptModel& m = *ctx.script;
  auto steps = configSetting(m, python::ConfigRoot::HfArguments, "save_steps");
  auto n = steps ? stepCount(steps->value) : std::nullopt;
  if (!n || *n >= ctx.options->min_save_steps) return;
  if (auto strategy = m.configValue(python::ConfigRoot::HfArguments, "save_strategy");
      strategy && !(strategy->kind == ResolvedValue::Kind::String && strategy->string_value == "steps"))
    return;  // "epoch", "no" or unknown
  sink.report(configDiagnostic("GPU203", Level::Warning, *steps,
                               "The HF arguments save a checkpoint every " + std::to_string(*n) +
                                   " training steps (" + describeSetting("save_steps", steps->value) +
                                   "); on each save " + kWhileSaving + ". Raise save_steps to at least " +
                                   std::to_string(ctx.options->min_save_steps) + " (option min_save_steps)."));
}

}  // namespace

void PerStepCheckpoint::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  Run run(ctx, sink);
  bool cpu_only = runsOnCpuOnly(*ctx.script);  // no GPU to idle: only configs of GPU trainers count
  // First: a save under a reported interval guard is not reported twice. A
  // guard is judged only in a batch loop: a file without one is not walked.
  bool per_step = !cpu_only && ctx.script->mayRunPerStep();
  if (per_step) run.intervalGuards();
  for (const Call& c : ctx.script->calls()) {
    if (per_step) run.saveCall(c);  // perStep answers none without a batch loop or step hook
    run.intervalArgument(c);
  }
  if (!cpu_only) run.helperSaves();
  configSaveSteps(ctx, sink);
}

}  // namespace gpulint::checks
