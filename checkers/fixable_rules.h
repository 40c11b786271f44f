#pragma once
// The --diff rounds after the first only plan fixes: while a
// FixableRulesOnly scope lives, pythonDiagnostics runs only the rules that
// may offer one, on every thread (the project step's included).
#include <string_view>

namespace gpulint {

// True for a rule whose findings may carry a fix or a written-value fix
// (tests/unit/fix_rounds_cost_test.cpp checks every fixture's fixes against it).
[[nodiscard]] bool mayOfferFix(std::string_view rule);

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
