#include "frontend/cxx/call_facts.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <cctype>

namespace gpulint::cxx {

namespace {

using namespace clang;

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool isTensorType(QualType t) {
  if (t.isNull()) return false;
  const auto* record = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!record) return false;
  std::string name = record->getQualifiedNameAsString();
  return name == "at::Tensor" || name == "at::TensorBase";
}

// Looks through the wrappers an argument gets on its way to a parameter:
// conversions, temporaries, `{...}` lists and single-argument constructors
// (`at::indexing::TensorIndex(idx)`), but not through other calls.
bool tensorValued(const Expr* e, int depth = 0) {
  if (!e || depth > 8) return false;
  e = e->IgnoreImplicit()->IgnoreParens();
  if (isTensorType(e->getType()) && !isa<CXXConstructExpr>(e)) return true;
  if (const auto* list = dyn_cast<InitListExpr>(e)) {
    for (const Expr* item : list->inits())
      if (tensorValued(item, depth + 1)) return true;
    return false;
  }
  if (const auto* std_list = dyn_cast<CXXStdInitializerListExpr>(e)) return tensorValued(std_list->getSubExpr(), depth + 1);
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(e)) {
    for (const Expr* a : ctor->arguments())
      if (tensorValued(a, depth + 1)) return true;
    return false;
  }
  if (const auto* cast = dyn_cast<CXXFunctionalCastExpr>(e)) return tensorValued(cast->getSubExpr(), depth + 1);
  return false;
}

}  // namespace

bool isGpuApi(const Call& call) {
  const std::string& name = call.callee;
  // cudaMalloc, cudaGetLastError...: `cuda` followed by a capital letter.
  if (startsWith(name, "cuda") && name.size() > 4 && std::isupper(static_cast<unsigned char>(name[4]))) return true;
  for (const char* library : {"cublas", "cusparse", "cusolver", "cudnn", "curand", "cufft", "nccl"})
    if (startsWith(name, library)) return true;
  if (name.find("::cuda::") != std::string::npos || startsWith(name, "c10::cuda") || startsWith(name, "at::cuda"))
    return true;
  // A device test: the side that is not the CPU's handles CUDA tensors.
  if (call.method == "is_cuda" || call.method == "is_cpu") return true;
  return call.method == "cuda" && startsWith(call.receiver_type, "at::Tensor");
}

bool namesCudaDevice(const ValueDecl* decl) {
  if (!decl) return false;
  std::string name = decl->getNameAsString();
  if (const auto* enumerator = dyn_cast<EnumConstantDecl>(decl)) {
    std::string type = cast<EnumDecl>(enumerator->getDeclContext())->getName().str();
    return name == "CUDA" && (type == "DeviceType" || type == "DispatchKey");
  }
  return name == "kCUDA" && isa<VarDecl>(decl);
}

bool isCudaHandleType(QualType type) {
  type = type.getNonReferenceType().getUnqualifiedType();
  if (const auto* record = type->getAsCXXRecordDecl()) {
    std::string name = record->getName().str();
    return name == "CUDAGuard" || name == "OptionalCUDAGuard" || name == "CUDAStreamGuard" || name == "CUDAStream";
  }
  QualType pointee = type.getCanonicalType()->getPointeeType();
  const auto* stream = pointee.isNull() ? nullptr : pointee->getAsRecordDecl();
  return stream && stream->getName() == "CUstream_st";
}

const Expr* receiverOf(const CallExpr* call, const FunctionDecl* callee) {
  if (const auto* member = dyn_cast<CXXMemberCallExpr>(call)) return member->getImplicitObjectArgument();
  if (isa<CXXOperatorCallExpr>(call) && isa_and_nonnull<CXXMethodDecl>(callee) && call->getNumArgs() > 0)
    return call->getArg(0);
  return nullptr;
}

std::string receiverMethod(const Expr* receiver) {
  const auto* inner = dyn_cast<CXXMemberCallExpr>(receiver->IgnoreImplicit()->IgnoreParens());
  return inner && inner->getMethodDecl() ? inner->getMethodDecl()->getNameAsString() : "";
}

bool hasTensorArgument(const CallExpr* call, unsigned first) {
  for (unsigned i = first; i < call->getNumArgs(); ++i)
    if (tensorValued(call->getArg(i))) return true;
  return false;
}

}  // namespace gpulint::cxx
