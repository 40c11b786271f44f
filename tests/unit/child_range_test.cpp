// ChildRange (frontend/ts/node.h) walks named children with a pooled tree
// cursor: it must hand out exactly what ts_node_named_child(i) does, through
// hidden grammar nodes, for narrow and wide nodes, nested, and restarted.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/ts/tree.h"

namespace gpulint::ts {
namespace {

// Every node under `n`, by ChildRange and by index, compared level by level.
void expectSameChildren(Node n, size_t& visited) {
  std::vector<Node> by_range;
  for (Node c : n.namedChildren()) by_range.push_back(c);
  ASSERT_EQ(by_range.size(), n.namedChildCount()) << n.type();
  for (uint32_t i = 0; i < by_range.size(); ++i) {
    EXPECT_TRUE(by_range[i] == n.namedChild(i)) << n.type() << " child " << i;
    ++visited;
    expectSameChildren(by_range[i], visited);  // a nested range while the outer one is done
  }
}

TEST(ChildRange, MatchesIndexedChildrenEverywhere) {
  std::string code =
      "import os\n@dec\ndef f(a, *b, c=1, **d):\n    x, (y, z) = 1, (2, 3)\n    return [i for i in a if i]\n";
  for (int i = 0; i < 40; ++i) code += "v" + std::to_string(i) + " = f(" + std::to_string(i) + ")  # c\n";  // wide
  Parser p(tree_sitter_python());
  Tree tree = p.parse(code);
  size_t visited = 0;
  expectSameChildren(tree.root(), visited);
  EXPECT_GT(visited, 200u);
}

TEST(ChildRange, RestartsAndNestsWhileIterating) {
  Parser p(tree_sitter_python());
  Tree tree = p.parse("a = 1\nb = 2\nc = 3\n");
  auto children = tree.root().namedChildren();
  std::vector<std::string> seen;
  for (Node outer : children)
    for (Node inner : tree.root().namedChildren())  // a second cursor while the first is lent
      seen.push_back(std::string(outer.text().substr(0, 1)) + std::string(inner.text().substr(0, 1)));
  size_t again = 0;
  for (Node c : children) again += c.isNamed() ? 1 : 0;  // the same range walked twice
  EXPECT_EQ(seen, (std::vector<std::string>{"aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc"}));
  EXPECT_EQ(again, 3u);
}

TEST(ChildRange, LeafAndNullNodesHaveNoChildren) {
  Parser p(tree_sitter_python());
  Tree tree = p.parse("x\n");
  Node leaf = tree.root().namedChild(0).namedChild(0);
  ASSERT_TRUE(leaf.is("identifier"));
  size_t count = 0;
  for (Node c : leaf.namedChildren()) count += c ? 1 : 0;
  EXPECT_EQ(count, 0u);
}

}  // namespace
}  // namespace gpulint::ts
