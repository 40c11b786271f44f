#include "frontend/python/dead_branches.h"

#include <optional>

#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// The truth of a literal test (`True`, `1`, `"x"`, `None`, `0`); nullopt for
// anything else, however constant it looks.
std::optional<bool> literalTruth(ts::Node test) {
  test = syntax::unwrap(test);
  if (!test) return std::nullopt;
  if (test.is("true")) return true;
  if (test.is("false") || test.is("none")) return false;
  if (test.is("integer")) {
    for (char ch : test.text())
      if (ch != '0' && ch != '_' && ch != 'x' && ch != 'X' && ch != 'o' && ch != 'O' && ch != 'b' && ch != 'B')
        return true;
    return false;
  }
  if (test.is("not_operator")) {
    auto v = literalTruth(test.field("argument"));
    return v ? std::optional<bool>(!*v) : std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

bool inDeadBranch(ts::Node n) {
  ts::Node child = n;
  for (ts::Node p = n.parent(); p; child = p, p = p.parent()) {
    // Past a `def`, on: a function defined in a dead branch never exists.
    if ((p.is("if_statement") || p.is("while_statement") || p.is("elif_clause")) &&
        child == p.field(p.is("while_statement") ? "body" : "consequence")) {
      if (literalTruth(p.field("condition")) == false) return true;
    }
    if (p.is("if_statement") && (child.is("else_clause") || child.is("elif_clause")) &&
        literalTruth(p.field("condition")) == true)
      return true;
  }
  return false;
}

ts::Node innermostAt(ts::Node root, uint32_t begin, uint32_t end) {
  ts::Node at = root;
  while (ts::Node inner = at.namedChildHolding(begin, end)) at = inner;
  return at;
}

}  // namespace gpulint::python
