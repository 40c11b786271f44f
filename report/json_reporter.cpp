#include "report/json_reporter.h"

#include <nlohmann/json.hpp>

#include "frontend/notebook/notebook.h"
#include "report/links_reporter.h"
#include "report/json_text.h"

namespace gpulint {

namespace {

// Columns count characters (UTF-16 code units, as editors, GitHub and SARIF's
// columnKind do), not bytes: `é` before a finding moves it by one.
nlohmann::json position(const Position& p) { return {{"line", p.line}, {"column", p.column_utf16}}; }

nlohmann::json location(const Location& l) {
  return {{"file", l.file}, {"start", position(l.start)}, {"end", position(l.stop)}};
}

// In a notebook: the cell, and lines counted inside it.
nlohmann::json location(const Location& l, const SourceLookup& sources) {
  const SourceFile* source = sources ? sources(l.file) : nullptr;
  const notebook::NotebookMap* nb = source && l.valid() ? source->notebook() : nullptr;
  auto start = nb ? nb->cellPosition(l.start) : std::nullopt;
  if (!start) return location(l);
  auto stop = nb->cellPosition(l.stop);
  nlohmann::json end = {{"line", start->line}, {"column", start->column_utf16}};
  if (stop && stop->cell == start->cell) end = {{"line", stop->line}, {"column", stop->column_utf16}};
  return {{"file", l.file}, {"cell", start->cell}, {"cell_index", start->index},
          {"start", {{"line", start->line}, {"column", start->column_utf16}}}, {"end", end}};
}

bool inNotebook(const std::string& file, const SourceLookup& sources) {
  const SourceFile* source = sources ? sources(file) : nullptr;
  return source && source->notebook();
}

// GitHub workflow commands need %, CR and LF escaped in messages, plus , and : in properties.
std::string escapeData(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string escapeProperty(const std::string& s) {
  std::string out;
  for (char c : escapeData(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

}  // namespace

void writeJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
               const SourceLookup& sources, const ProjectLinks* links, const std::vector<ParseGap>& parse_gaps) {
  nlohmann::json doc = nlohmann::json::object();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    nlohmann::json j = {{"rule", d.rule}, {"level", levelName(d.level)}, {"message", d.message},
                        {"location", location(d.location, sources)}};
    j["related"] = nlohmann::json::array();
    for (const auto& r : d.related) j["related"].push_back({{"message", r.message}, {"location", location(r.location, sources)}});
    j["fixes"] = nlohmann::json::array();
    for (const auto& f : d.fixes) {
      nlohmann::json edits = nlohmann::json::array();
      // Offsets in a notebook are in the Python of its cells, not in the file: --fix applies those.
      for (const auto& e : f.edits)
        if (!inNotebook(e.file, sources))
          edits.push_back({{"file", e.file}, {"begin", e.begin}, {"end", e.end}, {"replacement", e.replacement}});
      j["fixes"].push_back({{"title", f.title}, {"applicability", applicabilityName(f.applicability)}, {"edits", edits}});
    }
    list.push_back(std::move(j));
  }
  doc["diagnostics"] = std::move(list);
  doc["errors"] = nlohmann::json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"file", e.path}, {"message", e.message}});
  doc["parse_gaps"] = nlohmann::json::array();
  for (const auto& g : parse_gaps)
    doc["parse_gaps"].push_back(
        {{"rule", kParseGapRule}, {"file", g.file}, {"message", g.message}, {"missing_headers", g.missing_headers}});
  if (links) doc["links"] = linksJson(*links);
  // A file name that is not UTF-8 must not cost the whole report: bytes that
  // are not UTF-8 become U+FFFD.
  out << prettyJsonText(doc) << "\n";
}

void writeGithub(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
                 const SourceLookup& sources, const std::vector<ParseGap>& parse_gaps) {
  for (const auto& d : diagnostics) {
    const char* kind = d.level == Level::Error ? "error" : d.level == Level::Warning ? "warning" : "notice";
    Location at = diskLocation(d.location, sources ? sources(d.location.file) : nullptr);
    out << "::" << kind << " file=" << escapeProperty(at.file) << ",line=" << at.start.line
        << ",col=" << at.start.column_utf16 << ",endLine=" << at.stop.line
        << ",endColumn=" << at.stop.column_utf16 << ",title=" << escapeProperty("gpulint " + d.rule) << "::"
        << escapeData(d.message) << "\n";
  }
  for (const auto& e : errors)
    out << "::error file=" << escapeProperty(e.path) << ",title=gpulint::" << escapeData(e.message) << "\n";
  if (!parse_gaps.empty())
    out << "::notice title=" << escapeProperty(std::string("gpulint ") + kParseGapRule)
        << "::" << escapeData(parseGapSummary(parse_gaps)) << "\n";
}

}  // namespace gpulint
