#include "frontend/cxx/header_context.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "frontend/cxx/include_scan.h"


namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

constexpr uintmax_t kMaxScannedBytes = 4u << 20;  // big generated files are not extension sources

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `word` as a whole identifier somewhere in `text`.
bool mentions(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    bool starts = at == 0 || !identChar(text[at - 1]);
    bool ends = end == text.size() || !identChar(text[end]) || word.back() == ':';
    if (starts && ends) return true;
  }
  return false;
}

bool isCudaExtension(std::string_view ext) { return ext == ".cu" || ext == ".cuh"; }

// The file names that the .cu/.cuh sources of `dir` include (by last path
// component), cached per folder.
bool includedByCudaSourceBeside(const fs::path& header) {
  static std::mutex mutex;
  static std::map<std::string, std::set<std::string>> cache;
  fs::path dir = header.parent_path();
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = cache.try_emplace(dir.string());
  if (fresh) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      std::error_code fe;
      if (!e.is_regular_file(fe) || !isCudaExtension(e.path().extension().string())) continue;
      if (e.file_size(fe) > kMaxScannedBytes) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string text = ss.str();
      forEachInclude(text, [&](std::string_view target) {
        it->second.insert(fs::path(std::string(target)).filename().string());
      });
    }
  }
  return it->second.count(header.filename().string()) > 0;
}

bool isSourceExtension(std::string_view ext) {
  return ext == ".cu" || ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cxx";
}

// `int main(` as a definition or declaration: the word `main` after `int`,
// before `(`, blanks aside.
bool definesMain(std::string_view text) {
  for (size_t at = text.find("main"); at != std::string_view::npos; at = text.find("main", at + 1)) {
    if ((at > 0 && identChar(text[at - 1])) || (at + 4 < text.size() && identChar(text[at + 4]))) continue;
    size_t after = at + 4;
    while (after < text.size() && (text[after] == ' ' || text[after] == '\t')) ++after;
    if (after >= text.size() || text[after] != '(') continue;
    size_t before = at;
    while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t' || text[before - 1] == '\n')) --before;
    if (before >= 3 && text.substr(before - 3, 3) == "int" && (before == 3 || !identChar(text[before - 4]))) return true;
  }
  return false;
}

// The sources of one folder: what each includes (by file name) and whether
// it is a program. Read once per folder.
struct FolderSource {
  std::set<std::string> includes;
  std::set<std::string> words;  // every identifier the file writes
  bool program = false;
};

std::set<std::string> identifiersOf(std::string_view text) {
  std::set<std::string> words;
  for (size_t i = 0; i < text.size();) {
    if (!identChar(text[i]) || std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && identChar(text[end])) ++end;
    words.emplace(text.substr(i, end - i));
    i = end;
  }
  return words;
}

const std::vector<FolderSource>& sourcesOf(const fs::path& dir) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<FolderSource>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = cache.try_emplace(dir.string());
  if (!fresh) return it->second;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::error_code fe;
    if (e.is_regular_file(fe) && isSourceExtension(e.path().extension().string()) && e.file_size(fe) <= kMaxScannedBytes)
      files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    FolderSource source;
    forEachInclude(text, [&](std::string_view target) {
      source.includes.insert(fs::path(std::string(target)).filename().string());
    });
    source.program = definesMain(text);
    source.words = identifiersOf(text);
    it->second.push_back(std::move(source));
  }
  return it->second;
}

// A CUDA runtime name (cudaStream_t, cudaMemcpyAsync, cudaError_t) as a
// whole identifier: "cuda" then an upper-case letter.
bool namesCudaRuntime(std::string_view text) {
  for (size_t at = text.find("cuda"); at != std::string_view::npos; at = text.find("cuda", at + 1)) {
    bool starts = at == 0 || !identChar(text[at - 1]);
    if (starts && at + 4 < text.size() && std::isupper(static_cast<unsigned char>(text[at + 4]))) return true;
  }
  return false;
}

bool writtenForCuda(std::string_view text) {
  for (std::string_view word : {"__device__", "__host__", "__shared__", "__forceinline__", "__constant__"})
    if (mentions(text, word)) return true;
  // Its includer brought the runtime in (a class taking a cudaStream_t).
  if (namesCudaRuntime(text)) return true;
  bool cuda_include = false;
  forEachInclude(text, [&](std::string_view target) {
    std::string name = fs::path(std::string(target)).filename().string();
    cuda_include = cuda_include || name.ends_with(".cuh") || name.starts_with("cuda_") || name == "cuda.h";
  });
  return cuda_include;
}

}  // namespace

bool isHeaderPath(std::string_view path) {
  std::string ext = fs::path(std::string(path)).extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".cuh";
}

bool includedOnlyByPrograms(const SourceFile& header) {
  std::error_code ec;
  fs::path path = fs::absolute(header.path(), ec).lexically_normal();
  std::string name = path.filename().string();
  bool any = false;
  for (const fs::path& dir : {path.parent_path(), path.parent_path().parent_path()}) {
    if (dir.empty()) continue;
    for (const FolderSource& s : sourcesOf(dir)) {
      if (!s.includes.count(name)) continue;
      if (!s.program) return false;  // an operator or library source calls it too
      any = true;
    }
  }
  return any;
}

std::optional<std::set<std::string>> wordsOfIncluders(const SourceFile& header) {
  std::error_code ec;
  fs::path path = fs::absolute(header.path(), ec).lexically_normal();
  std::string name = path.filename().string();
  std::optional<std::set<std::string>> words;
  for (const fs::path& dir : {path.parent_path(), path.parent_path().parent_path()}) {
    if (dir.empty()) continue;
    for (const FolderSource& s : sourcesOf(dir)) {
      if (!s.includes.count(name)) continue;
      if (!words) words.emplace();
      words->insert(s.words.begin(), s.words.end());
    }
  }
  return words;
}

ParseMode parseModeOf(const SourceFile& source) {
  ParseMode mode;
  std::string ext = fs::path(source.path()).extension().string();
  std::string_view text = source.text();
  mode.cuda_file = isCudaExtension(ext) || ((ext == ".h" || ext == ".hpp") &&
                                            (text.find("__global__") != std::string_view::npos ||
                                             text.find("<<<") != std::string_view::npos));
  if (!isHeaderPath(source.path())) {
    mode.cuda_language = mode.cuda_file;
    return mode;
  }
  std::error_code ec;
  mode.cuda_language = mode.cuda_file || writtenForCuda(text) ||
                       includedByCudaSourceBeside(fs::absolute(source.path(), ec).lexically_normal());
  for (std::string_view word : {"at::", "c10::", "torch::", "TORCH_CHECK", "AT_ERROR", "AT_ASSERT", "AT_ASSERTM",
                                 "TORCH_INTERNAL_ASSERT", "C10_CUDA_CHECK", "AT_CUDA_CHECK"})
    mode.torch_context = mode.torch_context || mentions(text, word);
  return mode;
}

}  // namespace gpulint::cxx
