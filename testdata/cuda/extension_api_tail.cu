// ok: GPU400
// API real extensions use that the shim covers, each as it is written there:
// TORCH_CHECK as the last branch of an if/else chain without a semicolon,
// new_empty with a braced size and a dtype, sum over a dimension, to() with
// another tensor's dtype, ArrayRef::slice with one argument, printing sizes,
// at::slice, device properties, the deprecated type() as options, CUDA's
// host-side min/max and rsqrtf, packing tensors with torch::utils, c10's
// LOG macros, device_of's optional and an accessor's PtrType.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/csrc/utils/tensor_flatten.h>

#include <sstream>

enum class reduce_t { SUM, MEAN };

inline reduce_t parse_reduce(const std::string& name) {
  if (name == "sum")
    return reduce_t::SUM;
  else if (name == "mean")
    return reduce_t::MEAN;
  else TORCH_CHECK(false, "unsupported reduce type " + name)
  return reduce_t::SUM;
}

static inline int threads_for(int work) { return max(min(1 << 10, work), 32); }

template <typename U> U inv_sqrt(U v) { return U(1) / sqrt(v); }
template <> float inv_sqrt(float v) { return rsqrtf(v); }

__global__ void mean_kernel(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i];
}

std::vector<at::Tensor> reduce_rows(const at::Tensor& feats, const at::Tensor& coors, const std::string& how) {
  if (feats.size(0) == 0) return {feats.clone(), coors.new_empty({0}, torch::kInt32)};
  reduce_t reduce = parse_reduce(how);
  const int n = feats.numel();
  const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  at::Tensor out = at::empty({n}, feats.type());
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  mean_kernel<<<(n + threads_for(n) - 1) / threads_for(n), threads_for(n), 0, stream>>>(
      feats.data_ptr<float>(), out.data_ptr<float>(), n);
  at::Tensor total = out.sum(0).to(feats.dtype());
  if (reduce == reduce_t::MEAN) total = total / static_cast<float>(n + sms * 0);
  at::Tensor head = at::slice(total, 0, 0, 1);
  float first = head.item<float>();  // expect: GPU401
  (void)first;
  auto device = torch::device_of(feats).value();
  LOG_IF(INFO, device.index() > 0) << "reducing on device " << device.index();
  if (n > (1 << 20)) LOG(WARNING) << "large input: " << n;
  const int64_t top = at::max(coors).item<int64_t>();  // expect: GPU401
  (void)top;
  return {total, head};
}

template <typename Accessor> typename Accessor::PtrType first_row(const Accessor& rows) { return rows[0].data(); }

float first_value(const at::Tensor& cpu_points) {
  auto points = cpu_points.accessor<float, 2>();
  return *first_row(points);
}

void check_shape(const at::Tensor& input, at::IntArrayRef normalized) {
  auto shape = input.sizes();
  if (!shape.slice(input.dim() - normalized.size()).equals(normalized)) {
    std::stringstream ss;
    ss << "expected trailing shape " << normalized << ", got " << shape;
    TORCH_CHECK(false, ss.str());
  }
}

at::Tensor pack(std::vector<at::Tensor> tensors) { return torch::utils::flatten_dense_tensors(tensors); }
