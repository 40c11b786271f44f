#pragma once
// Facts about a kernel launch inside a host loop that say the loop does not
// launch one small kernel per iteration (GPU406 stays silent on them).
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace gpulint::cxx {

// The grid argument is sized to fill the device: it reads the SM count
// (cudaDeviceProp::multiProcessorCount), directly or through local
// variables initialised from it. Such a (persistent, grid-stride) kernel
// occupies every SM on each launch; it is not a small kernel.
[[nodiscard]] bool gridFillsDevice(const clang::Expr* grid);

// The launch flushes a batch: it sits in an `if` inside `loop` whose
// then-branch resets a counter (`n = 0`) that the loop body increments
// elsewhere. Work accumulates over iterations and one launch runs per full
// batch — the batching GPU406 asks for.
[[nodiscard]] bool flushesBatch(clang::ASTContext& context, const clang::Stmt* launch, const clang::Stmt* loop);

}  // namespace gpulint::cxx
