#include "checkers/data/fresh_iterators.h"

#include <algorithm>

#include "checkers/data/worker_restarts.h"
#include "checkers/python_common.h"
#include "frontend/python/frequency.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::checks {

namespace {

using python::Frequency;

// `next(iter(loader))`, or `it = iter(loader)` (the iterator kept in a name):
// a new pass over the loader starts here. An iterator made to be looped over
// (`for b in iter(loader)`) belongs to that loop.
bool startsPass(const python::Call& c) {
  if (c.method != "iter" || !c.callee.is("identifier") || c.positional.size() != 1 || !c.keywords.empty())
    return false;
  ts::Node parent = c.node.parent();
  if (parent.is("assignment")) return parent.field("right") == c.node && parent.field("left").is("identifier");
  if (!parent.is("argument_list") || parent.namedChildCount() != 1) return false;
  ts::Node outer = parent.parent();
  return outer.is("call") && outer.field("function").is("identifier") && outer.field("function").text() == "next";
}

// `except StopIteration: it = iter(loader)`: renewed when the loader runs
// out, once per epoch (LoaderRebuiltPerEpoch's renewed-iterator note).
bool inExceptClause(ts::Node n) {
  for (ts::Node p = n.parent(); p; p = p.parent()) {
    if (p.is("except_clause")) return true;
    if (p.is("function_definition")) return false;
  }
  return false;
}

// How often the pass starts, in words, with the related locations that show
// it; empty when neither every step, every N steps nor each of two or more
// epochs.
struct Repetition {
  std::string words;  // "on every step of the training step loop at line 40"
  Level level = Level::Note;
  std::vector<RelatedLocation> related;
  const python::Loop* loop = nullptr;  // the batch or epoch loop
};

std::optional<Repetition> repetitionOf(const python::ScriptModel& model, const RestartNote& note, ts::Node at) {
  python::ExecutionFrequency f = python::frequencyOf(model, at);
  const python::Loop* batch_loop = f.batch ? f.batch->loop : nullptr;
  if (f.how == Frequency::PerStep && batch_loop) {
    return Repetition{"on every step of the " + std::string(python::loopKindName(batch_loop->kind)) + " at " +
                          lineRef(note.model, batch_loop->node),
                      Level::Warning,
                      {{headerLocation(model, batch_loop->node), "the loop makes a new iterator on every step"}},
                      batch_loop};
  }
  if (f.how == Frequency::EveryNSteps && batch_loop && batch_loop->kind == python::LoopKind::Step &&
      !f.reasons.empty()) {
    ts::Node guard = f.reasons.front().node;
    std::string text(guard.text().substr(0, guard.text().find('\n')));
    return Repetition{"every N steps of the training step loop at " + lineRef(note.model, batch_loop->node) + " (`" +
                          text + "`)",
                      Level::Note,
                      {{model.location(guard), "the step loop reaches it under this guard"},
                       {headerLocation(model, batch_loop->node), "the training step loop"}},
                      batch_loop};
  }
  if (f.how != Frequency::PerEpoch) return std::nullopt;
  std::vector<const python::Loop*> epochs = model.epochLoopsAround(at);
  if (epochs.empty()) return std::nullopt;
  python::ResolvedValue bound;
  auto count = tripCount(model, *epochs.front(), &bound);
  if (!count || *count < 2) return std::nullopt;  // an unknown or single epoch count
  std::vector<RelatedLocation> related = relatedFrom(bound);
  related.push_back({headerLocation(model, epochs.front()->node), "the epoch loop"});
  std::string written = bound.chain.empty() ? "" : " (" + bound.display() + originSuffix(bound) + ")";
  return Repetition{"on each of the " + std::to_string(*count) + " epochs of the loop at " +
                        lineRef(note.model, epochs.front()->node) + written,
                    Level::Note, std::move(related), epochs.front()};
}

void reportAt(const python::ScriptModel& model, const python::Call& draw, const RestartNote& note,
              const Repetition& r, DiagnosticSink& sink) {
  std::string n = note.count();
  // `next(iter(loader))` is quoted whole: the draw a reader looks for.
  ts::Node shown = draw.node.parent().is("argument_list") ? draw.node.parent().parent() : draw.node;
  std::string restart = n == "1" ? "its worker process down and starts a new one, which imports and unpickles the dataset "
                                   "and prefetches"
                                 : "its " + workerCount(n, "worker process") + " down and starts new ones, which import "
                                   "and unpickle the dataset and prefetch";
  std::string message = "DataLoader with " + workerCount(n) + " is iterated anew by " + quote(shown) + " at " +
                        lineRef(note.model, draw.node) + " " + r.words + ", " + note.persistentPhrase() +
                        ": each new iterator shuts " + restart +
                        " batches before the first one arrives, while the GPU waits. ";
  message += r.level == Level::Warning
                 ? "Make the iterator once before the loop (`batches = iter(loader)`, renewed on StopIteration) and "
                   "draw with next(batches); persistent_workers=True at least keeps the processes."
                 : "Pass persistent_workers=True, or keep one iterator between draws.";
  std::vector<RelatedLocation> related{{model.location(draw.node), "a new iterator of the loader starts here"}};
  related.insert(related.end(), r.related.begin(), r.related.end());
  Diagnostic d = note.diagnostic(std::move(message), std::move(related));
  d.level = r.level;
  sink.report(std::move(d));
}

}  // namespace

bool drawsThroughFreshIterators(const python::ScriptModel& model, const python::Loop& loop,
                                const python::Call& loader) {
  for (const python::Call& c : model.callsIn(loop.node.field("body"))) {
    if (!startsPass(c) || inExceptClause(c.node)) continue;
    std::vector<const python::Call*> held = loadersOf(model, c.positional[0]);
    if (std::find(held.begin(), held.end(), &loader) != held.end()) return true;
  }
  return false;
}

void reportFreshIterators(const python::ScriptModel& model, const std::set<const python::Call*>& iterated,
                          DiagnosticSink& sink) {
  if (!model.mayRunPerStep() && model.loops().empty()) return;  // nothing repeats in this file
  for (const python::Call& c : model.calls()) {
    if (!startsPass(c) || inExceptClause(c.node)) continue;
    for (const python::Call* loader : loadersOf(model, c.positional[0])) {
      if (iterated.count(loader)) continue;  // judged with the loops that iterate it
      const python::ScriptModel& owner = model.ownerOf(loader->node);
      if (loader->mayHideArgument("num_workers", kNumWorkersIndex)) continue;
      ts::Node workers_arg = loader->argument("num_workers", kNumWorkersIndex);
      if (!workers_arg) continue;  // no workers to restart
      std::optional<RestartNote> note =
          restartingWorkers(owner, *loader, python::smallestCandidate(owner, workers_arg));
      if (!note) continue;
      std::optional<Repetition> r = repetitionOf(model, *note, c.node);
      // A loop that builds the loader on each pass rebuilds it rather than
      // restarts it; so does a helper that builds it on each call.
      if (!r || r->loop->node.contains(loader->node)) continue;
      const python::Function* f = model.enclosingFunction(c.node);
      if (&owner == &model && f && f->node.contains(loader->node) && !f->node.contains(r->loop->node)) continue;
      reportAt(model, c, *note, *r, sink);
      break;
    }
  }
}

}  // namespace gpulint::checks
