// Import resolution and the cross-file call graph (project_model.h).
#include "frontend/python/project_model.h"

#include <algorithm>
#include <deque>

#include "core/parallel_for.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxReexportDepth = 6;  // __init__.py chains re-exporting a name

// True when function `f` of file `fm` holds node `n` of file `nm`. Node
// ranges are bytes: a loop of one file lies "inside" any function of another
// that happens to span the same bytes (ch07's generation loop inside the
// imported `generate`), so the files must match first.
bool holds(const ScriptModel* fm, const Function& f, const ScriptModel* nm, ts::Node n) {
  return fm == nm && f.node.contains(n);
}

ProjectModel::Parts split(std::string_view dotted) {
  ProjectModel::Parts out;
  out.reserve(4);  // most names have at most four parts; counting the dots first cost more than a regrowth
  size_t start = 0;
  while (start <= dotted.size()) {
    size_t dot = dotted.find('.', start);
    if (dot == std::string_view::npos) dot = dotted.size();
    if (dot > start) out.emplace_back(dotted.substr(start, dot - start));
    start = dot + 1;
  }
  return out;
}

// Appends parts[0..count) joined by '/' to `out`.
void appendJoined(std::string& out, const std::string_view* parts, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (i) out += '/';
    out += parts[i];
  }
}

std::string parentDir(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string_view parentDirView(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

// The first identifier of a dotted callee: `engine` in engine.evaluate(...).
std::string_view rootName(ts::Node callee) {
  callee = syntax::unwrap(callee);
  while (callee.is("attribute")) callee = syntax::unwrap(callee.field("object"));
  return callee.is("identifier") ? callee.text() : std::string_view();
}

// A test module (test_x.py, x_test.py, conftest.py, or under a tests/
// folder): it calls the project with toy values (an eval interval of 1, a
// tiny batch), not the way the script runs.
bool isTestModule(const std::string& path) {
  std::string name = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  if (name.starts_with("test_") || name.ends_with("_test.py") || name == "conftest.py") return true;
  std::string dirs = "/" + path;
  return dirs.find("/tests/") != std::string::npos || dirs.find("/test/") != std::string::npos;
}

}  // namespace

void ProjectModel::add(ScriptModel* model) {
  std::string path = model->file().path();
  if (path.ends_with(".py")) path.resize(path.size() - 3);
  if (path.ends_with("/__init__") || path == "__init__") path = parentDir(path);
  size_t index = modules_.size();
  models_.push_back(model);
  modules_.push_back({model, path});
  by_path_.emplace(path, index);
  module_names_.insert(path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1));
  by_source_[model->root().source()] = model;
  // Every suffix of the module path: an absolute import names the module
  // from a source root we do not know.
  std::string rest = path;
  for (;;) {
    if (!rest.empty()) by_suffix_[rest].push_back(index);
    size_t slash = rest.find('/');
    if (slash == std::string::npos) break;
    rest = rest.substr(slash + 1);
  }
}

const ScriptModel* ProjectModel::ownerOf(ts::Node n) const {
  auto it = by_source_.find(n.source());
  return it == by_source_.end() ? nullptr : it->second;
}

// The module `parts` names from `from` (`level` leading dots of a relative
// import); null when it is not a unique project module.
const ProjectModel::Module* ProjectModel::moduleAt(const ScriptModel& from, int level, const std::string_view* parts,
                                                   size_t count) const {
  // Every key of by_path_ and by_suffix_ ends in a module's own name.
  if (count > 0 && parts[count - 1].find('/') == std::string::npos && !module_names_.count(parts[count - 1]))
    return nullptr;
  std::string_view dir = parentDirView(from.file().path());
  if (level > 0) {
    for (int up = 1; up < level; ++up) dir = parentDirView(dir);
    std::string want(dir);
    if (count > 0) {
      if (!dir.empty()) want += '/';
      appendJoined(want, parts, count);
    }
    auto it = by_path_.find(want);
    return it == by_path_.end() ? nullptr : &modules_[it->second];
  }
  if (count == 0) return nullptr;
  std::string dotted;
  appendJoined(dotted, parts, count);
  auto it = by_suffix_.find(dotted);
  if (it == by_suffix_.end()) return nullptr;
  if (it->second.size() == 1) return &modules_[it->second.front()];
  // Several files of that name: the one beside the importer (the script's
  // folder is first on sys.path); otherwise we cannot tell.
  std::string beside(dir);
  if (!dir.empty()) beside += '/';
  beside += dotted;
  for (size_t i : it->second)
    if (modules_[i].path == beside) return &modules_[i];
  return nullptr;
}

ProjectDef ProjectModel::resolveName(const ScriptModel& from, int level, Parts parts, int depth) const {
  if (depth > kMaxReexportDepth) return {};
  // The longest prefix that is a module; the rest names something in it.
  for (size_t k = parts.size(); k > 0; --k) {
    if (const Module* m = moduleAt(from, level, parts.data(), k)) {
      if (k == parts.size()) return {m->model, nullptr, nullptr};
      return member(*m, Parts(parts.begin() + static_cast<long>(k), parts.end()), depth);
    }
  }
  // `from . import train_one_epoch`: a name of the package itself.
  if (level > 0)
    if (const Module* pkg = moduleAt(from, level, {})) return member(*pkg, parts, depth);
  return {};
}

// `rest` inside a module: a top-level function, a class (or one of its
// methods), or a name the module imports from elsewhere (a re-export).
ProjectDef ProjectModel::member(const Module& module, const Parts& rest, int depth) const {
  const ScriptModel& m = *module.model;
  const std::string_view name = rest.front();
  if (rest.size() == 1)
    if (const Function* f = m.functionNamed(name); f && !f->owner) return {&m, f, nullptr};
  for (const ClassDef* cls : m.classesNamed(name)) {
    if (syntax::ancestor(cls->node, {"function_definition"})) continue;
    if (rest.size() == 1) return {&m, m.functionNamed(std::string(name) + ".__init__"), cls};
    if (rest.size() == 2) return {&m, m.functionNamed(std::string(name).append(".").append(rest[1])), cls};
    return {};
  }
  auto it = m.imports().find(std::string(name));
  if (it == m.imports().end()) {
    // `from .meters import *` in a package's __init__ re-exports by star.
    if (name.front() != '_')
      for (auto star = m.starImports().rbegin(); star != m.starImports().rend(); ++star)
        if (definedByStar(m, *star, name, depth + 1)) {
          Parts parts = split(star->module);  // `from . import *`: none
          parts.insert(parts.end(), rest.begin(), rest.end());
          return resolveName(m, star->level, std::move(parts), depth + 1);
        }
    return {};
  }
  Parts parts = split(it->second);
  parts.insert(parts.end(), rest.begin() + 1, rest.end());
  return resolveName(m, m.importLevel(name), std::move(parts), depth + 1);
}

// `super().m(...)` in a method: m of the nearest project base class that
// defines it (in this file or another).
ProjectDef ProjectModel::superCall(const ScriptModel& m, const Call& c) const {
  ts::Node object = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  if (!object || !object.is("call") || object.field("function").text() != "super" || !c.function ||
      !c.function->owner)
    return {};
  for (const auto& [model, base] : baseClasses(m, *c.function->owner))
    if (const Function* f = model->functionNamed(base->name + "." + c.method)) return {model, f, nullptr};
  return {};
}

// `accuracy(out, y)` after `from utils import *`: the star import that binds
// the name to a function or class of a project module (Python binds the
// module's public names), or null. Not when the file may bind the name itself
// (a def, a class, an assignment, a parameter of the calling function): that
// one is called, and which one runs is then unknown.
const ScriptModel::StarImport* ProjectModel::starImportOf(const ScriptModel& m, const Call& c) const {
  if (m.starImports().empty() || c.receiver || !c.callee.is("identifier") || !c.qualified.empty()) return nullptr;
  const std::string& name = c.method;
  if (name.empty() || name.front() == '_') return nullptr;  // not exported by `import *`
  if (m.functionNamed(name) || !m.classesNamed(name).empty() || m.mayAssign(name)) return nullptr;
  for (const Function* f = c.function; f; f = m.enclosingFunction(f->node.parent()))
    if (std::find(f->parameters.begin(), f->parameters.end(), name) != f->parameters.end()) return nullptr;
  // A later star import rebinds what an earlier one bound.
  for (auto it = m.starImports().rbegin(); it != m.starImports().rend(); ++it)
    if (definedByStar(m, *it, name, 0)) return &*it;
  return nullptr;
}

// Whether `from <star.module> import *` in `m` binds `name` to a project
// function or class: one the module defines or imports by name, or binds
// through a star import of its own.
bool ProjectModel::definedByStar(const ScriptModel& m, const ScriptModel::StarImport& star, std::string_view name,
                                 int depth) const {
  if (depth > kMaxReexportDepth) return false;
  const Module* module = moduleAt(m, star.level, split(star.module));
  if (!module || module->model == &m) return false;
  ProjectDef def = member(*module, Parts{name}, depth);
  if (def.function || def.cls) return true;
  for (const ScriptModel::StarImport& inner : module->model->starImports())
    if (definedByStar(*module->model, inner, name, depth + 1)) return true;
  return false;
}

std::pair<const ScriptModel*, ts::Node> ProjectModel::importedConstant(const ScriptModel& m,
                                                                       const std::string& local) const {
  auto it = m.imports().find(local);
  if (it == m.imports().end()) return {};
  Parts parts = split(it->second);
  if (parts.size() < 2) return {};  // `import settings`: a module, not a constant
  std::string name(parts.back());
  parts.pop_back();
  const Module* module = moduleAt(m, m.importLevel(local), parts);
  if (!module || module->model == &m) return {};
  const ScriptModel& owner = *module->model;
  const auto& bindings = owner.bindingsOf(owner.root());
  auto b = bindings.find(name);
  if (b == bindings.end() || b->second.rebound || b->second.assignments.size() != 1) return {};
  return {&owner, b->second.assignments.front().field("right")};
}

ProjectDef ProjectModel::resolveCall(const ScriptModel& m, const Call& c) const {
  if (ProjectDef def = superCall(m, c)) return def;
  if (c.qualified.empty()) return {};
  std::string_view root = rootName(c.callee);
  if (root.empty()) return {};
  ProjectDef def = resolveName(m, m.importLevel(root), split(c.qualified), 0);
  if (def.model == &m) return {};  // a name of this file: ScriptModel::calledFunction answers
  return def.function || def.cls ? def : ProjectDef{};
}

void ProjectModel::bind(ScriptModel* m, const Call& c, ProjectDef def) {
  callees_[&c] = def;
  // Values flow from a caller to its callee's parameters; a test's calls of
  // the code under test would make its toy values the script's.
  if (isTestModule(m->file().path()) && !isTestModule(def.model->file().path())) return;
  if (def.function) callers_[def.function].push_back({m, &c});
  // A class without __init__ of its own runs its nearest project base's.
  if (def.cls && !def.function)
    for (const auto& [model, base] : baseClasses(*def.model, *def.cls))
      if (const Function* init = model->functionNamed(base->name + ".__init__")) {
        callers_[init].push_back({m, &c});
        break;
      }
  linked_.insert(m);
  linked_.insert(def.model);
  if (def.model != m) edges_.emplace_back(m, def.model);
}

// The project definitions one file's calls name and the project modules it
// imports (for the GPU path); reads the project's indexes only.
ProjectModel::FileLinks ProjectModel::resolveFile(const ScriptModel& m) const {
  FileLinks out;
  for (const Call& c : m.calls())
    if (ProjectDef def = resolveCall(m, c)) out.calls.emplace_back(&c, def);
  for (const ScriptModel::StarImport& star : m.starImports())
    if (const Module* mod = moduleAt(m, star.level, split(star.module)))
      if (mod->model != &m) out.imports.push_back(mod->model);
  for (const auto& [local, qualified] : m.imports()) {
    Parts parts = split(qualified);
    int level = m.importLevel(local);
    for (size_t k = parts.size(); k > 0; --k) {
      if (const Module* mod = moduleAt(m, level, parts.data(), k)) {
        if (mod->model != &m) out.imports.push_back(mod->model);
        break;
      }
    }
  }
  return out;
}

void ProjectModel::link(unsigned jobs) {
  for (ScriptModel* m : models_)
    for (const auto& f : m->functions())
      if (f->owner) methods_[f->name].emplace_back(m, f.get());
  // Field declarations: host-typed in every class of every file that declares them.
  std::set<std::string, std::less<>> other_fields;
  for (ScriptModel* m : models_)
    for (const auto& [name, host] : m->fieldDeclarations())
      (host ? host_fields_ : other_fields).insert(name);
  for (const auto& name : other_fields) host_fields_.erase(name);
  // Each file's calls are resolved on its own (the indexes above are only
  // read), then bound in file order, so the project does not depend on jobs.
  // Names star imports bind become imports by name first (`from utils
  // import *` then `accuracy(...)` reads as `from utils import accuracy`), so
  // the calls resolve, and read as project calls, like any imported name.
  for (ScriptModel* m : models_)
    for (Call& c : m->calls_)
      if (const ScriptModel::StarImport* star = starImportOf(*m, c)) m->bindStarImported(c, *star);
  // What base names resolve to is settled from here on (baseClasses' memo).
  bases_settled_ = true;
  std::vector<FileLinks> found(models_.size());
  parallelFor(models_.size(), jobs, [&](size_t i) { found[i] = resolveFile(*models_[i]); });
  for (size_t i = 0; i < models_.size(); ++i) {
    for (const auto& [call, def] : found[i].calls) bind(models_[i], *call, def);
    for (const ScriptModel* module : found[i].imports) importers_[module].insert(models_[i]);
  }
  // Methods bound through objects: the instance's class may come from any
  // file, so every name above is bound first and every model attached. Each
  // file asks under a cache scope of its own (no memo is shared between
  // threads) and sees the names bound above, not another file's methods:
  // its answers do not depend on which files were asked before it.
  // A model linked before keeps that link's answers until the loop below
  // replaces them; they must not answer this link's questions
  // (ScriptModel::linkedAnswers).
  for (ScriptModel* m : models_) {
    m->attachProject(this);
    m->caches_.bound.clear();
    m->caches_.method_callers.clear();
    m->caches_.self_instances.clear();
    m->caches_.invokers.reset();
  }
  // The file's own answers (which method each of its calls runs, the class
  // each `self.x` holds) are kept as its model's memo, where the loop marks
  // below read them, as when the files were asked one after another.
  std::vector<ModelCaches> answers(models_.size());
  parallelFor(models_.size(), jobs, [&](size_t i) {
    CacheScope scope;
    found[i].calls.clear();
    const ScriptModel& m = *models_[i];
    for (const Call& c : m.calls()) {
      if (callees_.count(&c) || (!c.receiver && !c.callee.is("identifier"))) continue;
      if (auto [model, f] = m.boundMethod(c); f && model != &m)
        found[i].calls.emplace_back(&c, ProjectDef{model, f, nullptr});
    }
    ModelCaches& asked = *CacheScope::of(m);
    answers[i].bound = std::move(asked.bound);
    answers[i].self_instances = std::move(asked.self_instances);
  });
  for (size_t i = 0; i < models_.size(); ++i) {
    for (const auto& [call, def] : found[i].calls) bind(models_[i], *call, def);
    models_[i]->caches_.bound = std::move(answers[i].bound);
    models_[i]->caches_.method_callers.clear();  // grouped by the answers replaced above
    models_[i]->caches_.invokers.reset();        // found through them too
    models_[i]->caches_.self_instances = std::move(answers[i].self_instances);
  }
  markGpu();
  markStepLoops();
  markEpochLoops();
  markEvalPassLoops();
  measureComponents();
}

// Connected components of the files over bound calls and imports (union-find).
void ProjectModel::measureComponents() {
  std::unordered_map<const ScriptModel*, const ScriptModel*> parent;  // looked up only
  auto find = [&parent](const ScriptModel* m) {
    while (parent[m] != m) m = parent[m] = parent[parent[m]];
    return m;
  };
  for (const ScriptModel* m : models_) parent[m] = m;
  auto join = [&](const ScriptModel* a, const ScriptModel* b) {
    if (parent.count(a) && parent.count(b)) parent[find(a)] = find(b);
  };
  for (const auto& [a, b] : edges_) join(a, b);
  for (const auto& [module, importers] : importers_)
    for (const ScriptModel* importer : importers) join(module, importer);
  std::map<const ScriptModel*, size_t> index;
  for (const ScriptModel* m : models_) {
    auto [it, added] = index.emplace(find(m), component_bytes_.size());
    if (added) component_bytes_.push_back(0);
    component_[m] = it->second;
    component_bytes_[it->second] += m->file().text().size();
  }
}

size_t ProjectModel::linkedBytes(const ScriptModel& m) const {
  auto it = component_.find(&m);
  return it == component_.end() ? 0 : component_bytes_[it->second] - m.file().text().size();
}

// The function updates the weights on every call: an optimizer step (or
// apply_gradients/minimize) in its body outside its loops (a loop of its own
// is the step loop), or a call of a project function (any file) that does.
// A backward pass alone does not count: a helper that only backpropagates
// (GradCAM's `score.backward()`, a saliency map) trains nothing, and a loop
// whose own body steps the optimizer is a step loop already (loops.cpp).
// Memoised.
bool ProjectModel::trains(const ScriptModel& m, const Function& f, int depth,
                          std::map<const Function*, bool>& memo) const {
  if (depth > 3) return false;
  if (auto it = memo.find(&f); it != memo.end()) return it->second;
  memo[&f] = false;  // recursion: cut
  bool result = false;
  for (const Call& c : m.calls()) {
    if (c.function != &f || m.enclosingLoop(c.node)) continue;
    if (isTrainingCall(c) && c.method != "backward" && c.method != "gradient") result = true;
    else if (auto [model, g] = m.callTarget(c); g && g != &f) result = trains(*model, *g, depth + 1, memo);
    if (result) break;
  }
  memo[&f] = result;
  return result;
}

// `gpu_timer(train_step)` with gpu_timer in another file: the call hands a
// function of this file that trains to a function that calls it.
bool ProjectModel::handsTrainingFunction(const ScriptModel& m, const Call& c,
                                         std::map<const Function*, bool>& memo) const {
  for (const Function* passed : m.functionsHandedBy(c))
    if (trains(m, *passed, 0, memo)) return true;
  return false;
}

// A loop whose body trains through a call the per-file pass could not follow
// (`loss_scaler(loss, optimizer)` on an object made in another file, a
// trainer method defined in a base class elsewhere) is a step loop, and the
// loops of its file around it are epoch loops. So is a loop the per-file
// pass made an epoch loop because a micro-batch loop below it runs the
// backward, when its own pass steps the optimizer through another file
// (`self.forward_backward(batch); self.mp_trainer.optimize(self.opt)`):
// with the stepping object in the same file that loop is a step loop
// already (loops.cpp asks for training before nesting).
void ProjectModel::markStepLoops() {
  std::map<const Function*, bool> memo;
  auto open = [](const Loop& l) { return l.kind == LoopKind::Other || l.kind == LoopKind::Epoch; };
  for (ScriptModel* m : models_) {
    // Only a loop not yet a step loop can become one: a file without one needs no call placed.
    if (std::none_of(m->loops_.begin(), m->loops_.end(), open)) continue;
    bool changed = false;
    for (const Call& c : m->calls()) {
      const Loop* loop = m->enclosingLoop(c.node);  // the loop whose own body runs the call
      if (!loop || !open(*loop) || !loop->node.field("body").contains(c.node) || playsEpisodes(*loop))
        continue;
      auto [model, f] = m->callTarget(c);
      if (!f || holds(model, *f, m, loop->node)) continue;
      if (!trains(*model, *f, 0, memo) && !handsTrainingFunction(*m, c, memo)) continue;
      m->loops_[static_cast<size_t>(loop - m->loops_.data())].kind = LoopKind::Step;
      changed = true;
    }
    if (!changed) continue;
    m->promoteBatchDrawingLoops();
    for (Loop& outer : m->loops_)
      for (const Loop& inner : m->loops_)
        if (outer.kind == LoopKind::Other && inner.kind == LoopKind::Step && outer.node.contains(inner.node) &&
            !(outer.node == inner.node))
          outer.kind = LoopKind::Epoch;
  }
}

// A loop that calls a function with a training step loop in another file
// (`for epoch in ...: train_one_epoch(...)`), or one whose step loop the
// project found (markStepLoops), is an epoch loop, as it would be with both
// in one file. Loops are classified per file first (loops.cpp); this only
// adds what that pass could not see.
void ProjectModel::markEpochLoops() {
  std::map<const Function*, bool> has_step;  // memo per callee
  auto stepsIn = [&](const ScriptModel& model, const Function& f) {
    auto [it, fresh] = has_step.try_emplace(&f, false);
    if (fresh)
      for (const Loop& l : model.loops())
        if (l.kind == LoopKind::Step && f.node.contains(l.node)) it->second = true;
    return it->second;
  };
  for (ScriptModel* m : models_) {
    std::vector<Loop*> open;  // loops that may still turn out to be epoch loops
    for (Loop& l : m->loops_)
      if (l.kind == LoopKind::Other) open.push_back(&l);
    if (open.empty()) continue;
    for (const Call& c : m->calls()) {
      bool inside = false;
      for (Loop* l : open) inside = inside || l->node.contains(c.node);
      if (!inside) continue;
      auto [model, f] = m->callTarget(c);
      if (!f || !stepsIn(*model, *f)) continue;
      for (Loop* l : open)
        if (l->kind == LoopKind::Other && l->node.contains(c.node) && !holds(model, *f, m, l->node))
          l->kind = LoopKind::Epoch;
    }
  }
}

const Function* forwardingHelperCall(const ScriptModel& m, const Loop& l);  // helper_forward.cpp

// An evaluation loop that calls a function running its own batch loop in
// another file (`for name in datasets: evaluate(model, make_loader(name))`)
// loops over whole evaluation passes, not batches (as loops.cpp decides
// within one file): only the callee's loop runs per batch. A loop that hands
// its own item to a helper running the model on it (forwardingHelperCall)
// runs a forward pass per item, as with the module call inline.
void ProjectModel::markEvalPassLoops() {
  std::map<const Function*, bool> memo;
  for (ScriptModel* m : models_)
    for (Loop& l : m->loops_) {
      if (l.kind != LoopKind::Eval || forwardsLoopTarget(*m, l) || forwardingHelperCall(*m, l)) continue;
      ts::Node body = l.node.field("body");
      for (const Call& c : m->callsIn(body)) {
        if (!body.contains(c.node)) continue;
        auto [model, f] = m->callTarget(c);
        if (f && !holds(model, *f, m, l.node) && runsEvalPass(*model, *f, 0, memo)) {
          l.kind = LoopKind::Other;
          break;
        }
      }
    }
}

bool ProjectModel::runsEvalPass(const ScriptModel& m, const Function& f, int depth,
                                std::map<const Function*, bool>& memo) const {
  if (auto it = memo.find(&f); it != memo.end()) return it->second;
  memo[&f] = false;  // recursion
  bool result = false;
  for (const Loop& l : m.loopsIn(f.node))
    result = result || (f.node.contains(l.node) && (l.kind == LoopKind::Eval || repeatsForwardPasses(m, l)));
  if (!result && depth < 2)
    for (const Call& c : m.callsIn(f.node)) {
      if (c.function != &f) continue;
      auto [model, g] = m.callTarget(c);
      if (g && g != &f && runsEvalPass(*model, *g, depth + 1, memo)) { result = true; break; }
    }
  memo[&f] = result;
  return result;
}

bool namesCudaThroughProject(const ScriptModel& m);  // placement.cpp

// A file is on the GPU path when it places tensors on a GPU itself (with a
// device of its own or one another project file makes) or is
// imported by a file that is (a device flows down into what a script calls).
void ProjectModel::markGpu() {
  std::map<const ScriptModel*, std::vector<const ScriptModel*>> imported_by;  // importer -> modules it imports
  for (const auto& [module, importers] : importers_)
    for (const ScriptModel* importer : importers) imported_by[importer].push_back(module);
  std::deque<const ScriptModel*> work;
  for (const ScriptModel* m : models_) {
    bool own = m->usesCuda();
    // A device made in another file: its checks need the project attached.
    if (!own && namesCudaThroughProject(*m)) linked_.insert(m);
    else if (!own) continue;
    if (gpu_.insert(m).second) work.push_back(m);
  }
  while (!work.empty()) {
    const ScriptModel* m = work.front();
    work.pop_front();
    for (const ScriptModel* module : imported_by[m])
      if (gpu_.insert(module).second) {
        work.push_back(module);
        linked_.insert(module);
      }
  }
}

const std::vector<std::pair<const ScriptModel*, const Function*>>& ProjectModel::methodsNamed(
    std::string_view name) const {
  static const std::vector<std::pair<const ScriptModel*, const Function*>> none;
  auto it = methods_.find(name);
  return it == methods_.end() ? none : it->second;
}

ProjectDef ProjectModel::calleeOf(const ScriptModel& m, const Call& c) const {
  // A model outside the project (a script re-analysed under a job's argv)
  // resolves its calls when asked.
  if (ownerOf(m.root()) != &m) {
    if (ProjectDef def = resolveCall(m, c)) return def;
    auto [model, f] = m.boundMethod(c);
    return f && model != &m ? ProjectDef{model, f, nullptr} : ProjectDef{};
  }
  auto it = callees_.find(&c);
  return it == callees_.end() ? ProjectDef{} : it->second;
}

std::vector<std::pair<const ScriptModel*, const ClassDef*>> ProjectModel::baseClasses(const ScriptModel& m,
                                                                                    const ClassDef& cls) const {
  // A model outside the project (a script modelled again for a job) holds
  // classes that live only as long as it does: answered, never kept.
  const bool keep = bases_settled_ && ownerOf(m.root()) == &m && m.classAt(cls.node) == &cls;
  if (keep) {
    std::lock_guard<std::mutex> lock(base_memo_->mutex);
    if (auto it = base_memo_->bases.find(&cls); it != base_memo_->bases.end()) return it->second;
  }
  std::vector<std::pair<const ScriptModel*, const ClassDef*>> out;
  std::deque<std::pair<const ScriptModel*, const ClassDef*>> work{{&m, &cls}};
  while (!work.empty() && out.size() < 8) {
    auto [model, c] = work.front();
    work.pop_front();
    for (const std::string& base : c->bases) {
      const ScriptModel* owner = nullptr;
      const ClassDef* found = nullptr;
      if (const auto& local = model->classesNamed(base); !local.empty()) found = local.back(), owner = model;
      if (!found) {
        Parts parts = split(base);
        if (parts.empty()) continue;
        ProjectDef def = resolveName(*model, model->importLevel(parts.front()), parts, 0);
        found = def.cls;
        owner = def.model;
      }
      if (!found || found == &cls) continue;
      out.emplace_back(owner, found);
      work.emplace_back(owner, found);
    }
  }
  if (keep) {
    std::lock_guard<std::mutex> lock(base_memo_->mutex);
    base_memo_->bases.emplace(&cls, out);  // another thread's equal answer may be there first
  }
  return out;
}

ProjectDef ProjectModel::classNamed(const ScriptModel& m, const std::string& qualified) const {
  Parts parts = split(qualified);
  if (parts.empty()) return {};
  ProjectDef def = resolveName(m, m.importLevel(parts.front()), parts, 0);
  return def.cls ? def : ProjectDef{};
}

const std::vector<ProjectCall>& ProjectModel::callersOf(const Function& f) const {
  static const std::vector<ProjectCall> kNone;
  auto it = callers_.find(&f);
  return it == callers_.end() ? kNone : it->second;
}

ProjectAttachment::ProjectAttachment(const ProjectModel& project) : project_(project) {
  for (ScriptModel* m : project_.models()) m->attachProject(&project_);
}

ProjectAttachment::~ProjectAttachment() {
  for (ScriptModel* m : project_.models()) m->attachProject(nullptr);
}

}  // namespace gpulint::python
