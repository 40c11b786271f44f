#pragma once
// What one call or declaration says about the device it works on, and the
// shape of a member call's object: read by the model builder.
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <string>

#include "frontend/cxx/cxx_model.h"

namespace gpulint::cxx {

// CUDA runtime / library API (`cudaMemcpy`, `cublasSgemm`), PyTorch's CUDA
// namespaces (`at::cuda::getCurrentCUDAStream`, `c10::cuda::...`), and the
// tensor methods that test the device or move to CUDA (`is_cuda()`,
// `is_cpu()`, `.cuda()`).
[[nodiscard]] bool isGpuApi(const Call& call);

// `kCUDA`, `DeviceType::CUDA`, `DispatchKey::CUDA`: a device constant that
// names the GPU.
[[nodiscard]] bool namesCudaDevice(const clang::ValueDecl* decl);

// A CUDA guard or stream variable (`at::cuda::CUDAGuard`, `cudaStream_t`).
[[nodiscard]] bool isCudaHandleType(clang::QualType type);

// The object of a member call or member operator call, or null.
[[nodiscard]] const clang::Expr* receiverOf(const clang::CallExpr* call, const clang::FunctionDecl* callee);

// The method called on a member call's result (`cpu` for `x.cpu().item()`).
[[nodiscard]] std::string receiverMethod(const clang::Expr* receiver);

// A tensor-valued argument, also inside an index list (`x.index({idx})`):
// advanced indexing, which gathers with a kernel instead of making a view.
[[nodiscard]] bool hasTensorArgument(const clang::CallExpr* call, unsigned first);

}  // namespace gpulint::cxx
