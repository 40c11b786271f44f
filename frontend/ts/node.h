#pragma once
// Thin value wrapper over TSNode. A Node remembers the source text so that
// `text()` needs no extra argument; it is only valid while its Tree lives.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

namespace gpulint::ts {

class Node {
 public:
  Node() : node_{}, source_(nullptr) {}
  Node(TSNode node, const std::string_view* source) : node_(node), source_(source) {}

  [[nodiscard]] bool isNull() const { return ts_node_is_null(node_); }
  explicit operator bool() const { return !isNull(); }
  [[nodiscard]] TSNode raw() const { return node_; }
  // The source text this node reads from; lets wrappers (QueryCursor) build Nodes.
  [[nodiscard]] const std::string_view* source() const { return source_; }

  [[nodiscard]] std::string_view type() const { return isNull() ? "" : ts_node_type(node_); }
  [[nodiscard]] bool is(std::string_view t) const { return type() == t; }
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

  [[nodiscard]] Node parent() const { return wrap(ts_node_parent(node_)); }
  // The ancestors, nearest first (ancestors()[0] == parent()), from one walk
  // down from the root. ts_node_parent walks down from the root on every
  // call, scanning each level's children, so climbing k levels with parent()
  // costs k such walks; this costs one.
  [[nodiscard]] std::vector<Node> ancestors() const {
    std::vector<Node> out;
    if (isNull()) return out;
    for (TSNode n = ts_tree_root_node(node_.tree); !ts_node_is_null(n) && n.id != node_.id;
         n = ts_node_child_with_descendant(n, node_))
      out.push_back(wrap(n));
    std::reverse(out.begin(), out.end());
    return out;
  }
  [[nodiscard]] Node field(std::string_view name) const {
    return wrap(ts_node_child_by_field_name(node_, name.data(), static_cast<uint32_t>(name.size())));
  }
  [[nodiscard]] uint32_t childCount() const { return ts_node_child_count(node_); }
  [[nodiscard]] uint32_t namedChildCount() const { return ts_node_named_child_count(node_); }
  [[nodiscard]] Node child(uint32_t i) const { return wrap(ts_node_child(node_, i)); }
  [[nodiscard]] Node namedChild(uint32_t i) const { return wrap(ts_node_named_child(node_, i)); }
  [[nodiscard]] Node nextNamedSibling() const { return wrap(ts_node_next_named_sibling(node_)); }
  [[nodiscard]] Node prevNamedSibling() const { return wrap(ts_node_prev_named_sibling(node_)); }
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
  [[nodiscard]] Node wrap(TSNode n) const { return Node(n, source_); }
  TSNode node_;
  const std::string_view* source_;
};


// Named children for range-for. ts_node_named_child(i) scans the children
// from the first on each call: cheap for the usual handful, quadratic for a
// module or a long block, whose children are collected once with a cursor.
class ChildRange {
 public:
  static constexpr uint32_t kIndexedMax = 16;
  class iterator {
   public:
    using value_type = Node;
    using difference_type = std::ptrdiff_t;
    iterator(const ChildRange* range, uint32_t i) : range_(range), i_(i) {}
    Node operator*() const { return range_->many_.empty() ? range_->node_.namedChild(i_) : range_->many_[i_]; }
    iterator& operator++() { ++i_; return *this; }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }
   private:
    const ChildRange* range_;
    uint32_t i_;
  };
  explicit ChildRange(Node n) : node_(n), count_(n.namedChildCount()) {
    if (count_ <= kIndexedMax) return;
    many_.reserve(count_);
    TSTreeCursor cursor = ts_tree_cursor_new(n.raw());
    for (bool more = ts_tree_cursor_goto_first_child(&cursor); more; more = ts_tree_cursor_goto_next_sibling(&cursor))
      if (TSNode child = ts_tree_cursor_current_node(&cursor); ts_node_is_named(child)) many_.emplace_back(child, n.source());
    ts_tree_cursor_delete(&cursor);
    if (many_.size() != count_) many_.clear();  // not expected; index one by one then
  }
  ChildRange(const ChildRange&) = delete;  // iterators point into the range
  ChildRange& operator=(const ChildRange&) = delete;
  [[nodiscard]] iterator begin() const { return {this, 0}; }
  [[nodiscard]] iterator end() const { return {this, count_}; }
 private:
  Node node_;
  uint32_t count_;
  std::vector<Node> many_;
};

inline ChildRange Node::namedChildren() const { return ChildRange(*this); }

}  // namespace gpulint::ts
