// The hand-written name matchers (frontend/name_match.h) that replaced the
// std::regex name heuristics: ASCII case folding, the length cap, and word
// edges as the regexes' `(^|[._])...([._]|$)` and `\b` spelled them.
#include <gtest/gtest.h>

#include <string>

#include "frontend/name_match.h"

namespace gpulint::names {
namespace {

TEST(NameMatch, LowersAsciiOnly) {
  Lowered l("Train_LOADER_\xC3\x89");
  ASSERT_TRUE(l.fits());
  EXPECT_EQ(l.view(), "train_loader_\xC3\x89");  // UTF-8 bytes untouched, as icase did
}

TEST(NameMatch, NamesLongerThanTheCapMatchNothing) {
  std::string longest(kMaxMatchedNameLength, 'x');
  EXPECT_TRUE(Lowered(longest).fits());
  EXPECT_FALSE(Lowered(longest + "x").fits());
  EXPECT_TRUE(Lowered(longest + "x").view().empty());
}

TEST(NameMatch, ContainsAnyAndIsAny) {
  EXPECT_TRUE(containsAny("save_every_n", {"ckpt", "every"}));
  EXPECT_FALSE(containsAny("save_interval", {"ckpt", "every"}));
  EXPECT_TRUE(isAny("netd", {"netg", "netd"}));
  EXPECT_FALSE(isAny("netd2", {"netg", "netd"}));  // whole names only
}

TEST(NameMatch, OccursBetweenChecksBothEdges) {
  // `(^|[._])last([._]|$)`
  auto between = [](std::string_view text) {
    return occursBetween(text, "last", true, isDotOrUnderscore, true, isDotOrUnderscore);
  };
  EXPECT_TRUE(between("last"));
  EXPECT_TRUE(between("is_last.x"));
  EXPECT_TRUE(between("blast_last"));  // the second occurrence counts
  EXPECT_FALSE(between("blast"));
  EXPECT_FALSE(between("lastly"));
  // An edge that does not count: `max` followed by a letter, never at the end.
  EXPECT_TRUE(occursBetween("maxsteps", "max", true, [](char) { return true; }, false, isLowerLetter));
  EXPECT_FALSE(occursBetween("max", "max", true, [](char) { return true; }, false, isLowerLetter));
  EXPECT_FALSE(occursBetween("max_1", "max", true, [](char) { return true; }, false, isLowerLetter));
}

}  // namespace
}  // namespace gpulint::names
