#pragma once
// A checker is one rule: a small class that reads the analysis model and
// reports diagnostics to a sink. Fixes ride on the diagnostics.
#include <memory>
#include <string_view>
#include <vector>

#include "checkers/diagnostic.h"
#include "checkers/options.h"
#include "frontend/source_file.h"

namespace gpulint {
namespace python { class ScriptModel; }
namespace cxx { struct CxxModel; }

// What a checker may read. Later front ends (configs, jobs, C++) add members.
struct AnalysisContext {
  const python::ScriptModel* script = nullptr;
  const cxx::CxxModel* cxx = nullptr;  // C++/CUDA files (checkers/ops)
  const RuleOptions* options = nullptr;
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
  // The file kinds whose models this checker reads.
  [[nodiscard]] virtual bool reads(FileKind kind) const = 0;
  virtual void run(const AnalysisContext& context, DiagnosticSink& sink) const = 0;
};

// The explicit, sorted list of every checker (checkers/registry.cpp).
[[nodiscard]] const std::vector<std::unique_ptr<Checker>>& allCheckers();

}  // namespace gpulint
