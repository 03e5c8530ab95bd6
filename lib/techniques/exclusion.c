/*
 * exclusion.c - Aligned Pair Exclusion and Aligned Triple Exclusion, as
 * Sudoku Explainer 1.2.1 finds them (AlignedPairExclusion and
 * AlignedExclusion(3)).
 *
 * The idea: take k base cells and list every way to fill them with their
 * candidates. A combination is impossible when two base cells that see each
 * other get the same digit, or when it would take every candidate of an
 * "excluding" cell, a cell that sees all k base cells and has at most k
 * candidates. A candidate of a base cell that appears in no possible
 * combination can go.
 *
 * SE's search, reproduced step for step:
 *   - base candidates: the cells (in cell order) with two or more
 *     candidates, no peer with a single candidate, and at least one peer
 *     with 2..k candidates (those peers are the cell's excluders);
 *   - the first two base cells: every pair of base candidates, in the order
 *     (0,1) (0,2) (1,2) (0,3) (1,3) (2,3) ... of their positions in that
 *     list. The two need not see each other;
 *   - APE: the pair itself. ATE: a third cell among the excluders of the
 *     first cell that are base candidates, in cell order, then those of the
 *     second cell not already taken, in cell order (SE's "twin area");
 *   - the set is tried when its cells share at least two excluders; the
 *     first set that eliminates something is the step.
 * APE and ATE differ only in k: excluders of APE hold exactly two
 * candidates, those of ATE two or three, and ATE's third cell is itself an
 * excluder of one of the first two, so it holds at most three candidates.
 *
 * Speed, without changing what is found: cell sets are bitmasks and the
 * digits of the largest cell a mask, not a loop; APE finds the pairs that
 * eliminate from the digit that goes (first_eliminating_pair) and takes
 * the one SE's scan meets first; ATE only tries third cells
 * seen by two of the pair's common excluders, tries each set of cells once
 * (later meetings of the same cells, in another order, find the same
 * nothing), and skips sets with no excluder that could be emptied unless
 * they hold a naked pair. Most ATE calls find nothing: before its scan in
 * SE's order, ATE tells whether any set of the scan eliminates, going
 * through the same sets in another order (triple_family_eliminates), with
 * a bound that skips most of them. Peers come from the layout: the 8x8
 * brick-wall works the same way.
 */
#include "cellset.h"

#include <string.h>


static void cellset_and(cellset *out, const cellset *x, const cellset *y, int words)
{
    for (int i = 0; i < words; i++)
        out->w[i] = x->w[i] & y->w[i];
}

/* The base candidates of a grid for sets of k cells, with their excluders. */
typedef struct exclusion_base {
    int count;
    uint8_t cell[SUDOKU_MAX_CELLS];   /* base candidates, in cell order */
    cellset is_base;                  /* the same as a set */
    cellset small;                    /* cells with 2..k candidates */
    cellset excluders[SUDOKU_MAX_CELLS]; /* per cell: peers with 2..k candidates */
} exclusion_base;

/*
 * Sixteen cells from m at once, as bits (bit i: cell i): one candidate
 * ('single'), two or more ('multi'), 2..k ('small', k = 2 or 3). No
 * branch on what the cells hold: with SSE2, two vectors of eight masks,
 * the lowest bit cleared lane by lane.
 */
static void cell_kinds16(const sudoku_mask *m, int k, unsigned *single, unsigned *multi, unsigned *small)
{
#ifdef SUDOKU_BIT_SSE2
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    __m128i lone[2], many[2], few[2];
    for (int h = 0; h < 2; h++) {
        __m128i x;
        memcpy(&x, m + 8 * h, sizeof x);
        __m128i rest = _mm_and_si128(x, _mm_sub_epi16(x, one)); /* x less its lowest bit */
        __m128i at_most_one = _mm_cmpeq_epi16(rest, zero);
        rest = _mm_and_si128(rest, _mm_sub_epi16(rest, one));
        if (k == 3)
            rest = _mm_and_si128(rest, _mm_sub_epi16(rest, one));
        lone[h] = _mm_andnot_si128(_mm_cmpeq_epi16(x, zero), at_most_one);
        many[h] = _mm_andnot_si128(at_most_one, _mm_cmpeq_epi16(zero, zero));
        few[h] = _mm_andnot_si128(at_most_one, _mm_cmpeq_epi16(rest, zero));
    }
    *single = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(lone[0], lone[1]));
    *multi = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(many[0], many[1]));
    *small = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(few[0], few[1]));
#else
    *single = *multi = *small = 0;
    for (int i = 0; i < 16; i++) {
        unsigned count = (unsigned)mask_count(m[i]);
        *single |= (unsigned)(count == 1) << i;
        *multi |= (unsigned)(count >= 2) << i;
        *small |= (unsigned)(count >= 2 && count <= (unsigned)k) << i;
    }
#endif
}

/* The cells of a layout in the block of sixteen from c0 (a block never
 * spans two words of a cellset). The grid's arrays hold SUDOKU_MAX_CELLS
 * entries: a block may read past the layout's cells, not past the array;
 * what it reads there is masked off. */
static uint64_t block_cells(const sudoku_layout *l, int c0)
{
    int left = l->ncells - c0;
    return left >= 16 ? 0xFFFFu : (1u << left) - 1u;
}

/*
 * A base candidate has two or more candidates, no single among its peers
 * and a small one: peers see each other both ways, so those are the cells
 * seen by no single and by a small cell, found from the few singles and
 * small cells rather than from every cell's peers. Excluders are worked
 * out for base candidates only: the finders read no others. Without
 * 'lists', only the sets: no cell list, no excluders (APE's search works
 * out the few excluders it reads).
 */
static void base_collect(const view *v, int k, exclusion_base *b, bool lists)
{
    const sudoku_layout *l = v->l;
    const sudoku_mask *cand = v->g->cand;
    const cellset *peers = cellset_peer_table(l);
    int words = cellset_words(l);
    cellset small, single, multi, seen_by_single, seen_by_small;
    cellset_clear(&small);
    cellset_clear(&single);
    cellset_clear(&multi);
    for (int c0 = 0; c0 < l->ncells; c0 += 16) {
        unsigned one, many, few;
        cell_kinds16(cand + c0, k, &one, &many, &few);
        uint64_t in = block_cells(l, c0);
        int w = c0 >> 6, at = c0 & 63;
        single.w[w] |= (one & in) << at;
        multi.w[w] |= (many & in) << at;
        small.w[w] |= (few & in) << at;
    }
    cellset_clear(&seen_by_single);
    cellset_clear(&seen_by_small);
    CELLSET_FOR_EACH(c, &single, words)
        for (int w = 0; w < words; w++)
            seen_by_single.w[w] |= peers[c].w[w];
    CELLSET_FOR_EACH(c, &small, words)
        for (int w = 0; w < words; w++)
            seen_by_small.w[w] |= peers[c].w[w];
    b->small = small;
    b->count = 0;
    /* SE skips a cell while a naked single is left among its peers. */
    cellset_clear(&b->is_base);
    for (int w = 0; w < words; w++)
        b->is_base.w[w] = multi.w[w] & ~seen_by_single.w[w] & seen_by_small.w[w];
    if (!lists)
        return;
    CELLSET_FOR_EACH(c, &b->is_base, words) {
        b->cell[b->count++] = (uint8_t)c;
        cellset_and(&b->excluders[c], &peers[c], &small, words);
    }
}

/* One set of k base cells (k = 2 or 3) and their common excluders. */
typedef struct aligned_set {
    int k;
    int cell[3];
    sudoku_mask cand[3];
    bool sees[3][3];
    int nex;
    int ex_cell[SUDOKU_MAX_PEERS];
    sudoku_mask ex[SUDOKU_MAX_PEERS];
} aligned_set;

/* Loads the set: the base cells and their common excluders. */
static void set_load(const view *v, aligned_set *a, int k, const int *cells, const cellset *excluders)
{
    const cellset *peers = cellset_peer_table(v->l);
    sudoku_mask any = 0;
    a->k = k;
    for (int i = 0; i < k; i++) {
        a->cell[i] = cells[i];
        a->cand[i] = v->g->cand[cells[i]];
        any |= a->cand[i];
    }
    for (int i = 0; i < k; i++) {
        a->sees[i][i] = false;
        for (int j = i + 1; j < k; j++)
            a->sees[i][j] = a->sees[j][i] = cellset_has(&peers[cells[i]], cells[j]);
    }
    /* An excluder with a digit no base cell has can never be emptied:
     * leaving it out changes nothing and saves time. Each is written and
     * counted only when it stays: no branch to mispredict. Cell order. */
    a->nex = 0;
    CELLSET_FOR_EACH(e, excluders, cellset_words(v->l)) {
        sudoku_mask m = v->g->cand[e];
        a->ex_cell[a->nex] = e;
        a->ex[a->nex] = m;
        a->nex += !(m & ~any);
    }
}

/*
 * The candidates of each base cell that appear in at least one possible
 * combination, into keep[]. The digits of the cell with the most
 * candidates are not enumerated: for a combination of the others, an
 * excluder rules out that cell's digit when it is the only one of its
 * candidates they leave.
 */
static void set_keep(const aligned_set *a, sudoku_mask *keep)
{
    keep[0] = keep[1] = keep[2] = 0;
    /* p, q: the enumerated cells (q = -1 for a pair), last: the masked one. */
    int last = 0;
    for (int i = 1; i < a->k; i++)
        if (mask_count(a->cand[i]) > mask_count(a->cand[last]))
            last = i;
    int p = last == 0 ? 1 : 0;
    int q = a->k == 3 ? 3 - last - p : -1;
    sudoku_mask mp = a->cand[p], mq = q >= 0 ? a->cand[q] : 1, ml = a->cand[last];
    bool sees_pq = q >= 0 && a->sees[p][q], sees_pl = a->sees[p][last], sees_ql = q >= 0 && a->sees[q][last];
    /* with[d]: the partners of d in two-digit excluders; three-digit ones
     * are checked one by one (they are few). */
    sudoku_mask with[SUDOKU_MAX_N + 1] = { 0 };
    sudoku_mask three[SUDOKU_MAX_PEERS];
    int nthree = 0;
    for (int i = 0; i < a->nex; i++) {
        sudoku_mask m = a->ex[i];
        if (mask_count(m) == 2) {
            with[mask_first_digit(m)] |= (sudoku_mask)(m & (m - 1));
            with[mask_first_digit(m & (m - 1))] |= (sudoku_mask)(m & -m);
        } else {
            three[nthree++] = m;
        }
    }
    sudoku_mask kp = 0, kq = 0, kl = 0;
    for (sudoku_mask rp = mp; rp; rp &= (sudoku_mask)(rp - 1)) {
        sudoku_mask bp = (sudoku_mask)(rp & -rp);
        sudoku_mask with_p = with[mask_first_digit(bp)];
        /* For a pair the middle loop runs once, with no digit. */
        for (sudoku_mask rq = mq; rq; rq &= (sudoku_mask)(rq - 1)) {
            sudoku_mask bq = q >= 0 ? (sudoku_mask)(rq & -rq) : 0;
            if (bq == bp && sees_pq)
                continue;
            if (with_p & bq)
                continue; /* {p,q} is an excluder */
            sudoku_mask used = (sudoku_mask)(bp | bq);
            sudoku_mask ruled_out = (sudoku_mask)(with_p | (bq ? with[mask_first_digit(bq)] : 0));
            for (int i = 0; i < nthree; i++) {
                sudoku_mask rest = (sudoku_mask)(three[i] & ~used);
                if (mask_is_single(rest))
                    ruled_out |= rest;
            }
            sudoku_mask allowed = (sudoku_mask)(ml & ~ruled_out);
            if (sees_pl)
                allowed &= (sudoku_mask)~bp;
            if (sees_ql)
                allowed &= (sudoku_mask)~bq;
            if (!allowed)
                continue;
            kp |= bp;
            kq |= bq;
            kl |= allowed;
            /* bp has its filling and the other cells are all covered:
             * the rest of bp's combinations cannot add anything. */
            if (kl == ml && (q < 0 || kq == mq))
                break;
        }
        /* Every candidate already has a filling: nothing will go. */
        if (kp == mp && kl == ml && (q < 0 || kq == mq))
            break;
    }
    keep[p] = kp;
    keep[last] = kl;
    if (q >= 0)
        keep[q] = kq;
}

/*
 * Marks, as SE shows them, the excluders that rule out a combination
 * holding an eliminated candidate: for each such combination (that does not
 * already repeat a digit in cells that see each other), the first excluder
 * in cell order whose candidates it takes.
 */
static void set_mark_excluders(const aligned_set *a, const sudoku_step *s, bool *marked)
{
    int k = a->k;
    sudoku_mask m2 = k == 3 ? a->cand[2] : 1;
    for (sudoku_mask r0 = a->cand[0]; r0; r0 &= (sudoku_mask)(r0 - 1))
        for (sudoku_mask r1 = a->cand[1]; r1; r1 &= (sudoku_mask)(r1 - 1))
            for (sudoku_mask r2 = m2; r2; r2 &= (sudoku_mask)(r2 - 1)) {
                sudoku_mask b[3] = { (sudoku_mask)(r0 & -r0), (sudoku_mask)(r1 & -r1),
                                     k == 3 ? (sudoku_mask)(r2 & -r2) : 0 };
                bool relevant = false, repeats = false;
                for (int i = 0; i < k; i++) {
                    relevant |= (s->elim[a->cell[i]] & b[i]) != 0;
                    for (int j = i + 1; j < k; j++)
                        repeats |= b[i] == b[j] && a->sees[i][j];
                }
                if (!relevant || repeats)
                    continue;
                sudoku_mask used = (sudoku_mask)(b[0] | b[1] | b[2]);
                for (int e = 0; e < a->nex; e++)
                    if (!(a->ex[e] & ~used)) {
                        marked[e] = true;
                        break;
                    }
            }
}

/* Fills the step when the set eliminates something; false otherwise. */
/*
 * Whether repeated digits alone can rule out a candidate, with no
 * excluder: only when two of the cells hold the same two digits and all
 * three see each other (a naked pair the third cell sees).
 */
static bool repeats_can_exclude(const aligned_set *a)
{
    if (a->k == 2)
        return false; /* each cell keeps a digit the other does not take */
    if (!a->sees[0][1] || !a->sees[0][2] || !a->sees[1][2])
        return false;
    for (int j = 0; j < 3; j++)
        for (int k = j + 1; k < 3; k++)
            if (a->cand[j] == a->cand[k] && mask_count(a->cand[j]) == 2 && (a->cand[3 - j - k] & a->cand[j]))
                return true;
    return false;
}

/*
 * Whether the excluders of three cells could take a candidate from them;
 * false only when every candidate keeps a filling (the case of
 * repeats_can_exclude aside: that one needs no excluder). Most triples
 * with one excluder, or with three-digit excluders only, stop here.
 *
 * Why. Say digit x of one cell goes while the other two, j and k, still
 * have fillings (y, z) that repeat no digit (else repeats_can_exclude
 * holds). Each empties an excluder E: E is within {x, y, z}. Every digit
 * of j but x is the y of a filling, or else it is k's one filling left,
 * the z of a filling; the same for k. The cells have two candidates or
 * more.
 *  - Three-digit excluders only: {x, y, z} = E each time, so x, and j's
 *    and k's digits, are in the excluders: two cells hold nothing outside
 *    the excluders' digits. For one E, nothing outside E.
 *  - One excluder E = {u, v}, x outside it: {y, z} = E for each filling,
 *    so j and k hold nothing outside E but x: the same one digit outside
 *    E, or nothing.
 *  - One E = {u, v}, x = u: every filling puts v in j or in k. Unless one
 *    of them holds only u and v (nothing outside E), each has a digit
 *    other than u and v, and no two such digits may make a filling: j and
 *    k see each other and hold the same one digit outside E.
 */
static bool excluders_may_act(const aligned_set *a)
{
    if (a->k == 2 || a->nex == 0)
        return a->nex > 0;
    sudoku_mask digits = 0;
    int pairs = 0;
    for (int i = 0; i < a->nex; i++) {
        sudoku_mask m = a->ex[i];
        sudoku_mask rest = (sudoku_mask)(m & (m - 1));
        pairs += !(rest & (rest - 1));
        digits |= m;
    }
    sudoku_mask o0 = (sudoku_mask)(a->cand[0] & ~digits), o1 = (sudoku_mask)(a->cand[1] & ~digits),
                o2 = (sudoku_mask)(a->cand[2] & ~digits);
    int inside = (o0 == 0) + (o1 == 0) + (o2 == 0);
    if (pairs == 0)
        return inside >= 2;
    if (a->nex > 1)
        return true;
    return inside >= 1 || (o0 == o1 && mask_is_single(o0)) || (o0 == o2 && mask_is_single(o0)) ||
           (o1 == o2 && mask_is_single(o1));
}

/* Whether the set eliminates something; keep[] as set_keep fills it when
 * it does. */
static bool set_eliminates(const aligned_set *a, sudoku_mask *keep)
{
    /* Without an excluder that can be emptied, every combination that
     * repeats no digit is possible: most sets stop here. */
    if (!excluders_may_act(a) && !repeats_can_exclude(a))
        return false;
    set_keep(a, keep);
    sudoku_mask gone = 0;
    for (int i = 0; i < a->k; i++)
        gone |= (sudoku_mask)(a->cand[i] & ~keep[i]);
    return gone != 0;
}

static bool set_step(const view *v, const aligned_set *a, sudoku_step *s, int technique, const char *name)
{
    sudoku_mask keep[3];
    if (!set_eliminates(a, keep))
        return false;

    step_start(s, v->l, technique);
    step_set_name(s, name);
    for (int i = 0; i < a->k; i++) {
        sudoku_mask m = (sudoku_mask)(a->cand[i] & ~keep[i]);
        step_eliminate(s, v->g, a->cell[i], m);
        s->digits |= m;
        s->cells[s->ncells++] = (uint8_t)a->cell[i];
        step_mark(s, a->cell[i], SUDOKU_ROLE_PATTERN, a->cand[i]);
    }
    bool marked[SUDOKU_MAX_PEERS] = { false };
    set_mark_excluders(a, s, marked);
    for (int e = 0; e < a->nex; e++)
        if (marked[e])
            step_mark(s, a->ex_cell[e], SUDOKU_ROLE_EXTRA, a->ex[e]);
    return true;
}

/* The cells that see two or more of the cells of 'set'. */
static void seen_twice_by(cellset *out, const cellset *peers, const cellset *set, int words)
{
    if (words == 2) { /* 9x9 grids: the same in registers, unrolled */
        uint64_t once0 = 0, once1 = 0, twice0 = 0, twice1 = 0;
        CELLSET_FOR_EACH(e, set, 2) {
            twice0 |= once0 & peers[e].w[0];
            twice1 |= once1 & peers[e].w[1];
            once0 |= peers[e].w[0];
            once1 |= peers[e].w[1];
        }
        cellset_clear(out);
        out->w[0] = twice0;
        out->w[1] = twice1;
        return;
    }
    cellset once;
    cellset_clear(&once);
    cellset_clear(out);
    CELLSET_FOR_EACH(e, set, words)
        for (int w = 0; w < words; w++) {
            out->w[w] |= once.w[w] & peers[e].w[w];
            once.w[w] |= peers[e].w[w];
        }
}

/* s becomes its cells that are in 'also' and come before 'cell'. */
static void cellset_keep_before(cellset *s, const cellset *also, int cell, int words)
{
    for (int w = 0; w < words; w++) {
        int below = cell - 64 * w; /* bits of this word before 'cell' */
        uint64_t keep = below <= 0 ? 0 : below >= 64 ? ~0ull : (1ull << below) - 1;
        s->w[w] &= also->w[w] & keep;
    }
}

/*
 * What a finder remembers of its last scan that found nothing, so that its
 * next call can leave out the sets that cannot eliminate since.
 *
 * Why this is exact. The sets SE's scan tries, in some order, are the sets
 * of k base candidates that share two excluders or more (and for ATE, one
 * of which is an excluder of another: see first_cells and the twin area in
 * find_aligned_triple_exclusion; met_before only leaves out a set met
 * before). What a set eliminates depends on its cells' candidates and its
 * common excluders. A cell outside the set is read only through its role:
 * single (one candidate: its peers are no base candidates), small (2..k
 * candidates: an excluder of its peers, whose candidates count) or neither.
 * Take a set whose cells' candidates are as in the remembered grid, none
 * of whose peers was a single there and is not one now, and none of whose
 * common excluders now is small with candidates it did not have there (a
 * new or 'recoloured' excluder). If it is tried now, it was tried there:
 * its common excluders now were excluders there, with the same candidates,
 * and no single saw its cells. There it eliminated nothing (that scan went
 * through to the end); with the same excluders or more it allowed no more
 * combinations than it allows now, so it eliminates nothing now. Leaving
 * it out cannot change which set is the first to eliminate. The remembered
 * grid may be any earlier one (calls that found a step in between do not
 * matter), of any puzzle; a layout other than the remembered one makes
 * every cell changed. One memory a finder and a thread.
 */
typedef struct scan_memory {
    const sudoku_layout *l; /* NULL: nothing remembered */
    sudoku_layout_desc desc; /* a layout built again at the same place may differ */
    sudoku_mask cand[SUDOKU_MAX_CELLS];
} scan_memory;

/* Bit i: whether a[i] and b[i] differ, for sixteen masks. */
static unsigned masks_differ16(const sudoku_mask *a, const sudoku_mask *b)
{
#ifdef SUDOKU_BIT_SSE2
    __m128i x[2], y[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    __m128i same = _mm_packs_epi16(_mm_cmpeq_epi16(x[0], y[0]), _mm_cmpeq_epi16(x[1], y[1]));
    return ~(unsigned)_mm_movemask_epi8(same) & 0xFFFFu;
#else
    unsigned differ = 0;
    for (int i = 0; i < 16; i++)
        differ |= (unsigned)(a[i] != b[i]) << i;
    return differ;
#endif
}

/*
 * The cells whose sets may eliminate now ('dirty'): changed since the
 * remembered grid, or a peer of a changed cell that was a single there and
 * is not one now. A changed cell that is small now (and was no single:
 * else its peers are dirty) goes into 'recoloured': a set of clean cells
 * may eliminate when one is a common excluder of it.
 * Without 'recoloured' (NULL), such a cell makes its peers dirty instead.
 * 'grown' (unless NULL): the dirty cells other than those that only lost
 * candidates (a new candidate, a single's peer, another layout).
 */
static void memory_dirty(const scan_memory *m, const view *v, int k, const cellset *peers, cellset *dirty,
                         cellset *recoloured, cellset *grown)
{
    const sudoku_layout *l = v->l;
    int words = cellset_words(l);
    const sudoku_mask *cand = v->g->cand;
    bool same_layout = layout_kept_for(m->l, &m->desc, l);
    cellset_clear(dirty);
    if (recoloured)
        cellset_clear(recoloured);
    cellset changed;
    cellset_clear(&changed);
    for (int c0 = 0; c0 < l->ncells; c0 += 16)
        changed.w[c0 >> 6] |= (masks_differ16(m->cand + c0, cand + c0) & block_cells(l, c0)) << (c0 & 63);
    if (!same_layout)
        for (int c = 0; c < l->ncells; c++)
            cellset_add(&changed, c);
    if (grown)
        cellset_clear(grown);
    CELLSET_FOR_EACH(c, &changed, words) {
        cellset_add(dirty, c);
        if (grown && (cand[c] & ~m->cand[c]))
            cellset_add(grown, c);
        int was = mask_count(m->cand[c]), is = mask_count(cand[c]);
        bool small_now = is >= 2 && is <= k;
        if (same_layout && !(was == 1 && is != 1)) {
            if (!small_now)
                continue;
            if (recoloured) {
                cellset_add(recoloured, c);
                continue;
            }
        }
        for (int w = 0; w < words; w++)
            dirty->w[w] |= peers[c].w[w];
        if (grown) {
            cellset_add(grown, c);
            for (int w = 0; w < words; w++)
                grown->w[w] |= peers[c].w[w];
        }
    }
}

/* After a scan that found nothing. */
static void memory_keep(scan_memory *m, const view *v)
{
    m->l = v->l;
    m->desc = v->l->desc;
    memcpy(m->cand, v->g->cand, sizeof m->cand[0] * (size_t)v->l->ncells);
}

/*
 * The first cells to pair with base cell c1: a cell shares two excluders
 * with c1 exactly when it sees two of c1's excluders; only base cells
 * before c1, which is the list's order (cell order).
 */
static void first_cells(cellset *out, const exclusion_base *b, const cellset *peers, int c1, int words)
{
    seen_twice_by(out, peers, &b->excluders[c1], words);
    cellset_keep_before(out, &b->is_base, c1, words);
}

/* Whether the set has two cells or more. */
static bool cellset_has_two(const cellset *s, int words)
{
    uint64_t seen = 0;
    for (int w = 0; w < words; w++) {
        if (s->w[w] & (s->w[w] - 1) || (seen && s->w[w]))
            return true;
        seen |= s->w[w];
    }
    return false;
}

/*
 * The pairs of SE's scan that eliminate something, found from the digit
 * that goes rather than pair by pair. Digit a of base cell x goes, paired
 * with base cell y, exactly when every combination (a, d), d a digit of
 * y, is ruled out: d = a by the two cells seeing each other (when a is a
 * digit of y, they must), any other d by a common excluder holding a and
 * d alone (an excluder of a pair has two candidates). So y must see a
 * bivalue {a, d} for each of its digits d but a: these digits a (y's
 * 'partnered' digits) come from y's with-table at once, as the digits
 * that each digit d of y makes a bivalue peer with (or is). For each, x
 * must hold a and see, for each such d, one of those {a, d} cells that y
 * sees: a few cells to test, most often none. SE tries the pair when both
 * are base candidates with two common excluders or more.
 *
 * Only pairs that the scan memory leaves in play are tried (see
 * scan_memory): a pair with a dirty cell, or with a recoloured common
 * excluder. More: with no recoloured common excluder, a cell x that only
 * lost candidates (dirty, not 'grown') keeps its digits in a pair with a
 * clean y. Whether digit a of x goes reads x only for holding a, which it
 * held there; y and the common excluders are as there (an excluder that
 * changed is recoloured, or no excluder now), and the pair was tried
 * there (its cells were base candidates: a single gone makes its peers
 * grown). So y is dirty, or shares two excluders with a grown cell, or
 * sees a recoloured cell ('live'); a clean y is tried with a grown x, or
 * an x that sees a recoloured excluder of y. Most calls after a
 * remembered grid have one or two dirty base cells; with many grown
 * ones, all are live.
 *
 * Out: the pair that SE's scan meets first, c0 before c1 (the scan goes by
 * its later cell, then its earlier, both in cell order); false if none.
 */
static bool first_eliminating_pair(const view *v, const exclusion_base *b, const cellset *peers, const cellset *dirty,
                                   const cellset *recoloured, const cellset *grown, int *first0, int *first1)
{
    const sudoku_mask *cand = v->g->cand;
    int words = cellset_words(v->l);
    cellset live, grown_base;
    cellset_and(&grown_base, grown, &b->is_base, words);
    if (cellset_count(&grown_base, words) > 4) {
        live = b->is_base;
    } else {
        cellset_and(&live, dirty, &b->is_base, words);
        CELLSET_FOR_EACH(x, &grown_base, words) {
            cellset ex_x, partners; /* x's excluders; cells that see two */
            cellset_and(&ex_x, &peers[x], &b->small, words);
            seen_twice_by(&partners, peers, &ex_x, words);
            for (int w = 0; w < words; w++)
                live.w[w] |= partners.w[w];
        }
        CELLSET_FOR_EACH(r, recoloured, words)
            for (int w = 0; w < words; w++)
                live.w[w] |= peers[r].w[w];
        cellset_and(&live, &live, &b->is_base, words);
    }
    int best = -1, best0 = -1, best1 = -1; /* key: later cell, then earlier */
    CELLSET_FOR_EACH(y, &live, words) {
        sudoku_mask my = cand[y];
        cellset ex_y;
        cellset_and(&ex_y, &peers[y], &b->small, words);
        const cellset *ex = &ex_y;
        sudoku_mask with[SUDOKU_MAX_N + 1] = { 0 };
        CELLSET_FOR_EACH(e, ex, words) {
            sudoku_mask m = cand[e], low = (sudoku_mask)(m & -m);
            with[mask_first_digit(low)] |= (sudoku_mask)(m & ~low);
            with[mask_first_digit(m & ~low)] |= low;
        }
        sudoku_mask partnered = (sudoku_mask)~0u;
        for (sudoku_mask r = my; r; r &= (sudoku_mask)(r - 1)) {
            sudoku_mask bit = (sudoku_mask)(r & -r);
            partnered &= (sudoku_mask)(with[mask_first_digit(bit)] | bit);
        }
        if (!partnered)
            continue;
        /* The cells x that y may pair with: base cells; for a clean y,
         * grown or seeing a recoloured excluder of y. */
        cellset allowed = b->is_base;
        if (!cellset_has(dirty, y)) {
            cellset near = *grown, recoloured_y;
            cellset_and(&recoloured_y, recoloured, ex, words);
            CELLSET_FOR_EACH(r, &recoloured_y, words)
                for (int w = 0; w < words; w++)
                    near.w[w] |= peers[r].w[w];
            cellset_and(&allowed, &allowed, &near, words);
        }
        for (; partnered; partnered &= (sudoku_mask)(partnered - 1)) {
            sudoku_mask a = (sudoku_mask)(partnered & -partnered);
            cellset xs;
            for (int w = 0; w < words; w++)
                xs.w[w] = allowed.w[w] & ((my & a) ? peers[y].w[w] : ~0ull);
            cellset_remove(&xs, y);
            for (sudoku_mask rd = (sudoku_mask)(my & ~a); rd; rd &= (sudoku_mask)(rd - 1)) {
                sudoku_mask ad = (sudoku_mask)(a | (rd & -rd));
                cellset seen;
                cellset_clear(&seen);
                CELLSET_FOR_EACH(e, ex, words)
                    if (cand[e] == ad)
                        for (int w = 0; w < words; w++)
                            seen.w[w] |= peers[e].w[w];
                cellset_and(&xs, &xs, &seen, words);
            }
            CELLSET_FOR_EACH(x, &xs, words) {
                if (!(cand[x] & a))
                    continue;
                int c0 = x < y ? x : y, c1 = x < y ? y : x, key = c1 * SUDOKU_MAX_CELLS + c0;
                if (best >= 0 && key >= best)
                    continue;
                cellset common;
                cellset_and(&common, &peers[x], ex, words);
                if (!cellset_has_two(&common, words))
                    continue;
                best = key;
                best0 = c0;
                best1 = c1;
            }
        }
    }
    *first0 = best0;
    *first1 = best1;
    return best >= 0;
}

/* The APE step of the pair of cells with those common excluders, when it
 * eliminates something. */
static bool pair_step(const view *v, const int *cells, const cellset *common, sudoku_step *s)
{
    aligned_set a;
    set_load(v, &a, 2, cells, common);
    return set_step(v, &a, s, SUDOKU_ALIGNED_PAIR_EXCLUSION, "Aligned Pair Exclusion");
}

/* quick: first_eliminating_pair (false: SE's scan, for the tests that
 * compare the two). */
static bool pair_exclusion(const view *v, sudoku_step *s, bool quick)
{
    static _Thread_local exclusion_base b;
    static _Thread_local scan_memory memory;
    const sudoku_layout *l = v->l;
    int words = cellset_words(l);
    base_collect(v, 2, &b, !quick);
    const cellset *peers = cellset_peer_table(l);
    /* Only pairs with a dirty cell, or a recoloured common excluder, can
     * eliminate (scan_memory). */
    cellset dirty, recoloured, grown;
    memory_dirty(&memory, v, 2, peers, &dirty, &recoloured, &grown);
    if (quick) {
        int cells[2];
        if (first_eliminating_pair(v, &b, peers, &dirty, &recoloured, &grown, &cells[0], &cells[1])) {
            cellset common;
            for (int w = 0; w < words; w++)
                common.w[w] = peers[cells[0]].w[w] & peers[cells[1]].w[w] & b.small.w[w];
            if (pair_step(v, cells, &common, s))
                return true;
        }
        memory_keep(&memory, v);
        return false;
    }
    /* SE's scan: each pair that shares two excluders, by its later cell,
     * then its earlier, both in cell order; those the memory leaves in
     * play. */
    for (int j = 1; j < b.count; j++) {
        int c1 = b.cell[j];
        cellset firsts;
        if (!cellset_has(&dirty, c1)) {
            /* A clean c1 pairs with a dirty cell, or one that sees a
             * recoloured excluder of c1 (then common to the pair): base
             * cells before c1. */
            cellset allowed = dirty, recoloured1;
            cellset_and(&recoloured1, &recoloured, &b.excluders[c1], words);
            CELLSET_FOR_EACH(x, &recoloured1, words)
                for (int w = 0; w < words; w++)
                    allowed.w[w] |= peers[x].w[w];
            cellset_keep_before(&allowed, &b.is_base, c1, words);
            uint64_t any = 0;
            for (int w = 0; w < words; w++)
                any |= allowed.w[w];
            if (!any)
                continue;
            first_cells(&firsts, &b, peers, c1, words);
            cellset_and(&firsts, &firsts, &allowed, words);
        } else {
            first_cells(&firsts, &b, peers, c1, words);
        }
        CELLSET_FOR_EACH(c0, &firsts, words) {
            int cells[2] = { c0, c1 };
            cellset common;
            cellset_and(&common, &b.excluders[c0], &b.excluders[c1], words);
            if (pair_step(v, cells, &common, s))
                return true;
        }
    }
    memory_keep(&memory, v);
    return false;
}

bool find_aligned_pair_exclusion(const view *v, sudoku_step *s) { return pair_exclusion(v, s, true); }

bool find_aligned_pair_exclusion_in_order(const view *v, sudoku_step *s) { return pair_exclusion(v, s, false); }

/* The cells of word w that come before 'cell'. */
static uint64_t word_before(int cell, int w)
{
    int below = cell - 64 * w;
    return below <= 0 ? 0 : below >= 64 ? ~0ull : (1ull << below) - 1;
}

/*
 * The third cells t with which SE's scan met the set {c0, c1, t} before,
 * with other cells as the first two (c0 < c1). Pairs come in the order of
 * their later cell in the list (cell order), so the set was tried at an
 * earlier pair when its cells fit there:
 *   c0 < t < c1 (pair c0, t): when c1 is an excluder of c0 or of t;
 *   t < c0 (pairs t, c0 and t, c1): when c1 is an excluder of t or of
 *           c0, or c0 one of t or of c1.
 * A set tried once eliminated nothing (or the scan would have stopped),
 * and it eliminates the same in any order. x is an excluder of t exactly
 * when t is a peer of x and x has 2..3 candidates.
 */
static void met_before(cellset *met, const exclusion_base *b, const cellset *peers, int c0, int c1, int words)
{
    bool c1_of_c0 = cellset_has(&b->excluders[c0], c1), c0_of_c1 = cellset_has(&b->excluders[c1], c0);
    bool c0_small = cellset_has(&b->small, c0), c1_small = cellset_has(&b->small, c1);
    for (int w = 0; w < words; w++) {
        uint64_t before_c0 = word_before(c0, w), before_c1 = word_before(c1, w);
        uint64_t c1_of_t = c1_small ? peers[c1].w[w] : 0, c0_of_t = c0_small ? peers[c0].w[w] : 0;
        uint64_t between = before_c1 & ~before_c0 & (c1_of_c0 ? ~0ull : c1_of_t);
        uint64_t first = before_c0 & (c1_of_c0 || c0_of_c1 ? ~0ull : c1_of_t | c0_of_t);
        met->w[w] = between | first;
    }
}

/*
 * The first two cells of a triple, loaded once for all its third cells,
 * and their common excluders (cell order) with the digits each holds
 * outside both cells: a third cell t keeps an excluder it sees when t
 * holds those digits (set_load's rule, any = the three cells' digits).
 */
typedef struct pair_load {
    aligned_set a;   /* cells 0 and 1 set; the third cell is filled per tail */
    int n;
    int cell[SUDOKU_MAX_PEERS];
    sudoku_mask mask[SUDOKU_MAX_PEERS];
    sudoku_mask outside[SUDOKU_MAX_PEERS];
} pair_load;

static void pair_load_start(const view *v, pair_load *p, int c0, int c1, const cellset *common01)
{
    const sudoku_mask *cand = v->g->cand;
    aligned_set *a = &p->a;
    a->k = 3;
    a->cell[0] = c0;
    a->cell[1] = c1;
    a->cand[0] = cand[c0];
    a->cand[1] = cand[c1];
    a->sees[0][0] = a->sees[1][1] = a->sees[2][2] = false;
    a->sees[0][1] = a->sees[1][0] = cellset_has(&cellset_peer_table(v->l)[c0], c1);
    sudoku_mask both = (sudoku_mask)(a->cand[0] | a->cand[1]);
    p->n = 0;
    CELLSET_FOR_EACH(e, common01, cellset_words(v->l)) {
        p->cell[p->n] = e;
        p->mask[p->n] = cand[e];
        p->outside[p->n] = (sudoku_mask)(cand[e] & ~both);
        p->n++;
    }
}

/* Tries the third cells of one part of the 'twin area', in cell order.
 * The set's excluders are the pair's common ones that the third cell sees
 * (they have 2..3 candidates, so they are its excluders too), as set_load
 * would load them. */
static bool try_tails(const view *v, const cellset *peers, pair_load *p, const cellset *tails, sudoku_step *s)
{
    int words = cellset_words(v->l);
    aligned_set *a = &p->a;
    CELLSET_FOR_EACH(t, tails, words) {
        const cellset *seen = &peers[t];
        sudoku_mask mt = v->g->cand[t];
        a->cell[2] = t;
        a->cand[2] = mt;
        a->sees[0][2] = a->sees[2][0] = cellset_has(seen, a->cell[0]);
        a->sees[1][2] = a->sees[2][1] = cellset_has(seen, a->cell[1]);
        /* Each is written and counted only when it stays. */
        a->nex = 0;
        for (int i = 0; i < p->n; i++) {
            a->ex_cell[a->nex] = p->cell[i];
            a->ex[a->nex] = p->mask[i];
            a->nex += (int)cellset_has(seen, p->cell[i]) & (int)!(p->outside[i] & ~mt);
        }
        if (set_step(v, a, s, SUDOKU_ALIGNED_TRIPLE_EXCLUSION, "Aligned Triplet Exclusion"))
            return true;
    }
    return false;
}

/*
 * What any set {t, x, y} of two given cells and a third can eliminate, as
 * a bound that looks at y's candidates alone. Its excluders are among the
 * common excluders of t and x; with all of those more combinations are
 * ruled out, so a candidate that keeps a combination here keeps it in the
 * set. For each combination (a, b) of t and x that repeats no digit where
 * they see each other, 'ruled' is the digits c of y that it cannot go
 * with: all when an excluder is within {a, b}, else the partners of a or
 * b in a two-digit excluder, the third digit of a three-digit one holding
 * both, and a and b themselves when y sees t or x (a repeat). Then
 *   - a digit of y goes only if every combination rules it out ('y_goes');
 *   - a digit a of t goes only if y's candidates are all ruled out with
 *     each b of x, b likewise: those masks of two digits or more ('fits').
 * Two bounds: 'near' takes a and b as ruled (y sees t or x: a bound for
 * any y), 'far' does not (y sees neither: most third cells, and a bound
 * that rules out most of them).
 */
typedef struct tail_bound {
    sudoku_mask y_goes;
    sudoku_mask any_fit; /* the union of fits[] */
    int nfits;
    sudoku_mask fits[2 * SUDOKU_MAX_N];
} tail_bound;

/* Adds the fit of a digit of t or x (what y may hold for it to go). */
static void tail_bound_fit(tail_bound *tb, sudoku_mask fit)
{
    if (fit & (fit - 1)) { /* two digits or more */
        tb->fits[tb->nfits++] = fit;
        tb->any_fit |= fit;
    }
}

static void tail_bounds_make(const sudoku_mask *cand, int t, int x, bool sees_tx, const cellset *common, int words,
                             tail_bound *near, tail_bound *far)
{
    /* with[d]: the partners of d in two-digit excluders; third[i][d]: the
     * digits that make a three-digit excluder with d and the i-th digit
     * of t (t has at most three). */
    sudoku_mask with[SUDOKU_MAX_N + 1] = { 0 };
    sudoku_mask third[3][SUDOKU_MAX_N + 1] = { { 0 } };
    sudoku_mask mt = cand[t], mx = cand[x], both = (sudoku_mask)(mt | mx);
    CELLSET_FOR_EACH(e, common, words) {
        sudoku_mask m = cand[e];
        sudoku_mask outside = (sudoku_mask)(m & ~both);
        if (outside & (outside - 1))
            continue; /* two digits outside t and x: never emptied */
        if (mask_count(m) == 2) {
            with[mask_first_digit(m)] |= (sudoku_mask)(m & (m - 1));
            with[mask_first_digit(m & (m - 1))] |= (sudoku_mask)(m & -m);
            continue;
        }
        int i = 0;
        for (sudoku_mask ra = mt; ra; ra &= (sudoku_mask)(ra - 1), i++) {
            sudoku_mask ba = (sudoku_mask)(ra & -ra);
            if (!(m & ba))
                continue;
            sudoku_mask rest = (sudoku_mask)(m & ~ba), p = (sudoku_mask)(rest & -rest), q = (sudoku_mask)(rest & ~p);
            third[i][mask_first_digit(p)] |= q;
            third[i][mask_first_digit(q)] |= p;
        }
    }
    /* from_b: per digit b of x, near (0) and far (1). */
    sudoku_mask near_goes = (sudoku_mask)~0u, far_goes = (sudoku_mask)~0u;
    sudoku_mask from_b[2][SUDOKU_MAX_N + 1];
    memset(from_b, 0xff, sizeof from_b); /* all digits: ~0 */
    near->nfits = far->nfits = 0;
    near->any_fit = far->any_fit = 0;
    int i = 0;
    for (sudoku_mask ra = mt; ra; ra &= (sudoku_mask)(ra - 1), i++) {
        sudoku_mask ba = (sudoku_mask)(ra & -ra);
        sudoku_mask with_a = with[mask_first_digit(ba)];
        /* A b that makes an excluder {a, b} rules out all of y (no bound),
         * as does no b when they see each other and b = a. */
        sudoku_mask near_a = (sudoku_mask)~0u, far_a = (sudoku_mask)~0u;
        sudoku_mask xs = (sudoku_mask)(mx & ~with_a & ~(sees_tx ? ba : 0));
        for (sudoku_mask rb = xs; rb; rb &= (sudoku_mask)(rb - 1)) {
            sudoku_mask bb = (sudoku_mask)(rb & -rb);
            int db = mask_first_digit(bb);
            sudoku_mask ruled = (sudoku_mask)(with_a | with[db] | third[i][db]);
            sudoku_mask ruled_near = (sudoku_mask)(ruled | ba | bb);
            near_goes &= ruled_near;
            far_goes &= ruled;
            near_a &= ruled_near;
            far_a &= ruled;
            from_b[0][db] &= ruled_near;
            from_b[1][db] &= ruled;
        }
        tail_bound_fit(near, near_a);
        tail_bound_fit(far, far_a);
    }
    for (sudoku_mask rb = mx; rb; rb &= (sudoku_mask)(rb - 1)) {
        int db = mask_first_digit(rb & -rb);
        tail_bound_fit(near, from_b[0][db]);
        tail_bound_fit(far, from_b[1][db]);
    }
    near->y_goes = near_goes;
    far->y_goes = far_goes;
}

/* Whether a set with third cell of candidates m may eliminate (tail_bound). */
static bool tail_bound_allows(const tail_bound *tb, sudoku_mask m)
{
    if (m & tb->y_goes)
        return true;
    if (m & ~tb->any_fit)
        return false;
    for (int i = 0; i < tb->nfits; i++)
        if (!(m & ~tb->fits[i]))
            return true;
    return false;
}

/*
 * Whether some set that SE's triple scan tries eliminates something, the
 * order aside: most scans find nothing, and proving that needs no order.
 *
 * The sets SE tries, as a family: the scan tries {c0, c1, t} when c0 and
 * c1 share two excluders, t is a base excluder of c0 or c1, and t sees
 * two of their common excluders (see find_aligned_triple_exclusion). The
 * common excluders of a set are small peers of all three cells, so that
 * is: three base cells with two common excluders or more, one of which
 * (t) is small and sees another (X). Here each such set is met once: t
 * is the lowest cell of the set that is small and sees another of its
 * cells; X a base peer of t; Y a base cell that sees two of the common
 * excluders of t and X, after X when it sees t too. Sets that cannot
 * eliminate since the remembered grid are left out as in the scan: all
 * three cells clean, no recoloured common excluder (scan_memory).
 */
static bool triple_family_eliminates(const view *v, const exclusion_base *b, const cellset *peers,
                                     const cellset *dirty, const cellset *recoloured, int words)
{
    cellset small_base;
    cellset_and(&small_base, &b->small, &b->is_base, words);
    CELLSET_FOR_EACH(t, &small_base, words) {
        /* Lower small cells that see another cell of the set come first:
         * x when small (it sees t), y when small and it sees t or x. */
        /* x shares two excluders or more with t exactly when it sees two of
         * t's excluders (x's excluders are its small peers, t's are small). */
        cellset partners, twice_t;
        seen_twice_by(&twice_t, peers, &b->excluders[t], words);
        for (int w = 0; w < words; w++)
            partners.w[w] = peers[t].w[w] & twice_t.w[w] & b->is_base.w[w] & ~(b->small.w[w] & word_before(t, w));
        /* A clean t needs a dirty x, or a third cell that is dirty or seen
         * by a recoloured common excluder (the scan memory). A common
         * excluder is an excluder of t and a peer of x, and a third cell
         * sees two: a clean x is a peer of an excluder of t that sees a
         * dirty base cell seeing two of t's excluders, or of a recoloured
         * excluder of t. Most calls after a remembered grid keep few. */
        if (!cellset_has(dirty, t)) {
            cellset reach, allowed = *dirty, via;
            for (int w = 0; w < words; w++) {
                reach.w[w] = twice_t.w[w] & b->is_base.w[w] & dirty->w[w];
                via.w[w] = b->excluders[t].w[w] & recoloured->w[w];
            }
            CELLSET_FOR_EACH(y, &reach, words)
                for (int w = 0; w < words; w++)
                    via.w[w] |= b->excluders[t].w[w] & peers[y].w[w];
            CELLSET_FOR_EACH(e, &via, words)
                for (int w = 0; w < words; w++)
                    allowed.w[w] |= peers[e].w[w];
            cellset_and(&partners, &partners, &allowed, words);
        }
        CELLSET_FOR_EACH(x, &partners, words) {
            cellset common_tx, third;
            cellset_and(&common_tx, &b->excluders[t], &b->excluders[x], words);
            seen_twice_by(&third, peers, &common_tx, words);
            /* After two clean cells: a dirty one, or one that a recoloured
             * common excluder sees. */
            bool pair_clean = !cellset_has(dirty, t) && !cellset_has(dirty, x);
            cellset third_ok = *dirty;
            if (pair_clean) {
                cellset recoloured_tx;
                cellset_and(&recoloured_tx, &common_tx, recoloured, words);
                CELLSET_FOR_EACH(r, &recoloured_tx, words)
                    for (int w = 0; w < words; w++)
                        third_ok.w[w] |= peers[r].w[w];
            }
            for (int w = 0; w < words; w++) {
                uint64_t y_first = b->small.w[w] & word_before(t, w) & (peers[t].w[w] | peers[x].w[w]);
                uint64_t met_as_x = peers[t].w[w] & word_before(x, w); /* met as (t, y, x) */
                third.w[w] &= b->is_base.w[w] & ~y_first & ~met_as_x;
                if (pair_clean)
                    third.w[w] &= third_ok.w[w];
            }
            cellset_remove(&third, t);
            cellset_remove(&third, x);
            uint64_t any = 0;
            for (int w = 0; w < words; w++)
                any |= third.w[w];
            if (!any)
                continue;
            tail_bound near, far;
            tail_bounds_make(v->g->cand, t, x, cellset_has(&peers[t], x), &common_tx, words, &near, &far);
            CELLSET_FOR_EACH(y, &third, words) {
                bool y_near = cellset_has(&peers[y], t) || cellset_has(&peers[y], x);
                if (!tail_bound_allows(y_near ? &near : &far, v->g->cand[y]))
                    continue;
                int cells[3] = { t, x, y };
                cellset common;
                cellset_and(&common, &common_tx, &b->excluders[y], words);
                aligned_set a;
                sudoku_mask keep[3];
                set_load(v, &a, 3, cells, &common);
                if (set_eliminates(&a, keep))
                    return true;
            }
        }
    }
    return false;
}

/* family_first: tell first whether any set eliminates (false: the scan in
 * SE's order alone, for the tests that compare the two). */
static bool triple_exclusion(const view *v, sudoku_step *s, bool family_first)
{
    static _Thread_local exclusion_base b;
    static _Thread_local scan_memory memory;
    const sudoku_layout *l = v->l;
    int words = cellset_words(l);
    const cellset *peers = cellset_peer_table(l);
    base_collect(v, 3, &b, true);
    /*
     * Only sets with a dirty cell can eliminate (scan_memory). The third
     * cell is a base excluder of the first or the second, so a pair of
     * clean cells needs one with a dirty base excluder ('near'); 'live'
     * are the cells that can be in a pair worth trying.
     */
    pair_load pl;
    cellset dirty, recoloured, near, live;
    memory_dirty(&memory, v, 3, peers, &dirty, &recoloured, NULL);
    cellset_clear(&near);
    for (int i = 0; i < b.count; i++) {
        int c = b.cell[i];
        for (int w = 0; w < words; w++)
            if (b.excluders[c].w[w] & b.is_base.w[w] & dirty.w[w]) {
                cellset_add(&near, c);
                break;
            }
    }
    /* A set of clean cells that a recoloured excluder sees: its cells are
     * the excluder's peers. */
    for (int w = 0; w < words; w++)
        live.w[w] = dirty.w[w] | near.w[w];
    CELLSET_FOR_EACH(x, &recoloured, words)
        for (int w = 0; w < words; w++)
            live.w[w] |= peers[x].w[w];
    /* Most calls find nothing: that, told without SE's order, is cheaper. */
    if (family_first && !triple_family_eliminates(v, &b, peers, &dirty, &recoloured, words)) {
        memory_keep(&memory, v);
        return false;
    }
    for (int j = 1; j < b.count; j++) {
        int c1 = b.cell[j];
        cellset firsts;
        first_cells(&firsts, &b, peers, c1, words);
        if (!cellset_has(&live, c1))
            cellset_and(&firsts, &firsts, &live, words);
        bool c1_clean = !cellset_has(&dirty, c1);
        CELLSET_FOR_EACH(c0, &firsts, words) {
            cellset common01;
            cellset_and(&common01, &b.excluders[c0], &b.excluders[c1], words);
            bool pair_clean = c1_clean && !cellset_has(&dirty, c0);
            /* After two clean cells: a dirty one, or one that a recoloured
             * common excluder of the pair sees. */
            cellset third_ok = dirty;
            if (pair_clean) {
                cellset recoloured01;
                cellset_and(&recoloured01, &common01, &recoloured, words);
                CELLSET_FOR_EACH(x, &recoloured01, words)
                    for (int w = 0; w < words; w++)
                        third_ok.w[w] |= peers[x].w[w];
            }
            /* SE's twin area: c0's excluders, then c1's others; base
             * candidates only, not met before, and dirty ones after two
             * clean cells. The cheaper tests first: most pairs have no
             * third cell left after them. */
            cellset met, third;
            met_before(&met, &b, peers, c0, c1, words);
            uint64_t any = 0;
            for (int w = 0; w < words; w++) {
                third.w[w] = b.is_base.w[w] & (b.excluders[c0].w[w] | b.excluders[c1].w[w]) & ~met.w[w];
                if (pair_clean)
                    third.w[w] &= third_ok.w[w];
            }
            cellset_remove(&third, c0);
            cellset_remove(&third, c1);
            for (int w = 0; w < words; w++)
                any |= third.w[w];
            if (!any)
                continue;
            /* A third cell needs two of the pair's excluders among its peers. */
            cellset seen_twice;
            seen_twice_by(&seen_twice, peers, &common01, words);
            cellset tails[2];
            any = 0;
            for (int w = 0; w < words; w++) {
                third.w[w] &= seen_twice.w[w];
                tails[0].w[w] = b.excluders[c0].w[w] & third.w[w];
                tails[1].w[w] = ~b.excluders[c0].w[w] & third.w[w];
                any |= third.w[w];
            }
            if (!any)
                continue;
            pair_load_start(v, &pl, c0, c1, &common01);
            if (try_tails(v, peers, &pl, &tails[0], s) || try_tails(v, peers, &pl, &tails[1], s))
                return true;
        }
    }
    memory_keep(&memory, v);
    return false;
}

bool find_aligned_triple_exclusion(const view *v, sudoku_step *s) { return triple_exclusion(v, s, true); }

bool find_aligned_triple_exclusion_in_order(const view *v, sudoku_step *s) { return triple_exclusion(v, s, false); }
