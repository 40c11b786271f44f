#pragma once
// Command-line options (DESIGN.md "CLI"). One table (optionTable) drives both
// the parser and --help, so the help cannot drift from what is accepted.
#include <string>
#include <string_view>
#include <vector>

namespace gpulint::cli {

enum class Command { Check, Rules, Explain, Lsp, Version, Help };
enum class Format { Text, Sarif, Json, Github, Gitlab, Markdown };

struct Options {
  Command command = Command::Check;
  std::vector<std::string> paths;
  Format format = Format::Text;
  std::string output;  // -o FILE; "" = stdout
  bool fix = false, unsafe_fixes = false, diff = false;
  std::vector<std::string> select, ignore, extend_select;
  std::string config;
  std::string baseline, write_baseline;
  bool statistics = false;
  bool add_noqa = false;
  bool show_links = false;
  bool force_exclude = false;
  bool no_respect_gitignore = false;
  bool include_tests = false;
  bool include_vendored = false;
  bool report_unused_suppressions = false;
  std::string fail_on;
  std::string compile_commands;
  unsigned jobs = 0;  // 0 = number of cores
  bool no_progress = false, quiet = false, verbose = false, color = false, no_color = false;
  std::string rule;  // explain
};

// One option: its names, the value it takes and what it does.
struct OptionSpec {
  std::string_view short_name;  // "-o", or ""
  std::string_view long_name;   // "--output"
  std::string_view value;       // the value's name in --help ("FILE"); "" for a flag
  std::string_view help;
  // Stores the option into `o` (`value` is "" for a flag); returns a usage
  // error message, or "" when the value is fine.
  std::string (*apply)(Options& o, const std::string& value);
};

[[nodiscard]] const std::vector<OptionSpec>& optionTable();

struct ParseResult {
  Options options;
  std::string error;  // non-empty: usage error (exit 2)
};

[[nodiscard]] ParseResult parseOptions(const std::vector<std::string>& args);
[[nodiscard]] std::string usage();

}  // namespace gpulint::cli
