#pragma once
// Where a statement runs inside its function, read from the ifs around it
// and the guards before it: on the CPU side of a device dispatch, only when
// a check fails, or only when persistent state says a buffer must grow.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace gpulint::cxx {

class BranchFacts {
 public:
  explicit BranchFacts(clang::ASTContext& context) : ctx_(context) {}

  // The else of `if (x.is_cuda())`, the then of `if (x.device().is_cpu())`,
  // the false arm of `x.is_cuda() ? a : b`, or after `if (x.is_cuda()) return
  // ...;` / `TORCH_CHECK(x.is_cpu())`. The innermost decided test wins.
  [[nodiscard]] bool onCpuSide(const clang::Stmt* s) const;
  // Runs only when a check fails: a TORCH_CHECK message, the body of an if
  // that ends in a throw or a [[noreturn]] call, a throw's operand.
  [[nodiscard]] bool onFailurePath(const clang::Stmt* s) const;
  // The then of `if (debug)` / `if (verbose && ...)`: a flag named for
  // debugging turns the branch on; normal runs skip it (a `CHECK_CUDA(x,
  // debug)` macro's device synchronise).
  [[nodiscard]] bool debugOnly(const clang::Stmt* s) const;
  // `if (!buffer_) cudaMalloc(&buffer_, n)` on a member, static or global
  // buffer: lazy one-time set-up.
  [[nodiscard]] bool lazyInitGuarded(const clang::CallExpr* call) const;
  // Inside a set-up block that disarms itself: `if (s->fresh) { s->fresh =
  // false; ... }` (a flag the branch clears), or `if (s->m == NULL) {
  // cudaMalloc(&s->m, n); cudaMalloc(&s->v, n); cudaMemset(s->v, ...); }`
  // (a null test of a member, static or global pointer the branch
  // allocates): everything in it runs on the first call only.
  [[nodiscard]] bool inSelfDisarmingBranch(const clang::Stmt* s) const;
  // Behind a test on persistent state (a member, static or global compared
  // with a size, or null-tested), inside the if or after an early return:
  // `if (n <= capacity_) return;` then grow. Runs when the buffer grows.
  [[nodiscard]] bool growthGuarded(const clang::Stmt* s) const;
  // The innermost arm that holds `s` and runs only on some calls: the then
  // or else of an if, an arm of `?:`, a switch's body; null when `s` runs
  // whenever its function body does (loops aside).
  [[nodiscard]] const clang::Stmt* conditionalArm(const clang::Stmt* s) const;

 private:
  clang::ASTContext& ctx_;
};

}  // namespace gpulint::cxx
