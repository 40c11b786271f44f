#include "frontend/project/pyproject_settings.h"

// Debian's toml++ is a shared library built with exceptions: parse errors
// arrive as toml::parse_error, caught right at the call.
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace gpulint {

namespace {

// Where a line of the generated YAML came from in the TOML text.
struct LineOrigin {
  toml::source_position key{};    // the key on this line (or the array element)
  toml::source_position value{};  // the value on this line, when it is inline
  uint32_t value_column = 0;      // 1-based column of that value in the YAML line
};

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// A scalar in YAML that keeps its TOML type: strings stay strings (so
// `workers = "4"` is rejected as a quoted number, as in YAML), floats stay floats.
std::string scalarYaml(const toml::node& node) {
  if (auto s = node.as_string()) return quoted(s->get());
  if (auto i = node.as_integer()) return std::to_string(i->get());
  if (auto b = node.as_boolean()) return b->get() ? "true" : "false";
  if (auto f = node.as_floating_point()) {
    double v = f->get();
    if (std::isnan(v)) return ".nan";
    if (std::isinf(v)) return v > 0 ? ".inf" : "-.inf";
    std::ostringstream out;
    out.precision(17);
    out << v;
    std::string text = out.str();
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
  }
  // Dates and times: no setting takes one; the value's text lets the
  // settings parser say what it expected instead.
  std::ostringstream out;
  if (auto d = node.as_date()) out << d->get();
  else if (auto t = node.as_time()) out << t->get();
  else if (auto dt = node.as_date_time()) out << dt->get();
  return quoted(out.str());
}

// Keys and elements in the order they are written, so the first error
// reported is the first one in the file (toml::table iterates by key).
std::vector<std::pair<const toml::key*, const toml::node*>> inSourceOrder(const toml::table& table) {
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [key, node] : table) entries.emplace_back(&key, &node);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const auto& x = a.first->source().begin;
    const auto& y = b.first->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return entries;
}

class YamlFromToml {
 public:
  void table(const toml::table& t, size_t indent) {
    for (auto [key, node] : inSourceOrder(t)) {
      std::string head = std::string(indent, ' ') + quoted(key->str()) + ":";
      member(head, key->source().begin, *node, indent);
    }
  }

  std::string text;
  std::vector<LineOrigin> origins;

 private:
  // `head` is "  key:" or "  -"; the value goes inline or on nested lines.
  void member(const std::string& head, toml::source_position key_pos, const toml::node& node, size_t indent) {
    if (auto t = node.as_table(); t && !t->empty()) {
      emit(head, {key_pos, node.source().begin, 0});
      table(*t, indent + 2);
    } else if (auto a = node.as_array(); a && !a->empty()) {
      emit(head, {key_pos, node.source().begin, 0});
      for (const toml::node& element : *a)
        member(std::string(indent + 2, ' ') + "-", element.source().begin, element, indent + 2);
    } else {
      std::string value = node.is_table() ? "{}" : node.is_array() ? "[]" : scalarYaml(node);
      emit(head + " " + value, {key_pos, node.source().begin, static_cast<uint32_t>(head.size() + 2)});
    }
  }

  void emit(const std::string& line, LineOrigin origin) {
    text += line;
    text += '\n';
    origins.push_back(origin);
  }
};

SettingsError errorAt(const std::string& path, toml::source_position pos, std::string message) {
  SettingsError e;
  e.file = path;
  e.line = pos.line;
  e.column = pos.column;
  e.message = std::move(message);
  return e;
}

}  // namespace

bool pyprojectHasGpulintTable(std::string_view text) {
  try {
    toml::table document = toml::parse(text);
    return document["tool"]["gpulint"].node() != nullptr;
  } catch (const toml::parse_error&) {
    return text.find("tool.gpulint") != std::string_view::npos;
  }
}

SettingsResult parsePyprojectSettings(std::string_view text, const std::string& path) {
  toml::table document;
  try {
    document = toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    return errorAt(path, error.source().begin, "invalid TOML: " + std::string(error.description()));
  }
  const toml::node* node = document["tool"]["gpulint"].node();
  if (node == nullptr) return errorAt(path, {}, "no [tool.gpulint] table in this pyproject.toml");
  const toml::table* table = node->as_table();
  if (table == nullptr)
    return errorAt(path, node->source().begin, "tool.gpulint must be a table, e.g. [tool.gpulint]");

  YamlFromToml yaml;
  yaml.table(*table, 0);
  SettingsResult result = parseSettings(yaml.text, path);
  if (auto* error = std::get_if<SettingsError>(&result); error && error->line > 0 &&
                                                         error->line <= yaml.origins.size()) {
    const LineOrigin& origin = yaml.origins[error->line - 1];
    bool about_value = origin.value_column > 0 && error->column >= origin.value_column;
    toml::source_position pos = about_value ? origin.value : origin.key;
    error->line = pos.line;
    error->column = pos.column;
  }
  return result;
}

}  // namespace gpulint
