#pragma once
// What clang may read and which recorded compiler flags it may see when
// gpulint parses a C++/CUDA file of an untrusted repository. Pure logic (no
// clang headers) so the policy is unit-tested on its own; parse.cpp applies
// it through a sandboxing virtual file system and to compile_commands.json.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpulint::cxx {

// Folders whose files the parser may read: the analysed project's roots and
// the system's compiler headers. Everything else — /proc, /dev, /sys, files
// elsewhere on the machine — is refused, so an `#include "/home/u/.ssh/x"`
// or a FIFO in the tree can neither leak into a report nor block the run.
class IncludePolicy {
 public:
  IncludePolicy(std::vector<std::string> project_roots, std::vector<std::string> system_roots);

  // The policy of this run: the roots given to setAnalysisRoots() plus the
  // fixed system header folders. `file`'s own project root (the nearest
  // folder above it holding .git, .gpulint.yaml, pyproject.toml or setup.py;
  // else its folder) is added, so a file analysed alone can include its
  // neighbours.
  [[nodiscard]] static IncludePolicy forFile(const std::string& file);

  // `path` is absolute and lexically normal. True when it lies under a
  // project root or a system root and not under a pseudo file system.
  [[nodiscard]] bool mayRead(std::string_view path) const;
  // True when `path` lies under a project root (what may be quoted in reports).
  [[nodiscard]] bool inProject(std::string_view path) const;
  // Pseudo file systems whose "files" are processes, devices or kernel state.
  [[nodiscard]] static bool isPseudoFileSystem(std::string_view path);

  [[nodiscard]] const std::vector<std::string>& projectRoots() const { return project_; }

  // gpulint's shim stands for the CUDA toolkit always (installed copies:
  // nvidia-cuda-dev, /usr/local/cuda, are hidden; clang parses few toolkit
  // versions), and without a compile database for torch and pybind11 too
  // (libtorch-dev, pybind11-dev hidden), so that the same file gives the
  // same findings on every machine.
  void hideInstalledFrameworks(bool on) { hide_frameworks_ = on; }
  // True when `path` (absolute, lexically normal) is such an installed
  // header or folder and is hidden.
  [[nodiscard]] bool hidden(std::string_view path) const;

 private:
  std::vector<std::string> project_;
  std::vector<std::string> system_;
  bool hide_frameworks_ = false;
};

// The project `file` (absolute, lexically normal) belongs to: the nearest
// folder above it holding .git, .gpulint.yaml, pyproject.toml or setup.py;
// else its folder.
[[nodiscard]] std::filesystem::path projectRootOf(const std::filesystem::path& file);

// The analysed roots of this run (CLI paths, LSP workspace folders). Absolute
// or relative to the working directory; files stand for their folder.
void setAnalysisRoots(const std::vector<std::string>& roots);

// A compile_commands.json entry, as recorded (possibly hostile).
struct RecordedCommand {
  std::string directory;
  std::string file;
  std::vector<std::string> arguments;  // arguments[0] is the compiler
};

// The flags of `command` that gpulint passes on to clang: an allow-list of
// what changes how the file parses — include folders (-I, -isystem, -iquote),
// macros (-D, -U), the language standard (-std=) and language (-x), and
// `-include` of a file inside the project. Nothing that runs a tool
// (--offload-arch=native, -B, plugins), writes a file (-MD, -Wp,
// --serialize-diagnostics, module caches) or changes the driver is kept.
// Returns nothing for an entry whose directory is not a plain absolute path
// (a "directory" of /proc/self/cwd would match from any checkout).
[[nodiscard]] std::vector<std::string> allowedDatabaseFlags(const RecordedCommand& command,
                                                            const IncludePolicy& policy);

// A CUDA toolkit's include folder (a path component `cuda`, `cuda-12.4`,
// `cuda_runtime`): a compile database's -I/-isystem naming one is dropped
// when it lies outside the project, so the shim stands in for the toolkit.
[[nodiscard]] bool isCudaToolkitFolder(std::string_view path);

// True when the entry's directory can be trusted to place its relative paths.
[[nodiscard]] bool usableDirectory(std::string_view directory);

}  // namespace gpulint::cxx
