// gpulint shim of <ATen/cuda/Exceptions.h>: the status checks of CUDA,
// cuBLAS, cuSPARSE and cuRAND calls.
#pragma once
#include <c10/cuda/CUDAStream.h>
#define TORCH_CUDABLAS_CHECK(expr) do { (void)(expr); } while (0)
#define TORCH_CUDASPARSE_CHECK(expr) do { (void)(expr); } while (0)
#define TORCH_CUSOLVER_CHECK(expr) do { (void)(expr); } while (0)
#define AT_CUDNN_CHECK(expr) do { (void)(expr); } while (0)
#define CURAND_CHECK(expr) do { (void)(expr); } while (0)
#define AT_CUDA_DRIVER_CHECK(expr) do { (void)(expr); } while (0)
#define NVRTC_CHECK(expr) do { (void)(expr); } while (0)
