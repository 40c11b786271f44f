// ProjectModel::link: binding every file's calls across files in parallel, then the marks and components; apart from lookups.
#include "frontend/python/project_model.h"

#include <algorithm>
#include <unordered_map>

#include "core/parallel_for.h"
#include "frontend/python/cli_entries.h"
#include "frontend/python/hook_overrides.h"
#include "frontend/python/registry_classes.h"
#include "frontend/python/returned_parser.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

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
  rebindLibraryReexports();
  for (ScriptModel* m : models_)
    for (Call& c : m->calls_)
      if (const ScriptModel::StarImport* star = starImportOf(*m, c)) m->bindStarImported(c, *star);
  // What base names resolve to is settled from here on (baseClasses' memo).
  bases_settled_ = true;
  // A LightningModule through a project base class (`class VarNetModule(MriModule)`
  // with `class MriModule(pl.LightningModule)` in another file): the Trainer runs its hooks.
  for (ScriptModel* m : models_)
    for (auto& c : m->classes_)
      if (!c->is_lightning_module)
        for (const auto& [model, base] : baseClasses(*m, *c))
          if (base->is_lightning_module) {
            c->is_lightning_module = true;
            break;
          }
  std::vector<FileLinks> found(models_.size());
  parallelFor(models_.size(), jobs, [&](size_t i) { found[i] = resolveFile(*models_[i]); });
  for (size_t i = 0; i < models_.size(); ++i) {
    for (const auto& [call, def] : found[i].calls) bind(models_[i], *call, def);
    for (const ScriptModel* module : found[i].imports) importers_[module].insert(models_[i]);
    models_[i]->imported_in_project_ = false;
    for (const ScriptModel* other : found[i].referenced) {
      linked_.insert(models_[i]);
      linked_.insert(other);
    }
  }
  importHelperOptions();
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
    m->caches_.inherited_loop_calls.reset();  // base classes of other files count from here on
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
  linkInheritedDispatch();
  linkRegistryDispatch();
  linkCliEntries();
  expandParameterSplats(models_);
  importDictOptions();
  for (ScriptModel* m : models_)
    if (auto it = importers_.find(m); it != importers_.end() && !it->second.empty()) m->imported_in_project_ = true;
  markGpu();
  markTrainerForwards();
  markStepLoops();
  markEpochLoops();
  markEvalPassLoops();
  measureComponents();
}

// `self.make_inputs(batch)` in a method of a base class runs a subclass's
// override when the subclass inherits that method (the shared trainer's
// train() of each entry script's subclass): the call is a caller of the
// override too, whose parameters receive its arguments. Calls the base binds
// to the override already, or to every override of a stub (template-method
// hooks), are the override's callers as they are.
void ProjectModel::linkInheritedDispatch() {
  for (ScriptModel* m : models_)
    for (const auto& f : m->functions())
      for (const auto& [base_model, c] : inheritedSelfCalls(*m, *f)) {
        callers_[f.get()].push_back({base_model, c});
        linked_.insert(m);
        linked_.insert(base_model);
        if (base_model != m) {
          edges_.emplace_back(m, base_model);
          inherited_loops_.emplace_back(m, base_model);
        }
      }
}

// `model.optimize_parameters(it)` in a loop, on a model a registry built
// (registry_classes.h): the file's findings depend on the classes the
// lookup can pick, so it is checked with the project, joined to their files.
// Not callers of those definitions: which one runs is unknown, so none of
// their parameters takes the call's arguments. The construction itself is
// a caller of each class's __init__ (it gets the arguments whichever runs).
void ProjectModel::linkRegistryDispatch() {
  registry_dispatch_.clear();
  for (ScriptModel* m : models_)
    for (const Call& c : m->calls()) {
      // `model = model_cls(opt)` in the factory: a caller of every __init__ the
      // lookup may run, whose parameters the call's arguments bind.
      if (!c.receiver) {
        for (const auto& [model, init] : registryConstructors(*m, c)) {
          callers_[init].push_back({m, &c});
          linked_.insert(m);
          linked_.insert(model);
          if (model != m) edges_.emplace_back(m, model);
        }
        continue;
      }
      if (!m->enclosingLoop(c.node)) continue;  // asked by the loop rules only
      RegistryDispatch dispatch = findRegistryDispatch(*m, c);
      if (!dispatch) continue;
      for (const auto& [model, f] : dispatch.methods) {
        linked_.insert(m);
        linked_.insert(model);
        if (model != m) edges_.emplace_back(m, model);
      }
      registry_dispatch_.emplace(&c, std::move(dispatch));
    }
}

// `CLI(COMMANDS)` in the package's __main__ with `COMMANDS = {"finetune":
// finetune_setup, ...}` imported from other files: each entry runs with its
// keyword defaults unless the command line overrides them, so its
// parameters take those defaults as values (ScriptModel::cliDispatchOf).
// The dispatching file and the entry's are linked (the entry's checks then
// run with the project).
void ProjectModel::linkCliEntries() {
  cli_entries_.clear();
  for (ScriptModel* m : models_) {
    if (!m->importsModule("fire") && !m->importsModule("jsonargparse") && !m->importsModule("typer")) continue;
    for (const Call& c : m->calls())
      forEachCliEntry(*m, c, [&](const ScriptModel& owner, const Function& f) {
        if (!cli_entries_.emplace(&f, ProjectCall{m, &c}).second) return;  // the first dispatch names it
        if (&owner == m) return;
        linked_.insert(m);
        linked_.insert(&owner);
        edges_.emplace_back(m, &owner);
      });
  }
}

// A file that hands its parser to a helper of another file
// (`opts.add_noise_args(parser)`) parses the options the helper adds to that
// parameter: their defaults decide its flags (`if args.multiscale_levels:`
// with `default=None` is off). Options the file adds itself come first.
namespace {

// `parser = get_parser()` then `args = parser.parse_args()` in the same
// function, with no set_defaults on it in between.
bool parsedAsReturned(const ScriptModel& m, const Call& c) {
  ts::Node assignment = c.node.parent();
  if (!assignment || !assignment.is("assignment") || !(assignment.field("right") == c.node)) return false;
  ts::Node target = assignment.field("left");
  if (!target || !target.is("identifier")) return false;
  bool parsed = false;
  for (const Call& d : m.calls()) {
    if (d.function != c.function || !d.receiver || syntax::unwrap(d.receiver).text() != target.text()) continue;
    if (d.method == "set_defaults") return false;
    parsed = parsed || d.method == "parse_args" || d.method == "parse_known_args";
  }
  return parsed;
}

}  // namespace

void ProjectModel::importHelperOptions() {
  for (ScriptModel* m : models_) {
    std::vector<ArgparseOption> added;
    auto known = [&](const std::string& dest) {
      return m->argparseOption(dest) ||
             std::any_of(added.begin(), added.end(), [&](const ArgparseOption& o) { return o.dest == dest; });
    };
    for (const Call& c : m->calls()) {
      auto it = callees_.find(&c);  // bound above; the models are not attached yet
      if (it == callees_.end() || !it->second.function || it->second.model == m) continue;
      const ScriptModel* other = it->second.model;
      const Function* f = it->second.function;
      // Most helpers add no option: nothing to ask of their returns.
      const auto& options = other->argparseOptions();
      if (std::none_of(options.begin(), options.end(), [f](const ArgparseOption& o) { return f->node.contains(o.call); }))
        continue;
      // A parser returned unparsed counts when the caller parses it as it is
      // (`parser = get_parser(); args = parser.parse_args()`), not when it
      // extends it (`parents=[...]`, set_defaults): those read it elsewhere.
      ReturnedParser returned_parser = returnedParser(*other, *f);
      std::string returned =
          returned_parser.parsed || parsedAsReturned(*m, c) ? returned_parser.name : std::string();
      for (const ArgparseOption& opt : other->argparseOptions()) {
        if (!f->node.contains(opt.call) || known(opt.dest)) continue;
        const Call* add = other->callAt(opt.call);
        if (!add || !add->receiver || !add->receiver.is("identifier")) continue;
        std::string parser(add->receiver.text());
        // `args = parse_args()`: the helper builds the parser and returns what
        // it parses; else the call hands it the parser to fill.
        if (parser != returned) {
          if (std::find(f->parameters.begin(), f->parameters.end(), parser) == f->parameters.end()) continue;
          if (!other->argumentFor(c, *f, parser)) continue;  // the call hands it no parser
        }
        added.push_back(opt);
      }
    }
    m->argparse_.insert(m->argparse_.end(), added.begin(), added.end());
  }
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

}  // namespace gpulint::python
