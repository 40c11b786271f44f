#pragma once
// Names of the Hugging Face training API, shared by the GPU-path detection
// (placement.cpp) and the loader rules (GPU101's TrainingArguments checks).
#include <string_view>

namespace gpulint::python {

// `transformers.TrainingArguments`/`Seq2SeqTrainingArguments`, and the
// configs of trl's offline trainers, which subclass TrainingArguments and
// feed their steps from a DataLoader of tokenized samples (`trl.SFTConfig`).
// Not the online RL configs (GRPO, RLOO, PPO, online DPO): their loader
// hands out prompts while the step waits on generation, so its worker
// count and batch size mean something else; nor trl's `ModelConfig`.
[[nodiscard]] inline bool isHfTrainingArguments(std::string_view q) {
  if (q.starts_with("transformers.")) return q.ends_with("TrainingArguments");
  if (!q.starts_with("trl.")) return false;
  std::string_view name = q.substr(q.rfind('.') + 1);
  for (std::string_view config :
       {"SFTConfig", "DPOConfig", "RewardConfig", "KTOConfig", "ORPOConfig", "CPOConfig", "BCOConfig", "PRMConfig"})
    if (name == config) return true;
  return false;
}

// The HF/trl trainers and their arguments: they place the model on the GPU.
[[nodiscard]] inline bool isHfTrainingApi(std::string_view q) {
  if (isHfTrainingArguments(q)) return true;
  if (q.starts_with("transformers.")) return q.ends_with("Trainer");
  return q.starts_with("trl.") && (q.ends_with("Trainer") || (q.ends_with("Config") && !q.ends_with("ModelConfig")));
}

}  // namespace gpulint::python
