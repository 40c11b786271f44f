#include "frontend/project/settings.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <set>
#include <sstream>

namespace gpulint {

namespace {


// Thrown inside the parser only; turned into a SettingsError at the top.
struct Invalid {
  YAML::Mark mark;
  std::string message;
};

[[noreturn]] void fail(const YAML::Node& node, std::string message) {
  throw Invalid{node.Mark(), std::move(message)};
}

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

const char* nodeKind(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Scalar: return "a scalar";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

// A quoted scalar ("4", '4') or one tagged !!str.
bool isQuoted(const YAML::Node& node) {
  const std::string& tag = node.Tag();
  return tag == "!" || tag == "tag:yaml.org,2002:str";
}

// `key:` with nothing after it: the value node has no useful position, so the
// error points at the key.
void requireValue(const YAML::Node& key_node, const YAML::Node& value, const std::string& what) {
  if (value.IsNull())
    fail(key_node, inQuotes(key_node.Scalar()) + " needs a value (" + what + ")");
}

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string didYouMean(std::string_view word, const std::vector<std::string_view>& known) {
  std::string_view best;
  size_t best_distance = 3;  // suggest only close matches
  for (auto k : known) {
    size_t d = editDistance(word, k);
    if (d < best_distance) best_distance = d, best = k;
  }
  return best.empty() ? "" : " (did you mean " + inQuotes(best) + "?)";
}

std::string scalarText(const YAML::Node& node, const char* what) {
  if (!node.IsScalar()) fail(node, std::string("expected ") + what + ", got " + nodeKind(node));
  return node.Scalar();
}

int positiveInt(const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar())
    fail(node, inQuotes(key) + " must be a positive integer, got " + nodeKind(node));
  const std::string& text = node.Scalar();
  if (isQuoted(node))
    fail(node, inQuotes(key) + " must be a positive integer, got the string \"" + text + "\"");
  std::string_view digits = text;
  bool negative = !digits.empty() && digits.front() == '-';
  if (negative) digits.remove_prefix(1);
  bool all_digits = !digits.empty() &&
                    std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!all_digits) fail(node, inQuotes(key) + " must be a positive integer, got " + inQuotes(text));
  if (negative) fail(node, inQuotes(key) + " must be a positive integer, got " + text);
  int value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size())
    fail(node, inQuotes(key) + " is too large: " + text);
  if (value <= 0) fail(node, inQuotes(key) + " must be a positive integer, got " + text);
  return value;
}

bool boolValue(const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar() || isQuoted(node) || (node.Scalar() != "true" && node.Scalar() != "false"))
    fail(node, inQuotes(key) + " must be true or false");
  return node.Scalar() == "true";
}

std::vector<std::string> stringList(const YAML::Node& node, const std::string& key) {
  std::vector<std::string> out;
  if (node.IsNull()) return out;  // `exclude:` with every entry commented out
  if (!node.IsSequence())
    fail(node, inQuotes(key) + " must be a list, got " + nodeKind(node));
  for (const auto& item : node) {
    if (!item.IsScalar())
      fail(item, "entries of " + inQuotes(key) + " must be strings, got " + nodeKind(item));
    if (item.Scalar().empty()) fail(item, "empty entry in " + inQuotes(key));
    out.push_back(item.Scalar());
  }
  return out;
}

std::string selectorError(std::string_view s) {
  return "invalid rule selector " + inQuotes(s) +
         " (expected a rule id like GPU201, a prefix like GPU2, or ALL)";
}

std::vector<std::string> selectorList(const YAML::Node& node, const std::string& key) {
  auto list = stringList(node, key);
  if (node.IsNull()) return list;
  size_t i = 0;
  for (const auto& item : node) {
    if (!isValidRuleSelector(list[i])) fail(item, selectorError(list[i]));
    ++i;
  }
  return list;
}

Level parseLevelNode(const YAML::Node& node) {
  std::string text = scalarText(node, "a level (note, warning or error)");
  if (text == "note") return Level::Note;
  if (text == "warning") return Level::Warning;
  if (text == "error") return Level::Error;
  fail(node, "unknown level " + inQuotes(text) + " (expected note, warning or error)");
}

void checkGlob(const YAML::Node& node, const std::string& glob) {
  if (glob.front() == '!')
    fail(node, "negated exclude patterns are not supported: " + inQuotes(glob));
}

std::string normalizeKey(std::string key) {
  std::replace(key.begin(), key.end(), '-', '_');
  return key;
}

void parseRules(const YAML::Node& rules, Settings& settings) {
  if (rules.IsNull()) return;
  if (!rules.IsMap())
    fail(rules, "'rules' must be a mapping of rule ids to settings, e.g. rules: {GPU201: {level: note}}");
  std::set<std::string> seen;
  for (const auto& entry : rules) {
    const YAML::Node& id_node = entry.first;
    std::string id = scalarText(id_node, "a rule id");
    if (!isValidRuleSelector(id)) fail(id_node, selectorError(id));
    if (!seen.insert(id).second) fail(id_node, "duplicate rule " + inQuotes(id));
    const YAML::Node& body = entry.second;
    if (body.IsNull()) continue;
    if (!body.IsMap())
      fail(body, "settings of " + id + " must be a mapping, e.g. " + id + ": {level: note}");
    std::set<std::string> seen_keys;
    for (const auto& setting : body) {
      std::string key = normalizeKey(scalarText(setting.first, "a key"));
      if (!seen_keys.insert(key).second) fail(setting.first, "duplicate key " + inQuotes(key));
      if (key == "level") {
        requireValue(setting.first, setting.second, "note, warning or error");
        settings.levels[id] = parseLevelNode(setting.second);
      } else {
        fail(setting.first, "unknown key " + inQuotes(setting.first.Scalar()) + " in the settings of " +
                                id + " (known: level)");
      }
    }
  }
}

Settings parseDocument(const YAML::Node& root) {
  Settings settings;
  if (root.IsNull()) return settings;  // an empty file
  if (!root.IsMap()) fail(root, std::string("expected a mapping of settings, got ") + nodeKind(root));
  static const std::vector<std::string_view> known = {
      "select", "ignore", "extend_select", "exclude", "fail_on", "workers", "min_batch_size",
      "min_guard_interval", "min_eval_steps", "min_save_steps", "large_model_modules", "rules",
      "respect_gitignore", "include_tests", "include_vendored"};
  std::set<std::string> seen;
  for (const auto& entry : root) {
    const YAML::Node& key_node = entry.first;
    const YAML::Node& value = entry.second;
    const std::string key = normalizeKey(scalarText(key_node, "a key"));
    if (!seen.insert(key).second) fail(key_node, "duplicate key " + inQuotes(key_node.Scalar()));
    RuleOptions& o = settings.options;
    if (key == "select") {
      settings.select = selectorList(value, key);
    } else if (key == "ignore") {
      settings.ignore = selectorList(value, key);
    } else if (key == "extend_select") {
      settings.extend_select = selectorList(value, "extend-select");
    } else if (key == "exclude") {
      settings.exclude = stringList(value, key);
      size_t i = 0;
      if (!value.IsNull())
        for (const auto& item : value) checkGlob(item, settings.exclude[i++]);
    } else if (key == "fail_on") {
      requireValue(key_node, value, "note, warning or error");
      settings.fail_on = parseLevelNode(value);
    } else if (key == "workers" || key == "min_batch_size" || key == "min_guard_interval" ||
               key == "min_eval_steps" || key == "min_save_steps") {
      requireValue(key_node, value, "a positive integer");
      int n = positiveInt(value, key);
      if (key == "workers") o.workers = n;
      else if (key == "min_batch_size") o.min_batch_size = n;
      else if (key == "min_guard_interval") o.min_guard_interval = n;
      else if (key == "min_eval_steps") o.min_eval_steps = n;
      else o.min_save_steps = n;
    } else if (key == "large_model_modules") {
      o.large_model_modules = stringList(value, key);
    } else if (key == "rules") {
      parseRules(value, settings);
    } else if (key == "respect_gitignore" || key == "include_tests" || key == "include_vendored") {
      requireValue(key_node, value, "true or false");
      std::string spelled = key;
      std::replace(spelled.begin(), spelled.end(), '_', '-');
      bool on = boolValue(value, spelled);
      (key == "include_tests" ? settings.include_tests
       : key == "include_vendored" ? settings.include_vendored
                                   : settings.respect_gitignore) = on;
    } else if (key == "level" || key == "levels") {
      fail(key_node, "unknown key " + inQuotes(key_node.Scalar()) +
                         " (per-rule levels go under 'rules', e.g. rules: {GPU201: {level: note}})");
    } else {
      fail(key_node, "unknown key " + inQuotes(key_node.Scalar()) + didYouMean(key, known));
    }
  }
  return settings;
}

// Counts documents without building them: yaml-cpp 0.7's LoadAll loops
// forever on some malformed input (a lone `,'`), so the settings are read with
// Load and a second document is detected here, at most two calls deep.
class DocumentProbe : public YAML::EventHandler {
 public:
  bool content = false;  // saw something other than an empty (null) node
  YAML::Mark mark = YAML::Mark::null_mark();

  void OnDocumentStart(const YAML::Mark& m) override { mark = m; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { note(m); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string&) override {
    note(m);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    note(m);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    note(m);
  }
  void OnMapEnd() override {}

 private:
  void note(const YAML::Mark& m) {
    if (!content) mark = m;
    content = true;
  }
};

SettingsError errorAt(const std::string& path, const YAML::Mark& mark, std::string message) {
  SettingsError e;
  e.file = path;
  if (!mark.is_null() && mark.line >= 0) {
    e.line = static_cast<uint32_t>(mark.line) + 1;
    e.column = static_cast<uint32_t>(std::max(mark.column, 0)) + 1;
  }
  e.message = std::move(message);
  return e;
}

}  // namespace

std::string SettingsError::describe() const {
  std::ostringstream out;
  out << file;
  if (line > 0) {
    out << ':' << line;
    if (column > 0) out << ':' << column;
  }
  out << ": " << message;
  return out.str();
}

SettingsResult parseSettings(std::string_view text, const std::string& path) {
  try {
    const std::string owned(text);
    YAML::Node root = YAML::Load(owned);
    {
      std::istringstream in(owned);
      YAML::Parser parser(in);
      DocumentProbe first, second;
      if (parser.HandleNextDocument(first) && parser.HandleNextDocument(second) && second.content)
        return errorAt(path, second.mark, "a settings file holds one YAML document, found another here");
    }
    Settings settings = parseDocument(root);
    settings.source_path = path;
    return settings;
  } catch (const Invalid& e) {
    return errorAt(path, e.mark, e.message);
  } catch (const YAML::Exception& e) {
    return errorAt(path, e.mark, "invalid YAML: " + e.msg);
  } catch (const std::exception& e) {
    return errorAt(path, YAML::Mark::null_mark(), std::string("invalid settings: ") + e.what());
  }
}

}  // namespace gpulint
