// Comments of C++/CUDA: `//` and `/* */`, skipping string, character and raw-string literals.
#include "checkers/comments/lexer_base.h"

namespace gpulint::comments {

namespace {

class CxxLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    while (more()) {
      if (skipBlank()) continue;
      char c = t[i];
      if (c == '/' && at(i + 1) == '/') {
        comment(2);
      } else if (c == '/' && at(i + 1) == '*') {
        blockComment();
      } else {
        markCode();
        if (c == '"' || c == '\'') quoted(c);
        else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && std::isdigit(static_cast<unsigned char>(at(i + 1)))))
          number();
        else if (isIdentStart(c) || c == '$') identifier();
        else ++i;
      }
    }
  }

 private:
  void blockComment() {
    i += 2;
    while (more() && !(t[i] == '*' && at(i + 1) == '/')) {
      if (t[i] == '\n') ++line;
      ++i;
    }
    if (more()) i += 2;
  }

  // A pp-number, so that digit separators (1'000) do not open a character literal.
  void number() {
    while (more()) {
      char c = t[i];
      if ((c == '+' || c == '-') && i > 0 && oneOf(t[i - 1], "eEpP")) ++i;
      else if (c == '\'' && isIdent(at(i + 1))) i += 2;
      else if (isIdent(c) || c == '.') ++i;
      else break;
    }
  }

  void identifier() {
    size_t start = i;
    while (more() && (isIdent(t[i]) || t[i] == '$')) ++i;
    std::string_view ident = t.substr(start, i - start);
    if (at(i) == '"' && (ident == "R" || ident == "u8R" || ident == "uR" || ident == "UR" || ident == "LR"))
      rawString();
    // u8"..", L'..' and friends: the literal is lexed by the next iteration.
  }

  // "..." or '...' at i; an unescaped newline ends an unterminated one.
  void quoted(char q) {
    ++i;
    while (more()) {
      char c = t[i];
      if (c == '\\') {
        ++i;
        if (more()) stepInToken();  // an escaped newline continues the literal
      } else if (c == '\n') {
        return;
      } else {
        ++i;
        if (c == q) return;
      }
    }
  }

  // R"delim(...)delim" with the quote at i.
  void rawString() {
    size_t open = t.find('(', i + 1);
    if (open == std::string_view::npos || open - i - 1 > 16) {
      quoted('"');
      return;
    }
    std::string_view delim = t.substr(i + 1, open - i - 1);
    for (char c : delim) {
      if (isSpace(c) || c == '\n' || c == '\\' || c == ')' || c == '"') {
        quoted('"');
        return;
      }
    }
    std::string close = ")" + std::string(delim) + "\"";
    size_t end = t.find(close, open + 1);
    size_t stop = end == std::string_view::npos ? t.size() : end + close.size();
    while (i < stop) stepInToken();
  }
};

}  // namespace

LexedComments lexCxx(std::string_view text) { return lexWith<CxxLexer>(text); }

}  // namespace gpulint::comments
