// Reads of yacs / fvcore config keys (see yacs_config.h): which defaults
// tree the object of `config.DATA.NUM_WORKERS` is, and the key's candidates.
#include <algorithm>
#include <cctype>

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::python {

namespace {

// Hops through names, parameters and returns: get_config() -> parse_option() -> main(config) ->
// build_loader(config) takes about ten.
constexpr int kMaxDepth = 16;

bool sameValue(const ResolvedValue& a, const ResolvedValue& b) {
  return a.kind == b.kind && a.known() && a.display() == b.display();
}

// The binding index counts `dataset, config.MODEL.NUM_CLASSES = ...` as
// binding `config` (any name in a tuple target): a target that only sets an
// attribute of it keeps the parameter.
bool rebinds(const NameBinding& b, std::string_view name) {
  if (b.parameter) return false;
  ts::Node s = b.statement;
  if (s && s.is("expression_statement") && s.namedChildCount() == 1) s = s.namedChild(0);
  if (!s || !s.is("assignment")) return true;
  ts::Node left = s.field("left");
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern"))) return true;
  for (ts::Node e : left.namedChildren())
    if (!e.is("attribute") && !e.is("subscript") && syntax::containsName(e, name)) return true;
  return false;
}

// Ties the object of a read to a defaults tree: the result of
// `get_config()`/`get_cfg()` (a project function returning `_C.clone()`),
// passed on as a parameter at every call site (in any file), stored as
// `self.cfg = cfg`, or the tree's root itself. Null when any path gives
// something else or cannot be followed.
class TreeFinder {
 public:
  explicit TreeFinder(const YacsTrees& trees) : trees_(trees) {}

  const YacsTree* of(const ScriptModel& m, ts::Node n, int depth) {
    n = syntax::unwrap(n);
    if (!n || depth > kMaxDepth) return nullptr;
    if (n.is("identifier")) return ofName(m, n, depth);
    if (n.is("attribute") && n.field("object").text() == "self") return ofSelf(m, n, depth);
    return nullptr;
  }

 private:
  // A tree agreed by every path; null as soon as one disagrees.
  struct Agreement {
    const YacsTree* tree = nullptr;
    bool failed = false;
    void add(const YacsTree* t) {
      if (!t || (tree && tree != t)) failed = true;
      else tree = t;
    }
    [[nodiscard]] const YacsTree* result() const { return failed ? nullptr : tree; }
  };

  const YacsTree* ofName(const ScriptModel& m, ts::Node id, int depth) {
    auto reaching = m.reachingBindings(id);
    if (reaching.empty())  // `_C` read in a function of its own module
      for (const YacsTree& t : trees_.trees)
        if (t.model == &m && t.root == id.text()) return &t;
    if (reaching.empty() && m.project()) {  // `from config import _C`
      auto [owner, value] = m.project()->importedConstant(m, std::string(id.text()));
      return owner && value ? ofValue(*owner, value, depth + 1) : nullptr;
    }
    Agreement a;
    bool parameter = false, other = false;
    for (const NameBinding& b : reaching) {
      parameter = parameter || b.parameter;
      if (!rebinds(b, id.text())) continue;  // a parameter, or a tuple target that only sets its keys
      other = true;
      // `from cfgpkg import cfg` (the package re-exporting `_C` of its defaults module).
      if (b.statement && b.statement.is("import_from_statement") && m.project()) {
        auto [owner, value] = m.project()->importedConstant(m, std::string(id.text()));
        a.add(owner && value ? ofValue(*owner, value, depth + 1) : nullptr);
        if (a.failed) return nullptr;
        continue;
      }
      if (b.value && b.index >= 0) a.add(ofElement(m, b.value, b.index, depth + 1));
      else a.add(b.value ? ofValue(m, b.value, depth + 1) : nullptr);
      if (a.failed) return nullptr;
    }
    if (!parameter && !other) {  // only such tuple targets reach: still the parameter, if it is one
      const Function* f = m.enclosingFunction(id);
      parameter = f && std::find(f->parameters.begin(), f->parameters.end(), id.text()) != f->parameters.end();
    }
    if (parameter) a.add(ofParameter(m, id, depth));
    return a.result();
  }

  const YacsTree* ofParameter(const ScriptModel& m, ts::Node id, int depth) {
    const Function* f = m.enclosingFunction(id);
    if (!f) return nullptr;
    std::string name(id.text());
    Agreement a;
    auto site = [&](const ScriptModel& caller, const Call& c) {
      ts::Node arg = caller.argumentFor(c, *f, name);
      a.add(arg ? ofValue(caller, arg, depth + 1) : nullptr);
    };
    for (const Call* c : m.argumentSources(*f))
      if (!f->node.contains(c->node) && !a.failed) site(m, *c);
    if (m.project())
      for (const ProjectCall& pc : m.project()->callersOf(*f))
        if (!a.failed) site(*pc.model, *pc.call);
    return a.result();
  }

  const YacsTree* ofSelf(const ScriptModel& m, ts::Node attr, int depth) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return nullptr;
    const auto& values = m.attributeValues(cls, attr.text());
    if (values.empty()) return nullptr;
    Agreement a;
    for (ts::Node v : values) {
      a.add(ofValue(m, v, depth + 1));
      if (a.failed) return nullptr;
    }
    return a.result();
  }

  // `args, config = parse_option()`: element `index` of every tuple the
  // project function returns.
  const YacsTree* ofElement(const ScriptModel& m, ts::Node v, int index, int depth) {
    v = syntax::unwrap(v);
    const Call* c = v && v.is("call") && depth <= kMaxDepth ? m.callAt(v) : nullptr;
    if (!c) return nullptr;
    return overReturns(m, *c, [&](const ScriptModel& owner, ts::Node r) -> const YacsTree* {
      r = syntax::unwrap(r);
      bool tuple = r && (r.is("tuple") || r.is("expression_list"));
      if (!tuple || static_cast<int>(r.namedChildCount()) <= index) return nullptr;
      return ofValue(owner, r.namedChild(static_cast<uint32_t>(index)), depth + 1);
    });
  }

  // The tree every return of the project function `c` calls agrees on, each
  // return judged by `tree_of`; null when one fails, they disagree, or the
  // function is a generator or unknown.
  template <typename TreeOf>
  const YacsTree* overReturns(const ScriptModel& m, const Call& c, TreeOf tree_of) {
    auto [owner, f] = m.callTarget(c);
    if (!owner || !f) return nullptr;
    bool generator = false;
    const auto& returns = owner->returnValues(*f, &generator);
    if (generator || returns.empty()) return nullptr;
    Agreement a;
    for (ts::Node r : returns) {
      a.add(tree_of(*owner, r));
      if (a.failed) return nullptr;
    }
    return a.result();
  }

  const YacsTree* ofValue(const ScriptModel& m, ts::Node v, int depth) {
    v = syntax::unwrap(v);
    if (!v || depth > kMaxDepth) return nullptr;
    if (!v.is("call")) return of(m, v, depth);
    for (const YacsTree& t : trees_.trees)
      if (t.model == &m && t.root_value == v) return &t;
    const Call* c = m.callAt(v);
    if (!c) return nullptr;
    if (c->method == "clone" && c->receiver && c->positional.empty()) return of(m, c->receiver, depth + 1);
    if (c->qualified == "copy.deepcopy" && c->positional.size() == 1) return of(m, c->positional[0], depth + 1);
    return overReturns(m, *c, [&](const ScriptModel& owner, ts::Node r) { return ofValue(owner, r, depth + 1); });
  }

  const YacsTrees& trees_;
};

// The tree whose key `path` an unbound object reads: the fallback for a
// config handed over in ways the project model does not follow (SlowFast's
// `launch_job(cfg, func=train)`). Only a full path of at least two
// upper-case keys (`DATA_LOADER.NUM_WORKERS`) that exactly one defaults tree
// of the project defines: a shape no other object of the project is likely
// to have.
const YacsTree* soleTreeWith(const YacsTrees& trees, const std::string& path, size_t segments) {
  if (segments < 2) return nullptr;
  const YacsTree* found = nullptr;
  for (const YacsTree& t : trees.trees) {
    if (!t.keys.count(path)) continue;
    if (found) return nullptr;
    found = &t;
  }
  return found;
}

// A parameter (`cfg`), or `self.cfg` set from one, whose binding the
// project model could not follow: what the fallback may tie to a tree. A
// name bound to anything else (a loaded dict, an argparse namespace) is not.
bool isParameterName(const ScriptModel& m, ts::Node id) {
  if (!id || !id.is("identifier")) return false;
  const Function* f = m.enclosingFunction(id);
  if (!f || std::find(f->parameters.begin(), f->parameters.end(), id.text()) == f->parameters.end()) return false;
  auto reaching = m.reachingBindings(id);
  return std::none_of(reaching.begin(), reaching.end(), [&](const NameBinding& b) { return rebinds(b, id.text()); });
}

bool unboundParameter(const ScriptModel& m, ts::Node object) {
  if (object.is("identifier")) return isParameterName(m, object);
  if (!object.is("attribute") || object.field("object").text() != "self") return false;
  ts::Node cls = syntax::ancestor(object, {"class_definition"});
  if (!cls) return false;
  const auto& values = m.attributeValues(cls, object.text());
  return !values.empty() && std::all_of(values.begin(), values.end(), [&](ts::Node v) {
    return isParameterName(m, syntax::unwrap(v));
  });
}

// TreeFinder's answer for the object of a read, memoised per object (per
// function for a parameter, which every read of it in the body shares).
const YacsTree* treeOf(const ScriptModel& m, const YacsTrees& trees, ts::Node object) {
  YacsTrees::ObjectKey key{&m, object.begin(), std::string(object.text())};
  if (object.is("identifier"))
    if (const Function* f = m.enclosingFunction(object); f && isParameterName(m, object)) key.scope = f->node.begin();
  {
    std::lock_guard<std::mutex> lock(trees.memo_mutex);
    if (auto it = trees.memo.find(key); it != trees.memo.end()) return it->second;
  }
  const YacsTree* tree = TreeFinder(trees).of(m, object, 0);
  std::lock_guard<std::mutex> lock(trees.memo_mutex);
  trees.memo.emplace(key, tree);
  return tree;
}

}  // namespace

std::optional<std::vector<ResolvedValue>> yacsCandidates(const ScriptModel& m, ts::Node expr) {
  const YacsTrees* trees = m.project() ? m.project()->yacsTrees() : nullptr;
  expr = syntax::unwrap(expr);
  if (!trees || !expr || !expr.is("attribute")) return std::nullopt;
  // The upper-case key path at the end of the read, and the object before it.
  std::vector<std::string_view> keys;
  ts::Node object = expr;
  while (object && object.is("attribute") && isKeyName(object.field("attribute").text())) {
    keys.push_back(object.field("attribute").text());
    object = syntax::unwrap(object.field("object"));
  }
  if (keys.empty() || !object) return std::nullopt;
  std::string path;
  for (auto it = keys.rbegin(); it != keys.rend(); ++it) path += (path.empty() ? "" : ".") + std::string(*it);
  bool any = std::any_of(trees->trees.begin(), trees->trees.end(),
                         [&](const YacsTree& t) { return t.keys.count(path) > 0; });
  if (!any) return std::nullopt;  // most reads: no key of any tree
  const YacsTree* tree = treeOf(m, *trees, object);
  if (!tree && unboundParameter(m, object)) tree = soleTreeWith(*trees, path, keys.size());
  if (!tree) return std::nullopt;
  auto it = tree->keys.find(path);
  if (it == tree->keys.end()) return std::nullopt;
  return it->second;
}

std::optional<ResolvedValue> yacsValue(const ScriptModel& m, ts::Node expr) {
  auto candidates = yacsCandidates(m, expr);
  if (!candidates) return std::nullopt;
  for (const ResolvedValue& v : *candidates)
    if (!sameValue(v, candidates->front())) return ResolvedValue{};
  return candidates->front();
}

namespace {

ResolvedValue extremeCandidate(const ScriptModel& m, ts::Node expr, bool largest) {
  auto candidates = yacsCandidates(m, expr);
  if (!candidates) return m.resolve(expr);
  const ResolvedValue* best = nullptr;
  for (const ResolvedValue& v : *candidates) {
    if (v.kind != ResolvedValue::Kind::Int) return {};
    if (!best || (largest ? v.int_value > best->int_value : v.int_value < best->int_value)) best = &v;
  }
  if (!best) return {};
  ResolvedValue v = *best;
  if (candidates->size() > 1 && !v.chain.empty())  // say it is one of several, not the value of every run
    v.chain.back().message += std::string(" (the ") + (largest ? "largest" : "smallest") + " of " +
                              std::to_string(candidates->size()) + " values the defaults and the project's configs give it)";
  return v;
}

}  // namespace

ResolvedValue smallestCandidate(const ScriptModel& m, ts::Node expr) { return extremeCandidate(m, expr, false); }
ResolvedValue largestCandidate(const ScriptModel& m, ts::Node expr) { return extremeCandidate(m, expr, true); }

}  // namespace gpulint::python
