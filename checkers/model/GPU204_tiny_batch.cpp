#include "checkers/model/GPU204_tiny_batch.h"

#include <cctype>
#include <optional>
#include <regex>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ResolvedValue;
using python::ScriptModel;
namespace syntax = python::syntax;

// DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, ...); Model.fit(x, y, batch_size, ...).
constexpr int kBatchSizeIndex = 1, kShuffleIndex = 2, kSamplerIndex = 3, kBatchSamplerIndex = 4;
constexpr int kFitBatchSizeIndex = 2;

const char* kWhyIdle =
    "each training step feeds so few samples to the GPU that its kernels occupy only a fraction of the SMs, and "
    "the fixed per-step cost (kernel launches, Python, the optimizer update, gradient all-reduce) dominates "
    "while the GPU waits";

// "train_loader", "trainset", "x_train"; not "trainer" nor "pretrained".
bool namesTraining(std::string_view text) {
  static const std::regex train(R"((^|[^a-z])train(?!er))", std::regex::icase);
  return std::regex_search(std::string(text), train);
}

bool importsKeras(const ScriptModel& m) {
  return m.importsModule("tensorflow") || m.importsModule("keras") || m.importsModule("tf_keras");
}

// Does this script train at all? Inference and evaluation-only scripts
// legitimately use batches of 1.
bool scriptTrains(const ScriptModel& m) {
  for (const auto& l : m.loops())
    if (l.kind == python::LoopKind::Step) return true;
  for (const auto& c : m.classes())
    if (c->is_lightning_module) return true;
  for (const Call& c : m.calls()) {
    if (isTrainingArguments(m, c) || c.method == "train_on_batch") return true;
    if (c.method == "fit" && c.receiver && (importsKeras(m) || m.importsModule("pytorch_lightning") ||
                                            m.importsModule("lightning")))
      return true;
    if (c.method == "train" && c.receiver && syntax::containsWord(c.receiver.text(), {"trainer"})) return true;
  }
  return false;
}

// Names that say what a batch source is for: the variable it is assigned to
// (first), the keyword or dict key it is passed under, the function that
// returns it, and every function it is built in.
std::vector<std::string> namesAround(ts::Node call) {
  std::vector<std::string> out;
  ts::Node child = call;
  for (ts::Node p = call.parent(); p; child = p, p = p.parent()) {
    if (p.is("keyword_argument")) out.emplace_back(p.field("name").text());
    else if (p.is("pair")) out.emplace_back(p.field("key").text());
    else if (p.is("assignment")) {
      ts::Node left = p.field("left"), right = p.field("right");
      // a, b = DataLoader(x), DataLoader(y): the target at the same position.
      if (right && right.is("expression_list") && left.namedChildCount() == right.namedChildCount()) {
        for (uint32_t i = 0; i < right.namedChildCount(); ++i)
          if (right.namedChild(i).contains(child)) left = left.namedChild(i);
      }
      out.insert(out.begin(), std::string(left.text()));
      break;
    } else if (!(p.is("call") || p.is("argument_list") || p.is("attribute") || p.is("parenthesized_expression") ||
                 p.is("dictionary") || p.is("list") || p.is("tuple") || p.is("expression_list") ||
                 p.is("return_statement")))
      break;
  }
  for (ts::Node p = call.parent(); p; p = p.parent())
    if (p.is("function_definition")) out.emplace_back(p.field("name").text());
  return out;
}

// `target` is iterated by a step loop or handed to a fit() call.
bool feedsTraining(const ScriptModel& m, std::string_view target) {
  if (target.empty()) return false;
  auto mentions = [&](std::string_view text) {
    for (size_t at = text.find(target); at != std::string_view::npos; at = text.find(target, at + 1)) {
      size_t end = at + target.size();
      auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
      if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end]))) return true;
    }
    return false;
  };
  for (const auto& l : m.loops())
    if (l.kind == python::LoopKind::Step && l.iterable && mentions(l.iterable.text())) return true;
  for (const Call& c : m.calls())
    if (c.method == "fit")
      for (ts::Node a : c.positional)
        if (a.text() == target) return true;
  return false;
}

struct Evidence {
  std::string_view data;  // the dataset argument, or the pipeline a .batch() extends
  bool shuffles = false;  // shuffle=True, a random/distributed sampler, tf .shuffle()
  bool ordered = false;   // shuffle=False without a sampler, SequentialSampler
};

// True only for batches that are positively used for training: any sign of
// evaluation (a val/test/eval name, an eval function, an ordered loader)
// keeps the rule silent, and so does a loader with no sign either way.
bool trainingBatches(const ScriptModel& m, ts::Node call, const Evidence& e) {
  std::vector<std::string> names = namesAround(call);
  for (const auto& n : names)
    if (namesEvaluation(n)) return false;
  if (namesEvaluation(e.data)) return false;
  if (e.ordered) return false;
  for (const auto& n : names)
    if (namesTraining(n)) return true;
  if (namesTraining(e.data) || e.shuffles) return true;
  return !names.empty() && feedsTraining(m, names.front());
}

class Run {
 public:
  Run(const AnalysisContext& ctx, DiagnosticSink& sink) : ctx_(ctx), m_(*ctx.script), sink_(sink) {}

  void dataLoader(const Call& c) {
    if (!isDataLoader(c) || c.mayHideArgument("batch_size", kBatchSizeIndex)) return;
    // A batch sampler decides the batch size; batch_size=None turns batching off (the dataset yields batches).
    if (c.argument("batch_sampler", kBatchSamplerIndex)) return;
    ts::Node sampler = c.argument("sampler", kSamplerIndex);
    ts::Node arg = c.argument("batch_size", kBatchSizeIndex);
    ResolvedValue size = arg ? m_.resolve(arg) : ResolvedValue::ofInt(1);
    // **kwargs may carry a batch_sampler, which PyTorch only accepts with batch_size 1.
    if ((c.has_star_kwargs || c.has_star_args) && size.asInt() == 1) return;
    // Omitted: PyTorch batches 1 sample, unless the sampler itself yields batches.
    if (!arg && sampler && syntax::containsWord(sampler.text(), {"batch"})) return;
    Evidence e;
    if (ts::Node data = c.argument("dataset", 0)) e.data = data.text();
    ts::Node shuffle = c.argument("shuffle", kShuffleIndex);
    auto shuffled = shuffle ? m_.resolve(shuffle).truthiness() : std::nullopt;
    e.shuffles = (shuffled && *shuffled) || (sampler && !syntax::containsWord(sampler.text(), {"sequential"}));
    e.ordered = (shuffled && !*shuffled && !sampler) || (sampler && syntax::containsWord(sampler.text(), {"sequential"}));
    if (!trainingBatches(m_, c.node, e)) return;
    report(c, arg, size, "The training DataLoader's batch size",
           "batch_size");
  }

  // tf.data: dataset.batch(n) / .padded_batch(n).
  void tfBatch(const Call& c) {
    if ((c.method != "batch" && c.method != "padded_batch") || !c.receiver || !m_.importsModule("tensorflow")) return;
    // tf.train.batch(tensors, n) (TF1 queues) is a module function, not a pipeline method.
    if (!m_.qualify(c.receiver).empty()) return;
    ts::Node arg = c.argument("batch_size", 0);
    if (!arg) return;
    Evidence e{c.receiver.text(), syntax::containsWord(c.receiver.text(), {".shuffle("}), false};
    if (!trainingBatches(m_, c.node, e)) return;
    report(c, arg, m_.resolve(arg), "The tf.data training pipeline's batch size", "batch_size");
  }

  // Keras Model.fit(x, y, batch_size=n); omitted means Keras' 32.
  void kerasFit(const Call& c) {
    if (c.method != "fit" || !c.receiver || !importsKeras(m_)) return;
    if (syntax::containsWord(c.receiver.text(), {"trainer"})) return;  // Lightning's Trainer.fit
    if (ts::Node arg = c.argument("batch_size", kFitBatchSizeIndex))
      report(c, arg, m_.resolve(arg), "Keras fit()'s batch size", "batch_size");
  }

  // HF TrainingArguments: per_device_train_batch_size (default 8).
  void trainingArguments(const Call& c) {
    if (!isTrainingArguments(m_, c)) return;
    if (ts::Node arg = c.keyword("per_device_train_batch_size"))
      report(c, arg, m_.resolve(arg), "TrainingArguments' per-device training batch size",
             "per_device_train_batch_size");
  }

 private:
  void report(const Call& c, ts::Node arg, const ResolvedValue& v, const std::string& subject,
              const std::string& key) {
    // Unknown, None (no batching), a flag or text: nothing to say.
    if (v.kind != ResolvedValue::Kind::Int || v.int_value < 1 || v.int_value >= ctx_.options->min_batch_size) return;
    std::string n = std::to_string(v.int_value);
    Diagnostic d;
    d.rule = "GPU204";
    d.level = Level::Warning;
    if (arg) {
      ts::Node kw = arg.parent();
      d.location = m_.location(kw && kw.is("keyword_argument") ? kw : arg);
    } else {
      d.location = callHead(m_, c);
    }
    d.message = subject + " is " + n + " (" +
                (!arg ? "batch_size is omitted, and PyTorch's default is 1"
                      : v.chain.empty() ? key + "=" + n : "`" + std::string(arg.text()) + "` resolves to " + n + originSuffix(v)) +
                "): " + kWhyIdle + ".";
    d.related = relatedFrom(v);
    if (auto accum = accumulation()) {
      d.level = Level::Note;
      d.message += " Gradient accumulation is set (" + accum->message + "), so the optimizer sees a larger "
                   "batch, but every forward and backward pass still runs on " + n +
                   " samples: raise the micro-batch and lower the accumulation steps if memory allows.";
      d.related.push_back(*accum);
    } else if (std::string family = largeModelFamily(); !family.empty()) {
      d.level = Level::Note;
      d.message += " Micro-batches this small are common with " + family + " models, whose inputs are large: "
                   "check whether memory allows a larger one (mixed precision, activation checkpointing).";
    } else {
      d.message += " Raise it to at least " + std::to_string(ctx_.options->min_batch_size) +
                   " (option min_batch_size) as memory allows and scale the learning rate with it; if memory is "
                   "the limit, keep it and add gradient accumulation, mixed precision or activation checkpointing.";
    }
    sink_.report(std::move(d));
  }

  // gradient_accumulation_steps / accumulate_grad_batches / accum_iter
  // resolved > 1 anywhere in the file: a keyword, an argparse default, an
  // assignment (also dataclass fields) or a dict key.
  std::optional<RelatedLocation> accumulation() {
    if (accumulation_done_) return accumulation_;
    accumulation_done_ = true;
    auto named = [](std::string_view s) {
      return syntax::containsWord(s, {"accum"}) && syntax::containsWord(s, {"grad", "step", "iter", "batch"});
    };
    auto found = [&](std::string_view name, ts::Node where, const ResolvedValue& v) {
      if (v.kind != ResolvedValue::Kind::Int || v.int_value <= 1) return false;
      accumulation_ = RelatedLocation{m_.location(where), std::string(name) + " resolves to " + v.display()};
      return true;
    };
    for (const auto& o : m_.argparseOptions())
      if (named(o.dest) && found(o.dest, o.call, o.default_value)) return accumulation_;
    for (const Call& c : m_.calls())
      for (const auto& [k, v] : c.keywords)
        if (named(k) && found(k, v.parent(), m_.resolve(v))) return accumulation_;
    std::vector<ts::Node> stack{m_.root()};
    while (!stack.empty()) {
      ts::Node n = stack.back();
      stack.pop_back();
      for (ts::Node k : n.namedChildren()) stack.push_back(k);
      ts::Node name = n.is("assignment") ? n.field("left") : n.is("pair") ? n.field("key") : ts::Node();
      ts::Node value = n.is("assignment") ? n.field("right") : n.is("pair") ? n.field("value") : ts::Node();
      if (name && value && named(syntax::lastName(name).empty() ? name.text() : syntax::lastName(name)) &&
          found(name.text(), n, m_.resolve(value)))
        return accumulation_;
    }
    return accumulation_;
  }

  // The large_model_modules prefix imported or called in this file, or "".
  std::string largeModelFamily() const {
    auto under = [](const std::string& q, const std::string& p) {
      return q == p || (q.starts_with(p) && q.size() > p.size() && q[p.size()] == '.');
    };
    for (const auto& p : ctx_.options->large_model_modules) {
      for (const auto& [local, q] : m_.imports())
        if (under(q, p)) return p;
      for (const Call& c : m_.calls())
        if (under(c.qualified, p)) return p;
    }
    return "";
  }

  const AnalysisContext& ctx_;
  const ScriptModel& m_;
  DiagnosticSink& sink_;
  bool accumulation_done_ = false;
  std::optional<RelatedLocation> accumulation_;
};

}  // namespace

void TinyBatch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  // Inference and evaluation-only scripts: small batches cost latency, not training throughput.
  if (!scriptTrains(*ctx.script)) return;
  Run run(ctx, sink);
  for (const Call& c : ctx.script->calls()) {
    run.dataLoader(c);
    run.tfBatch(c);
    run.kerasFit(c);
    run.trainingArguments(c);
  }
}

}  // namespace gpulint::checks
