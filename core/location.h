#pragma once
// Where a finding or an edit is: shared by every layer, so it lives at the bottom.
#include <cstdint>
#include <string>

namespace gpulint {

struct Position {
  uint32_t line = 0;          // 1-based
  uint32_t column = 0;        // 1-based, in bytes
  uint32_t column_utf16 = 0;  // 1-based, in UTF-16 code units
  friend bool operator==(const Position&, const Position&) = default;
};

struct Location {
  std::string file;  // display path (relative to the analysed root when possible)
  uint32_t begin = 0;
  uint32_t end = 0;  // byte range [begin, end)
  Position start;
  Position stop;
  [[nodiscard]] bool valid() const { return start.line != 0; }
  friend bool operator==(const Location&, const Location&) = default;
};

}  // namespace gpulint
