#pragma once
// .gitignore rules, as git applies them inside a work tree, so a folder run
// skips what the repository does not track (generated code, vendored
// environments, experiment outputs).
//
// Read: every `.gitignore` from the repository root down to the file's
// folder, and `.git/info/exclude`. Not read: the user's global excludes file
// (`core.excludesFile`) — it differs from machine to machine, and the same
// repository must give the same findings everywhere. Outside a git work tree
// (no `.git` at or above the path) nothing is ignored, as with git.
//
// Matching is ours (no `git check-ignore`, no libgit2): running git on an
// untrusted checkout can run programs named in its config (core.fsmonitor),
// and gpulint never runs anything on behalf of an analysed repository.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpulint {

struct IgnorePattern {
  std::string glob;  // in the language of matchesGlob
  bool negated = false;
};

// The patterns of one ignore file's text, in order (exposed for tests).
[[nodiscard]] std::vector<IgnorePattern> parseIgnoreFile(std::string_view text);

class GitIgnore {
 public:
  // True when git would ignore `path` itself (a file, or a folder when
  // `is_directory`), assuming no folder above it is ignored: a folder walk
  // asks this of each entry and does not descend into ignored folders.
  [[nodiscard]] bool ignoresEntry(const std::filesystem::path& path, bool is_directory);
  // True when `path` or a folder above it inside the work tree is ignored
  // (for files named on the command line).
  [[nodiscard]] bool ignoresPath(const std::filesystem::path& path);

 private:
  using Patterns = std::vector<IgnorePattern>;
  const Patterns& patternsIn(const std::filesystem::path& ignore_file);
  // The work tree holding `dir` ("" when none), cached per folder.
  const std::filesystem::path& workTreeOf(const std::filesystem::path& dir);

  std::map<std::string, Patterns> patterns_by_file_;
  std::map<std::string, std::filesystem::path> work_tree_by_dir_;
};

}  // namespace gpulint
