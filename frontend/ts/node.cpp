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

// The public symbols a node-kind literal names in one language: a kind can be
// both a named node and an anonymous token (`"print"`), so two; an unused
// slot holds 0, the end symbol, which is never a node's kind.
struct LiteralSymbols {
  const char* literal;
  const TSLanguage* language;
  TSSymbol symbols[2];
};

// Per thread, two ways per set: a kind test that misses refills an entry by
// scanning the grammar's symbols, so two hot literals must not evict each
// other. Zero-initialised plain data, so a thread reaches it with no
// initialisation guard.
constexpr size_t kLiteralSets = 1024;
thread_local LiteralSymbols t_literals[kLiteralSets][2];
thread_local bool t_next_way[kLiteralSets];

const LiteralSymbols& refill(size_t set, const char* literal, uint32_t size, const TSLanguage* language) {
  LiteralSymbols& e = t_literals[set][t_next_way[set]];
  t_next_way[set] = !t_next_way[set];
  TSSymbol named = ts_language_symbol_for_name(language, literal, size, true);
  TSSymbol anonymous = ts_language_symbol_for_name(language, literal, size, false);
  e = LiteralSymbols{literal, language, {named ? named : anonymous, anonymous ? anonymous : named}};
  return e;
}

}  // namespace

bool Node::isLiteral(const char* literal, uint32_t size) const {
  if (isNull()) return false;
  const TSLanguage* language = ts_node_language(node_);
  size_t set = (reinterpret_cast<uintptr_t>(literal) * 0x9E3779B97F4A7C15ull) >> 54;  // 10 bits
  LiteralSymbols* ways = t_literals[set];
  const LiteralSymbols* e = &ways[0];
  if (e->literal != literal || e->language != language) {
    e = &ways[1];
    if (e->literal != literal || e->language != language) e = &refill(set, literal, size, language);
  }
  TSSymbol s = ts_node_symbol(node_);
  return s != 0 && (s == e->symbols[0] || s == e->symbols[1]);
}

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
