#include "frontend/cxx/branch_facts.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ASTLambda.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include <cctype>
#include <functional>

namespace gpulint::cxx {

namespace {

using namespace clang;

enum class Side { Unknown, Cpu, Gpu };

// Which device a condition selects when it is true and when it is false.
struct DeviceTest {
  Side when_true = Side::Unknown;
  Side when_false = Side::Unknown;
};

Side pick(Side a, Side b) { return a != Side::Unknown ? a : b; }
Side agree(Side a, Side b) { return a == b ? a : Side::Unknown; }
Side other(Side s) { return s == Side::Cpu ? Side::Gpu : s == Side::Gpu ? Side::Cpu : Side::Unknown; }

// `kCUDA`, `DeviceType::CUDA`, `DispatchKey::CUDA` (and the CPU ones).
Side deviceConstant(const Expr* e) {
  const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref) return Side::Unknown;
  std::string name = ref->getDecl()->getNameAsString();
  if (const auto* enumerator = dyn_cast<EnumConstantDecl>(ref->getDecl())) {
    std::string type = cast<EnumDecl>(enumerator->getDeclContext())->getName().str();
    if (type != "DeviceType" && type != "DispatchKey") return Side::Unknown;
  } else if (name != "kCUDA" && name != "kCPU") {
    return Side::Unknown;
  }
  if (name == "CUDA" || name == "kCUDA") return Side::Gpu;
  if (name == "CPU" || name == "kCPU") return Side::Cpu;
  return Side::Unknown;
}

DeviceTest comparison(const Expr* lhs, const Expr* rhs, bool equal) {
  Side side = pick(deviceConstant(lhs), deviceConstant(rhs));
  return equal ? DeviceTest{side, other(side)} : DeviceTest{other(side), side};
}

DeviceTest testOf(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_LNot) {
    DeviceTest inner = testOf(u->getSubExpr());
    return {inner.when_false, inner.when_true};
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_EQ || b->getOpcode() == BO_NE)
      return comparison(b->getLHS(), b->getRHS(), b->getOpcode() == BO_EQ);
    DeviceTest l = testOf(b->getLHS()), r = testOf(b->getRHS());
    if (b->getOpcode() == BO_LAnd) return {pick(l.when_true, r.when_true), agree(l.when_false, r.when_false)};
    if (b->getOpcode() == BO_LOr) return {agree(l.when_true, r.when_true), pick(l.when_false, r.when_false)};
    return {};
  }
  if (const auto* op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getNumArgs() == 2) {
    if (op->getOperator() == OO_EqualEqual || op->getOperator() == OO_ExclaimEqual)
      return comparison(op->getArg(0), op->getArg(1), op->getOperator() == OO_EqualEqual);
  }
  if (const auto* call = dyn_cast<CXXMemberCallExpr>(e); call && call->getMethodDecl()) {
    std::string method = call->getMethodDecl()->getNameAsString();
    if (method == "is_cuda") return {Side::Gpu, Side::Cpu};
    if (method == "is_cpu") return {Side::Cpu, Side::Gpu};
  }
  return {};
}

// How a statement leaves the function, if it always does.
enum class Exit { None, Return, Failure };

Exit exitOf(const Stmt* s) {
  if (!s) return Exit::None;
  if (isa<ReturnStmt>(s)) return Exit::Return;
  if (const auto* e = dyn_cast<Expr>(s)) {
    e = e->IgnoreImplicit();
    if (isa<CXXThrowExpr>(e)) return Exit::Failure;
    if (const auto* call = dyn_cast<CallExpr>(e); call && call->getDirectCallee() && call->getDirectCallee()->isNoReturn())
      return Exit::Failure;
    return Exit::None;
  }
  if (const auto* block = dyn_cast<CompoundStmt>(s)) {
    for (const Stmt* child : block->body())
      if (Exit e = exitOf(child); e != Exit::None) return e;
    return Exit::None;
  }
  if (const auto* branch = dyn_cast<IfStmt>(s)) {
    Exit t = exitOf(branch->getThen()), f = exitOf(branch->getElse());
    if (t == Exit::None || f == Exit::None) return Exit::None;
    return t == Exit::Failure && f == Exit::Failure ? Exit::Failure : Exit::Return;
  }
  return Exit::None;
}

// A guard statement: `if (c) { ...; return/throw; }` without else, also as
// the body of a macro's `do { ... } while (0)` wrapper (TORCH_CHECK).
const IfStmt* guardOf(const Stmt* s) {
  if (const auto* loop = dyn_cast<DoStmt>(s)) {
    const auto* body = dyn_cast<CompoundStmt>(loop->getBody());
    s = body && body->size() == 1 ? body->body_front() : loop->getBody();
  }
  const auto* branch = dyn_cast<IfStmt>(s);
  return branch && !branch->getElse() && exitOf(branch->getThen()) != Exit::None ? branch : nullptr;
}

// Calls `visit(parent, child)` from the statement outwards until it returns
// true or the enclosing function is reached; true when a visit said so.
bool walkUp(ASTContext& ctx, const Stmt* s, const std::function<bool(const DynTypedNode&, const Stmt*)>& visit) {
  DynTypedNode child = DynTypedNode::create(*s);
  for (int guard = 0; guard < 256; ++guard) {
    auto parents = ctx.getParents(child);
    if (parents.empty()) return false;
    // A lambda's body hangs below its call operator and closure class, and
    // those below the lambda expression: walk through them, so that a
    // dispatch lambda (AT_DISPATCH_*) inside a branch is inside that branch.
    const DynTypedNode* next = &parents[0];
    for (const DynTypedNode& p : parents)
      if (next->get<FunctionDecl>() && !p.get<FunctionDecl>()) next = &p;
    if (const auto* fn = next->get<FunctionDecl>(); fn && !isLambdaCallOperator(fn)) return false;
    if (const Stmt* c = child.get<Stmt>(); c && visit(*next, c)) return true;
    child = *next;
  }
  return false;
}

// The guards that come before `child` in `block`, nearest first.
template <typename F>
bool anyGuardBefore(const CompoundStmt* block, const Stmt* child, F test) {
  const IfStmt* found = nullptr;
  std::vector<const IfStmt*> guards;
  for (const Stmt* st : block->body()) {
    if (st == child) break;
    if ((found = guardOf(st))) guards.push_back(found);
  }
  for (auto it = guards.rbegin(); it != guards.rend(); ++it)
    if (test(*it)) return true;
  return false;
}

// Does the condition read persistent state in a way that gates growth or
// set-up: a member/static/global in a comparison, or null-tested?
bool readsPersistent(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* m = dyn_cast<MemberExpr>(e)) return isa<FieldDecl>(m->getMemberDecl());
  if (const auto* ref = dyn_cast<DeclRefExpr>(e))
    if (const auto* var = dyn_cast<VarDecl>(ref->getDecl())) return var->hasGlobalStorage();
  if (const auto* b = dyn_cast<BinaryOperator>(e); b && b->isAdditiveOp()) return readsPersistent(b->getLHS()) || readsPersistent(b->getRHS());
  return false;
}

bool persistentGate(const Expr* cond) {
  cond = cond->IgnoreParenImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(cond); u && u->getOpcode() == UO_LNot) return readsPersistent(u->getSubExpr());
  const auto* b = dyn_cast<BinaryOperator>(cond);
  if (!b) return false;
  if (b->isLogicalOp()) return persistentGate(b->getLHS()) || persistentGate(b->getRHS());
  return (b->isComparisonOp()) && (readsPersistent(b->getLHS()) || readsPersistent(b->getRHS()));
}

}  // namespace

bool BranchFacts::onCpuSide(const Stmt* s) const {
  Side found = Side::Unknown;
  walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    if (const auto* branch = parent.get<IfStmt>()) {
      DeviceTest t = testOf(branch->getCond());
      if (child == branch->getThen()) found = t.when_true;
      else if (child == branch->getElse()) found = t.when_false;
    } else if (const auto* pick = parent.get<ConditionalOperator>()) {
      DeviceTest t = testOf(pick->getCond());
      if (child == pick->getTrueExpr()) found = t.when_true;
      else if (child == pick->getFalseExpr()) found = t.when_false;
    } else if (const auto* block = parent.get<CompoundStmt>()) {
      // Code after a guard runs when its condition was false.
      anyGuardBefore(block, child, [&](const IfStmt* g) { return (found = testOf(g->getCond()).when_false) != Side::Unknown; });
    }
    return found != Side::Unknown;
  });
  return found == Side::Cpu;
}

namespace {
// `cudaSuccess` / `CUDA_SUCCESS`: the status every CUDA runtime and driver call returns when it worked.
bool isSuccessStatus(const Expr* e) {
  const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref) return false;
  std::string name = ref->getDecl()->getNameAsString();
  return name == "cudaSuccess" || name == "CUDA_SUCCESS";
}

// `err != cudaSuccess` (then) or `err == cudaSuccess` (else): the branch that
// runs only when a CUDA call failed (a check macro's report, whatever it does there).
bool errorBranch(const IfStmt* branch, const Stmt* child) {
  const auto* b = dyn_cast<BinaryOperator>(branch->getCond()->IgnoreParenImpCasts());
  if (!b || !(isSuccessStatus(b->getLHS()) || isSuccessStatus(b->getRHS()))) return false;
  if (b->getOpcode() == BO_NE) return child == branch->getThen();
  if (b->getOpcode() == BO_EQ) return child == branch->getElse();
  return false;
}
}  // namespace

bool BranchFacts::onFailurePath(const Stmt* s) const {
  return walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    if (const auto* branch = parent.get<IfStmt>())
      return (child == branch->getThen() && exitOf(branch->getThen()) == Exit::Failure) || errorBranch(branch, child);
    if (parent.get<CXXThrowExpr>()) return true;
    const auto* call = parent.get<CallExpr>();
    return call && child != call->getCallee() && call->getDirectCallee() && call->getDirectCallee()->isNoReturn();
  });
}

bool BranchFacts::growthGuarded(const Stmt* s) const {
  return walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    if (const auto* branch = parent.get<IfStmt>()) return child != branch->getCond() && persistentGate(branch->getCond());
    if (const auto* block = parent.get<CompoundStmt>())
      return anyGuardBefore(block, child, [](const IfStmt* g) { return persistentGate(g->getCond()); });
    return false;
  });
}

namespace {
const ValueDecl* referencedDecl(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) e = u->getSubExpr()->IgnoreParenImpCasts();
  if (const auto* c = dyn_cast<ExplicitCastExpr>(e)) return referencedDecl(c->getSubExpr());
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl();
  if (const auto* m = dyn_cast<MemberExpr>(e)) return m->getMemberDecl();
  return nullptr;
}

bool mentions(const Stmt* s, const ValueDecl* d) {
  if (!s) return false;
  if (const auto* ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == d) return true;
  if (const auto* m = dyn_cast<MemberExpr>(s); m && m->getMemberDecl() == d) return true;
  for (const Stmt* c : s->children())
    if (mentions(c, d)) return true;
  return false;
}
}  // namespace

namespace {
// A boolean flag named for debugging: `debug`, `verbose`, `opts.debug_sync`.
bool debugFlag(const Expr* cond) {
  cond = cond->IgnoreParenImpCasts();
  if (const auto* both = dyn_cast<BinaryOperator>(cond); both && both->getOpcode() == BO_LAnd)
    return debugFlag(both->getLHS()) || debugFlag(both->getRHS());
  const ValueDecl* d = referencedDecl(cond);
  if (!d || !d->getType()->isBooleanType()) return false;
  std::string name = d->getNameAsString();
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name.find("debug") != std::string::npos || name.find("verbose") != std::string::npos;
}
}  // namespace

const Stmt* BranchFacts::conditionalArm(const Stmt* s) const {
  const Stmt* arm = nullptr;
  walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    if (const auto* b = parent.get<IfStmt>(); b && (child == b->getThen() || child == b->getElse())) arm = child;
    else if (const auto* c = parent.get<ConditionalOperator>(); c && (child == c->getTrueExpr() || child == c->getFalseExpr()))
      arm = child;
    else if (const auto* w = parent.get<SwitchStmt>(); w && child == w->getBody()) arm = child;
    return arm != nullptr;
  });
  return arm;
}

bool BranchFacts::debugOnly(const Stmt* s) const {
  return walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    const auto* branch = parent.get<IfStmt>();
    return branch && child == branch->getThen() && debugFlag(branch->getCond());
  });
}

bool BranchFacts::lazyInitGuarded(const CallExpr* call) const {
  if (call->getNumArgs() == 0) return false;
  const ValueDecl* target = referencedDecl(call->getArg(0));
  const auto* var = dyn_cast_or_null<VarDecl>(target);
  if (!target || !(isa<FieldDecl>(target) || (var && var->hasGlobalStorage()))) return false;
  return walkUp(ctx_, call, [&](const DynTypedNode& parent, const Stmt*) {
    const auto* branch = parent.get<IfStmt>();
    return branch && mentions(branch->getCond(), target);
  });
}

namespace {
// A member, static or global that `e` names (through `&`, casts and parentheses).
const ValueDecl* persistentDecl(const Expr* e) {
  const ValueDecl* d = referencedDecl(e);
  if (isa_and_nonnull<FieldDecl>(d)) return d;
  if (const auto* v = dyn_cast_or_null<VarDecl>(d); v && v->hasGlobalStorage()) return d;
  return nullptr;
}

// `p == NULL`, `nullptr == p`, `!p`: the persistent pointer tested for null.
const ValueDecl* nullTestedPointer(ASTContext& ctx, const Expr* cond) {
  cond = cond->IgnoreParenImpCasts();
  const Expr* tested = nullptr;
  if (const auto* u = dyn_cast<UnaryOperator>(cond); u && u->getOpcode() == UO_LNot) tested = u->getSubExpr();
  if (const auto* b = dyn_cast<BinaryOperator>(cond); b && b->getOpcode() == BO_EQ) {
    auto null = [&](const Expr* e) { return e->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull; };
    tested = null(b->getRHS()) ? b->getLHS() : null(b->getLHS()) ? b->getRHS() : nullptr;
  }
  const ValueDecl* d = tested ? persistentDecl(tested) : nullptr;
  return d && d->getType()->isPointerType() ? d : nullptr;
}

// `flag = false` (`want` false) or `flag = true` (`want` true), also as 0 / 1.
bool setsFlagTo(const Stmt* s, const ValueDecl* flag, bool want) {
  if (!s) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->getOpcode() == BO_Assign && referencedDecl(b->getLHS()) == flag) {
    const Expr* v = b->getRHS()->IgnoreParenImpCasts();
    if (const auto* lit = dyn_cast<CXXBoolLiteralExpr>(v)) return lit->getValue() == want;
    if (const auto* lit = dyn_cast<IntegerLiteral>(v)) return (lit->getValue() != 0) == want;
    return false;
  }
  for (const Stmt* c : s->children())
    if (setsFlagTo(c, flag, want)) return true;
  return false;
}

// `p = ...` or `&p` handed to a call (`cudaMalloc(&p, n)`).
bool fillsPointer(const Stmt* s, const ValueDecl* p) {
  if (!s) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->getOpcode() == BO_Assign && referencedDecl(b->getLHS()) == p)
    return true;
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->getOpcode() == UO_AddrOf && referencedDecl(u->getSubExpr()) == p)
    return true;
  for (const Stmt* c : s->children())
    if (fillsPointer(c, p)) return true;
  return false;
}

// The flag a condition reads as a bool (`s->fresh`, `!first_call_`), and whether it is negated.
const ValueDecl* testedFlag(const Expr* cond, bool* negated) {
  cond = cond->IgnoreParenImpCasts();
  *negated = false;
  if (const auto* u = dyn_cast<UnaryOperator>(cond); u && u->getOpcode() == UO_LNot) {
    *negated = true;
    cond = u->getSubExpr()->IgnoreParenImpCasts();
  }
  const ValueDecl* d = persistentDecl(cond);
  return d && d->getType()->isBooleanType() ? d : nullptr;
}
}  // namespace

bool BranchFacts::inSelfDisarmingBranch(const Stmt* s) const {
  return walkUp(ctx_, s, [&](const DynTypedNode& parent, const Stmt* child) {
    const auto* branch = parent.get<IfStmt>();
    if (!branch || child != branch->getThen()) return false;
    bool negated = false;
    if (const ValueDecl* flag = testedFlag(branch->getCond(), &negated))
      return setsFlagTo(branch->getThen(), flag, negated);
    const ValueDecl* pointer = nullTestedPointer(ctx_, branch->getCond());
    return pointer && fillsPointer(branch->getThen(), pointer);
  });
}

}  // namespace gpulint::cxx
