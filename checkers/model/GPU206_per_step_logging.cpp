#include "checkers/model/GPU206_per_step_logging.h"

#include "checkers/python_common.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;

// A host read inside the call's arguments: `.item()`, `.cpu()`, `.numpy()`,
// `.tolist()`, or float()/int() of a GPU tensor. Such a call is GPU201's
// (one anti-pattern, one finding): it stalls on a sync, not on the logging.
bool carriesSync(const ScriptModel& m, const Call& log) {
  if (loggedDeviceTensor(m, log)) return true;
  ts::Node args = log.node.field("arguments");
  for (const Call& c : m.calls()) {
    if (!args.contains(c.node)) continue;
    const std::string& name = c.method;
    if (c.receiver && (name == "item" || name == "cpu" || name == "numpy" || name == "tolist")) return true;
    bool builtin = c.callee.is("identifier") && c.qualified.empty() && !m.functionNamed(name);
    if (builtin && (name == "float" || name == "int" || name == "bool") && !c.positional.empty() &&
        m.mayLiveOnDevice(c.positional[0]))
      return true;
  }
  return false;
}

}  // namespace

void PerStepLogging::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  for (const Call& c : m.calls()) {
    if (!isLoggingCall(m, c)) continue;
    // `x.log()` without arguments is a math method (probs.log()), and `print()` an empty line.
    if (c.positional.empty() && c.keywords.empty() && !c.has_star_args) continue;
    // Debug-level messages are off in normal runs.
    if (c.method == "debug") continue;
    auto batch = m.perStep(c.node);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    if (carriesSync(m, c)) continue;
    Diagnostic d;
    d.rule = "GPU206";
    d.level = Level::Note;
    d.location = callHead(m, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` logs on every " +
                (batch->kind == python::BatchKind::Eval ? "batch" : "step") + " of " + describeContext(m, *batch) +
                ": formatting the record and writing it to the console, a file or a tracker takes host time on each "
                "step, and while Python is busy with it no new kernels are queued, so a fast GPU waits between "
                "steps. Log every N steps (`if step % log_every == 0:`) or aggregate on the GPU and log once per "
                "interval.";
    d.related = relatedFrom(m, *batch);
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
