#pragma once
// Random access to the children of wide nodes (a module of 200k statements,
// a long block). tree-sitter finds a node's i-th child, its parent and its
// siblings by scanning the children from the first, so each such step costs
// the width of the node scanned; a Tree keeps the children of every wide node
// it was asked about, collected once with a cursor, and its Nodes use them
// (Node::parent, ancestors, siblings) to find a child by binary search.
#include <tree_sitter/api.h>

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace gpulint::ts {

class ChildIndex {
 public:
  // Nodes with more visible children than this are indexed; below it a scan
  // is as cheap as a lookup.
  static constexpr uint32_t kWide = 16;

  // The visible children of `n` (the nodes ts_node_child(n, i) returns, in
  // order), or null when `n` is not wide. Collected on first use; the vector
  // stays valid while the index lives. Safe to call from several threads.
  [[nodiscard]] const std::vector<TSNode>* children(TSNode n) const;

  // The child of `parent` that is `descendant` or contains it, as
  // ts_node_child_with_descendant answers, found by binary search in a wide
  // node's children.
  [[nodiscard]] TSNode childWithDescendant(TSNode parent, TSNode descendant) const;
  // The parent of `n` (null for the root) and `n`'s depth below the root.
  // Each node's parent is found once, walking down from the root as
  // Node::parent() did, and remembered with the parents of every node on
  // the way; later questions about them cost a lookup, not a walk.
  [[nodiscard]] TSNode parentOf(TSNode n, uint32_t* depth) const;
  // Appends n's ancestors to `out`, nearest first (the root last).
  void ancestorsOf(TSNode n, std::vector<TSNode>& out) const;
  // Forgets every node (the tree was edited: their byte offsets moved).
  void clear();

 private:
  struct Up {
    TSNode parent;
    uint32_t depth;  // of the child, below the root
  };
  [[nodiscard]] const std::vector<TSNode>* childrenLocked(TSNode n) const;
  [[nodiscard]] TSNode stepDownLocked(TSNode parent, TSNode descendant) const;
  // The entry of `n` (not the root), walking down from the root when unknown.
  [[nodiscard]] const Up& upLocked(TSNode n) const;
  mutable std::mutex mutex_;
  mutable std::unordered_map<const void*, std::unique_ptr<std::vector<TSNode>>> wide_;
  mutable std::unordered_map<const void*, Up> up_;
};

}  // namespace gpulint::ts
