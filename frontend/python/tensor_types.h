#pragma once
// The legacy tensor types (`torch.cuda.FloatTensor`): a value that names a
// CUDA one makes or converts a tensor on the GPU (`FT(data)`,
// `x.type(torch.cuda.FloatTensor)`).
#include "frontend/python/script_model.h"

namespace gpulint::python {

// True when `e` names a CUDA tensor type on the GPU path: `torch.cuda.FloatTensor`
// (or its string), or a name bound to one (`Tensor = torch.cuda.FloatTensor if
// cuda else torch.FloatTensor`: the script is judged as it runs on the GPU node).
[[nodiscard]] bool namesCudaTensorType(const ScriptModel& m, ts::Node e);

}  // namespace gpulint::python
