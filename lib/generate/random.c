/*
 * random.c - the generator's random numbers: xoshiro256** (Blackman and
 * Vigna), seeded through splitmix64 from the run's seed and the puzzle's
 * index, so that each puzzle has a stream of its own and the output does
 * not depend on which thread makes which puzzle.
 */
#include "generate/generator.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void gen_rng_seed(gen_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ splitmix64(&stream);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gen_rng_next(gen_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-shift on 32 bits: the bias is below 2^-24 for our bounds. */
unsigned gen_rng_below(gen_rng *r, unsigned bound)
{
    return (unsigned)(((gen_rng_next(r) >> 32) * (uint64_t)bound) >> 32);
}

void gen_shuffle(gen_rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gen_rng_below(r, (unsigned)i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
