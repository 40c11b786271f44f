// Transport, position and server robustness: any chunking of the input,
// garbage, truncated and oversized frames, a 10 MB document, 1,000 rapid
// changes, and incremental re-parsing that must agree with a fresh parse.
#include <gtest/gtest.h>

#include <random>

#include "lsp/features.h"
#include "lsp/server.h"

namespace {

using gpulint::lsp::Document;
using gpulint::lsp::FrameDecoder;
using gpulint::lsp::json;
using gpulint::lsp::LineIndex;
using gpulint::lsp::PositionEncoding;
using gpulint::lsp::Server;

const char* kScript =
    "import torch\n\n\ndef evaluate(model, loader):\n    model.eval()\n    for x, y in loader:\n"
    "        tag = \"\xC3\xA9\xF0\x9F\x98\x80\"; out = model(x.cuda())\n    return out\n";

json notify(const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}
json call(int id, const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

// A server fed through the real decoder, collecting what it sends.
struct Harness {
  std::vector<json> out;
  Server server{[this](const json& m) { out.push_back(m); }};
  FrameDecoder decoder;
  void feed(const std::string& bytes) {
    decoder.feed(bytes);
    while (auto frame = decoder.next()) server.receive(std::move(*frame));
  }
  void send(const json& m) { feed(gpulint::lsp::encodeFrame(m)); }
  std::vector<json> process() {
    server.process();
    return std::exchange(out, {});
  }
  void open(const std::string& uri, const std::string& text) {
    send(call(1, "initialize", {{"capabilities", json::object()}}));
    send(notify("textDocument/didOpen",
                {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", 1}, {"text", text}}}}));
  }
};

json change(const std::string& uri, int version, int line, int from, int to, const std::string& text) {
  return notify("textDocument/didChange",
                {{"textDocument", {{"uri", uri}, {"version", version}}},
                 {"contentChanges", json::array({{{"range", {{"start", {{"line", line}, {"character", from}}},
                                                             {"end", {{"line", line}, {"character", to}}}}},
                                                  {"text", text}}})}});
}

TEST(LspTransport, AnyChunkingYieldsTheSameFrames) {
  std::string wire;
  for (int i = 0; i < 5; ++i)
    wire += gpulint::lsp::encodeFrame(call(i, "m", {{"text", std::string(i * 1000, 'x') + "\xC3\xA9"}}));
  for (size_t chunk : {size_t{1}, size_t{7}, size_t{4096}, wire.size()}) {
    FrameDecoder decoder;
    std::vector<json> got;
    for (size_t at = 0; at < wire.size(); at += chunk) {
      decoder.feed(std::string_view(wire).substr(at, chunk));
      while (auto f = decoder.next()) got.push_back(*f->body);
    }
    ASSERT_EQ(got.size(), 5u) << "chunk " << chunk;
    EXPECT_EQ(got[4]["id"], 4);
    EXPECT_EQ(decoder.pending(), 0u);
  }
}

TEST(LspTransport, TruncatedFrameWaitsAndOversizedBodyIsSkipped) {
  FrameDecoder decoder;
  decoder.feed("Content-Length: 100\r\n\r\n{\"jsonrpc\":");
  EXPECT_FALSE(decoder.next().has_value());  // truncated: more bytes needed, nothing invented
  FrameDecoder big;
  big.feed("Content-Length: 70000000\r\n\r\n" + std::string(1000, 'z'));
  auto error = big.next();
  ASSERT_TRUE(error && !error->body);
  EXPECT_EQ(error->error_code, gpulint::lsp::error_code::kInvalidRequest);
  big.feed(std::string(70000000 - 1000, 'z'));  // dropped as it arrives
  big.feed(gpulint::lsp::encodeFrame(call(2, "after", json::object())));
  auto next = big.next();
  ASSERT_TRUE(next && next->body);
  EXPECT_EQ((*next->body)["method"], "after");
}

TEST(LspPositions, Utf16AndUtf8ColumnsAfterNonAscii) {
  std::string text = "a\xC3\xA9\xF0\x9F\x98\x80z\r\nsecond\n";
  LineIndex lines(text);
  // 'z' is byte 7: UTF-16 column 4 (é = 1 unit, 😀 = 2), UTF-8 column 7.
  EXPECT_EQ(lines.offset(text, {0, 4}, PositionEncoding::Utf16), 7u);
  EXPECT_EQ(lines.offset(text, {0, 7}, PositionEncoding::Utf8), 7u);
  EXPECT_EQ(lines.position(text, 7, PositionEncoding::Utf16), (gpulint::lsp::LspPosition{0, 4}));
  EXPECT_EQ(lines.position(text, 7, PositionEncoding::Utf8), (gpulint::lsp::LspPosition{0, 7}));
  // Past the end of a line clamps before its "\r\n"; past the last line, to the end.
  EXPECT_EQ(lines.offset(text, {0, 99}, PositionEncoding::Utf16), 8u);
  EXPECT_EQ(lines.offset(text, {9, 0}, PositionEncoding::Utf16), text.size());
  EXPECT_EQ(lines.offset(text, {1, 3}, PositionEncoding::Utf8), 13u);
}

TEST(LspPositions, UrisRoundTrip) {
  std::string path = "/tmp/my project/\xC3\xA9t\xC3\xA9.py";
  EXPECT_EQ(gpulint::lsp::pathToUri(path), "file:///tmp/my%20project/%C3%A9t%C3%A9.py");
  EXPECT_EQ(gpulint::lsp::uriToPath(gpulint::lsp::pathToUri(path)), path);
  EXPECT_EQ(gpulint::lsp::uriToPath("untitled:Untitled-1"), "");
}

TEST(LspRobustness, GarbageThenAValidSessionIsAnswered) {
  Harness h;
  std::mt19937 rng(7);
  std::string garbage;
  for (int i = 0; i < 100000; ++i) garbage += static_cast<char>(rng() & 0xFF);
  garbage += "\r\n\r\nContent-Length: -5\r\n\r\nContent-Length: 3\r\n\r\n{{{";
  h.feed(garbage);
  for (const auto& m : h.process()) EXPECT_TRUE(m.contains("error")) << m.dump().substr(0, 200);
  h.send(call(1, "initialize", {{"capabilities", json::object()}}));
  auto out = h.process();
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back()["id"], 1);
  EXPECT_TRUE(out.back().contains("result"));
}

TEST(LspRobustness, TenMegabyteDocument) {
  Harness h;
  std::string text = kScript;
  // Statements, not comments: tree-sitter-python's scanner is quadratic in a
  // run of consecutive comment lines (each newline looks past all of them).
  std::string padding = "PAD = \"" + std::string(92, 'p') + "\"\n";
  while (text.size() < 10u << 20) text += padding;
  h.open("file:///big/train.py", text);
  h.send(change("file:///big/train.py", 2, 1, 0, 0, "#"));
  json hover_params = {{"textDocument", {{"uri", "file:///big/train.py"}}},
                       {"position", {{"line", 3}, {"character", 1}}}};
  h.send(call(2, "textDocument/hover", hover_params));
  auto out = h.process();
  ASSERT_EQ(out.size(), 3u);  // initialize result, one publish, hover
  EXPECT_EQ(out[1]["params"]["version"], 2);
  ASSERT_EQ(out[1]["params"]["diagnostics"].size(), 1u);
  EXPECT_EQ(out[1]["params"]["diagnostics"][0]["code"], "GPU205");
  EXPECT_FALSE(out[2]["result"].is_null());
}

TEST(LspRobustness, ThousandRapidChangesCoalesceIntoOnePublish) {
  Harness h;
  h.open("file:///rapid/train.py", kScript);
  h.process();
  for (int i = 0; i < 1000; ++i)  // type and delete one character, 500 times
    h.send(i % 2 == 0 ? change("file:///rapid/train.py", i + 2, 0, 0, 0, "x")
                      : change("file:///rapid/train.py", i + 2, 0, 0, 1, ""));
  auto out = h.process();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["params"]["version"], 1001);
  ASSERT_EQ(out[0]["params"]["diagnostics"].size(), 1u);
  EXPECT_EQ(out[0]["params"]["diagnostics"][0]["range"]["start"]["line"], 3);
}

// Incremental re-parsing (ts_tree_edit) must give what a fresh analysis gives.
TEST(LspRobustness, IncrementalAnalysisMatchesFreshAnalysis) {
  Document doc("file:///inc/train.py", "/inc/train.py", kScript, 1);
  (void)doc.analyze({});
  std::mt19937 rng(11);
  const std::vector<std::string> inserts = {"x", "\n", "    ", "(", "\xC3\xA9", "torch.no_grad()\n", ""};
  for (int i = 0; i < 300; ++i) {
    auto line = static_cast<uint32_t>(rng() % (doc.lines().lineCount() + 1));
    uint32_t from = rng() % 12, to = from + rng() % 3;
    doc.applyEdit({line, from}, {line, to}, inserts[rng() % inserts.size()], PositionEncoding::Utf16);
    if (i % 10 != 9) continue;  // several edits between parses, like a burst of typing
    auto incremental = doc.analyze({});
    auto fresh = gpulint::analyzeSource(
        std::make_shared<gpulint::SourceFile>(doc.path(), doc.text(), gpulint::FileKind::Python), {});
    ASSERT_EQ(incremental.diagnostics.size(), fresh.diagnostics.size()) << doc.text();
    for (size_t k = 0; k < fresh.diagnostics.size(); ++k) {
      EXPECT_EQ(incremental.diagnostics[k].location.begin, fresh.diagnostics[k].location.begin);
      EXPECT_EQ(incremental.diagnostics[k].location.end, fresh.diagnostics[k].location.end);
      EXPECT_EQ(incremental.diagnostics[k].message, fresh.diagnostics[k].message);
    }
  }
}

}  // namespace
