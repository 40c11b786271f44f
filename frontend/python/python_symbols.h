#pragma once
// Node kinds and field names of tree-sitter-python as the grammar's ids,
// resolved once: the walks that visit every node of a file (the model
// builder, the binding indexes) compare an integer per question where
// `Node::is("assignment")` looks the kind's name up and compares strings.
//
// Only named kinds: a name that is also a keyword (`lambda`) resolves to the
// named node, so ask these of named nodes (namedChildren(), field values).
#include <tree_sitter/api.h>

#include <cstring>

#include "frontend/ts/node.h"

extern "C" const TSLanguage* tree_sitter_python();

namespace gpulint::python {

struct Sym {
  TSSymbol identifier, assignment, augmented_assignment, for_statement, while_statement, for_in_clause,
      pattern_list, tuple_pattern, global_statement, nonlocal_statement, function_definition, class_definition,
      lambda, list_comprehension, set_comprehension, dictionary_comprehension, generator_expression, attribute,
      subscript, comment, named_expression, as_pattern, except_clause, import_statement, import_from_statement,
      call, keyword_argument, decorated_definition, decorator, argument_list, list_splat, dictionary_splat,
      parenthesized_expression, module;
  TSFieldId left, right, name, value, alias, body, function, arguments, parameters, superclasses, object,
      attribute_field;

  // The table, built on first use (thread-safe static initialisation).
  // Inlined: asked per node by the walks above, where a call per question
  // cost more than the guard test; the build is kept out of line.
  [[gnu::always_inline]] static inline const Sym& get() {
    static const Sym table = build();
    return table;
  }

 private:
  [[gnu::noinline]] static Sym build() {
    const TSLanguage* lang = tree_sitter_python();
    auto kind = [&](const char* name) {
      return ts_language_symbol_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)), true);
    };
    auto field = [&](const char* name) {
      return ts_language_field_id_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)));
    };
    Sym s{};
#define GPULINT_KIND(k) s.k = kind(#k)
    GPULINT_KIND(identifier); GPULINT_KIND(assignment); GPULINT_KIND(augmented_assignment);
    GPULINT_KIND(for_statement); GPULINT_KIND(while_statement); GPULINT_KIND(for_in_clause);
    GPULINT_KIND(pattern_list); GPULINT_KIND(tuple_pattern); GPULINT_KIND(global_statement);
    GPULINT_KIND(nonlocal_statement); GPULINT_KIND(function_definition); GPULINT_KIND(class_definition);
    GPULINT_KIND(lambda); GPULINT_KIND(list_comprehension); GPULINT_KIND(set_comprehension);
    GPULINT_KIND(dictionary_comprehension); GPULINT_KIND(generator_expression); GPULINT_KIND(attribute);
    GPULINT_KIND(subscript); GPULINT_KIND(comment); GPULINT_KIND(named_expression); GPULINT_KIND(as_pattern);
    GPULINT_KIND(except_clause); GPULINT_KIND(import_statement); GPULINT_KIND(import_from_statement);
    GPULINT_KIND(call); GPULINT_KIND(keyword_argument); GPULINT_KIND(decorated_definition);
    GPULINT_KIND(decorator); GPULINT_KIND(argument_list); GPULINT_KIND(list_splat);
    GPULINT_KIND(dictionary_splat); GPULINT_KIND(parenthesized_expression); GPULINT_KIND(module);
#undef GPULINT_KIND
#define GPULINT_FIELD(f) s.f = field(#f)
    GPULINT_FIELD(left); GPULINT_FIELD(right); GPULINT_FIELD(name); GPULINT_FIELD(value); GPULINT_FIELD(alias);
    GPULINT_FIELD(body); GPULINT_FIELD(function); GPULINT_FIELD(arguments); GPULINT_FIELD(parameters);
    GPULINT_FIELD(superclasses); GPULINT_FIELD(object);
    s.attribute_field = field("attribute");
#undef GPULINT_FIELD
    return s;
  }
};

// The kind of a node by id; a null node has none (no id of the grammar's).
inline constexpr TSSymbol kNoKind = 0xFFFF;
[[nodiscard]] inline TSSymbol kindOf(ts::Node n) { return n.isNull() ? kNoKind : n.symbol(); }
[[nodiscard]] inline bool isKind(ts::Node n, TSSymbol k) { return kindOf(n) == k; }
// The child under field `f` (an id of Sym): Node::field without the name lookup.
[[nodiscard]] inline ts::Node fieldOf(ts::Node n, TSFieldId f) {
  return n.fieldById(f);
}

}  // namespace gpulint::python
