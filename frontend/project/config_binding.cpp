// Run-config values with provenance (see config_binding.h).
#include "frontend/project/config_binding.h"

#include <cctype>
#include <charconv>
#include <filesystem>

namespace gpulint::project {

namespace {

using python::ResolvedValue;

std::optional<ResolvedValue> number(std::string_view t) {
  if (t.empty()) return std::nullopt;
  int64_t i = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), i);
  if (ec == std::errc() && p == t.data() + t.size()) return ResolvedValue::ofInt(i);
  double d = 0;
  auto [q, ec2] = std::from_chars(t.data(), t.data() + t.size(), d);
  if (ec2 == std::errc() && q == t.data() + t.size()) return ResolvedValue::ofFloat(d);
  return std::nullopt;
}

bool interpolated(std::string_view t) { return t.find("${") != std::string_view::npos || t == "???"; }

}  // namespace

ResolvedValue scalarValue(const config::ConfigValue& v) {
  if (!v.isScalar()) return ResolvedValue::unknown();
  if (interpolated(v.text) || v.text == "auto") return ResolvedValue::unknown();
  if (v.quoted) return ResolvedValue::ofString(v.text);
  switch (v.scalar_type) {
    case config::ScalarType::Null: return ResolvedValue::none();
    case config::ScalarType::Bool: {
      std::string t = v.text;
      for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return ResolvedValue::ofBool(t == "true" || t == "yes" || t == "on");
    }
    case config::ScalarType::Int:
    case config::ScalarType::Float:
      if (auto n = number(v.text)) return *n;
      return ResolvedValue::unknown();  // 0x10, 1e3 written oddly: not guessed
    case config::ScalarType::String: return ResolvedValue::ofString(v.text);
  }
  return ResolvedValue::unknown();
}

ResolvedValue overrideValue(std::string_view text) {
  if (interpolated(text) || text.empty()) return ResolvedValue::unknown();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') && text.back() == text.front())
    return ResolvedValue::ofString(std::string(text.substr(1, text.size() - 2)));
  if (text.front() == '[' || text.front() == '{') return ResolvedValue::unknown();  // lists and dicts
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "true" || lower == "false") return ResolvedValue::ofBool(lower == "true");
  if (lower == "null" || lower == "none") return ResolvedValue::none();
  if (auto n = number(text)) return *n;
  if (lower == "auto") return ResolvedValue::unknown();
  return ResolvedValue::ofString(std::string(text));
}

ConfigValues flattenConfig(const config::ConfigModel& model, const config::ConfigValue& root,
                           const std::string& key_prefix, const std::vector<python::ValueStep>& link) {
  ConfigValues out;
  for (const config::FlatEntry& e : model.flatten(root)) {
    if (e.path.empty()) continue;  // the root itself is a scalar: no keys
    ResolvedValue v = scalarValue(*e.value);
    if (!v.known()) continue;
    v.chain = link;
    v.chain.push_back({model.location(*e.value), "config key " + key_prefix + e.path});
    out[e.path] = std::move(v);
  }
  return out;
}

std::optional<ConfigOverride> hydraOverride(const ArgToken& token, const SourceFile& job_file) {
  std::string_view t = token.text;
  if (t.empty() || t.front() == '-') return std::nullopt;
  ConfigOverride o;
  size_t skip = 0;
  if (t.starts_with("++")) o.op = ConfigOverride::Op::ForceAdd, skip = 2;
  else if (t.starts_with("+")) o.op = ConfigOverride::Op::Add, skip = 1;
  else if (t.starts_with("~")) o.op = ConfigOverride::Op::Delete, skip = 1;
  size_t eq = t.find('=');
  std::string_view key = t.substr(skip, eq == std::string_view::npos ? std::string_view::npos : eq - skip);
  if (key.empty() || key.starts_with("hydra.") || key.find('/') != std::string_view::npos) return std::nullopt;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) return std::nullopt;
  o.path = std::string(key);
  if (o.op == ConfigOverride::Op::Delete) return o;
  if (eq == std::string_view::npos) return std::nullopt;
  // `key=$VAR`: the job sets the key to a value we cannot see; it still hides the file's.
  o.value = token.unknown ? ResolvedValue::unknown() : overrideValue(t.substr(eq + 1));
  if (o.value.known()) {
    uint32_t begin = token.begin, end = token.end;
    if (end - begin == t.size()) begin += static_cast<uint32_t>(eq + 1);  // written as is: point at the value
    o.value.chain.push_back({job_file.location(begin, end), "job argv sets " + o.path});
  }
  return o;
}

void applyOverrides(ConfigValues& values, const std::vector<ConfigOverride>& overrides) {
  for (const ConfigOverride& o : overrides) {
    if (o.op == ConfigOverride::Op::Add && values.count(o.path)) continue;
    // The key and everything under it: a new value replaces a whole subtree.
    for (auto it = values.lower_bound(o.path); it != values.end() && it->first.starts_with(o.path);) {
      char next = it->first.size() > o.path.size() ? it->first[o.path.size()] : '\0';
      if (next == '\0' || next == '.' || next == '[') it = values.erase(it);
      else ++it;
    }
    if (o.op != ConfigOverride::Op::Delete) values[o.path] = o.value;  // unknown values hide the file's too
  }
}

namespace {

// `group: option` of a defaults entry ("override"/"optional" prefixes
// dropped); false for `_self_`, plain names and anything else.
bool groupEntry(const config::ConfigValue& item, std::string* group, const config::ConfigValue** option) {
  if (!item.isMapping() || item.entries.size() != 1) return false;
  std::string key = item.entries.front().key;
  for (const char* prefix : {"override ", "optional "})
    if (key.starts_with(prefix)) key = key.substr(std::string_view(prefix).size());
  *group = key;
  *option = item.entries.front().value;
  return true;
}

}  // namespace

std::optional<ConfigValues> composeHydra(const config::ConfigModel& primary, const config::ConfigValue& document,
                                         const HydraCompose& in, std::set<std::string>* groups) {
  ConfigValues own = flattenConfig(primary, document, "", in.link);
  const config::ConfigValue* defaults = document.get("defaults");
  std::erase_if(own, [](const auto& kv) { return kv.first.starts_with("defaults["); });
  if (!defaults || !defaults->isSequence()) return own;
  ConfigValues before, after;
  bool self_seen = false;
  for (const config::ConfigValue* item : defaults->items) {
    std::string group;
    const config::ConfigValue* option = nullptr;
    if (item->isScalar() && item->text == "_self_") {
      self_seen = true;
      continue;
    }
    ConfigValues& into = self_seen ? after : before;
    if (!groupEntry(*item, &group, &option)) {
      if (self_seen) return std::nullopt;  // merges at the root after the primary: anything may change
      continue;
    }
    if (groups) groups->insert(group);
    std::vector<python::ValueStep> link = in.link;
    std::string chosen = option && option->isScalar() ? option->text : "";
    if (auto c = in.choices.find(group); c != in.choices.end()) {
      chosen = c->second.unknown ? "" : c->second.text.substr(c->second.text.find('=') + 1);
      if (in.job_file)
        link.push_back({in.job_file->location(c->second.begin, c->second.end), "job argv selects " + group + "=" + chosen});
    } else {
      link.push_back({primary.location(*option), "the Hydra defaults list selects " + group + ": " + chosen});
    }
    std::string rel = std::filesystem::path(in.dir).append(group).append(chosen + ".yaml").generic_string();
    const config::ConfigModel* file = chosen.empty() || group.find_first_of("@/$") != std::string::npos
                                          ? nullptr : in.load(rel);
    std::erase_if(into, [&](const auto& kv) { return kv.first.starts_with(group + "."); });
    if (!file || !file->error().empty() || file->documents().empty() || !file->documents().front()->isMapping()) {
      into[group] = python::ResolvedValue::unknown();  // its keys are not known
      continue;
    }
    for (auto& [k, v] : flattenConfig(*file, *file->documents().front(), group + ".", link))
      into[group + "." + k] = std::move(v);
  }
  auto overlay = [](ConfigValues& base, const ConfigValues& top) {
    for (const auto& [k, v] : top) {
      std::erase_if(base, [&](const auto& kv) { return kv.first.starts_with(k + "."); });
      base[k] = v;
    }
  };
  ConfigValues out = std::move(before);
  overlay(out, own);
  overlay(out, after);
  return out;
}

}  // namespace gpulint::project
