#include "checkers/model/effect_calls.h"

#include <set>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::effect_calls {

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

// `to_cpu(loss).item()`: the receiver is what a project helper made of a GPU
// tensor. Wherever the copy happens (in the helper or at this call), the
// number is read back from the GPU on this line, which GPU201 reports.
bool helperResultOfDeviceValue(const ScriptModel& m, ts::Node receiver) {
  receiver = syntax::unwrap(receiver);
  const Call* made = receiver.is("call") ? m.callAt(receiver) : nullptr;
  if (!made || !m.callTarget(*made).second) return false;
  for (ts::Node arg : made->positional)
    if (m.mayLiveOnDevice(arg)) return true;
  return false;
}

// A name in `expr` whose value holds a per-step host read of a GPU tensor
// (`lossf = loss.item() * accum`, `loss = float(loss)` or `s = f"{loss}"`,
// then `print(f"{lossf}")`):
// GPU201 reports the read, and the log is the same event.
bool perStepReadIn(const ScriptModel& m, ts::Node src) {
  // `s = "%10.4g" * 4 % (*mloss, ...)`, then `pbar.set_description(s)`:
  // formatting the GPU tensor into the string is the read (GPU201 reports it there).
  ts::Node text = syntax::unwrap(src);
  bool formats = text && (text.is("string") || (text.is("binary_operator") && text.field("operator").text() == "%") ||
                          (text.is("call") && text.field("function").is("attribute") &&
                           text.field("function").field("attribute").text() == "format"));
  if (formats && formattedDeviceTensor(m, text) && m.perStep(src)) return true;
  for (const Call& c : m.callsIn(src))
    if (src.contains(c.node) && readsDeviceValue(m, c) &&
        (!c.receiver || m.mayLiveOnDevice(c.receiver) || helperResultOfDeviceValue(m, c.receiver)) &&
        m.perStep(c.node))
      return true;
  return false;
}

// `running += loss.item()` (or `+= lossf`, itself such a read) reaching the
// use: the logged total is accumulated from a per-step read, so logging it is
// part of the same event as that read.
bool accumulatedFromRead(const ScriptModel& m, ts::Node use, std::set<uint32_t>& seen) {
  for (const python::NameBinding& b : m.reachingBindings(use)) {
    if (!b.statement || !b.statement.is("augmented_assignment") || !seen.insert(b.statement.begin()).second) continue;
    ts::Node right = b.statement.field("right");
    if (perStepReadIn(m, right)) return true;
    for (ts::Node src : m.valueSources(right))
      if (perStepReadIn(m, src)) return true;
  }
  return false;
}

// A record built in the code (`rec = {"loss": val}`, `[("loss", val)]`,
// `f"{val:.3f}"`): the names it holds are what is logged.
bool buildsRecord(ts::Node src) {
  src = syntax::unwrap(src);
  return src.is("dictionary") || src.is("list") || src.is("tuple") || src.is("string") || src.is("concatenated_string");
}

// `smooth = meter.mean` (or `meter.average()`) where the loop around it
// feeds the same object a per-step read (`meter.push(value=val)`, `val =
// loss.item()`): a running mean of that read, logged as part of its event.
bool fedByPerStepRead(const ScriptModel& m, ts::Node src) {
  src = syntax::unwrap(src);
  ts::Node holder = src.is("attribute") ? src.field("object")
                    : src.is("call") && src.field("function").is("attribute") ? src.field("function").field("object")
                                                                              : ts::Node();
  if (!holder || !holder.is("identifier")) return false;
  ts::Node loop = syntax::ancestor(src, {"for_statement", "while_statement"});
  if (!loop) return false;
  for (const Call& c : m.callsIn(loop)) {
    if (!c.receiver || c.receiver.text() != holder.text() || !loop.contains(c.node) || c.node.contains(src)) continue;
    std::vector<ts::Node> given = c.positional;
    for (const auto& [key, value] : c.keywords) given.push_back(value);
    for (ts::Node arg : given) {
      if (perStepReadIn(m, arg)) return true;
      if (syntax::unwrap(arg).is("identifier"))
        for (ts::Node from : m.valueSources(arg))
          if (perStepReadIn(m, from)) return true;
    }
  }
  return false;
}

bool namesPerStepRead(const ScriptModel& m, ts::Node expr) {
  std::vector<ts::Node> stack{expr};
  std::set<uint32_t> seen, records;
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    // `{"val_avg": meter.mean}` written in the log call itself.
    if ((n.is("attribute") || n.is("call")) && fedByPerStepRead(m, n)) return true;
    if (n.is("identifier")) {
      for (ts::Node src : m.valueSources(n)) {
        if (perStepReadIn(m, src) || fedByPerStepRead(m, src)) return true;
        // The record's own entries: `acc.log(rec)` with `rec = {"err": val}`, `val = err.item()`.
        if (buildsRecord(src) && records.size() < 16 && records.insert(src.begin()).second) stack.push_back(src);
      }
      if (accumulatedFromRead(m, n, seen)) return true;
    }
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return false;
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

bool writesLogRecord(const ScriptModel& m, const Call& c) {
  if (!isLoggingCall(m, c)) return false;
  // `x.log()` without arguments is a math method (probs.log()), and `print()` an empty line.
  if (c.positional.empty() && c.keywords.empty() && !c.has_star_args) return false;
  // Debug-level messages are off in normal runs.
  if (c.method == "debug") return false;
  // `print(..., file=out)` writes the script's results (predictions, labels), not a log.
  if (ts::Node out = c.callee.is("identifier") && c.method == "print" ? c.keyword("file") : ts::Node();
      out && !syntax::containsWord(out.text(), {"sys.std", "stderr", "stdout"}))
    return false;
  return !logsOnItsOwnInterval(m, c);
}

bool readsDeviceInArguments(const ScriptModel& m, const Call& log) {
  ts::Node args = log.node.field("arguments");
  for (const Call& c : m.callsIn(args))  // not every call of the file: large files went quadratic
    if (args.contains(c.node) && readsDeviceValue(m, c)) return true;
  return namesPerStepRead(m, args);
}

bool carriesSync(const ScriptModel& m, const Call& log) {
  return loggedDeviceTensor(m, log) || readsDeviceInArguments(m, log);
}

bool isCheckpointWrite(const ScriptModel& m, const Call& c) {
  if (c.qualified == "torch.save") return true;
  if (m.callTarget(c).second) return false;  // a project function: its body decides
  const std::string& name = c.method;
  // A tokenizer/processor/config save_pretrained writes a few small files
  // and copies nothing from the GPU.
  if (name == "save_pretrained")
    return c.receiver && !syntax::containsWord(c.receiver.text(), {"tokenizer", "processor", "config"});
  if (name == "save_state") return static_cast<bool>(c.receiver);
  if (name == "save_model") return c.receiver && syntax::containsWord(c.receiver.text(), {"trainer"});
  // trainer.save_checkpoint, model_engine.save_checkpoint; a bare imported
  // save_checkpoint(...) helper too. An unknown bare name stays silent.
  if (name == "save_checkpoint") return c.receiver || !c.qualified.empty();
  return false;
}

}  // namespace gpulint::checks::effect_calls
