// Which mode of the model a line needs to run in (training_mode.h).
#include "frontend/python/training_mode.h"

#include <algorithm>

#include "frontend/python/syntax.h"

namespace gpulint::python {

std::optional<bool> trainingModeWhenTrue(ts::Node condition) {
  ts::Node c = syntax::unwrap(condition);
  if (!c) return std::nullopt;
  if (c.is("attribute")) {
    if (c.field("attribute").text() != "training") return std::nullopt;
    // `args.training`, `cfg.training`: a setting of the run, not a module's mode.
    std::string_view owner = syntax::lastName(c.field("object"));
    if (syntax::oneOf(owner, {"args", "cfg", "config", "conf", "opt", "opts", "options", "hparams", "hp", "params",
                              "settings", "flags", "FLAGS"}))
      return std::nullopt;
    return true;
  }
  if (c.is("not_operator")) {
    auto inner = trainingModeWhenTrue(c.field("argument"));
    return inner ? std::optional<bool>(!*inner) : std::nullopt;
  }
  // `x.training is False`, `x.training == True`, `x.training is not False`.
  if (!c.is("comparison_operator") || c.namedChildCount() != 2) return std::nullopt;
  auto mode = trainingModeWhenTrue(c.namedChild(0));
  ts::Node literal = syntax::unwrap(c.namedChild(1));
  if (!mode || !*mode || !(literal.is("true") || literal.is("false"))) return std::nullopt;
  std::string op;
  for (uint32_t i = 0; i < c.childCount(); ++i)
    if (!c.child(i).isNamed()) op += (op.empty() ? "" : " ") + std::string(c.child(i).text());
  bool positive = op == "is" || op == "==";
  if (!positive && op != "is not" && op != "!=") return std::nullopt;
  return positive == literal.is("true");
}

namespace {

// The last statement of a block ends the function or the run (`return`, `raise`).
bool endsCall(ts::Node block) {
  if (!block || block.namedChildCount() == 0) return false;
  ts::Node last = block.namedChild(block.namedChildCount() - 1);
  return last.is("return_statement") || last.is("raise_statement");
}

// What `child`, a part of `p`, needs of the mode for `p` to reach it.
std::optional<ModeRequirement> requiredBy(ts::Node p, ts::Node child, bool early_exits) {
  if (p.is("if_statement") || p.is("elif_clause")) {
    ts::Node cond = p.field("condition");
    auto mode = trainingModeWhenTrue(cond);
    if (!mode || cond.contains(child)) return std::nullopt;
    // The consequence needs the test to hold; an elif or else of the if
    // statement that it fails.
    bool in_consequence = p.field("consequence") == child;
    if (!in_consequence && p.is("elif_clause")) return std::nullopt;
    return ModeRequirement{in_consequence ? *mode : !*mode, cond};
  }
  // `x.training is False and k >= limit`: the right side runs when the left holds.
  if (p.is("boolean_operator") && p.field("right") == child) {
    ts::Node left = p.field("left");
    auto mode = trainingModeWhenTrue(left);
    if (!mode) return std::nullopt;
    bool conjunction = p.field("operator").text() == "and";
    return ModeRequirement{conjunction ? *mode : !*mode, left};
  }
  // `a if self.training else b`.
  if (p.is("conditional_expression") && p.namedChildCount() == 3 && !(p.namedChild(1) == child)) {
    ts::Node cond = p.namedChild(1);
    auto mode = trainingModeWhenTrue(cond);
    if (!mode) return std::nullopt;
    return ModeRequirement{p.namedChild(0) == child ? *mode : !*mode, cond};
  }
  // `if model.training: return loss` before `child` in its block: what
  // follows runs in the other mode only.
  if (early_exits && p.is("block")) {
    for (ts::Node s : p.namedChildren()) {
      if (s == child) break;
      if (!s.is("if_statement") || s.field("alternative") || !endsCall(s.field("consequence"))) continue;
      if (auto mode = trainingModeWhenTrue(s.field("condition"))) return ModeRequirement{!*mode, s.field("condition")};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ModeRequirement> modeRequiredFor(ts::Node n, bool early_exits) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p; child = p, p = p.parent()) {
    if (syntax::isScope(p)) return std::nullopt;
    if (auto need = requiredBy(p, child, early_exits)) return need;
  }
  return std::nullopt;
}

std::optional<bool> loopTrainingMode(const ScriptModel& m, const Loop& l) {
  const Call* last = m.modeSwitchBefore(l.node);
  bool eval_switch = last && last->method == "eval";
  if (l.kind == LoopKind::Step) return !eval_switch;
  if (l.kind != LoopKind::Eval) return std::nullopt;
  if (eval_switch || (l.function && !last && m.calledInEvalMode(*l.function))) return false;
  return std::nullopt;
}

bool skippedInLoopMode(const ScriptModel& m, const BatchContext& batch, ts::Node at) {
  std::optional<bool> in = batch.loop ? loopTrainingMode(m, *batch.loop)
                           : batch.kind == BatchKind::Step ? std::optional<bool>(true)
                                                           : std::nullopt;
  if (!in) return false;
  auto contradicts = [&](ts::Node n) {
    std::optional<ModeRequirement> need = modeRequiredFor(n);
    return need && need->training != *in;
  };
  if (contradicts(at)) return true;
  return std::any_of(batch.via_calls.begin(), batch.via_calls.end(), contradicts);
}

}  // namespace gpulint::python
