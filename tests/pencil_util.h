/*
 * pencil_util.h - positions written as pencil marks, for the subset, wing
 * and aligned exclusion tests: n rows of n groups, where '.' stands for every
 * digit and a lone digit is a placed one. Every position is checked to read
 * back exactly as written and to be a legal candidate state with a
 * solution, and every step found is checked against that solution.
 */
#ifndef PENCIL_UTIL_H
#define PENCIL_UTIL_H

#include "strategy_util.h"

/* The digits of a group such as "1789" as a mask; 0 for ".". */
static inline sudoku_mask pencil_group(const char *p, int len, int n)
{
    if (len == 1 && *p == '.')
        return 0;
    sudoku_mask m = 0;
    for (int i = 0; i < len; i++) {
        assert_true(p[i] >= '1' && p[i] <= '0' + n);
        m |= sudoku_bit(p[i] - '0');
    }
    return m;
}

/* Asserts g has no contradiction and at least one solution. */
static inline void pencil_assert_legal(const sudoku_grid *g)
{
    char why[160] = "";
    if (sudoku_grid_contradiction(g, why, sizeof why))
        fail_msg("position is not legal: %s", why);
    assert_int_equal(sudoku_solve(g, 1, NULL, NULL), 1);
}

/*
 * Loads n rows of n groups into g and checks that every cell written out
 * reads back as written (no candidate silently lost to a placed peer; a '.'
 * cell keeps whatever its placed peers leave). Legality is not checked.
 */
static inline void pencil_read(sudoku_grid *g, int n, const char *const *rows)
{
    static char text[4096];
    size_t used = 0;
    sudoku_mask want[SUDOKU_MAX_CELLS];
    int cell = 0;
    for (int r = 0; r < n; r++) {
        const char *p = rows[r];
        int groups = 0;
        for (;;) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            int len = 0;
            while (p[len] && p[len] != ' ')
                len++;
            assert_true(cell < n * n);
            want[cell++] = pencil_group(p, len, n);
            if (len == 1 && *p == '.')
                used += (size_t)snprintf(text + used, sizeof text - used, "%.*s ", n, "123456789");
            else
                used += (size_t)snprintf(text + used, sizeof text - used, "%.*s ", len, p);
            assert_true(used < sizeof text);
            groups++;
            p += len;
        }
        assert_int_equal(groups, n);
        used += (size_t)snprintf(text + used, sizeof text - used, "\n");
    }
    grid_from_text(text, g);
    assert_int_equal(g->layout->n, n);
    for (int c = 0; c < n * n; c++) {
        if (!want[c])
            continue;
        bool placed = mask_is_single(want[c]) && g->digit[c];
        sudoku_mask got = placed ? sudoku_bit(g->digit[c]) : g->cand[c];
        if (got != want[c])
            fail_msg("r%dc%d reads back as 0x%x, written 0x%x", c / n + 1, c % n + 1, got, want[c]);
    }
}

/* Loads n rows of n groups into g and checks it as described above. */
static inline void pencil_load(sudoku_grid *g, int n, const char *const *rows)
{
    pencil_read(g, n, rows);
    pencil_assert_legal(g);
}

/* Runs a finder; when it finds a step, checks it against a solution. */
static inline bool pencil_find(finder_fn f, const sudoku_grid *g, sudoku_step *s)
{
    if (!run_finder(f, g, s))
        return false;
    uint8_t solution[SUDOKU_MAX_CELLS];
    assert_int_equal(sudoku_solve(g, 1, solution, NULL), 1);
    for (int c = 0; c < g->layout->ncells; c++)
        if (s->elim[c] & sudoku_bit(solution[c]))
            fail_msg("r%dc%d loses its solution digit %d", c / g->layout->n + 1, c % g->layout->n + 1, solution[c]);
    assert_int_equal(s->place_cell, -1);
    return true;
}

/* The mask of a digit string such as "479". */
static inline sudoku_mask pencil_digits(const char *digits)
{
    sudoku_mask m = 0;
    for (; *digits; digits++)
        if (*digits >= '1' && *digits <= '9')
            m |= sudoku_bit(*digits - '0');
    return m;
}

/* Asserts the step's marks: "r2c3:47:pivot r2c8:49:pincer ..." in order,
 * role names pattern, pivot, pincer, extra. */
static inline void assert_marks(const sudoku_grid *g, const sudoku_step *s, const char *expected)
{
    static const char *const roles[] = { "pattern", "pivot", "pincer", "extra" };
    int count = 0, r, c, used;
    char digits[17], role[16];
    const char *p = expected;
    while (sscanf(p, " r%dc%d:%16[0-9]:%15[a-z]%n", &r, &c, digits, role, &used) == 4) {
        assert_true(count < s->nmarks);
        const sudoku_mark *m = &s->marks[count];
        if (m->cell != rc(g, r, c) || m->digits != pencil_digits(digits) || strcmp(roles[m->role], role) != 0)
            fail_msg("mark %d: r%dc%d 0x%x %s, expected r%dc%d %s %s", count, m->cell / g->layout->n + 1,
                     m->cell % g->layout->n + 1, m->digits, m->role < 4 ? roles[m->role] : "?", r, c, digits, role);
        count++;
        p += used;
    }
    assert_int_equal(s->nmarks, count);
}

#endif /* PENCIL_UTIL_H */
