#include "checkers/data/GPU104_blocking_h2d_copy.h"

#include "checkers/data/h2d_copies.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// " (through train_step() called at line 22)" for a copy in a helper.
std::string through(const BlockingCopy& blocking) {
  if (!blocking.via) return "";
  return " (through " + blocking.via->method + "() called at line " + std::to_string(blocking.via->node.line()) + ")";
}

void report(const python::ScriptModel& model, const python::Loop& loop, const BlockingCopy& blocking, ts::Node pinned,
            bool mixed, DiagnosticSink& sink) {
  const python::Call& copy = *blocking.copy;
  Diagnostic d;
  d.rule = "GPU104";
  d.level = Level::Note;
  d.location = model.location(copy.node);
  std::string text(copy.node.text());
  if (text.size() > 60 || text.find('\n') != std::string::npos)
    text = std::string(copy.receiver.text()) + "." + copy.method + "(...)";
  // `pin_memory=PIN_MEMORY`: where the True comes from (an environment default, an option).
  python::ResolvedValue pin = model.ownerOf(pinned).resolve(pinned);
  std::string origin = pin.chain.empty() ? "" : ", " + std::string(pinned.text()) + originSuffix(pin);
  d.message = "`" + text + "` copies a pinned batch (the loader sets pin_memory=True at " + lineRef(model, pinned) +
              origin + ") on every step of the " + python::loopKindName(loop.kind) +
              " at line " + std::to_string(loop.node.line()) + through(blocking) +
              " without non_blocking=True: the CPU waits for the copy to finish before it queues the next "
              "kernels, so the transfer never overlaps with the GPU's work and the GPU idles in between. Pass "
              "non_blocking=True" +
              (mixed ? " (the other loaders that reach this loop do not pin; for their batches it changes nothing)"
                     : "") +
              "." + gpuFlagNote(model);
  // Call site -> where the loader was made, when another file built it.
  d.related = handOffSites(model, loop, model.ownerOf(pinned));
  d.related.push_back({model.location(pinned.parent().is("keyword_argument") ? pinned.parent() : pinned),
                       "the loader pins its batches here"});
  for (RelatedLocation& r : relatedFrom(pin)) d.related.push_back(std::move(r));
  d.related.push_back({headerLocation(model, loop.node), "runs once per batch in this loop"});
  if (blocking.via) d.related.push_back({callHead(model, *blocking.via), "the helper is handed the batch here"});
  if (blocking.edit) d.fixes.push_back(Fix{"Pass non_blocking=True", Applicability::Safe, {*blocking.edit}});
  sink.report(std::move(d));
}

// `samples` in `for samples, targets in loader:`: a name the loop's target binds.
bool loopBindsItemName(const python::Loop& loop, ts::Node receiver) {
  receiver = python::syntax::unwrap(receiver);
  if (!receiver.is("identifier") || !loop.target) return false;
  std::vector<ts::Node> stack{loop.target};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("identifier") && n.text() == receiver.text()) return true;
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
  }
  return false;
}

}  // namespace

void BlockingH2DCopy::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  for (const python::Loop& loop : model.loops()) {
    if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) continue;
    // accelerate or Fabric placed the batch on the device already: its `.to()` copies nothing.
    if (libraryPlacement(model, loop)) continue;
    // Only loaders known to pin: copying pageable memory blocks anyway (GPU103).
    // A helper's loop may drain loaders of several callers: one that pins is
    // enough, since non_blocking=True speeds its copies and costs the
    // pageable batches of the others nothing.
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, loop);
    ts::Node pinned;
    bool unpinnable = false, mixed = false;
    for (const python::Call* loader : loaders) {
      ts::Node keyword = pinnedKeyword(model, *loader);
      if (!keyword) {
        mixed = true;
        continue;
      }
      if (!pinned) pinned = keyword;
      unpinnable = unpinnable || collatesUnpinnable(model.ownerOf(loader->node), *loader);
    }
    if (!pinned) continue;
    for (const BlockingCopy& copy : blockingCopies(model, loop)) {
      // The batch object itself (`samples.to(device)` of the loop's own
      // name) is a class without pin_memory() that stays pageable whatever
      // the loader asks (GPU103 says so); tensors inside the item's dicts
      // and lists are pinned and stay reported.
      if (unpinnable && !copy.via && copy.copy->receiver && loopBindsItemName(loop, copy.copy->receiver)) continue;
      report(model, loop, copy, pinned, mixed, sink);
    }
  }
}

}  // namespace gpulint::checks
