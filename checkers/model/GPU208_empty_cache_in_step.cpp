#include "checkers/model/GPU208_empty_cache_in_step.h"

#include "checkers/python_common.h"
#include "fixits/python_edits.h"

namespace gpulint::checks {

namespace {

// The expression statement that is exactly `call`, or null (`x = f()` and
// calls nested in other expressions are not; in `a(); f()` each call is a
// statement of its own).
ts::Node wholeStatement(ts::Node call) {
  ts::Node stmt = call.parent();
  if (!stmt || !stmt.is("expression_statement") || stmt.namedChildCount() != 1) return {};
  return stmt;
}

// A neighbouring `gc.collect()` statement: the usual companion of the call.
ts::Node companionCollect(const python::ScriptModel& model, ts::Node stmt) {
  for (ts::Node n : {stmt.prevNamedSibling(), stmt.nextNamedSibling()}) {
    if (!n || !n.is("expression_statement") || n.namedChildCount() != 1) continue;
    const python::Call* c = model.callAt(n.namedChild(0));
    if (c && c->qualified == "gc.collect") return n;
  }
  return {};
}

}  // namespace

void EmptyCacheInStep::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  for (const python::Call& call : model.calls()) {
    if (call.qualified != "torch.cuda.empty_cache") continue;
    // Once per epoch, after evaluation, under a periodic guard or in an
    // out-of-memory handler: releasing the cache there is cheap.
    auto batch = model.perStep(call.node);
    if (!batch) continue;
    // A pass that decodes with generate() runs hundreds of forward passes,
    // each ending in a host read: releasing the cache once per item is noise beside it.
    if (generatesPerItem(model, *batch)) continue;
    Diagnostic d;
    d.rule = "GPU208";
    d.level = Level::Warning;
    d.location = model.location(call.node);
    ts::Node stmt = wholeStatement(call.node);
    ts::Node collect = stmt ? companionCollect(model, stmt) : ts::Node();
    // `if (step + 1) % update_freq == 0:` with update_freq 1: say why the guard does not count.
    ShortGuardNote guard = shortGuardNote(model, call.node, *batch);
    d.message = "torch.cuda.empty_cache() runs on every batch of " + describeContext(model, *batch) +
                ": it hands PyTorch's cached GPU memory back to the driver, which first waits for all queued "
                "GPU work, and the next step has to allocate that memory again with cudaMalloc, so the GPU "
                "drains and idles around every call" +
                std::string(collect ? ", and the gc.collect() beside it stalls the step for a full Python "
                                      "garbage-collection pass"
                                    : "") +
                "." + guard.clause +
                " Delete it; if memory is fragmented, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
                "or empty the cache once per epoch.";
    d.related = relatedFrom(model, *batch);
    if (collect) d.related.push_back({model.location(collect), "gc.collect() on every batch too"});
    for (auto& r : guard.related) d.related.push_back(std::move(r));
    // The statement goes with its `;` and comment; `pass` takes its place
    // when it is the only statement of its block.
    if (stmt)
      if (auto edit = fixits::deleteStatement(model, stmt))
        d.fixes.push_back(Fix{"Delete torch.cuda.empty_cache()", Applicability::Unsafe, {*edit}});
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
