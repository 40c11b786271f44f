/* See flatten.h. Reads tree-sitter's internal subtrees, so it mirrors what
 * tree_cursor.c and node.c answer for the same node: which children are
 * visible (a visible subtree, or one its parent's production aliases), their
 * positions (a child starts where the previous one ended plus its own
 * padding; the first where its parent starts), their field (the first
 * non-inherited field map entry met going up from the node through hidden
 * parents, stopping at an extra), symbol and named-ness (the alias's when
 * aliased). tests/unit/flat_tree_test.cpp holds every answer against
 * tree-sitter's public API. */
#include "flatten.h"

#include <stdlib.h>

#include "./language.h"
#include "./length.h"
#include "./subtree.h"
#include "./tree.h"

typedef struct {
  Subtree parent;                 /* whose children are walked */
  uint32_t index;                 /* of the next child */
  uint32_t structural;            /* children that are not extras, so far */
  Length position;                /* where the next child starts */
  uint32_t visible_parent;        /* the entry the visible children hang under */
  TSFieldId outer_field;          /* the field a hidden parent passes down */
  int closes;                     /* the frame of visible_parent's own children */
} Frame;

typedef struct {
  const TSLanguage *language;
  GpulintFlatNode *out;
  uint32_t count;
  uint32_t *last_child;           /* per entry: its last visible child so far */
} Walk;

static uint32_t emit(Walk *w, Subtree s, Length position, TSSymbol alias, TSFieldId field, uint32_t parent) {
  uint32_t i = w->count++;
  GpulintFlatNode *n = &w->out[i];
  TSSymbol symbol = ts_language_public_symbol(w->language, alias ? alias : ts_subtree_symbol(s));
  int named = alias ? ts_language_symbol_metadata(w->language, alias).named : ts_subtree_named(s);
  n->begin = position.bytes;
  n->end = position.bytes + ts_subtree_size(s).bytes;
  n->row = position.extent.row;
  n->parent = parent;
  n->next_sibling = GPULINT_NO_NODE;
  n->subtree_end = i + 1;
  n->child_count = 0;
  n->named_child_count = 0;
  n->symbol = symbol;
  n->field = field;
  n->flags = (uint8_t)((named ? GPULINT_FLAT_NAMED : 0) | (ts_subtree_missing(s) ? GPULINT_FLAT_MISSING : 0) |
                       (symbol == ts_builtin_sym_error ? GPULINT_FLAT_ERROR : 0) |
                       (ts_subtree_error_cost(s) > 0 ? GPULINT_FLAT_HAS_ERROR : 0));
  w->last_child[i] = GPULINT_NO_NODE;
  if (parent != GPULINT_NO_NODE) {
    GpulintFlatNode *p = &w->out[parent];
    p->child_count++;
    if (named) p->named_child_count++;
    if (w->last_child[parent] != GPULINT_NO_NODE) w->out[w->last_child[parent]].next_sibling = i;
    w->last_child[parent] = i;
  }
  return i;
}

/* The non-inherited field `parent`'s production gives its structural child `index`, or 0. */
static TSFieldId fieldAt(const TSLanguage *language, Subtree parent, uint32_t index) {
  const TSFieldMapEntry *map, *end;
  ts_language_field_map(language, parent.ptr->production_id, &map, &end);
  for (; map < end; map++)
    if (!map->inherited && map->child_index == index) return map->field_id;
  return 0;
}

static int push(Frame **stack, uint32_t *size, uint32_t *capacity, Frame f) {
  if (*size == *capacity) {
    uint32_t grown = *capacity ? *capacity * 2 : 64;
    Frame *bigger = realloc(*stack, grown * sizeof(Frame));
    if (!bigger) return 0;
    *stack = bigger;
    *capacity = grown;
  }
  (*stack)[(*size)++] = f;
  return 1;
}

uint32_t gpulint_flatten(const TSTree *tree, GpulintFlatNode *out) {
  Walk w = {tree->language, out, 0, NULL};
  uint32_t total = ts_subtree_visible_descendant_count(tree->root) + 1;
  w.last_child = malloc(total * sizeof(uint32_t));
  if (!w.last_child) return 0;
  Length root_position = ts_subtree_padding(tree->root);
  uint32_t root = emit(&w, tree->root, root_position, 0, 0, GPULINT_NO_NODE);
  Frame *stack = NULL;
  uint32_t size = 0, capacity = 0;
  int ok = 1;
  if (ts_subtree_child_count(tree->root) > 0)
    ok = push(&stack, &size, &capacity, (Frame){tree->root, 0, 0, root_position, root, 0, 1});
  while (ok && size > 0) {
    Frame *f = &stack[size - 1];
    if (f->index == ts_subtree_child_count(f->parent)) {
      if (f->closes) out[f->visible_parent].subtree_end = w.count;
      size--;
      continue;
    }
    Subtree child = ts_subtree_children(f->parent)[f->index];
    if (f->index > 0) f->position = length_add(f->position, ts_subtree_padding(child));
    Length position = f->position;
    int extra = ts_subtree_extra(child);
    TSSymbol alias = 0;
    TSFieldId field = 0;
    if (!extra) {
      alias = ts_language_alias_at(w.language, f->parent.ptr->production_id, f->structural);
      field = fieldAt(w.language, f->parent, f->structural);
      if (!field) field = f->outer_field;
      f->structural++;
    }
    f->position = length_add(f->position, ts_subtree_size(child));
    f->index++;
    uint32_t visible_parent = f->visible_parent;
    if (ts_subtree_visible(child) || alias) {
      uint32_t i = emit(&w, child, position, alias, field, visible_parent);
      if (ts_subtree_child_count(child) > 0)
        ok = push(&stack, &size, &capacity, (Frame){child, 0, 0, position, i, 0, 1});
    } else if (ts_subtree_visible_child_count(child) > 0) {
      /* A hidden node: its visible children hang under the visible parent,
       * and take the field it has here when they have none of their own. */
      ok = push(&stack, &size, &capacity, (Frame){child, 0, 0, position, visible_parent, field, 0});
    }
  }
  free(stack);
  free(w.last_child);
  return ok ? w.count : 0;
}
