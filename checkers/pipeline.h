#pragma once
// Runs every registered checker that reads a file's kind over its model.
// Filtering (suppressions, select/ignore, levels) happens after, in one place.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "core/diagnostic.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"

namespace gpulint {

namespace python {
class ScriptModel;
}

// A Python file's own checks, deferred to the project step (Checks::Deferred):
// a file that links to other files is checked there with the project anyway,
// so only the others need their own findings, computed once and shared by
// every copy of the analysis (the project view is rebuilt from copies).
struct DeferredChecks {
  uint64_t budget_limit = 0;  // the file's work budget (ts/work_budget.h)
  uint64_t budget_left = 0;   // what building the model left for the checks
  bool done = false;
  std::vector<Diagnostic> own;  // the file's findings without the project, once done
  std::string error;            // non-empty when the checks ran out of budget
};

struct FileAnalysis {
  SourceFilePtr source;
  std::vector<Diagnostic> diagnostics;
  std::string error;    // non-empty when the file could not be analysed
  std::string skipped;  // non-empty: left alone as not ours (a data JSON), and why (--verbose)
  // Non-empty: shown on every run, not an error (a launch script the shell
  // grammar cannot read: bash may run it, so it does not fail the run).
  std::string note;
  // A Python file's model, kept for the project step (project_pass.h) so the
  // file is parsed once; null for other kinds.
  std::shared_ptr<python::ScriptModel> script;
  // Non-null while the Python checks have not run (see DeferredChecks).
  std::shared_ptr<DeferredChecks> deferred;
  // C++/CUDA: includes found nowhere and skipped, as written (GPU400's
  // run-level summary names the most common).
  std::vector<std::string> missing_headers;
  // A Python file analysed at once: the work units (ts/work_budget.h) its
  // model and checks used, so an editor can tell whether the same work still
  // fits the budget of an edited text (lsp/reuse.h).
  uint64_t work_used = 0;
};

// The work budget of one file's analysis, by its size in bytes.
[[nodiscard]] uint64_t analysisBudgetFor(size_t bytes);

// When analyzeSource runs a Python file's checkers: at once, or deferred to
// the project step (linkJobs), which checks each file once, with or without
// the project.
enum class Checks { Now, Deferred };

// Every Python rule over one model (the per-file pass, and again with the
// model attached to its project).
[[nodiscard]] std::vector<Diagnostic> pythonDiagnostics(const python::ScriptModel& script, const RuleOptions& options);

// Runs `checks` over `file`'s model under the work budget its model left;
// past it the file becomes an error (as when its model ran out). False then.
bool runWithinBudget(FileAnalysis& file, const std::function<void()>& checks);

// Widens a deferred file's budget by the code linked with it (`bytes` of other
// files its project checks may walk), at the rate of its own bytes.
void extendBudget(FileAnalysis& file, size_t linked_bytes);

// A deferred file's own findings (the model without the project attached):
// computed once, shared by the copies, and moved into `file`.
void completeOwnChecks(FileAnalysis& file, const RuleOptions& options);

// Analyses one in-memory file (any kind; unknown kinds yield nothing).
[[nodiscard]] FileAnalysis analyzeSource(SourceFilePtr source, const RuleOptions& options, Checks checks = Checks::Now);

// Analyses a Python file from a tree already parsed from its text (the
// editor's incrementally re-parsed tree), skipping the parse; other kinds
// ignore the tree and take the path above.
[[nodiscard]] FileAnalysis analyzeSource(SourceFilePtr source, ts::Tree tree, const RuleOptions& options,
                                         Checks checks = Checks::Now);

struct LoadedSource {
  SourceFilePtr source;  // null when the file could not be read or is left alone
  std::string error;
  std::string skipped;   // left alone as not ours (a notebook of another language), and why
};

// The source the analysis reads for a file's text: a Jupyter notebook
// becomes the Python of its code cells (frontend/notebook), mapped back to
// its JSON; any other file is its text as is.
[[nodiscard]] LoadedSource sourceFromText(const std::string& display_path, std::string text, FileKind kind);

// Reads a file for analysis; unreadable, binary, oversized or non-UTF-8
// files give a clear error instead.
[[nodiscard]] LoadedSource loadSource(const std::string& path, const std::string& display_path);

// Reads and analyses a file from disk; read/decode problems become `error`.
[[nodiscard]] FileAnalysis analyzeFile(const std::string& path, const std::string& display_path,
                                       const RuleOptions& options, Checks checks = Checks::Now);

}  // namespace gpulint
