#pragma once
// Rule options of RULES.md, set in .gpulint.yaml.
#include <string>
#include <vector>

namespace gpulint {

struct RuleOptions {
  int workers = 4;             // GPU101 fix: num_workers=<workers>
  int min_batch_size = 8;      // GPU204
  int min_guard_interval = 10; // a `% N` guard with N below this is per-step
  int min_eval_steps = 50;     // GPU202
  int min_save_steps = 100;    // GPU203
  std::vector<std::string> large_model_modules = {
      "transformers.AutoModelForCausalLM", "transformers.AutoModelForSeq2SeqLM",
      "transformers.LlamaForCausalLM", "transformers.GPT2LMHeadModel",
      "transformers.T5ForConditionalGeneration", "transformers.BartForConditionalGeneration",
      "transformers.MistralForCausalLM", "transformers.DetrForObjectDetection",
      "peft", "torchvision.models.detection", "detectron2", "mmdet",
      // Lightning's LLaMA/GPT implementations (billions of parameters).
      "lit_llama", "lit_gpt", "litgpt",
      // Latent diffusion at 512 px and up: a few images fill the GPU.
      "diffusers", "*.ldm", "*.cldm",
      // A detector of the project's own, by its package name.
      "*.faster_rcnn", "*.mask_rcnn", "*.maskrcnn_benchmark"};
};

}  // namespace gpulint
