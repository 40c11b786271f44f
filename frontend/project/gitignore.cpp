#include "frontend/project/gitignore.h"

#include <fstream>
#include <system_error>

#include "frontend/project/glob.h"

namespace fs = std::filesystem;

namespace gpulint {

namespace {

// An ignore file larger than this is not a hand-written one; read its start.
constexpr size_t kMaxIgnoreFileBytes = 1 << 20;
// Folders between a file and its work tree root that are looked at.
constexpr int kMaxDepth = 256;

std::string readCapped(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return "";
  std::ifstream in(file, std::ios::binary);
  std::string text(kMaxIgnoreFileBytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

// Trailing spaces are dropped unless escaped with a backslash.
std::string_view trimTrailingSpaces(std::string_view line) {
  while (!line.empty() && line.back() == ' ' && !(line.size() >= 2 && line[line.size() - 2] == '\\'))
    line.remove_suffix(1);
  return line;
}

std::string relativeTo(const fs::path& path, const fs::path& base) {
  return path.lexically_relative(base).generic_string();
}

}  // namespace

std::vector<IgnorePattern> parseIgnoreFile(std::string_view text) {
  std::vector<IgnorePattern> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = trimTrailingSpaces(line);
    if (line.empty() || line.front() == '#') continue;  // `\#` is a literal '#': kept
    IgnorePattern pattern;
    if (line.front() == '!') {
      pattern.negated = true;
      line.remove_prefix(1);
    }
    if (line.empty()) continue;
    pattern.glob = std::string(line);
    out.push_back(std::move(pattern));
  }
  return out;
}

const GitIgnore::Patterns& GitIgnore::patternsIn(const fs::path& ignore_file) {
  auto [it, inserted] = patterns_by_file_.try_emplace(ignore_file.string());
  if (inserted) it->second = parseIgnoreFile(readCapped(ignore_file));
  return it->second;
}

const fs::path& GitIgnore::workTreeOf(const fs::path& dir) {
  auto [it, inserted] = work_tree_by_dir_.try_emplace(dir.string());
  if (!inserted) return it->second;
  // `.git` is a folder in a clone and a file in a linked worktree/submodule.
  std::error_code ec;
  if (fs::exists(dir / ".git", ec)) {
    it->second = dir;
  } else if (fs::path parent = dir.parent_path(); !parent.empty() && parent != dir) {
    fs::path found = workTreeOf(parent);  // the map's nodes are stable: `it` stays valid
    it->second = std::move(found);
  }
  return it->second;
}

bool GitIgnore::ignoresEntry(const fs::path& given, bool is_directory) {
  std::error_code ec;
  const fs::path path = fs::absolute(given, ec).lexically_normal();
  if (ec) return false;
  const fs::path& root = workTreeOf(path.parent_path());
  if (root.empty() || path == root) return false;

  // Folders from the root down to the entry's own folder: deeper files win.
  std::vector<fs::path> folders;
  for (fs::path dir = path.parent_path(); folders.size() < kMaxDepth; dir = dir.parent_path()) {
    folders.push_back(dir);
    if (dir == root || dir.parent_path() == dir) break;
  }
  bool ignored = false;
  auto apply = [&](const Patterns& patterns, const fs::path& base) {
    const std::string rel = relativeTo(path, base);
    for (const IgnorePattern& p : patterns)
      if (matchesWholePath(p.glob, rel, is_directory)) ignored = !p.negated;
  };
  apply(patternsIn(root / ".git" / "info" / "exclude"), root);
  for (auto dir = folders.rbegin(); dir != folders.rend(); ++dir) apply(patternsIn(*dir / ".gitignore"), *dir);
  return ignored;
}

bool GitIgnore::ignoresPath(const fs::path& given) {
  std::error_code ec;
  const fs::path path = fs::absolute(given, ec).lexically_normal();
  if (ec) return false;
  const fs::path& root = workTreeOf(path.parent_path());
  if (root.empty()) return false;
  // Folders first, top down: an ignored folder hides everything in it.
  std::vector<fs::path> chain;
  for (fs::path p = path; p != root && chain.size() < kMaxDepth; p = p.parent_path()) {
    chain.push_back(p);
    if (p.parent_path() == p) break;
  }
  for (auto p = chain.rbegin(); p != chain.rend(); ++p)
    if (ignoresEntry(*p, fs::is_directory(*p, ec))) return true;
  return false;
}

}  // namespace gpulint
