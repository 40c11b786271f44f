#pragma once
// Thin value wrapper over TSNode. A Node remembers the source text so that
// `text()` needs no extra argument; it is only valid while its Tree lives.
#include <tree_sitter/api.h>

#include <cstdint>
#include <iterator>
#include <string_view>

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


class ChildRange {
 public:
  class iterator {
   public:
    using value_type = Node;
    using difference_type = std::ptrdiff_t;
    iterator(Node parent, uint32_t i) : parent_(parent), i_(i) {}
    Node operator*() const { return parent_.namedChild(i_); }
    iterator& operator++() { ++i_; return *this; }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }
   private:
    Node parent_;
    uint32_t i_;
  };
  explicit ChildRange(Node n) : node_(n) {}
  [[nodiscard]] iterator begin() const { return {node_, 0}; }
  [[nodiscard]] iterator end() const { return {node_, node_.namedChildCount()}; }
 private:
  Node node_;
};

inline ChildRange Node::namedChildren() const { return ChildRange(*this); }

}  // namespace gpulint::ts
