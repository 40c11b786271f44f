// Import resolution and the cross-file call graph (project_model.h).
#include "frontend/python/project_model.h"

#include <algorithm>
#include <deque>

#include "frontend/python/syntax.h"
#include "frontend/python/yacs_config.h"
#include "frontend/test_code.h"

namespace gpulint::python {

namespace {

constexpr int kMaxReexportDepth = 6;  // __init__.py chains re-exporting a name

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
// tiny batch), not the way the script runs. A test-named module whose text
// defines no test is an entry script (`tools/test_net.py`), as discovery
// judges it.
bool isTestModule(const ScriptModel& m) {
  const std::string& path = m.file().path();
  std::string name = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  std::string dirs = "/" + path;
  if (name == "conftest.py" || dirs.find("/tests/") != std::string::npos || dirs.find("/test/") != std::string::npos)
    return true;
  return namedLikeTestModule(name) && textDefinesTests(m.file().text());
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
  if (it == by_suffix_.end()) return besideUnderPrefix(dir, parts, count);
  if (it->second.size() == 1) return &modules_[it->second.front()];
  // Several files of that name. An importer inside a package (its folder
  // has an __init__.py) runs as part of it (`python -m pkg.cli`, an entry
  // point), where `from pkg import Trainer` names that package, not the
  // `pkg/pkg.py` beside it (imagen_pytorch/cli.py).
  if (by_path_.count(std::string(dir)))
    for (size_t i : it->second) {
      const std::string& path = modules_[i].path;
      if (path == dir || (dir.starts_with(path) && dir.size() > path.size() && dir[path.size()] == '/'))
        return &modules_[i];
    }
  // Otherwise the one beside the importer (the script's folder is first on
  // sys.path); otherwise we cannot tell.
  std::string beside(dir);
  if (!dir.empty()) beside += '/';
  beside += dotted;
  for (size_t i : it->second)
    if (modules_[i].path == beside) return &modules_[i];
  return nullptr;
}

// `import deeplearning.ssl.moco.builder` in a script beside moco/builder.py:
// a tree synced out of a monorepo keeps the monorepo's package prefix in its
// imports while the files sit at the top of the tree. The module is the one
// beside the importer that the name names without a prefix of two segments
// or more (two segments at least left), when the prefix's first segment is
// no module or package of the project and no library whose deep dotted
// imports are everyday code (`torch.utils.data.distributed` is torch's
// even beside a project's data/distributed.py); never a suffix found
// elsewhere in the tree.
const ProjectModel::Module* ProjectModel::besideUnderPrefix(std::string_view dir, const std::string_view* parts,
                                                            size_t count) const {
  if (count < 4 || module_names_.count(parts[0]) || by_suffix_.count(std::string(parts[0]))) return nullptr;
  if (syntax::oneOf(parts[0], {"torch", "torchvision", "torchaudio", "tensorflow", "keras", "jax", "flax", "numpy",
                               "transformers", "diffusers", "lightning", "pytorch_lightning", "accelerate", "deepspeed",
                               "apex", "timm", "mmcv", "mmdet", "mmengine", "detectron2", "fairseq", "megatron",
                               "sklearn", "scipy", "google", "absl", "os", "xml", "email", "http", "urllib",
                               "concurrent", "multiprocessing", "importlib", "distutils", "setuptools"}))
    return nullptr;
  for (size_t drop = 2; drop + 2 <= count; ++drop) {
    std::string want(dir);
    if (!dir.empty()) want += '/';
    appendJoined(want, parts + drop, count - drop);
    if (auto it = by_path_.find(want); it != by_path_.end()) return &modules_[it->second];
  }
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
  if (m.starImports().empty() || !c.qualified.empty()) return nullptr;
  // `name(...)`, or a class method of a star-imported class (`VisionLM.from_pretrained(...)`;
  // mayAssign below knows the loader methods' receivers only, see findWordUses).
  ts::Node receiver = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  if (c.receiver ? !c.callee.is("attribute") || !receiver.is("identifier") : !c.callee.is("identifier"))
    return nullptr;
  const std::string name = c.receiver ? std::string(receiver.text()) : c.method;
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

// `from utils.general import cv2`, where utils/general.py runs `import cv2`
// (or re-exports it from another project module): the library's dotted name
// ("cv2"); "" when the name is no library re-exported by a project module.
std::string ProjectModel::externalReexport(const ScriptModel& from, const std::string& local, int depth) const {
  if (depth > kMaxReexportDepth) return "";
  auto it = from.imports().find(local);
  if (it == from.imports().end()) return "";
  Parts parts = split(it->second);
  if (parts.size() < 2 && from.importLevel(local) == 0) return "";  // `import cv2` itself
  if (parts.empty()) return "";
  std::string name(parts.back());
  parts.pop_back();
  const Module* module = moduleAt(from, from.importLevel(local), parts);
  if (!module || module->model == &from) return "";
  const ScriptModel& owner = *module->model;
  // The module defines the name itself: a project function, class or value.
  if (owner.functionNamed(name) || !owner.classesNamed(name).empty()) return "";
  const auto& bindings = owner.bindingsOf(owner.root());
  if (auto b = bindings.find(name); b != bindings.end() && (!b->second.onlyAssigned() || !b->second.assignments.empty()))
    return "";
  auto jt = owner.imports().find(name);
  if (jt == owner.imports().end()) return "";
  Parts target = split(jt->second);
  if (owner.importLevel(name) > 0 || resolveName(owner, 0, target, depth + 1) || moduleAt(owner, 0, target))
    return externalReexport(owner, name, depth + 1);  // a project name, perhaps re-exported further
  return jt->second;
}

// Every file's names that are libraries re-exported by project modules read
// as those libraries (DESIGN.md: a call resolves to what it runs): YOLO's
// `from utils.general import cv2` then `cv2.imwrite(...)` is OpenCV's write.
void ProjectModel::rebindLibraryReexports() {
  for (ScriptModel* m : models_) {
    std::vector<std::pair<std::string, std::string>> found;
    for (const auto& [local, dotted] : m->imports())
      if (std::string library = externalReexport(*m, local, 0); !library.empty()) found.emplace_back(local, library);
    for (const auto& [local, library] : found) m->bindLibraryReexport(local, library);
    if (!found.empty()) linked_.insert(m);  // what its calls run is known from another file
  }
}

void ProjectModel::setYacsTrees(std::shared_ptr<const YacsTrees> trees) {
  yacs_ = std::move(trees);
  if (!yacs_) return;
  for (ScriptModel* m : models_)
    for (const auto& [local, target] : m->imports()) {
      auto [owner, value] = importedConstant(*m, local);
      value = syntax::unwrap(value);
      if (!owner || !value) continue;
      for (const YacsTree& t : yacs_->trees)
        if (t.model == owner && t.root_value == value) {
          linked_.insert(m);
          linked_.insert(owner);
        }
    }
}

std::pair<const ScriptModel*, ts::Node> ProjectModel::importedConstant(const ScriptModel& m, const std::string& local,
                                                                       int depth) const {
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
  // `from .defaults import _C as cfg` in a package's __init__: the constant the re-export names.
  if (b == bindings.end() && depth < 3 && owner.imports().count(name)) return importedConstant(owner, name, depth + 1);
  if (b == bindings.end() || !b->second.onlyAssigned() || b->second.assignments.size() != 1) return {};
  if (!owner.globalStores(name).assignments.empty() || owner.globalStores(name).rebound) return {};  // a function stores another value
  return {&owner, b->second.assignments.front().field("right")};
}

// `loss_registry[config.model.type](model, x, t)` with `loss_registry =
// {"simple": noise_loss}` a constant of another project module: the one
// function every entry of the table names (which key is looked up does not
// matter then). Tables of several functions stay unknown.
ProjectDef ProjectModel::tableCall(const ScriptModel& m, const Call& c) const {
  ts::Node callee = syntax::unwrap(c.callee);
  if (!callee || !callee.is("subscript")) return {};
  ts::Node table = syntax::unwrap(callee.field("value"));
  if (!table || !table.is("identifier")) return {};
  auto [owner, value] = importedConstant(m, std::string(table.text()));
  value = syntax::unwrap(value);
  if (!owner || !value || !value.is("dictionary")) return {};
  const Function* named = nullptr;
  for (ts::Node pair : value.namedChildren()) {
    if (pair.is("comment")) continue;
    ts::Node entry = syntax::unwrap(pair.field("value"));
    if (!pair.is("pair") || !entry || !entry.is("identifier")) return {};
    const Function* f = owner->functionNamed(entry.text());
    if (!f || f->owner || (named && named != f)) return {};
    named = f;
  }
  return named ? ProjectDef{owner, named, nullptr} : ProjectDef{};
}

ProjectDef ProjectModel::resolveCall(const ScriptModel& m, const Call& c) const {
  if (ProjectDef def = superCall(m, c)) return def;
  if (ProjectDef def = tableCall(m, c)) return def;
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
  if (isTestModule(*m) && !isTestModule(*def.model)) return;
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
  for (const Call& c : m.calls()) {
    if (ProjectDef def = resolveCall(m, c)) out.calls.emplace_back(&c, def);
    // An imported project function passed as an argument (`collate_fn=collate`,
    // `target=worker`): what the callee runs comes from that file.
    auto referenced = [&](ts::Node arg) {
      arg = syntax::unwrap(arg);
      if (!arg || !arg.is("identifier")) return;
      auto it = m.imports().find(std::string(arg.text()));
      if (it == m.imports().end()) return;
      ProjectDef def = resolveName(m, m.importLevel(it->first), split(it->second), 0);
      if (def.function && def.model != &m) out.referenced.push_back(def.model);
    };
    for (ts::Node arg : c.positional) referenced(arg);
    for (const auto& [name, arg] : c.keywords) referenced(arg);
  }
  for (const ScriptModel::StarImport& star : m.starImports())
    if (const Module* mod = moduleAt(m, star.level, split(star.module)))
      if (mod->model != &m) out.imports.push_back(mod->model);
  auto importsLongest = [&](const std::string& qualified, int level) {
    Parts parts = split(qualified);
    for (size_t k = parts.size(); k > 0; --k) {
      if (const Module* mod = moduleAt(m, level, parts.data(), k)) {
        if (mod->model != &m) out.imports.push_back(mod->model);
        break;
      }
    }
  };
  for (const auto& [local, qualified] : m.imports()) importsLongest(qualified, m.importLevel(local));
  // `import zoo.arch` imports zoo/arch.py, not only the package it binds.
  for (const std::string& dotted : m.dottedImports()) importsLongest(dotted, 0);
  return out;
}

std::vector<const ScriptModel*> ProjectModel::modulesInPackage(std::string_view dir) const {
  std::vector<const ScriptModel*> out;
  std::string needle = "/" + std::string(dir);
  for (const Module& module : modules_)
    if (("/" + module.path + "/").find(needle) != std::string::npos) out.push_back(module.model);
  return out;
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

ProjectDef ProjectModel::functionNamed(const ScriptModel& m, const std::string& qualified) const {
  Parts parts = split(qualified);
  if (parts.empty()) return {};
  ProjectDef def = resolveName(m, m.importLevel(parts.front()), parts, 0);
  return def.function && !def.cls ? def : ProjectDef{};
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
