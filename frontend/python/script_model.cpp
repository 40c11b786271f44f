#include "frontend/python/script_model.h"

#include <algorithm>
#include <cassert>

#include "frontend/python/binding_index.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"

#include "frontend/input_guard.h"
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
  if (!loop) {
    // An HF Trainer subclass's training_step override (see guards.cpp isLightningHook).
    ts::Node cls = syntax::ancestor(scope, {"class_definition"});
    ts::Node bases = cls ? cls.field("superclasses") : ts::Node();
    if (kind == BatchKind::Step && bases && bases.text().find("Trainer") != std::string_view::npos &&
        !syntax::containsWord(bases.text(), {"lightning"}))
      return "the Trainer training_step";
    return kind == BatchKind::Step ? "the Lightning training_step" : "the Lightning evaluation step";
  }
  return std::string("the ") + loopKindName(loop->kind) + " at line " + std::to_string(loop->node.line());
}

// ---- Builder -------------------------------------------------------------

// One pass over the tree: imports, definitions, calls, loops.
class ModelBuilder {
 public:
  explicit ModelBuilder(ScriptModel& m) : m_(m) {}

  void build() {
    m_.scope_indexes_.push_back(std::make_unique<ScopeIndex>());
    visit(m_.root(), ts::Node(), nullptr, nullptr, BindingWalk{m_.scope_indexes_.front().get()});
    indexFunctions();
    // c.function and l.function were recorded by visit(): the innermost
    // function_definition around the node (what enclosingFunction answers).
    for (auto& c : m_.calls_) fillCall(c);
    for (size_t i = 0; i < m_.calls_.size(); ++i) {
      m_.calls_by_method_[m_.calls_[i].method].push_back(i);
      if (!m_.calls_[i].function) m_.module_calls_by_method_[m_.calls_[i].method].push_back(i);
    }
    for (size_t i = 0; i < m_.loops_.size(); ++i) {
      m_.loop_at_.emplace(m_.loops_[i].node.id(), i);
      m_.loop_begins_.push_back(m_.loops_[i].node.begin());
    }
    for (const Call& c : m_.calls_) m_.call_begins_.push_back(c.node.begin());
    // visit() records nodes in document order, which callsIn/loopsIn rely on.
    assert(std::is_sorted(m_.call_begins_.begin(), m_.call_begins_.end()));
    assert(std::is_sorted(m_.loop_begins_.begin(), m_.loop_begins_.end()));
  }

 private:
  // `walk`: where n's children stand for the binding indexes (recordBindings
  // is asked about each child as the walk reaches it).
  void visit(ts::Node n, ts::Node parent, Function* fn, ClassDef* cls, BindingWalk walk) {
    const Sym& S = Sym::get();
    TSSymbol t = kindOf(n);
    if (t == S.import_statement) return addImport(n);
    if (t == S.import_from_statement) return addFromImport(n);
    if (t == S.assignment && !fn) addAliasAssignment(n);
    if (t == S.class_definition) {
      auto c = std::make_unique<ClassDef>();
      c->name = std::string(fieldOf(n, S.name).text());
      c->node = n;
      if (ts::Node sup = fieldOf(n, S.superclasses))
        for (ts::Node b : sup.namedChildren())
          if (!b.is("keyword_argument")) {
            std::string q = m_.qualify(b);
            c->bases.push_back(q.empty() ? std::string(b.text()) : q);
          }
      for (const auto& d : decorators(parent))
        if (d == "dataclass" || d == "dataclasses.dataclass") c->is_dataclass = true;
      for (const auto& b : c->bases) {
        if (b.ends_with("LightningModule")) c->is_lightning_module = true;
        if (b.ends_with("Dataset") || b.ends_with("IterableDataset")) c->is_dataset = true;
      }
      ClassDef* raw = c.get();
      m_.classes_.push_back(std::move(c));
      ScopedLoop in_class(loop_, -1);  // a scope: loops around it are not enclosingLoop's
      for (ts::Node ch : n.namedChildren()) visit(ch, n, nullptr, raw, BindingWalk{});  // no scope of ours
      return;
    }
    if (t == S.function_definition) {
      auto f = std::make_unique<Function>();
      f->name = std::string(fieldOf(n, S.name).text());
      f->qualified = cls ? cls->name + "." + f->name : f->name;
      f->node = n;
      f->body = fieldOf(n, S.body);
      f->owner = cls;
      f->decorators = decorators(parent);
      if (ts::Node params = fieldOf(n, S.parameters))
        for (ts::Node p : params.namedChildren()) {
          ts::Node name = p.is("identifier") ? p : p.field("name");
          if (!name && p.namedChildCount() > 0) name = p.namedChild(0);
          if (name && name.is("identifier")) f->parameters.emplace_back(name.text());
        }
      Function* raw = f.get();
      m_.functions_.push_back(std::move(f));
      // The body is a scope of its own; the name, parameters and return
      // annotation belong to no scope's index.
      ScopeIndex* own = nullptr;
      if (raw->body) {
        m_.scope_indexes_.push_back(std::make_unique<ScopeIndex>());
        own = m_.scope_indexes_.back().get();
        m_.index_by_def_.emplace(n.id(), std::make_pair(n, own));
        m_.index_by_body_.emplace(raw->body.id(), std::make_pair(raw->body, own));
      }
      Function* outer = enclosing_;
      enclosing_ = raw;
      ScopedLoop in_def(loop_, -1);
      for (ts::Node ch : n.namedChildren()) visit(ch, n, raw, nullptr, own && ch == raw->body ? BindingWalk{own} : BindingWalk{});
      enclosing_ = outer;
      return;
    }
    if (t == S.call) {
      Call c;
      c.node = n;
      c.function = enclosing_;
      m_.calls_.push_back(std::move(c));
      m_.call_loops_.push_back(loop_);
    }
    int inner_loop = t == S.lambda ? -1 : loop_;  // a lambda is a scope too
    if (t == S.for_statement || t == S.while_statement) {
      Loop l;
      l.node = n;
      l.function = enclosing_;
      if (t == S.for_statement) {
        l.iterable = fieldOf(n, S.right);
        l.target = fieldOf(n, S.left);
      }
      m_.loops_.push_back(l);
      m_.loop_parents_.push_back(loop_);
      inner_loop = static_cast<int>(m_.loops_.size() - 1);
    }
    ScopedLoop inside(loop_, inner_loop);
    for (ts::Node ch : n.namedChildren()) {
      BindingWalk inner = recordBindings(ch, n, walk);
      // A node without named children (a name, a number, a string part) is
      // no import, definition, call, loop or assignment, each of which has
      // some: visiting it would only walk its empty list of children, which
      // is charged as that walk would be.
      if (ch.namedChildCount() == 0) {
        ts::WorkBudget::charge(1);
        continue;
      }
      visit(ch, n, fn, cls, inner);
    }
  }

  // Sets the innermost loop for a subtree's walk, and restores it after.
  struct ScopedLoop {
    ScopedLoop(int& at, int inner) : at_(at), outer_(at) { at = inner; }
    ~ScopedLoop() { at_ = outer_; }
    int& at_;
    int outer_;
  };

  // emplace keeps the first: functionNamed answers the first def of a name.
  void indexFunctions() {
    for (const auto& f : m_.functions_) {
      m_.function_at_.emplace(f->node.id(), f.get());
      if (!f->owner) m_.top_level_named_.emplace(f->name, f.get());
      m_.qualified_named_.emplace(f->qualified, f.get());
    }
    for (const auto& c : m_.classes_) {
      m_.class_at_.emplace(c->node.id(), c.get());
      m_.classes_named_[c->name].push_back(c.get());
    }
  }

  // The decorators of a definition, from its parent (the walk knows it).
  std::vector<std::string> decorators(ts::Node parent) {
    const Sym& S = Sym::get();
    std::vector<std::string> out;
    if (!isKind(parent, S.decorated_definition)) return out;
    for (ts::Node d : parent.namedChildren()) {
      if (!isKind(d, S.decorator) || d.namedChildCount() == 0) continue;
      ts::Node e = d.namedChild(0);
      if (isKind(e, S.call)) e = fieldOf(e, S.function);
      std::string q = m_.qualify(e);
      out.push_back(q.empty() ? std::string(e.text()) : q);
    }
    return out;
  }

  void addImport(ts::Node n) {
    for (ts::Node name : n.namedChildren()) {
      if (name.is("aliased_import")) {
        m_.imports_[std::string(name.field("alias").text())] = std::string(name.field("name").text());
      } else if (name.is("dotted_name")) {
        // `import torch.utils.data` binds `torch`.
        std::string full(name.text());
        std::string first = full.substr(0, full.find('.'));
        m_.imports_[first] = first;
      }
    }
  }

  void addFromImport(ts::Node n) {
    ts::Node module = n.field("module_name");
    std::string base(module.text());
    // Relative imports name project modules; keep the dotted tail, and the
    // level for the project model.
    int level = 0;
    while (!base.empty() && base.front() == '.') {
      base.erase(0, 1);
      ++level;
    }
    for (uint32_t i = 0; i < n.childCount(); ++i) {
      if (n.child(i).is("wildcard_import")) {
        m_.star_imports_.push_back({base, level});
        continue;
      }
      if (n.fieldNameOfChild(i) != "name") continue;
      ts::Node name = n.child(i);
      std::string imported, local;
      if (name.is("aliased_import")) {
        imported = std::string(name.field("name").text());
        local = std::string(name.field("alias").text());
      } else {
        imported = local = std::string(name.text());
      }
      m_.imports_[local] = base.empty() ? imported : base + "." + imported;
      if (level > 0) m_.import_levels_[local] = level;
    }
  }

  // `Loader = DataLoader` at module level makes Loader an alias.
  void addAliasAssignment(ts::Node n) {
    ts::Node left = n.field("left"), right = n.field("right");
    if (!left.is("identifier") || !right) return;
    right = syntax::unwrap(right);
    if (!right.is("identifier") && !right.is("attribute")) return;
    std::string q = m_.qualify(right);
    if (!q.empty()) m_.imports_[std::string(left.text())] = q;
  }

  void fillCall(Call& c) {
    const Sym& S = Sym::get();
    c.callee = fieldOf(c.node, S.function);
    c.qualified = m_.qualify(c.callee);
    c.method = std::string(syntax::lastName(c.callee));
    if (isKind(c.callee, S.attribute)) c.receiver = fieldOf(c.callee, S.object);
    ts::Node args = fieldOf(c.node, S.arguments);
    if (!isKind(args, S.argument_list)) return;
    for (ts::Node a : args.namedChildren()) {
      TSSymbol k = kindOf(a);
      if (k == S.keyword_argument) {
        c.keywords.emplace_back(std::string(fieldOf(a, S.name).text()), fieldOf(a, S.value));
      } else if (k == S.list_splat) {
        c.has_star_args = true;
      } else if (k == S.dictionary_splat) {
        c.has_star_kwargs = true;
      } else if (k != S.comment) {
        c.positional.push_back(a);
      }
    }
  }

  ScriptModel& m_;
  // The innermost function whose definition visit() is inside (a class body
  // in a function keeps it; `fn` does not): what enclosingFunction answers
  // for a node there, known during the walk instead of asked per node.
  Function* enclosing_ = nullptr;
  // The innermost loop (an index into loops_) around the node visit() is
  // at, within its scope (function, class, lambda); -1 when none: what
  // enclosingLoop answers for a call or loop, known during the walk.
  int loop_ = -1;
};

// ---- ScriptModel ---------------------------------------------------------

void classifyLoops(ScriptModel& model);   // loops.cpp
void expandKeywordSplats(ScriptModel& model, std::vector<Call>& calls);  // kwargs_splat.cpp
void collectArgparse(ScriptModel& model, std::vector<ArgparseOption>& out);  // argparse.cpp
bool detectCuda(const ScriptModel& model);  // placement.cpp

ScriptModel::ScriptModel(SourceFilePtr file, ts::Tree tree, RuleOptions options)
    : file_(std::move(file)), tree_(std::move(tree)), options_(std::move(options)) {
  ModelBuilder(*this).build();
  expandKeywordSplats(*this, calls_);
  collectArgparse(*this, argparse_);
  classifyLoops(*this);
  uses_cuda_ = detectCuda(*this);
}

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
  c.qualified = star.module.empty() ? c.method : star.module + "." + c.method;
  imports_[c.method] = c.qualified;
  if (star.level > 0) import_levels_[c.method] = star.level;
}

int ScriptModel::importLevel(std::string_view local) const {
  auto it = import_levels_.find(std::string(local));
  return it == import_levels_.end() ? 0 : it->second;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::calledElsewhere(const Call& c) const {
  if (!project_) return {nullptr, nullptr};
  ProjectDef def = project_->calleeOf(*this, c);
  // A class constructed elsewhere runs its __init__, but the call returns
  // the instance, not what __init__ returns.
  if (def.function && !def.cls) return {def.model, def.function};
  if (auto [model, f] = closureCalled(c); f && model != this) return {model, f};
  return {nullptr, nullptr};
}

std::pair<const ScriptModel*, const Function*> ScriptModel::closureCalled(const Call& c) const {
  if (!c.callee.is("identifier")) return {nullptr, nullptr};
  // Most called names (builtins, imports) are assigned nowhere in the file:
  // a scan of its text tells, before the per-scope indexes below are built.
  if (c.callee.source() == root().source() && !mayAssign(c.method)) return {nullptr, nullptr};
  // The cheap test first (an indexed lookup per scope): the name is assigned
  // in its function or at module level; most called names (builtins,
  // imports) are not, and following their bindings would cost per call.
  auto assigned = [&](ts::Node scope) {
    const auto& names = bindingsOf(scope);
    auto it = names.find(c.method);
    return it != names.end() && !it->second.assignments.empty();
  };
  // A call of this file knows its innermost function (the builder recorded
  // it); only another's is looked up by walking its ancestors.
  bool ours = !calls_.empty() && &c >= calls_.data() && &c < calls_.data() + calls_.size();
  ts::Node def = ours ? (c.function ? c.function->node : ts::Node())
                      : syntax::ancestor(c.callee, {"function_definition"});
  if (!(def && assigned(def)) && !assigned(root())) return {nullptr, nullptr};
  std::optional<NameBinding> b = lastBinding(c.callee);
  ts::Node value = b && b->value && b->index < 0 && !b->conditional ? syntax::unwrap(b->value) : ts::Node();
  const Call* factory = value && value.is("call") ? callAt(value) : nullptr;
  if (!factory || factory == &c) return {nullptr, nullptr};
  // The factory itself by name: a def of this file, else of the project
  // (not followed further: a closure returned by a closure is rare).
  const ScriptModel* model = this;
  const Function* f = factory->callee.is("identifier") ? functionNamed(factory->method) : nullptr;
  if (!f && project_) {
    ProjectDef def = project_->calleeOf(*this, *factory);
    if (def.cls) return {nullptr, nullptr};
    model = def.model;
    f = def.function;
  }
  const Function* closure = f ? model->returnedClosure(*f) : nullptr;
  if (!closure) return {nullptr, nullptr};
  return {model, closure};
}

const Function* ScriptModel::returnedClosure(const Function& f) const {
  // The defs among f's own statements, by name.
  auto nested = [&](std::string_view name) -> const Function* {
    for (ts::Node s : f.body.namedChildren()) {
      ts::Node def = s.is("decorated_definition") ? s.field("definition") : s;
      if (!def || !def.is("function_definition") || def.field("name").text() != name) continue;
      auto it = function_at_.find(def.id());
      return it == function_at_.end() ? nullptr : it->second;
    }
    return nullptr;
  };
  bool generator = false;
  const std::vector<ts::Node>& returns = returnValues(f, &generator);
  if (generator || returns.empty()) return nullptr;
  const Function* out = nullptr;
  for (ts::Node r : returns) {
    r = syntax::unwrap(r);
    const Function* g = r && r.is("identifier") ? nested(r.text()) : nullptr;
    if (!g || (out && out != g)) return nullptr;
    out = g;
  }
  return out;
}

bool ScriptModel::mayRunOnGpu() const { return uses_cuda_ || (project_ && project_->reachesGpu(*this)); }
Location ScriptModel::location(uint32_t b, uint32_t e) const { return file_->location(b, e); }

bool ScriptModel::importsModule(std::string_view prefix) const {
  for (const auto& [local, q] : imports_)
    if (q == prefix || (q.starts_with(prefix) && q.size() > prefix.size() && q[prefix.size()] == '.'))
      return true;
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

std::vector<const Call*> ScriptModel::argumentSources(const Function& f) const {
  std::vector<const Call*> out = callersOf(f);
  // A class constructed in this file (`Trainer(model, loader)`) runs its __init__.
  if (f.owner && f.name == "__init__")
    if (auto it = calls_by_method_.find(f.owner->name); it != calls_by_method_.end())
      for (size_t i : it->second)
        if (calls_[i].callee.is("identifier")) out.push_back(&calls_[i]);
  return out;
}

std::vector<const Call*> ScriptModel::callersOf(const Function& f) const {
  std::vector<const Call*> out;
  // A method runs through self, an instance or (`__call__`) a call of the object.
  auto add = [&](const Call& c) {
    if (f.owner ? calledFunction(c) == &f : c.callee.is("identifier") && !callsParameter(c)) out.push_back(&c);
  };
  if (f.owner && f.name == "__call__") {
    // Any call of a plain name may call an object: not in the by-name index.
    for (const Call& c : calls_)
      if (c.method == f.name || c.callee.is("identifier")) add(c);
    return out;
  }
  if (f.owner) {
    // Every method of a name (`__init__`, `forward`) asks about the same
    // calls: grouped by callee once, not resolved again per method.
    const auto& by_callee = methodCallers(f.name);
    if (auto it = by_callee.find(&f); it != by_callee.end()) out = it->second;
  } else if (auto named = calls_by_method_.find(f.name); named != calls_by_method_.end()) {
    for (size_t i : named->second) add(calls_[i]);
  }
  // A closure its factory returns runs where a name holding it is called
  // (`step = make_train_step(...)`, then `step(x, y)`).
  const Function* factory = f.owner ? nullptr : enclosingFunction(f.node.parent());
  if (!factory || returnedClosure(*factory) != &f) return out;
  auto memo = caches().closure_callers.find(&f);
  if (memo == caches().closure_callers.end()) {
    std::vector<const Call*> found;
    for (const Call& c : calls_)
      if (c.callee.is("identifier") && c.method != f.name && !functionNamed(c.method) &&
          closureCalled(c) == std::pair<const ScriptModel*, const Function*>{this, &f})
        found.push_back(&c);
    memo = caches().closure_callers.emplace(&f, std::move(found)).first;
  }
  out.insert(out.end(), memo->second.begin(), memo->second.end());
  return out;
}

// `def fit(step): ... step()`: the name is fit's parameter, whatever the
// file defines under that name; what runs is what the caller passed
// (invokersOf finds the calls that pass a function of the file).
bool ScriptModel::callsParameter(const Call& c) {
  if (!c.function || c.receiver) return false;
  const auto& params = c.function->parameters;
  return std::find(params.begin(), params.end(), c.method) != params.end();
}

const std::unordered_map<const Function*, std::vector<const Call*>>& ScriptModel::methodCallers(
    const std::string& name) const {
  if (auto it = caches().method_callers.find(name); it != caches().method_callers.end()) return it->second;
  thread_local std::unordered_map<const Function*, std::vector<const Call*>> unsettled;
  std::unordered_map<const Function*, std::vector<const Call*>> by_callee;
  // An answer read while one of boundMethod's questions is open (its entry
  // reads "none" until then) or refused below (asked again next time) may
  // differ when asked later: such a grouping answers this question only.
  bool settled = caches().bound_in_progress == 0;
  unsigned long refused = CrossFileDepth::refusalCount();
  if (auto named = calls_by_method_.find(name); named != calls_by_method_.end())
    for (size_t i : named->second)
      if (const Function* g = calledFunction(calls_[i])) by_callee[g].push_back(&calls_[i]);
  if (!settled || CrossFileDepth::refusalCount() != refused) {
    unsettled = std::move(by_callee);
    return unsettled;
  }
  return caches().method_callers.emplace(name, std::move(by_callee)).first->second;
}

const Function* ScriptModel::calledFunction(const Call& c) const {
  if (c.callee.is("identifier")) {
    if (const Function* f = callsParameter(c) ? nullptr : functionNamed(c.method)) return f;
    if (auto [model, f] = closureCalled(c); model == this) return f;
  }
  auto [model, f] = boundMethod(c);
  return model == this ? f : nullptr;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::callTarget(const Call& c) const {
  if (const Function* f = calledFunction(c)) return {this, f};
  return calledElsewhere(c);
}

void ScriptModel::setOptionOverride(const std::string& dest, ResolvedValue value) {
  overrides_[dest] = std::move(value);
}

const ArgparseOption* ScriptModel::argparseOption(std::string_view dest) const {
  for (const auto& o : argparse_)
    if (o.dest == dest) return &o;
  return nullptr;
}

std::unique_ptr<ScriptModel> buildScriptModel(SourceFilePtr file, const RuleOptions& options) {
  ts::Parser parser(tree_sitter_python());
  // A text the input guards refuse is modelled as empty (no findings); the
  // pipeline reports why for files of the run.
  bool refused = !pythonInputProblem(file->text()).empty();
  ts::Tree tree = refused ? parser.parse(std::string()) : parser.parse(sharedText(file));
  if (!treeDepthProblem(tree).empty()) tree = parser.parse(std::string());
  return std::make_unique<ScriptModel>(std::move(file), std::move(tree), options);
}

std::unique_ptr<ScriptModel> buildScriptModel(SourceFilePtr file, const RuleOptions& options,
                                              const ScriptModel* same_file) {
  // Only a model of this very text may lend its parse; anything else is parsed.
  if (!same_file || same_file->file().text() != file->text() || !same_file->tree().valid())
    return buildScriptModel(std::move(file), options);
  return std::make_unique<ScriptModel>(std::move(file), same_file->tree().share(), options);
}

}  // namespace gpulint::python
