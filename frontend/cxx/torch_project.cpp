// Whether a file belongs to a PyTorch extension: GPU404 needs to know,
// because a kernel on the legacy default stream only serialises against
// PyTorch's own work when PyTorch is in the process.
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/include_scan.h"

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

constexpr uintmax_t kMaxScannedBytes = 4u << 20;  // big generated files are not extension sources

bool folderHasTorchSource(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::error_code fe;
    if (!e.is_regular_file(fe) || kindFromPath(e.path().string()) != FileKind::Cxx) continue;
    if (e.file_size(fe) > kMaxScannedBytes) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (includesTorch(ss.str())) return true;
  }
  return false;
}

}  // namespace

// `#  include <torch/...>` / "ATen/..." / <c10/...>.
bool includesTorch(std::string_view text) {
  bool found = false;
  forEachInclude(text, [&found](std::string_view path) {
    found = found || path.starts_with("torch/") || path.starts_with("ATen/") || path.starts_with("c10/");
  });
  return found;
}

bool inTorchProject(const SourceFile& source, bool file_includes_torch) {
  if (file_includes_torch) return true;
  static std::mutex mutex;
  static std::map<std::string, bool> cache;
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  fs::path file = fs::absolute(source.path(), ec).lexically_normal();
  // Folders from the file's own up to the working directory (only the file's
  // folder when it lies outside): an extension's kernels sit below the
  // binding source that includes torch/extension.h.
  bool under_cwd = !fs::relative(file, cwd, ec).empty() && !fs::relative(file, cwd, ec).string().starts_with("..");
  for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    bool found;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = cache.find(dir.string());
      found = it != cache.end() ? it->second : (cache[dir.string()] = folderHasTorchSource(dir));
    }
    if (found) return true;
    if (!under_cwd || dir == cwd || dir == dir.parent_path()) break;
  }
  return false;
}

}  // namespace gpulint::cxx
