// Does the script put anything on a CUDA device? (RULES.md "Device tensors")
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

bool detectCuda(const ScriptModel& m) {
  // Frameworks that place the model on the GPU themselves.
  for (const char* module : {"pytorch_lightning", "lightning", "accelerate", "deepspeed"})
    if (m.importsModule(module)) return true;
  for (const auto& [local, q] : m.imports())
    if (q.starts_with("transformers.") && (q.ends_with("Trainer") || q.ends_with("TrainingArguments")))
      return true;
  for (const Call& c : m.calls()) {
    if (c.method == "cuda" && c.receiver) return true;
    if (c.qualified == "torch.device" || c.method == "to") {
      for (ts::Node a : c.positional) {
        std::string s;
        if (syntax::stringLiteral(a, &s) && s.starts_with("cuda")) return true;
      }
    }
    if (c.qualified == "torch.cuda.is_available") return true;
  }
  return false;
}

}  // namespace gpulint::python
