#pragma once
// Reusing an editor document's last findings for an edit that cannot change
// them (#17): the edited lines hold only whitespace and comments, before and
// after, between the statements of one block or of the module.
//
// Why nothing else can change: the analysis reads the tree (node kinds,
// structure, byte ranges) and the text of nodes. Here the two trees are
// walked together and must have the same nodes in the same shape, every
// non-comment node at the same bytes once the lines after the edit are moved
// by its length, and the innermost non-comment node around the edited lines
// must be a block or the module: so every token, every expression's text,
// every header (a statement's first line, a def's decorators) is the same,
// and only a block's or the module's text (which nothing quotes) differs.
// Comments are skipped by every rule (they only feed suppressions, which the
// server filters afterwards on the new text). The work units are the same
// walk of the same shape, checked against the new text's budget.
//
// What still moves: positions after the edit (shifted, and re-derived as
// line/column from the new text). Messages that cite a line at or after the
// edit ("line N", "path:N") when lines were added or removed fall back to a
// full analysis rather than rewrite prose. So does every other edit: a code
// change, a broken parse, a new or removed comment, an edit inside an
// expression or a header, a finding or fix that touches the edited lines.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/options.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"

namespace gpulint::lsp {

// What one full analysis of a Python document saw and found.
struct AnalysedText {
  std::string text;
  ts::Tree tree;  // the tree of `text`, never edited
  std::vector<Diagnostic> diagnostics;
  uint64_t work_used = 0;  // FileAnalysis::work_used
  RuleOptions options;
};

// The findings a full analysis of `now` (parsed as `now_tree`, error-free)
// would give, derived from `before`; nullopt when the edit may change them.
[[nodiscard]] std::optional<std::vector<Diagnostic>> reusedFindings(const AnalysedText& before,
                                                                    const ts::Tree& now_tree, const SourceFile& now,
                                                                    const RuleOptions& options);

}  // namespace gpulint::lsp
