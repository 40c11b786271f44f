#include "cli/add_noqa.h"

#include <yaml-cpp/yaml.h>

#include <map>
#include <set>
#include <sstream>

#include "checkers/suppression.h"
#include "fixits/apply.h"

namespace gpulint::cli {

namespace {

using RulesByLine = std::map<uint32_t, std::set<std::string>>;

std::string joined(const std::set<std::string>& rules) {
  std::string out;
  for (const auto& r : rules) out += (out.empty() ? "" : ",") + r;
  return out;
}

// Byte offset where line `line` (1-based) ends, before "\n" or "\r\n".
size_t lineEnd(const std::string& text, uint32_t line) {
  size_t pos = 0;
  for (uint32_t l = 1; l < line && pos != std::string::npos; ++l) {
    pos = text.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  size_t end = pos == std::string::npos ? text.size() : text.find('\n', pos);
  if (end == std::string::npos) end = text.size();
  if (end > pos && text[end - 1] == '\r') --end;
  return end;
}

// The text with a comment for `rules` appended to each line, last line first
// so earlier offsets stay valid.
std::string withComments(const SourceFile& file, const RulesByLine& lines) {
  std::string text = file.text();
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    text.insert(lineEnd(text, it->first), suppressionComment(file.kind(), joined(it->second)));
  return text;
}

// YAML data, comments dropped: equal when only comments changed.
bool sameYamlData(const std::string& a, const std::string& b) {
  try {
    std::ostringstream x, y;
    for (const auto& doc : YAML::LoadAll(a)) x << YAML::Dump(doc) << "\n---\n";
    for (const auto& doc : YAML::LoadAll(b)) y << YAML::Dump(doc) << "\n---\n";
    return x.str() == y.str();
  } catch (const std::exception&) {
    return false;  // cannot prove it: leave the file alone
  }
}

bool endsWithContinuation(const std::string& text, uint32_t line) {
  size_t end = lineEnd(text, line);
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  return end > 0 && text[end - 1] == '\\';
}

}  // namespace

NoqaResult addNoqaComments(const SourceFile& file, const std::vector<Diagnostic>& diagnostics) {
  NoqaResult out{file.text(), 0, {}};
  RulesByLine lines;
  for (const auto& d : diagnostics)
    if (d.location.file == file.path() && d.location.valid()) lines[d.location.start.line].insert(d.rule);
  if (lines.empty()) return out;
  auto refuse = [&](uint32_t line, const std::string& why) {
    out.refused.push_back(file.path() + ":" + std::to_string(line) + ": " + why);
  };
  if (file.notebook()) {  // its text is the cells' Python, not what is on disk
    for (const auto& [line, rules] : lines) refuse(line, "a notebook: add the comment in its cell");
    return out;
  }
  if (suppressionComment(file.kind(), "GPU000").empty()) {
    for (const auto& [line, rules] : lines) refuse(line, "this file kind has no comments");
    return out;
  }
  // Lines whose comment would continue code, or would not read as the directive.
  for (auto it = lines.begin(); it != lines.end();) {
    RulesByLine one = {*it};
    Suppressions sup = parseSuppressions(withComments(file, one), file.kind());
    bool read_back = true;
    for (const auto& rule : it->second) read_back = read_back && sup.suppressed(rule, it->first);
    if (endsWithContinuation(file.text(), it->first)) refuse(it->first, "the line continues on the next one");
    else if (!read_back) refuse(it->first, "the line ends inside a string or comment");
    else if (file.kind() == FileKind::Yaml && !sameYamlData(file.text(), withComments(file, one)))
      refuse(it->first, "a comment there would change the YAML value (a block scalar)");
    else {
      ++it;
      continue;
    }
    it = lines.erase(it);
  }
  std::string text = withComments(file, lines);
  if (fixits::syntaxErrorCount(text, file.kind()) > fixits::syntaxErrorCount(file.text(), file.kind())) {
    for (const auto& [line, rules] : lines) refuse(line, "the comments would not parse");
    return out;
  }
  out.text = std::move(text);
  out.added = static_cast<int>(lines.size());
  return out;
}

}  // namespace gpulint::cli
