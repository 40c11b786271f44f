// GPU406 on tensor code in host loops: views (`x[i]`, select, narrow,
// slice, view, transpose, accessors) only make a new handle to the same
// memory, so a loop of them launches nothing. A per-iteration copy into a
// view, an index with a tensor, or an arithmetic op on a row does launch
// one small kernel per iteration.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

#include <vector>

void render_one(const float* verts, int n, cudaStream_t stream);

// One renderer call per batch element on row views; their pointers are
// handed to the launcher: no kernel from the views themselves.
void render_batch(const at::Tensor& verts, const at::Tensor& cams) {
  TORCH_CHECK(verts.is_cuda(), "verts must be a CUDA tensor");
  const int64_t batch = verts.size(0);
  std::vector<at::Tensor> rows(batch);
  for (int64_t b = 0; b < batch; ++b) {
    at::Tensor row = verts[b];  // ok: GPU406 (a view)
    at::Tensor cam = cams.select(0, b).narrow(0, 0, 3);  // ok: GPU406 (views)
    at::Tensor flat = row.view({-1}).transpose(0, 0);  // ok: GPU406 (views)
    auto acc = verts[b].accessor<float, 2>();  // ok: GPU406 (an accessor)
    rows[b] = verts.slice(0, b, b + 1);  // ok: GPU406 (a view stored in a vector)
    render_one(verts[b].contiguous().data_ptr<float>(), flat.numel() + cam.numel() + acc.size(0),
               at::cuda::getCurrentCUDAStream());  // ok: GPU406 (view of a contiguous batch)
  }
}

void copy_rows(at::Tensor dst, const at::Tensor& src, const at::Tensor& order) {
  TORCH_CHECK(dst.is_cuda(), "dst must be a CUDA tensor");
  for (int64_t i = 0; i < src.size(0); ++i) {
    dst[i] = src[i];  // expect: GPU406 "one element per iteration"
  }
  for (int64_t i = 0; i < order.size(0); ++i) {
    at::Tensor picked = src.index(order[i]);  // expect: GPU406 "`src.index(order[i])`"
  }
  for (int64_t i = 0; i < src.size(0); ++i) {
    at::Tensor scaled = src[i] * 2.0;  // expect: GPU406
  }
  for (int64_t i = 0; i < src.size(0); ++i) {
    float v = src[i].item<float>();  // expect: GPU401
    (void)v;  // ok: GPU406 (the sync is GPU401's finding)
  }
}

// A deformable convolution's per-group GEMMs: the loop walks the layer's
// groups (a hyper-parameter of a few), each pass a whole slice's matrix
// product, not one element; a loop over the batch's chunks that runs a
// GEMM per chunk fills the GPU too. An add per sample is one small kernel
// per pass.
void deform_conv_forward(at::Tensor output, const at::Tensor& weight, const at::Tensor& columns, int group,
                         int num_heads) {
  TORCH_CHECK(output.is_cuda(), "output must be a CUDA tensor");
  at::Tensor w = weight.view({group, weight.size(0) / group, -1});
  at::Tensor c = columns.view({group, columns.size(0) / group, -1});
  for (int g = 0; g < group; g++) {
    output[g] = output[g].flatten(1).addmm_(w[g], c[g]).view_as(output[g]);  // ok: GPU406 (one slice per group)
  }
  for (int h = 0; h < num_heads; ++h) {
    output[h].mul_(0.5);  // ok: GPU406 (one head per pass)
  }
  for (int64_t elt = 0; elt < output.size(0) / 64; ++elt) {
    output[elt] = output[elt].flatten(1).addmm_(w[0], c[0]).view_as(output[elt]);  // ok: GPU406 (a GEMM per chunk)
  }
  for (int64_t b = 0; b < output.size(0); ++b) {
    at::Tensor shifted = output[b] + 1.0;  // expect: GPU406 "one element per iteration"
  }
}
