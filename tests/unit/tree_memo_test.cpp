// TreeMemo (frontend/python/tree_memo.h): tree-only memos shared by the cache
// scopes of the cross-file pass. Computed once; every later first use pays
// the units the computation cost, so a file's budget verdict is the same
// whoever computed the entry; a computation cut by the budget leaves nothing.
#include <gtest/gtest.h>

#include <string>

#include "frontend/python/tree_memo.h"

namespace gpulint::python {
namespace {

TEST(TreeMemo, ComputesOnceAndChargesEveryLaterUse) {
  TreeMemo<std::string> memo;
  int computed = 0;
  auto compute = [&](std::string& out) {
    ++computed;
    ts::WorkBudget::charge(7);
    out = "sites";
  };
  {
    ts::WorkBudget budget(100);
    EXPECT_EQ(memo.get({1, 9}, compute), "sites");
    EXPECT_EQ(budget.used(), 7u);
  }
  ts::WorkBudget other_file(100);
  EXPECT_EQ(memo.get({1, 9}, compute), "sites");
  EXPECT_EQ(computed, 1);
  EXPECT_EQ(other_file.used(), 7u);  // as if it had computed the entry itself
  memo.get({2, 9}, compute);         // another key: computed anew
  EXPECT_EQ(computed, 2);
}

TEST(TreeMemo, AReusedEntryStillExhaustsASmallBudget) {
  TreeMemo<std::string> memo;
  memo.get({0, 1}, [](std::string& out) {
    ts::WorkBudget::charge(50);
    out = "x";
  });
  ts::WorkBudget small(10);
  EXPECT_THROW(memo.get({0, 1}, [](std::string&) {}), ts::BudgetExceeded);
}

TEST(TreeMemo, AComputationCutByTheBudgetLeavesNoEntry) {
  TreeMemo<std::string> memo;
  {
    ts::WorkBudget small(3);
    EXPECT_THROW(memo.get({0, 1},
                          [](std::string& out) {
                            out = "half";
                            ts::WorkBudget::charge(5);
                          }),
                 ts::BudgetExceeded);
  }
  EXPECT_EQ(memo.get({0, 1}, [](std::string& out) { out = "whole"; }), "whole");
}

}  // namespace
}  // namespace gpulint::python
