#include "frontend/cxx/other_accelerator.h"

#include <array>

namespace gpulint::cxx {

namespace {

struct Accelerator {
  std::string_view name;
  std::vector<std::string_view> header_prefixes;  // SDK headers, as included
  std::vector<std::string_view> identifiers;      // SDK name prefixes the first error may quote
  std::vector<std::string_view> folders;          // a path component naming the backend
};

const std::array<Accelerator, 6>& accelerators() {
  static const std::array<Accelerator, 6> kAll{{
      {"Ascend NPU", {"torch_npu/", "acl/", "aclnn", "hccl"}, {"aclrt", "aclnn", "NPU"}, {"npu", "ascend"}},
      {"Cambricon MLU", {"mlu_op.h", "cnnl.h", "cnrt.h", "cn_api.h", "bang"}, {"__mlu_", "mluOp", "cnrt", "cnnl"},
       {"mlu"}},
      {"Apple MPS", {"Metal/", "MetalPerformanceShaders/", "ATen/mps/", "ATen/native/mps/"}, {"MPS", "MTL"}, {"mps"}},
      {"Moore Threads MUSA", {"torch_musa/", "musa_runtime", "musa.h", "mudnn"}, {"musa"}, {"musa"}},
      {"AMD HIP", {"hip/", "rocblas", "miopen"}, {"hip"}, {"hip", "rocm"}},
      {"the parrots framework", {"parrots/"}, {"parrots"}, {"parrots"}},
  }};
  return kAll;
}

bool hasFolder(std::string_view path, std::string_view folder) {
  size_t start = 0;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) return false;  // the last component is the file
    if (path.substr(start, slash - start) == folder) return true;
    start = slash + 1;
  }
  return false;
}

}  // namespace

std::string otherAccelerator(std::string_view path, const std::vector<std::string>& missing_headers,
                             std::string_view first_error) {
  for (const Accelerator& a : accelerators()) {
    for (const std::string& header : missing_headers)
      for (std::string_view prefix : a.header_prefixes)
        if (std::string_view(header).starts_with(prefix)) return std::string(a.name) + ": includes " + header;
    // An identifier the error quotes that starts with the SDK's prefix
    // (`unknown type name 'cnrtDim3_t'`), not any word containing it.
    for (std::string_view id : a.identifiers)
      if (first_error.find("'" + std::string(id)) != std::string_view::npos)
        return std::string(a.name) + ": " + std::string(first_error);
    for (std::string_view folder : a.folders)
      if (hasFolder(path, folder)) return std::string(a.name) + ": in a folder named " + std::string(folder);
  }
  return {};
}

}  // namespace gpulint::cxx
