#include "frontend/python/syntax.h"

#include "frontend/python/python_symbols.h"

#include <vector>

#include <algorithm>
#include <cctype>

namespace gpulint::python::syntax {

ts::Node unwrap(ts::Node n) {
  const Sym& S = Sym::get();
  while (isKind(n, S.parenthesized_expression)) {
    // Comments inside the parentheses are named children too: skip them.
    ts::Node inner;
    int count = 0;
    for (ts::Node c : n.namedChildren())
      if (!isKind(c, S.comment)) inner = c, ++count;
    if (count != 1) break;
    n = inner;
  }
  return n;
}

bool stringLiteral(ts::Node n, std::string* out) {
  n = unwrap(n);
  if (!n || !n.is("string")) return false;
  std::string value;
  for (ts::Node c : n.namedChildren()) {
    if (c.is("interpolation")) return false;
    if (c.is("string_start")) {
      // f-strings and byte strings are not plain literals for our purposes.
      std::string_view prefix = c.text();
      for (char ch : prefix)
        if (ch == 'f' || ch == 'F' || ch == 'b' || ch == 'B') return false;
    }
    if (c.is("string_content")) value += c.text();
    if (c.is("escape_sequence")) value += c.text();
  }
  if (out) *out = std::move(value);
  return true;
}

ts::Node ancestor(ts::Node n, std::initializer_list<std::string_view> types) {
  for (ts::Node p : n.ancestorWalk())
    for (auto t : types)
      if (p.is(t)) return p;
  return ts::Node();
}

bool isLoop(ts::Node n) {
  const Sym& S = Sym::get();
  TSSymbol k = kindOf(n);
  return k == S.for_statement || k == S.while_statement;
}

// Asked of ancestors (named nodes: the keyword `lambda` is never one).
std::vector<ts::Node> orTerms(ts::Node e) {
  std::vector<ts::Node> out, todo{unwrap(e)};
  while (!todo.empty()) {
    ts::Node c = todo.back();
    todo.pop_back();
    if (c.is("boolean_operator") && c.field("operator").text() == "or") {
      todo.push_back(unwrap(c.field("right")));
      todo.push_back(unwrap(c.field("left")));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

bool isScope(ts::Node n) {
  const Sym& S = Sym::get();
  TSSymbol k = kindOf(n);
  return k == S.function_definition || k == S.class_definition || k == S.lambda || k == S.module;
}

std::vector<IsinstanceTest> isinstanceBranchesAround(ts::Node at) {
  std::vector<IsinstanceTest> tests;
  ts::Node inner = at;
  for (ts::Node n = at.parent(); n && !isScope(n); inner = n, n = n.parent()) {
    if (!n.is("if_statement") || !n.field("consequence").contains(inner)) continue;
    ts::Node test = unwrap(n.field("condition"));
    if (!test.is("call") || test.field("function").text() != "isinstance") continue;
    ts::Node args = test.field("arguments");
    if (args.namedChildCount() == 2) tests.push_back({args.namedChild(0), args.namedChild(1)});
  }
  return tests;
}

std::vector<std::pair<ts::Node, ts::Node>> zipTargets(ts::Node for_node) {
  ts::Node left = unwrap(for_node.field("left")), right = unwrap(for_node.field("right"));
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern")) || !right || !right.is("call")) return {};
  ts::Node callee = right.field("function"), args = right.field("arguments");
  if (!callee.is("identifier") || callee.text() != "zip" || !args) return {};
  std::vector<ts::Node> names, sequences;
  for (ts::Node t : left.namedChildren())
    if (!t.is("comment")) names.push_back(t);
  for (ts::Node a : args.namedChildren())
    if (!a.is("comment")) sequences.push_back(a);
  if (names.size() != sequences.size()) return {};
  std::vector<std::pair<ts::Node, ts::Node>> pairs;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!names[i].is("identifier") || sequences[i].is("keyword_argument") || sequences[i].is("list_splat")) return {};
    pairs.emplace_back(names[i], sequences[i]);
  }
  return pairs;
}

bool isLiteral(ts::Node n) {
  return n && (n.is("string") || n.is("integer") || n.is("float") || n.is("true") || n.is("false") || n.is("none"));
}

namespace {

// A literal, `-1`, or a tuple/list/set of them (`("mixed", [0, 7, 32])`).
bool isConstant(ts::Node n, int depth) {
  if (isLiteral(n)) return true;
  if (n && n.is("unary_operator")) return isLiteral(n.field("argument"));
  if (!n || depth > 3 || !(n.is("tuple") || n.is("list") || n.is("set"))) return false;
  for (ts::Node e : n.namedChildren())
    if (!e.is("comment") && !isConstant(e, depth + 1)) return false;
  return true;
}

}  // namespace

bool isConstantCollection(ts::Node n) {
  if (!n || !(n.is("tuple") || n.is("list") || n.is("set")) || n.namedChildCount() == 0) return false;
  return isConstant(n, 0);
}

std::string_view lastName(ts::Node n) {
  const Sym& S = Sym::get();
  n = unwrap(n);
  TSSymbol k = kindOf(n);
  if (k == S.attribute) return fieldOf(n, S.attribute_field).text();
  if (k == S.identifier) return n.text();
  return {};
}

bool oneOf(std::string_view s, std::initializer_list<std::string_view> list) {
  for (auto x : list)
    if (s == x) return true;
  return false;
}

bool containsWord(std::string_view text, std::initializer_list<std::string_view> words) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (auto w : words)
    if (lower.find(w) != std::string::npos) return true;
  return false;
}

bool isContainerLiteral(ts::Node n) {
  n = unwrap(n);
  if (n.is("dictionary") || n.is("list")) return true;
  if (!n.is("call")) return false;
  std::string_view callee = lastName(n.field("function"));
  ts::Node args = n.field("arguments");
  if (callee == "defaultdict") return true;  // its argument is the factory, not the entries
  return oneOf(callee, {"dict", "list", "OrderedDict"}) && args && args.namedChildCount() == 0;
}

bool containsName(ts::Node n, std::string_view name) {
  // Iterative: the walk must not need the stack the input guards protect.
  const Sym& S = Sym::get();
  std::vector<ts::Node> todo;
  if (n) todo.push_back(n);
  while (!todo.empty()) {
    ts::Node at = todo.back();
    todo.pop_back();
    if (isKind(at, S.identifier)) {
      if (at.text() == name) return true;
      continue;
    }
    for (ts::Node c : at.namedChildren()) todo.push_back(c);
  }
  return false;
}

bool namesPreprocessorClass(std::string_view name) {
  std::string lower;
  for (char ch : name)
    if (ch != '_') lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const char* kind : {"tokenizer", "tokenizerfast", "processor", "featureextractor"})
    if (lower.ends_with(kind)) return true;
  return false;
}

bool underMainGuard(ts::Node n) {
  for (ts::Node child = n, up = n.parent(); up; child = up, up = up.parent()) {
    if (!up.is("if_statement") || up.field("consequence") != child) continue;
    ts::Node test = unwrap(up.field("condition"));
    if (!test.is("comparison_operator") || test.namedChildCount() != 2 || test.child(1).text() != "==") continue;
    std::string a, b;
    ts::Node l = test.namedChild(0), r = test.namedChild(1);
    if ((l.text() == "__name__" && stringLiteral(r, &b) && b == "__main__") ||
        (r.text() == "__name__" && stringLiteral(l, &a) && a == "__main__"))
      return true;
  }
  return false;
}

ts::Node comprehensionIterable(ts::Node use, std::string_view name) {
  for (ts::Node p : use.ancestorWalk()) {
    if (isScope(p)) break;
    for (ts::Node clause : p.namedChildren())
      if (clause.is("for_in_clause") && containsName(clause.field("left"), name) && !clause.contains(use))
        return clause.field("right");
  }
  return {};
}

}  // namespace gpulint::python::syntax
