#include "checkers/suppression_report.h"

#include <algorithm>

#include "patterns/rule_docs.h"

namespace gpulint {

namespace {

bool covers(const std::string& selector, std::string_view rule) {
  return rule.substr(0, selector.size()) == selector;
}

// True when every catalog rule the selector covers ran, so "suppressed
// nothing" is a fact about this run and not about a deselected rule.
bool judged(const std::string& selector, const std::vector<std::string>& rules_run) {
  bool any = false;
  for (const RuleInfo& rule : allRules()) {
    if (rule.id.rfind("GPU0", 0) == 0 || !covers(selector, rule.id)) continue;  // about comments, not code
    if (std::find(rules_run.begin(), rules_run.end(), rule.id) == rules_run.end()) return false;
    any = true;
  }
  return any;
}

std::string named(const std::string& selector) { return selector.empty() ? "all" : selector; }

// Deletes the whole comment: its line when the comment is alone on it, else
// the comment and the blanks before it.
Fix deleteComment(const SuppressionDirective& d, const SourceFile& source) {
  std::string_view text = source.text();
  uint32_t begin = d.comment_begin, end = d.comment_end;
  if (d.own_line) {
    while (begin > 0 && text[begin - 1] != '\n') --begin;
    if (end < text.size() && text[end] == '\r') ++end;
    if (end < text.size() && text[end] == '\n') ++end;
  } else {
    while (begin > 0 && (text[begin - 1] == ' ' || text[begin - 1] == '\t')) --begin;
  }
  return {"Remove the unused suppression comment", Applicability::Safe, {{source.path(), begin, end, ""}}};
}

}  // namespace

std::vector<Diagnostic> invalidSuppressionFindings(const Suppressions& suppressions, const SourceFile& source) {
  std::vector<Diagnostic> out;
  for (const InvalidSuppression& invalid : suppressions.invalid()) {
    Diagnostic d;
    d.rule = "GPU002";
    d.level = Level::Warning;
    uint32_t begin = source.lineStart(invalid.line);
    std::string_view line = source.line(invalid.line);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
    d.location = source.location(begin, begin + static_cast<uint32_t>(line.size()));
    d.message = "This suppression comment is not understood (" + invalid.message +
                "), so it suppresses nothing; the findings it was meant to hide are still reported. Write "
                "`gpulint: disable=GPU201` (ids comma-separated) or `gpulint: disable-file=GPU201`.";
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<Diagnostic> unusedSuppressionFindings(const Suppressions& suppressions, const SourceFile& source,
                                                  const std::vector<std::string>& rules_run) {
  std::vector<Diagnostic> out;
  const auto& directives = suppressions.directives();
  for (size_t i = 0; i < directives.size(); ++i) {
    const SuppressionDirective& dir = directives[i];
    if (!dir.names_rules) continue;  // a bare `# noqa` may be for flake8 or Ruff
    std::vector<std::string> unused;
    size_t judged_count = 0;
    for (size_t s = 0; s < dir.selectors.size(); ++s) {
      if (!judged(dir.selectors[s], rules_run)) continue;
      ++judged_count;
      if (!suppressions.used(i, s)) unused.push_back(named(dir.selectors[s]));
    }
    if (unused.empty()) continue;
    std::string list;
    for (const auto& u : unused) list += (list.empty() ? "" : ", ") + u;
    std::string where = dir.file_wide            ? "in this file"
                        : !dir.covers_own_line ? "on line " + std::to_string(dir.next_code_line)
                        : dir.next_code_line   ? "on this line or line " + std::to_string(dir.next_code_line)
                                               : "on this line";
    Diagnostic d;
    d.rule = "GPU001";
    d.level = Level::Warning;
    d.location = source.location(dir.begin, dir.end);
    d.message = "`" + std::string(source.text().substr(dir.begin, dir.end - dir.begin)) + "` suppresses nothing: " +
                "no " + list + " finding " + where +
                " in this run. A stale suppression hides the next real finding written here; remove " +
                (unused.size() == dir.selectors.size() ? "the comment." : list + " from it.");
    // The fix deletes the comment only when all of it is unused and it holds nothing else.
    if (unused.size() == dir.selectors.size() && judged_count == dir.selectors.size() && dir.whole_comment)
      d.fixes.push_back(deleteComment(dir, source));
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace gpulint
