#pragma once
// Baselines, for adopting gpulint on a repository that already has findings:
// `--write-baseline FILE` records every current finding by its SARIF
// fingerprint (partialFingerprints["gpulint/v1"], which survives unrelated
// lines being inserted or removed); `--baseline FILE` then reports only the
// findings whose fingerprint is not recorded. A fingerprint recorded N times
// hides at most N findings, so a second copy of an old mistake is new.
#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "report/common.h"

namespace gpulint {

class Baseline {
 public:
  // Reads a file written by writeBaseline; nullopt and `error` (naming the
  // file) when it is missing or is not a gpulint baseline.
  [[nodiscard]] static std::optional<Baseline> read(const std::string& path, std::string* error);

  // `diagnostics` without the recorded ones, order kept; `hidden` (optional)
  // receives how many were dropped.
  [[nodiscard]] std::vector<Diagnostic> newFindings(std::vector<Diagnostic> diagnostics, const SourceLookup& sources,
                                                    size_t* hidden = nullptr) const;

  [[nodiscard]] size_t size() const;

 private:
  std::map<std::string, size_t> counts_;  // fingerprint -> times recorded
};

// Writes the baseline of `diagnostics` as JSON. Besides the fingerprint each
// entry keeps rule, file, line and message so a reviewer can read what was
// accepted; only the fingerprint is matched.
void writeBaseline(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const SourceLookup& sources);

}  // namespace gpulint
