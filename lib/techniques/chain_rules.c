/*
 * chain_rules.c - what dynamic forcing chains (+) add at each fixpoint of
 * a propagation (SE's Chaining.getAdvancedPotentials, nesting level 1 and
 * up): the eliminations of the first of these rules that has any, on the
 * run's grid, in SE's scanning order:
 *
 *   pointing and claiming   Locking(false): (box, column), (box, row),
 *                           (column, box), (row, box); digit; units
 *   hidden pairs            HiddenSet(2): boxes, columns, rows
 *   naked pairs             NakedSet(2): boxes, columns, rows
 *   X-Wings                 Fisherman(2): columns as base, then rows
 *
 * Each elimination becomes an OFF node whose parents are the OFF nodes the
 * rule relied on (SE's getRuleParents: the candidates of the pattern's
 * units removed since the start of the run). A rule whose every pattern
 * relies on nothing removed adds nothing: it was true before the chain.
 * Eliminations are taken in SE's order, which goes through a HashMap keyed
 * by cell index: cells sorted by index modulo the map's capacity.
 */
#include "chain_graph.h"

#include <string.h>

#define MAX_RULE_PARENTS 64

typedef struct rule_out {
    const cg_ctx *cx;
    cg_run *r;
    int added;           /* new OFF nodes */
    bool any;            /* some pattern had parents: the rule counts */
    cg_rule_tag tag;     /* the pattern emit() is given, kept on its nodes for the step's text */
    /*
     * The rule's "moved" units: moved_digits[u], the digits (bit d - 1)
     * whose places in unit u the run removed since the rule last looked at
     * its grid (since the start of the run, at its first fixpoint);
     * moved_any, the units with some. See note_changes() for why a pattern
     * in units that did not move adds nothing: the rules skip those units
     * without looking at them.
     */
    const sudoku_mask *moved_digits;
    uint64_t moved_any;
} rule_out;

_Static_assert(SUDOKU_MAX_UNITS <= 64, "a unit set fits a word");

/* The digits d = 1..n (bit d - 1) whose places differ in two rows of
 * places (n <= 9: slots 1 to 9 of the CG_DIGIT_SLOTS). */
static inline unsigned row_changes(const unit_set *now, const unit_set *was, int n)
{
#ifdef SUDOKU_BIT_SSE2
    _Static_assert(CG_DIGIT_SLOTS == 10 && sizeof(unit_set) == 2, "a row is slots 0-7 and 8-9");
    uint32_t now89, was89;
    memcpy(&now89, now + 8, sizeof now89);
    memcpy(&was89, was + 8, sizeof was89);
    __m128i low = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(const void *)now),
                                  _mm_loadu_si128((const __m128i *)(const void *)was));
    __m128i high = _mm_cmpeq_epi16(_mm_cvtsi32_si128((int)now89), _mm_cvtsi32_si128((int)was89));
    unsigned same = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(low, high)); /* bit s: slot s alike */
    return (~same >> 1) & ((1u << n) - 1);
#else
    unsigned digits = 0;
    for (int d = 1; d <= n; d++)
        digits |= (unsigned)(now[d] != was[d]) << (d - 1);
    return digits;
#endif
}

/*
 * At a fixpoint of run r: adds what the run removed since its last
 * fixpoint (since its start at the first) to every rule's moved digits
 * (r->rules_seen), and keeps the run's places for the next fixpoint.
 *
 * Why a rule may skip a pattern whose units did not move since it last
 * looked (at fixpoint F): the run's grid only loses candidates, and a
 * pattern (its cells and digits, and so its parents: what the run removed
 * there since its start) is the same as at F. At F it either had nothing
 * (no parents, or no eliminations: then none now either, as eliminations
 * only shrink), or the rule emitted its eliminations as OFF nodes, which
 * the run expanded since, so they are gone from the grid: it has none now.
 * Either way the pattern adds nothing and does not make the rule count,
 * and the nodes the others add come in the same order. A rule that did
 * not look at F (an earlier rule had something) keeps collecting moves
 * until it does.
 */
static void note_changes(const cg_ctx *cx, cg_run *r)
{
    cg_rules_seen *seen = &r->rules_seen;
    int n = cx->n, nunits = cx->l->nunits;
    bool first = r->fixpoints++ == 0;
    const unit_set *was = first ? &cx->where0[0][0] : &seen->where[0][0]; /* rows of CG_DIGIT_SLOTS */
    sudoku_mask moved[SUDOKU_MAX_UNITS];
    uint64_t units = 0;
    for (int u = 0; u < nunits; u++) {
        moved[u] = (sudoku_mask)row_changes(r->where[u], was + u * CG_DIGIT_SLOTS, n);
        units |= (uint64_t)(moved[u] != 0) << u;
    }
    for (int i = 0; i < CG_RULES; i++) {
        if (first) {
            memcpy(seen->digits[i], moved, (size_t)nunits * sizeof moved[0]);
            seen->units[i] = units;
            continue;
        }
        for (int u = 0; u < nunits; u++)
            seen->digits[i][u] |= moved[u];
        seen->units[i] |= units;
    }
    memcpy(seen->where, r->where, (size_t)nunits * sizeof seen->where[0]);
}

/* Rule i looks at run r's grid: o's moved sets are those it collected, and it forgets them. */
static void run_rule(rule_out *o, int i, void (*rule)(rule_out *))
{
    cg_rules_seen *seen = &o->r->rules_seen;
    o->moved_digits = seen->digits[i];
    o->moved_any = seen->units[i];
    rule(o);
    memset(seen->digits[i], 0, (size_t)o->cx->l->nunits * sizeof seen->digits[i][0]);
    seen->units[i] = 0;
}

/* Candidate d of cell c was there at the start and is gone now. */
static bool removed(const cg_ctx *cx, const cg_run *r, int c, sudoku_mask b)
{
    return (cx->cand0[c] & b) && !(r->cand[c] & b);
}

/*
 * One pattern: its eliminations (cells in the order the rule found them,
 * with digit masks) and its parents (candidates). Adds the OFF nodes.
 */
static void emit(rule_out *o, const uint8_t *cells, const sudoku_mask *masks, int k, const uint16_t *parents,
                 int npar)
{
    if (!npar || !k)
        return;
    o->any = true;
    int cap = 16;
    while (k > cap * 3 / 4)
        cap *= 2;
    uint16_t par[MAX_RULE_PARENTS];
    for (int i = 0; i < npar; i++)
        par[i] = (uint16_t)cg_node(parents[i], false);
    int n = o->cx->n;
    /* HashMap<Cell, BitSet> iteration: bucket (cell index mod capacity), then
     * insertion; the buckets that hold cells, in order */
    _Static_assert(2 * SUDOKU_MAX_N <= 48, "a rule's cells (k <= 2n) fit 64 buckets");
    uint64_t buckets = 0;
    for (int i = 0; i < k; i++)
        buckets |= (uint64_t)1 << (cells[i] & (cap - 1));
    for (; buckets; buckets &= buckets - 1)
        for (int i = 0, bucket = bit_index64(buckets); i < k; i++) {
            if ((cells[i] & (cap - 1)) != bucket)
                continue;
            for (sudoku_mask m = masks[i]; m; m &= (sudoku_mask)(m - 1)) {
                int q = cells[i] * n + mask_first_digit(m) - 1;
                if (!cg_has(&o->r->off, q)) {
                    cg_add_off(o->r, q, par, npar);
                    o->r->rule[cg_node(q, false)] = o->tag;
                    o->added++;
                }
            }
        }
}

/* Units of one kind in SE's order: kind 0 boxes, 1 rows, 2 columns. */
static int unit_of_kind(const sudoku_layout *l, int kind, int i)
{
    return kind == 0 ? 2 * l->n + i : kind == 1 ? i : l->n + i;
}

static void locking(rule_out *o)
{
    const cg_ctx *cx = o->cx;
    const cg_run *r = o->r;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    static const int pairs[4][2] = { { 0, 2 }, { 0, 1 }, { 2, 0 }, { 1, 0 } };
    static const int kind_slot[3] = { SUDOKU_BOX, SUDOKU_ROW, SUDOKU_COL }; /* unit_of_kind()'s kinds */
    uint64_t moved_units[SUDOKU_MAX_N + 1] = { 0 }; /* per digit d: the units where d moved */
    for (uint64_t any = o->moved_any; any; any &= any - 1) {
        int u = bit_index64(any);
        for (unsigned digits = o->moved_digits[u]; digits; digits &= digits - 1)
            moved_units[bit_index32(digits) + 1] |= (uint64_t)1 << u;
    }
    for (int t = 0; t < 4; t++)
        for (int d = 1; d <= n; d++) {
            sudoku_mask b = sudoku_bit(d);
            /* the units of the kind where d moved, in order (a kind's units are numbered in a row) */
            int first = unit_of_kind(l, pairs[t][0], 0);
            uint64_t moved = (moved_units[d] >> first) & (((uint64_t)1 << n) - 1);
            for (; moved; moved &= moved - 1) {
                int u1 = first + bit_index64(moved);
                unit_set pos = r->where[u1][d];
                if (!cg_two_or_more(pos))
                    continue;
                /* units of a kind part the cells: only the unit of that kind
                 * of pos's first cell can hold all of pos */
                int u2 = l->cell_unit[l->unit_cell[u1][mask_first_digit(pos) - 1]][kind_slot[pairs[t][1]]];
                unit_set inside = cx->in_unit[u1][u2];
                if (pos & ~inside)
                    continue;
                unit_set gone = (unit_set)(r->where[u2][d] & ~cx->in_unit[u2][u1]);
                if (!gone)
                    continue;
                uint8_t cells[SUDOKU_MAX_N];
                sudoku_mask masks[SUDOKU_MAX_N];
                uint16_t parents[SUDOKU_MAX_N];
                int k = 0, np = 0;
                for (; gone; gone &= (unit_set)(gone - 1)) {
                    cells[k] = l->unit_cell[u2][mask_first_digit(gone) - 1];
                    masks[k++] = b;
                }
                for (unit_set rm = (unit_set)(cx->where0[u1][d] & ~pos & ~inside); rm; rm &= (unit_set)(rm - 1))
                    parents[np++] = (uint16_t)(l->unit_cell[u1][mask_first_digit(rm) - 1] * n + d - 1);
                o->tag = (cg_rule_tag){ pairs[t][0] == 0 ? SUDOKU_LINK_POINTING : SUDOKU_LINK_CLAIMING,
                                        { (uint8_t)u1, (uint8_t)u2 }, b };
                emit(o, cells, masks, k, parents, np);
            }
        }
}

/*
 * Pairs {a, b}, a < b, of the members of set (bit i: i is a member) in
 * SE's Permutations order: by b, then a; read from set's bits. (The loops
 * of one turn declare b and a; continue in the body goes to the next pair,
 * but break would leave only a's loop: the bodies use none.)
 */
#define FOR_PAIRS_IN(a, b, set)                                                                        \
    for (unsigned b##_bits = (unsigned)(set) & ~1u; b##_bits; b##_bits &= b##_bits - 1)                \
        for (int b = bit_index32(b##_bits), b##_once = 1; b##_once; b##_once = 0)                     \
            for (unsigned a##_bits = (unsigned)(set) & ((1u << b) - 1); a##_bits; a##_bits &= a##_bits - 1) \
                for (int a = bit_index32(a##_bits), a##_once = 1; a##_once; a##_once = 0)

/* The cells of unit u with candidates in the grid (the run places nothing:
 * the same cells as the grid's): those of some digit's places. */
static int empty_cells(const cg_ctx *cx, int u)
{
    unsigned cells = 0;
    for (int d = 1; d <= cx->n; d++)
        cells |= cx->where0[u][d];
    return mask_count(cells);
}


static void hidden_pairs(rule_out *o)
{
    const cg_ctx *cx = o->cx;
    const cg_run *r = o->r;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < n; i++) {
            int u = unit_of_kind(l, kind == 0 ? 0 : kind == 1 ? 2 : 1, i);
            if (!((o->moved_any >> u) & 1))
                continue;
            const unit_set *pos = r->where[u];
            /* a hidden pair is two digits of the same two places: none without two such
             * digits, and the pairs with another digit fail the test below; a pair whose
             * digits both kept their places since the rule last looked adds nothing, so
             * one of them moved (tested first, on the digits that moved alone) */
            unsigned moved = o->moved_digits[u], two_places = 0;
            for (unsigned dm = moved; dm; dm &= dm - 1)
                two_places |= (unsigned)cg_exactly_two(pos[bit_index32(dm) + 1]) << bit_index32(dm);
            if (!two_places)
                continue;
            for (int d = 1; d <= n; d++)
                two_places |= (unsigned)cg_exactly_two(pos[d]) << (d - 1);
            if (!cg_two_or_more(two_places) || empty_cells(cx, u) <= 4)
                continue;
            /* the pairs {a, bb} of those digits in FOR_PAIRS_IN()'s order (by bb, then a),
             * read from their bits: bb with the digits below it, those that moved alone
             * unless bb moved */
            for (unsigned bs = two_places & ~1u; bs; bs &= bs - 1) {
                int bb = bit_index32(bs);
                unsigned as = two_places & ((1u << bb) - 1);
                if (!((moved >> bb) & 1))
                    as &= moved;
                for (; as; as &= as - 1) {
                    int a = bit_index32(as);
                    unit_set pa = pos[a + 1], pb = pos[bb + 1], both = (unit_set)(pa | pb);
                    if (!cg_two_or_more(pa) || !cg_two_or_more(pb) || !cg_exactly_two(both))
                        continue;
                    sudoku_mask pair = (sudoku_mask)(sudoku_bit(a + 1) | sudoku_bit(bb + 1));
                    uint8_t cells[2];
                    sudoku_mask masks[2];
                    uint16_t parents[2 * SUDOKU_MAX_N];
                    int k = 0, np = 0;
                    for (int j = 0; j < n; j++) {
                        int c = l->unit_cell[u][j];
                        if (both & (1u << j)) {
                            sudoku_mask rest = (sudoku_mask)(r->cand[c] & ~pair);
                            if (rest) {
                                cells[k] = (uint8_t)c;
                                masks[k++] = rest;
                            }
                        } else {
                            for (int v = 0; v < 2; v++) {
                                int d = v ? bb + 1 : a + 1;
                                if (cx->cand0[c] & sudoku_bit(d))
                                    parents[np++] = (uint16_t)(c * n + d - 1);
                            }
                        }
                    }
                    o->tag = (cg_rule_tag){ SUDOKU_LINK_HIDDEN_PAIR, { (uint8_t)u, (uint8_t)u }, pair };
                    emit(o, cells, masks, k, parents, np);
                }
            }
        }
}

static void naked_pairs(rule_out *o)
{
    const cg_ctx *cx = o->cx;
    const cg_run *r = o->r;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < n; i++) {
            int u = unit_of_kind(l, kind == 0 ? 0 : kind == 1 ? 2 : 1, i);
            /* one of the pair's cells must have lost candidates since the rule
             * last looked: then its unit lost places (the run's cand and where
             * agree at a fixpoint) */
            if (!((o->moved_any >> u) & 1))
                continue;
            /* a naked pair is two cells of the same two candidates: none without two such
             * cells, and the pairs with another cell fail the test below */
            unsigned two_cands = 0;
            for (int j = 0; j < n; j++)
                two_cands |= (unsigned)cg_exactly_two(r->cand[l->unit_cell[u][j]]) << j;
            if (!cg_two_or_more(two_cands) || empty_cells(cx, u) < 4)
                continue;
            FOR_PAIRS_IN(a, bb, two_cands)
            {
                int ca = l->unit_cell[u][a], cb = l->unit_cell[u][bb];
                sudoku_mask ma = r->cand[ca], mb = r->cand[cb], both = (sudoku_mask)(ma | mb);
                if (!cg_two_or_more(ma) || !cg_two_or_more(mb) || !cg_exactly_two(both))
                    continue;
                uint8_t cells[SUDOKU_MAX_N];
                sudoku_mask masks[SUDOKU_MAX_N];
                uint16_t parents[2 * SUDOKU_MAX_N];
                int k = 0, np = 0;
                for (int j = 0; j < n; j++) {
                    int c = l->unit_cell[u][j];
                    if (j == a || j == bb)
                        continue;
                    sudoku_mask m = (sudoku_mask)(r->cand[c] & both);
                    if (m) {
                        cells[k] = (uint8_t)c;
                        masks[k++] = m;
                    }
                }
                int pc[2] = { ca, cb };
                for (int t = 0; t < 2; t++)
                    for (sudoku_mask m = (sudoku_mask)(cx->cand0[pc[t]] & ~both); m; m &= (sudoku_mask)(m - 1))
                        parents[np++] = (uint16_t)(pc[t] * n + mask_first_digit(m) - 1);
                o->tag = (cg_rule_tag){ SUDOKU_LINK_NAKED_PAIR, { (uint8_t)u, (uint8_t)u }, both };
                emit(o, cells, masks, k, parents, np);
            }
        }
}

static void x_wings(rule_out *o)
{
    const cg_ctx *cx = o->cx;
    const cg_run *r = o->r;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    for (int dir = 0; dir < 2; dir++) { /* 0: columns are the base, 1: rows */
        int base_kind = dir == 0 ? 2 : 1, cover_kind = dir == 0 ? 1 : 2;
        /* an X-Wing's base lines hold its digit in the same two places:
         * the digits with two places in each line, those of two lines in common;
         * and its digit moved in one of them: only digits that moved in some line count */
        sudoku_mask two[SUDOKU_MAX_N], moved[SUDOKU_MAX_N]; /* and the digits that moved in each line */
        sudoku_mask moved_in_some = 0;
        for (int i = 0; i < n; i++) {
            moved[i] = o->moved_digits[unit_of_kind(l, base_kind, i)];
            moved_in_some |= moved[i];
        }
        unsigned lines = 0; /* the lines with some such digit: the pairs with another line have none in common */
        for (int i = 0; i < n; i++) {
            const unit_set *where = r->where[unit_of_kind(l, base_kind, i)];
            two[i] = 0;
            for (sudoku_mask dm = moved_in_some; dm; dm &= (sudoku_mask)(dm - 1))
                if (cg_exactly_two(where[mask_first_digit(dm)]))
                    two[i] |= (sudoku_mask)(dm & -dm);
            lines |= (unsigned)(two[i] != 0) << i;
        }
        FOR_PAIRS_IN(a, bb, lines)
        {
            int base[2] = { unit_of_kind(l, base_kind, a), unit_of_kind(l, base_kind, bb) };
            /* the parents are places the run removed from the base lines */
            sudoku_mask digits = (sudoku_mask)(two[a] & two[bb] & (moved[a] | moved[bb]));
            for (sudoku_mask dm = digits; dm; dm &= (sudoku_mask)(dm - 1)) {
                int d = mask_first_digit(dm);
                if (cx->placed_count[d] + 4 > n)
                    continue;
                sudoku_mask b = sudoku_bit(d);
                unit_set pos[2] = { r->where[base[0]][d], r->where[base[1]][d] };
                unit_set cover = (unit_set)(pos[0] | pos[1]);
                if (!cg_two_or_more(pos[0]) || !cg_two_or_more(pos[1]) || !cg_exactly_two(cover))
                    continue;
                uint8_t cells[2 * SUDOKU_MAX_N];
                sudoku_mask masks[2 * SUDOKU_MAX_N];
                uint16_t parents[2 * SUDOKU_MAX_N];
                int k = 0, np = 0;
                unit_set base_set = (unit_set)((1u << a) | (1u << bb));
                for (int j = 0; j < n; j++) {
                    if (!(cover & (1u << j)))
                        continue;
                    int cu = unit_of_kind(l, cover_kind, j);
                    for (int i = 0; i < n; i++) {
                        int c = l->unit_cell[cu][i];
                        if (!(base_set & (1u << i)) && (r->cand[c] & b)) {
                            cells[k] = (uint8_t)c;
                            masks[k++] = b;
                        }
                    }
                }
                if (!k)
                    continue;
                for (int t = 0; t < 2; t++)
                    for (int j = 0; j < n; j++) {
                        int c = l->unit_cell[base[t]][j];
                        if (removed(cx, r, c, b) && !(cover & (1u << j)))
                            parents[np++] = (uint16_t)(c * n + d - 1);
                    }
                o->tag = (cg_rule_tag){ SUDOKU_LINK_X_WING, { (uint8_t)base[0], (uint8_t)base[1] }, b };
                emit(o, cells, masks, k, parents, np);
            }
        }
    }
}

int cg_advanced(const cg_ctx *cx, cg_run *r)
{
    rule_out o = { .cx = cx, .r = r }; /* the rest zero; run_rule() sets the moved sets */
    note_changes(cx, r);
    void (*const rules[CG_RULES])(rule_out *) = { locking, hidden_pairs, naked_pairs, x_wings };
    for (int i = 0; i < CG_RULES && !o.any; i++) {
        run_rule(&o, i, rules[i]);
    }
    if (o.any || cx->level < 2)
        return o.added;
    /* SE's nested chaining rules: the first that relies on the run wins */
    bool any = false;
    if (cx->level >= 4)
        return cx->nesting->nested_multiple(cx, r, &any);
    int added = cx->nesting->nested_static(cx, r, &any);
    if (!any && cx->level == 3)
        added = cx->nesting->nested_multiple(cx, r, &any);
    return added;
}

const cg_nesting cg_nesting_plus = { cg_advanced, NULL, NULL };
