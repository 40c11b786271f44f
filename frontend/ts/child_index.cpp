#include "frontend/ts/child_index.h"

#include <algorithm>

namespace gpulint::ts {

const std::vector<TSNode>* ChildIndex::children(TSNode n) const {
  if (ts_node_is_null(n) || ts_node_child_count(n) <= kWide) return nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  return childrenLocked(n);
}

const std::vector<TSNode>* ChildIndex::childrenLocked(TSNode n) const {
  if (ts_node_is_null(n) || ts_node_child_count(n) <= kWide) return nullptr;
  auto& slot = wide_[n.id];
  if (!slot) {
    slot = std::make_unique<std::vector<TSNode>>();
    slot->reserve(ts_node_child_count(n));
    TSTreeCursor cursor = ts_tree_cursor_new(n);
    for (bool more = ts_tree_cursor_goto_first_child(&cursor); more; more = ts_tree_cursor_goto_next_sibling(&cursor))
      slot->push_back(ts_tree_cursor_current_node(&cursor));
    ts_tree_cursor_delete(&cursor);
  }
  return slot.get();
}

void ChildIndex::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  wide_.clear();
  up_.clear();
}

TSNode ChildIndex::childWithDescendant(TSNode parent, TSNode descendant) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stepDownLocked(parent, descendant);
}

const ChildIndex::Up& ChildIndex::upLocked(TSNode n) const {
  if (auto it = up_.find(n.id); it != up_.end()) return it->second;
  // Walk down from the root, remembering each step's parent and depth.
  TSNode at = ts_tree_root_node(n.tree);
  uint32_t depth = 0;
  for (TSNode next = stepDownLocked(at, n); !ts_node_is_null(next); next = stepDownLocked(at, n)) {
    up_.try_emplace(next.id, Up{at, ++depth});
    if (next.id == n.id) break;
    at = next;
  }
  if (auto it = up_.find(n.id); it != up_.end()) return it->second;
  // The walk lost the node (an empty MISSING token between children): as
  // the walk without memo did, the deepest node reached is its parent.
  return up_.try_emplace(n.id, Up{at, depth + 1}).first->second;
}

TSNode ChildIndex::parentOf(TSNode n, uint32_t* depth) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (n.id == ts_tree_root_node(n.tree).id) {
    *depth = 0;
    return TSNode{};
  }
  const Up& up = upLocked(n);
  *depth = up.depth;
  return up.parent;
}

void ChildIndex::ancestorsOf(TSNode n, std::vector<TSNode>& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const void* root = ts_tree_root_node(n.tree).id;
  for (TSNode at = n; at.id != root;) {
    const Up& up = upLocked(at);
    if (ts_node_is_null(up.parent)) break;
    out.push_back(up.parent);
    at = up.parent;
  }
}

TSNode ChildIndex::stepDownLocked(TSNode parent, TSNode descendant) const {
  const std::vector<TSNode>* kids = childrenLocked(parent);
  uint32_t begin = ts_node_start_byte(descendant), end = ts_node_end_byte(descendant);
  // An empty descendant (a MISSING token) may sit on the border of two
  // children; tree-sitter's own rules decide that case.
  if (!kids || begin == end) return ts_node_child_with_descendant(parent, descendant);
  // The last child starting at or before the descendant; children sharing
  // that start (empty ones before a real one) are tried in order.
  auto after = std::upper_bound(kids->begin(), kids->end(), begin,
                                [](uint32_t b, const TSNode& c) { return b < ts_node_start_byte(c); });
  if (after == kids->begin()) return ts_node_child_with_descendant(parent, descendant);
  auto first = after - 1;
  while (first != kids->begin() && ts_node_start_byte(*(first - 1)) == ts_node_start_byte(*first)) --first;
  for (auto it = first; it != after; ++it) {
    if (it->id == descendant.id) return *it;
    if (ts_node_end_byte(*it) >= end && ts_node_child_count(*it) > 0) return *it;
  }
  return ts_node_child_with_descendant(parent, descendant);
}

}  // namespace gpulint::ts
