#include "checkers/model/GPU206_per_step_logging.h"

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

// A host read of a GPU tensor: `.item()`, `.cpu()`, `.numpy()`, `.tolist()`,
// or float()/int()/bool() of a tensor.
bool readsDeviceValue(const ScriptModel& m, const Call& c) {
  const std::string& name = c.method;
  if (c.receiver && (name == "item" || name == "cpu" || name == "numpy" || name == "tolist")) return true;
  bool builtin = c.callee.is("identifier") && c.qualified.empty() && !m.functionNamed(name);
  return builtin && (name == "float" || name == "int" || name == "bool") && !c.positional.empty() &&
         m.mayLiveOnDevice(c.positional[0]);
}

// A name in `expr` whose value holds a per-step host read of a GPU tensor
// (`lossf = loss.item() * accum` then `print(f"{lossf}")`): GPU201 reports it.
bool namesPerStepRead(const ScriptModel& m, ts::Node expr) {
  std::vector<ts::Node> stack{expr};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("identifier"))
      for (ts::Node src : m.valueSources(n))
        for (const Call& c : m.calls())
          if (src.contains(c.node) && c.receiver && readsDeviceValue(m, c) && m.mayLiveOnDevice(c.receiver) &&
              m.perStep(c.node))
            return true;
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return false;
}

// The logging event carries a device-to-host read: GPU201's finding (one
// anti-pattern, one finding), whether the read sits in the call's arguments
// or in the value a logged name holds.
bool carriesSync(const ScriptModel& m, const Call& log) {
  if (loggedDeviceTensor(m, log)) return true;
  ts::Node args = log.node.field("arguments");
  for (const Call& c : m.calls())
    if (args.contains(c.node) && readsDeviceValue(m, c)) return true;
  return namesPerStepRead(m, args);
}

// A logger that keeps its own interval: built with `log_interval=`,
// `print_freq=`, `log_every_n_steps=`... (a fairseq-style progress bar's
// `progress.log(stats)`), so a call per step writes once per interval.
bool logsOnItsOwnInterval(const ScriptModel& m, const Call& log) {
  if (!log.receiver) return false;
  for (ts::Node src : m.valueSources(log.receiver, true)) {
    const Call* made = src.is("call") ? m.callAt(src) : nullptr;
    if (!made) continue;
    for (const auto& [name, value] : made->keywords)
      if (syntax::containsWord(name, {"log_interval", "log_freq", "print_freq", "log_every", "logging_steps",
                                      "every_n_steps", "log_steps"}))
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
    // `print(..., file=out)` writes the script's results (predictions, labels), not a log.
    if (ts::Node out = c.callee.is("identifier") && c.method == "print" ? c.keyword("file") : ts::Node();
        out && !syntax::containsWord(out.text(), {"sys.std", "stderr", "stdout"}))
      continue;
    auto batch = m.perStep(c.node);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    if (carriesSync(m, c) || logsOnItsOwnInterval(m, c)) continue;
    ShortGuardNote guard = shortGuardNote(m, c.node, *batch);
    Diagnostic d;
    d.rule = "GPU206";
    d.level = Level::Note;
    d.location = callHead(m, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` logs on every " +
                (batch->kind == python::BatchKind::Eval ? "batch" : "step") + " of " + describeContext(m, *batch) +
                "." + guard.clause +
                " Formatting the record and writing it to the console, a file or a tracker takes host time on each "
                "step, and while Python is busy with it no new kernels are queued, so a fast GPU waits between "
                "steps. Log every N steps (`if step % log_every == 0:`) or aggregate on the GPU and log once per "
                "interval.";
    d.related = relatedFrom(m, *batch);
    d.related.insert(d.related.end(), guard.related.begin(), guard.related.end());
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
