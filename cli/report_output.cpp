#include "cli/report_output.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <map>

#include "report/gitlab_reporter.h"
#include "report/json_reporter.h"
#include "report/sarif_reporter.h"
#include "report/links_reporter.h"
#include "report/statistics.h"
#include "report/text_reporter.h"

namespace gpulint::cli {

namespace {

bool envSet(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string(v) != "0";
}

}  // namespace

bool useColor(const Options& o, bool to_terminal) {
  if (o.no_color) return false;
  if (o.color) return true;
  if (envSet("NO_COLOR")) return false;
  if (envSet("FORCE_COLOR")) return true;
  return to_terminal;
}

std::string checkOptionsError(const Options& o) {
  bool fixing = o.fix || o.unsafe_fixes || o.diff;
  if (o.format == Format::Markdown) return "--format markdown is for `gpulint rules`";
  if (!o.write_baseline.empty() && (fixing || o.statistics || o.add_noqa))
    return "--write-baseline records findings; it does not combine with --fix, --diff, --statistics or --add-noqa";
  if (o.add_noqa && (fixing || o.statistics))
    return "--add-noqa edits files itself; it does not combine with --fix, --diff or --statistics";
  if (o.statistics && o.format != Format::Text && o.format != Format::Json)
    return "--statistics prints text or json";
  if (o.show_links && (o.statistics || (o.format != Format::Text && o.format != Format::Json)))
    return "--show-links prints text or json (not with --statistics)";
  return "";
}

std::vector<ParseGap> takeParseGaps(std::vector<Diagnostic>& diagnostics, const std::vector<FileAnalysis>& results) {
  std::map<std::string, const FileAnalysis*, std::less<>> by_path;
  for (const auto& r : results)
    if (r.source) by_path.emplace(r.source->path(), &r);
  std::vector<ParseGap> gaps;
  for (const auto& d : diagnostics) {
    if (d.rule != kParseGapRule) continue;
    ParseGap gap{d.location.file, d.message, {}};
    if (auto it = by_path.find(d.location.file); it != by_path.end()) gap.missing_headers = it->second->missing_headers;
    gaps.push_back(std::move(gap));
  }
  std::erase_if(diagnostics, [](const Diagnostic& d) { return d.rule == kParseGapRule; });
  return gaps;
}

void writeReport(std::ostream& out, const Options& o, const ReportInput& in) {
  if (o.statistics) {
    for (const auto& e : in.file_errors) std::cerr << e.path << ": error: " << e.message << "\n";
    if (o.format == Format::Json) writeStatisticsJson(out, in.diagnostics);
    else writeStatisticsText(out, in.diagnostics);
    return;
  }
  switch (o.format) {
    case Format::Sarif: {
      SarifOptions so;
      so.root_uri = fileUri(in.root) + "/";
      so.version = GPULINT_VERSION;
      writeSarif(out, in.diagnostics, in.file_errors, in.lookup, so, in.parse_gaps);
      break;
    }
    case Format::Json: writeJson(out, in.diagnostics, in.file_errors, in.lookup, in.links, in.parse_gaps); break;
    case Format::Github: writeGithub(out, in.diagnostics, in.file_errors, in.lookup, in.parse_gaps); break;
    case Format::Gitlab: writeGitlab(out, in.diagnostics, in.file_errors, in.lookup); break;
    default: {
      TextOptions to;
      to.color = useColor(o, o.output.empty() && isatty(STDOUT_FILENO));
      to.show_source = !o.quiet;
      to.parse_gap_detail = o.verbose;
      if (in.links) writeLinksText(out, *in.links);
      writeText(out, in.diagnostics, in.file_errors, in.parse_gaps, in.lookup, to);
    }
  }
}

}  // namespace gpulint::cli
