// Another accelerator's backend is recognised from the SDK headers it misses,
// the SDK identifier its first error quotes, or its folder; CUDA code with
// unresolved parts is not.
#include <gtest/gtest.h>

#include "frontend/cxx/other_accelerator.h"

namespace gpulint::cxx {
namespace {

TEST(OtherAccelerator, TheSdkHeaderAFileMissesNamesItsAccelerator) {
  EXPECT_EQ(otherAccelerator("ops/csrc/common/npu_helper.hpp", {"torch_npu/csrc/core/npu/NPUStream.h"}, ""),
            "Ascend NPU: includes torch_npu/csrc/core/npu/NPUStream.h");
  EXPECT_EQ(otherAccelerator("ops/box_iou_mlu.cpp", {"aten.h", "mlu_op.h"}, "x.h:3: unknown type name 'foo'"),
            "Cambricon MLU: includes mlu_op.h");
  EXPECT_EQ(otherAccelerator("ops/csrc/parrots/nms_parrots.cpp", {"parrots/extension.hpp"}, ""),
            "the parrots framework: includes parrots/extension.hpp");
}

TEST(OtherAccelerator, AQuotedSdkIdentifierInTheFirstErrorNamesItsAccelerator) {
  EXPECT_EQ(otherAccelerator("ops/masked_conv.cpp", {}, "masked_conv.cpp:16: unknown type name 'cnrtDim3_t'"),
            "Cambricon MLU: masked_conv.cpp:16: unknown type name 'cnrtDim3_t'");
  // A word that merely contains an SDK prefix is no evidence.
  EXPECT_EQ(otherAccelerator("ops/chip_ops.cu", {}, "chip_ops.cu:9: unknown type name 'chip_t'"), "");
}

TEST(OtherAccelerator, ABackendFolderNamesItsAccelerator) {
  EXPECT_EQ(otherAccelerator("ops/csrc/common/mps/MPSDevice.h", {}, "MPSDevice.h:61: no type named 'Allocator'"),
            "Apple MPS: in a folder named mps");
  // The file's own name is no folder.
  EXPECT_EQ(otherAccelerator("ops/csrc/pytorch/mps", {}, "mps:1: error"), "");
}

TEST(OtherAccelerator, CudaCodeWithUnresolvedPartsIsNoOtherAccelerator) {
  EXPECT_EQ(otherAccelerator("ops/csrc/pytorch/cuda/filtered_lrelu.cu", {"cub/cub.cuh"},
                             "filtered_lrelu.cu:2004: use of undeclared identifier 'make_longlong4'"),
            "");
  EXPECT_EQ(otherAccelerator("csrc/knn.cu", {}, ""), "");
}

}  // namespace
}  // namespace gpulint::cxx
