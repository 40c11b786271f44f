#include "cli/fix_writer.h"

#include <filesystem>

#include "fixits/apply.h"

namespace fs = std::filesystem;

namespace gpulint::cli {

namespace {

std::string resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? "" : p.string();
}

bool under(const std::string& path, const std::string& root) {
  if (root.empty() || !path.starts_with(root)) return false;
  return path.size() == root.size() || root.back() == '/' || path[root.size()] == '/';
}

}  // namespace

AnalysedRoots::AnalysedRoots(const std::vector<std::string>& paths)
    : given_(paths.empty() ? std::vector<std::string>{"."} : paths) {
  for (const auto& p : given_)
    if (std::string r = resolved(p); !r.empty()) roots_.push_back(r);
}

bool AnalysedRoots::contains(const std::string& disk_path) const {
  auto [known, added] = contains_.try_emplace(disk_path, false);
  if (!added) return known->second;
  // Resolved, so neither `..` in a job's command nor a symlink leads outside.
  std::string file = resolved(disk_path);
  for (const auto& r : roots_)
    if (under(file, r)) return known->second = true;
  return false;
}

std::string AnalysedRoots::describe() const {
  std::string out;
  for (const auto& g : given_) out += (out.empty() ? "" : ", ") + g;
  return out;
}

WrittenFixes writeFixedFiles(const FixResult& fixed, const std::map<std::string, std::string>& on_disk,
                             const SourceLookup& now) {
  WrittenFixes out;
  for (const auto& [file, before] : fixed.original) {
    const SourceFile* source = now(file);
    auto disk = on_disk.find(file);
    if (!source || disk == on_disk.end()) continue;
    if (std::string err = fixits::writeFileAtomically(disk->second, source->fileText(), before); !err.empty()) {
      out.errors.push_back({file, err});
      continue;
    }
    ++out.files;
    if (auto n = fixed.fixes_per_file.find(file); n != fixed.fixes_per_file.end()) out.fixes += n->second;
  }
  return out;
}

}  // namespace gpulint::cli
