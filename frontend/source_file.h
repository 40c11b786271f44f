#pragma once
// The source model every front end shares: a file's text, its kind, and the
// conversion from byte offsets to 1-based line:column (bytes and UTF-16).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/location.h"

namespace gpulint {

namespace notebook {
class NotebookMap;
}

enum class FileKind { Python, Yaml, Json, Cxx, Shell, Unknown };

// By extension: `.sh`/`.bash`/`.sbatch`/`.slurm` are Shell.
[[nodiscard]] FileKind kindFromPath(std::string_view path);

// Byte offsets where lines start. A line ends at LF, CRLF or a lone CR — as
// editors, the LSP specification and Python's tokenizer count them, so a
// stray CR in an LF file does not shift every line number after it.
[[nodiscard]] std::vector<uint32_t> lineStartsOf(std::string_view text);

// True when the text starts with a shebang naming a POSIX-style shell
// (`#!/bin/bash`, `#!/usr/bin/env sh`, `#!/bin/zsh -l`).
[[nodiscard]] bool hasShellShebang(std::string_view text);
// The extension's kind; a file without a known extension whose text starts
// with a shell shebang is Shell (launch scripts are often `run`, `train`).
[[nodiscard]] FileKind kindFromPathAndText(std::string_view path, std::string_view text);
[[nodiscard]] const char* kindName(FileKind kind);
// Jupyter notebooks: read as the Python of their code cells (frontend/notebook).
[[nodiscard]] bool isNotebookPath(std::string_view path);

class SourceFile {
 public:
  SourceFile(std::string path, std::string text, FileKind kind);
  // A notebook's joined code cells (kind Python), mapped back to its JSON.
  SourceFile(std::string path, std::string text, std::shared_ptr<const notebook::NotebookMap> notebook);

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] FileKind kind() const { return kind_; }
  [[nodiscard]] size_t lineCount() const { return line_starts_.size(); }
  // Non-null for a notebook: `text()` is then the Python of its code cells.
  [[nodiscard]] const notebook::NotebookMap* notebook() const { return notebook_.get(); }
  // The text as stored on disk: the notebook's JSON, else `text()`.
  [[nodiscard]] const std::string& fileText() const;

  [[nodiscard]] Position position(uint32_t offset) const;
  [[nodiscard]] Location location(uint32_t begin, uint32_t end) const;
  // Text of a 1-based line, without its line terminator.
  [[nodiscard]] std::string_view line(uint32_t line) const;
  [[nodiscard]] uint32_t lineStart(uint32_t line) const;
  // Byte offset of a 1-based line and 0-based UTF-16 column (LSP positions).
  [[nodiscard]] uint32_t offsetFromUtf16(uint32_t line, uint32_t utf16_col) const;

 private:
  std::string path_;
  std::string text_;
  FileKind kind_;
  std::vector<uint32_t> line_starts_;
  std::shared_ptr<const notebook::NotebookMap> notebook_;
};

using SourceFilePtr = std::shared_ptr<const SourceFile>;

// The file's text, kept alive by the file itself: a parse shares it
// (ts::Parser::parse) instead of holding a second copy of the bytes.
[[nodiscard]] inline std::shared_ptr<const std::string> sharedText(const SourceFilePtr& file) {
  return {file, &file->text()};
}

// True when `text` is valid UTF-8; `error_offset` receives the first bad byte.
[[nodiscard]] bool isValidUtf8(std::string_view text, size_t* error_offset = nullptr);

}  // namespace gpulint
