#include "frontend/ts/node.h"

namespace gpulint::ts {

namespace literal_kinds {

namespace {
thread_local bool t_next_way[kSets];  // the way the next refill of a set replaces
}  // namespace

const Entry& refill(size_t set, const char* literal, uint32_t size, const TSLanguage* language) {
  Entry& e = t_entries[set][t_next_way[set]];
  t_next_way[set] = !t_next_way[set];
  TSSymbol named = ts_language_symbol_for_name(language, literal, size, true);
  TSSymbol anonymous = ts_language_symbol_for_name(language, literal, size, false);
  e = Entry{literal, language, {named ? named : anonymous, anonymous ? anonymous : named}};
  return e;
}

}  // namespace literal_kinds

namespace {

// As literal_kinds::Entry, for field names.
struct LiteralField {
  const char* literal;
  const TSLanguage* language;
  TSFieldId field;
};
thread_local LiteralField t_fields[literal_kinds::kSets];

}  // namespace

TSFieldId Node::fieldIdOfLiteral(const char* literal, uint32_t size) const {
  const TSLanguage* language = tree_->language();
  LiteralField& e = t_fields[literal_kinds::setOf(literal)];
  if (e.literal != literal || e.language != language)
    e = LiteralField{literal, language, ts_language_field_id_for_name(language, literal, size)};
  return e.field;
}

uint32_t Node::column() const {
  const std::string_view* s = source();
  if (!s) return 0;
  uint32_t b = std::min<uint32_t>(begin(), static_cast<uint32_t>(s->size()));
  size_t newline = b == 0 ? std::string_view::npos : s->rfind('\n', b - 1);
  return newline == std::string_view::npos ? b : b - static_cast<uint32_t>(newline) - 1;
}

std::vector<Node> Node::ancestors() const {
  std::vector<Node> out;
  if (isNull()) return out;
  // Counted first: one allocation of the right size, not one per doubling
  // (most callers ask from a statement a dozen levels down).
  size_t depth = 0;
  for (uint32_t at = flat().parent; at != kNoNode; at = (*tree_)[at].parent) ++depth;
  out.reserve(depth);
  for (uint32_t at = flat().parent; at != kNoNode; at = (*tree_)[at].parent) out.push_back(Node(tree_, at));
  WorkBudget::charge(out.size());
  return out;
}

Node Node::namedChild(uint32_t i) const {
  WorkBudget::charge(i + 1);
  if (isNull()) return Node();
  uint32_t c = ChildRange::firstNamedFrom(tree_, tree_->firstChild(index_));
  for (; i > 0 && c != kNoNode; --i) c = ChildRange::firstNamedFrom(tree_, tree_->nextSibling(c));
  return Node(tree_, c);
}

Node Node::nextNamedSibling() const {
  if (isNull()) return Node();
  return Node(tree_, ChildRange::firstNamedFrom(tree_, tree_->nextSibling(index_)));
}

Node Node::namedChildHolding(uint32_t begin, uint32_t end) const {
  if (isNull()) return Node();
  for (uint32_t c = tree_->firstChildNotEndingBefore(index_, end); c != kNoNode; c = tree_->nextSibling(c)) {
    WorkBudget::charge(1);
    const FlatNode& n = (*tree_)[c];
    if (n.begin > begin) break;  // this child and the later ones start too late
    if (n.has(FlatNode::Named) && end <= n.end) return Node(tree_, c);
  }
  return Node();
}

Node Node::prevNamedSibling() const {
  if (isNull()) return Node();
  uint32_t at = tree_->previousSibling(index_);
  while (at != kNoNode && !(*tree_)[at].has(FlatNode::Named)) at = tree_->previousSibling(at);
  return Node(tree_, at);
}

std::string_view Node::fieldNameOfChild(uint32_t i) const {
  if (isNull()) return "";
  uint32_t c = tree_->child(index_, i);
  if (c == kNoNode || (*tree_)[c].field == 0) return "";
  const char* name = ts_language_field_name_for_id(tree_->language(), (*tree_)[c].field);
  return name ? name : "";
}

}  // namespace gpulint::ts
