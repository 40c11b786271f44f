#include "checkers/suppression.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "checkers/suppression_lexer.h"
#include "patterns/rule_docs.h"

namespace gpulint {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// ---- directives ----------------------------------------------------------------

std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  return s;
}

std::string_view trim(std::string_view s) {
  s = trimLeft(s);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && lower(s.substr(0, prefix.size())) == prefix;
}

bool isGpulintSelector(std::string_view s) {
  if (s.substr(0, 3) != "GPU" || s.size() > 6) return false;
  return std::all_of(s.begin() + 3, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Reads a token of [A-Za-z0-9_] at the front of s.
std::string_view token(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_')) ++n;
  return s.substr(0, n);
}

// `[A-Za-z]+[0-9]+`, the shape of a lint code in a noqa list.
bool looksLikeCode(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && std::isalpha(static_cast<unsigned char>(s[n]))) ++n;
  if (n == 0 || n == s.size()) return false;
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(n), s.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

struct Directive {
  enum Kind { Line, File } kind = Line;
  bool next_line = false;  // also the next code line when alone on its line
  bool names_rules = false;  // lists gpulint ids (a bare `# noqa` may be meant for another tool)
  bool foreign_codes = false;  // `noqa: E501, GPU201`: also other tools' codes
  bool next_line_only = false;  // NOLINTNEXTLINE: the line below, not its own
  std::vector<std::string> selectors;  // "" = all
  std::string_view text;               // the directive as written, trimmed
};

// `gpulint: disable=...` / `gpulint: disable-file=...`, s after "gpulint:".
void parseGpulint(std::string_view s, uint32_t line, std::vector<Directive>& out, Suppressions& sup) {
  s = trimLeft(s);
  size_t n = 0;
  while (n < s.size() && (std::isalpha(static_cast<unsigned char>(s[n])) || s[n] == '-')) ++n;
  std::string word(s.substr(0, n));
  if (word != "disable" && word != "disable-file") {
    sup.addInvalid(line, "unknown gpulint directive '" + word + "' (expected disable= or disable-file=)");
    return;
  }
  s = trimLeft(s.substr(n));
  if (s.empty() || s.front() != '=') {
    sup.addInvalid(line, "expected '=' and rule ids after 'gpulint: " + word + "'");
    return;
  }
  s = trimLeft(s.substr(1));
  Directive d;
  d.kind = word == "disable" ? Directive::Line : Directive::File;
  d.next_line = d.kind == Directive::Line;
  bool any = false;
  while (true) {
    std::string_view tok = token(s);
    if (tok.empty()) break;
    any = true;
    std::string id = upper(tok);
    d.names_rules = true;
    if (id == "ALL") d.selectors.push_back("");
    else if (isGpulintSelector(id)) d.selectors.push_back(id);
    else sup.addInvalid(line, "'" + std::string(tok) + "' is not a gpulint rule id, prefix or 'all'");
    s = trimLeft(s.substr(tok.size()));
    if (s.empty() || s.front() != ',') break;
    s = trimLeft(s.substr(1));
  }
  if (!any) sup.addInvalid(line, "no rule ids after 'gpulint: " + word + "='");
  if (!d.selectors.empty()) out.push_back(std::move(d));
}

// `noqa`, `noqa: GPU201, GPU204`, s after "noqa".
void parseNoqa(std::string_view s, std::vector<Directive>& out) {
  Directive d;
  if (s.empty() || s.front() != ':') {
    d.selectors.push_back("");  // bare: every rule
    out.push_back(std::move(d));
    return;
  }
  s = s.substr(1);
  bool any_code = false;
  while (true) {
    while (!s.empty() && (isSpace(s.front()) || s.front() == ',')) s.remove_prefix(1);
    std::string_view tok = token(s);
    if (!looksLikeCode(tok)) break;
    any_code = true;
    std::string id = upper(tok);
    if (isGpulintSelector(id)) d.selectors.push_back(id), d.names_rules = true;
    else d.foreign_codes = true;  // other tools' codes: not ours
    s.remove_prefix(tok.size());
  }
  if (!any_code) d.selectors.push_back("");  // `# noqa:` without codes: blanket, as flake8
  if (!d.selectors.empty()) out.push_back(std::move(d));
}

// clang-tidy's spelling in C++: `NOLINT(gpulint-GPU401)`, `NOLINT(gpulint-sync-in-op)`,
// `NOLINTNEXTLINE(gpulint-*)`; s starts at "NOLINT". Only the `gpulint-` entries
// are ours: a bare NOLINT or `NOLINT(bugprone-...)` is clang-tidy's business.
void parseNolint(std::string_view s, uint32_t line, std::vector<Directive>& out, Suppressions& sup) {
  Directive d;
  s.remove_prefix(6);
  if (s.substr(0, 8) == "NEXTLINE") {
    d.next_line_only = true;
    s.remove_prefix(8);
  } else if (!s.empty() && s.front() != '(' && !isSpace(s.front())) {
    return;  // NOLINTBEGIN/NOLINTEND regions: not supported, not ours to misread
  }
  if (s.empty() || s.front() != '(') return;
  size_t close = s.find(')');
  if (close == std::string_view::npos) return;
  std::string_view list = s.substr(1, close - 1);
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (item.substr(0, 8) != "gpulint-") {
      if (!item.empty()) d.foreign_codes = true;
      continue;
    }
    std::string_view name = item.substr(8);
    std::string id = upper(name);
    d.names_rules = true;
    if (name == "*") d.selectors.push_back("");
    else if (isGpulintSelector(id)) d.selectors.push_back(id);
    else if (const RuleInfo* rule = findRuleByName(name)) d.selectors.push_back(rule->id);
    else sup.addInvalid(line, "'" + std::string(item) + "' names no gpulint rule (gpulint-GPU401, gpulint-sync-in-op or gpulint-*)");
  }
  if (!d.selectors.empty()) out.push_back(std::move(d));
}

// Every directive in one comment's text (after its marker). Directives start
// the comment or follow another marker inside it: `# type: ignore  # noqa`.
std::vector<Directive> directivesIn(std::string_view text, std::string_view marker, uint32_t line,
                                    Suppressions& sup) {
  std::vector<Directive> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t next = text.find(marker, start);
    std::string_view segment = trim(text.substr(start, next == std::string_view::npos ? text.npos : next - start));
    const size_t before = out.size();
    if (segment.substr(0, 8) == "gpulint:") {
      parseGpulint(segment.substr(8), line, out, sup);
    } else if (startsWithNoCase(segment, "noqa")) {
      std::string_view rest = segment.substr(4);
      if (rest.empty() || rest.front() == ':' || isSpace(rest.front())) parseNoqa(rest, out);
    } else if (marker == "//" && segment.substr(0, 6) == "NOLINT") {
      parseNolint(segment, line, out, sup);
    }
    if (out.size() > before) out.back().text = segment;
    if (next == std::string_view::npos) break;
    start = next + marker.size();
  }
  return out;
}

bool selectorMatches(const std::string& selector, std::string_view rule) {
  return rule.substr(0, selector.size()) == selector;
}

// Whether the text holds any spelling a directive starts with: `gpulint:`,
// `NOLINT` or `noqa` in any case. Most files hold none, and lexing a file's
// comments costs about a tenth of parsing it, so those skip the lexer.
bool mayHoldDirective(std::string_view text) {
  if (text.find("gpulint:") != text.npos || text.find("NOLINT") != text.npos) return true;
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  for (char q : {'q', 'Q'}) {
    for (const char* p = static_cast<const char*>(std::memchr(text.data(), q, text.size())); p != nullptr;) {
      size_t i = static_cast<size_t>(p - text.data());
      if (i >= 2 && i + 1 < text.size() && lower(text[i - 2]) == 'n' && lower(text[i - 1]) == 'o' &&
          lower(text[i + 1]) == 'a')
        return true;
      p = static_cast<const char*>(std::memchr(p + 1, q, text.size() - i - 1));
    }
  }
  return false;
}

// Registers every directive of the file's comments. `file_text` is the
// text the comments view, so directive offsets are byte offsets in the file.
void collect(std::string_view file_text, FileKind kind, std::string_view marker, Suppressions& sup) {
  if (!mayHoldDirective(file_text)) return;  // no comment can hold a directive
  LexedComments lexed = lexComments(file_text, kind);
  const std::vector<char>& code = lexed.code;
  for (const Comment& c : lexed.comments) {
    std::vector<Directive> directives = directivesIn(c.text, marker, c.line, sup);
    for (Directive& d : directives) {
      SuppressionDirective out;
      out.line = c.line;
      out.begin = static_cast<uint32_t>(d.text.data() - file_text.data());
      out.end = out.begin + static_cast<uint32_t>(d.text.size());
      out.comment_begin = static_cast<uint32_t>(c.text.data() - file_text.data() - marker.size());
      out.comment_end = static_cast<uint32_t>(c.text.data() + c.text.size() - file_text.data());
      out.own_line = c.own_line;
      out.whole_comment = directives.size() == 1 && d.text == trim(c.text) && !d.foreign_codes;
      out.names_rules = d.names_rules;
      out.file_wide = d.kind == Directive::File;
      out.covers_own_line = !d.next_line_only;
      if (d.next_line_only) out.next_code_line = c.line + 1;
      out.selectors = std::move(d.selectors);
      if (d.next_line && c.own_line && !d.next_line_only) {
        for (size_t l = c.line + 1; l < code.size(); ++l) {
          if (code[l]) {
            out.next_code_line = static_cast<uint32_t>(l);
            break;
          }
        }
      }
      sup.addDirective(std::move(out));
    }
  }
}


}  // namespace

template <typename Visit>
void Suppressions::forEachMatch(std::string_view rule, uint32_t line, Visit&& visit) const {
  auto check = [&](const Ref& ref) {
    if (selectorMatches(directives_[ref.directive].selectors[ref.selector], rule)) visit(ref);
  };
  for (const Ref& ref : file_) check(ref);
  if (auto it = lines_.find(line); it != lines_.end())
    for (const Ref& ref : it->second) check(ref);
}

bool Suppressions::suppressed(std::string_view rule, uint32_t line) const {
  bool any = false;
  forEachMatch(rule, line, [&](const Ref&) { any = true; });
  return any;
}

bool Suppressions::suppress(std::string_view rule, uint32_t line) {
  bool any = false;
  forEachMatch(rule, line, [&](const Ref& ref) {
    used_[ref.directive][ref.selector] = 1;
    any = true;
  });
  return any;
}

bool Suppressions::used(size_t directive, size_t selector) const { return used_[directive][selector] != 0; }

void Suppressions::addDirective(SuppressionDirective directive) {
  const size_t index = directives_.size();
  for (size_t s = 0; s < directive.selectors.size(); ++s) {
    Ref ref{index, s};
    if (directive.file_wide) {
      file_.push_back(ref);
      continue;
    }
    if (directive.covers_own_line) lines_[directive.line].push_back(ref);
    if (directive.next_code_line != 0) lines_[directive.next_code_line].push_back(ref);
  }
  used_.emplace_back(directive.selectors.size(), 0);
  directives_.push_back(std::move(directive));
}

void Suppressions::addInvalid(uint32_t line, std::string message) {
  invalid_.push_back({line, std::move(message)});
}

Suppressions parseSuppressions(std::string_view text, FileKind kind) {
  // A lone CR ends a line (as in SourceFile): the lexers, which count LFs, see
  // it as one. Same length, so offsets into the copy are offsets into `text`.
  std::string with_lf;
  if (std::string_view::size_type cr = text.find('\r'); cr != std::string_view::npos) {
    with_lf.assign(text);
    for (size_t i = cr; i < with_lf.size(); ++i)
      if (with_lf[i] == '\r' && (i + 1 == with_lf.size() || with_lf[i + 1] != '\n')) with_lf[i] = '\n';
    text = with_lf;
  }
  Suppressions sup;
  switch (kind) {
    case FileKind::Python:
    case FileKind::Shell:
    case FileKind::Yaml: collect(text, kind, "#", sup); break;
    case FileKind::Cxx: collect(text, kind, "//", sup); break;
    case FileKind::Json:
    case FileKind::Unknown: break;
  }
  return sup;
}

std::string suppressionComment(FileKind kind, std::string_view rule) {
  switch (kind) {
    case FileKind::Python:
    case FileKind::Shell:
    case FileKind::Yaml: return "  # gpulint: disable=" + std::string(rule);
    case FileKind::Cxx: return "  // gpulint: disable=" + std::string(rule);
    case FileKind::Json:
    case FileKind::Unknown: break;
  }
  return "";
}

bool isSuppressed(const Diagnostic& d, const std::map<std::string, Suppressions>& by_file) {
  auto it = by_file.find(d.location.file);
  return it != by_file.end() && it->second.suppressed(d.rule, d.location.start.line);
}

std::vector<Diagnostic> applySuppressions(std::vector<Diagnostic> diagnostics,
                                          const std::map<std::string, Suppressions>& by_file) {
  diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(),
                                   [&](const Diagnostic& d) { return isSuppressed(d, by_file); }),
                    diagnostics.end());
  return diagnostics;
}

}  // namespace gpulint
