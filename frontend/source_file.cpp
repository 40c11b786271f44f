#include "frontend/source_file.h"

#include <algorithm>
#include <cstring>

#include "frontend/notebook/notebook.h"

namespace gpulint {

FileKind kindFromPath(std::string_view path) {
  auto ends = [&](std::string_view s) {
    return path.size() >= s.size() && path.substr(path.size() - s.size()) == s;
  };
  if (ends(".py")) return FileKind::Python;
  if (ends(".yaml") || ends(".yml")) return FileKind::Yaml;
  if (ends(".json")) return FileKind::Json;
  for (auto ext : {".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp"})
    if (ends(ext)) return FileKind::Cxx;
  for (auto ext : {".sh", ".bash", ".sbatch", ".slurm"})
    if (ends(ext)) return FileKind::Shell;
  return FileKind::Unknown;
}

bool isNotebookPath(std::string_view path) { return path.ends_with(".ipynb"); }

bool hasShellShebang(std::string_view text) {
  if (!text.starts_with("#!")) return false;
  std::string_view line = text.substr(2, text.find('\n') == std::string_view::npos ? text.size() : text.find('\n') - 2);
  // The interpreter: the first word, or the word after `env` (and its -S).
  auto next_word = [&line]() {
    size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return std::string_view();
    size_t e = line.find_first_of(" \t\r", b);
    std::string_view w = line.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
    line.remove_prefix(e == std::string_view::npos ? line.size() : e);
    size_t slash = w.rfind('/');
    return slash == std::string_view::npos ? w : w.substr(slash + 1);
  };
  std::string_view interpreter = next_word();
  if (interpreter == "env") {
    interpreter = next_word();
    if (interpreter == "-S") interpreter = next_word();
  }
  for (std::string_view shell : {"sh", "bash", "zsh", "dash", "ksh"})
    if (interpreter == shell) return true;
  return false;
}

FileKind kindFromPathAndText(std::string_view path, std::string_view text) {
  FileKind kind = kindFromPath(path);
  std::string_view name = path.substr(path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1);
  bool extensionless = name.find('.') == std::string_view::npos;
  return kind == FileKind::Unknown && extensionless && hasShellShebang(text) ? FileKind::Shell : kind;
}

const char* kindName(FileKind kind) {
  switch (kind) {
    case FileKind::Python: return "python";
    case FileKind::Yaml: return "yaml";
    case FileKind::Json: return "json";
    case FileKind::Cxx: return "c++";
    case FileKind::Shell: return "shell";
    case FileKind::Unknown: break;
  }
  return "unknown";
}

std::vector<uint32_t> lineStartsOf(std::string_view text) {
  std::vector<uint32_t> starts{0};
  // Files without a CR (most) need only the LFs, which memchr finds fast.
  if (std::memchr(text.data(), '\r', text.size()) == nullptr) {
    for (const char* p = static_cast<const char*>(std::memchr(text.data(), '\n', text.size())); p != nullptr;) {
      auto next = static_cast<uint32_t>(p - text.data()) + 1;
      starts.push_back(next);
      p = static_cast<const char*>(std::memchr(p + 1, '\n', text.size() - next));
    }
    return starts;
  }
  for (uint32_t i = 0; i < text.size(); ++i) {
    bool lone_cr = text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n');
    if (text[i] == '\n' || lone_cr) starts.push_back(i + 1);
  }
  return starts;
}

SourceFile::SourceFile(std::string path, std::string text, FileKind kind)
    : path_(std::move(path)), text_(std::move(text)), kind_(kind), line_starts_(lineStartsOf(text_)) {}

SourceFile::SourceFile(std::string path, std::string text, std::shared_ptr<const notebook::NotebookMap> notebook)
    : SourceFile(std::move(path), std::move(text), FileKind::Python) {
  notebook_ = std::move(notebook);
}

const std::string& SourceFile::fileText() const { return notebook_ ? notebook_->json().text() : text_; }

Position SourceFile::position(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  uint32_t line_index = static_cast<uint32_t>(it - line_starts_.begin()) - 1;
  uint32_t start = line_starts_[line_index];
  uint32_t utf16 = 0;
  for (uint32_t i = start; i < offset; ++i) {
    auto c = static_cast<unsigned char>(text_[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    utf16 += (c >= 0xF0) ? 2 : 1;      // 4-byte sequences are surrogate pairs
  }
  return Position{line_index + 1, offset - start + 1, utf16 + 1};
}

Location SourceFile::location(uint32_t begin, uint32_t end) const {
  return Location{path_, begin, end, position(begin), position(end)};
}

uint32_t SourceFile::lineStart(uint32_t line) const {
  if (line == 0) return 0;
  if (line > line_starts_.size()) return text_.size();
  return line_starts_[line - 1];
}

std::string_view SourceFile::line(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t b = line_starts_[line - 1];
  uint32_t e = line < line_starts_.size() ? line_starts_[line] : text_.size();
  std::string_view s(text_.data() + b, e - b);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

uint32_t SourceFile::offsetFromUtf16(uint32_t line, uint32_t utf16_col) const {
  uint32_t off = lineStart(line + 1);
  std::string_view l = this->line(line + 1);
  uint32_t units = 0;
  size_t i = 0;
  while (i < l.size() && units < utf16_col) {
    auto c = static_cast<unsigned char>(l[i]);
    size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return off + static_cast<uint32_t>(std::min(i, l.size()));
}

bool isValidUtf8(std::string_view s, size_t* error_offset) {
  size_t i = 0;
  while (i < s.size()) {
    // Source is mostly ASCII: skip eight ASCII bytes at a time.
    while (i + 8 <= s.size()) {
      uint64_t word;
      std::memcpy(&word, s.data() + i, 8);
      if (word & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= s.size()) break;
    auto c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = len != 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok && len == 2) ok = c >= 0xC2;
    if (!ok) {
      if (error_offset) *error_offset = i;
      return false;
    }
    i += len;
  }
  return true;
}

}  // namespace gpulint
