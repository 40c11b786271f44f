// gpulint shim of <cublas_v2.h>: the handle, status and the GEMM calls
// extensions make, as declarations.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>  // via library_types.h in the real toolkit
typedef struct cublasContext* cublasHandle_t;
typedef enum { CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2, CUBLAS_TF32_TENSOR_OP_MATH = 3
} cublasMath_t;
typedef enum { CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99 } cublasGemmAlgo_t;
typedef enum {
  CUDA_R_16F = 2, CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16BF = 14, CUDA_R_8I = 3, CUDA_R_32I = 10,
  CUDA_R_8F_E4M3 = 28, CUDA_R_8F_E5M2 = 29
} cudaDataType_t;
typedef cudaDataType_t cudaDataType;
typedef cudaDataType_t cublasDataType_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75, CUBLAS_COMPUTE_32F_FAST_TF32 = 77, CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_32I = 72
} cublasComputeType_t;
extern "C" {
const char* cublasGetStatusString(cublasStatus_t status);
cublasStatus_t cublasSgemv(cublasHandle_t, cublasOperation_t, int, int, const float*, const float*, int,
                           const float*, int, const float*, float*, int);
cublasStatus_t cublasCreate(cublasHandle_t* handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t stream);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t* stream);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasSgemm(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float*,
                           const float*, int, const float*, int, const float*, float*, int);
cublasStatus_t cublasDgemm(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const double*,
                           const double*, int, const double*, int, const double*, double*, int);
cublasStatus_t cublasHgemm(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const __half*,
                           const __half*, int, const __half*, int, const __half*, __half*, int);
cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                            const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                            cudaDataType, int, int, cublasGemmAlgo_t);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                          const void*, const void*, cudaDataType, int, long long, const void*,
                                          cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                          long long, int, int, cublasGemmAlgo_t);
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                         const float*, const float*, int, long long, const float*, int, long long,
                                         const float*, float*, int, long long, int);
}
namespace at::cuda {
cublasHandle_t getCurrentCUDABlasHandle();
}  // namespace at::cuda
