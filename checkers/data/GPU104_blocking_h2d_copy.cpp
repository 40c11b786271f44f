#include "checkers/data/GPU104_blocking_h2d_copy.h"

#include <optional>

#include "checkers/data/h2d_copies.h"
#include "checkers/data/host_joined_copies.h"
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

// `images.to(device)` of `images = torch.cat(views)`: the join made a
// pageable tensor of the pinned parts; no flag makes its copy asynchronous.
void reportJoined(const python::ScriptModel& model, const python::Loop& loop, const HostJoinedCopy& joined,
                  ts::Node pinned, DiagnosticSink& sink) {
  const python::Call& copy = *joined.copy;
  Diagnostic d;
  d.rule = "GPU104";
  d.level = Level::Note;
  d.location = model.location(copy.node);
  std::string join(joined.join->node.text().substr(0, joined.join->node.text().find('\n')));
  std::string parts(joined.join->positional[0].text());
  std::string text(copy.node.text());
  if (text.size() > 60 || text.find('\n') != std::string::npos)
    text = std::string(copy.receiver.text()).substr(0, 40) + "." + copy.method + "(...)";
  d.message = "`" + text + "` copies `" + join +
              "`, joined on the host at " + lineRef(model, joined.join->node) + " from the pinned batch (the loader "
              "sets pin_memory=True at " + lineRef(model, pinned) + ") on every step of the " +
              python::loopKindName(loop.kind) + " at line " + std::to_string(loop.node.line()) +
              ": the join writes a new tensor in pageable memory, so the copy blocks the CPU whatever non_blocking "
              "says and the GPU idles until it has finished. Copy the parts with .to(device, non_blocking=True) and "
              "join them on the GPU (`" + std::string(python::syntax::lastName(joined.join->callee)) + "([p.to(device, non_blocking=True) for p in " + parts + "], ...)`)." +
              gpuFlagNote(model);
  d.related.push_back({model.location(joined.join->node), "the batch's parts are joined on the host here"});
  d.related.push_back({model.location(pinned.parent().is("keyword_argument") ? pinned.parent() : pinned),
                       "the loader pins its batches here"});
  d.related.push_back({headerLocation(model, loop.node), "runs once per batch in this loop"});
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

// The loaders of `next(it)` when the copied name was drawn that way and
// the copy is in the loop itself (`x, y = next(batches)`); nullopt else.
std::optional<std::vector<const python::Call*>> drawnLoaders(const python::ScriptModel& model, const BlockingCopy& copy) {
  ts::Node root = copy.copy->receiver ? python::syntax::unwrap(copy.copy->receiver) : ts::Node();
  while (root && (root.is("subscript") || root.is("attribute")))
    root = python::syntax::unwrap(root.is("subscript") ? root.field("value") : root.field("object"));
  if (copy.via || !root || !root.is("identifier")) return std::nullopt;
  auto b = model.lastBinding(root);
  const python::Call* c = b && b->value && !b->conditional && b->value.is("call") ? model.callAt(b->value) : nullptr;
  if (!c || c->method != "next" || !c->callee.is("identifier") || c->positional.empty()) return std::nullopt;
  auto drawn = loadersOf(model, c->positional[0]);
  if (drawn.empty()) return std::nullopt;
  return drawn;
}

// The loop's batches come through one expression: its iterable (no `zip`
// or `chain` of several), or a single `next(it)`.
bool drawsFromOneSource(const python::ScriptModel& model, const python::Loop& loop) {
  int sources = 0;
  if (loop.iterable && !loadersOf(model, loop.iterable).empty()) {
    for (const python::Call& c : model.callsIn(loop.iterable))
      if (loop.iterable.contains(c.node) && python::syntax::oneOf(c.method, {"zip", "chain", "product"})) return false;
    ++sources;
  }
  for (const python::Call& c : model.callsIn(loop.node.field("body")))
    if (model.enclosingLoop(c.node) == &loop && c.method == "next" && !c.positional.empty() &&
        !loadersOf(model, c.positional[0]).empty())
      ++sources;
  return sources == 1;
}

// The pin_memory keyword of the first loader that pins; null when none
// does, or when some does not and the batch may come from it.
struct Pinning {
  ts::Node pinned;
  bool mixed = false;       // another loader that may feed the copy does not pin
  bool unpinnable = false;  // a pinning loader collates a batch class without pin_memory()
};
Pinning pinningOf(const python::ScriptModel& model, const std::vector<const python::Call*>& loaders, bool any_suffices) {
  Pinning p;
  for (const python::Call* loader : loaders) {
    ts::Node keyword = pinnedKeyword(model, *loader);
    if (!keyword) {
      p.mixed = true;
      continue;
    }
    if (!p.pinned) p.pinned = keyword;
    p.unpinnable = p.unpinnable || collatesUnpinnable(model.ownerOf(loader->node), *loader);
  }
  if (p.mixed && !any_suffices) p.pinned = {};
  return p;
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
    // pageable batches of the others nothing. Not so for a loop that draws
    // from several loaders at once (two `next()` iterators, `zip(a, b)`)
    // when the copy's own one is unknown: all must pin.
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, loop);
    bool one_source = drawsFromOneSource(model, loop);
    for (const BlockingCopy& copy : blockingCopies(model, loop)) {
      auto drawn = drawnLoaders(model, copy);
      Pinning p = drawn ? pinningOf(model, *drawn, true) : pinningOf(model, loaders, one_source);
      if (!p.pinned) continue;
      // The batch object itself (`samples.to(device)` of the loop's own
      // name) is a class without pin_memory() that stays pageable whatever
      // the loader asks (GPU103 says so); tensors inside the item's dicts
      // and lists are pinned and stay reported.
      if (p.unpinnable && !copy.via && copy.copy->receiver && loopBindsItemName(loop, copy.copy->receiver)) continue;
      report(model, loop, copy, p.pinned, p.mixed, sink);
    }
    // Parts of a pinned batch joined on the host, then copied.
    if (Pinning p = pinningOf(model, loaders, false); p.pinned)
      for (const HostJoinedCopy& joined : hostJoinedCopies(model, loop)) reportJoined(model, loop, joined, p.pinned, sink);
  }
}

}  // namespace gpulint::checks
