#include "cli/check_command.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "checkers/pipeline.h"
#include "checkers/project_pass.h"
#include "checkers/suppression.h"
#include "cli/fix_loop.h"
#include "cli/fix_writer.h"
#include "fixits/apply.h"
#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/include_policy.h"
#include "frontend/project/discover.h"
#include "frontend/project/settings.h"
#include "patterns/rule_docs.h"
#include "report/json_reporter.h"
#include "report/sarif_reporter.h"
#include "report/text_reporter.h"

namespace fs = std::filesystem;

namespace gpulint::cli {

namespace {

constexpr int kExitClean = 0, kExitFindings = 1, kExitError = 2;

// Settings: --config, else the nearest .gpulint.yaml above the first path;
// command-line selection is layered on top.
bool loadSettings(const Options& o, Settings* settings, std::string* error) {
  std::string path = o.config;
  if (path.empty()) path = findSettingsFile(o.paths.empty() ? "." : o.paths.front());
  if (!path.empty()) {
    SettingsResult r = loadSettingsFile(path);
    if (auto* e = std::get_if<SettingsError>(&r)) {
      *error = e->describe();
      return false;
    }
    *settings = std::get<Settings>(std::move(r));
  }
  if (!o.select.empty()) settings->select = o.select;
  if (!o.ignore.empty()) settings->ignore.insert(settings->ignore.end(), o.ignore.begin(), o.ignore.end());
  if (!o.extend_select.empty())
    settings->extend_select.insert(settings->extend_select.end(), o.extend_select.begin(), o.extend_select.end());
  for (const auto& list : {o.select, o.ignore, o.extend_select})
    for (const auto& s : list)
      if (!isValidRuleSelector(s)) {
        *error = "invalid rule selector '" + s + "' (expected ALL, GPU, GPU2, GPU201, ...)";
        return false;
      }
  if (!o.fail_on.empty() && !parseLevel(o.fail_on, &settings->fail_on)) {
    *error = "--fail-on must be note, warning or error";
    return false;
  }
  return true;
}

std::vector<FileAnalysis> analyzeAll(const std::vector<DiscoveredFile>& files, const RuleOptions& options,
                                     unsigned jobs, bool progress) {
  std::vector<FileAnalysis> results(files.size());
  std::atomic<size_t> next{0}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      results[i] = analyzeFile(files[i].path, files[i].display, options);
      size_t d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        std::cerr << "\r[" << d << "/" << files.size() << "] analysing" << std::flush;
      }
    }
  };
  unsigned n = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(files.size())));
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (progress) std::cerr << "\r\033[K" << std::flush;
  return results;
}

// The project view: jobs link to their scripts. `per_file` stays the
// files' own analyses (what fixing re-runs); scripts read from disk for a
// job join both, and the run.
std::vector<FileAnalysis> linkProjectJobs(Discovery& discovery, std::vector<FileAnalysis>& per_file,
                                          const RuleOptions& options) {
  std::vector<FileAnalysis> linked = per_file;
  std::vector<std::string> disk_paths;
  for (const auto& f : discovery.files) disk_paths.push_back(f.path);
  linkJobs({&linked, &disk_paths, &options});
  for (size_t i = discovery.files.size(); i < linked.size(); ++i) {
    discovery.files.push_back({disk_paths[i], linked[i].source->path(), linked[i].source->kind()});
    per_file.push_back(analyzeSource(linked[i].source, options));
  }
  return linked;
}

// Re-links per-file analyses after fixes (every script is in the run by then).
ProjectLink relinker(const Discovery& discovery, const RuleOptions& options) {
  return [&discovery, &options](const std::vector<FileAnalysis>& per_file) {
    std::vector<std::string> disk_paths;
    for (const auto& f : discovery.files) disk_paths.push_back(f.path);
    return linkedView(per_file, disk_paths, options);
  };
}

// Suppression comments, rule selection and level overrides, in one place.
std::vector<Diagnostic> filterDiagnostics(std::vector<FileAnalysis>& results, const Settings& settings) {
  std::vector<Diagnostic> out;
  for (auto& r : results) {
    if (!r.source) continue;
    Suppressions sup = parseSuppressions(r.source->text(), r.source->kind());
    for (auto& d : r.diagnostics) {
      if (!ruleEnabled(settings, d.rule)) continue;
      if (sup.suppressed(d.rule, d.location.start.line)) continue;
      d.level = effectiveLevel(settings, d.rule, d.level);
      out.push_back(std::move(d));
    }
  }
  std::sort(out.begin(), out.end(), diagnosticLess);
  return out;
}

// True (and `outside` names the file) when a fix edits a file that is not
// under the analysed paths: a job may start ../other/train.py, and --fix must
// not write there.
bool touchesOutside(const Fix& fix, const std::map<std::string, std::string>& on_disk, const AnalysedRoots& roots,
                    std::set<std::string>& outside) {
  for (const Edit& e : fix.edits) {
    auto disk = on_disk.find(e.file);
    if (disk != on_disk.end() && roots.contains(disk->second)) continue;
    outside.insert(e.file);
    return true;
  }
  return false;
}

}  // namespace

int runCheck(const Options& o) {
  Settings settings;
  std::string error;
  if (!loadSettings(o, &settings, &error)) {
    std::cerr << "gpulint: error: " << error << "\n";
    return kExitError;
  }
  std::string root = fs::current_path().string();
  if (std::string bad = cxx::setCompileCommandsDir(o.compile_commands); !bad.empty()) {
    std::cerr << "gpulint: error: " << bad << "\n";
    return kExitError;
  }
  // C++ parsing may read inside the analysed paths (and system headers) only.
  cxx::setAnalysisRoots(o.paths.empty() ? std::vector<std::string>{"."} : o.paths);
  Discovery discovery = discoverFiles(o.paths, settings, root);
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  bool progress = !o.no_progress && !o.quiet && isatty(STDERR_FILENO);
  std::vector<FileAnalysis> per_file = analyzeAll(discovery.files, settings.options, jobs, progress);
  std::vector<FileAnalysis> results = linkProjectJobs(discovery, per_file, settings.options);

  std::vector<FileError> file_errors;
  for (const auto& [path, message] : discovery.errors) file_errors.push_back({path, message});
  std::vector<SourceFilePtr> sources;
  for (size_t i = 0; i < results.size(); ++i) {
    if (!results[i].error.empty()) file_errors.push_back({discovery.files[i].display, results[i].error});
    if (results[i].source) sources.push_back(results[i].source);
  }
  bool fixing = o.fix || o.unsafe_fixes || o.diff;
  std::map<std::string, std::string> on_disk;  // display path -> path to write
  for (const auto& f : discovery.files) on_disk[f.display] = f.path;
  AnalysedRoots roots(o.paths);
  std::set<std::string> outside;  // files a fix would change outside the analysed paths
  auto filter = [&](std::vector<FileAnalysis>& r) {
    std::vector<Diagnostic> diagnostics = filterDiagnostics(r, settings);
    for (auto& d : diagnostics)
      std::erase_if(d.fixes, [&](const Fix& f) { return touchesOutside(f, on_disk, roots, outside); });
    return diagnostics;
  };
  FixResult fixed;
  size_t findings_before = 0;
  if (fixing) {
    {
      std::vector<FileAnalysis> copy = results;
      for (const auto& d : filter(copy))
        if (d.level >= settings.fail_on) ++findings_before;
    }
    ProjectLink link = relinker(discovery, settings.options);
    fixed = applyFixRounds(per_file, o.unsafe_fixes, settings.options, filter, link);
    results = link(per_file);
    sources.clear();
    for (const auto& r : results)
      if (r.source) sources.push_back(r.source);
  }
  std::vector<Diagnostic> diagnostics = filterDiagnostics(results, settings);
  SourceLookup lookup = lookupIn(sources);

  for (const auto& f : outside)
    std::cerr << "gpulint: " << f << ": fixes not applied: outside the analysed paths (" << roots.describe()
              << ")\n";
  if (o.diff) {
    // Print what would change; write nothing; exit code as without fixes.
    for (const auto& [file, before] : fixed.original)
      if (const SourceFile* now = lookup(file)) std::cout << fixits::unifiedDiff(file, before, now->text());
    for (const auto& m : fixed.messages) std::cerr << "gpulint: " << m << "\n";
    std::cerr << "gpulint: " << fixed.fixes_applied << " fix" << (fixed.fixes_applied == 1 ? "" : "es")
              << " would be applied to " << fixed.original.size() << " file(s)\n";
    if (!file_errors.empty()) return kExitError;
    return findings_before > 0 ? kExitFindings : kExitClean;
  }
  if (fixing) {
    WrittenFixes written = writeFixedFiles(fixed, on_disk, lookup);
    file_errors.insert(file_errors.end(), written.errors.begin(), written.errors.end());
    for (const auto& m : fixed.messages) std::cerr << "gpulint: " << m << "\n";
    if (!o.quiet)
      std::cerr << "gpulint: fixed " << written.fixes << " finding" << (written.fixes == 1 ? "" : "s") << " in "
                << written.files << " file(s)\n";
  }

  std::ofstream file;
  if (!o.output.empty()) {
    file.open(o.output, std::ios::binary | std::ios::trunc);
    if (!file) {
      std::cerr << "gpulint: error: cannot write " << o.output << "\n";
      return kExitError;
    }
  }
  std::ostream& out = o.output.empty() ? std::cout : file;
  switch (o.format) {
    case Format::Sarif: {
      SarifOptions so;
      so.root_uri = fileUri(root) + "/";
      so.version = GPULINT_VERSION;
      writeSarif(out, diagnostics, file_errors, lookup, so);
      break;
    }
    case Format::Json: writeJson(out, diagnostics, file_errors); break;
    case Format::Github: writeGithub(out, diagnostics, file_errors); break;
    default: {
      TextOptions to;
      to.color = o.color || (!o.no_color && o.output.empty() && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
      to.show_source = !o.quiet;
      writeText(out, diagnostics, file_errors, lookup, to);
    }
  }
  out.flush();
  if (!file_errors.empty()) return kExitError;
  for (const auto& d : diagnostics)
    if (d.level >= settings.fail_on) return kExitFindings;
  return kExitClean;
}

}  // namespace gpulint::cli
