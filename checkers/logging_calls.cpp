// What python_common.h declares about logging calls (GPU201, GPU206).
#include "checkers/python_common.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "frontend/name_match.h"
#include "frontend/python/hf_api.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {


namespace {

bool isNamed(std::string_view s, std::initializer_list<std::string_view> names) {
  for (auto n : names)
    if (s == n) return true;
  return false;
}

bool isStringLiteral(ts::Node n) { return python::syntax::unwrap(n).is("string"); }

// `accelerator.log(...)` where the accelerator is made in this scope with no
// `log_with` (and no `**kwargs` that could pass one): it has no tracker, and
// log() hands the values to none of them, so nothing is written or read.
bool logsToNoTracker(const python::ScriptModel& m, const python::Call& c) {
  if (c.method != "log" || !c.receiver) return false;
  const python::Call* made = m.madeByCall(c.receiver);
  return made && made->qualified.starts_with("accelerate.") && made->method == "Accelerator" &&
         !made->keyword("log_with") && !made->has_star_kwargs;
}

// The truth of a test written with names the script resolves
// (`not TRACK_ONLINE`, `args.offline`); nullopt when unknown.
std::optional<bool> testTruth(const python::ScriptModel& m, ts::Node test) {
  test = python::syntax::unwrap(test);
  if (test && test.is("not_operator")) {
    auto inner = testTruth(m, test.field("argument"));
    return inner ? std::optional<bool>(!*inner) : std::nullopt;
  }
  return test ? m.resolve(test).truthiness() : std::nullopt;
}

// The string a `mode=` argument takes: a literal, a name that resolves to
// one, or `"disabled" if not TRACK_ONLINE else "online"` whose test resolves.
std::optional<std::string> modeString(const python::ScriptModel& m, ts::Node mode) {
  mode = python::syntax::unwrap(mode);
  if (mode && mode.is("conditional_expression") && mode.namedChildCount() == 3) {
    auto truth = testTruth(m, mode.namedChild(1));
    if (!truth) return std::nullopt;
    return modeString(m, mode.namedChild(*truth ? 0 : 2));
  }
  python::ResolvedValue v = m.resolve(mode);
  if (v.kind != python::ResolvedValue::Kind::String) return std::nullopt;
  return v.string_value;
}

// `wandb.log(...)` in a file whose every `wandb.init(...)` turns the run
// off (`mode="disabled"`, `disabled=True`): the calls are no-ops.
bool logsToDisabledRun(const python::ScriptModel& m, const python::Call& c) {
  if (c.qualified != "wandb.log") return false;
  size_t inits = 0;
  for (const python::Call& init : m.calls()) {
    if (init.qualified != "wandb.init") continue;
    ++inits;
    if (init.has_star_kwargs) return false;
    ts::Node disabled = init.keyword("disabled");
    if (disabled && m.resolve(disabled).truthiness() == true) continue;
    ts::Node mode = init.keyword("mode");
    if (!mode || modeString(m, mode) != "disabled") return false;
  }
  return inits > 0;
}

}  // namespace

bool buildsFormatString(ts::Node n) {
  n = python::syntax::unwrap(n);
  if (!n) return false;
  if (n.is("string")) return true;
  // `("%10s" + "%10.4g" * 3) % (...)`: a format built from literals (yolov5's
  // progress-bar line) is still a string on the left of `%`.
  if (!n.is("binary_operator")) return false;
  std::string_view op = n.field("operator").text();
  return (op == "+" || op == "*") && (buildsFormatString(n.field("left")) || buildsFormatString(n.field("right")));
}

bool isLightningSelfLog(const python::Call& c) {
  return c.receiver && c.receiver.text() == "self" && (c.method == "log" || c.method == "log_dict") &&
         c.function && c.function->owner && c.function->owner->is_lightning_module;
}

namespace {

// Lightning 1.0's `result = pl.TrainResult(minimize=loss)` then
// `result.log("loss", loss)`: the Result store self.log feeds, which
// Lightning reduces and writes every `log_every_n_steps` as it does self.log's.
bool logsToLightningResult(const python::ScriptModel& m, const python::Call& c) {
  if (c.method != "log" && c.method != "log_dict") return false;
  const python::Call* made = m.madeByCall(c.receiver);
  if (!made) return false;
  const std::string& q = made->qualified;
  return (q.starts_with("pytorch_lightning.") || q.starts_with("lightning.")) &&
         (q.ends_with("TrainResult") || q.ends_with("EvalResult"));
}

}  // namespace

bool isLoggingCall(const python::ScriptModel& m, const python::Call& c) {
  if (c.callee.is("identifier")) return c.method == "print" && c.qualified.empty() && !m.functionNamed("print");
  for (const char* math : {"numpy.", "torch.", "math.", "tensorflow.", "jax."})
    if (c.qualified.starts_with(math)) return false;
  if (c.qualified.starts_with("logging.") || c.qualified.starts_with("wandb.") || c.qualified.starts_with("mlflow."))
    return !logsToDisabledRun(m, c);
  // A hand-made progress bar writes the console directly.
  if (c.qualified == "sys.stdout.write" || c.qualified == "sys.stderr.write") return true;
  if (!c.receiver || isLightningSelfLog(c) || logsToLightningResult(m, c)) return false;
  if (isNamed(c.method, {"add_scalar", "add_scalars", "log_metric", "log_metrics", "set_postfix", "set_postfix_str",
                         "set_description", "set_description_str", "print"}))
    return true;
  if (isNamed(c.method, {"debug", "info", "warning", "warn", "error", "critical", "exception"}))
    return python::syntax::containsWord(python::syntax::lastName(c.receiver), {"log"});
  return c.method == "log" && c.receiver.text() != "self" && !logsToNoTracker(m, c);
}

ts::Node formattedDeviceTensor(const python::ScriptModel& m, ts::Node expr) {
  expr = python::syntax::unwrap(expr);
  if (!expr) return {};
  auto first = [&](ts::Node container) {
    for (ts::Node v : container.namedChildren()) {
      if (v.is("keyword_argument")) v = v.field("value");
      // `% (epoch, *mloss)`, `.format(*losses)`: each element of the unpacked
      // tensor is converted with float(), a host read per element.
      if (v.is("list_splat")) v = v.namedChild(0);
      if (v && m.mayLiveOnDevice(v)) return v;
    }
    return ts::Node();
  };
  if (expr.is("string")) {
    for (ts::Node part : expr.namedChildren())
      if (part.is("interpolation") && m.mayLiveOnDevice(part.namedChild(0))) return part.namedChild(0);
    return {};
  }
  if (expr.is("dictionary")) {
    for (ts::Node p : expr.namedChildren())
      if (ts::Node t = p.is("pair") ? formattedDeviceTensor(m, p.field("value")) : ts::Node()) return t;
    return {};
  }
  // `f'Step: {i}, ' f'Loss: {loss:.4f}'`: each literal of the implicit concatenation.
  if (expr.is("concatenated_string")) {
    for (ts::Node part : expr.namedChildren())
      if (ts::Node t = formattedDeviceTensor(m, part)) return t;
    return {};
  }
  if (expr.is("binary_operator") && expr.field("operator").text() == "%" && buildsFormatString(expr.field("left"))) {
    ts::Node r = python::syntax::unwrap(expr.field("right"));
    if (r.is("tuple")) return first(r);
    return m.mayLiveOnDevice(r) ? r : ts::Node();
  }
  const python::Call* c = expr.is("call") ? m.callAt(expr) : nullptr;
  if (c && c->method == "format" && c->receiver && isStringLiteral(c->receiver))
    return first(c->node.field("arguments"));
  return m.mayLiveOnDevice(expr) ? expr : ts::Node();
}

ts::Node loggedDeviceTensor(const python::ScriptModel& m, const python::Call& c) {
  for (ts::Node a : c.positional)
    if (ts::Node t = formattedDeviceTensor(m, a)) return t;
  for (const auto& [k, v] : c.keywords)
    if (ts::Node t = formattedDeviceTensor(m, v)) return t;
  return {};
}

}  // namespace gpulint::checks
