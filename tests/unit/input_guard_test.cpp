// Inputs gpulint refuses before parsing, and the errors that name the line
// to fix (hardening issue, items 7 and 14).
#include "frontend/input_guard.h"

#include <gtest/gtest.h>

#include <string>

#include "frontend/config/config_model.h"

namespace gpulint {
namespace {

std::string nestedPython(int levels) {
  std::string out;
  for (int i = 0; i < levels; ++i) out += std::string(i, ' ') + "if x:\n";
  return out + std::string(levels, ' ') + "pass\n";
}

TEST(InputGuard, PythonIndentationAsDeepAsCPythonAcceptsIsAnalysed) {
  EXPECT_EQ(pythonInputProblem(nestedPython(99)), "");
  EXPECT_NE(pythonInputProblem(nestedPython(101)), "");
}

// The deep line is found wherever it falls in the text (the guard first
// probes every 50th byte for a long run of blanks), with tabs as with spaces.
TEST(InputGuard, DeepIndentationIsFoundAtAnyOffsetWithSpacesOrTabs) {
  for (size_t prefix = 0; prefix < 60; ++prefix) {
    std::string head = "# " + std::string(prefix, 'c') + "\n";
    EXPECT_NE(pythonInputProblem(head + nestedPython(101)), "") << prefix;
    EXPECT_EQ(pythonInputProblem(head + nestedPython(99)), "") << prefix;
    std::string tabs;
    for (int i = 0; i < 101; ++i) tabs += std::string(i, '\t') + "if x:\n";
    EXPECT_NE(pythonInputProblem(head + tabs + std::string(101, '\t') + "pass\n"), "") << prefix;
  }
  // Long runs of blanks that are not indentation are no levels.
  EXPECT_EQ(pythonInputProblem("x = 1" + std::string(300, ' ') + "\n" + std::string(300, ' ') + "\n"), "");
}

TEST(InputGuard, DedentsAndCommentsDoNotCountAsLevels) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "if x:\n    y = 1\n  # comment\n\n";
  EXPECT_EQ(pythonInputProblem(text), "");
}

TEST(InputGuard, YamlNestingAndLength) {
  std::string nested;
  for (int i = 0; i < 250; ++i) nested += std::string(i, ' ') + "k:\n";
  EXPECT_NE(yamlInputProblem(nested).find("nesting"), std::string::npos);
  std::string dashes = "a:\n" + std::string(2, ' ');
  for (int i = 0; i < 250; ++i) dashes += "- ";
  EXPECT_NE(yamlInputProblem(dashes + "x\n"), "");  // nested sequences on one line
  std::string lines;
  for (int i = 0; i < 40000; ++i) lines += "k" + std::to_string(i) + ": 1\n";
  EXPECT_NE(yamlInputProblem(lines).find("32767"), std::string::npos);
  EXPECT_EQ(yamlInputProblem("a:\n  b:\n    c: 1\n"), "");
}

TEST(InputGuard, LoneCarriageReturnsAreNamedNotSilentlyMisread) {
  EXPECT_NE(lineBreakProblem("import torch\rx = 1\r"), "");
  EXPECT_EQ(lineBreakProblem("import torch\r\nx = 1\r\n"), "");
  EXPECT_EQ(lineBreakProblem("x = 1\n"), "");
}

TEST(InputGuard, TabIndentedYamlNamesTheTabLine) {
  auto file = std::make_shared<SourceFile>("job.yaml", "apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n",
                                           FileKind::Yaml);
  auto model = config::buildConfigModel(file);
  EXPECT_NE(model->error().find("line 4"), std::string::npos) << model->error();
  EXPECT_NE(model->error().find("tab"), std::string::npos) << model->error();
}

TEST(InputGuard, ValidYamlWithTabsInsideABlockScalarIsNotAnError) {
  auto file = std::make_shared<SourceFile>("cm.yaml", "data:\n  Makefile: |\n    all:\n    \techo hi\n",
                                           FileKind::Yaml);
  EXPECT_EQ(config::buildConfigModel(file)->error(), "");
}

TEST(InputGuard, JsonErrorsSayJson) {
  auto file = std::make_shared<SourceFile>("ds.json", "{\n  \"a\": [1, 2,,]\n", FileKind::Json);
  auto model = config::buildConfigModel(file);
  EXPECT_NE(model->error().find("JSON syntax error"), std::string::npos) << model->error();
}

}  // namespace
}  // namespace gpulint
