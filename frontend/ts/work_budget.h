#pragma once
// A per-file analysis budget, counted in work units instead of seconds.
//
// A unit is one step of tree navigation by the analysis: a child handed out
// by namedChildren(), a level climbed by parent()/ancestors(), a child
// skipped by child(i). Every question the model and the checkers answer
// walks the tree, so a file whose analysis grows faster than its size runs
// out of units, while a file of ordinary code stays far below its budget.
// Counting work, not time, gives the same verdict for the same file on every
// machine and under any load (a time limit would make findings depend on the
// machine and on --jobs); the budget grows with the file's size.
//
// A WorkBudget installed on a thread (RAII) is charged by the navigation of
// that thread; past its limit the next charge throws BudgetExceeded, which the
// pipeline turns into a per-file error. Without a budget installed, charges
// cost one thread-local test and never throw.
#include <cstdint>
#include <exception>

namespace gpulint::ts {

struct BudgetExceeded : std::exception {
  [[nodiscard]] const char* what() const noexcept override { return "analysis work budget exceeded"; }
};

class WorkBudget {
 public:
  explicit WorkBudget(uint64_t limit) : limit_(limit), outer_(current()) { current() = this; }
  ~WorkBudget() { current() = outer_; }
  WorkBudget(const WorkBudget&) = delete;
  WorkBudget& operator=(const WorkBudget&) = delete;

  [[nodiscard]] uint64_t used() const { return used_; }
  [[nodiscard]] uint64_t limit() const { return limit_; }

  // Charges `units` to the budget of this thread, if one is installed.
  static void charge(uint64_t units) {
    if (WorkBudget* b = current(); b && (b->used_ += units) > b->limit_) throw BudgetExceeded();
  }

 private:
  static WorkBudget*& current() {
    thread_local WorkBudget* budget = nullptr;
    return budget;
  }
  uint64_t limit_;
  uint64_t used_ = 0;
  WorkBudget* outer_;
};

}  // namespace gpulint::ts
