// What gpulint reads from an extension's Python build script (setup.py or a
// cpp_extension.load() call): literals only, never by running it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "frontend/cxx/build_hints.h"

namespace gpulint::cxx {
namespace {

using Macros = std::vector<std::pair<std::string, std::string>>;
using Folders = std::vector<std::string>;

TEST(BuildHints, SetupPyFoldersAndMacros) {
  BuildHints h = scanBuildScript(R"(
include_dirs = []
include_dirs.append(os.path.abspath('./pkg/csrc/common/cuda'))
define_macros += [('PKG_WITH_CUDA', None), ("PKG_LEVEL", "2")]
ext = CUDAExtension(name="x", sources=["a.cu"], include_dirs=[os.path.join(this_dir, "csrc", "utils"),
                    Path(this_dir) / "csrc" / "scan"],
                    extra_compile_args={"cxx": ["-DNVDR_TORCH"], "nvcc": ["-DBLOCK=256", "-lineinfo"]})
)");
  EXPECT_EQ(h.include_dirs, (Folders{"pkg/csrc/common/cuda", "csrc/utils", "csrc/scan"}));
  EXPECT_EQ(h.macros, (Macros{{"PKG_WITH_CUDA", ""}, {"PKG_LEVEL", "2"}, {"NVDR_TORCH", ""}, {"BLOCK", "256"}}));
}

TEST(BuildHints, JitLoadCall) {
  BuildHints h = scanBuildScript(R"(
plugin = torch.utils.cpp_extension.load(name='p', sources=srcs, extra_cflags=['-DRAST_TORCH'],
    extra_include_paths=[os.path.join(here, 'csrc', 'framework')], extra_cuda_cflags=["-I./third/inc"])
)");
  EXPECT_EQ(h.include_dirs, (Folders{"csrc/framework", "third/inc"}));
  EXPECT_EQ(h.macros, (Macros{{"RAST_TORCH", ""}}));
}

// Comments, another accelerator's build, and values from variables or the
// environment are not taken: only what the CUDA build states literally.
TEST(BuildHints, LeavesOutWhatItCannotKnow) {
  BuildHints h = scanBuildScript(R"(
# define_macros = [('PKG_USE_PARROTS', None)]
define_macros += [('MMCV_WITH_MLU', None), ('WITH_HIP', None), ('USE_ROCM', None)]
include_dirs.append(os.path.abspath('./pkg/csrc/common/mlu'))
include_dirs.append(os.getenv('VENDOR_INCLUDE_DIRS'))
include_dirs = [extensions_dir]
args = ["-DCPU_ONLY", f"-I{root}/include"]
doc = """-DIN_A_SENTENCE is not a flag"""
)");
  EXPECT_TRUE(h.include_dirs.empty()) << h.include_dirs.front();
  EXPECT_TRUE(h.macros.empty()) << h.macros.front().first;
}

TEST(BuildHints, HostileTextEndsCleanly) {
  std::string text = "include_dirs = [" + std::string(100000, '(') + "'a'";
  BuildHints h = scanBuildScript(text);
  EXPECT_LE(h.include_dirs.size(), 1u);
  EXPECT_TRUE(scanBuildScript("define_macros = [('A', None").macros.empty());
  EXPECT_TRUE(scanBuildScript("'unterminated\n-DX").macros.empty());
}

// Flags come from the scripts in the file's folder and those above it up to
// the project root, only for folders that exist inside the project.
TEST(BuildHints, FlagsFromScriptsAboveTheFile) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / ("gpulint_build_hints_" + std::to_string(::getpid()));
  fs::create_directories(root / "pkg" / "ops" / "csrc");
  fs::create_directories(root / "pkg" / "common");
  fs::create_directories(root / "other");
  std::ofstream(root / "setup.py") << "include_dirs=['pkg/common', 'pkg/missing', '../outside']\n";
  std::ofstream(root / "pkg" / "ops" / "jit.py")
      << "from torch.utils import cpp_extension\ncpp_extension.load(extra_cflags=['-DJIT'])\n";
  std::ofstream(root / "other" / "setup.py") << "x = ['-DOTHER_EXTENSION']\n";
  std::vector<std::string> flags = buildScriptFlags(root / "pkg" / "ops" / "csrc" / "op.cu", root);
  std::string common = (root / "pkg" / "common").string();
  EXPECT_EQ(flags, (std::vector<std::string>{"-DJIT", "-iquote", common, "-idirafter", common}));
  fs::remove_all(root);
}

}  // namespace
}  // namespace gpulint::cxx
