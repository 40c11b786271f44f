// Guard conditions (RULES.md "Periodic guard", "How often a line runs"): is
// the branch under `condition` taken on most steps, every N steps, rarely, or
// never? Follows local boolean variables and one level of project predicates.
#include <utility>

#include "frontend/name_match.h"
#include "frontend/python/frequency.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// Parameters of an inlined predicate bound to the caller's arguments.
using Env = std::vector<std::pair<std::string, ts::Node>>;

constexpr int kMaxDepth = 2;  // a variable, then a predicate (or the reverse)

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
                                             "early_stop", "exit_requested", "terminate", "requeue"});
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

class GuardJudge {
 public:
  explicit GuardJudge(const ScriptModel& m) : m_(m) {}

  GuardVerdict judge(ts::Node e, const Env& env, int depth) {
    e = syntax::unwrap(e);
    if (!e) return {};
    if (ts::Node arg = bound(e, env)) return judge(arg, {}, depth);
    std::string_view t = e.type();
    if (t == "boolean_operator") return combine(e, env, depth);
    if (t == "not_operator") return negation(e, env);
    if (t == "comparison_operator") return comparison(e, env);
    if (t == "call") return call(e, env, depth);
    if (t == "identifier" || t == "attribute") return flag(e, env, depth);
    return {};
  }

 private:
  ts::Node bound(ts::Node e, const Env& env) const {
    if (!e.is("identifier")) return {};
    for (const auto& [name, arg] : env)
      if (name == e.text()) return syntax::unwrap(arg);
    return {};
  }
  ts::Node substituted(ts::Node e, const Env& env) const {
    e = syntax::unwrap(e);
    ts::Node arg = bound(e, env);
    return arg ? arg : e;
  }

  GuardVerdict combine(ts::Node e, const Env& env, int depth) {
    GuardVerdict l = judge(e.field("left"), env, depth), r = judge(e.field("right"), env, depth);
    bool conjunction = e.field("operator").text() == "and";
    // `a and b` runs as rarely as its rarer side; `a or b` as often as its more frequent one.
    GuardVerdict& pick = (rank(l.kind) >= rank(r.kind)) == conjunction ? l : r;
    GuardVerdict& other = &pick == &l ? r : l;
    if (pick.kind == GuardKind::Often && !pick.short_interval) pick.short_interval = other.short_interval;
    return pick;
  }

  GuardVerdict negation(ts::Node e, const Env& env) {
    ts::Node arg = substituted(e.field("argument"), env);
    // `not step % n`: true when the remainder is 0.
    if (arg.is("binary_operator") && arg.field("operator").text() == "%") return modulo(arg, env, e);
    if (syntax::containsWord(arg.text(), {"isfinite"})) return verdict(GuardKind::Rare, e, "failure check");
    if (isSizeExpression(arg)) return verdict(GuardKind::Rare, e, "empty-batch check");
    if (setInBranch(e, arg, "true")) return verdict(GuardKind::Rare, e, "one-time flag");
    // `not key in cache`, as `key not in cache`.
    if (arg.is("comparison_operator") && arg.namedChildCount() == 2 && arg.childCount() == 3 &&
        arg.child(1).text() == "in" && fillsCache(e, syntax::unwrap(arg.namedChild(0)), syntax::unwrap(arg.namedChild(1))))
      return verdict(GuardKind::Rare, e, "memoised: once per key");
    return {};
  }

  // `if self.needs_sync: ...; self.needs_sync = False` (or `if not done:
  // ...; done = True`): the branch turns its own condition off, so it runs
  // once. Only an assignment among the branch's own statements counts.
  static bool setInBranch(ts::Node condition_part, ts::Node name, std::string_view literal) {
    if (!(name.is("identifier") || name.is("attribute"))) return false;
    ts::Node branch = branchOfCondition(condition_part);
    return branch && ownStatementAssigns(branch, name.text(), literal);
  }

  // The sole expression of an expression statement; null for other statements.
  static ts::Node soleExpression(ts::Node statement) {
    return statement.is("expression_statement") && statement.namedChildCount() == 1 ? statement.namedChild(0)
                                                                                     : ts::Node();
  }

  // `target = <value>` among the block's own statements (not one under a
  // further condition), with a value of kind `value_kind` when one is given.
  static bool ownStatementAssigns(ts::Node block, std::string_view target, std::string_view value_kind = {}) {
    for (ts::Node s : block.namedChildren()) {
      ts::Node assign = soleExpression(s);
      if (assign && assign.is("assignment") && assign.field("left").text() == target &&
          (value_kind.empty() || syntax::unwrap(assign.field("right")).is(value_kind)))
        return true;
    }
    return false;
  }

  // `x % N` compared with a constant: once every N steps, unless N resolves short.
  GuardVerdict modulo(ts::Node mod, const Env& env, ts::Node decisive) {
    ts::Node counter = substituted(mod.field("left"), env), interval = substituted(mod.field("right"), env);
    if (syntax::containsWord(counter.text(), {"epoch"})) return verdict(GuardKind::Periodic, decisive, "counted in epochs");
    ResolvedValue v = m_.resolve(interval);
    auto every = v.kind == ResolvedValue::Kind::Int ? v.asInt() : std::nullopt;
    if (!every || *every >= m_.options().min_guard_interval)
      return verdict(GuardKind::Periodic, decisive, "periodic guard");
    GuardVerdict often = verdict(GuardKind::Often, decisive, "interval below min_guard_interval");
    if (*every >= 1) often.short_interval = ShortIntervalGuard{decisive, interval, std::move(v)};
    return often;
  }

  GuardVerdict comparison(ts::Node e, const Env& env) {
    std::vector<ts::Node> operands;
    std::vector<std::string> ops;
    for (uint32_t i = 0; i < e.childCount(); ++i) {
      ts::Node c = e.child(i);
      if (c.isNamed() && !c.is("comment")) operands.push_back(substituted(c, env));
      else if (!c.isNamed()) ops.emplace_back(c.text());
    }
    // `not in` / `is not` come as two tokens.
    std::string op;
    for (const auto& o : ops) op += (op.empty() ? "" : " ") + o;
    if (operands.size() != 2) return {};
    ts::Node left = operands[0], right = operands[1];
    for (ts::Node side : operands)
      if (side.is("binary_operator") && side.field("operator").text() == "%")
        return op == "==" ? modulo(side, env, e) : GuardVerdict{};  // `!= 0` runs on most steps
    if (op == "in" && isCounter(left, e) && !right.is("string"))
      return verdict(GuardKind::Periodic, e, "steps listed in a collection");
    if (op == "not in" && fillsCache(e, left, right)) return verdict(GuardKind::Rare, e, "memoised: once per key");
    if (op == "==" || op == "is") return equality(e, left, right);
    if ((op == ">=" || op == ">") && counterish(left) && namesEndBound(right.text()))
      return verdict(GuardKind::Rare, e, "end-of-training condition");
    if ((op == "<=" || op == "<") && counterish(right) && namesEndBound(left.text()))
      return verdict(GuardKind::Rare, e, "end-of-training condition");
    if (op == ">=" || op == ">")
      if (auto wrap = wrapAround(e, left, right)) return *wrap;
    if (op == "<=" || op == "<")
      if (auto wrap = wrapAround(e, right, left)) return *wrap;
    if ((op == "<" || op == "<=") && smallCap(right) && countedInBranch(e, left))
      return verdict(GuardKind::Rare, e, "a counter capped at a few passes");
    // Not `epoch < 5`: inside the step loop that holds for every step of an epoch.
    if (!syntax::containsWord(e.text(), {"epoch", "epochs"}) &&
        (((op == "<" || op == "<=") && isCounter(left, e) && firstFewSteps(right)) ||
         ((op == ">" || op == ">=") && isCounter(right, e) && firstFewSteps(left))))
      return verdict(GuardKind::Rare, e, "the first few steps");
    if (op == ">" || op == ">=" || op == "<" || op == "<=") {
      // A counter or timer compared with an interval.
      for (ts::Node side : operands)
        if (syntax::containsWord(side.text(), {"every", "interval", "freq", "period"}))
          return verdict(GuardKind::Periodic, e, "counter compared with an interval");
    }
    return {};
  }


  bool isCounter(ts::Node side, ts::Node at) const {
    return isCounterName(side.text()) || isLoopCounter(m_, side, at) || offsetCounter(side, at) ||
           countedPerPass(side, at);
  }

  // `num_total += 1` among the own statements of the loop around `at`: the
  // name counts the passes, whatever it is called.
  bool countedPerPass(ts::Node side, ts::Node at) const {
    side = syntax::unwrap(side);
    if (!side.is("identifier") && !side.is("attribute")) return false;
    const Loop* loop = m_.enclosingLoop(at);
    ts::Node body = loop ? loop->node.field("body") : ts::Node();
    if (!body) return false;
    for (ts::Node s : body.namedChildren()) {
      ts::Node inc = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
      if (inc && inc.is("augmented_assignment") && inc.field("operator").text() == "+=" &&
          inc.field("left").text() == side.text() && syntax::unwrap(inc.field("right")).text() == "1")
        return true;
    }
    return false;
  }

  // A name bound to a loop counter plus an offset (yolov5's `ni = i + nb *
  // epoch`): it takes each value once, like the counter itself.
  bool offsetCounter(ts::Node side, ts::Node at) const {
    side = syntax::unwrap(side);
    auto binding = side.is("identifier") ? m_.lastBinding(side) : std::nullopt;
    ts::Node value = binding && !binding->conditional ? syntax::unwrap(binding->value) : ts::Node();
    if (!value || !value.is("binary_operator") || value.field("operator").text() != "+") return false;
    for (ts::Node term : {value.field("left"), value.field("right")})
      if (isLoopCounter(m_, term, at)) return true;
    return false;
  }

  GuardVerdict equality(ts::Node e, ts::Node left, ts::Node right) {
    // `step == last_step`, `i == len(loader) - 1`, `i == 0`; not `rank == 0` nor `cfg == "x"`.
    if (left.is("string") || right.is("string")) return {};
    if ((isZero(right) && isSizeExpression(left)) || (isZero(left) && isSizeExpression(right)))
      return verdict(GuardKind::Rare, e, "empty-batch check");
    if (isCounter(left, e) || isCounter(right, e)) return verdict(GuardKind::Rare, e, "a single step");
    if (right.is("none") && initialisedInBranch(e, left)) return verdict(GuardKind::Rare, e, "lazy initialisation");
    return {};
  }

  // A literal cap of at most min_guard_interval: `printed < 5`.
  bool smallCap(ts::Node bound) const {
    bound = syntax::unwrap(bound);
    if (!bound.is("integer")) return false;
    ResolvedValue v = m_.resolve(bound);
    return v.kind == ResolvedValue::Kind::Int && v.int_value <= m_.options().min_guard_interval;
  }

  // The bound of `step < 5` or `step < start_step + 5`: the counter passes it
  // after a handful of steps (a warm-up print, a memory report at start-up).
  bool firstFewSteps(ts::Node bound) const {
    bound = syntax::unwrap(bound);
    if (smallCap(bound)) return true;
    if (!bound.is("binary_operator") || bound.field("operator").text() != "+") return false;
    ts::Node l = syntax::unwrap(bound.field("left")), r = syntax::unwrap(bound.field("right"));
    return (smallCap(r) && isCounterName(l.text())) || (smallCap(l) && isCounterName(r.text()));
  }

  // `if shown < 5: shown += 1; print(...)`: the branch counts its own passes,
  // so once the cap is reached it never runs again.
  static bool countedInBranch(ts::Node comparison, ts::Node name) {
    ts::Node branch = branchOfCondition(comparison);
    if (!branch || !(name.is("identifier") || name.is("attribute"))) return false;
    for (ts::Node s : branch.namedChildren()) {
      ts::Node inc = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
      if (inc && inc.is("augmented_assignment") && inc.field("operator").text() == "+=" &&
          inc.field("left").text() == name.text())
        return true;
    }
    return false;
  }

  // The consequence of the if/elif whose condition holds `comparison`
  // (through `and`/`or` and parentheses only); null otherwise.
  static ts::Node branchOfCondition(ts::Node comparison) {
    for (ts::Node a : comparison.ancestorWalk()) {
      if (a.is("if_statement") || a.is("elif_clause"))
        return a.field("condition").contains(comparison) ? a.field("consequence") : ts::Node();
      if (!(a.is("boolean_operator") || a.is("parenthesized_expression"))) break;
    }
    return {};
  }

  // `if key not in cache: cache[key] = work(key)`: the branch fills the
  // entry its test asks for, so it runs once per distinct key (an own
  // statement of the branch; `cache.add(key)` for a set).
  static bool fillsCache(ts::Node comparison, ts::Node key, ts::Node cache) {
    if (!(cache.is("identifier") || cache.is("attribute"))) return false;
    ts::Node branch = branchOfCondition(comparison);
    if (!branch) return false;
    for (ts::Node s : branch.namedChildren()) {
      ts::Node e = soleExpression(s);
      if (e && e.is("assignment")) {
        ts::Node target = syntax::unwrap(e.field("left"));
        if (target.is("subscript") && target.field("value").text() == cache.text() &&
            syntax::unwrap(target.field("subscript")).text() == key.text())
          return true;
      }
      if (e && e.is("call") && e.field("function").text() == std::string(cache.text()) + ".add") {
        ts::Node args = e.field("arguments");
        if (args && args.namedChildCount() == 1 && args.namedChild(0).text() == key.text()) return true;
      }
    }
    return false;
  }

  // `if cursor >= len(data): ...; cursor = 0`: a cursor that starts over
  // when it reaches the end of the data takes the branch once per pass over
  // it, like a `%` guard; a bound that resolves below min_guard_interval (an
  // accumulation counter reset every 2 steps) takes it often. nullopt when
  // the branch does not reset `counter`.
  std::optional<GuardVerdict> wrapAround(ts::Node e, ts::Node counter, ts::Node bound) const {
    if (!resetInBranch(e, counter)) return std::nullopt;
    ResolvedValue v = m_.resolve(bound);
    if (v.kind == ResolvedValue::Kind::Int && v.int_value < m_.options().min_guard_interval)
      return verdict(GuardKind::Often, e, "a counter reset below min_guard_interval");
    return verdict(GuardKind::Periodic, e, "a counter that starts over at the end of the data");
  }

  // `counter = <integer>` among the own statements of the branch `comparison` guards.
  static bool resetInBranch(ts::Node comparison, ts::Node counter) {
    ts::Node branch = branchOfCondition(comparison);
    if (!branch || !(counter.is("identifier") || counter.is("attribute"))) return false;
    return ownStatementAssigns(branch, counter.text(), "integer");
  }

  // `if x is None: ... x = ...`: the branch that fills `x` runs once, since
  // afterwards `x` is no longer None. Only an assignment among the branch's
  // own statements counts (not one under a further condition), or among the
  // own statements of a method of the same object the branch calls
  // (`if self.index is None: self.build_index()`).
  bool initialisedInBranch(ts::Node comparison, ts::Node name) const {
    if (!(name.is("identifier") || name.is("attribute"))) return false;
    ts::Node branch = branchOfCondition(comparison);
    if (!branch) return false;
    if (ownStatementAssigns(branch, name.text())) return true;
    for (ts::Node s : branch.namedChildren())
      if (ts::Node call = soleExpression(s); call && call.is("call") && methodAssigns(call, name)) return true;
    return false;
  }

  // `self.build_index(k)` whose own statements set `self.index`.
  bool methodAssigns(ts::Node call, ts::Node name) const {
    if (!name.is("attribute") || name.field("object").text() != "self") return false;
    const Call* c = m_.callAt(call);
    if (!c || !c->receiver || syntax::unwrap(c->receiver).text() != "self") return false;
    const Function* f = m_.calledFunction(*c);
    return f && f->owner && ownStatementAssigns(f->body, name.text());
  }

  GuardVerdict call(ts::Node e, const Env& env, int depth) {
    if (syntax::containsWord(e.text(), {"isnan", "isinf"}) || namesNonFinite(e.text()))
      return verdict(GuardKind::Rare, e, "failure check");
    // `dist.should_stop()`, `preempted()`: asks for an interrupt or a stop request.
    if (namesInterrupt(syntax::lastName(e.field("function")))) return verdict(GuardKind::Rare, e, "interrupt flag");
    const Call* c = m_.callAt(e);
    // `isinstance(prof, torch.profiler.profile)`: only a profiling run, which
    // is off by default and measures itself.
    if (c && c->method == "isinstance" && c->positional.size() == 2 &&
        syntax::containsWord(c->positional[1].text(), {"profiler", "profile"}))
      return verdict(GuardKind::Rare, e, "profiling run");
    // The predicate may live in another file (`self.validator.should_validate(step)`
    // of a class imported from a components module); its own names resolve
    // in its file (ScriptModel::resolve asks the owner of a node).
    const Function* f = c ? m_.callTarget(*c).second : nullptr;
    ts::Node returned = f && env.empty() && depth < kMaxDepth ? singleReturn(*f) : ts::Node();
    if (!returned) return {};
    // One level of inlining: the predicate's parameters take the caller's arguments.
    Env inner;
    bool method = f->owner && !f->parameters.empty() && f->parameters[0] == "self";
    for (size_t i = method ? 1 : 0; i < f->parameters.size(); ++i)
      if (ts::Node a = c->argument(f->parameters[i], static_cast<int>(i - (method ? 1 : 0))))
        inner.emplace_back(f->parameters[i], a);
    GuardVerdict v = judge(returned, inner, depth + 1);
    if (v.kind != GuardKind::Often) v.decisive = e;
    if (v.short_interval) v.short_interval->condition = e;
    return v;
  }

  // The expression of a function whose body is one `return <expr>` (after a docstring).
  static ts::Node singleReturn(const Function& f) {
    ts::Node ret;
    for (ts::Node s : f.body.namedChildren()) {
      if (s.is("comment")) continue;
      if (s.is("expression_statement") && s.namedChildCount() == 1 && s.namedChild(0).is("string") && !ret) continue;
      if (ret || !s.is("return_statement") || s.namedChildCount() != 1) return {};
      ret = s.namedChild(0);
    }
    return ret;
  }

  GuardVerdict flag(ts::Node e, const Env& env, int depth) {
    std::string_view text = e.text();
    if (namesLastStep(text)) return verdict(GuardKind::Rare, e, "last step");
    if (namesInterrupt(text)) return verdict(GuardKind::Rare, e, "interrupt flag");
    if (namesNonFinite(text)) return verdict(GuardKind::Rare, e, "failure check");
    if (env.empty() && setInBranch(e, e, "false")) return verdict(GuardKind::Rare, e, "one-time flag");
    ResolvedValue value = m_.resolve(e);
    if (auto b = value.truthiness(); b && !*b && value.kind != ResolvedValue::Kind::String)
      return verdict(GuardKind::Off, e, "flag resolved to off");
    // `if args.synchronize_step:` after `parser.set_defaults(**cfg)`: a config
    // file may turn the option on, but off is what the code says and the run
    // must opt in; unknown must not make the branch run every step.
    if (!value.known() && e.is("attribute"))
      if (const ArgparseOption* o = m_.argparseOption(e.field("attribute").text()); o && o->opt_in)
        return verdict(GuardKind::Off, e, "opt-in flag, off unless the run passes it");
    if (!e.is("identifier") || depth >= kMaxDepth || !env.empty()) return {};
    return localBoolean(e, depth);
  }

  // A local boolean: `do_eval = step % args.eval_interval == 0` then `if
  // do_eval:`. Every binding that may reach the use must be rare or
  // periodic: edm2-style `done = cur >= stop_at` that a later abort branch
  // sets again (`if should_stop(): done = True`) stays the end of training.
  GuardVerdict localBoolean(ts::Node e, int depth) {
    std::vector<NameBinding> bindings = m_.reachingBindings(e);
    if (bindings.empty()) return {};
    GuardVerdict out;
    for (size_t i = 0; i < bindings.size(); ++i) {
      const NameBinding& b = bindings[i];
      if (!b.value || b.index >= 0 || b.parameter) return {};
      GuardVerdict v = b.conditional ? setUnderGuard(b, depth) : judge(b.value, {}, depth + 1);
      if (v.kind == GuardKind::Often) return v;  // with the short interval that makes it so, if any
      if (i == 0 || rank(v.kind) < rank(out.kind)) out = std::move(v);
    }
    out.decisive = bindings.front().statement;
    return out;
  }

  // A conditional `flag = True` is true as often as the branch that sets it:
  // the rarest guard among the ifs holding it (in their consequence) up to
  // the flag's scope. `flag = False` never makes the guard run more.
  GuardVerdict setUnderGuard(const NameBinding& b, int depth) {
    ts::Node value = syntax::unwrap(b.value);
    if (value.is("false")) return verdict(GuardKind::Off, b.statement, "flag cleared");
    if (!value.is("true")) return {};
    GuardVerdict rarest;
    ts::Node child = b.statement;
    for (ts::Node p : b.statement.ancestorWalk()) {
      if (p == b.scope || syntax::isScope(p)) break;
      ts::Node consequence = p.is("if_statement") || p.is("elif_clause") ? p.field("consequence") : ts::Node();
      if (consequence && consequence == child) {
        GuardVerdict v = judge(p.field("condition"), {}, depth + 1);
        if (rank(v.kind) > rank(rarest.kind)) rarest = std::move(v);
      }
      child = p;
    }
    return rarest;
  }

  const ScriptModel& m_;
};

}  // namespace

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

GuardVerdict judgeElse(const ScriptModel& /*model*/, ts::Node condition) {
  Comparison c = comparisonOf(syntax::unwrap(condition));
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

bool ScriptModel::isPeriodicCondition(ts::Node cond) const {
  GuardKind k = judgeGuard(*this, cond).kind;
  return k == GuardKind::Periodic || k == GuardKind::Rare;
}

}  // namespace gpulint::python
