#include "frontend/python/tensor_types.h"

#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {
bool cudaTypeName(std::string_view q) { return q.starts_with("torch.cuda.") && q.ends_with("Tensor"); }
}  // namespace

bool namesCudaTensorType(const ScriptModel& m, ts::Node e) {
  e = syntax::unwrap(e);
  if (!e) return false;
  if (e.is("string")) {
    std::string_view t = e.text();
    return t.size() > 2 && cudaTypeName(t.substr(1, t.size() - 2));
  }
  if (e.is("attribute")) return cudaTypeName(m.qualify(e));
  if (!e.is("identifier")) return false;
  for (ts::Node src : m.valueSources(e, /*all_paths=*/true))
    if (src.is("attribute") && cudaTypeName(m.ownerOf(src).qualify(src))) return true;
  return false;
}

}  // namespace gpulint::python
