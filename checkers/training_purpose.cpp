// What python_common.h declares about training, evaluation and the CPU-only path
// (GPU202, GPU204, device rules).
#include "checkers/python_common.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "frontend/name_match.h"
#include "frontend/python/hf_api.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {


namespace {

// "train_loader", "trainset", "x_train"; not "trainer" nor "pretrained".
bool namesTraining(std::string_view text) {
  names::Lowered lowered(text);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  for (size_t at = s.find("train"); at != std::string_view::npos; at = s.find("train", at + 1))
    if ((at == 0 || !names::isLowerLetter(s[at - 1])) && s.substr(at + 5, 2) != "er") return true;
  return false;
}

bool importsKeras(const python::ScriptModel& m) {
  return m.importsModule("tensorflow") || m.importsModule("keras") || m.importsModule("tf_keras");
}

// Names that say what a batch source is for: the variable it is assigned to
// (first), the keyword or dict key it is passed under, and every function it
// is built (or returned) in.
std::vector<std::string> purposeNames(ts::Node call) {
  std::vector<std::string> out;
  for (ts::Node p = call.parent(); p; p = p.parent()) {
    if (p.is("keyword_argument")) {
      out.emplace_back(p.field("name").text());
    } else if (p.is("pair")) {
      out.emplace_back(p.field("key").text());
    } else if (p.is("assignment")) {
      ts::Node left = p.field("left"), right = python::syntax::unwrap(p.field("right"));
      // a, b = DataLoader(x), DataLoader(y): the target at the same position.
      auto items = [](ts::Node list) {
        std::vector<ts::Node> out;
        for (ts::Node e : list.namedChildren())
          if (!e.is("comment")) out.push_back(e);
        return out;
      };
      if (right && (right.is("expression_list") || right.is("tuple"))) {
        std::vector<ts::Node> targets = items(left), values = items(right);
        for (size_t i = 0; i < values.size() && targets.size() == values.size(); ++i)
          if (values[i].contains(call)) left = targets[i];
      }
      out.insert(out.begin(), std::string(left.text()));
      break;
    } else if (!(p.is("call") || p.is("argument_list") || p.is("attribute") || p.is("parenthesized_expression") ||
                 p.is("dictionary") || p.is("list") || p.is("tuple") || p.is("expression_list") ||
                 p.is("return_statement"))) {
      break;
    }
  }
  for (ts::Node p = call.parent(); p; p = p.parent())
    if (p.is("function_definition")) out.emplace_back(p.field("name").text());
  return out;
}

// `name` as a whole word of `text`.
bool mentions(std::string_view text, std::string_view name) {
  auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    size_t end = at + name.size();
    if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end]))) return true;
  }
  return false;
}

// `target` is iterated by a step loop or handed to a fit() call.
bool consumedByTraining(const python::ScriptModel& m, std::string_view target) {
  if (target.empty()) return false;
  for (const auto& l : m.loops())
    if (l.kind == python::LoopKind::Step && l.iterable && mentions(l.iterable.text(), target)) return true;
  for (const python::Call& c : m.calls())
    if (c.method == "fit")
      for (ts::Node a : c.positional)
        if (a.text() == target) return true;
  return false;
}

bool evalFunctionName(std::string_view name) {
  names::Lowered lowered(name);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  s.remove_prefix(std::min(s.find_first_not_of('_'), s.size()));
  if (s.starts_with("run_") || s.starts_with("do_")) s.remove_prefix(s.find('_') + 1);
  for (std::string_view verb : {"eval", "evaluate", "evaluation", "val", "valid", "validate", "validation", "test"}) {
    if (!s.starts_with(verb)) continue;
    std::string_view rest = s.substr(verb.size());
    if (rest.empty()) return true;
    if (rest.front() == '_' && names::isAny(rest.substr(1), {"model", "epoch", "one_epoch", "loop", "all", "pass",
                                                             "net", "dataset", "set", "split"}))
      return true;
  }
  return false;
}

}  // namespace

bool scriptTrains(const python::ScriptModel& m) {
  for (const auto& l : m.loops())
    if (l.kind == python::LoopKind::Step) return true;
  for (const auto& c : m.classes())
    if (c->is_lightning_module) return true;
  bool fit_api = importsKeras(m) || m.importsModule("pytorch_lightning") || m.importsModule("lightning");
  for (const python::Call& c : m.calls()) {
    if (isTrainingArguments(m, c) || c.method == "train_on_batch") return true;
    if (c.method == "fit" && c.receiver && fit_api) return true;
    if (c.method == "train" && c.receiver && python::syntax::containsWord(c.receiver.text(), {"trainer"})) return true;
  }
  return false;
}

std::optional<RelatedLocation> gradientAccumulation(const python::ScriptModel& m) {
  using python::ResolvedValue;
  auto named = [](std::string_view s) {
    return python::syntax::containsWord(s, {"accum"}) &&
           python::syntax::containsWord(s, {"grad", "step", "iter", "batch"});
  };
  std::optional<RelatedLocation> out;
  auto found = [&](std::string_view name, ts::Node where, const ResolvedValue& v) {
    // A float count too: `batch_size // micro_batch_size` with `batch_size = 64 / devices`.
    bool counted = v.kind == ResolvedValue::Kind::Int || v.kind == ResolvedValue::Kind::Float;
    if (!counted || !v.asNumber() || *v.asNumber() <= 1) return false;
    Location at = m.ownerOf(where).location(where);  // an option a helper of another file adds
    out = RelatedLocation{at, std::string(name) + " resolves to " + v.display() + " at line " +
                                  std::to_string(at.start.line)};
    return true;
  };
  for (const auto& o : m.argparseOptions())
    if (named(o.dest) && found(o.dest, o.call, o.default_value)) return out;
  for (const python::Call& c : m.calls())
    for (const auto& [k, v] : c.keywords)
      if (named(k) && found(k, v.parent(), m.resolve(v))) return out;
  // Assignments (dataclass fields too), dict keys and parameter defaults, without recursion: files may nest deeply.
  std::vector<ts::Node> stack{m.root()};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
    // A parameter default too (`def train(..., gradient_accumulate_every=4)`, a fire.Fire command line).
    bool param = n.is("default_parameter") || n.is("typed_default_parameter");
    ts::Node key = n.is("assignment") ? n.field("left") : n.is("pair") ? n.field("key") : param ? n.field("name") : ts::Node();
    ts::Node value = n.is("assignment") ? n.field("right") : n.is("pair") || param ? n.field("value") : ts::Node();
    if (!key || !value) continue;
    std::string name(python::syntax::lastName(key));
    if (name.empty() && !python::syntax::stringLiteral(key, &name)) continue;
    if (named(name) && found(name, n, m.resolve(value))) return out;
  }
  // No setting named so: an optimizer step a loop takes only every N passes
  // (`if not (it % accum): optimizer.step()`), here or in a project file.
  std::vector<const python::ScriptModel*> files{&m};
  if (const python::ProjectModel* project = m.project())
    for (const python::ScriptModel* other : project->models())
      if (other != &m) files.push_back(other);
  for (const python::ScriptModel* f : files)
    for (const python::Call& c : f->calls()) {
      if (c.method != "step" || !python::isTrainingCall(c)) continue;
      const python::Loop* loop = f->enclosingLoop(c.node);
      if (!loop || !f->underPeriodicGuard(c.node, loop->node)) continue;
      Location at = f->location(c.node);
      return RelatedLocation{at, "`" + std::string(c.callee.text()) + "()` runs only every few passes of its loop, at " +
                                     f->file().path() + ":" + std::to_string(at.start.line)};
    }
  return out;
}

bool feedsTraining(const python::ScriptModel& m, ts::Node call, const BatchSourceHints& hints) {
  std::vector<std::string> names = purposeNames(call);
  for (const auto& n : names)
    if (namesEvaluation(n)) return false;
  if (namesEvaluation(hints.data) || hints.ordered) return false;
  for (const auto& n : names)
    if (namesTraining(n)) return true;
  if (namesTraining(hints.data) || hints.shuffles) return true;
  return !names.empty() && consumedByTraining(m, names.front());
}

namespace {

// `self._eval(x, sigma)` inside a torch module's own method (a Gaussian
// mixture computing its density): a helper of the module's computation, not
// an evaluation pass; a LightningModule's hooks and trainers' methods are
// still judged by name.
bool moduleOwnHelper(const python::ScriptModel& m, const python::Call& c) {
  ts::Node receiver = python::syntax::unwrap(c.receiver);
  if (!receiver || receiver.text() != "self" || !c.function || !c.function->owner) return false;
  const python::ClassDef& cls = *c.function->owner;
  return !cls.is_lightning_module && m.derivesTorchModule(cls);
}

}  // namespace

bool isEvaluationCall(const python::ScriptModel& m, const python::Call& c) {
  if (c.receiver && c.receiver.text() != "self") {
    std::string_view recv = python::syntax::lastName(c.receiver);
    if ((c.method == "validate" || c.method == "evaluate") && python::syntax::containsWord(recv, {"trainer"}))
      return true;
    return c.method == "evaluate" && python::syntax::containsWord(recv, {"model"}) && importsKeras(m);
  }
  if (!evalFunctionName(c.method)) return false;
  // self.validate(): the class's own method or an inherited trainer method.
  if (c.receiver) return !moduleOwnHelper(m, c);
  // A bare name must be defined or imported here: `eval(...)` alone is Python's builtin.
  return m.calledFunction(c) || m.imports().count(c.method);
}

const python::Call* evalModeSwitch(const python::ScriptModel& m, const python::Loop& l) {
  const python::Call* mode = m.modeSwitchBefore(l.node);
  if (!mode || mode->method != "eval") return nullptr;
  const python::Loop* around = m.enclosingLoop(mode->node);
  if (around && !around->node.contains(l.node)) return nullptr;
  // A training step loop between the switch and this loop runs in training
  // mode whatever the switch said (a teacher's `dist_model.eval()` before
  // the epoch): a no_grad loop inside its steps is part of the step.
  for (const python::Loop* outer = m.enclosingLoop(l.node); outer && outer != around;
       outer = m.enclosingLoop(outer->node))
    if (outer->kind == python::LoopKind::Step) return nullptr;
  return mode;
}

bool isEvaluationPass(const python::ScriptModel& m, const python::Loop& l) {
  if (l.kind != python::LoopKind::Eval) return false;
  if (namesEvaluation(l.iterable.text())) return true;
  if (l.function && namesEvaluation(l.function->name)) return true;
  return evalModeSwitch(m, l) != nullptr;
}

bool usesImplicitGpuFramework(const python::ScriptModel& script) {
  for (const char* m : {"tensorflow", "keras", "tf_keras", "jax", "flax", "mxnet", "paddle", "fastai", "ultralytics",
                        "mmengine", "mmcv", "detectron2", "ignite", "composer", "catalyst", "cupy", "numba"})
    if (script.importsModule(m)) return true;
  return false;
}

namespace {

// A device argument that resolves to the CPU; anything else (a variable we
// cannot resolve, a dtype we do not tell apart) may name a GPU.
bool namesCpu(const python::ScriptModel& m, ts::Node arg) {
  python::ResolvedValue v = m.resolve(arg);
  return v.kind == python::ResolvedValue::Kind::String && v.string_value == "cpu";
}

// The device arguments of a file's calls (`device=`, `torch.device(x)`,
// `x.to(d)`, a Lightning `accelerator="cpu"`): how many name the CPU, and
// whether any may name a GPU.
struct DeviceArguments {
  int cpu = 0;
  bool may_name_gpu = false;
};

DeviceArguments deviceArguments(const python::ScriptModel& m) {
  DeviceArguments out;
  for (const python::Call& c : m.calls()) {
    ts::Node device = c.keyword("device");
    if (!device && (c.qualified == "torch.device" || (c.method == "to" && c.receiver)) && !c.positional.empty())
      device = c.positional.front();
    // Lightning's `Trainer(accelerator="cpu")`/`Fabric(accelerator="cpu")` names the CPU too.
    if (!device && c.keyword("accelerator") && namesCpu(m, c.keyword("accelerator"))) {
      ++out.cpu;
      continue;
    }
    if (device && !namesCpu(m, device)) out.may_name_gpu = true;
    if (!device && c.method == "to" && c.receiver && (c.has_star_args || c.has_star_kwargs)) out.may_name_gpu = true;
    if (out.may_name_gpu) break;
    if (device) ++out.cpu;
  }
  return out;
}

}  // namespace

bool runsOnCpuOnly(const python::ScriptModel& m) {
  // A torch_xla script that places nothing on CUDA itself runs on TPUs (a
  // framework there picks the XLA device): no GPU either.
  if (!m.usesCuda() && m.importsModuleUnconditionally("torch_xla")) return true;
  if (m.mayRunOnGpu() || usesImplicitGpuFramework(m)) return false;
  return !deviceArguments(m).may_name_gpu;
}

bool choosesCpuOnly(const python::ScriptModel& m) {
  if (m.mayRunOnGpu() || usesImplicitGpuFramework(m)) return false;
  DeviceArguments d = deviceArguments(m);
  return !d.may_name_gpu && d.cpu > 0;
}

std::string gpuFlagNote(const python::ScriptModel& m) {
  const std::string& flag = m.gpuFlag();
  return flag.empty() ? "" : " gpulint judges the script as it runs on the GPU node: when run with " + flag + ".";
}

}  // namespace gpulint::checks
