// GuardJudge's comparisons: modulo, counters against bounds, equality, caches and wrap-arounds; the walk apart.
#include "frontend/name_match.h"
#include "frontend/python/guard_judge.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

// `x % N` compared with a constant: once every N steps, unless N resolves short.
GuardVerdict GuardJudge::modulo(ts::Node mod, const Env& env, ts::Node decisive) {
  ts::Node counter = substituted(mod.field("left"), env), interval = substituted(mod.field("right"), env);
  if (syntax::containsWord(counter.text(), {"epoch"})) return verdict(GuardKind::Periodic, decisive, "counted in epochs");
  ResolvedValue v = m_.resolve(interval);
  auto every = v.kind == ResolvedValue::Kind::Int ? v.asInt() : std::nullopt;
  if (!every || *every >= m_.options().min_guard_interval)
    return verdict(GuardKind::Periodic, decisive, "periodic guard");
  // `% 0` raises and `% -1` is the "switched off" sentinel of an interval
  // option (`--test-freq -1`, or `args.test_freq = 0` in a predict-only
  // branch), which the script tests first (`test_freq > 0 and ...`): no
  // interval to judge, so no claim that the guard holds on every step.
  if (*every <= 0) return verdict(GuardKind::Periodic, decisive, "interval switched off");
  GuardVerdict often = verdict(GuardKind::Often, decisive, "interval below min_guard_interval");
  if (*every >= 1) often.short_interval = ShortIntervalGuard{decisive, interval, std::move(v)};
  return often;
}

namespace {

// `len(batch)`, `x.size(0)`, `x.shape[0]`: how many rows a batch has.
bool batchLength(ts::Node n) {
  n = syntax::unwrap(n);
  std::string_view t = n.text();
  if (n.is("call")) return t.starts_with("len(") || t.ends_with(".size(0)");
  return n.is("subscript") && t.ends_with(".shape[0]");
}

}  // namespace

GuardVerdict GuardJudge::comparison(ts::Node e, const Env& env) {
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
  if (auto off = numericOptionOff(e, op, left, right)) return *off;
  if (auto off = noneTestOff(e, op, left, right)) return *off;
  for (ts::Node side : operands)
    if (side.is("binary_operator") && side.field("operator").text() == "%") {
      if (op == "==") return modulo(side, env, e);
      // `(seen % every) < batch_size` with `seen += batch_size` per step: the
      // remainder falls below the step's size once per interval.
      if ((op == "<" || op == "<=") && side == left && belowSmallShare(side, right, env)) return modulo(side, env, e);
      // `x.size(0) % world != 0`: a batch whose size does not divide evenly,
      // which only an epoch's ragged last batch is.
      if ((op == "!=" || op == ">") && side == left && isZero(right) && batchLength(side.field("left")))
        return verdict(GuardKind::Rare, e, "a ragged last batch");
      return {};  // `!= 0`, `> 0`: most steps
    }
  if (op == "in" && isCounter(left, e) && !right.is("string"))
    return verdict(GuardKind::Periodic, e, "steps listed in a collection");
  if (op == "not in" && fillsCache(e, left, right)) return verdict(GuardKind::Rare, e, "memoised: once per key");
  // `if "final_info" in infos:`, `if "episode" in info:`: keys a vectorised
  // environment puts in its info dict only on the step an episode ends
  // (Gymnasium's autoreset, RecordEpisodeStatistics, Stable-Baselines3):
  // once per episode, not per environment step.
  if (op == "in" && left.is("string") && namesEpisodeEndKey(left))
    return verdict(GuardKind::Rare, e, "the end of an episode");
  if (op == "in" && left.is("string"))
    if (auto rare = keyReturnedRarely(e, left, right)) return *rare;
  if (op == "==" || op == "is") return equality(e, left, right);
  // `len(boxes) < 1`, `x.numel() <= 0`: the emptiness test `== 0` spelled as a bound.
  if (((op == "<" && right.is("integer") && right.text() == "1") || (op == "<=" && isZero(right))) &&
      isSizeExpression(left))
    return verdict(GuardKind::Rare, e, "empty-batch check");
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
  // `if len(shown) < max_images: shown.append(wandb.Image(img))`: the branch
  // fills the list its test measures, so it runs for the first N items of
  // the whole run, then never again.
  if ((op == "<" || op == "<=") && m_.resolve(right).kind == ResolvedValue::Kind::Int && filledInBranch(e, left))
    return verdict(GuardKind::Rare, e, "collects its first few items, then never runs again");
  // `if batches_done < opt.warmup_batches:` (500): the warm-up window, a few
  // hundred steps of a run of many thousands, then never again. A warm-up of
  // unknown length may be most of the run: not judged rare.
  if (((op == "<" || op == "<=") && isCounter(left, e) && shortWarmup(right)) ||
      ((op == ">" || op == ">=") && isCounter(right, e) && shortWarmup(left)))
    return verdict(GuardKind::Rare, e, "the warm-up window");
  // Not `epoch < 5`: inside the step loop that holds for every step of an epoch.
  if (!syntax::containsWord(e.text(), {"epoch", "epochs"}) &&
      (((op == "<" || op == "<=") && isCounter(left, e) && firstFewSteps(right)) ||
       ((op == ">" || op == ">=") && isCounter(right, e) && firstFewSteps(left))))
    return verdict(GuardKind::Rare, e, "the first few steps");
  if (op == ">" || op == ">=" || op == "<" || op == "<=") {
    // A counter or timer compared with an interval; not the interval tested
    // against a number (`args.log_every > 0`: logging is on, on every step).
    for (size_t i = 0; i < operands.size(); ++i)
      if (syntax::containsWord(operands[i].text(), {"every", "interval", "freq", "period"}) &&
          !isNumberLiteral(operands[1 - i]))
        return verdict(GuardKind::Periodic, e, "counter compared with an interval");
  }
  return {};
}

// `x % N < k` holds for k of every N values: rare enough unless k is known
// to be half of N or more (`step % 4 < 2` runs every other step).
bool GuardJudge::belowSmallShare(ts::Node mod, ts::Node bound, const Env& env) {
  auto interval = m_.resolve(substituted(mod.field("right"), env)).asInt();
  auto share = m_.resolve(bound).asInt();
  return !(interval && share && *share * 2 >= *interval);
}

bool GuardJudge::isCounter(ts::Node side, ts::Node at) const {
  return isCounterName(side.text()) || isLoopCounter(m_, side, at) || offsetCounter(side, at) ||
         countedPerPass(side, at);
}

// `num_total += 1` among the own statements of the loop around `at`: the
// name counts the passes, whatever it is called.
bool GuardJudge::countedPerPass(ts::Node side, ts::Node at) const {
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
bool GuardJudge::offsetCounter(ts::Node side, ts::Node at) const {
  side = syntax::unwrap(side);
  auto binding = side.is("identifier") ? m_.lastBinding(side) : std::nullopt;
  ts::Node value = binding && !binding->conditional ? syntax::unwrap(binding->value) : ts::Node();
  // `j + 1 == nbatches` written in the test itself: the counter shifted by a literal.
  if (side.is("binary_operator") && syntax::oneOf(side.field("operator").text(), {"+", "-"})) {
    ts::Node l = syntax::unwrap(side.field("left")), r = syntax::unwrap(side.field("right"));
    return (isNumberLiteral(r) && isLoopCounter(m_, l, at)) || (isNumberLiteral(l) && isLoopCounter(m_, r, at));
  }
  if (!value || !value.is("binary_operator") || value.field("operator").text() != "+") return false;
  for (ts::Node term : {value.field("left"), value.field("right")})
    if (isLoopCounter(m_, term, at)) return true;
  return false;
}

GuardVerdict GuardJudge::equality(ts::Node e, ts::Node left, ts::Node right) {
  // `step == last_step`, `i == len(loader) - 1`, `i == 0`; not `rank == 0` nor `cfg == "x"`.
  if (auto off = e.child(1).text() == "==" ? optionSetElsewhere(e, left, right) : std::nullopt) return *off;
  if (left.is("string") || right.is("string")) return {};
  if ((isZero(right) && isSizeExpression(left)) || (isZero(left) && isSizeExpression(right)))
    return verdict(GuardKind::Rare, e, "empty-batch check");
  if (isCounter(left, e) || isCounter(right, e)) return verdict(GuardKind::Rare, e, "a single step");
  if (right.is("none") && initialisedInBranch(e, left)) return verdict(GuardKind::Rare, e, "lazy initialisation");
  return {};
}

// `args.report_to == "wandb"` where the option resolves to "tensorboard"
// (its default, what the job passes, or the run config's entry): the branch runs only in a run that
// passes the other value, as a store_true flag left off does.
std::optional<GuardVerdict> GuardJudge::optionSetElsewhere(ts::Node e, ts::Node left, ts::Node right) const {
  ts::Node literal = left.is("string") ? left : right, option = left.is("string") ? right : left;
  // A config entry read by key (`config["inference"]`, loaded from the YAML
  // file the run names) is an option too.
  bool keyed = option.is("subscript") && syntax::unwrap(option.field("subscript")).is("string");
  if (!literal.is("string") || !(option.is("identifier") || option.is("attribute") || keyed)) return std::nullopt;
  ResolvedValue wanted = m_.resolve(literal), value = m_.resolve(option);
  // `flag:` left empty in the run's config (None) equals no string.
  bool unset = value.kind == ResolvedValue::Kind::None && !value.chain.empty();
  if (wanted.kind != ResolvedValue::Kind::String || (value.kind != ResolvedValue::Kind::String && !unset) ||
      (!unset && wanted.string_value == value.string_value))
    return std::nullopt;
  return verdict(GuardKind::Off, e, "option resolved to " + value.display());
}

// `args.repetition_penalty != 1.0`, `self.alpha_mse > 0.0`, `workers > 0`:
// a number written in the test against a name or attribute whose value
// resolves (its default, what the job or the caller passes): whether the
// test holds in the run as configured, with that value. Never for a loop
// counter (those resolve to nothing), nor for a process's place in a
// distributed run.
std::optional<std::pair<bool, ResolvedValue>> numericOptionTest(const ScriptModel& m, const std::string& op,
                                                               ts::Node left, ts::Node right) {
  auto isNumber = [](ts::Node n) {
    n = syntax::unwrap(n);
    if (n.is("unary_operator") && n.field("operator").text() == "-") n = n.field("argument");
    return n.is("integer") || n.is("float");
  };
  auto isOption = [](ts::Node n) { return n.is("identifier") || n.is("attribute"); };
  bool literal_right = isNumber(right) && isOption(left);
  if (!literal_right && !(isNumber(left) && isOption(right))) return std::nullopt;
  ts::Node option_node = syntax::unwrap(literal_right ? left : right);
  // A process's place in a distributed run (`args.rank == 0`, `local_rank`,
  // `world_size > 1`, `args.gpu`) is set at start-up by the launcher or an
  // init helper, whatever the parser's default says.
  if (syntax::containsWord(option_node.text(), {"rank", "local_rank", "world_size", "gpu", "distributed"}))
    return std::nullopt;
  if (option_node.is("attribute") && option_node.field("object").text() != "self" &&
      m.assignsDottedName(option_node.text()))
    return std::nullopt;  // `args.x = ...` somewhere: the default is not what the test reads
  auto a = m.resolve(left).asNumber(), b = m.resolve(right).asNumber();
  ResolvedValue option = m.resolve(literal_right ? left : right);
  if (!a || !b || option.kind == ResolvedValue::Kind::Bool || option.kind == ResolvedValue::Kind::String)
    return std::nullopt;
  bool holds;
  if (op == "==") holds = *a == *b;
  else if (op == "!=") holds = *a != *b;
  else if (op == "<") holds = *a < *b;
  else if (op == "<=") holds = *a <= *b;
  else if (op == ">") holds = *a > *b;
  else if (op == ">=") holds = *a >= *b;
  else return std::nullopt;
  return std::make_pair(holds, std::move(option));
}

// The branch of such a test that the run as configured skips runs only in a
// run that sets the option otherwise, as a store_true flag left off does.
std::optional<GuardVerdict> GuardJudge::numericOptionOff(ts::Node e, const std::string& op, ts::Node left,
                                                         ts::Node right) const {
  auto test = numericOptionTest(m_, op, left, right);
  if (!test || test->first) return std::nullopt;  // true in the run as configured: the other verdicts decide
  return verdict(GuardKind::Off, e, "option resolved to " + test->second.display());
}

// A literal cap of at most min_guard_interval: `printed < 5`.
bool GuardJudge::smallCap(ts::Node bound) const {
  bound = syntax::unwrap(bound);
  if (!bound.is("integer")) return false;
  ResolvedValue v = m_.resolve(bound);
  return v.kind == ResolvedValue::Kind::Int && v.int_value <= m_.options().min_guard_interval;
}

// A warm-up length (by its name) that resolves to at most kMaxWarmupSteps.
bool GuardJudge::shortWarmup(ts::Node bound) const {
  constexpr int64_t kMaxWarmupSteps = 2000;
  if (!namesWarmupBound(bound.text())) return false;
  ResolvedValue v = m_.resolve(bound);
  return v.kind == ResolvedValue::Kind::Int && v.int_value >= 0 && v.int_value <= kMaxWarmupSteps;
}

// The bound of `step < 5` or `step < start_step + 5`: the counter passes it
// after a handful of steps (a warm-up print, a memory report at start-up).
bool GuardJudge::firstFewSteps(ts::Node bound) const {
  bound = syntax::unwrap(bound);
  if (smallCap(bound)) return true;
  if (!bound.is("binary_operator") || bound.field("operator").text() != "+") return false;
  ts::Node l = syntax::unwrap(bound.field("left")), r = syntax::unwrap(bound.field("right"));
  return (smallCap(r) && isCounterName(l.text())) || (smallCap(l) && isCounterName(r.text()));
}

// `if shown < 5: shown += 1; print(...)`: the branch counts its own passes,
// so once the cap is reached it never runs again.
bool GuardJudge::countedInBranch(ts::Node comparison, ts::Node name) {
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

// `len(xs) < cap` whose branch appends to `xs` (append, extend, insert).
bool GuardJudge::filledInBranch(ts::Node comparison, ts::Node size) const {
  ts::Node branch = branchOfCondition(comparison);
  size = syntax::unwrap(size);
  const Call* len = branch && size.is("call") ? m_.callAt(size) : nullptr;
  if (!len || len->receiver || len->method != "len" || len->positional.size() != 1) return false;
  ts::Node list = syntax::unwrap(len->positional[0]);
  if (!list.is("identifier") && !list.is("attribute")) return false;
  for (const Call& c : m_.callsIn(branch))
    if (branch.contains(c.node) && c.receiver && syntax::unwrap(c.receiver).text() == list.text() &&
        syntax::oneOf(c.method, {"append", "extend", "insert"}))
      return true;
  return false;
}

// The consequence of the if/elif whose condition holds `comparison`
// (through `and`/`or` and parentheses only); null otherwise.
ts::Node GuardJudge::branchOfCondition(ts::Node comparison) {
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
bool GuardJudge::fillsCache(ts::Node comparison, ts::Node key, ts::Node cache) {
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
std::optional<GuardVerdict> GuardJudge::wrapAround(ts::Node e, ts::Node counter, ts::Node bound) const {
  if (!resetInBranch(e, counter)) return std::nullopt;
  ResolvedValue v = m_.resolve(bound);
  if (v.kind == ResolvedValue::Kind::Int && v.int_value < m_.options().min_guard_interval)
    return verdict(GuardKind::Often, e, "a counter reset below min_guard_interval");
  return verdict(GuardKind::Periodic, e, "a counter that starts over at the end of the data");
}

// `counter = <integer>` among the own statements of the branch `comparison` guards.
bool GuardJudge::resetInBranch(ts::Node comparison, ts::Node counter) {
  ts::Node branch = branchOfCondition(comparison);
  if (!branch || !(counter.is("identifier") || counter.is("attribute"))) return false;
  return ownStatementAssigns(branch, counter.text(), "integer");
}

// `if x is None: ... x = ...`: the branch that fills `x` runs once, since
// afterwards `x` is no longer None (an attribute, or a name kept across the
// passes of a loop of its function). Only an assignment among the branch's
// own statements counts (not one under a further condition), or among the
// own statements of a method of the same object the branch calls
// (`if self.index is None: self.build_index()`).
bool GuardJudge::initialisedInBranch(ts::Node comparison, ts::Node name) const {
  if (!(name.is("identifier") || name.is("attribute"))) return false;
  // A plain name outlives a pass only of a loop around the test in its own
  // function: with none, it is a parameter or local made again on every call
  // (`if inputs_embeds is None: inputs_embeds = self.embed(ids)` in a forward
  // fills a default each time the function runs).
  if (name.is("identifier") && m_.enclosingFunction(comparison) && !m_.enclosingLoop(comparison)) return false;
  ts::Node branch = branchOfCondition(comparison);
  if (!branch) return false;
  if (ownStatementAssigns(branch, name.text())) return true;
  for (ts::Node s : branch.namedChildren())
    if (ts::Node call = soleExpression(s); call && call.is("call") && methodAssigns(call, name)) return true;
  return false;
}

// `self.build_index(k)` whose own statements set `self.index`.
bool GuardJudge::methodAssigns(ts::Node call, ts::Node name) const {
  if (!name.is("attribute") || name.field("object").text() != "self") return false;
  const Call* c = m_.callAt(call);
  if (!c || !c->receiver || syntax::unwrap(c->receiver).text() != "self") return false;
  const Function* f = m_.calledFunction(*c);
  return f && f->owner && ownStatementAssigns(f->body, name.text());
}

// `scaler is None` where scaler is a GradScaler on every path the run
// takes (ScriptModel::isNoneValue), or `stats is not None` where it is
// always None: the branch never runs.
std::optional<GuardVerdict> GuardJudge::noneTestOff(ts::Node e, std::string_view op, ts::Node left, ts::Node right) {
  if ((op != "is" && op != "is not") || !(left.is("none") || right.is("none"))) return std::nullopt;
  auto none = m_.isNoneValue(left.is("none") ? right : left);
  if (!none || *none == (op == "is")) return std::nullopt;
  return verdict(GuardKind::Off, e, *none ? "always None here" : "never None here");
}

}  // namespace gpulint::python
