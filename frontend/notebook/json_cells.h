#pragma once
// Where a notebook's cells sit in its JSON text. nlohmann_json checks the
// text and decodes values but keeps no byte offsets; fixes and SARIF regions
// need them, so this scanner walks the already validated text once and
// records the byte range of every cell's `source` value and of each string
// in it. Iterative (no recursion): a deeply nested output cannot overflow
// the stack.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpulint::notebook {

struct ByteRange {
  uint32_t begin = 0;
  uint32_t end = 0;  // [begin, end)
};

struct RawCell {
  std::string cell_type;            // "code", "markdown", "raw" ("" when missing)
  bool has_source = false;
  bool source_is_list = false;      // nbformat allows a list of lines or one string
  ByteRange source;                 // the whole `source` value
  std::vector<ByteRange> strings;   // its string literals, quotes included, in order
};

// The cells of the top-level `cells` array, in order. `text` must be valid
// JSON (checked by the caller); an absent `cells` key gives `found_cells` false.
struct RawCells {
  bool found_cells = false;
  std::vector<RawCell> cells;
};
[[nodiscard]] RawCells scanCells(std::string_view text);

// The decoded value of a JSON string literal (quotes included), and for each
// decoded byte the raw offset it came from (size() + 1 entries: the last is
// the closing quote).
struct DecodedString {
  std::string value;
  std::vector<uint32_t> raw_offset;
};
[[nodiscard]] DecodedString decodeString(std::string_view text, ByteRange literal);

// A JSON string literal for `value`, escaped as Jupyter writes notebooks
// (UTF-8 kept as is; quote, backslash and control characters escaped).
[[nodiscard]] std::string encodeString(std::string_view value);

}  // namespace gpulint::notebook
