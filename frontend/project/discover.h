#pragma once
// Discovery: the files a run analyses, from the paths on the command line.
#include <string>
#include <vector>

#include "frontend/project/settings.h"
#include "frontend/source_file.h"

namespace gpulint {

struct DiscoveredFile {
  std::string path;     // as opened
  std::string display;  // relative to the current directory when inside it
  FileKind kind;
};

struct Discovery {
  std::vector<DiscoveredFile> files;   // sorted by display path, no duplicates
  std::vector<std::pair<std::string, std::string>> errors;  // path, message
  std::vector<std::pair<std::string, std::string>> skipped;  // display path, why (not ours: data files)
};

// Folders are walked recursively without following directory symlinks (so a
// symlink loop cannot hang the run), skipping VCS/build/virtualenv folders
// and `settings.exclude` and, unless `settings.respect_gitignore` is off,
// what git ignores (gitignore.h) and, unless `settings.include_tests`, test code
// (tests/ and test/ folders, test_*.py, *_test.py, conftest.py; listed in
// `skipped`) and, unless `settings.include_vendored`, vendored third-party
// code (third_party/, vendor/, deps/, dependencies/, external/ folders and
// the like, git submodules; listed in `skipped`); files named explicitly are always analysed, except
// YAML/JSON too large to be a job or run config (`skipped`).
// `force_exclude`: `settings.exclude`, .gitignore and the test-code rule apply to files named explicitly too
// (pre-commit names every staged file, excluded or not).
[[nodiscard]] Discovery discoverFiles(const std::vector<std::string>& paths, const Settings& settings,
                                      const std::string& root, bool force_exclude = false);

// The display form of a path: relative to `root` when inside it.
[[nodiscard]] std::string displayPath(const std::string& path, const std::string& root);

}  // namespace gpulint
