#pragma once
// An open editor document: its text, LSP position conversion in the
// negotiated encoding, and an incrementally re-parsed tree-sitter tree.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.h"
#include "checkers/pipeline.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"
#include "lsp/reuse.h"

namespace gpulint::lsp {

// LSP `positionEncoding`: what a Position's `character` counts.
enum class PositionEncoding { Utf8, Utf16 };

struct LspPosition {
  uint32_t line = 0;       // 0-based
  uint32_t character = 0;  // 0-based, in code units of the encoding
  friend bool operator==(const LspPosition&, const LspPosition&) = default;
};

// Line starts of a text, and conversions between byte offsets and LSP
// positions. Out-of-range positions clamp (LSP: a character past the end
// of a line means the end of that line).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  [[nodiscard]] uint32_t offset(std::string_view text, LspPosition p, PositionEncoding e) const;
  [[nodiscard]] LspPosition position(std::string_view text, uint32_t offset, PositionEncoding e) const;
  [[nodiscard]] size_t lineCount() const { return starts_.size(); }

 private:
  std::vector<uint32_t> starts_;
};

class Document {
 public:
  // `path` is the file system path (used for settings and as display path).
  Document(std::string uri, std::string path, std::string text, int64_t version);

  [[nodiscard]] const std::string& uri() const { return uri_; }
  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] FileKind kind() const { return kind_; }
  [[nodiscard]] int64_t version() const { return version_; }
  [[nodiscard]] const LineIndex& lines() const { return lines_; }
  void setVersion(int64_t v) { version_ = v; }

  // Full-text replacement (didChange without a range): drops the old tree.
  void replaceText(std::string text);
  // Incremental change; also records the edit on the tree for re-parsing.
  void applyEdit(LspPosition start, LspPosition end, std::string_view text, PositionEncoding e);

  // Runs the pipeline on the current text. Python re-parses incrementally
  // from the edited previous tree and, with `reuse`, keeps the last findings
  // when the edit cannot change them (lsp/reuse.h); a caller that needs the
  // model (job linking) passes false.
  [[nodiscard]] FileAnalysis analyze(const RuleOptions& options, bool reuse = true);
  // Whether the last analyze() kept the findings before it (tests, benchmarks).
  [[nodiscard]] bool reusedLast() const { return reused_last_; }

 private:
  std::string uri_;
  std::string path_;
  std::string text_;
  FileKind kind_;
  int64_t version_;
  LineIndex lines_;
  std::optional<ts::Tree> tree_;  // the last parse, with edits since recorded
  std::shared_ptr<ts::Parser> parser_;
  std::optional<AnalysedText> analysed_;  // the last Python analysis, to reuse
  bool reused_last_ = false;
};

}  // namespace gpulint::lsp
