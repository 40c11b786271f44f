#include "report/gitlab_reporter.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "report/json_text.h"
#include "report/sarif_reporter.h"

namespace gpulint {

namespace {

// Code Quality severities: info, minor, major, critical, blocker.
const char* severityOf(Level level) {
  switch (level) {
    case Level::Error: return "major";
    case Level::Warning: return "minor";
    case Level::Note: break;
  }
  return "info";
}

}  // namespace

void writeGitlab(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
                 const SourceLookup& sources) {
  nlohmann::json issues = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    const SourceFile* source = sources ? sources(d.location.file) : nullptr;
    nlohmann::json issue = {{"type", "issue"},
                            {"check_name", d.rule},
                            {"description", d.rule + ": " + d.message},
                            {"severity", severityOf(d.level)},
                            {"fingerprint", sarifFingerprint(d, source)},
                            {"location", {{"path", d.location.file},
                                          {"lines", {{"begin", std::max<uint32_t>(d.location.start.line, 1)}}}}}};
    issue["categories"] = nlohmann::json::array({"Performance"});
    issues.push_back(std::move(issue));
  }
  for (const auto& e : errors) {
    Diagnostic as_finding;  // fingerprinted like a whole-file finding
    as_finding.rule = "gpulint/file-error";
    as_finding.message = e.message;
    as_finding.location.file = e.path;
    issues.push_back({{"type", "issue"},
                      {"check_name", as_finding.rule},
                      {"description", "gpulint could not analyse this file: " + e.message},
                      {"severity", "major"},
                      {"fingerprint", sarifFingerprint(as_finding, nullptr)},
                      {"location", {{"path", e.path}, {"lines", {{"begin", 1}}}}}});
  }
  out << prettyJsonText(issues) << "\n";
}

}  // namespace gpulint
