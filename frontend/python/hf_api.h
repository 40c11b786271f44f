#pragma once
// Names of the Hugging Face training API, shared by the GPU-path detection
// (placement.cpp) and the loader rules (GPU101's TrainingArguments checks).
#include <string_view>

namespace gpulint::python {

// `transformers.TrainingArguments`/`Seq2SeqTrainingArguments`, and trl's
// trainer configs, which subclass TrainingArguments (`trl.SFTConfig`); not
// trl's `ModelConfig` or `ScriptArguments`.
[[nodiscard]] inline bool isHfTrainingArguments(std::string_view q) {
  if (q.starts_with("transformers.")) return q.ends_with("TrainingArguments");
  if (!q.starts_with("trl.")) return false;
  std::string_view name = q.substr(q.rfind('.') + 1);
  for (std::string_view config : {"SFTConfig", "DPOConfig", "GRPOConfig", "PPOConfig", "RLOOConfig", "RewardConfig",
                                  "KTOConfig", "ORPOConfig", "CPOConfig", "BCOConfig", "GKDConfig", "OnlineDPOConfig",
                                  "NashMDConfig", "XPOConfig", "PRMConfig"})
    if (name == config) return true;
  return false;
}

// The HF/trl trainers and their arguments: they place the model on the GPU.
[[nodiscard]] inline bool isHfTrainingApi(std::string_view q) {
  return isHfTrainingArguments(q) ||
         ((q.starts_with("transformers.") || q.starts_with("trl.")) && q.ends_with("Trainer"));
}

}  // namespace gpulint::python
