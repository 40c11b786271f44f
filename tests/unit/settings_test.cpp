#include "frontend/project/settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace gpulint {
namespace {

Settings parseOk(std::string_view text) {
  auto result = parseSettings(text, ".gpulint.yaml");
  if (auto* e = std::get_if<SettingsError>(&result)) {
    ADD_FAILURE() << "unexpected error: " << e->describe();
    return {};
  }
  return std::get<Settings>(result);
}

SettingsError parseError(std::string_view text) {
  auto result = parseSettings(text, "cfg/.gpulint.yaml");
  if (std::holds_alternative<Settings>(result)) {
    ADD_FAILURE() << "expected an error for:\n" << text;
    return {};
  }
  return std::get<SettingsError>(result);
}

TEST(Settings, ValidFile) {
  Settings s = parseOk(
      "# project settings\n"
      "select: [GPU1, GPU201]\n"
      "ignore:\n"
      "  - GPU204\n"
      "extend-select: [GPU301]\n"
      "exclude: [build, '*.ipynb', 'tests/**']\n"
      "fail-on: error\n"
      "workers: 8\n"
      "min_batch_size: 16\n"
      "min_guard_interval: 20\n"
      "min-eval-steps: 500\n"
      "min_save_steps: 1000\n"
      "large_model_modules: [transformers.AutoModelForCausalLM, mymodels.Big]\n"
      "rules:\n"
      "  GPU201: {level: note}\n"
      "  GPU3:\n"
      "    level: error\n");
  EXPECT_EQ(s.select, (std::vector<std::string>{"GPU1", "GPU201"}));
  EXPECT_EQ(s.ignore, (std::vector<std::string>{"GPU204"}));
  EXPECT_EQ(s.extend_select, (std::vector<std::string>{"GPU301"}));
  EXPECT_EQ(s.exclude, (std::vector<std::string>{"build", "*.ipynb", "tests/**"}));
  EXPECT_EQ(s.fail_on, Level::Error);
  EXPECT_EQ(s.options.workers, 8);
  EXPECT_EQ(s.options.min_batch_size, 16);
  EXPECT_EQ(s.options.min_guard_interval, 20);
  EXPECT_EQ(s.options.min_eval_steps, 500);
  EXPECT_EQ(s.options.min_save_steps, 1000);
  EXPECT_EQ(s.options.large_model_modules,
            (std::vector<std::string>{"transformers.AutoModelForCausalLM", "mymodels.Big"}));
  EXPECT_EQ(s.levels.size(), 2u);
  EXPECT_EQ(s.source_path, ".gpulint.yaml");
  EXPECT_EQ(effectiveLevel(s, "GPU201", Level::Warning), Level::Note);
  EXPECT_EQ(effectiveLevel(s, "GPU301", Level::Warning), Level::Error);
  EXPECT_EQ(effectiveLevel(s, "GPU202", Level::Warning), Level::Warning);
}

TEST(Settings, EmptyFileAndNullListsUseDefaults) {
  Settings s = parseOk("");
  EXPECT_EQ(s.options.workers, RuleOptions{}.workers);
  EXPECT_EQ(s.fail_on, Level::Warning);
  Settings c = parseOk("# only a comment\nexclude:\n");
  EXPECT_TRUE(c.exclude.empty());
}

TEST(Settings, LoadFileSetsSourcePath) {
  auto dir = std::filesystem::temp_directory_path() /
             ("gpulint_settings_load_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  auto path = (dir / ".gpulint.yaml").string();
  std::ofstream(path) << "workers: 2\n";
  auto result = loadSettingsFile(path);
  ASSERT_TRUE(std::holds_alternative<Settings>(result));
  EXPECT_EQ(std::get<Settings>(result).options.workers, 2);
  EXPECT_EQ(std::get<Settings>(result).source_path, path);

  auto missing = loadSettingsFile((dir / "nope.yaml").string());
  ASSERT_TRUE(std::holds_alternative<SettingsError>(missing));
  EXPECT_EQ(std::get<SettingsError>(missing).line, 0u);
  EXPECT_NE(std::get<SettingsError>(missing).describe().find("nope.yaml: cannot read"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Settings, UnknownKeyNamesLineAndSuggests) {
  auto e = parseError("workers: 4\nmin_batch_sise: 8\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 1u);
  EXPECT_NE(e.message.find("unknown key 'min_batch_sise'"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("did you mean 'min_batch_size'"), std::string::npos) << e.message;
  EXPECT_EQ(e.describe().substr(0, 22), "cfg/.gpulint.yaml:2:1:");
}

TEST(Settings, TopLevelLevelMapIsRejectedWithHint) {
  auto e = parseError("level:\n  GPU201: note\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("rules"), std::string::npos) << e.message;
}

TEST(Settings, BooleanSwitchesKeepTheirOwnKeyInErrors) {
  Settings s = parseOk("include-tests: true\nrespect_gitignore: false\n");
  EXPECT_TRUE(s.include_tests);
  EXPECT_FALSE(s.respect_gitignore);
  EXPECT_FALSE(parseOk("select: [GPU]\n").include_tests);
  auto e = parseError("include_tests: yes please\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("include-tests"), std::string::npos) << e.message;
  Settings v = parseOk("include_vendored: true\n");
  EXPECT_TRUE(v.include_vendored);
  EXPECT_FALSE(v.include_tests);
  EXPECT_FALSE(parseOk("select: [GPU]\n").include_vendored);
  auto ev = parseError("include-vendored: 3\n");
  EXPECT_NE(ev.message.find("include-vendored"), std::string::npos) << ev.message;
}

TEST(Settings, WrongTypes) {
  auto words = parseError("select: [GPU2]\nworkers: four\n");
  EXPECT_EQ(words.line, 2u);
  EXPECT_EQ(words.column, 10u);
  EXPECT_NE(words.message.find("positive integer"), std::string::npos) << words.message;

  auto negative = parseError("\n\nmin_save_steps: -5\n");
  EXPECT_EQ(negative.line, 3u);
  EXPECT_NE(negative.message.find("positive integer"), std::string::npos);

  EXPECT_EQ(parseError("min_eval_steps: 0\n").line, 1u);
  EXPECT_EQ(parseError("workers: 2.5\n").line, 1u);
  EXPECT_EQ(parseError("workers: '4'\n").line, 1u);
  EXPECT_EQ(parseError("workers: 99999999999999999999\n").line, 1u);
  EXPECT_EQ(parseError("workers: [1]\n").line, 1u);
  EXPECT_EQ(parseError("workers: !!str 4\n").line, 1u);

  auto missing = parseError("select: []\nworkers:\nignore: []\n");
  EXPECT_EQ(missing.line, 2u);  // the key, not where the parser noticed
  EXPECT_EQ(missing.column, 1u);
  EXPECT_NE(missing.message.find("needs a value"), std::string::npos) << missing.message;

  auto not_list = parseError("ignore: GPU204\n");
  EXPECT_EQ(not_list.line, 1u);
  EXPECT_NE(not_list.message.find("must be a list"), std::string::npos);

  auto nested = parseError("exclude:\n  - build\n  - {a: b}\n");
  EXPECT_EQ(nested.line, 3u);

  EXPECT_EQ(parseError("- workers\n").line, 1u);  // not a mapping
}

TEST(Settings, UnknownLevel) {
  auto e = parseError("rules:\n  GPU201:\n    level: fatal\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 12u);
  EXPECT_NE(e.message.find("unknown level 'fatal'"), std::string::npos) << e.message;

  auto key = parseError("rules:\n  GPU201:\n    severity: note\n");
  EXPECT_EQ(key.line, 3u);

  auto shape = parseError("rules:\n  GPU201: note\n");
  EXPECT_EQ(shape.line, 2u);

  auto fail_on = parseError("fail-on: sometimes\n");
  EXPECT_EQ(fail_on.line, 1u);
}

TEST(Settings, InvalidRuleSelectors) {
  auto e = parseError("select:\n  - GPU2\n  - E501\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 5u);
  EXPECT_NE(e.message.find("invalid rule selector 'E501'"), std::string::npos) << e.message;
  EXPECT_EQ(parseError("ignore: [gpu201]\n").line, 1u);
  EXPECT_EQ(parseError("extend-select: [GPU2011]\n").line, 1u);
  EXPECT_EQ(parseError("rules:\n  GPX201: {level: note}\n").line, 2u);

  EXPECT_TRUE(isValidRuleSelector("ALL"));
  EXPECT_TRUE(isValidRuleSelector("GPU"));
  EXPECT_TRUE(isValidRuleSelector("GPU20"));
  EXPECT_TRUE(isValidRuleSelector("GPU201"));
  EXPECT_FALSE(isValidRuleSelector("GPU2a"));
  EXPECT_FALSE(isValidRuleSelector("all"));
}

TEST(Settings, DuplicateKeysAndDocuments) {
  auto dup = parseError("workers: 4\nworkers: 5\n");
  EXPECT_EQ(dup.line, 2u);
  auto alias = parseError("extend-select: [GPU1]\nextend_select: [GPU2]\n");
  EXPECT_EQ(alias.line, 2u);
  auto docs = parseError("workers: 4\n---\nworkers: 5\n");
  EXPECT_GE(docs.line, 2u);
}

TEST(Settings, InvalidYaml) {
  auto e = parseError("workers: 4\nselect: [GPU1\nignore: []\n");
  EXPECT_GE(e.line, 2u);
  EXPECT_NE(e.message.find("invalid YAML"), std::string::npos) << e.message;
  auto tab = parseError("rules:\n  GPU201:\n\tlevel: note\n");
  EXPECT_GE(tab.line, 2u);
  EXPECT_NE(tab.describe().find("cfg/.gpulint.yaml:"), std::string::npos);
}

TEST(Settings, MalformedInputNeverHangs) {
  // yaml-cpp 0.7's LoadAll loops forever (allocating) on this one.
  auto comma = parseSettings(",'", "f.yaml");
  EXPECT_TRUE(std::holds_alternative<SettingsError>(comma) ||
              std::get<Settings>(comma).select.empty());
  auto deep = parseSettings(std::string(100000, '['), "f.yaml");
  EXPECT_TRUE(std::holds_alternative<SettingsError>(deep));
  // An empty second document is harmless; one with content is an error.
  EXPECT_EQ(parseOk("workers: 4\n---\n").options.workers, 4);
}

TEST(Settings, NegatedExcludeIsRejected) {
  EXPECT_EQ(parseError("exclude: [build, '!build/keep.py']\n").line, 1u);
}

TEST(Settings, RuleSelectionPrecedence) {
  Settings all;
  EXPECT_TRUE(ruleEnabled(all, "GPU201"));

  Settings s;
  s.select = {"GPU2"};
  s.ignore = {"GPU201"};
  EXPECT_FALSE(ruleEnabled(s, "GPU201"));
  EXPECT_TRUE(ruleEnabled(s, "GPU202"));
  EXPECT_FALSE(ruleEnabled(s, "GPU101"));

  // The more specific select beats a shorter ignore.
  Settings t;
  t.select = {"GPU201"};
  t.ignore = {"GPU2"};
  EXPECT_TRUE(ruleEnabled(t, "GPU201"));
  EXPECT_FALSE(ruleEnabled(t, "GPU202"));

  // Equal specificity: ignore wins.
  Settings tie;
  tie.select = {"GPU201"};
  tie.ignore = {"GPU201"};
  EXPECT_FALSE(ruleEnabled(tie, "GPU201"));

  // extend-select adds to select, and to the default "everything".
  Settings ext;
  ext.select = {"GPU1"};
  ext.extend_select = {"GPU301"};
  EXPECT_TRUE(ruleEnabled(ext, "GPU101"));
  EXPECT_TRUE(ruleEnabled(ext, "GPU301"));
  EXPECT_FALSE(ruleEnabled(ext, "GPU302"));
  Settings ext_default;
  ext_default.ignore = {"GPU3"};
  ext_default.extend_select = {"GPU301"};
  EXPECT_TRUE(ruleEnabled(ext_default, "GPU301"));
  EXPECT_FALSE(ruleEnabled(ext_default, "GPU302"));
  EXPECT_TRUE(ruleEnabled(ext_default, "GPU101"));

  Settings none;
  none.ignore = {"ALL"};
  none.extend_select = {"GPU1"};
  EXPECT_FALSE(ruleEnabled(none, "GPU201"));
  EXPECT_TRUE(ruleEnabled(none, "GPU101"));
}

TEST(Settings, EffectiveLevelLongestPrefixWins) {
  Settings s;
  s.levels = {{"ALL", Level::Note}, {"GPU2", Level::Error}, {"GPU201", Level::Warning}};
  EXPECT_EQ(effectiveLevel(s, "GPU201", Level::Note), Level::Warning);
  EXPECT_EQ(effectiveLevel(s, "GPU202", Level::Note), Level::Error);
  EXPECT_EQ(effectiveLevel(s, "GPU101", Level::Error), Level::Note);
  EXPECT_EQ(effectiveLevel(Settings{}, "GPU101", Level::Error), Level::Error);
}

TEST(Settings, ExcludeGlobs) {
  EXPECT_TRUE(matchesGlob("**/data/*.py", "data/loader.py"));
  EXPECT_TRUE(matchesGlob("**/data/*.py", "src/pkg/data/loader.py"));
  EXPECT_FALSE(matchesGlob("**/data/*.py", "src/data/sub/loader.py"));
  EXPECT_FALSE(matchesGlob("**/data/*.py", "src/data/loader.pyc"));
  EXPECT_FALSE(matchesGlob("**/data/*.py", "src/mydata/loader.py"));

  EXPECT_TRUE(matchesGlob("build", "build/gen.py"));
  EXPECT_TRUE(matchesGlob("build", "sub/build/x/gen.py"));
  EXPECT_TRUE(matchesGlob("build", "./build"));
  EXPECT_FALSE(matchesGlob("build", "builder/gen.py"));
  EXPECT_FALSE(matchesGlob("build", "rebuild.py"));

  EXPECT_TRUE(matchesGlob("*.ipynb", "nb.ipynb"));
  EXPECT_TRUE(matchesGlob("*.ipynb", "a/b/nb.ipynb"));
  EXPECT_FALSE(matchesGlob("*.ipynb", "a/nb.ipynb.py"));

  EXPECT_TRUE(matchesGlob("tests/**", "tests/unit/a.py"));
  EXPECT_TRUE(matchesGlob("tests/**", "tests/a.py"));
  EXPECT_FALSE(matchesGlob("tests/**", "tests"));
  EXPECT_FALSE(matchesGlob("tests/**", "src/tests/a.py"));  // anchored
  EXPECT_FALSE(matchesGlob("tests/**", "tests_old/a.py"));

  EXPECT_TRUE(matchesGlob("tests/", "src/tests/a.py"));  // trailing slash: any dir named tests
  EXPECT_FALSE(matchesGlob("tests/", "src/tests"));
  EXPECT_TRUE(matchesGlob("/jobs/*.yaml", "jobs/a.yaml"));
  EXPECT_FALSE(matchesGlob("/jobs/*.yaml", "x/jobs/a.yaml"));
  EXPECT_TRUE(matchesGlob("src/**/gen_*.py", "src/gen_a.py"));
  EXPECT_TRUE(matchesGlob("src/**/gen_*.py", "src/a/b/gen_a.py"));
  EXPECT_TRUE(matchesGlob("job?.yaml", "k8s/job1.yaml"));
  EXPECT_FALSE(matchesGlob("job?.yaml", "k8s/job12.yaml"));
  EXPECT_TRUE(matchesGlob("run[0-9].py", "run7.py"));
  EXPECT_FALSE(matchesGlob("run[!0-9].py", "run7.py"));
  EXPECT_TRUE(matchesGlob("**", "anything/at/all.py"));
  EXPECT_TRUE(matchesGlob("a*b*c*d", "axxbxxcxxd"));
  EXPECT_FALSE(matchesGlob("a*b*c*d", "axxbxxcxx"));
  EXPECT_FALSE(matchesGlob("*", ""));

  Settings s;
  s.exclude = {"build", "*.ipynb"};
  EXPECT_TRUE(isExcluded(s, "build/x.py"));
  EXPECT_TRUE(isExcluded(s, "notebooks/a.ipynb"));
  EXPECT_FALSE(isExcluded(s, "train.py"));
}

TEST(Settings, FindSettingsFileInParent) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() /
                  ("gpulint_settings_find_" + std::to_string(std::random_device{}()));
  fs::path deep = root / "a" / "b" / "c";
  fs::create_directories(deep);
  const std::string outside = findSettingsFile(root.string());  // "" unless /tmp or / has one
  EXPECT_EQ(findSettingsFile(deep.string()), outside);

  std::ofstream(root / "a" / ".gpulint.yml") << "workers: 2\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), root / "a" / ".gpulint.yml");

  std::ofstream(root / "a" / ".gpulint.yaml") << "workers: 3\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), root / "a" / ".gpulint.yaml");

  std::ofstream(deep / "train.py") << "pass\n";
  EXPECT_EQ(fs::path(findSettingsFile((deep / "train.py").string())), root / "a" / ".gpulint.yaml");

  std::ofstream(deep / ".gpulint.yaml") << "workers: 4\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), deep / ".gpulint.yaml");
  fs::remove_all(root);
}

}  // namespace
}  // namespace gpulint
