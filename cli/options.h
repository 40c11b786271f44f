#pragma once
// Command-line options (DESIGN.md "CLI").
#include <optional>
#include <string>
#include <vector>

namespace gpulint::cli {

enum class Command { Check, Rules, Explain, Lsp, Version, Help };
enum class Format { Text, Sarif, Json, Github, Markdown };

struct Options {
  Command command = Command::Check;
  std::vector<std::string> paths;
  Format format = Format::Text;
  std::string output;  // -o FILE; "" = stdout
  bool fix = false, unsafe_fixes = false, diff = false;
  std::vector<std::string> select, ignore, extend_select;
  std::string config;
  std::string baseline, write_baseline;
  std::string fail_on;
  std::string compile_commands;
  unsigned jobs = 0;  // 0 = number of cores
  bool no_progress = false, quiet = false, color = false, no_color = false;
  std::string rule;  // explain
};

struct ParseResult {
  Options options;
  std::string error;  // non-empty: usage error (exit 2)
};

[[nodiscard]] ParseResult parseOptions(const std::vector<std::string>& args);
[[nodiscard]] std::string usage();

}  // namespace gpulint::cli
