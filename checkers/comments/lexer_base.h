#pragma once
// What the per-kind comment lexers share (internal to checkers/comments/):
// character classes and LexerBase, which walks the text counting lines and
// collects the comments. Each kind's lexer lives in its own file.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/suppression_lexer.h"

namespace gpulint::comments {

inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
inline bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
inline bool isIdent(char c) { return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c)); }
inline bool oneOf(char c, std::string_view set) { return set.find(c) != std::string_view::npos; }

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// What every lexer shares: the text, the current line, which lines hold
// something other than whitespace and comments, and the comments found.
struct LexerBase {
  std::string_view t;
  size_t i = 0;
  uint32_t line = 1;
  std::vector<char> code;  // indexed by line
  std::vector<Comment> comments;

  explicit LexerBase(std::string_view text) : t(text) {
    code.assign(static_cast<size_t>(std::count(t.begin(), t.end(), '\n')) + 2, 0);
  }
  [[nodiscard]] bool more() const { return i < t.size(); }
  [[nodiscard]] char at(size_t k) const { return k < t.size() ? t[k] : '\0'; }
  void markCode() { code[line] = 1; }
  // Steps over a line end or a blank between tokens; false at anything else.
  bool skipBlank() {
    if (t[i] == '\n') ++line;
    else if (!isSpace(t[i])) return false;
    ++i;
    return true;
  }
  // Steps over one character, counting lines; lines entered count as code
  // (they continue a string or similar token).
  void stepInToken() {
    if (t[i] == '\n') {
      ++line;
      markCode();
    }
    ++i;
  }
  // The comment whose marker (of `marker_len` bytes) starts at i; i moves to the line end.
  void comment(size_t marker_len) {
    size_t start = i + marker_len;
    size_t end = t.find('\n', start);
    if (end == std::string_view::npos) end = t.size();
    std::string_view text = t.substr(start, end - start);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    comments.push_back({line, !code[line], text});
    i = end;
  }
};

[[nodiscard]] LexedComments lexPython(std::string_view text);
[[nodiscard]] LexedComments lexYaml(std::string_view text);
[[nodiscard]] LexedComments lexCxx(std::string_view text);
[[nodiscard]] LexedComments lexShell(std::string_view text);

// Runs a lexer and hands over what it found.
template <typename Lexer>
[[nodiscard]] LexedComments lexWith(std::string_view text) {
  Lexer lexer(text);
  lexer.run();
  return LexedComments{std::move(lexer.comments), std::move(lexer.code)};
}

}  // namespace gpulint::comments
