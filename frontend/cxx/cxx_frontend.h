#pragma once
// Entry point of the C++/CUDA front end. Built with libTooling when
// GPULINT_WITH_CLANG is on; otherwise a stub that reports C++ files as
// skipped, once per run.
#include <memory>
#include <string>

#include "frontend/cxx/cxx_model.h"
#include "frontend/source_file.h"

namespace gpulint::cxx {

// False in a build without libTooling.
[[nodiscard]] bool available();

// Where to look for compile_commands.json first (--compile-commands DIR).
// Without it, the file's folder and its parents up to the working directory
// are searched, each also in its build/ subfolder. Returns an error message
// when `dir` holds no readable compile database.
[[nodiscard]] std::string setCompileCommandsDir(const std::string& dir);

struct BuildResult {
  std::unique_ptr<CxxModel> model;  // null when the file could not be analysed
  std::string error;                // why not (empty when skipped silently)
};

// Parses `source` (its path is resolved against the working directory to
// find its folder, compile command and neighbours) and extracts the model.
// Thread-safe; a parse with errors still yields a model.
[[nodiscard]] BuildResult buildCxxModel(SourceFilePtr source);

// Runs clang's parse alone with the same flags (the benchmark's baseline);
// returns clang's error count, or -1 in a build without libTooling.
[[nodiscard]] int parseOnly(SourceFilePtr source);

// True when the file or a C++ file in its folder or a parent folder (up to the
// working directory) includes torch/ATen/c10 headers. Cached per folder.
[[nodiscard]] bool inTorchProject(const SourceFile& source, bool file_includes_torch);
[[nodiscard]] bool includesTorch(std::string_view text);

}  // namespace gpulint::cxx
