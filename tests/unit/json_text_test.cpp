// prettyJsonText must write exactly what nlohmann's dump(2, ' ', false, replace) writes.
#include "report/json_text.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace gpulint {
namespace {

template <class J>
J trickyDocument() {
  J doc;
  doc["plain"] = "hello world, a long enough ASCII string to cross several words";
  doc["escapes"] = std::string("quote \" backslash \\ tab \t newline \n cr \r ff \f bs \b ctl \x01\x1f del \x7f /");
  doc["utf8"] = "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80 and \" quotes \n";
  doc["invalid_utf8"] = "bad \xff\xfe byte and \xc3 truncated";
  doc["empty_string"] = "";
  doc["key with \"quote\"\n"] = 1;
  doc["numbers"] = J::array({0, -7, 42u, 18446744073709551615ull, -9223372036854775807ll - 1, 1.5, 0.1, 1e300});
  doc["flags"] = J::array({true, false, nullptr});
  doc["empty_object"] = J::object();
  doc["empty_array"] = J::array();
  doc["nested"] = {{"a", J::array({J::object(), J::array({1, J::array()}), {{"b", "c"}}})}, {"z", {{"y", nullptr}}}};
  for (int n = 0; n < 20; ++n) doc["lengths"].push_back(std::string(n, 'x') + (n % 3 ? "\"" : "\xc3\xa9"));
  return doc;
}

TEST(JsonText, MatchesNlohmannDumpForOrderedJson) {
  auto doc = trickyDocument<nlohmann::ordered_json>();
  EXPECT_EQ(prettyJsonText(doc), doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

TEST(JsonText, MatchesNlohmannDumpForJson) {
  auto doc = trickyDocument<nlohmann::json>();
  EXPECT_EQ(prettyJsonText(doc), doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  nlohmann::json scalar = "only a string";
  EXPECT_EQ(prettyJsonText(scalar), scalar.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  EXPECT_EQ(prettyJsonText(nlohmann::json::array()), "[]");
}

}  // namespace
}  // namespace gpulint
