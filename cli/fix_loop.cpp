#include "cli/fix_loop.h"

#include <algorithm>
#include <set>

#include "checkers/fixable_rules.h"
#include "fixits/apply.h"
#include "fixits/notebook_edits.h"
#include "frontend/input_guard.h"
#include "frontend/python/script_model.h"

namespace gpulint::cli {

namespace {

constexpr int kMaxRounds = 10;  // fixes can enable others; bounded so a bad fix cannot loop forever

struct FixedSource {
  SourceFilePtr source;  // null when nothing changed or the fix is refused
  std::string error;     // why it is refused
  ts::Tree tree;         // a Python text's tree, parsed once for the check and the analysis
};

// The syntax errors of the text `file` was analysed from: counted in its
// model's tree when it has one (a Python file), else parsed again.
int errorsBefore(const FileAnalysis& file) {
  const SourceFile& source = *file.source;
  if (file.script && !source.notebook()) return fixits::syntaxErrorCount(file.script->tree());
  return fixits::syntaxErrorCount(source.text(), source.kind());
}

// The fixed text's tree: re-parsed from the analysed tree with the edits
// recorded when there is one for the text (only what they touch is parsed
// again), else parsed whole.
ts::Tree fixedTree(const FileAnalysis& file, const std::vector<Edit>& edits, const std::string& after) {
  if (file.script && file.script->tree().text() == file.source->text())
    return fixits::reparseEdited(file.script->tree(), edits, after);
  ts::Parser parser(tree_sitter_python());
  return parser.parse(after);
}

// The fixed text as a source; a Python text is parsed here once, and its
// tree goes to the analysis (unless the input guard will refuse the text).
FixedSource parsedFix(const FileAnalysis& file, const std::vector<Edit>& edits, std::string after,
                      int errors_before) {
  const SourceFile& source = *file.source;
  if (source.kind() != FileKind::Python || !pythonInputProblem(after).empty()) {
    if (fixits::syntaxErrorCount(after, source.kind()) > errors_before) return {nullptr, "the fixed text would not parse", {}};
    return {std::make_shared<SourceFile>(source.path(), std::move(after), source.kind()), "", {}};
  }
  ts::Tree tree = fixedTree(file, edits, after);
  if (fixits::syntaxErrorCount(tree) > errors_before) return {nullptr, "the fixed text would not parse", {}};
  return {std::make_shared<SourceFile>(source.path(), std::move(after), source.kind()), "", std::move(tree)};
}

// `source` with `edits` applied, if the result still parses. A notebook is
// edited inside its JSON (fixits/notebook_edits.h) and read back as a notebook.
FixedSource fixedSource(const FileAnalysis& file, const std::vector<Edit>& edits) {
  const SourceFile& source = *file.source;
  if (source.notebook()) {
    fixits::NotebookEdit edited = fixits::applyNotebookEdits(source, edits);
    if (!edited.error.empty()) return {nullptr, edited.error};
    if (edited.json == source.fileText()) return {};
    LoadedSource reloaded = sourceFromText(source.path(), std::move(edited.json), FileKind::Python);
    if (!reloaded.source) return {nullptr, "the fixed notebook could not be read back: " + reloaded.error, {}};
    if (fixits::syntaxErrorCount(reloaded.source->text(), FileKind::Python) >
        fixits::syntaxErrorCount(source.text(), FileKind::Python))
      return {nullptr, "the fixed text would not parse", {}};
    return {std::move(reloaded.source), "", {}};
  }
  std::string after = fixits::applyEdits(source.text(), edits);
  if (after == source.text()) return {};
  return parsedFix(file, edits, std::move(after), errorsBefore(file));
}

// True when applying `f` (a fix of a `rule` finding) cannot make a finding
// with a fix appear. `analysed`: the paths of every file of the run.
bool endsChain(const Fix& f, const std::string& rule, const std::map<std::string, size_t>& analysed) {
  if (f.chain == FixChain::ByRule) return fixEndsChain(rule);
  // EndsInItsFile: no other analysed file may read what it writes.
  for (const auto& [path, i] : analysed)
    if (std::none_of(f.edits.begin(), f.edits.end(), [&](const Edit& e) { return e.file == path; })) return false;
  return true;
}

// True when applying `plan` cannot make a new fix appear: every chosen fix
// ends its chain and no fix waits for the next round (an overlap).
bool lastRound(const fixits::FixPlan& plan, const std::vector<Diagnostic>& diagnostics,
               const std::map<std::string, size_t>& analysed) {
  if (!plan.skipped.empty()) return false;
  for (const Fix* f : plan.chosen) {
    const Diagnostic* owner = nullptr;
    for (const Diagnostic& d : diagnostics)
      if (!d.fixes.empty() && f >= d.fixes.data() && f < d.fixes.data() + d.fixes.size()) owner = &d;
    if (!owner || !endsChain(*f, owner->rule, analysed)) return false;
  }
  return true;
}

}  // namespace

FixResult applyFixRounds(std::vector<FileAnalysis>& results, bool unsafe, const RuleOptions& options,
                         const DiagnosticFilter& filter, const ProjectLink& link, std::vector<FileAnalysis>* view,
                         bool texts_only) {
  FixResult out;
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].source) index[results[i].source->path()] = i;
  std::set<std::string> rejected_files;
  auto viewOf = [&] { return link ? link(results) : results; };
  std::vector<FileAnalysis> current = view ? *view : viewOf();  // the view of `results` ...
  bool stale = false;                                             // ... until a fix changes them
  for (int round = 0; round < kMaxRounds; ++round) {
    if (stale) current = viewOf();
    stale = false;
    std::vector<FileAnalysis> copy = current;  // filter consumes diagnostics
    std::vector<Diagnostic> diagnostics = filter(copy);
    // Files whose fixes broke parsing are left alone from then on.
    std::erase_if(diagnostics, [&](const Diagnostic& d) {
      for (const auto& f : d.fixes)
        for (const auto& e : f.edits)
          if (rejected_files.count(e.file)) return true;
      return false;
    });
    fixits::FixPlan plan = fixits::planFixes(diagnostics, unsafe);
    bool last = texts_only && lastRound(plan, diagnostics, index);
    if (round == 0 || plan.chosen.empty()) {
      // Overlap messages are only final when nothing else can be applied.
      if (plan.chosen.empty()) out.messages.insert(out.messages.end(), plan.skipped.begin(), plan.skipped.end());
    }
    if (plan.chosen.empty()) break;
    std::map<std::string, std::vector<Edit>> edits;
    std::map<std::string, int> fixes_per_file;
    for (const Edit& e : plan.edits) edits[e.file].push_back(e);
    for (const Fix* f : plan.chosen) ++fixes_per_file[f->edits.front().file];
    bool changed = false;
    for (auto& [file, file_edits] : edits) {
      auto it = index.find(file);
      if (it == index.end()) continue;
      FileAnalysis& r = results[it->second];
      FixedSource fixed = fixedSource(r, file_edits);
      if (!fixed.source && fixed.error.empty()) continue;  // nothing changed
      if (!fixed.error.empty()) {
        out.messages.push_back(file + ": fixes not applied: " + fixed.error);
        rejected_files.insert(file);
        continue;
      }
      if (!out.original.count(file)) out.original[file] = r.source->fileText();
      if (last) {  // nothing can follow: the text is all the caller reads
        r = FileAnalysis{std::move(fixed.source)};
      } else {
        ++out.analyses;
        r = fixed.tree.valid() ? analyzeSource(std::move(fixed.source), std::move(fixed.tree), options)
                               : analyzeSource(std::move(fixed.source), options);
      }
      out.fixes_applied += fixes_per_file[file];
      out.fixes_per_file[file] += fixes_per_file[file];
      changed = true;
    }
    if (!changed) break;
    if (last) return out;
    stale = true;
  }
  if (view) *view = stale ? viewOf() : std::move(current);  // stale: the last round hit kMaxRounds
  return out;
}

}  // namespace gpulint::cli
