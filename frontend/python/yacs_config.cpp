// yacs / fvcore CfgNode defaults trees and the keys code assigns (see yacs_config.h).
#include "frontend/python/yacs_config.h"

#include <cctype>

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// `CN()` / `CfgNode(new_allowed=True)` of yacs, fvcore or detectron2.
bool isCfgNodeCall(const ScriptModel& m, ts::Node n) {
  n = syntax::unwrap(n);
  if (!n || !n.is("call")) return false;
  std::string q = m.qualify(n.field("function"));
  return q.ends_with("CfgNode") &&
         (q.starts_with("yacs.") || q.starts_with("fvcore.") || q.starts_with("detectron2."));
}

// `a.B.C` -> {"a", "B", "C"}; empty when the chain does not start at a name.
std::vector<std::string_view> dottedParts(ts::Node n) {
  std::vector<std::string_view> parts;
  n = syntax::unwrap(n);
  while (n && n.is("attribute")) {
    parts.push_back(n.field("attribute").text());
    n = syntax::unwrap(n.field("object"));
  }
  if (!n || !n.is("identifier")) return {};
  parts.push_back(n.text());
  return {parts.rbegin(), parts.rend()};
}

std::string join(const std::vector<std::string_view>& parts, size_t from) {
  std::string s;
  for (size_t i = from; i < parts.size(); ++i) {
    if (!s.empty()) s += '.';
    s += parts[i];
  }
  return s;
}


// Where the upper-case key path of a dotted read starts (index into parts).
size_t keyStart(const std::vector<std::string_view>& parts) {
  size_t k = parts.size();
  while (k > 1 && isKeyName(parts[k - 1])) --k;
  return k;
}

// `_C.DATA.NUM_WORKERS = 8` at module level of a tree's module.
void addDefault(const ScriptModel& m, YacsTree& t, ts::Node statement, ts::Node assignment) {
  auto parts = dottedParts(assignment.field("left"));
  if (parts.size() < 2 || parts[0] != t.root) return;
  std::string path = join(parts, 1);
  ts::Node right = assignment.field("right");
  if (isCfgNodeCall(m, right)) {
    t.subtrees.insert(path);
    return;
  }
  ResolvedValue v = m.resolve(right);  // lists, tuples and computed values stay unknown
  if (v.known()) v.chain.push_back({m.location(statement), "yacs default " + path});
  t.keys[path] = {std::move(v)};
}

// True when the assigned value comes from a loaded checkpoint
// (`config.TRAIN.START_EPOCH = checkpoint['epoch'] + 1`): a resumed run's
// state, which the analysis leaves out as it leaves out the same assignment
// to an argparse namespace (it judges a fresh run as launched).
bool restoresCheckpoint(ts::Node value) {
  if (!value) return false;
  if (value.is("identifier") && syntax::containsWord(value.text(), {"checkpoint", "ckpt"})) return true;
  for (ts::Node c : value.namedChildren())
    if (restoresCheckpoint(c)) return true;
  return false;
}

void addAssigned(const ScriptModel& m, YacsTrees& trees, ts::Node target, ts::Node value, bool plain) {
  auto parts = dottedParts(target);
  size_t k = keyStart(parts);
  if (parts.empty() || k >= parts.size()) return;
  std::string path = join(parts, k);
  if (plain && restoresCheckpoint(value)) return;
  for (YacsTree& t : trees.trees) {
    if (t.model == &m && parts[0] == t.root && !syntax::ancestor(target, {"function_definition", "if_statement"}))
      continue;  // the defaults themselves
    auto leaf = t.keys.find(path);
    if (leaf != t.keys.end()) {
      ResolvedValue v = plain && value ? m.resolve(value) : ResolvedValue{};
      if (v.known()) v.chain.insert(v.chain.begin(), {m.location(target.parent()), "assigned to " + path + " in code"});
      leaf->second.push_back(std::move(v));
      continue;
    }
    if (!t.subtrees.count(path)) continue;
    for (auto& [key, values] : t.keys)  // a whole subtree replaced: its keys are unknown
      if (key.starts_with(path + ".")) values.push_back(ResolvedValue{});
  }
}

void walkAssignments(const ScriptModel& m, YacsTrees& trees, ts::Node n) {
  for (ts::Node c : n.namedChildren()) {
    if (c.is("assignment") || c.is("augmented_assignment")) {
      ts::Node left = c.field("left");
      bool plain = c.is("assignment");
      if (left && (left.is("pattern_list") || left.is("tuple_pattern"))) {
        for (ts::Node e : left.namedChildren()) addAssigned(m, trees, e, {}, false);
      } else if (left) {
        addAssigned(m, trees, left, c.field("right"), plain);
      }
    }
    walkAssignments(m, trees, c);
  }
}

}  // namespace

// yacs keys are upper case by convention (`DATA`, `NUM_WORKERS`, `TRAIN2`):
// a lower-case member is an attribute of something else.
bool isKeyName(std::string_view s) {
  if (s.empty() || !std::isupper(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!(std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

std::vector<YacsTree> yacsDefaults(const ScriptModel& m) {
  std::vector<YacsTree> trees;
  if (!m.importsModule("yacs") && !m.importsModule("fvcore") && !m.importsModule("detectron2")) return trees;
  for (ts::Node statement : m.root().namedChildren()) {
    if (!statement.is("expression_statement") || statement.namedChildCount() != 1) continue;
    ts::Node a = statement.namedChild(0);
    if (!a.is("assignment") || !a.field("right")) continue;
    ts::Node left = a.field("left");
    if (left.is("identifier") && isCfgNodeCall(m, a.field("right"))) {
      YacsTree t;
      t.model = &m;
      t.root = std::string(left.text());
      t.root_value = syntax::unwrap(a.field("right"));
      trees.push_back(std::move(t));
      continue;
    }
    for (YacsTree& t : trees) addDefault(m, t, statement, a);
  }
  // A root with no keys is no defaults tree (a CfgNode built to be filled elsewhere).
  std::erase_if(trees, [](const YacsTree& t) { return t.keys.empty(); });
  return trees;
}

void addYacsAssignments(const ScriptModel& m, YacsTrees& trees) {
  if (!trees.trees.empty()) walkAssignments(m, trees, m.root());
}

}  // namespace gpulint::python
