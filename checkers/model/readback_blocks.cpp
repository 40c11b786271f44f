#include "checkers/model/readback_blocks.h"

#include <set>
#include <string>
#include <string_view>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
using host_sync::statementOf;

// Builtins that run on the host alone (`len(batch)`, `float(x)`, `round(v, 4)`).
bool hostBuiltin(std::string_view name) {
  static const std::set<std::string_view, std::less<>> kBuiltins = {
      "abs",   "bool",  "dict",  "enumerate", "float", "format", "getattr", "hasattr", "int",
      "isinstance", "len", "list", "max", "min",   "print", "range", "round",   "setattr", "sorted",
      "str",   "sum",   "tuple", "zip"};
  return kBuiltins.count(name) > 0;
}

// A call that queues little or no GPU work: a tensor method (`outputs.max(1)`,
// `targets.size(0)`), a torch function, a host builtin. A forward pass, a
// backward pass or optimizer step, a collective, a project function (which
// may run anything) or an unknown function are real work: a read after them
// waits for it again.
bool launchesLittle(const ScriptModel& m, const Call& c) {
  if (python::isTrainingCall(c)) return false;
  if (m.isModuleExpression(c.callee)) return false;
  if (c.qualified.starts_with("torch.distributed")) return false;
  if (m.callTarget(c).second) return false;
  if (c.receiver || !c.qualified.empty()) return true;
  return hostBuiltin(c.method);
}

// `metric_logger.update(lr=optimizer.param_groups[0]["lr"])` between two
// updates that read GPU values: the project helper the previous read
// statement calls, called again (with a host value), does what the reads
// around it do and starts no other work.
bool callsHelperOf(const ScriptModel& m, const Call& c, ts::Node prev) {
  const python::Function* f = m.callTarget(c).second;
  if (!f) return false;
  for (const Call& p : m.callsIn(prev))
    if (prev.contains(p.node) && m.callTarget(p).second == f) return true;
  return false;
}

// `for name, p in model.named_parameters():`: a loop over a module's
// parameters or submodules reads each of them (a sync per parameter), a
// pattern of its own, not a part of the pass's values.
bool walksModule(const ScriptModel& m, ts::Node iterable) {
  for (ts::Node n = python::syntax::unwrap(iterable); n && n.is("call");) {
    const Call* c = m.callAt(n);
    if (!c) return false;
    if (c->receiver && (m.isModuleExpression(c->receiver) ||
                        python::syntax::oneOf(c->method, {"parameters", "named_parameters", "modules", "named_modules",
                                                          "children", "named_children", "buffers", "named_buffers"})))
      return true;
    if (c->receiver || c->positional.empty()) return false;
    n = python::syntax::unwrap(c->positional[0]);  // enumerate(...), zip(...), list(...)
  }
  return false;
}

// `stmt`, then the statements that hold it as long as it is reached through
// a branch of an `if` (`if self.alpha_mlm > 0: self.last_mlm = loss_mlm.item()`,
// its `elif` or `else`), a `with`, or a loop over the parts of the pass's
// values (`for i in range(len(inputs)): inputs[i] = inputs[i].cpu()`, no
// batch loop): the run of reads may step into such a body and out again.
std::vector<ts::Node> straightLineHolders(const ScriptModel& m, ts::Node stmt) {
  std::vector<ts::Node> chain{stmt};
  for (ts::Node s = stmt;;) {
    ts::Node block = s.parent();
    ts::Node holder = block && block.is("block") ? block.parent() : ts::Node();
    if (holder && (holder.is("else_clause") || holder.is("elif_clause"))) holder = holder.parent();
    if (!holder) break;
    bool steps = holder.is("if_statement") || holder.is("with_statement");
    if (holder.is("for_statement") && holder.field("body") == block) {
      const python::Loop* l = m.loopFor(holder);
      steps = l && l->kind == python::LoopKind::Other && !walksModule(m, holder.field("right"));
    }
    if (!steps) break;
    chain.push_back(holder);
    s = holder;
  }
  return chain;
}

// The loop around `n` that is not a per-part loop of the pass (kind Other
// inside another loop): the loop a read of the pass belongs to.
const python::Loop* passLoop(const ScriptModel& m, ts::Node n) {
  const python::Loop* l = m.enclosingLoop(n);
  while (l && l->kind == python::LoopKind::Other)
    if (const python::Loop* outer = m.enclosingLoop(l->node)) l = outer;
    else break;
  return l;
}

// Reads of values for the host (`.item()`, `.cpu()`, a log call or a format of
// a tensor): what a metrics or logging block does. A branch on a tensor, an
// assert, a synchronize() or a store is a decision of its own, with a fix
// of its own, and stays a finding of its own.
bool readsValue(const host_sync::Sync& s) {
  using K = host_sync::Sync::Kind;
  return s.kind == K::Read || s.kind == K::Convert || s.kind == K::Log || s.kind == K::Format || s.kind == K::ScaleRead;
}

// A run starts at a read, or at an explicit `torch.cuda.synchronize()`: the
// reads right after it find the queue drained already (a step timer's
// synchronize, then the log line that prints the step's values).
bool leadsBlock(const host_sync::Sync& s) { return readsValue(s) || s.kind == host_sync::Sync::Synchronize; }

bool sameContext(const python::BatchContext& a, const python::BatchContext& b) {
  return a.kind == b.kind && a.loop == b.loop && a.scope == b.scope && a.via_calls == b.via_calls;
}

// True when `next` reads right after the statement `prev`: in the same
// function and loop, after it in its block (or in the body of an `if` or a
// `with` that follows it there), with nothing between the two reads that
// launches GPU work (the GPU is still idle when `next` reads).
bool readsRightAfter(const ScriptModel& m, ts::Node prev, const ReadbackSpot& next) {
  ts::Node stmt = statementOf(next.sync.at);
  if (m.enclosingFunction(prev) != m.enclosingFunction(stmt) || passLoop(m, prev) != passLoop(m, stmt))
    return false;
  // `prev` must run whenever `next` does: a statement of a block that holds
  // `next` (never one inside an `if` that `next` follows: when the test is
  // false, `next` is the first read).
  // A `with` body always runs: a read inside `with torch.no_grad():` is
  // followed by what follows the with.
  ts::Node before = prev;
  for (ts::Node block = before.parent(); block && block.is("block") && block.parent().is("with_statement");
       block = before.parent())
    before = block.parent();
  bool in_sequence = false;
  for (ts::Node y : straightLineHolders(m, stmt))
    in_sequence = in_sequence || (before.parent() == y.parent() && before.begin() < y.begin());
  if (!in_sequence) return false;
  // `out = model(x, lengths)` whose forward reads `lengths.cpu()` after its
  // first layers: the pass queues work before its own read, which waits again.
  if (const Call* c = next.sync.at.is("call") ? m.callAt(next.sync.at) : nullptr;
      c && (m.isModuleExpression(c->callee) || python::isTrainingCall(*c)))
    return false;
  // The nodes after `prev`, up to the end of the read itself: the receiver's
  // calls (`loss_dict["g"].mean()`) run before it, a call around it after.
  for (uint32_t i = prev.subtreeEnd(); i < next.sync.at.subtreeEnd(); ++i) {
    ts::Node n = stmt.preorderAt(i);
    if (!n.is("call") || n == next.sync.at || n.contains(next.sync.at)) continue;
    const Call* c = m.callAt(n);
    if (!c || !(launchesLittle(m, *c) || callsHelperOf(m, *c, prev))) return false;
  }
  return true;
}

// A member joins when it brings no fix, or fixes of the same kinds as the first.
bool fixesMerge(const Diagnostic& lead, const Diagnostic& member) {
  if (member.fixes.empty()) return true;
  if (member.fixes.size() != lead.fixes.size()) return false;
  for (size_t k = 0; k < lead.fixes.size(); ++k)
    if (lead.fixes[k].title != member.fixes[k].title ||
        lead.fixes[k].applicability != member.fixes[k].applicability)
      return false;
  return true;
}

std::string lineList(const std::vector<ReadbackSpot*>& members) {
  std::string lines;
  for (size_t k = 0; k < members.size(); ++k) {
    if (k) lines += k + 1 == members.size() ? " and " : ", ";
    lines += std::to_string(members[k]->sync.at.line());
  }
  return (members.size() == 1 ? "Line " : "Lines ") + lines;
}

Diagnostic merged(const ScriptModel& m, ReadbackSpot& lead, const std::vector<ReadbackSpot*>& members) {
  Diagnostic d = std::move(lead.finding);
  if (members.empty()) return d;
  bool waits = lead.sync.kind == host_sync::Sync::Synchronize;
  d.message += " " + lineList(members) + (members.size() == 1 ? " reads a GPU value" : " read GPU values") +
               " right after it, with no forward or backward pass between: " +
               (waits ? "the synchronize already drained the queue" : "the first read already drained the queue") +
               ", so they are part of this finding; change them with it.";
  for (ReadbackSpot* s : members) {
    d.related.push_back({m.location(s->sync.at), "the same pass reads a GPU value here too"});
    for (size_t k = 0; k < s->finding.fixes.size(); ++k)
      for (Edit& e : s->finding.fixes[k].edits) d.fixes[k].edits.push_back(std::move(e));
  }
  return d;
}

// The statement a run starts from: the read's own, or for a synchronize in
// the CUDA branch of a device test (`elif device == "cuda":
// torch.cuda.synchronize()`) the if around it, which on the CUDA node always
// waits.
ts::Node runStart(const ScriptModel& m, const host_sync::Sync& lead) {
  ts::Node stmt = statementOf(lead.at);
  if (lead.kind != host_sync::Sync::Synchronize) return stmt;
  for (ts::Node block = stmt.parent(); block && block.is("block"); block = stmt.parent()) {
    ts::Node branching = block.parent();
    if (!branching || !m.cudaBranch(branching, stmt)) break;
    stmt = branching.is("elif_clause") ? branching.parent() : branching;
  }
  return stmt;
}

}  // namespace

std::vector<Diagnostic> groupReadbackBlocks(const ScriptModel& m, std::vector<ReadbackSpot> spots) {
  std::vector<Diagnostic> out;
  for (size_t i = 0; i < spots.size();) {
    std::vector<ReadbackSpot*> members;
    std::vector<ts::Node> reads{runStart(m, spots[i].sync)};  // the run's statements
    size_t j = i + 1;
    for (; j < spots.size(); ++j) {
      ReadbackSpot& s = spots[j];
      if (!leadsBlock(spots[i].sync) || !readsValue(s.sync) || !sameContext(spots[i].batch, s.batch) ||
          !fixesMerge(spots[i].finding, s.finding))
        break;
      // Some read of the run must always run before this one.
      bool joins = false;
      for (size_t k = reads.size(); k-- > 0 && !joins;) joins = readsRightAfter(m, reads[k], s);
      if (!joins) break;
      members.push_back(&s);
      reads.push_back(statementOf(s.sync.at));
    }
    out.push_back(merged(m, spots[i], members));
    i = j;
  }
  return out;
}

}  // namespace gpulint::checks
