#pragma once
// Rule metadata and documentation, parsed from the embedded
// patterns/rules/GPUxxx_name.md files (YAML front matter + Markdown body).
// The single source for `gpulint rules`, `gpulint explain`, SARIF rules[] and
// LSP hover.
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace gpulint {

struct RuleInfo {
  std::string id;              // "GPU201"
  std::string name;            // "host-sync-in-step"
  std::string category;        // data | model | job | ops
  std::string paper_category;  // the study's root-cause category
  Level level = Level::Warning;  // default level
  std::string fix;             // safe | unsafe | none
  std::string since;           // version that introduced the rule
  std::string summary;         // one line
  std::string markdown;        // the document body without its front matter
  std::vector<std::string> options;  // names of the .gpulint.yaml options it reads
  std::string stem;            // file stem: "GPU201_host_sync_in_step"
};

// The sections every rule document has, in this order ("## " headings).
[[nodiscard]] const std::vector<std::string_view>& ruleDocSections();

// Parses and validates one rule document. `path` is the file's path (only its
// stem is used: it must be "<id>_<name with '_' for '-'>"). Returns false and
// sets `error` (never silently) when the front matter is missing or malformed,
// a key is missing or invalid, or the sections are not exactly
// ruleDocSections() in order.
[[nodiscard]] bool parseRuleDoc(std::string_view path, std::string_view text, RuleInfo* out,
                                std::string* error);

// Every embedded rule document that parsed, sorted by id.
[[nodiscard]] const std::vector<RuleInfo>& allRules();
// "path: message" for every embedded rule document that failed to parse
// (and duplicate ids). Tests assert this is empty.
[[nodiscard]] const std::vector<std::string>& ruleDocErrors();
// nullptr when no rule has this id.
[[nodiscard]] const RuleInfo* findRule(std::string_view id);
// nullptr when no rule has this name ("sync-in-op").
[[nodiscard]] const RuleInfo* findRuleByName(std::string_view name);

// The published document's URL: the build's GPULINT_DOCS_BASE_URL followed by
// patterns/rules/<file>.md; "" when the build names no such place (then
// reports carry no help link at all).
[[nodiscard]] std::string helpUri(const RuleInfo& rule);
// The build's GPULINT_HOME_URL ("" when none).
[[nodiscard]] std::string homeUri();

// Text of one "## <heading>" section of the body (without the heading line,
// trimmed); empty when absent.
[[nodiscard]] std::string ruleDocSection(const RuleInfo& rule, std::string_view heading);

}  // namespace gpulint
