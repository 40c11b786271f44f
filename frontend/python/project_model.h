#pragma once
// The project model (DESIGN.md "Pipeline"): every analysed Python file of a
// run, linked once. It resolves imports inside the project (modules,
// packages, relative imports, re-exports in __init__.py), binds each call to
// the project function it runs, and keeps the inverse (who calls a function
// from another module), so a value or device can flow through parameters and
// returns across files. ScriptModel asks it through ScriptModel::project();
// checkers never ask it directly.
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/python/registry_classes.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

struct YacsTrees;  // yacs_config.h

// A project definition: a module, a function or a class of some file.
struct ProjectDef {
  const ScriptModel* model = nullptr;
  const Function* function = nullptr;  // also a class's __init__ when the call constructs it
  const ClassDef* cls = nullptr;
  explicit operator bool() const { return model != nullptr; }
};

// A call in some file of the project.
struct ProjectCall {
  const ScriptModel* model = nullptr;
  const Call* call = nullptr;
};

class ProjectModel {
 public:
  // The parts of a dotted name: views of the import, call or base-class
  // text they were split from, which the models keep for the whole run (a
  // resolution splits names per call and per import; strings allocated).
  using Parts = std::vector<std::string_view>;
  // Registers a file; every file must be added before link(). The model is
  // not owned and must outlive the project (ProjectAttachment detaches).
  void add(ScriptModel* model);
  // Resolves every call of every file once (linear in the project's calls):
  // names through imports first, then methods bound through objects
  // (ScriptModel::boundMethod), for which it attaches every model to this
  // project (ProjectAttachment detaches them). Each file's calls are
  // resolved on up to `jobs` threads; the result does not depend on `jobs`.
  void link(unsigned jobs = 1);

  // The file that owns a node (by its tree), null when none of ours does.
  [[nodiscard]] const ScriptModel* ownerOf(ts::Node n) const;
  // The project function (or class) a call runs; empty when it is not a
  // project definition of another file.
  [[nodiscard]] ProjectDef calleeOf(const ScriptModel& m, const Call& c) const;
  // The project classes `cls` derives from, nearest first (its own file's
  // classes and those imported from other files), each with its file.
  [[nodiscard]] std::vector<std::pair<const ScriptModel*, const ClassDef*>> baseClasses(const ScriptModel& m,
                                                                                      const ClassDef& cls) const;
  // The project class a qualified name of file `m` denotes (`MetricsProcessor`
  // imported from another module); empty when it is no project class.
  [[nodiscard]] ProjectDef classNamed(const ScriptModel& m, const std::string& qualified) const;
  // The project function a qualified name of file `m` denotes (a function
  // passed by reference: `collate_fn=utils.collate_fn`); empty when none.
  [[nodiscard]] ProjectDef functionNamed(const ScriptModel& m, const std::string& qualified) const;
  // A call of an entry of a dict of functions another module defines, when all name one (project_model.cpp).
  [[nodiscard]] ProjectDef tableCall(const ScriptModel& m, const Call& c) const;
  // `from settings import DEVICE`: the module-level assignment the name has
  // in the project file it comes from (assigned once there), with that file;
  // null when the name is no such constant. Followed through re-exports
  // (`from .defaults import _C as cfg` in a package's __init__), `depth` deep so far.
  [[nodiscard]] std::pair<const ScriptModel*, ts::Node> importedConstant(const ScriptModel& m, const std::string& local,
                                                                        int depth = 0) const;
  // Calls of `f` from other files of the project.
  [[nodiscard]] const std::vector<ProjectCall>& callersOf(const Function& f) const;
  // True when the file runs on the GPU path: it places tensors on a CUDA
  // device itself, or a file that imports it (directly or through others) does.
  [[nodiscard]] bool reachesGpu(const ScriptModel& m) const { return gpu_.count(&m) > 0; }
  // True when the file takes part in cross-file flow (calls into, or is
  // called from, another file of the project, or runs on the GPU path only
  // through an importer): its findings may differ from the per-file ones.
  [[nodiscard]] bool linksAcrossFiles(const ScriptModel& m) const { return linked_.count(&m) > 0; }
  [[nodiscard]] const std::vector<ScriptModel*>& models() const { return models_; }
  // Options a helper declares from a dict it is handed (`add_dict_to_argparser(parser, defaults)`,
  // dict_options.cpp), for models the link does not join (a single file): their own helpers.
  static void importDictOptions(const std::vector<ScriptModel*>& models);
  // The bytes of the other files linked with `m`, directly or through others
  // (bound calls and imports either way): the code a question about `m` may
  // walk, which sizes its work budget.
  [[nodiscard]] size_t linkedBytes(const ScriptModel& m) const;
  // `x.name(...)` in a loop on an object a registry built: the definitions
  // it may run (registryDispatch, found once by link()); null for any other call.
  [[nodiscard]] const RegistryDispatch* registryDispatchOf(const Call& c) const {
    auto it = registry_dispatch_.find(&c);
    return it == registry_dispatch_.end() ? nullptr : &it->second;
  }
  // The command-line dispatch (cli_entries.h) that runs `f` with its
  // defaults as the command line's, found once by link(); null when none.
  [[nodiscard]] const ProjectCall* cliDispatchOf(const Function& f) const {
    auto it = cli_entries_.find(&f);
    return it == cli_entries_.end() ? nullptr : &it->second;
  }
  // The files of package `dir` ("basicsr/models/": a module path prefix
  // under any source root), its __init__ and subpackages included.
  [[nodiscard]] std::vector<const ScriptModel*> modulesInPackage(std::string_view dir) const;
  // True when some class of the project defines a method of that name.
  [[nodiscard]] bool definesMethod(std::string_view name) const { return methods_.count(name) > 0; }
  // Every project method named `name`, with its file (ScriptModel::soleOverride).
  [[nodiscard]] const std::vector<std::pair<const ScriptModel*, const Function*>>& methodsNamed(
      std::string_view name) const;
  // True when some class of the project declares a field of that name and
  // every such declaration names a host type (ScriptModel::hostTypedField):
  // `batch.dict_key` of a batch dataclass with `dict_key: str`.
  [[nodiscard]] bool hostTypedField(std::string_view name) const { return host_fields_.count(name) > 0; }
  // The project's yacs/fvcore defaults trees (yacs_config.h), set once by
  // the project layer before the checks run; null when there are none.
  // A file that imports a tree's root (`from configs import cfg`) reads its
  // keys: it is linked with the defaults module (linksAcrossFiles).
  void setYacsTrees(std::shared_ptr<const YacsTrees> trees);
  [[nodiscard]] const YacsTrees* yacsTrees() const { return yacs_.get(); }

 private:
  struct Module {
    ScriptModel* model;
    std::string path;  // module path without .py ("a/b/engine"; a package's __init__ is "a/b")
  };
  // What one file's calls and imports resolve to (link's per-file step).
  struct FileLinks {
    std::vector<std::pair<const Call*, ProjectDef>> calls;
    std::vector<const ScriptModel*> imports;
    // Files whose functions this one hands over by name, uncalled
    // (`collate_fn=collate` imported from another module).
    std::vector<const ScriptModel*> referenced;
  };
  [[nodiscard]] FileLinks resolveFile(const ScriptModel& m) const;
  const Module* moduleAt(const ScriptModel& from, int level, const std::string_view* parts, size_t count) const;
  // A module named with a monorepo prefix its tree does not have (moduleAt's
  // last resort; project_model.cpp says when).
  [[nodiscard]] const Module* besideUnderPrefix(std::string_view dir, const std::string_view* parts, size_t count) const;
  const Module* moduleAt(const ScriptModel& from, int level, const Parts& parts) const {
    return moduleAt(from, level, parts.data(), parts.size());
  }
  ProjectDef resolveName(const ScriptModel& from, int level, Parts parts, int depth) const;
  ProjectDef member(const Module& module, const Parts& rest, int depth) const;
  ProjectDef resolveCall(const ScriptModel& m, const Call& c) const;
  ProjectDef superCall(const ScriptModel& m, const Call& c) const;
  const ScriptModel::StarImport* starImportOf(const ScriptModel& m, const Call& c) const;
  bool definedByStar(const ScriptModel& m, const ScriptModel::StarImport& star, std::string_view name,
                     int depth) const;
  [[nodiscard]] std::string externalReexport(const ScriptModel& from, const std::string& local, int depth) const;
  void rebindLibraryReexports();
  void bind(ScriptModel* m, const Call& c, ProjectDef def);
  void markGpu();
  // `opts.add_args(parser)`: the options a helper of another file adds to
  // the parser it is handed become the calling file's (project_link.cpp).
  void importHelperOptions();
  // Options a helper declares from a dict it is handed (dict_options.cpp).
  void importDictOptions();
  void linkInheritedDispatch();
  void linkRegistryDispatch();
  void linkCliEntries();
  void measureComponents();
  void markStepLoops();
  void markTrainerForwards();  // library_trainer.cpp
  void markEpochLoops();
  void markEvalPassLoops();
  [[nodiscard]] bool runsEvalPass(const ScriptModel& m, const Function& f, int depth,
                                  std::map<const Function*, bool>& memo) const;
  [[nodiscard]] bool candidatesRunEvalPass(const ScriptModel& m, const Call& c,
                                           std::map<const Function*, bool>& memo) const;
  bool trains(const ScriptModel& m, const Function& f, int depth, std::map<const Function*, bool>& memo) const;
  [[nodiscard]] bool registryTrains(const Call& c, std::map<const Function*, bool>& memo) const;
  [[nodiscard]] bool candidatesTrain(const ScriptModel& m, const Call& c, int depth,
                                    std::map<const Function*, bool>& memo) const;
  [[nodiscard]] bool handsTrainingFunction(const ScriptModel& m, const Call& c,
                                           std::map<const Function*, bool>& memo) const;

  std::vector<ScriptModel*> models_;
  std::shared_ptr<const YacsTrees> yacs_;
  std::vector<Module> modules_;
  // Looked up only, never walked in order: hashed (calleeOf runs per call).
  std::unordered_map<std::string, size_t> by_path_;                  // module path -> module (relative imports)
  std::unordered_map<std::string, std::vector<size_t>> by_suffix_;  // "b/engine", "engine" -> modules
  std::unordered_map<const std::string_view*, const ScriptModel*> by_source_;
  std::unordered_map<const Call*, ProjectDef> callees_;
  // The last component of every module path ("engine" of "a/b/engine"): a
  // dotted name ending in none of them names no module (most do not).
  std::unordered_set<std::string, NameHash, std::equal_to<>> module_names_;
  std::map<const Function*, std::vector<ProjectCall>> callers_;
  std::map<const ScriptModel*, std::set<const ScriptModel*>> importers_;  // module -> files importing it
  std::set<const ScriptModel*> gpu_;
  std::vector<std::pair<const ScriptModel*, const ScriptModel*>> edges_;  // file pairs a call binds
  std::map<const ScriptModel*, size_t> component_;                        // file -> its component
  std::vector<size_t> component_bytes_;
  std::set<const ScriptModel*> linked_;
  // (file, base file): a class of the file overrides a method a base class's
  // method of the other file calls through self (linkInheritedDispatch).
  std::vector<std::pair<const ScriptModel*, const ScriptModel*>> inherited_loops_;
  // baseClasses' answers for the project's own classes, once link() has
  // bound the names star imports bring (the only change to what a base
  // name resolves to): asked again per method call bound through an object
  // and per super() call, from the link's threads and the checks'. Behind a
  // pointer, so the project stays movable.
  struct BaseMemo {
    std::mutex mutex;
    std::unordered_map<const ClassDef*, std::vector<std::pair<const ScriptModel*, const ClassDef*>>> bases;
  };
  bool bases_settled_ = false;
  std::unique_ptr<BaseMemo> base_memo_ = std::make_unique<BaseMemo>();
  // Every project method by name (asked per call bound through an object:
  // hashed, not a tree of strings).
  std::unordered_map<std::string, std::vector<std::pair<const ScriptModel*, const Function*>>, NameHash,
                     std::equal_to<>>
      methods_;
  std::set<std::string, std::less<>> host_fields_;
  std::unordered_map<const Call*, RegistryDispatch> registry_dispatch_;  // linkRegistryDispatch
  std::unordered_map<const Function*, ProjectCall> cli_entries_;         // linkCliEntries
};

// Bounds questions that hop between files (a parameter asks the callers'
// file, whose parameter asks its callers...): each question a model answers
// for another file while one is open counts a level; past the limit the
// answer is unknown.
class CrossFileDepth {
 public:
  CrossFileDepth() {
    if (depth()++ == 0) hops() = 0;  // a new outermost question
    ++hops();
  }
  ~CrossFileDepth() { --depth(); }
  CrossFileDepth(const CrossFileDepth&) = delete;
  CrossFileDepth& operator=(const CrossFileDepth&) = delete;
  // Nested at most kMaxDepth deep, and at most kMaxHops questions in all
  // under one outermost question (callers fan out).
  [[nodiscard]] bool ok() const {
    bool within = depth() <= kMaxDepth && hops() <= kMaxHops;
    if (!within) ++refusals();
    return within;
  }
  // Questions refused on this thread so far. An answer computed while one
  // was refused is partial: how deep the question sat decided it, so it
  // must not be memoised for askers that start shallower.
  [[nodiscard]] static unsigned long refusalCount() { return refusals(); }

 private:
  static constexpr int kMaxDepth = 6;
  static constexpr int kMaxHops = 64;
  static int& depth() {
    thread_local int d = 0;
    return d;
  }
  static int& hops() {
    thread_local int h = 0;
    return h;
  }
  static unsigned long& refusals() {
    thread_local unsigned long r = 0;
    return r;
  }
};

// Attaches every model of a project for a scope and detaches them after, so
// no model outlives its project with a dangling pointer.
class ProjectAttachment {
 public:
  explicit ProjectAttachment(const ProjectModel& project);
  ~ProjectAttachment();
  ProjectAttachment(const ProjectAttachment&) = delete;
  ProjectAttachment& operator=(const ProjectAttachment&) = delete;

 private:
  const ProjectModel& project_;
};

}  // namespace gpulint::python
