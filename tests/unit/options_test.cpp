// The option table drives parser and --help: every row parses and is listed;
// what is not in the table is rejected.
#include "cli/options.h"

#include <gtest/gtest.h>

namespace gpulint::cli {
namespace {

std::string sampleValue(const OptionSpec& spec) {
  if (spec.long_name == "--format") return "json";
  if (spec.long_name == "--jobs") return "2";
  return spec.value.empty() ? "" : "x";
}

TEST(OptionTable, EveryOptionParsesAndIsInHelp) {
  std::string help = usage();
  for (const auto& spec : optionTable()) {
    std::vector<std::string> names = {std::string(spec.long_name)};
    if (!spec.short_name.empty()) names.emplace_back(spec.short_name);
    for (const auto& name : names) {
      std::vector<std::string> args = {"check", name};
      if (!spec.value.empty()) args.push_back(sampleValue(spec));
      ParseResult r = parseOptions(args);
      EXPECT_EQ(r.error, "") << name;
      EXPECT_NE(help.find(name), std::string::npos) << name << " missing from --help";
    }
  }
}

TEST(OptionTable, ValuesReachTheirFields) {
  ParseResult r = parseOptions({"check", "-j", "3", "--baseline=b.json", "--statistics", "--unsafe-fixes", "--diff",
                                "--compile-commands", "build", "-v", "src"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.jobs, 3u);
  EXPECT_EQ(r.options.baseline, "b.json");
  EXPECT_TRUE(r.options.statistics && r.options.unsafe_fixes && r.options.diff && r.options.verbose);
  EXPECT_EQ(r.options.compile_commands, "build");
  EXPECT_EQ(r.options.paths, std::vector<std::string>{"src"});
}

TEST(OptionTable, RejectsWhatItDoesNotList) {
  EXPECT_NE(parseOptions({"check", "--frobnicate"}).error, "");
  EXPECT_NE(parseOptions({"check", "--fix=yes"}).error, "") << "a flag takes no value";
  EXPECT_NE(parseOptions({"check", "--baseline"}).error, "") << "a value is required";
  EXPECT_NE(parseOptions({"check", "-j", "0"}).error, "");
  EXPECT_NE(parseOptions({"check", "-j", "2x"}).error, "");
}

TEST(OptionTable, HelpAnywhere) {
  EXPECT_EQ(parseOptions({"check", "--fix", "-h"}).options.command, Command::Help);
  EXPECT_EQ(parseOptions({"--help"}).options.command, Command::Help);
  EXPECT_EQ(parseOptions({"check", "--version"}).options.command, Command::Version);
}

}  // namespace
}  // namespace gpulint::cli
