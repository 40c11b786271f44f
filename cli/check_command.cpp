#include "cli/check_command.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "checkers/fixable_rules.h"
#include "core/allocator.h"
#include "checkers/pipeline.h"
#include "checkers/project_pass.h"
#include "checkers/finding_filter.h"
#include "cli/add_noqa.h"
#include "cli/fix_loop.h"
#include "cli/fix_writer.h"
#include "cli/project_scope.h"
#include "cli/report_output.h"
#include "core/parallel_for.h"
#include "fixits/apply.h"
#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/include_policy.h"
#include "frontend/project/discover.h"
#include "frontend/project/settings.h"
#include "patterns/rule_docs.h"
#include "report/baseline.h"

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
  if (o.no_respect_gitignore) settings->respect_gitignore = false;
  if (o.include_tests) settings->include_tests = true;
  if (o.include_vendored) settings->include_vendored = true;
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

// Without `keep_parser_trees` (nothing will be fixed, so nothing re-parsed)
// each model drops its tree-sitter tree as soon as it is built: the models
// live until the project pass, and the trees would double their memory.
std::vector<FileAnalysis> analyzeAll(const std::vector<DiscoveredFile>& files, const RuleOptions& options,
                                     unsigned jobs, bool progress, bool keep_parser_trees) {
  std::vector<FileAnalysis> results(files.size());
  unsigned n = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(files.size())));
  // Largest files first when there are threads to balance (a stat each).
  std::vector<size_t> sizes(files.size(), 0);
  for (size_t i = 0; n > 1 && i < files.size(); ++i) {
    std::error_code ec;
    auto size = fs::file_size(files[i].path, ec);
    sizes[i] = ec ? 0 : static_cast<size_t>(size);
  }
  std::vector<size_t> order = largestFirst(sizes);
  std::atomic<size_t> next{0}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (size_t at = next++; at < files.size(); at = next++) {
      size_t i = order[at];
      // Python checks wait for the project step (linkProjectJobs), which
      // knows which files it re-checks with the project anyway.
      if (keep_parser_trees || !ScratchArena::reclaims()) {
        results[i] = analyzeFile(files[i].path, files[i].display, options, Checks::Deferred);
        if (!keep_parser_trees && results[i].script) results[i].script->releaseParserTree();
      } else {
        // The parse happens in an arena that frees the whole tree at once
        // when the model is built (ts_tree_delete would walk every node).
        ScratchArena parse_memory;
        results[i] = analyzeFile(files[i].path, files[i].display, options, Checks::Deferred);
        if (results[i].script) results[i].script->abandonParserTree();
      }
      size_t d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        std::cerr << "\r[" << d << "/" << files.size() << "] analysing" << std::flush;
      }
    }
  };
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
                                          const RuleOptions& options, ProjectLinks* links, unsigned jobs) {
  std::vector<FileAnalysis> linked = per_file;
  std::vector<std::string> disk_paths;
  for (const auto& f : discovery.files) disk_paths.push_back(f.path);
  linkJobs({&linked, &disk_paths, &options, links, jobs});
  for (size_t i = discovery.files.size(); i < linked.size(); ++i) {
    discovery.files.push_back({disk_paths[i], linked[i].source->path(), linked[i].source->kind()});
    per_file.push_back(analyzeSource(linked[i].source, options));
  }
  return linked;
}

// Re-links per-file analyses after fixes (every script is in the run by then).
ProjectLink relinker(const Discovery& discovery, const RuleOptions& options, unsigned jobs) {
  return [&discovery, &options, jobs](const std::vector<FileAnalysis>& per_file) {
    std::vector<std::string> disk_paths;
    for (const auto& f : discovery.files) disk_paths.push_back(f.path);
    return linkedView(per_file, disk_paths, options, jobs);
  };
}

// What is reported of every file (see finding_filter.h), in one sorted list.
// Each file is filtered on its own, on up to `jobs` threads; the list is
// joined in file order and sorted, so it does not depend on `jobs`.
std::vector<Diagnostic> filterDiagnostics(std::vector<FileAnalysis>& results, const Settings& settings,
                                          bool report_unused, unsigned jobs) {
  std::vector<std::vector<Diagnostic>> kept(results.size());
  parallelFor(results.size(), jobs, [&](size_t i) {
    FileAnalysis& r = results[i];
    if (!r.source) return;
    FindingFilterOptions options{report_unused, r.error.empty()};
    kept[i] = selectFindings(std::move(r.diagnostics), *r.source, settings, options);
  });
  std::vector<Diagnostic> out;
  for (auto& file : kept)
    for (auto& d : file) out.push_back(std::move(d));
  std::sort(out.begin(), out.end(), diagnosticLess);
  return out;
}

SourceLookup lookupOf(const std::vector<FileAnalysis>& results) {
  std::vector<SourceFilePtr> sources;
  for (const auto& r : results)
    if (r.source) sources.push_back(r.source);
  return lookupIn(std::move(sources));
}

// --baseline: nullopt when not given or unreadable (then `error` is set).
bool loadBaseline(const Options& o, std::optional<Baseline>* baseline, std::string* error) {
  if (o.baseline.empty()) return true;
  *baseline = Baseline::read(o.baseline, error);
  return baseline->has_value();
}

// The files left alone as not ours, and why: all of them with --verbose,
// else those named on the command line (a file asked for by name and not
// analysed must not read as "No findings").
void printSkipped(const Discovery& discovery, const std::vector<FileAnalysis>& results, const Options& o,
                  const std::string& root) {
  std::set<std::string> named;
  for (const auto& p : o.paths) named.insert(displayPath(p, root));
  auto shown = [&](const std::string& display) { return o.verbose || named.count(display) > 0; };
  for (const auto& [path, why] : discovery.skipped)
    if (shown(path)) std::cerr << "gpulint: note: " << path << ": skipped: " << why << "\n";
  for (size_t i = 0; i < results.size(); ++i)
    if (!results[i].skipped.empty() && shown(discovery.files[i].display))
      std::cerr << "gpulint: note: " << discovery.files[i].display << ": skipped: " << results[i].skipped << "\n";
}

// Files read only in part, on every run but --quiet (not errors: see FileAnalysis::note).
void printNotes(const Discovery& discovery, const std::vector<FileAnalysis>& results, const ProjectScope& scope) {
  for (size_t i = 0; i < results.size() && i < discovery.files.size(); ++i) {
    const std::string& path = discovery.files[i].display;
    if (!results[i].note.empty() && (scope.reported.empty() || scope.reported.count(path)))
      std::cerr << "gpulint: note: " << path << ": " << results[i].note << "\n";
  }
}

// --diff: print what would change; write nothing.
void printDiff(const FixResult& fixed, const SourceLookup& lookup) {
  for (const auto& [file, before] : fixed.original)
    if (const SourceFile* now = lookup(file)) std::cout << fixits::unifiedDiff(file, before, now->fileText());
  for (const auto& m : fixed.messages) std::cerr << "gpulint: " << m << "\n";
  std::cerr << "gpulint: " << fixed.fixes_applied << " fix" << (fixed.fixes_applied == 1 ? "" : "es")
            << " would be applied to " << fixed.original.size() << " file(s)\n";
}

// Display path -> the path to write it at.
std::map<std::string, std::string> diskPaths(const Discovery& discovery) {
  std::map<std::string, std::string> on_disk;
  for (const auto& f : discovery.files) on_disk[f.display] = f.path;
  return on_disk;
}

// --fix: write the fixed files; failures become per-file errors, and the
// summary counts what reached the disk.
void writeFixes(const Options& o, const FixResult& fixed, const Discovery& discovery, const SourceLookup& lookup,
                std::vector<FileError>& file_errors) {
  WrittenFixes written = writeFixedFiles(fixed, diskPaths(discovery), lookup);
  file_errors.insert(file_errors.end(), written.errors.begin(), written.errors.end());
  for (const auto& m : fixed.messages) std::cerr << "gpulint: " << m << "\n";
  if (!o.quiet)
    std::cerr << "gpulint: fixed " << written.fixes << " finding" << (written.fixes == 1 ? "" : "s") << " in "
              << written.files << " file(s)\n";
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

// --add-noqa: comment every line with a finding; 1 when some line could not be.
int addNoqa(const Options& o, const std::vector<Diagnostic>& diagnostics, const Discovery& discovery,
            const SourceLookup& lookup, const AnalysedRoots& roots, std::vector<FileError>& file_errors) {
  std::map<std::string, std::string> on_disk = diskPaths(discovery);
  std::set<std::string> files;
  for (const auto& d : diagnostics) files.insert(d.location.file);
  int added = 0, changed_files = 0;
  size_t refused = 0;
  for (const auto& path : files) {
    const SourceFile* source = lookup(path);
    if (!source || !on_disk.count(path) || !roots.contains(on_disk[path])) {
      std::cerr << "gpulint: " << path << ": not a file of this run: no suppression comment added\n";
      ++refused;
      continue;
    }
    NoqaResult r = addNoqaComments(*source, diagnostics);
    for (const auto& why : r.refused) std::cerr << "gpulint: " << why << ": no suppression comment added\n";
    refused += r.refused.size();
    if (r.added == 0) continue;
    if (std::string err = fixits::writeFileAtomically(on_disk[path], r.text); !err.empty()) {
      file_errors.push_back({path, err});
      continue;
    }
    added += r.added;
    ++changed_files;
  }
  for (const auto& e : file_errors) std::cerr << e.path << ": error: " << e.message << "\n";
  if (!o.quiet)
    std::cerr << "gpulint: added " << added << " suppression comment" << (added == 1 ? "" : "s") << " in "
              << changed_files << " file(s)\n";
  if (!file_errors.empty()) return kExitError;
  return refused > 0 ? kExitFindings : kExitClean;
}

size_t countAtLeast(const std::vector<Diagnostic>& diagnostics, Level level) {
  return static_cast<size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                           [&](const Diagnostic& d) { return d.level >= level; }));
}

// --write-baseline: record every current finding; exit 0 unless a file failed.
int recordBaseline(const Options& o, const std::vector<Diagnostic>& diagnostics, const SourceLookup& lookup,
                   const std::vector<FileError>& file_errors) {
  std::ofstream file(o.write_baseline, std::ios::binary | std::ios::trunc);
  if (file) writeBaseline(file, diagnostics, lookup);
  if (!file) {
    std::cerr << "gpulint: error: cannot write " << o.write_baseline << "\n";
    return kExitError;
  }
  for (const auto& e : file_errors) std::cerr << e.path << ": error: " << e.message << "\n";
  std::cerr << "gpulint: recorded " << diagnostics.size() << " finding" << (diagnostics.size() == 1 ? "" : "s")
            << " in " << o.write_baseline << "\n";
  return file_errors.empty() ? kExitClean : kExitError;
}

}  // namespace

namespace {

// The process ends once the report is written (runCheck is the command's
// whole run): the files' analyses (trees, models, memos: most of the run's
// allocations) are kept, reachable, until the exit returns their memory at
// once, instead of being freed one allocation at a time.
void leaveToExit(std::vector<FileAnalysis> per_file, std::vector<FileAnalysis> results) {
  static auto* kept = new std::vector<std::vector<FileAnalysis>>();
  kept->push_back(std::move(per_file));
  kept->push_back(std::move(results));
}

}  // namespace

int runCheck(const Options& o) {
  Settings settings;
  std::string error;
  std::optional<Baseline> baseline;
  if (error = checkOptionsError(o); !error.empty() || !loadSettings(o, &settings, &error) ||
                                    !loadBaseline(o, &baseline, &error)) {
    std::cerr << "gpulint: error: " << error << "\n";
    return kExitError;
  }
  std::string root = fs::current_path().string();
  if (std::string bad = cxx::setCompileCommandsDir(o.compile_commands); !bad.empty()) {
    std::cerr << "gpulint: error: " << bad << "\n";
    return kExitError;
  }
  ProjectScope scope = projectScope(o.paths, root);
  // C++ parsing may read inside the analysed project (and system headers) only.
  cxx::setAnalysisRoots(scope.analysed);
  Discovery discovery = discoverFiles(scope.analysed, settings, root, o.force_exclude);
  keepContextFiles(discovery, scope);
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  bool progress = !o.no_progress && !o.quiet && isatty(STDERR_FILENO);
  bool may_reparse = o.fix || o.unsafe_fixes || o.diff || o.add_noqa;  // fix rounds re-parse edited trees
  std::vector<FileAnalysis> per_file = analyzeAll(discovery.files, settings.options, jobs, progress, may_reparse);
  size_t analysed = per_file.size();
  ProjectLinks links;
  std::vector<FileAnalysis> results =
      linkProjectJobs(discovery, per_file, settings.options, o.show_links ? &links : nullptr, jobs);
  if (o.verbose || !o.quiet) printSkipped(discovery, results, o, root);
  if (!o.quiet) printNotes(discovery, results, scope);

  std::vector<FileError> file_errors;
  for (const auto& [path, message] : discovery.errors) file_errors.push_back({path, message});
  for (size_t i = 0; i < results.size(); ++i)
    if (!results[i].error.empty()) file_errors.push_back({discovery.files[i].display, results[i].error});
  // Other files of the project are context: their errors are not this run's.
  if (!scope.reported.empty())
    std::erase_if(file_errors, [&](const FileError& e) { return !scope.reported.count(e.path); });
  // What is reported: selected, not suppressed, and not in the baseline;
  // fixes only for files under the paths the user named.
  std::map<std::string, std::string> on_disk = diskPaths(discovery);
  AnalysedRoots roots(o.paths);
  std::set<std::string> outside;
  // GPU400 is reported once for the run: `parse_gaps` keeps what the last
  // filtering took out of the findings.
  std::vector<ParseGap> parse_gaps;
  auto filter = [&](std::vector<FileAnalysis>& r) {
    std::vector<Diagnostic> d = inScope(filterDiagnostics(r, settings, o.report_unused_suppressions, jobs), scope);
    if (baseline) d = baseline->newFindings(std::move(d), lookupOf(r));
    parse_gaps = takeParseGaps(d, r);
    for (auto& diagnostic : d)
      std::erase_if(diagnostic.fixes, [&](const Fix& f) { return touchesOutside(f, on_disk, roots, outside); });
    return d;
  };
  if (!o.write_baseline.empty()) {
    std::vector<Diagnostic> all = inScope(filterDiagnostics(results, settings, o.report_unused_suppressions, jobs), scope);
    (void)takeParseGaps(all, results);
    return recordBaseline(o, all, lookupOf(results), file_errors);
  }
  FixResult fixed;
  bool fixing = o.fix || o.unsafe_fixes || o.diff;
  size_t findings_before = 0;
  if (fixing) {
    std::vector<FileAnalysis> copy = results;
    findings_before = countAtLeast(filter(copy), settings.fail_on);
    // --diff reports no findings after fixing: the rounds after the first only
    // plan fixes, so only the rules that may offer one run. Not so when unused
    // suppressions are reported: every rule must run to tell them.
    FixableRulesOnly scope(o.diff && !o.report_unused_suppressions);
    ProjectLink link = relinker(discovery, settings.options, jobs);
    // The view above is the first round's unless the project step read
    // scripts from disk: those join the project only when linked again.
    bool view_current = per_file.size() == analysed;
    // --diff reads only the fixed texts (per_file's sources): the last
    // round's files are not analysed again, nor the project linked after.
    bool texts_only = o.diff && !o.add_noqa;
    fixed = applyFixRounds(per_file, o.unsafe_fixes, settings.options, filter, link, view_current ? &results : nullptr,
                           texts_only);
    if (texts_only) {
      for (const auto& f : outside)
        std::cerr << "gpulint: " << f << ": fixes not applied: outside the analysed paths (" << roots.describe()
                  << ")\n";
      printDiff(fixed, lookupOf(per_file));
      if (!file_errors.empty()) return kExitError;
      return findings_before > 0 ? kExitFindings : kExitClean;
    }
    if (!view_current) results = link(per_file);
  }
  SourceLookup lookup = lookupOf(results);
  std::vector<Diagnostic> diagnostics = filter(results);

  for (const auto& f : outside)
    std::cerr << "gpulint: " << f << ": fixes not applied: outside the analysed paths (" << roots.describe() << ")\n";
  if (o.add_noqa) return addNoqa(o, diagnostics, discovery, lookup, roots, file_errors);
  if (o.diff) {  // the exit code as without fixes
    printDiff(fixed, lookup);
    if (!file_errors.empty()) return kExitError;
    return findings_before > 0 ? kExitFindings : kExitClean;
  }
  if (fixing) writeFixes(o, fixed, discovery, lookup, file_errors);

  std::ofstream file;
  if (!o.output.empty()) {
    file.open(o.output, std::ios::binary | std::ios::trunc);
    if (!file) {
      std::cerr << "gpulint: error: cannot write " << o.output << "\n";
      return kExitError;
    }
  }
  std::ostream& out = o.output.empty() ? std::cout : file;
  writeReport(out, o, {diagnostics, file_errors, lookup, root, o.show_links ? &links : nullptr, parse_gaps});
  out.flush();
  leaveToExit(std::move(per_file), std::move(results));
  if (!file_errors.empty()) return kExitError;
  return countAtLeast(diagnostics, settings.fail_on) > 0 ? kExitFindings : kExitClean;
}

}  // namespace gpulint::cli
