#include "lsp/features.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "checkers/suppression.h"
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
  std::vector<Diagnostic> out;
  if (!analysis.source) return out;
  Suppressions suppressions = parseSuppressions(analysis.source->text(), analysis.source->kind());
  for (const auto& d : analysis.diagnostics) {
    if (!ruleEnabled(settings, d.rule)) continue;
    if (suppressions.suppressed(d.rule, d.location.start.line)) continue;
    Diagnostic kept = d;
    kept.level = effectiveLevel(settings, d.rule, d.level);
    if (analysis.source->notebook()) onNotebookJson(kept, *analysis.source);
    out.push_back(std::move(kept));
  }
  std::sort(out.begin(), out.end(), diagnosticLess);
  return out;
}

json toLspDiagnostic(const Diagnostic& d, const Document& doc, PositionEncoding e) {
  json out = {{"range", rangeOf(d.location, e)},
              {"severity", severity(d.level)},
              {"code", d.rule},
              {"source", "gpulint"},
              {"message", d.message}};
  if (const RuleInfo* rule = findRule(d.rule)) out["codeDescription"] = {{"href", helpUri(*rule)}};
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
                 LspPosition range_end, PositionEncoding e) {
  uint32_t begin = doc.lines().offset(doc.text(), range_start, e);
  uint32_t end = std::max(begin, doc.lines().offset(doc.text(), range_end, e));
  json fixes = json::array(), disables = json::array();
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
  }
  // Real fixes first: editors offer the first preferred action as "the" fix.
  for (auto& d : disables) fixes.push_back(std::move(d));
  return fixes;
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
    if (rule) markdown += "\n\n" + rule->markdown + "\n\n[Documentation](" + helpUri(*rule) + ")";
  }
  if (!first) return nullptr;
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", rangeOf(first->location, e)}};
}

}  // namespace gpulint::lsp
