// Guard conditions (RULES.md "Periodic guard", "How often a line runs"): is
// the branch under `condition` taken on most steps, every N steps, rarely, or
// never? Follows local boolean variables and one level of project predicates.
#include <utility>

#include "frontend/name_match.h"
#include "frontend/python/frequency.h"
#include "frontend/python/guard_judge.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

// Names of loop counters: a `==` against one of them is true once.
bool isCounterName(std::string_view text) {
  names::Lowered lowered(text);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  if (names::containsAny(s, {"step", "iter"})) return true;
  // The last dotted or underscored part: `i`, `self.it`, `batch_idx`, `n_updates`.
  for (std::string_view counter : {"i", "j", "it", "idx", "batch_id", "batch_num", "update", "updates", "epoch"})
    if (s.ends_with(counter) &&
        (s.size() == counter.size() || names::isDotOrUnderscore(s[s.size() - counter.size() - 1])))
      return true;
  return false;
}

// The last/final step or batch: `is_last_step`, `last_batch`, `is_final`.
bool namesLastStep(std::string_view text) {
  names::Lowered lowered(text);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  if (names::containsAny(s, {"last_batch", "is_last", "last_step", "final_step"})) return true;
  for (std::string_view word : {"last", "final"})
    if (names::occursBetween(s, word, true, names::isDotOrUnderscore, true, names::isDotOrUnderscore)) return true;
  return false;
}

// A flag set by a signal handler, a watchdog or an early stopper.
bool namesInterrupt(std::string_view text) {
  names::Lowered lowered(text);
  return lowered.fits() &&
         names::containsAny(lowered.view(), {"interrupt", "signal", "sigterm", "sigint", "sigusr", "preempt",
                                             "timeout_sent", "timed_out", "should_stop", "stop_requested",
                                             "early_stop", "exit_requested", "terminate", "requeue", "cancel"});
}

// Non-finite values by name: `inf_scores.any()`, `has_nan`, `found_inf`.
bool namesNonFinite(std::string_view text) {
  names::Lowered lowered(text);
  if (!lowered.fits()) return false;
  for (std::string_view word : {"nan", "inf"})
    if (names::occursBetween(lowered.view(), word, true, names::isDotOrUnderscore, true, names::isDotOrUnderscore))
      return true;
  return false;
}

// A string literal naming a key that reinforcement-learning environments add
// to a step's info dict only when an episode ends: Gymnasium's vector
// autoreset ("final_info", "final_observation", their "_" masks),
// RecordEpisodeStatistics ("episode"), Stable-Baselines3's
// "terminal_observation".
bool namesEpisodeEndKey(ts::Node key) {
  std::string text;
  if (!syntax::stringLiteral(key, &text)) return false;
  for (std::string_view k : {"final_info", "_final_info", "final_observation", "_final_observation", "episode",
                             "_episode", "terminal_observation"})
    if (text == k) return true;
  return false;
}

// The end of training on the bigger side of `>=`/`>`: total/max steps, a time budget.
bool namesEndBound(std::string_view text) {
  names::Lowered lowered(text);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  if (names::containsAny(s, {"total", "max_", "last", "final", "num_steps", "num_iters", "num_updates",
                             "num_train_steps", "num_train_iters", "num_train_updates", "end_step", "stop"}))
    return true;
  // `maxSteps`, `maxiter`: "max" then a letter, of either case.
  auto any = [](char) { return true; };
  return names::occursBetween(s, "max", true, any, false, names::isLowerLetter);
}

// A warm-up length: `opt.warmup_batches`, `warm_steps`, `n_warmup`.
bool namesWarmupBound(std::string_view text) {
  names::Lowered lowered(text);
  return lowered.fits() && names::containsAny(lowered.view(), {"warmup", "warm_up", "warm_"});
}

// A size or count of the batch: `len(x)`, `x.numel()`, `x.shape[0]`, `x[-1].item()`.
bool isSizeExpression(ts::Node e) {
  std::string_view t = e.text();
  return e.is("call") ? syntax::containsWord(t, {"len(", "numel", "size(", ".item()", ".sum()", "count"})
                      : syntax::containsWord(t, {"shape", "numel"});
}

// Not a literal: a counter, a timer, an elapsed count.
bool counterish(ts::Node side) {
  return !(side.is("integer") || side.is("float") || side.is("string") || side.is("true") || side.is("false"));
}

bool isZero(ts::Node e) { return syntax::unwrap(e).is("integer") && syntax::unwrap(e).text() == "0"; }

bool isNumberLiteral(ts::Node e) {
  e = syntax::unwrap(e);
  if (e.is("unary_operator")) e = syntax::unwrap(e.field("argument"));
  return e.is("integer") || e.is("float");
}

// True when iterating `it` yields enumerate's (index, item) pairs:
// `enumerate(loader)`, a progress bar around it (`tqdm(enumerate(loader))`),
// or a name every binding of which is one (yolov5's `pbar =
// enumerate(train_loader)`, then `pbar = TQDM(pbar, total=nb)` on rank 0).
bool yieldsEnumerated(const ScriptModel& m, ts::Node it, int depth) {
  it = syntax::unwrap(it);
  if (!it || depth > 3) return false;
  if (it.is("identifier")) {
    std::vector<ts::Node> sources = m.valueSources(it, /*all_paths=*/true);
    for (ts::Node src : sources)
      if (!yieldsEnumerated(m.ownerOf(src), src, depth + 1)) return false;
    return !sources.empty();
  }
  if (!it.is("call")) return false;
  std::string_view name = syntax::lastName(it.field("function"));
  if (name == "enumerate") return true;
  names::Lowered lowered(name);
  bool progress_bar = lowered.fits() && (names::containsAny(lowered.view(), {"tqdm"}) || name == "track");
  ts::Node args = it.field("arguments");
  ts::Node first = progress_bar && args ? args.namedChild(0) : ts::Node();
  return first && !first.is("keyword_argument") && yieldsEnumerated(m, first, depth + 1);
}

// `x` counts the iterations of a for loop around `at`: the index of
// `for i, b in enumerate(...)` or the variable of `for r in range(...)`,
// whatever its name. Not a batch's contents (`for x, y in loader`).
bool isLoopCounter(const ScriptModel& m, ts::Node x, ts::Node at) {
  x = syntax::unwrap(x);
  if (!x.is("identifier")) return false;
  for (ts::Node p : at.ancestorWalk()) {
    if (syntax::isScope(p)) return false;
    if (!p.is("for_statement")) continue;
    ts::Node it = syntax::unwrap(p.field("right")), target = syntax::unwrap(p.field("left"));
    ts::Node callee = it && it.is("call") ? it.field("function") : ts::Node();
    std::string_view name = callee ? syntax::lastName(callee) : std::string_view();
    bool pairs = target.is("pattern_list") || target.is("tuple_pattern") || target.is("tuple");
    if (pairs && target.namedChildCount() > 0 && (target.namedChild(0).text() == x.text()) &&
        yieldsEnumerated(m, it, 0))
      return true;
    if ((name == "range" || name == "trange") && target.is("identifier") && target.text() == x.text()) return true;
  }
  return false;
}

GuardVerdict verdict(GuardKind kind, ts::Node decisive, std::string why) {
  GuardVerdict v;
  v.kind = kind;
  v.decisive = decisive;
  v.why = std::move(why);
  return v;
}

int rank(GuardKind k) {  // how rarely the branch runs, for `and`
  switch (k) {
    case GuardKind::Off: return 3;
    case GuardKind::Rare: return 2;
    case GuardKind::Periodic: return 1;
    case GuardKind::Often: break;
  }
  return 0;
}

GuardVerdict judgeGuard(const ScriptModel& model, ts::Node condition) {
  GuardVerdict v = GuardJudge(model).judge(condition, {}, 0);
  if (v.kind != GuardKind::Often) return v;
  // A condition that resolves to off as a whole (`args.profile and ...`).
  ResolvedValue value = model.resolve(condition);
  if (auto b = value.truthiness(); b && !*b && value.kind != ResolvedValue::Kind::String) {
    GuardVerdict off = verdict(GuardKind::Off, condition, "flag resolved to off");
    return off;
  }
  return v;
}

namespace {

// The comparison's operator and its two operands; empty op when not one.
struct Comparison {
  std::string op;
  ts::Node left, right;
};
Comparison comparisonOf(ts::Node e) {
  Comparison out;
  if (!e.is("comparison_operator") || e.namedChildCount() != 2) return out;
  for (uint32_t i = 0; i < e.childCount(); ++i)
    if (ts::Node c = e.child(i); !c.isNamed()) out.op += (out.op.empty() ? "" : " ") + std::string(c.text());
  out.left = syntax::unwrap(e.namedChild(0));
  out.right = syntax::unwrap(e.namedChild(1));
  return out;
}

bool namesPeriod(ts::Node side) {
  return syntax::containsWord(side.text(), {"every", "interval", "freq", "period", "tick", "ticks"});
}

// A term of a skip test that lets the rest of the pass through every N
// steps: `cur_nimg < tick_start + kimg_per_tick * 1000` (below the next
// period's bound), `step % log_every != 0`.
bool skipsUntilPeriod(ts::Node term) {
  // `if step % every: return`: a remainder that is not 0, as `!= 0` below.
  if (ts::Node t = syntax::unwrap(term); t && t.is("binary_operator") && t.field("operator").text() == "%") return true;
  Comparison c = comparisonOf(term);
  if ((c.op == "<" || c.op == "<=") && namesPeriod(c.right) && !namesPeriod(c.left)) return true;
  if ((c.op == ">" || c.op == ">=") && namesPeriod(c.left) && !namesPeriod(c.right)) return true;
  if (c.op != "!=") return false;
  ts::Node mod = c.left.is("binary_operator") ? c.left : c.right;
  ts::Node zero = mod == c.left ? c.right : c.left;
  return mod.is("binary_operator") && mod.field("operator").text() == "%" && zero.is("integer") && zero.text() == "0";
}

// A term that is false on few passes only, so it rarely lets the rest run
// off-period: `not done` (done judged rare: the end of training), a
// counter that differs from a constant (`cur_tick != 0`: not in the first).
bool rarelyFalse(const ScriptModel& m, ts::Node term) {
  if (term.is("not_operator")) {
    ts::Node flag = syntax::unwrap(term.field("argument"));
    // A flag named for the end (`done`, `finished`, an interrupt) may be set
    // again on an abort later in the pass, which hides its one binding.
    if (flag.is("identifier") && (syntax::containsWord(flag.text(), {"done", "finished"}) ||
                                  namesInterrupt(flag.text()) || namesLastStep(flag.text())))
      return true;
    GuardKind k = judgeGuard(m, flag).kind;
    return k == GuardKind::Rare || k == GuardKind::Off;
  }
  Comparison c = comparisonOf(term);
  return c.op == "!=" && c.right.is("integer") && (c.left.is("identifier") || c.left.is("attribute"));
}

void andTerms(ts::Node e, std::vector<ts::Node>& out) {
  e = syntax::unwrap(e);
  if (e.is("boolean_operator") && e.field("operator").text() == "and") {
    andTerms(e.field("left"), out);
    andTerms(e.field("right"), out);
    return;
  }
  out.push_back(e);
}

}  // namespace

GuardVerdict judgeSkip(const ScriptModel& model, ts::Node condition) {
  std::vector<ts::Node> terms;
  andTerms(condition, terms);
  bool periodic = false;
  for (ts::Node t : terms) {
    if (skipsUntilPeriod(t)) periodic = true;
    else if (!rarelyFalse(model, t)) return {};
  }
  if (!periodic) return {};
  return GuardVerdict{GuardKind::Periodic, condition, "the pass skips the rest until the next period", std::nullopt};
}

namespace {

// The value assigned to `target` by an own statement of `block` before `before`.
ts::Node assignedBefore(ts::Node block, ts::Node before, std::string_view target) {
  ts::Node value;
  for (ts::Node s : block.namedChildren()) {
    if (s == before) break;
    ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
    if (a && a.is("assignment") && a.field("left").text() == target) value = a.field("right");
  }
  return value;
}

bool isOne(ts::Node e) {
  e = syntax::unwrap(e);
  return (e.is("integer") && e.text() == "1") || (e.is("float") && (e.text() == "1.0" || e.text() == "1."));
}

// `side` is the fraction of training done: assigned, in the block that holds
// the if, a quotient by an end bound (`self.where = epoch / self.max_epochs`).
bool isTrainingFraction(ts::Node side, ts::Node if_stmt) {
  side = syntax::unwrap(side);
  if (!(side.is("identifier") || side.is("attribute"))) return false;
  ts::Node value = syntax::unwrap(assignedBefore(if_stmt.parent(), if_stmt, side.text()));
  return value && value.is("binary_operator") && value.field("operator").text() == "/" &&
         namesEndBound(value.field("right").text());
}

}  // namespace

GuardVerdict judgeElse(const ScriptModel& model, ts::Node condition) {
  // The else of `if not args.train_text_encoder:`, an option that is off:
  // the branch runs only when the run turns the option on.
  if (ts::Node e = syntax::unwrap(condition); e && e.is("not_operator"))
    if (GuardVerdict v = judgeGuard(model, e.field("argument")); v.kind == GuardKind::Off)
      return GuardVerdict{GuardKind::Off, v.decisive ? v.decisive : e,
                          "the else of `" + std::string(e.text()) + "`: " + v.why, std::nullopt};
  Comparison c = comparisonOf(syntax::unwrap(condition));
  // The else of `if workers > 0:` where workers resolves to 2: the run as
  // configured takes the if, as judgeGuard says Off of the if of a test that fails.
  if (!c.op.empty())
    if (auto test = numericOptionTest(model, c.op, c.left, c.right); test && test->first)
      return GuardVerdict{GuardKind::Off, condition,
                          "the else of `" + std::string(condition.text()) + "`: option resolved to " +
                              test->second.display(),
                          std::nullopt};
  ts::Node if_stmt = condition.parent();
  bool below = c.op == "<" || c.op == "<=", above = c.op == ">" || c.op == ">=";
  if (!if_stmt || !(below || above)) return {};
  // Below the end (`x < end`) holds until training ends; the else is the end.
  ts::Node counter = below ? c.left : c.right, bound = below ? c.right : c.left;
  bool ends = (counterish(counter) && namesEndBound(bound.text())) ||
              (isOne(bound) && isTrainingFraction(counter, if_stmt));
  if (!ends) return {};
  return GuardVerdict{GuardKind::Rare, condition, "the else of a test that holds until the end of training",
                      std::nullopt};
}

bool inBranchOffByDefault(const ScriptModel& m, ts::Node n) {
  for (ts::Node p = n.parent(); p && !syntax::isScope(p); p = p.parent()) {
    ts::Node holder = p.is("block") ? p.parent() : ts::Node();
    if (!holder) continue;
    if (holder.is("if_statement") && holder.field("consequence") == p &&
        judgeGuard(m, holder.field("condition")).kind == GuardKind::Off)
      return true;
    if (holder.is("else_clause") && holder.parent() && holder.parent().is("if_statement") &&
        judgeElse(m, holder.parent().field("condition")).kind == GuardKind::Off)
      return true;
  }
  return false;
}

bool ScriptModel::isPeriodicCondition(ts::Node cond) const {
  GuardKind k = judgeGuard(*this, cond).kind;
  return k == GuardKind::Periodic || k == GuardKind::Rare;
}

}  // namespace gpulint::python
