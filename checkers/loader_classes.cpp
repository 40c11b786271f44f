// Which calls build a torch DataLoader: torch's own class under any import
// name, a project subclass that hands its arguments to DataLoader unchanged
// (`class InfiniteDataLoader(torch.utils.data.DataLoader)` of the YOLO
// repositories, timm's `MultiEpochsDataLoader`), and a name that holds one
// of those classes on every path (`loader = DataLoader if weighted else
// InfiniteDataLoader; loader(dataset, ..., pin_memory=True)`).
#include <algorithm>

#include "checkers/python_common.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

bool isTorchDataLoaderName(const std::string& q) {
  // webdataset's WebLoader builds a torch DataLoader from all its arguments
  // (`super().__init__(DataLoader(*args, **kw))`): the same options and defaults.
  if (q == "webdataset.WebLoader" || q == "webdataset.compat.WebLoader") return true;
  if (!q.ends_with("DataLoader")) return false;
  // torchdata's StatefulDataLoader takes DataLoader's arguments and defaults
  // (and adds checkpointable state).
  return q.starts_with("torch.") || q.starts_with("torch_geometric.") || q.starts_with("torchdata.stateful_dataloader.");
}

// `super().__init__(*args, **kwargs)` (or `DataLoader.__init__(self, *args, **kwargs)`) in `init`.
bool forwardsEverything(const python::ScriptModel& m, const python::Function& init) {
  return std::any_of(m.calls().begin(), m.calls().end(), [&init](const python::Call& c) {
    return c.function == &init && c.method == "__init__" && c.has_star_args && c.has_star_kwargs;
  });
}

// A subclass whose constructor is DataLoader's: it defines none, or one
// that takes `(self, *args, **kwargs)` and passes them all up. Any other
// `__init__` may change a default or drop an argument (`num_workers=8` of its
// own): its calls are not read as DataLoader's.
bool takesLoaderArguments(const python::ScriptModel& m, const python::ClassDef& cls) {
  for (const auto& f : m.functions()) {
    if (f->owner != &cls || f->name != "__init__") continue;
    ts::Node params = f->node.field("parameters");
    if (!params || params.namedChildCount() != 3) return false;
    if (!params.namedChild(1).is("list_splat_pattern") || !params.namedChild(2).is("dictionary_splat_pattern"))
      return false;
    return forwardsEverything(m, *f);
  }
  return true;
}

bool isLoaderClass(const python::ScriptModel& m, const python::ClassDef& cls) {
  bool derives = std::any_of(cls.bases.begin(), cls.bases.end(), isTorchDataLoaderName);
  return derives && takesLoaderArguments(m, cls);
}

// The DataLoader classes a call may construct: torch's own (a null class)
// or project subclasses; `ok` turns false when some path holds anything else.
struct LoaderClasses {
  std::vector<const python::ClassDef*> project;  // with their own file's model below
  std::vector<const python::ScriptModel*> models;
  bool torch = false;
  bool ok = true;

  void add(const python::ScriptModel& m, const python::ClassDef& cls) {
    if (!isLoaderClass(m, cls)) ok = false;
    project.push_back(&cls);
    models.push_back(&m);
  }
};

// A class expression (`torch.utils.data.DataLoader`, `InfiniteDataLoader`),
// or `A if cond else B` of two.
void classesNamedBy(const python::ScriptModel& m, ts::Node e, LoaderClasses& out) {
  e = python::syntax::unwrap(e);
  if (e.is("conditional_expression")) {
    classesNamedBy(m, e.namedChild(0), out);
    classesNamedBy(m, e.namedChild(2), out);
    return;
  }
  if ((e.is("identifier") || e.is("attribute")) && isTorchDataLoaderName(m.qualify(e))) {
    out.torch = true;
    return;
  }
  const auto& named = e.is("identifier") ? m.classesNamed(e.text()) : std::vector<const python::ClassDef*>{};
  if (named.size() == 1) return out.add(m, *named.front());
  // A class another project file defines (`from ..dataloaders import InfiniteDataLoader`).
  if (std::string q = m.qualify(e); !q.empty() && m.project())
    if (python::ProjectDef def = m.project()->classNamed(m, q); def.cls) return out.add(*def.model, *def.cls);
  out.ok = false;
}

// `loader(...)` where assignments reach `loader`: the classes they give it.
void aliasedClasses(const python::ScriptModel& m, const python::Call& c, LoaderClasses& out) {
  if (!m.mayAssign(c.method) || m.functionNamed(c.method)) {
    out.ok = false;
    return;
  }
  std::vector<python::NameBinding> reaching = m.reachingBindings(c.callee);
  if (reaching.empty()) out.ok = false;
  for (const python::NameBinding& b : reaching) {
    if (!b.value || b.index >= 0 || b.parameter) out.ok = false;
    else classesNamedBy(m, b.value, out);
  }
}

// A keyword only a loader takes. Every call of a file is asked whether it
// builds a loader: one that passes none of them (`len(x)`, `Net(dim=8)`) is
// not asked of the model.
bool passesLoaderKeyword(const python::Call& call) {
  return std::any_of(call.keywords.begin(), call.keywords.end(), [](const auto& kw) {
    return kw.first.size() >= 7 &&  // the shortest is `shuffle`: `dim=`, `device=` are out at once
           python::syntax::oneOf(kw.first, {"batch_size", "shuffle", "sampler", "batch_sampler", "num_workers",
                                            "collate_fn", "pin_memory", "drop_last", "persistent_workers"});
  });
}

LoaderClasses loaderClasses(const python::ScriptModel& model, const python::Call& call) {
  LoaderClasses out;
  if (isTorchDataLoaderName(call.qualified)) {
    out.torch = true;
    return out;
  }
  // Methods and attribute calls (`self.loader_cls(...)`) are left unknown,
  // and so is a subclass called with positional arguments alone.
  if (call.receiver || !call.callee.is("identifier") || !passesLoaderKeyword(call)) {
    out.ok = false;
    return out;
  }
  const python::ScriptModel& m = model.ownerOf(call.node);
  // Asked of every plain call (`len(x)`, `train(...)`): a name that is
  // neither imported nor a class of the file is only asked whether it may
  // be assigned.
  if (call.qualified.empty() && m.classesNamed(call.method).empty()) {
    aliasedClasses(m, call, out);
    return out;
  }
  if (auto [owner, cls] = m.constructedClass(call); cls) out.add(*owner, *cls);
  else out.ok = false;
  return out;
}

// `def __iter__(self): return BackgroundGenerator(super().__iter__())`: a
// fresh DataLoader iterator on every call (wrapped to prefetch), which
// nothing keeps: every return wraps `super().__iter__()`.
bool wrapsFreshIterator(const python::ScriptModel& m, const python::Function& f) {
  bool generator = false;
  const auto& returns = m.returnValues(f, &generator);
  if (generator || returns.empty()) return false;
  auto fresh = [&m](ts::Node r) {
    for (const python::Call& c : m.callsIn(r)) {
      ts::Node receiver = c.receiver ? python::syntax::unwrap(c.receiver) : ts::Node();
      if (r.contains(c.node) && c.method == "__iter__" && receiver && receiver.is("call") &&
          receiver.field("function").text() == "super")
        return true;
    }
    return false;
  };
  return std::all_of(returns.begin(), returns.end(), fresh);
}

bool definesIteration(const python::ScriptModel& m, const python::ClassDef& cls) {
  return std::any_of(m.functions().begin(), m.functions().end(), [&](const auto& f) {
    return f->owner == &cls && f->name == "__iter__" && !wrapsFreshIterator(m, *f);
  });
}

}  // namespace

bool isDataLoader(const python::Call& call) { return isTorchDataLoaderName(call.qualified); }

bool isDataLoader(const python::ScriptModel& model, const python::Call& call) {
  if (isDataLoader(call)) return true;  // before the model is asked: every call is
  LoaderClasses classes = loaderClasses(model, call);
  return classes.ok && (classes.torch || !classes.project.empty());
}

bool mayKeepIterator(const python::ScriptModel& model, const python::Call& call) {
  if (isDataLoader(call)) return false;
  LoaderClasses classes = loaderClasses(model, call);
  for (size_t i = 0; i < classes.project.size(); ++i)
    if (definesIteration(*classes.models[i], *classes.project[i])) return true;
  return false;
}

}  // namespace gpulint::checks
