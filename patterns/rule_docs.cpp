#include "patterns/rule_docs.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "patterns/embedded.h"

namespace gpulint {
namespace {

constexpr std::string_view kRulesDir = "patterns/rules/";

std::string_view rstrip(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

std::string_view trim(std::string_view s) {
  s = rstrip(s);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  return s;
}

// Splits into lines without terminators (a trailing '\r' is dropped too).
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

bool isFence(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  line.remove_prefix(i);
  return line.starts_with("```") || line.starts_with("~~~");
}

// "## Heading" outside code fences, in document order; false on an unclosed fence.
bool headings(std::string_view body, std::vector<std::pair<std::string, size_t>>* out) {
  bool in_fence = false;
  size_t index = 0;
  for (std::string_view line : splitLines(body)) {
    if (isFence(line)) in_fence = !in_fence;
    else if (!in_fence && line.starts_with("## ")) out->emplace_back(std::string(trim(line.substr(3))), index);
    ++index;
  }
  return !in_fence;
}

std::string stemOf(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
  if (path.ends_with(".md")) path.remove_suffix(3);
  return std::string(path);
}

bool validId(std::string_view id) {
  if (id.size() != 6 || !id.starts_with("GPU")) return false;
  return std::all_of(id.begin() + 3, id.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool validName(std::string_view name) {
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

const char* categoryForId(std::string_view id) {
  switch (id[3]) {
    case '0': return "meta";  // about gpulint's own comments, not the training code
    case '1': return "data";
    case '2': return "model";
    case '3': return "job";
    case '4': return "ops";
  }
  return nullptr;
}

// The fixed front-matter shape every embedded rule document uses: one
// "key: value" line per key, plain values, "options: [a, b]". Reading it by
// lines spares a YAML parse on every run (the SARIF rule descriptors need the
// catalog). Anything this reader is not sure YAML reads the same way (quotes,
// comments, ": " inside a value, continuation lines, non-ASCII, a missing,
// unknown or repeated key) returns false, and the caller parses with YAML.
bool plainScalarChar(char c) { return c >= 0x20 && c < 0x7f; }

bool readSimpleFrontMatter(std::string_view front, RuleInfo* rule, std::set<std::string>* present) {
  static constexpr std::string_view kKeys[] = {"id", "name", "category", "paper_category", "level",
                                               "fix", "since", "summary", "options"};
  size_t pos = 0;
  while (pos < front.size()) {
    size_t nl = front.find('\n', pos);
    size_t end = nl == std::string_view::npos ? front.size() : nl;
    std::string_view line = front.substr(pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t colon = line.find(": ");
    if (colon == std::string_view::npos) return false;
    std::string_view key = line.substr(0, colon);
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) return false;
    if (!present->insert(std::string(key)).second) return false;
    std::string_view value = line.substr(colon + 2);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (value.empty() || value.front() == ' ') return false;
    if (!std::all_of(value.begin(), value.end(), plainScalarChar)) return false;
    if (key == "options") {
      if (value.size() < 2 || value.front() != '[' || value.back() != ']') return false;
      std::string_view items = value.substr(1, value.size() - 2);
      if (items.empty()) continue;
      size_t start = 0;
      while (true) {
        size_t comma = items.find(',', start);
        std::string_view item = items.substr(start, comma == std::string_view::npos ? items.size() - start
                                                                                    : comma - start);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        bool word = !item.empty() && std::all_of(item.begin(), item.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        });
        if (!word) return false;
        rule->options.emplace_back(item);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
      continue;
    }
    // What YAML reads differently from the text itself: indicators at the
    // start, comments, a mapping inside the value, null words.
    if (std::string_view("-?:,[]{}#&*!|>'\"%@`~").find(value.front()) != std::string_view::npos) return false;
    if (value.find(" #") != std::string_view::npos || value.find(": ") != std::string_view::npos ||
        value.back() == ':')
      return false;
    if (value == "null" || value == "Null" || value == "NULL") return false;
    std::string s(value);
    if (key == "id") rule->id = s;
    else if (key == "name") rule->name = s;
    else if (key == "category") rule->category = s;
    else if (key == "paper_category") rule->paper_category = s;
    else if (key == "level") {
      if (!parseLevel(s, &rule->level)) return false;
    } else if (key == "fix") rule->fix = s;
    else if (key == "since") rule->since = s;
    else if (key == "summary") rule->summary = s;
  }
  // A missing key: YAML's path words the error (an empty front matter is not a mapping).
  return present->size() == std::size(kKeys);
}

// The front matter read by yaml-cpp: any YAML, strictly checked.
bool parseYamlFrontMatter(const std::string& front, const std::set<std::string>& kRequired, RuleInfo* rule,
                          std::set<std::string>* present, std::string* error) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  YAML::Node root;
  try {
    root = YAML::Load(front);
  } catch (const YAML::Exception& e) {
    return fail(std::string("front matter is not valid YAML: ") + e.what());
  }
  if (!root.IsMap()) return fail("front matter must be a YAML mapping");

  try {
    for (const auto& kv : root) {
      std::string key = kv.first.as<std::string>();
      if (!present->insert(key).second) return fail("duplicate front matter key '" + key + "'");
      const YAML::Node& value = kv.second;
      if (key == "options") {
        if (value.IsNull()) continue;
        if (!value.IsSequence()) return fail("'options' must be a list of option names");
        for (const auto& item : value) {
          if (!item.IsScalar() || item.as<std::string>().empty())
            return fail("'options' entries must be non-empty option names");
          rule->options.push_back(item.as<std::string>());
        }
        continue;
      }
      if (!kRequired.count(key)) return fail("unknown front matter key '" + key + "'");
      if (!value.IsScalar()) return fail("'" + key + "' must be a scalar");
      std::string s = value.as<std::string>();
      if (trim(s).empty()) return fail("'" + key + "' is empty");
      if (key == "id") rule->id = s;
      else if (key == "name") rule->name = s;
      else if (key == "category") rule->category = s;
      else if (key == "paper_category") rule->paper_category = s;
      else if (key == "level") {
        if (!parseLevel(s, &rule->level)) return fail("'level' must be error, warning or note, not '" + s + "'");
      } else if (key == "fix") rule->fix = s;
      else if (key == "since") rule->since = s;
      else if (key == "summary") rule->summary = s;
    }
  } catch (const YAML::Exception& e) {
    return fail(std::string("front matter: ") + e.what());
  }
  return true;
}

struct Catalog {
  std::vector<RuleInfo> rules;
  std::vector<std::string> errors;
};

const Catalog& catalog() {
  static const Catalog c = [] {
    Catalog out;
    std::set<std::string> seen;
    for (const auto& [path, contents] : embeddedFiles()) {
      if (!path.starts_with(kRulesDir) || !path.ends_with(".md")) continue;
      RuleInfo rule;
      std::string error;
      if (!parseRuleDoc(path, contents, &rule, &error)) {
        out.errors.push_back(std::string(path) + ": " + error);
        continue;
      }
      if (!seen.insert(rule.id).second) {
        out.errors.push_back(std::string(path) + ": duplicate rule id " + rule.id);
        continue;
      }
      out.rules.push_back(std::move(rule));
    }
    std::sort(out.rules.begin(), out.rules.end(),
              [](const RuleInfo& a, const RuleInfo& b) { return a.id < b.id; });
    return out;
  }();
  return c;
}

}  // namespace

const std::vector<std::string_view>& ruleDocSections() {
  static const std::vector<std::string_view> sections = {
      "What it does", "Why it idles the GPU", "Example", "Use instead", "Fix safety", "Options"};
  return sections;
}

bool parseRuleDoc(std::string_view path, std::string_view text, RuleInfo* out, std::string* error) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  // Front matter: a first line "---", then YAML, then a line "---".
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  size_t first_nl = text.find('\n');
  if (first_nl == std::string_view::npos || rstrip(text.substr(0, first_nl)) != "---")
    return fail("missing front matter: the first line must be '---'");
  size_t pos = first_nl + 1;
  size_t front_end = std::string_view::npos, body_start = text.size();
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    if (rstrip(text.substr(pos, end - pos)) == "---") {
      front_end = pos;
      body_start = nl == std::string_view::npos ? text.size() : nl + 1;
      break;
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  if (front_end == std::string_view::npos) return fail("unterminated front matter: no closing '---' line");
  std::string front(text.substr(first_nl + 1, front_end - first_nl - 1));

  RuleInfo rule;
  rule.stem = stemOf(path);
  static const std::set<std::string> kRequired = {"id", "name", "category", "paper_category",
                                                  "level", "fix", "since", "summary"};
  std::set<std::string> present;
  if (!readSimpleFrontMatter(front, &rule, &present)) {
    rule = RuleInfo();
    rule.stem = stemOf(path);
    present.clear();
    if (!parseYamlFrontMatter(front, kRequired, &rule, &present, error)) return false;
  }
  for (const auto& key : kRequired)
    if (!present.count(key)) return fail("front matter lacks '" + key + "'");

  if (!validId(rule.id)) return fail("'id' must look like GPU201, not '" + rule.id + "'");
  if (!validName(rule.name)) return fail("'name' must be kebab-case, not '" + rule.name + "'");
  const char* expected_category = categoryForId(rule.id);
  if (!expected_category) return fail("'id' " + rule.id + " is outside GPU0xx-GPU4xx");
  if (rule.category != expected_category)
    return fail("'category' of " + rule.id + " must be '" + expected_category + "', not '" + rule.category + "'");
  if (rule.fix != "safe" && rule.fix != "unsafe" && rule.fix != "none")
    return fail("'fix' must be safe, unsafe or none, not '" + rule.fix + "'");
  if (rule.summary.find('\n') != std::string::npos) return fail("'summary' must be one line");
  std::string expected_stem = rule.id + "_" + rule.name;
  std::replace(expected_stem.begin(), expected_stem.end(), '-', '_');
  if (rule.stem != expected_stem)
    return fail("file name must be " + expected_stem + ".md to match id and name");

  std::string_view body = text.substr(body_start);
  while (!body.empty() && (body.front() == '\n' || body.front() == '\r')) body.remove_prefix(1);
  body = rstrip(body);
  rule.markdown = std::string(body) + "\n";

  std::vector<std::pair<std::string, size_t>> found;
  if (!headings(rule.markdown, &found)) return fail("unclosed code fence in the document body");
  const auto& want = ruleDocSections();
  std::vector<std::string> got;
  for (const auto& h : found) got.push_back(h.first);
  if (!std::equal(got.begin(), got.end(), want.begin(), want.end())) {
    std::string list;
    for (const auto& g : got) list += (list.empty() ? "" : ", ") + g;
    return fail("sections must be exactly \"What it does, Why it idles the GPU, Example, Use instead, "
                "Fix safety, Options\" in order; found \"" + list + "\"");
  }
  for (std::string_view section : want)
    if (ruleDocSection(rule, section).empty()) return fail("section '" + std::string(section) + "' is empty");
  // C++/CUDA operator rules (ops) show C++ or CUDA code instead; job rules a job file.
  std::string example = ruleDocSection(rule, "Example");
  auto has = [&](const char* fence) { return example.find(fence) != std::string::npos; };
  bool native = (rule.category == "ops" && (has("```cpp") || has("```cuda"))) ||
                (rule.category == "job" && (has("```yaml") || has("```json")));
  if (!has("```python") && !native)
    return fail("section 'Example' needs a ```python code block (```cpp or ```cuda for ops rules, ```yaml or "
                "```json for job rules)");

  *out = std::move(rule);
  return true;
}

std::string ruleDocSection(const RuleInfo& rule, std::string_view heading) {
  std::string out;
  bool in_fence = false, inside = false;
  for (std::string_view line : splitLines(rule.markdown)) {
    bool fence = isFence(line);
    if (!in_fence && !fence && line.starts_with("## ")) {
      if (inside) break;
      inside = trim(line.substr(3)) == heading;
      continue;
    }
    if (fence) in_fence = !in_fence;
    if (inside) {
      out += line;
      out += '\n';
    }
  }
  return std::string(trim(out));
}

const std::vector<RuleInfo>& allRules() { return catalog().rules; }

const std::vector<std::string>& ruleDocErrors() { return catalog().errors; }

const RuleInfo* findRule(std::string_view id) {
  const auto& rules = allRules();
  auto it = std::lower_bound(rules.begin(), rules.end(), id,
                             [](const RuleInfo& r, std::string_view v) { return r.id < v; });
  return it != rules.end() && it->id == id ? &*it : nullptr;
}

const RuleInfo* findRuleByName(std::string_view name) {
  for (const RuleInfo& rule : allRules())
    if (rule.name == name) return &rule;
  return nullptr;
}

std::string helpUri(const RuleInfo& rule) {
  std::string_view base = GPULINT_DOCS_BASE_URL;
  if (base.empty()) return "";
  std::string uri(base);
  if (uri.back() != '/') uri += '/';
  return uri + std::string(kRulesDir) + rule.stem + ".md";
}

std::string homeUri() { return GPULINT_HOME_URL; }

}  // namespace gpulint
