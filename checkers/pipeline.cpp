#include "checkers/pipeline.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkers/fixable_rules.h"
#include "checkers/model/helper_effects.h"
#include "checkers/ops/cxx_analysis.h"
#include "frontend/input_guard.h"
#include "frontend/notebook/notebook.h"
#include "frontend/python/dead_branches.h"
#include "frontend/python/script_model.h"

namespace gpulint {

namespace {
constexpr size_t kMaxFileBytes = 20u << 20;  // larger inputs are reported, not parsed

// The work budget of one file's analysis (ts/work_budget.h), in tree
// navigation steps: a base for small files plus a share per byte. The
// Lightning repository's 646 files use at most 12 units per byte (generated
// training scripts 5), so 200 leaves a wide margin for ordinary code; a file
// whose analysis grows faster than its size runs out.
constexpr uint64_t kBudgetBase = 1'000'000;
constexpr uint64_t kBudgetPerByte = 200;

std::string budgetExceeded(uint64_t limit) {
  return "analysis stopped after " + std::to_string(limit) +
         " work units, the budget for a file of this size (its analysis grows faster than the file); not analysed";
}
}

uint64_t analysisBudgetFor(size_t bytes) { return kBudgetBase + kBudgetPerByte * bytes; }

namespace {

uint64_t analysisBudget(const SourceFile& source) { return analysisBudgetFor(source.text().size()); }

FileAnalysis runPythonCheckers(SourceFilePtr source, std::shared_ptr<python::ScriptModel> script,
                               const RuleOptions& options) {
  FileAnalysis result;
  result.source = std::move(source);
  result.diagnostics = pythonDiagnostics(*script, options);
  result.script = std::move(script);
  return result;
}

// A modelled file whose checks wait for the project step, with the budget
// its model left them.
FileAnalysis deferredChecks(SourceFilePtr source, std::shared_ptr<python::ScriptModel> script,
                            const ts::WorkBudget& budget) {
  FileAnalysis result;
  result.source = std::move(source);
  result.script = std::move(script);
  result.deferred = std::make_shared<DeferredChecks>();
  result.deferred->budget_limit = budget.limit();
  result.deferred->budget_left = budget.limit() - budget.used();
  return result;
}

// A file the guards of input_guard.h keep from the analysis: an error, no findings.
FileAnalysis refused(SourceFilePtr source, const std::string& why) {
  FileAnalysis result;
  result.source = std::move(source);
  result.error = why;
  return result;
}

}  // namespace

std::vector<Diagnostic> pythonDiagnostics(const python::ScriptModel& script, const RuleOptions& options) {
  AnalysisContext context;
  context.script = &script;
  context.options = &options;
  VectorSink sink;
  checks::HelperEffectsScope shared_helper_effects;  // the step-loop rules ask the same helper questions
  bool fixable_only = FixableRulesOnly::active();
  for (const auto& checker : allCheckers())
    if (checker->reads(FileKind::Python) && (!fixable_only || mayOfferFix(checker->id())))
      checker->run(context, sink);
  // Code a literal test never runs (`else:` of `if 1:`) idles no GPU.
  std::erase_if(sink.diagnostics, [&script](const Diagnostic& d) {
    return d.location.file == script.file().path() &&
           python::inDeadBranch(python::innermostAt(script.root(), d.location.begin, d.location.end));
  });
  std::sort(sink.diagnostics.begin(), sink.diagnostics.end(), diagnosticLess);
  if (const notebook::NotebookMap* nb = script.file().notebook())
    for (Diagnostic& d : sink.diagnostics) {  // "line N" of the joined cells means nothing to the reader
      d.message = nb->cellLineRefs(d.message);
      for (RelatedLocation& r : d.related) r.message = nb->cellLineRefs(r.message);
    }
  return std::move(sink.diagnostics);
}

bool runWithinBudget(FileAnalysis& file, const std::function<void()>& checks) {
  if (!file.deferred) {
    checks();
    return true;
  }
  ts::WorkBudget budget(file.deferred->budget_left);
  try {
    checks();
    return true;
  } catch (const ts::BudgetExceeded&) {
    file.error = budgetExceeded(file.deferred->budget_limit);
    file.diagnostics.clear();
    return false;
  }
}

void extendBudget(FileAnalysis& file, size_t linked_bytes) {
  if (!file.deferred) return;
  file.deferred->budget_left += kBudgetPerByte * linked_bytes;
  file.deferred->budget_limit += kBudgetPerByte * linked_bytes;
}

void completeOwnChecks(FileAnalysis& file, const RuleOptions& options) {
  if (!file.deferred) return;
  DeferredChecks& deferred = *file.deferred;
  if (!deferred.done) {
    std::vector<Diagnostic> own;
    if (!runWithinBudget(file, [&] { own = pythonDiagnostics(*file.script, options); })) deferred.error = file.error;
    deferred.own = std::move(own);
    deferred.done = true;
  }
  file.diagnostics = deferred.own;
  file.error = deferred.error;
  file.deferred.reset();
}

FileAnalysis analyzeSource(SourceFilePtr source, const RuleOptions& options, Checks checks) {
  if (source->kind() == FileKind::Cxx) return checks::analyzeCxxSource(source, options);
  if (source->kind() != FileKind::Python) {
    FileAnalysis result;  // other front ends come later
    result.source = source;
    return result;
  }
  if (std::string why = pythonInputProblem(source->text()); !why.empty()) return refused(source, why);
  ts::Parser parser(tree_sitter_python());
  return analyzeSource(source, parser.parse(sharedText(source)), options, checks);
}

FileAnalysis analyzeSource(SourceFilePtr source, ts::Tree tree, const RuleOptions& options, Checks checks) {
  if (source->kind() != FileKind::Python || !tree.raw()) return analyzeSource(std::move(source), options, checks);
  if (std::string why = treeDepthProblem(tree); !why.empty()) return refused(source, why);
  ts::WorkBudget budget(analysisBudget(*source));
  try {
    auto script = std::make_shared<python::ScriptModel>(source, std::move(tree), options);
    if (checks == Checks::Deferred) return deferredChecks(source, std::move(script), budget);
    FileAnalysis result = runPythonCheckers(source, std::move(script), options);
    result.work_used = budget.used();
    return result;
  } catch (const ts::BudgetExceeded&) {
    // The half-built model is dropped with its caches: nothing else saw it.
    return refused(source, budgetExceeded(budget.limit()));
  }
}

namespace {

// The file's bytes, read straight into the string that becomes the source
// text (a stream and a string stream copied every file twice and cost more
// than the read). `expected` (its size when stat'ed) is a first guess: a file
// that changed since is read to its end all the same.
bool readWhole(const std::string& path, size_t expected, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  out.resize(expected + 1);  // one byte more: reaching it shows the file grew
  size_t used = 0;
  for (;;) {
    if (used == out.size()) out.resize(out.size() * 2);
    ssize_t got = ::read(fd, out.data() + used, out.size() - used);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int saved = errno;
      ::close(fd);
      errno = saved;
      return false;
    }
    if (got == 0) break;
    used += static_cast<size_t>(got);
  }
  ::close(fd);
  out.resize(used);
  return true;
}

}  // namespace

LoadedSource loadSource(const std::string& path, const std::string& display_path) {
  LoadedSource result;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    result.error = std::string("cannot read file: ") + std::strerror(errno);
    return result;
  }
  if (!S_ISREG(st.st_mode)) {
    result.error = "not a regular file";
    return result;
  }
  if (static_cast<size_t>(st.st_size) > kMaxFileBytes) {
    result.error = "file is larger than 20 MiB; skipped";
    return result;
  }
  std::string text;
  if (!readWhole(path, static_cast<size_t>(st.st_size), text)) {
    result.error = std::string("cannot read file: ") + std::strerror(errno);
    return result;
  }
  if (text.find('\0') != std::string::npos) {
    result.error = "binary file (contains NUL bytes); skipped";
    return result;
  }
  size_t bad = 0;
  if (!isValidUtf8(text, &bad)) {
    result.error = "not valid UTF-8 (first invalid byte at offset " + std::to_string(bad) + ")";
    return result;
  }
  if (std::string why = lineBreakProblem(text); !why.empty()) {
    result.error = why;
    return result;
  }
  if (isNotebookPath(path)) return sourceFromText(display_path, std::move(text), FileKind::Unknown);
  FileKind kind = kindFromPathAndText(path, text);
  result.source = std::make_shared<SourceFile>(display_path, std::move(text), kind);
  return result;
}

LoadedSource sourceFromText(const std::string& display_path, std::string text, FileKind kind) {
  if (!isNotebookPath(display_path)) return {std::make_shared<SourceFile>(display_path, std::move(text), kind), "", ""};
  notebook::LoadedNotebook nb = notebook::loadNotebook(display_path, std::move(text));
  return {std::move(nb.source), std::move(nb.error), std::move(nb.skipped)};
}

FileAnalysis analyzeFile(const std::string& path, const std::string& display_path, const RuleOptions& options,
                         Checks checks) {
  LoadedSource loaded = loadSource(path, display_path);
  if (!loaded.source) {
    FileAnalysis result;
    result.error = loaded.error;
    result.skipped = loaded.skipped;
    return result;
  }
  return analyzeSource(std::move(loaded.source), options, checks);
}

}  // namespace gpulint
