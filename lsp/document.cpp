#include "lsp/document.h"

#include <algorithm>

#include "frontend/input_guard.h"
#include "frontend/python/script_model.h"

namespace gpulint::lsp {

namespace {

// UTF-8 lead byte -> sequence length (invalid bytes count as one).
uint32_t sequenceLength(unsigned char c) {
  if (c < 0x80) return 1;
  if ((c >> 5) == 0x6) return 2;
  if ((c >> 4) == 0xE) return 3;
  if ((c >> 3) == 0x1E) return 4;
  return 1;
}

// End of a line's content: before its "\n" or "\r\n".
uint32_t contentEnd(std::string_view text, uint32_t begin, uint32_t next_start) {
  uint32_t end = next_start;
  if (end > begin && end <= text.size() && text[end - 1] == '\n') --end;
  if (end > begin && text[end - 1] == '\r') --end;
  return end;
}

// Tree-sitter point (row, byte column) where `text` ends when it starts at `from`.
TSPoint advance(TSPoint from, std::string_view text) {
  size_t nl = text.rfind('\n');
  if (nl == std::string_view::npos) return {from.row, from.column + static_cast<uint32_t>(text.size())};
  auto rows = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
  return {from.row + rows, static_cast<uint32_t>(text.size() - nl - 1)};
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : starts_(lineStartsOf(text)) {}

uint32_t LineIndex::offset(std::string_view text, LspPosition p, PositionEncoding e) const {
  if (p.line >= starts_.size()) return static_cast<uint32_t>(text.size());
  uint32_t begin = starts_[p.line];
  uint32_t next = p.line + 1 < starts_.size() ? starts_[p.line + 1] : static_cast<uint32_t>(text.size());
  uint32_t end = contentEnd(text, begin, next);
  uint32_t units = 0, i = begin;
  while (i < end && units < p.character) {
    uint32_t len = std::min(sequenceLength(static_cast<unsigned char>(text[i])), end - i);
    uint32_t width = e == PositionEncoding::Utf8 ? len : (len == 4 ? 2 : 1);
    // A position inside a character (possible only from a buggy client) moves to its end.
    units += width;
    i += len;
  }
  return i;
}

LspPosition LineIndex::position(std::string_view text, uint32_t offset, PositionEncoding e) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<uint32_t>(it - starts_.begin() - 1);
  uint32_t units = 0;
  for (uint32_t i = starts_[line]; i < offset;) {
    uint32_t len = sequenceLength(static_cast<unsigned char>(text[i]));
    units += e == PositionEncoding::Utf8 ? len : (len == 4 ? 2 : 1);
    i += len;
  }
  return {line, units};
}

Document::Document(std::string uri, std::string path, std::string text, int64_t version)
    : uri_(std::move(uri)),
      path_(std::move(path)),
      text_(std::move(text)),
      kind_(kindFromPath(path_)),
      version_(version),
      lines_(text_) {}

void Document::replaceText(std::string text) {
  text_ = std::move(text);
  lines_ = LineIndex(text_);
  tree_.reset();  // no edit description: the next parse starts from scratch
}

void Document::applyEdit(LspPosition start, LspPosition end, std::string_view text, PositionEncoding e) {
  uint32_t begin = lines_.offset(text_, start, e);
  uint32_t stop = std::max(begin, lines_.offset(text_, end, e));
  if (tree_) {
    TSInputEdit edit{};
    edit.start_byte = begin;
    edit.old_end_byte = stop;
    edit.new_end_byte = begin + static_cast<uint32_t>(text.size());
    LspPosition s8 = lines_.position(text_, begin, PositionEncoding::Utf8);
    LspPosition e8 = lines_.position(text_, stop, PositionEncoding::Utf8);
    edit.start_point = {s8.line, s8.character};
    edit.old_end_point = {e8.line, e8.character};
    edit.new_end_point = advance(edit.start_point, text);
    tree_->edit(edit);
  }
  text_.replace(begin, stop - begin, text);
  lines_ = LineIndex(text_);
}

FileAnalysis Document::analyze(const RuleOptions& options, bool reuse) {
  reused_last_ = false;
  if (isNotebookPath(path_)) {  // its code cells, read from the JSON text (no incremental parse)
    LoadedSource loaded = sourceFromText(path_, text_, kind_);
    if (loaded.source) return analyzeSource(std::move(loaded.source), options);
    FileAnalysis refused;
    refused.error = loaded.error;
    refused.skipped = loaded.skipped;
    return refused;
  }
  auto source = std::make_shared<SourceFile>(path_, text_, kind_);
  // Other kinds have no incremental front end: the shared pipeline reads them.
  if (kind_ != FileKind::Python) return analyzeSource(source, options);
  std::optional<AnalysedText> before = std::move(analysed_);
  analysed_.reset();
  // Before parsing: the grammar's scanner itself overflows on such input.
  if (!pythonInputProblem(text_).empty()) return analyzeSource(source, options);
  if (!parser_) parser_ = std::make_shared<ts::Parser>(tree_sitter_python());
  ts::Tree tree = parser_->parse(text_, tree_ ? &*tree_ : nullptr);
  if (!tree.raw()) return analyzeSource(source, std::move(tree), options);
  // Keep (reference-counted) copies: one to edit and re-parse from next
  // time, one as it is to compare the next text's tree with.
  tree_.emplace(ts_tree_copy(tree.raw()), std::string());
  ts::Tree unedited(ts_tree_copy(tree.raw()), std::string());
  if (reuse && before) {
    if (auto kept = reusedFindings(*before, tree, *source, options)) {
      FileAnalysis result;
      result.source = source;
      result.diagnostics = std::move(*kept);
      result.work_used = before->work_used;
      analysed_.emplace(AnalysedText{text_, std::move(unedited), result.diagnostics, result.work_used, options});
      reused_last_ = true;
      return result;
    }
  }
  FileAnalysis result = analyzeSource(source, std::move(tree), options);
  // Only a complete analysis of this file alone is a base to reuse.
  if (result.script && result.error.empty() && result.skipped.empty() && result.note.empty() && !result.deferred)
    analysed_.emplace(AnalysedText{text_, std::move(unedited), result.diagnostics, result.work_used, options});
  return result;
}

}  // namespace gpulint::lsp
