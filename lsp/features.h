#pragma once
// The language features as pure functions from document state to LSP JSON,
// so each is testable without a transport.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "checkers/pipeline.h"
#include "frontend/project/settings.h"
#include "lsp/document.h"
#include "lsp/transport.h"

namespace gpulint::lsp {

// file:///a%20b/c.py <-> /a b/c.py (percent-decoding; non-file URIs give "").
[[nodiscard]] std::string uriToPath(std::string_view uri);
[[nodiscard]] std::string pathToUri(std::string_view path);

// Selection, inline suppressions (and GPU002 on unreadable ones) and level
// overrides, as `gpulint check` applies them (finding_filter.h); sorted.
[[nodiscard]] std::vector<Diagnostic> filterFindings(const FileAnalysis& analysis, const Settings& settings);

[[nodiscard]] json toLspDiagnostic(const Diagnostic& d, const Document& doc, PositionEncoding e);
// A file that could not be analysed (a YAML/JSON syntax error) as one error
// diagnostic on the line the message names ("... at line N ..."), else line 1.
[[nodiscard]] json fileErrorDiagnostic(const Document& doc, const std::string& error, PositionEncoding e);

// textDocument/publishDiagnostics params for the document's findings, led by
// the file's error when it has one.
[[nodiscard]] json publishParams(const Document& doc, const std::vector<Diagnostic>& findings,
                                 PositionEncoding e, const std::string& file_error = "");

// textDocument/codeAction result. Quick fixes: the fixes of findings touching
// `range` (safe ones preferred), one "Disable GPUxxx for this line" per finding
// and one "Disable GPUxxx for this file" per rule. Source action
// `source.fixAll.gpulint` (fix on save): every safe fix of the document.
// `only` (the request's context.only) limits the kinds; empty = all.
[[nodiscard]] json codeActions(const Document& doc, const std::vector<Diagnostic>& findings,
                               LspPosition range_start, LspPosition range_end, PositionEncoding e,
                               const std::vector<std::string>& only = {});

// textDocument/hover result: the findings at `at` with their rule docs, else
// the rule a suppression comment names at `at` (`disable=GPU201`); null if none.
[[nodiscard]] json hover(const Document& doc, const std::vector<Diagnostic>& findings, LspPosition at,
                         PositionEncoding e);

}  // namespace gpulint::lsp
