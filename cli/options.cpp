#include "cli/options.h"

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

bool parseFormat(const std::string& s, Format* f) {
  if (s == "text") *f = Format::Text;
  else if (s == "sarif") *f = Format::Sarif;
  else if (s == "json") *f = Format::Json;
  else if (s == "github") *f = Format::Github;
  else if (s == "markdown") *f = Format::Markdown;
  else return false;
  return true;
}

}  // namespace

std::string usage() {
  return R"(gpulint: find the anti-patterns that leave GPUs idle in training jobs, before they are submitted.

Usage:
  gpulint check [PATH...] [options]   analyse files and folders (default: .)
  gpulint rules [--format text|markdown|json]
  gpulint explain GPUxxx
  gpulint lsp                         language server over stdio
  gpulint --version

Check options:
  --format text|sarif|json|github     output format (default text)
  -o, --output FILE                   write the report to FILE
  --select IDS, --ignore IDS, --extend-select IDS
                                      comma-separated rule ids or prefixes (GPU2)
  --config FILE                       settings file (default: nearest .gpulint.yaml)
  --fail-on note|warning|error        lowest level that makes the exit code 1
  --jobs N                            files analysed in parallel (default: cores)
  --no-progress, --quiet, --color, --no-color
Exit codes: 0 no findings at/above --fail-on, 1 findings, 2 usage/config error or unreadable input.
)";
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
  else if (first == "-h" || first == "--help" || first == "help") { o.command = Command::Help; return r; }
  else if (!first.empty() && first[0] != '-') { r.error = "unknown command '" + first + "'"; return r; }

  auto value = [&](const std::string& name, std::string* out) -> bool {
    if (i + 1 >= args.size()) {
      r.error = "option " + name + " needs a value";
      return false;
    }
    *out = args[++i];
    return true;
  };
  bool format_set = false;
  for (; i < args.size(); ++i) {
    std::string a = args[i];
    std::string inline_value;
    bool has_inline = false;
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
      inline_value = a.substr(a.find('=') + 1);
      a = a.substr(0, a.find('='));
      has_inline = true;
    }
    auto get = [&](std::string* out) -> bool {
      if (has_inline) { *out = inline_value; return true; }
      return value(a, out);
    };
    std::string v;
    if (a == "--format") {
      if (!get(&v)) return r;
      if (!parseFormat(v, &o.format)) { r.error = "unknown format '" + v + "'"; return r; }
      format_set = true;
    } else if (a == "-o" || a == "--output") {
      if (!get(&o.output)) return r;
    } else if (a == "--select") {
      if (!get(&v)) return r;
      o.select = splitList(v);
    } else if (a == "--ignore") {
      if (!get(&v)) return r;
      o.ignore = splitList(v);
    } else if (a == "--extend-select") {
      if (!get(&v)) return r;
      o.extend_select = splitList(v);
    } else if (a == "--config") {
      if (!get(&o.config)) return r;
    } else if (a == "--baseline") {
      if (!get(&o.baseline)) return r;
    } else if (a == "--write-baseline") {
      if (!get(&o.write_baseline)) return r;
    } else if (a == "--fail-on") {
      if (!get(&o.fail_on)) return r;
    } else if (a == "--compile-commands") {
      if (!get(&o.compile_commands)) return r;
    } else if (a == "--jobs" || a == "-j") {
      if (!get(&v)) return r;
      try {
        int n = std::stoi(v);
        if (n < 1) throw std::out_of_range("jobs");
        o.jobs = static_cast<unsigned>(n);
      } catch (...) {
        r.error = "--jobs needs a positive number, got '" + v + "'";
        return r;
      }
    } else if (a == "--fix") o.fix = true;
    else if (a == "--unsafe-fixes") o.unsafe_fixes = true;
    else if (a == "--diff") o.diff = true;
    else if (a == "--no-progress") o.no_progress = true;
    else if (a == "--quiet" || a == "-q") o.quiet = true;
    else if (a == "--color") o.color = true;
    else if (a == "--no-color") o.no_color = true;
    else if (a == "-h" || a == "--help") { o.command = Command::Help; return r; }
    else if (!a.empty() && a[0] == '-' && a != "-") {
      r.error = "unknown option '" + a + "'";
      return r;
    } else if (o.command == Command::Explain) {
      if (!o.rule.empty()) { r.error = "explain takes one rule id"; return r; }
      o.rule = a;
    } else {
      o.paths.push_back(a);
    }
  }
  if (o.command == Command::Rules && !format_set) o.format = Format::Text;
  if (o.command == Command::Explain && o.rule.empty()) r.error = "explain needs a rule id (e.g. gpulint explain GPU201)";
  if (o.command == Command::Check && o.paths.empty()) o.paths.push_back(".");
  return r;
}

}  // namespace gpulint::cli
