#include "frontend/cxx/launch_batching.h"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

#include <set>

namespace gpulint::cxx {

using namespace clang;

namespace {

const VarDecl* localVar(const Expr* e) {
  const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var && var->isLocalVarDecl() ? var : nullptr;
}

bool readsSmCount(const Stmt* s, int depth) {
  if (!s || depth > 3) return false;
  if (const auto* member = dyn_cast<MemberExpr>(s); member && member->getMemberDecl()->getName() == "multiProcessorCount")
    return true;
  if (const auto* e = dyn_cast<Expr>(s))
    if (const VarDecl* var = localVar(e); var && var->hasInit() && readsSmCount(var->getInit(), depth + 1)) return true;
  for (const Stmt* child : s->children())
    if (readsSmCount(child, depth)) return true;
  return false;
}

// Local variables set to a constant in `s` (`count = 0;`).
void collectResets(const Stmt* s, const ASTContext& context, std::set<const VarDecl*>& out) {
  if (!s) return;
  if (const auto* assign = dyn_cast<BinaryOperator>(s); assign && assign->getOpcode() == BO_Assign)
    if (const VarDecl* var = localVar(assign->getLHS()); var && assign->getRHS()->isIntegerConstantExpr(context))
      out.insert(var);
  for (const Stmt* child : s->children()) collectResets(child, context, out);
}

// True when `s` (outside `skip`) increments one of `vars` (++, +=).
bool increments(const Stmt* s, const Stmt* skip, const std::set<const VarDecl*>& vars) {
  if (!s || s == skip) return false;
  if (const auto* unary = dyn_cast<UnaryOperator>(s); unary && unary->isIncrementOp())
    if (const VarDecl* var = localVar(unary->getSubExpr()); var && vars.count(var)) return true;
  if (const auto* compound = dyn_cast<CompoundAssignOperator>(s); compound && compound->getOpcode() == BO_AddAssign)
    if (const VarDecl* var = localVar(compound->getLHS()); var && vars.count(var)) return true;
  for (const Stmt* child : s->children())
    if (increments(child, skip, vars)) return true;
  return false;
}

const Stmt* loopBody(const Stmt* loop) {
  if (const auto* f = dyn_cast<ForStmt>(loop)) return f->getBody();
  if (const auto* r = dyn_cast<CXXForRangeStmt>(loop)) return r->getBody();
  if (const auto* w = dyn_cast<WhileStmt>(loop)) return w->getBody();
  if (const auto* d = dyn_cast<DoStmt>(loop)) return d->getBody();
  return nullptr;
}

}  // namespace

bool gridFillsDevice(const Expr* grid) { return grid && readsSmCount(grid, 0); }

bool flushesBatch(ASTContext& context, const Stmt* launch, const Stmt* loop) {
  const Stmt* body = loop ? loopBody(loop) : nullptr;
  if (!body) return false;
  DynTypedNode child = DynTypedNode::create(*launch);
  for (int guard = 0; guard < 64; ++guard) {
    auto parents = context.getParents(child);
    if (parents.empty()) return false;
    const Stmt* parent = parents[0].get<Stmt>();
    if (!parent || parent == loop) return false;
    const auto* branch = dyn_cast<IfStmt>(parent);
    if (branch && branch->getThen() == child.get<Stmt>()) {
      std::set<const VarDecl*> resets;
      collectResets(branch->getThen(), context, resets);
      if (!resets.empty() && increments(body, branch->getThen(), resets)) return true;
    }
    child = parents[0];
  }
  return false;
}

}  // namespace gpulint::cxx
