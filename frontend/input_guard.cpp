#include "frontend/input_guard.h"

#include <algorithm>
#include <vector>

namespace gpulint {

namespace {

// The deepest stack of indentation levels over the text's lines (blank and
// comment lines do not count); `sequence_dashes` also counts the nested
// block sequences YAML opens on one line (`- - - x`).
size_t indentationDepth(std::string_view text, bool sequence_dashes) {
  std::vector<size_t> stack;
  size_t deepest = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    size_t width = 0;
    while (width < line.size() && (line[width] == ' ' || line[width] == '\t')) ++width;
    if (width == line.size() || line[width] == '#' || line[width] == '\r') continue;
    while (!stack.empty() && stack.back() > width) stack.pop_back();
    if (stack.empty() || stack.back() < width) stack.push_back(width);
    size_t dashes = 0;
    for (size_t i = width; sequence_dashes && i + 1 < line.size() && line[i] == '-' && line[i + 1] == ' ';) {
      ++dashes;
      for (i += 2; i < line.size() && line[i] == ' ';) ++i;
    }
    deepest = std::max(deepest, stack.size() + dashes);
  }
  return deepest;
}

size_t lineCount(std::string_view text) {
  size_t lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

// False when no line can be indented more than `levels` levels: each level
// is at least one blank more than the one it is in, so such a line starts
// with at least `levels` spaces or tabs. A run of that many blanks covers two
// positions `stride` (levels / 2) apart that are multiples of `stride`, and
// every byte between them; probing those positions skips the line-by-line
// count for nearly every file.
bool mayIndentBeyond(std::string_view text, size_t levels) {
  const size_t stride = levels / 2;
  if (stride == 0) return true;
  auto blank = [&](size_t i) { return text[i] == ' ' || text[i] == '\t'; };
  for (size_t p = 0; p + stride < text.size(); p += stride) {
    if (!blank(p) || !blank(p + stride)) continue;
    size_t i = p + 1;
    while (i < p + stride && blank(i)) ++i;
    if (i == p + stride) return true;
  }
  return false;
}

}  // namespace

std::string pythonInputProblem(std::string_view text) {
  if (mayIndentBeyond(text, NestingLimits::kPythonIndentLevels) &&
      indentationDepth(text, false) > NestingLimits::kPythonIndentLevels)
    return "more than " + std::to_string(NestingLimits::kPythonIndentLevels) +
           " indentation levels (Python itself refuses such a file); not analysed";
  return "";
}

std::string lineBreakProblem(std::string_view text) {
  if (text.find('\r') == std::string_view::npos || text.find('\n') != std::string_view::npos) return "";
  return "line breaks are lone CR characters (classic Mac OS), which the parsers do not read as line breaks; "
         "convert the file to LF line endings to have it analysed";
}

std::string yamlInputProblem(std::string_view text) {
  if (indentationDepth(text, true) > NestingLimits::kYamlIndentLevels)
    return "nesting deeper than " + std::to_string(NestingLimits::kYamlIndentLevels) +
           " indentation levels; not analysed";
  if (lineCount(text) > NestingLimits::kYamlLines)
    return "longer than " + std::to_string(NestingLimits::kYamlLines) +
           " lines (beyond what the YAML parser locates correctly); not analysed";
  return "";
}

std::string treeDepthProblem(const ts::Tree& tree) {
  if (!tree.valid()) return "";
  // Over the flat copy the analysis navigates anyway (Tree::root(), made
  // once): preorder entries with their subtree's end, so a node's depth is
  // the number of open ancestors and no walk needs the stack we guard. A
  // subtree with fewer nodes than the levels left cannot reach the limit,
  // so it is skipped whole (the walk then touches few nodes of ordinary
  // code); tree-sitter's cursor paid hundreds of instructions per sibling.
  const ts::Node root = tree.root();
  std::vector<uint32_t> open;  // the subtree ends of the current node's ancestors
  uint32_t deepest = 0;
  for (uint32_t i = root.preorder(), last = root.subtreeEnd(); i < last;) {
    while (!open.empty() && open.back() <= i) open.pop_back();
    const auto depth = static_cast<uint32_t>(open.size());
    const uint32_t end = root.preorderAt(i).subtreeEnd();
    if (depth + (end - i) - 1 <= NestingLimits::kTreeDepth) {
      i = end;
      continue;
    }
    deepest = std::max(deepest, depth);
    if (deepest > NestingLimits::kTreeDepth) break;
    open.push_back(end);
    ++i;
  }
  if (deepest > NestingLimits::kTreeDepth)
    return "syntax nesting deeper than " + std::to_string(NestingLimits::kTreeDepth) + " levels; not analysed";
  return "";
}

size_t firstTabIndentedLine(std::string_view text) {
  size_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\t' && (i == 0 || text[i - 1] == '\n')) return line;
    line += text[i] == '\n';
  }
  return 0;
}


}  // namespace gpulint
