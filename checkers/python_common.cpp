#include "checkers/python_common.h"

#include <algorithm>
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

namespace {

// enumerate(loader), tqdm(loader), zip(a, b), iter(loader), islice(loader, n):
// iterating these iterates their positional arguments.
bool passesIterationThrough(const python::Call& c) {
  const std::string& m = c.method;
  if (c.qualified.starts_with("tqdm.")) return m == "tqdm";
  if (c.qualified.starts_with("itertools.")) return m == "islice" || m == "cycle" || m == "chain";
  return c.qualified.empty() && c.callee.is("identifier") && (m == "enumerate" || m == "zip" || m == "iter");
}

// The value of `self.x` when the class assigns it exactly once.
ts::Node selfAttributeValue(ts::Node attr) {
  ts::Node cls = attr;
  while (cls && !cls.is("class_definition")) cls = cls.parent();
  if (!cls) return {};
  ts::Node found;
  int count = 0;
  auto visit = [&](auto&& self, ts::Node n) -> void {
    for (ts::Node c : n.namedChildren()) {
      if (c.is("assignment") && c.field("left").text() == attr.text()) {
        found = c.field("right");
        ++count;
      }
      self(self, c);
    }
  };
  visit(visit, cls);
  return count == 1 ? found : ts::Node();
}

void collectLoaders(const python::ScriptModel& model, ts::Node expr, int depth,
                    std::vector<const python::Call*>& out) {
  if (depth > 6) return;
  for (ts::Node src : model.valueSources(expr, true)) {
    while (src && src.is("parenthesized_expression") && src.namedChildCount() == 1) src = src.namedChild(0);
    if (src.is("attribute") && src.field("object").text() == "self") {
      if (ts::Node v = selfAttributeValue(src)) collectLoaders(model, v, depth + 1, out);
      continue;
    }
    const python::Call* c = src.is("call") ? model.callAt(src) : nullptr;
    if (!c) continue;
    if (isDataLoader(*c)) {
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    } else if (passesIterationThrough(*c)) {
      for (ts::Node a : c->positional) collectLoaders(model, a, depth + 1, out);
    }
  }
}

bool isComprehension(ts::Node n) {
  return n.is("list_comprehension") || n.is("set_comprehension") || n.is("generator_expression") ||
         n.is("dictionary_comprehension");
}

bool mentions(ts::Node n, std::string_view name) {
  if (n.is("identifier")) return n.text() == name;
  for (ts::Node c : n.namedChildren())
    if (mentions(c, name)) return true;
  return false;
}

const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr, int depth) {
  if (depth > 8) return nullptr;
  // Down to the name the value is read from: batch["x"].float() -> batch.
  for (;;) {
    while (expr && expr.is("parenthesized_expression") && expr.namedChildCount() == 1) expr = expr.namedChild(0);
    if (expr.is("subscript")) expr = expr.field("value");
    else if (expr.is("attribute") && expr.field("object").text() != "self") expr = expr.field("object");
    else if (expr.is("call") && expr.field("function").is("attribute")) expr = expr.field("function");
    else break;
  }
  if (!expr.is("identifier")) return nullptr;
  // A comprehension variable is an element of what its clause iterates.
  for (ts::Node p = expr.parent(); p && !p.is("function_definition") && !p.is("module"); p = p.parent())
    if (isComprehension(p))
      for (ts::Node clause : p.namedChildren())
        if (clause.is("for_in_clause") && mentions(clause.field("left"), expr.text()))
          return batchSourceLoop(model, clause.field("right"), depth + 1);
  auto binding = model.lastBinding(expr);
  if (!binding || !binding->statement) return nullptr;
  if (binding->statement.is("for_statement")) return model.loopFor(binding->statement);
  if (binding->value) return batchSourceLoop(model, binding->value, depth + 1);
  return nullptr;
}

}  // namespace

std::vector<const python::Call*> loadersIteratedBy(const python::ScriptModel& model, const python::Loop& loop) {
  return loop.iterable ? loadersOf(model, loop.iterable) : std::vector<const python::Call*>{};
}

std::vector<const python::Call*> loadersOf(const python::ScriptModel& model, ts::Node expr) {
  std::vector<const python::Call*> out;
  collectLoaders(model, expr, 0, out);
  return out;
}

const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr) {
  return batchSourceLoop(model, expr, 0);
}

}  // namespace gpulint::checks
