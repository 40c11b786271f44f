// ts::Node navigates a FlatTree (frontend/ts/flat_tree.h), a copy of the
// tree-sitter tree: every answer must be the one tree-sitter's own API gives
// for the same node, on every Python fixture (valid code, syntax errors,
// MISSING tokens), the YAML fixtures and wide nodes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "frontend/ts/tree.h"

namespace gpulint::ts {
namespace {

class FlatTreeAgreement {
 public:
  explicit FlatTreeAgreement(const TSLanguage* language) : language_(language) {}

  // Compares `n` with `t` and their subtrees; counts the nodes compared.
  void compare(Node n, TSNode t, const std::string& where) {
    ++compared_;
    ASSERT_FALSE(n.isNull()) << where;
    ASSERT_EQ(n.type(), std::string_view(ts_node_type(t))) << where;
    ASSERT_EQ(n.symbol(), ts_node_symbol(t)) << where;
    ASSERT_EQ(n.isNamed(), ts_node_is_named(t)) << where << " " << n.type();
    ASSERT_EQ(n.isMissing(), ts_node_is_missing(t)) << where;
    ASSERT_EQ(n.isError(), ts_node_is_error(t)) << where;
    ASSERT_EQ(n.hasError(), ts_node_has_error(t)) << where;
    ASSERT_EQ(n.begin(), ts_node_start_byte(t)) << where;
    ASSERT_EQ(n.end(), ts_node_end_byte(t)) << where;
    ASSERT_EQ(n.line(), ts_node_start_point(t).row + 1) << where;
    ASSERT_EQ(n.column(), ts_node_start_point(t).column) << where;
    ASSERT_EQ(n.childCount(), ts_node_child_count(t)) << where;
    ASSERT_EQ(n.namedChildCount(), ts_node_named_child_count(t)) << where;
    ASSERT_EQ(n.raw().id, t.id) << where;
    ASSERT_TRUE(n.sameTree(t) == n) << where;
    compareNeighbours(n, t, where);
    for (uint32_t f = 1, count = ts_language_field_count(language_); f <= count; ++f) {
      const char* name = ts_language_field_name_for_id(language_, static_cast<TSFieldId>(f));
      TSNode expected = ts_node_child_by_field_id(t, static_cast<TSFieldId>(f));
      Node got = n.field(name);
      ASSERT_EQ(got.isNull(), ts_node_is_null(expected)) << where << " field " << name;
      if (!got.isNull()) {
        ASSERT_EQ(got.raw().id, expected.id) << where << " field " << name;
      }
    }
    uint32_t named = 0;
    std::vector<Node> by_range;
    for (Node c : n.namedChildren()) by_range.push_back(c);
    ASSERT_EQ(by_range.size(), n.namedChildCount()) << where;
    for (uint32_t i = 0; i < ts_node_child_count(t); ++i) {
      TSNode tc = ts_node_child(t, i);
      Node c = n.child(i);
      const char* field = ts_node_field_name_for_child(t, i);
      ASSERT_EQ(n.fieldNameOfChild(i), std::string_view(field ? field : "")) << where << " child " << i;
      ASSERT_TRUE(c.parent() == n) << where << " child " << i;
      if (ts_node_is_named(tc)) {
        ASSERT_TRUE(n.namedChild(named) == c) << where << " named child " << named;
        ASSERT_TRUE(by_range[named] == c) << where << " named child " << named;
        ++named;
      }
      compare(c, tc, where + "/" + std::to_string(i));
      if (::testing::Test::HasFatalFailure()) return;
    }
    ASSERT_TRUE(n.child(n.childCount()).isNull()) << where;
  }

  [[nodiscard]] size_t compared() const { return compared_; }

 private:
  void compareNeighbours(Node n, TSNode t, const std::string& where) {
    TSNode next = ts_node_next_named_sibling(t), prev = ts_node_prev_named_sibling(t);
    ASSERT_EQ(n.nextNamedSibling().isNull(), ts_node_is_null(next)) << where;
    if (!ts_node_is_null(next)) {
      ASSERT_EQ(n.nextNamedSibling().raw().id, next.id) << where;
    }
    ASSERT_EQ(n.prevNamedSibling().isNull(), ts_node_is_null(prev)) << where;
    if (!ts_node_is_null(prev)) {
      ASSERT_EQ(n.prevNamedSibling().raw().id, prev.id) << where;
    }
    std::vector<Node> up = n.ancestors();
    ASSERT_EQ(up.empty(), n.parent().isNull()) << where;
    if (!up.empty()) {
      ASSERT_TRUE(up.front() == n.parent()) << where;
      ASSERT_TRUE(up.back().parent().isNull()) << where;
      ASSERT_TRUE(up.front().contains(n)) << where;
    }
  }

  const TSLanguage* language_;
  size_t compared_ = 0;
};

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void compareFolder(const char* folder, const char* extension, const TSLanguage* language, size_t at_least) {
  Parser parser(language);
  size_t files = 0, nodes = 0;
  for (const auto& e :
       std::filesystem::recursive_directory_iterator(std::filesystem::path(GPULINT_SOURCE_DIR) / "testdata" / folder)) {
    if (e.path().extension() != extension) continue;
    Tree tree = parser.parse(readFile(e.path()));
    FlatTreeAgreement agreement(language);
    agreement.compare(tree.root(), ts_tree_root_node(tree.raw()), e.path().filename().string());
    if (::testing::Test::HasFatalFailure()) return;
    ++files;
    nodes += agreement.compared();
  }
  EXPECT_GE(files, at_least);
  EXPECT_GT(nodes, files * 20);
}

TEST(FlatTree, AgreesWithTreeSitterOnEveryPythonFixture) {
  compareFolder("python", ".py", tree_sitter_python(), 50);
}

TEST(FlatTree, AgreesWithTreeSitterOnProjectFixtures) {
  compareFolder("projects", ".py", tree_sitter_python(), 20);
}

TEST(FlatTree, AgreesWithTreeSitterOnYaml) { compareFolder("projects", ".yaml", tree_sitter_yaml(), 20); }

TEST(FlatTree, AgreesOnBrokenCodeAndWideNodes) {
  std::string code = "def f(:\n    x = (1,\nclass\n";  // ERROR and MISSING nodes
  for (int i = 0; i < 60; ++i) code += "v" + std::to_string(i) + " = g(" + std::to_string(i) + ")  # c\n";
  code += "h(" + std::string(200, 'a') + ", " + [] {
    std::string args;
    for (int i = 0; i < 40; ++i) args += "k" + std::to_string(i) + "=" + std::to_string(i) + ", ";
    return args;
  }() + ")\n";
  Parser parser(tree_sitter_python());
  Tree tree = parser.parse(code);
  ASSERT_TRUE(tree.root().hasError());
  FlatTreeAgreement agreement(tree_sitter_python());
  agreement.compare(tree.root(), ts_tree_root_node(tree.raw()), "inline");
  EXPECT_GT(agreement.compared(), 500u);
}

TEST(FlatTree, NodesTakenBeforeAnEditKeepTheirBytes) {
  Parser parser(tree_sitter_python());
  Tree tree = parser.parse("a = 1\nb = 2\n");
  Node b = tree.root().namedChild(1);
  ASSERT_EQ(b.text(), "b = 2");
  TSInputEdit edit{0, 0, 4, {0, 0}, {0, 0}, {1, 0}};  // "x=0\n" inserted in front
  tree.edit(edit);
  EXPECT_EQ(b.begin(), 6u);  // the node from before the edit
  EXPECT_EQ(tree.root().namedChild(1).begin(), 10u);  // a fresh copy of the edited tree
}

TEST(FlatTree, NodesOutliveTheReleasedParserTree) {
  Parser parser(tree_sitter_python());
  Tree tree = parser.parse("def f(x):\n    return x.cuda()\n");
  Node before = tree.root().namedChild(0);
  tree.releaseParserTree();
  EXPECT_EQ(tree.raw(), nullptr);
  EXPECT_TRUE(tree.valid());
  ASSERT_TRUE(tree.root() == before.parent());  // the same copy, taken before or after
  EXPECT_EQ(tree.root().namedChild(0).field("name").text(), "f");
  EXPECT_TRUE(before.raw().id == nullptr);  // no tree-sitter node to hand out any more
  Tree never_copied = parser.parse("x = 1\n");
  never_copied.releaseParserTree();  // copies first
  EXPECT_EQ(never_copied.root().namedChild(0).text(), "x = 1");
}

}  // namespace
}  // namespace gpulint::ts
