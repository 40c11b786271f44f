// The same extension's CUDA backend next to it is still analysed.
#include <torch/extension.h>

at::Tensor nms_cuda(const at::Tensor& boxes, const at::Tensor& scores, double iou_threshold) {
  TORCH_CHECK(boxes.is_cuda(), "boxes must be a CUDA tensor");
  at::Tensor order = scores.argsort();
  at::Tensor first = order.cpu();  // expect: GPU401
  return first;
}
