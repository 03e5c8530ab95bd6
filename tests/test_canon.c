/*
 * test_canon.c - canonical (minlex) forms, transformations and
 * minimality, on the 9x9 and 8x8 brick-wall layouts: the form is invariant
 * under the group, idempotent, never above any transformation, equal to an
 * exhaustive search over the whole group, different for different
 * puzzles; the transformation found maps the puzzle onto it; transforming
 * keeps the solutions; the redundant clues are those whose removal leaves
 * one solution.
 */
#include "test_util.h"

/* Every puzzle of a file, read into recs (at most max). */
static int read_file(const char *path, sudoku_record *recs, int max)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    assert_non_null(r);
    int n = 0;
    while (n < max && sudoku_reader_next(r, &recs[n]))
        if (recs[n].ok)
            n++;
    sudoku_reader_free(r);
    fclose(f);
    return n;
}

/* The committed files both layouts' checks run on. */
static const char *const committed[] = {
    "puzzles/17clue.txt", "puzzles/hard.txt",         "puzzles/multiple.txt", "puzzles/none.txt",
    "puzzles/8x8.txt",    "puzzles/8x8-multiple.txt", "puzzles/8x8-none.txt",
};
#define NCOMMITTED (sizeof committed / sizeof committed[0])
#define MAX_RECS 64

static int read_committed(size_t i, sudoku_record *recs)
{
    int n = read_file(committed[i], recs, MAX_RECS);
    assert_true(n > 0);
    return n;
}

/* The puzzle's first solution: a complete grid to test on. */
static void solved(const sudoku_record *rec, uint8_t *grid)
{
    sudoku_grid g;
    assert_true(sudoku_grid_from_record(&g, rec, NULL, 0));
    assert_true(sudoku_solve(&g, 1, grid, NULL) >= 1);
}

static void canon(const sudoku_layout *l, const uint8_t *digits, uint8_t *form, sudoku_transformation *t,
                  uint64_t *aut)
{
    assert_true(sudoku_canon(l, digits, form, t, aut));
}

static void assert_same(const sudoku_layout *l, const uint8_t *a, const uint8_t *b)
{
    char x[SUDOKU_MAX_CELLS + 1], y[SUDOKU_MAX_CELLS + 1];
    assert_string_equal(tu_digits_line(a, l->ncells, x), tu_digits_line(b, l->ncells, y));
}

/* The digits relabelled 1, 2, ... in order of first appearance: the
 * smallest relabelling of a fixed arrangement. */
static void greedy_relabel(int ncells, const uint8_t *in, uint8_t *out)
{
    uint8_t label[SUDOKU_MAX_N + 1] = { 0 };
    uint8_t next = 1;
    for (int c = 0; c < ncells; c++) {
        if (in[c] && !label[in[c]])
            label[in[c]] = next++;
        out[c] = in[c] ? label[in[c]] : 0;
    }
}

static void check_exhaustive(const sudoku_layout *l, const uint8_t *p);

/* The checks of one puzzle (or grid) under 'rounds' random transformations. */
static void check_invariance(const sudoku_layout *l, const uint8_t *p, uint64_t seed, int rounds)
{
    uint8_t form[SUDOKU_MAX_CELLS], mapped[SUDOKU_MAX_CELLS], again[SUDOKU_MAX_CELLS];
    uint8_t moved[SUDOKU_MAX_CELLS], relabelled[SUDOKU_MAX_CELLS];
    sudoku_transformation t, r;
    uint64_t aut, aut2;
    canon(l, p, form, &t, &aut);
    assert_true(aut >= 1);
    /* The transformation found maps the puzzle onto the form, cells both ways. */
    sudoku_transform(&t, p, mapped);
    assert_same(l, mapped, form);
    for (int c = 0; c < l->ncells; c++) {
        assert_int_equal(sudoku_transform_source_cell(&t, sudoku_transform_cell(&t, c)), c);
        assert_int_equal(form[sudoku_transform_cell(&t, c)], t.digit[p[c]]);
    }
    /* Idempotent, with as many automorphisms. */
    canon(l, form, again, NULL, &aut2);
    assert_same(l, again, form);
    assert_true(aut2 == aut);
    for (int k = 0; k < rounds; k++) {
        sudoku_transformation_random(l, seed * 1000 + (uint64_t)k, &r);
        sudoku_transform(&r, p, moved);
        canon(l, moved, again, NULL, &aut2);
        assert_same(l, again, form);
        assert_true(aut2 == aut);
        /* Never above a transformation, relabelled or not. */
        assert_true(memcmp(form, moved, (size_t)l->ncells) <= 0);
        greedy_relabel(l->ncells, moved, relabelled);
        assert_true(memcmp(form, relabelled, (size_t)l->ncells) <= 0);
    }
}

static void test_invariant_and_idempotent(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    for (size_t i = 0; i < NCOMMITTED; i++) {
        int n = read_committed(i, recs);
        for (int k = 0; k < n; k++)
            check_invariance(recs[k].layout, recs[k].given, (uint64_t)(i * 100 + (size_t)k), 8);
    }
}

/* Complete grids: every row full, so every column order is open at first. */
static void test_complete_grids(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    const char *files[] = { "puzzles/17clue.txt", "puzzles/8x8.txt" };
    for (int i = 0; i < 2; i++) {
        int n = read_file(files[i], recs, 10);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            uint8_t grid[SUDOKU_MAX_CELLS];
            solved(&recs[k], grid);
            check_invariance(recs[k].layout, grid, (uint64_t)(7000 + i * 100 + k), 3);
        }
    }
}

/* Clues that clash (a digit twice in a row) still have one form. */
static void test_clashing_clues(void **state)
{
    (void)state;
    uint8_t p[SUDOKU_MAX_CELLS] = { 0 };
    p[0] = p[1] = 1; /* twice in row 1 */
    p[80] = 2;
    check_invariance(sudoku_layout_9x9(), p, 42, 20);
    check_exhaustive(sudoku_layout_8x8(), p);
    memset(p, 0, sizeof p);
    p[2] = p[2 + 8 * 5] = 3; /* twice in column 3 */
    p[9] = 3;
    p[63] = 2;
    check_invariance(sudoku_layout_8x8(), p, 43, 20);
    check_exhaustive(sudoku_layout_8x8(), p);
}

/* Different puzzles, different forms: the committed 17-clue puzzles are
 * essentially different, and so are those of 8x8.txt. */
static int compare_forms(const void *a, const void *b) { return memcmp(a, b, SUDOKU_MAX_CELLS); }

static int distinct_forms(const sudoku_record *recs, int n)
{
    uint8_t(*forms)[SUDOKU_MAX_CELLS] = calloc((size_t)n, sizeof *forms);
    assert_non_null(forms);
    for (int k = 0; k < n; k++)
        canon(recs[k].layout, recs[k].given, forms[k], NULL, NULL);
    qsort(forms, (size_t)n, sizeof *forms, compare_forms);
    int distinct = n > 0;
    for (int k = 1; k < n; k++)
        distinct += memcmp(forms[k - 1], forms[k], SUDOKU_MAX_CELLS) != 0;
    free(forms);
    return distinct;
}

static void test_distinct_committed(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    int n = read_file("puzzles/17clue.txt", recs, MAX_RECS);
    assert_int_equal(n, 20);
    assert_int_equal(distinct_forms(recs, n), 20);
    n = read_file("puzzles/8x8.txt", recs, MAX_RECS);
    assert_int_equal(n, 40);
    assert_int_equal(distinct_forms(recs, n), 40);
}

/* The whole 17-clue list: 10,000 essentially different puzzles. */
static void test_distinct_17_clue_list(void **state)
{
    (void)state;
    char path[512];
    enum { MAX = 10000 };
    sudoku_record *recs = malloc(MAX * sizeof *recs);
    assert_non_null(recs);
    int n = read_file(tu_shared_path("puzzles2_17_clue.txt", path, sizeof path), recs, MAX);
    if (n < 0) {
        free(recs);
        skip();
    }
    assert_int_equal(n, MAX);
    assert_int_equal(distinct_forms(recs, n), MAX);
    free(recs);
}

/* ------------------------------------------------------------ exhaustive */

/* The whole group, each geometric transformation with the greedy
 * relabelling: the smallest string and how many transformations give the
 * puzzle back (times the orders of the digits it lacks). */
typedef struct exhaustive {
    const sudoku_layout *l;
    const uint8_t *p;
    uint8_t best[SUDOKU_MAX_CELLS];
    uint8_t self[SUDOKU_MAX_CELLS];   /* the puzzle relabelled greedily */
    uint64_t same;                    /* transformations whose result relabels to 'self' */
    uint8_t rows[SUDOKU_MAX_N], cols[SUDOKU_MAX_N];
    bool transpose;
} exhaustive;

static void visit(exhaustive *e)
{
    int n = e->l->n, ncells = e->l->ncells;
    uint8_t label[SUDOKU_MAX_N + 1] = { 0 }, next = 1;
    int cmp_best = 0;
    bool self = true;
    for (int c = 0; c < ncells; c++) {
        int i = c / n, j = c % n;
        int src = e->transpose ? e->cols[j] * n + e->rows[i] : e->rows[i] * n + e->cols[j];
        int d = e->p[src];
        if (d && !label[d])
            label[d] = next++;
        uint8_t v = d ? label[d] : 0;
        if (!cmp_best)
            cmp_best = v < e->best[c] ? -1 : v > e->best[c];
        self = self && v == e->self[c];
        if (cmp_best > 0 && !self)
            return;
    }
    if (self)
        e->same++;
    if (cmp_best < 0) {
        for (int c = 0; c < ncells; c++) {
            int i = c / n, j = c % n;
            int src = e->transpose ? e->cols[j] * n + e->rows[i] : e->rows[i] * n + e->cols[j];
            e->best[c] = e->p[src];
        }
        greedy_relabel(ncells, e->best, e->best);
    }
}

/* Every order of lines in groups of 'size' (groups and lines inside),
 * written into line[]; calls back at each. */
typedef void (*line_fn)(exhaustive *e, int level);

static void permute_lines(exhaustive *e, uint8_t *line, int n, int size, int level, line_fn then);

static void lines_rec(exhaustive *e, uint8_t *line, int n, int size, int level, line_fn then, uint8_t *group,
                      int g)
{
    int groups = n / size;
    if (g == groups) {
        /* Within the groups: every order of each, one after the other. */
        int total = 1;
        for (int k = 2; k <= size; k++)
            total *= k;
        int idx[SUDOKU_MAX_N];
        for (int b = 0; b < groups; b++)
            idx[b] = 0;
        for (;;) {
            for (int b = 0; b < groups; b++) {
                /* The idx[b]-th permutation of 0..size-1 (factorial number system). */
                uint8_t pool[SUDOKU_MAX_N];
                for (int k = 0; k < size; k++)
                    pool[k] = (uint8_t)k;
                int rest = idx[b], left = size;
                for (int k = 0; k < size; k++) {
                    int f = 1;
                    for (int m = 2; m < left; m++)
                        f *= m;
                    int pick = rest / f;
                    rest %= f;
                    line[b * size + k] = (uint8_t)(group[b] * size + pool[pick]);
                    memmove(pool + pick, pool + pick + 1, (size_t)(left - pick - 1));
                    left--;
                }
            }
            then(e, level);
            int b = 0;
            while (b < groups && ++idx[b] == total)
                idx[b++] = 0;
            if (b == groups)
                return;
        }
    }
    for (int k = g; k < groups; k++) {
        uint8_t t = group[g];
        group[g] = group[k];
        group[k] = t;
        lines_rec(e, line, n, size, level, then, group, g + 1);
        group[k] = group[g];
        group[g] = t;
    }
}

static void permute_lines(exhaustive *e, uint8_t *line, int n, int size, int level, line_fn then)
{
    uint8_t group[SUDOKU_MAX_N];
    for (int b = 0; b < n / size; b++)
        group[b] = (uint8_t)b;
    lines_rec(e, line, n, size, level, then, group, 0);
}

static void after_cols(exhaustive *e, int level)
{
    (void)level;
    visit(e);
}

static void after_rows(exhaustive *e, int level)
{
    permute_lines(e, e->cols, e->l->n, e->l->desc.box_cols, level + 1, after_cols);
}

static uint64_t factorial(int k) { return k <= 1 ? 1 : (uint64_t)k * factorial(k - 1); }

static void check_exhaustive(const sudoku_layout *l, const uint8_t *p)
{
    exhaustive e = { .l = l, .p = p };
    memset(e.best, 0xFF, sizeof e.best);
    greedy_relabel(l->ncells, p, e.self);
    for (int tr = 0; tr < (l->desc.box_rows == l->desc.box_cols ? 2 : 1); tr++) {
        e.transpose = tr;
        permute_lines(&e, e.rows, l->n, l->desc.box_rows, 0, after_rows);
    }
    uint8_t form[SUDOKU_MAX_CELLS];
    uint64_t aut;
    canon(l, p, form, NULL, &aut);
    assert_same(l, form, e.best);
    bool used[SUDOKU_MAX_N + 1] = { false };
    int unused = l->n;
    for (int c = 0; c < l->ncells; c++) {
        unused -= p[c] && !used[p[c]];
        used[p[c]] = true;
    }
    assert_true(aut == e.same * factorial(unused));
}

/* A 9x9 grid with many automorphisms: the pattern (3(r mod 3) + r/3 + c) mod 9. */
static void patterned_grid(uint8_t *g)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            g[r * 9 + c] = (uint8_t)((3 * (r % 3) + r / 3 + c) % 9 + 1);
}

static void test_exhaustive_8x8(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    int n = read_file("puzzles/8x8.txt", recs, MAX_RECS);
    assert_true(n >= 2);
    const sudoku_layout *l = sudoku_layout_8x8();
    uint8_t grid[SUDOKU_MAX_CELLS], sparse[SUDOKU_MAX_CELLS] = { 0 };
    check_exhaustive(l, recs[0].given);
    check_exhaustive(l, recs[1].given);
    solved(&recs[0], grid);
    check_exhaustive(l, grid);
    /* A complete grid with many automorphisms: (4(r mod 2) + r/2 + c) mod 8. */
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            grid[r * 8 + c] = (uint8_t)((4 * (r % 2) + r / 2 + c) % 8 + 1);
    check_exhaustive(l, grid);
    /* Few clues, many automorphisms. */
    sparse[0] = 1;
    sparse[9] = 2;
    sparse[63] = 1;
    check_exhaustive(l, sparse);
}

/* Random clues on the 8x8 (a fixed generator): from a patterned grid with
 * many automorphisms, or random digits, at several densities. */
static void test_exhaustive_8x8_random(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_8x8();
    uint32_t x = 12345;
    for (int k = 0; k < 8; k++) {
        uint8_t p[SUDOKU_MAX_CELLS] = { 0 };
        int density = 10 + 12 * k;
        for (int c = 0; c < 64; c++) {
            x = x * 1103515245u + 12345u;
            if ((int)(x >> 16) % 100 >= density)
                continue;
            int r = c / 8, col = c % 8;
            x = x * 1103515245u + 12345u;
            p[c] = (uint8_t)(k % 2 ? (4 * (r % 2) + r / 2 + col) % 8 + 1 : (int)(x >> 16) % 8 + 1);
        }
        check_exhaustive(l, p);
    }
}

static void test_exhaustive_9x9(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    int n = read_file("puzzles/17clue.txt", recs, MAX_RECS);
    assert_true(n >= 1);
    const sudoku_layout *l = sudoku_layout_9x9();
    uint8_t grid[SUDOKU_MAX_CELLS];
    check_exhaustive(l, recs[0].given);
    patterned_grid(grid);
    uint64_t aut;
    uint8_t form[SUDOKU_MAX_CELLS];
    canon(l, grid, form, NULL, &aut);
    assert_true(aut > 1);
    /* Half its cells blanked, symmetric under transposing. */
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if ((r + c) % 2)
                grid[r * 9 + c] = 0;
    check_exhaustive(l, grid);
}

/* Empty grids: the whole group leaves them as they are. */
static void test_empty(void **state)
{
    (void)state;
    uint8_t empty[SUDOKU_MAX_CELLS] = { 0 }, form[SUDOKU_MAX_CELLS];
    uint64_t aut;
    canon(sudoku_layout_9x9(), empty, form, NULL, &aut);
    assert_true(aut == 3359232ull * 362880ull);
    canon(sudoku_layout_8x8(), empty, form, NULL, &aut);
    assert_true(aut == 442368ull * 40320ull);
    for (int c = 0; c < 64; c++)
        assert_int_equal(form[c], 0);
}

static void test_bad_digits(void **state)
{
    (void)state;
    uint8_t p[SUDOKU_MAX_CELLS] = { 0 }, form[SUDOKU_MAX_CELLS];
    p[5] = 9;
    assert_false(sudoku_canon(sudoku_layout_8x8(), p, form, NULL, NULL));
    assert_true(sudoku_canon(sudoku_layout_9x9(), p, form, NULL, NULL));
}

/*
 * Clues that clash everywhere, a row of one digit repeated in every row:
 * every transformation ties, so the search must count the rows that are
 * copies of each other as it counts empty rows, or it visits the whole
 * group (the report fuzzer's slowest input). The form is all 1s, and every
 * transformation with a relabelling that keeps the digit is an automorphism.
 */
static void test_repeated_rows(void **state)
{
    (void)state;
    uint8_t p[SUDOKU_MAX_CELLS], form[SUDOKU_MAX_CELLS];
    uint64_t aut = 0;
    memset(p, 5, 81);
    assert_true(sudoku_canon(sudoku_layout_9x9(), p, form, NULL, &aut));
    for (int c = 0; c < 81; c++)
        assert_int_equal(form[c], 1);
    assert_true(aut == 3359232ull * 40320); /* 2 x 6^8 geometric, 8! for the other digits */
    memset(p, 1, 64);
    assert_true(sudoku_canon(sudoku_layout_8x8(), p, form, NULL, &aut));
    assert_true(aut == 442368ull * 5040); /* 7! for the other digits */
}

/* ------------------------------------------------------------ transform */

static void test_random_reproducible(void **state)
{
    (void)state;
    const sudoku_layout *ls[] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    for (int i = 0; i < 2; i++) {
        sudoku_transformation a, b, c;
        sudoku_transformation_random(ls[i], 12345, &a);
        sudoku_transformation_random(ls[i], 12345, &b);
        sudoku_transformation_random(ls[i], 12346, &c);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(memcmp(&a, &c, sizeof a) != 0);
        /* 8x8 never transposes; 9x9 does for some seeds. */
        bool transposed = false;
        for (uint64_t s = 0; s < 64; s++) {
            sudoku_transformation_random(ls[i], s, &a);
            transposed |= a.transpose;
            /* Rows stay in bands, columns in stacks: boxes stay boxes. */
            for (int k = 0; k < ls[i]->n; k++) {
                int br = ls[i]->desc.box_rows, bc = ls[i]->desc.box_cols;
                assert_int_equal(a.row[k] / br, a.row[k - k % br] / br);
                assert_int_equal(a.col[k] / bc, a.col[k - k % bc] / bc);
            }
        }
        assert_true(transposed == (i == 0));
    }
}

/* The solutions are counted the same after a transformation. */
static void test_transform_keeps_solutions(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    for (size_t i = 0; i < NCOMMITTED; i++) {
        int n = read_committed(i, recs);
        for (int k = 0; k < n; k++) {
            const sudoku_layout *l = recs[k].layout;
            sudoku_transformation t;
            uint8_t moved[SUDOKU_MAX_CELLS];
            sudoku_grid a, b;
            sudoku_transformation_random(l, (uint64_t)k * 77 + i, &t);
            sudoku_transform(&t, recs[k].given, moved);
            bool ok_a = sudoku_grid_from_record(&a, &recs[k], NULL, 0);
            sudoku_grid_init(&b, l);
            bool ok_b = true;
            for (int c = 0; c < l->ncells; c++)
                if (moved[c])
                    ok_b = ok_b && sudoku_grid_place(&b, c, moved[c]);
            assert_true(ok_a == ok_b);
            if (ok_a)
                assert_int_equal(sudoku_solve(&a, 1000, NULL, NULL), sudoku_solve(&b, 1000, NULL, NULL));
        }
    }
}

/* ------------------------------------------------------------ minimal */

/* The clues whose removal leaves one solution, counted the slow way. */
static int redundant_by_counting(const sudoku_layout *l, const uint8_t *p, bool *redundant)
{
    int count = 0;
    for (int c = 0; c < l->ncells; c++) {
        redundant[c] = false;
        if (!p[c])
            continue;
        sudoku_grid g;
        sudoku_grid_init(&g, l);
        for (int k = 0; k < l->ncells; k++)
            if (p[k] && k != c)
                assert_true(sudoku_grid_place(&g, k, p[k]));
        redundant[c] = sudoku_solve(&g, 2, NULL, NULL) == 1;
        count += redundant[c];
    }
    return count;
}

static void check_minimal(const sudoku_layout *l, const uint8_t *p)
{
    bool fast[SUDOKU_MAX_CELLS], slow[SUDOKU_MAX_CELLS];
    int n = sudoku_minimal(l, p, fast);
    assert_int_equal(n, redundant_by_counting(l, p, slow));
    assert_memory_equal(fast, slow, (size_t)l->ncells * sizeof fast[0]);
}

static void test_minimal(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    const char *files[] = { "puzzles/17clue.txt", "puzzles/easy.txt", "puzzles/hard.txt", "puzzles/8x8.txt" };
    int redundant_seen = 0;
    for (int i = 0; i < 4; i++) {
        int n = read_file(files[i], recs, MAX_RECS);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            const sudoku_layout *l = recs[k].layout;
            check_minimal(l, recs[k].given);
            /* Clues added from the solution make some redundant. */
            uint8_t grid[SUDOKU_MAX_CELLS], more[SUDOKU_MAX_CELLS];
            solved(&recs[k], grid);
            memcpy(more, recs[k].given, (size_t)l->ncells);
            for (int c = k % 7; c < l->ncells; c += 5)
                more[c] = grid[c];
            check_minimal(l, more);
            bool r[SUDOKU_MAX_CELLS];
            redundant_seen += sudoku_minimal(l, more, r) > 0;
        }
    }
    assert_true(redundant_seen > 0);
    /* The 17-clue puzzles are minimal: no puzzle of 16 clues has one solution. */
    int n = read_file("puzzles/17clue.txt", recs, MAX_RECS);
    for (int k = 0; k < n; k++) {
        bool r[SUDOKU_MAX_CELLS];
        assert_int_equal(sudoku_minimal(recs[k].layout, recs[k].given, r), 0);
    }
}

static void test_minimal_not_unique(void **state)
{
    (void)state;
    static sudoku_record recs[MAX_RECS];
    const char *files[] = { "puzzles/multiple.txt", "puzzles/none.txt", "puzzles/8x8-multiple.txt",
                            "puzzles/8x8-none.txt" };
    for (int i = 0; i < 4; i++) {
        int n = read_file(files[i], recs, MAX_RECS);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            bool r[SUDOKU_MAX_CELLS];
            r[0] = true;
            assert_int_equal(sudoku_minimal(recs[k].layout, recs[k].given, r), -1);
            assert_false(r[0]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invariant_and_idempotent),
        cmocka_unit_test(test_complete_grids),
        cmocka_unit_test(test_clashing_clues),
        cmocka_unit_test(test_distinct_committed),
        cmocka_unit_test(test_distinct_17_clue_list),
        cmocka_unit_test(test_exhaustive_8x8),
        cmocka_unit_test(test_exhaustive_8x8_random),
        cmocka_unit_test(test_exhaustive_9x9),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_bad_digits),
        cmocka_unit_test(test_random_reproducible),
        cmocka_unit_test(test_transform_keeps_solutions),
        cmocka_unit_test(test_minimal),
        cmocka_unit_test(test_minimal_not_unique),
        cmocka_unit_test(test_repeated_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
