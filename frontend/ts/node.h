#pragma once
// Thin value handle on a node of a FlatTree (frontend/ts/flat_tree.h): the
// table a Tree copies its tree-sitter nodes into, so that kind, bytes,
// parent, children and fields are plain loads. A Node is only valid while its
// Tree lives; it is two words, cheap to copy and to keep in the models.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "frontend/ts/flat_tree.h"
#include "frontend/ts/work_budget.h"

namespace gpulint::ts {

// The per-thread cache behind Node::is("literal"): the public symbols a
// node-kind literal names in one language (a kind can be both a named node
// and an anonymous token, `"print"`, so two; an unused slot holds 0, the end
// symbol, which is never a node's kind). Two ways per set, so two hot
// literals do not evict each other. Zero-initialised plain data, so a thread
// reaches it with no initialisation guard; the lookup is inline because kind
// tests run tens of millions of times per run.
namespace literal_kinds {
struct Entry {
  const char* literal;
  const TSLanguage* language;
  TSSymbol symbols[2];
};
inline constexpr size_t kSets = 1024;
inline thread_local Entry t_entries[kSets][2];
[[nodiscard]] inline size_t setOf(const char* literal) {
  return (reinterpret_cast<uintptr_t>(literal) * 0x9E3779B97F4A7C15ull) >> 54;  // 10 bits
}
// A miss: looks the literal up in the grammar and stores it in the set.
[[gnu::noinline, gnu::cold]] const Entry& refill(size_t set, const char* literal, uint32_t size,
                                                 const TSLanguage* language);
}  // namespace literal_kinds

class Node {
 public:
  Node() = default;
  Node(const FlatTree* tree, uint32_t index) : tree_(index == kNoNode ? nullptr : tree), index_(index) {}

  [[nodiscard]] bool isNull() const { return tree_ == nullptr; }
  explicit operator bool() const { return !isNull(); }
  // The tree-sitter node, for the C API (walks down from the root: not for
  // navigation).
  [[nodiscard]] TSNode raw() const { return isNull() ? TSNode{} : tree_->tsNode(index_); }
  // The source text this node reads from.
  [[nodiscard]] const std::string_view* source() const { return isNull() ? nullptr : tree_->source(); }
  // The Node of a tree-sitter node of the same tree (query captures).
  [[nodiscard]] Node sameTree(TSNode n) const { return isNull() ? Node() : Node(tree_, tree_->find(n)); }
  // A key that names this node among all live trees (maps keyed by node).
  [[nodiscard]] const void* id() const { return isNull() ? nullptr : &(*tree_)[index_]; }

  [[nodiscard]] TSSymbol symbol() const { return isNull() ? 0 : flat().symbol; }
  [[nodiscard]] std::string_view type() const {
    if (isNull()) return "";
    const char* name = ts_language_symbol_name(tree_->language(), flat().symbol);
    return name ? name : "";
  }
  [[nodiscard]] bool is(std::string_view t) const { return type() == t; }
  // A string literal's kind test compares symbol ids: the symbols a literal
  // names are looked up once per thread and language (a literal's address
  // never changes), where the string test above costs a name lookup and a
  // string compare on every call, tens of millions of times per run.
  template <size_t N>
  [[nodiscard]] bool is(const char (&literal)[N]) const {
    if constexpr (N <= 1) return is(std::string_view());
    else return isLiteral(literal, N - 1);
  }
  [[nodiscard]] bool isNamed() const { return !isNull() && flat().has(FlatNode::Named); }
  [[nodiscard]] bool hasError() const { return !isNull() && flat().has(FlatNode::HasError); }
  [[nodiscard]] bool isError() const { return !isNull() && flat().has(FlatNode::Error); }
  [[nodiscard]] bool isMissing() const { return !isNull() && flat().has(FlatNode::Missing); }
  [[nodiscard]] uint32_t begin() const { return isNull() ? 0 : flat().begin; }
  [[nodiscard]] uint32_t end() const { return isNull() ? 0 : flat().end; }
  [[nodiscard]] uint32_t line() const { return isNull() ? 1 : flat().row + 1; }
  // The byte column of the start, from 0.
  [[nodiscard]] uint32_t column() const;
  [[nodiscard]] std::string_view text() const {
    const std::string_view* s = source();
    if (!s) return {};
    return s->substr(begin(), end() - begin());
  }

  [[nodiscard]] Node parent() const {
    if (isNull()) return Node();
    WorkBudget::charge(1);
    return Node(tree_, flat().parent);
  }
  // The ancestors, nearest first (ancestors()[0] == parent()).
  [[nodiscard]] std::vector<Node> ancestors() const;
  // The same nodes for range-for, read from the parent links as the loop
  // goes (no vector): for loops that stop at the first match. Charged as
  // ancestors() is.
  [[nodiscard]] class AncestorRange ancestorWalk() const;
  // A field named by a string literal: its id is looked up once per thread
  // and language, as for is() above.
  template <size_t N>
  [[nodiscard]] Node field(const char (&literal)[N]) const {
    if (isNull()) return Node();
    TSFieldId f = fieldIdOfLiteral(literal, N - 1);
    return f ? fieldById(f) : Node();
  }
  [[nodiscard]] Node field(std::string_view name) const {
    if (isNull()) return Node();
    TSFieldId f = ts_language_field_id_for_name(tree_->language(), name.data(), static_cast<uint32_t>(name.size()));
    return f ? fieldById(f) : Node();
  }
  [[nodiscard]] Node fieldById(TSFieldId f) const {
    return isNull() ? Node() : Node(tree_, tree_->fieldChild(index_, f));
  }
  // Counted along the sibling links (FlatTree keeps no counts).
  [[nodiscard]] uint32_t childCount() const { return isNull() ? 0 : tree_->childCount(index_); }
  [[nodiscard]] uint32_t namedChildCount() const { return isNull() ? 0 : tree_->namedChildCount(index_); }
  // Charged as tree-sitter's scan of the children before the i-th was, so
  // that work budgets keep their meaning.
  [[nodiscard]] Node child(uint32_t i) const {
    WorkBudget::charge(i + 1);
    return isNull() ? Node() : Node(tree_, tree_->child(index_, i));
  }
  [[nodiscard]] Node namedChild(uint32_t i) const;
  [[nodiscard]] Node nextNamedSibling() const;
  // The first named child whose bytes hold [begin, end), or null; a wide
  // node's children are searched by halves.
  [[nodiscard]] Node namedChildHolding(uint32_t begin, uint32_t end) const;
  [[nodiscard]] Node prevNamedSibling() const;
  // The field name under which child `i` hangs, or "" when none.
  [[nodiscard]] std::string_view fieldNameOfChild(uint32_t i) const;
  // True when `other` lies inside this node (or is this node). A node of
  // another tree (another file's, or another parse of this one) never does,
  // whatever its bytes: the project model holds every file's nodes side by side.
  [[nodiscard]] bool contains(const Node& other) const {
    return !isNull() && !other.isNull() && tree_ == other.tree_ && begin() <= other.begin() && other.end() <= end();
  }
  [[nodiscard]] bool operator==(const Node& o) const { return tree_ == o.tree_ && (!tree_ || index_ == o.index_); }

  // Preorder positions, for linear walks of a subtree: the nodes below this
  // one are preorderAt(preorder() + 1) up to, not including, subtreeEnd().
  [[nodiscard]] uint32_t preorder() const { return index_; }
  [[nodiscard]] uint32_t subtreeEnd() const { return isNull() ? 0 : flat().subtree_end; }
  [[nodiscard]] Node preorderAt(uint32_t i) const {
    return isNull() || i >= tree_->size() ? Node() : Node(tree_, i);
  }

  // Calls `f(symbol)` for this node and every node below it, in one linear
  // pass over the flat entries (no Node per entry): for counting what a walk
  // will collect before it starts.
  template <class F>
  void forEachSymbolInSubtree(F&& f) const {
    if (isNull()) return;
    for (uint32_t i = index_, end = flat().subtree_end; i < end; ++i) f((*tree_)[i].symbol);
  }

  // Range-for over named children: `for (Node c : node.namedChildren())`.
  [[nodiscard]] class ChildRange namedChildren() const;

 private:
  friend class ChildRange;
  friend class AncestorRange;
  template <uint32_t (*Next)(const FlatTree*, uint32_t)>
  friend class LinkIterator;
  [[nodiscard]] const FlatNode& flat() const { return (*tree_)[index_]; }
  [[nodiscard]] bool isLiteral(const char* literal, uint32_t size) const {
    if (isNull()) return false;
    const TSLanguage* language = tree_->language();
    size_t set = literal_kinds::setOf(literal);
    const literal_kinds::Entry* e = &literal_kinds::t_entries[set][0];
    if (e->literal != literal || e->language != language) {
      e = &literal_kinds::t_entries[set][1];
      if (e->literal != literal || e->language != language) e = &literal_kinds::refill(set, literal, size, language);
    }
    TSSymbol s = flat().symbol;
    return s != 0 && (s == e->symbols[0] || s == e->symbols[1]);
  }
  [[nodiscard]] TSFieldId fieldIdOfLiteral(const char* literal, uint32_t size) const;
  const FlatTree* tree_ = nullptr;
  uint32_t index_ = 0;
};

// Nodes along one kind of link (named siblings, parents) for range-for.
template <uint32_t (*Next)(const FlatTree*, uint32_t)>
class LinkIterator {
 public:
  using value_type = Node;
  using difference_type = std::ptrdiff_t;
  LinkIterator(const FlatTree* tree, uint32_t i) : tree_(tree), i_(i) {}
  Node operator*() const { return Node(tree_, i_); }
  LinkIterator& operator++() {
    i_ = Next(tree_, i_);
    return *this;
  }
  bool operator!=(const LinkIterator& o) const { return i_ != o.i_; }

 private:
  const FlatTree* tree_;
  uint32_t i_;
};

// Named children for range-for, following the sibling links.
class ChildRange {
 public:
  // The first named node from `i` on along the sibling links.
  static uint32_t firstNamedFrom(const FlatTree* tree, uint32_t i) {
    while (i != kNoNode && !(*tree)[i].has(FlatNode::Named)) i = tree->nextSibling(i);
    return i;
  }
  // One unit per named child handed out (and one for the range): a loop
  // that runs to the end pays what counting the children first would.
  static uint32_t nextNamed(const FlatTree* tree, uint32_t i) {
    i = firstNamedFrom(tree, tree->nextSibling(i));
    if (i != kNoNode) WorkBudget::charge(1);
    return i;
  }
  using iterator = LinkIterator<&ChildRange::nextNamed>;

  explicit ChildRange(Node n) : node_(n) { WorkBudget::charge(1); }
  [[nodiscard]] iterator begin() const {
    if (node_.isNull()) return {nullptr, kNoNode};
    uint32_t first = firstNamedFrom(node_.tree_, node_.tree_->firstChild(node_.index_));
    if (first != kNoNode) WorkBudget::charge(1);
    return {node_.tree_, first};
  }
  [[nodiscard]] iterator end() const { return {node_.tree_, kNoNode}; }

 private:
  Node node_;
};

inline ChildRange Node::namedChildren() const { return ChildRange(*this); }

// Ancestors for range-for, nearest first, following the parent links.
class AncestorRange {
 public:
  static uint32_t parentOf(const FlatTree* tree, uint32_t i) { return (*tree)[i].parent; }
  using iterator = LinkIterator<&AncestorRange::parentOf>;

  explicit AncestorRange(Node n) : tree_(n.tree_), first_(n.isNull() ? kNoNode : n.flat().parent) {
    // The charge of ancestors(): one unit per ancestor, whether or not the loop reaches it.
    if (first_ == kNoNode && n.isNull()) return;  // ancestors() charges nothing then
    uint64_t depth = 0;
    for (uint32_t at = first_; at != kNoNode; at = (*tree_)[at].parent) ++depth;
    WorkBudget::charge(depth);
  }
  [[nodiscard]] iterator begin() const { return {tree_, first_}; }
  [[nodiscard]] iterator end() const { return {tree_, kNoNode}; }

 private:
  const FlatTree* tree_;
  uint32_t first_;
};

inline AncestorRange Node::ancestorWalk() const { return AncestorRange(*this); }

}  // namespace gpulint::ts
