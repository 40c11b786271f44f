#include "cli/run.h"

#include <iostream>
#include <nlohmann/json.hpp>

#include "checkers/checker.h"
#include "cli/check_command.h"
#include "cli/options.h"
#include "frontend/project/job.h"
#include "lsp/server.h"
#include "patterns/rule_docs.h"

namespace gpulint::cli {

namespace {

int printRules(const Options& o) {
  const auto& rules = allRules();
  if (o.format == Format::Json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : rules) {
      nlohmann::json rule = {{"id", r.id},   {"name", r.name},       {"category", r.category},
                             {"level", levelName(r.level)}, {"fix", r.fix}, {"summary", r.summary}};
      if (std::string uri = helpUri(r); !uri.empty()) rule["help_uri"] = uri;
      list.push_back(std::move(rule));
    }
    std::cout << list.dump(2) << "\n";
  } else if (o.format == Format::Markdown) {
    std::cout << "| id | name | level | fix | what it finds |\n|---|---|---|---|---|\n";
    for (const auto& r : rules)
      std::cout << "| " << r.id << " | " << r.name << " | " << levelName(r.level) << " | " << r.fix << " | "
                << r.summary << " |\n";
  } else {
    for (const auto& r : rules)
      std::cout << r.id << "  " << r.name << " (" << levelName(r.level) << ", fix: " << r.fix << ")\n    "
                << r.summary << "\n";
    std::cout << "\nThe job rules (GPU3xx) read: " << project::jobKindsSummary() << ".\n";
  }
  return 0;
}

int explain(const Options& o) {
  const RuleInfo* r = findRule(o.rule);
  if (!r) {
    std::cerr << "gpulint: error: unknown rule '" << o.rule << "' (see `gpulint rules`)\n";
    return 2;
  }
  std::cout << "# " << r->id << " " << r->name << "\n\n"
            << "Level: " << levelName(r->level) << ". Fix: " << r->fix << ".\n\n"
            << r->markdown;
  if (!r->markdown.empty() && r->markdown.back() != '\n') std::cout << "\n";
  return 0;
}

}  // namespace

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  ParseResult parsed = parseOptions(args);
  if (!parsed.error.empty()) {
    std::cerr << "gpulint: error: " << parsed.error << "\n\n" << usage();
    return 2;
  }
  const Options& o = parsed.options;
  try {
    switch (o.command) {
      case Command::Help: std::cout << usage(); return 0;
      case Command::Version: std::cout << "gpulint " << GPULINT_VERSION << "\n"; return 0;
      case Command::Rules: return printRules(o);
      case Command::Explain: return explain(o);
      case Command::Lsp: return lsp::serveStdio();
      case Command::Check: return runCheck(o);
    }
  } catch (const std::exception& e) {
    std::cerr << "gpulint: internal error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace gpulint::cli
