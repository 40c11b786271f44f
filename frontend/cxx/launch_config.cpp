#include "frontend/cxx/launch_config.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

namespace gpulint::cxx {

using namespace clang;

namespace {
bool isDim3(QualType t) {
  const auto* record = t.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getName() == "dim3";
}
}  // namespace

LaunchArg LaunchConfigReader::read(const Expr* e) const {
  LaunchArg arg;
  arg.range = ranges_.rangeOf(e->getSourceRange());
  arg.text = ranges_.textOf(e);
  arg.value = dimProduct(e, &arg.origin);
  return arg;
}

// The thread/block count of a launch argument: an integer constant, or a
// dim3 built from constants (directly or through a local dim3 variable that
// is never modified afterwards).
std::optional<int64_t> LaunchConfigReader::dimProduct(const Expr* e, std::string* origin, int depth) const {
  if (depth > 4 || e->isValueDependent()) return std::nullopt;
  e = e->IgnoreImplicit();
  if (const auto* cast = dyn_cast<CXXFunctionalCastExpr>(e)) return dimProduct(cast->getSubExpr(), origin, depth + 1);
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(e)) {
    if (ctor->getNumArgs() == 1 && isDim3(ctor->getArg(0)->getType()))
      return dimProduct(ctor->getArg(0), origin, depth + 1);
    int64_t product = 1;
    for (const Expr* a : ctor->arguments()) {
      auto v = intValue(a, origin);
      if (!v) return std::nullopt;
      product *= *v;
    }
    return product;
  }
  if (const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParens()))
    if (const auto* var = dyn_cast<VarDecl>(ref->getDecl()); var && isDim3(var->getType())) {
      if (!var->isLocalVarDecl() || !var->hasInit() || mutated_.count(var)) return std::nullopt;
      auto v = dimProduct(var->getInit(), nullptr, depth + 1);
      if (v && origin) *origin = "`" + var->getNameAsString() + "` at line " + ranges_.lineOf(var->getLocation());
      return v;
    }
  return intValue(e, origin);
}

std::optional<int64_t> LaunchConfigReader::intValue(const Expr* e, std::string* origin) const {
  if (e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  Expr::EvalResult value;
  if (!e->EvaluateAsInt(value, ctx_)) return std::nullopt;
  if (const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()); ref && origin && origin->empty())
    *origin = "`" + ref->getDecl()->getNameAsString() + "` at line " + ranges_.lineOf(ref->getDecl()->getLocation());
  return value.Val.getInt().getExtValue();
}

}  // namespace gpulint::cxx
