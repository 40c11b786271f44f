// Launches in host loops that are not one small kernel per iteration: a
// layer loop whose kernels are sized to fill every SM, and a multi-tensor
// loop that accumulates chunks and launches once per full batch. A loop that
// launches a fixed small grid per item, or resets a value without counting
// toward a batch, still gets GPU406.
// ok: GPU400
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 320;

struct ChunkList {
  void* addresses[kMaxBlocks];
  int chunk_of_block[kMaxBlocks];
};

__global__ void bias_relu_kernel(float* out, const float* bias, int rows, int cols) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * cols; i += gridDim.x * blockDim.x)
    out[i] = fmaxf(out[i] + bias[i % cols], 0.f);
}

__global__ void apply_chunks_kernel(ChunkList list, int chunk_size) {
  (void)list;
  (void)chunk_size;
}

__global__ void scale_row_kernel(float* row, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) row[i] *= s;
}

void mlp_forward(std::vector<float*>& outputs, std::vector<const float*>& biases, int rows, int cols,
                 cudaStream_t stream) {
  const int num_sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  const int blocks_per_sm = 4;
  for (size_t layer = 0; layer < outputs.size(); ++layer) {
    bias_relu_kernel<<<num_sms * blocks_per_sm, kThreads, 0, stream>>>(  // ok: GPU406
        outputs[layer], biases[layer], rows, cols);
  }
}

void multi_tensor_apply(std::vector<at::Tensor>& tensors, int chunk_size, cudaStream_t stream) {
  ChunkList list;
  int blocks = 0;
  for (size_t t = 0; t < tensors.size(); ++t) {
    const int64_t chunks = (tensors[t].numel() + chunk_size - 1) / chunk_size;
    for (int64_t c = 0; c < chunks; ++c) {
      list.addresses[blocks] = tensors[t].data_ptr();
      list.chunk_of_block[blocks] = static_cast<int>(c);
      blocks++;
      bool last = t == tensors.size() - 1 && c == chunks - 1;
      if (blocks == kMaxBlocks || last) {
        apply_chunks_kernel<<<blocks, kThreads, 0, stream>>>(list, chunk_size);  // ok: GPU406
        blocks = 0;
      }
    }
  }
}

void scale_rows(float* data, int rows, int cols, float s, cudaStream_t stream) {
  for (int r = 0; r < rows; ++r) {
    scale_row_kernel<<<(cols + kThreads - 1) / kThreads, kThreads, 0, stream>>>(  // expect: GPU406
        data + r * cols, s, cols);
  }
}

void scale_every_other_row(float* data, int rows, int cols, float s, cudaStream_t stream) {
  int offset = 0;
  for (int r = 0; r < rows; ++r) {
    if (r % 2 == 0) {
      scale_row_kernel<<<(cols + kThreads - 1) / kThreads, kThreads, 0, stream>>>(  // expect: GPU406
          data + offset, s, cols);
      offset = 0;
    }
    offset = r * cols;
  }
}
