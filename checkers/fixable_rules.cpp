#include "checkers/fixable_rules.h"

#include <algorithm>
#include <atomic>
#include <string_view>

namespace gpulint {

namespace {
std::atomic<bool> fixable_only{false};
}

bool mayOfferFix(std::string_view rule) {
  // Python rules with fixes (GPU101 also with a written-value fix the project
  // step moves to a config), job rules and C++ rules with fixes.
  static constexpr std::string_view kRules[] = {"GPU101", "GPU102", "GPU103", "GPU104", "GPU105", "GPU201",
                                                "GPU205", "GPU208", "GPU301", "GPU303", "GPU403", "GPU404"};
  return std::find(std::begin(kRules), std::end(kRules), rule) != std::end(kRules);
}

bool fixEndsChain(std::string_view rule) {
  static constexpr std::string_view kRules[] = {"GPU102", "GPU104", "GPU105"};
  return std::find(std::begin(kRules), std::end(kRules), rule) != std::end(kRules);
}

FixableRulesOnly::FixableRulesOnly(bool on) : was_(fixable_only.load()) {
  if (on) fixable_only = true;
}

FixableRulesOnly::~FixableRulesOnly() { fixable_only = was_; }

bool FixableRulesOnly::active() { return fixable_only.load(); }

}  // namespace gpulint
