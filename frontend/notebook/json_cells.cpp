#include "frontend/notebook/json_cells.h"

#include <cstdio>
#include <cstring>

namespace gpulint::notebook {

namespace {

// A read position over validated JSON text.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : t_(text) {}

  [[nodiscard]] bool done() const { return i_ >= t_.size(); }
  [[nodiscard]] char peek() const { return done() ? '\0' : t_[i_]; }
  void advance() { ++i_; }

  void skipSpace() {
    while (!done() && std::strchr(" \t\r\n", t_[i_]) != nullptr) ++i_;
  }

  ByteRange string() {
    uint32_t begin = static_cast<uint32_t>(i_);
    ++i_;  // opening quote
    while (!done() && t_[i_] != '"') i_ += t_[i_] == '\\' ? 2 : 1;
    ++i_;  // closing quote
    return {begin, static_cast<uint32_t>(std::min(i_, t_.size()))};
  }

  // Skips one value of any kind; containers by bracket depth, so no recursion.
  void skipValue() {
    skipSpace();
    if (peek() == '"') {
      string();
      return;
    }
    if (peek() != '{' && peek() != '[') {
      while (!done() && std::strchr(",]} \t\r\n", t_[i_]) == nullptr) ++i_;
      return;
    }
    size_t depth = 0;
    do {
      char c = t_[i_];
      if (c == '"') {
        string();
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') --depth;
      ++i_;
    } while (depth > 0 && !done());
  }

  // Calls `member(key)` with the cursor on each value of the object here;
  // `member` must consume the value.
  template <typename Member>
  void object(Member&& member) {
    skipSpace();
    if (peek() != '{') return skipValue();
    advance();
    for (skipSpace(); !done() && peek() != '}'; skipSpace()) {
      if (peek() == ',') {
        advance();
        continue;
      }
      std::string key = decodeString(t_, string()).value;
      skipSpace();
      advance();  // ':'
      skipSpace();
      member(key);
    }
    advance();
  }

  // Calls `element()` with the cursor on each element of the array here.
  template <typename Element>
  void array(Element&& element) {
    skipSpace();
    if (peek() != '[') return skipValue();
    advance();
    for (skipSpace(); !done() && peek() != ']'; skipSpace()) {
      if (peek() == ',') {
        advance();
        continue;
      }
      element();
    }
    advance();
  }

  [[nodiscard]] uint32_t offset() const { return static_cast<uint32_t>(i_); }
  [[nodiscard]] std::string_view text() const { return t_; }

 private:
  std::string_view t_;
  size_t i_ = 0;
};

void scanSource(Cursor& c, RawCell& cell) {
  cell.has_source = c.peek() == '"' || c.peek() == '[';
  cell.source_is_list = c.peek() == '[';
  cell.source.begin = c.offset();
  if (c.peek() == '"') {
    cell.strings.push_back(c.string());
  } else {
    c.array([&] {
      if (c.peek() == '"') cell.strings.push_back(c.string());
      else c.skipValue();
    });
  }
  cell.source.end = c.offset();
}

RawCell scanCell(Cursor& c) {
  RawCell cell;
  c.object([&](const std::string& key) {
    if (key == "cell_type" && c.peek() == '"') cell.cell_type = decodeString(c.text(), c.string()).value;
    else if (key == "source") scanSource(c, cell);
    else c.skipValue();
  });
  return cell;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

uint32_t hex4(std::string_view s, size_t at) {
  uint32_t v = 0;
  for (size_t k = at; k < at + 4 && k < s.size(); ++k) {
    char h = s[k];
    v = v * 16 + static_cast<uint32_t>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
  }
  return v;
}

char simpleEscape(char e) {
  switch (e) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'b': return '\b';
    case 'f': return '\f';
    default: return e;  // " \ /
  }
}

}  // namespace

RawCells scanCells(std::string_view text) {
  RawCells out;
  Cursor c(text);
  c.object([&](const std::string& key) {
    if (key != "cells" || c.peek() != '[') return c.skipValue();
    out.found_cells = true;
    c.array([&] { out.cells.push_back(scanCell(c)); });
  });
  return out;
}

DecodedString decodeString(std::string_view text, ByteRange literal) {
  DecodedString out;
  size_t i = literal.begin + 1, end = literal.end > literal.begin ? literal.end - 1 : literal.begin;
  while (i < end) {
    uint32_t from = static_cast<uint32_t>(i);
    size_t before = out.value.size();
    if (text[i] != '\\') {
      out.value += text[i++];
    } else if (text[i + 1] != 'u') {
      out.value += simpleEscape(text[i + 1]);
      i += 2;
    } else {
      uint32_t cp = hex4(text, i + 2);
      i += 6;
      if (cp >= 0xD800 && cp < 0xDC00 && i + 6 <= end && text[i] == '\\' && text[i + 1] == 'u') {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(text, i + 2) - 0xDC00);
        i += 6;
      }
      appendUtf8(out.value, cp);
    }
    out.raw_offset.insert(out.raw_offset.end(), out.value.size() - before, from);
  }
  out.raw_offset.push_back(static_cast<uint32_t>(end));
  return out;
}

std::string encodeString(std::string_view value) {
  std::string out = "\"";
  for (char ch : value) {
    auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

}  // namespace gpulint::notebook
