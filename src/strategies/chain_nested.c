/*
 * chain_nested.c - nesting level 2 of SE's dynamic forcing chains
 * (Chaining(true, true, false, 2): "(+ Forcing Chains)", 9.5 + length).
 *
 * At a fixpoint of a propagation where none of the level-1 rules of
 * chain_rules.c has anything, SE runs its static forcing chains and
 * cycles (Chaining(false, false, false, 0)) on the run's grid and takes
 * EVERY hint they find, in their sorted order (difficulty, complexity,
 * kind, then the order found): each hint whose chain relies on some
 * candidate the run removed (getRuleParents) adds its eliminations as OFF
 * nodes whose parents are those removed candidates. Such a node carries
 * the nested hint's complexity, which counts in the complexity of every
 * hint whose chains go through it (ChainingHint.getNestedComplexity).
 */
#include "chain_graph.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define NH_MAX 4096
#define NH_ARENA (1 << 18)
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

typedef struct nested_ws {
    cg_ctx cx;
    cg_run run;
    cg_cycles cycles;
    sudoku_grid g;
    nested_hint h[NH_MAX];
    int order[NH_MAX];
    int nh;
    uint16_t arena[NH_ARENA];
    int narena;
} nested_ws;

static tss_t nws_key;
static once_flag nws_once = ONCE_FLAG_INIT;
static void nws_free(void *p) { free(p); }
static void nws_key_create(void) { tss_create(&nws_key, nws_free); }

static nested_ws *nws_get(void)
{
    call_once(&nws_once, nws_key_create);
    nested_ws *w = tss_get(nws_key);
    if (!w) {
        w = malloc(sizeof *w);
        if (w)
            tss_set(nws_key, w);
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
    int n = ncx->n, c = p / n, cp = pp / n, d = p % n + 1;
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

/* collectRuleParents() for one ON node: the candidates its cause relies on that the run removed. */
static void add_parents(nested_ws *w, const cg_ctx *cx, const cg_run *r, int p, int cause, cg_set *seen,
                        nested_hint *h)
{
    int n = cx->n, c = p / n, d = p % n + 1;
    if (cause < 0) {
        for (int e = 1; e <= n; e++) {
            sudoku_mask b = sudoku_bit(e);
            int q = c * n + e - 1;
            if ((cx->cand0[c] & b) && !(r->cand[c] & b) && !cg_has(seen, q) && h->npar < NH_PARENTS &&
                w->narena < NH_ARENA) {
                cg_add(seen, q);
                w->arena[w->narena++] = (uint16_t)q;
                h->npar++;
            }
        }
        return;
    }
    int u = cx->unit[c][cause];
    sudoku_mask b = sudoku_bit(d);
    for (int i = 0; i < n; i++) {
        int x = cx->l->unit_cell[u][i];
        int q = x * n + d - 1;
        if ((cx->cand0[x] & b) && !(r->cand[x] & b) && !cg_has(seen, q) && h->npar < NH_PARENTS &&
            w->narena < NH_ARENA) {
            cg_add(seen, q);
            w->arena[w->narena++] = (uint16_t)q;
            h->npar++;
        }
    }
}

/* Eliminations in the order of a HashMap<Cell, BitSet> of that many cells. */
static void add_removables(nested_ws *w, int n, int ncells, const sudoku_mask *removable, nested_hint *h)
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

/* Stable insertion sort (thread safe, the list is short). */
static void sort_hints(nested_ws *w)
{
    for (int i = 0; i < w->nh; i++) {
        int x = w->order[i], j = i;
        while (j > 0 && hint_cmp(&x, &w->order[j - 1], w->h) < 0) {
            w->order[j] = w->order[j - 1];
            j--;
        }
        w->order[j] = x;
    }
}

/* All hints of Chaining(false, false, false) on the run's grid, with their rule parents. */
static void collect_static(nested_ws *w, const cg_ctx *cx, const cg_run *r)
{
    cg_ctx *ncx = &w->cx;
    const sudoku_grid *g = &w->g;
    int n = cx->n;
    static const bool modes[3][2] = { { false, true }, { true, false }, { true, true } }; /* y, x */
    sudoku_mask removable[SUDOKU_MAX_CELLS];
    w->nh = 0;
    w->narena = 0;
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
                if (closes) {
                    cg_run_cycles(ncx, &w->cycles, p, y, x, 1 << 20);
                    const cg_cycles *cy = &w->cycles;
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
                    cg_run *nr = &w->run;
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

int cg_nested_static(const cg_ctx *cx, cg_run *r)
{
    nested_ws *w = nws_get();
    if (!w)
        return 0;
    w->g.layout = cx->l;
    w->g.empty = 0;
    for (int c = 0; c < cx->ncells; c++) {
        w->g.digit[c] = cx->grid_digit[c];
        w->g.cand[c] = cx->grid_digit[c] ? 0 : r->cand[c];
        w->g.empty += !cx->grid_digit[c];
    }
    cg_ctx_init(&w->cx, &w->g);
    collect_static(w, cx, r);
    sort_hints(w);
    int added = 0;
    uint16_t par[NH_PARENTS];
    for (int i = 0; i < w->nh; i++) {
        const nested_hint *h = &w->h[w->order[i]];
        if (!h->npar)
            continue;
        for (int j = 0; j < h->npar; j++)
            par[j] = (uint16_t)cg_node(w->arena[h->par_at + j], false);
        int inst = -1;
        for (int j = 0; j < h->nrem; j++) {
            int q = w->arena[h->rem_at + j];
            if (cg_has(&r->off, q))
                continue;
            if (inst < 0) {
                if (r->nnest >= CG_MAX_NESTED)
                    return added;
                inst = r->nnest++;
                r->nest_cplx[inst] = h->complexity;
                r->nest_hash[inst] = h->hash;
            }
            cg_add_off(r, q, par, h->npar);
            r->nest[cg_node(q, false)] = (uint16_t)(inst + 1);
            r->multi_parents = true;
            added++;
        }
    }
    return added;
}
