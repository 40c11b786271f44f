#include "frontend/project/glob.h"

#include <vector>

namespace gpulint {

namespace {

// Matches one pattern element at p against c; advances p past the element.
bool matchOne(std::string_view pat, size_t& p, char c) {
  char pc = pat[p];
  if (pc == '?') {
    ++p;
    return c != '/';
  }
  if (pc == '\\' && p + 1 < pat.size()) {
    p += 2;
    return pat[p - 1] == c;
  }
  if (pc == '[') {
    size_t q = p + 1;
    bool negate = q < pat.size() && (pat[q] == '!' || pat[q] == '^');
    if (negate) ++q;
    size_t first = q;
    bool matched = false;
    while (q < pat.size() && (pat[q] != ']' || q == first)) {
      char lo = pat[q];
      if (q + 2 < pat.size() && pat[q + 1] == '-' && pat[q + 2] != ']') {
        if (lo <= c && c <= pat[q + 2]) matched = true;
        q += 3;
      } else {
        if (lo == c) matched = true;
        ++q;
      }
    }
    if (q < pat.size()) {  // a closed class
      p = q + 1;
      return matched != negate;
    }
    // no closing ']': a literal '['
  }
  ++p;
  return pc == c;
}

// One path component against one pattern segment (no '/' on either side).
bool matchSegment(std::string_view pat, std::string_view s) {
  size_t p = 0, i = 0;
  size_t star_p = std::string_view::npos, star_i = 0;
  while (i < s.size()) {
    if (p < pat.size() && pat[p] == '*') {
      while (p < pat.size() && pat[p] == '*') ++p;
      star_p = p;
      star_i = i;
      continue;
    }
    size_t next = p;
    if (p < pat.size() && matchOne(pat, next, s[i])) {
      p = next;
      ++i;
      continue;
    }
    if (star_p == std::string_view::npos) return false;
    p = star_p;
    i = ++star_i;
  }
  while (p < pat.size() && pat[p] == '*') ++p;
  return p == pat.size();
}

std::vector<std::string_view> splitPath(std::string_view path) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view part = path.substr(start, slash - start);
    if (!part.empty() && part != ".") parts.push_back(part);
    start = slash + 1;
  }
  return parts;
}

}  // namespace

namespace {

bool matchPattern(std::string_view pattern, std::string_view relative_path, bool path_is_directory,
                  bool whole_path_only) {
  if (pattern.substr(0, 2) == "./") pattern.remove_prefix(2);
  bool dir_only = false;
  while (!pattern.empty() && pattern.back() == '/') pattern.remove_suffix(1), dir_only = true;
  bool anchored = pattern.find('/') != std::string_view::npos;
  while (!pattern.empty() && pattern.front() == '/') pattern.remove_prefix(1);
  if (pattern.empty()) return false;

  std::vector<std::string_view> segs;
  if (!anchored) segs.push_back("**");
  for (auto s : splitPath(pattern)) segs.push_back(s);
  // `dir/**` matches what is inside dir: the same as `dir/`.
  if (segs.size() > 1 && segs.back() == "**" && segs[segs.size() - 2] != "**") {
    segs.pop_back();
    dir_only = true;
  }
  std::vector<std::string_view> parts = splitPath(relative_path);
  if (parts.empty()) return false;

  // NFA over pattern segments: state[i] = segs[0..i) matched the components so far.
  const size_t n = segs.size();
  std::vector<char> state(n + 1, 0), next(n + 1, 0);
  auto close = [&](std::vector<char>& s) {
    for (size_t i = 0; i < n; ++i)
      if (s[i] && segs[i] == "**") s[i + 1] = 1;
  };
  state[0] = 1;
  close(state);
  for (size_t j = 0; j < parts.size(); ++j) {
    std::fill(next.begin(), next.end(), 0);
    bool any = false;
    for (size_t i = 0; i < n; ++i) {
      if (!state[i]) continue;
      if (segs[i] == "**") next[i] = 1, any = true;
      else if (matchSegment(segs[i], parts[j])) next[i + 1] = 1, any = true;
    }
    if (!any) return false;
    close(next);
    state.swap(next);
    // The pattern matched components [0, j]: that path, or a directory above it.
    bool is_directory = j + 1 < parts.size() || path_is_directory;
    if (whole_path_only && j + 1 < parts.size()) continue;
    if (state[n] && (is_directory || !dir_only)) return true;
  }
  return false;
}

}  // namespace

bool matchesGlob(std::string_view pattern, std::string_view relative_path, bool path_is_directory) {
  return matchPattern(pattern, relative_path, path_is_directory, false);
}

bool matchesWholePath(std::string_view pattern, std::string_view relative_path, bool path_is_directory) {
  return matchPattern(pattern, relative_path, path_is_directory, true);
}

}  // namespace gpulint
