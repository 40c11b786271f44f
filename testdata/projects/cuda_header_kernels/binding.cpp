// ok: GPU400
#include <torch/extension.h>

at::Tensor blur(const at::Tensor& input);

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("blur", &blur, "blur rows"); }
