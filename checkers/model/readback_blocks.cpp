#include "checkers/model/readback_blocks.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>

#include "checkers/model/queued_work.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
using host_sync::statementOf;
using queued_work::launchesLittle;

// `metric_logger.update(lr=optimizer.param_groups[0]["lr"])` between two
// updates that read GPU values: the project helper the previous read
// statement calls, called again (with a host value), does what the reads
// around it do and starts no other work.
// The same holds for the helper that the next read calls
// (`metric_logger.update(closs=c_loss_value)` before
// `metric_logger.update(mloss=m_loss)`).
bool callsHelperOf(const ScriptModel& m, const Call& c, ts::Node prev, ts::Node next) {
  const python::Function* f = m.callTarget(c).second;
  if (!f) return false;
  if (const Call* n = next.is("call") ? m.callAt(next) : nullptr; n && m.callTarget(*n).second == f) return true;
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

// True when every call in `n` queues little GPU work.
bool launchesLittleIn(const ScriptModel& m, ts::Node n) {
  for (const Call& c : m.callsIn(n))
    if (n.contains(c.node) && !launchesLittle(m, c)) return false;
  return true;
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
// a tensor): what a metrics or logging block does. Any other sync after the
// drain (a branch on a tensor, an assert, a data-dependent shape, a store, a
// blocking copy) joins too, as a wait of its own kind (Join::Waits).
bool readsValue(const host_sync::Sync& s) {
  using K = host_sync::Sync::Kind;
  return s.kind == K::Read || s.kind == K::Convert || s.kind == K::Log || s.kind == K::Format || s.kind == K::ScaleRead;
}


// Same loop and kind; the helper chains may differ (a read in the loop, then
// `meter.update(loss=loss)` whose update() reads it): readsRightAfter places
// a helper's read at its call.
bool sameContext(const python::BatchContext& a, const python::BatchContext& b) {
  return a.kind == b.kind && a.loop == b.loop && a.scope == b.scope;
}

// A statement of the run, with the helper calls that lead to it from the
// loop (empty for a statement of the loop's own function).
struct RunStatement {
  ts::Node stmt;
  std::vector<ts::Node> via;
};

// The statements a spot stands for: its own, and for a read in a helper of
// this file each call of the chain that leads there (`meter.update(...)` in
// the loop stands for the `.item()` in update()).
void addStatements(const ScriptModel& m, const ReadbackSpot& s, ts::Node own, std::vector<RunStatement>& reads) {
  const std::vector<ts::Node>& via = s.batch.via_calls;
  reads.push_back({own, via});
  // A spot that is the call of a helper of another file leaves the queue
  // drained only when the helper queues little after its last read.
  if (const Call* c = s.sync.at.is("call") ? m.callAt(s.sync.at) : nullptr; c && !launchesLittle(m, *c)) {
    if (!queued_work::helperEndsWithRead(m, *c)) reads.pop_back();
    return;
  }
  // A call of the chain stands for the read only when the read always runs
  // and nothing is queued after it: never a module (a forward reads a
  // length, then runs its layers).
  for (size_t k = via.size(); k-- > 0;) {
    const Call* c = m.callAt(via[k]);
    if (!c || m.isModuleExpression(c->callee) || python::isTrainingCall(*c) ||
        !queued_work::chainEndsWithRead(m, via, s.sync.at, k))
      break;
    reads.push_back({statementOf(via[k]), std::vector<ts::Node>(via.begin(), via.begin() + k)});
  }
}

// The node that stands for `next` in the function of `prev`: the read
// itself when both are there on the same chain of calls, or the call in that
// function that leads to a helper reading first thing; null otherwise.
ts::Node placeAfter(const ScriptModel& m, const RunStatement& prev, const ReadbackSpot& next) {
  const std::vector<ts::Node>& via = next.batch.via_calls;
  const python::Function* fn = m.enclosingFunction(prev.stmt);
  if (m.enclosingFunction(next.sync.at) == fn) return prev.via == via ? next.sync.at : ts::Node();
  for (size_t k = 0; k < via.size(); ++k) {
    if (m.enclosingFunction(via[k]) != fn) continue;
    bool same_chain = prev.via.size() == k && std::equal(prev.via.begin(), prev.via.end(), via.begin());
    return same_chain && queued_work::chainReadsFirst(m, via, next.sync.at, k) ? via[k] : ts::Node();
  }
  return {};
}

// `if args.keep_top:` with the option on by default (3): its body runs on
// a default run, so a read in it runs whenever what follows the `if` does.
// Likewise the `else` of `if with_tokens:` with the option off by default.
bool takenByDefault(const ScriptModel& m, ts::Node holder, ts::Node block) {
  bool in_else = holder.is("else_clause") && holder.field("body") == block;
  ts::Node branching = in_else ? holder.parent() : holder;
  if (!branching.is("if_statement") || (!in_else && branching.field("consequence") != block)) return false;
  if (in_else)
    for (ts::Node clause : branching.namedChildren())
      if (clause.is("elif_clause")) return false;  // another test decides too
  ts::Node test = python::syntax::unwrap(branching.field("condition"));
  if (!test || (!test.is("identifier") && !test.is("attribute"))) return false;
  python::ResolvedValue v = m.resolve(test);
  std::optional<bool> truth = v.truthiness();
  return truth && *truth != in_else && !(test.is("attribute") && m.assignsDottedName(test.text()));
}

// How a read joins the run: after a drained queue, or as one more call of
// the helper the run just called (`all_reduce_mean(loss)`, then
// `all_reduce_mean(acc)`: each waits for a collective of its own, one
// pattern repeated, with one fix).
// Waits: a test of a GPU value, a data-dependent shape or a blocking copy
// right after the drain: a sync of its own kind, with a fix of its own,
// that finds little queued now and becomes the drain once the run's first
// sync is gone.
// Reduced: a read after a collective that only reduces, across ranks, values
// the pass reads (`dist.all_reduce(count)`, then `count.item()`): the
// reduction exists to feed the read, one metrics block with one fix.
enum class Join { No, Drained, Repeat, Waits, Reduced };

// `dist.all_reduce(hits)` (also reduce, broadcast: in place on their tensor)
// where `hits` is a tensor the pass reads to the host (`read_tensors`).
bool reducesReadValue(const Call& c, const std::set<std::string_view>& read_tensors) {
  if (!c.qualified.starts_with("torch.distributed.") ||
      !python::syntax::oneOf(c.method, {"all_reduce", "reduce", "broadcast"}) || c.positional.empty())
    return false;
  ts::Node t = python::syntax::unwrap(c.positional[0]);
  return t && (t.is("identifier") || t.is("attribute")) && read_tensors.count(t.text());
}

// Whether `next` reads right after the statement `prev`: in the same
// function and loop, after it in its block (or in the body of an `if` or a
// `with` that follows it there), with nothing between the two reads that
// launches GPU work (the GPU is still idle when `next` reads).

// `if out.size(1) == 1: a = x.item() else: a = y.item()`: every branch of
// the if (it has an else) holds a statement where the pass syncs
// (`sync_stmts`, whichever finding it belongs to), with little queued after
// it in that branch: whichever way the test goes, the queue is drained when
// the if ends.
bool everyBranchSyncs(const ScriptModel& m, ts::Node if_statement, const std::vector<ts::Node>& sync_stmts) {
  std::vector<ts::Node> branches{if_statement.field("consequence")};
  bool has_else = false;
  for (ts::Node clause : if_statement.namedChildren()) {
    if (clause.is("elif_clause")) branches.push_back(clause.field("consequence"));
    if (clause.is("else_clause")) {
      branches.push_back(clause.field("body"));
      has_else = true;
    }
  }
  if (!has_else) return false;
  for (ts::Node branch : branches) {
    if (!branch) return false;
    bool drained = false;
    for (ts::Node sync : sync_stmts) {
      if (!branch.contains(sync)) continue;
      bool little_after = true;
      for (const Call& c : m.callsIn(branch))
        if (branch.contains(c.node) && c.node.begin() >= sync.end() && !launchesLittle(m, c)) little_after = false;
      drained = drained || little_after;
    }
    if (!drained) return false;
  }
  return true;
}

Join readsRightAfter(const ScriptModel& m, const RunStatement& run, const ReadbackSpot& next,
                     const std::set<std::string_view>& read_tensors, const std::vector<ts::Node>& sync_stmts) {
  ts::Node prev = run.stmt;
  ts::Node at = placeAfter(m, run, next);
  if (!at) return Join::No;
  ts::Node stmt = statementOf(at);
  if (passLoop(m, prev) != passLoop(m, stmt)) return Join::No;
  // `prev` must run whenever `next` does: a statement of a block that holds
  // `next` (never one inside an `if` that `next` follows: when the test is
  // false, `next` is the first read).
  // A `with` body always runs: a read inside `with torch.no_grad():` is
  // followed by what follows the with.
  // So does a loop over the parts of the pass's values that queues little
  // (`for k, v in stats.items(): record[k] = v.item()`): what follows the
  // loop reads after its last pass.
  // So does an if/else whose every branch syncs (everyBranchSyncs).
  std::vector<ts::Node> befores{prev};
  for (ts::Node block = prev.parent(); block && block.is("block"); block = befores.back().parent()) {
    ts::Node holder = block.parent();
    bool lifts = holder.is("with_statement") || takenByDefault(m, holder, block);
    if (holder.is("for_statement") && holder.field("body") == block) {
      const python::Loop* l = m.loopFor(holder);
      lifts = l && l->kind == python::LoopKind::Other && !walksModule(m, holder.field("right")) &&
              launchesLittleIn(m, holder);
    }
    if (holder.is("else_clause") || holder.is("elif_clause")) holder = holder.parent();
    if (!lifts && holder.is("if_statement") && everyBranchSyncs(m, holder, sync_stmts)) lifts = true;
    if (!lifts) break;
    befores.push_back(holder);
  }
  bool in_sequence = false;
  for (ts::Node y : straightLineHolders(m, stmt))
    for (ts::Node before : befores)
      in_sequence = in_sequence || (before.parent() == y.parent() && before.begin() < y.begin());
  // `if lo < hi:` (the run's test) then `out[:, lo:hi] = 1` in its body:
  // the body runs right after the test that read.
  // Likewise its `else` (`if seen < warm: ... else: frac = float(seen - warm)`),
  // scanned from the end of the body that did not run.
  ts::Node scan_from = prev;
  if (!in_sequence && prev.is("if_statement")) {
    ts::Node body = prev.field("consequence");
    if (body && body.contains(stmt)) {
      in_sequence = true;
      scan_from = prev.field("condition");
    } else if (body && prev.contains(stmt)) {
      in_sequence = true;
      scan_from = body;
    }
  }
  if (!in_sequence) return Join::No;
  // `out = model(x, lengths)` whose forward reads `lengths.cpu()` after its
  // first layers: the pass queues work before its own read, which waits again.
  if (const Call* c = at.is("call") ? m.callAt(at) : nullptr;
      c && (m.isModuleExpression(c->callee) || python::isTrainingCall(*c)))
    return Join::No;
  // A helper of another file (its call is the spot) must read before it
  // queues work of its own (`all_reduce_mean(x)` launches a collective
  // first), unless `prev` called it too.
  Join join = Join::Drained;
  if (const Call* c = at == next.sync.at && at.is("call") ? m.callAt(at) : nullptr;
      c && m.callTarget(*c).second && !queued_work::helperReadsFirst(m, *c)) {
    if (!callsHelperOf(m, *c, scan_from, ts::Node())) return Join::No;
    join = Join::Repeat;
  }
  // The nodes after `prev`, up to the end of the read itself: the receiver's
  // calls (`loss_dict["g"].mean()`) run before it, a call around it after.
  for (uint32_t i = scan_from.subtreeEnd(); i < at.subtreeEnd(); ++i) {
    ts::Node n = stmt.preorderAt(i);
    if (!n.is("call") || n == at || n.contains(at)) continue;
    const Call* c = m.callAt(n);
    if (c && (join == Join::Drained || join == Join::Reduced) && reducesReadValue(*c, read_tensors)) {
      join = Join::Reduced;
      continue;
    }
    // A helper of another file that reads last thing (`crit(preds, labels)`
    // whose mask index is its last GPU work) leaves the queue drained too.
    if (!c || !(launchesLittle(m, *c) || callsHelperOf(m, *c, scan_from, at) ||
                queued_work::helperQueuesLittle(m, *c) || queued_work::helperEndsWithRead(m, *c)))
      return Join::No;
  }
  return join;
}

// A member joins when it brings no fix, or fixes of the same kinds as the
// run's (the kinds of the first spot that brought any).
bool fixesMerge(const Diagnostic* kinds, const Diagnostic& member) {
  if (member.fixes.empty() || !kinds) return true;
  if (member.fixes.size() != kinds->fixes.size()) return false;
  for (size_t k = 0; k < kinds->fixes.size(); ++k)
    if (kinds->fixes[k].title != member.fixes[k].title ||
        kinds->fixes[k].applicability != member.fixes[k].applicability)
      return false;
  return true;
}

// A spot of the run and the node that shows it in the first read's function.
struct Member {
  ReadbackSpot* spot;
  ts::Node shown;
  Join join;
};

// "Line 25", "Lines 81, 82 and 85": each line once (two reads of one
// helper are shown at its one call).
std::string lineList(const std::vector<const Member*>& members) {
  std::vector<uint32_t> numbers;
  for (const Member* mem : members)
    if (std::find(numbers.begin(), numbers.end(), mem->shown.line()) == numbers.end())
      numbers.push_back(mem->shown.line());
  std::string lines;
  for (size_t k = 0; k < numbers.size(); ++k) {
    if (k) lines += k + 1 == numbers.size() ? " and " : ", ";
    lines += std::to_string(numbers[k]);
  }
  return (numbers.size() == 1 ? "Line " : "Lines ") + lines;
}

std::vector<const Member*> joinedBy(const std::vector<Member>& members, Join join) {
  std::vector<const Member*> out;
  for (const Member& mem : members)
    if (mem.join == join) out.push_back(&mem);
  return out;
}

// The helper that a repeated call runs (`all_reduce_mean()`).
std::string helperName(const ScriptModel& m, const Member& mem) {
  const Call* c = m.callAt(mem.spot->sync.at);
  const python::Function* f = c ? m.callTarget(*c).second : nullptr;
  return f ? f->name + "()" : "the helper";
}

// " Line 27 waits ..." (or " Lines 27 and 28 wait ...") for the members that
// joined the run as `join`; empty when none did.
std::string joinedSentence(const std::vector<Member>& members, Join join, std::string_view one,
                           std::string_view many, const std::string& rest) {
  std::vector<const Member*> joined = joinedBy(members, join);
  if (joined.empty()) return "";
  std::string lines = lineList(joined);
  return " " + lines + std::string(lines.starts_with("Line ") ? one : many) + rest;
}

Diagnostic merged(const ScriptModel& m, ReadbackSpot& lead, const std::vector<Member>& members) {
  Diagnostic d = std::move(lead.finding);
  if (members.empty()) return d;
  bool waits = lead.sync.kind == host_sync::Sync::Synchronize;
  d.message += joinedSentence(members, Join::Drained, " reads a GPU value", " read GPU values",
                              std::string(" right after it, with no forward or backward pass between: ") +
                                  (waits                  ? "the synchronize already drained the queue"
                                   : readsValue(lead.sync) ? "the first read already drained the queue"
                                                           : "its wait already drained the queue") +
                                  ", so they are part of this finding; change them with it.");
  d.message += joinedSentence(
      members, Join::Waits, " waits", " wait",
      " on the GPU again right after it (a test of a GPU value, a data-dependent shape or a blocking copy): "
      "with little queued in between, each costs a round trip now, and the first of them becomes the "
      "drain once this one is fixed, so they are part of this finding; change them with it.");
  d.message += joinedSentence(
      members, Join::Reduced, " reads", " read",
      " GPU values after it with only a collective between (`torch.distributed` reducing across ranks the "
      "very values the pass reads): one metrics block, so they are part of this finding; change them with "
      "it (reduce and read every N steps, or once after the loop).");
  if (auto repeated = joinedBy(members, Join::Repeat); !repeated.empty())
    d.message += joinedSentence(members, Join::Repeat, " calls ", " call ",
                                helperName(m, *repeated.front()) +
                                    " again right after it, each call waiting in the same way: one pattern, so they "
                                    "are part of this finding; change them with it.");
  for (size_t i = 0; i < members.size(); ++i) {
    const Member& mem = members[i];
    ReadbackSpot& s = *mem.spot;
    bool shown_before = std::any_of(members.begin(), members.begin() + static_cast<std::ptrdiff_t>(i),
                                    [&](const Member& o) { return o.shown == mem.shown; });
    const char* what = mem.join == Join::Repeat      ? "the same helper waits again here"
                       : mem.join == Join::Reduced   ? "the same pass reads a reduced GPU value here too"
                       : mem.join == Join::Waits     ? "the same pass waits on the GPU here too"
                       : mem.shown == s.sync.at ? "the same pass reads a GPU value here too"
                                                : "the same pass calls a helper that reads a GPU value here too";
    if (!shown_before) d.related.push_back({m.location(mem.shown), what});
    if (!(mem.shown == s.sync.at)) d.related.push_back({m.location(s.sync.at), "the helper reads it here"});
    // The first fixes of the run give their kinds to the finding.
    if (d.fixes.empty()) {
      d.fixes = std::move(s.finding.fixes);
      continue;
    }
    for (size_t k = 0; k < s.finding.fixes.size(); ++k)
      for (Edit& e : s.finding.fixes[k].edits) d.fixes[k].edits.push_back(std::move(e));
  }
  return d;
}

// The node that shows a spot in `fn`: the call of its helper chain that
// sits there, or the read itself.
ts::Node shownIn(const ScriptModel& m, const ReadbackSpot& s, const python::Function* fn) {
  for (ts::Node via : s.batch.via_calls)
    if (m.enclosingFunction(via) == fn) return via;
  return s.sync.at;
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
  // In the order the loop runs them: a read in a helper of this file at the
  // call that leads to it.
  auto key = [](const ReadbackSpot& s) {
    ts::Node outer = s.batch.via_calls.empty() ? s.sync.at : s.batch.via_calls.front();
    return std::pair(statementOf(outer).begin(), statementOf(s.sync.at).begin());
  };
  std::stable_sort(spots.begin(), spots.end(),
                   [&](const ReadbackSpot& a, const ReadbackSpot& b) { return key(a) < key(b); });
  std::vector<Diagnostic> out;
  for (size_t i = 0; i < spots.size();) {
    std::vector<Member> members;
    std::vector<RunStatement> reads;  // the run's statements
    // The names in the statements where this loop's pass reads to the host
    // (`hits, tot = hits.cpu(), tot.cpu()` is one spot): a collective of
    // them only feeds the reads.
    std::set<std::string_view> read_tensors;
    std::vector<ts::Node> sync_stmts;  // where the pass syncs, in the lead's chain of calls
    for (const ReadbackSpot& o : spots) {
      if (!sameContext(spots[i].batch, o.batch)) continue;
      ts::Node stmt = statementOf(o.sync.at);
      if (o.batch.via_calls == spots[i].batch.via_calls) sync_stmts.push_back(stmt);
      for (uint32_t k = stmt.preorder(); k < stmt.subtreeEnd(); ++k)
        if (ts::Node n = stmt.preorderAt(k); n.is("identifier") || n.is("attribute")) read_tensors.insert(n.text());
    }
    addStatements(m, spots[i], runStart(m, spots[i].sync), reads);
    const std::vector<ts::Node>& lead_via = spots[i].batch.via_calls;
    const python::Function* lead_fn = m.enclosingFunction(lead_via.empty() ? spots[i].sync.at : lead_via.front());
    const Diagnostic* kinds = spots[i].finding.fixes.empty() ? nullptr : &spots[i].finding;
    size_t j = i + 1;
    for (; j < spots.size(); ++j) {
      ReadbackSpot& s = spots[j];
      // Any sync drains the queue (a read, a test, a synchronize, a blocking
      // copy): the syncs right after it find it drained.
      if (!sameContext(spots[i].batch, s.batch) || !fixesMerge(kinds, s.finding)) break;
      // Some read of the run must always run before this one.
      Join join = Join::No;
      for (size_t k = reads.size(); k-- > 0 && join == Join::No;)
        join = readsRightAfter(m, reads[k], s, read_tensors, sync_stmts);
      if (join == Join::No) break;
      if (join == Join::Drained && !readsValue(s.sync)) join = Join::Waits;
      if (!kinds && !s.finding.fixes.empty()) kinds = &s.finding;
      // A spot beside the lead in the same helper is shown where it is.
      bool beside_lead = s.batch.via_calls == lead_via &&
                         m.enclosingFunction(s.sync.at) == m.enclosingFunction(spots[i].sync.at);
      members.push_back({&s, beside_lead ? s.sync.at : shownIn(m, s, lead_fn), join});
      addStatements(m, s, statementOf(s.sync.at), reads);
    }
    out.push_back(merged(m, spots[i], members));
    i = j;
  }
  return out;
}

}  // namespace gpulint::checks
