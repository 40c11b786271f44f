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

/* Where a child starts: only bytes and rows are kept (columns are never
 * read), so a step is two additions, not length_add's branch. */
typedef struct {
  uint32_t bytes, row;
} Place;

typedef struct {
  const Subtree *next, *end;      /* the parent's children still to walk */
  const TSFieldMapEntry *fields;  /* the parent production's field map */
  const TSFieldMapEntry *fields_end;
  const TSSymbol *aliases;        /* the parent production's alias sequence, or NULL */
  uint32_t structural;            /* children that are not extras, so far */
  Place position;                 /* where the next child starts */
  uint32_t visible_parent;        /* the entry the visible children hang under */
  TSFieldId outer_field;          /* the field a hidden parent passes down */
  uint32_t owner;                 /* the frame that closes visible_parent (counts its children) */
  uint32_t visible_children;      /* in the owner frame: visible_parent's children so far */
  uint8_t started;                /* a child was walked (the first has no padding of its own) */
  uint8_t closes;                 /* the frame of visible_parent's own children */
} Frame;

typedef struct {
  const TSLanguage *language;
  GpulintFlatNode *out;
  uint32_t count;
} Walk;

/* One node's entry. Reads the subtree's inline or heap form once. */
static inline __attribute__((always_inline)) uint32_t emit(Walk *w, Subtree s, Place position, TSSymbol alias, TSFieldId field, uint32_t parent) {
  uint32_t i = w->count++;
  GpulintFlatNode *n = &w->out[i];
  TSSymbol raw;
  int named, missing, costly;
  uint32_t size;
  if (s.data.is_inline) {
    raw = s.data.symbol;
    named = s.data.named;
    missing = s.data.is_missing;
    costly = missing;
    size = s.data.size_bytes;
  } else {
    raw = s.ptr->symbol;
    named = s.ptr->named;
    missing = s.ptr->is_missing;
    costly = missing || s.ptr->error_cost > 0;
    size = s.ptr->size.bytes;
  }
  TSSymbol symbol = alias ? alias : raw;
  if (symbol != ts_builtin_sym_error) symbol = w->language->public_symbol_map[symbol];
  if (alias) named = ts_language_symbol_metadata(w->language, alias).named;
  n->begin = position.bytes;
  n->end = position.bytes + size;
  n->row = position.row;
  n->parent = parent;
  n->subtree_end = i + 1;
  n->symbol = symbol;
  n->field = (uint8_t)field;
  n->flags = (uint8_t)((named ? GPULINT_FLAT_NAMED : 0) | (missing ? GPULINT_FLAT_MISSING : 0) |
                       (symbol == ts_builtin_sym_error ? GPULINT_FLAT_ERROR : 0) |
                       (costly ? GPULINT_FLAT_HAS_ERROR : 0));
  return i;
}

static inline __attribute__((always_inline)) int push(Frame **stack, uint32_t *size, uint32_t *capacity, const TSLanguage *language, Subtree parent,
                Place position, uint32_t visible_parent, TSFieldId outer_field, int closes, uint32_t owner) {
  if (*size == *capacity) {
    uint32_t grown = *capacity ? *capacity * 2 : 64;
    Frame *bigger = realloc(*stack, grown * sizeof(Frame));
    if (!bigger) return 0;
    *stack = bigger;
    *capacity = grown;
  }
  Frame *f = &(*stack)[*size];
  uint32_t production = parent.ptr->production_id;
  f->next = ts_subtree_children(parent);
  f->end = f->next + parent.ptr->child_count;
  ts_language_field_map(language, production, &f->fields, &f->fields_end);
  f->aliases = production ? &language->alias_sequences[production * language->max_alias_sequence_length] : NULL;
  f->structural = 0;
  f->position = position;
  f->visible_parent = visible_parent;
  f->outer_field = outer_field;
  f->owner = closes ? *size : owner;
  f->visible_children = 0;
  f->started = 0;
  f->closes = (uint8_t)closes;
  (*size)++;
  return 1;
}

/* The alias and field that `production` gives its child 0 (`extra` when
 * that child is an extra: none); `*field` keeps the field passed down when
 * the production names none. */
static inline void field_of_first(const TSLanguage *language, uint32_t production, int extra, TSSymbol *alias,
                                  TSFieldId *field) {
  *alias = 0;
  if (extra) {
    *field = 0;
    return;
  }
  if (production) *alias = language->alias_sequences[production * language->max_alias_sequence_length];
  const TSFieldMapEntry *map, *end;
  ts_language_field_map(language, production, &map, &end);
  for (; map < end; map++)
    if (!map->inherited && map->child_index == 0) {
      *field = map->field_id;
      return;
    }
}

/* Appends `n` to the growable list `*list`; 0 when memory ran out. */
static int append(uint32_t **list, uint32_t *count, uint32_t *capacity, uint32_t n) {
  if (*count == *capacity) {
    uint32_t grown = *capacity ? *capacity * 2 : 16;
    uint32_t *bigger = realloc(*list, grown * sizeof(uint32_t));
    if (!bigger) return 0;
    *list = bigger;
    *capacity = grown;
  }
  (*list)[(*count)++] = n;
  return 1;
}

uint32_t gpulint_flatten(const TSTree *tree, GpulintFlatNode *out, uint32_t wide_above, uint32_t **wide,
                         uint32_t *wide_count) {
  Walk w = {tree->language, out, 0};
  uint32_t *wide_list = NULL, wide_size = 0, wide_capacity = 0;
  Length root_padding = ts_subtree_padding(tree->root);
  Place root_position = {root_padding.bytes, root_padding.extent.row};
  uint32_t root = emit(&w, tree->root, root_position, 0, 0, GPULINT_NO_NODE);
  Frame *stack = NULL;
  uint32_t size = 0, capacity = 0;
  int ok = 1;
  if (ts_subtree_child_count(tree->root) > 0)
    ok = push(&stack, &size, &capacity, w.language, tree->root, root_position, root, 0, 1, 0);
  while (ok && size > 0) {
    Frame *f = &stack[size - 1];
    if (f->next == f->end) {
      /* The visible parent's children are all written: its count is final. */
      if (f->closes) {
        out[f->visible_parent].subtree_end = w.count;
        if (f->visible_children > wide_above) {
          out[f->visible_parent].flags |= GPULINT_FLAT_WIDE;
          ok = append(&wide_list, &wide_size, &wide_capacity, f->visible_parent);
        }
      }
      size--;
      continue;
    }
    Subtree child = *f->next++;
    /* The first child's padding is the parent's, which its position already skips. */
    int is_inline = child.data.is_inline;
    if (f->started) {
      if (is_inline) {
        f->position.bytes += child.data.padding_bytes;
        f->position.row += child.data.padding_rows;
      } else {
        f->position.bytes += child.ptr->padding.bytes;
        f->position.row += child.ptr->padding.extent.row;
      }
    }
    f->started = 1;
    Place position = f->position;
    int extra = is_inline ? child.data.extra : child.ptr->extra;
    TSSymbol alias = 0;
    TSFieldId field = 0;
    if (!extra) {
      if (f->aliases) alias = f->aliases[f->structural];
      for (const TSFieldMapEntry *map = f->fields; map < f->fields_end; map++)
        if (!map->inherited && map->child_index == f->structural) {
          field = map->field_id;
          break;
        }
      if (!field) field = f->outer_field;
      f->structural++;
    }
    uint32_t child_count;
    int visible;
    if (is_inline) {
      f->position.bytes += child.data.size_bytes;
      child_count = 0;
      visible = child.data.visible;
    } else {
      f->position.bytes += child.ptr->size.bytes;
      f->position.row += child.ptr->size.extent.row;
      child_count = child.ptr->child_count;
      visible = child.ptr->visible;
    }
    /* A chain of hidden nodes of one child each (`expression` around
     * `primary_expression` around a `call`) is walked down here, with no
     * frame per link: the child starts where its parent does, and takes the
     * alias and field the parent's production gives child 0, or the field
     * the parent has here; an extra takes none. */
    while (!visible && !alias && child_count == 1 && child.ptr->visible_child_count > 0) {
      uint32_t production = child.ptr->production_id;
      Subtree only = ts_subtree_children(child)[0];
      field_of_first(w.language, production, ts_subtree_extra(only), &alias, &field);
      child = only;
      if (only.data.is_inline) {
        child_count = 0;
        visible = only.data.visible;
      } else {
        child_count = only.ptr->child_count;
        visible = only.ptr->visible;
      }
    }
    uint32_t visible_parent = f->visible_parent, owner = f->owner;
    if (visible || alias) {
      uint32_t i = emit(&w, child, position, alias, field, visible_parent);
      stack[owner].visible_children++;
      if (child_count > 0)
        ok = push(&stack, &size, &capacity, w.language, child, position, i, 0, 1, 0);
    } else if (child_count > 0 && child.ptr->visible_child_count > 0) {
      /* A hidden node: its visible children hang under the visible parent,
       * and take the field it has here when they have none of their own. */
      ok = push(&stack, &size, &capacity, w.language, child, position, visible_parent, field, 0, owner);
    }
  }
  free(stack);
  if (!ok) {
    free(wide_list);
    *wide = NULL;
    *wide_count = 0;
    return 0;
  }
  *wide = wide_list;
  *wide_count = wide_size;
  return w.count;
}
