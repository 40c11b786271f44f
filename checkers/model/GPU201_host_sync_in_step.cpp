#include "checkers/model/GPU201_host_sync_in_step.h"

#include <map>

#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

bool oneOf(std::string_view s, std::initializer_list<std::string_view> list) {
  for (auto x : list)
    if (s == x) return true;
  return false;
}

// One place that makes the host wait: `at` is reported; `tensor` is the GPU
// value it reads (null for torch.cuda.synchronize()).
struct Sync {
  enum Kind { Read, Convert, Log, Format, Synchronize, Nonzero } kind;
  ts::Node at, tensor;
};

// Code quoted in a message: the first line, at most 48 characters.
std::string quote(ts::Node n) {
  std::string s(n.text().substr(0, n.text().find('\n')));
  if (s.size() > 48 || s.size() < n.text().size()) s = s.substr(0, 45) + "...";
  return "`" + s + "`";
}

bool isLightningLog(const Call& c) {
  return c.receiver && c.receiver.text() == "self" && (c.method == "log" || c.method == "log_dict") &&
         c.function && c.function->owner && c.function->owner->is_lightning_module;
}

// print, logging, trackers and progress bars: they format or convert what they get.
bool isLogCall(const ScriptModel& m, const Call& c) {
  if (c.callee.is("identifier")) return c.method == "print" && c.qualified.empty() && !m.functionNamed("print");
  for (const char* math : {"numpy.", "torch.", "math.", "tensorflow.", "jax."})
    if (c.qualified.starts_with(math)) return false;
  if (c.qualified.starts_with("logging.") || c.qualified.starts_with("wandb.") || c.qualified.starts_with("mlflow."))
    return true;
  // Lightning's self.log keeps tensors and reads them back later, off the step.
  if (!c.receiver || isLightningLog(c)) return false;
  if (oneOf(c.method, {"add_scalar", "add_scalars", "log_metric", "log_metrics", "set_postfix", "set_postfix_str",
                       "set_description", "set_description_str", "print"}))
    return true;
  if (oneOf(c.method, {"debug", "info", "warning", "warn", "error", "critical", "exception"}))
    return syntax::containsWord(syntax::lastName(c.receiver), {"log"});
  return c.method == "log" && c.receiver.text() != "self";
}

bool isString(ts::Node n) { return syntax::unwrap(n).is("string"); }

// The GPU tensor an argument formats: the value itself, an f-string
// interpolation, a `%`/.format() operand, a dict value.
ts::Node formattedTensor(const ScriptModel& m, ts::Node arg) {
  arg = syntax::unwrap(arg);
  if (!arg) return {};
  if (arg.is("string")) {
    for (ts::Node part : arg.namedChildren())
      if (part.is("interpolation") && m.mayLiveOnDevice(part.namedChild(0))) return part.namedChild(0);
    return {};
  }
  if (arg.is("dictionary")) {
    for (ts::Node p : arg.namedChildren())
      if (ts::Node t = p.is("pair") ? formattedTensor(m, p.field("value")) : ts::Node()) return t;
    return {};
  }
  if (arg.is("binary_operator") && arg.field("operator").text() == "%" && isString(arg.field("left"))) {
    ts::Node r = syntax::unwrap(arg.field("right"));
    if (r.is("tuple")) {
      for (ts::Node v : r.namedChildren())
        if (m.mayLiveOnDevice(v)) return v;
      return {};
    }
    return m.mayLiveOnDevice(r) ? r : ts::Node();
  }
  if (const Call* c = arg.is("call") ? m.callAt(arg) : nullptr; c && c->method == "format" && c->receiver &&
                                                                   isString(c->receiver)) {
    for (ts::Node a : c->positional)
      if (m.mayLiveOnDevice(a)) return a;
    for (const auto& [k, v] : c->keywords)
      if (m.mayLiveOnDevice(v)) return v;
    return {};
  }
  return m.mayLiveOnDevice(arg) ? arg : ts::Node();
}

bool readsToHost(const Call& c) {
  if (oneOf(c.method, {"item", "cpu", "numpy", "tolist"})) return true;
  if (c.method != "to" || c.positional.empty()) return false;
  if (ts::Node nb = c.keyword("non_blocking"); nb && nb.is("true")) return false;
  std::string s;
  return (syntax::stringLiteral(c.positional[0], &s) && s == "cpu") ||
         syntax::unwrap(c.positional[0]).text() == "torch.device(\"cpu\")";
}

// The sync a call performs, if any (before asking whether it runs per step).
std::optional<Sync> syncOfCall(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if (q == "torch.cuda.synchronize") return Sync{Sync::Synchronize, c.node, {}};
  if (c.method == "synchronize" && c.receiver && syntax::unwrap(c.receiver).is("call")) {
    const Call* r = m.callAt(syntax::unwrap(c.receiver));
    if (r && r->qualified.starts_with("torch.cuda.")) return Sync{Sync::Synchronize, c.node, {}};
  }
  if (c.receiver && readsToHost(c) && m.mayLiveOnDevice(c.receiver)) return Sync{Sync::Read, c.node, c.receiver};
  if (c.receiver && c.method == "nonzero" && m.mayLiveOnDevice(c.receiver))
    return Sync{Sync::Nonzero, c.node, c.receiver};
  ts::Node first = c.positional.empty() ? ts::Node() : c.positional[0];
  if ((q == "torch.nonzero" || q == "torch.argwhere" || (q == "torch.where" && c.positional.size() == 1)) &&
      m.mayLiveOnDevice(first))
    return Sync{Sync::Nonzero, c.node, first};
  bool builtin = c.callee.is("identifier") && q.empty() && !m.functionNamed(c.method);
  if (((builtin && oneOf(c.method, {"float", "int", "bool", "round", "str", "repr", "format"})) ||
       q.starts_with("math.")) &&
      m.mayLiveOnDevice(first))
    return Sync{Sync::Convert, c.node, first};
  if (c.method == "format" && c.receiver && isString(c.receiver))
    if (ts::Node t = formattedTensor(m, c.node)) return Sync{Sync::Format, c.node, t};
  if (isLogCall(m, c)) {
    for (ts::Node a : c.positional)
      if (ts::Node t = formattedTensor(m, a)) return Sync{Sync::Log, c.node, t};
    for (const auto& [k, v] : c.keywords)
      if (ts::Node t = formattedTensor(m, v)) return Sync{Sync::Log, c.node, t};
  }
  return std::nullopt;
}

// Strings formatted outside a log call (`msg = f"loss {loss}"`).
void collectFormats(const ScriptModel& m, ts::Node n, std::vector<Sync>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("string") || (c.is("binary_operator") && c.field("operator").text() == "%")) {
      if (ts::Node t = formattedTensor(m, c); t && !(t == c)) out.push_back({Sync::Format, c, t});
      if (c.is("string")) continue;
    }
    collectFormats(m, c, out);
  }
}

// The statement of a block that holds `n`: one finding per statement.
ts::Node statementOf(ts::Node n) {
  for (ts::Node p = n; p; p = p.parent())
    if (ts::Node parent = p.parent(); parent && (parent.is("block") || parent.is("module"))) return p;
  return n;
}

bool insideLogCall(const ScriptModel& m, ts::Node n) {
  ts::Node stmt = statementOf(n);
  for (ts::Node p = n.parent(); p && !(p == stmt.parent()); p = p.parent())
    if (const Call* c = p.is("call") ? m.callAt(p) : nullptr; c && isLogCall(m, *c)) return true;
  return false;
}

// "(`loss` comes from `criterion(out, y)` at line 38)"; "" when the tensor
// expression itself shows where it lives.
std::string originNote(const ScriptModel& m, ts::Node tensor) {
  ts::Node origin = m.deviceOrigin(tensor);
  if (!origin || tensor.contains(origin)) return "";
  if (origin.is("identifier"))
    return " (the framework moved " + quote(origin) + " to the GPU before this hook)";
  return " (" + quote(tensor) + " comes from " + quote(origin) + " at line " + std::to_string(origin.line()) + ")";
}

bool accumulates(ts::Node call) {
  ts::Node parent = call.parent();
  return parent && parent.is("augmented_assignment") && parent.field("operator").text() == "+=" &&
         syntax::unwrap(parent.field("right")) == call;
}

Diagnostic describe(const ScriptModel& m, const Sync& s, const python::BatchContext& batch) {
  Diagnostic d;
  d.rule = "GPU201";
  d.level = Level::Warning;
  d.location = m.location(s.at);
  d.related = relatedFrom(m, batch);
  std::string every = std::string(batch.kind == python::BatchKind::Step ? "on every step of " : "on every batch of ") +
                      describeContext(m, batch);
  std::string tensor = s.tensor ? quote(s.tensor) : "";
  std::string waits = ", so the CPU blocks until the GPU has finished all queued work and the GPU then idles "
                      "while Python launches the next step; ";
  std::string guard = "move it under a periodic guard (`if step % 100 == 0:`) or keep the value on the GPU";
  const Call* call = m.callAt(s.at);
  switch (s.kind) {
    case Sync::Read:
    case Sync::Convert: {
      d.message = quote(s.at) + " copies " + tensor + " to the host " + every + originNote(m, s.tensor) + waits;
      ts::Node args = s.at.parent();
      const Call* outer = args && args.is("argument_list") ? m.callAt(args.parent()) : nullptr;
      if (call && call->method == "item" && call->positional.empty() && accumulates(s.at)) {
        d.message += "accumulate it with .detach() on the GPU and read the total every N steps or once after the loop";
        std::string receiver(call->receiver.text());
        std::string replacement = receiver.ends_with(".detach()") ? receiver : receiver + ".detach()";
        d.fixes.push_back(Fix{"Accumulate on the GPU with .detach()", Applicability::Unsafe,
                              {fixits::replaceNode(m, s.at, replacement)}});
      } else if (outer && isLightningLog(*outer)) {
        d.message += "pass the tensor itself: self.log defers the copy";
      } else if (batch.kind == python::BatchKind::Eval) {
        d.message += "collect the tensors on the GPU and copy them to the host once after the loop";
      } else {
        d.message += guard;
      }
      break;
    }
    case Sync::Log:
    case Sync::Format:
      d.message = (s.kind == Sync::Log ? quote(call ? call->callee : s.at) + " formats the GPU tensor "
                                       : std::string("Formatting the GPU tensor ")) +
                  tensor + originNote(m, s.tensor) + " " + every + ", which copies it to the host" + waits +
                  "log it under a periodic guard (`if step % 100 == 0:`)" +
                  (m.importsModule("pytorch_lightning") || m.importsModule("lightning") ? " or with self.log" : "");
      break;
    case Sync::Synchronize:
      d.message = quote(s.at) + " runs " + every + waits +
                  "remove it, or keep it behind a periodic guard or a profiling flag that is off by default";
      break;
    case Sync::Nonzero:
      d.message = quote(s.at) + " returns a tensor whose size depends on the values of " + tensor +
                  " on the GPU, so " + every + " the CPU waits for the GPU to finish all queued work and the GPU "
                  "then idles while Python launches the next step; use a fixed-size form (a boolean mask, "
                  "torch.where(cond, a, b)) or " + guard;
      break;
  }
  if (ts::Node origin = s.tensor ? m.deviceOrigin(s.tensor) : ts::Node(); origin && !s.tensor.contains(origin))
    d.related.push_back({m.location(origin), "the tensor is produced on the GPU here"});
  return d;
}

}  // namespace

void HostSyncInStep::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& model = *ctx.script;
  std::vector<Sync> candidates;
  for (const Call& c : model.calls())
    if (auto s = syncOfCall(model, c)) candidates.push_back(*s);
  collectFormats(model, model.root(), candidates);
  std::map<uint32_t, std::pair<Sync, python::BatchContext>> first;  // statement begin -> earliest sync
  for (const Sync& s : candidates) {
    auto batch = model.perStep(s.at);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    // A log call's arguments are reported once, with the call.
    if (s.kind == Sync::Format && insideLogCall(model, s.at)) continue;
    uint32_t key = statementOf(s.at).begin();
    auto it = first.find(key);
    if (it == first.end() || s.at.begin() < it->second.first.at.begin()) first.insert_or_assign(key, std::pair{s, *batch});
  }
  for (const auto& [key, entry] : first) sink.report(describe(model, entry.first, entry.second));
}

}  // namespace gpulint::checks
