/*
 * subsets.c - naked and hidden sets (pair, triple, quad) and the direct
 * hidden pair and triple.
 *
 * Both kinds are one search: pick k "items" of a unit, each covering at
 * least 2 and at most k "elements", whose union is exactly k elements.
 *   naked set   items = the unit's cells, elements = their candidates
 *   hidden set  items = digits, elements = their positions in the unit
 * (Sudoku Explainer's CommonTuples.searchCommonTuple: an item covering a
 * single element is a single, not part of a set; more than k cannot fit.)
 *
 * Scanning order follows Sudoku Explainer (NakedSet.java, HiddenSet.java):
 *   - region types boxes, then columns, then rows (its getHints(grid, 0),
 *     (2), (1): Grid.regions is { blocks, rows, columns }), each from the
 *     first; that is view_unit_in_scan_order();
 *   - inside a unit, the k-tuples of cell positions (naked) or of digits
 *     (hidden) in increasing order of their bitmask, bit 0 being the first
 *     cell or digit 1 (its Permutations class, Hacker's Delight's next
 *     combination): {1,2} {1,3} {2,3} {1,4} {2,4} {3,4} {1,5} ...
 *     The search below picks the highest member first, each level in
 *     increasing order, which yields exactly that order, and prunes a
 *     branch as soon as its union exceeds k elements;
 *   - the first tuple that makes progress is the step.
 *
 * Which units are searched (SE's rule, by empty cells e of the unit):
 *   naked set of size k   e >= 2k  (otherwise the complementary hidden set,
 *                                   of size e-k < k, is the simpler view)
 *   hidden set of size k  e >  2k
 *   direct hidden set     e >  k
 *
 * A direct hidden set is a hidden set whose eliminations leave another
 * digit with exactly one place in the unit (it had more before): the step
 * places that digit and eliminates nothing else, as in SE. The first such
 * digit, from 1 up, is taken.
 */
#include "strategy.h"

#include <string.h>

typedef struct subset_search subset_search;

/* Called with a k-tuple of items and the union of their elements; returns
 * true when it made a step of it (which ends the search). */
typedef bool (*tuple_fn)(subset_search *ss, unsigned items, unsigned elements);

struct subset_search {
    const view *v;
    sudoku_step *s;
    int technique;
    int k;
    int unit;
    bool direct;
    tuple_fn found;
    /* Elements of item i (bit i of the item sets), SUDOKU_MAX_N of them,
     * 0 past the unit's n items: the cells' candidates for a naked set,
     * the view's own where[u] + 1 for a hidden one (not copied). */
    const uint16_t *content;
};
_Static_assert(SUDOKU_MAX_N == 16 && sizeof(unit_set) == sizeof(uint16_t),
               "content is 16 masks (masks_two_to_k), where[u] + 1 among them");

/*
 * Tuples of 'need' more items taken from 'avail' (every one below the items
 * already picked), in increasing order of the tuple's bitmask: the highest
 * remaining member first, ascending, then the others below it.
 */
static bool pick(subset_search *ss, unsigned avail, int need, unsigned items, unsigned elements)
{
    /* The highest member needs need-1 members below it: skip the lowest ones. */
    unsigned top = avail;
    for (int j = 1; j < need; j++)
        top &= top - 1;
    for (; top; top &= top - 1) {
        int i = mask_first_digit(top) - 1;
        unsigned bit = 1u << i;
        unsigned with = elements | ss->content[i];
        int count = mask_count(with);
        if (count > ss->k)
            continue;  /* no superset can shrink back to k elements */
        if (need == 1) {
            if (count == ss->k && ss->found(ss, items | bit, with))
                return true;
        } else if (pick(ss, avail & (bit - 1), need - 1, items | bit, with)) {
            return true;
        }
    }
    return false;
}

/*
 * pick() for k = 2: items have exactly two elements each, so a pair's
 * union has two elements only when both items have the same two. The same
 * pairs, in the same order: the higher item ascending, then the lower.
 */
static bool pick_pair(subset_search *ss, unsigned items)
{
    for (unsigned top = items & (items - 1); top; top &= top - 1) {
        int i = mask_first_digit(top) - 1;
        unsigned content = ss->content[i];
        for (unsigned low = items & ((1u << i) - 1); low; low &= low - 1) {
            int j = mask_first_digit(low) - 1;
            if (ss->content[j] == content && ss->found(ss, 1u << i | 1u << j, content))
                return true;
        }
    }
    return false;
}

/*
 * A search skips a unit whose places have not changed in the view since
 * the whole search last found nothing there (view.unit_changed_at against
 * found_nothing_at, units_to_search()). A memory of the units where each
 * search last found nothing, per thread, kept with their content to skip
 * them in other views too (the level pass's, the next puzzle's), was
 * dropped: once the view skips its unchanged units, it spared 1 to 10% of
 * the units searched and cost more than that (low.txt 1,251.8 M -> 1,242.7 M
 * instructions without it; mid, easy and top1465 fewer too).
 */

/* Searches unit ss->unit once its content is known; false when it holds
 * too few items. */
static bool search_unit(subset_search *ss)
{
    unsigned items = masks_two_to_k(ss->content, ss->k);
    return mask_count(items) >= ss->k && (ss->k == 2 ? pick_pair(ss, items) : pick(ss, items, ss->k, 0, 0));
}

/*
 * The units a search looks at, in scan order (bit j: the unit
 * view_unit_in_scan_order() gives for j): those with at least min_empty
 * empty cells that changed since the search last found nothing. Worked
 * out without branches, in the view's unit order (rows, columns, boxes),
 * four units at a time where SSE2 is at hand, then turned to scan order:
 * tested one unit at a time, both tests were mispredicted branches at
 * every step, and one at a time without branches, a dozen instructions a
 * unit for each of the eight subset searches at every step.
 */
static uint64_t units_to_search(const view *v, int min_empty, uint32_t found_nothing_at)
{
    int n = v->l->n, nunits = v->l->nunits, u = 0;
    uint64_t todo = 0; /* bit u: unit u, in the view's order */
#ifdef SUDOKU_BIT_SSE2
    /* Unsigned 'changed_at > found_nothing_at' as a signed compare: both
     * with the top bit flipped. */
    const __m128i flip = _mm_set1_epi32((int)0x80000000u);
    const __m128i least = _mm_set1_epi32(min_empty - 1);
    const __m128i since = _mm_set1_epi32((int)(found_nothing_at ^ 0x80000000u));
    for (; u + 4 <= nunits; u += 4) {
        __m128i empty, changed;
        memcpy(&empty, v->empty + u, sizeof empty);
        memcpy(&changed, v->unit_changed_at + u, sizeof changed);
        __m128i yes = _mm_and_si128(_mm_cmpgt_epi32(empty, least),
                                    _mm_cmpgt_epi32(_mm_xor_si128(changed, flip), since));
        todo |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(yes)) << u;
    }
#endif
    for (; u < nunits; u++)
        todo |= (uint64_t)((v->empty[u] >= min_empty) & (v->unit_changed_at[u] > found_nothing_at)) << u;
    /* Scan order: boxes (units 2n..), columns (n..), rows (0..). */
    uint64_t line = ((uint64_t)1 << n) - 1;
    return todo >> 2 * n | (todo & line << n) | (todo & line) << 2 * n;
}

/* ------------------------------------------------------------------ naked */

/* k cells with k candidates together: those digits leave the unit's other cells. */
static bool naked_found(subset_search *ss, unsigned cells, unsigned digits)
{
    const view *v = ss->v;
    const sudoku_layout *l = v->l;
    int u = ss->unit;
    unsigned others = 0;
    for (unsigned m = digits; m; m &= m - 1)
        others |= v->where[u][mask_first_digit(m)];
    others &= ~cells;
    if (!others)
        return false;

    sudoku_step *s = ss->s;
    step_start(s, l, ss->technique);
    s->digits = (sudoku_mask)digits;
    s->base[s->nbase++] = (uint8_t)u;
    for (unsigned m = cells; m; m &= m - 1)
        s->cells[s->ncells++] = l->unit_cell[u][mask_first_digit(m) - 1];
    for (unsigned m = others; m; m &= m - 1)
        step_eliminate(s, v->g, l->unit_cell[u][mask_first_digit(m) - 1], (sudoku_mask)digits);
    return true;
}

static bool find_naked(const view *v, sudoku_step *s, int k, int technique)
{
    const sudoku_layout *l = v->l;
    uint16_t content[SUDOKU_MAX_N] = { 0 };
    subset_search ss = { .v = v, .s = s, .technique = technique, .k = k, .found = naked_found, .content = content };
    /* Too few cells, or as when this search last found nothing: not searched. */
    for (uint64_t todo = units_to_search(v, 2 * k, v->found_nothing_at[technique]); todo; todo &= todo - 1) {
        int u = view_unit_in_scan_order(l, bit_index64(todo));
        for (int i = 0; i < l->n; i++)
            content[i] = v->g->cand[l->unit_cell[u][i]];  /* 0 when filled */
        ss.unit = u;
        if (search_unit(&ss))
            return true;
    }
    return false;
}

bool find_naked_pair(const view *v, sudoku_step *s) { return find_naked(v, s, 2, SUDOKU_NAKED_PAIR); }
bool find_naked_triple(const view *v, sudoku_step *s) { return find_naked(v, s, 3, SUDOKU_NAKED_TRIPLE); }
bool find_naked_quad(const view *v, sudoku_step *s) { return find_naked(v, s, 4, SUDOKU_NAKED_QUAD); }

/* ------------------------------------------------------------------ hidden */

/* k digits confined to k cells: the other digits leave those cells. */
static bool hidden_found(subset_search *ss, unsigned digits, unsigned cells)
{
    const view *v = ss->v;
    const sudoku_layout *l = v->l;
    const sudoku_grid *g = v->g;
    int u = ss->unit;
    sudoku_step *s = ss->s;

    int place_cell = -1, place_digit = 0;
    if (ss->direct) {
        /* Another digit left with one place, outside the set's cells. */
        for (int d = 1; d <= l->n && place_cell < 0; d++) {
            unsigned w = v->where[u][d];
            if (!(digits & sudoku_bit(d)) && (w & (w - 1)) && mask_is_single(w & ~cells)) {
                place_cell = l->unit_cell[u][mask_first_digit(w & ~cells) - 1];
                place_digit = d;
            }
        }
        if (place_cell < 0)
            return false;
    } else {
        sudoku_mask extra = 0;
        for (unsigned m = cells; m; m &= m - 1)
            extra |= g->cand[l->unit_cell[u][mask_first_digit(m) - 1]];
        if (!(extra & ~digits))
            return false;
    }

    step_start(s, l, ss->technique);
    if (place_cell >= 0)
        step_place(s, place_cell, place_digit, u);
    s->digits = (sudoku_mask)digits;
    s->base[s->nbase++] = (uint8_t)u;
    for (unsigned m = cells; m; m &= m - 1) {
        int c = l->unit_cell[u][mask_first_digit(m) - 1];
        s->cells[s->ncells++] = (uint8_t)c;
        if (!ss->direct)
            step_eliminate(s, g, c, (sudoku_mask)(l->all & ~digits));
    }
    return true;
}

static bool find_hidden(const view *v, sudoku_step *s, int k, int technique, bool direct)
{
    const sudoku_layout *l = v->l;
    subset_search ss = { .v = v, .s = s, .technique = technique, .k = k, .direct = direct,
                         .found = hidden_found };
    /* Too few cells, or as when this search last found nothing: not searched. */
    int min_empty = (direct ? k : 2 * k) + 1;
    for (uint64_t todo = units_to_search(v, min_empty, v->found_nothing_at[technique]); todo; todo &= todo - 1) {
        int u = view_unit_in_scan_order(l, bit_index64(todo));
        ss.content = &v->where[u][1]; /* where[u][d] is 0 for d past n */
        ss.unit = u;
        if (search_unit(&ss))
            return true;
    }
    return false;
}

bool find_direct_hidden_pair(const view *v, sudoku_step *s)
{
    return find_hidden(v, s, 2, SUDOKU_DIRECT_HIDDEN_PAIR, true);
}

bool find_direct_hidden_triple(const view *v, sudoku_step *s)
{
    return find_hidden(v, s, 3, SUDOKU_DIRECT_HIDDEN_TRIPLE, true);
}

bool find_hidden_pair(const view *v, sudoku_step *s) { return find_hidden(v, s, 2, SUDOKU_HIDDEN_PAIR, false); }
bool find_hidden_triple(const view *v, sudoku_step *s) { return find_hidden(v, s, 3, SUDOKU_HIDDEN_TRIPLE, false); }
bool find_hidden_quad(const view *v, sudoku_step *s) { return find_hidden(v, s, 4, SUDOKU_HIDDEN_QUAD, false); }
