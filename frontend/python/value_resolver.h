#pragma once
// ValueResolver's declaration, private to the front end's value files:
// values.cpp (literals, arithmetic, names, calls, assignments) and
// member_reads.cpp (what `object.key` holds: config objects, dicts,
// namespaces, members set after an object is made).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/python/resolved_value.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

class ValueResolver {
 public:
  explicit ValueResolver(const ScriptModel& m) : m_(m) {}

  ResolvedValue resolve(ts::Node n, int depth);

  ResolvedValue memberOf(ts::Node object, const std::string& key) { return member(object, key, object, 0); }

  // The expression that defines `object.key` (a dict value, a keyword, a
  // dataclass field default); null when unknown. argparse namespaces are not
  // expressions and are handled in member().
  ts::Node memberExpr(ts::Node object, const std::string& key, int depth);

 private:
  static constexpr int kMaxDepth = 12;

  static ResolvedValue parseInt(std::string_view text);
  static ResolvedValue parseFloat(std::string_view text);

  ResolvedValue negate(ts::Node n, int depth);

  ResolvedValue arithmetic(ts::Node n, int depth);

  // Python's int operators: `/` is true division, `//` floors.
  static ResolvedValue intArithmetic(int64_t a, std::string_view op, int64_t b);

  // `batch_size = 64 / devices`, then `batch_size // micro_batch_size`: a
  // float on either side makes a float, as in Python.
  static ResolvedValue floatArithmetic(const ResolvedValue& a, std::string_view op, const ResolvedValue& b);

  ResolvedValue resolveCall(ts::Node n, int depth);

  // env_values.cpp: `os.getenv("PIN_MEMORY", "true")` / `os.environ.get(...)`
  // with a literal default, as an argparse default: the value the job gets
  // unless its environment sets the variable. Without a default: unknown.
  ResolvedValue environmentDefault(const Call& c, int depth);
  // That read under `str(...)`, `.lower()`, `.strip()`; unknown for anything else.
  ResolvedValue environmentSwitch(ts::Node operand, int depth);
  // `read == "true"`, `read != "0"` of such a read: the switch's value.
  // Other comparisons stay unknown here (the guards judge them).
  ResolvedValue comparison(ts::Node n, int depth);

  ResolvedValue resolveName(ts::Node id, int depth);

  // `from settings import DEVICE`: the constant the other project file assigns.
  ResolvedValue importedConstant(ts::Node id);

  // `n_worker` in `for ds, n_worker in zip(datasets, num_workers):`, bound
  // there alone: the value every element of the paired sequence has, a list
  // literal or a parameter every caller passes one for
  // (`create_loader(..., num_workers=[4, 4, 4])`).
  ResolvedValue zipElement(ts::Node id);

  // A parameter never rebound in its function: what its call sites give it.
  ResolvedValue parameterOf(ts::Node id);

  ResolvedValue member(ts::Node object, const std::string& key, ts::Node use, int depth);

  // `self.hparams.num_workers` in a Lightning module or data module whose
  // __init__ calls `self.save_hyperparameters()`: that __init__ parameter,
  // as its constructions pass it (member_reads.cpp).
  ResolvedValue savedHyperparameter(ts::Node object, const std::string& key);

  // The value of `name.key` at `use` set by an assignment `name.key = v` of
  // the name's scope: the last one before the use, when it runs whenever the
  // scope does (no branch or loop around it) and nothing assigns it again
  // in a loop around the use. Unknown (set, not nullopt) when some store
  // may or may not have run; nullopt when the scope stores no such member.
  std::optional<ResolvedValue> storedAfterMade(ts::Node object, const std::string& key, ts::Node use, int depth);

  // The attribute or other name a local name was bound to, once.
  ts::Node aliasOf(ts::Node object, int depth);

  // `model, config = self.model, self.config`: the element `id` takes, when
  // that one unpacking is the only binding that reaches it.
  ts::Node unpackedElement(ts::Node id);

  // The assignments `target = ...` / `target += ...` among the statements
  // of `scope`, nested blocks included: a walk of statements only (an
  // expression holds no assignment statement), in source order.
  static std::vector<ts::Node> memberStores(ts::Node scope, std::string_view target);

  // The function body (or module) a name lives in at `id`.
  ts::Node nameScope(ts::Node id);

  // `cfg = Trainer.get_default_config()` where the project function builds
  // the object and returns it (`C = CfgNode(); C.num_workers = 4; return
  // C`): the member as the function leaves it, when every return agrees.
  std::optional<ResolvedValue> factoryMember(ts::Node object, const std::string& key, int depth);

  // `self.alpha_mse` in a method, where the class assigns `self.alpha_mse`
  // once (`self.alpha_mse = params.alpha_mse` in __init__): the value of that
  // expression, resolved where it is written (the parameter follows the
  // class's constructions). Assigned twice, updated in place (`+=`) or not at
  // all in this class: unknown.
  ResolvedValue selfMember(ts::Node self, const std::string& key, int depth);
  ResolvedValue dataclassField(ts::Node cls, const std::string& key);

  // `ArgumentParser("Submitit", parents=[trainer.get_args_parser()])`: an
  // option this file does not define comes from a parent parser, which a
  // project function of another file builds (a submitit wrapper around a
  // training script); unknown when no parent of another file defines it.
  ResolvedValue parentParserOption(ts::Node ns, const std::string& key);

  // The value of the expression that defines a member, with where it is
  // written as the head of its chain; the expression may lie in another file
  // (a project class's default, a caller's keyword).
  ResolvedValue described(ts::Node expr, const std::string& key, int depth);

  // `args.log_interval` where `args` is a parameter: the member of what
  // every caller passes (in any file), when they all agree.
  ResolvedValue passedMember(ts::Node object, const std::string& key, int depth);

  // `self.args.epochs` where __init__ stored its parameter (`self.args =
  // args`): the member of what every construction of the class (or of a
  // subclass that keeps its __init__) passes there, in any file, when they
  // all agree. One construction passing something unknown makes it unknown.
  // `self.args = kwargs['args']` of a `**kwargs` __init__ reads the keyword
  // each construction passes (`SimCLR(model=model, args=args)`).
  ResolvedValue storedMember(ts::Node attr, const std::string& key);

  // `name` is f's `**name` catch-all.
  static bool catchesKeywords(const Function& f, std::string_view name);

  // `cfg.get("key", default)`: the dict's value for the key, else the
  // default when the dict is a literal this file builds and never changes.
  ResolvedValue dictGet(const Call& c, int depth);

  // Is `object` the namespace returned by parser.parse_args()?
  bool isArgparseNamespace(ts::Node object, int depth);

  bool parsedByLastBinding(ts::Node id);

  // `return parser.parse_args()`, or `opt = parser.parse_args()` ... `return opt`.
  bool returnsParseArgs(const Function& f);

  static bool isParameter(const Function& f, std::string_view name);

  // The argument a call passes for parameter `name` of `f`.
  static ts::Node argumentFor(const Function& f, const Call& c, std::string_view name);

  // The expression an identifier or self.attribute was assigned from, when
  // it is assigned exactly once in its scope.
  ts::Node definition(ts::Node n, int depth);

  // `model, config = self.model, self.config`: the element of the right side
  // that `name` takes; the whole right side for a plain `name = ...`; null
  // when the two sides do not pair up.
  static ts::Node elementFor(ts::Node assignment, std::string_view name, ts::Node value);

  ts::Node selfAssignment(ts::Node attr);

  // Finds the single assignment of the name `id` in its scope (the enclosing
  // function if the name is local there, else the module). Returns null when
  // the name is a parameter, a loop target, or assigned more than once.
  ts::Node singleAssignment(ts::Node id, ts::Node* value);


  // `name = name.to(device)` (or .cuda(), .eval(), ...): a module's
  // placement and mode methods hand back the object itself.
  bool placesItself(ts::Node assignment, std::string_view name);
  static bool selfReturning(std::string_view method);

  const ClassDef* classNamed(const std::string& name);

  const ScriptModel& m_;
};

}  // namespace gpulint::python
