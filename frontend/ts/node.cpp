#include "frontend/ts/node.h"

namespace gpulint::ts {

namespace {

// The cursors of one thread not lent to a range, deleted when the thread ends.
struct FreeCursors {
  std::vector<TSTreeCursor*> free;
  ~FreeCursors() {
    for (TSTreeCursor* c : free) {
      ts_tree_cursor_delete(c);
      delete c;
    }
  }
};

FreeCursors& freeCursors() {
  thread_local FreeCursors cursors;
  return cursors;
}

}  // namespace

TSTreeCursor* CursorPool::acquire(TSNode n) {
  std::vector<TSTreeCursor*>& free = freeCursors().free;
  if (free.empty()) return new TSTreeCursor(ts_tree_cursor_new(n));
  TSTreeCursor* c = free.back();
  free.pop_back();
  ts_tree_cursor_reset(c, n);
  return c;
}

void CursorPool::release(TSTreeCursor* cursor) { freeCursors().free.push_back(cursor); }

Node Node::parent() const {
  if (isNull()) return Node();
  if (index_) {
    uint32_t depth = 0;
    TSNode up = index_->parentOf(node_, &depth);
    WorkBudget::charge(depth);  // the steps of the walk down it stands for
    return ts_node_is_null(up) ? Node() : wrap(up);
  }
  TSNode n = ts_tree_root_node(node_.tree);
  if (n.id == node_.id) return Node();
  for (TSNode next = stepDown(n); !ts_node_is_null(next) && next.id != node_.id; next = stepDown(n)) n = next;
  return wrap(n);
}

std::vector<Node> Node::ancestors() const {
  std::vector<Node> out;
  if (isNull()) return out;
  if (index_) {
    std::vector<TSNode> up;
    index_->ancestorsOf(node_, up);
    WorkBudget::charge(up.size());  // the steps of the walk down it stands for
    out.reserve(up.size());
    for (TSNode n : up) out.push_back(wrap(n));
    return out;
  }
  for (TSNode n = ts_tree_root_node(node_.tree); !ts_node_is_null(n) && n.id != node_.id; n = stepDown(n))
    out.push_back(wrap(n));
  std::reverse(out.begin(), out.end());
  return out;
}

Node Node::namedSibling(int direction) const {
  Node up = parent();
  if (!up) return Node();
  std::vector<TSNode> narrow;
  const std::vector<TSNode>* kids = index_ ? index_->children(up.node_) : nullptr;
  if (!kids) {
    TSTreeCursor cursor = ts_tree_cursor_new(up.node_);
    for (bool more = ts_tree_cursor_goto_first_child(&cursor); more; more = ts_tree_cursor_goto_next_sibling(&cursor))
      narrow.push_back(ts_tree_cursor_current_node(&cursor));
    ts_tree_cursor_delete(&cursor);
    kids = &narrow;
  }
  // Find this node among its siblings: by start byte in a wide node, then by id.
  auto it = std::lower_bound(kids->begin(), kids->end(), begin(),
                             [](const TSNode& c, uint32_t b) { return ts_node_start_byte(c) < b; });
  while (it != kids->end() && it->id != node_.id) ++it;
  if (it == kids->end()) return Node();
  for (auto i = it - kids->begin() + direction; i >= 0 && i < static_cast<std::ptrdiff_t>(kids->size()); i += direction)
    if (ts_node_is_named((*kids)[i])) return wrap((*kids)[i]);
  return Node();
}

}  // namespace gpulint::ts
