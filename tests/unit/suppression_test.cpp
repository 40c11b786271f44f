#include "checkers/suppression.h"

#include <gtest/gtest.h>

namespace gpulint {
namespace {

Suppressions py(std::string_view text) { return parseSuppressions(text, FileKind::Python); }

TEST(Suppression, SameLine) {
  auto s = py(
      "import torch\n"
      "loader = DataLoader(ds)  # gpulint: disable=GPU101\n"
      "x = f()  # gpulint: disable=GPU201, GPU204 -- reviewed\n"
      "y = g()\n");
  EXPECT_TRUE(s.suppressed("GPU101", 2));
  EXPECT_FALSE(s.suppressed("GPU201", 2));
  EXPECT_TRUE(s.suppressed("GPU201", 3));
  EXPECT_TRUE(s.suppressed("GPU204", 3));
  EXPECT_FALSE(s.suppressed("GPU101", 3));
  // A trailing directive does not reach the next line.
  EXPECT_FALSE(s.suppressed("GPU201", 4));
  EXPECT_TRUE(s.invalid().empty());
}

TEST(Suppression, LineAbove) {
  auto s = py(
      "def train():\n"
      "    # gpulint: disable=GPU201\n"
      "\n"
      "    # a note about the next line\n"
      "    model.eval()\n"
      "    other()\n");
  EXPECT_TRUE(s.suppressed("GPU201", 2));
  EXPECT_TRUE(s.suppressed("GPU201", 5));  // skips the blank and comment-only lines
  EXPECT_FALSE(s.suppressed("GPU201", 6));
  EXPECT_FALSE(s.suppressed("GPU201", 1));
}

TEST(Suppression, StackedLinesAbove) {
  auto s = py("# gpulint: disable=GPU201\n# gpulint: disable=GPU204\nx = 1\n");
  EXPECT_TRUE(s.suppressed("GPU201", 3));
  EXPECT_TRUE(s.suppressed("GPU204", 3));
}

TEST(Suppression, FileWide) {
  auto s = py("import torch\n\nx = 1\n# gpulint: disable-file=GPU101,GPU3\n");
  EXPECT_TRUE(s.suppressed("GPU101", 1));
  EXPECT_TRUE(s.suppressed("GPU101", 400));
  EXPECT_TRUE(s.suppressed("GPU301", 2));
  EXPECT_TRUE(s.suppressed("GPU302", 0));
  EXPECT_FALSE(s.suppressed("GPU201", 2));
}

TEST(Suppression, DisableAllAndPrefixes) {
  auto s = py("a = 1  # gpulint: disable=all\nb = 2  # gpulint: disable=GPU2\n");
  EXPECT_TRUE(s.suppressed("GPU101", 1));
  EXPECT_TRUE(s.suppressed("GPU305", 1));
  EXPECT_TRUE(s.suppressed("GPU204", 2));
  EXPECT_FALSE(s.suppressed("GPU101", 2));
}

TEST(Suppression, NoqaWithAndWithoutIds) {
  auto s = py(
      "a = f()  # noqa: GPU201\n"
      "b = f()  # noqa:GPU201,GPU204 GPU101\n"
      "c = f()  # noqa\n"
      "d = f()  # noqa: E501\n"
      "e = f()  # type: ignore  # NOQA: GPU301\n"
      "f = f()  # see the noqa docs\n"
      "# noqa: GPU201\n"
      "g = f()\n");
  EXPECT_TRUE(s.suppressed("GPU201", 1));
  EXPECT_FALSE(s.suppressed("GPU204", 1));
  EXPECT_TRUE(s.suppressed("GPU201", 2));
  EXPECT_TRUE(s.suppressed("GPU204", 2));
  EXPECT_TRUE(s.suppressed("GPU101", 2));
  EXPECT_TRUE(s.suppressed("GPU201", 3));
  EXPECT_TRUE(s.suppressed("GPU999", 3));
  EXPECT_FALSE(s.suppressed("GPU201", 4));  // only another tool's code
  EXPECT_TRUE(s.suppressed("GPU301", 5));
  EXPECT_FALSE(s.suppressed("GPU201", 6));
  EXPECT_FALSE(s.suppressed("GPU201", 8));  // noqa is for its own line only
}

// Files with no directive spelling skip the comment lexer: every spelling
// a directive can start with must still be found when it is the only one.
TEST(Suppression, EachDirectiveSpellingAloneIsFound) {
  EXPECT_TRUE(py("x = f()  # NoQa: GPU201").suppressed("GPU201", 1));  // at the very end of the file
  EXPECT_TRUE(py("x = f()  # noqa\n").suppressed("GPU201", 1));
  EXPECT_TRUE(py("x = f()  # NOQA:GPU201\n").suppressed("GPU201", 1));
  EXPECT_TRUE(py("x = f()  # gpulint: disable=GPU201\n").suppressed("GPU201", 1));
  EXPECT_TRUE(parseSuppressions("x = f();  // NOLINT(gpulint-GPU401)\n", FileKind::Cxx).suppressed("GPU401", 1));
  // Words that only look alike hold no directive.
  auto none = py("x = quantize(q)  # noq a, gpulint disable=GPU201\nqa = 1\n");
  EXPECT_FALSE(none.suppressed("GPU201", 1));
  EXPECT_TRUE(none.invalid().empty());
}

TEST(Suppression, HashInsidePythonStringsIsNotAComment) {
  auto s = py(
      "a = '# gpulint: disable=GPU201'\n"
      "b = \"x # noqa\"\n"
      "c = '''\n"
      "# gpulint: disable-file=GPU101\n"
      "'''\n"
      "d = f\"{x['#']} # noqa\"\n"
      "e = 'it\\'s # noqa'\n"
      "g = r\"\\\" # noqa\"\n"
      "h = f'{x:#>10} # noqa'\n"
      "i = 1  # noqa: GPU204\n"
      "j = \"\"\"doc \" # noqa\n"
      "still doc\"\"\"  # noqa: GPU202\n");
  EXPECT_FALSE(s.suppressed("GPU201", 1));
  EXPECT_FALSE(s.suppressed("GPU201", 2));
  EXPECT_FALSE(s.suppressed("GPU101", 3));
  EXPECT_FALSE(s.suppressed("GPU201", 6));
  EXPECT_FALSE(s.suppressed("GPU201", 7));
  EXPECT_FALSE(s.suppressed("GPU201", 8));
  EXPECT_FALSE(s.suppressed("GPU201", 9));
  EXPECT_TRUE(s.suppressed("GPU204", 10));  // the lexer is back in sync
  EXPECT_FALSE(s.suppressed("GPU201", 11));
  EXPECT_TRUE(s.suppressed("GPU202", 12));
  EXPECT_FALSE(s.suppressed("GPU202", 11));
}

TEST(Suppression, UnterminatedStringEndsAtNewline) {
  auto s = py("a = 'oops\nb = 1  # noqa: GPU201\n");
  EXPECT_TRUE(s.suppressed("GPU201", 2));
}

TEST(Suppression, InvalidDirectivesAreReported) {
  auto s = py(
      "a = 1  # gpulint: disable=GPU2O1\n"
      "b = 1  # gpulint: enable=GPU201\n"
      "c = 1  # gpulint: disable GPU201\n");
  EXPECT_EQ(s.invalid().size(), 3u);
  EXPECT_EQ(s.invalid()[0].line, 1u);
  EXPECT_FALSE(s.suppressed("GPU201", 2));
  EXPECT_FALSE(s.suppressed("GPU201", 3));
}

TEST(Suppression, YamlComments) {
  auto s = parseSuppressions(
      "spec:\n"
      "  # gpulint: disable=GPU301\n"
      "  replicas: 1\n"
      "  image: 'repo#tag # noqa'\n"
      "  name: a#b # noqa: GPU302\n"
      "  url: \"http://x/#frag\"\n"
      "  command: |\n"
      "    echo '# noqa'\n"
      "    python train.py  # gpulint: disable=GPU303\n"
      "  args: [--lr, 0.1]  # noqa\n",
      FileKind::Yaml);
  EXPECT_TRUE(s.suppressed("GPU301", 3));
  EXPECT_FALSE(s.suppressed("GPU301", 4));
  EXPECT_FALSE(s.suppressed("GPU302", 4));
  EXPECT_TRUE(s.suppressed("GPU302", 5));
  EXPECT_FALSE(s.suppressed("GPU302", 6));
  EXPECT_TRUE(s.suppressed("GPU303", 9));
  EXPECT_TRUE(s.suppressed("GPU101", 10));
}

TEST(Suppression, YamlMultilineQuotedScalar) {
  auto s = parseSuppressions(
      "msg: \"first\n"
      "  # not a comment\n"
      "  last\"  # noqa: GPU201\n"
      "note: it's fine # noqa: GPU202\n",
      FileKind::Yaml);
  EXPECT_TRUE(s.invalid().empty());
  EXPECT_TRUE(s.suppressed("GPU201", 3));
  EXPECT_TRUE(s.suppressed("GPU202", 4));
}

TEST(Suppression, CxxComments) {
  auto s = parseSuppressions(
      "#include <cuda_runtime.h>\n"
      "// gpulint: disable=GPU401\n"
      "__global__ void k(float* x) {\n"
      "  const char* s = \"// noqa\";\n"
      "  int n = 1'000'000;  // noqa: GPU402\n"
      "  char c = '\"';  // gpulint: disable=GPU403\n"
      "  auto r = R\"x(// noqa )\" )x\";\n"
      "  /* // noqa */ int m = 0;\n"
      "}\n"
      "# not a comment: noqa\n",
      FileKind::Cxx);
  EXPECT_TRUE(s.suppressed("GPU401", 3));
  EXPECT_FALSE(s.suppressed("GPU401", 4));
  EXPECT_TRUE(s.suppressed("GPU402", 5));
  EXPECT_TRUE(s.suppressed("GPU403", 6));
  EXPECT_FALSE(s.suppressed("GPU401", 7));
  EXPECT_FALSE(s.suppressed("GPU401", 8));
  EXPECT_FALSE(s.suppressed("GPU401", 10));
}

TEST(Suppression, JsonHasNoComments) {
  auto s = parseSuppressions("{\"a\": \"# noqa\"}\n", FileKind::Json);
  EXPECT_TRUE(s.empty());
}

TEST(Suppression, SuppressionComment) {
  EXPECT_EQ(suppressionComment(FileKind::Python, "GPU201"), "  # gpulint: disable=GPU201");
  EXPECT_EQ(suppressionComment(FileKind::Cxx, "GPU401"), "  // gpulint: disable=GPU401");
  EXPECT_EQ(suppressionComment(FileKind::Json, "GPU101"), "");
  auto s = py(std::string("x = 1") + suppressionComment(FileKind::Python, "GPU201") + "\n");
  EXPECT_TRUE(s.suppressed("GPU201", 1));
}

Diagnostic diag(std::string file, std::string rule, uint32_t line) {
  Diagnostic d;
  d.rule = std::move(rule);
  d.location.file = std::move(file);
  d.location.start.line = line;
  d.message = d.rule + "@" + std::to_string(line);
  return d;
}

TEST(Suppression, ApplySuppressions) {
  std::map<std::string, Suppressions> by_file;
  by_file["train.py"] = py("a = 1\nb = 2  # noqa: GPU201\n");
  by_file["job.yaml"] = parseSuppressions("# gpulint: disable-file=GPU3\n", FileKind::Yaml);
  std::vector<Diagnostic> in = {diag("train.py", "GPU201", 1), diag("train.py", "GPU201", 2),
                                diag("train.py", "GPU204", 2), diag("job.yaml", "GPU301", 7),
                                diag("other.py", "GPU201", 2)};
  auto out = applySuppressions(in, by_file);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].message, "GPU201@1");
  EXPECT_EQ(out[1].message, "GPU204@2");
  EXPECT_EQ(out[2].location.file, "other.py");
}

TEST(Suppression, LoneCarriageReturnEndsALine) {
  // The comment on line 1 ends at the CR; line 2 holds code and its own directive.
  auto s = parseSuppressions("a = 1  # gpulint: disable=GPU101\rb = x.item()  # gpulint: disable=GPU201\n",
                             FileKind::Python);
  EXPECT_TRUE(s.suppressed("GPU101", 1));
  EXPECT_FALSE(s.suppressed("GPU101", 2));
  EXPECT_TRUE(s.suppressed("GPU201", 2));
}

}  // namespace
}  // namespace gpulint
