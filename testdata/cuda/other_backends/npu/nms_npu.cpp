// An extension's Ascend NPU backend, shipped beside its CUDA ops: the NPU SDK
// is not in the shim and no GPU4xx rule is about NPU code, so the file is left
// alone as not ours: no GPU400 note for its unresolved SDK types, and no
// GPU401 for the host copy below.
#include <torch/extension.h>

#include "torch_npu/csrc/framework/OpCommand.h"

at::Tensor nms_npu(const at::Tensor& boxes, const at::Tensor& scores, double iou_threshold) {
  at_npu::native::OpCommand cmd;
  cmd.Name("NMSWithMask").Input(boxes).Input(scores).Attr("iou_threshold", static_cast<float>(iou_threshold)).Run();
  at::Tensor keep = scores.argsort();
  return keep.cpu();  // ok: NPU code, not CUDA
}
