// GPU402 on container code: a device buffer class allocates in its
// constructor, grows in resize/reserve, and hands out arena space behind a
// capacity check; those allocations are amortised over many calls. An
// operator that allocates its scratch memory on every call is the finding.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scatter_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += in[i];
}

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes) { allocate(bytes); }
  ~DeviceBuffer() { cudaFree(data_); }  // ok: GPU402 (destructor)

  void resize(size_t bytes) {
    cudaFree(data_);  // ok: GPU402 (a container's resize path)
    allocate(bytes);
  }

  // Grows only when the request exceeds what is held: amortised.
  void* acquire(size_t bytes) {
    if (bytes <= capacity_) return data_;
    void* bigger = nullptr;
    cudaMalloc(&bigger, bytes * 2);  // ok: GPU402 (behind the capacity early return)
    cudaFree(data_);  // ok: GPU402 (behind the capacity early return)
    data_ = bigger;
    capacity_ = bytes * 2;
    return data_;
  }

 private:
  // Only the constructor and resize call it.
  void allocate(size_t bytes) {
    cudaMalloc(&data_, bytes);  // ok: GPU402 (called from the constructor and resize only)
    capacity_ = bytes;
  }

  void* data_ = nullptr;
  size_t capacity_ = 0;
};

// An arena that hands out slices of a block, adding a block when full.
class Arena {
 public:
  float* take(size_t count) {
    if (used_ + count > block_size_) {
      cudaMalloc(reinterpret_cast<void**>(&block_), count * sizeof(float) * 4);  // ok: GPU402 (capacity exceeded: grows)
      block_size_ = count * 4;
      used_ = 0;
    }
    float* out = block_ + used_;
    used_ += count;
    return out;
  }

 private:
  float* block_ = nullptr;
  size_t used_ = 0;
  size_t block_size_ = 0;
};

at::Tensor scatter_add(at::Tensor in, at::Tensor out, Arena& arena) {
  const int n = in.numel();
  float* staging = arena.take(n);
  float* scratch = nullptr;
  cudaMalloc(reinterpret_cast<void**>(&scratch), n * sizeof(float));  // expect: GPU402 "every call"
  if (n > 0) {
    float* extra = nullptr;
    cudaMalloc(reinterpret_cast<void**>(&extra), n * sizeof(float));  // expect: GPU402 "allocates memory"
    cudaFree(extra);  // ok: GPU402 (part of the cudaMalloc finding above)
  }
  scatter_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(staging, scratch, n);
  cudaFree(scratch);  // ok: GPU402 (part of the cudaMalloc finding of scratch)
  return out;
}
