#pragma once
// RAII wrappers over the tree-sitter query API (TSQuery, TSQueryCursor).
//
// The C library parses text predicates such as `#eq?` and `#match?` but only
// hands them back as raw steps; it never applies them. Query parses them once
// at compile time (so a broken pattern file fails loudly at load time, with a
// file:line:col, instead of silently matching everything) and QueryCursor
// applies them while iterating, skipping matches that fail.
//
// Supported predicates (tree-sitter's standard text predicates):
//   (#eq? @a "text")  (#eq? @a @b)  (#not-eq? ...)  (#any-eq? ...)  (#any-not-eq? ...)
//   (#match? @a "re") (#not-match? ...) (#any-match? ...) (#any-not-match? ...)
//   (#any-of? @a "x" "y" ...)  (#not-any-of? @a "x" "y" ...)
// Regexes are std::regex ECMAScript and, like tree-sitter, are searched (not
// anchored): use ^...$ for a whole-text match. A capture longer than 4 KiB
// never matches (std::regex would recurse once per character).
// When a capture is quantified (`@x*`, `@x+`, optional), the plain forms must
// hold for every node captured under that name (vacuously true when there is
// none) and the `any-` forms for at least one. `#eq? @a @b` compares the
// i-th node of @a with the i-th node of @b.
#include <tree_sitter/api.h>

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "frontend/ts/node.h"

namespace gpulint::ts {

// Why a query failed to compile, located in the query's own source file.
struct QueryError {
  enum class Kind {
    Syntax,     // TSQueryErrorSyntax
    NodeType,   // TSQueryErrorNodeType: unknown node type for this grammar
    Field,      // TSQueryErrorField: unknown field name
    Capture,    // TSQueryErrorCapture: predicate names an undefined capture
    Structure,  // TSQueryErrorStructure: pattern can never match
    Language,   // TSQueryErrorLanguage: grammar ABI not supported
    Predicate,  // ours: unknown predicate, wrong arity/argument kind, bad regex
  };
  Kind kind = Kind::Syntax;
  std::string file;
  uint32_t offset = 0;  // byte offset into the query source
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, in bytes
  std::string message;  // e.g. "invalid node type 'fro'"

  // "patterns/python/loops.scm:3:7: invalid node type 'fro'"
  [[nodiscard]] std::string describe() const;
};

class Query;

// One captured node. `name` points into the TSQuery, so it stays valid while
// the Query lives (moving the Query does not invalidate it).
struct Capture {
  Node node;
  uint32_t index = 0;  // capture id within the query
  std::string_view name;
};

// One match of one pattern, with its captures copied out of the cursor (the
// C library reuses its buffer on the next call).
class Match {
 public:
  Match() = default;
  Match(const Query* query, uint32_t pattern_index, std::vector<Capture> captures)
      : query_(query), pattern_(pattern_index), captures_(std::move(captures)) {}

  [[nodiscard]] uint32_t patternIndex() const { return pattern_; }
  // First node captured as `name` (without '@'); a null Node when absent.
  [[nodiscard]] Node capture(std::string_view name) const;
  // All nodes captured as `name`, in order (quantified captures give several).
  [[nodiscard]] std::vector<Node> nodes(std::string_view name) const;
  [[nodiscard]] const std::vector<Capture>& captures() const { return captures_; }
  [[nodiscard]] const Query* query() const { return query_; }

 private:
  const Query* query_ = nullptr;
  uint32_t pattern_ = 0;
  std::vector<Capture> captures_;
};

// A compiled query. Move-only; a moved-from Query may only be destroyed or
// assigned to.
class Query {
 public:
  // Compiles `source` for `language`. `file_name` only labels errors.
  [[nodiscard]] static std::variant<Query, QueryError> compile(const TSLanguage* language,
                                                               std::string_view source,
                                                               std::string_view file_name);
  // For queries embedded in the binary, where an error is a bug of ours:
  // throws std::runtime_error carrying QueryError::describe().
  [[nodiscard]] static Query compileOrThrow(const TSLanguage* language, std::string_view source,
                                            std::string_view file_name);

  Query(Query&&) noexcept;
  Query& operator=(Query&&) noexcept;
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  ~Query();

  [[nodiscard]] uint32_t patternCount() const;
  [[nodiscard]] uint32_t captureCount() const;
  // Name of capture `index` (without '@'); "" when out of range.
  [[nodiscard]] std::string_view captureName(uint32_t index) const;
  [[nodiscard]] std::optional<uint32_t> captureIndex(std::string_view name) const;
  // Byte offset where pattern `index` starts in the query source.
  [[nodiscard]] uint32_t patternStartByte(uint32_t index) const;
  [[nodiscard]] const std::string& fileName() const;
  [[nodiscard]] const TSQuery* raw() const;

 private:
  friend class QueryCursor;
  struct Impl;
  explicit Query(std::unique_ptr<Impl> impl);
  // Whether the text predicates of `match`'s pattern hold.
  [[nodiscard]] bool accepts(const TSQueryMatch& match, const std::string_view* source) const;

  std::unique_ptr<Impl> impl_;
};

class QueryCursor;

// Input range over the matches of one exec; `for (const Match& m : range)`.
class MatchRange {
 public:
  class iterator {
   public:
    using value_type = Match;
    using difference_type = std::ptrdiff_t;
    explicit iterator(MatchRange* range) : range_(range) {}
    const Match& operator*() const { return *range_->current_; }
    const Match* operator->() const { return &*range_->current_; }
    iterator& operator++() { range_->advance(); return *this; }
    void operator++(int) { range_->advance(); }
    bool operator==(std::default_sentinel_t) const { return !range_->current_; }
   private:
    MatchRange* range_;
  };
  explicit MatchRange(QueryCursor* cursor) : cursor_(cursor) {}
  // Single pass: begin() fetches the first match, so call it once.
  [[nodiscard]] iterator begin() { advance(); return iterator(this); }
  [[nodiscard]] std::default_sentinel_t end() const { return {}; }

 private:
  void advance();
  QueryCursor* cursor_;
  std::optional<Match> current_;
};

// Input range over all captures of one exec in document order.
class CaptureRange {
 public:
  class iterator {
   public:
    using value_type = Capture;
    using difference_type = std::ptrdiff_t;
    explicit iterator(CaptureRange* range) : range_(range) {}
    const Capture& operator*() const { return *range_->current_; }
    const Capture* operator->() const { return &*range_->current_; }
    iterator& operator++() { range_->advance(); return *this; }
    void operator++(int) { range_->advance(); }
    bool operator==(std::default_sentinel_t) const { return !range_->current_; }
   private:
    CaptureRange* range_;
  };
  explicit CaptureRange(QueryCursor* cursor) : cursor_(cursor) {}
  [[nodiscard]] iterator begin() { advance(); return iterator(this); }
  [[nodiscard]] std::default_sentinel_t end() const { return {}; }

 private:
  void advance();
  QueryCursor* cursor_;
  std::optional<Capture> current_;
};

// Executes a Query over a subtree. Reusable: each exec() restarts it. The
// Query and the Tree behind `root` must outlive the iteration.
class QueryCursor {
 public:
  QueryCursor();
  QueryCursor(QueryCursor&&) noexcept;
  QueryCursor& operator=(QueryCursor&&) noexcept;
  QueryCursor(const QueryCursor&) = delete;
  QueryCursor& operator=(const QueryCursor&) = delete;
  ~QueryCursor();

  // Only report matches intersecting [begin, end) bytes; kept across exec()s.
  // As in tree-sitter, end == 0 means no upper limit.
  void setByteRange(uint32_t begin, uint32_t end);
  void clearByteRange();

  void exec(const Query& query, Node root);
  // Next match / capture whose predicates hold; nullopt when exhausted.
  [[nodiscard]] std::optional<Match> nextMatch();
  [[nodiscard]] std::optional<Capture> nextCapture();

  // exec() + range-for: `for (const Match& m : cursor.matches(q, root))`.
  [[nodiscard]] MatchRange matches(const Query& query, Node root);
  [[nodiscard]] CaptureRange captures(const Query& query, Node root);

  // True when the cursor dropped in-progress matches because too many were
  // pending at once (results may then be incomplete).
  [[nodiscard]] bool exceededMatchLimit() const;
  [[nodiscard]] TSQueryCursor* raw() const { return cursor_; }

 private:
  [[nodiscard]] Match copyMatch(const TSQueryMatch& m) const;

  TSQueryCursor* cursor_;
  const Query* query_ = nullptr;
  const std::string_view* source_ = nullptr;
  Node root_;  // the node searched: captures are nodes of its tree
};

}  // namespace gpulint::ts
