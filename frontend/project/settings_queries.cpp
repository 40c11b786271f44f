// What the settings say about one rule or path: selection, level, exclusion.
#include <algorithm>

#include "frontend/project/glob.h"
#include "frontend/project/settings.h"

namespace gpulint {

bool isValidRuleSelector(std::string_view s) {
  if (s == "ALL") return true;
  if (s.substr(0, 3) != "GPU" || s.size() > 6) return false;
  return std::all_of(s.begin() + 3, s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

namespace {

// Length of the longest selector in `selectors` that matches id ("ALL" = 0),
// or -1 when none does.
int longestMatch(const std::vector<std::string>& selectors, std::string_view id) {
  int best = -1;
  for (const auto& s : selectors) {
    if (s == "ALL") best = std::max(best, 0);
    else if (id.substr(0, s.size()) == s) best = std::max(best, static_cast<int>(s.size()));
  }
  return best;
}

}  // namespace

bool ruleEnabled(const Settings& settings, std::string_view id) {
  int selected = settings.select.empty() ? 0 : longestMatch(settings.select, id);
  selected = std::max(selected, longestMatch(settings.extend_select, id));
  if (selected < 0) return false;
  return longestMatch(settings.ignore, id) < selected;
}

Level effectiveLevel(const Settings& settings, std::string_view id, Level default_level) {
  int best = -1;
  Level level = default_level;
  for (const auto& [key, value] : settings.levels) {
    int length = key == "ALL" ? 0 : static_cast<int>(key.size());
    bool matches = key == "ALL" || id.substr(0, key.size()) == key;
    if (matches && length > best) best = length, level = value;
  }
  return level;
}

bool isExcluded(const Settings& settings, std::string_view relative_path) {
  for (const auto& glob : settings.exclude)
    if (matchesGlob(glob, relative_path)) return true;
  return false;
}

}  // namespace gpulint
