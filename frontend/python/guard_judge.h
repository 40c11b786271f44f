// GuardJudge's declaration, private to guard_conditions.cpp and the two files that define its questions (too many for one).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/python/frequency.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

// Parameters of an inlined predicate bound to the caller's arguments.
using Env = std::vector<std::pair<std::string, ts::Node>>;

constexpr int kMaxDepth = 2;  // a variable, then a predicate (or the reverse)

// The name and term helpers (guard_conditions.cpp) that the judge asks too.
bool isCounterName(std::string_view text);
bool namesLastStep(std::string_view text);
bool namesInterrupt(std::string_view text);
bool namesNonFinite(std::string_view text);
bool namesEpisodeEndKey(ts::Node key);
bool namesEndBound(std::string_view text);
bool namesWarmupBound(std::string_view text);
bool isSizeExpression(ts::Node e);
bool counterish(ts::Node side);
bool isZero(ts::Node e);
bool isNumberLiteral(ts::Node e);  // `0`, `1.5`, `-1`
bool yieldsEnumerated(const ScriptModel& m, ts::Node it, int depth);
bool isLoopCounter(const ScriptModel& m, ts::Node x, ts::Node at);
GuardVerdict verdict(GuardKind kind, ts::Node decisive, std::string why);
// Whether `left op right`, a number written in the test against an option,
// holds with the option's resolved value (guard_comparisons.cpp); nullopt
// when the test is no such comparison or the value is unknown.
std::optional<std::pair<bool, ResolvedValue>> numericOptionTest(const ScriptModel& m, const std::string& op,
                                                               ts::Node left, ts::Node right);
int rank(GuardKind k);
// An `if made >= cap: break` among the statements of `block` before `stmt`
// whose count grows in its loop and is set only outside loops: `stmt` runs
// at most `cap` times in all (capped_counters.cpp). Null when none.
ts::Node capExitBefore(const ScriptModel& m, ts::Node block, ts::Node stmt);

class GuardJudge {
 public:
  explicit GuardJudge(const ScriptModel& m) : m_(m) {}
  GuardVerdict judge(ts::Node e, const Env& env, int depth);

 private:
  // Boolean structure, calls and flags (guard_judge.cpp).
  ts::Node bound(ts::Node e, const Env& env) const;
  ts::Node substituted(ts::Node e, const Env& env) const;
  GuardVerdict combine(ts::Node e, const Env& env, int depth);
  GuardVerdict negation(ts::Node e, const Env& env);
  static bool setInBranch(ts::Node condition_part, ts::Node name, std::string_view literal);
  static ts::Node soleExpression(ts::Node statement);
  static bool ownStatementAssigns(ts::Node block, std::string_view target, std::string_view value_kind = {});
  GuardVerdict call(ts::Node e, const Env& env, int depth);
  GuardVerdict offByDefaultSetting(ts::Node e, const Call& c);
  GuardVerdict accumulationBoundary(ts::Node e);
  static ts::Node singleReturn(const Function& f);
  bool optInOption(std::string_view dest) const;
  GuardVerdict flag(ts::Node e, const Env& env, int depth);
  GuardVerdict localBoolean(ts::Node e, int depth);
  GuardVerdict setUnderGuard(const NameBinding& b, int depth);

  // Comparisons, counters and bounds (guard_comparisons.cpp).
  GuardVerdict modulo(ts::Node mod, const Env& env, ts::Node decisive);
  GuardVerdict comparison(ts::Node e, const Env& env);
  bool belowSmallShare(ts::Node mod, ts::Node bound, const Env& env);
  bool isCounter(ts::Node side, ts::Node at) const;
  bool countedPerPass(ts::Node side, ts::Node at) const;
  bool offsetCounter(ts::Node side, ts::Node at) const;
  GuardVerdict equality(ts::Node e, ts::Node left, ts::Node right);
  std::optional<GuardVerdict> optionSetElsewhere(ts::Node e, ts::Node left, ts::Node right) const;
  std::optional<GuardVerdict> numericOptionOff(ts::Node e, const std::string& op, ts::Node left,
                                               ts::Node right) const;
  std::optional<GuardVerdict> noneTestOff(ts::Node e, std::string_view op, ts::Node left, ts::Node right);
  bool smallCap(ts::Node bound) const;
  bool shortWarmup(ts::Node bound) const;
  bool firstFewSteps(ts::Node bound) const;
  static bool countedInBranch(ts::Node comparison, ts::Node name);
  static ts::Node branchOfCondition(ts::Node comparison);
  [[nodiscard]] bool filledInBranch(ts::Node comparison, ts::Node size) const;
  static bool fillsCache(ts::Node comparison, ts::Node key, ts::Node cache);
  std::optional<GuardVerdict> wrapAround(ts::Node e, ts::Node counter, ts::Node bound) const;
  static bool resetInBranch(ts::Node comparison, ts::Node counter);
  bool initialisedInBranch(ts::Node comparison, ts::Node name) const;
  bool methodAssigns(ts::Node call, ts::Node name) const;

  // Keys a project helper returns (guard_returned_keys.cpp).
  std::optional<GuardVerdict> keyReturnedRarely(ts::Node e, ts::Node key, ts::Node holder) const;

  const ScriptModel& m_;
};

}  // namespace gpulint::python
