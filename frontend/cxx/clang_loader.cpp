// The host side of the C++/CUDA front end in a build with libTooling: the
// clang module (clang_module.h) is loaded on first use, once per process.
#include <dlfcn.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>
#include <mutex>

#include "frontend/cxx/abi_stamp.h"
#include "frontend/cxx/clang_module.h"

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

// Where the module may lie: beside the program (the build tree's gpulint),
// in the install's library folder relative to it, and, for a program of the
// build tree (the test and benchmark binaries in its sub-folders), at the
// build tree's root.
std::vector<fs::path> moduleCandidates() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> out;
  if (!ec) {
    out.push_back(exe.parent_path() / GPULINT_CXX_MODULE);
    out.push_back(exe.parent_path() / GPULINT_CXX_MODULE_INSTALL_REL / GPULINT_CXX_MODULE);
  }
  std::string build_root = GPULINT_CXX_MODULE_BUILD_DIR;
  if (ec || exe.string().starts_with(build_root + "/")) out.push_back(fs::path(build_root) / GPULINT_CXX_MODULE);
  return out;
}

struct LoadedModule {
  const ClangEntryPoints* entry_points = nullptr;
  std::string error;  // why not loaded
};

// Why the module at `path` must not be used ("" when its stamp matches).
std::string stampMismatch(void* handle, const fs::path& path) {
  using Stamp = const char* (*)();
  auto stamp = reinterpret_cast<Stamp>(::dlsym(handle, "gpulint_clang_abi_stamp"));
  std::string theirs = stamp ? stamp() : "none";
  if (theirs == GPULINT_CXX_ABI_STAMP) return "";
  return "cannot load the C++ front end: " + path.string() +
         " was built from other gpulint sources than this program (ABI stamp " + theirs + ", expected " +
         GPULINT_CXX_ABI_STAMP + "); rebuild or reinstall gpulint and " GPULINT_CXX_MODULE " together";
}

LoadedModule loadModule() {
  std::string tried;
  for (const fs::path& candidate : moduleCandidates()) {
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) {
      tried += (tried.empty() ? "" : ", ") + candidate.string();
      continue;
    }
    void* handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return {nullptr, std::string("cannot load the C++ front end: ") + ::dlerror()};
    if (std::string error = stampMismatch(handle, candidate); !error.empty()) {
      ::dlclose(handle);
      return {nullptr, error};
    }
    using EntryPoints = const ClangEntryPoints* (*)();
    auto entry = reinterpret_cast<EntryPoints>(::dlsym(handle, "gpulint_clang_entry_points"));
    if (!entry) return {nullptr, "cannot load the C++ front end: " + candidate.string() + " has no entry point"};
    return {entry(), ""};
  }
  return {nullptr, "cannot load the C++ front end: " GPULINT_CXX_MODULE " not found (looked at " + tried + ")"};
}

std::mutex compile_commands_mutex;
std::string compile_commands_dir;  // forwarded when the module loads
std::atomic<bool> module_loaded{false};

const LoadedModule& module() {
  static const LoadedModule loaded = [] {
    LoadedModule m = loadModule();
    std::lock_guard<std::mutex> lock(compile_commands_mutex);
    if (m.entry_points && !compile_commands_dir.empty())
      (void)m.entry_points->set_compile_commands_dir(compile_commands_dir);  // checked when it was set
    module_loaded = m.entry_points != nullptr;
    return m;
  }();
  return loaded;
}

}  // namespace

bool available() { return true; }

std::string setCompileCommandsDir(const std::string& dir) {
  // A directory given on the command line is checked now (the user means
  // to analyse C++, so loading the module costs nothing extra).
  if (!dir.empty()) {
    const LoadedModule& m = module();
    if (!m.entry_points) return m.error;
    if (std::string error = m.entry_points->set_compile_commands_dir(dir); !error.empty()) return error;
  }
  std::lock_guard<std::mutex> lock(compile_commands_mutex);
  compile_commands_dir = dir;
  if (dir.empty() && module_loaded) (void)module().entry_points->set_compile_commands_dir(dir);
  return "";
}

BuildResult buildCxxModel(SourceFilePtr source) {
  const LoadedModule& m = module();
  if (!m.entry_points) return {nullptr, m.error};
  return m.entry_points->build_cxx_model(std::move(source));
}

int parseOnly(SourceFilePtr source) {
  const LoadedModule& m = module();
  return m.entry_points ? m.entry_points->parse_only(std::move(source)) : -1;
}

}  // namespace gpulint::cxx
