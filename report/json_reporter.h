#pragma once
// Machine-readable outputs besides SARIF: a flat JSON array, and GitHub
// Actions workflow commands (::warning file=...::message).
#include <ostream>
#include <vector>

#include "checkers/diagnostic.h"
#include "report/common.h"

namespace gpulint {

void writeJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors);
void writeGithub(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors);

}  // namespace gpulint
