#include "frontend/cxx/include_policy.h"

#include <filesystem>
#include <mutex>

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

// Compiler and library headers of this machine: read (never quoted) so that
// standard headers parse; nothing under them belongs to the analysed repo.
const std::vector<std::string>& systemHeaderRoots() {
  static const std::vector<std::string> roots = {
      "/usr/include", "/usr/local/include", "/usr/lib/gcc", "/usr/lib/llvm-16/lib/clang", "/usr/local/cuda",
#ifdef GPULINT_CLANG_RESOURCE_DIR
      GPULINT_CLANG_RESOURCE_DIR,
#endif
  };
  return roots;
}

struct AnalysisRoots {
  std::mutex mutex;
  std::vector<std::string> roots;
};

AnalysisRoots& analysisRoots() {
  static AnalysisRoots roots;
  return roots;
}

// True when `path` is `root` or lies below it (whole path components).
bool under(std::string_view path, std::string_view root) {
  if (root.empty() || !path.starts_with(root)) return false;
  return path.size() == root.size() || root.back() == '/' || path[root.size()] == '/';
}

std::string absoluteNormal(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  if (ec) return "";
  std::string out = abs.lexically_normal().string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

// A root in both spellings: as written and with symlinks resolved, so that a
// path is accepted in whichever form clang or the kernel reports it.
void addRoot(std::vector<std::string>& out, const std::string& root) {
  std::string lexical = absoluteNormal(root);
  if (lexical.empty() || IncludePolicy::isPseudoFileSystem(lexical)) return;
  out.push_back(lexical);
  std::error_code ec;
  fs::path real = fs::weakly_canonical(lexical, ec);
  if (!ec && real.string() != lexical && !IncludePolicy::isPseudoFileSystem(real.string()))
    out.push_back(real.string());
}

}  // namespace

fs::path projectRootOf(const fs::path& file) {
  std::error_code ec;
  for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    for (const char* marker : {".git", ".gpulint.yaml", "pyproject.toml", "setup.py"})
      if (fs::exists(dir / marker, ec)) return dir;
    if (dir == dir.parent_path()) break;
  }
  return file.parent_path();
}

IncludePolicy::IncludePolicy(std::vector<std::string> project_roots, std::vector<std::string> system_roots) {
  for (const auto& r : project_roots) addRoot(project_, r);
  for (const auto& r : system_roots) addRoot(system_, r);
}

IncludePolicy IncludePolicy::forFile(const std::string& file) {
  std::vector<std::string> roots;
  {
    AnalysisRoots& configured = analysisRoots();
    std::lock_guard<std::mutex> lock(configured.mutex);
    roots = configured.roots;
  }
  fs::path abs = absoluteNormal(file);
  fs::path root = projectRootOf(abs);
  // A file at / has no project: its folder would be the whole machine.
  if (root != root.root_path()) roots.push_back(root.string());
  return IncludePolicy(std::move(roots), systemHeaderRoots());
}

bool IncludePolicy::isPseudoFileSystem(std::string_view path) {
  for (std::string_view root : {"/proc", "/dev", "/sys", "/run"})
    if (under(path, root)) return true;
  return false;
}

bool IncludePolicy::inProject(std::string_view path) const {
  if (isPseudoFileSystem(path)) return false;
  for (const auto& r : project_)
    if (under(path, r)) return true;
  return false;
}

bool IncludePolicy::mayRead(std::string_view path) const {
  if (inProject(path)) return true;
  if (isPseudoFileSystem(path)) return false;
  for (const auto& r : system_)
    if (under(path, r)) return true;
  return false;
}

bool isCudaToolkitFolder(std::string_view path) {
  for (const auto& part : fs::path(std::string(path))) {
    std::string name = part.string();
    if (name == "cuda" || name.starts_with("cuda-") || name.starts_with("cuda_")) return true;
  }
  return false;
}

bool IncludePolicy::hidden(std::string_view path) const {
  if (under(path, "/usr/local/cuda") || path.starts_with("/usr/local/cuda-")) return true;
  // The CUDA toolkit is hidden always (gpulint's shim stands in for it: clang
  // supports few toolkit versions); torch and pybind11 only without a database.
  static constexpr std::string_view kCudaFolders[] = {"cub", "thrust", "cuda", "cooperative_groups", "crt"};
  static constexpr std::string_view kFrameworkFolders[] = {"torch", "ATen", "c10", "caffe2", "THC", "pybind11"};
  // Headers of the CUDA toolkit that sit loose in the include folder.
  static constexpr std::string_view kFilePrefixes[] = {"cuda", "cublas", "curand", "cusparse", "cudnn", "cufft",
                                                       "cooperative_groups", "nccl", "vector_types",
                                                       "vector_functions", "device_functions", "math_constants",
                                                       "host_defines", "driver_types", "sm_"};
  for (std::string_view root : {"/usr/include", "/usr/local/include"}) {
    if (!under(path, root) || path.size() == root.size()) continue;
    std::string_view rest = path.substr(root.size() + 1);
    std::string_view first = rest.substr(0, rest.find('/'));
    for (std::string_view folder : kCudaFolders)
      if (first == folder) return true;
    if (hide_frameworks_)
      for (std::string_view folder : kFrameworkFolders)
        if (first == folder) return true;
    if (first.size() == rest.size())
      for (std::string_view prefix : kFilePrefixes)
        if (rest.starts_with(prefix)) return true;
  }
  return false;
}

void setAnalysisRoots(const std::vector<std::string>& roots) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& r : roots) {
    fs::path p = absoluteNormal(r);
    if (p.empty()) continue;
    out.push_back(fs::is_directory(p, ec) ? p.string() : p.parent_path().string());
  }
  AnalysisRoots& configured = analysisRoots();
  std::lock_guard<std::mutex> lock(configured.mutex);
  configured.roots = std::move(out);
}

}  // namespace gpulint::cxx
