#include "checkers/model/context_syncs.h"

#include "checkers/per_item_loops.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::ScriptModel;

// Where entering or leaving a `with` of the object `manager` syncs: the
// sync every class it may hold reaches from __enter__ (else __exit__), with
// the method; nullopt when one class has neither, or is not a project class.
struct ContextSync {
  EffectSite site;
  const python::Function* method = nullptr;  // null: a library manager (`site.at` builds it)
  std::string_view library;                  // that library's name for it ("Ultralytics' Profile")
};

// Library context managers that synchronize on entering and leaving the
// block when built for a CUDA device: Ultralytics' stage timer. (Built with
// no device, old releases sync whenever CUDA is available and new ones never:
// unknown, so only an explicit GPU device counts.)
struct SyncingManager {
  std::string_view qualified;
  std::string_view shown;
  int device_position;  // `Profile(t=0.0, device=None)`
};
constexpr SyncingManager kSyncingManagers[] = {
    {"ultralytics.utils.ops.Profile", "Ultralytics' Profile", 1},
    {"ultralytics.yolo.utils.ops.Profile", "Ultralytics' Profile", 1},
};

// The library manager the construction `made` builds for a GPU device.
const SyncingManager* syncingConstruction(const ScriptModel& model, ts::Node made) {
  const ScriptModel& owner = model.ownerOf(made);
  const python::Call* c = made && made.is("call") ? owner.callAt(made) : nullptr;
  if (!c) return nullptr;
  for (const SyncingManager& known : kSyncingManagers) {
    if (c->qualified != known.qualified) continue;
    return owner.namesGpuDevice(c->argument("device", known.device_position)) ? &known : nullptr;
  }
  return nullptr;
}

// `with Profile(device=d):`, `with timer:` or `with dt[1]:` (a tuple of
// timers): every value the manager may be is a syncing library manager.
std::optional<ContextSync> librarySync(const ScriptModel& model, ts::Node manager) {
  std::vector<ts::Node> made;
  if (manager.is("call")) {
    made.push_back(manager);
  } else if (manager.is("subscript")) {
    ts::Node index = manager.field("subscript");
    if (!index || !index.is("integer")) return std::nullopt;
    made = model.elementSources(manager.field("value"), std::stoi(std::string(index.text())));
  } else {
    made = model.valueSources(manager);
  }
  if (made.empty()) return std::nullopt;
  const SyncingManager* known = nullptr;
  for (ts::Node m : made) {
    known = syncingConstruction(model, m);
    if (!known) return std::nullopt;  // unknown, or a manager that syncs nothing
  }
  return ContextSync{EffectSite{&model.ownerOf(made.front()), made.front()}, nullptr, known->shown};
}

std::optional<ContextSync> contextSync(const ScriptModel& model, ts::Node manager, HelperEffects& effects) {
  std::vector<ScriptModel::ClassRef> classes = model.instanceClasses(manager);  // a copy: asked again below
  if (classes.empty()) return librarySync(model, manager);
  std::optional<ContextSync> first;
  for (const auto& [owner, cls] : classes) {
    std::optional<ContextSync> found;
    for (const char* name : {"__enter__", "__exit__"}) {
      auto [m, f] = owner->methodOf(*cls, name);
      if (!f) continue;
      if (const std::optional<EffectSite>& site = effects.of(*m, *f).site(Effect::HostSync)) {
        found = ContextSync{*site, f};
        break;
      }
    }
    if (!found) return std::nullopt;  // this class's block syncs nothing
    if (!first) first = found;
  }
  return first;
}

// The objects a `with` statement enters (`with a, b as t:`).
std::vector<ts::Node> managers(ts::Node with) {
  std::vector<ts::Node> out;
  for (ts::Node clause : with.namedChildren()) {
    if (!clause.is("with_clause")) continue;
    for (ts::Node item : clause.namedChildren()) {
      if (!item.is("with_item")) continue;
      ts::Node v = python::syntax::unwrap(item.field("value"));
      if (v && v.is("as_pattern") && v.namedChildCount() > 0) v = python::syntax::unwrap(v.namedChild(0));
      if (v) out.push_back(v);
    }
  }
  return out;
}

Diagnostic finding(const ScriptModel& model, ts::Node manager, const ContextSync& sync,
                   const python::BatchContext& batch) {
  Diagnostic d;
  d.rule = "GPU201";
  d.level = Level::Warning;
  d.location = model.location(manager);
  std::string every = frequencyPhrase(
      model, manager, batch, batch.kind == python::BatchKind::Step ? "on every step of " : "on every batch of ");
  std::string how;
  if (sync.method) {
    std::string method = sync.method->qualified.empty() ? sync.method->name : sync.method->qualified;
    how = method + "() reaches " + quote(sync.site.at) + " at " + lineRef(model, sync.site.at);
  } else {
    how = std::string(sync.library) + "(...) built at " + lineRef(model, sync.site.at) + " (" + quote(sync.site.at) +
          ") is given a CUDA device, so it calls `torch.cuda.synchronize()` when the block is entered and left";
  }
  d.message = "`with " + std::string(manager.text()) + ":` makes the host wait for the GPU " + every + ": " + how +
              ". The CPU blocks until the GPU has finished all queued work, and the GPU then idles while Python "
              "launches the next step; time the block with CUDA events (`torch.cuda.Event(enable_timing=True)`, "
              "read once every N steps), or enter the timer only under a periodic guard." + gpuFlagNote(model);
  d.related = relatedFrom(model, batch);
  d.related.push_back({sync.site.model->location(sync.site.at),
                       sync.method ? "the context manager syncs here" : "the syncing context manager is built here"});
  addPerItemNote(model, manager, batch, d.related);
  return d;
}

}  // namespace

void addContextManagerSyncs(const ScriptModel& model, HelperEffects& effects, ItemOutputLoops& output_loops,
                            std::set<uint32_t>& reported, std::vector<ReadbackSpot>& found) {
  for (const python::Loop& loop : model.loops()) {
    if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) continue;
    ts::Node body = loop.node.field("body");
    if (!body) continue;
    for (uint32_t i = body.preorder(); i < body.subtreeEnd(); ++i) {
      ts::Node with = body.preorderAt(i);
      if (!with.is("with_statement") || reported.count(with.begin())) continue;
      auto batch = model.perStep(with);
      if (!batch || batch->loop != &loop) continue;  // a nested batch loop's own, or not per pass
      if (output_loops.writes(model, *batch)) continue;  // the output the loop exists to write
      for (ts::Node manager : managers(with)) {
        std::optional<ContextSync> sync = contextSync(model, manager, effects);
        if (!sync) continue;
        reported.insert(with.begin());
        found.push_back({host_sync::Sync{host_sync::Sync::Read, manager, {}, {}, {}}, *batch,
                         finding(model, manager, *sync, *batch)});
        break;
      }
    }
  }
}

}  // namespace gpulint::checks
