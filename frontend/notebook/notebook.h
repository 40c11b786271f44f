#pragma once
// Jupyter notebooks (.ipynb) as Python input. The code cells, in order, are
// joined into one Python text (they run top to bottom in one namespace) and
// analysed like any script; IPython syntax that is not Python (`%magic`,
// `%%cell magic`, `!shell`, `obj?`) is masked with text of the same byte
// length, so every offset maps back to the cell it came from. The map knows
// the notebook's JSON text too: reporters show `cell N:line:col` or a region
// in the .ipynb file, and fixes edit the cell source inside the JSON.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/notebook/json_cells.h"
#include "frontend/source_file.h"

namespace gpulint::notebook {

// One code cell as it sits in the joined Python text.
struct CodeCell {
  uint32_t number = 0;          // 1-based position among all cells (markdown included), as editors show them
  uint32_t index = 0;           // 0-based index into the notebook's `cells` array
  uint32_t begin = 0;           // byte offset of the cell in the Python text
  uint32_t first_line = 1;      // 1-based line of the Python text where the cell starts
  std::string source;           // the cell's source as in the notebook (magics not masked)
  RawCell raw;                  // where its source lies in the JSON
  std::vector<ByteRange> masked;  // cell-relative ranges masked as IPython syntax
  // Per decoded byte of `source`, its offset in the JSON text (+1 entry for the end).
  std::vector<uint32_t> raw_offset;
};

// Position of a Python-text location inside its cell (1-based line and columns).
struct CellPosition {
  uint32_t cell = 0;  // CodeCell::number
  uint32_t index = 0;  // CodeCell::index
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t column_utf16 = 0;
};

class NotebookMap {
 public:
  NotebookMap(SourceFilePtr json, std::vector<CodeCell> cells);

  // The .ipynb as on disk (kind Json).
  [[nodiscard]] const SourceFile& json() const { return *json_; }
  [[nodiscard]] const std::vector<CodeCell>& cells() const { return cells_; }
  // The cell holding a byte offset of the Python text (null before the first).
  [[nodiscard]] const CodeCell* cellAt(uint32_t offset) const;
  [[nodiscard]] std::optional<CellPosition> cellPosition(const Position& position) const;
  // The byte offset in the JSON text of a Python-text offset.
  [[nodiscard]] uint32_t jsonOffset(uint32_t offset) const;
  // A Python-text location as the same span of the .ipynb JSON text.
  [[nodiscard]] Location jsonLocation(const Location& location) const;
  // A message with its "line N" references (lines of the joined Python)
  // written as "cell C, line L", as a reader of the notebook finds them.
  [[nodiscard]] std::string cellLineRefs(const std::string& message) const;

 private:
  SourceFilePtr json_;
  std::vector<CodeCell> cells_;
};

struct LoadedNotebook {
  SourceFilePtr source;  // the joined Python text, with its NotebookMap; null on error or skip
  std::string error;     // not a notebook we can read (invalid JSON, nbformat 3, no cells array)
  std::string skipped;   // a notebook that is not Python (its kernel's language), left alone
};

// Reads a notebook's JSON text; `path` is the display path.
[[nodiscard]] LoadedNotebook loadNotebook(const std::string& path, std::string json_text);

// Replaces IPython-only lines of one cell with neutral Python of the same
// byte length; returns the masked ranges.
[[nodiscard]] std::vector<ByteRange> maskIPython(std::string& cell_source);

}  // namespace gpulint::notebook
