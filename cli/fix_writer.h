#pragma once
// Where --fix may write, and the writing itself: only files under the paths
// the user named (a job that starts ../other/train.py does not make gpulint
// edit it), each written safely (fixits::writeFileAtomically), and a summary
// that counts what really reached the disk.
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/fix_loop.h"
#include "report/common.h"

namespace gpulint::cli {

// The analysed paths (files or folders), symlinks resolved.
class AnalysedRoots {
 public:
  explicit AnalysedRoots(const std::vector<std::string>& paths);
  // True when the file at `disk_path` lies in one of the roots. Remembered
  // per path: the filter asks once per edit of every fix, and resolving a
  // path is a system call per component (a 100k-line script: 26k calls).
  // Not thread-safe: the filter runs on one thread.
  [[nodiscard]] bool contains(const std::string& disk_path) const;
  [[nodiscard]] std::string describe() const;  // "src, jobs" for messages

 private:
  std::vector<std::string> roots_;
  std::vector<std::string> given_;
  mutable std::unordered_map<std::string, bool> contains_;
};

struct WrittenFixes {
  int fixes = 0;
  size_t files = 0;
  std::vector<FileError> errors;  // files that could not be written, and why
};

// Writes every changed file of `fixed`; `on_disk` maps display paths to the
// paths to write; `now` gives each file's fixed text.
[[nodiscard]] WrittenFixes writeFixedFiles(const FixResult& fixed, const std::map<std::string, std::string>& on_disk,
                                           const SourceLookup& now);

}  // namespace gpulint::cli
