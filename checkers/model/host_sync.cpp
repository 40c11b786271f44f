#include "checkers/model/host_sync.h"

#include <string>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::host_sync {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

using syntax::oneOf;

bool isString(ts::Node n) { return syntax::unwrap(n).is("string"); }

bool readsToHost(const Call& c) {
  if (oneOf(c.method, {"item", "cpu", "numpy", "tolist"})) return true;
  if (c.method != "to" || c.positional.empty()) return false;
  if (ts::Node nb = c.keyword("non_blocking"); nb && nb.is("true")) return false;
  std::string s;
  return (syntax::stringLiteral(c.positional[0], &s) && s == "cpu") ||
         syntax::unwrap(c.positional[0]).text() == "torch.device(\"cpu\")";
}

}  // namespace

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
  if (c.method == "format" && c.receiver && isString(c.receiver)) {
    if (ts::Node t = formattedDeviceTensor(m, c.node)) return Sync{Sync::Format, c.node, t};
    return std::nullopt;
  }
  if (ts::Node t = isLoggingCall(m, c) ? loggedDeviceTensor(m, c) : ts::Node()) return Sync{Sync::Log, c.node, t};
  return std::nullopt;
}

// Cheap shape test before the per-step and device questions: could this call sync?
bool maySync(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if (q == "torch.cuda.synchronize" || q == "torch.nonzero" || q == "torch.argwhere" || q == "torch.where" ||
      q.starts_with("math."))
    return true;
  if (c.receiver && (readsToHost(c) || oneOf(c.method, {"nonzero", "synchronize", "format"}))) return true;
  if (c.callee.is("identifier") && oneOf(c.method, {"float", "int", "bool", "round", "str", "repr", "format"}))
    return true;
  return isLoggingCall(m, c);
}

// Strings that may format a tensor outside a call (`msg = f"loss {loss}"`):
// f-strings with interpolations, `"..." % x`.
void collectFormatSpots(ts::Node n, std::vector<ts::Node>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("string")) {
      for (ts::Node part : c.namedChildren())
        if (part.is("interpolation")) {
          out.push_back(c);
          break;
        }
      continue;
    }
    if (c.is("binary_operator") && c.field("operator").text() == "%" && isString(c.field("left"))) out.push_back(c);
    collectFormatSpots(c, out);
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
    if (const Call* c = p.is("call") ? m.callAt(p) : nullptr; c && isLoggingCall(m, *c)) return true;
  return false;
}

}  // namespace gpulint::checks::host_sync
