// Decoding of YAML scalar tokens (quoted, plain, block) into their string
// value, recording where each decoded character came from in the file.
#include <algorithm>

#include "frontend/config/config_model.h"

namespace gpulint::config {

std::pair<uint32_t, uint32_t> PositionMap::fileRange(uint32_t begin, uint32_t end) const {
  if (end <= begin) end = begin + 1;
  const Segment* first = segmentAt(begin);
  const Segment* last = segmentAt(end - 1);
  if (!first || !last) return {0, 0};
  uint32_t from = first->verbatim ? first->file_begin + (begin - first->decoded_begin) : first->file_begin;
  uint32_t to = last->verbatim ? last->file_begin + (end - last->decoded_begin) : last->file_end;
  return {from, std::max(from, to)};
}

const Segment* PositionMap::segmentAt(uint32_t decoded) const {
  // Segments are sorted by decoded_begin; find the last one starting at or before.
  auto it = std::upper_bound(segments_.begin(), segments_.end(), decoded,
                             [](uint32_t d, const Segment& s) { return d < s.decoded_begin; });
  if (it == segments_.begin()) return nullptr;
  --it;
  return decoded < it->decoded_end ? &*it : nullptr;
}

namespace {

// Appends decoded text while keeping the position map in step with it.
class Emitter {
 public:
  Emitter(std::string& out, PositionMap& map) : out_(out), map_(map) {}
  void verbatim(char c, uint32_t file_pos) {
    if (!pending_.verbatim || pending_.decoded_end != out_.size() || pending_.file_end != file_pos) flush();
    if (pending_.decoded_begin == pending_.decoded_end) {
      pending_ = Segment{size(), size(), file_pos, file_pos, true};
    }
    out_.push_back(c);
    ++pending_.decoded_end;
    ++pending_.file_end;
  }
  void special(std::string_view text, uint32_t file_begin, uint32_t file_end) {
    if (text.empty()) return;
    flush();
    map_.append(Segment{size(), size() + static_cast<uint32_t>(text.size()), file_begin, file_end, false});
    out_.append(text);
  }
  // Drops trailing blanks (before a folded line break) from the text and map.
  void trimTrailingBlanks() {
    while (!out_.empty() && (out_.back() == ' ' || out_.back() == '\t') && pending_.verbatim &&
           pending_.decoded_end == out_.size() && pending_.decoded_end > pending_.decoded_begin) {
      out_.pop_back();
      --pending_.decoded_end;
      --pending_.file_end;
    }
  }
  void flush() {
    if (pending_.decoded_end > pending_.decoded_begin) map_.append(pending_);
    pending_ = Segment{};
  }
  ~Emitter() { flush(); }

 private:
  [[nodiscard]] uint32_t size() const { return static_cast<uint32_t>(out_.size()); }
  std::string& out_;
  PositionMap& map_;
  Segment pending_{};
};

void appendUtf8(std::string& s, uint32_t cp) {
  if (cp < 0x80) { s.push_back(static_cast<char>(cp)); return; }
  if (cp < 0x800) { s.push_back(static_cast<char>(0xC0 | (cp >> 6))); }
  else if (cp < 0x10000) {
    s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
  } else {
    s.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    s.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
  }
  s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
}

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// A line break inside a flow scalar: trailing blanks go, then one break
// becomes a space and each further (empty) line a '\n'. Returns the index
// of the first character after the folded whitespace.
size_t foldLineBreak(std::string_view t, size_t i, uint32_t base, Emitter& e) {
  e.trimTrailingBlanks();
  uint32_t break_at = base + static_cast<uint32_t>(i);
  size_t empty_lines = 0;
  while (i < t.size() && (t[i] == '\n' || t[i] == '\r' || isBlank(t[i]))) {
    if (t[i] == '\n') ++empty_lines;
    ++i;
  }
  std::string sep = empty_lines > 1 ? std::string(empty_lines - 1, '\n') : " ";
  e.special(sep, break_at, break_at + 1);
  return i;
}

// Value of a double-quoted escape `\x` (one character after the backslash).
std::string_view simpleEscape(char c) {
  switch (c) {
    case '0': return std::string_view("\0", 1);
    case 'a': return "\a";
    case 'b': return "\b";
    case 't': case '\t': return "\t";
    case 'n': return "\n";
    case 'v': return "\v";
    case 'f': return "\f";
    case 'r': return "\r";
    case 'e': return "\x1b";
    case ' ': return " ";
    case '"': return "\"";
    case '/': return "/";
    case '\\': return "\\";
    case 'N': return "\xC2\x85";
    case '_': return "\xC2\xA0";
    case 'L': return "\xE2\x80\xA8";
    case 'P': return "\xE2\x80\xA9";
    default: return {};
  }
}

// `\xXX`, `\uXXXX`, `\UXXXXXXXX` at t[i] == '\\'; returns the bytes consumed (0 if malformed).
size_t hexEscape(std::string_view t, size_t i, std::string& value) {
  char kind = t[i + 1];
  size_t digits = kind == 'x' ? 2 : kind == 'u' ? 4 : kind == 'U' ? 8 : 0;
  if (digits == 0 || i + 2 + digits > t.size()) return 0;
  uint32_t cp = 0;
  for (size_t k = 0; k < digits; ++k) {
    char h = t[i + 2 + k];
    int v = (h >= '0' && h <= '9') ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
    if (v < 0) return 0;
    cp = cp * 16 + static_cast<uint32_t>(v);
  }
  appendUtf8(value, std::min<uint32_t>(cp, 0x10FFFF));
  return 2 + digits;
}

}  // namespace

void decodeDoubleQuoted(std::string_view token, uint32_t base, std::string& out, PositionMap& map) {
  Emitter e(out, map);
  size_t end = token.size() >= 2 && token.back() == '"' ? token.size() - 1 : token.size();
  for (size_t i = 1; i < end;) {
    char c = token[i];
    if (c == '\n' || c == '\r') { i = foldLineBreak(token.substr(0, end), i, base, e); continue; }
    if (c != '\\' || i + 1 >= end) { e.verbatim(c, base + static_cast<uint32_t>(i)); ++i; continue; }
    char next = token[i + 1];
    if (next == '\n' || next == '\r') {  // escaped line break: joins lines without a space
      i += 2;
      while (i < end && (token[i] == '\n' || isBlank(token[i]))) ++i;
      continue;
    }
    std::string value;
    size_t used = 2;
    if (std::string_view s = simpleEscape(next); !s.empty()) value = s;
    else if ((used = hexEscape(token, i, value)) == 0) { value = std::string(1, next); used = 2; }
    e.special(value, base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(i + used));
    i += used;
  }
}

void decodeSingleQuoted(std::string_view token, uint32_t base, std::string& out, PositionMap& map) {
  Emitter e(out, map);
  size_t end = token.size() >= 2 && token.back() == '\'' ? token.size() - 1 : token.size();
  for (size_t i = 1; i < end;) {
    char c = token[i];
    if (c == '\n' || c == '\r') { i = foldLineBreak(token.substr(0, end), i, base, e); continue; }
    if (c == '\'' && i + 1 < end && token[i + 1] == '\'') {
      e.special("'", base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(i + 2));
      i += 2;
      continue;
    }
    e.verbatim(c, base + static_cast<uint32_t>(i));
    ++i;
  }
}

void decodePlain(std::string_view token, uint32_t base, std::string& out, PositionMap& map) {
  Emitter e(out, map);
  for (size_t i = 0; i < token.size();) {
    char c = token[i];
    if (c == '\n' || c == '\r') { i = foldLineBreak(token, i, base, e); continue; }
    e.verbatim(c, base + static_cast<uint32_t>(i));
    ++i;
  }
  e.trimTrailingBlanks();
}

}  // namespace gpulint::config
