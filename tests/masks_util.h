/*
 * masks_util.h - one check of masks_two_to_k() (lib/grid/bits.h) for the
 * two test files that build it in its two forms: test_bits.c the plain C
 * one (SUDOKU_PORTABLE_BITS), test_subsets.c the one the search uses (SSE2
 * where there is one). Include after "grid/bits.h".
 */
#ifndef MASKS_UTIL_H
#define MASKS_UTIL_H

/* masks_two_to_k() against mask_two_to_k() mask by mask: every 16-bit
 * mask in every lane, beside masks of few bits (the ones that fit). */
static void expect_masks_two_to_k_one_by_one(void)
{
    uint32_t seed = 12345u;
    for (unsigned m = 0; m < 0x10000u; m++) {
        uint16_t masks[16];
        for (int i = 0; i < 16; i++) {
            seed = seed * 1664525u + 1013904223u;
            masks[i] = (uint16_t)((seed >> 16) & (seed >> 8) & (seed >> 3)); /* few bits set */
        }
        masks[m % 16] = (uint16_t)m;
        for (int k = 2; k <= 4; k++) {
            unsigned expected = 0;
            for (int i = 0; i < 16; i++)
                expected |= (unsigned)mask_two_to_k(masks[i], k) << i;
            assert_int_equal(masks_two_to_k(masks, k), expected);
        }
    }
}

#endif /* MASKS_UTIL_H */
