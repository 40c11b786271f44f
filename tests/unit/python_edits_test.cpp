// The Python edit builders on the call shapes real scripts use: one line or
// one argument per line, with or without a trailing comma, with comments in
// the argument list. Every result must still parse.
#include <gtest/gtest.h>

#include "fixits/apply.h"
#include "fixits/python_edits.h"
#include "frontend/python/script_model.h"
#include "frontend/ts/tree.h"

namespace gpulint::fixits {
namespace {

struct Parsed {
  std::unique_ptr<python::ScriptModel> model;
  const python::Call* call = nullptr;  // the first call of `loader(...)`
};

Parsed parse(const std::string& text) {
  auto file = std::make_shared<SourceFile>("t.py", text, FileKind::Python);
  ts::Parser parser(tree_sitter_python());
  Parsed p;
  p.model = std::make_unique<python::ScriptModel>(file, parser.parse(text));
  for (const python::Call& c : p.model->calls())
    if (c.callee.text() == "loader" && !p.call) p.call = &c;
  return p;
}

// The text after adding keywords to `loader(...)`; fails the test if it no longer parses.
std::string added(const std::string& text, const std::vector<std::pair<std::string, std::string>>& keywords) {
  Parsed p = parse(text);
  if (!p.call) return "<no call>";
  std::string out = applyEdits(text, {addKeywords(*p.model, *p.call, keywords)});
  EXPECT_EQ(syntaxErrorCount(out, FileKind::Python), 0) << out;
  return out;
}

const std::vector<std::pair<std::string, std::string>> kPin{{"pin_memory", "True"}};
const std::vector<std::pair<std::string, std::string>> kTwo{{"num_workers", "4"}, {"persistent_workers", "True"}};

TEST(AddKeywords, SingleLineCall) {
  EXPECT_EQ(added("x = loader(ds, batch_size=8)\n", kTwo),
            "x = loader(ds, batch_size=8, num_workers=4, persistent_workers=True)\n");
  EXPECT_EQ(added("x = loader(ds, batch_size=8,)\n", kPin), "x = loader(ds, batch_size=8, pin_memory=True,)\n");
  EXPECT_EQ(added("x = loader()\n", kPin), "x = loader(pin_memory=True)\n");
}

TEST(AddKeywords, OneArgumentPerLineWithTrailingComma) {
  EXPECT_EQ(added("x = loader(\n    ds,\n    batch_size=8,\n)\n", kTwo),
            "x = loader(\n    ds,\n    batch_size=8,\n    num_workers=4,\n    persistent_workers=True,\n)\n");
}

TEST(AddKeywords, OneArgumentPerLineWithoutTrailingComma) {
  EXPECT_EQ(added("x = loader(\n\tds,\n\tbatch_size=8\n)\n", kPin),
            "x = loader(\n\tds,\n\tbatch_size=8,\n\tpin_memory=True\n)\n");
}

TEST(AddKeywords, CommentAfterTheLastArgumentStaysOnItsLine) {
  EXPECT_EQ(added("x = loader(\n    ds,\n    shuffle=True,  # order\n)\n", kPin),
            "x = loader(\n    ds,\n    shuffle=True,  # order\n    pin_memory=True,\n)\n");
  EXPECT_EQ(added("x = loader(\n    ds,\n    shuffle=True  # order\n)\n", kPin),
            "x = loader(\n    ds,\n    shuffle=True,  # order\n    pin_memory=True\n)\n");
}

TEST(AddKeywords, CommentLinesInsideTheArgumentList) {
  EXPECT_EQ(added("x = loader(\n    ds,\n    # more options later\n)\n", kPin),
            "x = loader(\n    ds,\n    pin_memory=True,\n    # more options later\n)\n");
  EXPECT_EQ(added("x = loader(ds,  # data\n           batch_size=8)\n", kPin),
            "x = loader(ds,  # data\n           batch_size=8, pin_memory=True)\n");
}

TEST(AddKeywords, LastArgumentSharingItsLineStaysInline) {
  // `loader(ds, batch_size=8` then `)` alone: no column to align a new line with.
  EXPECT_EQ(added("x = loader(ds, batch_size=8\n)\n", kPin), "x = loader(ds, batch_size=8, pin_memory=True\n)\n");
}

TEST(AddKeywords, CrlfFilesStayCrlf) {
  EXPECT_EQ(added("x = loader(\r\n    ds,\r\n)\r\n", kPin), "x = loader(\r\n    ds,\r\n    pin_memory=True,\r\n)\r\n");
}

TEST(SetKeyword, ReplacesAnExistingValue) {
  std::string text = "x = loader(ds, pin_memory=False)\n";
  Parsed p = parse(text);
  ASSERT_TRUE(p.call);
  EXPECT_EQ(applyEdits(text, {setKeyword(*p.model, *p.call, "pin_memory", "True")}),
            "x = loader(ds, pin_memory=True)\n");
}

ts::Node argumentOf(const std::string& text, Parsed& p) {
  p = parse(text);
  return p.call ? p.call->positional.at(0) : ts::Node();
}

TEST(PositiveTest, ParenthesizesWhatWouldBindLooser) {
  Parsed p;
  EXPECT_EQ(positiveTest(argumentOf("loader(4)\n", p)), "True");
  EXPECT_EQ(positiveTest(argumentOf("loader(args.workers)\n", p)), "args.workers > 0");
  EXPECT_EQ(positiveTest(argumentOf("loader(cfg['workers'])\n", p)), "cfg['workers'] > 0");
  EXPECT_EQ(positiveTest(argumentOf("loader(n - 1)\n", p)), "(n - 1) > 0");
  EXPECT_EQ(positiveTest(argumentOf("loader(a if b else c)\n", p)), "(a if b else c) > 0");
}

TEST(ReplaceWrittenLiteral, EditsOnlyTheTrailingLiteral) {
  SourceFile file("t.py", "WORKERS = 0\nW10 = 10\nother = 0\n", FileKind::Python);
  auto edit = replaceWrittenLiteral(file, file.location(0, 11), "0", "4");
  ASSERT_TRUE(edit);
  EXPECT_EQ(applyEdits(file.text(), {*edit}), "WORKERS = 4\nW10 = 10\nother = 0\n");
  EXPECT_FALSE(replaceWrittenLiteral(file, file.location(12, 20), "0", "4"));  // the 0 of 10
  SourceFile elsewhere("u.py", "X = 0\n", FileKind::Python);
  EXPECT_FALSE(replaceWrittenLiteral(file, elsewhere.location(0, 5), "0", "4"));  // another file
}

}  // namespace
}  // namespace gpulint::fixits
