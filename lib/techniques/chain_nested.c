/*
 * chain_nested.c - nesting levels 2 to 4 of SE's dynamic forcing chains
 * (Chaining(true, true, false, level, nestingLimit)):
 *
 *   level 2 "(+ Forcing Chains)"           9.5: static forcing chains and cycles
 *   level 3 "(+ Multiple Forcing Chains)" 10.0: those, then static cell and
 *                                                region forcing chains
 *   level 4 "(+ Dynamic Forcing Chains)"  10.5: dynamic forcing chains of
 *                                                level 0, 1 or 2 (the limit)
 *
 * At a fixpoint of a propagation where none of the level-1 rules of
 * chain_rules.c has anything, SE runs these nested techniques in turn on the
 * run's grid, and the first that relies on the run wins. It takes EVERY hint
 * the technique finds, in their sorted order (difficulty, complexity, kind,
 * then the order found): each hint whose chains rely on some candidate the
 * run removed (getRuleParents) adds its eliminations as OFF nodes whose
 * parents are those removed candidates. Such a node carries the nested
 * hint's complexity, which counts in the complexity of every hint whose
 * chains go through it (ChainingHint.getNestedComplexity). The static
 * chains are found here; the multiple and dynamic ones by chains.c's own
 * search in collect mode (cg_collect_multiple), whose chains are read here.
 */
#include "chain_graph.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define NH_MAX 32768 /* a level-4 search of a run's grid may find thousands */
#define NH_ARENA (1 << 20)
#define NH_PARENTS 255

typedef struct nested_hint {
    double difficulty;
    int complexity, sortkey, seq;
    int par_at, npar;    /* rule parents (candidates) in the arena */
    int rem_at, nrem;    /* eliminations (candidates) in SE's order */
    uint64_t hash;       /* the chain's nodes: equal chains count once (FullChain) */
} nested_hint;

static uint64_t mix(uint64_t h, int p, bool on)
{
    h ^= (uint64_t)(2 * p + on + 1);
    return h * 0x100000001b3ull;
}

/* The hints of one nested search, their rule parents and eliminations. */
typedef struct hint_store {
    nested_hint h[NH_MAX];
    int order[NH_MAX], tmp[NH_MAX];
    int nh;
    uint16_t arena[NH_ARENA];
    int narena;
} hint_store;

/*
 * Which static forcing chains with unit links can be found in a nested
 * grid, the test before each run (a closure of the whole graph cost more
 * than the runs it saved: about one candidate in eight has a strong link,
 * and one test in two hundred says yes). Every ON node of a run but its
 * start is made ON by a strong link (of the run's kinds: with or without
 * cell links), from the OFF node of a candidate with one, and makes OFF
 * the candidates that see it (its digit's peers, and its cell's with cell
 * links). So a run from p ON meets p OFF just when it reaches the ON node
 * of a candidate with a strong link that sees p, and a run from p OFF
 * meets p ON just when it reaches p ON: the runs pass from ON node to ON
 * node among the candidates with a strong link alone, whose closure
 * answers both, exactly as the whole graph's closure does.
 */
#define STRONG_MAX 128
typedef struct strong_reach {
    bool y_links;                     /* cell links too */
    int k;                            /* candidates with a strong link */
    int16_t index[CG_MAXP];           /* candidate with a strong link -> its number here */
    uint16_t cand[STRONG_MAX];        /* number -> candidate */
    uint64_t partner[STRONG_MAX][2];  /* the ON nodes its OFF node makes (numbers) */
    uint64_t succ[STRONG_MAX][2];     /* the ON nodes its ON node makes through one OFF node */
    uint64_t reach[STRONG_MAX][2];    /* the ON nodes its ON node reaches, itself included */
    uint64_t off_reach[STRONG_MAX][2]; /* the ON nodes its OFF node reaches */
    /* those of each cell, and of each unit per digit: the ones a candidate
     * sees (zero but for the entries of the k numbered, cleared for the next grid) */
    uint64_t in_cell[SUDOKU_MAX_CELLS][2];
    uint64_t in_unit[SUDOKU_MAX_UNITS][SUDOKU_MAX_N + 1][2];
    uint8_t set_cell[STRONG_MAX], set_digit[STRONG_MAX], set_unit[STRONG_MAX][3];
} strong_reach;

/* Whether candidate p has a strong link of sr's kinds. */
static inline bool strong(const strong_reach *sr, const cg_ctx *cx, int p)
{
    return (sr->y_links && cx->in_cell[p]) || cx->in_unit_link[p];
}

/* The numbers of the candidates with a strong link that candidate p sees
 * (p itself left out): its digit's in its units, and its cell's with cell links. */
static inline void strong_seen(const strong_reach *sr, const cg_ctx *cx, int p, uint64_t *see)
{
    int c = cg_cell(cx, p), d = cg_digit(cx, p);
    const uint8_t *u = cx->unit[c];
    for (int w = 0; w < 2; w++)
        see[w] = sr->in_cell[c][w] | sr->in_unit[u[0]][d][w] | sr->in_unit[u[1]][d][w] | sr->in_unit[u[2]][d][w];
    if (strong(sr, cx, p))
        see[sr->index[p] >> 6] &= ~((uint64_t)1 << (sr->index[p] & 63));
}

/*
 * sr made for cx's grid, from the candidates of 'wider' (made for the grid
 * with more kinds of links) or else of the grid; false when it has more
 * than STRONG_MAX candidates with a strong link. sr is zero the first time.
 */
static bool strong_build(strong_reach *sr, const cg_ctx *cx, bool y_links, const strong_reach *wider)
{
    for (int i = 0; i < sr->k; i++) {
        sr->in_cell[sr->set_cell[i]][0] = sr->in_cell[sr->set_cell[i]][1] = 0;
        for (int t = 0; t < 3; t++) {
            uint64_t *e = sr->in_unit[sr->set_unit[i][t]][sr->set_digit[i]];
            e[0] = e[1] = 0;
        }
    }
    sr->k = 0;
    sr->y_links = y_links;
    int k = 0;
    if (wider) {
        for (int i = 0; i < wider->k; i++)
            if (strong(sr, cx, wider->cand[i]))
                sr->cand[k++] = wider->cand[i];
    } else {
        for (int c = 0; c < cx->ncells; c++)
            for (sudoku_mask m = cx->cand0[c]; m; m &= (sudoku_mask)(m - 1)) {
                int p = c * cx->n + mask_first_digit(m) - 1;
                if (strong(sr, cx, p)) {
                    if (k == STRONG_MAX)
                        return false;
                    sr->cand[k++] = (uint16_t)p;
                }
            }
    }
    for (int i = 0; i < k; i++) {
        int p = sr->cand[i], c = cg_cell(cx, p), d = cg_digit(cx, p);
        uint64_t bit = (uint64_t)1 << (i & 63);
        sr->index[p] = (int16_t)i;
        sr->set_cell[i] = (uint8_t)c;
        sr->set_digit[i] = (uint8_t)d;
        if (y_links)
            sr->in_cell[c][i >> 6] |= bit;
        for (int t = 0; t < 3; t++) {
            sr->set_unit[i][t] = cx->unit[c][t];
            sr->in_unit[cx->unit[c][t]][d][i >> 6] |= bit;
        }
    }
    sr->k = k;
    for (int i = 0; i < k; i++) {
        int p = sr->cand[i];
        sr->partner[i][0] = sr->partner[i][1] = 0;
        for (int j = 0; j < cx->off_n[p]; j++) { /* a strong link's other end has one too */
            if (((cx->off_cell[p] >> j) & 1) && !y_links)
                continue;
            int q = sr->index[cx->off_adj[p][j]];
            sr->partner[i][q >> 6] |= (uint64_t)1 << (q & 63);
        }
    }
    for (int i = 0; i < k; i++) { /* one ON node to the next: an OFF node between */
        uint64_t see[2];
        strong_seen(sr, cx, sr->cand[i], see);
        sr->succ[i][0] = sr->succ[i][1] = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t m = see[w]; m; m &= m - 1) {
                const uint64_t *to = sr->partner[64 * w + bit_index64(m)];
                sr->succ[i][0] |= to[0];
                sr->succ[i][1] |= to[1];
            }
    }
    for (int i = 0; i < k; i++) { /* the closure: a search from each (those before it are done) */
        uint64_t row[2] = { sr->succ[i][0], sr->succ[i][1] }, todo[2] = { row[0], row[1] };
        row[i >> 6] |= (uint64_t)1 << (i & 63);
        for (int w; (w = todo[0] ? 0 : todo[1] ? 1 : -1) >= 0;) {
            int t = 64 * w + bit_index64(todo[w]);
            todo[w] &= todo[w] - 1;
            const uint64_t *more = t < i ? sr->reach[t] : sr->succ[t];
            uint64_t add0 = more[0] & ~row[0], add1 = more[1] & ~row[1];
            row[0] |= add0;
            row[1] |= add1;
            if (t >= i) { /* a done one's reach is all there */
                todo[0] |= add0;
                todo[1] |= add1;
            }
        }
        sr->reach[i][0] = row[0];
        sr->reach[i][1] = row[1];
    }
    for (int i = 0; i < k; i++) {
        uint64_t *row = sr->off_reach[i];
        row[0] = row[1] = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t m = sr->partner[i][w]; m; m &= m - 1) {
                int t = 64 * w + bit_index64(m);
                row[0] |= sr->reach[t][0];
                row[1] |= sr->reach[t][1];
            }
    }
    return true;
}

/* Whether a static run with sr's kinds of links from candidate p ON (OFF) can meet p OFF (ON). */
static bool strong_reaches(const strong_reach *sr, const cg_ctx *cx, int p, bool from_on)
{
    if (!from_on) { /* p OFF makes its partners ON: p ON among what they reach? */
        int i = sr->index[p];
        return strong(sr, cx, p) && ((sr->off_reach[i][i >> 6] >> (i & 63)) & 1);
    }
    /* p ON makes OFF the candidates that see it: its digit's in its units
     * and those of its cell (none without cell links), p itself left out;
     * the run meets p OFF when the OFF node of one reaches the ON node of one */
    if (sr->k <= 64) { /* one word (nearly always): the second is zero */
        int c = cg_cell(cx, p), d = cg_digit(cx, p);
        const uint8_t *u = cx->unit[c];
        uint64_t see = sr->in_cell[c][0] | sr->in_unit[u[0]][d][0] | sr->in_unit[u[1]][d][0] | sr->in_unit[u[2]][d][0];
        if (strong(sr, cx, p))
            see &= ~((uint64_t)1 << sr->index[p]);
        for (uint64_t m = see; m; m &= m - 1)
            if (sr->off_reach[bit_index64(m)][0] & see)
                return true;
        return false;
    }
    uint64_t see[2];
    strong_seen(sr, cx, p, see);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = see[w]; m; m &= m - 1) {
            const uint64_t *row = sr->off_reach[64 * w + bit_index64(m)];
            if ((row[0] & see[0]) | (row[1] & see[1]))
                return true;
        }
    return false;
}

/* The static search (levels 2 and 3), and a store per depth of the multiple
 * and dynamic searches (a level-4 search nests a level-2 one in its runs). */
typedef struct nested_ws {
    cg_ctx cx;
    strong_reach strong[2];           /* without cell links, with them */
    cg_run run;
    cg_cycles cycles;
    sudoku_grid g;
    hint_store st;
    hint_store *multi[CG_WS_DEPTHS];
    sudoku_grid multi_g[CG_WS_DEPTHS];
} nested_ws;

static tss_t nws_key;
static once_flag nws_once = ONCE_FLAG_INIT;
static void nws_free(void *p)
{
    nested_ws *w = p;
    for (int i = 0; i < CG_WS_DEPTHS; i++)
        free(w->multi[i]);
    free(w);
}
static void nws_key_create(void) { tss_create(&nws_key, nws_free); }

static nested_ws *nws_get(void)
{
    call_once(&nws_once, nws_key_create);
    nested_ws *w = tss_get(nws_key);
    if (!w) {
        w = malloc(sizeof *w);
        if (w) {
            memset(w->multi, 0, sizeof w->multi);
            memset(w->strong, 0, sizeof w->strong);
            cg_ctx_clear(&w->cx);
            if (tss_set(nws_key, w) != thrd_success) {
                free(w);
                w = NULL;
            }
        }
    }
    return w;
}

/*
 * The cause of node (p, on) reached from (pp, pon) in the nested grid:
 * -1 a cell link (naked single), else the unit type 0 box, 1 row, 2 column
 * (the first that holds both, with two places for an OFF-to-ON link).
 */
static int link_cause(const cg_ctx *ncx, int p, bool on, int pp)
{
    int c = cg_cell(ncx, p), cp = cg_cell(ncx, pp), d = cg_digit(ncx, p);
    if (c == cp)
        return -1;
    for (int t = 0; t < 3; t++) {
        int u = ncx->unit[c][t];
        if (u != ncx->unit[cp][t])
            continue;
        if (!on || mask_count(ncx->where0[u][d]) == 2)
            return t;
    }
    return 2;
}

/* Rule parent q of the hint being built, once (the hint's list has room for NH_PARENTS). */
static inline void add_parent(hint_store *w, int q, cg_set *seen, nested_hint *h)
{
    if (!cg_has(seen, q) && h->npar < NH_PARENTS && w->narena < NH_ARENA) {
        cg_add(seen, q);
        w->arena[w->narena++] = (uint16_t)q;
        h->npar++;
    }
}

/*
 * collectRuleParents() for one ON node: the candidates its cause relies on
 * that the run removed, in increasing order: those of its cell, or its
 * digit's places in the unit. A dynamic run keeps its places per unit
 * (r->where, cx->where0 at its start), so the removed ones are a mask
 * apart, usually none; a static run's grid is read cell by cell.
 */
static void add_parents(hint_store *w, const cg_ctx *cx, const cg_run *r, int p, int cause, cg_set *seen,
                        nested_hint *h)
{
    int n = cx->n, c = cg_cell(cx, p), d = cg_digit(cx, p);
    if (cause < 0) {
        for (sudoku_mask gone = (sudoku_mask)(cx->cand0[c] & ~r->cand[c]); gone; gone &= (sudoku_mask)(gone - 1))
            add_parent(w, c * n + mask_first_digit(gone) - 1, seen, h);
        return;
    }
    int u = cx->unit[c][cause];
    const uint8_t *cells = cx->l->unit_cell[u];
    if (cx->dynamic) {
        for (unsigned gone = (unsigned)(cx->where0[u][d] & ~r->where[u][d]); gone; gone &= gone - 1)
            add_parent(w, cells[bit_index32(gone)] * n + d - 1, seen, h);
        return;
    }
    sudoku_mask b = sudoku_bit(d);
    for (int i = 0; i < n; i++)
        if ((cx->cand0[cells[i]] & b) && !(r->cand[cells[i]] & b))
            add_parent(w, cells[i] * n + d - 1, seen, h);
}

/* Eliminations in the order of a HashMap<Cell, BitSet> of that many cells. */
static void add_removables(hint_store *w, int n, int ncells, const sudoku_mask *removable, nested_hint *h)
{
    int k = 0;
    for (int c = 0; c < ncells; c++)
        k += removable[c] != 0;
    int cap = 16;
    while (k > cap * 3 / 4)
        cap *= 2;
    h->rem_at = w->narena;
    h->nrem = 0;
    for (int bucket = 0; bucket < cap; bucket++)
        for (int c = bucket; c < ncells; c += cap)
            for (sudoku_mask m = removable[c]; m && w->narena < NH_ARENA; m &= (sudoku_mask)(m - 1)) {
                w->arena[w->narena++] = (uint16_t)(c * n + mask_first_digit(m) - 1);
                h->nrem++;
            }
}

static int hint_cmp(const void *a, const void *b, const nested_hint *hs)
{
    const nested_hint *x = &hs[*(const int *)a], *y = &hs[*(const int *)b];
    if (x->difficulty != y->difficulty)
        return x->difficulty < y->difficulty ? -1 : 1;
    if (x->complexity != y->complexity)
        return x->complexity < y->complexity ? -1 : 1;
    if (x->sortkey != y->sortkey)
        return x->sortkey < y->sortkey ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Stable merge sort of the hints' order (qsort is not stable, and there
 * may be thousands of hints at levels 3 and 4). */
static void sort_hints(hint_store *w)
{
    int n = w->nh, *a = w->order, *b = w->tmp;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                b[k++] = hint_cmp(&a[j], &a[i], w->h) < 0 ? a[j++] : a[i++];
            while (i < mid)
                b[k++] = a[i++];
            while (j < hi)
                b[k++] = a[j++];
        }
        int *t = a;
        a = b;
        b = t;
    }
    if (a != w->order)
        memcpy(w->order, a, (size_t)n * sizeof *a);
}

/* All hints of Chaining(false, false, false) on the run's grid, with their rule parents. */
static void collect_static(nested_ws *nw, const cg_ctx *cx, const cg_run *r)
{
    hint_store *w = &nw->st;
    cg_ctx *ncx = &nw->cx;
    const sudoku_grid *g = &nw->g;
    int n = cx->n;
    static const bool modes[3][2] = { { false, true }, { true, false }, { true, true } }; /* y, x */
    sudoku_mask removable[SUDOKU_MAX_CELLS];
    w->nh = 0;
    w->narena = 0;
    /* with unit links: the forcing chains' own test, and lean graphs for the cycles */
    bool lean = strong_build(&nw->strong[1], ncx, true, NULL) &&
                strong_build(&nw->strong[0], ncx, false, &nw->strong[1]);
    ncx->reach_lean = lean;
    for (int m = 0; m < 3; m++) {
        bool y = modes[m][0], x = modes[m][1];
        int sortkey = x && y ? 4 : y ? 3 : 2;
        double cycle_base = x && y ? 7.0 : 6.5, chain_base = x && y ? 7.0 : 6.6;
        for (int c = 0; c < ncx->ncells; c++) {
            int card = mask_count(g->cand[c]);
            if (g->digit[c] || card < 2 || (!x && card > 2))
                continue;
            for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
                int p = c * n + mask_first_digit(dm) - 1;
                bool closes = (y && ncx->in_cell[p]) || (x && ncx->in_unit_link[p]);
                /* The graph the runs from p follow (that of cg_run_cycles() and
                 * cg_run_forcing()), asked here to skip a run it shows empty: no
                 * cycle back to p ON outside p ON's component, no forcing chain
                 * without a path to p's opposite (with unit links, in a lean
                 * context: a lean graph without closure for the cycles, and
                 * strong_reaches() for the forcing chains). */
                const cg_reach *rc = !closes && (!x || lean) ? NULL
                                     : y || lean              ? cg_reach_for(ncx, y, x, x && !lean)
                                                              : cg_reach_digit(ncx, cg_digit(ncx, p));
                if (closes && (!rc || cg_on_cycle(rc, cg_node(p, true)))) {
                    cg_run_cycles(ncx, &nw->cycles, p, y, x, 1 << 20);
                    const cg_cycles *cy = &nw->cycles;
                    for (int k = 0; k < cy->ncycles && w->nh < NH_MAX; k++) {
                        int ncells;
                        if (!cg_cycle_pattern(ncx, cy, k, p, removable, &ncells))
                            continue;
                        nested_hint *h = &w->h[w->nh];
                        h->seq = w->nh;
                        h->sortkey = sortkey;
                        h->complexity = cy->cycle_length[k];
                        h->difficulty = cycle_base + cg_length_bonus(h->complexity);
                        h->par_at = w->narena;
                        h->npar = 0;
                        cg_set seen = { { 0 } };
                        /* the path: closing ON p, then the records up to the root (excluded) */
                        int np[256];
                        bool non[256];
                        int len = 0;
                        np[len] = p;
                        non[len++] = true;
                        for (int a = cy->cycle_last[k]; a >= 0 && cy->rec_parent[a] >= 0 && len < 256;
                             a = cy->rec_parent[a]) {
                            np[len] = cy->rec_p[a];
                            non[len++] = cy->rec_on[a];
                        }
                        /* each node's parent is the next one; the last one's is the root, p ON */
                        for (int pass = 1; pass >= 0; pass--)
                            for (int i = 0; i < len; i++) {
                                if (non[i] != pass)
                                    continue;
                                int parent = i + 1 < len ? np[i + 1] : p;
                                add_parents(w, cx, r, np[i], link_cause(ncx, np[i], non[i], parent), &seen, h);
                            }
                        add_removables(w, n, ncx->ncells, removable, h);
                        h->hash = mix(0xcbf29ce484222325ull, p, true);
                        for (int i = 0; i < len; i++)
                            h->hash = mix(h->hash, np[i], non[i]);
                        w->order[w->nh] = w->nh;
                        w->nh++;
                    }
                }
                if (!x)
                    continue;
                for (int from_on = 1; from_on >= 0; from_on--) {
                    if (!from_on && !((y && ncx->in_cell[p]) || ncx->in_unit_link[p]))
                        continue;
                    if (lean ? !strong_reaches(&nw->strong[y], ncx, p, from_on)
                              : rc && !(y ? cg_reaches(rc, cg_node(p, from_on), cg_node(p, !from_on))
                                          : cg_digit_reaches(ncx, rc, p, from_on)))
                        continue;
                    cg_run *nr = &nw->run;
                    if (!cg_run_forcing(ncx, nr, p, from_on, y, 1 << 20) || w->nh >= NH_MAX)
                        continue;
                    memset(removable, 0, sizeof removable);
                    if (from_on)
                        removable[c] = sudoku_bit(p % n + 1);
                    else
                        removable[c] = (sudoku_mask)(g->cand[c] & ~sudoku_bit(p % n + 1));
                    nested_hint *h = &w->h[w->nh];
                    h->seq = w->nh;
                    h->sortkey = sortkey;
                    h->complexity = nr->depth[CG_VIRTUAL] + 1;
                    h->difficulty = chain_base + cg_length_bonus(h->complexity);
                    h->par_at = w->narena;
                    h->npar = 0;
                    cg_set seen = { { 0 } };
                    int id = CG_VIRTUAL;
                    h->hash = mix(0x84222325cbf29ce4ull, p, from_on);
                    for (;;) {
                        const uint16_t *par;
                        int k = cg_parents(nr, id, &par);
                        if (!k)
                            break;
                        int q = cg_node_p(nr, id);
                        bool on = cg_node_on(nr, id);
                        h->hash = mix(h->hash, q, on);
                        if (on)
                            add_parents(w, cx, r, q, link_cause(ncx, q, true, cg_node_p(nr, par[0])), &seen, h);
                        id = par[0];
                    }
                    add_removables(w, n, ncx->ncells, removable, h);
                    w->order[w->nh] = w->nh;
                    w->nh++;
                }
            }
        }
    }
}

/* The run's grid: the grid of the technique with the run's removals. */
static void run_grid(const cg_ctx *cx, const cg_run *r, sudoku_grid *g)
{
    g->layout = cx->l;
    g->empty = 0;
    for (int c = 0; c < cx->ncells; c++) {
        g->digit[c] = cx->grid_digit[c];
        g->cand[c] = cx->grid_digit[c] ? 0 : r->cand[c];
        g->empty += !cx->grid_digit[c];
    }
}

/*
 * What a nested search leaves for the run: its hints that have rule
 * parents, in SE's order (the others add nothing). The search itself
 * depends only on the run's grid (its candidates and placed digits); the
 * grid of the technique (cx->cand0) only decides which candidates the run
 * removed, the rule parents. So a run made again (its chains' ancestors,
 * the hint's own rebuild), another run that reaches the same grid, or a run
 * of a later step (whose grid has lost candidates) finds it kept: a kept
 * rule parent is one of cand0 then, and is one now if it is still in
 * cand0. That holds when cand0 now is within cand0 then; and for the
 * multiple kinds, whose search skips a hint when an earlier hint with
 * rule parents removes as much, only when every kept hint keeps some.
 */
typedef struct memo_hint {
    int complexity;
    uint64_t hash;
    int par_at, npar, rem_at, nrem; /* in the memo's arena */
} memo_hint;

/* The grids kept are those of the chains' layouts, ncells * n <= CG_MAXP
 * with ncells = n * n: 81 cells at most (a larger grid is not kept). Sized
 * so, an entry is a third of one sized for any layout, and the memo keeps
 * four times as many grids in the same memory: a forum line's nested
 * searches no longer fill it (line 114 of forum 1106: 4 flushes before). */
#define MEMO_CELLS 81

typedef struct memo_entry {
    uint64_t generation;      /* of the cx it was made in */
    const sudoku_layout *l;
    int kind;                 /* 0 static; else 1 + nesting level and limit */
    const cg_nesting *nesting;
    bool exact;               /* no hint's rule parents were cut short: it may serve another cx */
    bool clean;               /* the search read every hint it found, each with rule parents */
    uint64_t key;
    int first, count;         /* its memo_hints */
    sudoku_mask cand[MEMO_CELLS];
    sudoku_mask cand0[MEMO_CELLS]; /* the grid of the technique it was made for */
    uint8_t digit[MEMO_CELLS];
} memo_entry;

#define MEMO_ENTRIES 32768
#define MEMO_SLOTS (2 * MEMO_ENTRIES)
#define MEMO_HINTS (1 << 19)
#define MEMO_ARENA (1 << 23)

typedef struct memo {
    int nentries, nhints, narena;
    int slot[MEMO_SLOTS];     /* entry + 1, 0 empty */
    memo_entry e[MEMO_ENTRIES];
    memo_hint h[MEMO_HINTS];
    uint16_t arena[MEMO_ARENA];
} memo;

static tss_t memo_key;
static once_flag memo_once = ONCE_FLAG_INIT;
static void memo_free(void *p) { free(p); }
static void memo_key_create(void) { tss_create(&memo_key, memo_free); }

static void memo_clear(memo *m)
{
    m->nentries = m->nhints = m->narena = 0;
    memset(m->slot, 0, sizeof m->slot);
}

/* Tests: chain_graph.h. */
void cg_nested_forget(void)
{
    call_once(&memo_once, memo_key_create);
    memo *m = tss_get(memo_key);
    if (m)
        memo_clear(m);
}

/* The thread's memo, or NULL (out of memory, or a grid too large for it). */
static memo *memo_get(const cg_ctx *cx)
{
    if (cx->ncells > MEMO_CELLS)
        return NULL;
    call_once(&memo_once, memo_key_create);
    memo *m = tss_get(memo_key);
    if (!m) {
        m = malloc(sizeof *m);
        if (!m)
            return NULL;
        memo_clear(m);
        if (tss_set(memo_key, m) != thrd_success) {
            free(m);
            return NULL;
        }
    }
    return m;
}

static uint64_t grid_key(const cg_ctx *cx, const cg_run *r, int kind)
{
    uint64_t h = 0xcbf29ce484222325ull ^ ((uint64_t)kind << 40) ^ (uint64_t)cx->ncells;
    for (int c = 0; c < cx->ncells; c++)
        h = (h ^ (r->cand[c] | (uint64_t)cx->grid_digit[c] << 16)) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

/* Whether candidate q is in the grid of cx's technique. */
static inline bool in_cand0(const cg_ctx *cx, int q)
{
    return (cx->cand0[cg_cell(cx, q)] & sudoku_bit(cg_digit(cx, q))) != 0;
}

/* Whether e, kept for another cx, serves cx (see above). */
static bool memo_serves(const memo *m, const memo_entry *e, const cg_ctx *cx)
{
    if (e->generation == cx->generation)
        return true;
    if (!e->exact)
        return false;
    for (int c = 0; c < cx->ncells; c++)
        if (cx->cand0[c] & ~e->cand0[c])
            return false;
    if (e->kind == 0)
        return true;
    for (int i = 0; i < e->count; i++) {
        const memo_hint *h = &m->h[e->first + i];
        bool kept = false;
        for (int j = 0; j < h->npar && !kept; j++)
            kept = in_cand0(cx, m->arena[h->par_at + j]);
        if (!kept)
            return false;
    }
    return true;
}

/* The kept hints of this search, or NULL. */
static const memo_entry *memo_find(const memo *m, const cg_ctx *cx, const cg_run *r, int kind, uint64_t key)
{
    unsigned i = (unsigned)key & (MEMO_SLOTS - 1);
    for (; m->slot[i]; i = (i + 1) & (MEMO_SLOTS - 1)) {
        const memo_entry *e = &m->e[m->slot[i] - 1];
        if (e->key == key && cg_kept_for(cx, e->l) && e->kind == kind && e->nesting == cx->nesting &&
            memcmp(e->cand, r->cand, (size_t)cx->ncells * sizeof r->cand[0]) == 0 &&
            memcmp(e->digit, cx->grid_digit, (size_t)cx->ncells) == 0 && memo_serves(m, e, cx))
            return e;
    }
    return NULL;
}

/* Whether store w holds every hint its search found, each with all its
 * rule parents (none cut short by the store's limits). */
static bool store_exact(const hint_store *w)
{
    bool exact = w->nh < NH_MAX && w->narena < NH_ARENA - 2 * SUDOKU_MAX_N;
    for (int i = 0; i < w->nh && exact; i++)
        exact = w->h[i].npar < NH_PARENTS;
    return exact;
}

/* Keeps the useful hints of w (sorted), when there is room; else forgets everything kept. */
static void memo_keep(memo *m, const cg_ctx *cx, const cg_run *r, int kind, uint64_t key, const hint_store *w,
                      bool clean)
{
    int count = 0, words = 0;
    for (int i = 0; i < w->nh; i++) {
        const nested_hint *h = &w->h[w->order[i]];
        if (h->npar) {
            count++;
            words += h->npar + h->nrem;
        }
    }
    if (count > MEMO_HINTS || words > MEMO_ARENA)
        return;
    if (m->nentries == MEMO_ENTRIES || m->nentries >= MEMO_SLOTS / 2 || m->nhints + count > MEMO_HINTS ||
        m->narena + words > MEMO_ARENA)
        memo_clear(m);
    /* the searches nested in this one may have kept theirs since it was looked for */
    unsigned slot = (unsigned)key & (MEMO_SLOTS - 1);
    while (m->slot[slot])
        slot = (slot + 1) & (MEMO_SLOTS - 1);
    memo_entry *e = &m->e[m->nentries];
    e->generation = cx->generation;
    e->l = cx->shape;
    e->kind = kind;
    e->nesting = cx->nesting;
    e->key = key;
    e->exact = store_exact(w);
    e->clean = clean && e->exact;
    memcpy(e->cand, r->cand, (size_t)cx->ncells * sizeof r->cand[0]);
    memcpy(e->cand0, cx->cand0, (size_t)cx->ncells * sizeof cx->cand0[0]);
    memcpy(e->digit, cx->grid_digit, (size_t)cx->ncells);
    e->first = m->nhints;
    e->count = count;
    for (int i = 0; i < w->nh; i++) {
        const nested_hint *h = &w->h[w->order[i]];
        if (!h->npar)
            continue;
        memo_hint *k = &m->h[m->nhints++];
        k->complexity = h->complexity;
        k->hash = h->hash;
        k->par_at = m->narena;
        k->npar = h->npar;
        memcpy(m->arena + m->narena, w->arena + h->par_at, (size_t)h->npar * sizeof w->arena[0]);
        m->narena += h->npar;
        k->rem_at = m->narena;
        k->nrem = h->nrem;
        memcpy(m->arena + m->narena, w->arena + h->rem_at, (size_t)h->nrem * sizeof w->arena[0]);
        m->narena += h->nrem;
    }
    m->slot[slot] = ++m->nentries;
}

/* One hint with rule parents: its eliminations not yet in the run, as OFF
 * nodes of a new nested chain. False when the run has no room for more. */
static bool apply_one(cg_run *r, int complexity, uint64_t hash, const uint16_t *pars, int npar,
                      const uint16_t *rems, int nrem, int *added)
{
    uint16_t par[NH_PARENTS];
    for (int j = 0; j < npar; j++)
        par[j] = (uint16_t)cg_node(pars[j], false);
    int inst = -1;
    for (int j = 0; j < nrem; j++) {
        int q = rems[j];
        if (cg_has(&r->off, q))
            continue;
        if (inst < 0) {
            if (r->nnest >= CG_MAX_NESTED)
                return false;
            inst = r->nnest++;
            r->nest_cplx[inst] = complexity;
            r->nest_hash[inst] = hash;
        }
        cg_add_off(r, q, par, npar);
        r->nest[cg_node(q, false)] = (uint16_t)(inst + 1);
        r->multi_parents = true;
        (*added)++;
    }
    return true;
}

/* The hints in SE's order: each that has rule parents adds its new eliminations. */
static int apply_hints(hint_store *w, cg_run *r, bool *any)
{
    int added = 0;
    for (int i = 0; i < w->nh; i++) {
        const nested_hint *h = &w->h[w->order[i]];
        if (!h->npar)
            continue;
        *any = true;
        if (!apply_one(r, h->complexity, h->hash, w->arena + h->par_at, h->npar, w->arena + h->rem_at, h->nrem,
                       &added))
            return added;
    }
    return added;
}

/* The kept hints of e, with the rule parents that are in cx's grid (all of them in e's own cx). */
static int apply_kept(const memo *m, const memo_entry *e, const cg_ctx *cx, cg_run *r, bool *any)
{
    int added = 0;
    bool same = e->generation == cx->generation;
    for (int i = 0; i < e->count; i++) {
        const memo_hint *h = &m->h[e->first + i];
        const uint16_t *pars = m->arena + h->par_at;
        int npar = h->npar;
        uint16_t kept[NH_PARENTS];
        if (!same) {
            npar = 0;
            for (int j = 0; j < h->npar; j++)
                if (in_cand0(cx, pars[j]))
                    kept[npar++] = pars[j];
            pars = kept;
            if (!npar)
                continue;
        }
        *any = true;
        if (!apply_one(r, h->complexity, h->hash, pars, npar, m->arena + h->rem_at, h->nrem, &added))
            return added;
    }
    return added;
}

int cg_nested_static(const cg_ctx *cx, cg_run *r, bool *any)
{
    nested_ws *w = nws_get();
    if (!w)
        return 0;
    memo *m = memo_get(cx);
    uint64_t key = 0;
    if (m) {
        key = grid_key(cx, r, 0);
        const memo_entry *e = memo_find(m, cx, r, 0, key);
        if (e)
            return apply_kept(m, e, cx, r, any);
    }
    run_grid(cx, r, &w->g);
    cg_ctx_init(&w->cx, &w->g);
    collect_static(w, cx, r);
    sort_hints(&w->st);
    if (m)
        memo_keep(m, cx, r, 0, key, &w->st, false);
    return apply_hints(&w->st, r, any);
}

/* ------------------------------------------------------------ multiple and dynamic */

/*
 * The first hint in SE's order that removes a candidate (and has rule
 * parents) is the one that removes it from the run: a hint each of whose
 * candidates an earlier hint sorted before it already removes changes
 * nothing, and its chains need not be read. (Hints come in the order they
 * are found, so an equal one found earlier sorts before.)
 */
typedef struct first_key {
    uint64_t search;     /* the search it was set in (collector's): another search's is unset */
    double difficulty;
    int complexity, sortkey;
} first_key;

/* What the search of the run's grid reports goes here (a cg_sink). */
typedef struct collector {
    hint_store *st;
    const cg_ctx *cx;    /* the run the search is nested in */
    const cg_run *r;
    nested_hint *h;      /* the hint being reported, NULL if there is no room */
    cg_set seen;         /* its rule parents so far */
    first_key first[CG_MAXP]; /* per candidate, the first hint so far that removes it */
    first_key key;       /* the hint being reported */
    uint64_t search;     /* this search's number, from 1: first[] holds no other's, without clearing 17 KB */
    bool unread;         /* some hint was kept without rule parents, or not kept for want of room */
} collector;

static bool key_before(const collector *o, const first_key *k, const cg_hint_info *info)
{
    if (k->search != o->search)
        return false;
    if (k->difficulty != info->difficulty)
        return k->difficulty < info->difficulty;
    if (k->complexity != info->complexity)
        return k->complexity < info->complexity;
    return k->sortkey <= info->sortkey;
}

/*
 * The hints of one search share their base difficulty, so a hint's key
 * grows with its complexity: a hint comes before the first one removing
 * candidate q only up to q's complexity (one less unless its sort key is
 * lower). Past the largest of those over its candidates, begin() would
 * find no candidate new; with a candidate not removed yet, no limit.
 */
static int sink_limit(void *ctx, const cg_hint_info *info)
{
    const collector *o = ctx;
    int n = o->cx->n, limit = 0;
    for (sudoku_mask m = info->removable; m; m &= (sudoku_mask)(m - 1)) {
        const first_key *k = &o->first[info->cell * n + mask_first_digit(m) - 1];
        if (k->search != o->search)
            return 1 << 20;
        int q = info->sortkey < k->sortkey ? k->complexity : k->complexity - 1;
        limit = q > limit ? q : limit;
    }
    return limit;
}

static bool sink_begin(void *ctx, const cg_hint_info *info)
{
    collector *o = ctx;
    hint_store *w = o->st;
    o->h = NULL;
    int n = o->cx->n;
    bool new_candidate = false;
    for (sudoku_mask m = info->removable; m && !new_candidate; m &= (sudoku_mask)(m - 1))
        new_candidate = !key_before(o, &o->first[info->cell * n + mask_first_digit(m) - 1], info);
    if (!new_candidate)
        return false;
    if (w->nh >= NH_MAX || w->narena >= NH_ARENA - SUDOKU_MAX_N) {
        o->unread = true;
        return false; /* out of room: the hints sorted last are the ones dropped... mostly */
    }
    nested_hint *h = &w->h[w->nh];
    h->seq = w->nh;
    h->difficulty = info->difficulty;
    h->complexity = info->complexity;
    h->sortkey = info->sortkey;
    h->par_at = w->narena;
    h->npar = 0;
    h->hash = mix(0x9e3779b97f4a7c15ull, info->cell, info->removable != 0);
    memset(&o->seen, 0, sizeof o->seen);
    o->h = h;
    /* the removals are set at the end, after the parents in the arena */
    h->rem_at = info->cell;
    h->nrem = (int)info->removable;
    o->key = (first_key){ o->search, info->difficulty, info->complexity, info->sortkey };
    return true;
}

/*
 * The cause of ON node x of nested run nr (SE's Potential.cause): a naked
 * single (CG_CAUSE_CELL) when its first parent is in its cell, else the
 * first unit (box, row, column) holding both where the digit had only
 * those two places then: its places at the start less the hidden parents.
 */
static int on_cause(const cg_ctx *ncx, const cg_parent_table *nr, int x, int start_cause)
{
    const uint16_t *par;
    int np = cg_parents_in(nr, x, &par);
    if (!np)
        return start_cause;
    int p = cg_parents_node_p(nr, x), c = cg_cell(ncx, p), d = cg_digit(ncx, p);
    int cp = cg_cell(ncx, cg_parents_node_p(nr, par[0]));
    if (cp == c)
        return CG_CAUSE_CELL;
    for (int t = 0; t < 3; t++) {
        int u = ncx->unit[c][t];
        if (u != ncx->unit[cp][t])
            continue;
        unit_set places = ncx->where0[u][d];
        for (int i = 1; i < np; i++) {
            int q = cg_parents_node_p(nr, par[i]), cq = cg_cell(ncx, q);
            if (cg_digit(ncx, q) == d && ncx->unit[cq][t] == u)
                places &= (unit_set) ~(1u << ncx->unit_pos[cq][t]);
        }
        if (places == (unit_set)((1u << ncx->unit_pos[c][t]) | (1u << ncx->unit_pos[cp][t])))
            return t;
    }
    return 2;
}

/* collectRuleParents(): every ancestor of the chain's end, breadth first. */
static void sink_chain(void *ctx, const cg_ctx *ncx, const cg_parent_table *nr, int target, int start_cause)
{
    collector *o = ctx;
    nested_hint *h = o->h;
    if (!h)
        return;
    static _Thread_local uint64_t done[CG_WS_DEPTHS][(CG_NODES + 1 + 63) / 64];
    static _Thread_local uint16_t queue[CG_WS_DEPTHS][CG_NODES + 1];
    uint64_t *seen = done[ncx->ws_depth];
    uint16_t *q = queue[ncx->ws_depth];
    memset(done[ncx->ws_depth], 0, sizeof done[0]);
    int head = 0, tail = 0;
    q[tail++] = (uint16_t)target;
    seen[target >> 6] |= (uint64_t)1 << (target & 63);
    while (head < tail) {
        int x = q[head++];
        int p = cg_parents_node_p(nr, x);
        bool on = cg_parents_node_on(nr, x);
        h->hash = mix(h->hash, p, on);
        if (on) {
            int cause = on_cause(ncx, nr, x, start_cause);
            if (cause != CG_CAUSE_NONE)
                add_parents(o->st, o->cx, o->r, p, cause == CG_CAUSE_CELL ? -1 : cause, &o->seen, h);
        }
        const uint16_t *par;
        int np = cg_parents_in(nr, x, &par);
        for (int i = 0; i < np; i++) {
            int y = par[i];
            if (!((seen[y >> 6] >> (y & 63)) & 1)) {
                seen[y >> 6] |= (uint64_t)1 << (y & 63);
                q[tail++] = (uint16_t)y;
            }
        }
    }
}

static void sink_end(void *ctx)
{
    collector *o = ctx;
    nested_hint *h = o->h;
    if (!h)
        return;
    hint_store *w = o->st;
    int c = h->rem_at, n = o->cx->n;
    sudoku_mask m = (sudoku_mask)h->nrem;
    /* one cell: the HashMap holds one key, its values in increasing order */
    h->rem_at = w->narena;
    h->nrem = 0;
    for (; m && w->narena < NH_ARENA; m &= (sudoku_mask)(m - 1)) {
        int q = c * n + mask_first_digit(m) - 1;
        w->arena[w->narena++] = (uint16_t)q;
        h->nrem++;
        if (h->npar && !key_before(o, &o->first[q], &(cg_hint_info){ o->key.difficulty, o->key.complexity,
                                                                      o->key.sortkey, 0, 0 }))
            o->first[q] = o->key;
    }
    if (!h->npar || m)
        o->unread = true; /* a hint that relies on nothing, or its eliminations cut short */
    w->order[w->nh] = w->nh;
    w->nh++;
    o->h = NULL;
}

/* The search of the run's grid and its hints added to the run; *clean:
 * it read every hint it found, each with rule parents, and added them all. */
static int search_and_apply(const cg_ctx *cx, cg_run *r, bool *any, bool *clean)
{
    *clean = false;
    nested_ws *w = nws_get();
    int depth = cx->ws_depth + 1;
    if (!w || depth >= CG_WS_DEPTHS)
        return 0;
    if (!w->multi[depth]) {
        w->multi[depth] = malloc(sizeof *w->multi[depth]);
        if (!w->multi[depth])
            return 0;
    }
    bool dynamic = cx->level >= 4;
    int kind = 1 + (dynamic ? 1 + cx->nest_limit : 0);
    memo *m = memo_get(cx);
    uint64_t key = 0;
    if (m) {
        key = grid_key(cx, r, kind);
        const memo_entry *e = memo_find(m, cx, r, kind, key);
        if (e) {
            *clean = e->clean;
            return apply_kept(m, e, cx, r, any);
        }
    }
    hint_store *st = w->multi[depth];
    st->nh = 0;
    st->narena = 0;
    sudoku_grid *g = &w->multi_g[depth];
    run_grid(cx, r, g);
    static _Thread_local collector os[CG_WS_DEPTHS]; /* 17 KB each: not on the stack */
    /* 64 bits never wrap: a wrap would have to clear os[], which the
     * searches this one is nested in are still using. */
    static _Thread_local uint64_t searches;
    searches++;
    collector *o = &os[depth];
    o->st = st;
    o->cx = cx;
    o->r = r;
    o->h = NULL;
    o->search = searches;
    o->unread = false;
    cg_sink sink = { o, sink_limit, sink_begin, sink_chain, sink_end };
    if (!cg_collect_multiple(g, depth, dynamic, dynamic ? cx->nest_limit : 0, cx->nesting, &sink))
        return 0;
    sort_hints(st);
    if (m)
        memo_keep(m, cx, r, kind, key, st, !o->unread);
    /* as the memo's entry says: a hint cut short could hide a parent the cut relies on */
    *clean = !o->unread && store_exact(st);
    return apply_hints(st, r, any);
}

/*
 * Whether every OFF node from off_list[from] on (those one nested step
 * added) has at least limit + 1 ancestors (counted as a hint counts them:
 * each nested chain once).
 */
static bool all_above(const cg_run *r, int from, int limit)
{
    bool above = true;
    cg_nested_push(); /* a count of the caller's may be under way */
    for (int i = from; i < r->noff && above; i++) {
        cg_nested_begin();
        above = cg_ancestors(r, cg_node(r->off_list[i], false), limit) > limit;
    }
    cg_nested_pop();
    return above;
}

/*
 * A run of level 4 (nesting dynamic chains of level 0) ends after a nested
 * step whose every new node has at least C - 2 ancestors, C the complexity
 * of the best hint so far (stop_depth is C - 2, full_run()): no node it
 * would add after is in a hint that beats the best.
 *
 * Such a hint has complexity C at most (C - 1 for a contradiction, whose
 * sort key is the largest), and besides a node's ancestors it counts the
 * other end of a contradiction (one node at least) or every other branch
 * (its start and target at least): its nodes have C - 2 ancestors at most.
 * A later node has more ancestors than some node of this step, because it
 * has one of them, or a later node, among its ancestors:
 *  - a node the propagation adds has its trigger among its parents;
 *  - a rule of chain_rules.c counts when some pattern has parents, which
 *    are all the candidates its pattern's cells lost: a pattern whose
 *    parents were all gone before this step held in this step's grid A,
 *    where no rule counted (else no nested step);
 *  - a later nested hint h relies on some candidate gone since A: else each
 *    ON node of its chains has its cause where A and h's grid agree, so its
 *    chains hold in A, and the run of level 0 (the closure of its start)
 *    from each of its starts in A reaches its end or a contradiction; the
 *    search of A then found a hint that removes what h removes, or one of
 *    h's starts (which h's grid then lacks); this step added them all if
 *    it read every hint with rule parents and had room for them and all
 *    their parents (clean: search_and_apply()).
 */
static bool cut_on = true, cut_loose; /* tests turn it off to compare, or make it wrong */
static _Thread_local long cuts;

long cg_nested_set_cut(bool on, bool loose)
{
    cut_on = on;
    cut_loose = loose;
    return cuts;
}

int cg_nested_multiple(const cg_ctx *cx, cg_run *r, bool *any)
{
    int from = r->noff;
    bool clean;
    int added = search_and_apply(cx, r, any, &clean);
    if (added && cut_on && cx->level == 4 && cx->nest_limit == 0 && cx->stop_depth < 1 << 30 &&
        (cut_loose || (clean && r->nnest < CG_MAX_NESTED && all_above(r, from, cx->stop_depth - 1)))) {
        r->cut = true;
        cuts++;
    }
    return added;
}

/* ------------------------------------------------------------ the finders */

/* Levels 2-4: the (+) rules, then the nested chains of this file. */
static const cg_nesting nesting_full = { cg_advanced, cg_nested_static, cg_nested_multiple };

bool find_nested_chain_fc(const view *v, sudoku_step *s)
{
    static const cg_multi_cfg cfg = { .multiple = true, .dynamic = true, .nishio = false, .level = 2,
                                      .base = 9.5, .nesting = &nesting_full };
    return cg_find_multiple(v, s, SUDOKU_NESTED_CHAIN_FC, &cfg);
}

bool find_nested_chain_mfc(const view *v, sudoku_step *s)
{
    static const cg_multi_cfg cfg = { .multiple = true, .dynamic = true, .nishio = false, .level = 3,
                                      .base = 10.0, .nesting = &nesting_full };
    return cg_find_multiple(v, s, SUDOKU_NESTED_CHAIN_MFC, &cfg);
}

/* SE's reference build runs level 4 three times, nesting dynamic chains of
 * level 0, then 1, then 2: each a technique of its own, all rated 10.5. */
bool find_nested_chain_dfc(const view *v, sudoku_step *s)
{
    for (int k = 0; k <= 2; k++) {
        const cg_multi_cfg cfg = { .multiple = true, .dynamic = true, .nishio = false, .level = 4,
                                   .nest_limit = k, .base = 10.5, .nesting = &nesting_full };
        if (cg_find_multiple(v, s, SUDOKU_NESTED_CHAIN_DFC, &cfg))
            return true;
    }
    return false;
}
