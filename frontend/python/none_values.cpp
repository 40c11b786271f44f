// Whether a value is None where a branch tests it (ScriptModel::isNoneValue):
// `scaler = None` then `if args.amp: scaler = GradScaler()` with --amp on
// by default leaves `if scaler is None:` off, and `stats = Collector() if
// target is not None else None` with target never passed leaves `if stats
// is not None:` off. Unknown or mixed answers nothing: a branch stays on.
#include <cctype>

#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxNoneDepth = 6;  // bindings, conditional expressions and call sites followed

// The comparison's operator (`is not` as two tokens joined).
std::string operatorOf(ts::Node comparison) {
  std::string op;
  for (uint32_t i = 0; i < comparison.childCount(); ++i)
    if (ts::Node c = comparison.child(i); !c.isNamed()) op += (op.empty() ? "" : " ") + std::string(c.text());
  return op;
}

// The truth of a branch test when it resolves: an option or flag with its
// value, `x is None` / `x is not None`, `not` of either. nullopt: unknown.
std::optional<bool> testValue(const ScriptModel& m, ts::Node cond, int depth) {
  cond = syntax::unwrap(cond);
  if (!cond || depth > kMaxNoneDepth) return std::nullopt;
  if (cond.is("not_operator")) {
    auto v = testValue(m, cond.field("argument"), depth + 1);
    return v ? std::optional<bool>(!*v) : std::nullopt;
  }
  // `rank == 0 and args.log_dir is not None`: one operand that resolves
  // against the operator decides it, whatever the other is.
  if (cond.is("boolean_operator")) {
    bool conjunction = cond.field("operator").text() == "and";
    auto left = testValue(m, cond.field("left"), depth + 1);
    if (left && *left != conjunction) return left;
    auto right = testValue(m, cond.field("right"), depth + 1);
    if (right && *right != conjunction) return right;
    return left && right ? left : std::nullopt;
  }
  if (cond.is("comparison_operator") && cond.namedChildCount() == 2) {
    std::string op = operatorOf(cond);
    ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
    if ((op != "is" && op != "is not") || !(left.is("none") || right.is("none"))) return std::nullopt;
    auto none = m.isNoneValue(left.is("none") ? right : left, depth + 1);
    return none ? std::optional<bool>(*none == (op == "is")) : std::nullopt;
  }
  if (!cond.is("identifier") && !cond.is("attribute")) return std::nullopt;
  ResolvedValue v = m.resolve(cond);
  // A path or name a run may set: unknown, unless it is empty (`--real-labels`
  // with default "": the option a run passes to turn the branch on).
  if (v.kind == ResolvedValue::Kind::String && !v.string_value.empty()) return std::nullopt;
  auto truth = v.kind == ResolvedValue::Kind::String ? std::optional<bool>(false) : v.truthiness();
  // `args.amp = ...` somewhere: the default is not what the test reads (a
  // text search of the file, so asked last).
  if (truth && cond.is("attribute") && m.assignsDottedName(cond.text())) return std::nullopt;
  return truth;
}

enum class Reach { Dead, Maybe, Sure };

// Whether a binding statement runs when its scope does, from the branches
// between them: a branch whose test resolves against it never runs, one
// whose test resolves for it always does; a loop, try or match may not.
Reach reachOf(const ScriptModel& m, const NameBinding& b, int depth) {
  Reach out = Reach::Sure;
  ts::Node child = b.statement;
  for (ts::Node p : b.statement.ancestorWalk()) {
    if (p == b.scope || syntax::isScope(p)) break;
    if ((p.is("if_statement") || p.is("elif_clause")) && child == p.field("consequence")) {
      auto taken = testValue(m, p.field("condition"), depth);
      if (taken && !*taken) return Reach::Dead;
      if (!taken || p.is("elif_clause")) out = Reach::Maybe;  // an elif also needs the tests before it false
    } else if (p.is("else_clause")) {
      ts::Node owner = p.parent();
      auto taken = owner && owner.is("if_statement") ? testValue(m, owner.field("condition"), depth) : std::nullopt;
      if (taken && *taken) return Reach::Dead;
      out = Reach::Maybe;
    } else if (p.is("for_statement") || p.is("while_statement") || p.is("try_statement") ||
               p.is("except_clause") || p.is("finally_clause") || p.is("match_statement") ||
               p.is("case_clause")) {
      out = Reach::Maybe;
    }
    child = p;
  }
  return out;
}

bool isObjectLiteral(ts::Node e) {
  static constexpr std::string_view kKinds[] = {"integer", "float", "string", "true", "false", "list", "dictionary",
                                                "tuple", "set", "list_comprehension", "dictionary_comprehension",
                                                "set_comprehension", "concatenated_string", "lambda"};
  for (std::string_view k : kKinds)
    if (e.is(k)) return true;
  return false;
}

}  // namespace

bool ScriptModel::skippedByNoneTest(ts::Node n) const {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p && !syntax::isScope(p); child = p, p = p.parent()) {
    if (!(p.is("if_statement") || p.is("elif_clause")) || !(child == p.field("consequence"))) continue;
    ts::Node cond = p.field("condition");
    if (cond.text().find("None") == std::string_view::npos) continue;  // tests of other kinds: the guards judge them
    if (auto taken = testValue(*this, cond, 0); taken && !*taken) return true;
  }
  return false;
}

std::optional<bool> ScriptModel::isNoneValue(ts::Node e, int depth) const {
  e = syntax::unwrap(e);
  if (!e || depth > kMaxNoneDepth) return std::nullopt;
  if (e.is("none")) return true;
  if (isObjectLiteral(e)) return false;
  if (e.is("conditional_expression") && e.namedChildCount() == 3) {  // body if test else alternative
    if (auto taken = testValue(*this, e.namedChild(1), depth + 1))
      return isNoneValue(*taken ? e.namedChild(0) : e.namedChild(2), depth + 1);
    auto body = isNoneValue(e.namedChild(0), depth + 1), alternative = isNoneValue(e.namedChild(2), depth + 1);
    return body && alternative && *body == *alternative ? body : std::nullopt;
  }
  // `GradScaler()`, `Collector(device)`: constructing a class gives an object;
  // `x.size(1)`, `len(xs)`, `int(n)`: a number.
  if (e.is("call")) {
    std::string_view name = syntax::lastName(e.field("function"));
    if (!name.empty() && std::isupper(static_cast<unsigned char>(name.front()))) return false;
    if (syntax::oneOf(name, {"size", "dim", "numel", "item", "len", "int", "float", "str", "bool", "round", "abs"}))
      return false;
    return std::nullopt;
  }
  // `x.shape[1]`, `n * 2`: a number.
  if (e.is("subscript") && syntax::lastName(e.field("value")) == "shape") return false;
  if (e.is("binary_operator")) return false;
  if (!e.is("identifier")) {
    // An option (`args.resume`). Not a member of self: whatever sets it once
    // in the class, other objects may set it too.
    if (!e.is("attribute") || syntax::unwrap(e.field("object")).text() == "self") return std::nullopt;
    ResolvedValue v = resolve(e);
    if (!v.known() || assignsDottedName(e.text())) return std::nullopt;  // the text search last
    return v.kind == ResolvedValue::Kind::None;
  }
  // Every binding that may reach the use, latest first; one that surely runs
  // before the use hides the earlier ones.
  std::optional<bool> joined;
  for (const NameBinding& b : reachingBindings(e)) {
    if (b.loop_carried) return std::nullopt;  // `history = None` before a loop that sets it
    std::optional<bool> none;
    Reach reach = Reach::Sure;
    if (b.parameter) {
      const Function* f = b.scope ? enclosingFunction(b.scope.namedChild(0)) : nullptr;
      none = f ? parameterIsNone(*f, e.text(), depth + 1) : std::nullopt;
    } else {
      if (!b.statement) return std::nullopt;
      reach = reachOf(*this, b, depth + 1);
      if (reach == Reach::Dead) continue;
      if (b.value && b.index < 0) none = isNoneValue(b.value, depth + 1);
      // `b, _, t_y, t_x = mask.shape`: each element is a number.
      else if (b.value && (syntax::lastName(syntax::unwrap(b.value)) == "shape" ||
                           (syntax::unwrap(b.value).is("call") &&
                            syntax::lastName(syntax::unwrap(b.value).field("function")) == "size")))
        none = false;
    }
    if (!none || (joined && *joined != *none)) return std::nullopt;
    joined = none;
    if (reach == Reach::Sure && (b.parameter || b.statement.end() <= e.begin())) break;
  }
  return joined;
}

}  // namespace gpulint::python
