#include "lsp/features.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "checkers/finding_filter.h"
#include "checkers/suppression.h"
#include "fixits/apply.h"
#include "patterns/rule_docs.h"
#include "report/common.h"

namespace gpulint::lsp {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

json toJson(LspPosition p) { return {{"line", p.line}, {"character", p.character}}; }

// Locations carry 1-based line and byte/UTF-16 columns: no text needed.
json rangeOf(const Location& l, PositionEncoding e) {
  auto column = [e](const Position& p) { return (e == PositionEncoding::Utf8 ? p.column : p.column_utf16) - 1; };
  return {{"start", {{"line", l.start.line - 1}, {"character", column(l.start)}}},
          {"end", {{"line", l.stop.line - 1}, {"character", column(l.stop)}}}};
}

// The URI of a location's file: the document itself, or a path beside it.
std::string uriOf(const std::string& file, const Document& doc) {
  if (file == doc.path()) return doc.uri();
  std::filesystem::path p(file);
  if (p.is_relative()) p = std::filesystem::path(doc.path()).parent_path() / p;
  return pathToUri(p.lexically_normal().string());
}

int severity(Level level) {
  switch (level) {
    case Level::Error: return 1;
    case Level::Warning: return 2;
    case Level::Note: return 3;  // Information: shown, but not as a problem to fix first
  }
  return 2;
}

json textEdit(const Document& doc, uint32_t begin, uint32_t end, const std::string& text, PositionEncoding e) {
  return {{"range", {{"start", toJson(doc.lines().position(doc.text(), begin, e))},
                     {"end", toJson(doc.lines().position(doc.text(), end, e))}}},
          {"newText", text}};
}

// A fix as a WorkspaceEdit; null when it touches a file whose text the server
// does not hold (positions there cannot be converted).
json workspaceEdit(const Fix& fix, const Document& doc, PositionEncoding e) {
  json edits = json::array();
  for (const auto& edit : fix.edits) {
    if (edit.file != doc.path() || edit.end > doc.text().size() || edit.begin > edit.end) return nullptr;
    edits.push_back(textEdit(doc, edit.begin, edit.end, edit.replacement, e));
  }
  return {{"changes", {{doc.uri(), edits}}}};
}

json disableAction(const Diagnostic& d, const Document& doc, const json& lsp_diagnostic, PositionEncoding e) {
  std::string comment = suppressionComment(doc.kind(), d.rule);
  if (comment.empty() || d.location.start.line == 0) return nullptr;  // JSON has no comments
  // A character past the line's end clamps to the end of its content.
  uint32_t eol = doc.lines().offset(doc.text(), {d.location.start.line - 1, UINT32_MAX}, e);
  return {{"title", "Disable " + d.rule + " for this line"},
          {"kind", "quickfix"},
          {"diagnostics", json::array({lsp_diagnostic})},
          {"edit", {{"changes", {{doc.uri(), json::array({textEdit(doc, eol, eol, comment, e)})}}}}}};
}

// Where a file-wide suppression goes: the first line, after a shebang and a
// Python encoding declaration (both must stay first to keep working).
uint32_t fileCommentOffset(const Document& doc) {
  std::string_view text = doc.text();
  uint32_t offset = 0;
  for (int line = 0; line < 2 && offset < text.size(); ++line) {
    std::string_view rest = text.substr(offset);
    std::string_view first = rest.substr(0, rest.find('\n'));
    bool keep = (line == 0 && first.substr(0, 2) == "#!") || first.find("coding") != std::string_view::npos;
    if (!keep || first.substr(0, 1) != "#") break;
    offset += static_cast<uint32_t>(std::min(first.size() + 1, rest.size()));
  }
  return offset;
}

json disableFileAction(const std::string& rule, const Document& doc, PositionEncoding e) {
  std::string comment = suppressionComment(doc.kind(), rule);
  if (comment.empty()) return nullptr;
  // "  # gpulint: disable=GPU201" -> "# gpulint: disable-file=GPU201\n"
  comment = comment.substr(comment.find_first_not_of(' '));
  comment.replace(comment.find("disable="), 8, "disable-file=");
  uint32_t at = fileCommentOffset(doc);
  return {{"title", "Disable " + rule + " for this file"},
          {"kind", "quickfix"},
          {"edit", {{"changes", {{doc.uri(), json::array({textEdit(doc, at, at, comment + "\n", e)})}}}}}};
}

// source.fixAll.gpulint: every safe fix of the document that stays inside it,
// chosen as `--fix` chooses them (no overlaps), as one edit.
json fixAllAction(const Document& doc, const std::vector<Diagnostic>& findings, PositionEncoding e) {
  std::vector<Diagnostic> local;
  for (const auto& d : findings) {
    Diagnostic copy = d;
    std::erase_if(copy.fixes, [&](const Fix& f) { return workspaceEdit(f, doc, e).is_null(); });
    local.push_back(std::move(copy));
  }
  json edits = json::array();
  for (const Edit& edit : fixits::planFixes(local, /*unsafe=*/false).edits)
    edits.push_back(textEdit(doc, edit.begin, edit.end, edit.replacement, e));
  if (edits.empty()) return nullptr;
  return {{"title", "Apply all safe gpulint fixes"},
          {"kind", "source.fixAll.gpulint"},
          {"edit", {{"changes", {{doc.uri(), edits}}}}}};
}

// The rule a word in a suppression comment names (GPU201, gpulint-sync-in-op).
const RuleInfo* ruleNamedAt(const Document& doc, uint32_t offset) {
  std::string_view text = doc.text();
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; };
  uint32_t begin = offset, end = offset;
  while (begin > 0 && word_char(text[begin - 1])) --begin;
  while (end < text.size() && word_char(text[end])) ++end;
  std::string_view word = text.substr(begin, end - begin);
  size_t line_start = text.rfind('\n', begin == 0 ? 0 : begin - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  std::string_view before = text.substr(line_start, begin - line_start);
  bool in_directive = before.find("gpulint:") != std::string_view::npos ||
                      before.find("noqa") != std::string_view::npos || before.find("NOLINT") != std::string_view::npos;
  if (!in_directive) return nullptr;
  if (word.substr(0, 8) == "gpulint-") return findRuleByName(word.substr(8));
  std::string id(word);
  for (char& c : id) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return findRule(id);
}

// The fixes of findings touching the range, then "disable for this line" and
// "disable for this file" actions.
json quickFixes(const Document& doc, const std::vector<Diagnostic>& findings, LspPosition range_start,
                LspPosition range_end, PositionEncoding e) {
  uint32_t begin = doc.lines().offset(doc.text(), range_start, e);
  uint32_t end = std::max(begin, doc.lines().offset(doc.text(), range_end, e));
  json fixes = json::array(), disables = json::array();
  std::vector<std::string> file_rules;
  for (const auto& d : findings) {
    if (!d.location.valid() || d.location.begin > end || begin > d.location.end) continue;
    json lsp_diagnostic = toLspDiagnostic(d, doc, e);
    for (const auto& fix : d.fixes) {
      if (fix.applicability == Applicability::Display) continue;  // shown, never applied
      json edit = workspaceEdit(fix, doc, e);
      if (edit.is_null()) continue;
      fixes.push_back({{"title", fix.title},
                       {"kind", "quickfix"},
                       {"diagnostics", json::array({lsp_diagnostic})},
                       {"isPreferred", fix.applicability == Applicability::Safe},
                       {"edit", edit}});
    }
    json disable = disableAction(d, doc, lsp_diagnostic, e);
    if (!disable.is_null()) disables.push_back(disable);
    if (std::find(file_rules.begin(), file_rules.end(), d.rule) == file_rules.end()) file_rules.push_back(d.rule);
  }
  for (const auto& rule : file_rules)
    if (json action = disableFileAction(rule, doc, e); !action.is_null()) disables.push_back(std::move(action));
  // Real fixes first: editors offer the first preferred action as "the" fix.
  for (auto& d : disables) fixes.push_back(std::move(d));
  return fixes;
}

// A notebook is open as its JSON: findings move to the JSON lines of their
// cell source. Its fixes edit the cells' Python, which the editor does not
// hold, so they are left to `gpulint check --fix`.
void onNotebookJson(Diagnostic& d, const SourceFile& notebook) {
  d.location = diskLocation(d.location, &notebook);
  for (auto& r : d.related) r.location = diskLocation(r.location, &notebook);
  d.fixes.clear();
}

}  // namespace

std::string uriToPath(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return "";
  uri.remove_prefix(kScheme.size());
  if (!uri.empty() && uri.front() != '/') uri.remove_prefix(std::min(uri.find('/'), uri.size()));  // authority
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() + 0 && hexValue(uri[i + 1]) >= 0 && hexValue(uri[i + 2]) >= 0) {
      path += static_cast<char>(hexValue(uri[i + 1]) * 16 + hexValue(uri[i + 2]));
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return path;
}

std::string pathToUri(std::string_view path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (unsigned char c : path) {
    bool plain = std::isalnum(c) || std::string_view("/-._~").find(static_cast<char>(c)) != std::string_view::npos;
    if (plain) {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri;
}

std::vector<Diagnostic> filterFindings(const FileAnalysis& analysis, const Settings& settings) {
  if (!analysis.source) return {};
  std::vector<Diagnostic> out = selectFindings(analysis.diagnostics, *analysis.source, settings, {});
  if (analysis.source->notebook())
    for (auto& d : out) onNotebookJson(d, *analysis.source);
  std::sort(out.begin(), out.end(), diagnosticLess);
  return out;
}

json toLspDiagnostic(const Diagnostic& d, const Document& doc, PositionEncoding e) {
  json out = {{"range", rangeOf(d.location, e)},
              {"severity", severity(d.level)},
              {"code", d.rule},
              {"source", "gpulint"},
              {"message", d.message}};
  if (const RuleInfo* rule = findRule(d.rule); rule && !helpUri(*rule).empty())
    out["codeDescription"] = {{"href", helpUri(*rule)}};
  if (!d.related.empty()) {
    json related = json::array();
    for (const auto& r : d.related)
      if (r.location.valid())
        related.push_back({{"location", {{"uri", uriOf(r.location.file, doc)}, {"range", rangeOf(r.location, e)}}},
                           {"message", r.message}});
    out["relatedInformation"] = related;
  }
  return out;
}

json fileErrorDiagnostic(const Document& doc, const std::string& error, PositionEncoding e) {
  uint32_t line = 0;  // 0-based
  if (size_t at = error.find("line "); at != std::string::npos) {
    size_t digits = at + 5, end = digits;
    while (end < error.size() && std::isdigit(static_cast<unsigned char>(error[end]))) ++end;
    if (end > digits && end - digits < 9) line = static_cast<uint32_t>(std::stoul(error.substr(digits, end - digits)));
    if (line > 0) --line;
  }
  line = std::min<uint32_t>(line, static_cast<uint32_t>(doc.lines().lineCount() - 1));
  LspPosition end = doc.lines().position(doc.text(), doc.lines().offset(doc.text(), {line, UINT32_MAX}, e), e);
  return {{"range", {{"start", toJson({line, 0})}, {"end", toJson(end)}}},
          {"severity", 1},
          {"source", "gpulint"},
          {"message", error}};
}

json publishParams(const Document& doc, const std::vector<Diagnostic>& findings, PositionEncoding e,
                   const std::string& file_error) {
  json list = json::array();
  if (!file_error.empty()) list.push_back(fileErrorDiagnostic(doc, file_error, e));
  for (const auto& d : findings)
    if (d.location.valid()) list.push_back(toLspDiagnostic(d, doc, e));
  return {{"uri", doc.uri()}, {"version", doc.version()}, {"diagnostics", list}};
}

json codeActions(const Document& doc, const std::vector<Diagnostic>& findings, LspPosition range_start,
                 LspPosition range_end, PositionEncoding e, const std::vector<std::string>& only) {
  auto wanted = [&](std::string_view kind) {
    if (only.empty()) return true;
    for (const auto& k : only)  // a kind asks for itself and its sub-kinds: "source" covers "source.fixAll"
      if (kind.substr(0, k.size()) == k && (kind.size() == k.size() || kind[k.size()] == '.')) return true;
    return false;
  };
  json actions = json::array();
  if (wanted("quickfix")) actions = quickFixes(doc, findings, range_start, range_end, e);
  if (wanted("source.fixAll.gpulint"))
    if (json all = fixAllAction(doc, findings, e); !all.is_null()) actions.push_back(std::move(all));
  return actions;
}

json hover(const Document& doc, const std::vector<Diagnostic>& findings, LspPosition at, PositionEncoding e) {
  uint32_t offset = doc.lines().offset(doc.text(), at, e);
  std::string markdown;
  const Diagnostic* first = nullptr;
  for (const auto& d : findings) {
    if (!d.location.valid() || offset < d.location.begin || offset > d.location.end) continue;
    if (!first) first = &d;
    if (!markdown.empty()) markdown += "\n\n---\n\n";
    const RuleInfo* rule = findRule(d.rule);
    markdown += "**" + d.rule + "**" + (rule ? " `" + rule->name + "`" : "") + " (" + levelName(d.level) +
                "): " + d.message;
    if (rule) markdown += "\n\n" + rule->markdown;
    if (rule && !helpUri(*rule).empty()) markdown += "\n\n[Documentation](" + helpUri(*rule) + ")";
  }
  if (!first) {
    // On a rule id in a suppression comment: what that rule is about.
    const RuleInfo* rule = ruleNamedAt(doc, offset);
    if (!rule) return nullptr;
    markdown = "**" + rule->id + "** `" + rule->name + "`: " + rule->summary + "\n\n" + rule->markdown;
    return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}};
  }
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", rangeOf(first->location, e)}};
}

}  // namespace gpulint::lsp
