// Comments of shell scripts.
#include "checkers/comments/lexer_base.h"

namespace gpulint::comments {

namespace {

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

LexedComments lexShell(std::string_view text) { return lexWith<ShellLexer>(text); }

}  // namespace gpulint::comments
