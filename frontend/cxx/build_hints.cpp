#include "frontend/cxx/build_hints.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

constexpr uintmax_t kMaxScriptBytes = 1u << 20;
constexpr size_t kMaxScannedFiles = 5000;

// A Python token, as far as the scan needs one: a string literal's value,
// an identifier or keyword, or one punctuation character.
struct Token {
  enum Kind { String, Name, Punct } kind;
  std::string text;
};

bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips the literal opening at `i` (after any prefix); returns its value
// (escapes kept as written) and moves `i` past it. A hand-written scan:
// linear, whatever the text.
std::string readString(std::string_view text, size_t& i) {
  char quote = text[i];
  bool triple = text.substr(i, 3) == std::string(3, quote);
  i += triple ? 3 : 1;
  std::string value;
  while (i < text.size()) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      value += text.substr(i, 2);
      i += 2;
      continue;
    }
    if (triple ? text.substr(i, 3) == std::string(3, quote) : text[i] == quote) {
      i += triple ? 3 : 1;
      return value;
    }
    if (!triple && text[i] == '\n') return value;  // unterminated: ends at the line
    value += text[i++];
  }
  return value;
}

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '#') {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c == '"' || c == '\'') {
      out.push_back({Token::String, readString(text, i)});
    } else if (nameChar(c)) {
      size_t end = i;
      while (end < text.size() && nameChar(text[end])) ++end;
      std::string name(text.substr(i, end - i));
      bool prefix = name.size() <= 2 && end < text.size() && (text[end] == '"' || text[end] == '\'') &&
                    std::all_of(name.begin(), name.end(), [](char p) { return std::strchr("rRbBfFuU", p); });
      i = end;
      if (prefix) out.push_back({Token::String, readString(text, i)});
      else out.push_back({Token::Name, std::move(name)});
    } else {
      if (!std::isspace(static_cast<unsigned char>(c))) out.push_back({Token::Punct, std::string(1, c)});
      ++i;
    }
  }
  return out;
}

// Another accelerator's build: its macros and folders are not the CUDA
// build gpulint analyses.
bool otherBackend(std::string_view word) {
  std::string upper;
  for (char c : word) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (std::string_view part : {"HIP", "ROCM", "MLU", "NPU", "MPS", "MUSA", "XPU", "DIOPI", "PARROTS", "CPU"}) {
    for (size_t at = upper.find(part); at != std::string::npos; at = upper.find(part, at + 1)) {
      size_t end = at + part.size();
      bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(upper[at - 1]));
      bool ends = end == upper.size() || !std::isalnum(static_cast<unsigned char>(upper[end]));
      if (starts && ends) return true;
    }
  }
  return false;
}

bool macroName(std::string_view name) {
  return !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
         std::all_of(name.begin(), name.end(), nameChar);
}

void addMacro(BuildHints& hints, std::string name, std::string value) {
  if (!macroName(name) || otherBackend(name)) return;
  for (const auto& m : hints.macros)
    if (m.first == name) return;
  hints.macros.emplace_back(std::move(name), std::move(value));
}

void addFolder(BuildHints& hints, std::string path) {
  if (path.starts_with("-I")) path.erase(0, 2);
  while (path.starts_with("./")) path.erase(0, 2);
  if (path.empty() || path.find('{') != std::string::npos || path.find('\\') != std::string::npos) return;
  if (otherBackend(path)) return;
  if (std::find(hints.include_dirs.begin(), hints.include_dirs.end(), path) == hints.include_dirs.end())
    hints.include_dirs.push_back(std::move(path));
}

// `-DNAME` or `-DNAME=value` anywhere (extra_compile_args, extra_cflags).
void scanMacroFlag(const std::string& literal, BuildHints& hints) {
  if (!literal.starts_with("-D") || literal.size() < 3) return;
  size_t eq = literal.find('=');
  addMacro(hints, literal.substr(2, eq == std::string::npos ? std::string::npos : eq - 2),
           eq == std::string::npos ? "" : literal.substr(eq + 1));
}

// The end of the value that follows tokens[at] (`= [...]`, `+= [...]`,
// `.append(...)`, `.extend(...)`, `=(...)`): one past its closing bracket,
// or `at` when no bracketed value follows.
size_t valueEnd(const std::vector<Token>& tokens, size_t at, size_t* begin) {
  size_t i = at + 1;
  auto punct = [&](size_t k, char c) { return k < tokens.size() && tokens[k].kind == Token::Punct && tokens[k].text[0] == c; };
  if (punct(i, '.') && i + 1 < tokens.size() && tokens[i + 1].kind == Token::Name) i += 2;  // .append / .extend
  else if (punct(i, '+') && punct(i + 1, '=')) i += 2;
  else if (punct(i, '=')) i += 1;
  else return at;
  *begin = i;
  int depth = 0;
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != Token::Punct) {
      if (depth == 0) return i + 1;  // a bare value: a name or one literal
      continue;
    }
    char c = tokens[i].text[0];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (--depth <= 0) return i + 1;
    }
    if (depth == 0 && (c == ',' || c == ')')) return i;
  }
  return i;
}

// A literal naming an environment variable (os.getenv('X'),
// os.environ['X'], os.environ.get('X')): its value is not known here.
bool environmentKey(const std::vector<Token>& tokens, size_t i) {
  if (i < 2 || tokens[i - 2].kind != Token::Name) return false;
  const std::string& call = tokens[i - 2].text;
  return (tokens[i - 1].text == "(" || tokens[i - 1].text == "[") &&
         (call == "getenv" || call == "environ" || call == "get");
}

// Each element of an include-folder value is the join of its literals:
// os.path.join(here, "csrc", "common") and Path(here) / "csrc" both name
// csrc/common. Elements are split at the list's own commas.
void scanFolders(const std::vector<Token>& tokens, size_t begin, size_t end, BuildHints& hints) {
  int depth = 0;
  std::string joined;
  auto flush = [&] {
    if (!joined.empty()) addFolder(hints, joined);
    joined.clear();
  };
  for (size_t i = begin; i < end; ++i) {
    const Token& t = tokens[i];
    if (t.kind == Token::Punct) {
      char c = t.text[0];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c == ',' && depth <= 1) flush();
    } else if (t.kind == Token::String && !environmentKey(tokens, i)) {
      std::string part = t.text;
      if (!joined.empty() && !part.starts_with("/")) joined += "/";
      joined += part;
    }
  }
  flush();
}

// ("NAME", None) and ("NAME", "value") pairs of a define_macros value.
void scanMacroPairs(const std::vector<Token>& tokens, size_t begin, size_t end, BuildHints& hints) {
  for (size_t i = begin; i + 4 < end + 1 && i + 4 < tokens.size(); ++i) {
    bool pair = tokens[i].kind == Token::Punct && tokens[i].text == "(" && tokens[i + 1].kind == Token::String &&
                tokens[i + 2].text == "," && tokens[i + 4].text == ")";
    if (!pair) continue;
    const Token& value = tokens[i + 3];
    if (value.kind == Token::Name && value.text == "None") addMacro(hints, tokens[i + 1].text, "");
    else if (value.kind == Token::String) addMacro(hints, tokens[i + 1].text, value.text);
  }
}

bool includeKeyword(std::string_view name) {
  return name == "include_dirs" || name == "extra_include_paths" || name == "include_paths" ||
         name == "include_directories";
}

}  // namespace

BuildHints scanBuildScript(std::string_view text) {
  BuildHints hints;
  std::vector<Token> tokens = tokenize(text);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == Token::String) {
      scanMacroFlag(t.text, hints);
      if (t.text.starts_with("-I") && t.text.size() > 2) addFolder(hints, t.text);
      continue;
    }
    if (t.kind != Token::Name) continue;
    bool folders = includeKeyword(t.text);
    if (!folders && t.text != "define_macros") continue;
    size_t begin = 0;
    size_t end = valueEnd(tokens, i, &begin);
    if (end == i) continue;
    if (folders) scanFolders(tokens, begin, end, hints);
    else scanMacroPairs(tokens, begin, end, hints);
  }
  return hints;
}

namespace {

std::string readSmallFile(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec) || fs::file_size(path, ec) > kMaxScriptBytes) return "";
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The build scripts of one folder: its setup.py, and each other Python
// file there that calls torch.utils.cpp_extension (a JIT `load(...)`), in
// name order.
std::vector<fs::path> buildScriptsIn(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  size_t seen = 0;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (++seen > kMaxScannedFiles) break;
    std::error_code fe;
    if (it->path().extension() != ".py" || it->is_symlink(fe) || !it->is_regular_file(fe)) continue;
    if (it->path().filename() == "setup.py" || readSmallFile(it->path()).find("cpp_extension") != std::string::npos)
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> flagsOf(const fs::path& dir, const fs::path& root) {
  std::vector<std::string> defines, folders;
  std::set<std::string> seen_macros, seen_folders;
  for (const fs::path& script : buildScriptsIn(dir)) {
    BuildHints hints = scanBuildScript(readSmallFile(script));
    for (const auto& [name, value] : hints.macros)
      if (seen_macros.insert(name).second) defines.push_back("-D" + name + (value.empty() ? "" : "=" + value));
    for (const auto& dir : hints.include_dirs) {
      std::error_code ec;
      fs::path folder = (script.parent_path() / dir).lexically_normal();
      std::string rel = folder.lexically_relative(root).string();
      bool inside = !rel.empty() && !rel.starts_with("..");
      if (inside && fs::is_directory(folder, ec) && seen_folders.insert(folder.string()).second)
        folders.push_back(folder.string());
    }
  }
  std::vector<std::string> out = defines;
  for (const auto& f : folders) out.insert(out.end(), {"-iquote", f});
  for (const auto& f : folders) out.insert(out.end(), {"-idirafter", f});
  return out;
}

}  // namespace

std::vector<std::string> buildScriptFlags(const fs::path& file, const fs::path& project_root) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> cache;  // per folder
  std::vector<std::string> out;
  std::string rel = file.parent_path().lexically_relative(project_root).string();
  if (rel.empty() || rel.starts_with("..")) return out;
  std::lock_guard<std::mutex> lock(mutex);
  for (fs::path dir = file.parent_path();; dir = dir.parent_path()) {
    auto [it, fresh] = cache.try_emplace(dir.string());
    if (fresh) it->second = flagsOf(dir, project_root);
    out.insert(out.end(), it->second.begin(), it->second.end());
    if (dir == project_root || dir == dir.parent_path()) break;
  }
  return out;
}

}  // namespace gpulint::cxx
