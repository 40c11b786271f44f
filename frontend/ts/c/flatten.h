#ifndef GPULINT_TS_FLATTEN_H
#define GPULINT_TS_FLATTEN_H
/* The copy of a tree-sitter tree that ts::FlatTree navigates, written by one
 * walk over tree-sitter's own subtrees (flatten.c). The public cursor walks
 * the same nodes at several times the cost: it re-derives aliases, fields
 * and positions through a stack on every step. */
#include <stdint.h>
#include <tree_sitter/api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPULINT_NO_NODE UINT32_MAX

/* GPULINT_FLAT_WIDE: more than `wide_above` visible children (see gpulint_flatten). */
enum {
  GPULINT_FLAT_NAMED = 1,
  GPULINT_FLAT_MISSING = 2,
  GPULINT_FLAT_ERROR = 4,
  GPULINT_FLAT_HAS_ERROR = 8,
  GPULINT_FLAT_WIDE = 16
};

typedef struct {
  uint32_t begin, end;            /* bytes */
  uint32_t row;                   /* of the start, from 0 */
  uint32_t parent;                /* GPULINT_NO_NODE for the root */
  /* One past the last descendant; also the next visible sibling, when it is
   * below the parent's subtree_end (preorder), so no sibling link is kept. */
  uint32_t subtree_end;
  /* No child counts: a node has children when subtree_end > its index + 1,
   * and counting them walks the sibling links (a wide node's are listed by
   * FlatTree). 24 bytes an entry, kept for every file until the project pass. */
  TSSymbol symbol;                /* as ts_node_symbol answers (aliases applied) */
  /* As ts_tree_cursor_current_field_id answers, 0 for none. One byte (our
   * grammars name at most 32 fields; FlatTree refuses a grammar with more
   * than GPULINT_MAX_FIELD). */
  uint8_t field;
  uint8_t flags;                  /* GPULINT_FLAT_* */
} GpulintFlatNode;

#define GPULINT_MAX_FIELD 255

/* Writes the visible nodes of `tree` (those ts_node_child hands out) in
 * preorder into `out`, which holds ts_node_descendant_count(root) entries,
 * and returns how many it wrote (0 when memory ran out). `*wide` receives the
 * entries with more than `wide_above` children, `*wide_count` of them, in
 * no particular order (an array from malloc the caller frees; NULL when
 * none): the walk sees each parent's count grow, so no second pass over
 * every entry has to look for them. */
uint32_t gpulint_flatten(const TSTree *tree, GpulintFlatNode *out, uint32_t wide_above, uint32_t **wide,
                         uint32_t *wide_count);

#ifdef __cplusplus
}
#endif
#endif
