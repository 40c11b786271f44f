#pragma once
// Byte ranges and text of AST nodes in the analysed file, for the model
// builder: what was written in the file (editable) versus produced by a
// macro body or a header.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <string>

#include "frontend/cxx/cxx_model.h"

namespace gpulint::cxx {

class SourceRanges {
 public:
  SourceRanges(clang::ASTContext& context, const CxxModel& model)
      : ctx_(context), sm_(context.getSourceManager()), model_(model) {}

  // Expanded into the analysed file (also through a macro used there).
  [[nodiscard]] bool inMainFile(clang::SourceLocation loc) const;
  // True when the token at `loc` is written in the analysed file itself
  // (possibly as a macro argument), so an edit there edits what clang saw.
  [[nodiscard]] bool spelledInFile(clang::SourceLocation loc) const;
  [[nodiscard]] uint32_t offsetOf(clang::SourceLocation loc) const;
  [[nodiscard]] Range rangeOf(clang::SourceRange r) const;
  [[nodiscard]] std::string textOf(const clang::Expr* e) const;
  [[nodiscard]] std::string lineOf(clang::SourceLocation loc) const;

 private:
  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  const CxxModel& model_;
};

}  // namespace gpulint::cxx
