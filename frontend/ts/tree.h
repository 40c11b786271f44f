#pragma once
// RAII owners of TSParser and TSTree.
#include <tree_sitter/api.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>
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
  // The tree shares a text that is never written while it lives (a source
  // file's: no second copy of every file's bytes for the whole run).
  Tree(TSTree* tree, std::shared_ptr<const std::string> text);
  Tree(Tree&&) noexcept;
  Tree& operator=(Tree&&) noexcept;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;
  ~Tree();

  [[nodiscard]] bool valid() const { return tree_ != nullptr || flat_->table; }
  [[nodiscard]] Node root() const;
  [[nodiscard]] const std::string& text() const { return *text_; }
  [[nodiscard]] TSTree* raw() const { return tree_; }
  // Record an edit for incremental re-parsing (ts_tree_edit).
  void edit(const TSInputEdit& edit);
  // Frees the tree-sitter tree once its flat copy is made: Nodes go on
  // working, raw() is null from now on (no incremental re-parse, no query).
  // A check that will not fix anything keeps every file's model until the
  // project pass, and the parser's tree is as large as the copy.
  void releaseParserTree();
  // The same, but leaves the tree's memory to the ScratchArena (core/
  // allocator.h) it was parsed in, which frees it wholesale when it ends.
  void abandonParserTree();
  // A second handle on the same parse, for a second model of the same file
  // (a script modelled again with a job's arguments): shares the text and
  // the flat copy once the parser's tree is released, else holds a copy of
  // the parser's tree (ts_tree_copy, no re-parse) and makes its own flat copy.
  [[nodiscard]] Tree share() const;

 private:
  // The flat copy Nodes navigate, made on the first root() (a tree only
  // parsed, or only re-parsed from, never pays for it); safe to ask from
  // several threads.
  struct Flat {
    std::once_flag once;
    std::unique_ptr<FlatTree> table;
    // The table once made: root() is asked ~500 times per file, and a
    // call_once per ask went through the C library each time.
    std::atomic<const FlatTree*> ready{nullptr};
  };
  TSTree* tree_ = nullptr;
  // Shared between the handles share() makes; never written after construction.
  std::shared_ptr<const std::string> text_ = std::make_shared<std::string>();
  std::shared_ptr<const std::string_view> view_ = std::make_shared<std::string_view>();
  std::shared_ptr<Flat> flat_ = std::make_shared<Flat>();
  // Tables made before an edit: Nodes taken from them keep their old bytes,
  // as tree-sitter nodes taken before ts_tree_edit did.
  std::vector<std::shared_ptr<Flat>> before_edits_;
};

class Parser {
 public:
  explicit Parser(const TSLanguage* language);
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
  ~Parser();

  // Parses `text`; `old` (edited with Tree::edit) enables incremental parsing.
  [[nodiscard]] Tree parse(std::string text, const Tree* old = nullptr);
  // The same, sharing `text` instead of copying it (see Tree's constructors).
  [[nodiscard]] Tree parse(std::shared_ptr<const std::string> text, const Tree* old = nullptr);

 private:
  TSParser* parser_;
};

}  // namespace gpulint::ts
