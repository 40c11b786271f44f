#include "checkers/finding_filter.h"

#include "checkers/suppression.h"
#include "checkers/suppression_report.h"
#include "frontend/cxx/cxx_frontend.h"
#include "patterns/rule_docs.h"

namespace gpulint {

std::vector<std::string> rulesRun(const Settings& settings) {
  std::vector<std::string> ids;
  for (const RuleInfo& rule : allRules())
    if (ruleEnabled(settings, rule.id) && (rule.category != "ops" || cxx::available())) ids.push_back(rule.id);
  return ids;
}

std::vector<Diagnostic> selectFindings(std::vector<Diagnostic> diagnostics, const SourceFile& source,
                                       const Settings& settings, const FindingFilterOptions& options) {
  std::vector<Diagnostic> out;
  Suppressions sup = parseSuppressions(source.text(), source.kind());
  for (auto& d : diagnostics) {
    if (!ruleEnabled(settings, d.rule)) continue;
    if (sup.suppress(d.rule, d.location.start.line)) continue;
    out.push_back(std::move(d));
  }
  for (auto& d : invalidSuppressionFindings(sup, source)) out.push_back(std::move(d));
  if (options.report_unused_suppressions && options.analysed)
    for (auto& d : unusedSuppressionFindings(sup, source, rulesRun(settings))) out.push_back(std::move(d));
  std::erase_if(out, [&](const Diagnostic& d) { return !ruleEnabled(settings, d.rule); });
  for (auto& d : out) d.level = effectiveLevel(settings, d.rule, d.level);
  return out;
}

}  // namespace gpulint
