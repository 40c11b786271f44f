// `if "warmup_completed" in metrics:` with `metrics = tracker.step(...)`: the
// key the project helper returns only from a branch that runs rarely (the
// step the warm-up ends), so the test is as rare as that branch.
#include "frontend/python/guard_judge.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// The condition of the innermost `if` of `f` whose body holds `n` (not an
// else or elif arm); null when none.
ts::Node branchCondition(ts::Node n, ts::Node function) {
  for (ts::Node p = n.parent(); p && !(p == function); p = p.parent()) {
    ts::Node up = p.parent();
    if (p.is("block") && up && up.is("if_statement") && up.field("consequence") == p) return up.field("condition");
    if (p.is("else_clause") || p.is("elif_clause")) return {};
  }
  return {};
}

// Every string literal `key` in `body`, outside nested functions and classes.
template <typename F>
void forEachMention(ts::Node n, const std::string& key, F&& f) {
  if (n.is("function_definition") || n.is("class_definition") || n.is("lambda")) return;
  std::string text;
  if (n.is("string") && syntax::stringLiteral(n, &text) && text == key) f(n);
  for (ts::Node c : n.namedChildren()) forEachMention(c, key, f);
}

}  // namespace

std::optional<GuardVerdict> GuardJudge::keyReturnedRarely(ts::Node e, ts::Node key, ts::Node holder) const {
  std::string wanted;
  if (!syntax::stringLiteral(key, &wanted) || !holder.is("identifier")) return std::nullopt;
  auto b = m_.lastBinding(holder);
  ts::Node value = b && b->value ? syntax::unwrap(b->value) : ts::Node();
  const Call* made = value && value.is("call") ? m_.callAt(value) : nullptr;
  auto [owner, f] = made ? m_.callTarget(*made) : std::pair<const ScriptModel*, const Function*>{};
  if (!f) return std::nullopt;
  // Each mention of the key in the helper is a key of a dict it returns
  // under a rare branch; any other (a dict built up and returned later)
  // leaves the test unjudged.
  size_t mentions = 0, rare = 0;
  ts::Node first;
  forEachMention(f->body, wanted, [&](ts::Node s) {
    ++mentions;
    ts::Node pair = s.parent(), dict = pair ? pair.parent() : ts::Node();
    ts::Node ret = dict ? dict.parent() : ts::Node();
    if (!pair.is("pair") || !(pair.field("key") == s) || !dict.is("dictionary") || !ret || !ret.is("return_statement"))
      return;
    ts::Node condition = branchCondition(ret, f->node);
    if (!condition || GuardJudge(*owner).judge(condition, {}, kMaxDepth).kind != GuardKind::Rare) return;
    ++rare;
    if (!first) first = condition;
  });
  if (mentions == 0 || rare != mentions) return std::nullopt;
  return verdict(GuardKind::Rare, e,
                 "a key " + f->name + "() returns only when `" + std::string(first.text()) + "`");
}

}  // namespace gpulint::python
