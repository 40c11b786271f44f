#include "checkers/data/GPU104_blocking_h2d_copy.h"

#include "checkers/python_common.h"
#include "fixits/python_edits.h"

namespace gpulint::checks {

namespace {

// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers, collate_fn, pin_memory, ...)
constexpr int kPinMemoryIndex = 7;

// The loader's pin_memory keyword when it resolves to True; null otherwise
// (omitted, False, unknown, or possibly hidden in **kwargs).
ts::Node pinnedKeyword(const python::ScriptModel& model, const python::Call& loader) {
  ts::Node arg = loader.argument("pin_memory", kPinMemoryIndex);
  if (!arg) return {};
  python::ResolvedValue value = model.resolve(arg);
  auto on = value.truthiness();
  if (!on || !*on || value.kind == python::ResolvedValue::Kind::String) return {};
  return arg;
}

void checkCopy(const python::ScriptModel& model, const python::Loop& loop, const python::Call& copy, ts::Node pinned,
               DiagnosticSink& sink) {
  int index = copy.method == "cuda" ? 1 : 2;  // .cuda(device, non_blocking) / .to(device, dtype, non_blocking)
  if (copy.mayHideArgument("non_blocking", index)) return;
  ts::Node nb = copy.argument("non_blocking", index);
  if (nb) {
    python::ResolvedValue value = model.resolve(nb);
    auto on = value.truthiness();
    // Asynchronous already, or unknown (non_blocking=args.async_copy with no default).
    if (!on || *on) return;
  }
  Diagnostic d;
  d.rule = "GPU104";
  d.level = Level::Note;
  d.location = model.location(copy.node);
  std::string text(copy.node.text());
  if (text.size() > 60 || text.find('\n') != std::string::npos)
    text = std::string(copy.receiver.text()) + "." + copy.method + "(...)";
  d.message = "`" + text + "` copies a pinned batch (the loader sets pin_memory=True at " + lineRef(model, pinned) +
              ") on every step of the " + python::loopKindName(loop.kind) +
              " at line " + std::to_string(loop.node.line()) +
              " without non_blocking=True: the CPU waits for the copy to finish before it queues the next "
              "kernels, so the transfer never overlaps with the GPU's work and the GPU idles in between. Pass "
              "non_blocking=True." + gpuFlagNote(model);
  // Call site -> where the loader was made, when another file built it.
  d.related = handOffSites(model, loop, model.ownerOf(pinned));
  d.related.push_back({model.location(pinned.parent().is("keyword_argument") ? pinned.parent() : pinned),
                       "the loader pins its batches here"});
  d.related.push_back({headerLocation(model, loop.node), "runs once per batch in this loop"});
  Fix fix{"Pass non_blocking=True", Applicability::Safe, {}};
  if (!nb) fix.edits.push_back(fixits::addKeywords(model, copy, {{"non_blocking", "True"}}));
  else if (nb.is("false")) fix.edits.push_back(fixits::replaceNode(model, nb, "True"));
  if (!fix.edits.empty()) d.fixes.push_back(std::move(fix));
  sink.report(std::move(d));
}

}  // namespace

void BlockingH2DCopy::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  for (const python::Loop& loop : model.loops()) {
    if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) continue;
    // Only loaders known to pin: copying pageable memory blocks anyway (GPU103).
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, loop);
    ts::Node pinned;
    for (const python::Call* loader : loaders) {
      pinned = pinnedKeyword(model, *loader);
      if (!pinned) break;
    }
    if (!pinned) continue;
    ts::Node body = loop.node.field("body");
    for (const python::Call& c : model.calls()) {
      if (!body.contains(c.node) || !c.receiver || (c.method != "to" && c.method != "cuda")) continue;
      // A copy of this loop's batch to a CUDA device (not the model, not a dtype cast, not a CPU branch).
      if (!(model.deviceOrigin(c.node) == c.node) || model.onCpuPath(c.node)) continue;
      if (batchSourceLoop(model, c.receiver) != &loop) continue;
      // Under a periodic guard or in a nested loop: not once per step of this loop.
      auto step = model.perStep(c.node);
      if (!step || step->loop != &loop) continue;
      checkCopy(model, loop, c, pinned, sink);
    }
  }
}

}  // namespace gpulint::checks
