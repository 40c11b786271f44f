#pragma once
// Inputs too deep to analyse safely, refused with a per-file error before
// (or right after) parsing. Real code stays far below these limits; past
// them the pinned grammars' external scanners overflow their heap buffers
// (tree-sitter-yaml 0.7.1 at 255 nested block levels, tree-sitter-python
// 0.25.0 near 510 indentation levels) and recursive walks could exhaust the
// stack of an analysis thread or of the language server.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "frontend/ts/tree.h"

namespace gpulint {

struct NestingLimits {
  // CPython itself refuses more than 100 indentation levels.
  static constexpr size_t kPythonIndentLevels = 100;
  static constexpr size_t kYamlIndentLevels = 200;
  // The YAML grammar counts rows in 16 bits: later rows are misreported.
  static constexpr size_t kYamlLines = 32767;
  // Syntax tree depth: CPython stops at 200 nested brackets (~3 tree levels each).
  static constexpr uint32_t kTreeDepth = 1000;
};

// "" or why a Python text is not parsed (too many indentation levels).
[[nodiscard]] std::string pythonInputProblem(std::string_view text);
// "" or why a YAML/JSON text is not parsed (nesting or length).
[[nodiscard]] std::string yamlInputProblem(std::string_view text);
// The first line (1-based) that starts with a tab, or 0. YAML forbids tabs in
// indentation, and its parser reports such a file broken at its first line:
// this names the line to fix instead.
[[nodiscard]] size_t firstTabIndentedLine(std::string_view text);
// "" or why a source text is not analysed: line breaks of a lone CR (classic
// Mac OS) that the parsers do not read as line breaks.
[[nodiscard]] std::string lineBreakProblem(std::string_view text);
// "" or why a parsed tree is not analysed (deeper than kTreeDepth).
[[nodiscard]] std::string treeDepthProblem(const ts::Tree& tree);

}  // namespace gpulint
