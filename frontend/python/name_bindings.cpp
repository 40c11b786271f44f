// Where names get their values (RULES.md "Value"): the bindings of each
// scope, indexed once per scope, and the bindings that reach one use of a
// name (reaching definitions, flow-approximate: branches and loops make a
// binding conditional).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/python/binding_index.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

void collectIdentifiers(ts::Node n, std::vector<std::string_view>& out) {
  const Sym& S = Sym::get();
  if (isKind(n, S.identifier)) out.push_back(n.text());
  for (ts::Node c : n.namedChildren()) collectIdentifiers(c, out);
}

// The names a target binds: `a`, `a, (b, *c)`; not the object of an
// attribute or subscript target (`args.rank, args.world_size = ...` sets
// two fields of `args` and binds no name).
void targetNames(ts::Node n, std::vector<std::string_view>& out) {
  const Sym& S = Sym::get();
  if (isKind(n, S.identifier)) {
    out.push_back(n.text());
    return;
  }
  if (isKind(n, S.attribute) || isKind(n, S.subscript)) return;
  for (ts::Node c : n.namedChildren()) targetNames(c, out);
}

// What statement `c` (a child of `parent`, of kind `k`) binds, for bindingsOf.
void indexOne(ts::Node c, TSSymbol k, ts::Node parent, ScopeBindings& out) {
  const Sym& S = Sym::get();
  std::vector<std::string_view> rebound;
  if (k == S.assignment) {
    ts::Node left = fieldOf(c, S.left);
    if (isKind(left, S.identifier)) out[std::string(left.text())].assignments.push_back(c);
  } else if (k == S.augmented_assignment) {
    ts::Node left = fieldOf(c, S.left);
    if (isKind(left, S.identifier)) rebound.push_back(left.text());
  } else if (k == S.for_statement || k == S.for_in_clause) {
    targetNames(fieldOf(c, S.left), rebound);
  } else if ((k == S.pattern_list || k == S.tuple_pattern) && isKind(parent, S.assignment)) {
    targetNames(c, rebound);
  } else if (k == S.global_statement) {
    std::vector<std::string_view> declared;
    collectIdentifiers(c, declared);
    for (auto name : declared) out[std::string(name)].declared_global = true;
  }
  for (auto name : rebound) out[std::string(name)].rebound = true;
}

// One walk of a scope, nested function and class bodies excluded: for a
// scope the builder did not index (a node of another tree).
void indexBindings(ts::Node n, ScopeBindings& out) {
  const Sym& S = Sym::get();
  for (ts::Node c : n.namedChildren()) {
    if (isKind(c, S.function_definition) || isKind(c, S.class_definition)) continue;
    indexOne(c, kindOf(c), n, out);
    indexBindings(c, out);
  }
}

bool isComprehensionKind(TSSymbol k) {
  const Sym& S = Sym::get();
  return k == S.list_comprehension || k == S.set_comprehension || k == S.dictionary_comprehension ||
         k == S.generator_expression;
}

bool isComprehension(ts::Node n) { return isComprehensionKind(kindOf(n)); }


using RawBinding = BindingSite;

// Bindings of `name` in one scope, without entering nested scopes (whose own
// names, def and class, do bind here).
void identifiersIn(ts::Node n, std::vector<std::string_view>& out) {
  const Sym& S = Sym::get();
  if (isKind(n, S.identifier)) out.push_back(n.text());
  for (ts::Node c : n.namedChildren()) identifiersIn(c, out);
}

void bindSite(BindingSitesByName& out, std::string_view name, RawBinding b) {
  out[std::string(name)].push_back(b);
}

// What statement `c` (of kind `k`) binds, for reachingBindings (nested scopes and
// lambda/comprehension variables are left to the caller).
void siteOne(ts::Node c, TSSymbol k, BindingSitesByName& out) {
  const Sym& S = Sym::get();
  auto bind = [&](std::string_view name, RawBinding b) { bindSite(out, name, b); };
  std::vector<std::string_view> names;
  if (k == S.assignment && fieldOf(c, S.right)) {
    ts::Node left = fieldOf(c, S.left), value = fieldOf(c, S.right);
    while (isKind(value, S.assignment)) value = fieldOf(value, S.right);  // a = b = expr
    if (isKind(left, S.identifier)) {
      bind(left.text(), {c, value, -1, c.end()});
    } else if (!isKind(left, S.attribute) && !isKind(left, S.subscript)) {
      targetNames(left, names);
      for (auto name : names) {
        int index = 0, found = -1;
        for (ts::Node part : left.namedChildren()) {
          if (isKind(part, S.comment)) continue;
          if (isKind(part, S.identifier) && part.text() == name) found = index;
          ++index;
        }
        // A nested or starred target: not followed.
        bind(name, {c, found >= 0 ? value : ts::Node(), found, c.end()});
      }
    }
  } else if (k == S.augmented_assignment && isKind(fieldOf(c, S.left), S.identifier)) {
    bind(fieldOf(c, S.left).text(), {c, {}, -1, c.end()});
  } else if (k == S.for_statement) {
    targetNames(fieldOf(c, S.left), names);
    for (auto name : names) bind(name, {c, {}, -1, fieldOf(c, S.left).end()});
  } else if (k == S.named_expression) {
    bind(fieldOf(c, S.name).text(), {c, fieldOf(c, S.value), -1, c.end()});
  } else if ((k == S.as_pattern || k == S.except_clause) && fieldOf(c, S.alias)) {
    identifiersIn(fieldOf(c, S.alias), names);
    for (auto name : names) bind(name, {c, {}, -1, fieldOf(c, S.alias).end()});
  } else if (k == S.import_statement || k == S.import_from_statement || k == S.global_statement ||
             k == S.nonlocal_statement) {
    identifiersIn(c, names);
    for (auto name : names) bind(name, {c, {}, -1, c.end()});
  }
}

// Every binding of every name in one scope, in document order, without
// entering nested scopes (whose own names, def and class, do bind here):
// for a scope the builder did not index (a node of another tree).
void collectAllBindings(ts::Node n, BindingSitesByName& out) {
  const Sym& S = Sym::get();
  for (ts::Node c : n.namedChildren()) {
    if (isKind(c, S.function_definition) || isKind(c, S.class_definition)) {
      bindSite(out, fieldOf(c, S.name).text(), {c, {}, -1, c.end()});
      continue;
    }
    if (isKind(c, S.lambda) || isComprehension(c)) continue;
    siteOne(c, kindOf(c), out);
    collectAllBindings(c, out);
  }
}

}  // namespace

// The kinds recordBindingsOf, indexOne or siteOne do anything for.
std::vector<uint8_t> buildBindingKinds() {
  const Sym& S = Sym::get();
  std::vector<uint8_t> t(ts_language_symbol_count(tree_sitter_python()), 0);
  for (TSSymbol k : {S.function_definition, S.class_definition, S.lambda, S.list_comprehension, S.set_comprehension,
                     S.dictionary_comprehension, S.generator_expression, S.assignment, S.augmented_assignment,
                     S.for_statement, S.for_in_clause, S.pattern_list, S.tuple_pattern, S.global_statement,
                     S.named_expression, S.as_pattern, S.except_clause, S.import_statement, S.import_from_statement,
                     S.nonlocal_statement})
    if (k < t.size()) t[k] = 1;
  return t;
}

BindingWalk recordBindingsOf(ts::Node node, TSSymbol k, ts::Node parent, BindingWalk walk) {
  const Sym& S = Sym::get();
  if (k == S.function_definition || k == S.class_definition) {
    // Its name binds here; its body is a scope of its own (or, for a class,
    // none of ours).
    if (!walk.sites_off) bindSite(walk.scope->sites, fieldOf(node, S.name).text(), {node, {}, -1, node.end()});
    return {};
  }
  if (k == S.lambda || isComprehensionKind(k)) walk.sites_off = true;
  indexOne(node, k, parent, walk.scope->names);
  if (!walk.sites_off) siteOne(node, k, walk.scope->sites);
  return walk;
}

// The builder indexed the module and every function body of this tree;
// another node (of another tree) is indexed on first use.
const ScopeIndex* ScriptModel::ownScopeIndex(ts::Node scope, bool by_body) const {
  if (scope == root()) return scope_indexes_.empty() ? nullptr : scope_indexes_.front().get();
  const auto& by = by_body ? index_by_body_ : index_by_def_;
  auto it = by.find(scope.id());
  return it != by.end() && it->second.first == scope ? it->second.second : nullptr;
}

const std::unordered_map<std::string, ScopeBinding>& ScriptModel::bindingsOf(ts::Node scope) const {
  if (const ScopeIndex* own = ownScopeIndex(scope, false)) return own->names;
  std::pair<uint32_t, uint32_t> key{scope.begin(), scope.end()};
  auto& seen = caches().bindings;
  auto it = seen.find(key);
  if (it == seen.end()) {
    const ScopeBindings& entry = shared_bindings_.get(key, [&](ScopeBindings& out) {
      indexBindings(scope.is("function_definition") ? scope.field("body") : scope, out);
    });
    it = seen.emplace(key, &entry).first;
  }
  return *it->second;
}

// ---- Reaching bindings --------------------------------------------------------

namespace {

// Does a binding reach `use` only on some paths? Returns nullopt when it
// cannot reach it at all (the other branch of an if that holds the use).
std::optional<bool> conditionalAt(ts::Node statement, ts::Node use) {
  bool conditional = false;
  std::vector<ts::Node> up = statement.ancestors();
  for (size_t i = 0; i < up.size(); ++i) {
    ts::Node p = up[i], child = i ? up[i - 1] : statement;
    if (p.contains(use)) {
      bool exclusive = (p.is("if_statement") || p.is("elif_clause")) && !(child == p.field("condition"));
      if (exclusive && !child.contains(use)) return std::nullopt;
      return conditional;
    }
    if (p.is("if_statement") || p.is("elif_clause") || p.is("else_clause") || p.is("for_statement") ||
        p.is("while_statement") || p.is("except_clause") || p.is("case_clause"))
      conditional = true;
  }
  return conditional;
}

// A binding after `use` inside a loop around it makes the use's binding
// conditional. The loops around the use are found once (parent() walks from
// the root), only when some binding comes after the use.
void markLoopCarried(const std::vector<RawBinding>& bindings, ts::Node use, ts::Node scope, NameBinding& first) {
  std::optional<std::vector<ts::Node>> loop_bodies;
  for (const RawBinding& b : bindings) {
    if (b.at <= use.begin()) continue;
    if (!loop_bodies) {
      loop_bodies.emplace();
      for (ts::Node p : use.ancestorWalk()) {
        if (p == scope) break;
        if (syntax::isLoop(p)) loop_bodies->push_back(p.field("body"));
      }
    }
    // A binding before the use in the same pass, on every path to it,
    // overwrites what the later one left (`done = cur >= stop` at the top of
    // the loop, `done = True` further down): the later one no longer reaches.
    for (ts::Node body : *loop_bodies)
      if (body.contains(b.statement) && (first.conditional || !first.statement || !body.contains(first.statement)))
        first.conditional = first.loop_carried = true;
  }
}

bool hasParameter(const Function& f, std::string_view name) {
  for (const auto& p : f.parameters)
    if (p == name) return true;
  return false;
}

}  // namespace

const std::vector<BindingSite>& ScriptModel::bindingSites(ts::Node scope_body, const std::string& name) const {
  static const std::vector<BindingSite> kNone;
  if (const ScopeIndex* own = ownScopeIndex(scope_body, true)) {
    auto it = own->sites.find(name);
    return it == own->sites.end() ? kNone : it->second;
  }
  auto key = std::make_pair(scope_body.begin(), scope_body.end());
  auto& seen = caches().binding_sites;
  auto scope = seen.find(key);
  if (scope == seen.end()) {
    const BindingSitesByName& entry =
        shared_binding_sites_.get(key, [&](BindingSitesByName& out) { collectAllBindings(scope_body, out); });
    scope = seen.emplace(key, &entry).first;
  }
  auto it = scope->second->find(name);
  return it == scope->second->end() ? kNone : it->second;
}

std::vector<NameBinding> ScriptModel::reachingBindings(ts::Node use) const {
  use = syntax::unwrap(use);
  if (!use || !use.is("identifier")) return {};
  std::string name(use.text());
  // The ancestors are found once: the lambda/comprehension test below and the
  // scopes the name may live in (the function definitions around the use,
  // innermost first, then the module) both read them.
  std::vector<ts::Node> up = use.ancestors();
  // Comprehension and lambda variables live in scopes of their own.
  for (ts::Node p : up) {
    if (p.is("function_definition")) break;
    if (p.is("lambda") && p.field("parameters") && syntax::containsName(p.field("parameters"), name)) return {};
    if (isComprehension(p))
      for (ts::Node c : p.namedChildren())
        if (c.is("for_in_clause") && syntax::containsName(c.field("left"), name)) return {};
  }
  std::vector<ts::Node> defs;
  for (ts::Node p : up)
    if (p.is("function_definition")) defs.push_back(p);
  ts::Node innermost = defs.empty() ? ts::Node() : defs.front();
  size_t next_def = 1;
  for (ts::Node scope = innermost;; scope = next_def < defs.size() ? defs[next_def++] : ts::Node()) {
    const Function* f = nullptr;
    if (scope)
      if (auto it = function_at_.find(scope.id()); it != function_at_.end() && it->second->node == scope)
        f = it->second;
    if (scope && !f) continue;
    const std::vector<RawBinding>& bindings = bindingSites(f ? f->body : root(), name);
    bool parameter = f && hasParameter(*f, name);
    if (bindings.empty() && !parameter) {
      if (!scope) return {};
      continue;  // a free variable: look in the enclosing scope
    }
    // In the use's own scope, only bindings before it count; an enclosing
    // scope has run to its end by the time a nested function is called.
    uint32_t limit = scope == innermost ? use.begin() : UINT32_MAX;
    std::vector<NameBinding> out;
    for (auto b = bindings.rbegin(); b != bindings.rend(); ++b) {
      if (b->at > limit) continue;
      auto conditional = conditionalAt(b->statement, use);
      if (!conditional) continue;  // the other branch of an if around the use
      NameBinding nb;
      nb.statement = b->statement;
      nb.scope = scope ? scope : root();
      nb.value = b->value;
      nb.index = b->index;
      nb.conditional = *conditional;
      out.push_back(nb);
      if (!nb.conditional) break;  // earlier bindings no longer reach the use
    }
    if (parameter && (out.empty() || out.back().conditional)) {
      NameBinding nb;
      nb.scope = scope;
      nb.parameter = true;
      out.push_back(nb);
    }
    // A later binding inside a loop around the use reaches it on the next pass.
    if (!out.empty()) markLoopCarried(bindings, use, scope, out.front());
    return out;
  }
}

std::optional<NameBinding> ScriptModel::lastBinding(ts::Node use) const {
  auto all = reachingBindings(use);
  if (all.empty()) return std::nullopt;
  return all.front();
}

const Call* ScriptModel::madeByCall(ts::Node use) const {
  if (!use || !use.is("identifier")) return nullptr;
  std::optional<NameBinding> b = lastBinding(use);
  if (!b || b->conditional || !b->value || b->index >= 0) return nullptr;
  ts::Node value = syntax::unwrap(b->value);
  return value.is("call") ? callAt(value) : nullptr;
}

const GlobalStores& ScriptModel::globalStores(std::string_view name) const {
  std::call_once(global_stores_once_, [this] {
    for (const auto& f : functions_)
      for (const auto& [declared, binding] : bindingsOf(f->node)) {
        if (!binding.declared_global) continue;
        GlobalStores& stores = global_stores_[declared];
        stores.assignments.insert(stores.assignments.end(), binding.assignments.begin(), binding.assignments.end());
        stores.rebound = stores.rebound || binding.rebound;
      }
    for (auto& [declared, stores] : global_stores_)
      std::sort(stores.assignments.begin(), stores.assignments.end(),
                [](ts::Node a, ts::Node b) { return a.begin() < b.begin(); });
  });
  static const GlobalStores kNone;
  auto it = global_stores_.find(name);
  return it == global_stores_.end() ? kNone : it->second;
}

}  // namespace gpulint::python
