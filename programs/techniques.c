/*
 * techniques.c - 'sudoku techniques': the engine's table as people read
 * it, so that the ids --techniques takes can be looked up.
 */
#include "techniques.h"
#include "sudoku.h"

static const char *const family_names[SUDOKU_NFAMILIES] = {
    [SUDOKU_FAMILY_SINGLES] = "singles",       [SUDOKU_FAMILY_INTERSECTIONS] = "intersections",
    [SUDOKU_FAMILY_SUBSETS] = "subsets",       [SUDOKU_FAMILY_FISH] = "fish",
    [SUDOKU_FAMILY_WINGS] = "wings",           [SUDOKU_FAMILY_UNIQUENESS] = "uniqueness",
    [SUDOKU_FAMILY_EXCLUSION] = "exclusion",   [SUDOKU_FAMILY_CHAINS] = "chains",
};

void techniques_list(strbuf *out, bool tsv)
{
    const char *fmt = tsv ? "%s\t%s\t%s\t%s\t%s\n" : "%-26s %-50s %-14s %-6s %s\n";
    sb_printf(out, fmt, "id", "name", "family", "rating", "level");
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++) {
        const sudoku_technique *k = sudoku_technique_get(t);
        char rating[16];
        snprintf(rating, sizeof rating, "%d.%d", k->rating / 10, k->rating % 10);
        sb_printf(out, fmt, k->id, k->name, family_names[k->family], rating,
                  sudoku_level_name(sudoku_family_level(k->family)));
    }
}
