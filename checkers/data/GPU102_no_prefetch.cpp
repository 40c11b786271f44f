#include "checkers/data/GPU102_no_prefetch.h"

#include <algorithm>
#include <map>
#include <set>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

std::string lineOf(ts::Node n) { return std::to_string(n.line()); }

Diagnostic finding(Location where, std::string message) {
  Diagnostic d;
  d.rule = "GPU102";
  d.level = Level::Warning;
  d.location = std::move(where);
  d.message = std::move(message);
  return d;
}

// ---- (a) tf.data pipelines -------------------------------------------------

// Calls that create a tf.data dataset.
bool isPipelineSource(const Call& c) {
  static const std::set<std::string_view> tf_data{
      "from_tensor_slices", "from_tensors",     "from_generator",     "list_files",
      "range",              "zip",              "load",               "TFRecordDataset",
      "TextLineDataset",    "FixedLengthRecordDataset", "CsvDataset", "make_csv_dataset",
      "make_batched_features_dataset", "sample_from_datasets", "choose_from_datasets"};
  if (c.qualified.starts_with("tensorflow.data.")) return tf_data.contains(c.method);
  // Keras' image_/text_/audio_dataset_from_directory, timeseries_dataset_from_array.
  if (c.qualified.starts_with("tensorflow.keras.") || c.qualified.starts_with("keras."))
    return c.method.find("dataset_from_") != std::string::npos;
  // tfds.load returns one dataset for a named split (a dict of them without).
  return c.qualified == "tensorflow_datasets.load" && syntax::stringLiteral(c.keyword("split"), nullptr);
}

bool returnsDataset(std::string_view method) {
  static const std::set<std::string_view> methods{
      "map", "batch", "padded_batch", "ragged_batch", "unbatch", "rebatch", "shuffle", "cache", "repeat",
      "filter", "take", "skip", "shard", "interleave", "flat_map", "apply", "with_options", "concatenate",
      "enumerate", "snapshot", "ignore_errors", "take_while", "scan", "unique", "prefetch",
      "bucket_by_sequence_length", "group_by_window", "assert_cardinality"};
  return methods.contains(method);
}

bool isPrefetch(const Call& c) {
  if (c.method == "prefetch") return true;
  return c.method == "apply" && !c.positional.empty() &&
         c.positional[0].text().find("prefetch_to_device") != std::string_view::npos;
}

// Calls that may follow .prefetch and still leave its buffer at the end.
bool keepsPrefetch(std::string_view method) {
  return method == "repeat" || method == "take" || method == "skip" || method == "with_options" ||
         method == "assert_cardinality";
}

struct Pipeline {
  ts::Node end;     // the last call of the chain, where .prefetch goes
  ts::Node source;  // the call that creates the dataset
};

// Walks a dataset expression from its end back to its source, through names
// and helper functions; collects every unprefetched pipeline it comes from.
void tracePipeline(const ScriptModel& m, ts::Node expr, ts::Node end, bool tail_cheap, int depth,
                   std::vector<Pipeline>& out) {
  if (depth > 16) return;
  // The consumer's own value must be certain (one finding per pipeline end);
  // inside the chain any path back to the source will do.
  for (ts::Node e : m.valueSources(expr, /*all_paths=*/static_cast<bool>(end))) {
    const Call* c = e.is("call") ? m.callAt(e) : nullptr;
    if (!c) continue;  // not a dataset we can see
    ts::Node last = end ? end : e;
    if (isPipelineSource(*c)) {
      out.push_back({last, e});
      continue;
    }
    if (!c->receiver || !returnsDataset(c->method)) continue;
    if (isPrefetch(*c) && tail_cheap) continue;  // already prefetched at its end
    tracePipeline(m, c->receiver, last, tail_cheap && keepsPrefetch(c->method), depth + 1, out);
  }
}

// `enumerate(ds)`, `tqdm(ds)`: the dataset being iterated.
ts::Node iterated(const ScriptModel& m, ts::Node expr) {
  expr = syntax::unwrap(expr);
  const Call* c = expr.is("call") ? m.callAt(expr) : nullptr;
  if (c && !c->positional.empty() && (c->callee.text() == "enumerate" || c->qualified.starts_with("tqdm.")))
    return c->positional[0];
  return expr;
}

// `.prefetch(tf.data.AUTOTUNE)` after the chain end, on a line of its own
// when the chain puts each call on its own line.
std::optional<Edit> appendPrefetch(const ScriptModel& m, ts::Node end) {
  std::string tf;
  for (const auto& [local, qualified] : m.imports())
    if (qualified == "tensorflow") tf = local;
  if (tf.empty()) return std::nullopt;  // no name to spell tf.data.AUTOTUNE with
  std::string call = ".prefetch(" + tf + ".data.AUTOTUNE)";
  ts::Node callee = end.field("function");
  const std::string& text = m.file().text();
  uint32_t at = end.end();
  if (callee.is("attribute")) {
    uint32_t dot = callee.field("attribute").begin();
    while (dot > callee.field("object").end() && text[dot] != '.') --dot;
    uint32_t line_start = m.file().lineStart(m.file().position(dot).line);
    std::string_view gap(text.data() + callee.field("object").end(), dot - callee.field("object").end());
    std::string_view indent(text.data() + line_start, dot - line_start);
    if (gap.find('\n') != std::string_view::npos && gap.find('\\') == std::string_view::npos &&
        indent.find_first_not_of(" \t") == std::string_view::npos) {
      call = "\n" + std::string(indent) + call;
      // Keep a trailing comment on the line it annotates.
      uint32_t i = at;
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
      if (i < text.size() && text[i] == '#')
        at = static_cast<uint32_t>(std::min(text.find_first_of("\r\n", i), text.size()));
    }
  }
  return Edit{m.file().path(), at, at, call};
}

void reportPipeline(const ScriptModel& m, const Pipeline& p, ts::Node consumer, const std::string& how,
                    DiagnosticSink& sink) {
  ts::Node callee = p.end.field("function");
  uint32_t begin = callee.is("attribute") ? callee.field("attribute").begin() : p.end.begin();
  Diagnostic d = finding(
      m.location(begin, p.end.end()),
      "The tf.data pipeline " + how + " at line " + lineOf(consumer) +
          " ends without .prefetch(...): TensorFlow reads, maps and batches the next element only when "
          "the step asks for it, so the GPU idles while the CPU prepares every batch. Append "
          ".prefetch(tf.data.AUTOTUNE) here so input preparation overlaps with the training step.");
  d.related.push_back({m.location(consumer), "the pipeline is consumed here"});
  if (!(p.source == p.end)) d.related.push_back({m.location(p.source), "the pipeline starts here"});
  if (auto edit = appendPrefetch(m, p.end))
    d.fixes.push_back(Fix{"Append .prefetch(tf.data.AUTOTUNE)", Applicability::Safe, {*edit}});
  sink.report(std::move(d));
}

void checkPipelines(const ScriptModel& m, DiagnosticSink& sink) {
  std::set<uint32_t> reported;  // one finding per pipeline end, however many consumers
  auto consume = [&](ts::Node expr, ts::Node consumer, const std::string& how) {
    if (!expr) return;
    std::vector<Pipeline> found;
    tracePipeline(m, iterated(m, expr), ts::Node(), true, 0, found);
    for (const Pipeline& p : found)
      if (reported.insert(p.end.begin() * 2u + p.end.end()).second) reportPipeline(m, p, consumer, how, sink);
  };
  for (const Call& c : m.calls()) {
    if (c.method != "fit" || !c.receiver) continue;
    consume(c.argument("x", 0), c.node, "consumed by " + std::string(c.callee.text()) + "()");
    consume(c.keyword("validation_data"), c.node,
            "passed as validation_data to " + std::string(c.callee.text()) + "()");
  }
  for (const python::Loop& l : m.loops()) {
    // Only batch loops: a one-off `for x in ds.take(1):` peek is no stall.
    if (l.kind != python::LoopKind::Step && l.kind != python::LoopKind::Eval) continue;
    consume(l.iterable, l.node, std::string("iterated by the ") + python::loopKindName(l.kind));
  }
}

// ---- (b) DataLoader(prefetch_factor <= 1) ----------------------------------

constexpr int kNumWorkersIndex = 5;

void checkLoader(const ScriptModel& m, const Call& c, DiagnosticSink& sink) {
  ts::Node factor = c.keyword("prefetch_factor");
  ts::Node workers = c.argument("num_workers", kNumWorkersIndex);
  // Omitted prefetch_factor means 2; no workers is GPU101's finding.
  if (!factor || !workers) return;
  python::ResolvedValue f = m.resolve(factor), w = m.resolve(workers);
  auto fi = f.asInt(), wi = w.asInt();
  // Unknown values never fire.
  if (f.kind != python::ResolvedValue::Kind::Int || w.kind != python::ResolvedValue::Kind::Int) return;
  if (!fi || !wi || *fi > 1 || *wi <= 0) return;
  Diagnostic d = finding(
      m.location(factor.parent()),
      "DataLoader lets each of its " + std::to_string(*wi) + " workers keep only " +
          (*fi == 1 ? "one batch" : "no batch") + " ready ahead of the step (prefetch_factor resolves to " +
          f.display() + originSuffix(f) + "); whenever a batch takes longer to load than a step takes to "
          "run, the GPU idles until it arrives. Remove prefetch_factor (the default is 2) or raise it to 2-4.");
  d.related = relatedFrom(f);
  for (auto& r : relatedFrom(w)) d.related.push_back(std::move(r));
  sink.report(std::move(d));
}

// ---- (c) hand-sliced host batches copied to the GPU every step -------------

bool isGpuDevice(const ScriptModel& m, ts::Node device) {
  if (!device) return false;
  python::ResolvedValue v = m.resolve(device);
  if (v.kind == python::ResolvedValue::Kind::String) return v.string_value.starts_with("cuda");
  if (v.known()) return false;
  // A device variable (`device`, `args.device`, `x.device`, `local_rank`) in a script that uses CUDA.
  return m.usesCuda() && syntax::containsWord(device.text(), {"device", "cuda", "gpu", "rank"});
}

// The tensor a host-to-GPU copy moves: x in `x.to(device)`, `x.cuda()`,
// `torch.tensor(x, device=device)`; null for anything else.
ts::Node copiedValue(const ScriptModel& m, const Call& c) {
  if (c.receiver && c.qualified.empty()) {
    if (c.method == "cuda") return c.receiver;
    if (c.method == "to" && isGpuDevice(m, c.argument("device", 0))) return c.receiver;
  }
  if ((c.qualified == "torch.tensor" || c.qualified == "torch.as_tensor") && !c.positional.empty() &&
      isGpuDevice(m, c.keyword("device")))
    return c.positional[0];
  return {};
}

struct Origin {
  enum Kind { Unknown, Host, Device } kind = Unknown;
  bool sliced = false;  // a batch cut out of a bigger array or list
  bool pinned = false;  // in page-locked memory
  ts::Node slice;       // X[i:i + bs]
  ts::Node array;       // where the host array is created
};

Origin classify(const ScriptModel& m, ts::Node expr, int depth);

Origin classifyOne(const ScriptModel& m, ts::Node e, int depth) {
  Origin o;
  if (e.is("subscript")) {
    o = classify(m, e.field("value"), depth + 1);
    // A string key (`data["x"]`) picks a field, not a batch.
    if (o.kind == Origin::Host && !syntax::stringLiteral(e.field("subscript"), nullptr)) {
      o.sliced = true;
      if (!o.slice) o.slice = e;
    }
    return o;
  }
  if (e.is("list_comprehension") || e.is("generator_expression")) return classify(m, e.field("body"), depth + 1);
  if (e.is("conditional_expression")) {  // `train if split == "train" else val`
    Origin a = classify(m, e.namedChild(0), depth + 1), b = classify(m, e.namedChild(2), depth + 1);
    return a.kind == Origin::Host && b.kind == Origin::Host && a.sliced == b.sliced ? a : Origin{};
  }
  if (e.is("attribute")) {  // df.values, x.T
    std::string_view a = e.field("attribute").text();
    return a == "values" || a == "T" || a == "data" ? classify(m, e.field("object"), depth + 1) : o;
  }
  if (e.is("list") || e.is("tuple")) {
    o.kind = Origin::Host;
    o.array = e;
    return o;
  }
  const Call* c = e.is("call") ? m.callAt(e) : nullptr;
  if (!c) return o;
  if (copiedValue(m, *c)) {
    o.kind = Origin::Device;
    return o;
  }
  const std::string& q = c->qualified;
  bool host_module = q.starts_with("numpy.") || q.starts_with("pandas.") ||
                     (q.starts_with("torch.") && q.find(".nn.") == std::string::npos &&
                      q.find(".utils.") == std::string::npos && q.find(".cuda.") == std::string::npos);
  if (host_module || (c->callee.is("identifier") && (c->method == "list" || c->method == "tuple"))) {
    if (q == "torch.load" && c->keyword("map_location")) return o;  // may load onto the GPU
    if (ts::Node dev = c->keyword("device")) {
      if (isGpuDevice(m, dev)) o.kind = Origin::Device;
      // Created on the GPU, or on a device we cannot tell.
      if (o.kind == Origin::Device || m.resolve(dev).kind != python::ResolvedValue::Kind::String) return o;
    }
    if (!c->positional.empty()) o = classify(m, c->positional[0], depth + 1);
    if (o.kind == Origin::Device) return o;
    o.kind = Origin::Host;
    if (!o.array) o.array = e;
    if (ts::Node pin = c->keyword("pin_memory"); pin && m.resolve(pin).truthiness().value_or(false)) o.pinned = true;
    return o;
  }
  if (c->receiver && c->qualified.empty()) {  // x.astype(...), x.float(), x.pin_memory()
    o = classify(m, c->receiver, depth + 1);
    if (c->method == "pin_memory") o.pinned = true;
  }
  return o;
}

// Every source must agree: a value that may come from the GPU, or from
// somewhere unknown, is not a host batch.
Origin classify(const ScriptModel& m, ts::Node expr, int depth) {
  if (depth > 12) return {};
  Origin result;
  bool first = true;
  for (ts::Node e : m.valueSources(expr, /*all_paths=*/true)) {
    Origin o = classifyOne(m, e, depth);
    if (o.kind != Origin::Host) return {};
    if (first) result = o;
    result.sliced = result.sliced && o.sliced;
    result.pinned = result.pinned && o.pinned;
    first = false;
  }
  return result;
}

bool iteratesLoader(const ScriptModel& m, const python::Loop& loop) {
  for (ts::Node e : m.valueSources(iterated(m, loop.iterable), /*all_paths=*/true))
    if (const Call* c = e.is("call") ? m.callAt(e) : nullptr; c && isDataLoader(*c)) return true;
  return false;
}

struct Copy {
  const Call* call;
  Origin origin;
  python::BatchContext context;
  bool non_blocking = false;
};

void reportCopies(const ScriptModel& m, const std::vector<Copy>& copies, DiagnosticSink& sink) {
  const Copy& first = copies.front();
  const Call& c = *first.call;
  bool method = c.receiver && c.qualified.empty();  // x.to(...), not torch.tensor(...)
  std::string how = method ? std::string(m.file().text().substr(
                                    c.callee.field("attribute").begin(), c.node.end() - c.callee.field("attribute").begin()))
                               : std::string(c.callee.text()) + "(..., device=...)";
  if (method) how = how.size() > 40 ? "." + std::string(c.callee.field("attribute").text()) + "(...)" : "." + how;
  std::string slice(first.origin.slice.text());
  if (slice.size() > 40) slice = "a slice";
  size_t n = copies.size() - 1;
  std::string more = n ? " (and " + std::to_string(n) + (n == 1 ? " more copy" : " more copies") + " like it)" : "";
  // non_blocking=True from pageable memory still waits for the copy.
  std::string why = first.non_blocking ? "; non_blocking=True cannot overlap a copy from unpinned memory, so "
                                       : "; with no loader and no asynchronous copy, ";
  Diagnostic d = finding(
      m.location(c.node),
      "Every step of " + describeContext(m, first.context) + " slices a batch out of a host array (" + slice +
          ", created at line " + lineOf(first.origin.array) + ") and copies it to the GPU with " + how + more +
          why + "nothing prepares the next batch while the GPU computes, so the GPU idles through the slicing "
          "and the blocking transfer every step. Wrap the arrays in a TensorDataset and a DataLoader with "
          "num_workers > 0 and pin_memory=True, or pin the batch and copy it asynchronously: "
          ".pin_memory().to(device, non_blocking=True).");
  d.related = relatedFrom(m, first.context);
  d.related.push_back({m.location(first.origin.array), "the host array is created here"});
  for (size_t i = 1; i < copies.size(); ++i)
    d.related.push_back({m.location(copies[i].call->node), "another per-step copy of a host slice"});
  sink.report(std::move(d));
}

void checkManualBatching(const ScriptModel& m, DiagnosticSink& sink) {
  // One finding per step loop, at its first copy.
  std::map<uint32_t, std::vector<Copy>> per_loop;
  for (const Call& c : m.calls()) {
    ts::Node value = copiedValue(m, c);
    if (!value) continue;
    auto context = m.perStep(c.node);
    // Only training steps; a copy under a periodic guard is not per step.
    if (!context || context->kind != python::BatchKind::Step) continue;
    // The CPU fallback branch of `if device_type == "cuda":` copies nothing.
    if (m.onCpuPath(c.node)) continue;
    // Batches from a loader are GPU101/GPU103/GPU104's business.
    if (context->loop && iteratesLoader(m, *context->loop)) continue;
    Origin o = classify(m, value, 0);
    // A loader batch, data already on the GPU, or something we cannot see.
    if (o.kind != Origin::Host || !o.sliced) continue;
    ts::Node nb = c.keyword("non_blocking");
    bool non_blocking = nb && m.resolve(nb).truthiness().value_or(false);
    // A pinned batch copied with non_blocking=True is an asynchronous prefetch (nanoGPT).
    if (o.pinned && non_blocking) continue;
    per_loop[context->scope.begin()].push_back({&c, o, *context, non_blocking});
  }
  for (const auto& [loop, copies] : per_loop) reportCopies(m, copies, sink);
}

}  // namespace

void NoPrefetch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  checkPipelines(m, sink);
  for (const Call& c : m.calls())
    if (isDataLoader(c) && !c.has_star_kwargs) checkLoader(m, c, sink);
  checkManualBatching(m, sink);
}

}  // namespace gpulint::checks
