#include "checkers/data/GPU107_remote_read_in_step.h"

#include <optional>
#include <set>

#include "checkers/model/helper_effects.h"
#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kMaxDepth = 4;

using syntax::oneOf;

std::string schemeOf(std::string_view s) {
  for (std::string_view scheme : {"s3://", "gs://", "gcs://", "az://", "abfs://", "abfss://", "wasbs://", "http://",
                                  "https://"})
    if (s.starts_with(scheme)) return std::string(scheme);
  return "";
}

// The remote scheme a path expression starts with ("s3://"), following
// constants, argparse defaults, f-strings, `+` and str.format; "" when local
// or unknown. `*known` is set when the path resolved to a plain local string.
std::string remoteScheme(const ScriptModel& m, ts::Node e, int depth, bool* known = nullptr) {
  e = syntax::unwrap(e);
  if (!e || depth > kMaxDepth) return "";
  if (e.is("string")) {
    std::string prefix;
    for (ts::Node part : e.namedChildren()) {
      if (part.is("interpolation")) return prefix.empty() ? remoteScheme(m, part.namedChild(0), depth + 1, known) : schemeOf(prefix);
      if (part.is("string_content")) prefix += part.text();
    }
    if (known) *known = true;
    return schemeOf(prefix);
  }
  if (e.is("binary_operator") && e.field("operator").text() == "+") return remoteScheme(m, e.field("left"), depth + 1, known);
  if (const Call* c = e.is("call") ? m.callAt(e) : nullptr) {
    if (c->method == "format" && c->receiver) return remoteScheme(m, c->receiver, depth + 1, known);
    if (c->qualified.starts_with("os.path.join") && !c->positional.empty())
      return remoteScheme(m, c->positional[0], depth + 1, known);
    return "";
  }
  python::ResolvedValue v = m.resolve(e);
  if (v.kind == python::ResolvedValue::Kind::String) {
    if (known) *known = true;
    return schemeOf(v.string_value);
  }
  for (ts::Node src : m.valueSources(e))
    if (!(src == e))
      if (std::string s = remoteScheme(m, src, depth + 1); !s.empty()) return s;
  return "";
}

// The receiver was built by one of these constructors (requests.Session(), s3fs.S3FileSystem()).
bool madeBy(const ScriptModel& m, ts::Node receiver, std::initializer_list<std::string_view> prefixes) {
  for (ts::Node src : m.valueSources(receiver))
    if (const Call* made = src.is("call") ? m.callAt(src) : nullptr)
      for (auto p : prefixes)
        if (made->qualified.starts_with(p)) return true;
  return false;
}

ts::Node pathArgument(const Call& c) {
  for (const char* k : {"url", "path", "urlpath", "uri", "fp", "filepath_or_buffer"})
    if (ts::Node v = c.keyword(k)) return v;
  return c.positional.empty() ? ts::Node() : c.positional[0];
}

bool datasetClass(const python::ClassDef* cls) {
  return cls && (cls->is_dataset || syntax::containsWord(cls->name, {"dataset"}));
}

// The functions of this file a loader of this file collates its batches
// with: `collate_fn=collate` (a function or a dataset's method), or
// `collate_fn=UrlBatcher(128)`, an object of a project class, whose
// __call__ runs per batch.
std::set<const python::Function*> collators(const ScriptModel& m) {
  std::set<const python::Function*> out;
  for (const Call& c : m.calls()) {
    if (!isDataLoader(m, c)) continue;
    ts::Node collate = python::syntax::unwrap(c.keyword("collate_fn"));
    if (!collate) continue;
    for (const auto& [owner, f] : collateFunctions(m, collate))
      if (owner == &m) out.insert(f);
    for (const auto& [owner, cls] : m.instanceClasses(collate))
      if (auto [fm, call] = owner->methodOf(*cls, "__call__"); call && fm == &m) out.insert(call);
  }
  return out;
}

// `__getitem__` of a dataset or a loader's collate function (every sample,
// every batch), or a project function one of them calls.
const char* perSample(const ScriptModel& m, const python::Function* f, const std::set<const python::Function*>& collate,
                      int depth) {
  if (!f || depth > 2) return nullptr;
  if (f->name == "__getitem__" && datasetClass(f->owner)) return "for every sample in Dataset.__getitem__";
  if (collate.count(f)) return "for every batch in the DataLoader's collate_fn";
  for (const Call* c : m.callersOf(*f))
    if (c->function != f)
      if (const char* where = perSample(m, c->function, collate, depth + 1)) return where;
  return nullptr;
}

constexpr const char* kWhyRemote =
    ": each read waits for network latency (tens of milliseconds or more) that loader workers cannot hide, so "
    "batches arrive late and the GPU idles. Stage the data to local disk or a local cache once before training.";

// Calls in a batch loop of helpers of another file that read remote data on
// every call (`fetch_captions(keys)` making an HTTP request): one finding at
// the call, the helper's read as a related location.
void reportHelperReads(const ScriptModel& m, DiagnosticSink& sink) {
  HelperEffects effects;
  for (const HelperCall& hc : helperCallsWith(m, Effect::RemoteRead, effects)) {
    const Call* read = hc.site.model->callAt(hc.site.at);
    sink.report(helperCallDiagnostic(m, hc, "GPU107", Level::Warning,
                                     "`" + std::string(hc.call->callee.text()) + "(...)` " +
                                         remoteReadWork(*hc.site.model, *read) + " on every " +
                                         (hc.batch.kind == python::BatchKind::Eval ? "batch" : "step") + " of " +
                                         describeContext(m, hc.batch) + " (" + helperChain(m, hc) + ")" + kWhyRemote,
                                     "the helper reads remote data here"));
  }
}

}  // namespace

std::string remoteReadWork(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  const std::string& name = c.method;
  if ((q.starts_with("requests.") || q.starts_with("httpx.")) &&
      oneOf(name, {"get", "post", "put", "head", "request", "stream", "patch"}))
    return "makes an HTTP request";
  if (q == "urllib.request.urlopen" || q == "urllib.request.urlretrieve") return "makes an HTTP request";
  if (c.receiver && oneOf(name, {"get", "post", "request", "stream"}) &&
      madeBy(m, c.receiver, {"requests.", "httpx.", "urllib3."}))
    return "makes an HTTP request";
  if (c.receiver && oneOf(name, {"get_object", "download_file", "download_fileobj"}))
    return "downloads an object from S3";
  if (c.receiver && oneOf(name, {"download_blob", "get_blob_to_path", "get_blob_to_bytes"}))
    return "downloads a blob from Azure storage";
  if (c.receiver && oneOf(name, {"open", "cat", "cat_file", "get", "get_file", "read_bytes", "read_text"}) &&
      madeBy(m, c.receiver, {"s3fs.", "gcsfs.", "adlfs.", "fsspec.filesystem"}))
    return "reads from an object-store file system";
  bool opener = q.starts_with("fsspec.open") || q.starts_with("smart_open.");
  bool reader = (c.callee.is("identifier") && name == "open" && q.empty()) ||
                oneOf(name, {"open", "load", "imread", "read", "read_csv", "read_parquet", "read_json", "read_image",
                             "read_file", "GFile", "File", "urlopen", "cat"});
  // Tracing where the path comes from is the costly part: only for calls that read.
  if (!opener && !reader) return "";
  ts::Node path = pathArgument(c);
  bool local = false;
  std::string scheme = path ? remoteScheme(m, path, 0, &local) : "";
  // fsspec/smart_open exist to open remote paths: fire unless the path is known to be local.
  if (opener && (!scheme.empty() || !local)) return "opens a remote file with " + q.substr(0, q.find('.'));
  if (reader && !scheme.empty()) return "reads a " + scheme + " path";
  return "";
}

void RemoteReadInStep::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  if (runsOnCpuOnly(m)) return;  // no GPU to idle
  std::optional<std::set<const python::Function*>> collate;  // found at the first read
  for (const Call& c : m.calls()) {
    std::string what = remoteReadWork(m, c);
    if (what.empty()) continue;
    if (!collate) collate = collators(m);
    std::string where;
    std::vector<RelatedLocation> related;
    if (const char* sample = perSample(m, c.function, *collate, 0)) {
      where = sample;
    } else if (auto batch = m.perStep(c.node)) {
      where = std::string("on every ") + (batch->kind == python::BatchKind::Eval ? "batch" : "step") + " of " +
              describeContext(m, *batch);
      related = relatedFrom(m, *batch);
    } else {
      continue;  // once at start-up, once per epoch, or under a periodic guard
    }
    Diagnostic d;
    d.rule = "GPU107";
    d.level = Level::Warning;
    d.location = callHead(m, c);
    d.message = "`" + std::string(c.callee.text()) + "(...)` " + what + " " + where + kWhyRemote;
    d.related = std::move(related);
    sink.report(std::move(d));
  }
  if (m.project()) reportHelperReads(m, sink);
}

}  // namespace gpulint::checks
