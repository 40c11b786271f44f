// What `object.key` holds (values.cpp asks, through ValueResolver::member):
// argparse namespaces aside, a dict or namespace literal's entry, a config
// object's field or constructor argument, a member set after the object is
// made (`cfg.num_workers = 0`), one a project factory fills and returns, or
// what every caller passes for a parameter or `self.x`.
#include <cstdint>
#include <optional>

#include "frontend/python/config_reads.h"
#include "frontend/python/member_values.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/value_resolver.h"

namespace gpulint::python {

ts::Node ValueResolver::memberExpr(ts::Node object, const std::string& key, int depth) {
  ts::Node def = definition(object, depth);
  if (!def) return {};
  def = syntax::unwrap(def);
  if (def.is("dictionary")) {
    for (ts::Node pair : def.namedChildren()) {
      if (!pair.is("pair")) continue;
      std::string k;
      if (syntax::stringLiteral(pair.field("key"), &k) && k == key) return pair.field("value");
    }
    return {};
  }
  if (def.is("call")) {
    const Call* c = m_.callAt(def);
    if (!c) return {};
    std::string callee = c->qualified.empty() ? std::string(c->callee.text()) : c->qualified;
    if (member_values::keywordDict(m_, *c) || callee.ends_with("SimpleNamespace") || callee.ends_with("Namespace")) {
      if (ts::Node v = c->keyword(key)) return v;
      if (callee == "dict" && !c->positional.empty()) return memberExpr(c->positional[0], key, depth + 1);
      return {};
    }
    if (callee.ends_with("OmegaConf.create") && !c->positional.empty())
      return memberExpr(c->positional[0], key, depth + 1);
    // `SegNet(n_classes=k).to(device)`: a module's placement and mode
    // methods hand back the module itself.
    if (c->receiver && c->qualified.empty() && depth < kMaxDepth &&
        selfReturning(c->method))
      return memberExpr(c->receiver, key, depth + 1);
    return member_values::constructedMember(m_, *c, key);
  }
  if (def.is("identifier") || def.is("attribute")) {
    // A class used as a namespace: Config.batch_size.
    if (const ClassDef* cls = classNamed(std::string(def.text()))) return member_values::fieldDefault(*cls, key);
  }
  return {};
}

ResolvedValue ValueResolver::member(ts::Node object, const std::string& key, ts::Node use, int depth) {
  if (ts::Node o = syntax::unwrap(object); o && o.is("attribute") && o.field("attribute").text() == "hparams")
    return savedHyperparameter(o, key);
  if (isArgparseNamespace(object, depth)) {
    if (auto it = m_.overrides_.find(key); it != m_.overrides_.end()) return it->second;
    if (const ArgparseOption* o = m_.argparseOption(key)) return o->default_value;
    return parentParserOption(object, key);
  }
  // `cfg.num_workers = 0` after `cfg` was made: what the object holds from then on.
  if (auto stored = storedAfterMade(object, key, use, depth)) return *stored;
  ts::Node expr = memberExpr(object, key, depth + 1);
  if (!expr && syntax::unwrap(object).text() == "self") return selfMember(object, key, depth);
  if (!expr)
    if (auto built = factoryMember(object, key, depth)) return *built;
  // `config = self.config` (or a tuple of such): the member of what it names.
  if (ts::Node alias = expr ? ts::Node() : aliasOf(object, depth)) return member(alias, key, alias, depth + 1);
  if (!expr) return passedMember(object, key, depth);
  return described(expr, key, depth);
}

std::optional<ResolvedValue> ValueResolver::storedAfterMade(ts::Node object, const std::string& key, ts::Node use, int depth) {
  object = syntax::unwrap(object);
  if (!object || !object.is("identifier") || object.text() == "self") return std::nullopt;
  std::string target = std::string(object.text()) + "." + key;
  if (!m_.assignsDottedName(target)) return std::nullopt;  // the cheap text test first
  ts::Node scope = nameScope(object);
  ts::Node last;
  for (ts::Node n : memberStores(scope, target)) {
    if (n.is("augmented_assignment")) return ResolvedValue{};
    if (n.begin() < use.begin()) {
      last = n;
      continue;
    }
    // A store after the use reaches it only around a loop.
    if (ts::Node loop = syntax::ancestor(use, {"for_statement", "while_statement"}); loop && loop.contains(n))
      return ResolvedValue{};
  }
  if (!last) return std::nullopt;
  // A branch or loop around the store that does not hold the use too (the
  // `if __name__ == "__main__":` block both sit in is no condition between them).
  for (ts::Node up = last.parent(); up && !(up == scope) && !up.contains(use); up = up.parent())
    if (up.is("if_statement") || up.is("for_statement") || up.is("while_statement") || up.is("try_statement") ||
        up.is("function_definition") || up.is("lambda"))
      return ResolvedValue{};
  ResolvedValue v = resolve(last.field("right"), depth + 1);
  if (v.known()) v.chain.insert(v.chain.begin(), {m_.location(last), target + " set"});
  return v;
}

ts::Node ValueResolver::aliasOf(ts::Node object, int depth) {
  object = syntax::unwrap(object);
  if (!object || !object.is("identifier") || depth > kMaxDepth) return {};
  ts::Node def = syntax::unwrap(definition(object, depth + 1));
  if (!def) def = syntax::unwrap(unpackedElement(object));
  if (!def || def == object || !(def.is("attribute") || def.is("identifier"))) return {};
  if (def.is("identifier") && classNamed(std::string(def.text()))) return {};
  return def;
}

ts::Node ValueResolver::unpackedElement(ts::Node id) {
  std::vector<NameBinding> reaching = m_.reachingBindings(id);
  if (reaching.size() != 1) return {};
  const NameBinding& b = reaching.front();
  ts::Node right = syntax::unwrap(b.value);
  if (b.parameter || b.conditional || b.loop_carried || b.index < 0 || !right ||
      !(right.is("expression_list") || right.is("tuple")) || b.index >= static_cast<int>(right.namedChildCount()))
    return {};
  ts::Node left = b.statement.is("assignment") ? b.statement.field("left") : ts::Node();
  if (!left || left.namedChildCount() != right.namedChildCount()) return {};
  return right.namedChild(static_cast<uint32_t>(b.index));
}

std::vector<ts::Node> ValueResolver::memberStores(ts::Node scope, std::string_view target) {
  std::vector<ts::Node> out;
  std::vector<ts::Node> stack{scope};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("expression_statement")) {
      ts::Node a = n.namedChildCount() == 1 ? n.namedChild(0) : ts::Node();
      if (a && (a.is("assignment") || a.is("augmented_assignment")) && a.field("left").text() == target)
        out.push_back(a);
      continue;
    }
    // Statements and the blocks and clauses that hold them.
    for (uint32_t i = n.namedChildCount(); i-- > 0;) {
      ts::Node c = n.namedChild(i);
      if (c.is("expression_statement") || c.is("block") || c.is("if_statement") || c.is("elif_clause") ||
          c.is("else_clause") || c.is("for_statement") || c.is("while_statement") || c.is("with_statement") ||
          c.is("try_statement") || c.is("except_clause") || c.is("finally_clause") ||
          c.is("function_definition") || c.is("decorated_definition") || c.is("match_statement") ||
          c.is("case_clause"))
        stack.push_back(c);
    }
  }
  return out;
}

ts::Node ValueResolver::nameScope(ts::Node id) {
  std::string name(id.text());
  for (ts::Node scope = syntax::ancestor(id, {"function_definition"}); scope;
       scope = syntax::ancestor(scope, {"function_definition"})) {
    if (const Function* f = m_.enclosingFunction(id); f && f->node == scope && isParameter(*f, name)) return scope;
    if (m_.bindingsOf(scope).count(name)) return scope;
  }
  return m_.root();
}

std::optional<ResolvedValue> ValueResolver::factoryMember(ts::Node object, const std::string& key, int depth) {
  ts::Node def = syntax::unwrap(definition(object, depth + 1));
  const Call* c = def && def.is("call") ? m_.callAt(def) : nullptr;
  if (!c || depth > kMaxDepth) return std::nullopt;
  auto [owner, f] = m_.callTarget(*c);
  if (!owner || !f || f->name == "__init__") return std::nullopt;
  bool generator = false;
  const std::vector<ts::Node>& returned = owner->returnValues(*f, &generator);
  if (generator || returned.empty()) return std::nullopt;
  CrossFileDepth guard;
  if (!guard.ok()) return std::nullopt;
  std::optional<ResolvedValue> joined;
  for (ts::Node r : returned) {
    if (!syntax::unwrap(r).is("identifier")) return std::nullopt;
    ResolvedValue v = owner->memberValue(r, key);
    if (!v.known() || (joined && (joined->kind != v.kind || joined->display() != v.display()))) return std::nullopt;
    if (!joined) joined = std::move(v);
  }
  return joined;
}

ResolvedValue ValueResolver::savedHyperparameter(ts::Node object, const std::string& key) {
  if (object.field("object").text() != "self") return {};  // another object's hparams: not followed
  ts::Node cls = syntax::ancestor(object, {"class_definition"});
  const Function* init = cls ? m_.functionNamed(std::string(cls.field("name").text()) + ".__init__") : nullptr;
  // A parameter __init__ keeps as it was given (rebinding it would save the new value).
  if (!init || !isParameter(*init, key) || m_.bindingsOf(init->node).count(key)) return {};
  const Call* saving = nullptr;
  for (const Call& c : m_.callsIn(init->body)) {
    if (c.function != init || c.method != "save_hyperparameters" || !c.receiver || c.receiver.text() != "self")
      continue;
    // `save_hyperparameters(ignore=["net"])`: those are not saved.
    if (ts::Node ignore = c.keyword("ignore"); ignore && syntax::containsWord(ignore.text(), {key})) return {};
    bool named = c.positional.empty() && !c.has_star_args;  // no names: every __init__ argument
    for (ts::Node a : c.positional) {
      std::string s;
      named = named || (syntax::stringLiteral(a, &s) && s == key);
    }
    if (named) saving = &c;
  }
  if (!saving) return {};
  ResolvedValue v = m_.parameterValue(*init, key);
  if (v.known())
    v.chain.insert(v.chain.begin(),
                   {m_.location(saving->node), "self.hparams." + key + " saved by save_hyperparameters()"});
  return v;
}

ResolvedValue ValueResolver::selfMember(ts::Node self, const std::string& key, int depth) {
  ts::Node cls = syntax::ancestor(self, {"class_definition"});
  if (!cls || depth > kMaxDepth) return {};
  const std::vector<ts::Node>& values = m_.attributeValues(cls, "self." + key);
  if (values.empty()) return dataclassField(cls, key);
  if (values.size() != 1 || !values.front().parent().is("assignment")) return {};
  ResolvedValue v = resolve(values.front(), depth + 1);
  if (v.known()) v.chain.insert(v.chain.begin(), {m_.location(values.front().parent()), "self." + key + " set"});
  return v;
}

namespace {

// The construction `c` is stored under a name (`clips = VideoFeed()`,
// `self.feed = Feed()`) whose `key` member the file sets afterwards.
bool memberSetAfter(const ScriptModel& m, const Call& c, const std::string& key) {
  ts::Node assign = syntax::unwrap(c.node).parent();
  if (!assign || !assign.is("assignment") || syntax::unwrap(assign.field("right")) != c.node) return false;
  ts::Node left = assign.field("left");
  return left && (left.is("identifier") || left.is("attribute")) &&
         m.assignsDottedName(std::string(left.text()) + "." + key);
}

}  // namespace

// `self.workers` in a method of a dataclass whose field `workers` no method
// assigns: what every construction of the class in the project gives it
// (its keyword, else the field's default), when they agree. A class some
// project class derives from, one never constructed here, or a field set on
// a constructed object afterwards (`feed.workers = 8`) is unknown.
ResolvedValue ValueResolver::dataclassField(ts::Node cls_node, const std::string& key) {
  const ClassDef* cls = m_.classAt(cls_node);
  if (!cls || !cls->is_dataclass) return {};
  CrossFileDepth guard;
  if (!guard.ok()) return {};
  std::vector<const ScriptModel*> models{&m_};
  if (const ProjectModel* project = m_.project()) models.assign(project->models().begin(), project->models().end());
  std::optional<ResolvedValue> joined;
  for (const ScriptModel* mm : models) {
    for (const auto& other : mm->classes())
      for (const std::string& base : other->bases)
        if (base == cls->name || base.ends_with("." + cls->name)) return {};  // a subclass may set it otherwise
    for (const Call* c : mm->callsNamed(cls->name)) {
      if (mm->constructedClass(*c).second != cls) continue;
      if (memberSetAfter(*mm, *c, key)) return {};
      ResolvedValue v = mm->memberValue(c->node, key);
      if (!v.known() || (joined && (joined->kind != v.kind || joined->display() != v.display()))) return {};
      if (!joined) {
        v.chain.insert(v.chain.begin(), {mm->location(c->node), "self." + key + " of the " + cls->name +
                                                                    " built here (a dataclass field)"});
        joined = std::move(v);
      }
    }
  }
  return joined ? *joined : ResolvedValue{};
}

ResolvedValue ValueResolver::parentParserOption(ts::Node ns, const std::string& key) {
  for (ts::Node parsed : m_.valueSources(ns)) {
    const ScriptModel& at = m_.ownerOf(parsed);
    const Call* parse = at.callAt(syntax::unwrap(parsed));
    if (!parse || !parse->receiver || !syntax::oneOf(parse->method, {"parse_args", "parse_known_args"})) continue;
    for (ts::Node made : at.valueSources(parse->receiver)) {
      const ScriptModel& maker = at.ownerOf(made);
      const Call* ctor = maker.callAt(syntax::unwrap(made));
      ts::Node parents = ctor && ctor->method == "ArgumentParser" ? syntax::unwrap(ctor->keyword("parents")) : ts::Node();
      if (!parents || !(parents.is("list") || parents.is("tuple"))) continue;
      for (ts::Node parent : parents.namedChildren())
        for (ts::Node built : maker.valueSources(parent)) {
          const ScriptModel& owner = maker.ownerOf(built);
          if (&owner == &maker) continue;  // this file's options were looked up already
          const ArgparseOption* o = owner.argparseOption(key);
          if (!o) continue;
          // `parser.set_defaults(update_freq=64)` beside the wrapper's parser wins.
          if (auto set = maker.setDefaultOf(key, o->type)) return *set;
          return o->default_value;
        }
    }
  }
  return {};
}

ResolvedValue ValueResolver::described(ts::Node expr, const std::string& key, int depth) {
  const ScriptModel& owner = m_.ownerOf(expr);
  ResolvedValue v = &owner == &m_ ? resolve(expr, depth + 1) : owner.resolve(expr);
  if (!v.known()) return v;
  ts::Node pair = expr.parent();
  bool written = pair && (pair.is("pair") || pair.is("keyword_argument"));
  std::string what = pair && pair.is("pair") ? "config key '" + key + "'"
                     : pair && pair.is("keyword_argument") ? "argument " + key + "="
                     : pair && pair.is("default_parameter") ? "default of " + key
                                                            : "field default " + key;
  v.chain.insert(v.chain.begin(), {owner.location(written ? pair : expr), what});
  return v;
}

ResolvedValue ValueResolver::passedMember(ts::Node object, const std::string& key, int depth) {
  object = syntax::unwrap(object);
  if (depth > kMaxDepth) return {};
  if (object.is("attribute") && object.field("object").text() == "self") return storedMember(object, key);
  if (!object.is("identifier")) return {};
  const Function* f = m_.enclosingFunction(object);
  std::string name(object.text());
  if (!f || !isParameter(*f, name) || m_.bindingsOf(f->node).count(name)) return {};
  CrossFileDepth guard;
  if (!guard.ok()) return {};
  std::optional<ResolvedValue> joined;
  for (ts::Node src : m_.valueSources(object)) {
    const ScriptModel& owner = m_.ownerOf(src);
    ResolvedValue v = owner.memberValue(src, key);
    if (!v.known() || (joined && (joined->kind != v.kind || joined->display() != v.display()))) return {};
    if (!joined) joined = std::move(v);
  }
  return joined ? *joined : ResolvedValue{};
}

ResolvedValue ValueResolver::storedMember(ts::Node attr, const std::string& key) {
  ts::Node stored = syntax::unwrap(selfAssignment(attr));
  std::string keyword;  // set for kwargs['name']
  if (stored && stored.is("subscript")) {
    if (!syntax::stringLiteral(stored.field("subscript"), &keyword) || keyword.empty()) return {};
    stored = syntax::unwrap(stored.field("value"));
  }
  if (!stored || !stored.is("identifier")) return {};
  const Function* init = m_.enclosingFunction(stored);
  std::string name(stored.text());
  if (!init || init->name != "__init__" || !isParameter(*init, name) || m_.bindingsOf(init->node).count(name) ||
      (!keyword.empty() && !catchesKeywords(*init, name)))
    return {};
  CrossFileDepth guard;
  if (!guard.ok()) return {};
  std::vector<std::pair<const ScriptModel*, const Call*>> made;
  for (const Call* c : m_.argumentSources(*init)) made.push_back({&m_, c});
  if (const ProjectModel* project = m_.project())
    for (const ProjectCall& pc : project->callersOf(*init)) made.push_back({pc.model, pc.call});
  std::optional<ResolvedValue> joined;
  for (const auto& [model, c] : made) {
    if (init->node.contains(c->node)) continue;  // recursion
    ts::Node arg = keyword.empty() ? argumentFor(*init, *c, name) : c->keyword(keyword);
    if (!arg) return {};
    ResolvedValue v = model->memberValue(arg, key);
    if (!v.known() || (joined && (joined->kind != v.kind || joined->display() != v.display()))) return {};
    if (!joined) joined = std::move(v);
  }
  return joined ? *joined : ResolvedValue{};
}

bool ValueResolver::catchesKeywords(const Function& f, std::string_view name) {
  ts::Node params = f.node.field("parameters");
  if (!params) return false;
  for (ts::Node p : params.namedChildren())
    if (p.is("dictionary_splat_pattern") && p.namedChildCount() > 0 && p.namedChild(0).text() == name) return true;
  return false;
}

ResolvedValue ValueResolver::dictGet(const Call& c, int depth) {
  std::string key;
  if (c.positional.empty() || c.positional.size() > 2 || !c.keywords.empty() ||
      !syntax::stringLiteral(c.positional[0], &key))
    return {};
  ts::Node receiver = syntax::unwrap(c.receiver);
  if (ts::Node expr = memberExpr(receiver, key, depth + 1)) return described(expr, key, depth);
  ts::Node def = receiver.is("identifier") ? definition(receiver, depth + 1) : ts::Node();
  def = syntax::unwrap(def);
  if (!def || !def.is("dictionary") || member_values::dictChanged(m_, receiver.text())) return {};
  for (ts::Node item : def.namedChildren())
    if (!item.is("pair") && !item.is("comment")) return {};  // a **splat may hold the key
  if (c.positional.size() < 2) return ResolvedValue::none();
  ResolvedValue v = resolve(c.positional[1], depth + 1);
  if (v.known()) v.chain.insert(v.chain.begin(), {m_.location(c.node), "default of " + std::string(c.callee.text()) + "(\"" + key + "\", ...)"});
  return v;
}

}  // namespace gpulint::python
