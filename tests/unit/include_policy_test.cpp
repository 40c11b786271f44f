// The C++ front end's defences against a hostile repository: which recorded
// compiler flags reach clang, and which files clang may read.
#include "frontend/cxx/include_policy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace gpulint::cxx {
namespace {

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool anyStartsWith(const std::vector<std::string>& v, const std::string& prefix) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& a) { return a.starts_with(prefix); });
}

IncludePolicy projectAt(const std::string& root) { return IncludePolicy({root}, {"/usr/include"}); }

TEST(DatabaseFlags, KeepsIncludesMacrosStandardAndLanguage) {
  RecordedCommand c{"/repo/build", "/repo/ops/k.cu",
                    {"clang++", "-I../include", "-isystem", "/usr/include/x", "-iquote", "q", "-DA=1", "-D", "B",
                     "-UC", "-std=c++17", "-x", "cuda", "-c", "../ops/k.cu", "-o", "k.o"}};
  auto flags = allowedDatabaseFlags(c, projectAt("/repo"));
  std::vector<std::string> want = {"-I", "/repo/include", "-isystem", "/usr/include/x", "-iquote", "/repo/build/q",
                                   "-DA=1", "-DB", "-UC", "-std=c++17", "-x", "cuda"};
  EXPECT_EQ(flags, want);
}

TEST(DatabaseFlags, DropsEverythingThatRunsToolsOrWritesFiles) {
  RecordedCommand c{"/repo", "/repo/k.cu",
                    {"clang++", "--offload-arch=native", "--nvptx-arch-tool=/repo/evil.sh", "-B/repo/bin", "-B",
                     "/repo/bin", "-Wp,-MD,/home/u/.bashrc", "-MD", "-MF", "/tmp/x.d", "--serialize-diagnostics",
                     "/tmp/d.bin", "-fmodules", "-fmodules-cache-path=/tmp/m", "-Xclang", "-load", "-Xclang",
                     "/repo/p.so", "-fplugin=/repo/p.so", "-ccc-install-dir", "/repo", "--driver-mode=cl",
                     "-fsyntax-only", "-save-temps", "-o", "/tmp/out", "-DKEEP"}};
  auto flags = allowedDatabaseFlags(c, projectAt("/repo"));
  EXPECT_EQ(flags, std::vector<std::string>{"-DKEEP"});
}

TEST(DatabaseFlags, ValuesOfSkippedFlagsAreNotReadAsFlags) {
  // `-Xclang -DX` hands -DX to cc1 only through -Xclang, which we drop whole.
  RecordedCommand c{"/repo", "/repo/k.cu", {"clang++", "-Xclang", "-I/etc", "-std=c++17;rm"}};
  auto flags = allowedDatabaseFlags(c, projectAt("/repo"));
  EXPECT_FALSE(anyStartsWith(flags, "-I"));
  EXPECT_FALSE(anyStartsWith(flags, "-std"));  // not a plain standard name
}

TEST(DatabaseFlags, ForcedIncludeOnlyFromTheProject) {
  RecordedCommand c{"/repo", "/repo/k.cu", {"clang++", "-include", "pre.h", "-include", "/etc/passwd"}};
  auto flags = allowedDatabaseFlags(c, projectAt("/repo"));
  EXPECT_EQ(flags, (std::vector<std::string>{"-include", "/repo/pre.h"}));
}

TEST(DatabaseFlags, EntryWithAPseudoDirectoryIsIgnored) {
  // "/proc/self/cwd" would make the entry match from any checkout path.
  RecordedCommand c{"/proc/self/cwd", "k.cu", {"clang++", "-DX"}};
  EXPECT_TRUE(allowedDatabaseFlags(c, projectAt("/repo")).empty());
  EXPECT_FALSE(usableDirectory("/proc/self/cwd"));
  EXPECT_FALSE(usableDirectory("relative/dir"));
  EXPECT_TRUE(usableDirectory("/repo/build"));
}

TEST(IncludePolicy, ReadsOnlyTheProjectAndSystemHeaders) {
  IncludePolicy policy = projectAt("/repo");
  EXPECT_TRUE(policy.mayRead("/repo/ops/k.h"));
  EXPECT_TRUE(policy.mayRead("/usr/include/stdio.h"));
  EXPECT_FALSE(policy.mayRead("/repository/k.h"));  // a prefix, not the folder
  EXPECT_FALSE(policy.mayRead("/home/u/.ssh/id_rsa"));
  EXPECT_FALSE(policy.mayRead("/dev/stdin"));
  EXPECT_FALSE(policy.mayRead("/proc/self/environ"));
  EXPECT_TRUE(policy.inProject("/repo/a.h"));
  EXPECT_FALSE(policy.inProject("/usr/include/stdio.h"));  // read, never quoted
}

TEST(IncludePolicy, AProjectRootUnderAPseudoFileSystemGrantsNothing) {
  IncludePolicy policy({"/proc/self/cwd", "/dev"}, {});
  EXPECT_FALSE(policy.mayRead("/proc/self/cwd/a.h"));
  EXPECT_FALSE(policy.mayRead("/dev/null"));
}

TEST(IncludePolicy, AFileAnalysedAloneMayReadItsProject) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / "gpulint-policy-test";
  fs::remove_all(root);
  fs::create_directories(root / "src" / "ops");
  std::ofstream(root / "pyproject.toml") << "";
  setAnalysisRoots({});
  IncludePolicy policy = IncludePolicy::forFile((root / "src" / "ops" / "k.cu").string());
  EXPECT_TRUE(policy.mayRead((root / "include" / "k.h").string()));
  EXPECT_FALSE(policy.mayRead((root.parent_path() / "elsewhere.h").string()));
  fs::remove_all(root);
}

TEST(IncludePolicy, HidesInstalledFrameworksOnlyWhenAsked) {
  IncludePolicy policy = projectAt("/repo");
  EXPECT_FALSE(policy.hidden("/usr/include/torch/extension.h"));
  policy.hideInstalledFrameworks(true);
  for (const char* p : {"/usr/include/torch/extension.h", "/usr/include/ATen/ATen.h", "/usr/include/c10",
                        "/usr/local/include/pybind11/pybind11.h", "/usr/include/cuda_runtime.h",
                        "/usr/include/thrust/tuple.h", "/usr/local/cuda/include/cub/cub.cuh", "/usr/local/cuda-12.4"})
    EXPECT_TRUE(policy.hidden(p)) << p;
  for (const char* p : {"/usr/include/stdio.h", "/usr/include/c++/12/vector", "/usr/include", "/repo/torch/x.h",
                        "/usr/include/x86_64-linux-gnu/bits/types.h", "/usr/local/cudax/y.h"})
    EXPECT_FALSE(policy.hidden(p)) << p;
}

TEST(IncludePolicy, TheCudaToolkitIsHiddenEvenWithADatabase) {
  IncludePolicy policy = projectAt("/repo");
  for (const char* p : {"/usr/include/cuda_runtime.h", "/usr/include/thrust/tuple.h", "/usr/local/cuda/include/cuda.h"})
    EXPECT_TRUE(policy.hidden(p)) << p;
  EXPECT_FALSE(policy.hidden("/usr/include/torch/extension.h"));
  EXPECT_FALSE(policy.hidden("/usr/include/stdio.h"));
}

TEST(DatabaseFlags, DropsCudaToolkitFoldersOutsideTheProject) {
  RecordedCommand c{"/repo/build", "/repo/csrc/k.cu",
                    {"nvcc", "-I/usr/local/cuda/include", "-isystem", "/opt/cuda-12.4/targets/x86_64-linux/include",
                     "-I/env/site-packages/nvidia/cuda_runtime/include", "-I../csrc/cuda", "-I/usr/include/eigen3",
                     "-c", "../csrc/k.cu"}};
  auto flags = allowedDatabaseFlags(c, projectAt("/repo"));
  std::vector<std::string> want = {"-I", "/repo/csrc/cuda", "-I", "/usr/include/eigen3"};
  EXPECT_EQ(flags, want);
  EXPECT_TRUE(isCudaToolkitFolder("/usr/local/cuda-11.8/include"));
  EXPECT_FALSE(isCudaToolkitFolder("/usr/include/eigen3"));
  EXPECT_FALSE(isCudaToolkitFolder("/repo/cudax/include"));
}

}  // namespace
}  // namespace gpulint::cxx
