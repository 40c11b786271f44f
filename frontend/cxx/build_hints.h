#pragma once
// The include folders and macros an extension's Python build states
// (setup.py's `include_dirs=`/`define_macros=`/`extra_compile_args`, or
// `torch.utils.cpp_extension.load(extra_include_paths=..., extra_cflags=...)`),
// read statically from the script's text: nothing of the analysed repository
// is run. Used without a compile database, so that a source including
// `"nms_cuda_kernel.cuh"` from a folder its setup.py names, or code behind
// the `-DNVDR_TORCH` the build always passes, parses as it builds.
// Pure text and folder logic (no clang), unit-tested on its own.
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpulint::cxx {

struct BuildHints {
  // `-DNAME` / `-DNAME=value` / `("NAME", None)`: name and value ("" for none).
  std::vector<std::pair<std::string, std::string>> macros;
  // Folders as written, relative to the script's folder or absolute.
  std::vector<std::string> include_dirs;
};

// What one build script's text states. Only literals are read: a folder or
// macro built from a variable or the environment is not known, so it is not
// taken. Macros and folders of another accelerator's build (HIP/ROCm, MLU,
// NPU, MPS, MUSA, XPU, DIOPI, parrots, CPU-only) are left out: gpulint
// analyses the CUDA build.
[[nodiscard]] BuildHints scanBuildScript(std::string_view text);

// The clang flags for `file` (absolute, lexically normal) of the project
// whose root is `project_root`: `-D` for every macro and `-iquote` and
// `-idirafter` for every existing folder inside the project that the build
// scripts of the file's folder and of each folder above it up to the root
// state (their setup.py, and each Python file there calling
// torch.utils.cpp_extension), nearest first. Scripts elsewhere in the tree
// build other extensions and say nothing about this file. Cached per folder.
[[nodiscard]] std::vector<std::string> buildScriptFlags(const std::filesystem::path& file,
                                                        const std::filesystem::path& project_root);

}  // namespace gpulint::cxx
