#include "report/statistics.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "patterns/rule_docs.h"

namespace gpulint {

namespace {

struct RuleCount {
  std::string rule;
  std::string name;  // "" for a rule without a document
  size_t count = 0;
  bool fixable = false;  // a safe fix on at least one finding
};

bool hasSafeFix(const Diagnostic& d) {
  return std::any_of(d.fixes.begin(), d.fixes.end(),
                     [](const Fix& f) { return f.applicability == Applicability::Safe; });
}

std::vector<RuleCount> countByRule(const std::vector<Diagnostic>& diagnostics) {
  std::map<std::string, RuleCount> by_rule;
  for (const auto& d : diagnostics) {
    RuleCount& c = by_rule[d.rule];
    c.rule = d.rule;
    ++c.count;
    c.fixable = c.fixable || hasSafeFix(d);
  }
  std::vector<RuleCount> out;
  for (auto& [rule, c] : by_rule) {
    if (const RuleInfo* info = findRule(rule)) c.name = info->name;
    out.push_back(std::move(c));
  }
  std::stable_sort(out.begin(), out.end(), [](const RuleCount& a, const RuleCount& b) { return a.count > b.count; });
  return out;
}

}  // namespace

void writeStatisticsText(std::ostream& out, const std::vector<Diagnostic>& diagnostics) {
  std::vector<RuleCount> counts = countByRule(diagnostics);
  size_t width = 1;
  for (const auto& c : counts) width = std::max(width, std::to_string(c.count).size());
  for (const auto& c : counts) {
    out << std::setw(static_cast<int>(width)) << c.count << "  " << c.rule;
    if (!c.name.empty()) out << "  " << c.name;
    if (c.fixable) out << "  [*]";
    out << "\n";
  }
  if (std::any_of(counts.begin(), counts.end(), [](const RuleCount& c) { return c.fixable; }))
    out << "[*] some findings of the rule can be fixed with --fix\n";
}

void writeStatisticsJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : countByRule(diagnostics))
    list.push_back({{"rule", c.rule}, {"name", c.name}, {"count", c.count}, {"fixable", c.fixable}});
  out << list.dump(2) << "\n";
}

}  // namespace gpulint
