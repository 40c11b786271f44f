// Comments of YAML: quoted scalars and block scalars are skipped.
#include "checkers/comments/lexer_base.h"

namespace gpulint::comments {

namespace {

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

}  // namespace

LexedComments lexYaml(std::string_view text) { return lexWith<YamlLexer>(text); }

}  // namespace gpulint::comments
