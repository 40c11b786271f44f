// Static value resolution with provenance (RULES.md "Value"). Anything we
// cannot see (a parameter without known callers, os.cpu_count(), an
// environment variable) resolves to Unknown, which never fires a rule.
#include <cmath>
#include <cstdint>
#include <optional>

#include "frontend/python/config_reads.h"
#include "frontend/python/member_values.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/returned_parser.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/value_resolver.h"

namespace gpulint::python {

ResolvedValue ValueResolver::resolve(ts::Node n, int depth) {
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
  if (t == "comparison_operator") return comparison(n, depth);
  if (t == "call") {
    const Call* c = m_.callAt(n);
    if (c && c->method == "get" && c->receiver) return dictGet(*c, depth);
    return resolveCall(n, depth);
  }
  return {};
}

ResolvedValue ValueResolver::parseInt(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '_') s += c;
  try {
    return ResolvedValue::ofInt(std::stoll(s, nullptr, 0));
  } catch (...) {
    return {};
  }
}

ResolvedValue ValueResolver::parseFloat(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '_') s += c;
  try {
    return ResolvedValue::ofFloat(std::stod(s));
  } catch (...) {
    return {};
  }
}

ResolvedValue ValueResolver::negate(ts::Node n, int depth) {
  if (n.child(0).text() != "-") return {};
  ResolvedValue v = resolve(n.field("argument"), depth + 1);
  if (v.kind == ResolvedValue::Kind::Int) v.int_value = -v.int_value;
  else if (v.kind == ResolvedValue::Kind::Float) v.float_value = -v.float_value;
  else return {};
  return v;
}

ResolvedValue ValueResolver::arithmetic(ts::Node n, int depth) {
  ResolvedValue a = resolve(n.field("left"), depth + 1);
  ResolvedValue b = resolve(n.field("right"), depth + 1);
  std::string_view op = n.field("operator").text();
  ResolvedValue r = (a.kind == ResolvedValue::Kind::Int && b.kind == ResolvedValue::Kind::Int)
                        ? intArithmetic(*a.asInt(), op, *b.asInt())
                        : floatArithmetic(a, op, b);
  if (r.kind == ResolvedValue::Kind::Unknown) return {};
  r.chain = a.chain.empty() ? b.chain : a.chain;
  return r;
}

ResolvedValue ValueResolver::intArithmetic(int64_t a, std::string_view op, int64_t b) {
  if (op == "+") return ResolvedValue::ofInt(a + b);
  if (op == "-") return ResolvedValue::ofInt(a - b);
  if (op == "*") return ResolvedValue::ofInt(a * b);
  if (b == 0) return {};
  if (op == "//") return ResolvedValue::ofInt(a / b - ((a % b != 0 && ((a < 0) != (b < 0))) ? 1 : 0));
  if (op == "/") return ResolvedValue::ofFloat(static_cast<double>(a) / static_cast<double>(b));
  return {};
}

ResolvedValue ValueResolver::floatArithmetic(const ResolvedValue& a, std::string_view op, const ResolvedValue& b) {
  auto numeric = [](const ResolvedValue& v) {
    return v.kind == ResolvedValue::Kind::Int || v.kind == ResolvedValue::Kind::Float;
  };
  if (!numeric(a) || !numeric(b)) return {};
  double x = *a.asNumber(), y = *b.asNumber();
  if (op == "+") return ResolvedValue::ofFloat(x + y);
  if (op == "-") return ResolvedValue::ofFloat(x - y);
  if (op == "*") return ResolvedValue::ofFloat(x * y);
  if (y == 0) return {};
  if (op == "/") return ResolvedValue::ofFloat(x / y);
  if (op == "//") return ResolvedValue::ofFloat(std::floor(x / y));
  return {};
}

ResolvedValue ValueResolver::resolveCall(ts::Node n, int depth) {
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

ResolvedValue ValueResolver::resolveName(ts::Node id, int depth) {
  ts::Node value;
  ts::Node assignment = singleAssignment(id, &value);
  if (!assignment && m_.project())
    if (ResolvedValue v = importedConstant(id); v.known()) return v;
  if (!assignment)
    if (ResolvedValue v = zipElement(id); v.known()) return v;
  if (!assignment || !value) return parameterOf(id);
  ResolvedValue v = resolve(value, depth + 1);
  if (!v.known()) return v;
  std::string scope = syntax::ancestor(assignment, {"function_definition"}) ? "" : "module constant ";
  v.chain.insert(v.chain.begin(), {m_.location(assignment), scope + std::string(assignment.text())});
  return v;
}

ResolvedValue ValueResolver::importedConstant(ts::Node id) {
  auto [owner, value] = m_.project()->importedConstant(m_, std::string(id.text()));
  if (!owner || !value) return {};
  ResolvedValue v = owner->resolve(value);
  if (v.known())
    v.chain.insert(v.chain.begin(), {owner->location(value.parent()), "module constant " + std::string(value.parent().text())});
  return v;
}

ResolvedValue ValueResolver::zipElement(ts::Node id) {
  std::vector<NameBinding> reaching = m_.reachingBindings(id);
  if (reaching.size() != 1 || !reaching.front().statement || !reaching.front().statement.is("for_statement"))
    return {};
  ts::Node sequence;
  for (const auto& [target, seq] : syntax::zipTargets(reaching.front().statement))
    if (target.text() == id.text()) sequence = syntax::unwrap(seq);
  if (!sequence) return {};
  if (sequence.is("list") || sequence.is("tuple")) return m_.elementValue(sequence);
  const Function* f = sequence.is("identifier") ? m_.enclosingFunction(sequence) : nullptr;
  std::string name(sequence.text());
  if (!f || !isParameter(*f, name) || m_.bindingsOf(f->node).count(name)) return {};
  return m_.parameterElementValue(*f, name);
}

ResolvedValue ValueResolver::parameterOf(ts::Node id) {
  std::string name(id.text());
  // A free variable of a nested function (`def encode(ex): tok(ex, max_length=
  // seq_cap)` inside `def main(seq_cap=256)`): the enclosing function's parameter.
  for (const Function* f = m_.enclosingFunction(id); f; f = m_.enclosingFunction(f->node.parent())) {
    bool bound = m_.bindingsOf(f->node).count(name) > 0;
    if (isParameter(*f, name)) return bound ? ResolvedValue{} : m_.parameterValue(*f, name);
    if (bound) return {};
  }
  return {};
}

bool ValueResolver::isArgparseNamespace(ts::Node object, int depth) {
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
      // ... or in another module of the project: `args = get_args()` imported from utils.
      if (const Call* c = m_.project() ? m_.callAt(def) : nullptr)
        if (auto [owner, f] = m_.callTarget(*c); f && owner != &m_ && returnedParser(*owner, *f).parsed) return true;
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
  // `args = get_args_parser()` then `args = args.parse_args()`: one name
  // holds the parser, then the namespace; at the use, the last binding.
  if (object.is("identifier") && parsedByLastBinding(object)) return true;
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

bool ValueResolver::parsedByLastBinding(ts::Node id) {
  std::optional<NameBinding> b = m_.lastBinding(id);
  if (!b || b->conditional || b->parameter || !b->value) return false;
  ts::Node v = syntax::unwrap(b->value);
  if (!v.is("call")) return false;
  std::string_view method = syntax::lastName(v.field("function"));
  return method == "parse_args" || method == "parse_known_args";
}

bool ValueResolver::returnsParseArgs(const Function& f) {
  for (const Call& c : m_.calls())
    if (c.function == &f && (c.method == "parse_args" || c.method == "parse_known_args")) {
      ts::Node p = c.node.parent();
      if (p && p.is("return_statement")) return true;
      if (c.method != "parse_args" || !p || !p.is("assignment") || !p.field("left").is("identifier")) continue;
      std::string_view name = p.field("left").text();
      bool generator = false;
      const std::vector<ts::Node>& returns = m_.returnValues(f, &generator);
      if (generator || returns.empty()) continue;
      bool all = true;
      for (ts::Node r : returns) all = all && syntax::unwrap(r).is("identifier") && syntax::unwrap(r).text() == name;
      if (all && m_.bindingsOf(f.node).count(std::string(name)) &&
          m_.bindingsOf(f.node).at(std::string(name)).assignments.size() == 1)
        return true;
    }
  return false;
}

bool ValueResolver::isParameter(const Function& f, std::string_view name) {
  for (const auto& p : f.parameters)
    if (p == name) return true;
  return false;
}

ts::Node ValueResolver::argumentFor(const Function& f, const Call& c, std::string_view name) {
  int index = 0;
  for (const auto& p : f.parameters) {
    if (p == name) break;
    ++index;
  }
  if (f.owner && !f.parameters.empty() && f.parameters.front() == "self") --index;
  return c.argument(name, index);
}

ts::Node ValueResolver::definition(ts::Node n, int depth) {
  if (depth > kMaxDepth) return {};
  n = syntax::unwrap(n);
  ts::Node value;
  if (n.is("identifier")) {
    ts::Node assignment = singleAssignment(n, &value);
    if (!assignment) {
      if (classNamed(std::string(n.text()))) return n;
      return {};
    }
    return elementFor(assignment, n.text(), value);
  }
  if (n.is("attribute") && n.field("object").text() == "self") return selfAssignment(n);
  if (n.is("attribute") || n.is("subscript")) return n;
  if (n.is("call") || n.is("dictionary")) return n;
  return {};
}

ts::Node ValueResolver::elementFor(ts::Node assignment, std::string_view name, ts::Node value) {
  ts::Node left = assignment.field("left");
  if (!left || left.is("identifier")) return value;
  ts::Node right = syntax::unwrap(value);
  if (!(left.is("pattern_list") || left.is("tuple_pattern")) || !right ||
      !(right.is("expression_list") || right.is("tuple")) || left.namedChildCount() != right.namedChildCount())
    return {};
  for (uint32_t i = 0; i < left.namedChildCount(); ++i)
    if (left.namedChild(i).is("identifier") && left.namedChild(i).text() == name) return right.namedChild(i);
  return {};
}

ts::Node ValueResolver::selfAssignment(ts::Node attr) {
  ts::Node cls = syntax::ancestor(attr, {"class_definition"});
  if (!cls) return {};
  return m_.singleAssignmentUnder(cls, attr.text());
}

ts::Node ValueResolver::singleAssignment(ts::Node id, ts::Node* value) {
  std::string name(id.text());
  ts::Node scope = syntax::ancestor(id, {"function_definition"});
  while (scope) {
    if (const Function* f = m_.enclosingFunction(id); f && f->node == scope && isParameter(*f, name)) return {};
    if (m_.bindingsOf(scope).count(name)) break;
    scope = syntax::ancestor(scope, {"function_definition"});
  }
  // A function that declares the name global reads and stores the module's:
  // what the module and every such function store there.
  if (scope && m_.bindingsOf(scope).at(name).declared_global) scope = {};
  std::vector<ts::Node> stores;
  if (scope) {
    const ScopeBinding& local = m_.bindingsOf(scope).at(name);
    if (local.rebound) return {};
    stores = local.assignments;
  } else {
    const auto& module = m_.bindingsOf(m_.root());
    auto it = module.find(name);
    const GlobalStores& global = m_.globalStores(name);
    if ((it != module.end() && !it->second.onlyAssigned()) || global.rebound) return {};
    if (it != module.end()) stores = it->second.assignments;
    stores.insert(stores.end(), global.assignments.begin(), global.assignments.end());
  }
  ts::Node found;
  int count = 0;
  for (ts::Node a : stores) {
    if (placesItself(a, name)) continue;  // `model = model.to(device)`: the same object
    if (!found || found.field("right").text() != a.field("right").text()) ++count;
    found = a;
  }
  if (count != 1 || !found) return {};
  *value = found.field("right");
  return found;
}

bool ValueResolver::placesItself(ts::Node assignment, std::string_view name) {
  ts::Node right = syntax::unwrap(assignment.field("right"));
  const Call* c = right && right.is("call") ? m_.callAt(right) : nullptr;
  return c && c->receiver && syntax::unwrap(c->receiver).is("identifier") && c->receiver.text() == name &&
         selfReturning(c->method);
}

bool ValueResolver::selfReturning(std::string_view method) {
  return syntax::oneOf(method, {"to", "cuda", "cpu", "eval", "train", "half", "float", "double", "bfloat16",
                                "requires_grad_", "to_empty"});
}

const ClassDef* ValueResolver::classNamed(const std::string& name) {
  const auto& named = m_.classesNamed(name);
  return named.empty() ? nullptr : named.front();
}

// The file assigns the dotted name `target` (`args.rank = args.rank * n + gpu`,
// `args.lr += 1`): the targets of the file's assignment statements, indexed
// once per file on first use (a text search per question cost a scan of the
// whole source each time).
bool ScriptModel::assignsDottedName(std::string_view target) const {
  std::call_once(dotted_stores_once_, [this] {
    const Sym& S = Sym::get();
    ts::Node root = this->root();
    for (uint32_t i = root.preorder(), end = root.subtreeEnd(); i < end; ++i) {
      ts::Node n = root.preorderAt(i);
      if (!isKind(n, S.assignment) && !isKind(n, S.augmented_assignment)) continue;
      if (ts::Node left = n.field("left"); isKind(left, S.attribute)) dotted_stores_.insert(left.text());
    }
  });
  return dotted_stores_.count(target) > 0;
}

ResolvedValue ScriptModel::memberValue(ts::Node object, const std::string& key) const {
  if (const ScriptModel& owner = ownerOf(object); &owner != this) return owner.memberValue(object, key);
  return ValueResolver(*this).memberOf(object, key);
}

ResolvedValue ScriptModel::resolve(ts::Node expr) const {
  if (const ScriptModel& owner = ownerOf(expr); &owner != this) return owner.resolve(expr);
  return ValueResolver(*this).resolve(expr, 0);
}

}  // namespace gpulint::python
