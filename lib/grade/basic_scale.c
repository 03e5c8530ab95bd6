/*
 * basic_scale.c - the basic scale of the brick-wall solver in the seeds: a
 * puzzle is rated by which of four methods solve it, or by how deep
 * guessing had to nest.
 *
 * The methods work on a candidate mask per cell, a single bit once a
 * cell's digit is known, and only ever remove candidates. Each one's
 * pattern stays true as candidates go (or the grid turns contradictory),
 * so applying them until none changes anything ends in the same state
 * whatever their order: that is what lets results be compared.
 */
#include "grade/basic_scale.h"
#include "grid/bits.h"

#include <string.h>

static const char *const basic_level_names[] = { "very-easy", "easy", "medium", "hard", "very-hard" };

const char *sudoku_basic_level_name(enum sudoku_basic_level level) { return basic_level_names[level]; }

void basic_masks(const sudoku_grid *g, sudoku_mask *cand)
{
    for (int c = 0; c < g->layout->ncells; c++)
        cand[c] = g->digit[c] ? sudoku_bit(g->digit[c]) : g->cand[c];
}

/* Removes 'digits' from a cell; returns whether any was there. */
static bool remove_digits(sudoku_mask *cand, int cell, sudoku_mask digits)
{
    if (!(cand[cell] & digits))
        return false;
    cand[cell] &= (sudoku_mask)~digits;
    return true;
}

/* A cell with one candidate: the digit leaves every peer. */
static bool naked_singles(const sudoku_layout *l, sudoku_mask *cand)
{
    bool changed = false;
    for (int c = 0; c < l->ncells; c++) {
        if (!mask_is_single(cand[c]))
            continue;
        for (int p = 0; p < l->npeers; p++)
            changed |= remove_digits(cand, l->peer[c][p], cand[c]);
    }
    return changed;
}

/* Two cells of a unit with the same two candidates: those leave the rest of the unit. */
static bool naked_pairs(const sudoku_layout *l, sudoku_mask *cand)
{
    bool changed = false;
    for (int u = 0; u < l->nunits; u++) {
        const uint8_t *cells = l->unit_cell[u];
        for (int i = 0; i < l->n; i++) {
            sudoku_mask pair = cand[cells[i]];
            if (mask_count(pair) != 2)
                continue;
            for (int j = i + 1; j < l->n; j++) {
                if (cand[cells[j]] != pair)
                    continue;
                for (int k = 0; k < l->n; k++)
                    if (k != i && k != j)
                        changed |= remove_digits(cand, cells[k], pair);
            }
        }
    }
    return changed;
}

/* A digit with one place in a unit: that cell holds it. */
static bool hidden_singles(const sudoku_layout *l, sudoku_mask *cand)
{
    bool changed = false;
    for (int u = 0; u < l->nunits; u++) {
        const uint8_t *cells = l->unit_cell[u];
        for (int d = 1; d <= l->n; d++) {
            sudoku_mask bit = sudoku_bit(d);
            int places = 0, where = -1;
            for (int i = 0; i < l->n && places < 2; i++)
                if (cand[cells[i]] & bit) {
                    places++;
                    where = cells[i];
                }
            if (places == 1 && cand[where] != bit) {
                cand[where] = bit;
                changed = true;
            }
        }
    }
    return changed;
}

/*
 * Where digit d can go in unit u: if two or more places all lie in one
 * unit of kind 'kind' (another unit than u), d leaves the rest of that
 * unit. From a box to a line, and from a line to a box.
 */
static bool confine(const sudoku_layout *l, sudoku_mask *cand, int u, int d, int kind)
{
    sudoku_mask bit = sudoku_bit(d);
    int places = 0, shared = -1;
    for (int i = 0; i < l->n; i++) {
        int c = l->unit_cell[u][i];
        if (!(cand[c] & bit))
            continue;
        int v = l->cell_unit[c][kind];
        if (places++ == 0)
            shared = v;
        else if (v != shared)
            return false;
    }
    if (places < 2)
        return false;
    bool changed = false;
    int own = sudoku_unit_kind_of(l, u);
    for (int i = 0; i < l->n; i++) {
        int c = l->unit_cell[shared][i];
        if (l->cell_unit[c][own] != u)
            changed |= remove_digits(cand, c, bit);
    }
    return changed;
}

static bool pointing(const sudoku_layout *l, sudoku_mask *cand)
{
    bool changed = false;
    for (int u = 0; u < l->nunits; u++) {
        for (int d = 1; d <= l->n; d++) {
            if (sudoku_unit_kind_of(l, u) == SUDOKU_BOX) {
                changed |= confine(l, cand, u, d, SUDOKU_ROW);
                changed |= confine(l, cand, u, d, SUDOKU_COL);
            } else {
                changed |= confine(l, cand, u, d, SUDOKU_BOX);
            }
        }
    }
    return changed;
}

static bool apply_method(const sudoku_layout *l, sudoku_mask *cand, unsigned method)
{
    switch (method) {
    case BASIC_NAKED_SINGLES: return naked_singles(l, cand);
    case BASIC_NAKED_PAIRS: return naked_pairs(l, cand);
    case BASIC_HIDDEN_SINGLES: return hidden_singles(l, cand);
    case BASIC_POINTING: return pointing(l, cand);
    default: return false;
    }
}

/* A cell with no candidate, or a digit with no place in a unit. */
static bool contradiction(const sudoku_layout *l, const sudoku_mask *cand)
{
    for (int c = 0; c < l->ncells; c++)
        if (!cand[c])
            return true;
    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask seen = 0;
        for (int i = 0; i < l->n; i++)
            seen |= cand[l->unit_cell[u][i]];
        if (seen != l->all)
            return true;
    }
    return false;
}

enum basic_state basic_fixpoint(const sudoku_layout *l, sudoku_mask *cand, unsigned methods, const unsigned *order)
{
    static const unsigned table_order[BASIC_NMETHODS] = { BASIC_NAKED_SINGLES, BASIC_NAKED_PAIRS,
                                                          BASIC_HIDDEN_SINGLES, BASIC_POINTING };
    if (!order)
        order = table_order;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < BASIC_NMETHODS; i++)
            if (methods & order[i])
                changed |= apply_method(l, cand, order[i]);
        if (changed && contradiction(l, cand))
            return BASIC_CONTRADICTION;
    }
    if (contradiction(l, cand))
        return BASIC_CONTRADICTION;
    for (int c = 0; c < l->ncells; c++)
        if (!mask_is_single(cand[c]))
            return BASIC_OPEN;
    /* Every cell single with naked singles run to the end: a solution. */
    return (methods & BASIC_NAKED_SINGLES) ? BASIC_SOLVED : BASIC_OPEN;
}

typedef struct guessing {
    const sudoku_layout *l;
    int max_depth;
    unsigned long guesses;
} guessing;

/*
 * 'cand' is an open fixpoint of all four methods, 'depth' guesses deep.
 * Guesses in the first cell, in reading order, of those with the fewest
 * candidates, digits in increasing order; after each guess the methods run
 * to their fixpoint. Returns true once a solution is found.
 */
static bool guess(guessing *s, const sudoku_mask *cand, int depth)
{
    const sudoku_layout *l = s->l;
    int cell = -1, fewest = SUDOKU_MAX_N + 1;
    for (int c = 0; c < l->ncells; c++) {
        int k = mask_count(cand[c]);
        if (k >= 2 && k < fewest) {
            fewest = k;
            cell = c;
        }
    }
    if (cell < 0)
        return false;
    if (depth + 1 > s->max_depth)
        s->max_depth = depth + 1;
    for (sudoku_mask todo = cand[cell]; todo; todo &= (sudoku_mask)(todo - 1)) {
        sudoku_mask child[SUDOKU_MAX_CELLS];
        memcpy(child, cand, (size_t)l->ncells * sizeof *child);
        child[cell] = (sudoku_mask)(todo & -todo);
        s->guesses++;
        enum basic_state st = basic_fixpoint(l, child, BASIC_ALL_METHODS, NULL);
        if (st == BASIC_SOLVED || (st == BASIC_OPEN && guess(s, child, depth + 1)))
            return true;
    }
    return false;
}

bool sudoku_rate_basic(const sudoku_grid *g, sudoku_basic_rating *r)
{
    memset(r, 0, sizeof *r);
    r->solutions = (int)sudoku_solve(g, 2, NULL, NULL);
    if (r->solutions != 1) {
        r->level = SUDOKU_BASIC_VERY_HARD;
        return false;
    }
    const sudoku_layout *l = g->layout;
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    basic_masks(g, cand);
    /* Each level adds a method to the fixpoint of the one before, which
     * is where the larger set would pass through anyway. */
    static const struct {
        unsigned methods;
        enum sudoku_basic_level level;
    } levels[] = {
        { BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS, SUDOKU_BASIC_VERY_EASY },
        { BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS | BASIC_HIDDEN_SINGLES, SUDOKU_BASIC_EASY },
        { BASIC_ALL_METHODS, SUDOKU_BASIC_MEDIUM },
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (basic_fixpoint(l, cand, levels[i].methods, NULL) == BASIC_SOLVED) {
            r->level = levels[i].level;
            return true;
        }
    }
    guessing s = { l, 0, 0 };
    guess(&s, cand, 0);
    r->depth = s.max_depth;
    r->guesses = s.guesses;
    r->level = r->depth <= SUDOKU_BASIC_HARD_DEPTH ? SUDOKU_BASIC_HARD : SUDOKU_BASIC_VERY_HARD;
    return true;
}
