#include "checkers/model/GPU206_per_step_logging.h"

#include <set>
#include <vector>

#include "checkers/item_output.h"
#include "checkers/model/effect_calls.h"
#include "checkers/model/helper_effects.h"
#include "checkers/model/host_sync.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;

constexpr const char* kWhyLogging =
    " Formatting the record and writing it to the console, a file or a tracker takes host time on each "
    "step, and while Python is busy with it no new kernels are queued, so a fast GPU waits between "
    "steps. ";

// Calls in a batch loop of helpers defined in another file that log on every
// call (`log_progress(step, msg)` printing): one finding at the call, the
// helper's log call as a related location. A helper whose log copies a GPU
// value is GPU201's finding instead.
void reportHelperLogs(const ScriptModel& m, HelperEffects& effects, DiagnosticSink& sink) {
  std::vector<std::pair<ts::Node, Diagnostic>> by_block;  // one logging event per block of the loop
  for (const HelperCall& hc : helperCallsWith(m, Effect::Logging, effects)) {
    if (effects.of(*hc.helper_model, *hc.helper).site(Effect::HostSync)) continue;
    // `say(f"loss {loss.item():.4f}")`: the arguments read a GPU value, which
    // GPU201 reports at this call (one logging event, one finding).
    if (effect_calls::readsDeviceInArguments(m, *hc.call)) continue;
    ts::Node block = host_sync::statementOf(hc.call->node).parent();
    if (!by_block.empty() && by_block.back().first == block) {
      by_block.back().second.related.push_back({m.location(hc.call->node), "logs again here"});
      continue;
    }
    by_block.emplace_back(
        block, helperCallDiagnostic(m, hc, "GPU206", Level::Note,
                                    "`" + std::string(hc.call->callee.text()) + "(...)` logs on every " +
                                        (hc.batch.kind == python::BatchKind::Eval ? "batch" : "step") + " of " +
                                        describeContext(m, hc.batch) + ": " + helperChain(m, hc) + "." + kWhyLogging +
                                        "Call it every N steps (`if step % log_every == 0:`) or aggregate on the GPU "
                                        "and log once per interval.",
                                    "the helper logs here"));
  }
  for (auto& [block, d] : by_block) sink.report(std::move(d));
}

// A log call that runs a project function of another file whose body syncs
// (`accelerator.log(...)` when accelerate itself is analysed): GPU201
// reports it at this call (one logging event, one finding).
bool helperSyncs(const ScriptModel& m, const Call& c, HelperEffects& effects) {
  auto [other, helper] = m.calledElsewhere(c);
  return helper && effects.of(*other, *helper).site(Effect::HostSync);
}

bool viaCallCarriesSync(const ScriptModel& m, const python::BatchContext& batch) {
  for (ts::Node via : batch.via_calls)
    if (const Call* call = m.callAt(via); call && effect_calls::carriesSync(m, *call)) return true;
  return false;
}

// The names a loop binds to its current item: every target name but a
// counter (`for i, (path, img) in enumerate(source)`: path, img; none for
// `for i in range(n)`).
std::vector<std::string_view> itemNames(const ScriptModel& m, const python::Loop& loop) {
  ts::Node target = loop.target;
  const Call* it = loop.iterable && loop.iterable.is("call") ? m.callAt(loop.iterable) : nullptr;
  ts::Node counter;
  if (it && it->method == "enumerate" && target && (target.is("pattern_list") || target.is("tuple_pattern"))) {
    counter = target.namedChild(0);
    it = !it->positional.empty() && it->positional[0].is("call") ? m.callAt(it->positional[0]) : nullptr;
  }
  if (it && (it->method == "range" || it->method == "trange")) return {};
  std::vector<std::string_view> out;
  std::vector<ts::Node> stack{target};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n || n == counter) continue;
    if (n.is("identifier") && n.text() != "_") out.push_back(n.text());
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return out;
}

// RULES.md GPU206: in a script that never trains, an evaluation loop's record
// that names the loop's current item (`log.info(f"{path}: {n} objects")`) is
// the per-item result an inference tool prints for its user, its output like
// a predictions file, not telemetry: it stays silent. Per-batch progress of an
// evaluation (a counter, a loss, a metric) still counts.
bool reportsCurrentItem(const ScriptModel& m, const Call& log, const python::BatchContext& batch) {
  if (batch.kind != python::BatchKind::Eval || !batch.loop) return false;
  std::vector<std::string_view> items = itemNames(m, *batch.loop);
  if (items.empty()) return false;
  // A loop inside the pass over the batch's items (`for name, word in
  // zip(names, words):`) binds one item of them at a time: its names are
  // items too.
  for (const python::Loop& inner : m.loops()) {
    if (&inner == batch.loop || !inner.iterable || !batch.loop->node.contains(inner.node) ||
        !inner.node.contains(log.node))
      continue;
    bool over_items = false;
    for (std::string_view name : items) over_items = over_items || python::syntax::containsWord(inner.iterable.text(), {name});
    if (!over_items) continue;
    for (std::string_view name : itemNames(m, inner)) items.push_back(name);
  }
  // The item itself (its name, path, id string); `images.shape[0]` or
  // `batch["loss"]` reports a property of a batch: per-batch telemetry.
  bool names_item = false;
  std::vector<std::pair<ts::Node, int>> stack{{log.node.field("arguments"), 0}};
  while (!stack.empty() && !names_item) {
    auto [n, hops] = stack.back();
    stack.pop_back();
    ts::Node parent = n.parent();
    bool whole = !(parent && (parent.is("attribute") || (parent.is("subscript") && parent.namedChild(0) == n)));
    if (n.is("identifier") && whole) {
      for (std::string_view name : items) names_item = names_item || n.text() == name;
      // `s = f"{path} [{i}] "` then `print(f"{s}done")`: the line is built
      // from the item one binding earlier.
      if (auto b = hops == 0 ? m.lastBinding(n) : std::nullopt; b && b->value && !b->conditional && !b->parameter &&
                                                                  batch.loop->node.contains(b->value))
        stack.push_back({b->value, hops + 1});
    }
    for (ts::Node k : n.namedChildren()) stack.push_back({k, hops});
  }
  return names_item && !scriptTrains(m);  // asked last: it reads every loop and call of the file
}

constexpr const char* kSameBlock =
    " The statements right after it log in the same block (see the notes): one guard covers them all.";

// The statement before `stmt` in its block, skipping comments; null at the block's start.
// The statement of `block` that is `stmt` or holds it inside an if or with
// body; null when `stmt` lies elsewhere (or behind a loop or a def).
ts::Node heldIn(ts::Node block, ts::Node stmt) {
  for (ts::Node s = stmt; s && !(s == block); s = s.parent()) {
    if (s.parent() == block) return s;
    if (python::syntax::isLoop(s) || python::syntax::isScope(s)) return {};
  }
  return {};
}

ts::Node previousStatement(ts::Node stmt) {
  ts::Node p = stmt ? stmt.prevNamedSibling() : ts::Node();
  while (p && p.is("comment")) p = p.prevNamedSibling();
  return p;
}

// Both calls write through one logger: the same object (`tb.add_scalar`,
// `tb.add_text`) or the same function (`print`, `wandb.log`).
bool sameLogger(const Call& a, const Call& b) {
  if (a.receiver || b.receiver)
    return a.receiver && b.receiver && a.receiver.text() == b.receiver.text();
  return a.callee.text() == b.callee.text();
}

bool followsOnlyLogs(const ScriptModel& m, ts::Node top, ts::Node run_end, const Call& logger);

// The if or with body chain's holder of `stmt`, outermost, up to its loop or function body: the guard
// that decides whether `stmt` runs (`if writer is not None and step % k == 0:`); null when none.
ts::Node outermostGuard(ts::Node stmt) {
  ts::Node guard;
  for (ts::Node s = stmt;;) {
    ts::Node block = s.parent(), holder = block && block.is("block") ? block.parent() : ts::Node();
    if (holder && (holder.is("else_clause") || holder.is("elif_clause"))) holder = holder.parent();
    if (!holder || !(holder.is("if_statement") || holder.is("with_statement"))) return guard;
    if (holder.is("if_statement")) guard = holder;
    s = holder;
  }
}

// The statement that continues a run of logs ending at `run_end` with the
// log statement `stmt`: the statement of the run's block (or of a block
// around it, through if and with bodies: a run that began a guard deeper)
// that holds `stmt` and follows the run's last statement there. Null when none.
ts::Node continuesRun(const ScriptModel& m, ts::Node stmt, ts::Node run_end, ts::Node guard, const Call& logger) {
  for (ts::Node end = run_end; end;) {
    // Past the guard of the run's first log, a log is no longer covered by it.
    if (!(end == run_end) && !(guard && guard.contains(end) && !(guard == end))) return {};
    ts::Node top = heldIn(end.parent(), stmt);
    if (top && (followsOnlyLogs(m, top, end, logger) || (top == end && !(top == stmt)))) return top;
    // Up to the if or with statement whose body holds `end`.
    ts::Node block = end.parent(), holder = block && block.is("block") ? block.parent() : ts::Node();
    if (holder && (holder.is("else_clause") || holder.is("elif_clause"))) holder = holder.parent();
    end = holder && (holder.is("if_statement") || holder.is("with_statement")) ? holder : ts::Node();
  }
  return {};
}

// `top` comes right after `run_end` in their block, or after `if`s between
// them that only log through the same logger (`if clip is not None:
// tb.add_scalar("clip", clip, i)`, off here and so no finding of its own).
bool followsOnlyLogs(const ScriptModel& m, ts::Node top, ts::Node run_end, const Call& logger) {
  ts::Node p = previousStatement(top);
  for (; p && !(p == run_end); p = previousStatement(p)) {
    if (!p.is("if_statement")) return false;
    for (const Call& c : m.callsIn(p))
      if (p.contains(c.node) && !(effect_calls::writesLogRecord(m, c) && sameLogger(c, logger))) return false;
  }
  return p && p == run_end;
}

}  // namespace

void PerStepLogging::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  if (runsOnCpuOnly(m)) return;  // no GPU to idle
  HelperEffects effects;
  std::set<std::vector<uint32_t>> reported_chains;
  std::vector<Diagnostic> found;
  const python::Loop* run_loop = nullptr;  // the last finding's loop and the last statement of its run
  ts::Node run_end;
  ts::Node run_guard;  // the outermost if around the run's first log: what covers the run
  const Call* run_call = nullptr;
  size_t run_related = 0;
  // Without a batch loop or step hook perStep answers none: no call need be read.
  bool per_step = m.mayRunPerStep();
  for (const Call& c : m.calls()) {
    if (!per_step || !effect_calls::writesLogRecord(m, c)) continue;
    auto batch = m.perStep(c.node);
    if (!batch) continue;  // once per epoch, under a periodic guard, or behind a flag that is off
    if (stepsOncePerEpoch(*batch)) continue;  // full-batch training: one record per epoch
    if (effect_calls::carriesSync(m, c) || helperSyncs(m, c, effects)) continue;
    // `print0(f"... {norm:.4f}")` calling a print wrapper: the call in the
    // loop formats a GPU tensor, which GPU201 reports there (one event).
    if (viaCallCarriesSync(m, *batch)) continue;
    if (reportsCurrentItem(m, c, *batch)) continue;
    // An evaluation pass that reads each result back and writes it to a file
    // (`cv2.imwrite`, `save_image`): its host work per item dwarfs a progress line.
    if (batch->kind == python::BatchKind::Eval && writesEachItemOutput(m, *batch)) continue;
    // An evaluation pass that decodes with generate() waits for the GPU after
    // every token it makes: one progress line per batch costs nothing beside it.
    if (generatesPerItem(m, *batch)) continue;
    // One logging event per step: a helper that writes to each of several
    // trackers (`tensorboard_tracker.log(...)`, `wandb_tracker.log(...)`) is
    // reported once, at its first log, for the call chain that reaches it.
    if (!batch->via_calls.empty()) {
      std::vector<uint32_t> chain;
      for (ts::Node via : batch->via_calls) chain.push_back(via.begin());
      if (!reported_chains.insert(std::move(chain)).second) continue;
    }
    // `tb.add_scalar("loss", ...)` then `tb.add_scalar("lr", ...)` on the
    // next line: one run of one logger's statements, one guard around them, one finding.
    ts::Node stmt = host_sync::statementOf(c.node);
    // Also one nested a guard deeper (`if update_grad: tb.add_scalar("grad_norm", ...)`
    // between two logs of the block), or one after such a nested log.
    ts::Node top = run_end && batch->via_calls.empty() && batch->loop == run_loop && sameLogger(c, *run_call)
                       ? continuesRun(m, stmt, run_end, run_guard, *run_call)
                       : ts::Node();
    if (top) {
      Diagnostic& first = found.back();
      if (first.related.size() == run_related) first.message += kSameBlock;
      first.related.push_back({callHead(m, c), "logs in the same block: the same guard covers it"});
      run_end = top;
      continue;
    }
    ShortGuardNote guard = shortGuardNote(m, c.node, *batch);
    Diagnostic d;
    d.rule = "GPU206";
    d.level = Level::Note;
    d.location = callHead(m, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` logs on every " +
                (batch->kind == python::BatchKind::Eval ? "batch" : "step") + " of " + describeContext(m, *batch) +
                "." + guard.clause + kWhyLogging + "Log every N steps (`if step % log_every == 0:`) or aggregate on the GPU and log once per "
                "interval.";
    d.related = relatedFrom(m, *batch);
    d.related.insert(d.related.end(), guard.related.begin(), guard.related.end());
    run_related = d.related.size();
    found.push_back(std::move(d));
    run_loop = batch->via_calls.empty() ? batch->loop : nullptr;
    run_end = batch->via_calls.empty() ? stmt : ts::Node();
    run_guard = outermostGuard(stmt);
    run_call = &c;
  }
  for (Diagnostic& d : found) sink.report(std::move(d));
  if (m.project()) reportHelperLogs(m, effects, sink);
}

}  // namespace gpulint::checks
