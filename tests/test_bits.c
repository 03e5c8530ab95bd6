/*
 * test_bits.c - the plain C path of the bit helpers in lib/grid/bits.h, the one
 * a compiler without the GCC/Clang builtins uses: every single bit, and
 * words with higher bits set too, against a bit-by-bit loop; and the plain
 * C masks_two_to_k() (the one without SSE2) against mask_two_to_k().
 */
#define SUDOKU_PORTABLE_BITS 1
#include "test_util.h"

#include "grid/bits.h"
#include "masks_util.h"

#ifdef SUDOKU_BIT_BUILTINS
#error "SUDOKU_PORTABLE_BITS did not select the plain C path"
#endif
#ifdef SUDOKU_BIT_SSE2
#error "SUDOKU_PORTABLE_BITS did not select the plain C masks_two_to_k"
#endif

static int lowest_bit_slowly(uint64_t x)
{
    int i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
}

static void test_bit_index32(void **state)
{
    (void)state;
    uint32_t junk = 0x9E3779B9u;
    for (int i = 0; i < 32; i++) {
        uint32_t bit = (uint32_t)1 << i;
        assert_int_equal(bit_index32(bit), i);
        uint32_t higher = i < 31 ? junk & (UINT32_MAX << (i + 1)) : 0;
        assert_int_equal(bit_index32(bit | higher), i);
        assert_int_equal(bit_index32(UINT32_MAX << i), i);
        junk = junk * 1664525u + 1013904223u;
    }
}

static void test_bit_index64(void **state)
{
    (void)state;
    uint64_t junk = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 64; i++) {
        uint64_t bit = (uint64_t)1 << i;
        assert_int_equal(bit_index64(bit), i);
        uint64_t higher = i < 63 ? junk & (UINT64_MAX << (i + 1)) : 0;
        assert_int_equal(bit_index64(bit | higher), lowest_bit_slowly(bit | higher));
        assert_int_equal(bit_index64(UINT64_MAX << i), i);
        junk = junk * 6364136223846793005u + 1442695040888963407u;
    }
}

static void test_mask_helpers(void **state)
{
    (void)state;
    for (unsigned m = 1; m < 0x10000u; m++) {
        int count = 0;
        for (unsigned x = m; x; x >>= 1)
            count += (int)(x & 1);
        assert_int_equal(mask_count(m), count);
        assert_int_equal(mask_first_digit(m), lowest_bit_slowly(m) + 1);
        assert_int_equal(mask_is_single(m), count == 1);
    }
    assert_false(mask_is_single(0));
}

static void test_masks_two_to_k(void **state)
{
    (void)state;
    expect_masks_two_to_k_one_by_one();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bit_index32),
        cmocka_unit_test(test_bit_index64),
        cmocka_unit_test(test_mask_helpers),
        cmocka_unit_test(test_masks_two_to_k),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
