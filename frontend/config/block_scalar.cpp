// Decoding of YAML block scalars (`|`, `>`, with chomping and indentation
// indicators) into their string value with a position map back to the file.
#include <string>
#include <vector>

#include "frontend/config/config_model.h"

namespace gpulint::config {

namespace {

struct Header {
  bool folded = false;
  char chomping = 'c';  // 'c'lip, 's'trip, 'k'eep
  uint32_t indent = 0;  // explicit indentation indicator, 0 when absent
  size_t body = 0;      // index of the first content line
};

Header parseHeader(std::string_view t) {
  Header h;
  h.folded = !t.empty() && t[0] == '>';
  size_t i = 1;
  for (; i < t.size() && t[i] != '\n' && t[i] != ' ' && t[i] != '\t' && t[i] != '#'; ++i) {
    if (t[i] == '-') h.chomping = 's';
    else if (t[i] == '+') h.chomping = 'k';
    else if (t[i] >= '1' && t[i] <= '9') h.indent = static_cast<uint32_t>(t[i] - '0');
  }
  size_t nl = t.find('\n', i);
  h.body = nl == std::string_view::npos ? t.size() : nl + 1;
  return h;
}

struct Line {
  size_t begin = 0;  // index in the token of the line start
  size_t end = 0;    // index of its line break (or token end)
  uint32_t spaces = 0;
  bool blank = true;
};

std::vector<Line> splitLines(std::string_view t, size_t from) {
  std::vector<Line> lines;
  for (size_t i = from; i < t.size();) {
    Line l;
    l.begin = i;
    l.end = t.find('\n', i);
    if (l.end == std::string_view::npos) l.end = t.size();
    size_t content_end = l.end > i && t[l.end - 1] == '\r' ? l.end - 1 : l.end;
    while (i + l.spaces < content_end && t[i + l.spaces] == ' ') ++l.spaces;
    for (size_t k = i + l.spaces; k < content_end; ++k)
      if (t[k] != ' ' && t[k] != '\t') l.blank = false;
    l.end = content_end;
    lines.push_back(l);
    i = (l.end < t.size() && t[l.end] == '\r') ? l.end + 2 : l.end + 1;
  }
  return lines;
}

}  // namespace

void decodeBlockScalar(std::string_view token, uint32_t base, uint32_t parent_indent, std::string& out,
                       PositionMap& map) {
  Header h = parseHeader(token);
  std::vector<Line> lines = splitLines(token, h.body);
  uint32_t indent = h.indent ? parent_indent + h.indent : 0;
  for (const Line& l : lines)
    if (!indent && !l.blank) indent = l.spaces;
  if (!indent) indent = parent_indent + 1;

  auto pos = [&](size_t i) { return base + static_cast<uint32_t>(i); };
  size_t pending_breaks = 0;   // line breaks not yet emitted
  bool emitted = false;        // some content line was emitted
  bool prev_more_indented = false;
  uint32_t last_break = 0;
  for (const Line& l : lines) {
    if (l.blank) {  // an empty line: only a break
      ++pending_breaks;
      continue;
    }
    bool more_indented = l.spaces > indent || (l.begin + indent < l.end && token[l.begin + indent] == '\t');
    if (emitted) {
      // Folding turns the single break between two normal lines into a space.
      bool fold = h.folded && pending_breaks == 0 && !more_indented && !prev_more_indented;
      std::string sep = fold ? " " : std::string(h.folded && !more_indented && !prev_more_indented
                                                   ? pending_breaks : pending_breaks + 1, '\n');
      // Separators map to the line break that produced them.
      Segment s{static_cast<uint32_t>(out.size()), static_cast<uint32_t>(out.size() + sep.size()),
                last_break, last_break + 1, false};
      map.append(s);
      out += sep;
    } else if (pending_breaks) {  // leading empty lines are kept as breaks
      map.append(Segment{static_cast<uint32_t>(out.size()), static_cast<uint32_t>(out.size() + pending_breaks),
                         last_break, last_break + 1, false});
      out.append(pending_breaks, '\n');
    }
    size_t from = l.begin + std::min<size_t>(indent, l.end - l.begin);
    map.append(Segment{static_cast<uint32_t>(out.size()), static_cast<uint32_t>(out.size() + (l.end - from)),
                       pos(from), pos(l.end), true});
    out.append(token.substr(from, l.end - from));
    emitted = true;
    prev_more_indented = more_indented;
    pending_breaks = 0;
    last_break = pos(l.end);
  }
  if (!emitted || h.chomping == 's') return;
  // Clip keeps the final line break, keep also the trailing empty lines.
  size_t trailing = h.chomping == 'k' ? pending_breaks + 1 : 1;
  map.append(Segment{static_cast<uint32_t>(out.size()), static_cast<uint32_t>(out.size() + trailing),
                     last_break, last_break + 1, false});
  out.append(trailing, '\n');
}

}  // namespace gpulint::config
