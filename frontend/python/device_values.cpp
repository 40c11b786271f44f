// Which values live on the GPU (RULES.md "Device tensors"): a small,
// flow-approximate analysis of names within one function. A value may live on
// the GPU when it comes from a model or loss call, a `.to(device)`/`.cuda()`
// copy, a torch/TF op on such values, or a batch that a framework has moved
// already (Lightning step hooks, HF Trainer inputs). A loader batch that was
// not moved is a host tensor. Host values and unknown ones both answer null:
// rules stay silent when in doubt.
#include <cctype>
#include <regex>
#include <map>
#include <set>
#include <unordered_map>

#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxDepth = 12;
constexpr int kBudget = 600;  // nodes visited per question; deep chains answer "unknown"

using syntax::oneOf;

// Tensor methods whose result lives where their receiver lives.
bool preservesDevice(std::string_view m) {
  return oneOf(m, {"detach", "float", "half", "double", "long", "int", "bool", "bfloat16", "mean", "sum", "max",
                   "min", "argmax", "argmin", "view", "view_as", "reshape", "squeeze", "unsqueeze", "flatten",
                   "clone", "contiguous", "abs", "sqrt", "exp", "log", "pow", "softmax", "log_softmax", "sigmoid",
                   "eq", "ne", "gt", "lt", "ge", "le", "mul", "add", "sub", "div", "norm", "std", "var", "t",
                   "transpose", "permute", "masked_fill", "type", "type_as", "clamp", "round", "topk", "sort",
                   "prod", "cumsum", "all", "any", "square", "neg", "logits", "split", "chunk", "gather",
                   "squeeze_", "nan_to_num", "expand", "expand_as", "repeat", "float16", "requires_grad_"});
}

// Attributes of a tensor that are host values.
bool hostAttribute(std::string_view a) {
  return oneOf(a, {"shape", "dtype", "device", "ndim", "is_cuda", "requires_grad", "grad_fn", "names", "layout",
                   "is_leaf", "is_sparse", "training"});
}

// Factory functions: on the host unless `device=` says otherwise.
bool isFactory(std::string_view last) {
  return oneOf(last, {"tensor", "as_tensor", "from_numpy", "zeros", "ones", "empty", "full", "rand", "randn",
                      "randint", "arange", "linspace", "eye", "randperm", "zeros_like", "ones_like", "empty_like",
                      "full_like", "rand_like", "randn_like"});
}

bool nameLooksLikeModule(std::string_view name) {
  static const std::regex re(
      R"(^(model|net|network|encoder|decoder|classifier|backbone|criterion|generator|discriminator|critic|actor|policy|teacher|student|unet|vae|transformer|loss_fn|loss_func|lossfn|loss_function|loss_fct|loss_module|lossfunc|net_g|net_d|netg|netd)$|model$|^model_|_net$|net$|criterion)",
      std::regex::icase);
  std::string s(name);
  if (s.starts_with("build_") || s.starts_with("get_") || s.starts_with("create_") || s.starts_with("make_") ||
      s.starts_with("load_"))
    return false;
  return std::regex_search(s, re);
}

struct Binding {
  ts::Node stmt;   // assignment, augmented_assignment, for_statement, named_expression
  ts::Node value;  // the bound expression (the whole right side when unpacked)
  uint32_t at = 0; // where the binding takes effect
  bool augmented = false;
};

using BindingMap = std::unordered_map<std::string, std::vector<Binding>>;

}  // namespace

// Every name's bindings per scope (module or function body), in document
// order: one walk per scope instead of one per use of a name.
struct DeviceBindingIndex {
  std::map<std::pair<uint32_t, uint32_t>, BindingMap> scopes;
};

class DeviceAnalysis {
 public:
  explicit DeviceAnalysis(const ScriptModel& m) : m_(m) {}

  ts::Node origin(ts::Node e, int depth) {
    if (!e || depth > kMaxDepth || ++visits_ > kBudget) return {};
    e = syntax::unwrap(e);
    std::string_view t = e.type();
    if (t == "identifier") return nameOrigin(e, depth);
    if (t == "attribute") {
      if (hostAttribute(e.field("attribute").text())) return {};
      ts::Node obj = syntax::unwrap(e.field("object"));
      if (obj.is("identifier") && obj.text() == "self") return {};  // object state: unknown
      return origin(obj, depth + 1);
    }
    if (t == "subscript") return origin(e.field("value"), depth + 1);
    if (t == "call") return callOrigin(e, depth);
    if (t == "binary_operator") {
      ts::Node l = syntax::unwrap(e.field("left")), r = syntax::unwrap(e.field("right"));
      if (l.is("string") || r.is("string")) return {};  // string formatting yields a host string
      if (ts::Node o = origin(l, depth + 1)) return o;
      return origin(r, depth + 1);
    }
    if (t == "unary_operator") return origin(e.field("argument"), depth + 1);
    if (t == "comparison_operator") {
      for (uint32_t i = 0; i < e.childCount(); ++i)
        if (!e.child(i).isNamed() && oneOf(e.child(i).type(), {"is", "in", "not", "is not", "not in"})) return {};
      return anyOf(e, depth);
    }
    if (t == "conditional_expression") {
      if (ts::Node o = origin(e.namedChild(0), depth + 1)) return o;
      return origin(e.namedChild(2), depth + 1);
    }
    if (t == "list" || t == "tuple" || t == "expression_list" || t == "set") return anyOf(e, depth);
    if (t == "dictionary") {
      for (ts::Node p : e.namedChildren())
        if (p.is("pair"))
          if (ts::Node o = origin(p.field("value"), depth + 1)) return o;
      return {};
    }
    if (t == "list_comprehension" || t == "set_comprehension" || t == "generator_expression" ||
        t == "dictionary_comprehension") {
      ts::Node body = e.field("body");
      if (body && body.is("pair")) body = body.field("value");
      return origin(body, depth + 1);
    }
    return {};
  }

  bool isModule(ts::Node e, int depth) {
    if (!e || depth > kMaxDepth || ++visits_ > kBudget) return false;
    e = syntax::unwrap(e);
    if (e.is("identifier")) {
      std::string_view name = e.text();
      if (name == "self") {
        ts::Node cls = syntax::ancestor(e, {"class_definition"});
        return cls && classIsModule(classAt(cls), 0);
      }
      if (!m_.qualify(e).empty() || classNamed(name) || m_.functionNamed(name)) return false;
      std::vector<Binding> all = bindingsFor(e, nullptr, nullptr);
      for (const Binding* b : reaching(all, e)) {
        ts::Node v = syntax::unwrap(b->value);
        bool unpacked = b->stmt.is("for_statement") || !directTarget(b->stmt, name);
        if (unpacked ? nameLooksLikeModule(name) : isModule(v, depth + 1)) return true;
        // `model = GPT(config)`, `net = build_model(cfg)` with the class or
        // builder imported from elsewhere: the name tells.
        const Call* c = !unpacked && v.is("call") ? m_.callAt(v) : nullptr;
        if (c && !c->qualified.empty() && !c->qualified.starts_with("torch.") && nameLooksLikeModule(name))
          return true;
      }
      return all.empty() && nameLooksLikeModule(name);
    }
    if (e.is("attribute")) {
      ts::Node obj = syntax::unwrap(e.field("object"));
      std::string_view attr = e.field("attribute").text();
      if (obj.is("identifier") && obj.text() == "self")
        if (ts::Node v = selfAssignment(e)) return isModule(v, depth + 1);
      if (nameLooksLikeModule(attr)) return true;
      // Submodules of a module (`ddp_model.module`, `model.head`); not its
      // methods (`model.state_dict`), and not `df.head`.
      return oneOf(attr, {"module", "head", "fc", "lm_head", "heads"}) && isModule(obj, depth + 1);
    }
    if (!e.is("call")) return false;
    const Call* c = m_.callAt(e);
    if (!c) return false;
    if (isModuleConstructor(c->qualified) || c->method == "from_pretrained") return true;
    if (c->receiver && oneOf(c->method, {"to", "cuda", "half", "float", "bfloat16", "double", "train", "eval"}))
      return isModule(c->receiver, depth + 1);
    if (c->callee.is("identifier"))
      if (const ClassDef* cls = classNamed(c->method)) return classIsModule(cls, 0);
    if (const Function* f = calledFunction(*c))
      for (ts::Node r : returnValues(*f))
        if (isModule(r, depth + 1)) return true;
    return false;
  }

 private:
  ts::Node anyOf(ts::Node e, int depth) {
    for (ts::Node c : e.namedChildren())
      if (ts::Node o = origin(c, depth + 1)) return o;
    return {};
  }

  static bool isModuleConstructor(const std::string& q) {
    auto upperAfter = [&](std::string_view prefix) {
      if (!q.starts_with(prefix)) return false;
      size_t dot = q.rfind('.');
      return dot + 1 < q.size() && std::isupper(static_cast<unsigned char>(q[dot + 1]));
    };
    if (upperAfter("torch.nn.") || upperAfter("tensorflow.keras.") || upperAfter("keras.") ||
        upperAfter("transformers.") || upperAfter("torchmetrics."))
      return true;
    return q.starts_with("torchvision.models.") || q == "timm.create_model" || q == "torch.compile" ||
           q == "torch.jit.script" || q.ends_with("DataParallel") || q.ends_with("FullyShardedDataParallel");
  }

  bool classIsModule(const ClassDef* cls, int depth) {
    if (!cls || depth > 3) return false;
    for (const auto& b : cls->bases) {
      if (b.ends_with("Module") || b.ends_with("Model") || b.ends_with("Layer")) return true;
      if (classIsModule(classNamed(b), depth + 1)) return true;
    }
    return false;
  }

  const ClassDef* classNamed(std::string_view name) const {
    for (const auto& c : m_.classes())
      if (c->name == name) return c.get();
    return nullptr;
  }
  const ClassDef* classAt(ts::Node node) const {
    for (const auto& c : m_.classes())
      if (c->node == node) return c.get();
    return nullptr;
  }
  const Function* functionAt(ts::Node def) const {
    for (const auto& f : m_.functions())
      if (f->node == def) return f.get();
    return nullptr;
  }

  const Function* calledFunction(const Call& c) const {
    const Function* f = m_.calledFunction(c);
    return f && (f->owner == nullptr || !c.callee.is("identifier")) ? f : nullptr;
  }

  ts::Node callOrigin(ts::Node n, int depth) {
    const Call* c = m_.callAt(n);
    if (!c) return {};
    const std::string& m = c->method;
    if (c->receiver) {
      if (oneOf(m, {"item", "tolist", "numpy", "cpu"})) return {};
      if (m == "cuda") return isModule(c->receiver, depth + 1) ? ts::Node() : n;
      if (m == "to") return toOrigin(*c, depth);
      if (preservesDevice(m) && !isModule(c->receiver, depth + 1))
        if (ts::Node o = origin(c->receiver, depth + 1)) return o;
      // A module's outputs and its parameters (clip_grad_norm_(model.parameters()) returns a device tensor).
      if (oneOf(m, {"forward", "generate", "parameters"}) && isModule(c->receiver, depth + 1)) return n;
      if (oneOf(m, {"gather", "gather_for_metrics", "all_gather", "reduce", "pad_across_processes"}) &&
          !c->positional.empty() && c->qualified.empty())
        return origin(c->positional[0], depth + 1);
    }
    const std::string& q = c->qualified;
    if (q.starts_with("torch.") || q.starts_with("tensorflow.")) {
      if (isModuleConstructor(q)) return {};
      if (isFactory(m)) {
        if (ts::Node dev = c->keyword("device")) return deviceKind(dev) > 0 ? n : ts::Node();
        if (m.ends_with("_like") && !c->positional.empty()) return origin(c->positional[0], depth + 1);
        return {};
      }
      return anyArgument(*c, depth);
    }
    if (!q.empty()) return {};  // another library's function: unknown
    if (const Function* f = calledFunction(*c)) return returnOrigin(*f, depth);
    if (c->callee.is("identifier")) {
      if (classNamed(m) || m_.functionNamed(m)) return {};  // constructs an object
      if (oneOf(m, {"tuple", "list", "sum", "abs", "min", "max", "sorted", "reversed"})) return anyArgument(*c, depth);
    }
    if (isModule(c->callee, depth + 1)) return n;
    return {};
  }

  ts::Node anyArgument(const Call& c, int depth) {
    for (ts::Node a : c.positional)
      if (ts::Node o = origin(a, depth + 1)) return o;
    for (const auto& [k, v] : c.keywords)
      if (k != "device" && k != "dtype")
        if (ts::Node o = origin(v, depth + 1)) return o;
    return {};
  }

  // x.to(device), x.to("cuda"), x.to(torch.float16) (a dtype keeps x's place).
  ts::Node toOrigin(const Call& c, int depth) {
    if (isModule(c.receiver, depth + 1)) return {};
    ts::Node dev = c.keyword("device");
    if (!dev && !c.positional.empty()) dev = c.positional[0];
    if (!dev) return origin(c.receiver, depth + 1);
    std::string q = m_.qualify(dev);
    if (q.starts_with("torch.") && q != "torch.device") return origin(c.receiver, depth + 1);  // a dtype
    return deviceKind(dev) > 0 ? c.node : ts::Node();
  }

  // 1: a CUDA device (or one the script may set to CUDA); -1: the host or
  // another device.
  int deviceKind(ts::Node dev) {
    dev = syntax::unwrap(dev);
    std::string s;
    if (dev.is("call") && m_.qualify(dev.field("function")) == "torch.device") {
      const Call* c = m_.callAt(dev);
      if (c && !c->positional.empty()) return deviceKind(c->positional[0]);
    }
    if (!syntax::stringLiteral(dev, &s)) {
      ResolvedValue v = m_.resolve(dev);
      if (v.kind == ResolvedValue::Kind::String) s = v.string_value;
      else if (v.kind == ResolvedValue::Kind::Int) return m_.usesCuda() ? 1 : -1;  // x.to(0): cuda:0
      else if (v.known()) return -1;
    }
    if (!s.empty()) return s.starts_with("cuda") ? 1 : -1;
    if (syntax::containsWord(dev.text(), {"cpu"})) return -1;
    return m_.usesCuda() ? 1 : -1;
  }

  ts::Node returnOrigin(const Function& f, int depth) {
    if (!active_.insert(f.node.begin()).second) return {};
    ts::Node found;
    for (ts::Node r : returnValues(f))
      if ((found = origin(r, depth + 1))) break;
    active_.erase(f.node.begin());
    return found;
  }

  static std::vector<ts::Node> returnValues(const Function& f) {
    std::vector<ts::Node> out;
    walk(f.body, [&](ts::Node n) {
      if (n.is("return_statement") && n.namedChildCount() > 0) out.push_back(n.namedChild(0));
    });
    return out;
  }

  // Visits the named nodes under `scope` (with `flat`, without entering
  // nested functions and classes). A tree cursor keeps this linear.
  template <typename F>
  static void walk(ts::Node scope, F&& f, bool flat = true) {
    TSTreeCursor cur = ts_tree_cursor_new(scope.raw());
    bool more = ts_tree_cursor_goto_first_child(&cur);
    while (more) {
      ts::Node n(ts_tree_cursor_current_node(&cur), scope.source());
      bool nested = flat && (n.is("function_definition") || n.is("class_definition") || n.is("lambda") ||
                             n.is("decorated_definition"));
      if (n.isNamed() && !nested) f(n);
      if (!nested && ts_tree_cursor_goto_first_child(&cur)) continue;
      while (!(more = ts_tree_cursor_goto_next_sibling(&cur)))
        if (!ts_tree_cursor_goto_parent(&cur)) break;
    }
    ts_tree_cursor_delete(&cur);
  }

  // --- names ---

  ts::Node nameOrigin(ts::Node id, int depth) {
    std::string_view name = id.text();
    // A comprehension variable: an element of what it iterates.
    for (ts::Node p : id.ancestors()) {
      if (syntax::isScope(p)) break;
      if (p.is("list_comprehension") || p.is("set_comprehension") || p.is("generator_expression") ||
          p.is("dictionary_comprehension"))
        for (ts::Node clause : p.namedChildren())
          if (clause.is("for_in_clause") && containsName(clause.field("left"), name))
            return origin(clause.field("right"), depth + 1);
    }
    const Function* fn = nullptr;
    ts::Node param;
    std::vector<Binding> all = bindingsFor(id, &fn, &param);
    bool bound_before = false;
    for (const Binding* b : reaching(all, id)) {
      bound_before = bound_before || b->at <= id.begin();
      if (ts::Node o = bindingOrigin(*b, all, id, depth)) return o;
    }
    if (bound_before || !fn || !param) return {};
    return parameterOrigin(*fn, name, param, depth);
  }

  ts::Node bindingOrigin(const Binding& b, const std::vector<Binding>& all, ts::Node id, int depth) {
    if (!active_.insert(b.value.begin()).second) return {};
    ts::Node o = origin(b.value, depth + 1);
    if (!o && b.augmented)  // x += y keeps what x was before
      for (const Binding* prev : reaching(all, id, b.stmt.begin()))
        if ((o = bindingOrigin(*prev, all, id, depth + 1))) break;
    active_.erase(b.value.begin());
    return o;
  }

  ts::Node parameterOrigin(const Function& f, std::string_view name, ts::Node param, int depth) {
    size_t index = 0;
    while (index < f.parameters.size() && f.parameters[index] != name) ++index;
    size_t first = f.owner && !f.parameters.empty() && f.parameters[0] == "self" ? 1 : 0;
    if (f.owner) {
      // Lightning moves the batch to the GPU before its step hooks run; the HF
      // Trainer does the same for `inputs`.
      if (f.owner->is_lightning_module && index == first &&
          oneOf(f.name, {"training_step", "validation_step", "test_step", "predict_step"}))
        return param;
      for (const auto& b : f.owner->bases)
        if (b.ends_with("Trainer") && name == "inputs" &&
            oneOf(f.name, {"training_step", "compute_loss", "prediction_step"}))
          return param;
    }
    // Otherwise a parameter holds whatever any caller in this file passes.
    uint32_t key = f.node.field("parameters").begin();
    if (!active_.insert(key).second) return {};
    ts::Node found;
    for (const Call* c : m_.callersOf(f)) {
      ts::Node arg = c->argument(name, static_cast<int>(index) - static_cast<int>(first));
      if (arg && (found = origin(arg, depth + 1))) break;
    }
    active_.erase(key);
    return found;
  }

  static bool containsName(ts::Node n, std::string_view name) {
    if (!n) return false;
    if (n.is("identifier")) return n.text() == name;
    for (ts::Node c : n.namedChildren())
      if (containsName(c, name)) return true;
    return false;
  }

  // True when `name` is the whole left side of the assignment (not unpacked).
  static bool directTarget(ts::Node stmt, std::string_view name) {
    ts::Node left = stmt.field("left");
    if (!left && stmt.is("named_expression")) left = stmt.field("name");
    return left && left.is("identifier") && left.text() == name;
  }

  // Binds the names of `left = right`, pairing tuple elements when both sides
  // have the same shape.
  static void bindTarget(ts::Node stmt, ts::Node left, ts::Node right, BindingMap& out) {
    left = syntax::unwrap(left);
    if (left.is("identifier")) {
      out[std::string(left.text())].push_back({stmt, right, stmt.end(), false});
      return;
    }
    if (left.is("list_splat_pattern")) return bindTarget(stmt, left.namedChild(0), right, out);
    if (!(left.is("pattern_list") || left.is("tuple_pattern") || left.is("list_pattern") || left.is("tuple") ||
          left.is("list")))
      return;
    std::vector<ts::Node> targets, values;
    for (ts::Node t : left.namedChildren())
      if (!t.is("comment")) targets.push_back(t);
    ts::Node r = syntax::unwrap(right);
    if (r.is("expression_list") || r.is("tuple") || r.is("list"))
      for (ts::Node v : r.namedChildren())
        if (!v.is("comment")) values.push_back(v);
    for (size_t i = 0; i < targets.size(); ++i)
      bindTarget(stmt, targets[i], values.size() == targets.size() ? values[i] : right, out);
  }

  // Every identifier under n (n included), each name once.
  static void namesIn(ts::Node n, std::set<std::string_view>& out) {
    if (!n) return;
    if (n.is("identifier")) out.insert(n.text());
    for (ts::Node c : n.namedChildren()) namesIn(c, out);
  }

  // The bindings of id's name in its scope: the innermost function that binds
  // it (as a parameter or by assignment), else the module.
  std::vector<Binding> bindingsFor(ts::Node id, const Function** fn, ts::Node* param) {
    std::string_view name = id.text();
    std::vector<Binding> out;
    ts::Node scope;
    for (ts::Node def = syntax::ancestor(id, {"function_definition"}); def;
         def = syntax::ancestor(def, {"function_definition"})) {
      const Function* f = functionAt(def);
      out = scopeBindings(def.field("body"), name);
      bool is_param = false;
      if (f)
        for (const auto& p : f->parameters) is_param = is_param || p == name;
      if (is_param || !out.empty()) {
        if (fn) *fn = f;
        if (param && is_param)
          for (ts::Node p : def.field("parameters").namedChildren()) {
            ts::Node n = p.is("identifier") ? p : p.field("name");
            if (!n && p.namedChildCount() > 0) n = p.namedChild(0);
            if (n && n.text() == name) *param = n;
          }
        return out;
      }
    }
    return scopeBindings(m_.root(), name);
  }

  const std::vector<Binding>& scopeBindings(ts::Node scope, std::string_view name) {
    static const std::vector<Binding> kNone;
    if (!m_.device_bindings_) m_.device_bindings_ = std::make_shared<DeviceBindingIndex>();
    auto key = std::make_pair(scope.begin(), scope.end());
    auto& scopes = m_.device_bindings_->scopes;
    auto it = scopes.find(key);
    if (it == scopes.end()) {
      it = scopes.emplace(key, BindingMap{}).first;
      collect(scope, it->second);
    }
    auto found = it->second.find(std::string(name));
    return found == it->second.end() ? kNone : found->second;
  }

  static void collect(ts::Node scope, BindingMap& out) {
    walk(scope, [&](ts::Node n) {
      if (n.is("assignment")) {
        ts::Node right = n.field("right");
        while (right && right.is("assignment")) right = right.field("right");  // a = b = value
        if (right) bindTarget(n, n.field("left"), right, out);
      } else if (n.is("augmented_assignment")) {
        ts::Node left = n.field("left");
        if (left.is("identifier")) out[std::string(left.text())].push_back({n, n.field("right"), n.end(), true});
      } else if (n.is("for_statement")) {
        std::set<std::string_view> names;
        namesIn(n.field("left"), names);
        for (std::string_view name : names)
          out[std::string(name)].push_back({n, n.field("right"), n.field("right").end(), false});
      } else if (n.is("named_expression")) {
        if (ts::Node name = n.field("name")) out[std::string(name.text())].push_back({n, n.field("value"), n.end(), false});
      }
    });
  }

  // The bindings that may reach `use` (before position `before`, default the
  // use): the last one written before it; with back edges of the innermost
  // loop around the use when that binding is outside the loop.
  std::vector<const Binding*> reaching(const std::vector<Binding>& all, ts::Node use, uint32_t before = UINT32_MAX) {
    std::vector<const Binding*> out;
    uint32_t pos = std::min(before, use.begin());
    // A use inside a nested function runs later: every binding reaches it.
    ts::Node use_fn = syntax::ancestor(use, {"function_definition"});
    bool nested = !all.empty() && !(syntax::ancestor(all.front().stmt, {"function_definition"}) == use_fn);
    const Binding* last = nullptr;
    for (const Binding& b : all)
      if (!nested && b.at <= pos && (!last || b.at > last->at)) last = &b;
    if (last) out.push_back(last);
    if (nested) {
      for (const Binding& b : all) out.push_back(&b);
      return out;
    }
    // The innermost loop that runs `use` again (a for loop's iterable is
    // evaluated once, a while condition on every turn).
    ts::Node loop;
    for (ts::Node p : use.ancestors()) {
      if (syntax::isScope(p)) break;
      if ((p.is("while_statement") || (p.is("for_statement") && p.field("body").contains(use)))) {
        loop = p;
        break;
      }
    }
    if (loop && !(last && loop.contains(last->stmt)))
      for (const Binding& b : all)
        if (b.at > pos && loop.contains(b.stmt)) out.push_back(&b);
    return out;
  }

  ts::Node selfAssignment(ts::Node attr) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return {};
    ts::Node found;
    int count = 0;
    walk(
        cls,
        [&](ts::Node n) {
          if (n.is("assignment") && n.field("left").text() == attr.text()) {
            found = n.field("right");
            ++count;
          }
        },
        false);
    return count == 1 ? found : ts::Node();
  }

  const ScriptModel& m_;
  int visits_ = 0;
  std::set<uint32_t> active_;  // bindings and functions being evaluated (cycles answer "unknown")
};

ts::Node ScriptModel::deviceOrigin(ts::Node expr) const {
  // A script that never uses a GPU has no device values (TF/Keras place
  // tensors on the GPU implicitly).
  if (!usesCuda() && !importsModule("tensorflow") && !importsModule("keras")) return {};
  return DeviceAnalysis(*this).origin(expr, 0);
}

bool ScriptModel::isModuleExpression(ts::Node expr) const { return DeviceAnalysis(*this).isModule(expr, 0); }

}  // namespace gpulint::python
