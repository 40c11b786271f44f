#pragma once
// A tree-sitter tree copied once into flat arrays, for navigation.
//
// tree-sitter nodes have no parent pointer and find their i-th child, their
// field children and their siblings by scanning from the first child; the
// analysis asks those questions hundreds of times per node, and before this
// table about half of gpulint's own work was tree-sitter navigation. One
// cursor walk copies every visible node (what ts_node_child hands out) into
// a preorder array: a node's first child is the next entry, its subtree ends
// at `subtree_end`, and parent, siblings, kind, field and bytes are plain
// loads. The tree-sitter tree stays alive beside it for the C API (queries,
// incremental parsing), reached through tsNode()/find().
#include <tree_sitter/api.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frontend/ts/c/flatten.h"

namespace gpulint::ts {

inline constexpr uint32_t kNoNode = GPULINT_NO_NODE;

// One entry per visible node; the layout is the C walk's (ts/c/flatten.h).
struct FlatNode : GpulintFlatNode {
  enum Flag : uint8_t {
    Named = GPULINT_FLAT_NAMED,
    Missing = GPULINT_FLAT_MISSING,
    Error = GPULINT_FLAT_ERROR,
    HasError = GPULINT_FLAT_HAS_ERROR,
    Wide = GPULINT_FLAT_WIDE
  };
  [[nodiscard]] bool has(Flag f) const { return (flags & f) != 0; }
};
static_assert(sizeof(FlatNode) == sizeof(GpulintFlatNode));
static_assert(sizeof(FlatNode) == 24, "an entry per visible node of every file of a run: keep it small");

// An allocator whose value-less construct leaves a trivial element as it is:
// gpulint_flatten writes every field of every entry, so the zero fill that
// resize() would do first is wasted.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

class FlatTree {
 public:
  // Children of nodes wider than this are listed, so child(i) is one load.
  static constexpr uint32_t kWide = 16;

  FlatTree(const TSTree* tree, const std::string_view* source);
  FlatTree(const FlatTree&) = delete;
  FlatTree& operator=(const FlatTree&) = delete;

  [[nodiscard]] const FlatNode& operator[](uint32_t i) const { return nodes_[i]; }
  [[nodiscard]] uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  [[nodiscard]] const TSLanguage* language() const { return language_; }
  [[nodiscard]] const std::string_view* source() const { return source_; }

  // The i-th visible child of `n` (kNoNode past the last).
  [[nodiscard]] uint32_t child(uint32_t n, uint32_t i) const;
  // A child of `n` no later than the first one that ends at or after byte
  // `end` (children follow each other, so their ends never decrease): that
  // child itself for a wide node, found by halves; else the first child.
  [[nodiscard]] uint32_t firstChildNotEndingBefore(uint32_t n, uint32_t end) const;
  // Visible children of `n`, named or not, and the named ones: counted
  // along the sibling links (a wide node's are listed).
  [[nodiscard]] uint32_t childCount(uint32_t n) const;
  [[nodiscard]] uint32_t namedChildCount(uint32_t n) const;
  // The visible child before `c` under the same parent (kNoNode for the first).
  [[nodiscard]] uint32_t previousSibling(uint32_t c) const;
  // The first child under field `f` (kNoNode when none).
  [[nodiscard]] uint32_t fieldChild(uint32_t n, TSFieldId f) const {
    for (uint32_t c = firstChild(n); c != kNoNode; c = nextSibling(c))
      if (nodes_[c].field == f) return c;
    return kNoNode;
  }
  // In preorder a node's first child follows it, inside its subtree.
  [[nodiscard]] uint32_t firstChild(uint32_t n) const { return n + 1 < nodes_[n].subtree_end ? n + 1 : kNoNode; }
  // The visible child after `c` under the same parent (kNoNode for the
  // last): in preorder it follows c's subtree, inside the parent's.
  [[nodiscard]] uint32_t nextSibling(uint32_t c) const {
    const uint32_t after = nodes_[c].subtree_end, p = nodes_[c].parent;
    return p != kNoNode && after < nodes_[p].subtree_end ? after : kNoNode;
  }

  // The tree-sitter node of entry `i` (walks down from the root: for the C
  // API only, not for navigation).
  [[nodiscard]] TSNode tsNode(uint32_t i) const;
  // The entry of a tree-sitter node of this tree (kNoNode when not found).
  [[nodiscard]] uint32_t find(TSNode n) const;
  // The tree-sitter tree is gone (Tree::releaseParserTree): tsNode() answers
  // null nodes and find() kNoNode from now on.
  void forgetParserTree() { tree_ = nullptr; }

 private:
  // Lists the children of the entries the walk found wide (`count` of them).
  void indexWideNodes(const uint32_t* wide, uint32_t count);

  std::vector<FlatNode, UninitializedAllocator<FlatNode>> nodes_;
  // Children of wide nodes: each one's list in wide_children_.
  struct WideList {
    uint32_t offset, count, named;
  };
  [[nodiscard]] const WideList& wideList(uint32_t n) const { return wide_at_.at(n); }
  std::unordered_map<uint32_t, WideList> wide_at_;
  std::vector<uint32_t> wide_children_;
  const TSTree* tree_;
  const TSLanguage* language_;
  const std::string_view* source_;
};

}  // namespace gpulint::ts
