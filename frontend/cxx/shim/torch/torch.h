// gpulint shim of <torch/torch.h>.
#pragma once
#include <torch/extension.h>
