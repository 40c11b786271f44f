#pragma once
// Reads a kernel launch's <<<grid, block, ...>>> arguments: their text and,
// when constant, the thread or block count (the product of a dim3).
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <set>
#include <string>

#include "frontend/cxx/source_ranges.h"

namespace gpulint::cxx {

class LaunchConfigReader {
 public:
  // `mutated`: dim3 variables assigned after their declaration (`block.x = n`).
  LaunchConfigReader(clang::ASTContext& context, const SourceRanges& ranges,
                     const std::set<const clang::ValueDecl*>& mutated)
      : ctx_(context), ranges_(ranges), mutated_(mutated) {}

  [[nodiscard]] LaunchArg read(const clang::Expr* e) const;

 private:
  std::optional<int64_t> dimProduct(const clang::Expr* e, std::string* origin, int depth = 0) const;
  std::optional<int64_t> intValue(const clang::Expr* e, std::string* origin) const;

  clang::ASTContext& ctx_;
  const SourceRanges& ranges_;
  const std::set<const clang::ValueDecl*>& mutated_;
};

}  // namespace gpulint::cxx
