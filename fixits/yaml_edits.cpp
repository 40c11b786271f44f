#include "fixits/yaml_edits.h"

#include <algorithm>
#include <cctype>

namespace gpulint::fixits {

namespace {

using config::ConfigValue;

uint32_t column(const SourceFile& file, uint32_t offset) {
  return offset - file.lineStart(file.position(offset).line);
}

std::string lineEnding(const SourceFile& file) {
  size_t nl = file.text().find('\n');
  return nl != std::string::npos && nl > 0 && file.text()[nl - 1] == '\r' ? "\r\n" : "\n";
}

// Byte just past the line holding `offset - 1` (the last byte of a value),
// with the text that must precede an insertion there (a newline when the
// file ends without one).
uint32_t afterLine(const SourceFile& file, uint32_t end, std::string* prefix) {
  const std::string& text = file.text();
  uint32_t last = end > 0 ? end - 1 : 0;
  size_t nl = text.find('\n', last);
  if (nl == std::string::npos) {
    *prefix = lineEnding(file);
    return static_cast<uint32_t>(text.size());
  }
  return static_cast<uint32_t>(nl + 1);
}

bool blockStyle(const SourceFile& file, const ConfigValue& v) {
  if (file.kind() != FileKind::Yaml || v.begin >= file.text().size()) return false;
  char c = file.text()[v.begin];
  return c != '[' && c != '{';
}

// Lines written at `indent`, each ending with the file's line ending.
std::string render(const std::vector<std::string>& lines, const std::string& first_indent,
                   const std::string& rest_indent, const std::string& eol) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i == 0 ? first_indent : rest_indent) + lines[i] + eol;
  return out;
}

}  // namespace

std::optional<Edit> appendSequenceItem(const SourceFile& file, const ConfigValue& sequence,
                                       const std::vector<std::string>& lines) {
  // An empty or flow sequence has no item whose style we could follow.
  if (!sequence.isSequence() || sequence.items.empty() || !blockStyle(file, sequence) || lines.empty()) return std::nullopt;
  const ConfigValue* last = sequence.items.back();
  if (!last) return std::nullopt;
  // The `-` of the last item, and the gap between it and the item's content.
  const std::string& text = file.text();
  uint32_t dash = last->begin;
  while (dash > 0 && text[dash - 1] == ' ') --dash;
  if (dash == 0 || text[dash - 1] != '-') return std::nullopt;
  --dash;
  uint32_t dash_col = column(file, dash);
  uint32_t content_col = column(file, last->begin);
  // An item that starts on the dash's line keeps the gap; otherwise use "- ".
  if (file.position(dash).line != file.position(last->begin).line) content_col = dash_col + 2;
  std::string prefix;
  uint32_t at = afterLine(file, last->end, &prefix);
  std::string dash_indent(dash_col, ' ');
  std::string first = dash_indent + "-" + std::string(content_col - dash_col - 1, ' ');
  std::string rest(content_col, ' ');
  return Edit{file.path(), at, at, prefix + render(lines, first, rest, lineEnding(file))};
}

std::optional<Edit> addMappingEntry(const SourceFile& file, const ConfigValue& mapping,
                                    const std::vector<std::string>& lines) {
  if (!mapping.isMapping() || mapping.entries.empty() || !blockStyle(file, mapping) || lines.empty()) return std::nullopt;
  uint32_t key_col = column(file, mapping.entries.front().key_begin);
  uint32_t end = 0;
  for (const auto& e : mapping.entries) end = std::max({end, e.key_end, e.value ? e.value->end : uint32_t{0}});
  std::string prefix;
  uint32_t at = afterLine(file, end, &prefix);
  std::string indent(key_col, ' ');
  return Edit{file.path(), at, at, prefix + render(lines, indent, indent, lineEnding(file))};
}

std::optional<Edit> replaceScalar(const SourceFile& file, const ConfigValue& scalar, const std::string& text) {
  if (!scalar.isScalar() || scalar.end <= scalar.begin || scalar.end > file.text().size()) return std::nullopt;
  char q = file.text()[scalar.begin];
  if (q == '|' || q == '>') return std::nullopt;  // block scalars hold commands, not quantities
  if ((q == '"' || q == '\'') && file.text()[scalar.end - 1] == q)
    return Edit{file.path(), scalar.begin, scalar.end, std::string(1, q) + text + std::string(1, q)};
  return Edit{file.path(), scalar.begin, scalar.end, text};
}

std::optional<Edit> replaceTokenValue(const SourceFile& file, uint32_t begin, uint32_t end, std::string_view literal,
                                      const std::string& replacement) {
  const std::string& text = file.text();
  if (begin >= end || end > text.size() || literal.empty()) return std::nullopt;
  std::string_view token(text.data() + begin, end - begin);
  // A closing quote of the token (`"0"`, `'0'`) stays.
  if (token.size() >= 2 && (token.back() == '"' || token.back() == '\'') && token.front() == token.back())
    token.remove_suffix(1);
  if (!token.ends_with(literal)) return std::nullopt;
  uint32_t at = begin + static_cast<uint32_t>(token.size() - literal.size());
  // The literal must be the whole value: `10` does not end with a value `0`.
  if (at > begin) {
    char before = text[at - 1];
    if (std::isalnum(static_cast<unsigned char>(before)) && !(token.size() == literal.size() + 2 && token[0] == '-'))
      return std::nullopt;
  }
  return Edit{file.path(), at, at + static_cast<uint32_t>(literal.size()), replacement};
}

}  // namespace gpulint::fixits
