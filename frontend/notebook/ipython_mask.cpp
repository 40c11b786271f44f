// IPython syntax in a code cell, masked so the cell parses as Python. Only
// lines where a Python statement could start are looked at (outside
// brackets, strings and backslash continuations): `% x)` continuing an
// expression is Python's modulo, not a magic.
#include <cctype>
#include <set>
#include <string>

#include "frontend/notebook/notebook.h"

namespace gpulint::notebook {

namespace {

// Cell magics whose body is Python run as usual (timed, captured, profiled).
bool pythonBodyCellMagic(std::string_view name) {
  static const std::set<std::string, std::less<>> names = {"time", "timeit", "capture", "prun", "debug", "memit"};
  return names.count(name) > 0;
}

// Line magics that run the rest of their line as Python (`%time
// train(model, loader)`): only the magic is masked, so the call stays in the
// model (its loop, its arguments). Options (`%timeit -n 10 f()`) and a
// compound statement after the magic (`%time for ...: f()`) keep the whole
// line masked: `0;` cannot precede them.
bool pythonLineMagic(std::string_view name) {
  static const std::set<std::string, std::less<>> names = {"time", "timeit", "prun", "memit"};
  return names.count(name) > 0;
}

// Where the Python code of `%time <code>` starts (line offset), or npos.
size_t lineMagicCode(std::string_view line, size_t at) {
  std::string_view code = line.substr(at);
  if (!code.starts_with('%') || code.starts_with("%%")) return std::string_view::npos;
  size_t name_end = code.find_first_of(" \t", 1);
  if (name_end == std::string_view::npos || !pythonLineMagic(code.substr(1, name_end - 1))) return std::string_view::npos;
  size_t start = code.find_first_not_of(" \t", name_end);
  if (start == std::string_view::npos || code[start] == '-' || code[start] == '#') return std::string_view::npos;
  std::string_view rest = code.substr(start);
  size_t word = 0;
  while (word < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[word])) || rest[word] == '_')) ++word;
  for (std::string_view keyword : {"for", "while", "if", "with", "def", "class", "try", "async", "elif", "else"})
    if (rest.substr(0, word) == keyword) return std::string_view::npos;
  if (line.back() == '\\') return std::string_view::npos;  // continued: masked with its next lines
  return at + start;
}

// Tracks whether the next line starts a statement: bracket depth, open
// strings (triple-quoted ones span lines) and backslash continuations.
class StatementTracker {
 public:
  [[nodiscard]] bool atStatementStart() const { return depth_ == 0 && quote_.empty() && !continued_; }

  void consumeLine(std::string_view line) {
    continued_ = false;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (!quote_.empty()) {
        if (c == '\\') ++i;
        else if (line.substr(i, quote_.size()) == quote_) i += quote_.size() - 1, quote_.clear();
        continue;
      }
      if (c == '#') break;
      if (c == '\\' && i + 1 == line.size()) continued_ = true;
      if (c == '(' || c == '[' || c == '{') ++depth_;
      if ((c == ')' || c == ']' || c == '}') && depth_ > 0) --depth_;
      if (c == '"' || c == '\'') {
        bool triple = line.substr(i, 3) == std::string(3, c);
        quote_ = std::string(triple ? 3 : 1, c);
        i += triple ? 2 : 0;
      }
    }
    if (quote_.size() == 1) quote_.clear();  // an unterminated one-line string ends with its line
  }

 private:
  size_t depth_ = 0;
  std::string quote_;
  bool continued_ = false;
};

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

// Where an IPython expression starts on a statement line, or npos:
// `%magic`, `!cmd`, `?obj` at the start; `x = !cmd` / `x = %magic` after an
// assignment; the whole line for `obj?` help.
size_t ipythonStart(std::string_view line, size_t indent) {
  std::string_view code = line.substr(indent);
  if (code.empty()) return std::string_view::npos;
  if (code[0] == '%' || code[0] == '!' || code[0] == '?') return indent;
  if (code.back() == '?' && code.find('#') == std::string_view::npos && code.find('"') == std::string_view::npos &&
      code.find('\'') == std::string_view::npos)
    return indent;
  if (!isIdentifierStart(code[0])) return std::string_view::npos;
  size_t eq = code.find('=');
  if (eq == std::string_view::npos || (eq + 1 < code.size() && code[eq + 1] == '=')) return std::string_view::npos;
  for (size_t k = 0; k < eq; ++k)
    if (!std::isalnum(static_cast<unsigned char>(code[k])) && std::string_view("_, ").find(code[k]) == std::string_view::npos)
      return std::string_view::npos;
  size_t rhs = code.find_first_not_of(' ', eq + 1);
  if (rhs == std::string_view::npos || (code[rhs] != '!' && code[rhs] != '%')) return std::string_view::npos;
  return indent + rhs;
}

// `0` then spaces: an expression statement, valid even as a block's only line.
void neutralize(std::string& text, size_t begin, size_t end, bool keep_statement) {
  for (size_t k = begin; k < end; ++k) text[k] = ' ';
  if (keep_statement && end > begin) text[begin] = '0';
}

}  // namespace

std::vector<ByteRange> maskIPython(std::string& source) {
  std::vector<ByteRange> masked;
  StatementTracker tracker;
  bool in_magic_continuation = false, whole_cell = false, first_code_line = true;
  size_t pos = 0;
  while (pos < source.size()) {
    size_t eol = source.find('\n', pos);
    if (eol == std::string::npos) eol = source.size();
    size_t content_end = eol > pos && source[eol - 1] == '\r' ? eol - 1 : eol;
    std::string_view line(source.data() + pos, content_end - pos);
    size_t indent = line.find_first_not_of(" \t");
    bool blank = indent == std::string_view::npos;
    size_t from = std::string_view::npos;
    if (whole_cell || in_magic_continuation) {
      from = 0;
    } else if (!blank && first_code_line && line.substr(indent).starts_with("%%")) {
      std::string_view name = line.substr(indent + 2);
      name = name.substr(0, name.find_first_of(" \t"));
      whole_cell = !pythonBodyCellMagic(name);
      from = indent;
    } else if (!blank && tracker.atStatementStart()) {
      from = ipythonStart(line, indent);
    }
    if (!blank) first_code_line = false;
    size_t code = from != std::string_view::npos && !whole_cell && !in_magic_continuation ? lineMagicCode(line, from)
                                                                                               : std::string_view::npos;
    if (code != std::string_view::npos) {
      // `%time f(x)` -> `0;    f(x)`: an expression statement, then the call.
      neutralize(source, pos + from, pos + code, true);
      source[pos + from + 1] = ';';
      masked.push_back({static_cast<uint32_t>(pos + from), static_cast<uint32_t>(pos + code)});
      tracker.consumeLine(line.substr(code));
    } else if (from != std::string_view::npos) {
      bool continues = !line.empty() && line.back() == '\\';
      neutralize(source, pos + from, content_end, !whole_cell && !in_magic_continuation);
      masked.push_back({static_cast<uint32_t>(pos + from), static_cast<uint32_t>(content_end)});
      in_magic_continuation = continues;
    } else {
      tracker.consumeLine(line);
    }
    pos = eol + 1;
  }
  return masked;
}

}  // namespace gpulint::notebook
