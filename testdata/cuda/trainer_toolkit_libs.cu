// ok: GPU400
// A standalone CUDA trainer's toolkit libraries: cuBLASLt for the matmul,
// NVTX ranges, OpenMP on the host, managed-memory advice and cache-hinted
// loads. All of it must parse (no GPU400); the blocking copy in the step is
// still found, and said to run each time the program calls the step (a
// program with main() has no operator).
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cublasLt.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <omp.h>

#include <stdio.h>

static cublasLtHandle_t lt_handle;
static cublasComputeType_t compute_type = CUBLAS_COMPUTE_32F_FAST_TF32;
static cublasDataType_t data_type = CUDA_R_16BF;

__global__ void scale_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) __stcs(x + i, __ldcs(x + i) * 2.f);
}

void matmul(float* d, const float* a, const float* b, int m, int n, int k, cudaStream_t stream) {
  nvtxRangePush("matmul");
  cublasLtMatmulDesc_t desc;
  cublasLtMatmulDescCreate(&desc, compute_type, CUDA_R_32F);
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatrixLayout_t la, lb, ld;
  cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, m, k, m);
  cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, k, n, k);
  cublasLtMatrixLayoutCreate(&ld, CUDA_R_32F, m, n, m);
  const float alpha = 1.f, beta = 0.f;
  cublasLtMatmul(lt_handle, desc, &alpha, a, la, b, lb, &beta, d, ld, d, ld, nullptr, nullptr, 0, stream);
  nvtxRangePop();
}

float train_step(float* x, float* host, size_t bytes, cudaStream_t stream) {
  scale_kernel<<<4, 256, 0, stream>>>(x, 1024);
  matmul(x, x, x, 32, 32, 1, stream);
  cudaMemcpy(host, x, bytes, cudaMemcpyDeviceToHost);  // expect: GPU403 "runs each time the program calls it"
  return host[0];
}

int main() {
  cublasLtCreate(&lt_handle);
  int threads = omp_get_max_threads();
  float* x = nullptr;
  size_t bytes = 1024 * sizeof(float);
  if (cudaMalloc(&x, bytes) == cudaErrorMemoryAllocation) {
    cudaMallocManaged(&x, bytes);
    cudaMemAdvise(x, bytes, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId);
  }
  float host[1024];
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  nvtxNameCudaStreamA(stream, "main");
  for (int step = 0; step < 100; ++step) {
    float loss = train_step(x, host, bytes, stream);
    printf("step %d threads %d loss %f\n", step, threads, loss);
  }
  return 0;
}
