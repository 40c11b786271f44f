// The allow-list of compile_commands.json flags (see include_policy.h).
#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <filesystem>

#include "frontend/cxx/include_policy.h"

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

// Flags whose value is the next argument; their values are skipped with them
// so that a value is never read as a flag of its own.
bool takesSeparateValue(std::string_view a) {
  static constexpr std::array<std::string_view, 24> kFlags = {
      "-o", "-MF", "-MT", "-MQ", "-Xclang", "-Xcompiler", "--compiler-options", "-gencode", "-arch",
      "-ccbin", "--serialize-diagnostics", "-include-pch", "-isysroot", "--sysroot", "-target", "-Xlinker",
      "-mllvm", "-idirafter", "-imacros", "-Xcuda-ptxas", "-Xcuda-fatbinary", "-Xopenmp-target", "-Xarch_host",
      "-Xarch_device"};
  return std::find(kFlags.begin(), kFlags.end(), a) != kFlags.end();
}

bool plainToken(std::string_view v, std::string_view extra) {
  if (v.empty()) return false;
  return std::all_of(v.begin(), v.end(), [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || extra.find(c) != std::string_view::npos;
  });
}

bool allowedLanguage(std::string_view v) {
  for (std::string_view l : {"c", "c++", "cuda", "c-header", "c++-header", "cuda-header"})
    if (v == l) return true;
  return false;
}

std::string placed(const std::string& directory, const std::string& value) {
  fs::path p(value);
  if (p.is_relative()) p = fs::path(directory) / p;
  return p.lexically_normal().string();
}

}  // namespace

bool usableDirectory(std::string_view directory) {
  return !directory.empty() && directory.front() == '/' && !IncludePolicy::isPseudoFileSystem(directory);
}

std::vector<std::string> allowedDatabaseFlags(const RecordedCommand& command, const IncludePolicy& policy) {
  std::vector<std::string> out;
  if (!usableDirectory(command.directory)) return out;
  const auto& args = command.arguments;
  // `-I dir` and `-Idir` alike: the value joined to the flag, else the next argument.
  auto valueOf = [&](size_t& i, std::string_view flag) -> std::optional<std::string> {
    if (args[i].size() > flag.size()) return args[i].substr(flag.size());
    if (i + 1 >= args.size()) return std::nullopt;
    return args[++i];
  };
  // Include folders (placed against the entry's directory) and macros; true
  // when args[i] was one of `flags`, kept or not.
  auto keepPrefixed = [&](size_t& i, std::initializer_list<std::string_view> flags, bool folder) {
    for (std::string_view flag : flags) {
      if (!args[i].starts_with(flag)) continue;
      auto v = valueOf(i, flag);
      if (!v || v->empty()) return true;
      std::string dir = folder ? placed(command.directory, *v) : "";
      if (folder && !policy.inProject(dir) && isCudaToolkitFolder(dir)) return true;  // the shim stands in
      if (folder)
        out.insert(out.end(), {std::string(flag), dir});
      else
        out.push_back(std::string(flag) + *v);
      return true;
    }
    return false;
  };
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (takesSeparateValue(a)) {
      ++i;
      continue;
    }
    if (keepPrefixed(i, {"-isystem", "-iquote", "-I"}, true) || keepPrefixed(i, {"-D", "-U"}, false)) continue;
    if (a.starts_with("-std=") || a.starts_with("--std=")) {
      std::string v = a.substr(a.find('=') + 1);
      if (plainToken(v, "+")) out.push_back("-std=" + v);
    } else if (a == "-x" && i + 1 < args.size()) {
      if (allowedLanguage(args[++i])) out.insert(out.end(), {"-x", args[i]});
    } else if (a == "-include" && i + 1 < args.size()) {
      std::string header = placed(command.directory, args[++i]);
      if (policy.inProject(header)) out.insert(out.end(), {"-include", header});
    }
  }
  return out;
}

}  // namespace gpulint::cxx
