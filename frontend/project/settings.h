#pragma once
// Project settings: the `.gpulint.yaml` (or `.gpulint.yml`) file of RULES.md
// "Options", read with yaml-cpp (the tool's own trusted file), plus the rule
// selection, per-rule level and exclude-glob helpers that consult it.
//
// File format (every key optional; `-` and `_` are interchangeable in keys):
//
//   select: [GPU1, GPU201]        # rule ids, prefixes ("GPU2", "GPU") or ALL;
//   ignore: [GPU204]              #   empty/absent select = every rule
//   extend-select: [GPU301]       # added to select (or to the default ALL)
//   exclude: ["build", "*.ipynb", "tests/**", "**/data/*.py"]
//   fail-on: warning              # note | warning | error (exit code 1 at/above)
//   workers: 8                    # positive integers, see RuleOptions
//   min_batch_size: 8
//   min_guard_interval: 10
//   min_eval_steps: 50
//   min_save_steps: 100
//   large_model_modules: [transformers.AutoModelForCausalLM, peft]  # replaces the default list
//   respect-gitignore: false      # default true: folder runs skip git-ignored files
//   include-tests: true           # default false: folder runs skip test code (see discover.h)
//   include-vendored: true        # default false: folder runs skip vendored code (see discover.h)
//   rules:                        # per-rule settings; keys are ids or prefixes,
//     GPU201: {level: note}       #   the longest matching key wins
//     GPU2:   {level: error}
//
// Per-rule levels live only under `rules:` (a top-level `level:` map is
// rejected with a hint), so a rule's settings can grow more keys later.
// Anything else -- an unknown key, a wrong type (`workers: four`, `-3`, a
// quoted number), an unknown level, an invalid rule selector, a duplicate key,
// a second YAML document, invalid YAML -- is a SettingsError naming the file,
// the 1-based line and column of the offending node, and what is wrong.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.h"  // Level
#include "core/options.h"
#include "frontend/project/glob.h"

namespace gpulint {

struct Settings {
  RuleOptions options;
  std::vector<std::string> select;         // empty = every rule
  std::vector<std::string> ignore;
  std::vector<std::string> extend_select;
  std::vector<std::string> exclude;        // globs, see isExcluded()
  std::map<std::string, Level> levels;     // rule id or prefix -> level override
  Level fail_on = Level::Warning;
  bool respect_gitignore = true;           // skip what .gitignore ignores (see gitignore.h)
  bool include_tests = false;              // folder runs also check test code (see discover.h)
  bool include_vendored = false;           // folder runs also check vendored third-party code (see discover.h)
  std::string source_path;                 // the settings file used, "" if none
};

struct SettingsError {
  std::string file;
  uint32_t line = 0;    // 1-based; 0 when the error is about the whole file
  uint32_t column = 0;  // 1-based; 0 when unknown
  std::string message;
  // "path:line:col: message" ("path: message" without a line).
  [[nodiscard]] std::string describe() const;
};

using SettingsResult = std::variant<Settings, SettingsError>;

// Reads and validates a settings file; `source_path` of the result is `path`.
// Unreadable files and files over 1 MiB are errors too (line 0).
[[nodiscard]] SettingsResult loadSettingsFile(const std::string& path);
// Same, from text already in memory (LSP, tests); `path` is used in messages.
[[nodiscard]] SettingsResult parseSettings(std::string_view text, const std::string& path);

// The nearest settings file in `start` (a directory, or a file whose
// directory is used) or any parent up to the filesystem root, as an absolute
// path; "" if none. In one folder `.gpulint.yaml` wins over `.gpulint.yml`,
// which wins over a `pyproject.toml` with a `[tool.gpulint]` table (see
// pyproject_settings.h; a `.toml` path is read as that table).
[[nodiscard]] std::string findSettingsFile(const std::string& start);

// "ALL", "GPU", "GPU2", "GPU20" or "GPU201".
[[nodiscard]] bool isValidRuleSelector(std::string_view selector);

// Ruff's semantics: a rule is selected by `select` (all rules when empty) or
// `extend_select`, and deselected by `ignore`; the longest matching selector
// wins, and `ignore` wins a tie (`select: [GPU201]` + `ignore: [GPU2]` keeps
// GPU201; `select: [GPU2]` + `ignore: [GPU201]` drops only GPU201).
[[nodiscard]] bool ruleEnabled(const Settings& settings, std::string_view id);
// The level of the longest `levels` key that prefixes `id`, else default_level.
[[nodiscard]] Level effectiveLevel(const Settings& settings, std::string_view id,
                                   Level default_level);

// True when `relative_path` (relative to the project root, i.e. the directory
// of the settings file; '/'-separated, a leading "./" is ignored) matches one
// of `settings.exclude`. See matchesGlob for the pattern language.
[[nodiscard]] bool isExcluded(const Settings& settings, std::string_view relative_path);


}  // namespace gpulint
