#include "fixits/notebook_edits.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "fixits/apply.h"
#include "frontend/notebook/notebook.h"

namespace gpulint::fixits {

namespace {

using notebook::ByteRange;
using notebook::CodeCell;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    size_t end = eol == std::string::npos ? text.size() : eol + 1;
    lines.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

// The JSON text of a cell's new `source` value in the style of the old one:
// lines that did not change keep their literal as written, new ones are
// encoded, and the separators and closing indentation are the notebook's.
std::string renderSource(std::string_view json, const CodeCell& cell, const std::string& now) {
  const notebook::RawCell& raw = cell.raw;
  if (!raw.source_is_list) return notebook::encodeString(now);
  std::vector<std::string> old_lines = splitLines(cell.source), new_lines = splitLines(now);
  bool one_token_per_line = old_lines.size() == raw.strings.size();
  auto literal = [&](size_t i) {
    const ByteRange& r = raw.strings[i];
    return std::string(json.substr(r.begin, r.end - r.begin));
  };
  std::string separator = ", ", closing;
  if (raw.strings.size() >= 2) {
    separator = std::string(json.substr(raw.strings[0].end, raw.strings[1].begin - raw.strings[0].end));
  } else if (!raw.strings.empty()) {
    separator = "," + std::string(json.substr(raw.source.begin + 1, raw.strings[0].begin - raw.source.begin - 1));
  }
  if (!raw.strings.empty())
    closing = std::string(json.substr(raw.strings.back().end, raw.source.end - 1 - raw.strings.back().end));
  std::string out = raw.strings.empty() ? "[" : std::string(json.substr(raw.source.begin, raw.strings[0].begin - raw.source.begin));
  size_t prefix = 0, suffix = 0;
  if (one_token_per_line) {
    while (prefix < old_lines.size() && prefix < new_lines.size() && old_lines[prefix] == new_lines[prefix]) ++prefix;
    while (suffix + prefix < old_lines.size() && suffix + prefix < new_lines.size() &&
           old_lines[old_lines.size() - 1 - suffix] == new_lines[new_lines.size() - 1 - suffix])
      ++suffix;
  }
  for (size_t i = 0; i < new_lines.size(); ++i) {
    if (i > 0) out += separator;
    if (i < prefix) out += literal(i);
    else if (i >= new_lines.size() - suffix) out += literal(old_lines.size() - (new_lines.size() - i));
    else out += notebook::encodeString(new_lines[i]);
  }
  return out + closing + "]";
}

bool touchesMask(const CodeCell& cell, const Edit& local) {
  for (const ByteRange& m : cell.masked)
    if (local.begin < m.end && m.begin < std::max(local.end, local.begin + 1)) return true;
  return false;
}

}  // namespace

NotebookEdit applyNotebookEdits(const SourceFile& source, const std::vector<Edit>& edits) {
  const notebook::NotebookMap* map = source.notebook();
  NotebookEdit out;
  if (!map) return {"", "not a notebook"};
  std::map<const CodeCell*, std::vector<Edit>> by_cell;
  for (const Edit& e : edits) {
    const CodeCell* cell = map->cellAt(e.begin);
    uint32_t size = static_cast<uint32_t>(cell ? cell->source.size() : 0);
    if (!cell || e.end < e.begin || e.end - cell->begin > size) return {"", "a fix would span two notebook cells"};
    Edit local = e;
    local.begin -= cell->begin;
    local.end -= cell->begin;
    if (touchesMask(*cell, local)) return {"", "a fix would edit IPython syntax (a magic or shell line)"};
    by_cell[cell].push_back(std::move(local));
  }
  std::string json = source.fileText();
  // Back to front, so the byte ranges of earlier cells stay valid.
  std::vector<std::pair<const CodeCell*, std::vector<Edit>>> ordered(by_cell.begin(), by_cell.end());
  std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first->begin > b.first->begin; });
  for (auto& [cell, cell_edits] : ordered) {
    std::string now = applyEdits(cell->source, cell_edits);
    if (now == cell->source) continue;
    const ByteRange& r = cell->raw.source;
    json.replace(r.begin, r.end - r.begin, renderSource(source.fileText(), *cell, now));
  }
  if (!nlohmann::json::accept(json)) return {"", "the fixed notebook would not be valid JSON"};
  out.json = std::move(json);
  return out;
}

}  // namespace gpulint::fixits
