#include "frontend/ts/flat_tree.h"

#include "core/allocator.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>

namespace gpulint::ts {

FlatTree::FlatTree(const TSTree* tree, const std::string_view* source)
    : tree_(tree), language_(tree ? ts_tree_language(tree) : nullptr), source_(source) {
  if (!tree) return;
  if (ts_language_field_count(language_) > GPULINT_MAX_FIELD)
    throw std::length_error("tree-sitter grammar with more fields than a flat entry holds");
  nodes_.resize(ts_node_descendant_count(ts_tree_root_node(tree)));
  adviseHugePages(nodes_.data(), nodes_.size() * sizeof(FlatNode));  // before the walk writes it
  uint32_t* wide = nullptr;
  uint32_t wide_count = 0;
  uint32_t written = gpulint_flatten(tree, nodes_.data(), kWide, &wide, &wide_count);
  if (written == 0) throw std::bad_alloc();  // the walk's own stack could not grow
  nodes_.resize(written);
  std::unique_ptr<uint32_t, decltype(&std::free)> held(wide, &std::free);
  indexWideNodes(wide, wide_count);
}

void FlatTree::indexWideNodes(const uint32_t* wide, uint32_t count) {
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t n = wide[k];
    WideList list{static_cast<uint32_t>(wide_children_.size()), 0, 0};
    for (uint32_t c = firstChild(n); c != kNoNode; c = nextSibling(c)) {
      wide_children_.push_back(c);
      ++list.count;
      list.named += nodes_[c].has(FlatNode::Named);
    }
    wide_at_.emplace(n, list);
  }
}

uint32_t FlatTree::child(uint32_t n, uint32_t i) const {
  if (nodes_[n].has(FlatNode::Wide)) {
    const WideList& list = wideList(n);
    return i < list.count ? wide_children_[list.offset + i] : kNoNode;
  }
  uint32_t c = firstChild(n);
  for (; i > 0 && c != kNoNode; --i) c = nextSibling(c);
  return c;
}

uint32_t FlatTree::firstChildNotEndingBefore(uint32_t n, uint32_t end) const {
  if (!nodes_[n].has(FlatNode::Wide)) return firstChild(n);
  const WideList& list = wideList(n);
  const uint32_t* first = wide_children_.data() + list.offset;
  const uint32_t* found = std::partition_point(first, first + list.count, [&](uint32_t c) { return nodes_[c].end < end; });
  return found == first + list.count ? kNoNode : *found;
}

uint32_t FlatTree::childCount(uint32_t n) const {
  if (nodes_[n].has(FlatNode::Wide)) return wideList(n).count;
  uint32_t count = 0;
  for (uint32_t c = firstChild(n); c != kNoNode; c = nextSibling(c)) ++count;
  return count;
}

uint32_t FlatTree::namedChildCount(uint32_t n) const {
  if (nodes_[n].has(FlatNode::Wide)) return wideList(n).named;
  uint32_t count = 0;
  for (uint32_t c = firstChild(n); c != kNoNode; c = nextSibling(c)) count += nodes_[c].has(FlatNode::Named);
  return count;
}

uint32_t FlatTree::previousSibling(uint32_t c) const {
  uint32_t p = nodes_[c].parent;
  if (p == kNoNode || c == p + 1) return kNoNode;
  if (nodes_[p].has(FlatNode::Wide)) {
    // The children are listed in order, and entries grow with it.
    const WideList& list = wideList(p);
    const uint32_t* first = &wide_children_[list.offset];
    const uint32_t* last = first + list.count;
    const uint32_t* at = std::lower_bound(first, last, c);
    return at == first ? kNoNode : *(at - 1);
  }
  uint32_t prev = p + 1;
  while (nextSibling(prev) != c) prev = nextSibling(prev);
  return prev;
}

TSNode FlatTree::tsNode(uint32_t i) const {
  if (!tree_) return TSNode{};
  std::vector<uint32_t> path;
  for (uint32_t at = i; at != kNoNode; at = nodes_[at].parent) path.push_back(at);
  TSNode n = ts_tree_root_node(tree_);
  for (size_t k = path.size() - 1; k-- > 0;) {
    uint32_t parent = path[k + 1], position = 0;
    for (uint32_t c = firstChild(parent); c != path[k]; c = nextSibling(c)) ++position;
    n = ts_node_child(n, position);
  }
  return n;
}

uint32_t FlatTree::find(TSNode target) const {
  if (!tree_ || ts_node_is_null(target)) return kNoNode;
  TSNode n = ts_tree_root_node(tree_);
  uint32_t at = 0;
  while (n.id != target.id) {
    TSNode next = ts_node_child_with_descendant(n, target);
    if (ts_node_is_null(next)) return kNoNode;
    uint32_t position = 0;
    for (uint32_t k = 0, count = ts_node_child_count(n); k < count; ++k, ++position)
      if (ts_node_child(n, k).id == next.id) break;
    at = child(at, position);
    if (at == kNoNode) return kNoNode;
    n = next;
  }
  return at;
}

}  // namespace gpulint::ts
