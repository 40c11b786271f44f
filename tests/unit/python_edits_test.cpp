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

// The `index`-th node of `type` in `n`, in source order.
ts::Node nthOfType(ts::Node n, std::string_view type, int& index) {
  if (n.is(type) && index-- == 0) return n;
  for (ts::Node c : n.namedChildren())
    if (ts::Node found = nthOfType(c, type, index)) return found;
  return {};
}

// Applies `edits` and fails the test when the result no longer parses.
std::string appliedAndParsed(const std::string& text, std::vector<Edit> edits) {
  std::string out = applyEdits(text, std::move(edits));
  EXPECT_EQ(syntaxErrorCount(out, FileKind::Python), 0) << out;
  return out;
}

// The text after wrapping the `index`-th for loop in `with torch.no_grad():`.
std::string wrapped(const std::string& text, int index = 0) {
  Parsed p = parse(text);
  ts::Node loop = nthOfType(p.model->root(), "for_statement", index);
  if (!loop) return "<no loop>";
  auto edits = wrapInBlock(*p.model, loop, "with torch.no_grad():");
  if (!edits) return "<no fix>";
  return appliedAndParsed(text, *edits);
}

TEST(WrapInBlock, LoopInAFunction) {
  EXPECT_EQ(wrapped("def f(model, loader):\n"
                    "    out = []\n"
                    "    for x in loader:\n"
                    "        y = model(x)\n"
                    "\n"
                    "        out.append(y)\n"
                    "    return out\n"),
            "def f(model, loader):\n"
            "    out = []\n"
            "    with torch.no_grad():\n"
            "        for x in loader:\n"
            "            y = model(x)\n"
            "\n"
            "            out.append(y)\n"
            "    return out\n");
}

TEST(WrapInBlock, ModuleLevelLoopWithTwoSpaces) {
  EXPECT_EQ(wrapped("if ready:\n  go()\nfor x in loader:\n  if x:\n    model(x)\nprint(1)\n"),
            "if ready:\n  go()\nwith torch.no_grad():\n  for x in loader:\n    if x:\n      model(x)\nprint(1)\n");
}

TEST(WrapInBlock, TabsStayTabs) {
  EXPECT_EQ(wrapped("def f():\n\tfor x in loader:\n\t\tmodel(x)\n\treturn 1\n"),
            "def f():\n\twith torch.no_grad():\n\t\tfor x in loader:\n\t\t\tmodel(x)\n\treturn 1\n");
}

TEST(WrapInBlock, CrlfFilesStayCrlf) {
  EXPECT_EQ(wrapped("for x in loader:\r\n    model(x)\r\n\r\n    # done\r\nend()\r\n"),
            "with torch.no_grad():\r\n    for x in loader:\r\n        model(x)\r\n\r\n        # done\r\nend()\r\n");
}

TEST(WrapInBlock, NestedLoops) {
  std::string text =
      "for batch in loader:\n"
      "    for x in batch:\n"
      "        model(x)\n"
      "    log(batch)\n";
  EXPECT_EQ(wrapped(text, 0),
            "with torch.no_grad():\n"
            "    for batch in loader:\n"
            "        for x in batch:\n"
            "            model(x)\n"
            "        log(batch)\n");
  EXPECT_EQ(wrapped(text, 1),
            "for batch in loader:\n"
            "    with torch.no_grad():\n"
            "        for x in batch:\n"
            "            model(x)\n"
            "    log(batch)\n");
}

TEST(WrapInBlock, CommentsAndContinuationLines) {
  EXPECT_EQ(wrapped("def f():\n"
                    "    for x in loader:  # eval\n"
                    "        # forward\n"
                    "# disabled: print(x)\n"
                    "        y = model(x,\n"
                    "  flag=True)\n"
                    "        z = y + \\\n"
                    "            1\n"
                    "    return z\n"),
            "def f():\n"
            "    with torch.no_grad():\n"
            "        for x in loader:  # eval\n"
            "            # forward\n"
            "    # disabled: print(x)\n"
            "            y = model(x,\n"
            "      flag=True)\n"
            "            z = y + \\\n"
            "                1\n"
            "    return z\n");
}

TEST(WrapInBlock, DedentedCommentAfterTheLoopStays) {
  EXPECT_EQ(wrapped("def f():\n"
                    "    for x in loader:\n"
                    "        model(x)\n"
                    "        # still the loop's\n"
                    "\n"
                    "    # after the loop\n"
                    "# module comment\n"
                    "    return 1\n"),
            "def f():\n"
            "    with torch.no_grad():\n"
            "        for x in loader:\n"
            "            model(x)\n"
            "            # still the loop's\n"
            "\n"
            "    # after the loop\n"
            "# module comment\n"
            "    return 1\n");
  EXPECT_EQ(wrapped("for x in loader:\n    model(x)\n# the end\n"),
            "with torch.no_grad():\n    for x in loader:\n        model(x)\n# the end\n");
}

TEST(WrapInBlock, ElseClauseAndOneLineLoop) {
  EXPECT_EQ(wrapped("for x in loader:\n  model(x)\nelse:\n  done()\n"),
            "with torch.no_grad():\n  for x in loader:\n    model(x)\n  else:\n    done()\n");
  // No body line to measure: the file's own step (tabs here).
  EXPECT_EQ(wrapped("def f():\n\tfor x in loader: model(x)\n"),
            "def f():\n\twith torch.no_grad():\n\t\tfor x in loader: model(x)\n");
}

TEST(WrapInBlock, MultiLineStringsGetNoFix) {
  EXPECT_EQ(wrapped("for x in loader:\n    log(\"\"\"batch\n    done\"\"\")\n    model(x)\n"), "<no fix>");
  EXPECT_EQ(wrapped("for x in loader:\n    log('a\\\nb')\n"), "<no fix>");
  // Strings on one line, even concatenated across lines, are re-indented safely.
  EXPECT_EQ(wrapped("for x in loader:\n    log('a'\n        \"b\")\n"),
            "with torch.no_grad():\n    for x in loader:\n        log('a'\n            \"b\")\n");
}

TEST(IndentUnit, MostCommonStepOfTheFile) {
  EXPECT_EQ(indentUnit(*parse("def f():\n  if x:\n    y()\n  return 1\n").model), "  ");
  EXPECT_EQ(indentUnit(*parse("class A:\n\tdef f(self):\n\t\tpass\n").model), "\t");
  EXPECT_EQ(indentUnit(*parse("x = 1\nif x: y()\n").model), "    ");
}

std::string withImport(const std::string& text) {
  Parsed p = parse(text);
  auto edit = addImport(*p.model, "torch");
  return edit ? appliedAndParsed(text, {*edit}) : "<no import>";
}

TEST(AddImport, BeforeTheFirstImportAfterFutureImports) {
  EXPECT_EQ(withImport("\"\"\"Doc.\"\"\"\nimport os\nfrom torch import nn\n"),
            "\"\"\"Doc.\"\"\"\nimport torch\nimport os\nfrom torch import nn\n");
  EXPECT_EQ(withImport("from __future__ import annotations\nfrom torch import nn\n"),
            "from __future__ import annotations\nimport torch\nfrom torch import nn\n");
  EXPECT_EQ(withImport("from __future__ import annotations"), "from __future__ import annotations\nimport torch");
  EXPECT_EQ(withImport("def f():\n    import torch.nn\n"), "<no import>");
}

// The text after deleting the statement that holds the first `empty_cache()` call.
std::string deleted(const std::string& text) {
  Parsed p = parse(text);
  for (const python::Call& c : p.model->calls())
    if (c.callee.text() == "empty_cache") {
      auto edit = deleteStatement(*p.model, c.node.parent());
      return edit ? appliedAndParsed(text, {*edit}) : "<no edit>";
    }
  return "<no call>";
}

TEST(DeleteStatement, WholeLineAmongOthers) {
  EXPECT_EQ(deleted("for x in y:\n    step(x)\n    empty_cache()  # free\n    log(x)\n"),
            "for x in y:\n    step(x)\n    log(x)\n");
  EXPECT_EQ(deleted("for x in y:\r\n    step(x)\r\n    empty_cache();\r\n"), "for x in y:\r\n    step(x)\r\n");
  EXPECT_EQ(deleted("for x in y:\n    step(x)\n    empty_cache()"), "for x in y:\n    step(x)");
  EXPECT_EQ(deleted("for x in y:\n    step(x)\n    empty_cache(\n        )\n    log(x)\n"),
            "for x in y:\n    step(x)\n    log(x)\n");
}

TEST(DeleteStatement, OnlyStatementBecomesPass) {
  EXPECT_EQ(deleted("if a:\n    step()\nelse:\n    # cleanup\n    empty_cache()  # free\nlog()\n"),
            "if a:\n    step()\nelse:\n    # cleanup\n    pass\nlog()\n");
  EXPECT_EQ(deleted("for x in y:\n\tif x: empty_cache()\n\tstep(x)\n"), "for x in y:\n\tif x: pass\n\tstep(x)\n");
}

TEST(DeleteStatement, SemicolonSeparatedStatements) {
  EXPECT_EQ(deleted("for x in y:\n    empty_cache(); step(x)\n"), "for x in y:\n    step(x)\n");
  EXPECT_EQ(deleted("for x in y:\n    step(x); empty_cache()  # c\n"), "for x in y:\n    step(x)  # c\n");
  EXPECT_EQ(deleted("for x in y:\n    step(x); empty_cache();\n"), "for x in y:\n    step(x);\n");
  EXPECT_EQ(deleted("for x in y:\n    a(); empty_cache(); b()\n"), "for x in y:\n    a(); b()\n");
  EXPECT_EQ(deleted("for x in y: step(x); empty_cache()\n"), "for x in y: step(x)\n");
}

}  // namespace
}  // namespace gpulint::fixits
