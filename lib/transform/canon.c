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
    uint32_t scut;                    /* bit i: a group of tied stacks starts at stack i */
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
    uint32_t twins[SUDOKU_MAX_N];     /* per source row: the rows of its band with the same clues, it too */
    uint64_t mult;                    /* branches left out as copies of the one taken */
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
    uint64_t weight = s->mult * factorial(s->n + 1 - c->next);
    for (int p = 0; p < s->n;) {
        int q = p + 1;
        while (q < s->n && !(c->cut >> q & 1))
            q++;
        weight *= factorial(q - p);
        p = q;
    }
    for (int a = 0, nstacks = s->n / s->bc; a < nstacks;) {
        int b = a + 1;
        while (b < nstacks && !(c->scut >> b & 1))
            b++;
        weight *= factorial(b - a);
        a = b;
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

/* The choices a row leaves: runs of positions holding new digits (their
 * order decides the labels) and runs of stacks that tie but hold new
 * digits (the same). */
typedef struct runs {
    int count;
    uint8_t start[SUDOKU_MAX_N], len[SUDOKU_MAX_N];
    int stack_count;
    uint8_t stack_start[SUDOKU_MAX_N], stack_len[SUDOKU_MAX_N];
    bool repeats;                     /* a new digit twice in the row (clashing clues) */
    bool placed;                      /* an order was placed: the row equals the best one's */
} runs;

/* The row of source row 'r' under the column order 'c' (the order of its
 * new digits chosen), then the next depth. Returns false when the row is
 * greater than the best one and every other choice would be too. */
static bool place_row(search *s, int depth, int r, const columns *c, runs *rn)
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
    if (compare_row(s, depth, row) > 0)
        return rn->repeats;
    rn->placed = true;
    s->rows[depth] = (uint8_t)r;
    s->used |= 1u << r;
    descend(s, depth + 1, &next);
    s->used &= ~(1u << r);
    return true;
}

static void swap_columns(columns *c, int p, int q, int len)
{
    for (int i = 0; i < len; i++) {
        uint8_t t = c->ord[p + i];
        c->ord[p + i] = c->ord[q + i];
        c->ord[q + i] = t;
    }
}

/* Whether stack slot 'stack' holds a stack that no later row can move. */
static bool stack_settled(const search *s, const columns *c, int stack)
{
    return (c->scut >> stack & 1) && (stack + 1 == s->n / s->bc || (c->scut >> (stack + 1) & 1));
}

/*
 * Whether every order that starts with positions 0..p of row 'r' as they
 * are in 'c' makes every row that can come next greater than the best
 * form's next row (row 'r' itself equals the best one's). The next row's
 * digits are taken group by group as that row would sort them; a label not
 * known yet (a new digit of row 'r' past p, or a digit new in the next row)
 * is at least the next label, and a sorted bound below every value is below
 * the sorted values: enough to end most prefixes of dense rows, which
 * would otherwise try every order of their columns.
 */
static bool hopeless(const search *s, int depth, int r, const columns *c, int p)
{
    int k = depth + 1, br = s->br, n = s->n;
    if (k >= n || k >= s->bestlen || !stack_settled(s, c, 0))
        return false;
    uint8_t label[SUDOKU_MAX_N + 1];
    memcpy(label, c->label, sizeof label);
    uint8_t next = c->next;
    for (int q = 0; q <= p; q++) {
        int d = s->g[r][c->ord[q]];
        if (d && !label[d])
            label[d] = next++;
    }
    uint32_t used = s->used | 1u << r;
    int band = (depth % br == 0 ? r : s->rows[depth - depth % br]) / br;
    const uint8_t *best = s->best[k];
    for (int r2 = 0; r2 < n; r2++) {
        bool candidate = k % br ? r2 / br == band && !(used >> r2 & 1) : !(used >> (r2 - r2 % br) & 1);
        if (!candidate)
            continue;
        int verdict = 0; /* 1: above the best row whatever comes, -1: may be below */
        for (int q = 0; q <= p && !verdict && stack_settled(s, c, q / s->bc);) {
            int e = q + 1;
            while (e < n && !(c->cut >> e & 1))
                e++;
            uint8_t v[SUDOKU_MAX_N];
            for (int i = q; i < e; i++) { /* the group's bounds, insertion-sorted */
                int d = s->g[r2][c->ord[i]];
                uint8_t x = (uint8_t)(d == 0 ? 0 : label[d] ? label[d] : next);
                int j = i;
                for (; j > q && v[j - 1] > x; j--)
                    v[j] = v[j - 1];
                v[j] = x;
            }
            for (int i = q; i < e && !verdict; i++)
                if (v[i] != best[i])
                    verdict = v[i] > best[i] ? 1 : -1;
            q = e;
        }
        if (verdict <= 0)
            return false;
    }
    return true;
}

/* Every order of the new digits of column runs i, i+1, ... (swap and
 * recurse over positions p .. the run's end). */
static bool permute_columns(search *s, int depth, int r, columns *c, runs *rn, int i, int p)
{
    if (i == rn->count)
        return place_row(s, depth, r, c, rn);
    int end = rn->start[i] + rn->len[i];
    if (p >= end - 1)
        return permute_columns(s, depth, r, c, rn, i + 1, i + 1 < rn->count ? rn->start[i + 1] : 0);
    for (int q = p; q < end; q++) {
        swap_columns(c, p, q, 1);
        if (rn->placed && !rn->repeats && hopeless(s, depth, r, c, p)) {
            swap_columns(c, p, q, 1);
            continue;
        }
        bool go_on = permute_columns(s, depth, r, c, rn, i, p + 1);
        swap_columns(c, p, q, 1);
        if (!go_on)
            return false;
    }
    return true;
}

/* The same for the tied stacks of stack runs i, ... (stack positions p ..). */
static bool permute_stacks(search *s, int depth, int r, columns *c, runs *rn, int i, int p)
{
    if (i == rn->stack_count)
        return permute_columns(s, depth, r, c, rn, 0, rn->count ? rn->start[0] : 0);
    int end = rn->stack_start[i] + rn->stack_len[i];
    if (p >= end - 1)
        return permute_stacks(s, depth, r, c, rn, i + 1, i + 1 < rn->stack_count ? rn->stack_start[i + 1] : 0);
    for (int q = p; q < end; q++) {
        swap_columns(c, p * s->bc, q * s->bc, s->bc);
        bool go_on = permute_stacks(s, depth, r, c, rn, i, p + 1);
        swap_columns(c, p * s->bc, q * s->bc, s->bc);
        if (!go_on)
            return false;
    }
    return true;
}

/* Key of a digit of the row: 0 blank, its label, or above every label
 * for a digit not labelled yet. */
#define NEW_KEY (SUDOKU_MAX_N + 1)

/*
 * Source row 'r' at 'depth' once every column and stack stands alone (no
 * order left to choose: the rest of a complete grid after its first row):
 * the row is compared with the best one as it is made, and most stop at
 * their first digits.
 */
static void try_row_fixed(search *s, int depth, int r, const columns *c)
{
    uint8_t label[SUDOKU_MAX_N + 1], row[SUDOKU_MAX_N];
    memcpy(label, c->label, sizeof label);
    uint8_t next = c->next;
    const uint8_t *src = s->g[r], *best = s->best[depth];
    bool tied = depth < s->bestlen;
    for (int p = 0; p < s->n; p++) {
        int d = src[c->ord[p]];
        if (d && !label[d])
            label[d] = next++;
        row[p] = d ? label[d] : 0;
        if (tied && row[p] != best[p]) {
            if (row[p] > best[p])
                return;
            tied = false;
        }
    }
    compare_row(s, depth, row);
    columns after = *c;
    memcpy(after.label, label, sizeof label);
    after.next = next;
    s->rows[depth] = (uint8_t)r;
    s->used |= 1u << r;
    descend(s, depth + 1, &after);
    s->used &= ~(1u << r);
}

/*
 * Source row 'r' at 'depth': each group of columns sorted by what the row
 * holds there (blanks, labels, new digits), each group of tied stacks by
 * its stacks' sorted keys; the groups split where the keys differ, each
 * new digit and each stack holding one on its own. Then the orders of the
 * new digits are tried.
 */
static void try_row(search *s, int depth, int r, const columns *c)
{
    uint32_t all = (1u << s->n) - 1, all_stacks = (1u << (s->n / s->bc)) - 1;
    if ((c->cut & all) == all && (c->scut & all_stacks) == all_stacks) {
        try_row_fixed(s, depth, r, c);
        return;
    }
    columns sorted = *c;
    runs rn = { 0 };
    const uint8_t *src = s->g[r];
    uint8_t key[SUDOKU_MAX_N];
    uint32_t seen = 0;
    int n = s->n, bc = s->bc, nstacks = n / bc;
    for (int p = 0; p < n; p++) {
        int d = src[sorted.ord[p]];
        key[p] = (uint8_t)(d == 0 ? 0 : c->label[d] ? c->label[d] : NEW_KEY);
        if (key[p] == NEW_KEY) {
            rn.repeats |= (seen >> d & 1) != 0;
            seen |= 1u << d;
        }
    }
    for (int p = 0; p < n;) { /* each column group: insertion sort, stable */
        int q = p + 1;
        while (q < n && !(c->cut >> q & 1))
            q++;
        for (int i = p + 1; i < q; i++) {
            uint8_t k = key[i], o = sorted.ord[i];
            int j = i;
            for (; j > p && key[j - 1] > k; j--) {
                key[j] = key[j - 1];
                sorted.ord[j] = sorted.ord[j - 1];
            }
            key[j] = k;
            sorted.ord[j] = o;
        }
        p = q;
    }
    /* Each group of tied stacks: the stacks sorted by their keys (tied
     * stacks have the same column groups, so the keys compare directly). */
    for (int a = 0; a < nstacks;) {
        int b = a + 1;
        while (b < nstacks && !(c->scut >> b & 1))
            b++;
        for (int i = a + 1; i < b; i++)
            for (int j = i; j > a && memcmp(key + (j - 1) * bc, key + j * bc, (size_t)bc) > 0; j--) {
                swap_columns(&sorted, (j - 1) * bc, j * bc, bc);
                uint8_t t[SUDOKU_MAX_N];
                memcpy(t, key + (j - 1) * bc, (size_t)bc);
                memcpy(key + (j - 1) * bc, key + j * bc, (size_t)bc);
                memcpy(key + j * bc, t, (size_t)bc);
            }
        for (int i = a; i < b;) {
            int e = i + 1;
            while (e < b && memcmp(key + i * bc, key + e * bc, (size_t)bc) == 0)
                e++;
            sorted.scut |= 1u << i;
            if (key[i * bc + bc - 1] == NEW_KEY) { /* new digits: each stack apart, in every order */
                for (int k = i; k < e; k++)
                    sorted.scut |= 1u << k;
                if (e - i > 1) {
                    rn.stack_start[rn.stack_count] = (uint8_t)i;
                    rn.stack_len[rn.stack_count++] = (uint8_t)(e - i);
                }
            }
            i = e;
        }
        a = b;
    }
    /* The row is known now, whatever the new digits' orders: most rows
     * end here, above the best one. */
    if (depth < s->bestlen && !rn.repeats) {
        const uint8_t *best = s->best[depth];
        uint8_t next = c->next;
        for (int p = 0; p < n; p++) {
            uint8_t v = key[p] == NEW_KEY ? next++ : key[p];
            if (v != best[p]) {
                if (v > best[p])
                    return;
                break;
            }
        }
    }
    /* Column groups split where keys change; new digits each apart. */
    for (int p = 0; p < n;) {
        int q = p + 1;
        while (q < n && !(c->cut >> q & 1))
            q++;
        for (int i = p + 1; i < q; i++)
            if (key[i] != key[i - 1] || key[i] == NEW_KEY)
                sorted.cut |= 1u << i;
        if (key[q - 1] == NEW_KEY) {
            int first = q - 1;
            while (first > p && key[first - 1] == NEW_KEY)
                first--;
            if (q - first > 1) {
                rn.start[rn.count] = (uint8_t)first;
                rn.len[rn.count++] = (uint8_t)(q - first);
            }
        }
        p = q;
    }
    permute_stacks(s, depth, r, &sorted, &rn, 0, rn.stack_count ? rn.stack_start[0] : 0);
}

/*
 * Source row 'r' next, unless another row of its band holds the same clues
 * (rows without a clue, or the same digits in every column) and comes
 * before it: swapping the two leaves the puzzle as it is, so their searches
 * are the same, and the first one counts for both.
 */
static void try_candidate(search *s, int depth, int r, const columns *c)
{
    uint64_t saved = s->mult;
    uint32_t twins = s->twins[r];
    if (twins & (twins - 1)) {
        int copies = 0;
        for (int q = 0; q < s->n; q++) {
            if ((twins >> q & 1) && !(s->used >> q & 1)) {
                if (q < r)
                    return;
                copies++;
            }
        }
        s->mult *= (uint64_t)copies;
    }
    try_row(s, depth, r, c);
    s->mult = saved;
}

static void descend(search *s, int depth, const columns *c)
{
    if (depth == s->n) {
        leaf(s, c);
        return;
    }
    if (depth % s->br == 0) { /* a new band: any row of a band not used */
        for (int r = 0; r < s->n; r++)
            if (!(s->used >> (r - r % s->br) & 1))
                try_candidate(s, depth, r, c);
    } else { /* the rest of the band of the row at its start */
        int band = s->rows[depth - depth % s->br] / s->br;
        for (int r = band * s->br; r < (band + 1) * s->br; r++)
            if (!(s->used >> r & 1))
                try_candidate(s, depth, r, c);
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
    /* Transposing is a symmetry only when boxes are square. */
    for (int tr = 0; tr < (s->br == s->bc ? 2 : 1); tr++) {
        s->transposed = tr;
        s->mult = 1;
        for (int r = 0; r < n; r++)
            for (int col = 0; col < n; col++)
                s->g[r][col] = tr ? digits[col * n + r] : digits[r * n + col];
        for (int r = 0; r < n; r++) {
            s->twins[r] = 0;
            for (int q = r - r % s->br; q < r - r % s->br + s->br; q++)
                if (memcmp(s->g[q], s->g[r], (size_t)n) == 0)
                    s->twins[r] |= 1u << q;
        }
        columns c = { .next = 1, .scut = 1, .cut = 1 };
        for (int i = 0; i < nstacks; i++)
            c.cut |= 1u << (i * s->bc);
        for (int col = 0; col < n; col++)
            c.ord[col] = (uint8_t)col;
        descend(s, 0, &c);
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
