/*
 * generator.h - the generator's parts, inside the library: the random
 * numbers, the symmetry orbits, and one puzzle's search (generate.c), which
 * the threaded run (run.c) calls for each index.
 */
#ifndef SUDOKU_GENERATOR_H
#define SUDOKU_GENERATOR_H

#include "sudoku.h"

#include <stdatomic.h>

/* xoshiro256**, seeded through splitmix64: fast, and a stream per puzzle. */
typedef struct gen_rng {
    uint64_t s[4];
} gen_rng;

void gen_rng_seed(gen_rng *r, uint64_t seed, uint64_t stream);
uint64_t gen_rng_next(gen_rng *r);
/* Uniform in 0 .. bound-1 (bound >= 1). */
unsigned gen_rng_below(gen_rng *r, unsigned bound);
void gen_shuffle(gen_rng *r, int *a, int n);

/*
 * The orbits of a symmetry on a layout: cells that must be clues together.
 * orbit[k] lists size[k] cells; orbit_of[c] is the orbit of cell c.
 */
typedef struct gen_orbits {
    int count;
    uint8_t size[SUDOKU_MAX_CELLS];
    uint8_t cell[SUDOKU_MAX_CELLS][8];
    uint8_t orbit_of[SUDOKU_MAX_CELLS];
} gen_orbits;

void gen_orbits_build(gen_orbits *o, const sudoku_layout *l, enum sudoku_symmetry sym);

/* Shared between the threads of a run: a stop flag, and totals for the progress line. */
typedef struct gen_shared {
    atomic_bool stop;
    atomic_long tries;
    atomic_int best_er;
    double deadline;          /* gen_now() time, 0 for none */
} gen_shared;

double gen_now(void);

/* Puzzle 'index'; false when stopped first. */
bool gen_puzzle(const sudoku_generate_options *opts, long index, gen_shared *shared, sudoku_generated *out);

#endif /* SUDOKU_GENERATOR_H */
