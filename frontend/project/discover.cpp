#include "frontend/project/discover.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <system_error>
#include <unordered_map>

#include "frontend/project/gitignore.h"
#include "frontend/project/job_sniff.h"
#include "frontend/test_code.h"

namespace fs = std::filesystem;

namespace gpulint {

namespace {

bool skippedDirectory(const std::string& name) {
  static const std::set<std::string> skip = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv",
                                             "venv", ".tox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
                                             "site-packages", ".eggs"};
  return skip.count(name) > 0;
}

// A YAML/JSON file too large to be a hand-written job or run config (a
// tokenizer or data set) is not read at all; "" when it may be ours.
std::string dataFileReason(const fs::path& p, FileKind kind) {
  std::error_code ec;
  // A notebook's size is mostly its outputs (plots, logs): past the 20 MiB the
  // analysis reads at most, it is left alone rather than failing the run.
  if (isNotebookPath(p.string())) {
    auto size = fs::file_size(p, ec);
    return !ec && size > (20u << 20) ? "notebook larger than 20 MiB (mostly its outputs); not analysed" : "";
  }
  if (kind != FileKind::Yaml && kind != FileKind::Json) return "";
  auto size = fs::file_size(p, ec);
  if (ec || size <= project::kMaxJobFileBytes) return "";
  return "larger than 2 MiB: data, not a job or run config";
}

// An extensionless file (`run`, `train`) that starts with a shell shebang is
// a launch script candidate; only its first line is read here.
FileKind sniffKind(const fs::path& p) {
  FileKind kind = kindFromPath(p.string());
  if (kind != FileKind::Unknown || p.filename().string().find('.') != std::string::npos) return kind;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return kind;  // never open a FIFO or device to sniff it
  std::ifstream in(p, std::ios::binary);
  char head[128] = {};
  in.read(head, sizeof head);
  return hasShellShebang(std::string_view(head, static_cast<size_t>(in.gcount()))) ? FileKind::Shell : kind;
}

// Test code (pytest's layout: tests/ and test/ folders, test_*.py, *_test.py,
// conftest.py; and names with the word "tests") is not what a job runs on the GPU node: its loaders and loops
// are tiny on purpose, so findings there are noise (Semgrep skips tests by
// default for the same reason). Test support shipped inside a package (a
// `test_utils/` folder, `testing_utils.py`: mocked loaders, tiny regression
// models) is test code too, as `test_utils.py` already is by its name.
// `test.py` alone is often an evaluation script and `testing/` may be a real
// subpackage: both stay, and so does a `test_*.py` whose text defines no test
// (testNamedScript). Folder runs skip it unless settings.include_tests.
bool isTestFolder(const std::string& name) {
  return name == "tests" || name == "test" || name == "test_utils" || name == "testing_utils";
}
// "tests" as a word of the name (`tests.py`, `model_tests.py`,
// `numerical_tests_llama.py`: parity checks run by hand or by a test runner)
// is test code; the singular word elsewhere in a name (`train_test_split.py`)
// is not.
bool namesTestsAsWord(std::string_view stem) {
  for (size_t at = stem.find("tests"); at != std::string_view::npos; at = stem.find("tests", at + 1)) {
    const size_t after = at + 5;
    if ((at == 0 || stem[at - 1] == '_') && (after == stem.size() || stem[after] == '_')) return true;
  }
  return false;
}
bool isTestFile(const std::string& name) {
  if (name == "conftest.py" || name == "testing_utils.py") return true;
  if (!name.ends_with(".py")) return false;
  if (namedLikeTestModule(name)) return true;
  return namesTestsAsWord(std::string_view(name).substr(0, name.size() - 3));
}
// A module named like a test whose text has no test in it (no `def test_`,
// no `class Test`, no pytest or unittest) is a script: `tools/test_net.py`
// defines `perform_test()` and a `main()` that loops over the test loader.
// Unreadable: taken as test code, as its name says.
bool testNamedScript(const fs::path& p) {
  const std::string name = p.filename().string();
  if (!namedLikeTestModule(name)) return false;
  // Test support by its name (`test_utils.py`, `test_helpers.py`) is test code whatever it defines.
  for (const char* support : {"test_util", "test_helper", "test_common", "test_fixture", "test_support"})
    if (name.rfind(support, 0) == 0) return false;
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::string text(64 * 1024, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  return !textDefinesTests(text);
}
// A path the user named inside test code (`gpulint check tests/unit`) asks
// for that test code to be checked. Judged on the path relative to the
// project root, so a checkout under /home/me/test/ is not test code.
bool namesTestCode(const std::string& path) {
  for (const auto& part : fs::path(path).lexically_normal())
    if (isTestFolder(part.string())) return true;
  return isTestFile(fs::path(path).filename().string());
}
constexpr const char* kTestCode = "test code (--include-tests or include-tests: true checks it)";

// Vendored third-party code: a copy of another project kept inside this one
// (a quantization library under `dependencies/`, a header library under
// `third_party/`) or a git submodule (a folder whose `.git` is a file). Its
// maintainers are elsewhere, so a finding there is one the user cannot act on
// (Ruff and Semgrep skip vendored folders for the same reason); the project's
// own code still calls into it as it calls an installed library. Folder runs
// skip it unless settings.include_vendored; C++ include paths still reach
// its headers (they are read as headers, not analysed as files).
bool isVendoredFolderName(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  static const std::set<std::string> names = {"third_party", "third-party", "thirdparty", "3rdparty", "3rd_party",
                                              "3rd-party", "vendor", "vendored", "_vendor", "deps", "dependencies",
                                              "external", "externals", "extern"};
  return names.count(name) > 0;
}
bool isGitSubmodule(const fs::path& folder) {
  std::error_code ec;
  return fs::is_regular_file(folder / ".git", ec);
}
bool namesVendoredCode(const std::string& path) {
  for (const auto& part : fs::path(path).lexically_normal())
    if (isVendoredFolderName(part.string())) return true;
  return false;
}
constexpr const char* kVendoredCode =
    "vendored third-party code (--include-vendored or include-vendored: true checks it)";

// Why a folder the walk is about to enter cannot be listed ("" when it can).
// Symlinked folders are not entered, so they are not asked about.
std::string unreadableDirectory(const fs::directory_entry& e) {
  std::error_code ec;
  if (e.is_symlink(ec)) return "";
  fs::directory_iterator probe(e.path(), ec);
  return ec ? ec.message() : "";
}

// Display paths for the entries of one walk. weakly_canonical resolves every
// component of a path with a readlink call (about fifteen system calls per
// file of a deep checkout, a few percent of a whole run); the files of a walk
// share their folders, so each folder is resolved once and an entry that is
// not itself a symlink is its folder's canonical form plus its own name,
// which is what weakly_canonical gives for it.
class WalkDisplayPaths {
 public:
  explicit WalkDisplayPaths(std::string root) : root_(std::move(root)) {
    std::error_code ec;
    base_ = fs::weakly_canonical(fs::path(root_), ec);
    base_ok_ = !ec;
  }

  [[nodiscard]] std::string of(const fs::directory_entry& e) {
    std::error_code ec;
    // A symlink resolves elsewhere; an entry of a relative walk is resolved
    // against the working folder: both as displayPath does it.
    if (!base_ok_ || e.is_symlink(ec) || ec) return displayPath(e.path().string(), root_);
    const fs::path& folder = canonicalFolder(e.path().parent_path());
    if (folder.empty()) return displayPath(e.path().string(), root_);
    auto rel = (folder / e.path().filename()).lexically_relative(base_);
    if (!rel.empty() && rel.native().rfind("..", 0) != 0) return rel.generic_string();
    return e.path().lexically_normal().generic_string();
  }

 private:
  // The folder's canonical path; empty when it cannot be resolved.
  const fs::path& canonicalFolder(const fs::path& folder) {
    auto [it, inserted] = folders_.try_emplace(folder.native());
    if (inserted) {
      std::error_code ec;
      fs::path canonical = fs::weakly_canonical(fs::absolute(folder, ec), ec);
      if (!ec) it->second = std::move(canonical);
    }
    return it->second;
  }

  std::string root_;
  fs::path base_;
  bool base_ok_ = false;
  std::unordered_map<std::string, fs::path> folders_;
};

}  // namespace

std::string displayPath(const std::string& path, const std::string& root) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(path, ec), ec);
  fs::path base = fs::weakly_canonical(fs::path(root), ec);
  if (!ec) {
    auto rel = abs.lexically_relative(base);
    if (!rel.empty() && rel.native().rfind("..", 0) != 0) return rel.generic_string();
  }
  return fs::path(path).lexically_normal().generic_string();
}

Discovery discoverFiles(const std::vector<std::string>& paths, const Settings& settings, const std::string& root,
                        bool force_exclude) {
  Discovery out;
  std::set<std::string> seen;
  GitIgnore gitignore;
  bool with_tests = settings.include_tests;  // per named path, below
  bool with_vendored = settings.include_vendored;
  WalkDisplayPaths walk_display(root);
  auto add = [&](const fs::path& p, bool explicit_path, const fs::directory_entry* entry) {
    FileKind kind = sniffKind(p);
    if (isNotebookPath(p.string())) kind = FileKind::Python;  // read as its code cells
    if (kind == FileKind::Unknown && !explicit_path) return;
    std::string display = entry ? walk_display.of(*entry) : displayPath(p.string(), root);
    if ((!explicit_path || force_exclude) && isExcluded(settings, display)) return;
    // A walk already skipped ignored folders; a named file is checked whole.
    if (settings.respect_gitignore && (!explicit_path || force_exclude) &&
        (explicit_path ? gitignore.ignoresPath(p) : gitignore.ignoresEntry(p, false)))
      return;
    if (!with_tests && (!explicit_path || force_exclude) && isTestFile(p.filename().string()) && !testNamedScript(p)) {
      out.skipped.push_back({display, kTestCode});
      return;
    }
    if (!with_vendored && explicit_path && force_exclude && namesVendoredCode(display)) {
      out.skipped.push_back({display, kVendoredCode});
      return;
    }
    if (std::string why = dataFileReason(p, kind); !why.empty()) {
      out.skipped.push_back({display, why});
      return;
    }
    if (seen.insert(display).second) out.files.push_back({p.string(), display, kind});
  };
  for (const auto& path : paths) {
    with_tests = settings.include_tests || (namesTestCode(displayPath(path, root)) && !force_exclude);
    with_vendored = settings.include_vendored || (namesVendoredCode(displayPath(path, root)) && !force_exclude);
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      out.errors.push_back({path, "no such file or directory"});
      continue;
    }
    if (!fs::is_directory(st)) {
      add(fs::path(path), true, nullptr);
      continue;
    }
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
    if (ec) {
      out.errors.push_back({path, "cannot read directory: " + ec.message()});
      continue;
    }
    for (; it != end; it.increment(ec)) {
      if (ec) {
        out.errors.push_back({it->path().string(), "cannot read: " + ec.message()});
        ec.clear();
        continue;
      }
      const fs::directory_entry& e = *it;
      std::string name = e.path().filename().string();
      std::error_code sec;
      if (e.is_directory(sec)) {
        std::string display = walk_display.of(e);
        if (skippedDirectory(name) || (name.size() > 1 && name[0] == '.' && name != ".github") ||
            isExcluded(settings, display) || (settings.respect_gitignore && gitignore.ignoresEntry(e.path(), true))) {
          it.disable_recursion_pending();
        } else if (!with_tests && isTestFolder(name)) {
          out.skipped.push_back({display, kTestCode});
          it.disable_recursion_pending();
        } else if (!with_vendored && (isVendoredFolderName(name) || isGitSubmodule(e.path()))) {
          out.skipped.push_back({display, kVendoredCode});
          it.disable_recursion_pending();
        } else if (std::string why = unreadableDirectory(e); !why.empty()) {
          // The walk skips what it cannot open (an error there would end the
          // whole walk); the user is told, since files in it go unchecked.
          out.errors.push_back({display, "cannot read directory: " + why});
          it.disable_recursion_pending();
        }
        continue;
      }
      if (!e.is_regular_file(sec)) continue;
      add(e.path(), false, &e);
    }
  }
  std::sort(out.files.begin(), out.files.end(),
            [](const DiscoveredFile& a, const DiscoveredFile& b) { return a.display < b.display; });
  return out;
}

}  // namespace gpulint
