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
    if (t == "call") {
      const Call* c = m_.callAt(n);
      if (c && c->method == "get" && c->receiver) return dictGet(*c, depth);
      return resolveCall(n, depth);
    }
    return {};
  }

  ResolvedValue memberOf(ts::Node object, const std::string& key) { return member(object, key, object, 0); }

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
    ResolvedValue r = (a.kind == ResolvedValue::Kind::Int && b.kind == ResolvedValue::Kind::Int)
                          ? intArithmetic(*a.asInt(), op, *b.asInt())
                          : floatArithmetic(a, op, b);
    if (r.kind == ResolvedValue::Kind::Unknown) return {};
    r.chain = a.chain.empty() ? b.chain : a.chain;
    return r;
  }

  // Python's int operators: `/` is true division, `//` floors.
  static ResolvedValue intArithmetic(int64_t a, std::string_view op, int64_t b) {
    if (op == "+") return ResolvedValue::ofInt(a + b);
    if (op == "-") return ResolvedValue::ofInt(a - b);
    if (op == "*") return ResolvedValue::ofInt(a * b);
    if (b == 0) return {};
    if (op == "//") return ResolvedValue::ofInt(a / b - ((a % b != 0 && ((a < 0) != (b < 0))) ? 1 : 0));
    if (op == "/") return ResolvedValue::ofFloat(static_cast<double>(a) / static_cast<double>(b));
    return {};
  }

  // `batch_size = 64 / devices`, then `batch_size // micro_batch_size`: a
  // float on either side makes a float, as in Python.
  static ResolvedValue floatArithmetic(const ResolvedValue& a, std::string_view op, const ResolvedValue& b) {
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

  // `from settings import DEVICE`: the constant the other project file assigns.
  ResolvedValue importedConstant(ts::Node id) {
    auto [owner, value] = m_.project()->importedConstant(m_, std::string(id.text()));
    if (!owner || !value) return {};
    ResolvedValue v = owner->resolve(value);
    if (v.known())
      v.chain.insert(v.chain.begin(), {owner->location(value.parent()), "module constant " + std::string(value.parent().text())});
    return v;
  }

  // `n_worker` in `for ds, n_worker in zip(datasets, num_workers):`, bound
  // there alone: the value every element of the paired sequence has, a list
  // literal or a parameter every caller passes one for
  // (`create_loader(..., num_workers=[4, 4, 4])`).
  ResolvedValue zipElement(ts::Node id) {
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

  // A parameter never rebound in its function: what its call sites give it.
  ResolvedValue parameterOf(ts::Node id) {
    const Function* f = m_.enclosingFunction(id);
    std::string name(id.text());
    if (!f || !isParameter(*f, name) || m_.bindingsOf(f->node).count(name)) return {};
    return m_.parameterValue(*f, name);
  }

  ResolvedValue member(ts::Node object, const std::string& key, ts::Node use, int depth) {
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

  // The value of `name.key` at `use` set by an assignment `name.key = v` of
  // the name's scope: the last one before the use, when it runs whenever the
  // scope does (no branch or loop around it) and nothing assigns it again
  // in a loop around the use. Unknown (set, not nullopt) when some store
  // may or may not have run; nullopt when the scope stores no such member.
  std::optional<ResolvedValue> storedAfterMade(ts::Node object, const std::string& key, ts::Node use, int depth) {
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
    for (ts::Node up = last.parent(); up && !(up == scope); up = up.parent())
      if (up.is("if_statement") || up.is("for_statement") || up.is("while_statement") || up.is("try_statement") ||
          up.is("function_definition") || up.is("lambda"))
        return ResolvedValue{};
    ResolvedValue v = resolve(last.field("right"), depth + 1);
    if (v.known()) v.chain.insert(v.chain.begin(), {m_.location(last), target + " set"});
    return v;
  }

  // The attribute or other name a local name was bound to, once.
  ts::Node aliasOf(ts::Node object, int depth) {
    object = syntax::unwrap(object);
    if (!object || !object.is("identifier") || depth > kMaxDepth) return {};
    ts::Node def = syntax::unwrap(definition(object, depth + 1));
    if (!def) def = syntax::unwrap(unpackedElement(object));
    if (!def || def == object || !(def.is("attribute") || def.is("identifier"))) return {};
    if (def.is("identifier") && classNamed(std::string(def.text()))) return {};
    return def;
  }

  // `model, config = self.model, self.config`: the element `id` takes, when
  // that one unpacking is the only binding that reaches it.
  ts::Node unpackedElement(ts::Node id) {
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

  // The assignments `target = ...` / `target += ...` among the statements
  // of `scope`, nested blocks included: a walk of statements only (an
  // expression holds no assignment statement), in source order.
  static std::vector<ts::Node> memberStores(ts::Node scope, std::string_view target) {
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

  // The function body (or module) a name lives in at `id`.
  ts::Node nameScope(ts::Node id) {
    std::string name(id.text());
    for (ts::Node scope = syntax::ancestor(id, {"function_definition"}); scope;
         scope = syntax::ancestor(scope, {"function_definition"})) {
      if (const Function* f = m_.enclosingFunction(id); f && f->node == scope && isParameter(*f, name)) return scope;
      if (m_.bindingsOf(scope).count(name)) return scope;
    }
    return m_.root();
  }

  // `cfg = Trainer.get_default_config()` where the project function builds
  // the object and returns it (`C = CfgNode(); C.num_workers = 4; return
  // C`): the member as the function leaves it, when every return agrees.
  std::optional<ResolvedValue> factoryMember(ts::Node object, const std::string& key, int depth) {
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

  // `self.alpha_mse` in a method, where the class assigns `self.alpha_mse`
  // once (`self.alpha_mse = params.alpha_mse` in __init__): the value of that
  // expression, resolved where it is written (the parameter follows the
  // class's constructions). Assigned twice, updated in place (`+=`) or not at
  // all in this class: unknown.
  ResolvedValue selfMember(ts::Node self, const std::string& key, int depth) {
    ts::Node cls = syntax::ancestor(self, {"class_definition"});
    if (!cls || depth > kMaxDepth) return {};
    const std::vector<ts::Node>& values = m_.attributeValues(cls, "self." + key);
    if (values.size() != 1 || !values.front().parent().is("assignment")) return {};
    ResolvedValue v = resolve(values.front(), depth + 1);
    if (v.known()) v.chain.insert(v.chain.begin(), {m_.location(values.front().parent()), "self." + key + " set"});
    return v;
  }

  // `ArgumentParser("Submitit", parents=[trainer.get_args_parser()])`: an
  // option this file does not define comes from a parent parser, which a
  // project function of another file builds (a submitit wrapper around a
  // training script); unknown when no parent of another file defines it.
  ResolvedValue parentParserOption(ts::Node ns, const std::string& key) {
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

  // The value of the expression that defines a member, with where it is
  // written as the head of its chain; the expression may lie in another file
  // (a project class's default, a caller's keyword).
  ResolvedValue described(ts::Node expr, const std::string& key, int depth) {
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

  // `args.log_interval` where `args` is a parameter: the member of what
  // every caller passes (in any file), when they all agree.
  ResolvedValue passedMember(ts::Node object, const std::string& key, int depth) {
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

  // `self.args.epochs` where __init__ stored its parameter (`self.args =
  // args`): the member of what every construction of the class (or of a
  // subclass that keeps its __init__) passes there, in any file, when they
  // all agree. One construction passing something unknown makes it unknown.
  // `self.args = kwargs['args']` of a `**kwargs` __init__ reads the keyword
  // each construction passes (`SimCLR(model=model, args=args)`).
  ResolvedValue storedMember(ts::Node attr, const std::string& key) {
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

  // `name` is f's `**name` catch-all.
  static bool catchesKeywords(const Function& f, std::string_view name) {
    ts::Node params = f.node.field("parameters");
    if (!params) return false;
    for (ts::Node p : params.namedChildren())
      if (p.is("dictionary_splat_pattern") && p.namedChildCount() > 0 && p.namedChild(0).text() == name) return true;
    return false;
  }

  // `cfg.get("key", default)`: the dict's value for the key, else the
  // default when the dict is a literal this file builds and never changes.
  ResolvedValue dictGet(const Call& c, int depth) {
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

  bool parsedByLastBinding(ts::Node id) {
    std::optional<NameBinding> b = m_.lastBinding(id);
    if (!b || b->conditional || b->parameter || !b->value) return false;
    ts::Node v = syntax::unwrap(b->value);
    if (!v.is("call")) return false;
    std::string_view method = syntax::lastName(v.field("function"));
    return method == "parse_args" || method == "parse_known_args";
  }

  // `return parser.parse_args()`, or `opt = parser.parse_args()` ... `return opt`.
  bool returnsParseArgs(const Function& f) {
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

  // `model, config = self.model, self.config`: the element of the right side
  // that `name` takes; the whole right side for a plain `name = ...`; null
  // when the two sides do not pair up.
  static ts::Node elementFor(ts::Node assignment, std::string_view name, ts::Node value) {
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

  ts::Node selfAssignment(ts::Node attr) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return {};
    return m_.singleAssignmentUnder(cls, attr.text());
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
      if (placesItself(a, name)) continue;  // `model = model.to(device)`: the same object
      if (!found || found.field("right").text() != a.field("right").text()) ++count;
      found = a;
    }
    if (count != 1 || !found) return {};
    *value = found.field("right");
    return found;
  }


  // `name = name.to(device)` (or .cuda(), .eval(), ...): a module's
  // placement and mode methods hand back the object itself.
  bool placesItself(ts::Node assignment, std::string_view name) {
    ts::Node right = syntax::unwrap(assignment.field("right"));
    const Call* c = right && right.is("call") ? m_.callAt(right) : nullptr;
    return c && c->receiver && syntax::unwrap(c->receiver).is("identifier") && c->receiver.text() == name &&
           selfReturning(c->method);
  }
  static bool selfReturning(std::string_view method) {
    return syntax::oneOf(method, {"to", "cuda", "cpu", "eval", "train", "half", "float", "double", "bfloat16",
                                  "requires_grad_", "to_empty"});
  }

  const ClassDef* classNamed(const std::string& name) {
    const auto& named = m_.classesNamed(name);
    return named.empty() ? nullptr : named.front();
  }

  const ScriptModel& m_;
};

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
