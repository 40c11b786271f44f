#pragma once
// How often a statement runs relative to the step loop (RULES.md "How often a
// line runs"). Checkers ask ScriptModel::perStep(), which answers from here;
// the reasons say which guard, loop or early exit decided it.
#include <optional>
#include <string>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

enum class Frequency {
  PerStep,      // on most iterations of a batch loop (or a Lightning step hook)
  EveryNSteps,  // under a periodic guard: once every N steps (N may be unknown)
  PerEpoch,     // in an epoch loop, outside its batch loops
  Once,         // a batch loop that ends on its first pass, a warm-up loop, a branch that leaves the loop
  Rarely,       // a failure, empty-batch, interrupt or end-of-training branch, an exception handler
  Never,        // behind a flag that resolves to off
  Unknown,      // no loop in sight here (a function called from other modules)
};
[[nodiscard]] const char* frequencyName(Frequency f);

struct FrequencyReason {
  ts::Node node;    // the guard condition, the loop header, the early exit
  std::string why;  // "periodic guard", "the loop returns on its first pass"
};

struct ExecutionFrequency {
  Frequency how = Frequency::Unknown;
  std::optional<BatchContext> batch;     // the batch loop, for PerStep and EveryNSteps
  std::vector<FrequencyReason> reasons;  // innermost first
};

// What a guard condition says about how often its consequence runs.
enum class GuardKind {
  Often,     // true on most steps (a rank check, `x % 1 == 0`, a plain flag)
  Periodic,  // true once every N steps: `step % N == 0`, `step in eval_steps`, a timer
  Rare,      // true on few steps: a failure check, an empty batch, an interrupt, the last step
  Off,       // a flag resolved to False
};

struct GuardVerdict {
  GuardKind kind = GuardKind::Often;
  ts::Node decisive;  // the sub-expression (or the variable's binding) that decided
  std::string why;    // "periodic guard", "failure check", ...
  // An `x % N` whose N resolves below min_guard_interval: why a guard that
  // looks periodic is Often (ScriptModel::shortIntervalGuard).
  std::optional<ShortIntervalGuard> short_interval;
};

// Judges an if/elif/while condition, following local boolean variables
// (`do_eval = step % N == 0`), parameters of an inlined project predicate
// (`def divisible_by(n, d): return n % d == 0`, one level) and loop counters.
[[nodiscard]] GuardVerdict judgeGuard(const ScriptModel& model, ts::Node condition);

// What `if condition: continue` at the top of a pass says about the
// statements after it: Periodic when the test skips them until a period's
// bound is reached (`if cur_nimg < tick_start + kimg_per_tick * 1000:
// continue`, `if step % every != 0: continue`), each other term of an `and`
// being false on few passes only (`not done`); else Often.
[[nodiscard]] GuardVerdict judgeSkip(const ScriptModel& model, ts::Node condition);

// What the `else` of an if says: Rare when the condition holds until the
// end of training (`if progress < 1.0: ... else:` with `progress = epoch /
// max_epochs`, `if step < total_steps:`); Off when the condition is `not`
// of an option that is off (`if not args.tune_encoder:`); else Often.
[[nodiscard]] GuardVerdict judgeElse(const ScriptModel& model, ts::Node condition);

// `n` sits in a branch that the options' defaults skip: the body of an `if`
// whose test is an option that is off (judgeGuard), or the `else` of one
// that holds (judgeElse), within n's function.
[[nodiscard]] bool inBranchOffByDefault(const ScriptModel& model, ts::Node n);

// How often `n` runs (see Frequency). With `respect_guards` false, only
// placement counts: guards, early exits and warm-up loops are ignored.
[[nodiscard]] ExecutionFrequency frequencyOf(const ScriptModel& model, ts::Node n, bool respect_guards = true);

// A batch loop that runs its body once, or a few times: a benchmark fence
// whose body ends in an unconditional return/break/raise, or a literal
// `range(k)` with k below min_guard_interval. Null when it runs per batch.
[[nodiscard]] std::optional<FrequencyReason> runsOnlyOnce(const ScriptModel& model, const Loop& loop);

// The name a condition tests for being set: `context` in `if context is not
// None:` and in `if context:`; empty for any other condition.
[[nodiscard]] std::string_view testedForSet(ts::Node cond);

}  // namespace gpulint::python
