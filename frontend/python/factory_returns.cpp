#include "frontend/python/factory_returns.h"

#include <optional>
#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::python::factory_returns {

namespace {

// A factory decides by its own parameters: `kind == "flat"`, `kind != "x"`,
// `kind in ("a", "b")`, a flag (`if not sparse:`). The value of the parameter is the one this call
// passes (or the default it leaves), resolved in the caller's file.
class BranchJudge {
 public:
  BranchJudge(const ScriptModel& callee, const Function& f, const ScriptModel& caller, const Call& c)
      : callee_(callee), f_(f), caller_(caller), c_(c) {}

  // The truth of `cond` on this call; nullopt when unknown.
  std::optional<bool> truth(ts::Node cond) const {
    cond = syntax::unwrap(cond);
    if (!cond) return std::nullopt;
    // `if not sparse:`, `if warmup_only:`: a flag parameter this call sets (or leaves at its default).
    if (cond.is("not_operator")) {
      std::optional<bool> inner = truth(cond.field("argument"));
      return inner ? std::optional<bool>(!*inner) : std::nullopt;
    }
    if (cond.is("identifier")) return parameterValue(cond.text()).truthiness();
    if (!cond.is("comparison_operator") || cond.namedChildCount() != 2) return std::nullopt;
    ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
    std::string op;
    for (uint32_t i = 0; i < cond.childCount(); ++i)
      if (ts::Node k = cond.child(i); !k.isNamed()) op += (op.empty() ? "" : " ") + std::string(k.text());
    if (!left.is("identifier")) return std::nullopt;
    ResolvedValue v = parameterValue(left.text());
    if (!v.known()) return std::nullopt;
    if (op == "==" || op == "!=") {
      std::optional<bool> same = equal(v, right);
      if (!same) return std::nullopt;
      return op == "==" ? *same : !*same;
    }
    if ((op == "in" || op == "not in") && (right.is("tuple") || right.is("list") || right.is("set"))) {
      bool found = false;
      for (ts::Node e : right.namedChildren()) {
        std::optional<bool> same = equal(v, e);
        if (!same) return std::nullopt;
        found = found || *same;
      }
      return op == "in" ? found : !found;
    }
    return std::nullopt;
  }

 private:
  // A literal string or integer compared with a known value.
  static std::optional<bool> equal(const ResolvedValue& v, ts::Node literal) {
    literal = syntax::unwrap(literal);
    std::string s;
    if (literal.is("string") && syntax::stringLiteral(literal, &s))
      return v.kind == ResolvedValue::Kind::String && v.string_value == s;
    if (literal.is("integer") && v.kind == ResolvedValue::Kind::Int) return std::string(literal.text()) == std::to_string(v.int_value);
    return std::nullopt;
  }

  // The parameter's value on this call: what it passes, else the default
  // when nothing can hide the argument. Unknown when the factory rebinds it.
  ResolvedValue parameterValue(std::string_view name) const {
    bool is_parameter = false;
    for (const std::string& p : f_.parameters) is_parameter = is_parameter || (p == name && p != "self");
    if (!is_parameter) return {};
    const auto& own = callee_.bindingsOf(f_.node);
    if (auto it = own.find(std::string(name)); it != own.end() && (!it->second.onlyAssigned() || !it->second.assignments.empty()))
      return {};
    if (ts::Node arg = caller_.argumentFor(c_, f_, name)) return caller_.resolve(arg);
    if (c_.has_star_args || c_.has_star_kwargs) return {};
    for (ts::Node p : f_.node.field("parameters").namedChildren())
      if ((p.is("default_parameter") || p.is("typed_default_parameter")) && p.field("name").text() == name)
        return callee_.resolve(p.field("value"));
    return {};
  }

  const ScriptModel& callee_;
  const Function& f_;
  const ScriptModel& caller_;
  const Call& c_;
};

// The statement ends the function's run: `return ...` or `raise ...` last in the block.
bool leaves(ts::Node block) {
  if (!block || block.namedChildCount() == 0) return false;
  ts::Node last = block.namedChild(block.namedChildCount() - 1);
  return last.is("return_statement") || last.is("raise_statement");
}

// Some `if`/`elif` condition of `if_stmt` before `clause` is true (so `clause` is skipped).
bool earlierTaken(const BranchJudge& judge, ts::Node if_stmt, ts::Node clause) {
  if (judge.truth(if_stmt.field("condition")) == true) return true;
  for (ts::Node alt : if_stmt.namedChildren()) {
    if (alt == clause) break;
    if (alt.is("elif_clause") && judge.truth(alt.field("condition")) == true) return true;
  }
  return false;
}

}  // namespace

bool reachable(const ScriptModel& callee, const Function& f, ts::Node ret, const ScriptModel& caller, const Call& c) {
  BranchJudge judge(callee, f, caller, c);
  for (ts::Node child = ret, p = ret.parent(); p && !(child == f.body); child = p, p = p.parent()) {
    if (p.is("if_statement") && child == p.field("consequence") && judge.truth(p.field("condition")) == false)
      return false;
    if (p.is("elif_clause") && child == p.field("consequence") && judge.truth(p.field("condition")) == false)
      return false;
    if ((child.is("elif_clause") || child.is("else_clause")) && p.is("if_statement") && earlierTaken(judge, p, child))
      return false;
    if (!p.is("block")) continue;
    // An earlier `if kind == "flat": return FlatWeights()` this call takes.
    for (ts::Node s : p.namedChildren()) {
      if (s == child) break;
      if (s.is("if_statement") && judge.truth(s.field("condition")) == true && leaves(s.field("consequence")))
        return false;
    }
  }
  return true;
}

}  // namespace gpulint::python::factory_returns
