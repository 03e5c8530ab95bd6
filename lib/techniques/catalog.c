/*
 * catalog.c - what each technique is: its id, name, family and rating on
 * Sudoku Explainer's scale, and the level of each family. The data half of
 * the technique table, below the finders (step.c names a step from it)
 * and the engine (engine.c pairs each row with its finder).
 */
#include "sudoku.h"

#include <string.h>

#define SINGLES SUDOKU_FAMILY_SINGLES
#define INTERSECTIONS SUDOKU_FAMILY_INTERSECTIONS
#define SUBSETS SUDOKU_FAMILY_SUBSETS
#define FISH SUDOKU_FAMILY_FISH
#define WINGS SUDOKU_FAMILY_WINGS
#define UNIQUENESS SUDOKU_FAMILY_UNIQUENESS
#define EXCLUSION SUDOKU_FAMILY_EXCLUSION
#define CHAINS SUDOKU_FAMILY_CHAINS

/*
 * One row per technique, in Sudoku Explainer 1.2.1's order; ratings on its
 * scale, x10 (for loops, BUG type 3 and chains the base: the step adds to it).
 */
static const sudoku_technique catalog[SUDOKU_NTECHNIQUES] = {
    [SUDOKU_FULL_HOUSE] = { "full-house", "Full house", SINGLES, 10 },
    [SUDOKU_HIDDEN_SINGLE_BOX] = { "hidden-single-box", "Hidden single", SINGLES, 12 },
    [SUDOKU_HIDDEN_SINGLE_LINE] = { "hidden-single-line", "Hidden single", SINGLES, 15 },
    [SUDOKU_DIRECT_POINTING] = { "direct-pointing", "Direct pointing", INTERSECTIONS, 17 },
    [SUDOKU_DIRECT_CLAIMING] = { "direct-claiming", "Direct claiming", INTERSECTIONS, 19 },
    [SUDOKU_DIRECT_HIDDEN_PAIR] = { "direct-hidden-pair", "Direct hidden pair", SUBSETS, 20 },
    [SUDOKU_NAKED_SINGLE] = { "naked-single", "Naked single", SINGLES, 23 },
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = { "direct-hidden-triple", "Direct hidden triple", SUBSETS, 25 },
    [SUDOKU_POINTING] = { "pointing", "Pointing", INTERSECTIONS, 26 },
    [SUDOKU_CLAIMING] = { "claiming", "Claiming", INTERSECTIONS, 28 },
    [SUDOKU_NAKED_PAIR] = { "naked-pair", "Naked pair", SUBSETS, 30 },
    [SUDOKU_X_WING] = { "x-wing", "X-Wing", FISH, 32 },
    [SUDOKU_HIDDEN_PAIR] = { "hidden-pair", "Hidden pair", SUBSETS, 34 },
    [SUDOKU_NAKED_TRIPLE] = { "naked-triple", "Naked triple", SUBSETS, 36 },
    [SUDOKU_SWORDFISH] = { "swordfish", "Swordfish", FISH, 38 },
    [SUDOKU_HIDDEN_TRIPLE] = { "hidden-triple", "Hidden triple", SUBSETS, 40 },
    [SUDOKU_XY_WING] = { "xy-wing", "XY-Wing", WINGS, 42 },
    [SUDOKU_XYZ_WING] = { "xyz-wing", "XYZ-Wing", WINGS, 44 },
    [SUDOKU_UNIQUE_LOOP] = { "unique-loop", "Unique rectangle or loop", UNIQUENESS, 45 },
    [SUDOKU_NAKED_QUAD] = { "naked-quad", "Naked quad", SUBSETS, 50 },
    [SUDOKU_JELLYFISH] = { "jellyfish", "Jellyfish", FISH, 52 },
    [SUDOKU_HIDDEN_QUAD] = { "hidden-quad", "Hidden quad", SUBSETS, 54 },
    [SUDOKU_BUG] = { "bug", "Bivalue universal grave (BUG)", UNIQUENESS, 56 },
    [SUDOKU_ALIGNED_PAIR_EXCLUSION] = { "aligned-pair-exclusion", "Aligned pair exclusion", EXCLUSION, 62 },
    [SUDOKU_FORCING_CHAIN] = { "forcing-chain", "Forcing chain", CHAINS, 65 },
    [SUDOKU_ALIGNED_TRIPLE_EXCLUSION] = { "aligned-triple-exclusion", "Aligned triple exclusion", EXCLUSION,
                                          75 },
    [SUDOKU_NISHIO_CHAIN] = { "nishio-chain", "Nishio forcing chains", CHAINS, 75 },
    [SUDOKU_MULTIPLE_CHAIN] = { "multiple-chain", "Multiple forcing chains", CHAINS, 80 },
    [SUDOKU_DYNAMIC_CHAIN] = { "dynamic-chain", "Dynamic forcing chains", CHAINS, 85 },
    [SUDOKU_DYNAMIC_CHAIN_PLUS] = { "dynamic-chain-plus", "Dynamic forcing chains (+)", CHAINS, 90 },
    [SUDOKU_NESTED_CHAIN_FC] = { "nested-chain-fc", "Dynamic forcing chains (+ forcing chains)", CHAINS, 95 },
    [SUDOKU_NESTED_CHAIN_MFC] = { "nested-chain-mfc", "Dynamic forcing chains (+ multiple forcing chains)", CHAINS,
                                  100 },
    [SUDOKU_NESTED_CHAIN_DFC] = { "nested-chain-dfc", "Dynamic forcing chains (+ dynamic forcing chains)", CHAINS,
                                  105 },
};

#undef SINGLES
#undef INTERSECTIONS
#undef SUBSETS
#undef FISH
#undef WINGS
#undef UNIQUENESS
#undef EXCLUSION
#undef CHAINS

const sudoku_technique *sudoku_technique_get(int id)
{
    return id >= 0 && id < SUDOKU_NTECHNIQUES ? &catalog[id] : NULL;
}

int sudoku_technique_find(const char *id)
{
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
        if (strcmp(catalog[t].id, id) == 0)
            return t;
    return -1;
}

static const enum sudoku_level family_level[SUDOKU_NFAMILIES] = {
    [SUDOKU_FAMILY_SINGLES] = SUDOKU_LEVEL_EASY,
    [SUDOKU_FAMILY_INTERSECTIONS] = SUDOKU_LEVEL_MEDIUM,
    [SUDOKU_FAMILY_SUBSETS] = SUDOKU_LEVEL_HARD,
    [SUDOKU_FAMILY_FISH] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_WINGS] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_UNIQUENESS] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_EXCLUSION] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_CHAINS] = SUDOKU_LEVEL_EXTREME,
};

enum sudoku_level sudoku_family_level(enum sudoku_family family) { return family_level[family]; }
