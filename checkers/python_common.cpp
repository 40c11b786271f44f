#include "checkers/python_common.h"

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

std::vector<RelatedLocation> relatedFrom(const python::ScriptModel& model, const python::BatchContext& context) {
  std::vector<RelatedLocation> out;
  ts::Node header = context.scope;
  uint32_t end = header.end();
  // Point at the loop header (or def line), not the whole body.
  if (ts::Node body = header.field("body")) end = body.begin();
  Location loc = model.location(header.begin(), end);
  while (loc.end > loc.begin && (model.file().text()[loc.end - 1] == '\n' || model.file().text()[loc.end - 1] == ' '))
    loc = model.location(loc.begin, loc.end - 1);
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
