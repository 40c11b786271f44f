// Discovery: which files a folder run analyses. Test code is skipped unless
// asked for, since a job never runs it on the GPU node.
#include "frontend/project/discover.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace fs = std::filesystem;

namespace gpulint {
namespace {

class DiscoverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("gpulint_discover_" + std::to_string(std::random_device{}()));
    for (const char* f : {"train.py", "test.py", "tools/test.py", "tests/test_loader.py", "tests/helpers.py",
                          "src/test/check.py", "src/model_test.py", "src/test_model.py", "src/conftest.py",
                          "src/testing/utils.py", "src/latest_model.py", "src/attest.py",
                          "pkg/test_utils/training.py", "pkg/testing_utils.py", "pkg/utils/testing.py",
                          "tools/numerical_tests_llama.py", "app/tests.py", "src/model_tests.py",
                          "src/train_test_split.py", "src/contests_data.py", "src/testsuite.py"}) {
      fs::create_directories((root_ / f).parent_path());
      std::ofstream(root_ / f) << "x = 1\n";
    }
  }
  void TearDown() override { fs::remove_all(root_); }
  std::vector<std::string> discovered(const std::vector<std::string>& rel_paths, bool include_tests = false,
                                      bool force_exclude = false) {
    Settings settings;
    settings.include_tests = include_tests;
    std::vector<std::string> paths;
    for (const auto& p : rel_paths) paths.push_back((root_ / p).string());
    std::vector<std::string> out;
    for (const auto& f : discoverFiles(paths, settings, root_.string(), force_exclude).files) out.push_back(f.display);
    return out;
  }
  fs::path root_;
};

TEST_F(DiscoverTest, FolderRunSkipsTestCodeButKeepsEvaluationScriptsNamedTest) {
  // test.py is usually an evaluation script; `testing/` and names that merely
  // contain "test" are ordinary code. Test support in a package
  // (`test_utils/`, `testing_utils.py`) is test code, and so is a name with
  // the word "tests" (`numerical_tests_llama.py`, Django's `tests.py`), but
  // not the singular word inside a name (`train_test_split.py`) or "tests"
  // inside a word (`contests_data.py`, `testsuite.py`).
  EXPECT_EQ(discovered({""}),
            (std::vector<std::string>{"pkg/utils/testing.py", "src/attest.py", "src/contests_data.py",
                                      "src/latest_model.py", "src/testing/utils.py", "src/testsuite.py",
                                      "src/train_test_split.py", "test.py", "tools/test.py", "train.py"}));
}

TEST_F(DiscoverTest, TestCodeIsListedAsSkippedWithTheWayToCheckIt) {
  Settings settings;
  auto d = discoverFiles({root_.string()}, settings, root_.string());
  bool listed = false;
  for (const auto& [path, why] : d.skipped)
    if (path == "tests") listed = why.find("--include-tests") != std::string::npos;
  EXPECT_TRUE(listed);
}

TEST_F(DiscoverTest, IncludeTestsChecksEverything) { EXPECT_EQ(discovered({""}, true).size(), 21u); }

TEST_F(DiscoverTest, NamingTestCodeChecksIt) {
  EXPECT_EQ(discovered({"tests"}), (std::vector<std::string>{"tests/helpers.py", "tests/test_loader.py"}));
  EXPECT_EQ(discovered({"src/conftest.py"}), (std::vector<std::string>{"src/conftest.py"}));
  EXPECT_EQ(discovered({"pkg/test_utils"}), (std::vector<std::string>{"pkg/test_utils/training.py"}));
  EXPECT_EQ(discovered({"pkg/testing_utils.py"}), (std::vector<std::string>{"pkg/testing_utils.py"}));
  // pre-commit names every staged file with --force-exclude: test code stays out.
  EXPECT_TRUE(discovered({"src/conftest.py", "tests/test_loader.py"}, false, true).empty());
}

}  // namespace
}  // namespace gpulint
