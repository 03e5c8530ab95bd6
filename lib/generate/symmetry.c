/*
 * symmetry.c - the symmetries a puzzle's clue positions may have, and the
 * orbits they split the cells into.
 *
 * Each kind is a group of maps of the square onto itself; an orbit is a
 * cell and its images. The maps act on positions only, so the diagonal
 * kinds apply to the 8x8 brick-wall too (its boxes are not mapped onto
 * boxes, which does not matter for where the clues are).
 */
#include "generate/generator.h"

#include <string.h>

static const char *const names[SUDOKU_NSYMMETRIES] = {
    [SUDOKU_SYM_NONE] = "none",
    [SUDOKU_SYM_ROT180] = "rot180",
    [SUDOKU_SYM_ROT90] = "rot90",
    [SUDOKU_SYM_VERTICAL] = "vertical",
    [SUDOKU_SYM_HORIZONTAL] = "horizontal",
    [SUDOKU_SYM_BOTH] = "both",
    [SUDOKU_SYM_DIAGONAL] = "diagonal",
    [SUDOKU_SYM_ANTIDIAGONAL] = "antidiagonal",
    [SUDOKU_SYM_BIDIAGONAL] = "bidiagonal",
    [SUDOKU_SYM_FULL] = "full",
};

const char *sudoku_symmetry_name(enum sudoku_symmetry s)
{
    return (unsigned)s < SUDOKU_NSYMMETRIES ? names[s] : "?";
}

int sudoku_symmetry_find(const char *name)
{
    for (int s = 0; name && s < SUDOKU_NSYMMETRIES; s++)
        if (strcmp(name, names[s]) == 0)
            return s;
    return -1;
}

/* The eight maps of the square, on row r and column c of side n. */
enum map { ID, ROT90, ROT180, ROT270, MIRROR_V, MIRROR_H, DIAG, ANTIDIAG };

static void apply(enum map m, int n, int r, int c, int *r2, int *c2)
{
    switch (m) {
    case ID: *r2 = r; *c2 = c; break;
    case ROT90: *r2 = c; *c2 = n - 1 - r; break;
    case ROT180: *r2 = n - 1 - r; *c2 = n - 1 - c; break;
    case ROT270: *r2 = n - 1 - c; *c2 = r; break;
    case MIRROR_V: *r2 = r; *c2 = n - 1 - c; break;
    case MIRROR_H: *r2 = n - 1 - r; *c2 = c; break;
    case DIAG: *r2 = c; *c2 = r; break;
    case ANTIDIAG: *r2 = n - 1 - c; *c2 = n - 1 - r; break;
    }
}

/* The group of each kind, as its maps. */
static int group_of(enum sudoku_symmetry s, enum map *g)
{
    static const enum map all[8] = { ID, ROT90, ROT180, ROT270, MIRROR_V, MIRROR_H, DIAG, ANTIDIAG };
    int k = 0;
    g[k++] = ID;
    switch (s) {
    case SUDOKU_SYM_ROT180: g[k++] = ROT180; break;
    case SUDOKU_SYM_ROT90: g[k++] = ROT90; g[k++] = ROT180; g[k++] = ROT270; break;
    case SUDOKU_SYM_VERTICAL: g[k++] = MIRROR_V; break;
    case SUDOKU_SYM_HORIZONTAL: g[k++] = MIRROR_H; break;
    case SUDOKU_SYM_BOTH: g[k++] = MIRROR_V; g[k++] = MIRROR_H; g[k++] = ROT180; break;
    case SUDOKU_SYM_DIAGONAL: g[k++] = DIAG; break;
    case SUDOKU_SYM_ANTIDIAGONAL: g[k++] = ANTIDIAG; break;
    case SUDOKU_SYM_BIDIAGONAL: g[k++] = DIAG; g[k++] = ANTIDIAG; g[k++] = ROT180; break;
    case SUDOKU_SYM_FULL: memcpy(g, all, sizeof all); k = 8; break;
    default: break;
    }
    return k;
}

void gen_orbits_build(gen_orbits *o, const sudoku_layout *l, enum sudoku_symmetry sym)
{
    enum map g[8];
    int ng = group_of(sym, g), n = l->n;
    memset(o, 0, sizeof *o);
    memset(o->orbit_of, 0xFF, sizeof o->orbit_of);
    for (int c = 0; c < l->ncells; c++) {
        if (o->orbit_of[c] != 0xFF)
            continue;
        int k = o->count++;
        for (int i = 0; i < ng; i++) {
            int r2 = 0, c2 = 0;
            apply(g[i], n, c / n, c % n, &r2, &c2);
            int cell = r2 * n + c2;
            if (o->orbit_of[cell] == 0xFF) {
                o->orbit_of[cell] = (uint8_t)k;
                o->cell[k][o->size[k]++] = (uint8_t)cell;
            }
        }
    }
}

bool sudoku_has_symmetry(const sudoku_layout *l, const uint8_t *given, enum sudoku_symmetry s)
{
    gen_orbits o;
    gen_orbits_build(&o, l, s);
    for (int c = 0; c < l->ncells; c++) {
        int k = o.orbit_of[c];
        for (int i = 0; i < o.size[k]; i++)
            if (!given[o.cell[k][i]] != !given[c])
                return false;
    }
    return true;
}
