#include "cli/fix_loop.h"

#include <set>

#include "fixits/apply.h"

namespace gpulint::cli {

namespace {
constexpr int kMaxRounds = 10;  // fixes can enable others; bounded so a bad fix cannot loop forever
}

FixResult applyFixRounds(std::vector<FileAnalysis>& results, bool unsafe, const RuleOptions& options,
                         const DiagnosticFilter& filter, const ProjectLink& link) {
  FixResult out;
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].source) index[results[i].source->path()] = i;
  std::set<std::string> rejected_files;
  for (int round = 0; round < kMaxRounds; ++round) {
    std::vector<FileAnalysis> copy = link ? link(results) : results;  // filter consumes diagnostics
    std::vector<Diagnostic> diagnostics = filter(copy);
    // Files whose fixes broke parsing are left alone from then on.
    std::erase_if(diagnostics, [&](const Diagnostic& d) {
      for (const auto& f : d.fixes)
        for (const auto& e : f.edits)
          if (rejected_files.count(e.file)) return true;
      return false;
    });
    fixits::FixPlan plan = fixits::planFixes(diagnostics, unsafe);
    if (round == 0 || plan.chosen.empty()) {
      // Overlap messages are only final when nothing else can be applied.
      if (plan.chosen.empty()) out.messages.insert(out.messages.end(), plan.skipped.begin(), plan.skipped.end());
    }
    if (plan.chosen.empty()) break;
    std::map<std::string, std::vector<Edit>> edits;
    std::map<std::string, int> fixes_per_file;
    for (const Fix* f : plan.chosen) {
      for (const Edit& e : f->edits) edits[e.file].push_back(e);
      ++fixes_per_file[f->edits.front().file];
    }
    bool changed = false;
    for (auto& [file, file_edits] : edits) {
      auto it = index.find(file);
      if (it == index.end()) continue;
      FileAnalysis& r = results[it->second];
      const std::string& before = r.source->text();
      std::string after = fixits::applyEdits(before, file_edits);
      if (after == before) continue;
      int errors_before = fixits::syntaxErrorCount(before, r.source->kind());
      int errors_after = fixits::syntaxErrorCount(after, r.source->kind());
      if (errors_after > errors_before) {
        out.messages.push_back(file + ": fixes not applied: the fixed text would not parse");
        rejected_files.insert(file);
        continue;
      }
      if (!out.original.count(file)) out.original[file] = before;
      auto source = std::make_shared<SourceFile>(r.source->path(), std::move(after), r.source->kind());
      r = analyzeSource(std::move(source), options);
      out.fixes_applied += fixes_per_file[file];
      out.fixes_per_file[file] += fixes_per_file[file];
      changed = true;
    }
    if (!changed) break;
  }
  return out;
}

}  // namespace gpulint::cli
