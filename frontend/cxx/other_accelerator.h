// C++ written for another accelerator or framework (Ascend NPU, Cambricon
// MLU, Apple MPS, Moore Threads MUSA, AMD HIP, SenseTime parrots): extensions
// such as mmcv ship those backends beside their CUDA ops. Their SDK headers
// are not in the shim, so such a file parses with errors; it is not CUDA code
// either, so no GPU4xx rule applies to it. It is left alone as not ours
// instead of being counted as CUDA code with unresolved parts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpulint::cxx {

// The accelerator `path` is written for, with the evidence ("Cambricon MLU:
// includes mlu_op.h"), or "" when nothing says so. Judged from the headers
// found nowhere, the first parse error and the file's folders; meant for a
// file that did not parse cleanly.
[[nodiscard]] std::string otherAccelerator(std::string_view path, const std::vector<std::string>& missing_headers,
                                           std::string_view first_error);

}  // namespace gpulint::cxx
