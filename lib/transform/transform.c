/*
 * transform.c - transformations of a layout's group with a relabelling:
 * the identity, a random one (seeded, the same everywhere), applying one
 * to a puzzle and mapping cells through one.
 */
#include "sudoku.h"

void sudoku_transformation_identity(const sudoku_layout *l, sudoku_transformation *t)
{
    *t = (sudoku_transformation){ .n = l->n };
    for (int i = 0; i < l->n; i++) {
        t->row[i] = (uint8_t)i;
        t->col[i] = (uint8_t)i;
    }
    for (int d = 0; d <= l->n; d++)
        t->digit[d] = (uint8_t)d;
}

/* splitmix64: small, good enough and the same on every platform. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform shuffle of a[0..k) (Fisher-Yates; the modulo bias of a 64-bit
 * draw over k <= 16 is negligible). */
static void shuffle(uint8_t *a, int k, uint64_t *state)
{
    for (int i = k - 1; i > 0; i--) {
        int j = (int)(next_random(state) % (uint64_t)(i + 1));
        uint8_t x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* Lines in groups of 'size': the groups shuffled, then the lines in each. */
static void shuffle_lines(uint8_t *line, int n, int size, uint64_t *state)
{
    uint8_t group[SUDOKU_MAX_N], inner[SUDOKU_MAX_N];
    int groups = n / size;
    for (int b = 0; b < groups; b++)
        group[b] = (uint8_t)b;
    shuffle(group, groups, state);
    for (int b = 0; b < groups; b++) {
        for (int i = 0; i < size; i++)
            inner[i] = (uint8_t)i;
        shuffle(inner, size, state);
        for (int i = 0; i < size; i++)
            line[b * size + i] = (uint8_t)(group[b] * size + inner[i]);
    }
}

void sudoku_transformation_random(const sudoku_layout *l, uint64_t seed, sudoku_transformation *t)
{
    uint64_t state = seed;
    sudoku_transformation_identity(l, t);
    int br = l->desc.box_rows, bc = l->desc.box_cols;
    t->transpose = br == bc && (next_random(&state) & 1);
    shuffle_lines(t->row, l->n, br, &state);
    shuffle_lines(t->col, l->n, bc, &state);
    shuffle(t->digit + 1, l->n, &state);
}

int sudoku_transform_source_cell(const sudoku_transformation *t, int cell)
{
    int i = cell / t->n, j = cell % t->n;
    return t->transpose ? t->col[j] * t->n + t->row[i] : t->row[i] * t->n + t->col[j];
}

int sudoku_transform_cell(const sudoku_transformation *t, int cell)
{
    int r = cell / t->n, c = cell % t->n;
    if (t->transpose) {
        int x = r;
        r = c;
        c = x;
    }
    int i = 0, j = 0;
    while (t->row[i] != r)
        i++;
    while (t->col[j] != c)
        j++;
    return i * t->n + j;
}

void sudoku_transform(const sudoku_transformation *t, const uint8_t *in, uint8_t *out)
{
    for (int cell = 0; cell < t->n * t->n; cell++)
        out[cell] = t->digit[in[sudoku_transform_source_cell(t, cell)]];
}
