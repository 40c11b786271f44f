#pragma once
// RAII owners of TSParser and TSTree.
#include <tree_sitter/api.h>

#include <memory>
#include <string>
#include <string_view>

#include "frontend/ts/node.h"

extern "C" const TSLanguage* tree_sitter_python(void);
extern "C" const TSLanguage* tree_sitter_yaml(void);
extern "C" const TSLanguage* tree_sitter_bash(void);

namespace gpulint::ts {

class Tree {
 public:
  Tree() = default;
  // The tree keeps its own copy of the text so Nodes can return text().
  Tree(TSTree* tree, std::string text);
  Tree(Tree&&) noexcept;
  Tree& operator=(Tree&&) noexcept;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;
  ~Tree();

  [[nodiscard]] bool valid() const { return tree_ != nullptr; }
  [[nodiscard]] Node root() const;
  [[nodiscard]] const std::string& text() const { return *text_; }
  [[nodiscard]] TSTree* raw() const { return tree_; }
  // Record an edit for incremental re-parsing (ts_tree_edit).
  void edit(const TSInputEdit& edit);

 private:
  TSTree* tree_ = nullptr;
  std::unique_ptr<std::string> text_ = std::make_unique<std::string>();
  std::unique_ptr<std::string_view> view_ = std::make_unique<std::string_view>();
  // Children of the wide nodes, for the Nodes of this tree (see ChildIndex).
  std::unique_ptr<ChildIndex> index_ = std::make_unique<ChildIndex>();
};

class Parser {
 public:
  explicit Parser(const TSLanguage* language);
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
  ~Parser();

  // Parses `text`; `old` (edited with Tree::edit) enables incremental parsing.
  [[nodiscard]] Tree parse(std::string text, const Tree* old = nullptr);

 private:
  TSParser* parser_;
};

}  // namespace gpulint::ts
