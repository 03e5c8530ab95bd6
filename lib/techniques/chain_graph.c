/*
 * chain_graph.c - propagation of ON/OFF candidates for the chaining
 * techniques, reproducing the order of Sudoku Explainer's Chaining class:
 *
 *   ON  -> OFF: the cell's other candidates (cell links, when enabled),
 *               then the digit in the cell's box, row and column;
 *   OFF -> ON:  the cell's last other candidate (cell links), then the
 *               digit's last other place in the box, row and column.
 *
 * In dynamic mode an OFF node also removes its candidate from the run's
 * grid, and an ON node gets as hidden parents the OFF nodes that emptied
 * its cell or unit since the start.
 */
#include "chain_graph.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

static void build_links(cg_ctx *cx);
static void update_links(cg_ctx *cx, const sudoku_grid *g);
static const cg_reach *reach_of_digit(const cg_ctx *cx, int p0);

static atomic_ullong generations; /* 64 bits: never wraps */

/* The tables of cx that depend on the layout alone; kept for the next
 * grid when l is built in (a layout of the caller's may change in place). */
static void layout_tables(cg_ctx *cx, const sudoku_layout *l)
{
    for (int c = 0, p = 0; c < l->ncells; c++)
        for (int d = 1; d <= l->n; d++, p++) {
            cx->p_cell[p] = (uint8_t)c;
            cx->p_digit[p] = (uint8_t)d;
        }
    memset(cx->peer_bb, 0, sizeof cx->peer_bb);
    for (int c = 0; c < l->ncells; c++)
        for (int j = 0; j < l->npeers; j++)
            cx->peer_bb[c][l->peer[c][j] >> 6] |= (uint64_t)1 << (l->peer[c][j] & 63);
    for (int c = 0; c < l->ncells; c++) {
        cx->unit[c][0] = l->cell_unit[c][SUDOKU_BOX];
        cx->unit[c][1] = l->cell_unit[c][SUDOKU_ROW];
        cx->unit[c][2] = l->cell_unit[c][SUDOKU_COL];
        cx->unit_pos[c][0] = l->cell_index[c][SUDOKU_BOX];
        cx->unit_pos[c][1] = l->cell_index[c][SUDOKU_ROW];
        cx->unit_pos[c][2] = l->cell_index[c][SUDOKU_COL];
    }
    for (int c = 0, p = 0; c < l->ncells; c++)
        for (int d = 1; d <= l->n; d++, p++)
            for (int t = 0; t < 3; t++)
                cx->p_where[p][t] = (uint16_t)(cx->unit[c][t] * CG_DIGIT_SLOTS + d);
    for (int u = 0; u < l->nunits; u++)
        for (int i = 0; i < l->n; i++)
            cx->unit_p[u][i] = (uint16_t)(l->unit_cell[u][i] * l->n);
    memset(cx->in_unit, 0, sizeof cx->in_unit);
    for (int u = 0; u < l->nunits; u++)
        for (int i = 0; i < l->n; i++)
            for (int k = 0; k < 3; k++)
                cx->in_unit[u][l->cell_unit[l->unit_cell[u][i]][k]] |= (unit_set)(1u << i);
    cx->shape = l == sudoku_layout_9x9() || l == sudoku_layout_8x8() ? l : NULL;
}

/* The candidates of the grid cx had that g changed, when few: then the
 * grid's tables are updated for those (see update_links()). */
#define CG_FEW_CHANGES 48

/* cx made for g, with the static links (links) or without them. */
static void ctx_init(cg_ctx *cx, const sudoku_grid *g, bool links)
{
    const sudoku_layout *l = g->layout;
    cx->generation = atomic_fetch_add(&generations, 1u) + 1u;
    cx->l = l;
    cx->n = l->n;
    cx->ncells = l->ncells;
    cx->cand0 = cx->grid_cand;
    cx->y_links = true;
    cx->dynamic = false;
    cx->level = 0;
    cx->nest_limit = 0;
    cx->nesting = NULL;
    cx->ws_depth = 0;
    cx->stop_depth = 1 << 30;
    cx->reach_lean = false;
    memset(cx->placed_count, 0, sizeof cx->placed_count);
    for (int c = 0; c < l->ncells; c++)
        cx->placed_count[g->digit[c]]++;
    memcpy(cx->grid_digit, g->digit, (size_t)l->ncells);
    if (cx->shape == l && cx->links && links) { /* the tables are those of the grid before, on this layout */
        int changes = 0;
        for (int c = 0; c < l->ncells; c++)
            changes += mask_count((unsigned)(cx->grid_cand[c] ^ g->cand[c]));
        if (changes <= CG_FEW_CHANGES) {
            update_links(cx, g);
            return;
        }
    }
    memcpy(cx->grid_cand, g->cand, (size_t)l->ncells * sizeof g->cand[0]);
    if (cx->shape != l)
        layout_tables(cx, l);
    memset(cx->digit_bb, 0, sizeof cx->digit_bb);
    for (int c = 0; c < l->ncells; c++)
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
            cx->digit_bb[mask_first_digit(m)][c >> 6] |= (uint64_t)1 << (c & 63);
    memset(cx->where0, 0, sizeof cx->where0);
    for (int u = 0; u < l->nunits; u++)
        for (int i = 0; i < l->n; i++)
            for (sudoku_mask m = g->cand[l->unit_cell[u][i]]; m; m &= (sudoku_mask)(m - 1))
                cx->where0[u][mask_first_digit(m)] |= (unit_set)(1u << i);
    cx->links = links;
    if (links)
        build_links(cx);
}

void cg_ctx_init(cg_ctx *cx, const sudoku_grid *g) { ctx_init(cx, g, true); }

void cg_ctx_init_dynamic(cg_ctx *cx, const sudoku_grid *g) { ctx_init(cx, g, false); }

int cg_node_p(const cg_run *r, int id) { return id == CG_VIRTUAL ? r->virt_p : id >> 1; }
bool cg_node_on(const cg_run *r, int id) { return id == CG_VIRTUAL ? r->virt_on : (id & 1); }

/* grid: with the run's grid (cand, and where in dynamic mode); a static
 * forcing run follows the context's links alone and never reads it. */
static void run_reset(const cg_ctx *cx, cg_run *r, bool grid)
{
    r->non = r->noff = 0;
    memset(&r->on, 0, sizeof r->on);
    memset(&r->off, 0, sizeof r->off);
    r->narena = 0;
    r->nnest = 0;
    r->multi_parents = false;
    r->cut = false;
    r->fixpoints = 0;
    r->absurd = false;
    r->absurd_on = r->absurd_off = -1;
    r->virt_p = -1;
    r->virt_on = false;
    /* Only nested chains (levels 2 and up) mark nodes in nest[], and it
     * is read only when nnest says some are: cleared once here rather
     * than node by node in every run. */
    if (cx->level >= 2)
        memset(r->nest, 0, sizeof r->nest);
    if (!grid)
        return;
    memcpy(r->cand, cx->cand0, (size_t)cx->ncells * sizeof r->cand[0]);
    if (cx->dynamic) { /* the same shape of array: one copy of the units in use */
        memcpy(r->where, cx->where0, (size_t)cx->l->nunits * sizeof r->where[0]);
        if (cx->level == 0) /* on_at serves level 0 alone (expand_off()) */
            memset(r->on_at, 0, (size_t)cx->l->nunits * sizeof r->on_at[0]);
    }
}

/* Candidate q is an ON node of dynamic run r of level 0: its place in its three units' on_at. */
static inline void mark_on(const cg_ctx *cx, cg_run *r, int q)
{
    unit_set *on_at = &r->on_at[0][0];
    const uint16_t *at = cx->p_where[q];
    const uint8_t *pos = cx->unit_pos[cg_cell(cx, q)];
    on_at[at[0]] |= (unit_set)(1u << pos[0]);
    on_at[at[1]] |= (unit_set)(1u << pos[1]);
    on_at[at[2]] |= (unit_set)(1u << pos[2]);
}

/* Records node id (or CG_VIRTUAL) with its parents; false when out of room. */
static bool set_parents(cg_run *r, int id, const uint16_t *par, int npar)
{
    if (r->narena + npar > CG_ARENA)
        npar = CG_ARENA - r->narena; /* cannot happen on 9x9: a run has < 1458 nodes of < 10 parents */
    r->par_at[id] = (uint16_t)r->narena;
    r->par_n[id] = (uint8_t)npar;
    for (int i = 0; i < npar; i++)
        r->arena[r->narena + i] = par[i];
    r->narena += npar;
    r->depth[id] = npar ? (uint16_t)(r->depth[par[0]] + 1) : 0;
    if (npar > 1)
        r->multi_parents = true;
    return true;
}

static void add_node(cg_run *r, int p, bool on, const uint16_t *par, int npar)
{
    int id = cg_node(p, on);
    if (on) {
        cg_add(&r->on, p);
        r->on_list[r->non++] = (uint16_t)p;
    } else {
        cg_add(&r->off, p);
        r->order[p] = (uint16_t)r->noff;
        r->off_list[r->noff++] = (uint16_t)p;
    }
    set_parents(r, id, par, npar);
}

void cg_add_off(cg_run *r, int q, const uint16_t *par, int npar)
{
    add_node(r, q, false, par, npar);
    r->rule[cg_node(q, false)].kind = 0;
}

static void set_virtual(cg_run *r, int p, bool on, const uint16_t *par, int npar)
{
    r->virt_p = p;
    r->virt_on = on;
    set_parents(r, CG_VIRTUAL, par, npar);
}

/* The OFF nodes an ON candidate p implies, in SE's order (getOnToOff): the
 * grid's static links (build_links()); expand_on() follows the same order. */
static int on_to_off(const cg_ctx *cx, const sudoku_mask *cand, unit_set (*where)[CG_DIGIT_SLOTS], int p,
                     bool y_links, uint16_t *out)
{
    int n = cx->n, c = cg_cell(cx, p), d = cg_digit(cx, p), k = 0;
    if (y_links)
        for (sudoku_mask m = (sudoku_mask)(cand[c] & ~sudoku_bit(d)); m; m &= (sudoku_mask)(m - 1))
            out[k++] = (uint16_t)(p + mask_first_digit(m) - d);
    /* the box's places, then the row's and the column's outside the box
     * (one by one: a loop over the three units costs more) */
    const uint8_t *unit = cx->unit[c], *pos = cx->unit_pos[c];
    int box = unit[0], row = unit[1], col = unit[2];
    unsigned m = where[box][d] & ~(1u << pos[0]);
    for (const uint8_t *cells = cx->l->unit_cell[box]; m; m &= m - 1)
        out[k++] = (uint16_t)(cells[bit_index32(m)] * n + d - 1);
    m = where[row][d] & ~(1u << pos[1]) & ~(unsigned)cx->in_unit[row][box];
    for (const uint8_t *cells = cx->l->unit_cell[row]; m; m &= m - 1)
        out[k++] = (uint16_t)(cells[bit_index32(m)] * n + d - 1);
    m = where[col][d] & ~(1u << pos[2]) & ~(unsigned)cx->in_unit[col][box];
    for (const uint8_t *cells = cx->l->unit_cell[col]; m; m &= m - 1)
        out[k++] = (uint16_t)(cells[bit_index32(m)] * n + d - 1);
    return k;
}

/*
 * The ON nodes an OFF candidate p implies (getOffToOn) in grid (cand,
 * where): the cell's other candidate when it has two (a cell link, first
 * when there is one), then the digit's other place in the box, row and
 * column when it is the last (a unit link; a place met twice keeps its
 * first unit). The grid's static links (build_links()); a dynamic run's
 * expand_off() follows the same links in the same order, with the hidden
 * parents.
 */
static int off_to_on(const cg_ctx *cx, const sudoku_mask *cand, unit_set (*where)[CG_DIGIT_SLOTS], int p,
                     uint16_t *out)
{
    int n = cx->n, c = cg_cell(cx, p), d = cg_digit(cx, p), k = 0;
    if (cg_exactly_two(cand[c]))
        out[k++] = (uint16_t)(c * n + mask_first_digit(cand[c] & ~sudoku_bit(d)) - 1);
    int cells = k; /* the unit links start here */
    const uint8_t *unit = cx->unit[c], *pos = cx->unit_pos[c];
    for (int t = 0; t < 3; t++) {
        unsigned others = where[unit[t]][d] & ~(1u << pos[t]);
        if (!others || (others & (others - 1)))
            continue;
        int op = cx->l->unit_cell[unit[t]][bit_index32(others)] * n + d - 1;
        bool dup = false;
        for (int j = cells; j < k; j++)
            dup |= out[j] == op;
        if (!dup)
            out[k++] = (uint16_t)op;
    }
    return k;
}

/* Candidate p's links in the grid (p is one of its candidates), and
 * whether some OFF node makes it ON through a cell link (its cell has two
 * candidates) or a unit link (one of its units has two places for it:
 * p OFF then has a unit link too, the links being symmetric). */
static void candidate_links(cg_ctx *cx, int p)
{
    unit_set(*where)[CG_DIGIT_SLOTS] = cx->where0;
    int c = cg_cell(cx, p);
    bool two = cg_exactly_two(cx->cand0[c]);
    cx->on_n[p] = (uint8_t)on_to_off(cx, cx->cand0, where, p, true, cx->on_adj[p]);
    cx->on_cell[p] = (uint8_t)(mask_count(cx->cand0[c]) - 1);
    int k = off_to_on(cx, cx->cand0, where, p, cx->off_adj[p]);
    cx->off_n[p] = (uint8_t)k;
    cx->off_cell[p] = (uint8_t)two; /* the cell link is the first, when there is one */
    cx->in_cell[p] = two;
    cx->in_unit_link[p] = k > (int)two;
}

/* Candidate p's links, none when it is not a candidate of the grid. */
static void links_of(cg_ctx *cx, int p)
{
    if (cx->cand0[cg_cell(cx, p)] & sudoku_bit(cg_digit(cx, p))) {
        candidate_links(cx, p);
        return;
    }
    cx->on_n[p] = cx->on_cell[p] = cx->off_n[p] = cx->off_cell[p] = 0;
    cx->in_cell[p] = cx->in_unit_link[p] = false;
}

/* All the grid's links: those of its candidates, none for the others. */
static void build_links(cg_ctx *cx)
{
    int np = cx->ncells * cx->n;
    memset(cx->on_n, 0, (size_t)np);
    memset(cx->on_cell, 0, (size_t)np);
    memset(cx->off_n, 0, (size_t)np);
    memset(cx->off_cell, 0, (size_t)np);
    memset(cx->in_cell, 0, (size_t)np * sizeof cx->in_cell[0]);
    memset(cx->in_unit_link, 0, (size_t)np * sizeof cx->in_unit_link[0]);
    for (int c = 0; c < cx->ncells; c++)
        for (sudoku_mask m = cx->cand0[c]; m; m &= (sudoku_mask)(m - 1))
            candidate_links(cx, c * cx->n + mask_first_digit(m) - 1);
}

/*
 * cx's tables made for g from those of the grid before: a candidate's links
 * depend on its cell's candidates and its digit's places in its units
 * alone, so only the candidates of a cell that changed, and those of a
 * digit that changed in one of their units, are made again.
 */
static void update_links(cg_ctx *cx, const sudoku_grid *g)
{
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    cg_set stale = { { 0 } };
    sudoku_mask unit_changed[SUDOKU_MAX_UNITS] = { 0 }; /* the digits whose places changed, per unit */
    for (int c = 0; c < l->ncells; c++) {
        sudoku_mask changed = (sudoku_mask)(cx->grid_cand[c] ^ g->cand[c]);
        if (!changed)
            continue;
        cx->grid_cand[c] = g->cand[c];
        for (int d = 1; d <= n; d++)
            cg_add(&stale, c * n + d - 1);
        for (sudoku_mask m = changed; m; m &= (sudoku_mask)(m - 1)) {
            int d = mask_first_digit(m);
            cx->digit_bb[d][c >> 6] ^= (uint64_t)1 << (c & 63);
            for (int t = 0; t < 3; t++) {
                int u = cx->unit[c][t];
                cx->where0[u][d] ^= (unit_set)(1u << cx->unit_pos[c][t]);
                unit_changed[u] |= sudoku_bit(d);
            }
        }
    }
    /* The digit's places in a unit where it changed are stale; a cell of
     * the unit without the digit now, other than a changed cell (stale
     * already), did not have it before either: no links, then or now. */
    for (int u = 0; u < l->nunits; u++)
        for (sudoku_mask m = unit_changed[u]; m; m &= (sudoku_mask)(m - 1)) {
            int d = mask_first_digit(m);
            for (unsigned at = cx->where0[u][d]; at; at &= at - 1)
                cg_add(&stale, l->unit_cell[u][bit_index32(at)] * n + d - 1);
        }
    for (int w = 0; w < CG_WORDS; w++)
        for (uint64_t m = stale.w[w]; m; m &= m - 1)
            links_of(cx, 64 * w + bit_index64(m));
}

/* Static links of p ON: into out, cell links only with y_links. */
static inline int static_on_to_off(const cg_ctx *cx, int p, bool y_links, const uint16_t **out)
{
    int from = y_links ? 0 : cx->on_cell[p];
    *out = cx->on_adj[p] + from;
    return cx->on_n[p] - from;
}

/* Static links of p OFF: cell links with y_links, unit links with x_links. */
static inline int static_off_to_on(const cg_ctx *cx, int p, bool y_links, bool x_links, uint16_t *out)
{
    int k = 0;
    for (int i = 0; i < cx->off_n[p]; i++) {
        bool cell = (cx->off_cell[p] >> i) & 1;
        if (cell ? y_links : x_links)
            out[k++] = cx->off_adj[p][i];
    }
    return k;
}

/*
 * The steps of a dynamic run, the bulk of the chaining techniques' work:
 * the links of on_to_off() and off_to_on() in the same order, each node
 * added as it is found (adding an OFF node changes no link of the grid,
 * so the list of a node is the same either way), and the commonest node,
 * an OFF one with one parent, added without set_parents()'s loop.
 */

/* Candidate q OFF, its one parent the ON node self: add_node(r, q, false, &self, 1). */
static ALWAYS_INLINE void add_off_child(cg_run *r, int q, int self)
{
    int id = cg_node(q, false);
    cg_add(&r->off, q);
    r->order[q] = (uint16_t)r->noff;
    r->off_list[r->noff++] = (uint16_t)q;
    r->par_at[id] = (uint16_t)r->narena;
    if (r->narena < CG_ARENA) {
        r->arena[r->narena++] = (uint16_t)self;
        r->par_n[id] = 1;
        r->depth[id] = (uint16_t)(r->depth[self] + 1);
    } else {
        r->par_n[id] = 0;
        r->depth[id] = 0;
    }
}

/* ON node self implies candidate q OFF: false on a contradiction (q is ON). */
static ALWAYS_INLINE bool imply_off(cg_run *r, int q, int self, int below, int *shallow)
{
    if (cg_has(&r->on, q)) {
        uint16_t parent = (uint16_t)self;
        r->absurd = true;
        r->absurd_on = cg_node(q, true);
        r->absurd_off = CG_VIRTUAL;
        set_virtual(r, q, false, &parent, 1);
        return false;
    }
    if (!cg_has(&r->off, q)) {
        add_off_child(r, q, self);
        *shallow += below;
    }
    return true;
}

/* A dynamic run expands ON candidate p (on_to_off()); false on a contradiction. */
static ALWAYS_INLINE bool expand_on(const cg_ctx *cx, cg_run *r, int p, int stop, int *shallow)
{
    int c = cg_cell(cx, p), d = cg_digit(cx, p), self = cg_node(p, true);
    int below = r->depth[self] + 1 < stop; /* whether its OFF nodes are shallow */
    if (cx->y_links)
        for (sudoku_mask m = (sudoku_mask)(r->cand[c] & ~sudoku_bit(d)); m; m &= (sudoku_mask)(m - 1))
            if (!imply_off(r, p + mask_first_digit(m) - d, self, below, shallow))
                return false;
    /* the box's places, then the row's and the column's outside the box */
    const uint8_t *unit = cx->unit[c], *pos = cx->unit_pos[c];
    const unit_set *where = &r->where[0][0];
    const uint16_t *at = cx->p_where[p];
    int box = unit[0], row = unit[1], col = unit[2];
    unsigned m = where[at[0]] & ~(1u << pos[0]);
    for (const uint16_t *ps = cx->unit_p[box]; m; m &= m - 1)
        if (!imply_off(r, ps[bit_index32(m)] + d - 1, self, below, shallow))
            return false;
    m = where[at[1]] & ~(1u << pos[1]) & ~(unsigned)cx->in_unit[row][box];
    for (const uint16_t *ps = cx->unit_p[row]; m; m &= m - 1)
        if (!imply_off(r, ps[bit_index32(m)] + d - 1, self, below, shallow))
            return false;
    m = where[at[2]] & ~(1u << pos[2]) & ~(unsigned)cx->in_unit[col][box];
    for (const uint16_t *ps = cx->unit_p[col]; m; m &= m - 1)
        if (!imply_off(r, ps[bit_index32(m)] + d - 1, self, below, shallow))
            return false;
    return true;
}

/* OFF candidate p of a dynamic run implies candidate q ON through a cell
 * link (link -1: parents the candidates the run removed from p's cell, gone)
 * or a unit link (the places it removed from the unit, gone): -1 on a
 * contradiction (q is OFF), else the shallow nodes it queued (0 or 1).
 * The count is returned, not added through a pointer, so that the run's
 * count stays in a register (a pointer to it would keep it in memory). */
static int imply_on(const cg_ctx *cx, cg_run *r, int p, int q, int link, unsigned gone, int stop)
{
    bool absurd = cg_has(&r->off, q);
    if (!absurd && cg_has(&r->on, q))
        return 0;
    int n = cx->n, c = cg_cell(cx, p), d = cg_digit(cx, p), self = cg_node(p, false), npar = 0;
    /* the parents straight into the arena when it has room (always on 9x9) */
    uint16_t spare[SUDOKU_MAX_N + 1];
    bool room = r->narena + SUDOKU_MAX_N + 1 <= CG_ARENA;
    uint16_t *par = room ? r->arena + r->narena : spare;
    par[npar++] = (uint16_t)self;
    if (link < 0) {
        for (; gone; gone &= gone - 1)
            par[npar++] = (uint16_t)cg_node(c * n + mask_first_digit(gone) - 1, false);
    } else {
        const uint16_t *ps = cx->unit_p[cx->unit[c][link]];
        for (; gone; gone &= gone - 1)
            par[npar++] = (uint16_t)cg_node(ps[bit_index32(gone)] + d - 1, false);
    }
    if (absurd) {
        r->absurd = true;
        r->absurd_on = CG_VIRTUAL;
        r->absurd_off = cg_node(q, false);
        set_virtual(r, q, true, par, npar); /* set_parents() copies par onto itself */
        return -1;
    }
    int id = cg_node(q, true);
    if (room) { /* add_node() without the copy */
        cg_add(&r->on, q);
        r->order[q] = (uint16_t)(r->order[p] + 1); /* found by expanding p */
        r->on_list[r->non++] = (uint16_t)q;
        r->par_at[id] = (uint16_t)r->narena;
        r->par_n[id] = (uint8_t)npar;
        r->narena += npar;
        r->depth[id] = (uint16_t)(r->depth[self] + 1);
        r->multi_parents |= npar > 1;
    } else {
        r->order[q] = (uint16_t)(r->order[p] + 1);
        add_node(r, q, true, par, npar);
    }
    if (cx->level == 0)
        mark_on(cx, r, q);
    return r->depth[id] < stop;
}

/*
 * A dynamic run expands OFF candidate p: off_to_on()'s links, in its
 * order, then p leaves the run's grid. The grid without p gives the test
 * at once (most OFF nodes imply nothing): a unit's other places are its
 * places without p; the hidden parents are what the run removed before p.
 * False on a contradiction (the run's grid is then left with p, as the
 * contradiction found it).
 */
/* expand_off() once OFF candidate p has links (single: the units with
 * one other place; cell: one other candidate): before, the unit places
 * and the cell's candidates before p left them. -1 on a contradiction,
 * else the shallow nodes queued (imply_on()). */
static int off_links(const cg_ctx *cx, cg_run *r, int p, const unsigned before[3], sudoku_mask cand,
                     unsigned single, bool cell, int stop)
{
    int c = cg_cell(cx, p), d = cg_digit(cx, p);
    const uint8_t *unit = cx->unit[c], *pos = cx->unit_pos[c];
    int added = 0, got = 0;
    if (cell) {
        int q = p + mask_first_digit(cand & ~sudoku_bit(d)) - d;
        if (!cg_has(&r->on, q) || cg_has(&r->off, q))
            added = got = imply_on(cx, r, p, q, -1, (sudoku_mask)(cx->cand0[c] & ~cand), stop);
    }
    int found[3], k = 0;
    for (; single && got >= 0; single &= single - 1) {
        int t = bit_index32(single);
        int q = cx->unit_p[unit[t]][bit_index32(before[t] & ~(1u << pos[t]))] + d - 1;
        bool dup = false;
        for (int j = 0; j < k; j++)
            dup |= found[j] == q; /* a set: the first unit's link stays */
        found[k++] = q;
        if (!dup && (!cg_has(&r->on, q) || cg_has(&r->off, q))) {
            got = imply_on(cx, r, p, q, t, cx->where0[unit[t]][d] & ~before[t], stop);
            added += got;
        }
    }
    if (got < 0) {
        r->cand[c] = cand;
        for (int t = 0; t < 3; t++)
            r->where[unit[t]][d] = (unit_set)before[t];
        return -1;
    }
    return added;
}

/* Whether a unit's places (9 at most: the chains take 9x9 grids and smaller)
 * are exactly one: a table reads in one load what the bit test takes
 * several instructions for. */
#define ONE_PLACE(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)
#define ONE_PLACE4(x) ONE_PLACE(x), ONE_PLACE((x) + 1), ONE_PLACE((x) + 2), ONE_PLACE((x) + 3)
#define ONE_PLACE16(x) ONE_PLACE4(x), ONE_PLACE4((x) + 4), ONE_PLACE4((x) + 8), ONE_PLACE4((x) + 12)
#define ONE_PLACE64(x) ONE_PLACE16(x), ONE_PLACE16((x) + 16), ONE_PLACE16((x) + 32), ONE_PLACE16((x) + 48)
#define ONE_PLACE256(x) ONE_PLACE64(x), ONE_PLACE64((x) + 64), ONE_PLACE64((x) + 128), ONE_PLACE64((x) + 192)
static const uint8_t one_place[512] = { ONE_PLACE256(0), ONE_PLACE256(256) };

static ALWAYS_INLINE bool expand_off(const cg_ctx *cx, cg_run *r, int p, int stop, int *shallow)
{
    int c = cg_cell(cx, p), d = cg_digit(cx, p);
    const uint8_t *pos = cx->unit_pos[c];
    /* the three units one by one: a loop over arrays costs twice as much here */
    unit_set *where = &r->where[0][0];
    const uint16_t *at = cx->p_where[p];
    unit_set *w0 = where + at[0], *w1 = where + at[1], *w2 = where + at[2];
    unsigned b0 = *w0, b1 = *w1, b2 = *w2;
    unsigned o0 = b0 & ~(1u << pos[0]), o1 = b1 & ~(1u << pos[1]), o2 = b2 & ~(1u << pos[2]);
    *w0 = (unit_set)o0;
    *w1 = (unit_set)o1;
    *w2 = (unit_set)o2;
    unsigned single = one_place[o0] | (unsigned)one_place[o1] << 1 | (unsigned)one_place[o2] << 2;
    /*
     * A unit whose one other place is an ON node of the run links to that
     * node, which the run has: it adds nothing. At level 0 no node is both
     * ON and OFF (a run stops at the first node found both ways), so
     * off_links() would pass it; on_at finds it without the node's number.
     */
    bool level0 = cx->level == 0;
    const unit_set *on_at = &r->on_at[0][0];
    if (single && level0)
        single &= ~((unsigned)((o0 & on_at[at[0]]) != 0) | (unsigned)((o1 & on_at[at[1]]) != 0) << 1 |
                    (unsigned)((o2 & on_at[at[2]]) != 0) << 2);
    sudoku_mask cand = r->cand[c];
    r->cand[c] = (sudoku_mask)(cand & ~sudoku_bit(d));
    bool cell = cx->y_links && cg_exactly_two(cand);
    if (cell && level0) { /* the same for the cell's other candidate e: its box's row at[0] - d + e */
        int e = mask_first_digit(cand & ~sudoku_bit(d));
        cell = !(on_at[at[0] - d + e] & (1u << pos[0]));
    }
    if (!single && !cell)
        return true;
    const unsigned before[3] = { b0, b1, b2 };
    int added = off_links(cx, r, p, before, cand, single, cell, stop);
    if (added < 0)
        return false;
    *shallow += added;
    return true;
}

/* A static run (links of the context's grid) expands ON candidate p; false on a contradiction. */
static ALWAYS_INLINE bool static_expand_on(const cg_ctx *cx, cg_run *r, int p, int stop, int *shallow)
{
    int self = cg_node(p, true), below = r->depth[self] + 1 < stop;
    const uint16_t *list;
    int k = static_on_to_off(cx, p, cx->y_links, &list);
    for (int i = 0; i < k; i++)
        if (!imply_off(r, list[i], self, below, shallow))
            return false;
    return true;
}

/* A static run expands OFF candidate p: -1 on a contradiction, else the
 * shallow nodes queued (returned, as imply_on() does). */
static int static_off_links(const cg_ctx *cx, cg_run *r, int p, int stop)
{
    uint16_t to[4], self = (uint16_t)cg_node(p, false);
    int added = 0;
    int k = static_off_to_on(cx, p, cx->y_links, true, to);
    for (int i = 0; i < k; i++) {
        int q = to[i];
        bool absurd = cg_has(&r->off, q);
        if (!absurd && cg_has(&r->on, q))
            continue;
        if (absurd) {
            r->absurd = true;
            r->absurd_on = CG_VIRTUAL;
            r->absurd_off = cg_node(q, false);
            set_virtual(r, q, true, &self, 1);
            return -1;
        }
        add_node(r, q, true, &self, 1);
        added += r->depth[cg_node(q, true)] < stop;
    }
    return added;
}

static ALWAYS_INLINE bool static_expand_off(const cg_ctx *cx, cg_run *r, int p, int stop, int *shallow)
{
    int added = static_off_links(cx, r, p, stop);
    if (added < 0)
        return false;
    *shallow += added;
    return true;
}

/* Whether candidate p OFF implies anything in the context's grid: its cell
 * has two candidates (with cell links), or a unit of p has its digit in
 * one other place (expand_off()'s test before the run removes anything). */
static bool off_implies(const cg_ctx *cx, int p)
{
    int c = cg_cell(cx, p);
    if (cx->y_links && cg_exactly_two(cx->cand0[c]))
        return true;
    const unit_set *where = &cx->where0[0][0];
    const uint16_t *at = cx->p_where[p];
    const uint8_t *pos = cx->unit_pos[c];
    for (int t = 0; t < 3; t++)
        if (one_place[where[at[t]] & ~(1u << pos[t])])
            return true;
    return false;
}

bool cg_off_implies(const cg_ctx *cx, int p) { return off_implies(cx, p); }

void cg_run_chaining(const cg_ctx *cx, cg_run *r, int p0, bool on0)
{
    /* Most OFF starts imply nothing: at level 0 (no rule adds nodes at the
     * fixpoint) their run is the start alone, made without copying the
     * grid, which no one reads after a run of level 0. */
    if (!on0 && cx->dynamic && cx->level == 0 && !off_implies(cx, p0)) {
        run_reset(cx, r, false);
        add_node(r, p0, false, NULL, 0);
        r->expanded = 1;
        return;
    }
    int hon = 0, hoff = 0;
    /* Queued nodes shallower than stop_depth: once there are none, the
     * rest of the run could only add nodes deeper than any hint wanted. */
    int stop = cx->stop_depth, shallow = 1;
    bool can_stop = cx->level == 0; /* at nesting levels the rules may add shallow nodes at a fixpoint */
    run_reset(cx, r, true);
    r->order[p0] = 0;
    add_node(r, p0, on0, NULL, 0);
    if (on0 && cx->dynamic && cx->level == 0)
        mark_on(cx, r, p0);
    for (;;) {
        if (can_stop && shallow == 0) {
            r->cut = hon < r->non || hoff < r->noff;
            break;
        }
        if (hon < r->non) {
            int p = r->on_list[hon++];
            shallow -= r->depth[cg_node(p, true)] < stop;
            if (!(cx->dynamic ? expand_on(cx, r, p, stop, &shallow) : static_expand_on(cx, r, p, stop, &shallow)))
                break;
            continue;
        }
        if (hoff < r->noff) {
            int p = r->off_list[hoff++];
            shallow -= r->depth[cg_node(p, false)] < stop;
            if (!(cx->dynamic ? expand_off(cx, r, p, stop, &shallow) : static_expand_off(cx, r, p, stop, &shallow)))
                break;
            continue;
        }
        if (cx->level > 0 && cx->nesting->advanced(cx, r) > 0 && !r->cut)
            continue;
        break;
    }
    r->expanded = hoff;
}

/* A row of node numbers with each pair (a candidate's OFF and ON node,
 * numbers 2i and 2i + 1) swapped: the opposites of the nodes of w. */
static inline uint64_t opposites(uint64_t w)
{
    const uint64_t even = 0x5555555555555555u;
    return ((w >> 1) & even) | ((w & even) << 1);
}

/*
 * The nodes of graph rc that lie on some path from node s to its opposite
 * (with its closure): those s reaches whose opposite it reaches too (by
 * the symmetry of the links, such a node u reaches not-s, as not-u is
 * reached from s), in kept, rc->words words. A node that links to one of
 * them is one of them (it reaches not-s through it), so a run from s met
 * the others only through one another.
 */
static void on_paths(const cg_reach *rc, int s, uint64_t *kept)
{
    const uint64_t *row = cg_reach_row(rc, rc->comp[rc->index[s]]);
    for (int w = 0; w < rc->words; w++)
        kept[w] = row[w] & opposites(row[w]);
}

/*
 * A static forcing run from candidate p0 (state on0) in graph rc (closure
 * made) leaves out the nodes on no path to p0's opposite: they are put in
 * the run's sets before it starts, as if met already. The others are met
 * in the same order from the same first parents (none of them is reached
 * through a node left out, see on_paths()), so the target and the chain
 * to it are the same; r's sets then hold the nodes left out too.
 */
static void leave_out_of_paths(const cg_reach *rc, cg_run *r, int p0, bool on0)
{
    uint64_t kept[CG_WORDS * 2];
    on_paths(rc, cg_node(p0, on0), kept);
    memset(&r->on, 0xff, sizeof r->on);
    memset(&r->off, 0xff, sizeof r->off);
    for (int w = 0; w < rc->words; w++)
        for (uint64_t m = kept[w]; m; m &= m - 1) {
            int id = rc->node[64 * w + bit_index64(m)];
            cg_set *set = id & 1 ? &r->on : &r->off;
            set->w[id >> 7] &= ~((uint64_t)1 << ((id >> 1) & 63));
        }
}

bool cg_run_forcing(const cg_ctx *cx, cg_run *r, int p0, bool on0, bool y_links, int max_depth)
{
    int hon = 0, hoff = 0;
    /* without cell links a run stays in its digit */
    const cg_reach *rc = cx->reach_lean ? NULL : y_links ? cg_reach_for(cx, true, true, true) : reach_of_digit(cx, p0);
    if (rc && rc->index[cg_node(p0, on0)] < 0)
        rc = NULL; /* a start without a strong link, left out of its digit's graph */
    if (rc && !cg_reaches(rc, cg_node(p0, on0), cg_node(p0, !on0)))
        return false; /* no path to the opposite: the run would not find it (nor be made) */
    run_reset(cx, r, false);
    if (rc)
        leave_out_of_paths(rc, r, p0, on0);
    add_node(r, p0, on0, NULL, 0);
    while (hon < r->non || hoff < r->noff) {
        int end = r->non; /* one wave of ON nodes, then one of OFF nodes */
        if (hon < end && r->depth[cg_node(r->on_list[hon], true)] >= max_depth) {
            r->cut = true;
            return false; /* waves go deeper and deeper: no target within reach */
        }
        while (hon < end) {
            int p = r->on_list[hon++];
            uint16_t self = (uint16_t)cg_node(p, true);
            const uint16_t *list;
            int k = static_on_to_off(cx, p, y_links, &list);
            for (int i = 0; i < k; i++) {
                int q = list[i];
                if (on0 && q == p0) {
                    set_virtual(r, q, false, &self, 1);
                    return true;
                }
                if (!cg_has(&r->off, q))
                    add_node(r, q, false, &self, 1);
            }
        }
        end = r->noff;
        if (hoff < end && r->depth[cg_node(r->off_list[hoff], false)] >= max_depth) {
            r->cut = true;
            return false;
        }
        while (hoff < end) {
            int p = r->off_list[hoff++];
            uint16_t to[4], self = (uint16_t)cg_node(p, false);
            int k = static_off_to_on(cx, p, y_links, true, to);
            for (int i = 0; i < k; i++) {
                int q = to[i];
                if (!on0 && q == p0) {
                    set_virtual(r, q, true, &self, 1);
                    return true;
                }
                if (!cg_has(&r->on, q))
                    add_node(r, q, true, &self, 1);
            }
        }
    }
    return false;
}

/*
 * The static links are symmetric under negation: u implies v exactly when
 * not-v implies not-u (a cell's or unit's two candidates, a candidate and
 * its peers). So the shortest path from s to not-s through a node u is
 * dist(s, u) + dist(s, not-u), and the shortest path has such a u at its
 * middle: a search from s to half the depth finds its length. The first
 * wave that meets a node and its negation gives the least sum (a later
 * wave k meets only sums of 2k - 1 or more). This one follows cx's links,
 * for when no graph could be made (cg_forcing_length() below).
 */
static int forcing_length_links(const cg_ctx *cx, int p0, bool on0, bool y_links, int max_depth)
{
    cg_set seen[2]; /* by state: OFF, ON */
    uint16_t depth[CG_NODES], queue[CG_NODES];
    memset(seen, 0, sizeof seen);
    int start = cg_node(p0, on0), head = 0, tail = 0;
    cg_add(&seen[on0], p0);
    depth[start] = 0;
    queue[tail++] = (uint16_t)start;
    for (int k = 0; head < tail; k++) {
        /* wave k + 1 meets sums of 2k + 1 or more */
        if (2 * k + 1 > max_depth)
            return -1;
        int end = tail, best = 1 << 30;
        /* The last wave within max_depth: its nodes are not expanded, and a
         * node met only counts with its opposite seen (when both were seen
         * before, the wave of the second has met them and returned). */
        bool last = 2 * (k + 1) + 1 > max_depth;
        while (head < end) {
            int id = queue[head++], p = id >> 1;
            uint16_t to[SUDOKU_MAX_PEERS + SUDOKU_MAX_N];
            const uint16_t *list = to;
            int count = id & 1 ? static_on_to_off(cx, p, y_links, &list) : static_off_to_on(cx, p, y_links, true, to);
            bool on = !(id & 1);
            if (last) {
                for (int i = 0; i < count; i++) {
                    int q = list[i];
                    if (cg_has(&seen[!on], q) && k + 1 + depth[cg_node(q, !on)] < best)
                        best = k + 1 + depth[cg_node(q, !on)];
                }
                continue;
            }
            for (int i = 0; i < count; i++) {
                int q = list[i];
                if (cg_has(&seen[on], q))
                    continue;
                cg_add(&seen[on], q);
                int v = cg_node(q, on);
                depth[v] = (uint16_t)(k + 1);
                queue[tail++] = (uint16_t)v;
                if (cg_has(&seen[!on], q) && k + 1 + depth[v ^ 1] < best)
                    best = k + 1 + depth[v ^ 1];
            }
        }
        if (best < 1 << 30)
            return best <= max_depth ? best : -1;
    }
    return -1;
}

/*
 * The same search on the graph of the run's links (kept for the grid, as
 * cg_run_forcing() asks for it), in its numbers (a node's opposite is its
 * number ^ 1): a node without links is met (it may meet its opposite) but
 * not queued, the seen sets are the graph's few words, and the links are
 * read from its packed lists. The same links: the same length.
 *
 * It meets only the nodes on some path from the start to its opposite
 * (on_paths()): a shortest path to one of them has only such nodes, so
 * leaving the others out (marked seen from the start) gives the nodes kept
 * the same depths, and every meeting (a node and its opposite, both kept)
 * the same sum.
 */
int cg_forcing_length(const cg_ctx *cx, int p0, bool on0, bool y_links, int max_depth)
{
    /* without cell links a run stays in its digit */
    const cg_reach *rc = y_links ? cg_reach_for(cx, true, true, true) : reach_of_digit(cx, p0);
    if (!rc || rc->index[cg_node(p0, on0)] < 0) /* none, or a start its digit's graph leaves out */
        return forcing_length_links(cx, p0, on0, y_links, max_depth);
    uint64_t seen[CG_WORDS * 2], kept[CG_WORDS * 2];
    uint16_t depth[CG_NODES], queue[CG_NODES];
    int start = rc->index[cg_node(p0, on0)], head = 0, tail = 0;
    if (rc->closure)
        on_paths(rc, cg_node(p0, on0), kept);
    else
        memset(kept, 0xff, sizeof kept);
    for (int w = 0; w < rc->words; w++)
        seen[w] = ~kept[w];
    seen[start >> 6] |= (uint64_t)1 << (start & 63);
    depth[start] = 0;
    queue[tail++] = (uint16_t)start;
    for (int k = 0; head < tail; k++) {
        if (2 * k + 1 > max_depth)
            return -1;
        int end = tail, best = 1 << 30;
        bool last = 2 * (k + 1) + 1 > max_depth;
        while (head < end) {
            int a = queue[head++], count = rc->nlink[a];
            const uint16_t *ls = cg_links(rc, a);
            if (last) {
                for (int i = 0; i < count; i++) {
                    int o = ls[i] ^ 1; /* its opposite, met when kept and seen */
                    if (((seen[o >> 6] & kept[o >> 6]) >> (o & 63) & 1) && k + 1 + depth[o] < best)
                        best = k + 1 + depth[o];
                }
                continue;
            }
            for (int i = 0; i < count; i++) {
                int t = ls[i], o = t ^ 1;
                if ((seen[t >> 6] >> (t & 63)) & 1)
                    continue;
                seen[t >> 6] |= (uint64_t)1 << (t & 63);
                depth[t] = (uint16_t)(k + 1);
                if (rc->nlink[t])
                    queue[tail++] = (uint16_t)t;
                if (((seen[o >> 6] >> (o & 63)) & 1) && k + 1 + depth[o] < best)
                    best = k + 1 + depth[o];
            }
        }
        if (best < 1 << 30)
            return best <= max_depth ? best : -1;
    }
    return -1;
}

/* The static links of each node of rc (numbered already: node[], index[])
 * in the graph of rc's kind. */
static ALWAYS_INLINE void reach_lists(const cg_ctx *cx, cg_reach *rc, bool y_links, bool x_links, bool y_only,
                                      bool lean)
{
    int nodes = rc->nnodes, used = 0; /* of flat[] */
    uint8_t *nlinks = rc->nlink, *nlive = rc->nlive;
    const uint16_t *node_of = rc->node;
    uint16_t *flat = rc->link, *link_at = rc->link_at;
    /* The static links of each node in the graph of rc's kind, by their
     * numbers here: OFF nodes first (at most four links), so that an ON
     * node can put the OFF nodes with links before those without. */
    for (int a = 0; a < nodes; a += 2) {
        int p = node_of[a] >> 1, k = 0;
        uint16_t *out = flat + used;
        for (int i = 0; i < cx->off_n[p]; i++)
            if (((cx->off_cell[p] >> i) & 1) ? y_links : x_links)
                out[k++] = (uint16_t)rc->index[2 * cx->off_adj[p][i] + 1];
        link_at[a] = (uint16_t)used;
        used += k;
        nlinks[a] = (uint8_t)k;
    }
    for (int a = 1; a < nodes; a += 2) {
        const uint16_t *list;
        int k = static_on_to_off(cx, node_of[a] >> 1, y_links, &list);
        uint16_t *out = flat + used;
        link_at[a] = (uint16_t)used;
        if (y_only || lean) { /* the links to the nodes kept: those have links */
            int live = 0;
            for (int i = 0; i < k; i++) {
                int t = rc->index[2 * list[i]];
                out[live] = (uint16_t)t;
                live += t >= 0;
            }
            nlinks[a] = nlive[a] = (uint8_t)live;
            used += live;
            continue;
        }
        int live = 0, dead = k;
        for (int i = 0; i < k; i++) {
            /* without a branch: both ends of the slots still free get t,
             * the one kept is passed */
            int t = rc->index[2 * list[i]], has = nlinks[t] != 0;
            out[live] = (uint16_t)t;
            out[dead - 1] = (uint16_t)t;
            live += has;
            dead -= !has;
        }
        nlinks[a] = (uint8_t)k;
        nlive[a] = (uint8_t)live;
        used += k;
    }
    for (int a = 0; a < nodes; a += 2) {
        /* an ON node without links is rare (a cell's last candidate that no peer has) */
        uint16_t *out = flat + link_at[a];
        int k = nlinks[a], live = 0;
        for (int i = 0; i < k; i++)
            live += nlinks[out[i]] != 0;
        if (live < k) {
            uint16_t tmp[4];
            int j = 0, dead = live;
            for (int i = 0; i < k; i++) {
                if (nlinks[out[i]])
                    tmp[j++] = out[i];
                else
                    tmp[dead++] = out[i];
            }
            memcpy(out, tmp, (size_t)k * sizeof tmp[0]);
        }
        nlive[a] = (uint8_t)live;
    }
    rc->link_used = used;
}

/* The links of ON node a of rc (both kinds of links) made again in its
 * slots, reach_lists()' way: a list never grows when candidates go. */
static int reach_on_list(const cg_ctx *cx, cg_reach *rc, int a)
{
    const uint16_t *list;
    int k = static_on_to_off(cx, rc->node[a] >> 1, true, &list), live = 0, dead = k;
    uint16_t *out = rc->link + rc->link_at[a];
    for (int i = 0; i < k; i++) {
        int t = rc->index[2 * list[i]], has = rc->nlink[t] != 0;
        out[live] = (uint16_t)t;
        out[dead - 1] = (uint16_t)t;
        live += has;
        dead -= !has;
    }
    rc->nlink[a] = (uint8_t)k;
    rc->nlive[a] = (uint8_t)live;
    return k;
}

/* The links of OFF node a made again (the ON nodes of to[0 .. k), those
 * with links first): in its slots, else, when the list grew, at the end
 * of link[]. */
static void reach_off_list(cg_reach *rc, int a, const uint16_t *to, int k)
{
    uint16_t *out = rc->link + (k <= rc->nlink[a] ? rc->link_at[a] : rc->link_used);
    int live = 0;
    for (int i = 0; i < k; i++)
        live += rc->nlink[rc->index[2 * to[i] + 1]] != 0;
    for (int i = 0, j = 0, dead = live; i < k; i++) {
        int t = rc->index[2 * to[i] + 1];
        out[rc->nlink[t] ? j++ : dead++] = (uint16_t)t;
    }
    if (k > rc->nlink[a]) {
        rc->link_at[a] = (uint16_t)rc->link_used;
        rc->link_used += k;
    }
    rc->nlink[a] = (uint8_t)k;
    rc->nlive[a] = (uint8_t)live;
}

/*
 * Tarjan's strongly connected components (iterative); each component is
 * completed after every component it reaches, so its reach is the union
 * of theirs and its own nodes. A node without links (most OFF nodes) is a
 * component of its own, made before the search, which follows only the
 * links to nodes with links (a node's first nlive): a component's reach
 * takes the others' nodes one bit each.
 */
static ALWAYS_INLINE void reach_build_as(const cg_ctx *cx, cg_reach *rc, bool y_links, bool x_links, bool closure,
                                          unsigned digits, bool lean)
{
    static _Thread_local uint16_t stack[CG_NODES], call_node[CG_NODES], call_next[CG_NODES];
    const uint8_t *nlinks = rc->nlink, *nlive = rc->nlive;
    uint16_t *node_of = rc->node;
    const uint16_t *flat = rc->link, *link_at = rc->link_at;
    static _Thread_local int16_t low[CG_NODES], order[CG_NODES], merged[CG_NODES];
    static _Thread_local bool on_stack[CG_NODES];
    /* Numbered digit by digit: without cell links a node reaches only
     * nodes of its digit, in the words from digit_word[d] to digit_word[d + 1].
     * A candidate's OFF node has an even number, its ON node the next. */
    int nodes = 0;
    int digit_word[SUDOKU_MAX_N + 2];
    /* -1 (absent) for the nodes of the graph made here before: every
     * other entry is -1 already (a slot starts so, and reach_update()
     * only takes nodes out) */
    for (int a = 0; a < rc->nnodes; a++)
        rc->index[node_of[a]] = -1;
    /* With cell links alone, only a bivalue cell's candidates have links
     * there (an OFF node makes a node ON only through its cell's last
     * other candidate): the graph has those alone (the others are what
     * cg_cycle_can_remove() makes up for). */
    bool y_only = y_links && !x_links;
    /* Lean (with unit links; without closure, or a digit's graph): only a
     * candidate with a strong link of the graph's kinds (its OFF node
     * implies something) has nodes there. The others' ON nodes have no
     * links to them and their OFF nodes none from them, so no path
     * between nodes kept passes through them: the components of the nodes
     * kept, which the cycle search reads, are those of the whole graph,
     * and so are their reach sets but for the nodes left out
     * (cg_digit_reaches() makes up for those). */
    lean = lean && x_links && (!closure || !y_links);
    for (int d = 1; d <= cx->n; d++) {
        digit_word[d] = nodes >> 6;
        if (!((digits >> d) & 1))
            continue;
        for (int w = 0; w < 2; w++) /* the cells with candidate d, in order */
            for (uint64_t m = cx->digit_bb[d][w]; m; m &= m - 1) {
                int off = cg_node((64 * w + bit_index64(m)) * cx->n + d - 1, false);
                if ((y_only && !cx->in_cell[off >> 1]) ||
                    (lean && !((y_links && cx->in_cell[off >> 1]) || cx->in_unit_link[off >> 1])))
                    continue;
                rc->index[off] = (int16_t)nodes;
                node_of[nodes++] = (uint16_t)off;
                rc->index[off + 1] = (int16_t)nodes;
                node_of[nodes++] = (uint16_t)(off + 1);
            }
    }
    digit_word[cx->n + 1] = (nodes + 63) >> 6;
    rc->nnodes = nodes;
    rc->words = (nodes + 63) / 64;
    reach_lists(cx, rc, y_links, x_links, y_only, lean);
    int counter = 0, top = 0, ncomps = 0, nmembers = 0;
    size_t row_bytes = (size_t)rc->words * sizeof rc->reach[0];
    for (int a = 0; a < nodes; a++) {
        merged[a] = -1;
        on_stack[a] = false;
        if (nlinks[a]) {
            order[a] = -1;
            continue;
        }
        order[a] = low[a] = (int16_t)counter++;
        rc->comp[a] = (int16_t)ncomps;
        if (closure) {
            uint64_t *reach = rc->reach + (size_t)ncomps * rc->words;
            memset(reach, 0, row_bytes); /* a few wide stores, not a word at a time */
            reach[a >> 6] |= (uint64_t)1 << (a & 63);
        }
        rc->comp_size[ncomps++] = 1;
    }
    for (int root = 0; root < nodes; root++) {
        if (order[root] >= 0)
            continue;
        int depth = 0;
        call_node[0] = (uint16_t)root;
        call_next[0] = 0;
        order[root] = low[root] = (int16_t)counter++;
        stack[top++] = (uint16_t)root;
        on_stack[root] = true;
        while (depth >= 0) {
            int a = call_node[depth];
            /* a's links from where it left off, the cursor and low[a] in
             * registers, up to the next node to descend into */
            const uint16_t *ls = flat + link_at[a];
            int i = call_next[depth], nl = nlive[a], low_a = low[a], b = -1;
            for (; i < nl; i++) {
                int t = ls[i];
                if (order[t] < 0) {
                    b = t;
                    break;
                }
                if (on_stack[t] && order[t] < low_a)
                    low_a = order[t];
            }
            low[a] = (int16_t)low_a;
            if (b >= 0) {
                call_next[depth] = (uint16_t)(i + 1);
                order[b] = low[b] = (int16_t)counter++;
                stack[top++] = (uint16_t)b;
                on_stack[b] = true;
                depth++;
                call_node[depth] = (uint16_t)b;
                call_next[depth] = 0;
                continue;
            }
            if (low[a] == order[a]) {
                uint64_t *reach = rc->reach + (size_t)ncomps * rc->words;
                if (closure)
                    memset(reach, 0, row_bytes);
                int size = 0, first = top;
                do {
                    int b2 = stack[--first];
                    on_stack[b2] = false;
                    rc->comp[b2] = (int16_t)ncomps;
                    if (closure)
                        reach[b2 >> 6] |= (uint64_t)1 << (b2 & 63);
                    size++;
                } while (stack[first] != a);
                if (size > 1) { /* a cycle can pass through it */
                    rc->comp_first[ncomps] = (int16_t)nmembers;
                    memcpy(rc->member + nmembers, stack + first, (size_t)size * sizeof stack[0]);
                    nmembers += size;
                }
                int wfrom = 0, wto = rc->words;
                if (!y_links) {
                    int d = cg_digit(cx, node_of[a] >> 1);
                    wfrom = digit_word[d];
                    wto = digit_word[d + 1] + 1 < rc->words ? digit_word[d + 1] + 1 : rc->words;
                }
                for (int j = first; j < top && closure; j++) {
                    int b2 = stack[j];
                    const uint16_t *lb = flat + link_at[b2];
                    int k = 0;
                    for (int nl2 = nlive[b2]; k < nl2; k++) {
                        int cb = rc->comp[lb[k]];
                        if (cb != ncomps && merged[cb] != ncomps) {
                            merged[cb] = (int16_t)ncomps; /* once per component */
                            const uint64_t *other = cg_reach_row(rc, cb);
                            for (int w = wfrom; w < wto; w++)
                                reach[w] |= other[w];
                        }
                    }
                    for (int nl2 = nlinks[b2]; k < nl2; k++) {
                        int t = lb[k]; /* without links: reaches itself alone */
                        reach[t >> 6] |= (uint64_t)1 << (t & 63);
                    }
                }
                top = first;
                rc->comp_size[ncomps++] = (int16_t)size;
            }
            depth--;
            if (depth >= 0) {
                int parent = call_node[depth];
                if (low[a] < low[parent])
                    low[parent] = low[a];
            }
        }
    }
    rc->ncomps = ncomps;
    rc->sight_generation = 0; /* what the components see: not known */
    rc->closure = closure;
    rc->leaves_out = y_only;
}

/* reach_build_as() made apart for the graphs asked for most (the one
 * with cell links alone, a digit's, the closure of both kinds), with
 * their kinds known when compiled. */
static void reach_build(const cg_ctx *cx, cg_reach *rc, bool y_links, bool x_links, bool closure, unsigned digits,
                        bool lean)
{
    if (y_links && !x_links && !closure)
        reach_build_as(cx, rc, true, false, false, digits, false);
    else if (!y_links && x_links && closure && lean)
        reach_build_as(cx, rc, false, true, true, digits, true);
    else if (y_links && x_links && closure && !lean)
        reach_build_as(cx, rc, true, true, true, digits, false);
    else
        reach_build_as(cx, rc, y_links, x_links, closure, digits, lean);
}

/* The candidates of cx's grid with p's digit in p's units, and those of
 * p's cell (p among them when it is one): those whose links p changes. */
static int neighbours(const cg_ctx *cx, int p, uint16_t *out)
{
    int c = cg_cell(cx, p), d = cg_digit(cx, p), n = cx->n, k = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = cx->peer_bb[c][w] & cx->digit_bb[d][w]; m; m &= m - 1)
            out[k++] = (uint16_t)((64 * w + bit_index64(m)) * n + d - 1);
    for (sudoku_mask m = cx->cand0[c]; m; m &= (sudoku_mask)(m - 1))
        out[k++] = (uint16_t)(c * n + mask_first_digit(m) - 1);
    return k;
}

#define REACH_UPDATE_MAX 8 /* candidates gone, at most */
static bool reach_updates_on = true; /* tests turn it off to compare */
static _Thread_local long reach_updates_made;
long cg_reach_set_updates(bool on)
{
    reach_updates_on = on;
    return reach_updates_made;
}

/*
 * The graph with both kinds of links of cx's grid, when a few candidates
 * of old_cand (the grid rc was made on) went, each without a strong link
 * (its OFF node implied nothing), and none came: rc updated rather than
 * made anew (most steps of a rating remove the candidate a forcing chain
 * found, and the next search asks again; 1,111 of the 1,670 graphs of
 * low.txt). Such a candidate's OFF node reached nothing and its ON node
 * was reached from nothing (the links are symmetric under negation), so
 * no path between the other nodes passed through either: the components
 * stay, and the reach rows lose just those two bits. Its unit mates and
 * cell mates may now have two places or candidates: new strong links, OFF
 * to ON (those of before all stay: no candidate of theirs went). Each one
 * u -> v goes into the closure: whatever reached u now reaches what v
 * reaches, and when v reached u, the components on the way (those v
 * reaches that reach u) become one. The numbers stay those of the grid
 * before (the candidates gone left without links, index[] -1), so that
 * every link list, in order, every component and every row is, as node
 * ids and sets, the one reach_build() makes (test_chains compares them).
 * False when the grid is not of that kind: rc is then made anew.
 */
static bool reach_update(const cg_ctx *cx, cg_reach *rc, const sudoku_mask *old_cand)
{
    int n = cx->n, words = rc->words, ngone = 0;
    int gone[2 * REACH_UPDATE_MAX];
    if (!reach_updates_on)
        return false;
    for (int c = 0; c < cx->ncells; c++) {
        if (cx->cand0[c] & ~old_cand[c])
            return false; /* a candidate came back */
        for (sudoku_mask m = (sudoku_mask)(old_cand[c] & ~cx->cand0[c]); m; m &= (sudoku_mask)(m - 1)) {
            int p = c * n + mask_first_digit(m) - 1, a = rc->index[2 * p];
            if (ngone == 2 * REACH_UPDATE_MAX || a < 0 || rc->nlink[a])
                return false;
            gone[ngone++] = a;
            gone[ngone++] = a + 1;
        }
    }
    if (!ngone)
        return false;
    uint64_t gone_bits[CG_WORDS * 2] = { 0 };
    for (int i = 0; i < ngone; i++) {
        int a = gone[i];
        rc->index[rc->node[a]] = -1;
        rc->nlink[a] = rc->nlive[a] = 0;
        gone_bits[a >> 6] |= (uint64_t)1 << (a & 63);
    }
    for (int w = 0; w < words; w++) /* the words with such bits alone */
        if (gone_bits[w])
            for (int k = 0; k < rc->ncomps; k++)
                rc->reach[(size_t)k * words + w] &= ~gone_bits[w];
    /* The candidates whose strong links may be new: those of a unit or
     * cell a candidate left; their OFF nodes' lists, when they grew, go
     * at the end of link[]. Then the ON nodes' lists (which lose the
     * candidates gone, and put the OFF nodes that got links first) of the
     * candidates gone and of those whose OFF node got its first links. */
    uint16_t grown[CG_NODES], changed[2 * REACH_UPDATE_MAX + CG_NODES];
    int ngrown = 0, nchanged = 0;
    for (int i = 0; i < ngone; i += 2)
        changed[nchanged++] = rc->node[gone[i]] >> 1;
    for (int i = 0; i < ngone; i += 2) {
        uint16_t near[SUDOKU_MAX_PEERS + SUDOKU_MAX_N];
        for (int j = 0, nn = neighbours(cx, rc->node[gone[i]] >> 1, near); j < nn; j++) {
            int q = near[j], a = rc->index[2 * q];
            uint16_t to[4];
            int k = static_off_to_on(cx, q, true, true, to);
            if (a < 0 || k < rc->nlink[a] || rc->link_used + 4 > (int)(sizeof rc->link / sizeof rc->link[0]))
                return false; /* not a grid of that kind: made anew */
            bool grew = k > rc->nlink[a];
            if (!rc->nlink[a] && k)
                changed[nchanged++] = (uint16_t)q;
            /* the same links may come in another order: a partner found
             * through an earlier unit now (in the box rather than the row) */
            reach_off_list(rc, a, to, k);
            if (!grew)
                continue; /* the same links: no new path */
            grown[ngrown++] = (uint16_t)a;
        }
    }
    for (int i = 0; i < nchanged; i++) {
        uint16_t near[SUDOKU_MAX_PEERS + SUDOKU_MAX_N];
        for (int j = 0, nn = neighbours(cx, changed[i], near); j < nn; j++) {
            int a = rc->index[2 * near[j] + 1];
            if (a < 0 || (rc->nlink[a] && !reach_on_list(cx, rc, a)))
                return false; /* an ON node left without links: the OFF nodes' order changes */
        }
    }
    bool merges = false;
    for (int g = 0; g < ngrown; g++) {
        int u = grown[g];
        const uint16_t *ls = cg_links(rc, u);
        for (int i = 0; i < rc->nlink[u]; i++) {
            int v = ls[i], cu = rc->comp[u], cv = rc->comp[v];
            if ((cg_reach_row(rc, cu)[v >> 6] >> (v & 63)) & 1)
                continue; /* reached already: nothing new (a link of before among them) */
            uint64_t from_v[CG_WORDS * 2];
            memcpy(from_v, cg_reach_row(rc, cv), (size_t)words * sizeof from_v[0]);
            for (int k = 0; k < rc->ncomps; k++) {
                uint64_t *row = rc->reach + (size_t)k * words;
                if ((row[u >> 6] >> (u & 63)) & 1)
                    for (int w = 0; w < words; w++)
                        row[w] |= from_v[w];
            }
            if (!((from_v[u >> 6] >> (u & 63)) & 1))
                continue;
            /* v reached u: a cycle through the link; the nodes v reached
             * that reach u join u's component (their rows are now its) */
            int size = 0;
            for (int w = 0; w < words; w++)
                for (uint64_t m = from_v[w]; m; m &= m - 1) {
                    int a = 64 * w + bit_index64(m), k = rc->comp[a];
                    if ((cg_reach_row(rc, k)[u >> 6] >> (u & 63)) & 1) {
                        rc->comp_size[k] = 0; /* a number left unused, but u's */
                        rc->comp[a] = (int16_t)cu;
                        size++;
                    }
                }
            merges = true;
            rc->comp_size[cu] = (int16_t)size;
        }
    }
    reach_updates_made++;
    rc->sight_generation = 0;
    if (!merges) /* the same components: those of the candidates gone had one node */
        return true;
    /* the members of the components with more than one node, anew */
    int16_t at[CG_NODES];
    int nmembers = 0;
    for (int k = 0; k < rc->ncomps; k++)
        rc->comp_first[k] = -1;
    for (int a = 0; a < rc->nnodes; a++) {
        int k = rc->comp[a];
        if (rc->comp_size[k] > 1 && rc->comp_first[k] < 0) {
            at[k] = rc->comp_first[k] = (int16_t)nmembers;
            nmembers += rc->comp_size[k];
        }
        if (rc->comp_first[k] >= 0)
            rc->member[at[k]++] = (uint16_t)a;
    }
    return true;
}

/* The graphs kept, one per kind of links: (x), (y), (x, y), with the
 * digits whose nodes each has (the graph without cell links may leave
 * some out: its links never leave a digit). */
/* The graph without cell links of digit d: its links never leave the
 * digit, and what it has depends on the digit's places alone; kept with
 * them, it serves any grid with the same places (the grids of the nested
 * searches differ from one another in a few digits). */
#define X_WAYS 4 /* a digit's graphs kept: the nested searches' grids come back to the places of their caller's */
typedef struct digit_graph {
    const sudoku_layout *l;     /* NULL: none made yet */
    uint64_t places[2];
    cg_reach *g;
} digit_graph;

typedef struct reach_cache {
    uint64_t generation[3];
    unsigned digits[3];
    cg_reach graph[3];
    /* The grid each graph was made on (its layout, NULL: none, and its
     * candidates): a graph depends on nothing else (links_of() reads the
     * candidates alone), so another context on an equal grid takes it as
     * it is. A run's grid is searched twice so, with a context each: by
     * the nested static chains, then by the multiple ones (level 3). */
    const sudoku_layout *made_on[3];
    bool lean[3];                            /* made lean (reach_build()): it serves lean contexts alone */
    sudoku_mask made_cand[3][SUDOKU_MAX_CELLS];
    digit_graph x[SUDOKU_MAX_N + 1][X_WAYS];  /* per digit, the one used last first */
    /* The grid the graph with cell links alone was made on: its layout
     * (NULL: none made) and bivalue cells (y_graph_serves()). */
    const sudoku_layout *y_layout;
    sudoku_mask y_cand[SUDOKU_MAX_CELLS];     /* the candidates of its bivalue cells, 0 for the others */
} reach_cache;

static tss_t reach_key;
static once_flag reach_once = ONCE_FLAG_INIT;
/* asked for at every run: the thread's cache without a tss_get() each time */
static _Thread_local reach_cache *reach_mine;

static void reach_free(void *p)
{
    reach_cache *rc = p;
    for (int d = 0; d <= SUDOKU_MAX_N; d++)
        for (int i = 0; i < X_WAYS; i++)
            free(rc->x[d][i].g);
    free(rc);
}
static void reach_key_create(void) { tss_create(&reach_key, reach_free); }

/* The graph of that kind of links with at least the nodes of the digits
 * 'want' (bit d: digit d; graphs with cell links have every digit); when
 * made again for a new grid, with the nodes of 'make' (want included). */
/* The thread's graphs (made empty the first time), NULL when out of memory. */
static reach_cache *reach_cache_get(void)
{
    reach_cache *rc = reach_mine;
    if (!rc) {
        call_once(&reach_once, reach_key_create);
        rc = tss_get(reach_key);
    }
    if (!rc) {
        rc = calloc(1, sizeof *rc); /* generation 0: none kept */
        if (!rc)
            return NULL;
        for (int k = 0; k < 3; k++) /* no node (reach_build() keeps the rest -1) */
            memset(rc->graph[k].index, 0xff, sizeof rc->graph[k].index);
        if (tss_set(reach_key, rc) != thrd_success) {
            free(rc);
            return NULL;
        }
    }
    reach_mine = rc;
    return rc;
}

/*
 * Whether the graph with cell links alone that rc keeps is the one of
 * cx's grid: it has the bivalue cells' nodes alone, with their links to
 * one another, so it is when the bivalue cells and their candidates are
 * the same (most steps remove candidates elsewhere).
 */
static bool y_graph_serves(const reach_cache *rc, const cg_ctx *cx)
{
    if (!cg_kept_for(cx, rc->y_layout))
        return false;
    for (int c = 0; c < cx->ncells; c++)
        if (rc->y_cand[c] != (cg_exactly_two(cx->cand0[c]) ? cx->cand0[c] : 0))
            return false;
    return true;
}

static __attribute__((noinline)) const cg_reach *reach_make(const cg_ctx *cx, bool y_links, bool x_links,
                                                            bool closure, unsigned want, unsigned make)
{
    reach_cache *rc = reach_cache_get();
    if (!rc)
        return NULL;
    if (!x_links && !y_links)
        return NULL;
    int kind = x_links && y_links ? 2 : y_links ? 1 : 0;
    /* the forcing chains of these kinds will ask for it, but for a lean context's */
    bool lean = cx->reach_lean && x_links && !closure;
    closure |= x_links && !lean;
    unsigned all = (2u << cx->n) - 2u;
    want = y_links ? all : want & all;
    cg_reach *g = &rc->graph[kind];
    bool same = rc->generation[kind] == cx->generation;
    if (!same && cg_kept_for(cx, rc->made_on[kind]) &&
        memcmp(rc->made_cand[kind], cx->cand0, (size_t)cx->ncells * sizeof cx->cand0[0]) == 0) {
        rc->generation[kind] = cx->generation; /* an equal grid: the same graph */
        same = true;
    }
    if (same && rc->lean[kind] && !lean)
        same = false; /* candidates left out that this context asks for */
    if (kind == 1 && !same && (!closure || g->closure) && y_graph_serves(rc, cx)) {
        rc->generation[kind] = cx->generation; /* the bivalue cells are those it was made for */
        return g;
    }
    if (!same || (closure && !g->closure) || (want & ~rc->digits[kind])) {
        /* the same grid: those it had are asked for again */
        unsigned digits = y_links ? all : same ? (rc->digits[kind] | want) : ((make | want) & all);
        /* a grid a few candidates short of the one before: updated */
        if (!(kind == 2 && !same && closure && g->closure && !rc->lean[kind] && cg_kept_for(cx, rc->made_on[kind]) &&
              reach_update(cx, g, rc->made_cand[kind])))
            reach_build(cx, g, y_links, x_links, closure, digits, lean);
        rc->made_on[kind] = cx->shape;
        memcpy(rc->made_cand[kind], cx->cand0, (size_t)cx->ncells * sizeof cx->cand0[0]);
        if (g->leaves_out) {
            rc->y_layout = cx->shape;
            for (int c = 0; c < cx->ncells; c++)
                rc->y_cand[c] = cg_exactly_two(cx->cand0[c]) ? cx->cand0[c] : 0;
        }
        rc->generation[kind] = cx->generation;
        rc->digits[kind] = digits;
        rc->lean[kind] = lean && !closure;
    }
    return g;
}

/* reach_make(), when the graph kept serves (asked for at every run: a
 * few tests, without the frame of the build). */
static inline const cg_reach *reach_get(const cg_ctx *cx, bool y_links, bool x_links, bool closure, unsigned want,
                                        unsigned make)
{
    const reach_cache *rc = reach_mine;
    if (rc && (x_links || y_links)) {
        int kind = x_links && y_links ? 2 : y_links ? 1 : 0;
        unsigned all = (2u << cx->n) - 2u;
        const cg_reach *g = &rc->graph[kind];
        if (rc->generation[kind] == cx->generation &&
            (!(closure || x_links) || g->closure || (cx->reach_lean && x_links && !closure)) &&
            !((y_links ? all : want & all) & ~rc->digits[kind]))
            return g;
    }
    return reach_make(cx, y_links, x_links, closure, want, make);
}

const cg_reach *cg_reach_for(const cg_ctx *cx, bool y_links, bool x_links, bool closure)
{
    return reach_get(cx, y_links, x_links, closure, ~0u, ~0u);
}

const cg_reach *cg_reach_digit(const cg_ctx *cx, int d)
{
    reach_cache *rc = reach_mine ? reach_mine : reach_cache_get();
    if (!rc)
        return NULL;
    digit_graph *ways = rc->x[d];
    if (cg_kept_for(cx, ways[0].l) && ways[0].places[0] == cx->digit_bb[d][0] && ways[0].places[1] == cx->digit_bb[d][1])
        return ways[0].g; /* the one used last, most often */
    int i = 0;
    while (i < X_WAYS - 1 && !(cg_kept_for(cx, ways[i].l) && ways[i].places[0] == cx->digit_bb[d][0] &&
                                ways[i].places[1] == cx->digit_bb[d][1]))
        i++;
    digit_graph x = ways[i]; /* the one that serves, else the one used least lately */
    if (!(cg_kept_for(cx, x.l) && x.places[0] == cx->digit_bb[d][0] && x.places[1] == cx->digit_bb[d][1])) {
        if (!x.g && !(x.g = malloc(sizeof *x.g)))
            return NULL;
        if (!x.l) { /* a new slot: no node (reach_build() keeps the rest -1) */
            memset(x.g->index, 0xff, sizeof x.g->index);
            x.g->nnodes = 0;
        }
        reach_build(cx, x.g, false, true, true, 1u << d, true);
        x.l = cx->shape;
        x.places[0] = cx->digit_bb[d][0];
        x.places[1] = cx->digit_bb[d][1];
    }
    memmove(ways + 1, ways, (size_t)i * sizeof ways[0]);
    ways[0] = x;
    return x.g;
}

bool cg_digit_reaches(const cg_ctx *cx, const cg_reach *rc, int p, bool on)
{
    if (rc->index[cg_node(p, on)] >= 0)
        return cg_reaches(rc, cg_node(p, on), cg_node(p, !on));
    if (!on)
        return false; /* without a strong link, p OFF implies nothing */
    /* p ON makes its digit's peers OFF; from those with a strong link (in
     * rc) a run may reach an ON node that sees p (so p OFF), which has a
     * strong link too (the links that make a node ON are strong) */
    uint64_t from[CG_WORDS * 2] = { 0 };
    const uint16_t *peers;
    int k = static_on_to_off(cx, p, false, &peers);
    bool any = false;
    for (int i = 0; i < k; i++) {
        int q = rc->index[cg_node(peers[i], false)];
        if (q < 0)
            continue;
        const uint64_t *row = cg_reach_row(rc, rc->comp[q]);
        for (int w = 0; w < rc->words; w++)
            from[w] |= row[w];
        any = true;
    }
    for (int i = 0; i < k && any; i++) {
        int r = rc->index[cg_node(peers[i], true)];
        if (r >= 0 && ((from[r >> 6] >> (r & 63)) & 1))
            return true;
    }
    return false;
}

/* The graph without cell links for a run from candidate p0: its digit's. */
static const cg_reach *reach_of_digit(const cg_ctx *cx, int p0)
{
    return cg_reach_digit(cx, cg_digit(cx, p0));
}

/* Whether some cell with a digit sees an ON node and an OFF node of
 * component k with that digit (the cells of cx's grid). */
static bool comp_sight_removes(const cg_ctx *cx, const cg_reach *rc, int k)
{
    uint64_t on[SUDOKU_MAX_N + 1][2], off[SUDOKU_MAX_N + 1][2];
    sudoku_mask digits = 0; /* those met: their rows are set */
    for (int i = rc->comp_first[k], end = i + rc->comp_size[k]; i < end; i++) {
        int id = rc->node[rc->member[i]], c = cg_cell(cx, id >> 1), d = cg_digit(cx, id >> 1);
        if (!(digits & sudoku_bit(d))) {
            on[d][0] = on[d][1] = off[d][0] = off[d][1] = 0;
            digits |= sudoku_bit(d);
        }
        uint64_t(*to)[2] = id & 1 ? on : off;
        to[d][0] |= cx->peer_bb[c][0];
        to[d][1] |= cx->peer_bb[c][1];
    }
    for (; digits; digits &= (sudoku_mask)(digits - 1)) {
        int d = mask_first_digit(digits);
        if ((on[d][0] & off[d][0] & cx->digit_bb[d][0]) | (on[d][1] & off[d][1] & cx->digit_bb[d][1]))
            return true;
    }
    return false;
}

bool cg_cycle_can_remove(const cg_ctx *cx, const cg_reach *rc, int p)
{
    int on = rc->comp[rc->index[2 * p + 1]];
    /* A cycle has 4 nodes at least (it closes at length 4 or more), all
     * distinct (an ON node is met once, an OFF node once on a path) and all
     * in p ON's component: a smaller one has none. */
    if (rc->comp_size[on] < 4)
        return false;
    /* The graphs are the thread's own (reach_cache): the answer per
     * component is kept in them, for this grid (a graph may serve several). */
    cg_reach *memo = (cg_reach *)rc;
    if (memo->sight_generation != cx->generation) {
        memset(memo->comp_sight, 0, (size_t)rc->ncomps);
        memo->sight_generation = cx->generation;
    }
    if (!memo->comp_sight[on])
        memo->comp_sight[on] = comp_sight_removes(cx, rc, on) ? 1 : 2;
    return memo->comp_sight[on] == 1;
}

/* Whether candidate q OFF is on the first-parent path above record rec. */
static bool off_above(const cg_cycles *cy, int rec, int q)
{
    for (int a = cy->rec_parent[rec]; a >= 0; a = cy->rec_parent[a])
        if (!cy->rec_on[a] && cy->rec_p[a] == q)
            return true;
    return false;
}

/* No search makes more records than it has room for: an ON node is met
 * once (one record each), and an ON record makes one OFF record a link at most. */
_Static_assert(CG_MAXP * (1 + CG_ON_SLOT) <= CG_MAX_RECORDS, "a cycle search's records fit");

static int new_record(cg_cycles *cy, int p, bool on, int parent)
{
    cy->rec_p[cy->nrec] = (uint16_t)p;
    cy->rec_on[cy->nrec] = on;
    cy->rec_parent[cy->nrec] = parent;
    return cy->nrec++;
}

/* Whether node id can be on a cycle through the start (in its component home_comp of rc), or rc is NULL. */
static inline bool same_component(const cg_reach *rc, int home_comp, int id)
{
    return !rc || rc->comp[rc->index[id]] == home_comp;
}

/* A cycle back to p0 closes at record rec (OFF) of the search at that
 * length; true when it is the one the caller waits for (the search stops). */
static bool cycle_found(const cg_ctx *cx, cg_cycles *cy, int p0, int rec, int length, cg_cycle_test enough)
{
    if (cy->ncycles < CG_MAX_CYCLES) {
        cy->cycle_last[cy->ncycles] = rec;
        cy->cycle_length[cy->ncycles] = (uint8_t)(length > 255 ? 255 : length);
        cy->ncycles++;
        cy->met = enough && enough(cx, cy, cy->ncycles - 1, p0);
        return cy->met;
    }
    return false;
}

void cg_run_cycles(const cg_ctx *cx, cg_cycles *cy, int p0, bool y_links, bool x_links, int max_length)
{
    cg_run_cycles_until(cx, cy, p0, y_links, x_links, max_length, NULL);
}

/*
 * What a cycle search keeps of the OFF nodes: SE's search makes a record
 * for every OFF node an ON record implies off the record's path, but a
 * node met before adds no ON node when its later records are expanded
 * (its first record's expansion met them, or left them out, as a later
 * wave leaves out at least as many: see below). So only an OFF node's
 * first record is expanded, and a later one is made only when it closes a
 * cycle (the node makes p0 ON). A cycle is taken when its OFF record is
 * made rather than when it is expanded: the records of a wave are
 * expanded in the order they are made, so the cycles come in the same
 * order, with the same records on their paths.
 *
 * What is left out near the end: a record can close a cycle within
 * max_length only if its node reaches p0 ON in the links left. The static
 * links are symmetric under negation (u makes v so exactly when not-v
 * makes not-u: a cell's or a unit's two places, a candidate and its
 * peers), so the OFF nodes that make p0 ON in one link are those of the
 * candidates p0 OFF makes ON (the closers), and the ON nodes that reach
 * p0 ON in two links are those that imply a closer OFF (near2; no ON node
 * but p0's reaches it in none). The last wave makes the closers' OFF
 * records alone and no ON record, the wave before the ON records of near2
 * alone. They follow all of cx's links, a graph's included, so they hold
 * every node that can: the records they leave out are on no cycle within
 * max_length, and the search finds the same cycles in the same order.
 */
typedef struct cycle_search {
    int p0;
    cg_cycle_test enough;
    int nclosers;
    uint16_t closer[4];         /* the candidates whose OFF node makes p0 ON */
    cg_set closers;             /* the same as a set */
    cg_set near2;               /* the ON nodes that imply a closer OFF (p0 aside) */
    cg_set off_met;             /* the OFF nodes with a record */
    int32_t *pend_off;          /* the OFF records to expand in this wave */
    int noff;
} cycle_search;

static inline bool is_closer(const cycle_search *s, int q) { return cg_has(&s->closers, q); }

/* ON record rec implies candidate q OFF, at depth length (odd): true when
 * the search stops there (the cycle waited for). */
static ALWAYS_INLINE bool off_child(const cg_ctx *cx, cg_cycles *cy, cycle_search *s, int rec, int q, int length)
{
    /* a cycle back to p0 ON closes at length + 1, 4 at least */
    bool closes = length >= 3 && is_closer(s, q);
    if (cg_has(&s->off_met, q)) {
        if (!closes || off_above(cy, rec, q))
            return false;
        return cycle_found(cx, cy, s->p0, new_record(cy, q, false, rec), length + 1, s->enough);
    }
    cg_add(&s->off_met, q);
    int nr = new_record(cy, q, false, rec);
    s->pend_off[s->noff++] = nr;
    return closes && cycle_found(cx, cy, s->p0, nr, length + 1, s->enough);
}

/*
 * s->near2, from the closers: with the graph, those of p0's component
 * alone (the others are never met), found as the negations of the OFF
 * nodes a closer ON implies there (an ON node of the component has a
 * strong link, so its OFF node has links: the graph keeps the link).
 * s->near2 is empty on entry. Returns how many with the graph, -1 without.
 */
static int closing_ons(const cg_ctx *cx, const cg_reach *rc, int home_comp, bool y_links, cycle_search *s)
{
    int count = 0;
    for (int i = 0; i < s->nclosers; i++) {
        if (!rc) { /* q ON makes t OFF: t ON makes q OFF */
            const uint16_t *list;
            for (int j = 0, n = static_on_to_off(cx, s->closer[i], y_links, &list); j < n; j++)
                cg_add(&s->near2, list[j]);
            continue;
        }
        int a = rc->index[cg_node(s->closer[i], true)];
        if (a < 0)
            continue;
        const uint16_t *ls = cg_links(rc, a);
        for (int j = 0; j < rc->nlive[a]; j++) {
            int q = rc->node[ls[j]] >> 1, b = rc->index[cg_node(q, true)];
            if (b >= 0 && rc->comp[b] == home_comp && q != s->p0 && !cg_has(&s->near2, q)) {
                cg_add(&s->near2, q);
                count++;
            }
        }
    }
    return rc ? count : -1;
}

void cg_run_cycles_until(const cg_ctx *cx, cg_cycles *cy, int p0, bool y_links, bool x_links, int max_length,
                         cg_cycle_test enough)
{
    /* Only nodes of the start's component can be on a cycle back to it:
     * leaving the others out finds the same cycles in the same order. */
    const cg_reach *rc = y_links || !x_links || cx->reach_lean ? cg_reach_for(cx, y_links, x_links, false)
                                                               : reach_of_digit(cx, p0); /* X: its digit's nodes */
    if (rc && rc->index[cg_node(p0, true)] < 0)
        rc = NULL; /* left out of a lean graph: no OFF node makes it ON (the search finds nothing) */
    int home_comp = rc ? rc->comp[rc->index[cg_node(p0, true)]] : -1;
    static _Thread_local int32_t pend_on[CG_MAXP], pend_off[CG_MAXP];
    cg_set to_on = { { 0 } };
    int non = 0, length = 0;
    /* (the sets empty) */
    cycle_search s = { .p0 = p0, .enough = enough, .pend_off = pend_off, .noff = 0 };
    s.nclosers = static_off_to_on(cx, p0, y_links, x_links, s.closer); /* p0 OFF makes them ON */
    for (int i = 0; i < s.nclosers; i++)
        cg_add(&s.closers, s.closer[i]);
    cy->nrec = 0;
    cy->ncycles = 0;
    cy->met = false;
    /*
     * A cycle closes only when an ON node of near2 is expanded (at depth 1
     * or more: p0 aside). Once the search has met them all, it need find
     * no other ON node: it expands those left in the next wave, for their
     * cycles alone, and ends. With the graph, none means no cycle.
     */
    int unmet = closing_ons(cx, rc, home_comp, y_links, &s); /* those not met yet; -1 without the graph */
    if (!unmet)
        return;
    int last_close = max_length & ~1; /* cycles close at even lengths */
    pend_on[non++] = new_record(cy, p0, true, -1);
    cg_add(&to_on, p0);
    while (non) {
        if (length + 2 > max_length)
            return; /* the next cycles found would be longer than wanted */
        /* The links left after this wave's OFF nodes, then after its ON
         * nodes (length is even here, and length + 2 <= last_close: the
         * first is odd, 1 or more). */
        int left_off = last_close - (length + 1), left_on = left_off - 1;
        bool closers_only = left_off == 1 || !unmet;
        length++;
        s.noff = 0;
        for (int i = 0; i < non; i++) {
            int rec = pend_on[i], p = cy->rec_p[rec];
            if (rc) {
                if (!unmet && !cg_has(&s.near2, p))
                    continue;
                /* the graph's links of p ON to nodes with links, in the same order: the
                 * others (OFF nodes that imply nothing) are components of their own */
                int a = rc->index[cg_node(p, true)];
                const uint16_t *ls = cg_links(rc, a);
                for (int j = 0; j < rc->nlive[a]; j++) {
                    int t = ls[j], q = rc->node[t] >> 1;
                    if (rc->comp[t] == home_comp && (!closers_only || is_closer(&s, q)) &&
                        off_child(cx, cy, &s, rec, q, length))
                        return;
                }
                continue;
            }
            const uint16_t *list;
            int k = static_on_to_off(cx, p, y_links, &list);
            for (int j = 0; j < k; j++)
                if ((!closers_only || is_closer(&s, list[j])) && off_child(cx, cy, &s, rec, list[j], length))
                    return;
        }
        if (!unmet || left_on == 0)
            return; /* no ON node met now could close a cycle */
        const cg_set *on_near = left_on == 2 ? &s.near2 : NULL;
        non = 0;
        length++;
        /* p0 ON is met already: the cycles closing there were taken above */
        for (int i = 0; i < s.noff && unmet; i++) {
            int rec = pend_off[i], p = cy->rec_p[rec];
            if (rc) {
                /* the graph's links of p OFF to nodes with links, in the same order: an
                 * ON node without links is not in p0's component */
                int a = rc->index[cg_node(p, false)];
                const uint16_t *ls = cg_links(rc, a);
                for (int j = 0; j < rc->nlive[a]; j++) {
                    int t = ls[j], q = rc->node[t] >> 1;
                    if (on_near && !cg_has(on_near, q))
                        continue; /* too far from p0 ON to close a cycle in time */
                    if (rc->comp[t] == home_comp && !cg_has(&to_on, q)) {
                        cg_add(&to_on, q);
                        pend_on[non++] = new_record(cy, q, true, rec);
                        if (cg_has(&s.near2, q) && --unmet == 0)
                            break; /* the others need not be met */
                    }
                }
                continue;
            }
            uint16_t to[4];
            int k = static_off_to_on(cx, p, y_links, x_links, to);
            for (int j = 0; j < k; j++) {
                int q = to[j];
                if (on_near && !cg_has(on_near, q))
                    continue;
                if (!cg_has(&to_on, q) && same_component(rc, home_comp, cg_node(q, true))) {
                    cg_add(&to_on, q);
                    pend_on[non++] = new_record(cy, q, true, rec);
                }
            }
        }
    }
}

/* The nested chains a hint's count has met (open addressing on their
 * hashes), one table per nesting depth of the searches. */
#define NEST_SLOTS 4096
#define NEST_DEPTHS 4
static _Thread_local uint64_t nest_met[NEST_DEPTHS][NEST_SLOTS];
static _Thread_local uint16_t nest_used[NEST_DEPTHS][NEST_SLOTS / 2]; /* the slots filled, to empty them */
static _Thread_local int nest_nmet[NEST_DEPTHS];
static _Thread_local int nest_depth;

/* Empties only the slots in use: a hint meets a few nested chains, and
 * this is asked once a hint (clearing the whole table cost more than the counts). */
void cg_nested_begin(void)
{
    uint64_t *met = nest_met[nest_depth];
    const uint16_t *used = nest_used[nest_depth];
    for (int i = 0; i < nest_nmet[nest_depth]; i++)
        met[used[i]] = 0;
    nest_nmet[nest_depth] = 0;
}

void cg_nested_push(void)
{
    if (nest_depth < NEST_DEPTHS - 1)
        nest_depth++;
}

void cg_nested_pop(void)
{
    if (nest_depth > 0)
        nest_depth--;
}

/* Whether chain hash h was met already (then true); records it. */
static bool nest_seen_before(uint64_t h)
{
    uint64_t *met = nest_met[nest_depth];
    if (!h)
        h = 1;
    if (nest_nmet[nest_depth] >= NEST_SLOTS / 2)
        return false;
    for (unsigned i = (unsigned)(h % NEST_SLOTS);; i = (i + 1) % NEST_SLOTS) {
        if (met[i] == h)
            return true;
        if (!met[i]) {
            met[i] = h;
            nest_used[nest_depth][nest_nmet[nest_depth]++] = (uint16_t)i;
            return false;
        }
    }
}

int cg_ancestors(const cg_run *r, int id, int limit)
{
    if (!r->multi_parents)
        return r->depth[id] + 1;
    cg_parent_table v = cg_run_parents(r);
    return cg_ancestors_in(&v, id, limit);
}

int cg_ancestors_in(const cg_parent_table *r, int id, int limit)
{
    static _Thread_local uint64_t seen[(CG_NODES + 1 + 63) / 64];
    static _Thread_local uint16_t stack[CG_NODES + 1];
    memset(seen, 0, sizeof seen);
    int top = 0, count = 0;
    stack[top++] = (uint16_t)id;
    seen[id >> 6] |= (uint64_t)1 << (id & 63);
    while (top) {
        int x = stack[--top];
        if (++count > limit)
            return limit + 1;
        if (r->nnest && r->nest[x]) {
            /* getNestedComplexity(): each nested chain once */
            int k = r->nest[x] - 1;
            if (!nest_seen_before(r->nest_hash[k])) {
                count += r->nest_cplx[k];
                if (count > limit)
                    return limit + 1;
            }
        }
        const uint16_t *par;
        int np = cg_parents_in(r, x, &par);
        for (int i = 0; i < np; i++) {
            int y = par[i];
            if (!((seen[y >> 6] >> (y & 63)) & 1)) {
                seen[y >> 6] |= (uint64_t)1 << (y & 63);
                stack[top++] = (uint16_t)y;
            }
        }
    }
    return count;
}

double cg_length_bonus(int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2;
    bool odd = false;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

bool cg_ctx_matches(const cg_ctx *cx, const sudoku_grid *g)
{
    return cg_kept_for(cx, g->layout) &&
           memcmp(cx->grid_cand, g->cand, (size_t)cx->ncells * sizeof g->cand[0]) == 0 &&
           memcmp(cx->grid_digit, g->digit, (size_t)cx->ncells) == 0;
}
