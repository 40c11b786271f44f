#include "frontend/project/job_sniff.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace gpulint::project {

namespace {

using KeySet = std::set<std::string, std::less<>>;

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Keys at depth 1 of a JSON object (comments skipped, values not parsed).
KeySet jsonTopLevelKeys(std::string_view t) {
  KeySet keys;
  int depth = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '/' && i + 1 < t.size() && t[i + 1] == '/') {
      i = std::min(t.find('\n', i), t.size());
    } else if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
      size_t end = t.find("*/", i + 2);
      i = end == std::string_view::npos ? t.size() : end + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    } else if (c == '"') {
      size_t start = ++i;
      while (i < t.size() && t[i] != '"') i += t[i] == '\\' ? 2 : 1;
      if (depth != 1 || i >= t.size()) continue;
      size_t after = i + 1;
      while (after < t.size() && isBlank(t[after])) ++after;
      if (after < t.size() && t[after] == ':') keys.emplace(t.substr(start, i - start));
    }
  }
  return keys;
}

// Keys written at column 0 of YAML block mappings (`key:` or `"key":`).
KeySet yamlTopLevelKeys(std::string_view t) {
  KeySet keys;
  size_t pos = 0;
  while (pos < t.size()) {
    size_t end = std::min(t.find('\n', pos), t.size());
    std::string_view line = t.substr(pos, end - pos);
    pos = end + 1;
    if (line.empty() || isBlank(line[0]) || line[0] == '#' || line[0] == '-') continue;
    std::string_view key = line;
    if (key[0] == '"' || key[0] == '\'') {
      size_t close = key.find(key[0], 1);
      if (close == std::string_view::npos) continue;
      if (close + 1 < key.size() && key[close + 1] == ':') keys.emplace(key.substr(1, close - 1));
      continue;
    }
    size_t colon = key.find(':');
    if (colon == std::string_view::npos) continue;
    // `key:` ends the key only before a space or the line end (`a:b` is one scalar).
    if (colon + 1 < key.size() && !isBlank(key[colon + 1])) continue;
    std::string_view name = key.substr(0, colon);
    while (!name.empty() && isBlank(name.back())) name.remove_suffix(1);
    keys.emplace(name);
  }
  return keys;
}

bool startsWithBrace(std::string_view t) {
  auto first = std::find_if(t.begin(), t.end(), [](char c) { return !isBlank(c); });
  return first != t.end() && *first == '{';
}

bool looksLikeJob(const KeySet& k) {
  bool kubernetes = k.count("apiVersion") && k.count("kind");
  bool azure_ml = k.count("command") && (k.count("$schema") || k.count("type"));
  bool open_pai = k.count("protocolVersion") && k.count("taskRoles");
  bool aml_compute = k.count("size") && (k.count("$schema") || k.count("type"));
  bool sky_pilot = k.count("run") && (k.count("resources") || k.count("num_nodes") || k.count("setup") || k.count("workdir"));
  bool vertex = k.count("workerPoolSpecs") || k.count("worker_pool_specs") || k.count("jobSpec") || k.count("job_spec");
  bool compose = k.count("services") > 0;  // a job only when a service reserves GPUs
  return kubernetes || azure_ml || open_pai || aml_compute || sky_pilot || vertex || compose;
}

int maxNesting(std::string_view t) {
  int depth = 0, deepest = 0;
  for (char c : t) {
    if (c == '{' || c == '[') deepest = std::max(deepest, ++depth);
    else if (c == '}' || c == ']') --depth;
  }
  return deepest;
}

}  // namespace

std::string whyNotAJob(std::string_view text, FileKind kind) {
  if (text.size() > kMaxJobFileBytes) return "larger than 2 MiB: data, not a job";
  bool json = kind == FileKind::Json || startsWithBrace(text);
  KeySet keys = json ? jsonTopLevelKeys(text) : yamlTopLevelKeys(text);
  if (looksLikeJob(keys)) return "";
  return "no job keys (apiVersion/kind, command, taskRoles, run, workerPoolSpecs, services) at the top level";
}

bool anotherParserAccepts(std::string_view text, FileKind kind) {
  constexpr size_t kMaxBytes = 256u << 10;
  constexpr int kMaxNesting = 64;  // the fallback parsers recurse
  if (text.size() > kMaxBytes || maxNesting(text) > kMaxNesting) return false;
  if (kind == FileKind::Json) return nlohmann::json::accept(text);
  try {
    (void)YAML::LoadAll(std::string(text));
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace gpulint::project
