// The editor keeps a document's findings across an edit that cannot change
// them (lsp/reuse.h). Whatever path an edit takes, the findings must equal a
// full analysis of the new text: over edits of every Python fixture, and
// over edits that do change the findings (a sync added in a helper the step
// loop calls, a guard deleted, a function renamed, module-level edits,
// edits that break the parse).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checkers/pipeline.h"
#include "lsp/document.h"

namespace {

using gpulint::Diagnostic;
using gpulint::lsp::Document;
using gpulint::lsp::LineIndex;
using gpulint::lsp::LspPosition;
using gpulint::lsp::PositionEncoding;

std::string where(const gpulint::Location& l) {
  std::ostringstream s;
  s << l.file << "@" << l.begin << "-" << l.end << "(" << l.start.line << ":" << l.start.column << "/"
    << l.start.column_utf16 << "-" << l.stop.line << ":" << l.stop.column << "/" << l.stop.column_utf16 << ")";
  return s.str();
}

// Every field of every finding, one per line.
std::string canonical(const std::vector<Diagnostic>& findings) {
  std::ostringstream s;
  for (const Diagnostic& d : findings) {
    s << d.rule << " " << static_cast<int>(d.level) << " " << where(d.location) << " " << d.message;
    for (const auto& r : d.related) s << " | " << where(r.location) << " " << r.message;
    for (const auto& f : d.fixes) {
      s << " || " << f.title << " " << static_cast<int>(f.applicability);
      for (const auto& e : f.edits) s << " [" << e.file << " " << e.begin << "-" << e.end << " " << e.replacement << "]";
    }
    if (d.value_fix) s << " ~ " << d.value_fix->literal << ">" << d.value_fix->replacement << " " << d.value_fix->title;
    s << "\n";
  }
  return s.str();
}

std::string fullAnalysis(const std::string& text) {
  auto source = std::make_shared<gpulint::SourceFile>("/t/train.py", text, gpulint::FileKind::Python);
  gpulint::FileAnalysis a = gpulint::analyzeSource(source, {});
  return a.error + "\n" + canonical(a.diagnostics);
}

std::string analysed(Document& doc) {
  gpulint::FileAnalysis a = doc.analyze({});
  return a.error + "\n" + canonical(a.diagnostics);
}

// An edit of the text in byte offsets, sent as the LSP range an editor would.
struct Edit {
  uint32_t begin, end;
  std::string text;
};

void apply(Document& doc, const Edit& e) {
  LineIndex lines(doc.text());
  LspPosition start = lines.position(doc.text(), e.begin, PositionEncoding::Utf8);
  LspPosition stop = lines.position(doc.text(), e.end, PositionEncoding::Utf8);
  doc.applyEdit(start, stop, e.text, PositionEncoding::Utf8);
}

struct Counts {
  int reused = 0;
  int full = 0;
};

// Applies `e` to `doc` (analysed, holding `text`, whose findings are
// `base`), checks the result against a full analysis, then undoes the edit
// and checks that the first findings come back.
void checkEdit(Document& doc, const std::string& text, const std::string& base, const Edit& e, Counts& counts,
               const std::string& what) {
  apply(doc, e);
  std::string after = analysed(doc);
  (doc.reusedLast() ? counts.reused : counts.full)++;
  ASSERT_EQ(after, fullAnalysis(doc.text())) << what << " reused=" << doc.reusedLast();
  apply(doc, {e.begin, static_cast<uint32_t>(e.begin + e.text.size()), text.substr(e.begin, e.end - e.begin)});
  ASSERT_EQ(doc.text(), text);
  std::string undone = analysed(doc);
  (doc.reusedLast() ? counts.reused : counts.full)++;
  ASSERT_EQ(undone, base) << what << " (undone) reused=" << doc.reusedLast();
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Edits an editor makes all over a file: blank lines, comment text, trailing
// and leading whitespace, new comment lines, new code, broken brackets,
// deleted lines. One kind per line, rotating, on about 48 lines spread
// over the file, so each file sees each kind.
std::vector<std::pair<Edit, std::string>> editsOf(const std::string& text) {
  std::vector<std::pair<Edit, std::string>> out;
  std::vector<uint32_t> starts{0};
  for (uint32_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  size_t stride = std::max<size_t>(1, starts.size() / 48), turn = 0;
  for (size_t line = 0; line + 1 < starts.size(); line += stride, ++turn) {
    uint32_t b = starts[line], e = starts[line + 1] - 1;  // e: the line's '\n'
    std::string content = text.substr(b, e - b);
    size_t first = content.find_first_not_of(" \t");
    std::string indent = content.substr(0, first == std::string::npos ? content.size() : first);
    size_t hash = content.find('#');
    std::string tag = "line " + std::to_string(line + 1) + " kind ";
    switch (turn % 8) {
      case 0: out.push_back({{b, b, "\n"}, tag + "blank line"}); break;
      case 1:
        if (hash != std::string::npos) out.push_back({{e, e, " and more"}, tag + "comment text"});
        else out.push_back({{e, e, "   "}, tag + "trailing spaces"});
        break;
      case 2: out.push_back({{b, b, indent + "# a new comment\n"}, tag + "comment line"}); break;
      case 3: out.push_back({{b, b, indent + "probe = 1\n"}, tag + "code line"}); break;
      case 4: out.push_back({{e, e, "("}, tag + "broken bracket"}); break;
      case 5:
        if (first == std::string::npos) out.push_back({{b, e + 1, ""}, tag + "blank line deleted"});
        else out.push_back({{b, b, " "}, tag + "indentation"});
        break;
      case 6:
        if (hash != std::string::npos && hash + 1 < content.size())
          out.push_back({{b + static_cast<uint32_t>(hash) + 1, e, ""}, tag + "comment emptied"});
        else out.push_back({{b, b, indent + "\n"}, tag + "indented blank line"});
        break;
      default:
        if (first != std::string::npos) out.push_back({{e, e, "  # why"}, tag + "trailing comment"});
        break;
    }
  }
  return out;
}

TEST(LspReuse, EditsOfEveryFixtureMatchAFullAnalysis) {
  Counts counts;
  std::vector<std::filesystem::path> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(GPULINT_SOURCE_DIR) / "testdata" / "python"))
    if (entry.path().extension() == ".py" && entry.path().stem().extension().empty()) paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  ASSERT_GT(paths.size(), 20u);
  for (const auto& p : paths) {
    std::string text = readFile(p);
    Document doc("file:///t/train.py", "/t/train.py", text, 1);
    std::string base = analysed(doc);
    ASSERT_EQ(base, fullAnalysis(text));
    for (const auto& [edit, what] : editsOf(text)) {
      checkEdit(doc, text, base, edit, counts, p.filename().string() + " " + what);
      if (HasFatalFailure()) return;
    }
  }
  // Both paths ran, often: the equality above covers each of them.
  EXPECT_GT(counts.reused, 200) << counts.full << " full";
  EXPECT_GT(counts.full, 300) << counts.reused << " reused";
}

const char* kScript =
    "import torch\n"
    "\n"
    "LOG_EVERY = 100\n"
    "\n"
    "\n"
    "def log_loss(loss, step):\n"
    "    value = loss.item()\n"
    "    # report progress\n"
    "    return value\n"
    "\n"
    "\n"
    "def train(model, loader, opt, epochs):\n"
    "    for epoch in range(epochs):\n"
    "        for step, (x, y) in enumerate(loader):\n"
    "            x = x.cuda()\n"
    "            y = y.cuda()\n"
    "            loss = model(x, y)\n"
    "            opt.zero_grad()\n"
    "            loss.backward()\n"
    "            opt.step()\n"
    "            log_loss(loss, step)\n"
    "            if step % LOG_EVERY == 0:\n"
    "                print(loss.item())\n"
    "\n"
    "\n"
    "train(torch.nn.Linear(2, 2).cuda(), [], None, 3)\n";

Edit replacing(const std::string& text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + from.size()), to};
}

// Edits that change what is found take the full path, and agree with it.
TEST(LspReuse, EditsThatChangeFindingsAreRecomputed) {
  const std::string text = kScript;
  const std::string base = fullAnalysis(text);
  struct Case {
    std::string what;
    Edit edit;
  };
  std::vector<Case> cases = {
      {"the sync in the helper the step loop calls removed", replacing(text, "loss.item()\n    #", "loss.detach()\n    #")},
      {"the periodic guard deleted",
       replacing(text, "            if step % LOG_EVERY == 0:\n                print", "            print")},
      {"the helper renamed", replacing(text, "def log_loss(", "def log_loss_every(")},
      {"a module-level constant made per step", replacing(text, "LOG_EVERY = 100", "LOG_EVERY = 1")},
      {"the parse broken", replacing(text, "    for epoch in range(epochs):\n", "    for epoch in range(epochs:\n")},
  };
  for (const Case& c : cases) {
    Document doc("file:///t/train.py", "/t/train.py", text, 1);
    ASSERT_EQ(analysed(doc), base);
    apply(doc, c.edit);
    std::string after = analysed(doc);
    EXPECT_FALSE(doc.reusedLast()) << c.what;
    EXPECT_NE(after, base) << c.what << ": the edit must change the findings for this case to test anything";
    EXPECT_EQ(after, fullAnalysis(doc.text())) << c.what;
  }
}

// Comment text and blank lines between statements keep the findings, moved
// with the lines that follow.
TEST(LspReuse, CommentsAndBlankLinesKeepFindingsMoved) {
  const std::string text = kScript;
  Document doc("file:///t/train.py", "/t/train.py", text, 1);
  std::string base = analysed(doc);
  ASSERT_NE(base, "\n") << "the script must have findings to move";
  apply(doc, replacing(doc.text(), "# report progress", "# report the progress"));
  EXPECT_EQ(analysed(doc), fullAnalysis(doc.text()));
  EXPECT_TRUE(doc.reusedLast());
  // Spaces on a blank line: the findings below move by four bytes.
  apply(doc, replacing(doc.text(), "LOG_EVERY = 100\n\n", "LOG_EVERY = 100\n    \n"));
  std::string moved = analysed(doc);
  EXPECT_EQ(moved, fullAnalysis(doc.text()));
  EXPECT_TRUE(doc.reusedLast());
  EXPECT_NE(moved, base);
  // Blank lines below every line the findings cite.
  apply(doc, replacing(doc.text(), "\n\ntrain(", "\n\n\n\ntrain("));
  EXPECT_EQ(analysed(doc), fullAnalysis(doc.text()));
  EXPECT_TRUE(doc.reusedLast());
  // Blank lines above a cited line: the prose would change, a full analysis.
  apply(doc, replacing(doc.text(), "    return value\n", "    return value\n\n\n"));
  EXPECT_EQ(analysed(doc), fullAnalysis(doc.text()));
  EXPECT_FALSE(doc.reusedLast());
  // A comment that becomes code is an edit like any other.
  apply(doc, replacing(doc.text(), "# report the progress", "print(step)"));
  EXPECT_EQ(analysed(doc), fullAnalysis(doc.text()));
  EXPECT_FALSE(doc.reusedLast());
}

}  // namespace
