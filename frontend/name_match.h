#pragma once
// Hand-written matchers for the name heuristics (what a variable or function
// is called), in place of std::regex searches: the heuristics run for every
// call, loop and guard of a file, and std::regex costs a heap-allocating
// backtracking search per question. Matching is ASCII case-insensitive, as
// the regexes with std::regex::icase were, and, like nameSearch, a "name"
// longer than kMaxMatchedNameLength never matches.
#include <array>
#include <cstddef>
#include <initializer_list>
#include <string_view>

#include "frontend/bounded_regex.h"

namespace gpulint::names {

// A lower-case copy of a name short enough to be matched, held on the stack.
class Lowered {
 public:
  explicit Lowered(std::string_view text) : fits_(text.size() <= kMaxMatchedNameLength) {
    if (!fits_) return;
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      buf_[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    size_ = text.size();
  }
  // False for a name too long to be one (it matches nothing).
  [[nodiscard]] bool fits() const { return fits_; }
  [[nodiscard]] std::string_view view() const { return {buf_.data(), size_}; }

 private:
  std::array<char, kMaxMatchedNameLength> buf_{};
  size_t size_ = 0;
  bool fits_;
};

// `text` contains one of `words` (all lower case).
[[nodiscard]] inline bool containsAny(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (text.find(w) != std::string_view::npos) return true;
  return false;
}

// `text` is one of `words`.
[[nodiscard]] inline bool isAny(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (text == w) return true;
  return false;
}

// `word` occurs in `text` where the character before it (if any) passes
// `before` and the one after it (if any) passes `after`; an edge of `text`
// counts when the matching flag says so.
template <typename Before, typename After>
[[nodiscard]] bool occursBetween(std::string_view text, std::string_view word, bool start_ok, Before before,
                                 bool end_ok, After after) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    bool left = at == 0 ? start_ok : before(text[at - 1]);
    bool right = end == text.size() ? end_ok : after(text[end]);
    if (left && right) return true;
  }
  return false;
}

[[nodiscard]] inline bool isDotOrUnderscore(char c) { return c == '.' || c == '_'; }
[[nodiscard]] inline bool isLowerLetter(char c) { return c >= 'a' && c <= 'z'; }
[[nodiscard]] inline bool isAsciiLetter(char c) { return isLowerLetter(c) || (c >= 'A' && c <= 'Z'); }

}  // namespace gpulint::names
