// Building a ScriptModel: the one pass over a file's tree (ModelBuilder) and the passes after it; apart from its queries.
#include <algorithm>
#include <cassert>

#include "frontend/input_guard.h"
#include "frontend/python/binding_index.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/library_trainer.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

void expandPartialCalls(const ScriptModel& model, std::vector<Call>& calls);  // partial_calls.cpp
void addSpawnedCalls(const ScriptModel& model, std::vector<Call>& calls, std::vector<int>& call_loops);  // spawned_calls.cpp

// ---- Builder -------------------------------------------------------------

// One pass over the tree: imports, definitions, calls, loops.
class ModelBuilder {
 public:
  explicit ModelBuilder(ScriptModel& m) : m_(m) {}

  void build() {
    reserveForTree();
    m_.scope_indexes_.push_back(std::make_unique<ScopeIndex>());
    visit(m_.root(), ts::Node(), nullptr, nullptr, BindingWalk{m_.scope_indexes_.front().get()});
    indexFunctions();
    inheritLightning();
    // c.function and l.function were recorded by visit(): the innermost
    // function_definition around the node (what enclosingFunction answers).
    for (auto& c : m_.calls_) fillCall(c);
    expandPartialCalls(m_, m_.calls_);  // before the calls are indexed by method
    addSpawnedCalls(m_, m_.calls_, m_.call_loops_);
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
  // `class Recon(Base)` with `class Base(pl.LightningModule)` in this file is
  // a LightningModule too (a base in another file: ProjectModel::link).
  void inheritLightning() {
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& c : m_.classes_) {
        if (c->is_lightning_module) continue;
        for (const std::string& base : c->bases)
          for (const ClassDef* b : m_.classesNamed(base))
            if (b != c.get() && b->is_lightning_module) {
              c->is_lightning_module = changed = true;
              break;
            }
      }
    }
  }

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

  // The calls and loops visit() will record, counted in one linear pass over
  // the flat entries: growing calls_ by doubling copied every Call and left
  // as much memory again behind (Lightning: 7 MB allocated for 3.5 MB kept),
  // fresh pages the kernel zeroes.
  void reserveForTree() {
    const Sym& S = Sym::get();
    const TSSymbol call = S.call, for_loop = S.for_statement, while_loop = S.while_statement;
    size_t calls = 0, loops = 0;
    m_.root().forEachSymbolInSubtree([&](TSSymbol k) {
      calls += k == call;
      loops += (k == for_loop) | (k == while_loop);
    });
    m_.calls_.reserve(calls);
    m_.call_loops_.reserve(calls);
    m_.loops_.reserve(loops);
    m_.loop_parents_.reserve(loops);
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
    const bool unconditional = n.parent().is("module");
    for (ts::Node name : n.namedChildren()) {
      if (unconditional)
        m_.unconditional_imports_.emplace_back(name.is("aliased_import") ? name.field("name").text() : name.text());
      if (name.is("aliased_import")) {
        m_.imports_[std::string(name.field("alias").text())] = std::string(name.field("name").text());
      } else if (name.is("dotted_name")) {
        // `import torch.utils.data` binds `torch`.
        std::string full(name.text());
        std::string first = full.substr(0, full.find('.'));
        m_.imports_[first] = first;
        if (full.size() > first.size()) m_.dotted_imports_.push_back(std::move(full));
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
      if (level == 0 && n.parent().is("module")) m_.unconditional_imports_.push_back(m_.imports_[local]);
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
        std::string name(fieldOf(a, S.name).text());
        // PyTorch before 0.4 spelled non_blocking `async` (`x.cuda(async=True)`):
        // the same flag, so every rule and fix reads it under its current name.
        if (name == "async" && (c.method == "cuda" || c.method == "to")) name = "non_blocking";
        c.keywords.emplace_back(std::move(name), fieldOf(a, S.value));
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
  // This file's own trainers (one handing its model to another file's is marked by the project's link).
  for (const TrainerForward& t : trainerForwards(*this))
    if (t.model == this) markTrainerForward(t);
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
