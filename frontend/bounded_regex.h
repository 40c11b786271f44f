#pragma once
// std::regex recurses once per character it consumes: on unbounded input (an
// identifier of 100k underscores in a generated file) it overflows the stack.
// Name heuristics therefore only look at text of a length people write; a
// longer "name" is not one they meant, and simply does not match.
#include <regex>
#include <string>
#include <string_view>

namespace gpulint {

inline constexpr size_t kMaxMatchedNameLength = 256;

[[nodiscard]] inline bool nameSearch(std::string_view name, const std::regex& re) {
  if (name.size() > kMaxMatchedNameLength) return false;
  return std::regex_search(name.begin(), name.end(), re);
}

[[nodiscard]] inline bool nameMatch(std::string_view name, const std::regex& re) {
  if (name.size() > kMaxMatchedNameLength) return false;
  return std::regex_match(name.begin(), name.end(), re);
}

}  // namespace gpulint
