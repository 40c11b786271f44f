#include "checkers/suppression_lexer.h"

#include <algorithm>
#include <cctype>

namespace gpulint {

namespace {


bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool isIdent(char c) { return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool oneOf(char c, std::string_view set) { return set.find(c) != std::string_view::npos; }

std::string lower(std::string_view s) {
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

// ---- Python ------------------------------------------------------------------

class PythonLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    while (more()) {
      char c = t[i];
      if (c == '\n') {
        ++line;
        ++i;
      } else if (isSpace(c)) {
        ++i;
      } else if (c == '#') {
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

// ---- YAML --------------------------------------------------------------------

class YamlLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    while (more()) {
      // At a line start.
      size_t indent = 0;
      while (at(i + indent) == ' ') ++indent;
      if (in_block_) {
        char first = at(i + indent);
        bool blank = first == '\n' || first == '\r' || first == '\0';
        if (blank || static_cast<int>(indent) > block_parent_indent_) {
          blockLine();
          continue;
        }
        in_block_ = false;
      }
      line_indent_ = static_cast<int>(indent);
      plainLine();
    }
  }

 private:
  // A line of a block scalar (`key: |`): its text is literal, but a `#` after
  // whitespace still carries directives (a trailing shell comment in `command:`).
  void blockLine() {
    char prev = ' ';
    while (more() && t[i] != '\n') {
      char c = t[i];
      if (c == '#' && isSpace(prev)) {
        comment(1);
        break;
      }
      if (!isSpace(c)) markCode();
      prev = c;
      ++i;
    }
    if (more()) {
      ++line;
      ++i;
    }
  }

  void plainLine() {
    char prev = '\n';
    char last_sig = '\0';  // last significant character on this line
    size_t last_sig_at = 0;
    while (more()) {
      char c = t[i];
      if (quote_) {
        if (c == '\n') {
          stepInToken();
          continue;
        }
        if (quote_ == '"' && c == '\\') {
          ++i;
          if (more()) stepInToken();
        } else if (c == quote_) {
          if (quote_ == '\'' && at(i + 1) == '\'') {
            i += 2;
          } else {
            quote_ = 0;
            last_sig = prev = c;
            last_sig_at = i;
            ++i;
          }
        } else {
          ++i;
        }
        continue;
      }
      if (c == '\n') break;
      if (isSpace(c)) {
        prev = c;
        ++i;
        continue;
      }
      if (c == '#' && (prev == '\n' || isSpace(prev))) {
        comment(1);
        break;
      }
      markCode();
      if ((c == '"' || c == '\'') && quoteMayOpen(last_sig, prev)) {
        quote_ = c;
        prev = c;
        ++i;
        continue;
      }
      last_sig = prev = c;
      last_sig_at = i;
      ++i;
    }
    if (last_sig != '\0' && !quote_ && opensBlockScalar(last_sig_at)) {
      in_block_ = true;
      block_parent_indent_ = line_indent_;
    }
    if (more()) {  // at the '\n'
      ++line;
      ++i;
    }
  }

  // A quote starts a quoted scalar only where a scalar may start.
  static bool quoteMayOpen(char last_sig, char prev) {
    if (last_sig == '\0' || last_sig == '[' || last_sig == '{' || last_sig == ',') return true;
    return (last_sig == ':' || last_sig == '-' || last_sig == '?') && isSpace(prev);
  }

  // `|`, `>`, `|-`, `>+2`... ending a line, after whitespace.
  [[nodiscard]] bool opensBlockScalar(size_t end) const {
    size_t k = end;
    while (k > 0 && oneOf(t[k], "-+0123456789")) --k;
    if (t[k] != '|' && t[k] != '>') return false;
    return k == 0 || t[k - 1] == '\n' || isSpace(t[k - 1]);
  }

  char quote_ = 0;
  bool in_block_ = false;
  int block_parent_indent_ = 0;
  int line_indent_ = 0;
};

// ---- C++ / CUDA ----------------------------------------------------------------

class CxxLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    while (more()) {
      char c = t[i];
      if (c == '\n') {
        ++line;
        ++i;
      } else if (isSpace(c)) {
        ++i;
      } else if (c == '/' && at(i + 1) == '/') {
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

// ---- Shell -------------------------------------------------------------------

// `#` starts a comment only at the start of a word (`$#`, `a#b`, `${#x}` are
// not comments); quotes may span lines. Here-documents are read as code.
class ShellLexer : public LexerBase {
 public:
  using LexerBase::LexerBase;

  void run() {
    char prev = ' ';
    while (more()) {
      char c = t[i];
      if (c == '\n') {
        ++line;
        ++i;
      } else if (isSpace(c)) {
        ++i;
      } else if (c == '#' && (isSpace(prev) || prev == '\n' || oneOf(prev, ";&|()"))) {
        if (t.substr(i, 7) == "#SBATCH") markCode();  // a Slurm directive: a line findings point at
        comment(1);
      } else {
        markCode();
        if (c == '\'' || c == '"') quoted(c);
        else if (c == '\\') { ++i; if (more()) stepInToken(); }
        else ++i;
      }
      prev = i > 0 ? t[i - 1] : ' ';
    }
  }

 private:
  void quoted(char q) {
    ++i;
    while (more() && t[i] != q) {
      if (q == '"' && t[i] == '\\') ++i;
      if (more()) stepInToken();
    }
    if (more()) ++i;
  }
};

}  // namespace

LexedComments lexComments(std::string_view text, FileKind kind) {
  auto take = [](auto&& lexer) {
    lexer.run();
    return LexedComments{std::move(lexer.comments), std::move(lexer.code)};
  };
  switch (kind) {
    case FileKind::Python: return take(PythonLexer(text));
    case FileKind::Yaml: return take(YamlLexer(text));
    case FileKind::Cxx: return take(CxxLexer(text));
    case FileKind::Shell: return take(ShellLexer(text));
    case FileKind::Json:
    case FileKind::Unknown: break;
  }
  return {};
}

}  // namespace gpulint
