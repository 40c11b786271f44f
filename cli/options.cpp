#include "cli/options.h"

#include <algorithm>
#include <sstream>

namespace gpulint::cli {

namespace {

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string parseFormat(const std::string& s, Format* f) {
  if (s == "text") *f = Format::Text;
  else if (s == "sarif") *f = Format::Sarif;
  else if (s == "json") *f = Format::Json;
  else if (s == "github") *f = Format::Github;
  else if (s == "gitlab") *f = Format::Gitlab;
  else if (s == "markdown") *f = Format::Markdown;
  else return "unknown format '" + s + "'";
  return "";
}

std::string parseJobs(const std::string& v, unsigned* jobs) {
  try {
    size_t used = 0;
    int n = std::stoi(v, &used);
    if (n >= 1 && used == v.size()) {
      *jobs = static_cast<unsigned>(n);
      return "";
    }
  } catch (...) {
  }
  return "--jobs needs a positive number, got '" + v + "'";
}

using S = const std::string&;

// The table: every option the parser accepts, in the order --help lists them.
// Each row's lambda names the Options field it fills.
const std::vector<OptionSpec> kOptions = {
    {"", "--format", "FORMAT", "text|sarif|json|github|gitlab (check), text|markdown|json (rules); default text",
     [](Options& o, S v) { return parseFormat(v, &o.format); }},
    {"-o", "--output", "FILE", "write the report to FILE instead of stdout",
     [](Options& o, S v) { o.output = v; return std::string(); }},
    {"", "--select", "IDS", "only these rules: comma-separated ids or prefixes (GPU2, GPU201, ALL)",
     [](Options& o, S v) { o.select = splitList(v); return std::string(); }},
    {"", "--ignore", "IDS", "never these rules",
     [](Options& o, S v) { o.ignore = splitList(v); return std::string(); }},
    {"", "--extend-select", "IDS", "these rules besides the selected ones",
     [](Options& o, S v) { o.extend_select = splitList(v); return std::string(); }},
    {"", "--config", "FILE", "settings file (default: the nearest .gpulint.yaml, or pyproject.toml with [tool.gpulint])",
     [](Options& o, S v) { o.config = v; return std::string(); }},
    {"", "--fail-on", "LEVEL", "note|warning|error: the lowest level that makes the exit code 1",
     [](Options& o, S v) { o.fail_on = v; return std::string(); }},
    {"", "--force-exclude", "", "apply `exclude` and .gitignore to files named on the command line too (for pre-commit)",
     [](Options& o, S) { o.force_exclude = true; return std::string(); }},
    {"", "--no-respect-gitignore", "", "analyse files that .gitignore ignores too",
     [](Options& o, S) { o.no_respect_gitignore = true; return std::string(); }},
    {"", "--include-tests", "", "analyse test code too (tests/, test/, test_utils/ folders, test_*.py, *_test.py, conftest.py, testing_utils.py)",
     [](Options& o, S) { o.include_tests = true; return std::string(); }},
    {"", "--include-vendored", "", "analyse vendored code too (third_party/, vendor/, deps/, external/ folders and the like, git submodules)",
     [](Options& o, S) { o.include_vendored = true; return std::string(); }},
    {"", "--report-unused-suppressions", "", "report suppression comments that suppress nothing (GPU001)",
     [](Options& o, S) { o.report_unused_suppressions = true; return std::string(); }},
    {"", "--fix", "", "apply safe fixes to the files",
     [](Options& o, S) { o.fix = true; return std::string(); }},
    {"", "--unsafe-fixes", "", "apply unsafe fixes too (they change behaviour or resources)",
     [](Options& o, S) { o.unsafe_fixes = true; return std::string(); }},
    {"", "--diff", "", "print the fixes as a unified diff (git apply accepts it); write nothing",
     [](Options& o, S) { o.diff = true; return std::string(); }},
    {"", "--baseline", "FILE", "report only findings not recorded in FILE",
     [](Options& o, S v) { o.baseline = v; return std::string(); }},
    {"", "--write-baseline", "FILE", "record the current findings in FILE (exit 0) instead of reporting them",
     [](Options& o, S v) { o.write_baseline = v; return std::string(); }},
    {"", "--statistics", "", "print the number of findings per rule instead of the findings",
     [](Options& o, S) { o.statistics = true; return std::string(); }},
    {"", "--show-links", "", "list the jobs recognised, the scripts they start, argv bound and configs linked",
     [](Options& o, S) { o.show_links = true; return std::string(); }},
    {"", "--add-noqa", "", "append a `gpulint: disable=` comment to every line with a finding",
     [](Options& o, S) { o.add_noqa = true; return std::string(); }},
    {"", "--compile-commands", "DIR", "folder holding compile_commands.json for C++/CUDA files",
     [](Options& o, S v) { o.compile_commands = v; return std::string(); }},
    {"-j", "--jobs", "N", "files analysed in parallel (default: number of cores)",
     [](Options& o, S v) { return parseJobs(v, &o.jobs); }},
    {"-v", "--verbose", "", "also say which files were skipped as not ours, and why",
     [](Options& o, S) { o.verbose = true; return std::string(); }},
    {"-q", "--quiet", "", "no code frames, progress or fix summary",
     [](Options& o, S) { o.quiet = true; return std::string(); }},
    {"", "--no-progress", "", "no progress line on a terminal",
     [](Options& o, S) { o.no_progress = true; return std::string(); }},
    {"", "--color", "", "colour the text report (also: FORCE_COLOR=1)",
     [](Options& o, S) { o.color = true; return std::string(); }},
    {"", "--no-color", "", "never colour (also: NO_COLOR=1); wins over --color",
     [](Options& o, S) { o.no_color = true; return std::string(); }},
};

const OptionSpec* findOption(std::string_view name) {
  for (const auto& spec : kOptions)
    if (name == spec.long_name || (!spec.short_name.empty() && name == spec.short_name)) return &spec;
  return nullptr;
}

std::string optionColumn(const OptionSpec& spec) {
  std::string names = spec.short_name.empty() ? "    " : std::string(spec.short_name) + ", ";
  names += spec.long_name;
  if (!spec.value.empty()) names += " " + std::string(spec.value);
  return names;
}

bool isHelp(const std::string& a) { return a == "-h" || a == "--help"; }

}  // namespace

const std::vector<OptionSpec>& optionTable() { return kOptions; }

std::string usage() {
  std::ostringstream out;
  out << "gpulint: find the anti-patterns that leave GPUs idle in training jobs, before they are submitted.\n\n"
         "Usage:\n"
         "  gpulint check [PATH...] [options]   analyse files and folders (default: .)\n"
         "  gpulint rules [--format text|markdown|json]\n"
         "  gpulint explain GPUxxx\n"
         "  gpulint lsp                         language server over stdio\n"
         "  gpulint --version\n"
         "  gpulint -h, --help\n\n"
         "Options:\n";
  size_t width = 0;
  for (const auto& spec : kOptions) width = std::max(width, optionColumn(spec).size());
  for (const auto& spec : kOptions) {
    std::string column = optionColumn(spec);
    out << "  " << column << std::string(width - column.size() + 2, ' ') << spec.help << "\n";
  }
  out << "\nExit codes: 0 no findings at/above --fail-on, 1 findings, 2 usage/config error or unreadable input.\n";
  return out.str();
}

ParseResult parseOptions(const std::vector<std::string>& args) {
  ParseResult r;
  Options& o = r.options;
  size_t i = 0;
  if (args.empty()) {
    o.command = Command::Help;
    return r;
  }
  const std::string& first = args[0];
  if (first == "check") o.command = Command::Check, i = 1;
  else if (first == "rules") o.command = Command::Rules, i = 1;
  else if (first == "explain") o.command = Command::Explain, i = 1;
  else if (first == "lsp") o.command = Command::Lsp, i = 1;
  else if (first == "--version" || first == "version") { o.command = Command::Version; return r; }
  else if (isHelp(first) || first == "help") { o.command = Command::Help; return r; }
  else if (!first.empty() && first[0] != '-') { r.error = "unknown command '" + first + "'"; return r; }

  bool format_set = false;
  for (; i < args.size(); ++i) {
    std::string a = args[i];
    if (isHelp(a) || a == "--version") {  // anywhere, as the usage lines show them
      o.command = isHelp(a) ? Command::Help : Command::Version;
      return r;
    }
    if (a.empty() || a[0] != '-' || a == "-") {
      if (o.command == Command::Explain) {
        if (!o.rule.empty()) { r.error = "explain takes one rule id"; return r; }
        o.rule = a;
      } else {
        o.paths.push_back(a);
      }
      continue;
    }
    std::string value;
    bool has_inline = false;
    if (size_t eq = a.find('='); a.starts_with("--") && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a.resize(eq);
      has_inline = true;
    }
    const OptionSpec* spec = findOption(a);
    if (!spec) {
      r.error = "unknown option '" + a + "'";
      return r;
    }
    if (spec->value.empty() && has_inline) {
      r.error = "option " + a + " takes no value";
      return r;
    }
    if (!spec->value.empty() && !has_inline) {
      if (i + 1 >= args.size()) {
        r.error = "option " + a + " needs a value";
        return r;
      }
      value = args[++i];
    }
    if (std::string e = spec->apply(o, value); !e.empty()) {
      r.error = e;
      return r;
    }
    format_set = format_set || spec->long_name == "--format";
  }
  if (o.command == Command::Rules && !format_set) o.format = Format::Text;
  if (o.command == Command::Explain && o.rule.empty()) r.error = "explain needs a rule id (e.g. gpulint explain GPU201)";
  if (o.command == Command::Check && o.paths.empty()) o.paths.push_back(".");
  return r;
}

}  // namespace gpulint::cli
