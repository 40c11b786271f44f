// Notebooks: IPython masking, the JSON scan, the offset map, and fixes
// written back into the cell source (frontend/notebook, fixits/notebook_edits).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixits/notebook_edits.h"
#include "frontend/notebook/notebook.h"

namespace gpulint {
namespace {

using notebook::loadNotebook;
using notebook::maskIPython;

std::string masked(std::string cell) {
  (void)maskIPython(cell);
  return cell;
}

// `0` and spaces up to `n` bytes: a masked statement.
std::string zero(size_t n) { return "0" + std::string(n - 1, ' '); }

TEST(NotebookMask, LineMagicsShellAndHelpBecomeSameLengthPython) {
  std::string cell = "%matplotlib inline\n!pip install -q torch\nx = 1\nnn.Linear?\n??DataLoader\n";
  std::string out = masked(cell);
  ASSERT_EQ(out.size(), cell.size());
  EXPECT_EQ(out, zero(18) + "\n" + zero(21) + "\nx = 1\n" + zero(10) + "\n" + zero(12) + "\n");
}

TEST(NotebookMask, AssignmentsFromMagicsKeepTheTarget) {
  EXPECT_EQ(masked("files = !ls data/\n"), "files = " + zero(9) + "\n");
  EXPECT_EQ(masked("t = %timeit -o f()\n"), "t = " + zero(14) + "\n");
  EXPECT_EQ(masked("a == !b\n"), "a == !b\n");  // not an assignment: left as is (a syntax error)
}

TEST(NotebookMask, ModuloAndStringsThatContinueAnExpressionAreNotMagics) {
  std::string cell = "msg = (\"loss %.3f\"\n       % 1.0)\ns = \"\"\"\n%not a magic\n\"\"\"\n";
  EXPECT_EQ(masked(cell), cell);
  std::string continued = "x = 1 + \\\n% 2\n";
  EXPECT_EQ(masked(continued), continued);
}

TEST(NotebookMask, ShellInsideABlockKeepsTheBlockValid) {
  EXPECT_EQ(masked("if ok:\n    !nvidia-smi\n"), "if ok:\n    " + zero(11) + "\n");
  EXPECT_EQ(masked("!pip install \\\n    -q tqdm\nimport x\n"), zero(14) + "\n" + std::string(11, ' ') + "\nimport x\n");
}

// `%time train(model, loader)` runs the call: only the magic is masked, so the
// call (and the loader it hands to the training loop) stays in the model.
TEST(NotebookMask, TimingLineMagicsKeepTheirPython) {
  EXPECT_EQ(masked("%time train(model, loader)\n"), "0;    train(model, loader)\n");
  EXPECT_EQ(masked("if ok:\n    %timeit  f(x)\n"), "if ok:\n    0;       f(x)\n");
  EXPECT_EQ(masked("%prun fit(m,\n     dl)\nx = 1\n"), "0;    fit(m,\n     dl)\nx = 1\n");  // the call continues
  // Options, a compound statement or nothing after the magic: the whole line.
  EXPECT_EQ(masked("%timeit -n 10 f()\n"), zero(17) + "\n");
  EXPECT_EQ(masked("%time for x in y: f(x)\n"), zero(22) + "\n");
  EXPECT_EQ(masked("%time\n"), zero(5) + "\n");
  EXPECT_EQ(masked("%matplotlib inline\n"), zero(18) + "\n");  // not a Python-running magic
}

TEST(NotebookMask, CellMagicsMaskTheirLineOrTheirCell) {
  EXPECT_EQ(masked("%%time\nfor x in y:\n    f(x)\n"), zero(6) + "\nfor x in y:\n    f(x)\n");
  EXPECT_EQ(masked("%%bash\nfor f in *.csv; do echo $f; done\n"), std::string(6, ' ') + "\n" + std::string(32, ' ') + "\n");
  EXPECT_EQ(masked("x = 1\n%%time\n"), "x = 1\n" + zero(6) + "\n");  // not first: a line magic
}

// A notebook as Jupyter writes it: indent 1, one string per line, outputs.
const char* kNotebook = R"({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Title"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [],
   "source": [
    "%matplotlib inline\n",
    "import torch"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 2,
   "metadata": {},
   "outputs": [{"name": "stdout", "output_type": "stream", "text": ["é \"q\"\n"]}],
   "source": [
    "s = \"tab\\there é\"\n",
    "loader = DataLoader(ds)\n"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": "y = 2\nz = \u00e9"
  }
 ],
 "metadata": {"kernelspec": {"language": "python"}},
 "nbformat": 4,
 "nbformat_minor": 5
}
)";

TEST(NotebookLoad, JoinsCodeCellsAndMapsBackToCellsAndJsonLines) {
  notebook::LoadedNotebook nb = loadNotebook("nb.ipynb", kNotebook);
  ASSERT_TRUE(nb.source) << nb.error;
  const SourceFile& py = *nb.source;
  EXPECT_EQ(py.text(), "0                 \nimport torch\ns = \"tab\\there é\"\nloader = DataLoader(ds)\ny = 2\nz = é\n");
  const notebook::NotebookMap& map = *py.notebook();
  ASSERT_EQ(map.cells().size(), 3u);
  uint32_t loader = static_cast<uint32_t>(py.text().find("DataLoader"));
  auto cell = map.cellPosition(py.position(loader));
  ASSERT_TRUE(cell);
  EXPECT_EQ(cell->cell, 3u);  // markdown counted
  EXPECT_EQ(cell->index, 2u);
  EXPECT_EQ(cell->line, 2u);
  EXPECT_EQ(cell->column, 10u);
  Location in_json = map.jsonLocation(py.location(loader, loader + 10));
  EXPECT_EQ(map.json().text().substr(in_json.begin, in_json.end - in_json.begin), "DataLoader");
  EXPECT_EQ(map.json().line(in_json.start.line), "    \"loader = DataLoader(ds)\\n\"");
  // After an escape (\" and \\t) the map still lands on the right byte.
  uint32_t e_acute = static_cast<uint32_t>(py.text().find("é\""));
  EXPECT_EQ(map.json().text().substr(map.jsonOffset(e_acute), 2), "é");
  // A source written as one string: \u00e9 decodes to é, and maps to the escape.
  uint32_t z = static_cast<uint32_t>(py.text().rfind("é"));
  EXPECT_EQ(map.json().text().substr(map.jsonOffset(z), 6), "\\u00e9");
}

TEST(NotebookLoad, MessagesNameCellLinesNotLinesOfTheJoinedText) {
  auto nb = loadNotebook("nb.ipynb", kNotebook);
  ASSERT_TRUE(nb.source);
  // Line 4 of the joined text is line 2 of cell 3 (the markdown cell counts).
  EXPECT_EQ(nb.source->notebook()->cellLineRefs("loop at line 4 (x at nb.ipynb:4, y at other.py:4, pipeline 4)"),
            "loop at cell 3, line 2 (x at nb.ipynb:cell 3:2, y at other.py:4, pipeline 4)");
}

TEST(NotebookLoad, BrokenOrForeignNotebooksSayWhy) {
  EXPECT_NE(loadNotebook("a.ipynb", "{\"cells\": [").error.find("invalid notebook JSON"), std::string::npos);
  EXPECT_NE(loadNotebook("a.ipynb", R"({"nbformat": 3, "worksheets": []})").error.find("nbformat 3"), std::string::npos);
  EXPECT_NE(loadNotebook("a.ipynb", R"({"nbformat": 4})").error.find("no \"cells\" list"), std::string::npos);
  EXPECT_NE(loadNotebook("a.ipynb", "[1, 2]").error.find("not an object"), std::string::npos);
  auto julia = loadNotebook("a.ipynb", R"({"nbformat": 4, "cells": [], "metadata": {"language_info": {"name": "julia"}}})");
  EXPECT_FALSE(julia.source);
  EXPECT_EQ(julia.skipped, "a notebook in julia, not Python");
  auto empty = loadNotebook("a.ipynb", R"({"nbformat": 4, "cells": []})");
  ASSERT_TRUE(empty.source);
  EXPECT_EQ(empty.source->text(), "");
}

TEST(NotebookLoad, DeepOutputsDoNotOverflowTheScan) {
  std::string deep = std::string(20000, '[') + std::string(20000, ']');
  std::string text = R"({"cells": [{"cell_type": "code", "outputs": )" + deep +
                     R"(, "source": ["x = 1\n"]}], "nbformat": 4})";
  auto nb = loadNotebook("deep.ipynb", text);
  if (nb.source) EXPECT_EQ(nb.source->text(), "x = 1\n");
  else EXPECT_FALSE(nb.error.empty());
}

Edit edit(const SourceFile& py, const std::string& find, const std::string& replacement, size_t extra = 0) {
  uint32_t at = static_cast<uint32_t>(py.text().find(find));
  return {py.path(), at, static_cast<uint32_t>(at + find.size() + extra), replacement};
}

TEST(NotebookEdits, OnlyTheChangedLineIsRewrittenInTheNotebooksStyle) {
  auto nb = loadNotebook("nb.ipynb", kNotebook);
  ASSERT_TRUE(nb.source);
  auto out = fixits::applyNotebookEdits(*nb.source, {edit(*nb.source, "(ds)", "(ds, num_workers=4)")});
  ASSERT_EQ(out.error, "");
  std::string want = kNotebook;
  want.replace(want.find("(ds)"), 4, "(ds, num_workers=4)");
  EXPECT_EQ(out.json, want);
}

TEST(NotebookEdits, NewLinesBecomeNewStringsAndOneStringSourcesStayOne) {
  auto nb = loadNotebook("nb.ipynb", kNotebook);
  ASSERT_TRUE(nb.source);
  auto out = fixits::applyNotebookEdits(
      *nb.source, {edit(*nb.source, "import torch", "import torch\nimport os"), edit(*nb.source, "y = 2", "y = 3")});
  ASSERT_EQ(out.error, "");
  EXPECT_NE(out.json.find("    \"import torch\\n\",\n    \"import os\"\n   ]"), std::string::npos) << out.json;
  // A one-string source is re-encoded whole, as Jupyter writes it (UTF-8 kept, not \u-escaped).
  EXPECT_NE(out.json.find("\"source\": \"y = 3\\nz = é\""), std::string::npos) << out.json;
  auto reread = nlohmann::json::parse(out.json);
  EXPECT_EQ(reread["cells"][3]["source"], "y = 3\nz = é");
}

TEST(NotebookEdits, MaskedSyntaxAndCellBoundariesAreNotEdited) {
  auto nb = loadNotebook("nb.ipynb", kNotebook);
  ASSERT_TRUE(nb.source);
  auto magic = fixits::applyNotebookEdits(*nb.source, {edit(*nb.source, "0 ", "x")});
  EXPECT_NE(magic.error.find("IPython"), std::string::npos);
  auto across = fixits::applyNotebookEdits(*nb.source, {edit(*nb.source, "torch", "", 3)});
  EXPECT_NE(across.error.find("two notebook cells"), std::string::npos);
}

}  // namespace
}  // namespace gpulint
