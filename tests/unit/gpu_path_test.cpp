// Which scripts are on the GPU path (ScriptModel::usesCuda, RULES.md "The GPU
// path"): each spelling of a CUDA device alone puts a script there; the same
// spelling of another device does not.
#include <gtest/gtest.h>

#include "frontend/python/script_model.h"

namespace gpulint::python {
namespace {

bool usesCuda(const std::string& body) {
  std::string text = "import torch\nimport torch.nn as nn\n\n\ndef run(model, x, rank):\n" + body;
  auto model = buildScriptModel(std::make_shared<SourceFile>("train.py", text, FileKind::Python), RuleOptions{});
  return model->usesCuda();
}

TEST(GpuPath, IndexAppendedToTheDeviceString) {
  EXPECT_TRUE(usesCuda("    device = \"cuda:\" + str(rank)\n    return model.to(device)\n"));
  EXPECT_FALSE(usesCuda("    device = \"mps:\" + str(rank)\n    return model.to(device)\n"));
}

TEST(GpuPath, FormattedDeviceStrings) {
  EXPECT_TRUE(usesCuda("    return model.to(f\"cuda:{rank}\")\n"));
  EXPECT_TRUE(usesCuda("    return x.to(\"cuda:{}\".format(rank))\n"));
  EXPECT_FALSE(usesCuda("    return model.to(f\"cpu\")\n"));
}

TEST(GpuPath, DeviceKeyword) {
  EXPECT_TRUE(usesCuda("    return x.to(device=\"cuda\", non_blocking=True)\n"));
  EXPECT_TRUE(usesCuda("    return torch.zeros(4, device=f\"cuda:{rank}\")\n"));
  EXPECT_TRUE(usesCuda("    model.to_empty(device=\"cuda\")\n"));
  EXPECT_FALSE(usesCuda("    model.to_empty(device=\"cpu\")\n"));
}

TEST(GpuPath, DataParallelWrap) {
  EXPECT_TRUE(usesCuda("    return torch.nn.DataParallel(model)\n"));
  EXPECT_TRUE(usesCuda("    return nn.DataParallel(model)\n"));
  EXPECT_FALSE(usesCuda("    return nn.Sequential(model)\n"));
}

}  // namespace
}  // namespace gpulint::python
