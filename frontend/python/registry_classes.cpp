// Classes picked by name at run time, and the methods a call on what they
// build may run (registry_classes.h).
#include "frontend/python/registry_classes.h"

#include <algorithm>
#include <cctype>

#include "frontend/python/hook_overrides.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxFactoryDepth = 3;  // create_model() -> build() -> the lookup

// Which project classes a lookup can pick: those of a package's modules, or
// those a decorator registry registers.
struct ClassPick {
  enum class Kind { None, Package, Registered } kind = Kind::None;
  std::string key;  // "basicsr/models/" (Package), "MODEL_REGISTRY" (Registered)
  const ScriptModel* model = nullptr;
  ts::Node lookup;
  [[nodiscard]] bool same(const ClassPick& o) const { return kind == o.kind && key == o.key; }
};

// The package a module name built at run time lies in: `f"pkg.models.{name}"`
// or `"pkg.models." + name` gives "pkg/models/"; "" when no dotted prefix is
// written.
std::string packageOfModuleName(ts::Node arg) {
  arg = syntax::unwrap(arg);
  if (arg && arg.is("binary_operator") && arg.field("operator").text() == "+") arg = syntax::unwrap(arg.field("left"));
  if (!arg || !arg.is("string")) return "";
  std::string_view t = arg.text();
  size_t quote = t.find_first_of("'\"");
  if (quote == std::string_view::npos) return "";
  t.remove_prefix(quote + 1);
  std::string_view literal = t.substr(0, t.find_first_of("{'\""));
  size_t dot = literal.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return "";
  std::string dir(literal.substr(0, dot + 1));
  std::replace(dir.begin(), dir.end(), '.', '/');
  return dir;
}

// The package of the module object `getattr` searches: one loaded with
// `importlib.import_module(f"pkg.models.{name}")`, or each of a list of them
// the loop walks (`for module in _model_modules:`). "" when unknown.
std::string packageOfModuleObject(const ScriptModel& m, ts::Node module) {
  module = syntax::unwrap(module);
  if (!module || !module.is("identifier")) return "";
  std::vector<ts::Node> loaded;
  if (ts::Node sequence = m.walkedSequence(module)) {
    for (ts::Node src : m.valueSources(sequence, /*all_paths=*/true)) {
      src = syntax::unwrap(src);
      if (!src.is("list_comprehension") && !src.is("generator_expression")) return "";
      loaded.push_back(src.field("body"));
    }
  } else {
    loaded = m.valueSources(module, /*all_paths=*/true);
  }
  std::string dir;
  for (ts::Node src : loaded) {
    src = syntax::unwrap(src);
    const ScriptModel& owner = m.ownerOf(src);
    const Call* c = src && src.is("call") ? owner.callAt(src) : nullptr;
    if (!c || c->qualified != "importlib.import_module" || c->positional.empty()) return "";
    std::string here = packageOfModuleName(c->positional[0]);
    if (here.empty() || (!dir.empty() && here != dir)) return "";
    dir = here;
  }
  return dir;
}

ClassPick classPick(const ScriptModel& m, ts::Node expr, int depth);

// A lookup call: `getattr(module, name[, default])` over project modules, or
// `REGISTRY.get(name)` of a registry some project class registers with.
ClassPick lookupPick(const ScriptModel& m, const Call& c, int depth) {
  ClassPick pick{ClassPick::Kind::None, "", &m, c.node};
  if (!c.receiver && c.method == "getattr" && c.qualified.empty() && c.positional.size() >= 2) {
    pick.key = packageOfModuleObject(m, c.positional[0]);
    if (!pick.key.empty()) pick.kind = ClassPick::Kind::Package;
    return pick;
  }
  if (c.receiver && c.method == "get" && c.positional.size() == 1 && c.keywords.empty()) {
    ts::Node registry = syntax::unwrap(c.receiver);
    if (!registry.is("identifier") && !registry.is("attribute")) return pick;
    std::string_view name = registry.is("attribute") ? registry.field("attribute").text() : registry.text();
    pick.kind = ClassPick::Kind::Registered;
    pick.key = std::string(name);
    return pick;
  }
  // `get_obj_from_str(cfg["target"])`-style helpers: what the project function returns.
  if (depth >= kMaxFactoryDepth) return pick;
  auto [owner, f] = m.callTarget(c);
  if (!f) return pick;
  bool generator = false;
  const std::vector<ts::Node>& returns = owner->returnValues(*f, &generator);
  if (generator || returns.size() != 1) return pick;
  return classPick(*owner, returns.front(), depth + 1);
}

// What class the expression `expr` (a callee) holds when a lookup picks it.
ClassPick classPick(const ScriptModel& m, ts::Node expr, int depth) {
  expr = syntax::unwrap(expr);
  if (!expr) return {};
  if (expr.is("call")) {
    const Call* c = m.callAt(expr);
    return c ? lookupPick(m, *c, depth) : ClassPick{};
  }
  if (!expr.is("identifier")) return {};
  // `model_cls = getattr(module, model_type, None)` in the search loop: the
  // None a failed search leaves is not called (the factory raises first).
  ClassPick found;
  for (ts::Node src : m.valueSources(expr, /*all_paths=*/true)) {
    src = syntax::unwrap(src);
    if (src.is("none")) continue;
    if (!src.is("call")) return {};
    const ScriptModel& owner = m.ownerOf(src);
    const Call* c = owner.callAt(src);
    ClassPick here = c ? lookupPick(owner, *c, depth) : ClassPick{};
    if (here.kind == ClassPick::Kind::None || (found.kind != ClassPick::Kind::None && !found.same(here))) return {};
    found = here;
  }
  return found;
}

// The lookup every value `expr` may hold was built by: `cls(opt)` of a
// picked class, `.to()`/`.cuda()` of one, or what a project factory
// (`create_model(opt)`) returns.
ClassPick instancePick(const ScriptModel& m, ts::Node expr, int depth) {
  ClassPick found;
  std::vector<ts::Node> sources = m.valueSources(expr, /*all_paths=*/true);
  for (ts::Node src : sources) {
    src = syntax::unwrap(src);
    if (src.is("none")) continue;
    const ScriptModel& owner = m.ownerOf(src);
    const Call* c = src.is("call") ? owner.callAt(src) : nullptr;
    if (!c) return {};
    ClassPick here;
    if (c->receiver && syntax::oneOf(c->method, {"to", "cuda"}) && depth < kMaxFactoryDepth) {
      here = instancePick(owner, c->receiver, depth + 1);
    } else if (ClassPick picked = classPick(owner, c->callee, depth); picked.kind != ClassPick::Kind::None) {
      here = picked;
    } else if (auto [fm, f] = owner.callTarget(*c); f && !f->owner && depth < kMaxFactoryDepth) {
      bool generator = false;
      const std::vector<ts::Node>& returns = fm->returnValues(*f, &generator);
      if (generator || returns.empty()) return {};
      for (ts::Node r : returns) {
        ClassPick ret = instancePick(*fm, r, depth + 1);
        if (ret.kind == ClassPick::Kind::None || (here.kind != ClassPick::Kind::None && !here.same(ret))) return {};
        here = ret;
      }
    }
    if (here.kind == ClassPick::Kind::None || (found.kind != ClassPick::Kind::None && !found.same(here))) return {};
    found = here;
  }
  return found;
}

// `@MODEL_REGISTRY.register()` (or `.register_module()`) above the class.
bool registeredWith(const ClassDef& cls, std::string_view registry) {
  ts::Node decorated = cls.node.parent();
  if (!decorated || !decorated.is("decorated_definition")) return false;
  for (ts::Node d : decorated.namedChildren()) {
    if (!d.is("decorator")) continue;
    std::string_view text = d.text();
    size_t at = text.find(std::string(registry) + ".register");
    if (at == std::string_view::npos || at == 0) continue;
    // The whole name (`@MODELS.register()`, `@registry.MODELS.register_module()`), not `@MY_MODELS.register()`.
    char before = text[at - 1];
    if (!std::isalnum(static_cast<unsigned char>(before)) && before != '_') return true;
  }
  return false;
}

// Every class of the project `pick` can pick, with its file.
std::vector<std::pair<const ScriptModel*, const ClassDef*>> pickedClasses(const ProjectModel& project,
                                                                          const ClassPick& pick) {
  std::vector<std::pair<const ScriptModel*, const ClassDef*>> out;
  std::vector<const ScriptModel*> files = pick.kind == ClassPick::Kind::Package
                                              ? project.modulesInPackage(pick.key)
                                              : std::vector<const ScriptModel*>(project.models().begin(),
                                                                                project.models().end());
  for (const ScriptModel* file : files)
    for (const auto& cls : file->classes())
      if (pick.kind != ClassPick::Kind::Registered || registeredWith(*cls, pick.key)) out.emplace_back(file, cls.get());
  return out;
}

}  // namespace

std::vector<std::pair<const ScriptModel*, const Function*>> registryConstructors(const ScriptModel& m, const Call& c) {
  const ProjectModel* project = m.project();
  if (!project || c.receiver) return {};
  // `model_cls(opt)` / `getattr(module, name)(opt)` / `MODELS.get(name)(cfg)`: most calls name no lookup.
  ts::Node callee = syntax::unwrap(c.callee);
  if (callee && callee.is("conditional_expression")) {
    // `(AMPTrainer if amp else SimpleTrainer)(model, loader, opt)`: either class's __init__.
    std::vector<std::pair<const ScriptModel*, const Function*>> inits;
    for (const auto& [file, cls] : conditionalClasses(m, callee))
      if (auto init = file->methodOf(*cls, "__init__"); init.second &&
                                                         std::find(inits.begin(), inits.end(), init) == inits.end())
        inits.push_back(init);
    return inits;
  }
  if (!callee || !(callee.is("identifier") || callee.is("call")) || !c.qualified.empty()) return {};
  // A name the file never assigns (a builtin, an import) holds no looked-up class: a text scan tells.
  if (callee.is("identifier") && (!m.mayAssign(callee.text()) || m.functionNamed(callee.text()) ||
                                  !m.classesNamed(callee.text()).empty()))
    return {};
  ClassPick pick = classPick(m, callee, 0);
  if (pick.kind == ClassPick::Kind::None) return {};
  std::vector<std::pair<const ScriptModel*, const Function*>> out;
  for (const auto& [file, cls] : pickedClasses(*project, pick))
    if (auto init = file->methodOf(*cls, "__init__"); init.second &&
                                                       std::find(out.begin(), out.end(), init) == out.end())
      out.push_back(init);
  return out;
}

RegistryDispatch findRegistryDispatch(const ScriptModel& m, const Call& c) {
  const ProjectModel* project = m.project();
  // Cheap refusals first: most calls are bound, on `self`, of a library, or
  // of a name no project class defines.
  if (!project || !c.receiver || !c.qualified.empty() || !project->definesMethod(c.method)) return {};
  ts::Node receiver = syntax::unwrap(c.receiver);
  if (!receiver || (receiver.is("identifier") && receiver.text() == "self")) return {};
  if (m.callTarget(c).second) return {};
  ClassPick pick = instancePick(m, receiver, 0);
  if (pick.kind == ClassPick::Kind::None) return {};
  RegistryDispatch out{pick.model, pick.lookup, {}};
  for (const auto& [file, cls] : pickedClasses(*project, pick)) {
    auto method = file->methodOf(*cls, c.method);
    // A class without the method is not what the loop builds; a stub
    // (the registry's abstract base) is no definition a run executes.
    if (!method.second || isStub(*method.second)) continue;
    if (std::find(out.methods.begin(), out.methods.end(), method) == out.methods.end()) out.methods.push_back(method);
  }
  return out;
}

const RegistryDispatch* registryDispatch(const ScriptModel& m, const Call& c) {
  const ProjectModel* project = m.project();
  return project ? project->registryDispatchOf(c) : nullptr;
}

}  // namespace gpulint::python
