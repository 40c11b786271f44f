#include "frontend/notebook/notebook.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include <nlohmann/json.hpp>

namespace gpulint::notebook {

namespace {

using Json = nlohmann::json;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The kernel's language when the notebook says ("" when it does not).
std::string kernelLanguage(const Json& doc) {
  const Json* meta = doc.contains("metadata") && doc["metadata"].is_object() ? &doc["metadata"] : nullptr;
  if (!meta) return "";
  for (const char* section : {"kernelspec", "language_info"}) {
    const char* key = section[0] == 'k' ? "language" : "name";
    if (meta->contains(section) && (*meta)[section].is_object() && (*meta)[section].contains(key) &&
        (*meta)[section][key].is_string())
      return (*meta)[section][key].get<std::string>();
  }
  return "";
}

// "" or why a parsed document is not a notebook we read.
std::string formatProblem(const Json& doc) {
  if (!doc.is_object()) return "not a Jupyter notebook: the JSON is not an object";
  if (!doc.contains("nbformat") || !doc["nbformat"].is_number_integer())
    return "not a Jupyter notebook: no \"nbformat\" version";
  if (doc["nbformat"].get<int64_t>() < 4)
    return "nbformat " + std::to_string(doc["nbformat"].get<int64_t>()) +
           " notebooks are not supported (convert it: jupyter nbconvert --to notebook --nbformat 4)";
  if (!doc.contains("cells") || !doc["cells"].is_array()) return "not a Jupyter notebook: no \"cells\" list";
  return "";
}

// The decoded source of a cell and, per byte, where it lies in the JSON.
void decodeSource(std::string_view json, CodeCell& cell) {
  for (const ByteRange& literal : cell.raw.strings) {
    DecodedString piece = decodeString(json, literal);
    cell.source += piece.value;
    cell.raw_offset.insert(cell.raw_offset.end(), piece.raw_offset.begin(), piece.raw_offset.end() - 1);
    if (&literal == &cell.raw.strings.back()) cell.raw_offset.push_back(piece.raw_offset.back());
  }
  if (cell.raw.strings.empty()) cell.raw_offset.push_back(cell.raw.source.begin);
}

}  // namespace

NotebookMap::NotebookMap(SourceFilePtr json, std::vector<CodeCell> cells)
    : json_(std::move(json)), cells_(std::move(cells)) {}

const CodeCell* NotebookMap::cellAt(uint32_t offset) const {
  auto it = std::upper_bound(cells_.begin(), cells_.end(), offset,
                             [](uint32_t o, const CodeCell& c) { return o < c.begin; });
  return it == cells_.begin() ? nullptr : &*(it - 1);
}

std::optional<CellPosition> NotebookMap::cellPosition(const Position& position) const {
  auto it = std::upper_bound(cells_.begin(), cells_.end(), position.line,
                             [](uint32_t line, const CodeCell& c) { return line < c.first_line; });
  if (it == cells_.begin()) return std::nullopt;
  const CodeCell& cell = *(it - 1);
  return CellPosition{cell.number, cell.index, position.line - cell.first_line + 1, position.column,
                      position.column_utf16};
}

uint32_t NotebookMap::jsonOffset(uint32_t offset) const {
  const CodeCell* cell = cellAt(offset);
  if (!cell) return 0;
  size_t local = std::min<size_t>(offset - cell->begin, cell->raw_offset.size() - 1);
  return cell->raw_offset[local];
}

Location NotebookMap::jsonLocation(const Location& location) const {
  uint32_t begin = jsonOffset(location.begin);
  uint32_t end = std::max(begin, jsonOffset(location.end));
  Location out = json_->location(begin, end);
  out.file = location.file;
  return out;
}

std::string NotebookMap::cellLineRefs(const std::string& message) const {
  // "line N", and "<this notebook>:N" (how a value's place is named).
  static const std::regex line_ref(R"((^|[^A-Za-z_:])line (\d{1,9})|(\S+\.ipynb):(\d{1,9})\b)");
  std::string out;
  auto last = message.cbegin();
  for (std::sregex_iterator it(message.begin(), message.end(), line_ref), end; it != end; ++it) {
    const std::smatch& m = *it;
    bool path_form = m[3].matched;
    std::optional<CellPosition> cell;
    if (!path_form || m[3].str() == json_->path())
      cell = cellPosition(Position{static_cast<uint32_t>(std::stoul(m[path_form ? 4 : 2].str())), 1, 1});
    out.append(last, m[0].first);
    if (!cell) out += m[0].str();
    else if (path_form) out += m[3].str() + ":cell " + std::to_string(cell->cell) + ":" + std::to_string(cell->line);
    else out += m[1].str() + "cell " + std::to_string(cell->cell) + ", line " + std::to_string(cell->line);
    last = m[0].second;
  }
  out.append(last, message.cend());
  return out;
}

LoadedNotebook loadNotebook(const std::string& path, std::string json_text) {
  LoadedNotebook out;
  Json doc;
  try {
    doc = Json::parse(json_text);
  } catch (const Json::exception& e) {
    std::string what = e.what();
    out.error = "invalid notebook JSON: " + what.substr(what.find(']') == std::string::npos ? 0 : what.find(']') + 2);
    return out;
  }
  if (out.error = formatProblem(doc); !out.error.empty()) return out;
  if (std::string language = kernelLanguage(doc); !language.empty() && lower(language) != "python") {
    out.skipped = "a notebook in " + language + ", not Python";
    return out;
  }
  auto json = std::make_shared<SourceFile>(path, std::move(json_text), FileKind::Json);
  RawCells raw = scanCells(json->text());
  std::vector<CodeCell> cells;
  std::string python;
  uint32_t next_line = 1;
  for (size_t i = 0; i < raw.cells.size(); ++i) {
    if (raw.cells[i].cell_type != "code" || !raw.cells[i].has_source) continue;
    CodeCell cell;
    cell.number = static_cast<uint32_t>(i + 1);
    cell.index = static_cast<uint32_t>(i);
    cell.raw = std::move(raw.cells[i]);
    decodeSource(json->text(), cell);
    if (cell.source.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    std::string masked = cell.source;
    cell.masked = maskIPython(masked);
    cell.begin = static_cast<uint32_t>(python.size());
    cell.first_line = next_line;
    if (masked.back() != '\n') masked += '\n';
    next_line += static_cast<uint32_t>(std::count(masked.begin(), masked.end(), '\n'));
    python += masked;
    cells.push_back(std::move(cell));
  }
  auto map = std::make_shared<NotebookMap>(std::move(json), std::move(cells));
  out.source = std::make_shared<SourceFile>(path, std::move(python), std::move(map));
  return out;
}

}  // namespace gpulint::notebook
