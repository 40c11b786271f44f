#include "checkers/data/GPU102_no_prefetch.h"

#include "frontend/python/syntax.h"

#include <map>
#include <set>
#include <string>

#include "checkers/data/host_batch.h"
#include "checkers/data/tf_pipeline.h"
#include "checkers/python_common.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
using host_batch::classify;
using host_batch::copiedValue;
using host_batch::Origin;
using tf_data::appendPrefetch;
using tf_data::iterated;
using tf_data::Pipeline;
using tf_data::tracePipeline;

std::string lineOf(ts::Node n) { return std::to_string(n.line()); }

Diagnostic finding(Location where, std::string message) {
  Diagnostic d;
  d.rule = "GPU102";
  d.level = Level::Warning;
  d.location = std::move(where);
  d.message = std::move(message);
  return d;
}

// ---- (a) tf.data pipelines -------------------------------------------------

void reportPipeline(const ScriptModel& m, const Pipeline& p, ts::Node consumer, const std::string& how,
                    DiagnosticSink& sink) {
  ts::Node callee = p.end.field("function");
  uint32_t begin = callee.is("attribute") ? callee.field("attribute").begin() : p.end.begin();
  Diagnostic d = finding(
      m.location(begin, p.end.end()),
      "The tf.data pipeline " + how + " at line " + lineOf(consumer) +
          " ends without .prefetch(...): TensorFlow reads, maps and batches the next element only when "
          "the step asks for it, so the GPU idles while the CPU prepares every batch. Append "
          ".prefetch(tf.data.AUTOTUNE) here so input preparation overlaps with the training step.");
  d.related.push_back({m.location(consumer), "the pipeline is consumed here"});
  if (!(p.source == p.end)) d.related.push_back({m.location(p.source), "the pipeline starts here"});
  if (auto edit = appendPrefetch(m, p.end))
    d.fixes.push_back(Fix{"Append .prefetch(tf.data.AUTOTUNE)", Applicability::Safe, {*edit}});
  sink.report(std::move(d));
}

void checkPipelines(const ScriptModel& m, DiagnosticSink& sink) {
  std::set<uint32_t> reported;  // one finding per pipeline end, however many consumers
  auto consume = [&](ts::Node expr, ts::Node consumer, const std::string& how) {
    if (!expr) return;
    std::vector<Pipeline> found;
    tracePipeline(m, iterated(m, expr), ts::Node(), true, 0, found);
    for (const Pipeline& p : found)
      if (reported.insert(p.end.begin() * 2u + p.end.end()).second) reportPipeline(m, p, consumer, how, sink);
  };
  for (const Call& c : m.calls()) {
    if (c.method != "fit" || !c.receiver) continue;
    consume(c.argument("x", 0), c.node, "consumed by " + std::string(c.callee.text()) + "()");
    consume(c.keyword("validation_data"), c.node,
            "passed as validation_data to " + std::string(c.callee.text()) + "()");
  }
  for (const python::Loop& l : m.loops()) {
    // Only batch loops: a one-off `for x in ds.take(1):` peek is no stall.
    if (l.kind != python::LoopKind::Step && l.kind != python::LoopKind::Eval) continue;
    consume(l.iterable, l.node, std::string("iterated by the ") + python::loopKindName(l.kind));
  }
}

// ---- (b) DataLoader(prefetch_factor <= 1) ----------------------------------

constexpr int kNumWorkersIndex = 5;

void checkLoader(const ScriptModel& m, const Call& c, DiagnosticSink& sink) {
  ts::Node factor = c.keyword("prefetch_factor");
  ts::Node workers = c.argument("num_workers", kNumWorkersIndex);
  // Omitted prefetch_factor means 2; no workers is GPU101's finding.
  if (!factor || !workers) return;
  python::ResolvedValue f = m.resolve(factor), w = m.resolve(workers);
  auto fi = f.asInt(), wi = w.asInt();
  // Unknown values never fire.
  if (f.kind != python::ResolvedValue::Kind::Int || w.kind != python::ResolvedValue::Kind::Int) return;
  if (!fi || !wi || *fi > 1 || *wi <= 0) return;
  Diagnostic d = finding(
      m.location(factor.parent()),
      "DataLoader lets each of its " + std::to_string(*wi) + " workers keep only " +
          (*fi == 1 ? "one batch" : "no batch") + " ready ahead of the step (prefetch_factor resolves to " +
          f.display() + originSuffix(f) + "); whenever a batch takes longer to load than a step takes to "
          "run, the GPU idles until it arrives. Remove prefetch_factor (the default is 2) or raise it to 2-4.");
  d.related = relatedFrom(f);
  for (auto& r : relatedFrom(w)) d.related.push_back(std::move(r));
  sink.report(std::move(d));
}

// ---- (c) hand-sliced host batches copied to the GPU every step -------------

bool iteratesLoader(const ScriptModel& m, const python::Loop& loop) {
  for (ts::Node e : m.valueSources(iterated(m, loop.iterable), /*all_paths=*/true))
    if (const Call* c = e.is("call") ? m.callAt(e) : nullptr; c && isDataLoader(m, *c)) return true;
  return false;
}

// `sel = torch.from_numpy(order[i:i + bs]).cuda()` then `feats[sel]`,
// `labels[sel]` of tensors already on the GPU: the copy is an index vector,
// the batch is gathered on the GPU. A loader would not help.
bool onlyIndexesGpuTensors(const ScriptModel& m, const Call& copy) {
  auto uses = usesOfAssignedValue(m, copy, /*module_level=*/false);
  if (!uses || uses->empty()) return false;
  for (ts::Node n : *uses) {
    ts::Node up = n.parent();
    if (!up || !up.is("subscript") || !(python::syntax::unwrap(up.field("subscript")) == n) ||
        !m.mayLiveOnDevice(up.field("value")))
      return false;
  }
  return true;
}

struct Copy {
  const Call* call;
  Origin origin;
  python::BatchContext context;
  bool non_blocking = false;
};

void reportCopies(const ScriptModel& m, const std::vector<Copy>& copies, DiagnosticSink& sink) {
  const Copy& first = copies.front();
  const Call& c = *first.call;
  bool method = c.receiver && c.qualified.empty();  // x.to(...), not torch.tensor(...)
  std::string how = method ? std::string(m.file().text().substr(
                                    c.callee.field("attribute").begin(), c.node.end() - c.callee.field("attribute").begin()))
                               : std::string(c.callee.text()) + "(..., device=...)";
  if (method) how = how.size() > 40 ? "." + std::string(c.callee.field("attribute").text()) + "(...)" : "." + how;
  std::string slice(first.origin.slice.text());
  if (slice.size() > 40) slice = "a slice";
  size_t n = copies.size() - 1;
  std::string more = n ? " (and " + std::to_string(n) + (n == 1 ? " more copy" : " more copies") + " like it)" : "";
  // non_blocking=True from pageable memory still waits for the copy.
  std::string why = first.non_blocking ? "; non_blocking=True cannot overlap a copy from unpinned memory, so "
                                       : "; with no loader and no asynchronous copy, ";
  Diagnostic d = finding(
      m.location(c.node),
      "Every step of " + describeContext(m, first.context) + " slices a batch out of a host array (" + slice +
          ", created at line " + lineOf(first.origin.array) + ") and copies it to the GPU with " + how + more +
          why + "nothing prepares the next batch while the GPU computes, so the GPU idles through the slicing "
          "and the blocking transfer every step. Wrap the arrays in a TensorDataset and a DataLoader with "
          "num_workers > 0 and pin_memory=True, or pin the batch and copy it asynchronously: "
          ".pin_memory().to(device, non_blocking=True).");
  d.related = relatedFrom(m, first.context);
  d.related.push_back({m.location(first.origin.array), "the host array is created here"});
  for (size_t i = 1; i < copies.size(); ++i)
    d.related.push_back({m.location(copies[i].call->node), "another per-step copy of a host slice"});
  sink.report(std::move(d));
}

void checkManualBatching(const ScriptModel& m, DiagnosticSink& sink) {
  // One finding per step loop, at its first copy.
  std::map<uint32_t, std::vector<Copy>> per_loop;
  for (const Call& c : m.calls()) {
    ts::Node value = copiedValue(m, c);
    if (!value) continue;
    auto context = m.perStep(c.node);
    // Only training steps; a copy under a periodic guard is not per step.
    if (!context || context->kind != python::BatchKind::Step) continue;
    // The CPU fallback branch of `if device_type == "cuda":` copies nothing.
    if (m.onCpuPath(c.node)) continue;
    // Batches from a loader are GPU101/GPU103/GPU104's business.
    if (context->loop && iteratesLoader(m, *context->loop)) continue;
    Origin o = classify(m, value, 0);
    // A loader batch, data already on the GPU, or something we cannot see.
    if (o.kind != Origin::Host || !o.sliced) continue;
    // `self.weight_tab[t]` with `t` drawn on the GPU: a lookup in a table by
    // the step's device indices (a noise schedule, a class weight), not a
    // batch cut from the data; a loader would not replace it.
    if (ts::Node slice = python::syntax::unwrap(o.slice); slice && slice.is("subscript"))
      if (ts::Node index = slice.field("subscript"); index && m.mayLiveOnDevice(index)) continue;
    if (onlyIndexesGpuTensors(m, c)) continue;
    ts::Node nb = c.keyword("non_blocking");
    bool non_blocking = nb && m.resolve(nb).truthiness().value_or(false);
    // A pinned batch copied with non_blocking=True is an asynchronous prefetch (nanoGPT).
    if (o.pinned && non_blocking) continue;
    per_loop[context->scope.begin()].push_back({&c, o, *context, non_blocking});
  }
  for (const auto& [loop, copies] : per_loop) reportCopies(m, copies, sink);
}

}  // namespace

void NoPrefetch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  checkPipelines(m, sink);
  for (const Call& c : m.calls())
    if (isDataLoader(m, c) && !c.has_star_kwargs) checkLoader(m, c, sink);
  checkManualBatching(m, sink);
}

}  // namespace gpulint::checks
