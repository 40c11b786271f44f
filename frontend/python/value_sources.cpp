// The expressions a value comes from (ScriptModel::valueSources): names
// followed to their reaching bindings, tuple targets to the matching element,
// project calls to their returns and parameters to what callers pass.
#include <algorithm>
#include <cctype>
#include <unordered_map>
#include <vector>

#include "frontend/python/accelerate_api.h"
#include "frontend/python/factory_returns.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

ts::Node parameterDefault(const Function& f, std::string_view name) {
  ts::Node params = f.node.field("parameters");
  if (!params) return {};
  for (ts::Node p : params.namedChildren())
    if ((p.is("default_parameter") || p.is("typed_default_parameter")) && p.field("name").text() == name)
      return p.field("value");
  return {};
}

int parameterPosition(const Function& f, std::string_view name) {
  int position = static_cast<int>(std::find(f.parameters.begin(), f.parameters.end(), name) - f.parameters.begin());
  if (f.owner && !f.parameters.empty() && f.parameters.front() == "self") --position;
  return position;
}

bool isAcceleratorObject(const ScriptModel& m, ts::Node receiver) {
  receiver = syntax::unwrap(receiver);
  std::string_view name = syntax::lastName(receiver);
  if (name == "accelerator" || name == "fabric") return true;
  const Call* made = m.madeByCall(receiver);
  return made && (made->method == "Accelerator" || made->method == "Fabric");
}

namespace {

// accelerate's `Accelerator.prepare(...)` and Lightning Fabric's
// `setup_dataloaders(...)` return their arguments wrapped, in the order
// given. The receiver must be seen to be one (made by `Accelerator(...)` /
// `Fabric(...)`, or named so): other objects' prepare() may return anything.
bool handsArgumentsBack(const ScriptModel& m, const Call& c) {
  return c.receiver && (c.method == "prepare" || c.method == "setup_dataloaders") && isAcceleratorObject(m, c.receiver);
}

// `[]` or `list()`.
bool isEmptyList(ts::Node v) {
  v = syntax::unwrap(v);
  if (v.is("list")) return v.namedChildCount() == 0;
  if (!v.is("call") || v.field("function").text() != "list") return false;
  ts::Node args = v.field("arguments");
  return args && args.namedChildCount() == 0;
}

// k in `seq[k]` for a small non-negative integer literal k; -1 otherwise.
int constantIndex(ts::Node e) {
  if (!e.is("subscript")) return -1;
  ts::Node k = e.field("subscript");
  if (!k || !k.is("integer") || k.text().size() > 2) return -1;
  int v = 0;
  for (char ch : k.text()) {
    if (ch < '0' || ch > '9') return -1;
    v = v * 10 + (ch - '0');
  }
  return v;
}

// The `index`-th element of a tuple or list display (`a, (b, c)`); null for
// anything else or past a `*splat`.
ts::Node displayElement(ts::Node e, int index) {
  e = syntax::unwrap(e);
  if (!e || (!e.is("expression_list") && !e.is("tuple") && !e.is("list"))) return {};
  int i = 0;
  for (ts::Node part : e.namedChildren()) {
    if (part.is("comment")) continue;
    if (part.is("list_splat")) return {};
    if (i++ == index) return part;
  }
  return {};
}

// Nodes that may hold statements (and so assignments) below them.
bool containsStatements(ts::Node n) {
  return syntax::oneOf(n.type(), {"block", "expression_statement", "function_definition", "decorated_definition",
                                  "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
                                  "with_statement", "try_statement", "except_clause", "finally_clause",
                                  "match_statement", "case_clause", "except_group_clause"});
}

class SourceCollector {
 public:
  SourceCollector(const ScriptModel& m, bool all_paths, bool generator_calls, std::vector<ts::Node>& out)
      : m_(m), all_paths_(all_paths), generator_calls_(generator_calls), out_(out) {}

  void collect(ts::Node e, int index, int depth) {
    if (depth > kMaxDepth || --budget_ < 0) return;
    e = syntax::unwrap(e);
    if (!e) return;
    if (e.is("identifier")) return fromName(e, index, depth);
    if (e.is("attribute") && e.field("object").text() == "self") {
      // `self.data`, assigned once in its class (usually in __init__).
      if (ts::Node value = selfValue(e)) return collect(value, index, depth + 1);
      if (inheritedSelfValue(e, index)) return;
    }
    // `feeds["train"]` of a dict literal, `feed.dataloader` of
    // `Feed(dataloader=loader)`: what was stored under that key or keyword.
    if (index < 0 && (e.is("subscript") || e.is("attribute")) && member(e, depth)) return;
    // `x or Default()`, `A() if c else B()`: on some path, either side.
    if (all_paths_ && (e.is("conditional_expression") || (e.is("boolean_operator") &&
                                                          e.field("operator").text() == "or"))) {
      bool conditional = e.is("conditional_expression");
      collect(conditional ? e.namedChild(0) : e.field("left"), index, depth + 1);
      collect(conditional ? e.namedChild(2) : e.field("right"), index, depth + 1);
      return;
    }
    if (e.is("call"))
      if (const Call* c = m_.callAt(e)) {
        if (const Function* f = m_.calledFunction(*c)) return fromReturns(m_, *f, *c, e, index, depth);
        if (auto [other, f] = m_.calledElsewhere(*c); f) return fromReturns(*other, *f, *c, e, index, depth);
        // `model, opt, train_loader = accelerator.prepare(model, opt, train_loader)`:
        // each result is the wrapped argument at its position.
        if (handsArgumentsBack(m_, *c) && !c->has_star_args) {
          size_t k = index >= 0 ? static_cast<size_t>(index) : 0;
          if ((index >= 0 || c->positional.size() == 1) && k < c->positional.size())
            return collect(c->positional[k], -1, depth + 1);
        }
      }
    if (index < 0) {
      // `loaders[0]`: the element of what the name holds, when that is seen.
      if (int k = constantIndex(e); k >= 0) {
        size_t before = out_.size();
        collect(e.field("value"), k, depth + 1);
        if (out_.size() > before) return;
      }
      out_.push_back(e);
      return;
    }
    // The index-th element of a tuple/list expression.
    if (ts::Node part = displayElement(e, index)) collect(part, -1, depth + 1);
  }

 private:
  static constexpr int kMaxDepth = 10;

  void fromName(ts::Node id, int index, int depth) {
    auto reaching = m_.reachingBindings(id);
    if (reaching.empty() || (!all_paths_ && reaching.front().conditional)) return;
    if (!all_paths_) reaching.resize(1);
    for (const NameBinding& b : reaching) {
      if (b.parameter) {
        fromCallers(b, id.text(), index, depth);
        continue;
      }
      if (!b.value) continue;
      if (b.index >= 0 && index >= 0) {
        // `a, dt = [], (T(), T())` then `dt[1]`: the element of the element,
        // when the right side is a display (else a nested tuple we do not follow).
        if (ts::Node part = displayElement(b.value, b.index)) collect(part, index, depth + 1);
        continue;
      }
      if (index >= 0 && isEmptyList(b.value)) {
        fromAppends(b, id.text(), depth);
        continue;
      }
      collect(b.value, b.index >= 0 ? b.index : index, depth + 1);
    }
  }

  // The sources of what `e` (`holder["key"]`, `holder.field`) reads, when
  // its holder is a dict literal with that key or a call constructing a
  // project class with that keyword; false when no holder is one.
  bool member(ts::Node e, int depth) {
    bool keyed = e.is("subscript");
    std::string key;
    if (keyed && !syntax::stringLiteral(e.field("subscript"), &key)) return false;
    if (!keyed && !mayHoldProjectObject(e.field("object"))) return false;  // `args.lr`, `self.cfg.x`: not asked
    if (!keyed) key = std::string(e.field("attribute").text());
    std::vector<ts::Node> holders;
    SourceCollector(m_, all_paths_, false, holders).collect(e.field(keyed ? "value" : "object"), -1, depth + 1);
    bool found = false;
    for (ts::Node h : holders) {
      h = syntax::unwrap(h);
      const ScriptModel& owner = m_.ownerOf(h);
      ts::Node stored;
      if (keyed && h.is("dictionary")) {
        for (ts::Node p : h.namedChildren())
          if (std::string k; p.is("pair") && syntax::stringLiteral(p.field("key"), &k) && k == key) stored = p.field("value");
      } else if (!keyed && h.is("call")) {
        const Call* c = owner.callAt(h);
        if (c && !c->receiver && !owner.classesNamed(c->method).empty()) stored = c->keyword(key);
      }
      if (!stored) continue;
      found = true;
      if (&owner == &m_) collect(stored, -1, depth + 1);
      else fromElsewhere(owner, stored, -1);
    }
    return found;
  }

  // A cheap test before the holder's sources are collected: an entry of a
  // container (`feeds["fit"]`) or a name bound once to a class's
  // construction (`feed = Feed(...)`).
  bool mayHoldProjectObject(ts::Node object) const {
    object = syntax::unwrap(object);
    if (object.is("subscript")) return true;
    if (!object.is("identifier")) return false;
    auto reaching = m_.reachingBindings(object);
    if (reaching.size() != 1 || !reaching.front().value) return false;
    ts::Node v = syntax::unwrap(reaching.front().value);
    ts::Node callee = v.is("call") ? v.field("function") : ts::Node();
    return callee && callee.is("identifier") && std::isupper(static_cast<unsigned char>(callee.text().front()));
  }

  void fromCallers(const NameBinding& b, std::string_view name, int index, int depth) {
    const Function* f = m_.functionAt(b.scope);
    if (!f) return;
    int position = parameterPosition(*f, name);
    // A call that passes nothing there (and hides nothing in *args or
    // **kwargs) gives the parameter its default: `setup()` of
    // `def setup(train=TrainArgs(log_interval=1))`.
    ts::Node fallback = parameterDefault(*f, name);
    // An entry a command-line library runs (`CLI(setup)`): the default,
    // unless the command line passes the option.
    if (fallback && m_.cliDispatchOf(*f).second) collect(fallback, index, depth + 1);
    for (const Call* c : m_.argumentSources(*f)) {
      if (f->node.contains(c->node)) continue;  // recursion
      if (ts::Node arg = c->argument(name, position)) collect(arg, index, depth + 1);
      else if (fallback && !c->mayHideArgument(name, position)) collect(fallback, index, depth + 1);
    }
    // Callers in other files of the project: what they pass, followed there.
    if (const ProjectModel* project = m_.project())
      for (const ProjectCall& pc : project->callersOf(*f)) {
        if (ts::Node arg = pc.call->argument(name, position)) fromElsewhere(*pc.model, arg, index);
        else if (fallback && !pc.call->mayHideArgument(name, position)) collect(fallback, index, depth + 1);
      }
  }

  // Sources of `e` (of its index-th element) in another file, followed by
  // that file's model.
  void fromElsewhere(const ScriptModel& other, ts::Node e, int index) {
    for (ts::Node src : other.elementSources(e, index, all_paths_, generator_calls_)) out_.push_back(src);
  }

  // `loaders = []` then `loaders.append(v)` in the same function: any
  // element is one of the appended values. Only a list that grows by
  // append alone: one also extended, inserted into, assigned by index or
  // rebound holds elements we cannot see.
  void fromAppends(const NameBinding& b, std::string_view name, int depth) {
    const Function* f = m_.functionAt(b.scope);
    if (!f) return;
    std::vector<ts::Node> appended;
    for (const Call& c : m_.callsIn(f->body)) {
      if (!c.receiver || !c.receiver.is("identifier") || c.receiver.text() != name) continue;
      if (c.method != "append") return;  // extend, insert, __setitem__...: elements unseen
      if (c.function != f || c.positional.size() != 1 || !c.keywords.empty()) return;
      appended.push_back(c.positional[0]);
    }
    const auto& bindings = m_.bindingsOf(b.scope);
    if (auto it = bindings.find(std::string(name));
        it == bindings.end() || !it->second.onlyAssigned() || it->second.assignments.size() != 1)
      return;
    for (ts::Node v : appended) collect(v, -1, depth + 1);
  }

  // What call `c` of `f` (defined in `callee`'s file) returns.
  void fromReturns(const ScriptModel& callee, const Function& f, const Call& c, ts::Node call, int index,
                   int depth) {
    bool generator = false;
    const std::vector<ts::Node>& returns = callee.returnValues(f, &generator);
    if (generator) return generatorCall(call, index);  // the call returns a generator, not these values
    for (ts::Node r : returns) {
      if (!factory_returns::reachable(callee, f, r, m_, c)) continue;
      // `return model, msg` of `load_checkpoint(model, path)`: this call's
      // own argument, not what every caller of the helper passes.
      if (ts::Node arg = passedBack(callee, f, r, index, c)) collect(arg, -1, depth + 1);
      else if (&callee == &m_) collect(r, index, depth + 1);
      else fromElsewhere(callee, r, index);
    }
  }

  // The argument call `c` binds to the parameter of `f` that the returned
  // value `r` (its index-th element) hands back unchanged; null otherwise.
  static ts::Node passedBack(const ScriptModel& callee, const Function& f, ts::Node r, int index, const Call& c) {
    r = syntax::unwrap(r);
    if (index >= 0) {
      if (!r || !(r.is("expression_list") || r.is("tuple"))) return {};
      ts::Node element;
      int i = 0;
      for (ts::Node part : r.namedChildren()) {
        if (part.is("comment")) continue;
        if (part.is("list_splat")) return {};
        if (i++ == index) element = part;
      }
      r = syntax::unwrap(element);
    }
    if (!r || !r.is("identifier")) return {};
    auto reaching = callee.reachingBindings(r);
    if (reaching.size() != 1 || !reaching.front().parameter || reaching.front().scope != f.node) return {};
    return c.argument(r.text(), parameterPosition(f, r.text()));
  }

  // A call of a project generator: the generator object itself is the
  // source when asked for (what it iterates is the caller's question).
  void generatorCall(ts::Node call, int index) {
    if (generator_calls_ && index < 0) out_.push_back(call);
  }

  // The value of the single assignment to `self.x` in the enclosing class;
  // null when it is assigned more than once or changed in place.
  ts::Node selfValue(ts::Node attr) const {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return {};
    return m_.singleAssignmentIn(cls, attr.text());
  }

  // `self.mp_trainer` read in a subclass that never assigns it: the single
  // assignment of the nearest project base class that does (TrainLoop's
  // __init__ for CMTrainLoop.run_step). True when a base answered, even with
  // nothing (assigned there more than once).
  bool inheritedSelfValue(ts::Node attr, int index) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    const ClassDef* def = cls ? m_.classAt(cls) : nullptr;
    if (!def || m_.assignmentsIn(cls, attr.text()).second > 0) return false;  // the class's own say
    for (const auto& [model, base] : m_.baseClassesOf(*def)) {
      auto [value, count] = model->assignmentsIn(base->node, attr.text());
      if (count == 0) continue;
      if (count > 1 || !value) return true;
      // A base in another file answers from its own file's bindings.
      if (model == &m_) collect(value, index, 1);
      else if (index < 0)
        for (ts::Node source : model->valueSources(value, all_paths_, generator_calls_)) out_.push_back(source);
      return true;
    }
    return false;
  }

  const ScriptModel& m_;
  bool all_paths_;
  bool generator_calls_;
  std::vector<ts::Node>& out_;
  int budget_ = 256;
};

// `self.net, self.sampler = net, sampler` (research trainers' __init__):
// each target of the tuple is assigned its element; an element that cannot
// be paired (`self.a, self.b = make()`) still counts as an assignment, with
// no value.
void indexTupleTargets(ts::Node assign, std::unordered_map<std::string_view, std::pair<ts::Node, int>>& out) {
  ts::Node left = assign.field("left"), right = syntax::unwrap(assign.field("right"));
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern"))) return;
  std::vector<ts::Node> values;
  if (right && (right.is("expression_list") || right.is("tuple")))
    for (ts::Node v : right.namedChildren())
      if (!v.is("comment")) values.push_back(v);
  std::vector<ts::Node> targets;
  for (ts::Node t : left.namedChildren())
    if (!t.is("comment")) targets.push_back(t);
  bool paired = values.size() == targets.size();
  for (size_t i = 0; paired && i < targets.size(); ++i)
    paired = !targets[i].is("list_splat_pattern") && !values[i].is("list_splat");
  for (size_t i = 0; i < targets.size(); ++i) {
    auto& [value, count] = out[targets[i].text()];
    value = paired ? values[i] : ts::Node();
    ++count;
  }
}

// Every assignment in a class body, by target text: assignments are
// statements, so the walk descends through statements and blocks only, not
// into expressions or nested classes.
void indexAssignments(ts::Node body, std::unordered_map<std::string_view, std::pair<ts::Node, int>>& out) {
  std::vector<ts::Node> todo;
  if (body) todo.push_back(body);
  while (!todo.empty()) {
    ts::Node n = todo.back();
    todo.pop_back();
    for (ts::Node c : n.namedChildren()) {
      if (c.is("class_definition")) continue;
      if (c.is("assignment") || c.is("augmented_assignment")) {
        // Only a target assigned once is answered, so the order of the walk does not matter.
        auto& [value, count] = out[c.field("left").text()];
        value = c.is("assignment") ? c.field("right") : ts::Node();
        ++count;
        if (ts::Node right = c.field("right"); right && right.is("assignment")) todo.push_back(c);  // a = b = v
        if (c.is("assignment")) indexTupleTargets(c, out);
      } else if (containsStatements(c)) {
        todo.push_back(c);
      }
    }
  }
}

void collectReturns(ts::Node n, std::vector<ts::Node>& returns, bool& generator) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition") || c.is("lambda")) continue;
    if (c.is("yield")) generator = true;
    if (c.is("return_statement") && c.namedChildCount() > 0) returns.push_back(c.namedChild(0));
    collectReturns(c, returns, generator);
  }
}

}  // namespace

template <typename Index, typename MemoOf, typename Build>
const Index& ScriptModel::classIndex(ts::Node cls, std::unordered_map<const void*, const Index*>& seen,
                                     MemoOf&& memo_of, Build&& build) const {
  if (auto it = seen.find(cls.id()); it != seen.end()) return *it->second;
  // The index reads the class's tree alone: the model that holds the tree
  // keeps it for every scope, and each scope pays its cost on first use.
  const ScriptModel& owner = ownerOf(cls);
  if (cls && cls.source() == owner.root().source()) {
    const Index& shared = memo_of(owner).get({cls.begin(), cls.end()}, [&](Index& out) { build(cls, out); });
    return *seen.emplace(cls.id(), &shared).first->second;
  }
  auto held = std::make_shared<Index>();
  build(cls, *held);
  caches().unshared_indexes.push_back(held);
  return *seen.emplace(cls.id(), held.get()).first->second;
}

std::pair<ts::Node, int> ScriptModel::assignmentsIn(ts::Node cls, std::string_view target) const {
  const AssignmentsByTarget& index = classIndex(cls, caches().class_assignments, [](const ScriptModel& m) -> auto& { return m.shared_class_assignments_; },
                                                [](ts::Node c, AssignmentsByTarget& out) { indexAssignments(c.field("body"), out); });
  auto found = index.find(target);
  return found != index.end() ? found->second : std::make_pair(ts::Node(), 0);
}

ts::Node ScriptModel::singleAssignmentIn(ts::Node cls, std::string_view target) const {
  auto [value, count] = assignmentsIn(cls, target);
  return count == 1 ? value : ts::Node();
}

ts::Node ScriptModel::singleAssignmentUnder(ts::Node cls, std::string_view target) const {
  const AssignmentsByTarget& index =
      classIndex(cls, caches().class_subtree_assignments, [](const ScriptModel& m) -> auto& { return m.shared_class_subtree_assignments_; },
                 [](ts::Node c, AssignmentsByTarget& out) {
                   // Only a target assigned once is answered, so the order of the walk does not matter.
                   std::vector<ts::Node> todo{c};
                   while (!todo.empty()) {
                     ts::Node n = todo.back();
                     todo.pop_back();
                     for (ts::Node ch : n.namedChildren()) {
                       if (ch.is("assignment")) {
                         auto& [value, count] = out[ch.field("left").text()];
                         value = ch.field("right");
                         ++count;
                         indexTupleTargets(ch, out);
                       }
                       todo.push_back(ch);
                     }
                   }
                 });
  auto found = index.find(target);
  return found != index.end() && found->second.second == 1 ? found->second.first : ts::Node();
}

const std::vector<ts::Node>& ScriptModel::attributeValues(ts::Node cls, std::string_view target) const {
  const ValuesByTarget& values = classIndex(cls, caches().attribute_values, [](const ScriptModel& m) -> auto& { return m.shared_attribute_values_; },
                                            [](ts::Node c, ValuesByTarget& out) {
    // A nested class's `self` is another object: its assignments are its own.
    std::vector<ts::Node> todo{c.field("body")};
    while (!todo.empty()) {
      ts::Node n = todo.back();
      todo.pop_back();
      if (!n) continue;
      for (ts::Node ch : n.namedChildren()) {
        if (ch.is("class_definition")) continue;
        if (ch.is("assignment") || ch.is("augmented_assignment")) {
          ts::Node left = ch.field("left"), right = ch.field("right");
          if (left && right && left.is("attribute") && left.field("object").text() == "self")
            out[left.text()].push_back(right);
        }
        todo.push_back(ch);
      }
    }
  });
  static const std::vector<ts::Node> kNone;
  auto found = values.find(target);
  return found != values.end() ? found->second : kNone;
}

const std::vector<ts::Node>& ScriptModel::returnValues(const Function& f, bool* generator) const {
  auto& returns = caches().returns;
  auto it = returns.find(f.node.begin());
  if (it == returns.end()) {
    it = returns.emplace(f.node.begin(), std::make_pair(std::vector<ts::Node>{}, false)).first;
    collectReturns(f.body, it->second.first, it->second.second);
  }
  *generator = it->second.second;
  return it->second.first;
}

std::vector<ts::Node> ScriptModel::valueSources(ts::Node expr, bool all_paths, bool generator_calls) const {
  return elementSources(expr, -1, all_paths, generator_calls);
}

std::vector<ts::Node> ScriptModel::elementSources(ts::Node expr, int index, bool all_paths,
                                                  bool generator_calls) const {
  if (const ScriptModel& owner = ownerOf(expr); &owner != this)
    return owner.elementSources(expr, index, all_paths, generator_calls);
  CrossFileDepth guard;
  if (!guard.ok()) return {};
  std::vector<ts::Node> out;
  SourceCollector(*this, all_paths, generator_calls, out).collect(expr, index, 0);
  return out;
}

}  // namespace gpulint::python
