// expect: GPU400 "unknown type name"
// A file clang cannot fully parse is still analysed; its errors are
// summarised once, on the first line.
#include <torch/extension.h>

at::Tensor broken(at::Tensor x) {
  UnknownType y = make_unknown(x);
  float v = x.cuda().item<float>();  // expect: GPU401
  return x;
}
