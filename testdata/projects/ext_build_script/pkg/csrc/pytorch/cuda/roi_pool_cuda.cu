// ok: GPU400
// Its kernel header and the macros that select the CUDA path come from
// setup.py: the include resolves, the CUDA branch is analysed and the
// stream-less launch in it is found. The MLU and parrots branches, whose
// macros setup.py sets only for another build or in a comment, stay out.
#include <torch/extension.h>
#include "roi_pool_kernel.cuh"

#ifdef PKG_WITH_MLU
#error "PKG_WITH_MLU is another accelerator's build"
#endif
#ifdef PKG_USE_PARROTS
#error "a macro in a comment of setup.py was taken"
#endif

#ifdef PKG_WITH_CUDA
void roi_pool_forward_cuda(at::Tensor input, at::Tensor rois, at::Tensor output) {
  int n = static_cast<int>(output.numel());
  roi_pool_forward_kernel<float><<<(n + PKG_BLOCK_SIZE - 1) / PKG_BLOCK_SIZE, PKG_BLOCK_SIZE>>>(  // expect: GPU404
      input.data_ptr<float>(), rois.data_ptr<float>(), output.data_ptr<float>(), n);
}
#endif
