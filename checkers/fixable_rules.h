#pragma once
// The --diff rounds after the first only plan fixes: while a
// FixableRulesOnly scope lives, pythonDiagnostics runs only the rules that
// may offer one, on every thread (the project step's included).
#include <string_view>

namespace gpulint {

// True for a rule whose findings may carry a fix or a written-value fix
// (tests/unit/fix_rounds_cost_test.cpp checks every fixture's fixes against it).
[[nodiscard]] bool mayOfferFix(std::string_view rule);

// True for a rule whose fixes cannot make a finding with a fix appear that
// was not there before: its own finding is gone once fixed, and no other rule
// reads what it writes (non_blocking=True on a copy, persistent_workers=True,
// a tf.data prefetch). A --diff round that applies only such fixes is the
// last; a fix that may enable another (num_workers enables GPU105's
// persistent_workers, pin_memory GPU104's non_blocking) is not listed. It is
// the answer for a fix whose chain is FixChain::ByRule (core/fix.h): GPU101
// and GPU103 say, fix by fix, when theirs ends (GPU101's that adds
// persistent_workers with the workers, GPU103's that makes the loader's
// copies asynchronous with the pin).
[[nodiscard]] bool fixEndsChain(std::string_view rule);

class FixableRulesOnly {
 public:
  explicit FixableRulesOnly(bool on);
  ~FixableRulesOnly();
  FixableRulesOnly(const FixableRulesOnly&) = delete;
  FixableRulesOnly& operator=(const FixableRulesOnly&) = delete;
  // Whether a scope that is on lives now.
  [[nodiscard]] static bool active();

 private:
  bool was_;
};

}  // namespace gpulint
