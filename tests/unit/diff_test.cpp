// --diff on long files: changes far apart are separate small hunks, even
// when the part between them is too large for the LCS table.
#include <gtest/gtest.h>

#include <sstream>

#include "fixits/apply.h"

namespace gpulint::fixits {
namespace {

struct Counts {
  int hunks = 0, removed = 0, added = 0, lines = 0;
};

Counts count(const std::string& diff) {
  Counts c;
  std::istringstream in(diff);
  std::string line;
  while (std::getline(in, line)) {
    ++c.lines;
    if (line.starts_with("@@ ")) ++c.hunks;
    else if (line.starts_with("-") && !line.starts_with("--- ")) ++c.removed;
    else if (line.starts_with("+") && !line.starts_with("+++ ")) ++c.added;
  }
  return c;
}

std::vector<std::string> numbered(int n) {
  std::vector<std::string> lines;
  for (int i = 1; i <= n; ++i) lines.push_back("x" + std::to_string(i) + " = " + std::to_string(i) + "\n");
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l;
  return s;
}

TEST(UnifiedDiff, FarApartChangesInALongFileAreSmallHunks) {
  std::vector<std::string> before = numbered(3000), after = before;
  after[9] = "x10 = 10  # changed\n";                                 // replace line 10
  after.insert(after.begin() + 1500, {"inserted_a = 1\n", "inserted_b = 2\n"});  // insert after line 1500
  after.erase(after.begin() + 2901);                                  // delete line 2900
  Counts c = count(unifiedDiff("long.py", join(before), join(after)));
  EXPECT_EQ(c.hunks, 3);
  EXPECT_EQ(c.removed, 2);
  EXPECT_EQ(c.added, 3);
  EXPECT_LT(c.lines, 40);
}

TEST(UnifiedDiff, RepeatedLinesDoNotEndAChangeEarly) {
  // Blank lines repeat everywhere; the change must still be one clean replacement.
  std::vector<std::string> before;
  for (int i = 0; i < 2500; ++i) before.push_back(i % 2 ? "\n" : "v" + std::to_string(i) + " = 0\n");
  std::vector<std::string> after = before;
  after[4] = "v4 = 1\n";
  after[2400] = "v2400 = 1\n";
  Counts c = count(unifiedDiff("blank.py", join(before), join(after)));
  EXPECT_EQ(c.hunks, 2);
  EXPECT_EQ(c.removed, 2);
  EXPECT_EQ(c.added, 2);
}

TEST(UnifiedDiff, UnrelatedTextIsReplacedWhole) {
  Counts c = count(unifiedDiff("a.py", join(numbered(2100)), join(std::vector<std::string>(2100, "other\n"))));
  EXPECT_EQ(c.removed, 2100);
  EXPECT_EQ(c.added, 2100);
}

}  // namespace
}  // namespace gpulint::fixits
