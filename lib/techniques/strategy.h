/*
 * strategy.h - what every technique finder shares: a view of the grid
 * computed once per step, and helpers to fill in a step.
 *
 * A finder looks for the first instance of its technique, in a fixed
 * scanning order, and describes it in a sudoku_step without changing the
 * grid; the engine (engine.c) applies it. A pattern that would eliminate
 * nothing is not a step: finders keep looking.
 */
#ifndef SUDOKU_STRATEGY_H
#define SUDOKU_STRATEGY_H

#include "sudoku.h"
#include "grid/bits.h"

/* Position sets inside a unit: bit i is the unit's i-th cell. */
typedef uint16_t unit_set;

typedef struct view {
    const sudoku_grid *g;
    const sudoku_layout *l;
    /* where[u][d]: the cells of unit u that still have candidate d. */
    unit_set where[SUDOKU_MAX_UNITS][SUDOKU_MAX_N + 1];
    sudoku_mask placed[SUDOKU_MAX_UNITS];  /* digits already placed in each unit */
    int empty[SUDOKU_MAX_UNITS];           /* empty cells in each unit */
    bool broken;  /* a cell without candidates, or a digit without a place */
    /*
     * Kept up to date with where[][] (view_build, view_apply), so that the
     * singles and intersection finders run at every step need not scan
     * every unit and digit again:
     *   single[u]        digits with exactly one place in unit u;
     *   has_single       bit u: single[u] is not empty;
     *   one_empty        bit u: unit u has one empty cell (a full house);
     *   locked_in[k][d]  bit u: digit d has two or more places in unit u,
     *                    all in one unit of kind k (a box's row or column,
     *                    a line's box); never set for u of kind k. Only
     *                    after view_refresh_locked(): a step marks what it
     *                    changed (locked_stale), and the intersection
     *                    finders are not run at most steps.
     */
    sudoku_mask single[SUDOKU_MAX_UNITS];
    uint64_t has_single;
    uint64_t one_empty;
    uint64_t locked_in[3][SUDOKU_MAX_N + 1];
    uint64_t locked_stale[SUDOKU_MAX_N + 1]; /* bit u: locked_in of digit d in unit u to be worked out again */
    sudoku_mask stale_digits;                /* the digits with a locked_stale bit */
    /*
     * The view's clock counts the steps applied to it; digit_changed_at[d]
     * is the clock when d's places last changed, unit_changed_at[u] when
     * unit u's did, found_nothing_at[t] when the finder of technique t
     * last found nothing (the engine sets it). A finder whose result for a
     * digit (or unit) depends on that digit's (unit's) places alone skips
     * one unchanged since: it would find nothing there.
     */
    uint32_t clock;
    uint32_t digit_changed_at[SUDOKU_MAX_N + 1];
    uint32_t unit_changed_at[SUDOKU_MAX_UNITS];
    uint32_t found_nothing_at[SUDOKU_NTECHNIQUES];
    /*
     * The grid's one solution, digit by cell, when it is known (the rating
     * run sets it once it has counted the solutions; NULL elsewhere). A
     * finder may skip a search that could only remove one of its digits
     * or place another: a sound step never does.
     */
    const uint8_t *solution;
} view;

void view_build(view *v, const sudoku_grid *g);

/* As view_build(), but with every locked_in left stale, to be worked out
 * by view_refresh_locked() if a finder that reads it is ever run (the
 * engine's runs: a puzzle that singles fill never runs one). */
void view_build_lazy(view *v, const sudoku_grid *g);

/*
 * Applies a step to the grid the view was built on (as sudoku_apply_step
 * does) and brings the view up to date by touching only what changed,
 * which costs far less than building it again.
 */
void view_apply(view *v, sudoku_grid *g, const sudoku_step *s);

/*
 * As view_apply() with a step that places digit d in cell c, for a grid
 * that has that placement already (so the view, built before it, is
 * brought up to date alone): 'others' are the candidates c had besides d.
 * The grid's candidates are not read: the view's 'broken' is then only
 * what its own counts tell (a unit left without a place for a digit), and
 * the caller, who knows whether a cell was left without candidates, sets
 * it.
 */
void view_replay_placement(view *v, int c, int d, sudoku_mask others);

/* Brings locked_in up to date; before a finder that reads it is run. */
void view_refresh_locked(view *v);

/* The k-th unit in the scanning order SE uses: boxes, then columns, then rows. */
static inline int view_unit_in_scan_order(const sudoku_layout *l, int k)
{
    int n = l->n;
    if (k < n)
        return 2 * n + k; /* boxes */
    if (k < 2 * n)
        return k;         /* columns (units n..2n-1) */
    return k - 2 * n;     /* rows */
}

typedef bool (*finder_fn)(const view *v, sudoku_step *step);

/* Starts a step: clears its eliminations and pattern, and takes the
 * technique's name and rating from the table. */
void step_start(sudoku_step *s, const sudoku_layout *l, int technique);
/* Sets the step's name (cut to fit). */
void step_set_name(sudoku_step *s, const char *name);
/* A rating other than the table's (loops, BUG type 3, chains), as SE
 * computes it in double precision; the printed tenths follow SE's rounding. */
void step_set_difficulty(sudoku_step *s, double difficulty);
/* Adds a cell's candidates with a role to the pattern (dropped past the limit). */
void step_mark(sudoku_step *s, int cell, enum sudoku_role role, sudoku_mask digits);
/* Adds a chain link (dropped past the limit, setting 'truncated'). */
void step_link(sudoku_step *s, int from_cell, int from_digit, bool from_on, int to_cell, int to_digit,
               bool to_on, int chain, int depth);
/* Adds eliminations of 'digits' in cell (only the ones still candidates). */
void step_eliminate(sudoku_step *s, const sudoku_grid *g, int cell, sudoku_mask digits);
void step_place(sudoku_step *s, int cell, int digit, int unit);

/* singles.c */
bool find_full_house(const view *v, sudoku_step *s);
bool find_hidden_single_box(const view *v, sudoku_step *s);
bool find_hidden_single_line(const view *v, sudoku_step *s);
bool find_naked_single(const view *v, sudoku_step *s);

/* intersections.c */
bool find_direct_pointing(const view *v, sudoku_step *s);
bool find_direct_claiming(const view *v, sudoku_step *s);
bool find_pointing(const view *v, sudoku_step *s);
bool find_claiming(const view *v, sudoku_step *s);

/* subsets.c */
bool find_direct_hidden_pair(const view *v, sudoku_step *s);
bool find_direct_hidden_triple(const view *v, sudoku_step *s);
bool find_naked_pair(const view *v, sudoku_step *s);
bool find_naked_triple(const view *v, sudoku_step *s);
bool find_naked_quad(const view *v, sudoku_step *s);
bool find_hidden_pair(const view *v, sudoku_step *s);
bool find_hidden_triple(const view *v, sudoku_step *s);
bool find_hidden_quad(const view *v, sudoku_step *s);

/* fish.c */
bool find_x_wing(const view *v, sudoku_step *s);
bool find_swordfish(const view *v, sudoku_step *s);
bool find_jellyfish(const view *v, sudoku_step *s);

/* wings.c */
bool find_xy_wing(const view *v, sudoku_step *s);
bool find_xyz_wing(const view *v, sudoku_step *s);

/* uniqueness.c: these assume the puzzle has exactly one solution */
bool find_unique_loop(const view *v, sudoku_step *s);
bool find_bug(const view *v, sudoku_step *s);

/* exclusion.c */
bool find_aligned_pair_exclusion(const view *v, sudoku_step *s);
bool find_aligned_triple_exclusion(const view *v, sudoku_step *s);
bool find_aligned_pair_exclusion_in_order(const view *v, sudoku_step *s);   /* tests: no shortcut */
bool find_aligned_triple_exclusion_in_order(const view *v, sudoku_step *s); /* tests: no shortcut */

/* chains.c */
bool find_forcing_chain(const view *v, sudoku_step *s);
bool find_nishio_chain(const view *v, sudoku_step *s);
bool find_multiple_chain(const view *v, sudoku_step *s);
bool find_dynamic_chain(const view *v, sudoku_step *s);
bool find_dynamic_chain_plus(const view *v, sudoku_step *s);
bool find_nested_chain_fc(const view *v, sudoku_step *s);
bool find_nested_chain_mfc(const view *v, sudoku_step *s);
bool find_nested_chain_dfc(const view *v, sudoku_step *s);

/*
 * Whether a per-thread table made for layout 'kept', whose description was
 * then 'kept_desc', serves layout l: the same address and the same shape
 * (a layout the caller builds can be built again, another, at the same
 * address; rectangular boxes are fixed by n and the box rows).
 */
static inline bool layout_kept_for(const sudoku_layout *kept, const sudoku_layout_desc *kept_desc,
                                   const sudoku_layout *l)
{
    return kept == l && kept_desc->n == l->desc.n && kept_desc->box_rows == l->desc.box_rows;
}

#endif /* SUDOKU_STRATEGY_H */
