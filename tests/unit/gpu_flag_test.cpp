// The flag a script's GPU path needs (ScriptModel::gpuFlag, RULES.md "The
// GPU path"): named only when every GPU device the script makes sits behind
// a store_true option that is off by default.
#include <gtest/gtest.h>

#include "frontend/python/script_model.h"

namespace gpulint::python {
namespace {

std::string flagOf(const char* text) {
  auto model = buildScriptModel(std::make_shared<SourceFile>("train.py", text, FileKind::Python), RuleOptions{});
  return model->gpuFlag();
}

TEST(GpuFlag, AcceleratorBehindAStoreTrueFlag) {
  EXPECT_EQ(flagOf(R"(import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--accel", action="store_true")
args = parser.parse_args()
use_accel = args.accel and torch.accelerator.is_available()
if use_accel:
    device = torch.accelerator.current_accelerator()
else:
    device = torch.device("cpu")
)"),
            "--accel");
}

TEST(GpuFlag, CudaStringInAConditionalExpression) {
  EXPECT_EQ(flagOf(R"(import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_true")
args = parser.parse_args()
device = torch.device("cuda" if args.cuda else "cpu")
)"),
            "--cuda");
}

TEST(GpuFlag, NoneWhenTheGpuIsTheDefault) {
  // --no-accel turns it off: the GPU path needs no flag.
  EXPECT_EQ(flagOf(R"(import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--no-accel", action="store_true")
args = parser.parse_args()
use_accel = not args.no_accel and torch.accelerator.is_available()
device = torch.accelerator.current_accelerator() if use_accel else torch.device("cpu")
)"),
            "");
  // One GPU device behind the flag, another without it.
  EXPECT_EQ(flagOf(R"(import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_true")
args = parser.parse_args()
device = torch.device("cuda" if args.cuda else "cpu")
teacher_device = torch.device("cuda:1")
)"),
            "");
  // A store_true flag that is on by default.
  EXPECT_EQ(flagOf(R"(import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_true", default=True)
args = parser.parse_args()
device = torch.device("cuda" if args.cuda else "cpu")
)"),
            "");
}

}  // namespace
}  // namespace gpulint::python
