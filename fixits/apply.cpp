#include "fixits/apply.h"

#include <algorithm>
#include <functional>

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
  std::vector<const Edit*> taken;
  for (const auto& [d, f] : candidates) {
    const Edit* clash = nullptr;
    for (const Edit& e : f->edits)
      for (const Edit* t : taken)
        if (overlaps(e, *t)) clash = t;
    if (clash) {
      plan.skipped.push_back(d->location.file + ":" + std::to_string(d->location.start.line) + ": " + d->rule +
                             " fix not applied: overlaps another fix at byte " + std::to_string(clash->begin) +
                             " (run again to apply it)");
      continue;
    }
    for (const Edit& e : f->edits) taken.push_back(&e);
    plan.chosen.push_back(f);
  }
  return plan;
}

std::string applyEdits(const std::string& text, std::vector<Edit> edits) {
  bool crlf = false;
  if (size_t nl = text.find('\n'); nl != std::string::npos && nl > 0 && text[nl - 1] == '\r') crlf = true;
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string out = text;
  for (const Edit& e : edits) {
    if (e.begin > e.end || e.end > out.size()) continue;  // stale edit: never corrupt
    std::string replacement = e.replacement;
    if (crlf) {
      std::string converted;
      for (size_t i = 0; i < replacement.size(); ++i) {
        if (replacement[i] == '\n' && (i == 0 || replacement[i - 1] != '\r')) converted += '\r';
        converted += replacement[i];
      }
      replacement = std::move(converted);
    }
    out.replace(e.begin, e.end - e.begin, replacement);
  }
  return out;
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
