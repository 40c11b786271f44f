#pragma once
// Internal to the Python front end: the device-tensor analysis behind
// ScriptModel::deviceOrigin and isModuleExpression (RULES.md "Device
// tensors"). One class, one question at a time, in five files:
// device_values.cpp (where a value comes from), device_names.cpp (where a
// name or parameter gets it), device_attributes.cpp (what
// object state holds), device_modules.cpp (is this a model or loss module)
// and device_bindings.cpp (which bindings of a name reach a use).
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// The one named object a question is about (`top.avg` asks of the object
// `top` names): a method's parameter then holds what the calls on that same
// name pass (`top.update(acc)`), not what every object of the class gets.
struct AskedInstance {
  const ScriptModel* model = nullptr;  // the file naming the object
  ts::Node receiver;                   // `top`, `self.meter`
  std::vector<const ClassDef*> classes;  // its class and the project bases
};

// While object state is asked (`self.x`, `obj.x`): a parameter of a method
// other than __init__ then holds what some object of the class was given
// (`meter.update(val)` for every meter), not what this object holds, so it
// is unknown there (`data_time.avg` is no GPU tensor because `top1.update`
// gets one), unless the question names the object (AskedInstance). Per
// thread: questions cross files through other analyses.
class ObjectStateQuestion {
 public:
  ObjectStateQuestion() { ++depth(); }
  explicit ObjectStateQuestion(AskedInstance asked) : ObjectStateQuestion() {
    instances().push_back(std::move(asked));
    named_ = true;
  }
  ~ObjectStateQuestion() {
    --depth();
    if (named_) instances().pop_back();
  }
  ObjectStateQuestion(const ObjectStateQuestion&) = delete;
  ObjectStateQuestion& operator=(const ObjectStateQuestion&) = delete;
  [[nodiscard]] static bool open() { return depth() > 0; }
  // The innermost named object; `self.x` asked inside its methods keeps it.
  [[nodiscard]] static const AskedInstance* instance() { return instances().empty() ? nullptr : &instances().back(); }

 private:
  bool named_ = false;
  static int& depth() {
    thread_local int d = 0;
    return d;
  }
  static std::vector<AskedInstance>& instances() {
    thread_local std::vector<AskedInstance> v;
    return v;
  }
};

class DeviceAnalysis {
 public:
  struct Binding {
    ts::Node stmt;   // assignment, augmented_assignment, for_statement, named_expression
    ts::Node value;  // the bound expression (the whole right side when unpacked)
    uint32_t at = 0; // where the binding takes effect
    bool augmented = false;
    // `a, b = f()`: the target's position among `arity` targets, so that a
    // helper returning `x, y` gives `b` what it returns second; -1 otherwise.
    int element = -1;
    int arity = 0;
  };
  using BindingMap = std::unordered_map<std::string, std::vector<Binding>>;
  // A container filled item by item (`losses["d"] = d_loss`, `outs.append(y)`).
  struct ItemStore {
    ts::Node key;    // the subscript (null for append)
    ts::Node value;  // what is stored
  };
  // One scope's bindings and item stores by name.
  struct ScopeIndex {
    BindingMap bindings;
    std::unordered_map<std::string, std::vector<ItemStore>> stores;
  };

  explicit DeviceAnalysis(const ScriptModel& m) : m_(m) {}

  // The expression that puts `e` on the GPU; null for host or unknown values.
  ts::Node origin(ts::Node e, int depth);
  // True when `e` names a model or loss module.
  bool isModule(ts::Node e, int depth);
  // 1: a CUDA device (or one the script may set to CUDA); -1: the host or
  // another device.
  int deviceKind(ts::Node dev);
  // Every value `module` may hold is placed on the host by a `.to(dev)` whose
  // device is the CPU (`nn.CrossEntropyLoss().to(loss_device)` with
  // `loss_device = torch.device("cpu")`) or by `.cpu()`.
  bool placedOnHost(ts::Node module);
  // For a name or attribute every source of which writes a device in the
  // code (`self.loss_device` stored from a constructor parameter every caller
  // passes `torch.device("cpu")`): 1 when one of them is CUDA, -1 when all
  // are the host; 0 otherwise (an option, a computed device, no source).
  int writtenDeviceKind(ts::Node dev);

 private:
  // Set while `kwargs["key"]` asks its `**kwargs` parameter: the keyword it reads.
  std::optional<std::string> catch_all_key_;
  // A loss re-bound through a gather and a sum still reaches the model, and a
  // top-k accuracy helper (topk, t, eq, reshape, sum, mul_, a list, a tuple
  // target) still reaches the output it scores; the visit budget bounds the work.
  static constexpr int kMaxDepth = 32;
  static constexpr int kBudget = 600;  // nodes visited per question; deep chains answer "unknown"

  // --- origins (device_values.cpp; of names and parameters: device_names.cpp) ---
  ts::Node anyOf(ts::Node e, int depth);
  ts::Node torchmetricsOnGpu(ts::Node e) const;
  ts::Node callOrigin(ts::Node n, int depth);
  ts::Node anyArgument(const Call& c, int depth);
  // `c` calls a module whose forward is `f` (device_values.cpp).
  bool calledModule(const Call& c, const Function& f, int depth);
  ts::Node toOrigin(const Call& c, int depth);
  ts::Node candidateMethodsOrigin(const Call& c);
  ts::Node placedOn(ts::Node dev, ts::Node made);
  ts::Node returnOrigin(const Function& f, int depth);
  ts::Node elementOrigin(const Binding& b, int depth);
  ts::Node nameOrigin(ts::Node id, int depth);
  bool backpropagatedIn(ts::Node id);
  bool backpropagates(const Function* f, std::string_view name, int depth);
  ts::Node bindingOrigin(const Binding& b, const std::vector<Binding>& all, ts::Node id, int depth);
  ts::Node parameterOrigin(const Function& f, std::string_view name, ts::Node param, int depth);
  ts::Node instanceArgumentOrigin(const Function& f, std::string_view name, int position, bool catch_all,
                                  const std::optional<std::string>& keyword, int depth);
  ts::Node itemStoreOrigin(ts::Node use, std::string_view name, ts::Node key, int depth);

  // --- object state (device_attributes.cpp) ---
  ts::Node selfAttributeOrigin(ts::Node attr, int depth);
  ts::Node instanceAttributeOrigin(ts::Node obj, std::string_view attr);
  ts::Node propertyOrigin(const std::vector<std::pair<const ScriptModel*, const ClassDef*>>& owners,
                          std::string_view attr);
  ts::Node bufferOrigin(const ClassDef& cls, std::string_view name);

  // --- modules and project definitions (device_modules.cpp) ---
  static bool isModuleConstructor(const std::string& q);
  bool projectSubmodule(ts::Node obj, std::string_view attr, int depth);
  bool parameterIsModule(const Function& f, std::string_view name, int depth);
  bool classIsModule(const ClassDef* cls, int depth);
  const ClassDef* classNamed(std::string_view name) const;
  const ClassDef* classAt(ts::Node node) const;
  const Function* functionAt(ts::Node def) const;
  const Function* calledFunction(const Call& c) const;
  static std::vector<ts::Node> returnValues(const Function& f);
  ts::Node selfAssignment(ts::Node attr);

  // --- names (device_bindings.cpp) ---
  static bool directTarget(ts::Node stmt, std::string_view name);
  static void bindTarget(ts::Node stmt, ts::Node left, ts::Node right, BindingMap& out);
  static ts::Node dictKeyTarget(ts::Node for_stmt);
  static bool bindZipTargets(ts::Node for_stmt, BindingMap& out);
  // `iterable` (a for loop's) iterates a dict's keys (device_bindings.cpp).
  bool iteratesKeys(ts::Node iterable) const;
  static bool bindEnumerateTargets(ts::Node for_stmt, BindingMap& out);
  ts::Node preparedBatches(ts::Node iterable);
  static void namesIn(ts::Node n, std::set<std::string_view>& out);
  std::vector<Binding> bindingsFor(ts::Node id, const Function** fn, ts::Node* param);
  const ScopeIndex& scopeIndex(ts::Node scope);
  const std::vector<Binding>& scopeBindings(ts::Node scope, std::string_view name);
  const std::vector<ItemStore>& itemStores(ts::Node use, std::string_view name);
  static bool rewritesEveryItem(std::string_view name, const ItemStore& store);
  static void collect(ts::Node scope, ScopeIndex& out);
  std::vector<const Binding*> reaching(const std::vector<Binding>& all, ts::Node use, uint32_t before = UINT32_MAX);
  void addOtherBranches(const std::vector<Binding>& all, ts::Node use, uint32_t pos, const Binding* last,
                        const std::function<bool(const Binding&)>& cpuOnly, std::vector<const Binding*>& out);

  // Visits the named nodes under `scope` (with `flat`, without entering
  // nested functions and classes), in preorder: one pass over the subtree's
  // entries, skipping a nested definition's entries at once.
  template <typename F>
  static void walk(ts::Node scope, F&& f, bool flat = true) {
    for (uint32_t i = scope.preorder() + 1, stop = scope.subtreeEnd(); i < stop;) {
      ts::Node n = scope.preorderAt(i);
      bool nested = flat && (n.is("function_definition") || n.is("class_definition") || n.is("lambda") ||
                             n.is("decorated_definition"));
      if (nested) {
        i = n.subtreeEnd();
        continue;
      }
      if (n.isNamed()) f(n);
      ++i;
    }
  }

  const ScriptModel& m_;
  int visits_ = 0;
  std::set<uint32_t> active_;
  std::set<const Function*> module_parameters_;  // parameters being judged as modules (cycles answer "no")  // bindings and functions being evaluated (cycles answer "unknown")
};

// `f` (of `owner`) returns a Python number on every path: a literal, an
// `.item()`, a name only ever set or incremented with those (`total = 0.0`
// then `total += part.item()`). Calling it, even as a module's forward,
// hands back no tensor (host_scalar_returns.cpp).
[[nodiscard]] bool returnsHostScalars(const ScriptModel& owner, const Function& f);
// Calling `module` (an instance of project classes) runs a forward that
// returns only host numbers, for every class it may hold (a forward behind
// a project decorator the call does not bind through).
[[nodiscard]] bool forwardReturnsHostScalars(const ScriptModel& m, ts::Node module);

}  // namespace gpulint::python
