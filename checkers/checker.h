#pragma once
// A checker is one rule: a small class that reads the analysis model and
// reports diagnostics to a sink. Fixes ride on the diagnostics.
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/options.h"
#include "frontend/source_file.h"

namespace gpulint {
namespace python { class ScriptModel; }
namespace cxx { struct CxxModel; }
namespace project { struct Job; struct JobRole; struct Launch; struct OptionBinding; }

// One container or task role of a job, with the script it launches (GPU3xx).
struct JobContext {
  const SourceFile* file = nullptr;          // the job YAML/JSON
  const project::Job* job = nullptr;
  const project::JobRole* role = nullptr;
  // The role's launch that starts the linked script; null when the role has
  // no command we can read or its script is not in the analysed project.
  const project::Launch* launch = nullptr;
  // The entry script analysed with the job's values; null when not linked.
  const python::ScriptModel* script = nullptr;
  const std::vector<project::OptionBinding>* bindings = nullptr;  // argv bound to the script's options
  // True when a top-level module name is a file or package of the analysed
  // project (its code may do what the entry script does not show).
  std::function<bool(std::string_view module)> is_project_module;
  [[nodiscard]] bool projectModule(std::string_view module) const {
    return is_project_module && is_project_module(module);
  }
};

// What a checker may read. Later front ends (configs, jobs, C++) add members.
struct AnalysisContext {
  const python::ScriptModel* script = nullptr;
  const cxx::CxxModel* cxx = nullptr;  // C++/CUDA files (checkers/ops)
  const RuleOptions* options = nullptr;
  const JobContext* job = nullptr;  // job rules (checkers/job) only, from the project pass
};

class DiagnosticSink {
 public:
  virtual ~DiagnosticSink() = default;
  virtual void report(Diagnostic diagnostic) = 0;
};

class VectorSink : public DiagnosticSink {
 public:
  void report(Diagnostic d) override { diagnostics.push_back(std::move(d)); }
  std::vector<Diagnostic> diagnostics;
};

class Checker {
 public:
  virtual ~Checker() = default;
  [[nodiscard]] virtual std::string_view id() const = 0;
  // The file kinds whose models this checker reads (job rules: Yaml/Json,
  // run by the project pass with AnalysisContext::job set).
  [[nodiscard]] virtual bool reads(FileKind kind) const = 0;
  virtual void run(const AnalysisContext& context, DiagnosticSink& sink) const = 0;
};

// The explicit, sorted list of every checker (checkers/registry.cpp).
[[nodiscard]] const std::vector<std::unique_ptr<Checker>>& allCheckers();

}  // namespace gpulint
