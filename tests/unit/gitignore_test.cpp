#include "frontend/project/gitignore.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "frontend/project/discover.h"

namespace fs = std::filesystem;

namespace gpulint {
namespace {

class GitIgnoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("gpulint_gitignore_" + std::to_string(std::random_device{}()));
    fs::create_directories(root_ / ".git" / "info");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const fs::path& rel, const std::string& text) {
    fs::create_directories((root_ / rel).parent_path());
    std::ofstream(root_ / rel) << text;
  }
  std::vector<std::string> discovered(bool respect = true) {
    Settings settings;
    settings.respect_gitignore = respect;
    std::vector<std::string> out;
    for (const auto& f : discoverFiles({root_.string()}, settings, root_.string()).files) out.push_back(f.display);
    return out;
  }
  fs::path root_;
};

TEST(IgnoreFile, ParsesCommentsNegationAndTrailingSpaces) {
  auto patterns = parseIgnoreFile("# comment\n\n*.log  \n!keep.log\r\n\\#literal\nescaped\\ \n!\n");
  ASSERT_EQ(patterns.size(), 4u);
  EXPECT_EQ(patterns[0].glob, "*.log");
  EXPECT_FALSE(patterns[0].negated);
  EXPECT_EQ(patterns[1].glob, "keep.log");
  EXPECT_TRUE(patterns[1].negated);
  EXPECT_EQ(patterns[2].glob, "\\#literal");
  EXPECT_EQ(patterns[3].glob, "escaped\\ ");
}

TEST_F(GitIgnoreTest, FolderRunSkipsIgnoredFilesAndFolders) {
  write(".gitignore", "build/\n*.gen.py\n/outputs\n!keep.gen.py\n");
  write("train.py", "");
  write("model.gen.py", "");
  write("keep.gen.py", "");
  write("build/train.py", "");
  write("outputs/run.py", "");
  write("src/outputs/ok.py", "");  // `/outputs` is anchored at the root: not this one
  write("src/build", "");          // `build/` is a folder pattern: not this file (no known suffix anyway)
  EXPECT_EQ(discovered(), (std::vector<std::string>{"keep.gen.py", "src/outputs/ok.py", "train.py"}));
  EXPECT_EQ(discovered(false).size(), 6u);
}

TEST_F(GitIgnoreTest, DeeperFilesWinAndInfoExcludeCounts) {
  write(".git/info/exclude", "scratch.py\n");
  write(".gitignore", "*.yaml\n");
  write("jobs/.gitignore", "!job.yaml\n");
  write("scratch.py", "");
  write("jobs/job.yaml", "");
  write("jobs/other.yaml", "");
  write("cfg.yaml", "");
  EXPECT_EQ(discovered(), (std::vector<std::string>{"jobs/job.yaml"}));
}

TEST_F(GitIgnoreTest, WhitelistStyleDoesNotReincludeFilesThroughTheirFolder) {
  // "ignore everything but folders and Python files": data.yaml stays ignored.
  write(".gitignore", "*\n!*/\n!*.py\n!.gitignore\n");
  write("src/train.py", "");
  write("src/data.yaml", "");
  EXPECT_EQ(discovered(), (std::vector<std::string>{"src/train.py"}));
}

TEST_F(GitIgnoreTest, NamedFilesAndAncestors) {
  write(".gitignore", "vendor/\n");
  write("vendor/lib/x.py", "");
  GitIgnore ignore;
  EXPECT_TRUE(ignore.ignoresPath(root_ / "vendor" / "lib" / "x.py"));
  EXPECT_FALSE(ignore.ignoresPath(root_ / "train.py"));
  // Named on the command line: analysed unless --force-exclude.
  Settings settings;
  auto named = discoverFiles({(root_ / "vendor/lib/x.py").string()}, settings, root_.string());
  EXPECT_EQ(named.files.size(), 1u);
  auto forced = discoverFiles({(root_ / "vendor/lib/x.py").string()}, settings, root_.string(), true);
  EXPECT_TRUE(forced.files.empty());
}

TEST_F(GitIgnoreTest, OutsideAWorkTreeNothingIsIgnored) {
  fs::remove_all(root_ / ".git");
  write(".gitignore", "*.py\n");
  write("train.py", "");
  EXPECT_EQ(discovered(), (std::vector<std::string>{"train.py"}));
}

}  // namespace
}  // namespace gpulint
