#include "frontend/python/script_model.h"

#include <algorithm>

#include "frontend/python/binding_index.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"

#include "frontend/python/syntax.h"

namespace gpulint::python {

// ---- Call helpers --------------------------------------------------------

ts::Node Call::keyword(std::string_view name) const {
  for (const auto& [k, v] : keywords)
    if (k == name) return v;
  return ts::Node();
}

ts::Node Call::argument(std::string_view name, int index) const {
  if (ts::Node k = keyword(name)) return k;
  if (index >= 0 && static_cast<size_t>(index) < positional.size()) return positional[index];
  return ts::Node();
}

bool Call::mayHideArgument(std::string_view name, int index) const {
  if (argument(name, index)) return false;
  if (has_star_kwargs) return true;
  return has_star_args && index >= 0;
}

const char* loopKindName(LoopKind kind) {
  switch (kind) {
    case LoopKind::Epoch: return "epoch loop";
    case LoopKind::Step: return "training step loop";
    case LoopKind::Eval: return "evaluation loop";
    case LoopKind::Other: break;
  }
  return "loop";
}

std::string BatchContext::describe() const {
  if (!inherited.empty()) return inherited;
  if (!loop) {
    // An HF Trainer subclass's training_step override (see guards.cpp isLightningHook).
    ts::Node cls = syntax::ancestor(scope, {"class_definition"});
    ts::Node bases = cls ? cls.field("superclasses") : ts::Node();
    if (kind == BatchKind::Step && bases && bases.text().find("Trainer") != std::string_view::npos &&
        !syntax::containsWord(bases.text(), {"lightning"})) {
      ts::Node hook = scope ? scope.field("name") : ts::Node();
      if (hook && hook.text() == "compute_loss") return "the Trainer's compute_loss (called by training_step)";
      return "the Trainer training_step";
    }
    ts::Node name = scope ? scope.field("name") : ts::Node();
    if (libraryTrainerForward())
      return kind == BatchKind::Step ? "the Hugging Face Trainer's training loop, which runs this forward"
                                     : "the Hugging Face Trainer's evaluation loop, which runs this forward";
    if (name && (name.text().starts_with("on_") || name.text().ends_with("_step_end")))  // a per-batch hook (guards.cpp isLightningHook)
      return "Lightning's " + std::string(name.text()) + " hook";
    return kind == BatchKind::Step ? "the Lightning training_step" : "the Lightning evaluation step";
  }
  return std::string("the ") + loopKindName(loop->kind) + " at line " + std::to_string(loop->node.line());
}

// Only a library Trainer makes a forward a hook body (guards.cpp): a
// Lightning hook is never named so.
bool BatchContext::libraryTrainerForward() const {
  ts::Node name = !loop && inherited.empty() && scope ? scope.field("name") : ts::Node();
  return name && name.text() == "forward";
}

// ---- ScriptModel ---------------------------------------------------------

ScriptModel::~ScriptModel() = default;

namespace {
CacheScope*& currentScope() {
  thread_local CacheScope* scope = nullptr;
  return scope;
}
}  // namespace

CacheScope::CacheScope() : outer_(currentScope()) { currentScope() = this; }

CacheScope::~CacheScope() { currentScope() = outer_; }

bool CacheScope::active() { return currentScope() != nullptr; }

ModelCaches* CacheScope::of(const ScriptModel& model) {
  CacheScope* scope = currentScope();
  if (!scope) return nullptr;
  std::unique_ptr<ModelCaches>& caches = scope->caches_[&model];
  if (!caches) caches = std::make_unique<ModelCaches>();
  return caches.get();
}

ModelCaches& ScriptModel::caches() const {
  if (ModelCaches* scoped = CacheScope::of(*this)) return *scoped;
  return caches_;
}

const ModelCaches* ScriptModel::linkedAnswers() const {
  // Under a scope the model's own caches are only read: what the project's
  // link stored there (ProjectModel::link) is final.
  return project_ && CacheScope::active() ? &caches_ : nullptr;
}

Location ScriptModel::location(ts::Node n) const {
  const ScriptModel& owner = ownerOf(n);
  return owner.file_->location(n.begin(), n.end());
}

const ScriptModel& ScriptModel::ownerOf(ts::Node n) const {
  if (!project_ || !n || n.source() == tree_.root().source()) return *this;
  const ScriptModel* owner = project_->ownerOf(n);
  return owner ? *owner : *this;
}

void ScriptModel::bindStarImported(Call& c, const StarImport& star) {
  // The bound name: the callee, or the class whose method it calls.
  std::string name = c.receiver ? std::string(syntax::unwrap(c.receiver).text()) : c.method;
  std::string bound = star.module.empty() ? name : star.module + "." + name;
  c.qualified = c.receiver ? bound + "." + c.method : bound;
  imports_[name] = bound;
  if (star.level > 0) import_levels_[name] = star.level;
}

void ScriptModel::bindLibraryReexport(const std::string& local, const std::string& library) {
  auto it = imports_.find(local);
  if (it == imports_.end()) return;
  const std::string was = it->second;
  it->second = library;
  import_levels_.erase(local);
  for (Call& c : calls_)
    if (c.qualified.starts_with(was) && (c.qualified.size() == was.size() || c.qualified[was.size()] == '.'))
      c.qualified = library + c.qualified.substr(was.size());
}

int ScriptModel::importLevel(std::string_view local) const {
  auto it = import_levels_.find(std::string(local));
  return it == import_levels_.end() ? 0 : it->second;
}

bool ScriptModel::mayRunOnGpu() const { return uses_cuda_ || (project_ && project_->reachesGpu(*this)); }
Location ScriptModel::location(uint32_t b, uint32_t e) const { return file_->location(b, e); }

bool ScriptModel::importsModule(std::string_view prefix) const {
  for (const auto& [local, q] : imports_)
    if (q == prefix || (q.starts_with(prefix) && q.size() > prefix.size() && q[prefix.size()] == '.'))
      return true;
  return false;
}

bool ScriptModel::importsModuleUnconditionally(std::string_view prefix) const {
  for (const std::string& q : unconditional_imports_)
    if (q == prefix || (q.starts_with(prefix) && q.size() > prefix.size() && q[prefix.size()] == '.')) return true;
  return false;
}

std::string ScriptModel::qualify(ts::Node expr) const {
  const Sym& S = Sym::get();
  expr = syntax::unwrap(expr);
  TSSymbol k = kindOf(expr);
  if (k == S.identifier) {
    auto it = imports_.find(std::string(expr.text()));
    return it == imports_.end() ? std::string() : it->second;
  }
  if (k == S.attribute) {
    std::string base = qualify(fieldOf(expr, S.object));
    if (base.empty()) return {};
    return base + "." + std::string(fieldOf(expr, S.attribute_field).text());
  }
  return {};
}

const Call* ScriptModel::callAt(ts::Node n) const {
  if (const ScriptModel& owner = ownerOf(n); &owner != this) return owner.callAt(n);
  // A binary search over the calls' start bytes (a flat array: a tree map
  // of every call missed the cache per lookup in large files). Several calls
  // can start at the same byte (a.b().c()): they are neighbours in document order.
  auto [first, last] = std::equal_range(call_begins_.begin(), call_begins_.end(), n.begin());
  for (auto i = first; i != last; ++i)
    if (const Call& c = calls_[static_cast<size_t>(i - call_begins_.begin())]; c.node == n) return &c;
  return nullptr;
}

namespace {

// The positions in `begins` (ascending) that lie in [n.begin, n.end).
std::pair<size_t, size_t> startingIn(const std::vector<uint32_t>& begins, ts::Node n) {
  if (!n) return {0, 0};
  auto first = std::lower_bound(begins.begin(), begins.end(), n.begin());
  auto last = std::lower_bound(first, begins.end(), n.end());
  return {first - begins.begin(), last - begins.begin()};
}

}  // namespace

std::span<const Call> ScriptModel::callsIn(ts::Node n) const {
  auto [first, last] = startingIn(call_begins_, n);
  return std::span<const Call>(calls_).subspan(first, last - first);
}

std::span<const Loop> ScriptModel::loopsIn(ts::Node n) const {
  auto [first, last] = startingIn(loop_begins_, n);
  return std::span<const Loop>(loops_).subspan(first, last - first);
}

std::vector<const Call*> ScriptModel::callsNamed(std::string_view method) const {
  std::vector<const Call*> out;
  if (auto it = calls_by_method_.find(method); it != calls_by_method_.end())
    for (size_t i : it->second) out.push_back(&calls_[i]);
  return out;
}

std::vector<const Call*> ScriptModel::callsNamedIn(std::string_view method, const Function* f) const {
  std::vector<const Call*> out;
  const auto& index = f ? calls_by_method_ : module_calls_by_method_;
  auto named = index.find(method);
  if (named == index.end()) return out;
  // The name's calls are in document order: those inside f's bytes are one
  // run of them (nested functions' calls among them are left out below).
  const std::vector<size_t>& all = named->second;
  auto begins = [&](size_t i, uint32_t at) { return call_begins_[i] < at; };
  auto first = f ? std::lower_bound(all.begin(), all.end(), f->node.begin(), begins) : all.begin();
  auto last = f ? std::lower_bound(first, all.end(), f->node.end(), begins) : all.end();
  for (auto i = first; i != last; ++i)
    if (calls_[*i].function == f) out.push_back(&calls_[*i]);
  return out;
}

const Function* ScriptModel::functionNamed(std::string_view name) const {
  if (auto it = top_level_named_.find(name); it != top_level_named_.end()) return it->second;
  auto it = qualified_named_.find(name);
  return it == qualified_named_.end() ? nullptr : it->second;
}

const Function* ScriptModel::functionAt(ts::Node def) const {
  // The id alone may name a node of another tree.
  auto it = function_at_.find(def.id());
  return it != function_at_.end() && it->second->node == def ? it->second : nullptr;
}

const ClassDef* ScriptModel::classAt(ts::Node def) const {
  auto it = class_at_.find(def.id());
  return it != class_at_.end() && it->second->node == def ? it->second : nullptr;
}

const std::vector<const ClassDef*>& ScriptModel::classesNamed(std::string_view name) const {
  static const std::vector<const ClassDef*> kNone;
  auto it = classes_named_.find(name);
  return it == classes_named_.end() ? kNone : it->second;
}

const Function* ScriptModel::enclosingFunction(ts::Node n) const {
  ts::Node def = syntax::ancestor(n, {"function_definition"});
  if (!def || def.source() != root().source()) return nullptr;
  auto it = function_at_.find(def.id());
  return it == function_at_.end() ? nullptr : it->second;
}

const Loop* ScriptModel::loopFor(ts::Node loop_node) const {
  if (!loop_node || loop_node.source() != root().source()) return nullptr;
  auto it = loop_at_.find(loop_node.id());
  return it == loop_at_.end() ? nullptr : &loops_[it->second];
}

const Loop* ScriptModel::enclosingLoop(ts::Node n) const {
  // A call or loop of this file: the builder recorded its loop.
  if (n && n.source() == root().source()) {
    auto loop = [&](int i) -> const Loop* { return i < 0 ? nullptr : &loops_[static_cast<size_t>(i)]; };
    if (auto it = loop_at_.find(n.id()); it != loop_at_.end() && loops_[it->second].node == n)
      return loop(loop_parents_[it->second]);
    if (isKind(n, Sym::get().call))
      if (const Call* c = callAt(n)) return loop(call_loops_[static_cast<size_t>(c - calls_.data())]);
  }
  for (ts::Node p : n.ancestorWalk()) {
    if (syntax::isScope(p)) return nullptr;
    if (syntax::isLoop(p)) return loopFor(p);
  }
  return nullptr;
}

void ScriptModel::setOptionOverride(const std::string& dest, ResolvedValue value) {
  overrides_[dest] = std::move(value);
}

const ArgparseOption* ScriptModel::argparseOption(std::string_view dest) const {
  for (const auto& o : argparse_)
    if (o.dest == dest) return &o;
  return nullptr;
}

}  // namespace gpulint::python
