// Finding and reading the settings file: the nearest .gpulint.yaml,
// .gpulint.yml or pyproject.toml with a [tool.gpulint] table.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "frontend/project/pyproject_settings.h"
#include "frontend/project/settings.h"

namespace gpulint {

namespace {

constexpr size_t kMaxSettingsBytes = 1 << 20;

// The text of a settings file, capped (a settings file is small; anything
// larger is a mistake, not a reason to read gigabytes).
bool readSettingsText(const std::string& path, std::string* text, std::string* why) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    *why = "cannot read settings: is a directory";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *why = std::string("cannot read settings: ") + std::strerror(errno);
    return false;
  }
  char buffer[1 << 14];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text->append(buffer, static_cast<size_t>(in.gcount()));
    if (text->size() > kMaxSettingsBytes) {
      *why = "settings file is larger than 1 MiB";
      return false;
    }
  }
  if (in.bad()) {
    *why = "cannot read settings: read error";
    return false;
  }
  return true;
}

bool isTomlPath(const std::string& path) {
  return std::filesystem::path(path).extension() == ".toml";
}

// A pyproject.toml is a settings file only when it has a [tool.gpulint]
// table (as Ruff treats [tool.ruff]): most projects have one for other tools.
bool isGpulintPyproject(const std::filesystem::path& candidate) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(candidate, ec)) return false;
  std::string text, why;
  return readSettingsText(candidate.string(), &text, &why) && pyprojectHasGpulintTable(text);
}

}  // namespace

SettingsResult loadSettingsFile(const std::string& path) {
  SettingsError error;
  error.file = path;
  std::string text;
  if (!readSettingsText(path, &text, &error.message)) return error;
  if (isTomlPath(path)) return parsePyprojectSettings(text, path);
  return parseSettings(text, path);
}

std::string findSettingsFile(const std::string& start) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path dir = fs::absolute(start.empty() ? fs::path(".") : fs::path(start), ec);
  if (ec) return "";
  dir = dir.lexically_normal();
  if (fs::is_regular_file(dir, ec)) dir = dir.parent_path();
  for (int guard = 0; guard < 4096; ++guard) {
    // In one folder the dedicated file wins over pyproject.toml; a nearer
    // folder wins over a farther one whatever the format.
    for (const char* name : {".gpulint.yaml", ".gpulint.yml"}) {
      fs::path candidate = dir / name;
      if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
    if (isGpulintPyproject(dir / "pyproject.toml")) return (dir / "pyproject.toml").string();
    fs::path parent = dir.parent_path();
    if (parent.empty() || parent == dir) break;
    dir = parent;
  }
  return "";
}

}  // namespace gpulint
