#pragma once
// Thin value wrapper over TSNode. A Node remembers the source text so that
// `text()` needs no extra argument, and its tree's ChildIndex so that
// parent(), ancestors() and siblings cost the depth, not the width, of the
// tree; it is only valid while its Tree lives.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>
#include <vector>

#include "frontend/ts/child_index.h"
#include "frontend/ts/work_budget.h"

namespace gpulint::ts {

class Node {
 public:
  Node() : node_{}, source_(nullptr) {}
  // Without an index (nodes not made by a Tree) navigation is correct but
  // scans wide nodes.
  Node(TSNode node, const std::string_view* source, const ChildIndex* index = nullptr)
      : node_(node), source_(source), index_(index) {}

  [[nodiscard]] bool isNull() const { return ts_node_is_null(node_); }
  explicit operator bool() const { return !isNull(); }
  [[nodiscard]] TSNode raw() const { return node_; }
  // The source text this node reads from; lets wrappers (QueryCursor) build Nodes.
  [[nodiscard]] const std::string_view* source() const { return source_; }
  // A node of the same tree as this one (same text, same index).
  [[nodiscard]] Node sameTree(TSNode n) const { return wrap(n); }

  [[nodiscard]] std::string_view type() const { return isNull() ? "" : ts_node_type(node_); }
  // Compared without measuring the type name first: most questions differ
  // in the first character.
  [[nodiscard]] bool is(std::string_view t) const {
    if (isNull()) return t.empty();
    const char* type = ts_node_type(node_);
    if (!type) type = "";  // a symbol the grammar does not name
    if (t.empty()) return *type == '\0';
    return *type == t.front() && std::strncmp(type, t.data(), t.size()) == 0 && type[t.size()] == '\0';
  }
  // A string literal's kind test compares symbol ids: the symbols a literal
  // names are looked up once per thread and language (a literal's address
  // never changes), where the string test above costs a name lookup and a
  // string compare on every call, tens of millions of times per run.
  template <size_t N>
  [[nodiscard]] bool is(const char (&literal)[N]) const {
    if constexpr (N <= 1) return is(std::string_view());
    else return isLiteral(literal, N - 1);
  }
  [[nodiscard]] bool isNamed() const { return ts_node_is_named(node_); }
  [[nodiscard]] bool hasError() const { return ts_node_has_error(node_); }
  [[nodiscard]] bool isError() const { return ts_node_is_error(node_); }
  [[nodiscard]] bool isMissing() const { return ts_node_is_missing(node_); }
  [[nodiscard]] uint32_t begin() const { return ts_node_start_byte(node_); }
  [[nodiscard]] uint32_t end() const { return ts_node_end_byte(node_); }
  [[nodiscard]] uint32_t line() const { return ts_node_start_point(node_).row + 1; }
  [[nodiscard]] std::string_view text() const {
    if (isNull() || !source_) return {};
    return source_->substr(begin(), end() - begin());
  }

  // The parent and the ancestors walk down from the root (tree-sitter nodes
  // have no parent pointer): one walk for all ancestors, so climbing k levels
  // with ancestors() costs one walk where k calls of parent() cost k.
  [[nodiscard]] Node parent() const;
  // The ancestors, nearest first (ancestors()[0] == parent()).
  [[nodiscard]] std::vector<Node> ancestors() const;
  [[nodiscard]] Node field(std::string_view name) const {
    return wrap(ts_node_child_by_field_name(node_, name.data(), static_cast<uint32_t>(name.size())));
  }
  [[nodiscard]] uint32_t childCount() const { return ts_node_child_count(node_); }
  [[nodiscard]] uint32_t namedChildCount() const { return ts_node_named_child_count(node_); }
  // tree-sitter scans the children before the i-th: charged as such.
  [[nodiscard]] Node child(uint32_t i) const {
    WorkBudget::charge(i + 1);
    return wrap(ts_node_child(node_, i));
  }
  [[nodiscard]] Node namedChild(uint32_t i) const {
    WorkBudget::charge(i + 1);
    return wrap(ts_node_named_child(node_, i));
  }
  [[nodiscard]] Node nextNamedSibling() const { return namedSibling(+1); }
  [[nodiscard]] Node prevNamedSibling() const { return namedSibling(-1); }
  // The field name under which child `i` hangs, or "" when none.
  [[nodiscard]] std::string_view fieldNameOfChild(uint32_t i) const {
    const char* n = ts_node_field_name_for_child(node_, i);
    return n ? n : "";
  }
  // True when `other` lies inside this node (or is this node).
  [[nodiscard]] bool contains(const Node& other) const {
    return !isNull() && !other.isNull() && begin() <= other.begin() && other.end() <= end();
  }
  [[nodiscard]] bool operator==(const Node& o) const { return ts_node_eq(node_, o.node_); }

  // Range-for over named children: `for (Node c : node.namedChildren())`.
  [[nodiscard]] class ChildRange namedChildren() const;

 private:
  friend class ChildRange;
  [[nodiscard]] Node wrap(TSNode n) const { return Node(n, source_, index_); }
  // The child of `n` on the way down to this node.
  [[nodiscard]] TSNode stepDown(TSNode n) const {
    WorkBudget::charge(1);
    return index_ ? index_->childWithDescendant(n, node_) : ts_node_child_with_descendant(n, node_);
  }
  [[nodiscard]] Node namedSibling(int direction) const;
  [[nodiscard]] bool isLiteral(const char* literal, uint32_t size) const;
  TSNode node_;
  const std::string_view* source_;
  const ChildIndex* index_ = nullptr;
};


// Tree cursors lent to the ChildRanges alive on a thread: a cursor keeps its
// stack allocation between ranges, so iterating a node's children costs no
// allocation. Each thread has its own; a cursor goes back when its range ends.
class CursorPool {
 public:
  [[nodiscard]] static TSTreeCursor* acquire(TSNode n);
  static void release(TSTreeCursor* cursor);
};

// Named children for range-for, walked with a tree cursor: linear in the
// number of children, where ts_node_named_child(i) scans the children before
// the i-th on each call (quadratic for a module or a long block).
class ChildRange {
 public:
  class iterator {
   public:
    using value_type = Node;
    using difference_type = std::ptrdiff_t;
    iterator(const ChildRange* range, uint32_t i) : range_(range), i_(i) {}
    Node operator*() const { return range_->current(i_); }
    iterator& operator++() {
      range_->advance(++i_);
      return *this;
    }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }
   private:
    const ChildRange* range_;
    uint32_t i_;
  };
  explicit ChildRange(Node n) : node_(n), count_(n.namedChildCount()) { WorkBudget::charge(count_ + 1); }
  ~ChildRange() {
    if (cursor_) CursorPool::release(cursor_);
  }
  ChildRange(const ChildRange&) = delete;  // iterators point into the range
  ChildRange& operator=(const ChildRange&) = delete;
  // Starts (or restarts) the walk at the first named child.
  [[nodiscard]] iterator begin() const {
    if (count_ == 0) return {this, 0};
    if (!cursor_) cursor_ = CursorPool::acquire(node_.raw());
    else ts_tree_cursor_reset(cursor_, node_.raw());
    scanned_ = !seekNamed(ts_tree_cursor_goto_first_child(cursor_));
    return {this, 0};
  }
  [[nodiscard]] iterator end() const { return {this, count_}; }

 private:
  // Moves the cursor to the first named node from where it is (when `more`);
  // false when the children ran out.
  bool seekNamed(bool more) const {
    for (; more; more = ts_tree_cursor_goto_next_sibling(cursor_))
      if (TSNode c = ts_tree_cursor_current_node(cursor_); ts_node_is_named(c)) {
        current_ = c;
        return true;
      }
    return false;
  }
  void advance(uint32_t i) const {
    if (i < count_ && !scanned_) scanned_ = !seekNamed(ts_tree_cursor_goto_next_sibling(cursor_));
  }
  // The cursor and the count disagree (not expected): index the rest one by one.
  [[nodiscard]] Node current(uint32_t i) const {
    return scanned_ ? node_.wrap(ts_node_named_child(node_.raw(), i)) : node_.wrap(current_);
  }
  Node node_;
  uint32_t count_;
  mutable TSTreeCursor* cursor_ = nullptr;
  mutable TSNode current_{};
  mutable bool scanned_ = false;
};

inline ChildRange Node::namedChildren() const { return ChildRange(*this); }

}  // namespace gpulint::ts
