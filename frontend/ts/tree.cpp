#include "frontend/ts/tree.h"

#include <mutex>
#include <stdexcept>

#include "core/allocator.h"

namespace gpulint::ts {

Tree::Tree(TSTree* tree, std::string text) : Tree(tree, std::make_shared<const std::string>(std::move(text))) {}

Tree::Tree(TSTree* tree, std::shared_ptr<const std::string> text)
    : tree_(tree), text_(std::move(text)), view_(std::make_shared<const std::string_view>(*text_)) {}

Tree Tree::share() const {
  Tree copy;
  copy.text_ = text_;
  copy.view_ = view_;
  if (tree_) {
    // The flat copy points into this parser's tree, which this handle may
    // free first: the copy gets a parser tree and a flat copy of its own.
    copy.tree_ = ts_tree_copy(tree_);
  } else {
    copy.flat_ = flat_;
  }
  return copy;
}

Tree::Tree(Tree&& o) noexcept
    : tree_(o.tree_),
      text_(std::move(o.text_)),
      view_(std::move(o.view_)),
      flat_(std::move(o.flat_)),
      before_edits_(std::move(o.before_edits_)) {
  o.tree_ = nullptr;
  o.text_ = std::make_shared<std::string>();
  o.view_ = std::make_shared<std::string_view>();
  o.flat_ = std::make_shared<Flat>();
}

Tree& Tree::operator=(Tree&& o) noexcept {
  if (this != &o) {
    if (tree_) ts_tree_delete(tree_);
    tree_ = o.tree_;
    text_ = std::move(o.text_);
    view_ = std::move(o.view_);
    flat_ = std::move(o.flat_);
    before_edits_ = std::move(o.before_edits_);
    o.tree_ = nullptr;
    o.text_ = std::make_shared<std::string>();
    o.view_ = std::make_shared<std::string_view>();
    o.flat_ = std::make_shared<Flat>();
  }
  return *this;
}

Tree::~Tree() {
  if (tree_) ts_tree_delete(tree_);
}

Node Tree::root() const {
  if (const FlatTree* made = flat_->ready.load(std::memory_order_acquire)) return Node(made, 0);
  if (!tree_ && !flat_->table) return Node();  // no tree, or released before any copy was made
  std::call_once(flat_->once, [&] {
    flat_->table = std::make_unique<FlatTree>(tree_, view_.get());
    flat_->ready.store(flat_->table.get(), std::memory_order_release);
  });
  return Node(flat_->table.get(), 0);
}

void Tree::releaseParserTree() {
  TSTree* tree = tree_;
  abandonParserTree();
  if (tree) ts_tree_delete(tree);
}

void Tree::abandonParserTree() {
  if (!tree_) return;
  (void)root();  // the copy, if not made yet
  flat_->table->forgetParserTree();
  for (auto& before : before_edits_)
    if (before->table) before->table->forgetParserTree();
  tree_ = nullptr;
}

void Tree::edit(const TSInputEdit& e) {
  if (tree_) ts_tree_edit(tree_, &e);
  // The edit moved bytes: the next root() copies the edited tree.
  if (flat_->table) {
    before_edits_.push_back(std::move(flat_));
    flat_ = std::make_shared<Flat>();
  }
}

namespace {

// tree-sitter's trees are made and freed file after file: on a heap of their
// own (core/allocator.h) they reuse the pages the last tree left.
void useScratchHeap() {
  static std::once_flag once;
  std::call_once(once, [] {
    ScratchHeap h = scratchHeap();
    ts_set_allocator(h.malloc, h.calloc, h.realloc, h.free);
  });
}

}  // namespace

Parser::Parser(const TSLanguage* language) : parser_((useScratchHeap(), ts_parser_new())) {
  if (!ts_parser_set_language(parser_, language)) {
    ts_parser_delete(parser_);
    throw std::runtime_error("tree-sitter: grammar ABI version is not supported by the runtime");
  }
}

Parser::~Parser() { ts_parser_delete(parser_); }

Tree Parser::parse(std::string text, const Tree* old) {
  TSTree* t = ts_parser_parse_string(parser_, old ? old->raw() : nullptr, text.data(),
                                     static_cast<uint32_t>(text.size()));
  return Tree(t, std::move(text));
}

Tree Parser::parse(std::shared_ptr<const std::string> text, const Tree* old) {
  TSTree* t = ts_parser_parse_string(parser_, old ? old->raw() : nullptr, text->data(),
                                     static_cast<uint32_t>(text->size()));
  return Tree(t, std::move(text));
}

}  // namespace gpulint::ts
