/*
 * canon.c - the minlex form of a puzzle: the smallest string (blank = 0)
 * over every transformation of its layout's group and every relabelling.
 *
 * The form is built a row at a time, depth first. At depth k the first k
 * rows of the form are fixed and so is part of the column order: the
 * columns are an ordered partition (groups of columns that the rows so far
 * cannot tell apart), inside a stack order chosen at the start. A source
 * row placed at depth k sorts each group (blanks, then labelled digits by
 * label, then new digits); the new digits' order is a real choice (it
 * decides their labels), so their permutations are branches. A row greater
 * than the best form's row at that depth ends the branch: most of the
 * group is cut away after a row or two.
 *
 * The relabelling is greedy: for a fixed geometric transformation, the
 * smallest string labels the digits 1, 2, ... in order of first
 * appearance, which is what the labels above do.
 */
#include "sudoku.h"

#include <string.h>

typedef struct columns {
    uint8_t ord[SUDOKU_MAX_N];        /* source column at each position of the form */
    uint32_t cut;                     /* bit p: a group of columns starts at position p */
    uint8_t label[SUDOKU_MAX_N + 1];  /* source digit -> label, 0 while unlabelled */
    uint8_t next;                     /* the next label to give */
} columns;

typedef struct search {
    int n, br, bc;                    /* side, rows of a band, columns of a stack */
    bool transposed;
    uint8_t g[SUDOKU_MAX_N][SUDOKU_MAX_N];   /* the puzzle, transposed or not */
    uint8_t best[SUDOKU_MAX_N][SUDOKU_MAX_N];
    int bestlen;                      /* rows of 'best' the current path is compared with */
    uint64_t count;                   /* transformations found that give 'best' */
    uint8_t rows[SUDOKU_MAX_N];       /* source row at each depth */
    uint32_t used;                    /* source rows placed */
    sudoku_transformation found;      /* the first transformation that gave 'best' */
} search;

static uint64_t factorial(int k)
{
    uint64_t f = 1;
    for (int i = 2; i <= k; i++)
        f *= (uint64_t)i;
    return f;
}

static void descend(search *s, int depth, const columns *c);

/* A complete form equal to the best: count it (with the orders of columns
 * that no row told apart and of digits that never appear), keep the first. */
static void leaf(search *s, const columns *c)
{
    uint64_t weight = factorial(s->n + 1 - c->next);
    for (int p = 0; p < s->n;) {
        int q = p + 1;
        while (q < s->n && !(c->cut >> q & 1))
            q++;
        weight *= factorial(q - p);
        p = q;
    }
    if (s->count == 0) {
        sudoku_transformation *t = &s->found;
        t->n = s->n;
        t->transpose = s->transposed;
        memcpy(t->row, s->rows, (size_t)s->n);
        memcpy(t->col, c->ord, (size_t)s->n);
        memset(t->digit, 0, sizeof t->digit);
        int next = c->next;
        for (int d = 1; d <= s->n; d++)
            t->digit[d] = c->label[d] ? c->label[d] : (uint8_t)next++;
    }
    s->count += weight;
}

/* Compares a finished row with the best form's row at 'depth': -1 it is
 * smaller (it becomes the best), 0 equal, 1 greater. */
static int compare_row(search *s, int depth, const uint8_t *row)
{
    if (depth < s->bestlen) {
        int cmp = memcmp(row, s->best[depth], (size_t)s->n);
        if (cmp > 0)
            return 1;
        if (cmp == 0)
            return 0;
    }
    memcpy(s->best[depth], row, (size_t)s->n);
    s->bestlen = depth + 1;
    s->count = 0;
    return -1;
}

/* The runs of new digits whose order is being chosen. */
typedef struct runs {
    int count;
    uint8_t start[SUDOKU_MAX_N], len[SUDOKU_MAX_N];
    bool repeats;                     /* a new digit twice in the row (clashing clues) */
} runs;

/* The row of source row 'r' under the column order 'c' (its new digits'
 * order chosen), then the next depth. Returns false when the row is
 * greater than the best one and every other order would be too. */
static bool place_row(search *s, int depth, int r, const columns *c, const runs *rn)
{
    columns next = *c;
    uint8_t row[SUDOKU_MAX_N];
    const uint8_t *src = s->g[r];
    for (int p = 0; p < s->n; p++) {
        int d = src[next.ord[p]];
        if (d && !next.label[d])
            next.label[d] = next.next++;
        row[p] = d ? next.label[d] : 0;
    }
    int cmp = compare_row(s, depth, row);
    if (cmp > 0)
        return rn->repeats;
    /* New digits are told apart from everything from now on. */
    for (int i = 0; i < rn->count; i++)
        for (int p = rn->start[i]; p <= rn->start[i] + rn->len[i] && p < s->n; p++)
            next.cut |= 1u << p;
    s->rows[depth] = (uint8_t)r;
    s->used |= 1u << r;
    descend(s, depth + 1, &next);
    s->used &= ~(1u << r);
    return true;
}

/* Every order of the new digits of runs i, i+1, ... (Heap-free: swap and
 * recurse, the run's positions p .. end). */
static bool permute(search *s, int depth, int r, columns *c, const runs *rn, int i, int p)
{
    if (i == rn->count)
        return place_row(s, depth, r, c, rn);
    int end = rn->start[i] + rn->len[i];
    if (p >= end - 1)
        return permute(s, depth, r, c, rn, i + 1, i + 1 < rn->count ? rn->start[i + 1] : 0);
    for (int q = p; q < end; q++) {
        uint8_t t = c->ord[p];
        c->ord[p] = c->ord[q];
        c->ord[q] = t;
        bool go_on = permute(s, depth, r, c, rn, i, p + 1);
        t = c->ord[p];
        c->ord[p] = c->ord[q];
        c->ord[q] = t;
        if (!go_on)
            return false;
    }
    return true;
}

/* Source row 'r' at 'depth': each group of columns sorted by what the row
 * holds there, then the new digits' orders tried. */
static void try_row(search *s, int depth, int r, const columns *c)
{
    columns sorted = *c;
    runs rn = { 0 };
    const uint8_t *src = s->g[r];
    uint32_t seen = 0;
    for (int p = 0; p < s->n;) {
        int q = p + 1;
        while (q < s->n && !(c->cut >> q & 1))
            q++;
        /* Key: 0 blank, the label, or above every label for a new digit. */
        uint8_t key[SUDOKU_MAX_N];
        for (int i = p; i < q; i++) {
            int d = src[sorted.ord[i]];
            key[i] = (uint8_t)(d == 0 ? 0 : c->label[d] ? c->label[d] : SUDOKU_MAX_N + 1);
            if (d && !c->label[d]) {
                rn.repeats |= (seen >> d & 1) != 0;
                seen |= 1u << d;
            }
        }
        for (int i = p + 1; i < q; i++) { /* insertion sort, stable */
            uint8_t k = key[i], o = sorted.ord[i];
            int j = i;
            for (; j > p && key[j - 1] > k; j--) {
                key[j] = key[j - 1];
                sorted.ord[j] = sorted.ord[j - 1];
            }
            key[j] = k;
            sorted.ord[j] = o;
        }
        for (int i = p + 1; i < q; i++)
            if (key[i] != key[i - 1])
                sorted.cut |= 1u << i;
        int first_new = p;
        while (first_new < q && key[first_new] <= SUDOKU_MAX_N)
            first_new++;
        if (first_new < q) {
            rn.start[rn.count] = (uint8_t)first_new;
            rn.len[rn.count] = (uint8_t)(q - first_new);
            rn.count++;
        }
        p = q;
    }
    permute(s, depth, r, &sorted, &rn, 0, rn.count ? rn.start[0] : 0);
}

static void descend(search *s, int depth, const columns *c)
{
    if (depth == s->n) {
        leaf(s, c);
        return;
    }
    if (depth % s->br == 0) { /* a new band: the first row of any band not used */
        for (int r = 0; r < s->n; r++)
            if (!(s->used >> (r - r % s->br) & 1))
                try_row(s, depth, r, c);
    } else { /* the rest of the band of the row at its start */
        int band = s->rows[depth - depth % s->br] / s->br;
        for (int r = band * s->br; r < (band + 1) * s->br; r++)
            if (!(s->used >> r & 1))
                try_row(s, depth, r, c);
    }
}

/* Every order of the stacks, then the rows. */
static void stack_orders(search *s, uint8_t *order, int k, int nstacks)
{
    if (k == nstacks) {
        columns c = { .next = 1 };
        for (int i = 0; i < nstacks; i++) {
            c.cut |= 1u << (i * s->bc);
            for (int j = 0; j < s->bc; j++)
                c.ord[i * s->bc + j] = (uint8_t)(order[i] * s->bc + j);
        }
        descend(s, 0, &c);
        return;
    }
    for (int i = k; i < nstacks; i++) {
        uint8_t t = order[k];
        order[k] = order[i];
        order[i] = t;
        stack_orders(s, order, k + 1, nstacks);
        order[i] = order[k];
        order[k] = t;
    }
}

bool sudoku_canon(const sudoku_layout *l, const uint8_t *digits, uint8_t *form, sudoku_transformation *t,
                  uint64_t *automorphisms)
{
    int n = l->n;
    if (n < 1 || n > SUDOKU_MAX_N || n % l->desc.box_rows || n % l->desc.box_cols)
        return false;
    for (int i = 0; i < l->ncells; i++)
        if (digits[i] > n)
            return false;
    search *s = &(search){ .n = n, .br = l->desc.box_rows, .bc = l->desc.box_cols };
    int nstacks = n / s->bc;
    uint8_t order[SUDOKU_MAX_N];
    /* Transposing is a symmetry only when boxes are square. */
    for (int tr = 0; tr < (s->br == s->bc ? 2 : 1); tr++) {
        s->transposed = tr;
        for (int r = 0; r < n; r++)
            for (int col = 0; col < n; col++)
                s->g[r][col] = tr ? digits[col * n + r] : digits[r * n + col];
        for (int i = 0; i < nstacks; i++)
            order[i] = (uint8_t)i;
        stack_orders(s, order, 0, nstacks);
    }
    if (form)
        for (int r = 0; r < n; r++)
            memcpy(form + r * n, s->best[r], (size_t)n);
    if (t)
        *t = s->found;
    if (automorphisms)
        *automorphisms = s->count;
    return true;
}
