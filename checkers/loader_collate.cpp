// The function a DataLoader's collate_fn names, and whether it builds its
// batch on the GPU (`torch.rand(n, 3, device=device)` in the collate of a
// NeRF ray sampler, or a dataset whose __getitem__ returns CUDA tensors
// under the default collate): such a loader must run in the main process
// (CUDA cannot start in forked workers) and has no host batch to pin.
#include <algorithm>

#include "checkers/data/GPU106_cpu_preprocess_in_step.h"
#include "checkers/python_common.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers, collate_fn, ...)
constexpr int kCollateIndex = 6;

// A call that makes a tensor on a device or copies one there: a torch
// factory given `device=`, `.to(...)` or `.cuda(...)`.
bool placesTensor(const python::Call& c) {
  if (c.qualified.starts_with("torch.")) return static_cast<bool>(c.keyword("device"));
  return c.receiver && (c.method == "to" || c.method == "cuda");
}

}  // namespace

ts::Node collateArgument(const python::Call& loader) {
  return python::syntax::unwrap(loader.argument("collate_fn", kCollateIndex));
}

bool mayHideCollate(const python::Call& loader) { return loader.mayHideArgument("collate_fn", kCollateIndex); }

std::pair<const python::ScriptModel*, const python::Function*> collateFunction(const python::ScriptModel& m,
                                                                               ts::Node collate) {
  // `collate_fn=make_batcher()`: the nested function the project factory returns.
  if (const python::Call* made = collate && collate.is("call") ? m.callAt(collate) : nullptr) {
    auto [at, factory] = m.callTarget(*made);
    const python::Function* inner = factory ? at->returnedClosure(*factory) : nullptr;
    return {inner ? at : nullptr, inner};
  }
  if (!collate || !(collate.is("identifier") || collate.is("attribute"))) return {nullptr, nullptr};
  if (const python::Function* fn = collate.is("identifier") ? m.functionNamed(collate.text()) : nullptr)
    return {&m, fn};
  // `collate_fn=self.collate` in a method of the class that defines it.
  if (collate.is("attribute") && collate.field("object").text() == "self") {
    const python::Function* here = m.enclosingFunction(collate);
    if (here && here->owner) return m.methodOf(*here->owner, std::string(collate.field("attribute").text()));
  }
  if (!m.project()) return {nullptr, nullptr};
  std::string q = m.qualify(collate);
  python::ProjectDef def = q.empty() ? python::ProjectDef{} : m.project()->functionNamed(m, q);
  return {def.model, def.function};
}

// `DataLoader(range(n), batch_size, shuffle=True)` with no collate_fn: the
// batches are tensors of indices into data the step holds already (a graph's
// edges on the GPU): nothing to read or decode, so a worker would only add
// start-up time and IPC, in training too; and the batch is a few bytes of
// indices, gathered on the GPU (`edges[perm]`): nothing worth pinning.
bool indexOnlyLoader(const python::ScriptModel& model, const python::Call& call) {
  ts::Node ds = python::syntax::unwrap(call.argument("dataset", 0));
  if (!ds || collateArgument(call) || mayHideCollate(call)) return false;
  const python::Call* made = ds.is("call") ? model.callAt(ds) : nullptr;
  if (made && made->method == "list" && made->positional.size() == 1)  // list(range(n))
    made = model.callAt(python::syntax::unwrap(made->positional[0]));
  if (!made) return false;
  return (made->method == "range" && made->qualified.empty() && !made->receiver) ||
         made->qualified == "torch.arange" || made->qualified == "numpy.arange";
}

namespace {

// Each base of `cls` is a project class or torch's Dataset (or object).
bool onlyKnownBases(const python::ScriptModel& m, const python::ClassDef& cls) {
  auto project_bases = m.baseClassesOf(cls);
  for (const std::string& base : cls.bases) {
    if (base == "object" || base.starts_with("torch.utils.data.")) continue;
    std::string_view name = std::string_view(base).substr(base.rfind('.') + 1);
    if (std::none_of(project_bases.begin(), project_bases.end(), [&](const auto& b) { return b.second->name == name; }))
      return false;
  }
  return true;
}

}  // namespace

std::vector<std::pair<const python::ScriptModel*, const python::Function*>> collateFunctions(
    const python::ScriptModel& m, ts::Node collate) {
  if (auto one = collateFunction(m, collate); one.second) return {one};
  ts::Node object = collate && collate.is("attribute") ? collate.field("object") : ts::Node();
  if (!object || object.text() == "self") return {};
  std::string method(collate.field("attribute").text());
  std::vector<std::pair<const python::ScriptModel*, const python::Function*>> found;
  // A copy: instanceClasses' answer lasts only until the next question.
  std::vector<python::ScriptModel::ClassRef> classes = m.instanceClasses(object);
  for (const auto& [model, cls] : classes) {
    auto defined = model->methodOf(*cls, method);
    // A class without the method cannot be what this run passes (its
    // attribute read would raise), when no library base may supply it.
    if (!defined.second && onlyKnownBases(*model, *cls)) continue;
    if (!defined.second) return {};
    if (std::find(found.begin(), found.end(), defined) == found.end()) found.push_back(defined);
  }
  return found;
}

namespace {

// The first call of f's own body that places a tensor on the GPU.
const python::Call* gpuPlacement(const python::ScriptModel& owner, const python::Function& f) {
  for (const python::Call& c : owner.callsIn(f.body))
    if (f.body.contains(c.node) && placesTensor(c) && owner.mayLiveOnDevice(c.node)) return &c;
  return nullptr;
}
bool placesOnGpu(const python::ScriptModel& owner, const python::Function& f) { return gpuPlacement(owner, f); }

// f's own body decodes or transforms on the CPU (an image opened and
// resized before its `.cuda()`): work a worker should do, once the sample
// stays on the host.
bool preprocessesOnCpu(const python::ScriptModel& owner, const python::Function& f) {
  for (const python::Call& c : owner.callsIn(f.body))
    if (f.body.contains(c.node) && !cpuPreprocessWork(owner, c).empty()) return true;
  return false;
}

// The dataset's __getitem__ (every class its value may be) hands out GPU
// tensors (`return seq.long().cuda()`) and does no CPU preprocessing: the
// collated batch is made of them, and nothing is left for a worker. One
// that decodes an image first keeps GPU101's finding: the decode belongs in
// a worker, the copy in the loop.
bool itemsOnGpu(const python::ScriptModel& m, const python::Call& loader) {
  ts::Node dataset = loader.argument("dataset", 0);
  if (!dataset) return false;
  // `TensorDataset(feats, labels)` of tensors already on the GPU (features
  // a model computed): a sample is a slice of them, and a worker could not
  // even start (CUDA does not start in forked processes).
  bool on_gpu = everySource(m, dataset, [&](ts::Node, const python::Call* made) {
    if (!made || made->qualified != "torch.utils.data.TensorDataset") return false;
    const python::ScriptModel& home = m.ownerOf(made->node);
    return std::any_of(made->positional.begin(), made->positional.end(),
                       [&](ts::Node t) { return home.mayLiveOnDevice(t); });
  });
  if (on_gpu) return true;
  const std::vector<python::ScriptModel::ClassRef>& classes = m.instanceClasses(python::syntax::unwrap(dataset));
  if (classes.empty()) return false;
  for (const auto& [model, cls] : classes) {
    auto [owner, getitem] = model->methodOf(*cls, "__getitem__");
    if (!getitem || !placesOnGpu(*owner, *getitem) || preprocessesOnCpu(*owner, *getitem)) return false;
  }
  return true;
}

}  // namespace

std::optional<Location> samplesCopiedToGpu(const python::ScriptModel& m, const python::Call& loader) {
  if (collateArgument(loader)) return std::nullopt;
  ts::Node dataset = loader.argument("dataset", 0);
  if (!dataset) return std::nullopt;
  std::vector<python::ScriptModel::ClassRef> classes = m.instanceClasses(python::syntax::unwrap(dataset));  // a copy
  for (const auto& [model, cls] : classes) {
    auto [owner, getitem] = model->methodOf(*cls, "__getitem__");
    if (const python::Call* c = getitem ? gpuPlacement(*owner, *getitem) : nullptr) return owner->location(c->node);
  }
  return std::nullopt;
}

namespace {

// A project class the loader's worker cannot pin: it moves itself with a
// `to()` of its own but has no `pin_memory()` (DataLoader pins tensors and
// the objects that define pin_memory, and passes anything else through).
bool unpinnable(const python::ScriptModel& m, const python::ClassDef& cls) {
  return m.methodOf(cls, "to").second && !m.methodOf(cls, "pin_memory").second;
}

// What `f` (or a project function it calls, one level down) builds its batch
// around: such a class, or a library graph batch.
std::optional<UnpinnableBatch> builtUnpinnable(const python::ScriptModel& model, const python::Function& f, int depth) {
  for (const python::Call& c : model.callsIn(f.body)) {
    if (!f.body.contains(c.node)) continue;
    if (auto [cls_model, cls] = model.constructedClass(c); cls && unpinnable(*cls_model, *cls))
      return UnpinnableBatch{cls_model, cls};
    // A DGLGraph (`dgl.batch(graphs)`) has pin_memory_() in place, no pin_memory(): the worker passes its
    // node and edge features through in pageable memory.
    if (c.qualified == "dgl.batch" || c.qualified == "dgl.batch_hetero") return UnpinnableBatch{};
    if (depth > 0) continue;
    if (auto [callee_model, callee] = model.callTarget(c); callee)
      if (auto inner = builtUnpinnable(*callee_model, *callee, depth + 1)) return inner;
  }
  return std::nullopt;
}

}  // namespace

std::optional<UnpinnableBatch> collatesUnpinnable(const python::ScriptModel& m, const python::Call& loader) {
  auto candidates = collateFunctions(m, collateArgument(loader));
  if (candidates.empty()) return std::nullopt;
  // Each collate the loader may run (one per dataset class) builds such a batch.
  std::optional<UnpinnableBatch> first;
  for (const auto& [model, fn] : candidates) {
    auto built = builtUnpinnable(*model, *fn, 0);
    if (!built) return std::nullopt;
    if (!first) first = built;
  }
  return first;
}

bool collatesOnGpu(const python::ScriptModel& m, const python::Call& loader) {
  // `collate_fn=rays.gather` of an object built elsewhere: each class it may be.
  auto fns = collateFunctions(m, collateArgument(loader));
  if (!fns.empty())
    return std::all_of(fns.begin(), fns.end(), [](const auto& f) { return placesOnGpu(*f.first, *f.second); });
  // The default collate stacks what __getitem__ returns.
  return itemsOnGpu(m, loader);
}

}  // namespace gpulint::checks
