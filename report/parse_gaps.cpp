#include "report/parse_gaps.h"

#include <algorithm>
#include <map>

namespace gpulint {

namespace {

constexpr size_t kHeadersShown = 5;

std::string files(size_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); }

// "cub/cub.cuh (2 files), x.h (1 file)": most files first, then by name.
std::string commonHeaders(const std::vector<ParseGap>& gaps) {
  std::map<std::string, size_t> count;
  for (const auto& g : gaps)
    for (const auto& h : g.missing_headers) ++count[h];
  std::vector<std::pair<std::string, size_t>> ranked(count.begin(), count.end());
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (size_t i = 0; i < ranked.size() && i < kHeadersShown; ++i)
    out += (i ? ", " : "") + ranked[i].first + " (" + files(ranked[i].second) + ")";
  if (ranked.size() > kHeadersShown) out += " and " + std::to_string(ranked.size() - kHeadersShown) + " more";
  return out;
}

}  // namespace

std::string parseGapSummary(const std::vector<ParseGap>& gaps) {
  if (gaps.empty()) return "";
  std::string headers = commonHeaders(gaps);
  std::string out = std::to_string(gaps.size()) + " C++/CUDA file" + (gaps.size() == 1 ? "" : "s") +
                    " parsed with unresolved code";
  out += headers.empty() ? " (no header was missing; --verbose shows the first error of each)"
                         : "; most common missing headers: " + headers;
  return out + ". The rest of each file was analysed; findings in unresolved code may be missing. "
               "--compile-commands DIR gives gpulint the build's include paths [" +
         kParseGapRule + "]";
}

}  // namespace gpulint
