#pragma once
// The text of a report's JSON document: exactly what
// j.dump(2, ' ', false, error_handler_t::replace) writes, built by appending
// to one string. nlohmann's serializer decodes every byte through its UTF-8
// state machine; reports are mostly ASCII, so ASCII strings are escaped here
// in runs, and any string with a non-ASCII byte (or a value of a kind reports
// rarely hold: floats, binary) is handed to nlohmann itself, so its output
// (replacement of invalid UTF-8 included) stays the reference.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpulint {
namespace json_text_detail {

// Whether any of the 8 bytes in `w` needs more than a copy: a control
// character, '"', '\\', or a non-ASCII byte (bit tricks on one 64-bit word).
inline bool anySpecial(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  auto zeroByte = [&](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  return ((w - kOnes * 0x20) | zeroByte(w ^ (kOnes * '"')) | zeroByte(w ^ (kOnes * '\\')) | w) & kHigh;
}

template <class J>
void appendString(std::string& out, const std::string& s) {
  const size_t start = out.size();
  out += '"';
  const char* data = s.data();
  size_t run = 0;  // start of the bytes copied as they are
  size_t i = 0;
  while (i < s.size()) {
    if (i + 8 <= s.size()) {
      uint64_t w;
      std::memcpy(&w, data + i, 8);
      if (!anySpecial(w)) {
        i += 8;
        continue;
      }
    }
    auto c = static_cast<unsigned char>(data[i]);
    if (c >= 0x80) {  // nlohmann's own UTF-8 handling, replacement included
      out.resize(start);
      out += J(s).dump(-1, ' ', false, J::error_handler_t::replace);
      return;
    }
    if (c >= 0x20 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    out.append(data + run, i - run);
    run = ++i;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        out += buf;
      }
    }
  }
  out.append(data + run, s.size() - run);
  out += '"';
}

inline void appendIndent(std::string& out, unsigned indent) { out.append(indent, ' '); }

template <class J>
void append(std::string& out, const J& j, unsigned indent) {
  using Value = typename J::value_t;
  switch (j.type()) {
    case Value::object: {
      if (j.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      bool first = true;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out += ",\n";
        first = false;
        appendIndent(out, indent + 2);
        appendString<J>(out, it.key());
        out += ": ";
        append(out, it.value(), indent + 2);
      }
      out += '\n';
      appendIndent(out, indent);
      out += '}';
      return;
    }
    case Value::array: {
      if (j.empty()) {
        out += "[]";
        return;
      }
      out += "[\n";
      bool first = true;
      for (const auto& item : j) {
        if (!first) out += ",\n";
        first = false;
        appendIndent(out, indent + 2);
        append(out, item, indent + 2);
      }
      out += '\n';
      appendIndent(out, indent);
      out += ']';
      return;
    }
    case Value::string: appendString<J>(out, j.template get_ref<const typename J::string_t&>()); return;
    case Value::boolean: out += j.template get<bool>() ? "true" : "false"; return;
    case Value::null: out += "null"; return;
    case Value::number_integer: out += std::to_string(j.template get<typename J::number_integer_t>()); return;
    case Value::number_unsigned: out += std::to_string(j.template get<typename J::number_unsigned_t>()); return;
    default: out += j.dump(-1, ' ', false, J::error_handler_t::replace); return;  // floats, binary, discarded
  }
}

}  // namespace json_text_detail

// j.dump(2, ' ', false, J::error_handler_t::replace), byte for byte.
template <class J>
std::string prettyJsonText(const J& j) {
  std::string out;
  json_text_detail::append(out, j, 0);
  return out;
}

}  // namespace gpulint
