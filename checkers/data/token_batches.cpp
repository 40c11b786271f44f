#include "checkers/data/token_batches.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// A checkpoint name that says the model is small (`gpt2`, `opt-125m`,
// `Qwen2-0.5B`, `TinyLlama`): its step is short enough for loading to show.
bool namedSmall(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::tolower(ch); });
  for (const char* word : {"gpt2", "tiny", "small", "mini", "distil", "125m", "135m", "350m", "360m", "0.5b"})
    if (name.find(word) != std::string::npos) return true;
  return false;
}

// Images or video in the batch: the collator processes them on every step.
bool visionLanguage(std::string_view cls) {
  for (std::string_view word : {"Vision", "VL", "Llava", "ImageText", "Image", "Video", "Blip", "Idefics", "Pali"})
    if (cls.find(word) != std::string_view::npos) return true;
  return false;
}

// Every value the trainer's `model=` may hold is a causal (or seq2seq) LM
// loaded from a checkpoint not named small, or (TRL) such a checkpoint's id.
bool largeLanguageModel(const python::ScriptModel& model, ts::Node expr, int depth = 0) {
  if (!expr || depth > 2) return false;
  return everySource(model, expr, [&](ts::Node src, const python::Call* made) {
    std::string id;
    if (!made) return python::syntax::stringLiteral(src, &id) && !namedSmall(id);
    // `get_peft_model(lm, cfg)`, `prepare_model_for_kbit_training(lm)` (or
    // `_int8_training`): the model it wraps.
    if ((made->method == "get_peft_model" || made->method.starts_with("prepare_model_for_")) &&
        !made->positional.empty())
      return largeLanguageModel(model, made->positional[0], depth + 1);
    if (made->method != "from_pretrained" || !made->receiver) return false;
    std::string_view cls = python::syntax::lastName(made->receiver);
    bool language = cls.ends_with("ForCausalLM") || cls.ends_with("ForSeq2SeqLM") || cls.ends_with("LMHeadModel");
    if (!language || visionLanguage(cls)) return false;
    ts::Node name = made->argument("pretrained_model_name_or_path", 0);
    if (!name) return true;
    python::ResolvedValue v = model.resolve(name);  // a literal, a constant, a config field's default
    return !(v.kind == python::ResolvedValue::Kind::String && namedSmall(v.string_value));
  });
}

// The library Trainer call of this file whose `args` is `args`, or null.
const python::Call* trainerConfiguredBy(const python::ScriptModel& model, const python::Call& args) {
  for (const python::Call& c : model.calls()) {
    if (!c.method.ends_with("Trainer")) continue;
    ts::Node a = c.keyword("args");
    if (!a && c.positional.size() > 1) a = c.positional[1];  // Trainer(model, args, ...)
    if (!a) continue;
    for (ts::Node src : model.valueSources(a, /*all_paths=*/true))
      if (src == args.node) return &c;
  }
  return nullptr;
}

// A dataset tokenized ahead: `ds.map(tokenize)`, possibly reordered or
// trimmed after (`.shuffle(seed=0)`, `.select(range(n))`, `.filter(...)`).
bool tokenizedAhead(const python::ScriptModel& model, ts::Node dataset, int depth = 0) {
  if (!dataset || depth > 4) return false;
  return everySource(model, dataset, [&](ts::Node src, const python::Call* made) {
    if (!made || !made->receiver) return false;
    if (made->method == "map") return true;
    return python::syntax::oneOf(made->method, {"shuffle", "select", "filter", "with_format", "remove_columns",
                                                "rename_column", "rename_columns", "flatten_indices", "sort",
                                                "take", "skip", "select_columns"}) &&
           tokenizedAhead(model.ownerOf(src), made->receiver, depth + 1);
  });
}

// A collate function that only turns stored ids into tensors (`torch.tensor`,
// a stack or a pad, shape and dtype methods, cheap builtins): no tokenizing,
// decoding or reading per batch.
bool tensorizesIdsOnly(const python::ScriptModel& at, const python::Function& f) {
  for (const python::Call& c : at.callsIn(f.body)) {
    if (!c.receiver && c.qualified.empty() &&
        python::syntax::oneOf(c.method, {"len", "int", "list", "dict", "tuple", "max", "min", "zip", "range",
                                         "enumerate", "isinstance"}))
      continue;
    if (python::syntax::oneOf(c.qualified, {"torch.tensor", "torch.as_tensor", "torch.stack", "torch.cat",
                                            "torch.nn.utils.rnn.pad_sequence", "torch.nn.functional.pad",
                                            "torch.arange", "torch.full", "torch.ones", "torch.zeros",
                                            "torch.ones_like", "torch.zeros_like", "torch.full_like"}))
      continue;
    if (c.receiver && c.qualified.empty() &&
        python::syntax::oneOf(c.method, {"unsqueeze", "view", "reshape", "flatten", "long", "int", "clone", "copy",
                                         "expand", "masked_fill", "masked_fill_", "fill_", "new_full", "new_ones",
                                         "new_zeros", "size", "append", "extend", "get", "keys", "items", "values"}))
      continue;
    return false;
  }
  return true;
}

}  // namespace

bool padsTokenIdsOnly(const python::ScriptModel& model, ts::Node collate) {
  collate = python::syntax::unwrap(collate);
  if (!collate) return false;
  if (collate.is("identifier") && collate.text() == "default_data_collator") return true;
  return everySource(model, collate, [](ts::Node src, const python::Call* made) {
    std::string_view name = made ? python::syntax::lastName(made->callee) : std::string_view(src.text());
    return python::syntax::oneOf(name, {"DataCollatorWithPadding", "DataCollatorForSeq2Seq",
                                        "DataCollatorForLanguageModeling", "default_data_collator"});
  });
}

bool tokenIdsForLargeModel(const AnalysisContext& ctx, const python::ScriptModel& model, const python::Call& loader) {
  if (largeModelFamily(ctx, model).empty() || mayHideCollate(loader)) return false;
  ts::Node dataset = loader.argument("dataset", 0);
  if (ts::Node collate = collateArgument(loader)) {
    if (padsTokenIdsOnly(model, collate)) return true;
    // A collate of the project's own that only tensorizes ids tokenized ahead.
    auto [at, f] = collateFunction(model, python::syntax::unwrap(collate));
    return f && tensorizesIdsOnly(*at, *f) && tokenizedAhead(model, dataset);
  }
  return tokenizedAhead(model, dataset);
}

bool trainerFeedsTokenIdsToLargeModel(const AnalysisContext& ctx, const python::ScriptModel& model,
                                      const python::Call& args) {
  if (largeModelFamily(ctx, model).empty()) return false;
  const python::Call* trainer = trainerConfiguredBy(model, args);
  if (!trainer || trainer->has_star_kwargs || !largeLanguageModel(model, trainer->argument("model", 0))) return false;
  if (ts::Node collate = trainer->keyword("data_collator"); collate && !padsTokenIdsOnly(model, collate)) return false;
  // TRL's SFTTrainer tokenizes a text or chat dataset before training.
  if (trainer->method == "SFTTrainer") return true;
  return tokenizedAhead(model, trainer->keyword("train_dataset"));
}

}  // namespace gpulint::checks
