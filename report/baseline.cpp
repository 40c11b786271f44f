#include "report/baseline.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "report/sarif_reporter.h"

namespace gpulint {

namespace {

constexpr int kBaselineVersion = 1;

std::string fingerprintOf(const Diagnostic& d, const SourceLookup& sources) {
  const SourceFile* source = sources ? sources(d.location.file) : nullptr;
  return sarifFingerprint(d, source);
}

}  // namespace

std::optional<Baseline> Baseline::read(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the baseline file";
    return std::nullopt;
  }
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) {
    *error = path + ": not a JSON object (write one with --write-baseline)";
    return std::nullopt;
  }
  if (doc.value("fingerprint", "") != kSarifFingerprintKey || !doc.contains("findings") ||
      !doc["findings"].is_array()) {
    *error = path + ": not a gpulint baseline (expected \"fingerprint\": \"" + std::string(kSarifFingerprintKey) +
             "\" and a \"findings\" array)";
    return std::nullopt;
  }
  Baseline baseline;
  for (const auto& entry : doc["findings"]) {
    if (!entry.is_object() || !entry.contains("fingerprint") || !entry["fingerprint"].is_string()) {
      *error = path + ": a finding without a \"fingerprint\" string";
      return std::nullopt;
    }
    ++baseline.counts_[entry["fingerprint"].get<std::string>()];
  }
  return baseline;
}

std::vector<Diagnostic> Baseline::newFindings(std::vector<Diagnostic> diagnostics, const SourceLookup& sources,
                                              size_t* hidden) const {
  std::map<std::string, size_t> left = counts_;  // each recorded finding hides one current one
  std::vector<Diagnostic> out;
  for (auto& d : diagnostics) {
    auto it = left.find(fingerprintOf(d, sources));
    if (it != left.end() && it->second > 0) {
      --it->second;
      continue;
    }
    out.push_back(std::move(d));
  }
  if (hidden) *hidden = diagnostics.size() - out.size();
  return out;
}

size_t Baseline::size() const {
  size_t n = 0;
  for (const auto& [fingerprint, count] : counts_) n += count;
  return n;
}

void writeBaseline(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const SourceLookup& sources) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& d : diagnostics)
    findings.push_back({{"fingerprint", fingerprintOf(d, sources)},
                        {"rule", d.rule},
                        {"file", d.location.file},
                        {"line", d.location.start.line},
                        {"message", d.message}});
  nlohmann::json doc = {{"tool", "gpulint"},
                        {"version", kBaselineVersion},
                        {"fingerprint", std::string(kSarifFingerprintKey)},
                        {"findings", std::move(findings)}};
  out << doc.dump(2) << "\n";
}

}  // namespace gpulint
