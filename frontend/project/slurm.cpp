// `#SBATCH` directives and srun options (see slurm.h).
#include "frontend/project/slurm.h"

#include <cctype>
#include <charconv>

namespace gpulint::project {

namespace {

std::optional<int64_t> wholeNumber(std::string_view t) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size() || v < 0) return std::nullopt;
  return v;
}

// `[type:]N` (GPU options); a bare type means one.
std::optional<int64_t> typedCount(std::string_view t) {
  size_t colon = t.rfind(':');
  if (colon == std::string_view::npos) return wholeNumber(t);
  return wholeNumber(t.substr(colon + 1));
}

// `gpu:4`, `gpu:a100:4`, `gpu` in a comma list of generic resources.
std::optional<int64_t> gresGpus(std::string_view list) {
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (item == "gpu") return 1;
    if (item.starts_with("gpu:")) return typedCount(item.substr(4));
  }
  return std::nullopt;
}

// `--mem`: MiB unless a K/M/G/T suffix says otherwise.
std::optional<int64_t> memBytes(std::string_view t) {
  if (t.empty()) return std::nullopt;
  int64_t scale = int64_t{1} << 20;
  switch (std::toupper(static_cast<unsigned char>(t.back()))) {
    case 'K': scale = int64_t{1} << 10; break;
    case 'M': scale = int64_t{1} << 20; break;
    case 'G': scale = int64_t{1} << 30; break;
    case 'T': scale = int64_t{1} << 40; break;
    default: return wholeNumber(t) ? std::optional<int64_t>(*wholeNumber(t) * scale) : std::nullopt;
  }
  auto n = wholeNumber(t.substr(0, t.size() - 1));
  return n ? std::optional<int64_t>(*n * scale) : std::nullopt;
}

using Parse = std::optional<int64_t> (*)(std::string_view);

struct OptionSpec {
  std::string_view long_name;  // "--nodes"
  std::string_view short_name;  // "-N" or ""
  std::optional<SlurmValue> SlurmRequest::*field;
  Parse parse;
};

const OptionSpec kOptions[] = {
    {"--nodes", "-N", &SlurmRequest::nodes, wholeNumber},
    {"--ntasks", "-n", &SlurmRequest::ntasks, wholeNumber},
    {"--ntasks-per-node", "", &SlurmRequest::tasks_per_node, wholeNumber},
    {"--cpus-per-task", "-c", &SlurmRequest::cpus_per_task, wholeNumber},
    {"--cpus-per-gpu", "", &SlurmRequest::cpus_per_gpu, wholeNumber},
    {"--gres", "", &SlurmRequest::gres_gpus, gresGpus},
    {"--gpus", "-G", &SlurmRequest::gpus, typedCount},
    {"--gpus-per-node", "", &SlurmRequest::gpus_per_node, typedCount},
    {"--gpus-per-task", "", &SlurmRequest::gpus_per_task, typedCount},
    {"--mem", "", &SlurmRequest::mem_bytes, memBytes},
};

// The option at words[i] (`--opt=v`, `--opt v`, `-Nv`, `-N v`): sets its
// field (unknown values reset it, so a later unknown never keeps an earlier
// count) and returns how many words it used; 0 when it is not one of ours.
size_t readOption(const std::vector<ArgToken>& words, size_t i, SlurmRequest& r) {
  const ArgToken& w = words[i];
  for (const OptionSpec& o : kOptions) {
    std::optional<ArgToken> value;
    size_t used = 1;
    const std::string& t = w.text;
    if (t.size() > o.long_name.size() && t.starts_with(o.long_name) && t[o.long_name.size()] == '=') {
      value = w;
      value->text = t.substr(o.long_name.size() + 1);
    } else if (t == o.long_name || (!o.short_name.empty() && t == o.short_name)) {
      if (i + 1 >= words.size()) return 1;
      value = words[i + 1];
      used = 2;
    } else if (!o.short_name.empty() && t.size() > 2 && t.starts_with(o.short_name)) {
      value = w;
      value->text = t.substr(2);
    } else {
      continue;
    }
    ArgToken whole = w;
    whole.end = value->end;
    whole.unknown = w.unknown || value->unknown;
    if (used == 2) whole.text = t + " " + value->text;
    std::optional<int64_t> n = whole.unknown ? std::nullopt : o.parse(value->text);
    if (n) r.*o.field = SlurmValue{*n, whole};
    else r.*o.field = std::nullopt;
    return used;
  }
  return 0;
}

void readWords(const std::vector<ArgToken>& words, SlurmRequest& r) {
  for (size_t i = 0; i < words.size();) {
    size_t used = readOption(words, i, r);
    i += used ? used : 1;
  }
}

// Whitespace-separated words of one directive line, up to a `#` comment.
std::vector<ArgToken> directiveWords(std::string_view text, size_t begin, size_t end) {
  std::vector<ArgToken> words;
  size_t i = begin;
  while (i < end) {
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
    if (i >= end || text[i] == '#') break;
    size_t start = i;
    while (i < end && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') ++i;
    ArgToken w;
    w.text = std::string(text.substr(start, i - start));
    w.begin = static_cast<uint32_t>(start);
    w.end = static_cast<uint32_t>(i);
    w.unknown = w.text.find('$') != std::string::npos;  // sbatch does not expand variables: a literal we cannot read
    words.push_back(std::move(w));
  }
  return words;
}

}  // namespace

SlurmRequest readSlurmDirectives(std::string_view text) {
  SlurmRequest r;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    size_t first = text.find_first_not_of(" \t\r", pos);
    bool blank = first == std::string_view::npos || first >= end;
    if (!blank && text[first] != '#') break;  // sbatch stops at the first command
    static constexpr std::string_view kDirective = "#SBATCH";
    if (!blank && text.substr(first).starts_with(kDirective)) {
      size_t after = first + kDirective.size();
      if (after >= end || text[after] == ' ' || text[after] == '\t') {
        r.any_directive = true;
        readWords(directiveWords(text, after, end), r);
      }
    }
    pos = end + 1;
  }
  return r;
}

SlurmRequest withSrunOptions(SlurmRequest base, const std::vector<ArgToken>& words) {
  SlurmRequest own;
  readWords(words, own);
  // A step's own task count replaces the batch's tasks per node.
  if (own.ntasks && !own.tasks_per_node) base.tasks_per_node = std::nullopt;
  readWords(words, base);
  return base;
}

std::optional<SlurmValue> tasksPerNode(const SlurmRequest& r) {
  if (r.tasks_per_node) return r.tasks_per_node;
  if (r.ntasks) {
    if (!r.nodes || r.nodes->value < 1 || r.ntasks->value % r.nodes->value != 0) return std::nullopt;
    SlurmValue v = *r.ntasks;
    v.value /= r.nodes->value;
    return v;
  }
  return SlurmValue{1, {}};  // Slurm's default: one task per node
}

std::optional<PerNode> gpusPerNode(const SlurmRequest& r) {
  if (r.gpus_per_node) return PerNode{*r.gpus_per_node, ""};
  if (r.gres_gpus) return PerNode{*r.gres_gpus, ""};
  if (r.gpus_per_task) {
    std::optional<SlurmValue> tasks = tasksPerNode(r);
    if (!tasks) return std::nullopt;
    SlurmValue v = *r.gpus_per_task;
    v.value *= tasks->value;
    return PerNode{v, tasks->value == 1 ? "" : "x " + std::to_string(tasks->value) + " tasks per node"};
  }
  if (r.gpus && r.nodes && r.nodes->value >= 1 && r.gpus->value % r.nodes->value == 0) {
    SlurmValue v = *r.gpus;
    v.value /= r.nodes->value;
    return PerNode{v, r.nodes->value == 1 ? "" : "over " + std::to_string(r.nodes->value) + " nodes"};
  }
  return std::nullopt;  // --gpus without a node count: Slurm chooses the spread
}

std::optional<PerNode> cpusPerNode(const SlurmRequest& r) {
  if (r.cpus_per_gpu) {
    std::optional<PerNode> gpus = gpusPerNode(r);
    if (!gpus) return std::nullopt;
    SlurmValue v = *r.cpus_per_gpu;
    v.value *= gpus->count.value;
    return PerNode{v, "x " + std::to_string(gpus->count.value) + " GPUs"};
  }
  if (!r.cpus_per_task) return std::nullopt;  // the cluster's default: unknown here
  std::optional<SlurmValue> tasks = tasksPerNode(r);
  if (!tasks) return std::nullopt;
  SlurmValue v = *r.cpus_per_task;
  v.value *= tasks->value;
  return PerNode{v, tasks->value == 1 ? "" : "x " + std::to_string(tasks->value) + " tasks per node"};
}

}  // namespace gpulint::project
