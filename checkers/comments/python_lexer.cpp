// Comments of Python source: strings (all prefixes, triple quotes, f-string fields) are skipped.
#include "checkers/comments/lexer_base.h"

namespace gpulint::comments {

namespace {

class PythonLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    while (more()) {
      if (skipBlank()) continue;
      char c = t[i];
      if (c == '#') {
        comment(1);
      } else {
        markCode();
        if (c == '"' || c == '\'') string(false, 0);
        else if (isIdentStart(c)) identifier(0);
        else ++i;
      }
    }
  }

 private:
  static constexpr int kMaxDepth = 32;

  static bool stringPrefix(std::string_view ident, bool* fields) {
    std::string p = lower(ident);
    static const char* const kPrefixes[] = {"r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt"};
    for (const char* k : kPrefixes) {
      if (p == k) {
        *fields = p.find('f') != std::string::npos || p.find('t') != std::string::npos;
        return true;
      }
    }
    return false;
  }

  // An identifier at i; a string prefix followed by a quote starts a string.
  void identifier(int depth) {
    size_t start = i;
    while (more() && isIdent(t[i])) ++i;
    bool fields = false;
    if (more() && (t[i] == '"' || t[i] == '\'') && stringPrefix(t.substr(start, i - start), &fields))
      string(fields, depth);
  }

  [[nodiscard]] bool tripleAt(size_t k, char q) const { return at(k) == q && at(k + 1) == q && at(k + 2) == q; }

  // A string literal whose opening quote is at i. `fields`: an f-/t-string,
  // whose {replacement fields} hold expressions (and so nested strings).
  void string(bool fields, int depth) {
    const char q = t[i];
    const bool triple = tripleAt(i, q);
    i += triple ? 3 : 1;
    if (depth >= kMaxDepth) fields = false;
    while (more()) {
      char c = t[i];
      if (c == '\\') {
        ++i;
        if (more()) stepInToken();
      } else if (c == '\n') {
        if (!triple) return;  // unterminated: the newline ends it
        stepInToken();
      } else if (c == q) {
        if (!triple) {
          ++i;
          return;
        }
        if (tripleAt(i, q)) {
          i += 3;
          return;
        }
        ++i;
      } else if (fields && c == '{') {
        if (at(i + 1) == '{') {
          i += 2;
        } else {
          ++i;
          field(q, triple, depth + 1);
        }
      } else {
        ++i;
      }
    }
  }

  // Inside `{...}` of an f-string quoted with q, after the '{'. Returns after
  // the closing '}', or before the character that ends the outer string.
  void field(char q, bool triple, int depth) {
    int nest = 0;
    while (more()) {
      char c = t[i];
      if (c == '\n') {
        if (!triple) return;
        stepInToken();
      } else if (c == '"' || c == '\'') {
        if (triple && c == q && tripleAt(i, q)) return;
        string(false, depth);
      } else if (isIdentStart(c)) {
        identifier(depth);
      } else if (c == '(' || c == '[' || c == '{') {
        ++nest;
        ++i;
      } else if (c == ')' || c == ']') {
        nest = std::max(0, nest - 1);
        ++i;
      } else if (c == '}') {
        ++i;
        if (nest == 0) return;
        --nest;
      } else if (c == ':' && nest == 0) {
        ++i;
        formatSpec(q, triple, depth);
        return;
      } else {
        ++i;
      }
    }
  }

  // The format spec after ':' in a replacement field: literal text up to the
  // field's '}', with nested {fields}.
  void formatSpec(char q, bool triple, int depth) {
    while (more()) {
      char c = t[i];
      if (c == '\n') {
        if (!triple) return;
        stepInToken();
      } else if (c == q && (!triple || tripleAt(i, q))) {
        return;  // the end of the outer string
      } else if (c == '{') {
        ++i;
        if (depth < kMaxDepth) field(q, triple, depth + 1);
      } else if (c == '}') {
        ++i;
        return;
      } else {
        ++i;
      }
    }
  }
};

}  // namespace

LexedComments lexPython(std::string_view text) { return lexWith<PythonLexer>(text); }

}  // namespace gpulint::comments
