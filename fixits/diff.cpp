// Unified diff of two texts by lines (longest common subsequence over the
// part between the common prefix and suffix; fixes change little, so that
// middle part is small).
#include <algorithm>
#include <sstream>
#include <string_view>
#include <vector>

#include "fixits/apply.h"

namespace gpulint::fixits {

namespace {

std::vector<std::string> splitLines(const std::string& s) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(s.substr(start));
      break;
    }
    lines.push_back(s.substr(start, nl - start + 1));
    start = nl + 1;
  }
  return lines;
}

struct Op {
  char kind;  // ' ', '-', '+'
  size_t a, b;  // line indexes in before/after
};

using Lines = std::vector<std::string>;

// True when x[a..] and y[b..] agree again: both at their end, or kSync lines
// equal (fewer at an end), so a change ends at a real resynchronisation and
// not at a lone blank line.
bool agreeFrom(const Lines& x, size_t a, const Lines& y, size_t b, size_t x_end, size_t y_end) {
  constexpr size_t kSync = 3;
  if (a == x_end || b == y_end) return a == x_end && b == y_end;
  for (size_t k = 0; k < kSync && a + k < x_end && b + k < y_end; ++k)
    if (x[a + k] != y[b + k]) return false;
  return true;
}

// A middle part too large for the LCS table (two fixes far apart in a long
// file): equal lines pair up; at a difference the nearest point (within a
// window) where both agree again ends the change. Fixes change few lines in
// place, so this finds their small hunks in linear time.
void greedyMiddle(const Lines& x, const Lines& y, size_t pre, size_t n, size_t m, std::vector<Op>& ops) {
  constexpr size_t kWindow = 200;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[pre + i] == y[pre + j]) {
      ops.push_back({' ', pre + i++, pre + j++});
      continue;
    }
    size_t del = n - i, ins = m - j;  // no resynchronisation: the rest changes
    for (size_t step = 1; step <= 2 * kWindow; ++step) {
      bool found = false;
      for (size_t d = 0; d <= step && !found; ++d) {
        size_t e = step - d;
        if (d > kWindow || e > kWindow || i + d > n || j + e > m) continue;
        if (agreeFrom(x, pre + i + d, y, pre + j + e, pre + n, pre + m)) del = d, ins = e, found = true;
      }
      if (found) break;
    }
    for (size_t k = 0; k < del; ++k) ops.push_back({'-', pre + i++, pre + j});
    for (size_t k = 0; k < ins; ++k) ops.push_back({'+', pre + i, pre + j++});
  }
}

std::vector<Op> diffLines(const std::vector<std::string>& x, const std::vector<std::string>& y) {
  size_t pre = 0;
  while (pre < x.size() && pre < y.size() && x[pre] == y[pre]) ++pre;
  size_t suf = 0;
  while (suf < x.size() - pre && suf < y.size() - pre && x[x.size() - 1 - suf] == y[y.size() - 1 - suf]) ++suf;
  size_t n = x.size() - pre - suf, m = y.size() - pre - suf;
  std::vector<Op> ops;
  for (size_t i = 0; i < pre; ++i) ops.push_back({' ', i, i});
  if (n * m > 4'000'000) {  // too large for the table
    greedyMiddle(x, y, pre, n, m, ops);
  } else {
    std::vector<std::vector<uint32_t>> L(n + 1, std::vector<uint32_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        L[i][j] = x[pre + i] == y[pre + j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[pre + i] == y[pre + j]) ops.push_back({' ', pre + i++, pre + j++});
      // Deletions before insertions, as diff(1) prints them.
      else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) ops.push_back({'-', pre + i++, pre + j});
      else ops.push_back({'+', pre + i, pre + j++});
    }
  }
  for (size_t k = 0; k < suf; ++k) ops.push_back({' ', x.size() - suf + k, y.size() - suf + k});
  return ops;
}

void emitLine(std::ostringstream& out, char kind, const std::string& line) {
  out << kind << line;
  if (line.empty() || line.back() != '\n') out << "\n\\ No newline at end of file\n";
}

}  // namespace

std::string unifiedDiff(const std::string& path, const std::string& before, const std::string& after) {
  if (before == after) return "";
  auto x = splitLines(before), y = splitLines(after);
  std::vector<Op> ops = diffLines(x, y);
  std::ostringstream out;
  // git's a/ b/ prefixes; an absolute path must not become `a//tmp/x.py`.
  std::string_view shown = path;
  while (shown.starts_with('/')) shown.remove_prefix(1);
  out << "--- a/" << shown << "\n+++ b/" << shown << "\n";
  constexpr size_t kContext = 3;
  size_t k = 0;
  while (k < ops.size()) {
    while (k < ops.size() && ops[k].kind == ' ') ++k;
    if (k == ops.size()) break;
    size_t start = k >= kContext ? k - kContext : 0;
    size_t end = k;  // extend while changes are within 2*context of each other
    size_t last_change = k;
    while (end < ops.size()) {
      if (ops[end].kind != ' ') last_change = end;
      else if (end - last_change > 2 * kContext) break;
      ++end;
    }
    end = std::min(ops.size(), last_change + kContext + 1);
    size_t a0 = ops[start].a, b0 = ops[start].b, na = 0, nb = 0;
    for (size_t i = start; i < end; ++i) {
      if (ops[i].kind != '+') ++na;
      if (ops[i].kind != '-') ++nb;
    }
    out << "@@ -" << (na ? a0 + 1 : a0) << "," << na << " +" << (nb ? b0 + 1 : b0) << "," << nb << " @@\n";
    for (size_t i = start; i < end; ++i) {
      const Op& op = ops[i];
      emitLine(out, op.kind, op.kind == '+' ? y[op.b] : x[op.a]);
    }
    k = end;
  }
  return out.str();
}

}  // namespace gpulint::fixits
