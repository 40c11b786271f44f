#include "checkers/model/large_samples.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

// The largest parameter count a checkpoint name states, in billions
// (`acme/chat-30B-A3B` -> 30, `llama-2-70b-hf` -> 70); 0 when none.
int64_t billionsNamed(std::string_view name) {
  int64_t best = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i])) || (i > 0 && std::isalnum(static_cast<unsigned char>(name[i - 1]))))
      continue;
    size_t j = i;
    while (j < name.size() && std::isdigit(static_cast<unsigned char>(name[j]))) ++j;
    bool billions = j < name.size() && (name[j] == 'b' || name[j] == 'B') &&
                    (j + 1 == name.size() || !std::isalpha(static_cast<unsigned char>(name[j + 1])));
    int64_t n = 0;
    std::from_chars(name.data() + i, name.data() + j, n);
    if (billions) best = std::max(best, n);
    i = j;
  }
  return best;
}

// A model loaded with `from_pretrained` that takes images with its text
// (`Qwen2VLForConditionalGeneration`, `LlavaForConditionalGeneration`), or
// whose checkpoint is named for 20 billion parameters or more: its samples,
// or its weights, fill the card at a few samples.
bool loadsLargeInputModel(const ScriptModel& m) {
  constexpr int64_t kFillsCard = 20;  // billions: 40 GB of bf16 weights on an 80 GB card
  for (const Call* c : m.callsNamed("from_pretrained")) {
    if (!c->receiver) continue;
    std::string_view cls = syntax::lastName(c->receiver);
    bool vision_language = cls.ends_with("ForConditionalGeneration") || cls.ends_with("ForVision2Seq") ||
                           cls.ends_with("ForImageTextToText");
    if (vision_language)
      for (std::string_view word : {"VL", "Vision", "Llava", "Idefics", "Pali", "Blip"})
        if (cls.find(word) != std::string_view::npos) return true;
    if (cls.find("Processor") != std::string_view::npos || cls.find("Tokenizer") != std::string_view::npos) continue;
    if (ts::Node name = c->argument("pretrained_model_name_or_path", 0)) {
      ResolvedValue v = m.resolve(name);
      if (v.kind == ResolvedValue::Kind::String && billionsNamed(v.string_value) >= kFillsCard) return true;
    }
  }
  return false;
}

}  // namespace

bool declaresLargeSamples(const ScriptModel& m, bool memory_bound) {
  auto large = [memory_bound](std::string name, int64_t v) {
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (syntax::containsWord(name, {"img_size", "image_size", "img_height", "img_width", "image_height", "image_width",
                                    "resolution", "crop_size", "load_size", "img_res", "image_res",
                                    // super-resolution's high-resolution target (`--hr_height 256`)
                                    "hr_height", "hr_width", "hr_size", "hr_shape", "hr_res"}))
      return v >= 256;
    if (syntax::containsWord(name, {"seq_len", "seq_length", "max_seq", "block_size", "max_length", "context_length",
                                    "max_len", "sequence_length", "ctx_len", "n_ctx", "cutoff_len", "cutoff",
                                    "max_source_length", "model_max_length"}))
      return v >= 1024 || (memory_bound && v >= 256);
    return false;
  };
  // `tok(text, max_length=opt.cutoff, truncation=True)`: the length the
  // samples are cut to, as the tokenizer call says.
  if (loadsLargeInputModel(m)) return true;
  for (const Call& c : m.calls())
    for (const char* key : {"max_length", "max_seq_length", "block_size"})
      if (ts::Node arg = c.keyword(key)) {
        // `SFTConfig(max_length=None)`: samples are not cut at all.
        if (memory_bound && syntax::unwrap(arg).is("none") && key != std::string_view("block_size")) return true;
        ResolvedValue v = m.resolve(arg);
        if (v.kind == ResolvedValue::Kind::Int && large(key, v.int_value)) return true;
      }
  for (const python::ArgparseOption& o : m.argparseOptions())
    if (o.default_value.kind == ResolvedValue::Kind::Int && large(o.dest, o.default_value.int_value)) return true;
  for (ts::Node stmt : m.root().namedChildren()) {
    ts::Node a = stmt.is("expression_statement") ? stmt.namedChild(0) : ts::Node();
    if (!a || !a.is("assignment") || !a.field("left").is("identifier")) continue;
    ts::Node v = syntax::unwrap(a.field("right"));
    if (!v || !v.is("integer")) continue;
    int64_t n = 0;
    auto [end, ec] = std::from_chars(v.text().data(), v.text().data() + v.text().size(), n);
    if (ec == std::errc() && end == v.text().data() + v.text().size() && large(std::string(a.field("left").text()), n))
      return true;
  }
  return false;
}

}  // namespace gpulint::checks
