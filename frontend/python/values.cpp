// Static value resolution with provenance (RULES.md "Value"). Anything we
// cannot see (a parameter without known callers, os.cpu_count(), an
// environment variable) resolves to Unknown, which never fires a rule.
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>

#include "frontend/python/config_reads.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

class ValueResolver {
 public:
  explicit ValueResolver(const ScriptModel& m) : m_(m) {}

  ResolvedValue resolve(ts::Node n, int depth) {
    if (depth > kMaxDepth) return {};
    n = syntax::unwrap(n);
    if (!n) return {};
    std::string_view t = n.type();
    if (t == "integer") return parseInt(n.text());
    if (t == "float") return parseFloat(n.text());
    if (t == "true") return ResolvedValue::ofBool(true);
    if (t == "false") return ResolvedValue::ofBool(false);
    if (t == "none") return ResolvedValue::none();
    if (t == "string") {
      std::string s;
      return syntax::stringLiteral(n, &s) ? ResolvedValue::ofString(s) : ResolvedValue{};
    }
    if (t == "identifier" || t == "attribute" || t == "subscript")
      if (auto v = configReferenceValue(m_, n)) return *v;  // a linked run config's value
    if (t == "unary_operator") return negate(n, depth);
    if (t == "binary_operator") return arithmetic(n, depth);
    if (t == "identifier") return resolveName(n, depth);
    if (t == "attribute")
      return member(n.field("object"), std::string(n.field("attribute").text()), n, depth);
    if (t == "subscript") {
      std::string key;
      if (syntax::stringLiteral(n.field("subscript"), &key)) return member(n.field("value"), key, n, depth);
      return {};
    }
    if (t == "call") return resolveCall(n, depth);
    return {};
  }

  // The expression that defines `object.key` (a dict value, a keyword, a
  // dataclass field default); null when unknown. argparse namespaces are not
  // expressions and are handled in member().
  ts::Node memberExpr(ts::Node object, const std::string& key, int depth) {
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
      if (callee == "dict" || callee.ends_with("SimpleNamespace") || callee.ends_with("EasyDict") ||
          callee.ends_with("Namespace")) {
        if (ts::Node v = c->keyword(key)) return v;
        if (callee == "dict" && !c->positional.empty()) return memberExpr(c->positional[0], key, depth + 1);
        return {};
      }
      if (callee.ends_with("OmegaConf.create") && !c->positional.empty())
        return memberExpr(c->positional[0], key, depth + 1);
      if (const ClassDef* cls = dataclassNamed(std::string(c->callee.text()))) {
        if (ts::Node v = c->keyword(key)) return v;
        if (c->has_star_kwargs || !c->positional.empty()) return {};
        return fieldDefault(*cls, key);
      }
      return {};
    }
    if (def.is("identifier") || def.is("attribute")) {
      // A class used as a namespace: Config.batch_size.
      if (const ClassDef* cls = classNamed(std::string(def.text()))) return fieldDefault(*cls, key);
    }
    return {};
  }

 private:
  static constexpr int kMaxDepth = 12;

  static ResolvedValue parseInt(std::string_view text) {
    std::string s;
    for (char c : text)
      if (c != '_') s += c;
    try {
      return ResolvedValue::ofInt(std::stoll(s, nullptr, 0));
    } catch (...) {
      return {};
    }
  }
  static ResolvedValue parseFloat(std::string_view text) {
    std::string s;
    for (char c : text)
      if (c != '_') s += c;
    try {
      return ResolvedValue::ofFloat(std::stod(s));
    } catch (...) {
      return {};
    }
  }

  ResolvedValue negate(ts::Node n, int depth) {
    if (n.child(0).text() != "-") return {};
    ResolvedValue v = resolve(n.field("argument"), depth + 1);
    if (v.kind == ResolvedValue::Kind::Int) v.int_value = -v.int_value;
    else if (v.kind == ResolvedValue::Kind::Float) v.float_value = -v.float_value;
    else return {};
    return v;
  }

  ResolvedValue arithmetic(ts::Node n, int depth) {
    ResolvedValue a = resolve(n.field("left"), depth + 1);
    ResolvedValue b = resolve(n.field("right"), depth + 1);
    std::string_view op = n.field("operator").text();
    auto ai = a.asInt(), bi = b.asInt();
    if (a.kind != ResolvedValue::Kind::Int || b.kind != ResolvedValue::Kind::Int || !ai || !bi) return {};
    ResolvedValue r;
    if (op == "+") r = ResolvedValue::ofInt(*ai + *bi);
    else if (op == "-") r = ResolvedValue::ofInt(*ai - *bi);
    else if (op == "*") r = ResolvedValue::ofInt(*ai * *bi);
    else if (op == "//" && *bi != 0) r = ResolvedValue::ofInt(*ai / *bi);
    else return {};
    r.chain = a.chain.empty() ? b.chain : a.chain;
    return r;
  }

  ResolvedValue resolveCall(ts::Node n, int depth) {
    const Call* c = m_.callAt(n);
    if (!c || c->positional.size() != 1 || !c->keywords.empty()) return {};
    std::string_view f = c->callee.text();
    ResolvedValue v = resolve(c->positional[0], depth + 1);
    if (f == "int") {
      if (auto i = v.asInt(); i && v.kind != ResolvedValue::Kind::String) {
        auto r = ResolvedValue::ofInt(*i);
        r.chain = v.chain;
        return r;
      }
      if (v.kind == ResolvedValue::Kind::String) {
        try {
          size_t used = 0;
          auto r = ResolvedValue::ofInt(std::stoll(v.string_value, &used));
          if (used != v.string_value.size()) return {};
          r.chain = v.chain;
          return r;
        } catch (...) {
          return {};
        }
      }
      return {};
    }
    if (f == "float") {
      if (auto d = v.asNumber()) {
        auto r = ResolvedValue::ofFloat(*d);
        r.chain = v.chain;
        return r;
      }
      return {};
    }
    if (f == "bool") {
      if (auto b = v.truthiness(); b && v.kind != ResolvedValue::Kind::String) {
        auto r = ResolvedValue::ofBool(*b);
        r.chain = v.chain;
        return r;
      }
    }
    return {};
  }

  ResolvedValue resolveName(ts::Node id, int depth) {
    ts::Node value;
    ts::Node assignment = singleAssignment(id, &value);
    if (!assignment || !value) return {};
    ResolvedValue v = resolve(value, depth + 1);
    if (!v.known()) return v;
    std::string scope = syntax::ancestor(assignment, {"function_definition"}) ? "" : "module constant ";
    v.chain.insert(v.chain.begin(), {m_.location(assignment), scope + std::string(assignment.text())});
    return v;
  }

  ResolvedValue member(ts::Node object, const std::string& key, ts::Node use, int depth) {
    (void)use;
    if (isArgparseNamespace(object, depth)) {
      if (auto it = m_.overrides_.find(key); it != m_.overrides_.end()) return it->second;
      if (const ArgparseOption* o = m_.argparseOption(key)) return o->default_value;
      return {};
    }
    ts::Node expr = memberExpr(object, key, depth + 1);
    if (!expr) return {};
    ResolvedValue v = resolve(expr, depth + 1);
    if (!v.known()) return v;
    ts::Node pair = expr.parent();
    std::string what = pair && pair.is("pair") ? "config key '" + key + "'"
                       : pair && pair.is("keyword_argument") ? "argument " + key + "="
                                                              : "field default " + key;
    v.chain.insert(v.chain.begin(), {m_.location(pair && (pair.is("pair") || pair.is("keyword_argument")) ? pair : expr), what});
    return v;
  }

  // Is `object` the namespace returned by parser.parse_args()?
  bool isArgparseNamespace(ts::Node object, int depth) {
    if (depth > kMaxDepth) return false;
    object = syntax::unwrap(object);
    ts::Node def = definition(object, depth);
    if (def) {
      def = syntax::unwrap(def);
      if (def.is("call")) {
        std::string_view m = syntax::lastName(def.field("function"));
        if (m == "parse_args" || m == "parse_known_args") return true;
        // A helper that returns parser.parse_args(): def get_args(): ...
        if (const Function* f = m_.functionNamed(m); f && returnsParseArgs(*f)) return true;
      }
      if (def.is("subscript")) {  // parse_known_args()[0]
        ts::Node v = syntax::unwrap(def.field("value"));
        if (v.is("call")) {
          std::string_view m = syntax::lastName(v.field("function"));
          return m == "parse_known_args";
        }
      }
      if (def.is("identifier") || def.is("attribute")) return isArgparseNamespace(def, depth + 1);
      return false;
    }
    // A parameter: follow its callers in this file.
    if (object.is("identifier")) {
      const Function* f = m_.enclosingFunction(object);
      if (!f || !isParameter(*f, object.text())) return false;
      auto callers = m_.callersOf(*f);
      // Called from elsewhere (another module): the namespace is unknown.
      if (callers.empty()) return false;
      for (const Call* c : callers) {
        ts::Node a = argumentFor(*f, *c, object.text());
        if (!a || !isArgparseNamespace(a, depth + 1)) return false;
      }
      return true;
    }
    return false;
  }

  bool returnsParseArgs(const Function& f) {
    for (const Call& c : m_.calls())
      if (c.function == &f && (c.method == "parse_args" || c.method == "parse_known_args")) {
        ts::Node p = c.node.parent();
        if (p && p.is("return_statement")) return true;
      }
    return false;
  }

  static bool isParameter(const Function& f, std::string_view name) {
    for (const auto& p : f.parameters)
      if (p == name) return true;
    return false;
  }

  // The argument a call passes for parameter `name` of `f`.
  static ts::Node argumentFor(const Function& f, const Call& c, std::string_view name) {
    int index = 0;
    for (const auto& p : f.parameters) {
      if (p == name) break;
      ++index;
    }
    if (f.owner && !f.parameters.empty() && f.parameters.front() == "self") --index;
    return c.argument(name, index);
  }

  // The expression an identifier or self.attribute was assigned from, when
  // it is assigned exactly once in its scope.
  ts::Node definition(ts::Node n, int depth) {
    if (depth > kMaxDepth) return {};
    n = syntax::unwrap(n);
    ts::Node value;
    if (n.is("identifier")) {
      if (!singleAssignment(n, &value)) {
        if (classNamed(std::string(n.text()))) return n;
        return {};
      }
      return value;
    }
    if (n.is("attribute") && n.field("object").text() == "self") return selfAssignment(n);
    if (n.is("attribute") || n.is("subscript")) return n;
    if (n.is("call") || n.is("dictionary")) return n;
    return {};
  }

  ts::Node selfAssignment(ts::Node attr) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return {};
    std::string target(attr.text());
    ts::Node found;
    int count = 0;
    forEachAssignment(cls, false, [&](ts::Node a) {
      if (a.field("left").text() == target) { found = a.field("right"); ++count; }
    });
    return count == 1 ? found : ts::Node();
  }

  // Finds the single assignment of the name `id` in its scope (the enclosing
  // function if the name is local there, else the module). Returns null when
  // the name is a parameter, a loop target, or assigned more than once.
  ts::Node singleAssignment(ts::Node id, ts::Node* value) {
    std::string name(id.text());
    ts::Node scope = syntax::ancestor(id, {"function_definition"});
    while (scope) {
      if (const Function* f = m_.enclosingFunction(id); f && f->node == scope && isParameter(*f, name)) return {};
      if (m_.bindingsOf(scope).count(name)) break;
      scope = syntax::ancestor(scope, {"function_definition"});
    }
    if (!scope) scope = m_.root();
    const auto& bindings = m_.bindingsOf(scope);
    auto it = bindings.find(name);
    if (it == bindings.end() || it->second.rebound) return {};
    ts::Node found;
    int count = 0;
    for (ts::Node a : it->second.assignments) {
      if (!found || found.field("right").text() != a.field("right").text()) ++count;
      found = a;
    }
    if (count != 1 || !found) return {};
    *value = found.field("right");
    return found;
  }

  static bool containsName(ts::Node n, std::string_view name) {
    if (n.is("identifier")) return n.text() == name;
    for (ts::Node c : n.namedChildren())
      if (containsName(c, name)) return true;
    return false;
  }

  // Assignments in scope; with `flat` nested defs are skipped, else (for
  // class bodies) methods are searched too.
  template <typename F>
  void forEachAssignment(ts::Node scope, bool flat, F&& f) {
    for (ts::Node c : scope.namedChildren()) {
      if (flat && (c.is("function_definition") || c.is("class_definition") || c.is("decorated_definition")))
        continue;
      if (c.is("assignment")) f(c);
      forEachAssignment(c, flat, f);
    }
  }

  const ClassDef* classNamed(const std::string& name) {
    for (const auto& c : m_.classes())
      if (c->name == name) return c.get();
    return nullptr;
  }
  const ClassDef* dataclassNamed(const std::string& name) {
    const ClassDef* c = classNamed(name);
    return c && c->is_dataclass ? c : nullptr;
  }

  // `batch_size: int = 4` (or `batch_size = 4`) in the class body.
  static ts::Node fieldDefault(const ClassDef& cls, const std::string& key) {
    ts::Node body = cls.node.field("body");
    for (ts::Node stmt : body.namedChildren()) {
      if (!stmt.is("expression_statement") || stmt.namedChildCount() == 0) continue;
      ts::Node a = stmt.namedChild(0);
      if (a.is("assignment") && a.field("left").text() == key) {
        ts::Node right = a.field("right");
        // dataclasses.field(default=...)
        if (right && right.is("call")) {
          ts::Node args = right.field("arguments");
          for (ts::Node kw : args.namedChildren())
            if (kw.is("keyword_argument") && kw.field("name").text() == "default") return kw.field("value");
        }
        return right;
      }
    }
    return {};
  }

  const ScriptModel& m_;
};

ResolvedValue ScriptModel::resolve(ts::Node expr) const { return ValueResolver(*this).resolve(expr, 0); }

namespace {

void collectIdentifiers(ts::Node n, std::vector<std::string_view>& out) {
  if (n.is("identifier")) out.push_back(n.text());
  for (ts::Node c : n.namedChildren()) collectIdentifiers(c, out);
}

// One walk of a scope, nested function and class bodies excluded.
void indexBindings(ts::Node n, std::unordered_map<std::string, ScopeBinding>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition")) continue;
    std::vector<std::string_view> rebound;
    if (c.is("assignment")) {
      ts::Node left = c.field("left");
      if (left.is("identifier")) out[std::string(left.text())].assignments.push_back(c);
    } else if (c.is("augmented_assignment")) {
      ts::Node left = c.field("left");
      if (left.is("identifier")) rebound.push_back(left.text());
    } else if (c.is("for_statement") || c.is("for_in_clause")) {
      collectIdentifiers(c.field("left"), rebound);
    } else if ((c.is("pattern_list") || c.is("tuple_pattern")) && c.parent().is("assignment")) {
      collectIdentifiers(c, rebound);
    } else if (c.is("global_statement")) {
      collectIdentifiers(c, rebound);
    }
    for (auto name : rebound) out[std::string(name)].rebound = true;
    indexBindings(c, out);
  }
}

}  // namespace

const std::unordered_map<std::string, ScopeBinding>& ScriptModel::bindingsOf(ts::Node scope) const {
  std::pair<uint32_t, uint32_t> key{scope.begin(), scope.end()};
  auto it = bindings_.find(key);
  if (it != bindings_.end()) return it->second;
  auto& entry = bindings_[key];
  indexBindings(scope.is("function_definition") ? scope.field("body") : scope, entry);
  return entry;
}

// ---- Name bindings and value sources ---------------------------------------

namespace {

bool isComprehension(ts::Node n) {
  return n.is("list_comprehension") || n.is("set_comprehension") || n.is("dictionary_comprehension") ||
         n.is("generator_expression");
}

bool mentions(ts::Node n, std::string_view name) {
  if (n.is("identifier")) return n.text() == name;
  for (ts::Node c : n.namedChildren())
    if (mentions(c, name)) return true;
  return false;
}

using RawBinding = BindingSite;

// Bindings of `name` in one scope, without entering nested scopes (whose own
// names, def and class, do bind here).
void identifiersIn(ts::Node n, std::vector<std::string_view>& out) {
  if (n.is("identifier")) out.push_back(n.text());
  for (ts::Node c : n.namedChildren()) identifiersIn(c, out);
}

// Every binding of every name in one scope, in document order, without
// entering nested scopes (whose own names, def and class, do bind here).
// One walk per scope: reachingBindings asks for each use of each name.
void collectAllBindings(ts::Node n, std::unordered_map<std::string, std::vector<RawBinding>>& out) {
  auto bind = [&](std::string_view name, RawBinding b) { out[std::string(name)].push_back(b); };
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition")) {
      bind(c.field("name").text(), {c, {}, -1, c.end()});
      continue;
    }
    if (c.is("lambda") || isComprehension(c)) continue;
    std::vector<std::string_view> names;
    if (c.is("assignment") && c.field("right")) {
      ts::Node left = c.field("left"), value = c.field("right");
      while (value.is("assignment")) value = value.field("right");  // a = b = expr
      if (left.is("identifier")) {
        bind(left.text(), {c, value, -1, c.end()});
      } else if (!left.is("attribute") && !left.is("subscript")) {
        identifiersIn(left, names);
        for (auto name : names) {
          int index = 0, found = -1;
          for (ts::Node part : left.namedChildren()) {
            if (part.is("comment")) continue;
            if (part.is("identifier") && part.text() == name) found = index;
            ++index;
          }
          // A nested or starred target: not followed.
          bind(name, {c, found >= 0 ? value : ts::Node(), found, c.end()});
        }
      }
    } else if (c.is("augmented_assignment") && c.field("left").is("identifier")) {
      bind(c.field("left").text(), {c, {}, -1, c.end()});
    } else if (c.is("for_statement")) {
      identifiersIn(c.field("left"), names);
      for (auto name : names) bind(name, {c, {}, -1, c.field("left").end()});
    } else if (c.is("named_expression")) {
      bind(c.field("name").text(), {c, c.field("value"), -1, c.end()});
    } else if ((c.is("as_pattern") || c.is("except_clause")) && c.field("alias")) {
      identifiersIn(c.field("alias"), names);
      for (auto name : names) bind(name, {c, {}, -1, c.field("alias").end()});
    } else if (c.is("import_statement") || c.is("import_from_statement") || c.is("global_statement") ||
               c.is("nonlocal_statement")) {
      identifiersIn(c, names);
      for (auto name : names) bind(name, {c, {}, -1, c.end()});
    }
    collectAllBindings(c, out);
  }
}

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
      for (ts::Node p : use.ancestors()) {
        if (p == scope) break;
        if (syntax::isLoop(p)) loop_bodies->push_back(p.field("body"));
      }
    }
    for (ts::Node body : *loop_bodies)
      if (body.contains(b.statement)) first.conditional = true;
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
  auto key = std::make_pair(scope_body.begin(), scope_body.end());
  auto scope = binding_sites_.find(key);
  if (scope == binding_sites_.end()) {
    scope = binding_sites_.emplace(key, std::unordered_map<std::string, std::vector<BindingSite>>{}).first;
    collectAllBindings(scope_body, scope->second);
  }
  auto it = scope->second.find(name);
  return it == scope->second.end() ? kNone : it->second;
}

std::vector<NameBinding> ScriptModel::reachingBindings(ts::Node use) const {
  use = syntax::unwrap(use);
  if (!use || !use.is("identifier")) return {};
  std::string name(use.text());
  // Comprehension and lambda variables live in scopes of their own.
  for (ts::Node p : use.ancestors()) {
    if (p.is("function_definition")) break;
    if (p.is("lambda") && p.field("parameters") && mentions(p.field("parameters"), name)) return {};
    if (isComprehension(p))
      for (ts::Node c : p.namedChildren())
        if (c.is("for_in_clause") && mentions(c.field("left"), name)) return {};
  }
  ts::Node innermost = syntax::ancestor(use, {"function_definition"});
  for (ts::Node scope = innermost;; scope = syntax::ancestor(scope, {"function_definition"})) {
    const Function* f = nullptr;
    if (scope)
      for (const auto& fn : functions_)
        if (fn->node == scope) f = fn.get();
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

namespace {

class SourceCollector {
 public:
  SourceCollector(const ScriptModel& m, bool all_paths, std::vector<ts::Node>& out)
      : m_(m), all_paths_(all_paths), out_(out) {}

  void collect(ts::Node e, int index, int depth) {
    if (depth > kMaxDepth || --budget_ < 0) return;
    e = syntax::unwrap(e);
    if (!e) return;
    if (e.is("identifier")) return fromName(e, index, depth);
    if (e.is("attribute") && e.field("object").text() == "self") {
      // `self.data`, assigned once in its class (usually in __init__).
      if (ts::Node value = selfValue(e)) return collect(value, index, depth + 1);
    }
    if (e.is("call"))
      if (const Call* c = m_.callAt(e))
        if (const Function* f = m_.calledFunction(*c)) return fromReturns(*f, index, depth);
    if (index < 0) {
      out_.push_back(e);
      return;
    }
    // The index-th element of a tuple/list expression.
    if (!e.is("expression_list") && !e.is("tuple") && !e.is("list")) return;
    int i = 0;
    for (ts::Node part : e.namedChildren()) {
      if (part.is("comment")) continue;
      if (part.is("list_splat")) return;
      if (i++ == index) return collect(part, -1, depth + 1);
    }
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
      if (b.index >= 0 && index >= 0) continue;  // a nested tuple: not followed
      collect(b.value, b.index >= 0 ? b.index : index, depth + 1);
    }
  }

  void fromCallers(const NameBinding& b, std::string_view name, int index, int depth) {
    const Function* f = nullptr;
    for (const auto& fn : m_.functions())
      if (fn->node == b.scope) f = fn.get();
    if (!f) return;
    int position = 0;
    for (const auto& p : f->parameters) {
      if (p == name) break;
      ++position;
    }
    if (f->owner && !f->parameters.empty() && f->parameters.front() == "self") --position;
    for (const Call* c : m_.callersOf(*f)) {
      if (f->node.contains(c->node)) continue;  // recursion
      if (ts::Node arg = c->argument(name, position)) collect(arg, index, depth + 1);
    }
  }

  void fromReturns(const Function& f, int index, int depth) {
    bool generator = false;
    const std::vector<ts::Node>& returns = m_.returnValues(f, &generator);
    if (generator) return;  // the call returns a generator, not these values
    for (ts::Node r : returns) collect(r, index, depth + 1);
  }

  // The value of the single assignment to `self.x` in the enclosing class;
  // null when it is assigned more than once or changed in place.
  static ts::Node selfValue(ts::Node attr) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return {};
    ts::Node value;
    int count = 0;
    std::function<void(ts::Node)> visit = [&](ts::Node n) {
      for (ts::Node c : n.namedChildren()) {
        if (c.is("class_definition")) continue;
        if ((c.is("assignment") || c.is("augmented_assignment")) && c.field("left").text() == attr.text()) {
          value = c.is("assignment") ? c.field("right") : ts::Node();
          ++count;
        }
        visit(c);
      }
    };
    visit(cls.field("body"));
    return count == 1 ? value : ts::Node();
  }

  const ScriptModel& m_;
  bool all_paths_;
  std::vector<ts::Node>& out_;
  int budget_ = 256;
};

}  // namespace

namespace {

void collectReturns(ts::Node n, std::vector<ts::Node>& returns, bool& generator) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("function_definition") || c.is("class_definition") || c.is("lambda")) continue;
    if (c.is("yield")) generator = true;
    if (c.is("return_statement") && c.namedChildCount() > 0) returns.push_back(c.namedChild(0));
    collectReturns(c, returns, generator);
  }
}

}  // namespace

const std::vector<ts::Node>& ScriptModel::returnValues(const Function& f, bool* generator) const {
  auto it = returns_.find(f.node.begin());
  if (it == returns_.end()) {
    it = returns_.emplace(f.node.begin(), std::make_pair(std::vector<ts::Node>{}, false)).first;
    collectReturns(f.body, it->second.first, it->second.second);
  }
  *generator = it->second.second;
  return it->second.first;
}

std::vector<ts::Node> ScriptModel::valueSources(ts::Node expr, bool all_paths) const {
  std::vector<ts::Node> out;
  SourceCollector(*this, all_paths, out).collect(expr, -1, 0);
  return out;
}

}  // namespace gpulint::python
