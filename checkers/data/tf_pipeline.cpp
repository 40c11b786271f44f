#include "checkers/data/tf_pipeline.h"

#include <algorithm>
#include <set>
#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::checks::tf_data {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

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

}  // namespace

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

}  // namespace gpulint::checks::tf_data
