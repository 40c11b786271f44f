#include "fixits/apply.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>

#include "frontend/ts/tree.h"

namespace gpulint::fixits {

namespace {

bool overlaps(const Edit& a, const Edit& b) {
  if (a.file != b.file) return false;
  // Two insertions at the same point conflict too: their order is undefined.
  if (a.begin == a.end && b.begin == b.end) return a.begin == b.begin;
  // An insertion touching a replaced range is ambiguous as well.
  if (a.begin == a.end) return b.begin <= a.begin && a.begin <= b.end;
  if (b.begin == b.end) return a.begin <= b.begin && b.begin <= a.end;
  return a.begin < b.end && b.begin < a.end;
}

}  // namespace

namespace {

// Whether `later` can join `taken` as one edit: both append keywords at the
// same range, framed alike, and name different keywords (the same keyword
// twice would not run; it stays an overlap, for the next round to settle).
bool composable(const Edit& later, const Edit& taken) {
  if (!later.appends || !taken.appends || later.file != taken.file || later.begin != taken.begin ||
      later.end != taken.end)
    return false;
  const KeywordAppend &a = *later.appends, &b = *taken.appends;
  if (a.prefix != b.prefix || a.separator != b.separator || a.suffix != b.suffix) return false;
  for (const auto& name : a.names)
    if (std::find(b.names.begin(), b.names.end(), name) != b.names.end()) return false;
  return true;
}

// Where each edit of `fix` goes: the index of a planned edit it composes
// with, or -1 for a new one; null when one overlaps a planned edit otherwise.
std::optional<std::vector<int>> placeEdits(const Fix& fix, const std::vector<Edit>& planned, const Edit** clash) {
  std::vector<int> into;
  for (const Edit& e : fix.edits) {
    int target = -1;
    for (size_t i = 0; i < planned.size(); ++i) {
      if (!overlaps(e, planned[i])) continue;
      if (target >= 0 || !composable(e, planned[i])) {
        *clash = &planned[i];
        return std::nullopt;
      }
      target = static_cast<int>(i);
    }
    into.push_back(target);
  }
  return into;
}

}  // namespace

FixPlan planFixes(const std::vector<Diagnostic>& diagnostics, bool unsafe) {
  std::vector<std::pair<const Diagnostic*, const Fix*>> candidates;
  for (const auto& d : diagnostics)
    for (const auto& f : d.fixes) {
      if (f.edits.empty()) continue;
      if (f.applicability == Applicability::Safe || (unsafe && f.applicability == Applicability::Unsafe)) {
        candidates.push_back({&d, &f});
        break;  // one fix per diagnostic
      }
    }
  std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
    const Edit& x = a.second->edits.front();
    const Edit& y = b.second->edits.front();
    return std::tie(x.file, x.begin) < std::tie(y.file, y.begin);
  });
  FixPlan plan;
  for (const auto& [d, f] : candidates) {
    const Edit* clash = nullptr;
    auto into = placeEdits(*f, plan.edits, &clash);
    if (!into) {
      plan.skipped.push_back(d->location.file + ":" + std::to_string(d->location.start.line) + ": " + d->rule +
                             " fix not applied: overlaps another fix at byte " + std::to_string(clash->begin) +
                             " (run again to apply it)");
      continue;
    }
    for (size_t k = 0; k < f->edits.size(); ++k) {
      const Edit& e = f->edits[k];
      if ((*into)[k] < 0) {
        plan.edits.push_back(e);
        continue;
      }
      Edit& joined = plan.edits[static_cast<size_t>((*into)[k])];
      KeywordAppend& append = *joined.appends;
      append.names.insert(append.names.end(), e.appends->names.begin(), e.appends->names.end());
      append.items.insert(append.items.end(), e.appends->items.begin(), e.appends->items.end());
      joined.replacement = append.text();
    }
    plan.chosen.push_back(f);
  }
  return plan;
}

namespace {

// The edits applyEdits makes, last first, each with the text it inserts
// (line breaks converted to the text's convention); stale ones are dropped.
std::vector<Edit> appliedEdits(const std::string& text, std::vector<Edit> edits) {
  bool crlf = false;
  if (size_t nl = text.find('\n'); nl != std::string::npos && nl > 0 && text[nl - 1] == '\r') crlf = true;
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::vector<Edit> out;
  size_t size = text.size();
  for (Edit& e : edits) {
    if (e.begin > e.end || e.end > size) continue;  // stale edit: never corrupt
    if (crlf) {
      std::string converted;
      for (size_t i = 0; i < e.replacement.size(); ++i) {
        if (e.replacement[i] == '\n' && (i == 0 || e.replacement[i - 1] != '\r')) converted += '\r';
        converted += e.replacement[i];
      }
      e.replacement = std::move(converted);
    }
    size = size - (e.end - e.begin) + e.replacement.size();
    out.push_back(std::move(e));
  }
  return out;
}

// Tree-sitter point (row, byte column) where `inserted` ends when it starts at `from`.
TSPoint pointAfter(TSPoint from, std::string_view inserted) {
  size_t nl = inserted.rfind('\n');
  if (nl == std::string_view::npos) return {from.row, from.column + static_cast<uint32_t>(inserted.size())};
  auto rows = static_cast<uint32_t>(std::count(inserted.begin(), inserted.end(), '\n'));
  return {from.row + rows, static_cast<uint32_t>(inserted.size() - nl - 1)};
}

}  // namespace

std::string applyEdits(const std::string& text, std::vector<Edit> edits) {
  // Written front to back in one pass: replacing in place from the end moves
  // the rest of the text once per edit (hundreds of edits in a large file).
  std::vector<Edit> applied = appliedEdits(text, std::move(edits));  // last first
  size_t size = text.size();
  for (size_t i = 0; i < applied.size(); ++i) {
    if (i > 0 && applied[i].end > applied[i - 1].begin) {  // overlapping (a caller's mistake): as replaced in place
      std::string in_place = text;
      for (const Edit& e : applied) in_place.replace(e.begin, e.end - e.begin, e.replacement);
      return in_place;
    }
    size = size - (applied[i].end - applied[i].begin) + applied[i].replacement.size();
  }
  std::string out;
  out.reserve(size);
  size_t at = 0;
  for (auto e = applied.rbegin(); e != applied.rend(); ++e) {
    out.append(text, at, e->begin - at);
    out += e->replacement;
    at = e->end;
  }
  out.append(text, at, std::string::npos);
  return out;
}

ts::Tree reparseEdited(const ts::Tree& old, const std::vector<Edit>& edits, const std::string& after) {
  const std::string& before = old.text();
  std::vector<uint32_t> line_starts{0};  // of `before`: edits after an offset leave its point unchanged
  for (size_t i = 0; i < before.size(); ++i)
    if (before[i] == '\n') line_starts.push_back(static_cast<uint32_t>(i + 1));
  auto pointOf = [&](uint32_t offset) {
    auto row = static_cast<uint32_t>(std::upper_bound(line_starts.begin(), line_starts.end(), offset) -
                                     line_starts.begin() - 1);
    return TSPoint{row, offset - line_starts[row]};
  };
  ts::Tree edited(ts_tree_copy(old.raw()), std::string());
  for (const Edit& e : appliedEdits(before, edits)) {  // last first: earlier offsets stay valid
    TSInputEdit input{};
    input.start_byte = static_cast<uint32_t>(e.begin);
    input.old_end_byte = static_cast<uint32_t>(e.end);
    input.new_end_byte = static_cast<uint32_t>(e.begin + e.replacement.size());
    input.start_point = pointOf(input.start_byte);
    input.old_end_point = pointOf(input.old_end_byte);
    input.new_end_point = pointAfter(input.start_point, e.replacement);
    edited.edit(input);
  }
  ts::Parser parser(ts_tree_language(old.raw()));
  return parser.parse(after, &edited);
}

int syntaxErrorCount(const std::string& text, FileKind kind) {
  const TSLanguage* language = kind == FileKind::Python ? tree_sitter_python()
                               : (kind == FileKind::Yaml || kind == FileKind::Json) ? tree_sitter_yaml()
                               : kind == FileKind::Shell                            ? tree_sitter_bash()
                                                                                    : nullptr;
  if (!language) return -1;
  ts::Parser parser(language);
  return syntaxErrorCount(parser.parse(text));
}

int syntaxErrorCount(const ts::Tree& tree) {
  // Most trees have no error at all: tree-sitter knows that at the root, and
  // asking it there spares the flat copy a walk would make (a fixed text
  // whose tree is only checked, never analysed, would pay for it).
  if (tree.raw() && !ts_node_has_error(ts_tree_root_node(tree.raw()))) return 0;
  int count = 0;
  std::function<void(ts::Node)> walk = [&](ts::Node n) {
    if (n.isError() || n.isMissing()) ++count;
    if (!n.hasError()) return;  // error-free subtrees need no visit
    for (uint32_t i = 0; i < n.childCount(); ++i) walk(n.child(i));
  };
  walk(tree.root());
  return count;
}

}  // namespace gpulint::fixits
