/*
 * test_rating.c - grades on Sudoku Explainer's scale (ER/EP/ED) and the
 * named levels.
 *
 *   - the issue's puzzles with their ratings measured by SE itself;
 *   - crafted puzzles and positions rated by hand from the definitions;
 *   - agreement with SE on every puzzle of ../shared/reference/se_ratings.tsv
 *     whose SE rating path uses only techniques of our table;
 *   - soundness of every step, and the level checked against an
 *     independent closure (below), on the committed puzzles and SE's.
 *
 * The definitions, as SE computes them along its solving path, where each
 * step is the first one found in the table order of engine.c:
 *   ER  the highest step rating on the path;
 *   EP  the highest rating up to and including the first step that places
 *       a digit;
 *   ED  the rating of the first step.
 * The level is the easiest tier that solves the puzzle on its own:
 *   easy = singles, medium = + locked candidates (pointing, claiming),
 *   hard = + naked/hidden subsets, expert = + fish (X-Wing, Swordfish),
 *   XY- and XYZ-Wings and aligned pair/triple exclusion,
 *   extreme = none of them do: guessing is needed.
 * Unique rectangles and loops and BUG (which assume one solution) are
 * expert techniques too.
 *
 * Ratings are in tenths, as in the library: 26 is 2.6.
 */
#define _POSIX_C_SOURCE 200809L

#include "test_util.h"

#include <dirent.h>

/* ------------------------------------------------------------ helpers */

static const char *tech_id(int t) { return t >= 0 ? sudoku_technique_get(t)->id : "none"; }

/*
 * Reads the one puzzle or position in 'text' and loads it, checking that it
 * is a legal candidate state: the reader takes it, no two equal digits
 * share a unit, no cell or digit is left without a place, every candidate
 * written survives loading (none is a digit a peer already holds), and at
 * least one solution exists. (A plain puzzle line gives every digit to its
 * blanks; loading then takes the givens' digits away, as it should.)
 */
static void load_legal(const char *text, sudoku_record *rec, sudoku_grid *g)
{
    char why[160] = "";
    tu_read_one(text, 0, rec);
    if (!rec->ok)
        fail_msg("reader: %s", rec->error);
    if (!sudoku_grid_from_record(g, rec, why, sizeof why))
        fail_msg("contradiction: %s", why);
    assert_false(sudoku_grid_contradiction(g, why, sizeof why));
    for (int c = 0; c < g->layout->ncells; c++) {
        if (rec->given[c])
            assert_int_equal(g->digit[c], rec->given[c]);
        else if (rec->pencil && g->cand[c] != rec->cand[c])
            fail_msg("cell %d: candidates 0x%x as written, 0x%x once loaded", c, rec->cand[c], g->cand[c]);
    }
    assert_int_equal(sudoku_solve(g, 1, NULL, NULL), 1);
}

/* A puzzle must also have exactly one solution, which is returned. */
static void load_unique(const char *text, sudoku_grid *g, uint8_t *solution)
{
    static sudoku_record rec;
    load_legal(text, &rec, g);
    assert_int_equal(sudoku_solve(g, 2, solution, NULL), 1);
}

/* ---------------------------------------------- an independent level closure */

/*
 * The level from its definition, written independently of the engine: the
 * easiest tier whose techniques, applied until none applies, solve the
 * puzzle. These techniques only ever remove candidates, and but for the
 * uniqueness ones a pattern stays valid as candidates go (or a smaller one,
 * or a single, takes its place), so the final state (the closure) does not
 * depend on the order: the engine's tier pass must end where this does.
 * Unique loops and BUG are the exception: a corner placed by another step
 * can break their pattern with its eliminations still to make. The two
 * orders (theirs first here, SE's in the engine) have not been told apart
 * on any puzzle checked, which this test asserts. The techniques are the
 * plain ones, without SE's search limits (cells or lines with one
 * candidate, the e >= 2k rules, the fish digit count): each thing those
 * limits skip is matched by a complementary smaller pattern with the same
 * eliminations, or by a single, which stay.
 */

/* Cells of unit u (as indexes into the unit) where d is still a candidate. */
static unsigned ref_where(const sudoku_grid *g, int u, int d)
{
    const sudoku_layout *l = g->layout;
    unsigned w = 0;
    for (int i = 0; i < l->n; i++) {
        int c = l->unit_cell[u][i];
        if (!g->digit[c] && (g->cand[c] & sudoku_bit(d)))
            w |= 1u << i;
    }
    return w;
}

static bool ref_placed(const sudoku_grid *g, int u, int d)
{
    for (int i = 0; i < g->layout->n; i++)
        if (g->digit[g->layout->unit_cell[u][i]] == d)
            return true;
    return false;
}

static int ref_bits(unsigned m)
{
    int k = 0;
    for (; m; m &= m - 1)
        k++;
    return k;
}

static int ref_index(unsigned m)
{
    int i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        i++;
    }
    return i;
}

static bool ref_singles(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c] && ref_bits(g->cand[c]) == 1)
            return sudoku_grid_place(g, c, ref_index(g->cand[c]) + 1);
    for (int u = 0; u < l->nunits; u++)
        for (int d = 1; d <= l->n; d++) {
            unsigned w = ref_where(g, u, d);
            if (ref_bits(w) == 1 && !ref_placed(g, u, d))
                return sudoku_grid_place(g, l->unit_cell[u][ref_index(w)], d);
        }
    return false;
}

/* Whether cell c belongs to unit u. */
static bool ref_in(const sudoku_layout *l, int c, int u)
{
    return l->cell_unit[c][0] == u || l->cell_unit[c][1] == u || l->cell_unit[c][2] == u;
}

/* Pointing and claiming: d's places in unit a all lie in unit b. */
static bool ref_intersections(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    bool progress = false;
    for (int a = 0; a < l->nunits; a++)
        for (int b = 0; b < l->nunits; b++) {
            if ((a < 2 * l->n) == (b < 2 * l->n))
                continue; /* one box and one line */
            for (int d = 1; d <= l->n; d++) {
                unsigned w = ref_where(g, a, d);
                if (!w)
                    continue;
                bool inside = true;
                for (unsigned m = w; m; m &= m - 1)
                    if (!ref_in(l, l->unit_cell[a][ref_index(m)], b))
                        inside = false;
                if (!inside)
                    continue;
                for (int i = 0; i < l->n; i++) {
                    int c = l->unit_cell[b][i];
                    if (!ref_in(l, c, a) && !g->digit[c] && sudoku_grid_eliminate(g, c, d))
                        progress = true;
                }
            }
        }
    return progress;
}

/* Naked and hidden sets of 2 to 4, in every unit. */
static bool ref_subsets(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    int n = l->n;
    bool progress = false;
    for (int u = 0; u < l->nunits; u++) {
        for (unsigned set = 1; set < (1u << n); set++) {
            int k = ref_bits(set);
            if (k < 2 || k > 4)
                continue;
            /* naked: 'set' is a set of empty cells of u */
            sudoku_mask digits = 0;
            bool cells_ok = true;
            for (unsigned m = set; m; m &= m - 1) {
                int c = l->unit_cell[u][ref_index(m)];
                if (g->digit[c])
                    cells_ok = false;
                digits |= g->cand[c];
            }
            if (cells_ok && ref_bits(digits) == k)
                for (int i = 0; i < n; i++) {
                    int c = l->unit_cell[u][i];
                    if (!(set & (1u << i)) && !g->digit[c])
                        for (int d = 1; d <= n; d++)
                            if ((digits & sudoku_bit(d)) && sudoku_grid_eliminate(g, c, d))
                                progress = true;
                }
            /* hidden: 'set' is a set of digits (bit d-1) not placed in u */
            unsigned places = 0;
            bool digits_ok = true;
            for (unsigned m = set; m; m &= m - 1) {
                int d = ref_index(m) + 1;
                if (ref_placed(g, u, d))
                    digits_ok = false;
                places |= ref_where(g, u, d);
            }
            if (digits_ok && ref_bits(places) == k)
                for (unsigned m = places; m; m &= m - 1) {
                    int c = l->unit_cell[u][ref_index(m)];
                    for (int d = 1; d <= n; d++)
                        if (!(set & (1u << (d - 1))) && sudoku_grid_eliminate(g, c, d))
                            progress = true;
                }
        }
    }
    return progress;
}

/*
 * Uniqueness, from the deadly-pattern argument (the puzzle has one
 * solution), written as a search of its own.
 *
 * Loops: cells that all hold digits a and b, each consecutive pair (and the
 * last and first) sharing a unit, every unit they touch holding exactly two
 * of them at places of different parity (so the cells could swap a and b).
 * As in SE, at most two cells hold more, or all the extra candidates are one
 * digit. Some extra candidate R is then true, so:
 *   - a candidate that every candidate of R rules out goes (types 1 and 2);
 *   - with two extra cells c1, c2 sharing a unit U: a (or b) with no other
 *     place in U makes b (or a) leave both (type 4); c1, c2 taken as one cell
 *     holding the extra digits form a naked set with k-1 other cells of U,
 *     whose digits leave U's other cells; or k digits including a and b have
 *     their places of U (c2 aside) in c1 and k-1 other cells, which lose
 *     their other digits (type 3).
 * BUG: removing some candidates of the cells with 3 or more (down to two
 * each) leaves every empty cell two candidates and every digit two places
 * or none in every unit; one removed candidate R is then true, and a
 * candidate that all of R rule out goes (types 1 and 2; 3 and 4 are left out).
 */
typedef struct ref_cand {
    int cell, digit;
} ref_cand;

/* Whether two distinct cells share a unit. */
static bool ref_shares_unit(const sudoku_layout *l, int a, int b)
{
    if (a == b)
        return false;
    for (int k = 0; k < 3; k++)
        if (ref_in(l, b, l->cell_unit[a][k]))
            return true;
    return false;
}

/* Whether (cell, digit) being true removes candidate (c, d). */
static bool ref_kills(const sudoku_layout *l, ref_cand r, int c, int d)
{
    return (r.cell == c && r.digit != d) || (r.digit == d && ref_shares_unit(l, r.cell, c));
}

/* Removes every candidate that all of R rule out. */
static bool ref_one_is_true(sudoku_grid *g, const ref_cand *rs, int nr)
{
    const sudoku_layout *l = g->layout;
    bool progress = false;
    if (!nr)
        return false;
    for (int c = 0; c < l->ncells; c++)
        for (int d = 1; d <= l->n && !g->digit[c]; d++) {
            if (!(g->cand[c] & sudoku_bit(d)))
                continue;
            bool all = true;
            for (int i = 0; i < nr && all; i++)
                all = ref_kills(l, rs[i], c, d);
            if (all && sudoku_grid_eliminate(g, c, d))
                progress = true;
        }
    return progress;
}

static bool ref_unit_has(const sudoku_layout *l, int u, int c)
{
    for (int i = 0; i < l->n; i++)
        if (l->unit_cell[u][i] == c)
            return true;
    return false;
}

/* Type 3 and 4 for a loop on {a,b} whose extra cells are c1, c2. */
static bool ref_loop_pair_rules(sudoku_grid *g, sudoku_mask ab, int c1, int c2)
{
    const sudoku_layout *l = g->layout;
    int n = l->n;
    bool progress = false;
    sudoku_mask extra = (sudoku_mask)((g->cand[c1] | g->cand[c2]) & ~ab);
    for (int u = 0; u < l->nunits; u++) {
        if (!ref_unit_has(l, u, c1) || !ref_unit_has(l, u, c2))
            continue;
        for (int x = 1; x <= n; x++) {
            if (!(ab & sudoku_bit(x)))
                continue;
            bool elsewhere = false;
            for (int i = 0; i < n; i++) {
                int c = l->unit_cell[u][i];
                elsewhere = elsewhere || (c != c1 && c != c2 && !g->digit[c] && (g->cand[c] & sudoku_bit(x)));
            }
            if (!elsewhere) {
                int y = ref_index((unsigned)(ab & ~sudoku_bit(x))) + 1;
                progress |= sudoku_grid_eliminate(g, c1, y);
                progress |= sudoku_grid_eliminate(g, c2, y);
            }
        }
        if (ref_bits(extra) < 2)
            continue;
        /* Subsets of the unit's other cells, as a bitmask of unit positions. */
        for (unsigned set = 1; set < (1u << n); set++) {
            sudoku_mask naked = extra;
            bool ok = true;
            int k = ref_bits(set) + 1;
            for (int i = 0; i < n && ok; i++) {
                int c = l->unit_cell[u][i];
                if (!(set & (1u << i)))
                    continue;
                ok = c != c1 && c != c2 && !g->digit[c];
                naked |= g->cand[c];
            }
            if (!ok)
                continue;
            if (ref_bits(naked) == k)
                for (int i = 0; i < n; i++) {
                    int c = l->unit_cell[u][i];
                    if (!(set & (1u << i)) && c != c1 && c != c2 && !g->digit[c])
                        for (int d = 1; d <= n; d++)
                            if (naked & sudoku_bit(d))
                                progress |= sudoku_grid_eliminate(g, c, d);
                }
            /* Hidden: digits whose places (c2 aside) are c1 and 'set'. */
            sudoku_mask hidden = 0;
            for (int d = 1; d <= n; d++) {
                bool inside = !(extra & sudoku_bit(d)), any = false;
                for (int i = 0; i < n && inside; i++) {
                    int c = l->unit_cell[u][i];
                    if (c == c2 || g->digit[c] || !(g->cand[c] & sudoku_bit(d)))
                        continue;
                    any = true;
                    inside = c == c1 || (set & (1u << i));
                }
                if (inside && any)
                    hidden |= sudoku_bit(d);
            }
            if ((hidden & ab) == ab && ref_bits(hidden) == k)
                for (int i = 0; i < n; i++)
                    if (set & (1u << i))
                        for (int d = 1; d <= n; d++)
                            if (!(hidden & sudoku_bit(d)))
                                progress |= sudoku_grid_eliminate(g, l->unit_cell[u][i], d);
        }
    }
    return progress;
}

typedef struct ref_loop {
    sudoku_grid *g;
    sudoku_mask ab;
    int len;
    int cells[SUDOKU_MAX_CELLS];
    bool used[SUDOKU_MAX_CELLS];
    int count[SUDOKU_MAX_UNITS];     /* loop cells in each unit */
    int parity[SUDOKU_MAX_UNITS];    /* sum of their places' parities */
    int nextra;                      /* cells holding more than a and b */
    sudoku_mask extra_digits;
    bool progress;
} ref_loop;

/* A closed candidate loop: check the units and apply the rules. */
static void ref_loop_closed(ref_loop *rl)
{
    const sudoku_layout *l = rl->g->layout;
    for (int u = 0; u < l->nunits; u++)
        if (rl->count[u] && (rl->count[u] != 2 || rl->parity[u] != 1))
            return;
    ref_cand rs[4 * SUDOKU_MAX_CELLS];
    int nr = 0, extra[SUDOKU_MAX_CELLS], ne = 0;
    sudoku_mask extra_digits = 0;
    for (int i = 0; i < rl->len; i++) {
        int c = rl->cells[i];
        sudoku_mask more = (sudoku_mask)(rl->g->cand[c] & ~rl->ab);
        if (!more)
            continue;
        extra[ne++] = c;
        extra_digits |= more;
        for (int d = 1; d <= l->n; d++)
            if (more & sudoku_bit(d))
                rs[nr++] = (ref_cand){ c, d };
    }
    if (ne > 2 && ref_bits(extra_digits) != 1)
        return;
    rl->progress |= ref_one_is_true(rl->g, rs, nr);
    if (ne == 2)
        rl->progress |= ref_loop_pair_rules(rl->g, rl->ab, extra[0], extra[1]);
}

static void ref_loop_extend(ref_loop *rl)
{
    const sudoku_layout *l = rl->g->layout;
    int last = rl->cells[rl->len - 1];
    if (rl->len >= 4 && rl->len % 2 == 0 && ref_shares_unit(l, last, rl->cells[0]))
        ref_loop_closed(rl);
    for (int c = rl->cells[0] + 1; c < l->ncells; c++) {
        if (rl->used[c] || rl->g->digit[c] || (rl->g->cand[c] & rl->ab) != rl->ab || !ref_shares_unit(l, last, c))
            continue;
        bool fits = true;
        for (int k = 0; k < 3; k++)
            fits = fits && rl->count[l->cell_unit[c][k]] < 2;
        sudoku_mask more = (sudoku_mask)(rl->g->cand[c] & ~rl->ab);
        int nextra = rl->nextra + (more != 0);
        sudoku_mask extra_digits = (sudoku_mask)(rl->extra_digits | more);
        if (!fits || (nextra > 2 && ref_bits(extra_digits) != 1))
            continue;
        int saved_nextra = rl->nextra;
        sudoku_mask saved_digits = rl->extra_digits;
        rl->nextra = nextra;
        rl->extra_digits = extra_digits;
        rl->cells[rl->len] = c;
        rl->used[c] = true;
        for (int k = 0; k < 3; k++) {
            rl->count[l->cell_unit[c][k]]++;
            rl->parity[l->cell_unit[c][k]] += rl->len % 2;
        }
        rl->len++;
        ref_loop_extend(rl);
        rl->len--;
        for (int k = 0; k < 3; k++) {
            rl->count[l->cell_unit[c][k]]--;
            rl->parity[l->cell_unit[c][k]] -= rl->len % 2;
        }
        rl->used[c] = false;
        rl->nextra = saved_nextra;
        rl->extra_digits = saved_digits;
    }
}

static bool ref_unique_loops(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    static ref_loop rl;
    memset(&rl, 0, sizeof rl);
    rl.g = g;
    for (int a = 1; a <= l->n; a++)
        for (int b = a + 1; b <= l->n; b++) {
            rl.ab = (sudoku_mask)(sudoku_bit(a) | sudoku_bit(b));
            for (int c = 0; c < l->ncells; c++) {
                if (g->digit[c] || (g->cand[c] & rl.ab) != rl.ab)
                    continue;
                rl.cells[0] = c;
                rl.used[c] = true;
                rl.len = 1;
                rl.extra_digits = (sudoku_mask)(g->cand[c] & ~rl.ab);
                rl.nextra = rl.extra_digits != 0;
                for (int k = 0; k < 3; k++)
                    rl.count[l->cell_unit[c][k]] = 1;
                ref_loop_extend(&rl);
                for (int k = 0; k < 3; k++)
                    rl.count[l->cell_unit[c][k]] = 0;
                rl.used[c] = false;
            }
        }
    return rl.progress;
}

/* Whether the candidates in 'cand' are a bivalue universal grave. */
static bool ref_is_grave(const sudoku_grid *g, const sudoku_mask *cand)
{
    const sudoku_layout *l = g->layout;
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c] && ref_bits(cand[c]) != 2)
            return false;
    for (int u = 0; u < l->nunits; u++)
        for (int d = 1; d <= l->n; d++) {
            int places = 0;
            for (int i = 0; i < l->n; i++)
                places += (cand[l->unit_cell[u][i]] & sudoku_bit(d)) != 0;
            if (places != 0 && places != 2)
                return false;
        }
    return true;
}

/* Tries every way of cutting the cells with 3+ candidates (from the k-th on) to two. */
static bool ref_bug_cut(sudoku_grid *g, const int *poly, int npoly, int k, sudoku_mask *cand)
{
    if (k == npoly) {
        if (!ref_is_grave(g, cand))
            return false;
        ref_cand rs[4 * SUDOKU_MAX_CELLS];
        int nr = 0;
        for (int i = 0; i < npoly; i++)
            for (int d = 1; d <= g->layout->n; d++)
                if ((g->cand[poly[i]] & ~cand[poly[i]]) & sudoku_bit(d))
                    rs[nr++] = (ref_cand){ poly[i], d };
        return ref_one_is_true(g, rs, nr);
    }
    int c = poly[k];
    sudoku_mask full = g->cand[c];
    for (int x = 1; x <= g->layout->n; x++)
        for (int y = x + 1; y <= g->layout->n; y++) {
            sudoku_mask keep = (sudoku_mask)(sudoku_bit(x) | sudoku_bit(y));
            if ((full & keep) != keep)
                continue;
            cand[c] = keep;
            bool done = ref_bug_cut(g, poly, npoly, k + 1, cand);
            cand[c] = full;
            if (done)
                return true;
        }
    return false;
}

static bool ref_bug(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    int poly[8], npoly = 0;
    for (int c = 0; c < l->ncells; c++) {
        if (g->digit[c] || ref_bits(g->cand[c]) <= 2)
            continue;
        if (npoly == 4)
            return false; /* too far from a grave to bother */
        poly[npoly++] = c;
    }
    if (!npoly)
        return false;
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    memcpy(cand, g->cand, sizeof cand);
    return ref_bug_cut(g, poly, npoly, 0, cand);
}

/* X-Wing and Swordfish: k lines of one direction whose places of d lie in
 * k lines of the other. */
static bool ref_fish(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    int n = l->n;
    bool progress = false;
    for (int d = 1; d <= n; d++)
        for (int dir = 0; dir < 2; dir++) { /* base lines: rows (0) or columns (1) */
            for (unsigned base = 1; base < (1u << n); base++) {
                int k = ref_bits(base);
                if (k < 2 || k > 3)
                    continue;
                unsigned cover = 0;
                bool ok = true;
                for (unsigned m = base; m; m &= m - 1) {
                    int line = dir * n + ref_index(m);
                    if (ref_placed(g, line, d))
                        ok = false;
                    cover |= ref_where(g, line, d); /* unit index = cross line */
                }
                if (!ok || ref_bits(cover) != k)
                    continue;
                for (unsigned m = cover; m; m &= m - 1) {
                    int line = (1 - dir) * n + ref_index(m);
                    for (int i = 0; i < n; i++)
                        if (!(base & (1u << i)) && !g->digit[l->unit_cell[line][i]] &&
                            sudoku_grid_eliminate(g, l->unit_cell[line][i], d))
                            progress = true;
                }
            }
        }
    return progress;
}

/* Whether two distinct cells share a unit. */
static bool ref_sees(const sudoku_layout *l, int a, int b)
{
    if (a == b)
        return false;
    for (int k = 0; k < 3; k++)
        if (ref_in(l, b, l->cell_unit[a][k]))
            return true;
    return false;
}

/* XY-Wing and XYZ-Wing: a pivot {x,y} (or {x,y,z}) seeing pincers {x,z}
 * and {y,z}; z leaves the cells seeing both pincers (and the pivot). */
static bool ref_wings(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    bool progress = false;
    for (int p = 0; p < l->ncells; p++) {
        int np = ref_bits(g->cand[p]);
        if (g->digit[p] || np < 2 || np > 3)
            continue;
        for (int a = 0; a < l->ncells; a++)
            for (int b = a + 1; b < l->ncells; b++) {
                sudoku_mask ma = g->cand[a], mb = g->cand[b], mp = g->cand[p];
                if (g->digit[a] || g->digit[b] || ref_bits(ma) != 2 || ref_bits(mb) != 2 || ma == mb ||
                    !ref_sees(l, p, a) || !ref_sees(l, p, b) || ref_bits(mp | ma | mb) != 3)
                    continue;
                sudoku_mask z = ma & mb;
                if (ref_bits(z) != 1 || (np == 2 && (mp & z)) || (np == 3 && (ma | mb) != mp))
                    continue;
                for (int c = 0; c < l->ncells; c++)
                    if (c != p && ref_sees(l, a, c) && ref_sees(l, b, c) && (np == 2 || ref_sees(l, p, c)) &&
                        !g->digit[c] && sudoku_grid_eliminate(g, c, ref_index(z) + 1))
                        progress = true;
            }
    }
    return progress;
}

/*
 * Aligned exclusion of k = 2 or 3 cells, with SE's conditions: the base
 * cells have two or more candidates; they share at least two excluders
 * (peers of them all with 2..k candidates); a third cell has 2..3
 * candidates and sees one of the first two. A digit of a base cell goes
 * when every filling of the base cells with it repeats a digit in two
 * cells that see each other or takes all of an excluder's candidates.
 */
static bool ref_aligned_set(sudoku_grid *g, int k, const int *cells)
{
    const sudoku_layout *l = g->layout;
    sudoku_mask ex[64];
    int nex = 0;
    for (int e = 0; e < l->ncells; e++) {
        int ne = ref_bits(g->cand[e]);
        if (g->digit[e] || ne < 2 || ne > k)
            continue;
        bool all = true;
        for (int i = 0; i < k; i++)
            all = all && ref_sees(l, e, cells[i]);
        if (all && nex < 64)
            ex[nex++] = g->cand[e];
    }
    if (nex < 2)
        return false;
    sudoku_mask keep[3] = { 0, 0, 0 };
    int d[3] = { 1, 1, 1 };
    for (d[0] = 1; d[0] <= l->n; d[0]++)
        for (d[1] = 1; d[1] <= l->n && (g->cand[cells[0]] & sudoku_bit(d[0])); d[1]++)
            for (d[2] = 1; d[2] <= (k == 3 ? l->n : 1) && (g->cand[cells[1]] & sudoku_bit(d[1])); d[2]++) {
                sudoku_mask used = 0;
                bool ok = true;
                for (int i = 0; i < k; i++) {
                    ok = ok && (g->cand[cells[i]] & sudoku_bit(d[i]));
                    used |= sudoku_bit(d[i]);
                    for (int j = 0; j < i; j++)
                        ok = ok && !(d[i] == d[j] && ref_sees(l, cells[i], cells[j]));
                }
                for (int e = 0; e < nex && ok; e++)
                    ok = (ex[e] & ~used) != 0;
                if (ok)
                    for (int i = 0; i < k; i++)
                        keep[i] |= sudoku_bit(d[i]);
            }
    bool progress = false;
    for (int i = 0; i < k; i++)
        for (int x = 1; x <= l->n; x++)
            if (!(keep[i] & sudoku_bit(x)) && sudoku_grid_eliminate(g, cells[i], x))
                progress = true;
    return progress;
}

static bool ref_aligned_exclusion(sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    bool progress = false;
    for (int a = 0; a < l->ncells; a++)
        for (int b = a + 1; b < l->ncells; b++) {
            if (g->digit[a] || g->digit[b] || ref_bits(g->cand[a]) < 2 || ref_bits(g->cand[b]) < 2)
                continue;
            int pair[2] = { a, b };
            progress |= ref_aligned_set(g, 2, pair);
            for (int c = 0; c < l->ncells; c++) {
                int nc = ref_bits(g->cand[c]);
                if (c == a || c == b || g->digit[c] || nc < 2 || nc > 3 || !(ref_sees(l, a, c) || ref_sees(l, b, c)))
                    continue;
                int triple[3] = { a, b, c };
                progress |= ref_aligned_set(g, 3, triple);
            }
        }
    return progress;
}

/* The tier closure solves the grid (tier: 0 singles ... 3 fish, wings and
 * aligned exclusion). */
static bool ref_tier_solves(const sudoku_grid *start, int tier)
{
    sudoku_grid g = *start;
    while (g.empty) {
        if (sudoku_grid_contradiction(&g, NULL, 0))
            return false;
        if (ref_singles(&g))
            continue;
        if (tier >= 1 && ref_intersections(&g))
            continue;
        if (tier >= 2 && ref_subsets(&g))
            continue;
        if (tier >= 3 && ref_unique_loops(&g))
            continue;
        if (tier >= 3 && ref_bug(&g))
            continue;
        if (tier >= 3 && ref_fish(&g))
            continue;
        if (tier >= 3 && ref_wings(&g))
            continue;
        if (tier >= 3 && ref_aligned_exclusion(&g))
            continue;
        return false;
    }
    return true;
}

static enum sudoku_level ref_level(const sudoku_grid *g)
{
    for (int tier = 0; tier < 4; tier++)
        if (ref_tier_solves(g, tier))
            return (enum sudoku_level)tier;
    return SUDOKU_LEVEL_EXTREME;
}

/* ------------------------------------------------------------ expectations */

/*
 * The dataset checks and the crafted stalling positions stop the table at
 * nested-chain-fc: the nested chains of levels 3-4 take seconds a forum
 * puzzle, and minutes on an open position that stalls anyway (test_engine,
 * test_chains and test_path cover them).
 */
#define TABLE_LAST SUDOKU_NESTED_CHAIN_FC

typedef struct expected {
    enum sudoku_level level;
    int er, ep, ed;
    int hardest;
} expected;

static void expect_rating(const sudoku_grid *g, const expected *want, const char *what)
{
    sudoku_rating r;
    sudoku_rate(g, &r);
    if (r.level != want->level || r.er != want->er || r.ep != want->ep || r.ed != want->ed ||
        r.hardest != want->hardest)
        fail_msg("%s: got %s %d/%d/%d %s, expected %s %d/%d/%d %s", what, sudoku_level_name(r.level), r.er, r.ep,
                 r.ed, tech_id(r.hardest), sudoku_level_name(want->level), want->er, want->ep, want->ed,
                 tech_id(want->hardest));
    /* Told the grid has one solution, the rating is the same. */
    sudoku_rating told;
    sudoku_rate_unique(g, SUDOKU_NTECHNIQUES - 1, &told);
    assert_int_equal(told.solutions, 1);
    assert_true(told.level == r.level && told.er == r.er && told.ep == r.ep && told.ed == r.ed &&
                told.hardest == r.hardest && told.guesses == r.guesses && told.depth == r.depth);
    assert_string_equal(told.hardest_name, r.hardest_name);
    assert_memory_equal(told.count, r.count, sizeof r.count);
    /* The level agrees with the independent closure too. */
    assert_int_equal(ref_level(g), want->level);
    if (want->er < 0)
        assert_true(r.guesses >= 1 && r.depth >= 1); /* logic stalled: the search guessed */
    else
        assert_true(r.guesses == 0 && r.depth == 0);
}

/* ------------------------------------------------------------ the issue's puzzles */

/*
 * Puzzles from the issue with SE's own ratings (ER/EP/ED), which must match
 * exactly. The level and hardest technique follow from the definitions:
 * ER names the technique (every rating is a different technique's), and the
 * level was worked out with an independent closure (ref_level above; also
 * checked with a separate script): puzzles 1 and 3 fall to singles alone
 * (easy, even though 3 needs a naked single, a single all the same);
 * 2, 4 and 5 need locked candidates - 2's hardest step on the rating path is
 * a direct hidden pair, but singles plus pointing/claiming solve it, so it
 * is medium. The sixth needs an XY-Wing (SE 4.2/1.2/1.2): expert.
 */
static void test_issue_puzzles(void **state)
{
    (void)state;
    static const struct {
        const char *puzzle;
        expected want;
    } cases[] = {
        { ".....5......2.738...91..2....1.6..7.5.....4.3.34.......6.8...3...5.......173.6..4",
          { SUDOKU_LEVEL_EASY, 15, 12, 12, SUDOKU_HIDDEN_SINGLE_LINE } },
        { "......8..4..93...2.8.15.....6......8.1....64.8.2..4.7.27...6.......8.5..9......3.",
          { SUDOKU_LEVEL_MEDIUM, 20, 12, 12, SUDOKU_DIRECT_HIDDEN_PAIR } },
        { "1......7......3.2..89...3.6.......6..62719.5..478......7..516....8.....7.1.3.....",
          { SUDOKU_LEVEL_EASY, 23, 12, 12, SUDOKU_NAKED_SINGLE } },
        { ".2...5...45.......7...4.....7.2..689..47..1.....9.1.74......3......62.9.215.7..6.",
          { SUDOKU_LEVEL_MEDIUM, 26, 12, 12, SUDOKU_POINTING } },
        { "12...647.45...1........461....56.....6..1...3.4...312.....2.8....8.....73.....29.",
          { SUDOKU_LEVEL_MEDIUM, 28, 12, 12, SUDOKU_CLAIMING } },
        { ".2....95......831.7...5........3...286.7.5.9..94..27..6....74....7..3.....86.....",
          { SUDOKU_LEVEL_EXPERT, 42, 12, 12, SUDOKU_XY_WING } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sudoku_grid g;
        uint8_t solution[SUDOKU_MAX_CELLS];
        load_unique(cases[i].puzzle, &g, solution);
        expect_rating(&g, &cases[i].want, cases[i].puzzle);
    }
}

/* ------------------------------------------------------------ crafted puzzles */

/* A solved 9x9 grid (the solution of Wikipedia's example puzzle):
 *   5 3 4 | 6 7 8 | 9 1 2
 *   6 7 2 | 1 9 5 | 3 4 8
 *   1 9 8 | 3 4 2 | 5 6 7
 *   ------+-------+------
 *   8 5 9 | 7 6 1 | 4 2 3
 *   4 2 6 | 8 5 3 | 7 9 1
 *   7 1 3 | 9 2 4 | 8 5 6
 *   ------+-------+------
 *   9 6 1 | 5 3 7 | 2 8 4
 *   2 8 7 | 4 1 9 | 6 3 5
 *   3 4 5 | 2 8 6 | 1 7 9
 * and a solved 8x8 brick-wall grid (boxes of 2 rows x 4 columns):
 *   7 6 1 8 | 5 3 4 2
 *   3 4 2 5 | 7 8 1 6
 *   5 7 6 3 | 1 2 8 4
 *   8 1 4 2 | 6 5 7 3
 *   2 8 7 1 | 4 6 3 5
 *   6 5 3 4 | 8 7 2 1
 *   4 3 5 7 | 2 1 6 8
 *   1 2 8 6 | 3 4 5 7
 */
#define SOLVED9 TU_EASY_SOLUTION
#define SOLVED8 "7618534234257816576312848142657328714635653487214357216812863457"

/* The grid with the listed cells (1-based row, column pairs) blanked. */
static const char *blanked(const char *solved, const int *rc, int count, char *buf)
{
    int n = strlen(solved) == 81 ? 9 : 8;
    strcpy(buf, solved);
    for (int i = 0; i < count; i++)
        buf[(rc[2 * i] - 1) * n + rc[2 * i + 1] - 1] = '.';
    return buf;
}

static void rate_puzzle(const char *text, const expected *want, const char *what, sudoku_rating *out)
{
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    load_unique(text, &g, solution);
    expect_rating(&g, want, what);
    sudoku_rate(&g, out);
}

static void test_crafted_puzzles(void **state)
{
    (void)state;
    char buf[128];
    sudoku_rating r;

    /* 1. A solved grid: no step at all. The library gives 0/0/0 and no
     *    hardest technique (SE has nothing to rate either); singles (none
     *    needed) suffice, so it is easy. */
    {
        expected want = { SUDOKU_LEVEL_EASY, 0, 0, 0, -1 };
        rate_puzzle(SOLVED9, &want, "solved 9x9", &r);
        for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
            assert_int_equal(r.count[t], 0);
    }

    /* 2. One blank, r5c5: its row, column and box each have one empty cell,
     *    so the first (and only) step is a full house, 1.0. It places, so
     *    EP = ED = ER = 1.0. Easy. */
    {
        static const int cells[] = { 5, 5 };
        expected want = { SUDOKU_LEVEL_EASY, 10, 10, 10, SUDOKU_FULL_HOUSE };
        rate_puzzle(blanked(SOLVED9, cells, 1, buf), &want, "9x9 one blank", &r);
        assert_int_equal(r.count[SUDOKU_FULL_HOUSE], 1);
    }

    /* 3. r1c1, r1c2, r2c1, r2c2 blanked (solution 5 3 / 6 7). Rows 1, 2 and
     *    columns 1, 2 have two empty cells each and box 1 four: no full
     *    house. Box 1 misses 3 5 6 7; 3 can only go in r1c2 (column 1 misses
     *    only 5 and 6, row 2 only 6 and 7), and 3 is the first digit tried,
     *    so the first step is a hidden single in a box, 1.2. Then row 1 or
     *    column 2 has one empty cell left: full houses (1.0) finish it.
     *    1.2/1.2/1.2, one box single and three full houses. Easy. */
    {
        static const int cells[] = { 1, 1, 1, 2, 2, 1, 2, 2 };
        expected want = { SUDOKU_LEVEL_EASY, 12, 12, 12, SUDOKU_HIDDEN_SINGLE_BOX };
        rate_puzzle(blanked(SOLVED9, cells, 4, buf), &want, "9x9 2x2 block", &r);
        assert_int_equal(r.count[SUDOKU_HIDDEN_SINGLE_BOX], 1);
        assert_int_equal(r.count[SUDOKU_FULL_HOUSE], 3);
    }

    /* 4. The first step must be a hidden single in a row, 1.5, in a unique
     *    puzzle given as pencil marks. Rows 4-9 are solved; rows 1-3 are
     *    empty, and each column c there misses the three digits of its box
     *    column, each of its three cells keeping two of them: r1 drops
     *    r2's digit, r2 drops r3's, r3 drops r1's (in column 9: r1 drops
     *    r3's, r2 drops r1's, r3 drops r2's). So every cell has two
     *    candidates, one of them its solution.
     *    - No full house: units hold 3 or 9 empty cells.
     *    - No hidden single in a box: a digit of a box lives in one column
     *      of it (its box column), where exactly two of the three cells keep
     *      it. The same holds in the columns.
     *    - Rows: with the same drop rule in every column each digit would
     *      appear twice in each row; column 9's different rule moves 7 out
     *      of row 1 (r1c9 is 28, not 27), 2 out of row 2 and 8 out of row 3.
     *      So 7 has one place in row 1, r1c5: columns are scanned before
     *      rows and have none, so the first step is r1c5=7, 1.5.
     *    - Afterwards: once a cell of a column is placed, the digit it
     *      shared with it has one place left in the box (the other cell of
     *      the column keeping it): a box single, 1.2; the column's last cell
     *      is then a full house, 1.0. A placement also removes its digit
     *      from the row, which leaves that digit one place in the other
     *      boxes' columns: box singles again. So box singles and full
     *      houses finish (no naked single, 2.3, is ever first).
     *    1.5/1.5/1.5, hardest hidden-single-line, easy; unique, since logic
     *    alone solves it. */
    {
        static const char *const band =
            "15 39 48 36 47 28 59 16 28\n"
            "56 37 24 16 79 58 39 14 78\n"
            "16 79 28 13 49 25 35 46 27\n"
            "8  5  9  7  6  1  4  2  3\n"
            "4  2  6  8  5  3  7  9  1\n"
            "7  1  3  9  2  4  8  5  6\n"
            "9  6  1  5  3  7  2  8  4\n"
            "2  8  7  4  1  9  6  3  5\n"
            "3  4  5  2  8  6  1  7  9\n";
        expected want = { SUDOKU_LEVEL_EASY, 15, 15, 15, SUDOKU_HIDDEN_SINGLE_LINE };
        rate_puzzle(band, &want, "band of pairs", &r);
        assert_int_equal(r.count[SUDOKU_NAKED_SINGLE], 0);
        sudoku_grid g;
        uint8_t solution[SUDOKU_MAX_CELLS];
        load_unique(band, &g, solution);
        sudoku_step s;
        assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
        assert_int_equal(s.technique, SUDOKU_HIDDEN_SINGLE_LINE);
        assert_int_equal(s.place_cell, 4); /* r1c5 */
        assert_int_equal(s.place_digit, 7);
        assert_int_equal(s.place_unit, 0); /* row 1 */
    }

    /* 5. 8x8, one blank (r8c8): full house, 1.0/1.0/1.0, easy. */
    {
        static const int cells[] = { 8, 8 };
        expected want = { SUDOKU_LEVEL_EASY, 10, 10, 10, SUDOKU_FULL_HOUSE };
        rate_puzzle(blanked(SOLVED8, cells, 1, buf), &want, "8x8 one blank", &r);
    }

    /* 6. 8x8, r1c1, r1c2, r2c1, r2c2 blanked: all in box 1 (rows 1-2,
     *    columns 1-4), solution 7 6 / 3 4. As in 3: rows 1, 2 and columns
     *    1, 2 have two empty cells, box 1 four, so no full house; r1c2 is
     *    the only place for 6 in box 1 (row 2 misses 3 and 4, column 1
     *    misses 7 and 3): a box single, 1.2, then full houses. 1.2/1.2/1.2. */
    {
        static const int cells[] = { 1, 1, 1, 2, 2, 1, 2, 2 };
        expected want = { SUDOKU_LEVEL_EASY, 12, 12, 12, SUDOKU_HIDDEN_SINGLE_BOX };
        rate_puzzle(blanked(SOLVED8, cells, 4, buf), &want, "8x8 2x2 block", &r);
        assert_int_equal(r.count[SUDOKU_HIDDEN_SINGLE_BOX], 1);
        assert_int_equal(r.count[SUDOKU_FULL_HOUSE], 3);
    }

    /* 7. 8x8 solved grid: 0/0/0, easy, as 1. */
    {
        expected want = { SUDOKU_LEVEL_EASY, 0, 0, 0, -1 };
        rate_puzzle(SOLVED8, &want, "solved 8x8", &r);
    }
}

/* ------------------------------------------------------------ crafted positions */

/*
 * A position: every cell starts with every digit, then the rules below take
 * candidates away. Unless a rule touches it, a cell keeps all n digits, so
 * in a 9x9 position every digit has many places in every unit and no
 * technique finds anything there: only the pattern matters. Such a
 * position has many solutions; it is a legal candidate state (checked by
 * load_legal), and every step taken is checked against all its solutions:
 * an eliminated candidate is in none of them, a placed digit in all.
 */
typedef struct position {
    int n;
    sudoku_mask cand[SUDOKU_MAX_CELLS];
} position;

static void pos_init(position *p, int n)
{
    p->n = n;
    for (int c = 0; c < n * n; c++)
        p->cand[c] = (sudoku_mask)((1u << n) - 1);
}

/* Cell rRcC holds exactly these candidates. */
static void pos_set(position *p, int r, int c, const char *digits)
{
    p->cand[(r - 1) * p->n + c - 1] = tu_mask(digits);
}

/* Removes digit d from the cells listed as "r1c4 r1c5 ...". */
static void pos_remove(position *p, int d, const char *cells)
{
    int r, c, used;
    while (sscanf(cells, " r%dc%d%n", &r, &c, &used) == 2) {
        p->cand[(r - 1) * p->n + c - 1] &= (sudoku_mask)~sudoku_bit(d);
        cells += used;
    }
}

/* Digit d stays only in the listed cells of row r (or column r, or box r). */
static void pos_keep(position *p, int d, enum sudoku_unit_kind kind, int index, const char *keep)
{
    const sudoku_layout *l = sudoku_layout_for_size(p->n);
    int u = (int)kind * p->n + index - 1;
    char pattern[20];
    for (int i = 0; i < p->n; i++) {
        int c = l->unit_cell[u][i];
        snprintf(pattern, sizeof pattern, "r%dc%d", c / p->n + 1, c % p->n + 1);
        /* whole-word match: "r1c1" must not match inside "r1c11" (no such cell here) */
        const char *hit = strstr(keep, pattern);
        bool kept = false;
        while (hit) {
            char after = hit[strlen(pattern)];
            if ((hit == keep || hit[-1] == ' ') && (after == '\0' || after == ' '))
                kept = true;
            hit = strstr(hit + 1, pattern);
        }
        if (!kept)
            p->cand[c] &= (sudoku_mask)~sudoku_bit(d);
    }
}

/* The position as a pencil-mark grid, for the reader. */
static const char *pos_text(const position *p, char *buf, size_t size)
{
    size_t len = 0;
    for (int c = 0; c < p->n * p->n; c++) {
        for (int d = 1; d <= p->n; d++)
            if (p->cand[c] & sudoku_bit(d))
                len += (size_t)snprintf(buf + len, size - len, "%d", d);
        len += (size_t)snprintf(buf + len, size - len, "%s", (c + 1) % p->n ? " " : "\n");
    }
    return buf;
}

/* The first step and how many steps the path took. */
typedef struct capture {
    int steps;
    sudoku_step first;
    sudoku_grid before;
    const char *what;
} capture;

/* Every step is checked against every solution, by search. */
static bool capture_step(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    capture *cap = ctx;
    const sudoku_layout *l = before->layout;
    if (cap->steps++ == 0) {
        cap->first = *s;
        cap->before = *before;
    }
    for (int c = 0; c < l->ncells; c++)
        for (int d = 1; d <= l->n; d++)
            if (s->elim[c] & sudoku_bit(d)) {
                sudoku_grid t = *before;
                assert_true(sudoku_grid_place(&t, c, d));
                if (sudoku_solve(&t, 1, NULL, NULL) != 0)
                    fail_msg("%s: step %d removes r%dc%d<>%d, which a solution has", cap->what, cap->steps,
                             c / l->n + 1, c % l->n + 1, d);
            }
    if (s->place_cell >= 0) {
        sudoku_grid t = *before;
        assert_true(sudoku_grid_eliminate(&t, s->place_cell, s->place_digit));
        if (sudoku_solve(&t, 1, NULL, NULL) != 0)
            fail_msg("%s: step %d places a digit some solution does not have", cap->what, cap->steps);
    }
    return true;
}

/*
 * Runs the rating path on a position and checks it: the first step's
 * description (technique, pattern, and every elimination or the placement),
 * then the path: 'steps' steps and a stall, with ER/EP/ED as given.
 */
static void expect_position(const char *text, const char *what, int technique, const char *describe, int steps,
                            int er, int ep, int ed)
{
    static sudoku_record rec;
    sudoku_grid g;
    load_legal(text, &rec, &g);
    capture cap = { 0 };
    cap.what = what;
    sudoku_path path;
    sudoku_logic_options opts = { SUDOKU_ORDER_RATING, TABLE_LAST };
    sudoku_logic_run_with(&g, &opts, &path, capture_step, &cap);
    assert_true(cap.steps >= 1);
    if (cap.first.technique != technique)
        fail_msg("%s: first step is %s, expected %s", what, tech_id(cap.first.technique), tech_id(technique));
    char line[2048];
    sudoku_step_describe(&cap.before, &cap.first, line, sizeof line);
    if (strcmp(line, describe) != 0)
        fail_msg("%s: first step\n  got      %s\n  expected %s", what, line, describe);
    if (path.steps != steps || !path.stalled || path.er != er || path.ep != ep || path.ed != ed)
        fail_msg("%s: %d steps (%s), %d/%d/%d; expected %d steps then a stall, %d/%d/%d", what, path.steps,
                 path.stalled ? "stalled" : path.solved ? "solved" : "stopped", path.er, path.ep, path.ed, steps,
                 er, ep, ed);
    assert_int_equal(path.count[technique], 1);
}

static void test_crafted_positions(void **state)
{
    (void)state;
    static char text[4096];
    position p;

    /* Naked single, 2.3 - as a plain puzzle, since a pencil-mark cell with
     * one digit is read as placed. Givens r1c4=1 r1c5=2 r1c6=3 r1c7=4,
     * r4c1=5 r5c1=6 r7c1=7 r9c1=8: r1c1 sees 1-8, so its only candidate is
     * 9. Nothing comes before it in the table:
     * - no unit has one empty cell; no hidden single: row 1's missing
     *   digits 5-9 have four or five places (c1 c2 c3 c8 c9, less column
     *   1 for 5-8); box 1 keeps 1-4 in rows 2-3 (six cells, no given there),
     *   5-8 in columns 2-3 (six cells), 9 everywhere; column 1's missing
     *   1-4 have rows 2 3 6 8 and 9 those and row 1; boxes 2 and 3 keep row 1's digits
     *   in their rows 2-3, boxes 4 and 7 keep column 1's in their columns
     *   2-3; every other unit is untouched.
     * - no direct pointing/claiming: every digit missing from a box has
     *   places in two rows and two columns of it (the six-cell blocks
     *   above), and every line's digit spreads over two boxes or more;
     * - no direct hidden pair: no two digits share just two places.
     * So ED = 2.3, and it places: EP = 2.3. Afterwards r1c2 r1c3 r1c8 r1c9
     * hold 5678 and r2c1 r3c1 r6c1 r8c1 hold 1234, each four cells for
     * four digits with nothing to remove, and 9 keeps rows 2-3 in boxes 2
     * and 3 and columns 2-3 in boxes 4 and 7: nothing else applies, the
     * path stops after one step. */
    expect_position("...1234...................." "5........6.................7.................8........", "naked single",
                    SUDOKU_NAKED_SINGLE, "Naked single: r1c1=9 (its only candidate)", 1, 23, 23, 23);

    /* Direct pointing, 1.7. Digit 1 only in (rows 1-3; rows 4-9 untouched)
     *   row 1: x x . | x x . | . . .
     *   row 2: . . . | x . . | x x x
     *   row 3: . . . | . . . | x x x
     * No single: box 1 has 1 in r1c1 r1c2, box 2 in r1c4 r1c5 r2c4, box 3
     * in six cells; rows 1-3 have 4, 4 and 3 places; every column 2 or
     * more. Box 1's 1 is confined to row 1 (columns are scanned first, and
     * no box confines 1 to a column), so it leaves r1c4 and r1c5, leaving
     * box 2 only r2c4: r2c4=1 directly, 1.7 (it places: EP = 1.7). Then box 3
     * keeps 1 in row 3 (r3c1-c6 have none: nothing to point at), row 1 keeps
     * it in box 1 (nothing else in box 1), columns 5 and 6 in rows 4-9 (two
     * boxes each), and only row 1 has 1 in two places (no fish): stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_BOX, 1, "r1c1 r1c2");
    pos_keep(&p, 1, SUDOKU_BOX, 2, "r1c4 r1c5 r2c4");
    pos_remove(&p, 1, "r1c7 r1c8 r1c9");
    expect_position(pos_text(&p, text, sizeof text), "direct pointing", SUDOKU_DIRECT_POINTING,
                    "Direct pointing: 1 in box 1 is confined to row 1 => r2c4=1 (the only place left for 1 in box 2)",
                    1, 17, 17, 17);

    /* Direct hidden pair, 2.0. r1c1 = r1c2 = 123; box 1's other cells lack
     * 1 and 2; row 1's other cells lack 1 and 2, and 3 except r1c9. So in
     * row 1, 1 and 2 are a hidden pair in r1c1 r1c2, and 3 is in r1c1 r1c2
     * r1c9: removing 3 from the pair leaves r1c9=3, 2.0. No earlier step:
     * every unit's digits have 2+ places (3 has r1c1 r1c2 r1c9 in row 1 and
     * box 1's six lower cells); box 1 confines 1 and 2 to row 1 but row 1
     * has none elsewhere, and row 1 confines them to box 1 with none
     * elsewhere there; box 1's pair 1,2 would only remove 3, which keeps
     * six places in the box (not direct). Afterwards r1c1 r1c2 are 12 with
     * 1 and 2 nowhere else in row 1 or box 1: no pair to use, stall. */
    pos_init(&p, 9);
    pos_set(&p, 1, 1, "123");
    pos_set(&p, 1, 2, "123");
    pos_remove(&p, 1, "r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9");
    pos_remove(&p, 2, "r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9");
    pos_remove(&p, 3, "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8");
    expect_position(pos_text(&p, text, sizeof text), "direct hidden pair", SUDOKU_DIRECT_HIDDEN_PAIR,
                    "Direct hidden pair: 1,2 in row 1 only in r1c1,r1c2 => r1c9=3 (the only place left for 3 in row 1)",
                    1, 20, 20, 20);

    /* Direct hidden triple, 2.5. Row 1: r1c1 = 124, r1c4 = 234, r1c7 = 13;
     * the other row-1 cells lack 1, 2 and 3, and 4 except r1c9. So 1 is in
     * c1 c7, 2 in c1 c4, 3 in c4 c7, 4 in c1 c4 c9: no two digits share two
     * places (no hidden pair), and every digit has 2+ places in every unit.
     * Digits 1,2,3 fill exactly r1c1 r1c4 r1c7 (a hidden triple); removing
     * 4 from them leaves r1c9=4, 2.5. (1,3,4 or 1,2,4 cover four cells.)
     * Nothing earlier: no line or box confines a digit (row 1's 1-4 span
     * two or three boxes), no naked single. Afterwards the row holds 12 23
     * 13 in c1 c4 c7 and 5-9 in its five other cells: a naked triple with
     * nothing to remove; stall. */
    pos_init(&p, 9);
    pos_set(&p, 1, 1, "124");
    pos_set(&p, 1, 4, "234");
    pos_set(&p, 1, 7, "13");
    for (int d = 1; d <= 3; d++)
        pos_remove(&p, d, "r1c2 r1c3 r1c5 r1c6 r1c8 r1c9");
    pos_remove(&p, 4, "r1c2 r1c3 r1c5 r1c6 r1c8");
    expect_position(pos_text(&p, text, sizeof text), "direct hidden triple", SUDOKU_DIRECT_HIDDEN_TRIPLE,
                    "Direct hidden triple: 1,2,3 in row 1 only in r1c1,r1c4,r1c7 => r1c9=4 (the only place left for 4 "
                    "in row 1)",
                    1, 25, 25, 25);

    /* Pointing, 2.6. Box 1 keeps 1 only in r1c1 r1c2: confined to row 1,
     * whose other six cells lose it. Not direct: boxes 2 and 3 keep 1 in
     * their rows 2-3 (six places each). No single, no line confined to a
     * box. It eliminates only: ER = ED = 2.6 and, with no placement on the
     * path, EP is not reached (-1). Afterwards row 1 has 1 in box 1 only,
     * which is all box 1 has: stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_BOX, 1, "r1c1 r1c2");
    expect_position(pos_text(&p, text, sizeof text), "pointing", SUDOKU_POINTING,
                    "Pointing: 1 in box 1 is confined to row 1 => r1c456789<>1",
                    1, 26, -1, 26);

    /* Claiming, 2.8. Row 1 keeps 1 only in r1c1 r1c2 r1c3: confined to box
     * 1, whose six other cells lose it. No box confines 1 to a line (box 1
     * has it in all three rows, boxes 2 and 3 in their rows 2-3), not
     * direct (rows 2 and 3 keep six places each outside box 1). 2.8/-/2.8;
     * then box 1 has 1 in row 1 only, all row 1 has: stall. */
    pos_init(&p, 9);
    pos_remove(&p, 1, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9");
    expect_position(pos_text(&p, text, sizeof text), "claiming", SUDOKU_CLAIMING,
                    "Claiming: 1 in row 1 is confined to box 1 => r23c123<>1",
                    1, 28, -1, 28);

    /* Naked pair, 3.0. r1c1 = r1c5 = 12 (two boxes, so only row 1 holds
     * the pair), every other cell full: 1 and 2 leave row 1's other seven
     * cells. Nothing earlier: no digit is short of places, confined, or
     * paired. 3.0/-/3.0; then 1 and 2 are in r1c1 r1c5 only, in two boxes:
     * stall. */
    pos_init(&p, 9);
    pos_set(&p, 1, 1, "12");
    pos_set(&p, 1, 5, "12");
    expect_position(pos_text(&p, text, sizeof text), "naked pair", SUDOKU_NAKED_PAIR,
                    "Naked pair: r1c1,r1c5 in row 1 hold only 1,2 => r1c2346789<>12",
                    1, 30, -1, 30);

    /* X-Wing, 3.2. Rows 1 and 5 keep 1 only in columns 1 and 5: 1 leaves
     * columns 1 and 5 in the seven other rows. Nothing earlier: boxes 1, 2,
     * 4, 5 keep 1 in a corner cell plus their other two rows, boxes 3 and 6
     * in two rows, so no box single or confinement; rows 1 and 5 span two
     * boxes; no subsets. Column-based fish come first, but no column has 1
     * in two places. 3.2/-/3.2; then columns 1 and 5 form the same X-Wing
     * with nothing to remove, and no other line has 1 in 2 or 3 places:
     * stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_ROW, 1, "r1c1 r1c5");
    pos_keep(&p, 1, SUDOKU_ROW, 5, "r5c1 r5c5");
    expect_position(pos_text(&p, text, sizeof text), "x-wing", SUDOKU_X_WING,
                    "X-Wing: 1 in rows 1,5 is confined to columns 1,5 => r2346789c15<>1",
                    1, 32, -1, 32);

    /* Hidden pair, 3.4. Row 1 keeps 1 and 2 only in r1c1 r1c5, which keep
     * every digit: the pair removes 3-9 from them. Not direct: 3-9 keep
     * seven places in row 1. No naked pair (no cell has two candidates), no
     * X-Wing (only row 1 has 1 or 2 in two places). 3.4/-/3.4; then r1c1
     * r1c5 hold 12, a naked pair with nothing to remove: stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_ROW, 1, "r1c1 r1c5");
    pos_keep(&p, 2, SUDOKU_ROW, 1, "r1c1 r1c5");
    expect_position(pos_text(&p, text, sizeof text), "hidden pair", SUDOKU_HIDDEN_PAIR,
                    "Hidden pair: 1,2 in row 1 only in r1c1,r1c5 => r1c15<>3456789",
                    1, 34, -1, 34);

    /* Naked triple, 3.6. r1c1 = 12, r1c4 = 23, r1c7 = 13 (three boxes):
     * together 123, which leaves row 1's six other cells. No two cells are
     * equal (no naked pair), 1-3 keep eight places in the row (no hidden
     * set). 3.6/-/3.6; then 1, 2, 3 each have two places in row 1, all
     * different pairs and in two boxes: stall. */
    pos_init(&p, 9);
    pos_set(&p, 1, 1, "12");
    pos_set(&p, 1, 4, "23");
    pos_set(&p, 1, 7, "13");
    expect_position(pos_text(&p, text, sizeof text), "naked triple", SUDOKU_NAKED_TRIPLE,
                    "Naked triple: r1c1,r1c4,r1c7 in row 1 hold only 1,2,3 => r1c235689<>123",
                    1, 36, -1, 36);

    /* Swordfish, 3.8. Digit 1: row 1 only in c1 c4, row 4 in c4 c7, row 7
     * in c1 c7. Together columns 1, 4, 7: 1 leaves them in the six other
     * rows. No X-Wing: the three rows use different column pairs. Every box
     * keeps 1 in at least two rows and two columns (a corner cell plus
     * its other two rows, or two whole rows), so no single or
     * confinement; no subsets. 3.8/-/3.8; then columns 1, 4, 7 have 1 in
     * two rows each (again three different pairs) and the boxes still two
     * rows and columns: stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_ROW, 1, "r1c1 r1c4");
    pos_keep(&p, 1, SUDOKU_ROW, 4, "r4c4 r4c7");
    pos_keep(&p, 1, SUDOKU_ROW, 7, "r7c1 r7c7");
    expect_position(pos_text(&p, text, sizeof text), "swordfish", SUDOKU_SWORDFISH,
                    "Swordfish: 1 in rows 1,4,7 is confined to columns 1,4,7 => r235689c147<>1",
                    1, 38, -1, 38);

    /* Hidden triple, 4.0. Row 1: 1 only in c1 c7, 2 in c1 c4, 3 in c4 c7;
     * those three cells keep every digit. 1,2,3 fill exactly r1c1 r1c4
     * r1c7: 4-9 leave them. No hidden pair (all pairs of places differ),
     * not direct (4-9 keep six places), no X-Wing (no other line has any
     * digit in two places). 4.0/-/4.0; then the three cells hold 12 23 13:
     * stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_ROW, 1, "r1c1 r1c7");
    pos_keep(&p, 2, SUDOKU_ROW, 1, "r1c1 r1c4");
    pos_keep(&p, 3, SUDOKU_ROW, 1, "r1c4 r1c7");
    expect_position(pos_text(&p, text, sizeof text), "hidden triple", SUDOKU_HIDDEN_TRIPLE,
                    "Hidden triple: 1,2,3 in row 1 only in r1c1,r1c4,r1c7 => r1c147<>456789",
                    1, 40, -1, 40);

    /* Naked quad, 5.0. In box 1: r1c1 = 12, r2c2 = 23, r1c3 = 34, r3c2 =
     * 14: a cycle, so any two or three of them hold more digits than cells
     * (no smaller set); together 1234, which leaves box 1's five other
     * cells. Each digit's two cells share no row or column, so afterwards
     * no digit is confined to a line of box 1 (no pointing), and rows 1-3
     * and columns 1-3 still have 1-4 outside the box: stall. 5.0/-/5.0. */
    pos_init(&p, 9);
    pos_set(&p, 1, 1, "12");
    pos_set(&p, 2, 2, "23");
    pos_set(&p, 1, 3, "34");
    pos_set(&p, 3, 2, "14");
    expect_position(pos_text(&p, text, sizeof text), "naked quad", SUDOKU_NAKED_QUAD,
                    "Naked quad: r1c1,r1c3,r2c2,r3c2 in box 1 hold only 1,2,3,4 => r1c2<>1234, r23c13<>1234",
                    1, 50, -1, 50);

    /* Hidden quad, 5.4: the same cycle the other way round. In box 1, 1 is
     * only in r1c1 r3c2, 2 in r1c1 r2c2, 3 in r2c2 r1c3, 4 in r1c3 r3c2,
     * and those four cells keep every digit: 5-9 leave them. No hidden pair
     * or triple (a cycle), no confinement (each pair of cells is in
     * different rows and columns), no naked set (the other five cells hold
     * 5-9: five digits). 5.4/-/5.4; then the four cells hold 12 23 34 14 as
     * in the naked quad: stall. */
    pos_init(&p, 9);
    pos_keep(&p, 1, SUDOKU_BOX, 1, "r1c1 r3c2");
    pos_keep(&p, 2, SUDOKU_BOX, 1, "r1c1 r2c2");
    pos_keep(&p, 3, SUDOKU_BOX, 1, "r2c2 r1c3");
    pos_keep(&p, 4, SUDOKU_BOX, 1, "r1c3 r3c2");
    expect_position(pos_text(&p, text, sizeof text), "hidden quad", SUDOKU_HIDDEN_QUAD,
                    "Hidden quad: 1,2,3,4 in box 1 only in r1c1,r1c3,r2c2,r3c2 => r1c13<>56789, r23c2<>56789",
                    1, 54, -1, 54);
}

/*
 * 8x8 brick-wall positions: boxes of 2 rows x 4 columns, so a box meets a
 * row in four cells and a column in two, and a stack (columns 1-4 or 5-8)
 * holds four boxes.
 */
static void test_crafted_positions_8x8(void **state)
{
    (void)state;
    static char text[4096];
    position p;

    /* Direct claiming, 1.9. On 9x9 it is never taken: if line A confines d
     * to box B and the elimination leaves line C one place X outside B, the
     * third line of the band has all of the third box's places, and pointing
     * from that box leaves X's box only X - a direct pointing (1.7), or
     * already a hidden single. On 8x8 a column crosses four boxes, so it
     * can come first. Digit 1 in columns 1-4 only (columns 5-8 untouched):
     *   column 1: rows 1-2        column 2: rows 1-3
     *   column 3: rows 3-8        column 4: rows 3-8
     * No single: box 1 has r1c1 r1c2 r2c1 r2c2, box 3 (rows 3-4) r3c2 r3c3
     * r3c4 r4c3 r4c4, boxes 5 and 7 a 2x2 block each; every line 2+ places.
     * No box confines 1 to a line (each has two rows and two columns), so
     * no direct pointing. Column 1 confines 1 to box 1 (columns come first,
     * and column 1 is the first): r1c2 r2c2 lose it, which leaves column 2
     * only r3c2: r3c2=1, 1.9. Afterwards box 1 and column 1 agree (r1c1
     * r2c1), row 4 and box 4 agree (r4c5-c8), columns 3-4 keep rows 5-8
     * in two boxes: stall. */
    pos_init(&p, 8);
    pos_remove(&p, 1, "r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r4c2 r5c2 r6c2 r7c2 r8c2 r1c3 r2c3 r1c4 r2c4");
    expect_position(pos_text(&p, text, sizeof text), "8x8 direct claiming", SUDOKU_DIRECT_CLAIMING,
                    "Direct claiming: 1 in column 1 is confined to box 1 => r3c2=1 (the only place left for 1 in column 2)",
                    1, 19, 19, 19);

    /* Pointing along a four-cell intersection, 2.6. Box 1 keeps 1 only in
     * r1c1 r1c2: confined to row 1, whose four cells in box 2 lose it. Not
     * direct: box 2 keeps its row 2 (four places). Row 2 confines 1 to box
     * 2 as well, but claiming comes after pointing. 2.6/-/2.6; then box 2
     * and row 2 agree, box 1 and row 1 agree: stall. */
    pos_init(&p, 8);
    pos_keep(&p, 1, SUDOKU_BOX, 1, "r1c1 r1c2");
    expect_position(pos_text(&p, text, sizeof text), "8x8 pointing", SUDOKU_POINTING,
                    "Pointing: 1 in box 1 is confined to row 1 => r1c5678<>1", 1, 26, -1, 26);

    /* X-Wing, 3.2. Rows 1 and 5 keep 1 only in columns 1 and 5: 1 leaves
     * those columns in the six other rows. Boxes 1, 2, 5, 6 keep a corner
     * and their other row, so nothing earlier. 3.2/-/3.2, then stall. */
    pos_init(&p, 8);
    pos_keep(&p, 1, SUDOKU_ROW, 1, "r1c1 r1c5");
    pos_keep(&p, 1, SUDOKU_ROW, 5, "r5c1 r5c5");
    expect_position(pos_text(&p, text, sizeof text), "8x8 x-wing", SUDOKU_X_WING,
                    "X-Wing: 1 in rows 1,5 is confined to columns 1,5 => r234678c15<>1",
                    1, 32, -1, 32);
}

/* ------------------------------------------------------------ the SE reference */

static const char *reference_path(char *buf, size_t size)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared";
    snprintf(buf, size, "%s/reference/se_ratings.tsv", shared);
    return buf;
}

/* "2.6" as 26; -1 if it is not a rating. */
static int parse_tenths(const char *s)
{
    int whole, tenth;
    char extra;
    if (sscanf(s, "%d.%1d%c", &whole, &tenth, &extra) == 2)
        return whole * 10 + tenth;
    if (sscanf(s, "%d%c", &whole, &extra) == 1)
        return whole * 10;
    return -1;
}

/* Our technique for SE's name of a step and its rating, or -1. */
static int technique_of_se(const char *name, int rating)
{
    static const struct {
        const char *se;
        int id;
    } names[] = {
        { "Direct Pointing", SUDOKU_DIRECT_POINTING },
        { "Direct Claiming", SUDOKU_DIRECT_CLAIMING },
        { "Direct Hidden Pair", SUDOKU_DIRECT_HIDDEN_PAIR },
        { "Naked Single", SUDOKU_NAKED_SINGLE },
        { "Direct Hidden Triplet", SUDOKU_DIRECT_HIDDEN_TRIPLE },
        { "Pointing", SUDOKU_POINTING },
        { "Claiming", SUDOKU_CLAIMING },
        { "Naked Pair", SUDOKU_NAKED_PAIR },
        { "X-Wing", SUDOKU_X_WING },
        { "Hidden Pair", SUDOKU_HIDDEN_PAIR },
        { "Naked Triplet", SUDOKU_NAKED_TRIPLE },
        { "Swordfish", SUDOKU_SWORDFISH },
        { "Hidden Triplet", SUDOKU_HIDDEN_TRIPLE },
        { "Naked Quad", SUDOKU_NAKED_QUAD },
        { "Hidden Quad", SUDOKU_HIDDEN_QUAD },
    };
    /* SE calls all three singles of a region "Hidden Single"; the rating tells. */
    if (strcmp(name, "Hidden Single") == 0)
        return rating == 10 ? SUDOKU_FULL_HOUSE : rating == 12 ? SUDOKU_HIDDEN_SINGLE_BOX
               : rating == 15 ? SUDOKU_HIDDEN_SINGLE_LINE : -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].se) == 0)
            return names[i].id;
    return -1;
}

typedef struct se_row {
    char puzzle[128];
    int er, ep, ed;
    char hardest[128];
} se_row;

/* Reads se_ratings.tsv; returns the rows (caller frees), or NULL if absent. */
static se_row *read_reference(int *count)
{
    char path[1024], line[1024];
    FILE *f = fopen(reference_path(path, sizeof path), "r");
    if (!f)
        return NULL;
    int cap = 512, n = 0;
    se_row *rows = malloc((size_t)cap * sizeof *rows);
    assert_non_null(rows);
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (lineno == 1 || !line[0])
            continue; /* the header */
        char *field[8];
        int k = 0;
        for (char *p = line; k < 8;) {
            field[k++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = '\0';
            p = tab + 1;
        }
        if (k < 6)
            fail_msg("%s:%ld: %d fields", path, lineno, k);
        if (n == cap) {
            cap *= 2;
            rows = realloc(rows, (size_t)cap * sizeof *rows);
            assert_non_null(rows);
        }
        se_row *r = &rows[n++];
        snprintf(r->puzzle, sizeof r->puzzle, "%s", field[0]);
        r->er = parse_tenths(field[2]);
        r->ep = parse_tenths(field[3]);
        r->ed = parse_tenths(field[4]);
        snprintf(r->hardest, sizeof r->hardest, "%s", field[5]);
        if (r->er < 0 || r->ep < 0 || r->ed < 0)
            fail_msg("%s:%ld: bad rating", path, lineno);
    }
    fclose(f);
    *count = n;
    return rows;
}

/*
 * SE agreement. SE's order of producers, up to an ER of 4.0, is our table's
 * (se_techniques.md): for a puzzle whose SE ER is at most 3.8 and whose
 * hardest technique is ours, SE's whole path uses our techniques, found in
 * the same order and scanning, so ER, EP and ED must be equal, and the
 * technique that reached ER too. Beyond those rows, the parts of the path
 * that stay at or below 3.8 are shared as well:
 *   - SE's ED <= 3.8: the first step is the same, so is ED;
 *   - SE's EP <= 3.8: the path up to the first placement is the same;
 *   - SE's ER > 3.8: at SE's first harder step we stall or use a hidden
 *     triple or a quad (4.0 and up): our ER is unknown or at least 4.0.
 * Every disagreement is listed before the test fails.
 */
static void test_se_agreement(void **state)
{
    (void)state;
    int nrows;
    se_row *rows = read_reference(&nrows);
    if (!rows) {
        char path[1024];
        printf("  %s not found: skipped\n", reference_path(path, sizeof path));
        skip();
    }
    int compared = 0, not_ours = 0, partial = 0, failures = 0;
    int stride = tu_stride(1); /* every row but under the sanitizers' smoke run */
    for (int i = 0; i < nrows; i += stride) {
        const se_row *se = &rows[i];
        sudoku_grid g;
        uint8_t solution[SUDOKU_MAX_CELLS];
        load_unique(se->puzzle, &g, solution);
        sudoku_rating r;
        sudoku_rate_with(&g, TABLE_LAST, &r);

        int se_tech = technique_of_se(se->hardest, se->er);
        char why[256] = "";
        if (se->er <= 38) {
            if (se_tech < 0) {
                not_ours++;
                printf("  not compared (SE's hardest is not in our table): %s %s\n", se->puzzle, se->hardest);
                continue;
            }
            compared++;
            if (r.er != se->er || r.ep != se->ep || r.ed != se->ed || r.hardest != se_tech)
                snprintf(why, sizeof why, "ours %d/%d/%d %s, SE %d/%d/%d %s", r.er, r.ep, r.ed, tech_id(r.hardest),
                         se->er, se->ep, se->ed, se->hardest);
        } else {
            partial++;
            if (se->ed <= 38 && r.ed != se->ed)
                snprintf(why, sizeof why, "ED: ours %d, SE %d", r.ed, se->ed);
            else if (se->ep <= 38 && r.ep != se->ep)
                snprintf(why, sizeof why, "EP: ours %d, SE %d", r.ep, se->ep);
            else if (r.er >= 0 && r.er < 40)
                snprintf(why, sizeof why, "ER: ours %d, SE %d (%s)", r.er, se->er, se->hardest);
        }
        if (why[0]) {
            failures++;
            printf("  DISAGREES %s: %s\n", se->puzzle, why);
        }
    }
    printf("  SE agreement: %d puzzles compared in full (SE ER <= 3.8), %d more on ED/EP and the ER bound, "
           "%d not compared, %d disagreements\n",
           compared, partial, not_ours, failures);
    free(rows);
    assert_int_equal(failures, 0);
    assert_true(compared >= 200 / stride);
}

/* ------------------------------------------------------------ soundness and levels */

typedef struct truth {
    const uint8_t *solution;
    const char *where;
    long steps;
} truth;

static bool check_against_solution(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    truth *t = ctx;
    const sudoku_layout *l = before->layout;
    char cell[16];
    for (int c = 0; c < l->ncells; c++) {
        if (s->elim[c] & sudoku_bit(t->solution[c]))
            fail_msg("%s: %s removes the solution's %s<>%d", t->where, tech_id(s->technique),
                     sudoku_cell_name(l, c, cell, sizeof cell), t->solution[c]);
        if (s->elim[c] & ~before->cand[c])
            fail_msg("%s: %s removes a candidate that is not there", t->where, tech_id(s->technique));
    }
    if (s->place_cell >= 0 && s->place_digit != t->solution[s->place_cell])
        fail_msg("%s: %s places %s=%d, the solution has %d", t->where, tech_id(s->technique),
                 sudoku_cell_name(l, s->place_cell, cell, sizeof cell), s->place_digit, t->solution[s->place_cell]);
    t->steps++;
    return true;
}

typedef struct tally {
    long puzzles, steps;
    long level[5];
    long level_mismatches;
} tally;

/* Soundness in both orders, and the level against the independent closure. */
static void check_puzzle(const sudoku_record *rec, const char *where, tally *tl)
{
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    if (!rec->ok || !sudoku_grid_from_record(&g, rec, NULL, 0) || sudoku_solve(&g, 2, solution, NULL) != 1)
        return;
    truth t = { solution, where, 0 };
    /* The forum's hardest (puzzles/hardest.txt, forum.txt) stop after
     * dynamic forcing chains (+): level 2 takes a second a puzzle there, and
     * the level check needs nothing above expert. */
    int last = strstr(where, "hardest") || strstr(where, "forum") ? SUDOKU_DYNAMIC_CHAIN_PLUS : TABLE_LAST;
    for (int order = SUDOKU_ORDER_RATING; order <= SUDOKU_ORDER_TIER; order++) {
        sudoku_grid work = g;
        sudoku_path p;
        sudoku_logic_options opts = { (enum sudoku_order)order, last };
        sudoku_logic_run_with(&work, &opts, &p, check_against_solution, &t);
        assert_false(p.contradiction);
        if (p.solved)
            assert_memory_equal(work.digit, solution, (size_t)g.layout->ncells);
    }
    sudoku_rating r;
    sudoku_rate_with(&g, last, &r);
    enum sudoku_level want = ref_level(&g);
    if (r.level != want) {
        tl->level_mismatches++;
        printf("  LEVEL %s: ours %s, closure %s\n", where, sudoku_level_name(r.level), sudoku_level_name(want));
    }
    tl->level[r.level]++;
    tl->puzzles++;
    tl->steps += t.steps;
}

static void check_file(const char *path, tally *tl)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    assert_non_null(r);
    static sudoku_record rec;
    char where[1200];
    int stride = tu_stride(1); /* every record but under the sanitizers' smoke run */
    for (long k = 0; sudoku_reader_next(r, &rec); k++) {
        if (k % stride)
            continue;
        snprintf(where, sizeof where, "%s:%ld", path, rec.line);
        check_puzzle(&rec, where, tl);
    }
    sudoku_reader_free(r);
    fclose(f);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every puzzles/NAME.txt with one solution (run from the repository root). */
static void test_sound_and_levels_committed(void **state)
{
    (void)state;
    DIR *dir = opendir("puzzles");
    if (!dir)
        fail_msg("cannot open puzzles/ (run the tests from the repository root)");
    char *names[256];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0) {
            names[count] = malloc(len + 16);
            assert_non_null(names[count]);
            snprintf(names[count], len + 16, "puzzles/%s", e->d_name);
            count++;
        }
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof names[0], compare_names);
    tally tl = { 0 };
    for (int i = 0; i < count; i++) {
        check_file(names[i], &tl);
        free(names[i]);
    }
    printf("  puzzles/*.txt: %d files, %ld unique puzzles, %ld steps checked; levels easy %ld, medium %ld, "
           "hard %ld, expert %ld, extreme %ld\n",
           count, tl.puzzles, tl.steps, tl.level[0], tl.level[1], tl.level[2], tl.level[3], tl.level[4]);
    assert_true(tl.puzzles >= 150 / tu_stride(1));
    assert_int_equal(tl.level_mismatches, 0);
}

static void test_sound_and_levels_reference(void **state)
{
    (void)state;
    int nrows;
    se_row *rows = read_reference(&nrows);
    if (!rows) {
        char path[1024];
        printf("  %s not found: skipped\n", reference_path(path, sizeof path));
        skip();
    }
    tally tl = { 0 };
    static sudoku_record rec;
    int stride = tu_stride(5), checked = 0;
    for (int i = 0; i < nrows; i += stride, checked++) {
        tu_read_one(rows[i].puzzle, 0, &rec);
        check_puzzle(&rec, rows[i].puzzle, &tl);
    }
    free(rows);
    printf("  se_ratings.tsv: %ld unique puzzles, %ld steps checked; levels easy %ld, medium %ld, hard %ld, "
           "expert %ld, extreme %ld\n",
           tl.puzzles, tl.steps, tl.level[0], tl.level[1], tl.level[2], tl.level[3], tl.level[4]);
    assert_int_equal(tl.puzzles, checked);
    assert_int_equal(tl.level_mismatches, 0);
}

/* ---------------------------------------------- grids without one solution */

/* ------------------------------------------------------- layouts built by the caller */

/* The digits of 'from' placed on layout l, which has the same shape. */
static void same_digits_on(const sudoku_grid *from, const sudoku_layout *l, sudoku_grid *to)
{
    sudoku_grid_init(to, l);
    for (int c = 0; c < l->ncells; c++)
        if (from->digit[c])
            assert_true(sudoku_grid_place(to, c, from->digit[c]));
}

/* Grades the puzzle on the built-in layout and on 'mine', built from desc
 * just before: the ratings must be the same. */
static void expect_same_on_built(sudoku_layout *mine, const sudoku_layout_desc *desc, const char *puzzle)
{
    sudoku_grid g, on_mine;
    uint8_t solution[SUDOKU_MAX_CELLS];
    load_unique(puzzle, &g, solution);
    assert_true(sudoku_layout_build(mine, desc));
    same_digits_on(&g, mine, &on_mine);
    sudoku_rating want, got;
    sudoku_rate(&g, &want);
    sudoku_rate(&on_mine, &got);
    if (got.er != want.er || got.ep != want.ep || got.ed != want.ed || got.level != want.level ||
        got.hardest != want.hardest)
        fail_msg("%s on a layout built by the caller: ER %.1f EP %.1f ED %.1f level %d hardest %d, built-in "
                 "%.1f %.1f %.1f %d %d",
                 puzzle, got.er, got.ep, got.ed, got.level, got.hardest, want.er, want.ep, want.ed, want.level,
                 want.hardest);
}

/*
 * The chain finders keep what they found from call to call, per thread,
 * keyed by the layout. A layout the caller builds can be built again, as
 * another, at the same address: here one buffer is the 9x9 layout, then the
 * 8x8 brick-wall, then 9x9 again, each graded with chains (ER 8.5 and 8.3,
 * the 8x8 one made by `sudoku generate -s 8`), and each rating must be the
 * one the built-in layout gives.
 */
static void test_layouts_built_by_the_caller(void **state)
{
    (void)state;
    static sudoku_layout mine;
    static const sudoku_layout_desc d9 = { "9x9", 9, 3, 3 }, d8 = { "8x8", 8, 2, 4 };
    static const char *p9 = "1..4..95....9....3....152...1...73..8...6...1.3.....7.5.289......8...1...7..5...2";
    static const char *p8 = ".71.2..5..3.8.7.8....6........3...4......1.547...2..74.3.....5..";
    expect_same_on_built(&mine, &d9, p9);
    expect_same_on_built(&mine, &d8, p8);
    expect_same_on_built(&mine, &d9, p9);
}

/*
 * sudoku_rate checks uniqueness first: a grid with no solution or several
 * is not graded, and comes back at once with the documented result. Before
 * the check, an empty grid sent the nested chains searching for minutes,
 * and a grid with two solutions was rated as if it had one.
 */
static void expect_not_graded(const char *line, int solutions)
{
    sudoku_record rec;
    sudoku_grid g;
    tu_load(line, &rec, &g);
    for (int with = 0; with < 2; with++) {
        sudoku_rating r;
        memset(&r, 0x5a, sizeof r); /* every field must be set */
        if (with)
            sudoku_rate_with(&g, SUDOKU_ALIGNED_PAIR_EXCLUSION, &r);
        else
            sudoku_rate(&g, &r);
        if (r.solutions != solutions || r.level != SUDOKU_LEVEL_EXTREME || r.er != -1 || r.ep != -1 ||
            r.ed != -1 || r.hardest != -1 || r.hardest_name[0] || r.guesses != 0 || r.depth != 0)
            fail_msg("%s: solutions %d, level %s, %d/%d/%d, hardest %d, %lu guesses, depth %d", line, r.solutions,
                     sudoku_level_name(r.level), r.er, r.ep, r.ed, r.hardest, r.guesses, r.depth);
        for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
            assert_int_equal(r.count[t], 0);
    }
}

static void test_not_one_solution(void **state)
{
    (void)state;
    /* Empty grids, both layouts: the search for chains never ended. */
    expect_not_graded(".................................................................................", 2);
    expect_not_graded("................................................................", 2);
    /* The solution of line9.txt with a unique rectangle's four cells open:
     * two solutions, and logic stalls where the exact search used to guess. */
    expect_not_graded("53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179", 2);
    /* The same with five more cells open, which singles fill before the
     * count: it is made on the grid where the run needs it, and finds the
     * same two solutions there. */
    expect_not_graded(".3467891.67219534819.34256785976.42.42685.79.7139248569615.728428741963534528617.", 2);
    /* line9.txt with a wrong 2 in r1c3: it loads, but has no solution. */
    expect_not_graded("532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 0);
    /* A puzzle with one solution is graded, and says so. */
    sudoku_record rec;
    sudoku_grid g;
    sudoku_rating r;
    tu_load("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", &rec, &g);
    sudoku_rate(&g, &r);
    assert_int_equal(r.solutions, 1);
    assert_int_equal(r.level, SUDOKU_LEVEL_EASY);
    assert_true(r.er > 0 && r.hardest >= 0);
}

/*
 * A grid built through the library may keep, as a candidate of an empty
 * cell, a digit that one of its units already holds (a grid read from text
 * never does). No step takes that candidate, so the grid grades as it does
 * without it: same ratings, same level. The level's shortcut for easy
 * puzzles (easy_closure) once placed the digit, met two of it in a row,
 * and called this easy puzzle hard.
 */
static void test_candidates_that_disagree_with_digits(void **state)
{
    (void)state;
    sudoku_record rec;
    sudoku_grid g;
    tu_load("..3.......5681.2...896...1...7.....69..4.....2..5.........834.9.7..6........5...7", &rec, &g);
    sudoku_rating clean;
    sudoku_rate(&g, &clean);
    assert_int_equal(clean.level, SUDOKU_LEVEL_EASY);
    g.cand[0] |= sudoku_bit(3); /* r1c1 may be 3, which r1c3 holds */
    for (int unique = 0; unique < 2; unique++) {
        sudoku_rating r;
        if (unique)
            sudoku_rate_unique(&g, SUDOKU_NTECHNIQUES - 1, &r);
        else
            sudoku_rate(&g, &r);
        if (r.level != clean.level || r.er != clean.er || r.ep != clean.ep || r.ed != clean.ed)
            fail_msg("%s: level %s %d/%d/%d, without the stray candidate %s %d/%d/%d",
                     unique ? "sudoku_rate_unique" : "sudoku_rate", sudoku_level_name(r.level), r.er, r.ep, r.ed,
                     sudoku_level_name(clean.level), clean.er, clean.ep, clean.ed);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_issue_puzzles),
        cmocka_unit_test(test_crafted_puzzles),
        cmocka_unit_test(test_crafted_positions),
        cmocka_unit_test(test_crafted_positions_8x8),
        cmocka_unit_test(test_se_agreement),
        cmocka_unit_test(test_sound_and_levels_committed),
        cmocka_unit_test(test_sound_and_levels_reference),
        cmocka_unit_test(test_not_one_solution),
        cmocka_unit_test(test_candidates_that_disagree_with_digits),
        cmocka_unit_test(test_layouts_built_by_the_caller),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
