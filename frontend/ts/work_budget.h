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
    Thread& t = thread();
    t.charged += units;
    if (WorkBudget* b = t.budget; b && (b->used_ += units) > b->limit_) throw BudgetExceeded();
  }
  // Every unit charged on this thread so far, with or without a budget: the
  // difference across a computation is what it cost, so that a memo shared
  // between files can charge each file what computing it would have.
  [[nodiscard]] static uint64_t chargedOnThread() { return thread().charged; }

 private:
  struct Thread {
    WorkBudget* budget = nullptr;
    uint64_t charged = 0;
  };
  static Thread& thread() {
    thread_local Thread state;
    return state;
  }
  static WorkBudget*& current() { return thread().budget; }
  uint64_t limit_;
  uint64_t used_ = 0;
  WorkBudget* outer_;
};

}  // namespace gpulint::ts
