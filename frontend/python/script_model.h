#pragma once
// ScriptModel: what a Python training script does, built once per file from
// its tree-sitter tree. Checkers ask it questions ("is this call per step?",
// "what does this expression resolve to?") instead of walking the tree.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/options.h"
#include "frontend/python/resolved_value.h"
#include "frontend/python/tree_memo.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"

namespace gpulint::python {

// Hashes std::string keys and string_view questions alike, so a lookup by
// name (std::string_view) builds no std::string: the name maps below are
// asked per call and per node, and names past 15 bytes would allocate.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template <class V>
using NameMap = std::unordered_map<std::string, V, NameHash, std::equal_to<>>;

struct ClassDef;
struct TrainerForward;  // library_trainer.h
class DeviceAnalysis;
class ProjectModel;  // project_model.h
class ScriptModel;
struct DeviceBindingIndex;  // device_bindings.cpp
struct DeviceBindingMemo;   // device_bindings.cpp
// A model's scope indexes of the device analysis, shared by its cache scopes.
std::shared_ptr<DeviceBindingMemo> newDeviceBindingMemo();  // device_bindings.cpp

struct Function {
  std::string name;        // "evaluate"
  std::string qualified;   // "Model.training_step" for methods
  ts::Node node;           // function_definition
  ts::Node body;
  const ClassDef* owner = nullptr;
  std::vector<std::string> decorators;  // qualified decorator callees
  std::vector<std::string> parameters;
};

struct ClassDef {
  std::string name;
  ts::Node node;
  std::vector<std::string> bases;  // qualified
  bool is_dataclass = false;
  bool is_lightning_module = false;
  bool is_dataset = false;         // torch Dataset subclass (has __getitem__)
};

struct Call {
  ts::Node node;            // the call
  ts::Node callee;          // the function expression
  std::string qualified;    // "torch.utils.data.DataLoader"; "" when not a known import
  std::string method;       // last name of the callee: "item" in loss.item()
  ts::Node receiver;        // `loss` in loss.item(); null for plain calls
  std::vector<ts::Node> positional;
  std::vector<std::pair<std::string, ts::Node>> keywords;  // name -> value
  bool has_star_args = false;    // *args: positional arguments unknown
  bool has_star_kwargs = false;  // **kwargs: any keyword may be set
  const Function* function = nullptr;  // innermost enclosing function

  [[nodiscard]] ts::Node keyword(std::string_view name) const;
  // The argument bound to parameter `name` (keyword, else positional `index`).
  [[nodiscard]] ts::Node argument(std::string_view name, int index) const;
  // True when the argument may be set but we cannot see it (*args/**kwargs).
  [[nodiscard]] bool mayHideArgument(std::string_view name, int index) const;
};

// A backward pass or optimizer step: `loss.backward()`, `optimizer.step()`,
// `scaler.step(opt)`, Keras/TF `apply_gradients`... (not a scheduler's step).
[[nodiscard]] bool isTrainingCall(const Call& c);
class ScriptModel;
// `loss_scaler(loss, optimizer, clip_grad=...)` where every value of the
// callee is a timm loss scaler (`timm.utils.NativeScaler()`, `ApexScaler()`):
// its __call__ runs the backward and the optimizer step (loops.cpp).
[[nodiscard]] bool runsLibraryScalerStep(const ScriptModel& m, const Call& c);
// `<x>.step(...)` where every value of `x` is a torch optimizer or an AMP
// GradScaler made in the project, whatever the name holding it (`self.amp =
// GradScaler()`; isTrainingCall goes by names alone). Not a scheduler.
[[nodiscard]] bool stepsTypedOptimizer(const ScriptModel& m, const Call& c);

struct Loop;
// A loop whose counter, iterable or condition names reinforcement-learning
// episodes (`for i_episode in range(n_episodes)`): each iteration plays a
// whole episode on the host before its update, so it is never a step loop,
// even when it runs the backward pass (RULES.md "Step loop").
[[nodiscard]] bool playsEpisodes(const Loop& l);
class ScriptModel;
// The loop's body runs a module on its own loop variable (`model(images)`,
// `self.net(x.to(device))`, a method of the module: `net.embed(x)`): it
// iterates batches whatever it is named. With `through_locals`, also on a
// local computed from the variable before the call.
[[nodiscard]] bool forwardsLoopTarget(const ScriptModel& m, const Loop& l, bool through_locals = false);
// The project function a call in the loop's body hands the loop's own
// variable to, when that function runs a module passed in (or held on
// `self`) on it; null when none (helper_forward.cpp).
// With `through_locals`, locals the body computes from the item count as
// the item (`frame = read(paths[i])`; only for loops over indexes).
[[nodiscard]] const Function* forwardingHelperCall(const ScriptModel& m, const Loop& l, bool through_locals = false);
// A counted loop of forward passes (`for _ in range(max_new_tokens): logits =
// model(idx)`): token generation or diffusion sampling, a whole pass of work
// for the loop around its function.
[[nodiscard]] bool repeatsForwardPasses(const ScriptModel& m, const Loop& l);

enum class LoopKind { Other, Epoch, Step, Eval };
[[nodiscard]] const char* loopKindName(LoopKind kind);

struct Loop {
  ts::Node node;         // for_statement / while_statement
  LoopKind kind = LoopKind::Other;
  ts::Node iterable;     // for loops: the `in` expression
  ts::Node target;       // for loops: the loop variable(s)
  const Function* function = nullptr;
};

enum class BatchKind { Step, Eval };

// Why a node runs once per batch: the batch loop (or Lightning hook) it runs
// in, and the project call sites followed to get there (outermost first).
struct BatchContext {
  BatchKind kind = BatchKind::Step;
  ts::Node scope;                 // the loop, or the hook's function_definition
  const Loop* loop = nullptr;     // null for a Lightning hook body
  std::vector<ts::Node> via_calls;
  // A subclass's override that a loop of a base class method calls through
  // self on every step (guards.cpp inheritedLoopCall): that loop and call,
  // described ("the training step loop of BaseTrainer.train() at
  // base.py:21, which calls self.predict() at base.py:23"); scope is the
  // override's def, loop null.
  std::string inherited;
  [[nodiscard]] std::string describe() const;  // "the training step loop", ...
  // The body of a module's forward that a library Trainer runs (library_trainer.cpp).
  [[nodiscard]] bool libraryTrainerForward() const;
};

// A `%` guard whose interval is too short to make it periodic.
struct ShortIntervalGuard {
  ts::Node condition;   // the if/elif condition
  ts::Node interval;    // N in `x % N`
  ResolvedValue value;  // what N resolves to, with its provenance
};

struct ArgparseOption {
  std::string dest;
  std::vector<std::string> flags;  // "--num-workers", "-j"
  ts::Node call;                   // the add_argument call
  ResolvedValue default_value;     // argparse default (None when absent)
  std::string action;              // "store_true", ...
  std::string type;                // "int", "float", ...
  std::string nargs;               // "+", "*", "?", "2" ...; "" when absent (one value)
  // A store_true option whose written default is off, or a one-value option
  // defaulting to None/0/"" that is not required: a run turns it on only by
  // passing it (or a config file fed to `set_defaults(**cfg)` or merged into
  // the namespace by a helper), so a branch behind it is off even when its
  // value is unknown.
  bool opt_in = false;
};

// A place where the script reads a run config (config_reads.cpp): the
// project layer finds the file and binds its values with setConfigValues().
enum class ConfigRoot {
  File,              // OmegaConf.load(path) / yaml.safe_load(open(path)) / json.load(open(path)); key = the path
  Hydra,             // the config parameter of a @hydra.main function
  HfArguments,       // HfArgumentParser(...).parse_yaml_file/parse_json_file/parse_args_into_dataclasses
  DeepSpeed,         // deepspeed.initialize(...), or an HF Trainer handed a DeepSpeed config
  LightningTrainer,  // LightningCLI's `trainer:` section
  LightningInit,     // LightningCLI's `model:`/`data:` section; key = the class whose __init__ takes it
};
struct ConfigRead {
  ConfigRoot root = ConfigRoot::File;
  ts::Node node;             // the decorator call, load call, parse call, LightningCLI(...) or initialize call
  ts::Node path;             // the expression naming the file (File, DeepSpeed `config=`); null when none
  std::string key;           // LightningInit: the class name
  std::string section;       // LightningInit: "model" or "data"
  std::string config_path;   // Hydra: the decorator's literal config_path ("" when absent)
  std::string config_name;   // Hydra: the decorator's literal config_name
};

// Where a name got its value at one use (see ScriptModel::lastBinding).
struct NameBinding {
  ts::Node statement;        // the binding statement; null for a parameter
  ts::Node scope;            // the function_definition (or module) the name lives in
  ts::Node value;            // right-hand side; null when bound by a loop target, `with ... as`,
                             // an augmented assignment, an import or a nested pattern
  int index = -1;            // position in a flat tuple target (`a, b = f()`); -1 for a plain name
  bool parameter = false;    // the name is a parameter of its function, not rebound before the use
  bool conditional = false;  // the binding sits in a branch or loop that does not hold the use
                             // (or a later one in a loop around the use): another value may reach it
  bool loop_carried = false;  // a later binding in a loop around the use may reach it on the next pass
};

// A statement that binds a name (see ScriptModel::reachingBindings).
struct ScopeIndex;  // binding_index.h

struct BindingSite {
  ts::Node statement;
  ts::Node value;   // null: bound by something we do not follow
  int index = -1;   // position in a flat tuple target
  uint32_t at = 0;  // where the binding takes effect
};

// How a scope (module or function body, nested defs excluded) binds a name.
struct ScopeBinding {
  std::vector<ts::Node> assignments;  // `name = ...` statements
  bool rebound = false;  // also bound by +=, a for target or tuple unpacking
  // `global name` in this function: its stores bind the module's name.
  bool declared_global = false;
  // One plain `name = ...` store per distinct value is all there is to read.
  [[nodiscard]] bool onlyAssigned() const { return !rebound && !declared_global; }
};

// The stores of a module name made by functions that declare it global
// (`def main(): global args; args = parser.parse_args()`).
struct GlobalStores {
  std::vector<ts::Node> assignments;  // `name = ...` statements, in file order
  bool rebound = false;               // one of those functions also binds it otherwise
};

// What a model memoises while checkers ask it, each built on first use.
using ScopeBindings = std::unordered_map<std::string, ScopeBinding>;
using BindingSitesByName = std::unordered_map<std::string, std::vector<BindingSite>>;
// A class's assignments by target text: (value of the last one, how many).
using AssignmentsByTarget = std::unordered_map<std::string_view, std::pair<ts::Node, int>>;
// A class's `self.x` assignments by target text: every value assigned.
using ValuesByTarget = std::unordered_map<std::string_view, std::vector<ts::Node>>;
struct ModelCaches {
  // By scope range: the model's shared entries (tree_memo.h) this scope has used.
  std::map<std::pair<uint32_t, uint32_t>, const ScopeBindings*> bindings;
  // Binding sites per scope body and name, computed once (reachingBindings is
  // asked for every use of every name).
  std::map<std::pair<uint32_t, uint32_t>, const BindingSitesByName*> binding_sites;
  // Name bindings per scope as the device analysis reads them: the shared
  // entries this scope has used (device_bindings.cpp).
  std::shared_ptr<DeviceBindingIndex> device_bindings;
  std::map<uint32_t, std::pair<std::vector<ts::Node>, bool>> returns;  // by function start
  // Per class node, the shared entries (tree_memo.h) this scope has used:
  // singleAssignmentIn's index of the class body, singleAssignmentUnder's of
  // the whole class subtree, attributeValues' `self.x` values.
  std::unordered_map<const void*, const AssignmentsByTarget*> class_assignments;
  std::unordered_map<const void*, const AssignmentsByTarget*> class_subtree_assignments;
  std::unordered_map<const void*, const ValuesByTarget*> attribute_values;
  // The same indexes of a class in a tree no model of the run holds, kept by this scope.
  std::vector<std::shared_ptr<const void>> unshared_indexes;
  // boundMethod's answers by call (an entry with a null model while one is
  // being found cuts recursion); cleared when the project changes.
  std::unordered_map<const Call*, std::pair<const ScriptModel*, const Function*>> bound;
  std::optional<std::set<std::string, std::less<>>> method_names;  // this file's methods
  // calledNames' answer: each distinct qualified callee once.
  std::optional<std::vector<std::string_view>> called_names;
  // instanceClasses of `self.<attr>` by class start and attribute (cleared with bound).
  std::map<std::pair<uint32_t, std::string>, std::vector<std::pair<const ScriptModel*, const ClassDef*>>>
      self_instances;
  std::optional<std::string> gpu_flag;  // gpuFlag()'s answer
  // Whether an override of this file runs in a base class's loop (mayRunPerStep).
  std::optional<bool> inherited_loop_calls;
  // callersOf's extra answers for a closure returned by its factory: the
  // calls of names that hold it (found by one scan of the file per closure).
  std::unordered_map<const Function*, std::vector<const Call*>> closure_callers;
  // annotatedInstances: per class start, each annotated field (`x: T` in the
  // body, `self.x: T = ...` in __init__) with its type node.
  std::unordered_map<uint32_t, std::vector<std::pair<std::string_view, ts::Node>>> class_annotations;
  // invokersOf's answers: by function, the calls that hand it to a project
  // function which calls it (found by one scan of the file).
  std::optional<std::unordered_map<const Function*, std::vector<const Call*>>> invokers;
  // callersOf's answers for methods: per called name, its calls grouped by
  // the function each runs (calledFunction), found by one pass over the
  // name's calls instead of one pass per method of that name. Kept only for
  // a pass whose every answer is final (see methodCallers); cleared with `bound`.
  std::unordered_map<std::string, std::unordered_map<const Function*, std::vector<const Call*>>> method_callers;
  // boundMethod questions of this memo being answered on this thread: their
  // entries in `bound` read "none" until they finish.
  int bound_in_progress = 0;
};

// While one lives on a thread, the models that thread asks memoise into
// fresh caches held here instead of their own: the linked files of a project
// are checked on several threads at once (checkers/cross_file_pass.cpp), each
// file under its own scope, so no two threads write one memo, and a file's
// answers never depend on which files were checked before it (boundMethod's
// recursion cut makes a memo's content depend on the order of questions).
class CacheScope {
 public:
  CacheScope();
  ~CacheScope();
  CacheScope(const CacheScope&) = delete;
  CacheScope& operator=(const CacheScope&) = delete;
  // The current thread's innermost scope's caches for `model`; null outside any scope.
  [[nodiscard]] static ModelCaches* of(const ScriptModel& model);
  // Whether the current thread is inside a scope.
  [[nodiscard]] static bool active();

 private:
  CacheScope* outer_;
  std::unordered_map<const ScriptModel*, std::unique_ptr<ModelCaches>> caches_;
};

// `DataLoader(ds, **loader_kwargs)` where `loader_kwargs` is a parameter:
// when every call of the function hands it a dict we can read (or leaves it
// at its dict default) and all agree, the entries become the call's
// keywords, as a dict the file builds does (kwargs_splat.cpp). Run once the
// models' calls are linked: a project's callers count.
void expandParameterSplats(const std::vector<ScriptModel*>& models);
// The entries of the dict `expr` holds (`dict(k=v)`, `{"k": v}`, an
// EasyDict, a name bound to one and changed in place by `update`/`d["k"] =`,
// a project function returning one); false when some entry is unknown.
[[nodiscard]] bool dictEntries(const ScriptModel& m, ts::Node expr, std::vector<std::pair<std::string, ts::Node>>& out);

class ScriptModel {
 public:
  ScriptModel(SourceFilePtr file, ts::Tree tree, RuleOptions options = {});
  ~ScriptModel();
  ScriptModel(const ScriptModel&) = delete;
  ScriptModel& operator=(const ScriptModel&) = delete;

  [[nodiscard]] const SourceFile& file() const { return *file_; }
  [[nodiscard]] const ts::Tree& tree() const { return tree_; }
  // See ts::Tree::releaseParserTree: for runs that will not re-parse edits.
  void releaseParserTree() { tree_.releaseParserTree(); }
  void abandonParserTree() { tree_.abandonParserTree(); }
  [[nodiscard]] ts::Node root() const { return tree_.root(); }
  [[nodiscard]] Location location(ts::Node n) const;
  [[nodiscard]] Location location(uint32_t begin, uint32_t end) const;
  [[nodiscard]] const RuleOptions& options() const { return options_; }

  [[nodiscard]] const std::vector<Call>& calls() const { return calls_; }
  [[nodiscard]] const std::vector<Loop>& loops() const { return loops_; }
  [[nodiscard]] const std::vector<std::unique_ptr<Function>>& functions() const { return functions_; }
  [[nodiscard]] const std::vector<std::unique_ptr<ClassDef>>& classes() const { return classes_; }
  [[nodiscard]] const std::vector<ArgparseOption>& argparseOptions() const { return argparse_; }
  // Another model of this file (the project's, linked): the options it took
  // from helpers of other files (ProjectModel::importHelperOptions), which a
  // fresh model of the text does not find by itself.
  void adoptImportedOptions(const ScriptModel& linked) {
    for (const ArgparseOption& o : linked.argparse_)
      if (!argparseOption(o.dest)) argparse_.push_back(o);
  }

  // Imports: local name -> qualified name ("tud" -> "torch.utils.data").
  [[nodiscard]] const std::map<std::string, std::string>& imports() const { return imports_; }
  [[nodiscard]] bool importsModule(std::string_view prefix) const;
  // The module is imported by a statement of the module body itself, not
  // under a branch, a try or a function: the script always loads it (a TPU
  // script's `import torch_xla.core.xla_model as xm`, not the lazy import of
  // an optional TPU branch in a CUDA script).
  [[nodiscard]] bool importsModuleUnconditionally(std::string_view prefix) const;
  // The modules `import a.b.c` statements name in full, anywhere in the file
  // (imports() holds only the `a` they bind).
  [[nodiscard]] const std::vector<std::string>& dottedImports() const { return dotted_imports_; }
  // Leading dots of the relative import that bound `local` (`from ..m import x`: 2); 0 otherwise.
  [[nodiscard]] int importLevel(std::string_view local) const;
  // `from m import *`: the module's dotted name (without the leading dots)
  // and the dots of a relative import, in file order.
  struct StarImport {
    std::string module;
    int level = 0;
  };
  [[nodiscard]] const std::vector<StarImport>& starImports() const { return star_imports_; }
  // The project found that `star` binds the name `c` calls: the name reads
  // as imported by name from that module from now on.
  void bindStarImported(Call& c, const StarImport& star);
  // The project found that `local`, imported from a project module, is a
  // library that module imports (`from utils.general import cv2`): the name
  // and the calls through it read as the library's from now on.
  void bindLibraryReexport(const std::string& local, const std::string& library);

  // --- the project (project_model.h) ---
  // The project this file is analysed in (null: the file alone). Values,
  // devices and loaders then flow through calls into and from other files,
  // and nodes of those files may be handed to this model's questions: they
  // are answered by the model that owns them.
  void attachProject(const ProjectModel* project) {
    if (project != project_) {  // methods bound through other files change
      caches_.bound.clear();
      caches_.method_callers.clear();
      caches_.self_instances.clear();
      caches_.invokers.reset();
    }
    project_ = project;
  }
  [[nodiscard]] const ProjectModel* project() const { return project_; }
  // The model that owns `n`: this one, or another file of the project.
  [[nodiscard]] const ScriptModel& ownerOf(ts::Node n) const;
  // The project function a call runs in another file, with that file's
  // model; {nullptr, nullptr} when none.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> calledElsewhere(const Call& c) const;
  // Dotted expression resolved through imports and aliases, "" when it does
  // not start from an import ("self.model", "loss.item").
  [[nodiscard]] std::string qualify(ts::Node expr) const;

  // The calls (loops) that start inside `n`'s bytes, in document order: a
  // run of calls() (loops()) found by binary search. A node starting where
  // `n` starts may still enclose it: callers check contains().
  [[nodiscard]] std::span<const Call> callsIn(ts::Node n) const;
  [[nodiscard]] std::span<const Loop> loopsIn(ts::Node n) const;
  // The calls whose callee's last name is `method` ("item"), in document order.
  [[nodiscard]] std::vector<const Call*> callsNamed(std::string_view method) const;
  // Each distinct non-empty qualified callee of the file ("torch.save"), sorted:
  // what a question about the modules a file calls into scans, once per
  // name rather than once per call (a 100k-line script has few names).
  [[nodiscard]] const std::vector<std::string_view>& calledNames() const;
  // Those of them whose innermost function is `f` (null: none, module or
  // class level), in document order.
  [[nodiscard]] std::vector<const Call*> callsNamedIn(std::string_view method, const Function* f) const;
  [[nodiscard]] const Call* callAt(ts::Node call_node) const;
  [[nodiscard]] const Function* functionNamed(std::string_view name) const;
  // False when no statement of the file can be a plain assignment to the
  // called name `name` (`name = ...`, `name: T = ...`); true otherwise.
  [[nodiscard]] bool mayAssign(std::string_view name) const;
  [[nodiscard]] const Function* enclosingFunction(ts::Node n) const;
  // The function a function_definition node defines; null for another node.
  [[nodiscard]] const Function* functionAt(ts::Node def) const;
  // The class a class_definition node defines; null for another node.
  [[nodiscard]] const ClassDef* classAt(ts::Node def) const;
  // Every class of that name, nested ones too, in file order (indexed once:
  // a scan of every class per call made large files quadratic).
  [[nodiscard]] const std::vector<const ClassDef*>& classesNamed(std::string_view name) const;
  [[nodiscard]] const Loop* loopFor(ts::Node loop_node) const;
  [[nodiscard]] const Loop* enclosingLoop(ts::Node n) const;  // innermost loop around n, within its function
  // Calls in the file whose callee is the project function `f`.
  [[nodiscard]] std::vector<const Call*> callersOf(const Function& f) const;
  // Calls in the file that hand `f` by name to a project function which
  // calls that parameter (`gpu_timer(train_step)` with `def gpu_timer(fn):
  // ... fn()`): f runs once per such call. Not callers: they bind the
  // callee's parameters, not f's (callback_calls.cpp).
  [[nodiscard]] const std::vector<const Call*>& invokersOf(const Function& f) const;
  // The inverse at one call: the functions of the file `c` hands (by
  // position) to a function that calls them.
  [[nodiscard]] std::vector<const Function*> functionsHandedBy(const Call& c) const;
  // Methods a call runs by name: `self.call_hook("after_train_step")` where
  // call_hook runs `getattr(hook, fn_name)(self)` on its parameter (mmcv-style
  // hook dispatch). Every non-stub project method of that name (this file's
  // alone without a project), with its file; empty for any other call.
  [[nodiscard]] std::vector<std::pair<const ScriptModel*, const Function*>> methodsRunByName(const Call& c) const;
  // True when `g` (of this file) calls the attribute its parameter names:
  // `getattr(obj, parameter)(...)`.
  [[nodiscard]] bool dispatchesByName(const Function& g, std::string_view parameter) const;
  // The calls in the file that bind f's parameters: callersOf, and for an
  // __init__ the calls that construct its class.
  [[nodiscard]] std::vector<const Call*> argumentSources(const Function& f) const;
  // The command-line dispatch (`fire.Fire(f)`, jsonargparse's `CLI(...)`,
  // cli_entries.h) of this file or, with a project, of any file, that runs
  // the function `f` of this file with its keyword defaults as the command
  // line's; {nullptr, nullptr} when none does.
  [[nodiscard]] std::pair<const ScriptModel*, const Call*> cliDispatchOf(const Function& f) const;
  // The project function a call runs (the inverse of callersOf): `f(...)` for
  // a top-level def of this file, or a method of this file that boundMethod
  // finds; null for anything else.
  [[nodiscard]] const Function* calledFunction(const Call& c) const;
  // True when a plain call names a parameter of its enclosing function.
  [[nodiscard]] static bool callsParameter(const Call& c);
  // The project function a call runs, in this file or another (calledFunction,
  // else calledElsewhere); {nullptr, nullptr} when none.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> callTarget(const Call& c) const;
  // The nested function `f` returns by name (`def make_train_step(model, opt):
  // def _step(x, y): ...; return _step`): what a call of f's result runs.
  // Null when f returns anything else or more than one function.
  [[nodiscard]] const Function* returnedClosure(const Function& f) const;

  // --- instances and methods (method_binding.cpp) ---
  // The method a call runs through an object: `self.m()` (the caller's class
  // or its project bases), `x.m()` / `self.x.m()` on an instance of a project
  // class, `obj(...)` on an instance of a project class with `__call__` (or
  // a project nn.Module subclass: its forward).
  // The instance's class is known only when every source of its value
  // constructs the same class. Memoised per call; {nullptr, nullptr} when
  // unknown.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> boundMethod(const Call& c) const;
  // Method `name` of `cls` (a class of this file) or of its nearest project
  // base class that defines it.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> methodOf(const ClassDef& cls,
                                                                      std::string_view name) const;
  // What calling an instance of `cls` runs: its __call__, else (a subclass
  // of a torch module) its forward; {nullptr, nullptr} when neither.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> calledMethodOf(const ClassDef& cls) const;
  // `cls` (this file's class) derives from nn.Module or another torch module
  // base, directly or through project (alone: this file's) base classes.
  [[nodiscard]] bool derivesTorchModule(const ClassDef& cls) const;
  // The project classes `cls` (this file's class) derives from, nearest
  // first, each with its file; without a project, this file's alone.
  [[nodiscard]] std::vector<std::pair<const ScriptModel*, const ClassDef*>> baseClassesOf(const ClassDef& cls) const;
  // The one definition of `name` in the project's subclasses of `cls` (this
  // file's class), for `self.name()` in a base class whose own `name` is a
  // stub or missing (the template-method shape: the base's loop calls a
  // hook one subclass fills in); {nullptr, nullptr} when none or several.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> soleOverride(const ClassDef& cls,
                                                                          std::string_view name) const;
  // The project class whose instance `expr` holds: every source of its value
  // constructs it (this file's class or, with a project, another file's);
  // {nullptr, nullptr} otherwise.
  [[nodiscard]] std::pair<const ScriptModel*, const ClassDef*> instanceClass(ts::Node expr) const;
  // Every project class `expr` may hold, one per distinct class (a value
  // picked by `A() if c else B()`, `x or B()`, or a factory returning
  // either); empty when some source constructs no project class.
  using ClassRef = std::pair<const ScriptModel*, const ClassDef*>;
  [[nodiscard]] const std::vector<ClassRef>& instanceClasses(ts::Node expr) const;
  // The method `name` that every class `receiver` may hold runs (they
  // inherit one definition); {nullptr, nullptr} when they differ or unknown.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> commonMethod(ts::Node receiver,
                                                                           std::string_view name) const;
  // The project class a call of this file constructs (`Trainer(...)`,
  // `utils.MetricLogger(...)`); {nullptr, nullptr} when it is no such call.
  [[nodiscard]] std::pair<const ScriptModel*, const ClassDef*> constructedClass(const Call& c) const;
  // The project class a class-level call names (`TaggerModel.from_pretrained(
  // path)`, `RankMean.apply(t)`); {nullptr, nullptr} when the receiver is none.
  [[nodiscard]] std::pair<const ScriptModel*, const ClassDef*> receiverClass(const Call& c) const;
  // The parameter of `f` whose items `f` yields one by one (`for x in
  // iterable: ... yield x`, `yield from iterable`): iterating a call of `f`
  // iterates what the caller passes there. "" when f is no such generator.
  [[nodiscard]] std::string yieldedParameter(const Function& f) const;
  // The same for a name local to `f` (`loader = DataLoader(...)` then
  // `while True: yield from loader`): that name's use in the yield or the
  // loop header, whose value sources are what `f` iterates. Null when f is
  // no such generator or yields a parameter's items (yieldedParameter).
  [[nodiscard]] ts::Node yieldedLocal(const Function& f) const;
  // The argument whose items iterating the result of call `c` hands out,
  // unchanged and one by one: `iter(loader)`, a project generator that
  // yields its parameter's items (yieldedParameter), a project class whose
  // `__next__`/`__iter__` draws from `self.<a>` set from a constructor
  // parameter (`CycleIterator(loader)`). Null for any other call.
  [[nodiscard]] ts::Node iteratedArgument(const Call& c) const;
  // What `next(it)` / `next(it, None)` draws from: the argument
  // iteratedArgument finds for the call `it` is, or is bound to on every
  // path. Null for any other expression.
  [[nodiscard]] ts::Node drawnIterable(ts::Node expr) const;
  // The argument call `c` binds to parameter `name` of `f` (keyword, else
  // position; `self` skipped for a method); null when not passed.
  [[nodiscard]] ts::Node argumentFor(const Call& c, const Function& f, std::string_view name) const;
  // Call `c` leaves parameter `name` of `f` at a None or False default (it
  // passes no such argument, none can hide in *args/**kwargs, and `f` never
  // rebinds the name): `if name is not None:` in f is false for this call.
  [[nodiscard]] bool leavesParameterUnset(const Call& c, const Function& f, std::string_view name) const;

  // --- per-step questions (RULES.md "Step loop", "Periodic guard") ---
  // Non-null when `n` runs on most steps of a batch loop: inside a step/eval
  // loop (or Lightning step hook), not under a periodic guard, directly or
  // through unguarded calls of project functions.
  [[nodiscard]] std::optional<BatchContext> perStep(ts::Node n) const;
  // The batch loop that n is inside (guarded or not), for rules that only
  // need placement.
  [[nodiscard]] std::optional<BatchContext> inBatchLoop(ts::Node n) const;
  // False when no node of this file can run once per batch: it has no step or
  // eval loop and no Lightning/HF step hook (perStep and inBatchLoop then
  // answer nullopt everywhere). A cheap test for checkers to skip a file.
  [[nodiscard]] bool mayRunPerStep() const;
  // The loop of a project base class that runs override `f` (a method of
  // this file's class) on every step through `self.<name>()`, described as
  // BatchContext::inherited; nullopt when none (guards.cpp).
  [[nodiscard]] std::optional<BatchContext> inheritedLoopCall(const Function& f) const;
  // How a library trainer runs `f`: the forward of a module class whose
  // instance the project hands to Hugging Face's (or trl's) Trainer runs once
  // per training step when the trainer's train() is called (Step), per batch
  // of its evaluate()/predict() otherwise (Eval); nullopt for any other
  // function (library_trainer.cpp).
  [[nodiscard]] std::optional<BatchKind> libraryTrainerRuns(const Function& f) const;
  // Whether some other file of the project imports this one; nullopt when
  // the file was not linked into a project (analysed alone). Kept when its
  // checks run detached (no link reached it).
  [[nodiscard]] std::optional<bool> importedInProject() const { return imported_in_project_; }
  // True when a condition (an if's condition node) is false on most steps.
  [[nodiscard]] bool isPeriodicCondition(ts::Node condition) const;
  // True when `n` sits under a periodic guard between itself and `scope`.
  [[nodiscard]] bool underPeriodicGuard(ts::Node n, ts::Node scope) const;
  // Why a guarded statement still runs per step: the `x % N` guard on the way
  // from `n` (and the call sites of context.via_calls) to the batch loop whose
  // N resolves below min_guard_interval (`step % args.eval_every == 0` with
  // eval_every = 1). nullopt when there is none.
  [[nodiscard]] std::optional<ShortIntervalGuard> shortIntervalGuard(ts::Node n, const BatchContext& context) const;
  // The epoch loops that run `n` again on each of their iterations: enclosing
  // loops of kind Epoch, directly or through calls of project functions (every
  // caller chain, each innermost first, in caller order), skipping phase
  // loops over a literal list (`for phase in ["train", "val"]`). Empty when
  // `n` sits in a batch loop (it runs per step), under a periodic guard
  // (`epoch % 5 == 0`, `epoch == 0`), a lazy-init check (`if x is None:`) or
  // a flag resolved to off between it and the epoch loop.
  [[nodiscard]] std::vector<const Loop*> epochLoopsAround(ts::Node n) const;
  // Where a call's function body is reached from: true if any caller chain
  // puts it in an eval context (function named eval/valid/test, no_grad...).
  [[nodiscard]] bool inEvalContext(ts::Node n) const;
  // The latest `x.eval()` / `x.train()` mode switch before `n` in n's function
  // (or at module level); null when there is none.
  [[nodiscard]] const Call* modeSwitchBefore(ts::Node n) const;
  // Every call of `f` (this file's and, with a project, other files') follows
  // an `.eval()` in its caller, and `f` switches no mode before `n`.
  [[nodiscard]] bool calledInEvalMode(const Function& f) const;
  // True when autograd is off wherever `n` runs: inside `with torch.no_grad()`/
  // `inference_mode()`/`set_grad_enabled(...)`, in a function decorated with
  // one of them, after a `torch.set_grad_enabled(...)` statement in its
  // function or at module level, in a Lightning validation/test/predict hook,
  // or in a function whose every caller in this file (at least one) is.
  [[nodiscard]] bool gradDisabled(ts::Node n) const;

  // --- values ---
  // Name bindings of a scope node (module or function_definition), built
  // once per scope on first use.
  [[nodiscard]] const std::unordered_map<std::string, ScopeBinding>& bindingsOf(ts::Node scope) const;
  // What functions declaring `name` global store into it (none when no function does).
  [[nodiscard]] const GlobalStores& globalStores(std::string_view name) const;
  [[nodiscard]] ResolvedValue resolve(ts::Node expr) const;
  // The file assigns the dotted name (`args.rank = ...`, `args.lr *= 2`).
  [[nodiscard]] bool assignsDottedName(std::string_view dotted) const;
  // The value of `object.key` (or `object["key"]`) for an object expression
  // of this file: a dict or namespace value, a config object's field, an
  // argparse default (values.cpp).
  [[nodiscard]] ResolvedValue memberValue(ts::Node object, const std::string& key) const;
  [[nodiscard]] const ArgparseOption* argparseOption(std::string_view dest) const;
  // What this file's `parser.set_defaults(...)` calls make the default of
  // `dest` (an option of type `type`, maybe a parent parser's): nullopt when
  // none names it; unknown when one splats `**kwargs` (argparse.cpp).
  [[nodiscard]] std::optional<ResolvedValue> setDefaultOf(std::string_view dest, const std::string& type) const;
  // The value every call site gives parameter `name` of `f` (what it passes,
  // or the default when it omits it), from this file's callers and the
  // project's; unknown when there is no caller, or one gives an unknown or a
  // different value (parameter_values.cpp).
  [[nodiscard]] ResolvedValue parameterValue(const Function& f, std::string_view name) const;
  // The same for a parameter a loop walks element by element (`for bs, nw in
  // zip(batch_sizes, num_workers):`): the value every element of what each
  // call site passes has (`num_workers=[4, 4, 4]`); unknown unless every site
  // passes a list or tuple literal whose elements all resolve alike.
  [[nodiscard]] ResolvedValue parameterElementValue(const Function& f, std::string_view name) const;
  // The value every element of a list or tuple literal resolves to; unknown
  // when one is unknown or differs.
  [[nodiscard]] ResolvedValue elementValue(ts::Node sequence) const;
  // The calls that bind f's parameters (this file's, and other files' with a
  // project attached), each with its file.
  [[nodiscard]] std::vector<std::pair<const ScriptModel*, const Call*>> parameterSites(const Function& f) const;
  // Whether an expression is None when it runs (none_values.cpp): true for
  // None on every path that reaches it, false for an object on every path
  // (a constructor call, a literal), nullopt when unknown or mixed. Follows
  // local bindings whose branches resolve (`scaler = None` then `if
  // args.amp: scaler = GradScaler()` with --amp on), conditional
  // expressions and parameters over their call sites.
  [[nodiscard]] std::optional<bool> isNoneValue(ts::Node e, int depth = 0) const;
  [[nodiscard]] std::optional<bool> parameterIsNone(const Function& f, std::string_view name, int depth) const;
  // The last binding of the identifier `use` before it, in the scope the name
  // lives in (its function, an enclosing function, else the module; module
  // names used inside functions take the module's last binding). nullopt when
  // the name is unbound in this file or is a comprehension/lambda variable.
  [[nodiscard]] std::optional<NameBinding> lastBinding(ts::Node use) const;
  // `blk` in `for blk in self.blocks:` (or `for i, blk in enumerate(...)`):
  // the sequence the loop walks when the last binding of `name` is that
  // loop's target; null otherwise (method_binding.cpp).
  [[nodiscard]] ts::Node walkedSequence(ts::Node name) const;
  // The call that made the object the identifier `use` holds: its last
  // binding, unconditional and of the whole value (`accelerator =
  // Accelerator(...)`, not `a, b = f()`), is a call. Null otherwise.
  [[nodiscard]] const Call* madeByCall(ts::Node use) const;
  // Every binding that may reach `use`, latest first: the last binding and,
  // while it is conditional, the ones before it (ending with the parameter
  // when no unconditional binding precedes). Empty as for lastBinding.
  [[nodiscard]] std::vector<NameBinding> reachingBindings(ts::Node use) const;
  // The expressions `expr` takes its value from, following names to their
  // last binding, tuple targets to the matching element, calls of project
  // functions to their returned values and parameters to what the callers in
  // this file pass. Paths we cannot follow (loop targets, callers elsewhere)
  // are dropped. By default a name whose last binding is conditional is not
  // followed, so each result is the value on some path for sure; with
  // `all_paths` every reaching binding is followed (each result is the value
  // on at least one path). Empty when nothing is known. A call of a project
  // generator gives no values (it returns a generator object) unless
  // `generator_calls` asks for the call itself as the source.
  [[nodiscard]] std::vector<ts::Node> valueSources(ts::Node expr, bool all_paths = false,
                                                   bool generator_calls = false) const;
  // The same for the `index`-th element of the sequence `expr` holds: that
  // element of a tuple or list display, or any value appended to a list
  // built empty in one function (`loaders = []` then
  // `loaders.append(DataLoader(...))` in a loop). valueSources(e) is
  // elementSources(e, -1).
  [[nodiscard]] std::vector<ts::Node> elementSources(ts::Node expr, int index, bool all_paths = false,
                                                     bool generator_calls = false) const;
  // The value of each `return x` in a project function's body (nested defs,
  // classes and lambdas excluded), found once per function; `*generator` is
  // set when the body yields (calling it returns a generator instead).
  [[nodiscard]] const std::vector<ts::Node>& returnValues(const Function& f, bool* generator) const;
  // The value of the single assignment to `target` (the text of a `self.x`)
  // in the body of the class `cls`, nested classes excluded; null when it is
  // assigned more than once or changed in place. Each class's assignments are
  // indexed on first use (value_sources.cpp).
  [[nodiscard]] ts::Node singleAssignmentIn(ts::Node cls, std::string_view target) const;
  // How often the body of `cls` assigns `target` (as singleAssignmentIn
  // counts, an augmented assignment included), with the value of the last
  // plain one: {null, 0} when the class leaves it to its bases.
  [[nodiscard]] std::pair<ts::Node, int> assignmentsIn(ts::Node cls, std::string_view target) const;
  // The value of the single `assignment` anywhere under the class `cls`
  // (methods, nested classes and expressions included) whose target's text
  // is `target`; null when there is none or more than one. Each class is
  // indexed on first use (value_sources.cpp).
  [[nodiscard]] ts::Node singleAssignmentUnder(ts::Node cls, std::string_view target) const;
  // Every value the methods of the class `cls` assign to `target` (the text
  // of a `self.x`): plain assignments and the right side of augmented ones
  // (`self.total += loss`), nested classes excluded; empty when none. Each
  // class is indexed on first use (value_sources.cpp).
  [[nodiscard]] const std::vector<ts::Node>& attributeValues(ts::Node cls, std::string_view target) const;
  // Overrides of argparse defaults by a job's argv (filled by the project layer).
  void setOptionOverride(const std::string& dest, ResolvedValue value);
  // True when a job's argv or a run config gave the option `dest` a value.
  [[nodiscard]] bool overridesOption(std::string_view dest) const { return overrides_.count(std::string(dest)) > 0; }
  // The launcher of the job that runs this model of the script, when it starts
  // one process per GPU (`deepspeed`, `torchrun --nproc_per_node=8`): its
  // name; "" for a plain `python` run or a script no job starts (the project
  // layer fills it). `single_gpu`: deepspeed's `--num_gpus 1`, which also
  // hides the other GPUs from the process.
  void setDistributedLauncher(std::string name, bool single_gpu) {
    distributed_launcher_ = std::move(name);
    single_gpu_launch_ = single_gpu;
  }
  [[nodiscard]] const std::string& distributedLauncher() const { return distributed_launcher_; }
  [[nodiscard]] bool launchedOnOneGpu() const { return single_gpu_launch_; }

  // --- run configs (config_reads.cpp) ---
  [[nodiscard]] std::vector<ConfigRead> configReads() const;
  // Values of a linked config, by dotted key path ("data.num_workers"), each
  // with its provenance (the chain ends at the config value). `key` tells
  // File roots apart (the path) and LightningInit roots (the class).
  void setConfigValues(ConfigRoot root, const std::string& key, std::map<std::string, ResolvedValue> values);
  // A bound config's value at `path`; nullopt when no config is bound there
  // or the key is absent (then the value is unknown).
  [[nodiscard]] std::optional<ResolvedValue> configValue(ConfigRoot root, std::string_view path,
                                                         const std::string& key = "") const;
  [[nodiscard]] bool hasConfig(ConfigRoot root, const std::string& key = "") const;
  [[nodiscard]] bool hasConfigValues() const { return !config_values_.empty(); }

  // True when the script places tensors on a CUDA device (`.cuda()`,
  // `.to("cuda")`, `torch.device("cuda")`, Lightning, HF Trainer, accelerate).
  [[nodiscard]] bool usesCuda() const { return uses_cuda_; }
  // The command-line flag this file's GPU path needs ("--accel" when every
  // GPU device it makes sits behind `if args.accel:` / `"cuda" if args.cuda
  // else "cpu"`, a store_true option that is off by default); "" when some
  // GPU device needs no flag, or there is none (gpu_flag.cpp).
  [[nodiscard]] const std::string& gpuFlag() const;
  // True when the file runs on the GPU path: it uses CUDA itself, or a
  // project file that imports it does (ProjectModel::reachesGpu).
  [[nodiscard]] bool mayRunOnGpu() const;

  // --- device tensors (RULES.md "Device tensors"; device_values.cpp) ---
  // The expression that puts `expr` on the GPU: a model or loss call, a
  // `.to(device)`/`.cuda()` copy, a Lightning hook's batch parameter...; null
  // when `expr` is a host value (a loader batch not moved yet, `.item()`) or
  // unknown (a parameter without callers here). Always null when the script
  // uses no GPU.
  [[nodiscard]] ts::Node deviceOrigin(ts::Node expr) const;
  // True when `placement`, a module's `.cuda(...)`, `.to(device)` or
  // `.to_empty(device=...)`, moves it to a GPU (a device the script may set
  // to CUDA counts, as for tensors).
  [[nodiscard]] bool movesModuleToGpu(const Call& placement) const;
  // True when the device expression `dev` is a CUDA device on some path (as
  // movesModuleToGpu judges a `.to(dev)`); false for the host and unknowns.
  [[nodiscard]] bool namesGpuDevice(ts::Node dev) const;
  // True when every value the name or attribute `dev` may hold is a host
  // device written in the code (`torch.device("cpu")`, `"cpu"`), here or at
  // every caller of the constructor that stored it; false for options and
  // unknowns (`args.device` may be set to CUDA by the job).
  [[nodiscard]] bool namesHostDevice(ts::Node dev) const;
  [[nodiscard]] bool mayLiveOnDevice(ts::Node expr) const { return static_cast<bool>(deviceOrigin(expr)); }
  // True when `expr` names a model or loss module (`model`, `self.net`,
  // `nn.CrossEntropyLoss()`, `Net().to(device)`): calling it yields device values.
  [[nodiscard]] bool isModuleExpression(ts::Node expr) const;
  // True when `n` only runs where the device is not CUDA: the else branch of
  // `if device_type == "cuda":` / `if torch.cuda.is_available():`, the body of
  // `if device == "cpu":` (a `.to(device)` there copies nothing to a GPU), of
  // `if "mps" in device.type:` or `if torch.backends.mps.is_available():`
  // (RULES.md "The GPU path": such a branch never runs on the CUDA node).
  [[nodiscard]] bool onCpuPath(ts::Node n) const;
  // True when `n` is in the branch of a None test that never holds (`if
  // width is None:` in a helper every caller passes a width; none_values.cpp).
  [[nodiscard]] bool skippedByNoneTest(ts::Node n) const;
  // The same question for one if/elif around `n`: the branch of `branching`
  // that holds `n` runs only off the CUDA device (placement.cpp).
  [[nodiscard]] bool offCudaBranch(ts::Node branching, ts::Node n) const;
  // The converse: `n` sits in the body of `branching`, an if/elif whose test
  // holds on the CUDA device (`elif device == "cuda":`), so it runs there
  // whenever the if is reached (placement.cpp).
  [[nodiscard]] bool cudaBranch(ts::Node branching, ts::Node n) const;
  // +1 when `cond` holds exactly on the CUDA device (`use_cuda`,
  // `torch.cuda.is_available()`, `device == "cuda"`), -1 when only on another
  // device, 0 when it says nothing of the device (placement.cpp).
  [[nodiscard]] int cudaCondition(ts::Node cond) const;

 private:
  ResolvedValue joinedOverSites(const Function& f, std::string_view name, bool elements) const;

  friend class ModelBuilder;
  friend class ValueResolver;
  friend class LoopClassifier;
  friend class DeviceAnalysis;
  friend class ProjectModel;  // marks epoch loops whose step loop lies in another file
  friend void expandParameterSplats(const std::vector<ScriptModel*>& models);
  void markTrainerForward(const TrainerForward& t);  // library_trainer.cpp
  std::vector<std::pair<const Function*, BatchKind>> trainer_forwards_;
  std::optional<bool> imported_in_project_;  // set by ProjectModel::link
  SourceFilePtr file_;
  ts::Tree tree_;
  RuleOptions options_;
  std::map<std::string, std::string> imports_;
  std::vector<StarImport> star_imports_;
  std::map<std::string, int> import_levels_;
  std::vector<std::string> dotted_imports_;  // `import a.b.c` (not aliased): "a.b.c"
  std::vector<std::string> unconditional_imports_;  // qualified names imported at module level  // local name -> leading dots of its relative import
  const ProjectModel* project_ = nullptr;
  std::vector<std::unique_ptr<Function>> functions_;
  std::vector<std::unique_ptr<ClassDef>> classes_;
  std::vector<Call> calls_;
  // Lookups the checkers ask per call or per node, indexed once by the
  // builder (a scan of every function, loop or call per question made whole
  // files quadratic): by tree-sitter node id, by name, by callee's last name.
  std::unordered_map<const void*, const Function*> function_at_;
  std::unordered_map<const void*, size_t> loop_at_;
  NameMap<const Function*> top_level_named_;  // first def of a name wins
  NameMap<const Function*> qualified_named_;
  std::unordered_map<const void*, const ClassDef*> class_at_;
  NameMap<std::vector<const ClassDef*>> classes_named_;
  NameMap<std::vector<size_t>> calls_by_method_;  // indexes into calls_, in order
  // The same for the calls outside any function (callsNamedIn(method, null):
  // a function's own are found in its byte range of calls_by_method_).
  NameMap<std::vector<size_t>> module_calls_by_method_;
  std::vector<uint32_t> call_begins_, loop_begins_;  // start bytes, ascending (the builder visits in order)
  std::vector<Loop> loops_;
  // The innermost loop around each call and each loop within its scope (an
  // index into loops_, -1 for none), recorded by the builder: parallel to
  // calls_ and loops_ (enclosingLoop).
  std::vector<int> call_loops_, loop_parents_;
  std::vector<ArgparseOption> argparse_;
  std::map<std::string, ResolvedValue> overrides_;
  std::string distributed_launcher_;
  bool single_gpu_launch_ = false;
  [[nodiscard]] const std::vector<BindingSite>& bindingSites(ts::Node scope_body, const std::string& name) const;
  [[nodiscard]] bool definesMethod(std::string_view name) const;
  // True when every occurrence of the word `name` in the file's text is a
  // call (followed by `(`): no statement or parameter of the file gives the
  // name a value (a def or class binds it to no value valueSources follows),
  // so a builtin's calls (`isinstance(x, T)`, `len(x)`) skip the questions
  // that follow a name's bindings (word_uses.cpp). Asked of called names.
  [[nodiscard]] bool onlyCalled(std::string_view name) const;
  // `step = make_train_step(model, opt)` then `step(x, y)`: the closure the
  // factory returns (returnedClosure), in this file or another; {nullptr,
  // nullptr} when the called name holds no factory's result.
  [[nodiscard]] std::pair<const ScriptModel*, const Function*> closureCalled(const Call& c) const;  // some project class (or this file's) has it
  // The calls named `name` grouped by the function each runs: the memo's
  // entry, or (while an answer it reads may still change) a fresh grouping
  // held until the next question.
  [[nodiscard]] const std::unordered_map<const Function*, std::vector<const Call*>>& methodCallers(
      const std::string& name) const;
  // The memo the current thread fills: its CacheScope's for this model, else the model's own.
  [[nodiscard]] ModelCaches& caches() const;
  // Under a CacheScope, once linked: the model's own memo, which the
  // project's link filled with the file's answers, asked in the file's own
  // order (ProjectModel::link); read before asking again. Null otherwise.
  [[nodiscard]] const ModelCaches* linkedAnswers() const;
  mutable ModelCaches caches_;
  // The tree-only memos every cache scope shares (tree_memo.h).
  mutable TreeMemo<ScopeBindings> shared_bindings_;
  mutable TreeMemo<BindingSitesByName> shared_binding_sites_;
  mutable TreeMemo<AssignmentsByTarget> shared_class_assignments_;
  mutable TreeMemo<AssignmentsByTarget> shared_class_subtree_assignments_;
  mutable TreeMemo<ValuesByTarget> shared_attribute_values_;
  std::shared_ptr<DeviceBindingMemo> device_binding_memo_ = newDeviceBindingMemo();
  // A class's index in `memo_of(model)` of the model whose tree holds
  // `cls`, built with `build(cls, index)` once for every cache scope; `seen`
  // records it for this scope (value_sources.cpp).
  template <typename Index, typename MemoOf, typename Build>
  const Index& classIndex(ts::Node cls, std::unordered_map<const void*, const Index*>& seen, MemoOf&& memo_of,
                          Build&& build) const;
  // The binding indexes of the module (first) and of every function body,
  // filled by the builder's walk (binding_index.h); by def and by body node
  // id, each with its node.
  std::vector<std::unique_ptr<ScopeIndex>> scope_indexes_;
  std::unordered_map<const void*, std::pair<ts::Node, const ScopeIndex*>> index_by_def_, index_by_body_;
  // This tree's index of `scope` (a def or module when !by_body, a body or
  // module when by_body); null for a node of another tree.
  [[nodiscard]] const ScopeIndex* ownScopeIndex(ts::Node scope, bool by_body) const;
  // How the text uses each plain name the file calls (onlyCalled,
  // mayAssign): found once, on first use, for every cache scope.
  struct WordUse {
    bool other_use = false;       // an occurrence not followed by `(`
    bool maybe_assigned = false;  // one that may be an assignment's target
  };
  void findWordUses() const;
  [[nodiscard]] const WordUse* wordUse(std::string_view name) const;
  mutable std::once_flag dotted_stores_once_;
  mutable std::unordered_set<std::string_view> dotted_stores_;  // assignsDottedName's index
  mutable std::once_flag word_uses_once_;
  mutable std::unordered_map<std::string_view, WordUse> word_uses_;
  // The file's classes by the last dotted name of each of their bases
  // (`class EMATrainer(lib.Trainer)` under "Trainer"): argumentSources asks
  // it per __init__, which scanned every class per question before
  // (quadratic in a file of many classes). Syntax only: built once.
  [[nodiscard]] const std::vector<const ClassDef*>& subclassesNaming(std::string_view base) const;
  mutable std::once_flag global_stores_once_;
  mutable std::unordered_map<std::string_view, GlobalStores> global_stores_;
  mutable std::once_flag subclasses_once_;
  mutable std::unordered_map<std::string_view, std::vector<const ClassDef*>> subclasses_by_base_;
  [[nodiscard]] std::vector<ClassRef> instancesOf(ts::Node expr, int depth = 0) const;
  // The classes a call of a callable object (`timers("forward")`) returns
  // from its __call__; empty when unknown (method_binding.cpp).
  [[nodiscard]] std::vector<ClassRef> returnedInstances(const Call& c, int depth) const;
  // `models[name]` called: the classes of a dict of classes or factories (method_binding.cpp).
  [[nodiscard]] std::vector<ClassRef> tableInstances(ts::Node subscript, int depth) const;
  [[nodiscard]] std::vector<ClassRef> annotatedInstances(ts::Node cls, std::string_view attr) const;
  // The fields the file's classes declare in their bodies (`tag: str`,
  // `imgs: torch.Tensor`), each with whether its type is a host type (str,
  // int, float, bool, bytes and containers of them).
  [[nodiscard]] std::vector<std::pair<std::string, bool>> fieldDeclarations() const;
  // Some class declares the field and every declaration is host-typed: in
  // the project when the file is part of one, else in this file.
  [[nodiscard]] bool hostTypedField(std::string_view name) const;
  // yieldedParameter/yieldedLocal's search: the name, a parameter or not, whose items f yields.
  [[nodiscard]] ts::Node yieldedName(const Function& f, bool parameter) const;
  bool uses_cuda_ = false;
  // Whether some function is a Lightning/HF step hook: -1 until first asked
  // (functions do not change after the build; loop kinds do, see mayRunPerStep).
  mutable std::atomic<int> step_hooks_{-1};
  std::map<std::pair<ConfigRoot, std::string>, std::map<std::string, ResolvedValue>> config_values_;
};

// Parses and models one Python file. Never throws on bad syntax: tree-sitter
// recovers, and the model covers what parsed.
[[nodiscard]] std::unique_ptr<ScriptModel> buildScriptModel(SourceFilePtr file, const RuleOptions& options);
// The same, from the parse a model of the same file already holds (a script
// modelled again with a job's arguments or its run configs): no second parse.
[[nodiscard]] std::unique_ptr<ScriptModel> buildScriptModel(SourceFilePtr file, const RuleOptions& options,
                                                            const ScriptModel* same_file);

}  // namespace gpulint::python
