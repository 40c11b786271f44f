#include "checkers/data/GPU106_cpu_preprocess_in_step.h"

#include <cctype>
#include <map>

#include "checkers/data/read_back_values.h"
#include "checkers/item_output.h"
#include "checkers/model/helper_effects.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

using syntax::oneOf;

// `tokenizer`, `self.tokenizer`, `image_processor`; not `get_tokenizer`, not
// `unet.set_attn_processor` (swaps a module's attention implementation).
bool namesPreprocessor(ts::Node expr) {
  std::string name(syntax::lastName(expr));
  for (const char* verb : {"get_", "build_", "load_", "make_", "create_", "init_", "set_", "reset_"})
    if (name.starts_with(verb)) return false;
  return name.ends_with("tokenizer") || name.ends_with("processor") || name.ends_with("feature_extractor");
}

// True when the callee is known to hold a network, whatever its name says:
// `feature_extractor = FeatureExtractor().to(device)` (a perceptual-loss
// backbone) runs a forward pass on the GPU. `from_pretrained` builds a
// module too, unless its class is a preprocessor (`AutoFeatureExtractor`).
bool holdsModule(const ScriptModel& m, ts::Node callee) {
  // Every path: `net = FeatureExtractor()` then `if cuda: net = net.cuda()`.
  for (ts::Node src : m.valueSources(callee, /*all_paths=*/true)) {
    const Call* made = src.is("call") ? m.callAt(src) : nullptr;
    if (made && made->method == "from_pretrained") {
      if (made->receiver && !syntax::namesPreprocessorClass(syntax::lastName(made->receiver))) return true;
      continue;
    }
    // Moved to a device: a preprocessor object has no `.to()`/`.cuda()`
    // (its class may come from a star import we cannot resolve).
    if (made && made->receiver && oneOf(made->method, {"to", "cuda"})) return true;
    if (m.isModuleExpression(src)) return true;
  }
  return false;
}

// `self.batch_processor(self.model, data_batch, train_mode=False)`: a call
// handed the model runs it (a training framework's step function), whatever
// its name says; a preprocessor is handed raw samples.
bool handedModel(const ScriptModel& m, const Call& c) {
  for (ts::Node a : c.positional) {
    std::string_view last = syntax::lastName(a);
    if (oneOf(last, {"model", "net", "network", "module"}) || m.isModuleExpression(a)) return true;
  }
  return false;
}

// A batch straight from a batch loop's target that is still on the host: a
// transform on it runs on the CPU (the same transform on a CUDA tensor is a
// GPU op, which is what this rule recommends).
bool hostBatch(const ScriptModel& m, const Call& c) {
  // A batch loop is a step or eval loop of m: a file without one has none.
  if (c.positional.empty() || !m.mayRunPerStep()) return false;
  for (ts::Node a : c.positional) {
    const python::Loop* source = batchSourceLoop(m, a);
    if (source && (source->kind == python::LoopKind::Step || source->kind == python::LoopKind::Eval) &&
        !m.mayLiveOnDevice(a))
      return true;
  }
  return false;
}

bool isTransform(const ScriptModel& m, const Call& c) {
  auto fromTransforms = [](const std::string& q) {
    return q.starts_with("torchvision.transforms") || q.starts_with("albumentations.");
  };
  if (fromTransforms(c.qualified)) return true;  // TF.resize(img, ...), or a transform built and applied at once
  for (ts::Node src : m.valueSources(c.callee))
    if (const Call* made = src.is("call") ? m.callAt(src) : nullptr; made && fromTransforms(made->qualified))
      return true;
  return false;
}

// Code that DataLoader workers run: Dataset.__getitem__, a collate_fn.
bool workerCode(const python::Function* f) {
  if (!f) return false;
  if (f->name == "__getitem__" || f->name == "__iter__" || syntax::containsWord(f->name, {"collate"})) return true;
  return f->owner && f->owner->is_dataset;
}

ts::Node statementOf(ts::Node n) {
  for (ts::Node p = n; p; p = p.parent())
    if (ts::Node parent = p.parent(); parent && (parent.is("block") || parent.is("module"))) return p;
  return n;
}

constexpr const char* kMoveIt =
    ": the GPU idles while the CPU does this work between steps. Move it into Dataset.__getitem__ or a "
    "collate_fn, so DataLoader workers do it in parallel with training, or do it on the GPU.";

// Calls in a batch loop of helpers of another file that do this work on
// every call (`x = augment(x)` resizing each image with OpenCV): one finding
// at the call, the helper's line as a related location.
void reportHelperWork(const ScriptModel& m, std::map<uint32_t, bool>& statements, DiagnosticSink& sink) {
  HelperEffects effects;
  for (const HelperCall& hc : helperCallsWith(m, Effect::CpuPreprocess, effects)) {
    if (!statements.emplace(statementOf(hc.call->node).begin(), true).second) continue;
    const Call* work = hc.site.model->callAt(hc.site.at);
    // As in the loop's own body: a prompt's tokenizing is noise beside the decoding.
    if (cpuPreprocessWork(*hc.site.model, *work) == "tokenizes text" && generatesPerItem(m, hc.batch)) continue;
    sink.report(helperCallDiagnostic(
        m, hc, "GPU106", Level::Warning,
        "`" + std::string(hc.call->callee.text()) + "(...)` " + cpuPreprocessWork(*hc.site.model, *work) +
            " in the main process on every " + (hc.batch.kind == python::BatchKind::Eval ? "batch" : "step") + " of " +
            describeContext(m, hc.batch) + " (" + helperChain(m, hc) + ")" + kMoveIt,
        "the helper does the CPU work here"));
  }
}

// Text that is the same on every step: a string literal, the object's own
// member (`self.prompt`), a list of those, or one repeated per sample
// (`[self.prompt] * image.size(0)`), also through a local name. Tokenizing it
// is no per-sample work for a DataLoader worker: it could be done once.
bool fixedText(const ScriptModel& m, ts::Node e, int depth = 0) {
  e = syntax::unwrap(e);
  if (!e || depth > 4) return false;
  if (e.is("string")) {  // not an f-string that formats per-sample values in
    for (ts::Node part : e.namedChildren())
      if (part.is("interpolation")) return false;
    return true;
  }
  if (e.is("attribute")) return e.field("object").text() == "self";
  if (e.is("list") || e.is("tuple")) {
    bool any = false;
    for (ts::Node part : e.namedChildren()) {
      if (part.is("comment")) continue;
      if (!fixedText(m, part, depth + 1)) return false;
      any = true;
    }
    return any;
  }
  if (e.is("binary_operator") && e.field("operator").text() == "*")
    return fixedText(m, e.field("left"), depth + 1) || fixedText(m, e.field("right"), depth + 1);
  if (!e.is("identifier")) return false;
  // `[tokenizer(w) for w in ["negative", "positive"]]`: a comprehension's
  // variable over fixed text.
  for (ts::Node p = e.parent(); p && !syntax::isScope(p); p = p.parent()) {
    if (!syntax::oneOf(p.type(), {"list_comprehension", "generator_expression", "set_comprehension",
                                  "dictionary_comprehension"}))
      continue;
    for (ts::Node clause : p.namedChildren())
      if (clause.is("for_in_clause") && clause.field("left").text() == e.text())
        return fixedText(m, clause.field("right"), depth + 1);
  }
  // Local bindings only, every one of them: a parameter takes what its
  // callers pass, and a caller that passes a literal (a demo) says nothing
  // of the training loop's batches.
  std::vector<python::NameBinding> reaching = m.reachingBindings(e);
  if (reaching.empty()) return false;
  for (const python::NameBinding& b : reaching)
    if (b.parameter || !b.value || b.index >= 0 || !fixedText(m, b.value, depth + 1)) return false;
  return true;
}

// The text a tokenizer call is given: its first argument or `text=`.
bool tokenizesFixedText(const ScriptModel& m, const Call& c) {
  ts::Node text = c.positional.empty() ? c.keyword("text") : c.positional[0];
  return text && fixedText(m, text);
}

// The same, or a call whose result is handed straight to such a write: the
// colour flip in `cv2.imwrite(path, cv2.cvtColor(img, cv2.COLOR_RGB2BGR))`
// converts an output for the file, not an input for the model.
bool writesOutput(const ScriptModel& m, const Call& c) {
  if (writesItemOutput(m, c)) return true;
  // `pic = Image.fromarray(sample)` then `pic.save(path)`, or a helper that
  // returns the image its callers save.
  if (c.qualified.starts_with("PIL.") && resultSaved(m, c)) return true;
  ts::Node arg = c.node.parent();
  if (arg && arg.is("keyword_argument")) arg = arg.parent();
  ts::Node outer = arg && arg.is("argument_list") ? arg.parent() : ts::Node();
  const Call* write = outer && outer.is("call") ? m.callAt(outer) : nullptr;
  return write && write->node.field("arguments") == arg && writesItemOutput(m, *write);
}

// `Image.fromarray(samples[i])`, `cv2.cvtColor(np.array(pic), ...)` on what
// the model rendered and the loop copied back: post-processing of outputs
// (a safety filter, a watermark), which no Dataset or collate_fn could do.
bool convertsReadBackOutput(const ScriptModel& m, const Call& c) {
  ts::Node image = !c.positional.empty() ? c.positional[0] : c.receiver;
  return image && readBackFromGpu(m, image);
}

// `Image.open("assets/placeholder.jpg")`, `cv2.imread(LOGO)` with a path
// written in the code: the same file on every call, not a sample; loading it
// once is another edit, and no Dataset could take it over.
bool opensFixedAsset(const ScriptModel& m, const Call& c) {
  if (!python::syntax::oneOf(c.qualified, {"PIL.Image.open", "cv2.imread"}) || c.positional.empty()) return false;
  return m.resolve(c.positional[0]).kind == python::ResolvedValue::Kind::String;
}

// A tokenizer whatever its name (`enc = tiktoken.get_encoding("gpt2")`,
// `tok = AutoTokenizer.from_pretrained(...)`).
bool madeAsTokenizer(const ScriptModel& m, ts::Node receiver) {
  const Call* made = m.madeByCall(receiver);
  if (!made) return false;
  const std::string& q = made->qualified;
  return q.starts_with("tiktoken.") || (q.starts_with("transformers.") && q.ends_with("Tokenizer.from_pretrained")) ||
         (q.starts_with("transformers.") && q.ends_with("TokenizerFast.from_pretrained"));
}

}  // namespace

std::string cpuPreprocessWork(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if ((q.starts_with("PIL.") || q.starts_with("cv2.")) &&
      (writesOutput(m, c) || opensFixedAsset(m, c) || convertsReadBackOutput(m, c)))
    return "";
  // `structural_similarity(gt, pred)` on outputs copied back: a metric of the
  // model's results, which no Dataset or collate_fn could compute.
  if (q.starts_with("skimage.") && convertsReadBackOutput(m, c)) return "";
  if (q.starts_with("PIL.")) return "decodes or edits images with PIL";
  if (q.starts_with("cv2.") && !q.starts_with("cv2.setNumThreads") && !q.starts_with("cv2.ocl."))
    return "processes images with OpenCV";
  if (q.starts_with("skimage.")) return "processes images with scikit-image";
  if (q.starts_with("pandas.") && c.method.starts_with("read_")) return "parses a table with pandas";
  if (oneOf(q, {"json.loads", "json.load", "ujson.loads", "orjson.loads", "simplejson.loads"}))
    return "parses JSON samples";
  // The name test first: resolving the callee is the costlier question.
  if (q.empty() && (c.callee.is("identifier") || c.callee.is("attribute")) && namesPreprocessor(c.callee) &&
      !m.calledFunction(c) && !handedModel(m, c) && !holdsModule(m, c.callee)) {
    // A safety checker's feature extractor run on the generated images.
    if (convertsReadBackOutput(m, c)) return "";
    if (!syntax::lastName(c.callee).ends_with("tokenizer")) return "preprocesses raw samples";
    return tokenizesFixedText(m, c) ? "" : "tokenizes text";
  }
  if (c.receiver && (namesPreprocessor(c.receiver) || madeAsTokenizer(m, c.receiver)) &&
      oneOf(c.method, {"encode", "encode_plus", "batch_encode_plus", "tokenize", "apply_chat_template"}))
    return tokenizesFixedText(m, c) ? "" : "tokenizes text";
  // The host-batch question is the cheaper one: it rules out most calls first.
  if (hostBatch(m, c) && isTransform(m, c)) return "applies torchvision/albumentations transforms on the CPU";
  // Copies of the batch; not views (np.transpose, moveaxis, flip, rot90 move
  // no data: `np.transpose(img.numpy()[0], (1, 2, 0))` costs nothing).
  if (q.starts_with("numpy.") && hostBatch(m, c) &&
      oneOf(c.method, {"array", "asarray", "stack", "concatenate", "pad", "clip", "resize", "ascontiguousarray"}))
    return "reshapes the batch with NumPy";
  return "";
}

namespace {

}  // namespace

void CpuPreprocessInStep::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  if (runsOnCpuOnly(m)) return;  // no GPU to idle
  // No call of a file without a batch loop or step hook runs per step, its
  // helper calls included (helperCallsWith asks perStep first).
  if (!m.mayRunPerStep()) return;
  std::map<uint32_t, bool> statements;  // one finding per statement: its first CPU op
  for (const Call& c : m.calls()) {
    if (workerCode(c.function)) continue;  // workers run it, in parallel with training
    std::string work = cpuPreprocessWork(m, c);
    if (work.empty()) continue;
    auto batch = m.perStep(c.node);
    if (!batch) continue;  // once per epoch, or under a periodic guard: not per batch
    // Tokenizing a prompt is negligible beside autoregressive decoding, and a
    // prompt built from what the model just generated cannot be prepared ahead.
    if (work == "tokenizes text" && generatesPerItem(m, *batch)) continue;
    // One statement of the loop, one finding: a helper call there that
    // reaches two tokenizers (a CLIP and a T5 prompt encoder) is one.
    ts::Node in_loop = batch->via_calls.empty() ? c.node : batch->via_calls.front();
    if (!statements.emplace(statementOf(in_loop).begin(), true).second) continue;
    Diagnostic d;
    d.rule = "GPU106";
    d.level = Level::Warning;
    d.location = callHead(m, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` " + work + " in the main process on every " +
                (batch->kind == python::BatchKind::Eval ? "batch" : "step") + " of " + describeContext(m, *batch) +
                kMoveIt;
    d.related = relatedFrom(m, *batch);
    sink.report(std::move(d));
  }
  if (m.project()) reportHelperWork(m, statements, sink);
}

}  // namespace gpulint::checks
