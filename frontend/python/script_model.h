#pragma once
// ScriptModel: what a Python training script does, built once per file from
// its tree-sitter tree. Checkers ask it questions ("is this call per step?",
// "what does this expression resolve to?") instead of walking the tree.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/options.h"
#include "frontend/python/resolved_value.h"
#include "frontend/source_file.h"
#include "frontend/ts/tree.h"

namespace gpulint::python {

struct ClassDef;

struct Function {
  std::string name;        // "evaluate"
  std::string qualified;   // "Model.training_step" for methods
  ts::Node node;           // function_definition
  ts::Node body;
  const ClassDef* owner = nullptr;
  std::vector<std::string> decorators;  // qualified decorator callees
  std::vector<std::string> parameters;
};

struct ClassDef {
  std::string name;
  ts::Node node;
  std::vector<std::string> bases;  // qualified
  bool is_dataclass = false;
  bool is_lightning_module = false;
  bool is_dataset = false;         // torch Dataset subclass (has __getitem__)
};

struct Call {
  ts::Node node;            // the call
  ts::Node callee;          // the function expression
  std::string qualified;    // "torch.utils.data.DataLoader"; "" when not a known import
  std::string method;       // last name of the callee: "item" in loss.item()
  ts::Node receiver;        // `loss` in loss.item(); null for plain calls
  std::vector<ts::Node> positional;
  std::vector<std::pair<std::string, ts::Node>> keywords;  // name -> value
  bool has_star_args = false;    // *args: positional arguments unknown
  bool has_star_kwargs = false;  // **kwargs: any keyword may be set
  const Function* function = nullptr;  // innermost enclosing function

  [[nodiscard]] ts::Node keyword(std::string_view name) const;
  // The argument bound to parameter `name` (keyword, else positional `index`).
  [[nodiscard]] ts::Node argument(std::string_view name, int index) const;
  // True when the argument may be set but we cannot see it (*args/**kwargs).
  [[nodiscard]] bool mayHideArgument(std::string_view name, int index) const;
};

enum class LoopKind { Other, Epoch, Step, Eval };
[[nodiscard]] const char* loopKindName(LoopKind kind);

struct Loop {
  ts::Node node;         // for_statement / while_statement
  LoopKind kind = LoopKind::Other;
  ts::Node iterable;     // for loops: the `in` expression
  ts::Node target;       // for loops: the loop variable(s)
  const Function* function = nullptr;
};

enum class BatchKind { Step, Eval };

// Why a node runs once per batch: the batch loop (or Lightning hook) it runs
// in, and the project call sites followed to get there (outermost first).
struct BatchContext {
  BatchKind kind = BatchKind::Step;
  ts::Node scope;                 // the loop, or the hook's function_definition
  const Loop* loop = nullptr;     // null for a Lightning hook body
  std::vector<ts::Node> via_calls;
  [[nodiscard]] std::string describe() const;  // "the training step loop", ...
};

struct ArgparseOption {
  std::string dest;
  std::vector<std::string> flags;  // "--num-workers", "-j"
  ts::Node call;                   // the add_argument call
  ResolvedValue default_value;     // argparse default (None when absent)
  std::string action;              // "store_true", ...
  std::string type;                // "int", "float", ...
};

class ScriptModel {
 public:
  ScriptModel(SourceFilePtr file, ts::Tree tree, RuleOptions options = {});
  ~ScriptModel();
  ScriptModel(const ScriptModel&) = delete;
  ScriptModel& operator=(const ScriptModel&) = delete;

  [[nodiscard]] const SourceFile& file() const { return *file_; }
  [[nodiscard]] const ts::Tree& tree() const { return tree_; }
  [[nodiscard]] ts::Node root() const { return tree_.root(); }
  [[nodiscard]] Location location(ts::Node n) const;
  [[nodiscard]] Location location(uint32_t begin, uint32_t end) const;
  [[nodiscard]] const RuleOptions& options() const { return options_; }

  [[nodiscard]] const std::vector<Call>& calls() const { return calls_; }
  [[nodiscard]] const std::vector<Loop>& loops() const { return loops_; }
  [[nodiscard]] const std::vector<std::unique_ptr<Function>>& functions() const { return functions_; }
  [[nodiscard]] const std::vector<std::unique_ptr<ClassDef>>& classes() const { return classes_; }
  [[nodiscard]] const std::vector<ArgparseOption>& argparseOptions() const { return argparse_; }

  // Imports: local name -> qualified name ("tud" -> "torch.utils.data").
  [[nodiscard]] const std::map<std::string, std::string>& imports() const { return imports_; }
  [[nodiscard]] bool importsModule(std::string_view prefix) const;
  // Dotted expression resolved through imports and aliases, "" when it does
  // not start from an import ("self.model", "loss.item").
  [[nodiscard]] std::string qualify(ts::Node expr) const;

  [[nodiscard]] const Call* callAt(ts::Node call_node) const;
  [[nodiscard]] const Function* functionNamed(std::string_view name) const;
  [[nodiscard]] const Function* enclosingFunction(ts::Node n) const;
  [[nodiscard]] const Loop* loopFor(ts::Node loop_node) const;
  [[nodiscard]] const Loop* enclosingLoop(ts::Node n) const;  // innermost loop around n, within its function
  // Calls in the file whose callee is the project function `f`.
  [[nodiscard]] std::vector<const Call*> callersOf(const Function& f) const;

  // --- per-step questions (RULES.md "Step loop", "Periodic guard") ---
  // Non-null when `n` runs on most steps of a batch loop: inside a step/eval
  // loop (or Lightning step hook), not under a periodic guard, directly or
  // through unguarded calls of project functions.
  [[nodiscard]] std::optional<BatchContext> perStep(ts::Node n) const;
  // The batch loop that n is inside (guarded or not), for rules that only
  // need placement.
  [[nodiscard]] std::optional<BatchContext> inBatchLoop(ts::Node n) const;
  // True when a condition (an if's condition node) is false on most steps.
  [[nodiscard]] bool isPeriodicCondition(ts::Node condition) const;
  // True when `n` sits under a periodic guard between itself and `scope`.
  [[nodiscard]] bool underPeriodicGuard(ts::Node n, ts::Node scope) const;
  // Where a call's function body is reached from: true if any caller chain
  // puts it in an eval context (function named eval/valid/test, no_grad...).
  [[nodiscard]] bool inEvalContext(ts::Node n) const;

  // --- values ---
  [[nodiscard]] ResolvedValue resolve(ts::Node expr) const;
  [[nodiscard]] const ArgparseOption* argparseOption(std::string_view dest) const;
  // Overrides of argparse defaults by a job's argv (filled by the project layer).
  void setOptionOverride(const std::string& dest, ResolvedValue value);

  // True when the script places tensors on a CUDA device (`.cuda()`,
  // `.to("cuda")`, `torch.device("cuda")`, Lightning, HF Trainer, accelerate).
  [[nodiscard]] bool usesCuda() const { return uses_cuda_; }

 private:
  friend class ModelBuilder;
  friend class ValueResolver;
  friend class LoopClassifier;
  SourceFilePtr file_;
  ts::Tree tree_;
  RuleOptions options_;
  std::map<std::string, std::string> imports_;
  std::vector<std::unique_ptr<Function>> functions_;
  std::vector<std::unique_ptr<ClassDef>> classes_;
  std::vector<Call> calls_;
  std::map<uint32_t, size_t> call_index_;   // call node begin/end key -> index
  std::vector<Loop> loops_;
  std::vector<ArgparseOption> argparse_;
  std::map<std::string, ResolvedValue> overrides_;
  bool uses_cuda_ = false;
};

// Parses and models one Python file. Never throws on bad syntax: tree-sitter
// recovers, and the model covers what parsed.
[[nodiscard]] std::unique_ptr<ScriptModel> buildScriptModel(SourceFilePtr file, const RuleOptions& options);

}  // namespace gpulint::python
