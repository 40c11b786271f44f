// expect: GPU400 "sparsehash/dense_hash_map"
// A third-party header found nowhere is skipped: what it declares is
// unresolved (the GPU400 note names it), and the sync after it is still found.
#include <sparsehash/dense_hash_map>
#include <torch/extension.h>

int64_t count_unique(const at::Tensor& keys) {
  google::dense_hash_map<int64_t, int64_t> seen;
  seen.set_empty_key(-1);
  at::Tensor host = keys.to(at::kCPU);  // expect: GPU401
  for (int64_t i = 0; i < host.numel(); ++i) seen[host.data_ptr<int64_t>()[i]] += 1;
  return static_cast<int64_t>(seen.size());
}
