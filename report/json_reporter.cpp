#include "report/json_reporter.h"

#include <nlohmann/json.hpp>

namespace gpulint {

namespace {

// Columns count characters (UTF-16 code units, as editors, GitHub and SARIF's
// columnKind do), not bytes: `é` before a finding moves it by one.
nlohmann::json position(const Position& p) { return {{"line", p.line}, {"column", p.column_utf16}}; }

nlohmann::json location(const Location& l) {
  return {{"file", l.file}, {"start", position(l.start)}, {"end", position(l.stop)}};
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

void writeJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors) {
  nlohmann::json doc = nlohmann::json::object();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    nlohmann::json j = {{"rule", d.rule}, {"level", levelName(d.level)}, {"message", d.message},
                        {"location", location(d.location)}};
    j["related"] = nlohmann::json::array();
    for (const auto& r : d.related) j["related"].push_back({{"message", r.message}, {"location", location(r.location)}});
    j["fixes"] = nlohmann::json::array();
    for (const auto& f : d.fixes) {
      nlohmann::json edits = nlohmann::json::array();
      for (const auto& e : f.edits)
        edits.push_back({{"file", e.file}, {"begin", e.begin}, {"end", e.end}, {"replacement", e.replacement}});
      j["fixes"].push_back({{"title", f.title}, {"applicability", applicabilityName(f.applicability)}, {"edits", edits}});
    }
    list.push_back(std::move(j));
  }
  doc["diagnostics"] = std::move(list);
  doc["errors"] = nlohmann::json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"file", e.path}, {"message", e.message}});
  // A file name that is not UTF-8 must not cost the whole report: bytes that
  // are not UTF-8 become U+FFFD.
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void writeGithub(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors) {
  for (const auto& d : diagnostics) {
    const char* kind = d.level == Level::Error ? "error" : d.level == Level::Warning ? "warning" : "notice";
    out << "::" << kind << " file=" << escapeProperty(d.location.file) << ",line=" << d.location.start.line
        << ",col=" << d.location.start.column_utf16 << ",endLine=" << d.location.stop.line
        << ",endColumn=" << d.location.stop.column_utf16 << ",title=" << escapeProperty("gpulint " + d.rule) << "::"
        << escapeData(d.message) << "\n";
  }
  for (const auto& e : errors)
    out << "::error file=" << escapeProperty(e.path) << ",title=gpulint::" << escapeData(e.message) << "\n";
}

}  // namespace gpulint
