#include "frontend/project/pyproject_settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace gpulint {
namespace {

SettingsError errorOf(std::string_view toml) {
  auto result = parsePyprojectSettings(toml, "pyproject.toml");
  if (std::holds_alternative<Settings>(result)) {
    ADD_FAILURE() << "expected an error for:\n" << toml;
    return {};
  }
  return std::get<SettingsError>(result);
}

TEST(PyprojectSettings, SameKeysAsTheYamlFile) {
  auto result = parsePyprojectSettings(
      "[project]\nname = \"demo\"\n\n"
      "[tool.gpulint]\n"
      "select = [\"GPU1\", \"GPU201\"]\n"
      "extend-select = [\"GPU301\"]\n"
      "exclude = [\"build\", \"tests/**\"]\n"
      "fail-on = \"error\"\n"
      "workers = 8\n"
      "respect-gitignore = false\n"
      "\n[tool.gpulint.rules]\n"
      "GPU201 = { level = \"note\" }\n"
      "\n[tool.ruff]\nline-length = 100\n",
      "pyproject.toml");
  ASSERT_TRUE(std::holds_alternative<Settings>(result)) << std::get<SettingsError>(result).describe();
  const Settings& s = std::get<Settings>(result);
  EXPECT_EQ(s.select, (std::vector<std::string>{"GPU1", "GPU201"}));
  EXPECT_EQ(s.extend_select, (std::vector<std::string>{"GPU301"}));
  EXPECT_EQ(s.exclude, (std::vector<std::string>{"build", "tests/**"}));
  EXPECT_EQ(s.fail_on, Level::Error);
  EXPECT_EQ(s.options.workers, 8);
  EXPECT_FALSE(s.respect_gitignore);
  EXPECT_EQ(s.levels.at("GPU201"), Level::Note);
  EXPECT_EQ(s.source_path, "pyproject.toml");
}

TEST(PyprojectSettings, ErrorsPointAtTheTomlLineAndColumn) {
  // The bad element of an array, not the key.
  SettingsError e = errorOf("[tool.gpulint]\nselect = [\n  \"GPU2\",\n  \"GPUX\",\n]\n");
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_NE(e.message.find("GPUX"), std::string::npos);

  // A string where a number goes: the value's position.
  e = errorOf("[tool.gpulint]\nworkers = \"4\"\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 11u);
  EXPECT_NE(e.message.find("string"), std::string::npos);

  // An unknown key: the key's position, with a suggestion.
  e = errorOf("[tool.gpulint]\n\nextend-selcet = [\"GPU3\"]\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 1u);
  EXPECT_NE(e.message.find("did you mean"), std::string::npos);

  // Inside a rule's inline table.
  e = errorOf("[tool.gpulint.rules]\nGPU1 = {levle = \"note\"}\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 9u);

  e = errorOf("[tool.gpulint]\nfail-on = 2024-01-01\n");
  EXPECT_EQ(e.line, 2u);
}

TEST(PyprojectSettings, InvalidTomlAndMissingTable) {
  SettingsError e = errorOf("[tool.gpulint\nworkers = 2\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("invalid TOML"), std::string::npos);

  e = errorOf("[tool.ruff]\nline-length = 1\n");
  EXPECT_NE(e.message.find("no [tool.gpulint]"), std::string::npos);

  e = errorOf("[tool]\ngpulint = 3\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_NE(e.message.find("must be a table"), std::string::npos);
}

TEST(PyprojectSettings, OnlyAPyprojectWithTheTableIsASettingsFile) {
  EXPECT_TRUE(pyprojectHasGpulintTable("[tool.gpulint]\n"));
  EXPECT_TRUE(pyprojectHasGpulintTable("[tool.gpulint.rules]\nGPU1 = {level = \"note\"}\n"));
  EXPECT_FALSE(pyprojectHasGpulintTable("[project]\nname = \"gpulint-free\"\n"));
  EXPECT_FALSE(pyprojectHasGpulintTable("[tool.gpulintx]\n"));
  // Broken TOML that is about us is still ours, so its error is reported.
  EXPECT_TRUE(pyprojectHasGpulintTable("[tool.gpulint\n"));
  EXPECT_FALSE(pyprojectHasGpulintTable("[project\n"));
}

TEST(PyprojectSettings, NearestFolderWinsAndYamlWinsInOneFolder) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / ("gpulint_pyproject_" + std::to_string(std::random_device{}()));
  fs::path deep = root / "pkg" / "sub";
  fs::create_directories(deep);
  const std::string outside = findSettingsFile(root.string());

  std::ofstream(deep / "pyproject.toml") << "[project]\nname = \"x\"\n";  // not ours: skipped
  EXPECT_EQ(findSettingsFile(deep.string()), outside);

  std::ofstream(root / "pyproject.toml") << "[tool.gpulint]\nworkers = 2\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), root / "pyproject.toml");

  std::ofstream(root / ".gpulint.yaml") << "workers: 3\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), root / ".gpulint.yaml");

  std::ofstream(deep / "pyproject.toml") << "[tool.gpulint]\nworkers = 4\n";
  EXPECT_EQ(fs::path(findSettingsFile(deep.string())), deep / "pyproject.toml");
  auto loaded = loadSettingsFile((deep / "pyproject.toml").string());
  ASSERT_TRUE(std::holds_alternative<Settings>(loaded));
  EXPECT_EQ(std::get<Settings>(loaded).options.workers, 4);
  fs::remove_all(root);
}

}  // namespace
}  // namespace gpulint
