#include "frontend/ts/query.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/ts/tree.h"

namespace gpulint::ts {
namespace {

// Compiles or fails the test with the query's own diagnostic.
Query mustCompile(const TSLanguage* lang, std::string_view src) {
  auto r = Query::compile(lang, src, "test.scm");
  if (auto* e = std::get_if<QueryError>(&r)) {
    ADD_FAILURE() << e->describe();
    throw std::runtime_error(e->describe());
  }
  return std::move(std::get<Query>(r));
}

QueryError mustFail(const TSLanguage* lang, std::string_view src,
                    std::string_view file = "test.scm") {
  auto r = Query::compile(lang, src, file);
  auto* e = std::get_if<QueryError>(&r);
  if (!e) {
    ADD_FAILURE() << "query compiled but was expected to fail:\n" << src;
    return QueryError{};
  }
  return *e;
}

// Text of capture `name` for every match of `q` over `code`.
std::vector<std::string> matchTexts(const TSLanguage* lang, std::string_view q_src,
                                    std::string code, std::string_view name) {
  Query q = mustCompile(lang, q_src);
  Parser p(lang);
  Tree tree = p.parse(std::move(code));
  QueryCursor cursor;
  std::vector<std::string> out;
  for (const Match& m : cursor.matches(q, tree.root())) out.emplace_back(m.capture(name).text());
  return out;
}

using Texts = std::vector<std::string>;

const char* kPython =
    "import torch\n"
    "for epoch in range(10):\n"
    "    for batch in loader:\n"
    "        x = batch.cuda()\n"
    "        loss.item()\n"
    "        print(epoch)\n"
    "        torch.cuda.synchronize()\n";

const char* kCallAttr = "(call function: (attribute attribute: (identifier) @method)) @call";

// ------------------------------------------------------------ compile errors

TEST(TsQuery, CompileErrorInvalidNodeTypeHasLineAndColumn) {
  // 'fro' sits on line 3, after six spaces and '(' -> column 8.
  const char* src =
      "; loops\n"
      "(for_statement\n"
      "      (fro) @x)\n";
  QueryError e = mustFail(tree_sitter_python(), src, "patterns/python/loops.scm");
  EXPECT_EQ(e.kind, QueryError::Kind::NodeType);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 8u);
  EXPECT_EQ(e.describe(), "patterns/python/loops.scm:3:8: invalid node type 'fro'");
}

TEST(TsQuery, CompileErrorInvalidField) {
  // No capture under the bad field: tree-sitter 0.25 leaks that capture's
  // bookkeeping on this error path, which would trip LeakSanitizer builds.
  const char* src = "(call\n  fn: (identifier))";
  QueryError e = mustFail(tree_sitter_python(), src);
  EXPECT_EQ(e.kind, QueryError::Kind::Field);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_EQ(e.message, "invalid field 'fn'");
}

TEST(TsQuery, CompileErrorSyntaxAndUndefinedCapture) {
  QueryError syntax = mustFail(tree_sitter_python(), "(call\n  (identifier) @f");
  EXPECT_EQ(syntax.kind, QueryError::Kind::Syntax);
  EXPECT_NE(syntax.message.find("syntax error"), std::string::npos) << syntax.message;

  QueryError cap = mustFail(tree_sitter_python(), "((identifier) @a\n (#eq? @b \"x\"))");
  EXPECT_EQ(cap.kind, QueryError::Kind::Capture);
  EXPECT_EQ(cap.line, 2u);
  EXPECT_EQ(cap.column, 9u);  // the 'b' after '@'
  EXPECT_EQ(cap.message.find("invalid capture '@b'"), 0u) << cap.message;
}

TEST(TsQuery, CompileErrorStructure) {
  // An identifier never has a call as its child.
  QueryError e = mustFail(tree_sitter_python(), "(identifier (call))");
  EXPECT_EQ(e.kind, QueryError::Kind::Structure);
  EXPECT_NE(e.message.find("structure"), std::string::npos);
}

TEST(TsQuery, UnknownPredicateIsReportedAtItsName) {
  const char* src =
      "(identifier) @ok\n"
      "((call function: (identifier) @f)\n"
      "  (#frob? @f \"x\"))\n";
  QueryError e = mustFail(tree_sitter_python(), src);
  EXPECT_EQ(e.kind, QueryError::Kind::Predicate);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 4u);
  EXPECT_EQ(e.describe(), "test.scm:3:4: unknown predicate '#frob?'");
}

TEST(TsQuery, PredicateArityAndArgumentKindsAreChecked) {
  auto py = tree_sitter_python();
  EXPECT_EQ(mustFail(py, "((identifier) @a (#eq? @a))").kind, QueryError::Kind::Predicate);
  EXPECT_EQ(mustFail(py, "((identifier) @a (#eq? @a \"x\" \"y\"))").message,
            "'#eq?' takes 2 arguments, got 3");
  EXPECT_EQ(mustFail(py, "((identifier) @a (#eq? \"x\" @a))").message,
            "first argument of '#eq?' must be a capture");
  EXPECT_EQ(mustFail(py, "((identifier) @a (#match? @a @a))").message,
            "second argument of '#match?' must be a string");
  EXPECT_EQ(mustFail(py, "((identifier) @a (#any-of? @a))").kind, QueryError::Kind::Predicate);
  EXPECT_EQ(mustFail(py, "((identifier) @a (#set! foo \"bar\"))").message,
            "unknown predicate '#set!'");
  QueryError re = mustFail(py, "((identifier) @a\n  (#match? @a \"(unclosed\"))");
  EXPECT_EQ(re.line, 2u);
  EXPECT_EQ(re.column, 4u);
  EXPECT_EQ(re.message.find("invalid regex '(unclosed'"), 0u) << re.message;
}

TEST(TsQuery, CompileOrThrowCarriesDescription) {
  try {
    (void)Query::compileOrThrow(tree_sitter_python(), "(fro)", "x.scm");
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "x.scm:1:2: invalid node type 'fro'");
  }
}

TEST(TsQuery, CaptureNamesAndPatternCount) {
  Query q = mustCompile(tree_sitter_python(),
                        "(call function: (identifier) @fn) @call\n(for_statement) @loop\n");
  EXPECT_EQ(q.patternCount(), 2u);
  EXPECT_EQ(q.captureCount(), 3u);
  EXPECT_EQ(q.captureName(0), "fn");
  EXPECT_EQ(q.captureName(1), "call");
  EXPECT_EQ(q.captureName(2), "loop");
  EXPECT_EQ(q.captureName(3), "");
  EXPECT_EQ(q.captureIndex("loop"), 2u);
  EXPECT_FALSE(q.captureIndex("nope"));
  EXPECT_EQ(q.patternStartByte(1), std::string_view("(call function: (identifier) @fn) @call\n").size());
  EXPECT_EQ(q.fileName(), "test.scm");
}

// ------------------------------------------------------------ predicates

TEST(TsQuery, EqStringPositiveAndNegative) {
  auto py = tree_sitter_python();
  std::string q = std::string("(") + kCallAttr + " (#eq? @method \"item\"))";
  EXPECT_EQ(matchTexts(py, q, kPython, "call"), Texts({"loss.item()"}));
  std::string nq = std::string("(") + kCallAttr + " (#not-eq? @method \"item\"))";
  EXPECT_EQ(matchTexts(py, nq, kPython, "call"),
            Texts({"batch.cuda()", "torch.cuda.synchronize()"}));
  std::string none = std::string("(") + kCallAttr + " (#eq? @method \"numpy\"))";
  EXPECT_TRUE(matchTexts(py, none, kPython, "call").empty());
}

TEST(TsQuery, EqCaptureVsCapture) {
  auto py = tree_sitter_python();
  const char* code =
      "x = x\n"
      "y = z\n"
      "w = w\n";
  const char* same =
      "((assignment left: (identifier) @l right: (identifier) @r)\n"
      " (#eq? @l @r))";
  EXPECT_EQ(matchTexts(py, same, code, "l"), Texts({"x", "w"}));
  const char* differ =
      "((assignment left: (identifier) @l right: (identifier) @r)\n"
      " (#not-eq? @l @r))";
  EXPECT_EQ(matchTexts(py, differ, code, "l"), Texts({"y"}));
}

TEST(TsQuery, MatchRegexPositiveAndNegative) {
  auto py = tree_sitter_python();
  // Searched, not anchored: "cuda" is found inside "torch.cuda.synchronize".
  const char* q = "((call function: (_) @fn) @call (#match? @fn \"\\\\.cuda\"))";
  EXPECT_EQ(matchTexts(py, q, kPython, "fn"), Texts({"batch.cuda", "torch.cuda.synchronize"}));
  const char* anchored = "((call function: (_) @fn) @call (#match? @fn \"^[a-z]+$\"))";
  EXPECT_EQ(matchTexts(py, anchored, kPython, "fn"), Texts({"range", "print"}));
  const char* neg = "((call function: (_) @fn) @call (#not-match? @fn \"cuda|item\"))";
  EXPECT_EQ(matchTexts(py, neg, kPython, "fn"), Texts({"range", "print"}));
}

TEST(TsQuery, AnyOfPositiveAndNegative) {
  auto py = tree_sitter_python();
  const char* q = "((call function: (identifier) @fn) (#any-of? @fn \"print\" \"len\" \"range\"))";
  EXPECT_EQ(matchTexts(py, q, kPython, "fn"), Texts({"range", "print"}));
  const char* neg =
      "((call function: (attribute attribute: (identifier) @m)) (#not-any-of? @m \"cuda\" \"item\"))";
  EXPECT_EQ(matchTexts(py, neg, kPython, "m"), Texts({"synchronize"}));
}

TEST(TsQuery, SeveralPredicatesMustAllHold) {
  auto py = tree_sitter_python();
  const char* q =
      "((call function: (attribute object: (_) @obj attribute: (identifier) @m))\n"
      " (#eq? @m \"cuda\")\n"
      " (#not-eq? @obj \"model\"))";
  EXPECT_EQ(matchTexts(py, q, kPython, "obj"), Texts({"batch"}));
  EXPECT_TRUE(matchTexts(py, q, "model.cuda()\n", "obj").empty());
}

TEST(TsQuery, QuantifiedCapturesAllVersusAny) {
  auto py = tree_sitter_python();
  const char* code =
      "@a\n@a\ndef f(): pass\n"
      "@a\n@b\ndef g(): pass\n"
      "def h(): pass\n";
  const char* shape =
      "(decorated_definition (decorator)+ @d\n"
      "  definition: (function_definition name: (identifier) @fn))\n";
  // Plain #eq? must hold for every decorator, #any-eq? for one of them.
  EXPECT_EQ(matchTexts(py, std::string("(") + shape + " (#eq? @d \"@a\"))", code, "fn"),
            Texts({"f"}));
  EXPECT_EQ(matchTexts(py, std::string("(") + shape + " (#any-eq? @d \"@b\"))", code, "fn"),
            Texts({"g"}));
  EXPECT_EQ(matchTexts(py, std::string("(") + shape + " (#not-match? @d \"b\"))", code, "fn"),
            Texts({"f"}));
  // Two captures with one name compare pairwise against another capture.
  const char* pairwise =
      "((call arguments: (argument_list (identifier) @x (identifier) @x\n"
      "                                 (identifier) @y (identifier) @y)) @call\n"
      " (#eq? @x @y))";
  EXPECT_EQ(matchTexts(py, pairwise, "f(a, b, a, b)\nf(a, b, b, a)\n", "call"),
            Texts({"f(a, b, a, b)"}));
}

// ------------------------------------------------------------ iteration

TEST(TsQuery, RangeForOverMatches) {
  Query q = mustCompile(tree_sitter_python(),
                        "(for_statement left: (identifier) @var right: (_) @iter) @loop\n"
                        "(call function: (identifier) @fn)\n");
  Parser p(tree_sitter_python());
  Tree tree = p.parse(kPython);
  QueryCursor cursor;
  std::vector<std::string> loops, fns;
  for (const Match& m : cursor.matches(q, tree.root())) {
    if (m.patternIndex() == 0) {
      loops.push_back(std::string(m.capture("var").text()) + " in " +
                      std::string(m.capture("iter").text()));
      EXPECT_TRUE(m.capture("loop").is("for_statement"));
      EXPECT_EQ(m.captures().size(), 3u);
      EXPECT_TRUE(m.capture("fn").isNull());  // belongs to the other pattern
    } else {
      EXPECT_EQ(m.patternIndex(), 1u);
      fns.emplace_back(m.capture("fn").text());
      EXPECT_EQ(m.capture("fn").line(), fns.size() == 1 ? 2u : 6u);
    }
  }
  EXPECT_EQ(loops, Texts({"epoch in range(10)", "batch in loader"}));
  EXPECT_EQ(fns, Texts({"range", "print"}));
}

TEST(TsQuery, RangeForOverCapturesInDocumentOrder) {
  Query q = mustCompile(tree_sitter_python(),
                        "((call function: (attribute attribute: (identifier) @m)) @call\n"
                        " (#not-eq? @m \"item\"))");
  Parser p(tree_sitter_python());
  Tree tree = p.parse(kPython);
  QueryCursor cursor;
  std::vector<std::string> seen;
  for (const Capture& c : cursor.captures(q, tree.root()))
    seen.push_back(std::string(c.name) + "=" + std::string(c.node.text()));
  // loss.item() is filtered out by the predicate, both of its captures.
  EXPECT_EQ(seen, Texts({"call=batch.cuda()", "m=cuda", "call=torch.cuda.synchronize()",
                         "m=synchronize"}));
}

TEST(TsQuery, ByteRangeLimitsMatchesAndCursorIsReusable) {
  Query q = mustCompile(tree_sitter_python(), "(call function: (_) @fn)");
  Parser p(tree_sitter_python());
  Tree tree = p.parse(kPython);
  const std::string& text = tree.text();
  uint32_t from = static_cast<uint32_t>(text.find("loss"));
  uint32_t to = static_cast<uint32_t>(text.find("print"));
  QueryCursor cursor;
  cursor.setByteRange(from, to);
  std::vector<std::string> fns;
  for (const Match& m : cursor.matches(q, tree.root())) fns.emplace_back(m.capture("fn").text());
  EXPECT_EQ(fns, Texts({"loss.item"}));

  cursor.clearByteRange();
  size_t all = 0;
  cursor.exec(q, tree.root());
  while (auto m = cursor.nextMatch()) ++all;
  EXPECT_EQ(all, 5u);
  EXPECT_FALSE(cursor.exceededMatchLimit());
}

TEST(TsQuery, NodesKeepSourceAndQueryMoves) {
  Query q = mustCompile(tree_sitter_python(), "(call function: (identifier) @fn)");
  Query moved = std::move(q);  // capture names point into the TSQuery, not the wrapper
  Parser p(tree_sitter_python());
  Tree tree = p.parse("len(x)\n");
  QueryCursor cursor;
  cursor.exec(moved, tree.root());
  auto m = cursor.nextMatch();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->capture("fn").text(), "len");
  EXPECT_EQ(m->capture("fn").parent().text(), "len(x)");
  EXPECT_EQ(m->captures()[0].name, "fn");
  EXPECT_EQ(m->query(), &moved);
  EXPECT_FALSE(cursor.nextMatch());
}

// ------------------------------------------------------------ YAML

TEST(TsQuery, YamlKeyValueQuery) {
  const char* yaml =
      "spec:\n"
      "  batch_size: 32\n"
      "  num_workers: 0\n"
      "  pin_memory: false\n";
  const char* q =
      "((block_mapping_pair\n"
      "   key: (flow_node) @key\n"
      "   value: (flow_node) @value)\n"
      " (#any-of? @key \"num_workers\" \"pin_memory\"))";
  Query query = mustCompile(tree_sitter_yaml(), q);
  Parser p(tree_sitter_yaml());
  Tree tree = p.parse(yaml);
  QueryCursor cursor;
  std::vector<std::string> pairs;
  for (const Match& m : cursor.matches(query, tree.root())) {
    pairs.push_back(std::string(m.capture("key").text()) + "=" +
                    std::string(m.capture("value").text()));
    EXPECT_EQ(m.capture("key").line(), pairs.size() + 2);
  }
  EXPECT_EQ(pairs, Texts({"num_workers=0", "pin_memory=false"}));

  QueryError e = mustFail(tree_sitter_yaml(), "(block_mapping_pair\n  key: (identifier))");
  EXPECT_EQ(e.describe(), "test.scm:2:9: invalid node type 'identifier'");
}

}  // namespace
}  // namespace gpulint::ts
