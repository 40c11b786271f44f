#pragma once
// The errors clang reports while gpulint parses one file, summarised for
// GPU400: how many, and the first. They are kept with their locations until
// the AST is complete, because an error inside a device-only function body
// (__global__, or __device__ without __host__) is dropped then: gpulint's
// checks read host code only, and a host-only parse sees device code
// without what nvcc's device pass gives it (the `__CUDA_ARCH__` branches,
// the toolkit's full set of intrinsics), so such an error hides no finding.
#include <clang/Basic/Diagnostic.h>

#include <string>
#include <vector>

#include "frontend/cxx/include_policy.h"

namespace clang { class ASTContext; }

namespace gpulint::cxx {

class ParseErrors : public clang::DiagnosticConsumer {
 public:
  // `shim_dir`: gpulint's virtual shim folder (its errors may be quoted).
  ParseErrors(const IncludePolicy& policy, std::string shim_dir);

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

  // Drops the errors located in device-only function bodies. Called once
  // the translation unit is complete, while its SourceManager is alive.
  void dropDeviceCodeErrors(clang::ASTContext& context);

  [[nodiscard]] int count() const { return static_cast<int>(errors_.size()); }
  // "file.cu:12: message" of the first error kept ("" when none).
  [[nodiscard]] std::string first() const { return errors_.empty() ? "" : errors_.front().text; }

 private:
  struct Error {
    clang::SourceLocation at;  // expansion location; invalid when clang gave none
    std::string text;
  };
  [[nodiscard]] std::string describe(const clang::Diagnostic& info) const;

  const IncludePolicy& policy_;
  std::string shim_dir_;
  std::vector<Error> errors_;
};

}  // namespace gpulint::cxx
