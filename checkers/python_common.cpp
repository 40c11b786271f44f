#include "checkers/python_common.h"

#include <cctype>

namespace gpulint::checks {

bool isDataLoader(const python::Call& call) {
  const std::string& q = call.qualified;
  if (!q.ends_with("DataLoader")) return false;
  return q.starts_with("torch.") || q.starts_with("torch_geometric.");
}

bool isTrainingArguments(const python::ScriptModel& model, const python::Call& call) {
  if (call.qualified.starts_with("transformers.") && call.qualified.ends_with("TrainingArguments")) return true;
  for (const auto& cls : model.classes()) {
    if (cls->name != call.method || !call.callee.is("identifier")) continue;
    for (const auto& b : cls->bases)
      if (b.starts_with("transformers.") && b.ends_with("TrainingArguments")) return true;
  }
  return false;
}

std::vector<RelatedLocation> relatedFrom(const python::ResolvedValue& value) {
  std::vector<RelatedLocation> out;
  for (const auto& step : value.chain) out.push_back({step.location, step.message});
  return out;
}

std::string originSuffix(const python::ResolvedValue& value) {
  if (value.chain.empty()) return "";
  const auto& last = value.chain.back();
  return ": " + last.message + " at " + last.location.file + ":" + std::to_string(last.location.start.line);
}

std::string describeContext(const python::ScriptModel& model, const python::BatchContext& context) {
  std::string s = context.describe();
  if (!context.via_calls.empty()) {
    const python::Call* first = model.callAt(context.via_calls.back());
    if (first) s += " (through " + first->method + "() called at line " + std::to_string(context.via_calls.front().line()) + ")";
  }
  return s;
}

Location headerLocation(const python::ScriptModel& model, ts::Node statement) {
  uint32_t end = statement.end();
  if (ts::Node body = statement.field("body")) end = body.begin();
  std::string_view text = model.file().text();
  while (end > statement.begin() && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ')) --end;
  return model.location(statement.begin(), end);
}

bool namesEvaluation(std::string_view text) {
  std::string word;
  auto judge = [&word] {
    bool hit = word == "dev" || (word.starts_with("val") && !word.starts_with("value")) ||
               word.starts_with("eval") || word.starts_with("test") || word.starts_with("predict") ||
               word.starts_with("infer") || word.starts_with("holdout");
    word.clear();
    return hit;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    // A word ends at a non-alphanumeric byte or a lower-to-upper case change.
    bool camel = i > 0 && std::isupper(c) && std::islower(static_cast<unsigned char>(text[i - 1]));
    if ((!std::isalnum(c) || camel) && !word.empty() && judge()) return true;
    if (std::isalnum(c)) word += static_cast<char>(std::tolower(c));
  }
  return !word.empty() && judge();
}

std::vector<RelatedLocation> relatedFrom(const python::ScriptModel& model, const python::BatchContext& context) {
  std::vector<RelatedLocation> out;
  // Point at the loop header (or def line), not the whole body.
  Location loc = headerLocation(model, context.scope);
  out.push_back({loc, context.loop ? "runs once per batch in this loop" : "runs once per batch (Lightning hook)"});
  for (ts::Node c : context.via_calls) out.push_back({model.location(c), "called from here on every batch"});
  return out;
}

Location callHead(const python::ScriptModel& model, const python::Call& call) {
  uint32_t begin = call.node.begin();
  uint32_t line = model.file().position(begin).line;
  uint32_t line_end = model.file().lineStart(line + 1);
  uint32_t end = std::min(call.node.end(), line_end);
  while (end > begin && (model.file().text()[end - 1] == '\n' || model.file().text()[end - 1] == '\r')) --end;
  return model.location(begin, end);
}

}  // namespace gpulint::checks
