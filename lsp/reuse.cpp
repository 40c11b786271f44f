#include "lsp/reuse.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>

#include "checkers/pipeline.h"

namespace gpulint::lsp {

namespace {

// The whole lines that differ between two texts: old [begin, old_end) became
// new [begin, new_end); the text before and after is byte-identical.
struct ChangedLines {
  uint32_t begin = 0;
  uint32_t old_end = 0;
  uint32_t new_end = 0;
  uint32_t first_line = 1;  // 1-based line of `begin`
  int64_t line_delta = 0;   // lines added (negative: removed)
  // The bytes that differ within them: old [first_diff, old_diff_end), new
  // [first_diff, new_diff_end).
  uint32_t first_diff = 0;
  uint32_t old_diff_end = 0;
  uint32_t new_diff_end = 0;

  [[nodiscard]] int64_t delta() const { return int64_t(new_end) - int64_t(old_end); }
  // Where an old node start / end lies in the new text; false inside the
  // changed lines. A start at a pure insertion point moves with what follows
  // it, an end stays with what precedes it.
  [[nodiscard]] bool mapStart(uint32_t x, uint32_t* out) const {
    if (x < begin) return *out = x, true;
    if (x >= old_end) return *out = static_cast<uint32_t>(x + delta()), true;
    return false;
  }
  [[nodiscard]] bool mapEnd(uint32_t x, uint32_t* out) const {
    if (x <= begin) return *out = x, true;
    if (x >= old_end) return *out = static_cast<uint32_t>(x + delta()), true;
    return false;
  }
};

ChangedLines changedLines(std::string_view before, std::string_view now) {
  size_t shorter = std::min(before.size(), now.size());
  size_t prefix = 0;
  while (prefix < shorter && before[prefix] == now[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix && before[before.size() - 1 - suffix] == now[now.size() - 1 - suffix]) ++suffix;
  ChangedLines c;
  c.first_diff = static_cast<uint32_t>(prefix);
  c.old_diff_end = static_cast<uint32_t>(before.size() - suffix);
  c.new_diff_end = static_cast<uint32_t>(now.size() - suffix);
  size_t begin = prefix;
  while (begin > 0 && before[begin - 1] != '\n') --begin;  // to the start of the first changed line
  size_t old_end = before.size() - suffix, new_end = now.size() - suffix;
  // On to the start of a line in both texts (the same bytes follow both ends).
  auto lineStart = [](std::string_view t, size_t i) { return i == 0 || t[i - 1] == '\n'; };
  while (old_end < before.size() && !(lineStart(before, old_end) && lineStart(now, new_end))) ++old_end, ++new_end;
  c.begin = static_cast<uint32_t>(begin);
  c.old_end = static_cast<uint32_t>(old_end);
  c.new_end = static_cast<uint32_t>(new_end);
  c.first_line = static_cast<uint32_t>(std::count(before.begin(), before.begin() + begin, '\n') + 1);
  c.line_delta = std::count(now.begin() + begin, now.begin() + new_end, '\n') -
                 std::count(before.begin() + begin, before.begin() + old_end, '\n');
  return c;
}

// Every option a rule reads (a new one must be compared here: the size check trips).
static_assert(sizeof(RuleOptions) == 6 * sizeof(int) + sizeof(std::vector<std::string>));
bool sameOptions(const RuleOptions& a, const RuleOptions& b) {
  return a.workers == b.workers && a.min_batch_size == b.min_batch_size && a.min_guard_interval == b.min_guard_interval &&
         a.min_eval_steps == b.min_eval_steps && a.min_save_steps == b.min_save_steps &&
         a.large_model_modules == b.large_model_modules;
}

bool isComment(TSNode n, TSSymbol comment) { return ts_node_symbol(n) == comment; }

// The two trees have the same nodes in the same shape; non-comment nodes sit
// at the mapped bytes (the root aside: it always spans the file); comments
// either map too or lie wholly in the changed lines of both texts.
//
// One more shape is allowed: a block that starts with a comment on a changed
// line (`def f():` then `    # why`), starting at the same offset of that
// line after the same bytes in both texts, so whatever measures from the
// block's start back to its header measures the same.
bool sameShape(const ts::Tree& before, const ts::Tree& now, std::string_view old_text, std::string_view new_text,
               const ChangedLines& c, TSSymbol comment) {
  TSSymbol block = ts_language_symbol_for_name(ts_tree_language(now.raw()), "block", 5, true);
  auto commentFirst = [&](TSNode x, uint32_t xb, uint32_t yb, uint32_t xe, uint32_t ye) {
    uint32_t me = 0;
    if (ts_node_symbol(x) != block || ts_node_child_count(x) == 0 || !isComment(ts_node_child(x, 0), comment))
      return false;
    if (xb < c.begin || xb >= c.old_end || yb - c.begin != xb - c.begin || yb >= c.new_end) return false;
    return old_text.substr(c.begin, xb - c.begin) == new_text.substr(c.begin, yb - c.begin) && c.mapEnd(xe, &me) &&
           me == ye;
  };
  TSTreeCursor a = ts_tree_cursor_new(ts_tree_root_node(before.raw()));
  TSTreeCursor b = ts_tree_cursor_new(ts_tree_root_node(now.raw()));
  bool same = true, root = true;
  while (same) {
    TSNode x = ts_tree_cursor_current_node(&a), y = ts_tree_cursor_current_node(&b);
    if (ts_node_symbol(x) != ts_node_symbol(y) || ts_node_is_missing(x) != ts_node_is_missing(y)) {
      same = false;
      break;
    }
    uint32_t xb = ts_node_start_byte(x), xe = ts_node_end_byte(x), yb = ts_node_start_byte(y),
             ye = ts_node_end_byte(y), mb = 0, me = 0;
    bool mapped = c.mapStart(xb, &mb) && c.mapEnd(xe, &me) && mb == yb && me == ye;
    bool inside = isComment(x, comment) && xb >= c.begin && xe <= c.old_end && yb >= c.begin && ye <= c.new_end;
    if (!root && !mapped && !inside && !commentFirst(x, xb, yb, xe, ye)) {
      same = false;
      break;
    }
    root = false;
    // One subtree shared by both trees (the incremental parse reused it) and
    // wholly on one side of the changed lines: its nodes are the same and move
    // together, so they all map as its root does.
    bool shared = x.id == y.id && mapped && (xe <= c.begin || xb >= c.old_end);
    bool down_a = !shared && ts_tree_cursor_goto_first_child(&a);
    bool down_b = !shared && ts_tree_cursor_goto_first_child(&b);
    if (down_a != down_b) {
      same = false;
      break;
    }
    if (down_a) continue;
    bool done = false;
    while (true) {
      bool next_a = ts_tree_cursor_goto_next_sibling(&a), next_b = ts_tree_cursor_goto_next_sibling(&b);
      if (next_a != next_b) {
        same = false;
        break;
      }
      if (next_a) break;
      if (!ts_tree_cursor_goto_parent(&a)) {
        done = true;
        break;
      }
      (void)ts_tree_cursor_goto_parent(&b);
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&a);
  ts_tree_cursor_delete(&b);
  return same;
}

// The innermost non-comment node around bytes [begin, end) is a block or the
// module: the edit sits between statements, outside every expression and header.
bool betweenStatements(const ts::Tree& tree, uint32_t begin, uint32_t end, TSSymbol comment) {
  if (begin == end) return true;  // nothing of this text changed (the other one's check decides)
  TSNode n = ts_node_descendant_for_byte_range(ts_tree_root_node(tree.raw()), begin, end);
  while (!ts_node_is_null(n) && (isComment(n, comment) || ts_node_start_byte(n) > begin || ts_node_end_byte(n) < end))
    n = ts_node_parent(n);
  if (ts_node_is_null(n)) return false;
  std::string_view type = ts_node_type(n);
  return type == "block" || type == "module";
}

// True when `text` may cite a line at or past `first`: a number after
// "line " or "lines " ("at line 12", "Lines 21, 23 and 24": every number of
// the list) or after a colon ("train.py:12", the two ways
// checkers/python_common.cpp lineRef and the resolved-value notes write
// one). Such prose would need rewriting when lines were added or removed; a
// colon before any other number (`x[:100]`) only costs a full analysis.
bool mayCiteLineFrom(std::string_view text, uint32_t first) {
  size_t list_end = std::string_view::npos;  // just past a cited number, while a list may go on
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    std::string_view head = text.substr(0, i);
    std::string_view gap = list_end <= i ? text.substr(list_end, i - list_end) : std::string_view("-");
    bool cited = head.ends_with(":") || head.ends_with("line ") || head.ends_with("lines ") ||
                 head.ends_with("Line ") || head.ends_with("Lines ") || gap == ", " || gap == " and " ||
                 gap == ", and ";
    uint64_t n = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i)
      if (n < (1u << 31)) n = n * 10 + static_cast<uint64_t>(text[i] - '0');
    if (cited && n >= first) return true;
    list_end = cited ? i : std::string_view::npos;
  }
  return false;
}

bool mapLocation(Location& l, const ChangedLines& c, const SourceFile& now) {
  uint32_t b = 0, e = 0;
  if (l.file != now.path() || !c.mapStart(l.begin, &b) || !c.mapEnd(l.end, &e) || b > e) return false;
  l = now.location(b, e);
  return true;
}

// An edit of a fix must keep clear of the changed lines: its range and its
// anchoring are then the same in both texts.
bool mapEdit(Edit& edit, const ChangedLines& c) {
  bool insertion = c.begin == c.old_end;
  if (edit.end < c.begin || (edit.end == c.begin && !insertion)) return true;
  if (edit.begin > c.old_end || (edit.begin == c.old_end && !insertion)) {
    edit.begin = static_cast<uint32_t>(edit.begin + c.delta());
    edit.end = static_cast<uint32_t>(edit.end + c.delta());
    return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<Diagnostic>> reusedFindings(const AnalysedText& before, const ts::Tree& now_tree,
                                                      const SourceFile& now, const RuleOptions& options) {
  // Other settings, or a tree we cannot compare: a full analysis.
  if (!sameOptions(options, before.options) || !before.tree.raw() || !now_tree.raw()) return std::nullopt;
  if (ts_node_has_error(ts_tree_root_node(now_tree.raw()))) return std::nullopt;
  if (before.work_used > analysisBudgetFor(now.text().size())) return std::nullopt;
  if (before.text == now.text()) return before.diagnostics;  // the same input: the same findings
  ChangedLines c = changedLines(before.text, now.text());
  const TSLanguage* language = ts_tree_language(now_tree.raw());
  TSSymbol comment = ts_language_symbol_for_name(language, "comment", 7, true);
  if (!betweenStatements(before.tree, c.first_diff, c.old_diff_end, comment) ||
      !betweenStatements(now_tree, c.first_diff, c.new_diff_end, comment) || !sameShape(before.tree, now_tree, before.text, now.text(), c, comment))
    return std::nullopt;
  std::vector<Diagnostic> out = before.diagnostics;
  auto cites = [&](std::string_view text) { return c.line_delta != 0 && mayCiteLineFrom(text, c.first_line); };
  for (Diagnostic& d : out) {
    if (!mapLocation(d.location, c, now) || cites(d.message)) return std::nullopt;
    for (RelatedLocation& r : d.related)
      if (!mapLocation(r.location, c, now) || cites(r.message)) return std::nullopt;
    for (Fix& f : d.fixes) {
      if (cites(f.title)) return std::nullopt;
      for (Edit& e : f.edits)
        if (e.file != now.path() || !mapEdit(e, c) || cites(e.replacement)) return std::nullopt;
    }
    if (d.value_fix && cites(d.value_fix->title)) return std::nullopt;
  }
  return out;
}

}  // namespace gpulint::lsp
