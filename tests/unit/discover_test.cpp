// Discovery: which files a folder run analyses. Test code is skipped unless
// asked for, since a job never runs it on the GPU node.
#include "frontend/project/discover.h"

#include <gtest/gtest.h>

#include <algorithm>
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
    // Named like tests, and tests by their text: pytest functions, a unittest case.
    std::ofstream(root_ / "tests/test_loader.py") << "def test_loader_yields_batches():\n    assert True\n";
    std::ofstream(root_ / "src/test_model.py") << "import pytest\n\n\ndef test_forward():\n    pass\n";
    std::ofstream(root_ / "src/model_test.py") << "import unittest\n\n\nclass ModelTest(unittest.TestCase):\n    pass\n";
    // Named like a test, but an evaluation entry point (detectron's and SlowFast's tools/test_net.py).
    std::ofstream(root_ / "tools/test_net.py") << "def perform_test(loader, model):\n    for x in loader:\n        model(x)\n";
    // Test support by its name, whatever it defines.
    std::ofstream(root_ / "src/test_utils.py") << "def make_batch():\n    return [1, 2]\n";
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
                                      "src/train_test_split.py", "test.py", "tools/test.py", "tools/test_net.py",
                                      "train.py"}));
}

TEST_F(DiscoverTest, TestNamedModuleWithoutTestsIsAScript) {
  // `test_*.py` is test code when its text has a test (pytest, unittest);
  // tools/test_net.py, an evaluation entry point, is checked.
  std::vector<std::string> found = discovered({"tools", "src"});
  auto has = [&](const char* f) { return std::find(found.begin(), found.end(), f) != found.end(); };
  EXPECT_TRUE(has("tools/test_net.py"));
  EXPECT_FALSE(has("src/test_model.py"));
  EXPECT_FALSE(has("src/model_test.py"));
  EXPECT_FALSE(has("src/test_utils.py"));
  // pre-commit's --force-exclude keeps real tests out, not the script.
  EXPECT_EQ(discovered({"tools/test_net.py", "src/test_model.py"}, false, true),
            (std::vector<std::string>{"tools/test_net.py"}));
}

TEST_F(DiscoverTest, TestCodeIsListedAsSkippedWithTheWayToCheckIt) {
  Settings settings;
  auto d = discoverFiles({root_.string()}, settings, root_.string());
  bool listed = false;
  for (const auto& [path, why] : d.skipped)
    if (path == "tests") listed = why.find("--include-tests") != std::string::npos;
  EXPECT_TRUE(listed);
}

TEST_F(DiscoverTest, IncludeTestsChecksEverything) { EXPECT_EQ(discovered({""}, true).size(), 23u); }

TEST_F(DiscoverTest, NamingTestCodeChecksIt) {
  EXPECT_EQ(discovered({"tests"}), (std::vector<std::string>{"tests/helpers.py", "tests/test_loader.py"}));
  EXPECT_EQ(discovered({"src/conftest.py"}), (std::vector<std::string>{"src/conftest.py"}));
  EXPECT_EQ(discovered({"pkg/test_utils"}), (std::vector<std::string>{"pkg/test_utils/training.py"}));
  EXPECT_EQ(discovered({"pkg/testing_utils.py"}), (std::vector<std::string>{"pkg/testing_utils.py"}));
  // pre-commit names every staged file with --force-exclude: test code stays out.
  EXPECT_TRUE(discovered({"src/conftest.py", "tests/test_loader.py"}, false, true).empty());
}


// Vendored third-party code: folders by their conventional names and git
// submodules are skipped by a folder run and listed; naming them checks them.
class VendoredDiscoverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("gpulint_vendored_" + std::to_string(std::random_device{}()));
    for (const char* f : {"train.py", "quant/dependencies/fastgptq/setup.py", "quant/dependencies/fastgptq/kernel.cu",
                          "third_party/glm/glm.hpp", "ThirdParty/cub/scan.cuh", "libs/apex/amp.py",
                          "src/vendors_api.py", "src/external_data.py", "src/deps.py"}) {
      fs::create_directories((root_ / f).parent_path());
      std::ofstream(root_ / f) << "x = 1\n";
    }
    // libs/apex is a git submodule: its `.git` is a file pointing into the superproject.
    std::ofstream(root_ / "libs/apex/.git") << "gitdir: ../../.git/modules/apex\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  Discovery discover(const std::vector<std::string>& rel_paths, bool include_vendored = false,
                     bool force_exclude = false) {
    Settings settings;
    settings.include_vendored = include_vendored;
    std::vector<std::string> paths;
    for (const auto& p : rel_paths) paths.push_back((root_ / p).string());
    return discoverFiles(paths, settings, root_.string(), force_exclude);
  }
  static std::vector<std::string> displays(const Discovery& d) {
    std::vector<std::string> out;
    for (const auto& f : d.files) out.push_back(f.display);
    return out;
  }
  fs::path root_;
};

TEST_F(VendoredDiscoverTest, FolderRunSkipsVendoredFoldersAndSubmodules) {
  // Files merely named like the folders (`vendors_api.py`, `deps.py`) are ours.
  Discovery d = discover({""});
  EXPECT_EQ(displays(d), (std::vector<std::string>{"src/deps.py", "src/external_data.py", "src/vendors_api.py",
                                                   "train.py"}));
  std::vector<std::string> listed;
  for (const auto& [path, why] : d.skipped)
    if (why.find("--include-vendored") != std::string::npos) listed.push_back(path);
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, (std::vector<std::string>{"ThirdParty", "libs/apex", "quant/dependencies", "third_party"}));
}

TEST_F(VendoredDiscoverTest, IncludeVendoredOrNamingTheFolderChecksIt) {
  EXPECT_EQ(discover({""}, true).files.size(), 9u);
  EXPECT_EQ(displays(discover({"quant/dependencies/fastgptq"})),
            (std::vector<std::string>{"quant/dependencies/fastgptq/kernel.cu",
                                      "quant/dependencies/fastgptq/setup.py"}));
  // pre-commit names every staged file with --force-exclude: vendored code stays out.
  EXPECT_EQ(displays(discover({"train.py", "third_party/glm/glm.hpp"}, false, true)),
            (std::vector<std::string>{"train.py"}));
}

}  // namespace
}  // namespace gpulint
