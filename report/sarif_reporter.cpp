#include "report/sarif_reporter.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "frontend/notebook/notebook.h"
#include "patterns/rule_docs.h"
#include "report/json_text.h"

namespace gpulint {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kSrcRoot = "%SRCROOT%";
constexpr size_t kMaxSnippet = 4096;
constexpr uint32_t kMaxContextLines = 10;

std::string_view trim(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

uint64_t fnv1a(std::string_view data, uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

bool isUnreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

std::string percentEncode(std::string_view path, bool keep_colon) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (char ch : path) {
    auto c = static_cast<unsigned char>(ch == '\\' ? '/' : ch);
    bool keep = isUnreserved(c) || c == '/' || c == '!' || c == '$' || c == '&' || c == '\'' || c == '(' ||
                c == ')' || c == '*' || c == '+' || c == ',' || c == ';' || c == '=' || c == '@' ||
                (keep_colon && c == ':');
    if (keep) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

bool isAbsolutePath(std::string_view p) {
  if (p.starts_with('/') || p.starts_with('\\')) return true;
  return p.size() >= 3 && ((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= 'a' && p[0] <= 'z')) && p[1] == ':' &&
         (p[2] == '/' || p[2] == '\\');
}

std::string sentence(std::string text) {
  std::string_view t = trim(text);
  std::string out(t);
  if (!out.empty() && out.back() != '.' && out.back() != '!' && out.back() != '?') out += '.';
  return out;
}

// Per-file facts computed once: UTF-16 offsets of line starts, and for each
// line how many earlier lines have the same trimmed text.
struct FileFacts {
  const SourceFile* source = nullptr;
  std::vector<uint32_t> utf16_line_start;
  std::vector<uint32_t> occurrence;

  explicit FileFacts(const SourceFile* s) : source(s) {
    const std::string& text = s->text();
    utf16_line_start.reserve(s->lineCount());
    uint32_t units = 0;
    utf16_line_start.push_back(0);
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    for (size_t i = 0; i < text.size();) {
      // Eight ASCII bytes without a line break are eight code units.
      if (i + 8 <= text.size()) {
        uint64_t w;
        std::memcpy(&w, text.data() + i, 8);
        uint64_t nl = w ^ (kOnes * '\n');
        if (!((w | ((nl - kOnes) & ~nl)) & kHigh)) {
          units += 8;
          i += 8;
          continue;
        }
      }
      auto c = static_cast<unsigned char>(text[i++]);
      if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
      if (c == '\n') utf16_line_start.push_back(units);
    }
  }

  uint32_t utf16Offset(uint32_t byte_offset) const {
    Position p = source->position(byte_offset);
    return utf16_line_start[p.line - 1] + p.column_utf16 - 1;
  }

  uint32_t occurrenceOf(uint32_t line) {
    if (occurrence.empty()) {
      std::unordered_map<std::string_view, uint32_t> seen;
      occurrence.resize(source->lineCount() + 1, 0);
      for (uint32_t l = 1; l <= source->lineCount(); ++l) occurrence[l] = seen[trim(source->line(l))]++;
    }
    return line < occurrence.size() ? occurrence[line] : 0;
  }
};

class Sources {
 public:
  explicit Sources(const SourceLookup& lookup) : lookup_(lookup) {}
  FileFacts* get(std::string_view path) {
    auto it = cache_.find(std::string(path));
    if (it != cache_.end()) return it->second.get();
    const SourceFile* s = diskSource(source(path));
    auto& slot = cache_[std::string(path)];
    if (s) slot = std::make_unique<FileFacts>(s);
    return slot.get();
  }
  // The analysed source (a notebook's Python), before diskSource.
  const SourceFile* source(std::string_view path) const { return lookup_ ? lookup_(path) : nullptr; }
  // Where a location lies in the file as stored (a notebook's JSON lines).
  Location onDisk(const Location& loc) const { return diskLocation(loc, source(loc.file)); }

 private:
  const SourceLookup& lookup_;
  std::map<std::string, std::unique_ptr<FileFacts>> cache_;
};

std::string fingerprintWith(const Diagnostic& d, FileFacts* facts) {
  const Location& loc = d.location;
  uint64_t h = fnv1a(d.rule);
  h = fnv1a(std::string_view("\0", 1), h);
  h = fnv1a(artifactUri(loc.file), h);
  h = fnv1a(std::string_view("\0", 1), h);
  // An empty range at the file's start is about the whole file (GPU400): the
  // text of line 1 says nothing about it, and a new header line must not
  // make it new.
  bool whole_file = loc.valid() && loc.begin == 0 && loc.end == 0;
  if (whole_file) {
    h = fnv1a("<file>", h);
  } else if (facts && loc.valid() && loc.start.line <= facts->source->lineCount()) {
    std::string_view line = facts->source->line(loc.start.line);
    h = fnv1a(trim(line), h);
    h = fnv1a(std::string_view("\0", 1), h);
    // The flagged text on the first line tells two findings on one line apart.
    size_t b = std::min<size_t>(loc.start.column ? loc.start.column - 1 : 0, line.size());
    size_t e = loc.stop.line == loc.start.line ? std::min<size_t>(loc.stop.column ? loc.stop.column - 1 : 0, line.size())
                                               : line.size();
    // Trimmed: spaces added at the end of the line do not make a finding new.
    if (e > b) h = fnv1a(trim(line.substr(b, e - b)), h);
    h = fnv1a(std::string_view("\0", 1), h);
    h = fnv1a(std::to_string(facts->occurrenceOf(loc.start.line)), h);
  } else {
    h = fnv1a(std::to_string(loc.start.line), h);
    h = fnv1a(std::string_view("\0", 1), h);
    h = fnv1a(d.message, h);
  }
  return hex64(h);
}

Json artifactLocation(std::string_view path) {
  Json a;
  a["uri"] = artifactUri(path);
  if (!isAbsolutePath(path)) a["uriBaseId"] = kSrcRoot;
  return a;
}

bool fits(const FileFacts* facts, uint32_t begin, uint32_t end) {
  return facts && begin <= end && end <= facts->source->text().size();
}

// A region from byte offsets, exact when the source is known.
Json regionFromBytes(FileFacts* facts, uint32_t begin, uint32_t end) {
  Json r;
  if (!fits(facts, begin, end)) {
    r["byteOffset"] = begin;
    r["byteLength"] = end >= begin ? end - begin : 0;
    return r;
  }
  Position s = facts->source->position(begin), e = facts->source->position(end);
  uint32_t o1 = facts->utf16Offset(begin), o2 = facts->utf16Offset(end);
  r["startLine"] = s.line;
  r["startColumn"] = s.column_utf16;
  r["endLine"] = e.line;
  r["endColumn"] = e.column_utf16;
  r["charOffset"] = o1;
  r["charLength"] = o2 - o1;
  return r;
}

// The region of a Location, with a snippet; `context` also receives the
// whole lines around it when that stays small.
Json regionOf(FileFacts* facts, const Location& loc, Json* context) {
  Json r;
  r["startLine"] = loc.start.line;
  r["startColumn"] = std::max<uint32_t>(loc.start.column_utf16, 1);
  r["endLine"] = std::max(loc.stop.line, loc.start.line);
  r["endColumn"] = std::max<uint32_t>(loc.stop.column_utf16, 1);
  if (loc.stop.line == 0) r["endColumn"] = r["startColumn"];
  if (!fits(facts, loc.begin, loc.end)) return r;
  const SourceFile& src = *facts->source;
  Position s = src.position(loc.begin), e = src.position(loc.end);
  if (s.line != loc.start.line || e.line != loc.stop.line) return r;  // stale location: keep it as given
  uint32_t o1 = facts->utf16Offset(loc.begin), o2 = facts->utf16Offset(loc.end);
  r["charOffset"] = o1;
  r["charLength"] = o2 - o1;
  if (loc.end - loc.begin <= kMaxSnippet)
    r["snippet"] = {{"text", src.text().substr(loc.begin, loc.end - loc.begin)}};
  if (context && e.line - s.line < kMaxContextLines) {
    uint32_t cb = src.lineStart(s.line);
    uint32_t last = e.line;
    if (e.column == 1 && e.line > s.line) --last;  // a range that ends at a line start
    std::string_view last_line = src.line(last);
    uint32_t ce = static_cast<uint32_t>(last_line.data() - src.text().data() + last_line.size());
    if (ce - cb <= kMaxSnippet) {
      Json c;
      c["startLine"] = s.line;
      c["endLine"] = last;
      c["snippet"] = {{"text", src.text().substr(cb, ce - cb)}};
      *context = std::move(c);
    }
  }
  return r;
}

Json physicalLocation(Sources& sources, const Location& analysed, bool with_context) {
  Location loc = sources.onDisk(analysed);
  Json p;
  p["artifactLocation"] = artifactLocation(loc.file);
  FileFacts* facts = sources.get(loc.file);
  if (loc.valid()) {
    Json context;
    p["region"] = regionOf(facts, loc, with_context ? &context : nullptr);
    if (!context.is_null()) p["contextRegion"] = std::move(context);
  } else if (facts) {  // a finding about the whole file
    p["region"] = regionFromBytes(facts, 0, static_cast<uint32_t>(facts->source->text().size()));
  } else {  // the file's start
    p["region"] = {{"startLine", 1}, {"startColumn", 1}, {"endLine", 1}, {"endColumn", 1}};
  }
  return p;
}

std::string pascalCase(std::string_view kebab) {
  std::string out;
  bool upper = true;
  for (char c : kebab) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

std::string firstParagraph(std::string_view text) {
  size_t blank = text.find("\n\n");
  std::string p(trim(text.substr(0, blank)));
  std::replace(p.begin(), p.end(), '\n', ' ');
  return p;
}

// SARIF message text treats `[...]` as embedded links: literal brackets
// (`batch[0]`) are escaped.
std::string escapeBrackets(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

// The message, then each related location as an embedded link to its id
// ("[the loader pins its batches here](1)"), so code scanning shows the
// chain (job -> script, loop -> call -> where the value was made) as
// clickable steps in the order a reader follows it.
std::string messageWithLinks(const Diagnostic& d) {
  std::string text = escapeBrackets(sentence(d.message));
  if (d.related.empty()) return text;
  text += " Related:";
  int id = 1;
  for (const auto& rel : d.related) {
    text += (id > 1 ? "; [" : " [") + escapeBrackets(rel.message) + "](" + std::to_string(id) + ")";
    ++id;
  }
  return text + ".";
}

Json ruleDescriptor(const RuleInfo& rule) {
  Json r;
  r["id"] = rule.id;
  r["name"] = pascalCase(rule.name);
  r["shortDescription"] = {{"text", sentence(rule.summary)}};
  std::string what = ruleDocSection(rule, "What it does");
  std::string first = firstParagraph(what);
  if (!first.empty() && first.back() == ':') first.back() = '.';  // the list that follows is in the markdown
  r["fullDescription"] = {{"text", sentence(first)}, {"markdown", what}};
  r["help"] = {{"text", rule.markdown}, {"markdown", rule.markdown}};
  if (std::string uri = helpUri(rule); !uri.empty()) r["helpUri"] = uri;
  r["defaultConfiguration"] = {{"level", levelName(rule.level)}};
  Json props;
  props["tags"] = Json::array({rule.category, rule.paper_category});
  props["gpulint/name"] = rule.name;
  props["gpulint/fix"] = rule.fix;
  r["properties"] = std::move(props);
  return r;
}

Json fixJson(Sources& sources, const Fix& fix, const std::string& default_file) {
  Json changes = Json::array();
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Edit*>> by_file;
  for (const auto& e : fix.edits) {
    const std::string& file = e.file.empty() ? default_file : e.file;
    if (!by_file.count(file)) order.push_back(file);
    by_file[file].push_back(&e);
  }
  for (const auto& file : order) {
    auto& edits = by_file[file];
    std::stable_sort(edits.begin(), edits.end(), [](const Edit* a, const Edit* b) { return a->begin < b->begin; });
    Json replacements = Json::array();
    FileFacts* facts = sources.get(file);
    for (const Edit* e : edits) {
      Json rep;
      rep["deletedRegion"] = regionFromBytes(facts, e->begin, e->end);
      rep["insertedContent"] = {{"text", e->replacement}};
      replacements.push_back(std::move(rep));
    }
    changes.push_back({{"artifactLocation", artifactLocation(file)}, {"replacements", std::move(replacements)}});
  }
  Json f;
  f["description"] = {{"text", sentence(fix.title)}};
  f["artifactChanges"] = std::move(changes);
  f["properties"] = {{"applicability", applicabilityName(fix.applicability)}};
  return f;
}

bool looksSemantic(std::string_view v) {
  int dots = 0;
  for (char c : v) {
    if (c == '.') ++dots;
    else if (c == '-' || c == '+') break;
    else if (c < '0' || c > '9') return false;
  }
  return dots == 2;
}

}  // namespace

std::string fileUri(std::string_view absolute_path) {
  std::string path(absolute_path);
  std::replace(path.begin(), path.end(), '\\', '/');
  if (!path.starts_with('/')) path = "/" + path;  // C:/x -> /C:/x
  return "file://" + percentEncode(path, true);
}

std::string artifactUri(std::string_view display_path) {
  if (isAbsolutePath(display_path)) return fileUri(display_path);
  std::string_view p = display_path;
  while (p.starts_with("./") || p.starts_with(".\\")) p.remove_prefix(2);
  return percentEncode(p, false);
}

std::string sarifFingerprint(const Diagnostic& d, const SourceFile* source) {
  if (!source) return fingerprintWith(d, nullptr);
  Diagnostic on_disk = d;
  on_disk.location = diskLocation(d.location, source);
  FileFacts facts(diskSource(source));
  return fingerprintWith(on_disk, &facts);
}

// A notebook finding also names its cell and the line in it, as the text report does.
static void addNotebookCell(Json& result, const Location& loc, const SourceFile* source) {
  if (!source || !source->notebook() || !loc.valid()) return;
  if (auto cell = source->notebook()->cellPosition(loc.start))
    result["properties"] = {{"notebookCell", cell->cell}, {"notebookCellIndex", cell->index},
                            {"notebookCellLine", cell->line}};
}

// The run's invocation: an error notification per file that could not be
// analysed (the execution then failed), a note per file parsed with
// unresolved code (GPU400's run-level summary, in detail). `rule`: GPU400's
// descriptor in driver.rules, each note's associatedRule.
static Json invocationJson(const std::vector<FileError>& file_errors, const std::vector<ParseGap>& parse_gaps,
                           const Json& rule) {
  Json invocation;
  invocation["executionSuccessful"] = file_errors.empty();
  Json notes = Json::array();
  auto at = [](const std::string& path) {
    return Json::array({{{"physicalLocation", {{"artifactLocation", artifactLocation(path)}}}}});
  };
  for (const auto& e : file_errors)
    notes.push_back({{"level", "error"}, {"message", {{"text", sentence(e.message)}}}, {"locations", at(e.path)}});
  for (const auto& g : parse_gaps)
    notes.push_back({{"level", "note"},
                     {"associatedRule", rule},
                     {"message", {{"text", sentence(g.message)}}},
                     {"locations", at(g.file)}});
  if (!notes.empty()) invocation["toolExecutionNotifications"] = std::move(notes);
  return invocation;
}

void writeSarif(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                const std::vector<FileError>& file_errors, const SourceLookup& lookup,
                const SarifOptions& options, const std::vector<ParseGap>& parse_gaps) {
  Sources sources(lookup);

  // rules[]: every documented rule, then any id a diagnostic uses that has
  // no document (so every ruleIndex is valid).
  Json rules = Json::array();
  std::map<std::string, size_t, std::less<>> rule_index;
  for (const auto& rule : allRules()) {
    rule_index[rule.id] = rules.size();
    rules.push_back(ruleDescriptor(rule));
  }
  std::vector<std::string> undocumented;
  for (const auto& d : diagnostics)
    if (!rule_index.count(d.rule) &&
        std::find(undocumented.begin(), undocumented.end(), d.rule) == undocumented.end())
      undocumented.push_back(d.rule);
  std::sort(undocumented.begin(), undocumented.end());
  for (const auto& id : undocumented) {
    rule_index[id] = rules.size();
    rules.push_back({{"id", id}});
  }

  Json driver;
  driver["name"] = "gpulint";
  if (!options.version.empty()) {
    driver["version"] = options.version;
    if (looksSemantic(options.version)) driver["semanticVersion"] = options.version;
  }
  if (std::string home = homeUri(); !home.empty()) driver["informationUri"] = home;
  driver["rules"] = std::move(rules);

  Json results = Json::array();
  for (const auto& d : diagnostics) {
    Json r;
    r["ruleId"] = d.rule;
    r["ruleIndex"] = rule_index[d.rule];
    r["level"] = levelName(d.level);
    r["message"] = {{"text", messageWithLinks(d)}};
    r["locations"] = Json::array({{{"physicalLocation", physicalLocation(sources, d.location, true)}}});
    if (!d.related.empty()) {
      Json related = Json::array();
      int id = 1;
      for (const auto& rel : d.related)
        related.push_back({{"id", id++},
                           {"physicalLocation", physicalLocation(sources, rel.location, false)},
                           {"message", {{"text", sentence(rel.message)}}}});
      r["relatedLocations"] = std::move(related);
    }
    const SourceFile* analysed = sources.source(d.location.file);
    Diagnostic on_disk = d;
    on_disk.location = sources.onDisk(d.location);
    r["partialFingerprints"] = {{std::string(kSarifFingerprintKey), fingerprintWith(on_disk, sources.get(d.location.file))}};
    addNotebookCell(r, d.location, analysed);
    Json fixes = Json::array();
    // A notebook fix edits the cells' Python, not the JSON bytes: --fix applies it, SARIF does not carry it.
    bool notebook = analysed && analysed->notebook();
    for (const auto& f : d.fixes)
      if (f.applicability != Applicability::Display && !f.edits.empty() && !notebook)
        fixes.push_back(fixJson(sources, f, d.location.file));
    if (!fixes.empty()) r["fixes"] = std::move(fixes);
    results.push_back(std::move(r));
  }

  Json gap_rule = {{"id", kParseGapRule}};
  if (auto it = rule_index.find(kParseGapRule); it != rule_index.end()) gap_rule["index"] = it->second;
  Json invocation = invocationJson(file_errors, parse_gaps, gap_rule);

  Json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["invocations"] = Json::array({std::move(invocation)});
  if (!options.root_uri.empty()) {
    std::string root = options.root_uri;
    if (!root.ends_with('/')) root += '/';
    run["originalUriBaseIds"] = {{kSrcRoot, {{"uri", root}}}};
  }
  run["results"] = std::move(results);
  run["columnKind"] = "utf16CodeUnits";

  Json log;
  log["$schema"] = kSarifSchema;
  log["version"] = "2.1.0";
  log["runs"] = Json::array({std::move(run)});
  out << prettyJsonText(log) << "\n";
}

}  // namespace gpulint
