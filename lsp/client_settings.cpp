// Settings of an open document: the nearest .gpulint.yaml above it, with the
// client's workspace/didChangeConfiguration overrides on top.
#include <filesystem>

#include "lsp/server.h"

namespace gpulint::lsp {

namespace {

// Rule selectors from a client setting; invalid ones are reported and skipped.
std::vector<std::string> selectors(const json& list, std::vector<std::string>* invalid) {
  std::vector<std::string> out;
  if (!list.is_array()) return out;
  for (const auto& s : list) {
    if (s.is_string() && isValidRuleSelector(s.get<std::string>())) out.push_back(s.get<std::string>());
    else invalid->push_back(s.dump());
  }
  return out;
}

}  // namespace

void Server::applyClientSettings(const json& settings) {
  // Clients nest their settings under the server's name, or send them bare.
  if (settings.is_object() && settings.contains("gpulint")) client_settings_ = settings["gpulint"];
  else client_settings_ = settings.is_object() ? settings : json::object();
  if (!client_settings_.is_object()) client_settings_ = json::object();
}

const Settings& Server::settingsFor(const Document& doc) {
  std::filesystem::path path(doc.path());
  return settingsForDir(path.is_absolute() ? path.parent_path().string() : "");
}

const Settings& Server::settingsForDir(const std::string& dir) {
  auto cached = settings_by_dir_.find(dir);
  if (cached != settings_by_dir_.end()) return cached->second;

  Settings settings;
  std::string file = dir.empty() ? "" : findSettingsFile(dir);
  if (!file.empty()) {
    SettingsResult loaded = loadSettingsFile(file);
    if (auto* error = std::get_if<SettingsError>(&loaded)) {
      // Once per distinct error: every document below would repeat it.
      if (reported_settings_errors_.insert(error->describe()).second)
        showMessage(1, "gpulint: " + error->describe() + " (using default settings)");
    } else {
      settings = std::get<Settings>(std::move(loaded));
    }
  }
  std::vector<std::string> invalid;
  const json& client = client_settings_;
  if (client.contains("select")) {
    // An empty list would mean "every rule": a select of only typos keeps the file's.
    auto select = selectors(client["select"], &invalid);
    if (!select.empty()) settings.select = std::move(select);
  }
  for (const char* key : {"ignore"}) {
    auto more = selectors(client.value(key, json::array()), &invalid);
    settings.ignore.insert(settings.ignore.end(), more.begin(), more.end());
  }
  for (const char* key : {"extendSelect", "extend-select", "extend_select"}) {
    auto more = selectors(client.value(key, json::array()), &invalid);
    settings.extend_select.insert(settings.extend_select.end(), more.begin(), more.end());
  }
  if (client.contains("rules") && client["rules"].is_object())
    for (const auto& [selector, rule] : client["rules"].items()) {
      Level level;
      if (isValidRuleSelector(selector) && rule.is_object() && rule.value("level", json()).is_string() &&
          parseLevel(rule["level"].get<std::string>(), &level))
        settings.levels[selector] = level;
      else
        invalid.push_back(selector);
    }
  for (const auto& bad : invalid)
    if (reported_settings_errors_.insert("client:" + bad).second)
      showMessage(2, "gpulint: ignored invalid rule setting from the editor: " + bad);
  return settings_by_dir_.emplace(dir, std::move(settings)).first->second;
}

}  // namespace gpulint::lsp
