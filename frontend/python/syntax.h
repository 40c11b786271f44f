#pragma once
// Small helpers over tree-sitter-python nodes shared by the model builders.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/ts/node.h"

namespace gpulint::python::syntax {

// Strips parentheses: ((x)) -> x.
[[nodiscard]] ts::Node unwrap(ts::Node n);
// The Python value of a plain string literal (no f-string interpolation);
// false when `n` is not such a literal.
[[nodiscard]] bool stringLiteral(ts::Node n, std::string* out);
// Nearest ancestor (excluding n) of one of the given types, stopping at `stop`.
[[nodiscard]] ts::Node ancestor(ts::Node n, std::initializer_list<std::string_view> types);
[[nodiscard]] bool isLoop(ts::Node n);
[[nodiscard]] bool isScope(ts::Node n);  // function_definition, class_definition, lambda, module
// The operands of an `or` chain (`a or (b or c)`: a, b, c), unwrapped; the expression itself when it is none.
[[nodiscard]] std::vector<ts::Node> orTerms(ts::Node e);
// A string, number, True, False or None written in the code.
[[nodiscard]] bool isLiteral(ts::Node n);
// A tuple, list or set literal of constants (`("logit_scale", "logit_bias")`,
// `[0.5, 1.0]`, `[("one", [37]), ("two", [0, -7])]`): keys, settings or test
// cases written in the code.
[[nodiscard]] bool isConstantCollection(ts::Node n);
// `for dr, dg in zip(real_outs, fake_outs):` (a for statement or a
// comprehension's for clause): each target name with the sequence it walks;
// empty when the target and the zip do not pair up name by name.
[[nodiscard]] std::vector<std::pair<ts::Node, ts::Node>> zipTargets(ts::Node for_node);
// The last identifier of a dotted expression: `a.b.c` -> "c", `f` -> "f".
[[nodiscard]] std::string_view lastName(ts::Node n);
// True when the identifier `name` occurs anywhere in `n` (n itself included).
[[nodiscard]] bool containsName(ts::Node n, std::string_view name);
// A new container a script fills afterwards: `{}`, `[]`, a literal with
// entries, `dict()`, `list()`, `OrderedDict()`, `defaultdict(list)`.
[[nodiscard]] bool isContainerLiteral(ts::Node n);
// True when `s` equals one of `list`.
[[nodiscard]] bool oneOf(std::string_view s, std::initializer_list<std::string_view> list);
// Case-insensitive search for any of the comma-free words in `text`.
[[nodiscard]] bool containsWord(std::string_view text, std::initializer_list<std::string_view> words);

// `if isinstance(subject, types):` around `at` (its consequence holds `at`),
// innermost first, up to the enclosing scope: in that branch the code has
// checked what `subject` is.
struct IsinstanceTest {
  ts::Node subject;  // `t` in isinstance(t, float)
  ts::Node types;    // `float`, `(int, float)`, `nn.DataParallel`
};
[[nodiscard]] std::vector<IsinstanceTest> isinstanceBranchesAround(ts::Node at);

// A Hugging Face preprocessor class: `AutoTokenizer`, `AutoFeatureExtractor`,
// `CLIPProcessor`, `BertTokenizerFast`, `ViTImageProcessor`: its
// `from_pretrained` builds no module.
[[nodiscard]] bool namesPreprocessorClass(std::string_view name);
// `n` runs only when the file is executed as a script: it sits in the body of
// an `if __name__ == "__main__":` (either operand order).
[[nodiscard]] bool underMainGuard(ts::Node n);
// The iterable a comprehension variable named `name` walks, where `use` sits
// inside that comprehension; null otherwise (a for-loop's variable has a
// binding of its own).
[[nodiscard]] ts::Node comprehensionIterable(ts::Node use, std::string_view name);

}  // namespace gpulint::python::syntax
