/*
 * test_sniff.c - compressed and binary data told from text by its first
 * bytes (sudoku_sniff_binary, sudoku_sniff_magic).
 */
#include "test_util.h"

#define SNIFF(lit) sudoku_sniff_binary((const unsigned char *)(lit), sizeof(lit) - 1)

static void test_signatures(void **state)
{
    (void)state;
    assert_string_equal(SNIFF("\x1F\x8B\x08\x00"), "gzip-compressed");
    assert_string_equal(SNIFF("BZh91AY&SY"), "bzip2-compressed");
    assert_string_equal(SNIFF("\xFD" "7zXZ\0\0"), "xz-compressed");
    assert_string_equal(SNIFF("\x28\xB5\x2F\xFD\x00"), "zstd-compressed");
    assert_string_equal(SNIFF("PK\x03\x04\x14\x00"), "zip archive");
    assert_string_equal(SNIFF("PK\x05\x06\0\0"), "zip archive");
    assert_string_equal(SNIFF("\xFF\xFE" "5\0"), "UTF-16 text");
    assert_string_equal(SNIFF("\xFE\xFF\0" "5"), "UTF-16 text");
    assert_string_equal(SNIFF("%PDF-1.7\n"), "PDF document");
}

/* The messages for people: the reader and the program both use these. */
static void test_messages(void **state)
{
    (void)state;
#define MESSAGE(lit) sudoku_sniff_message((const unsigned char *)(lit), sizeof(lit) - 1)
    assert_string_equal(MESSAGE("\x1F\x8B\x08"), "gzip-compressed; decompress first");
    assert_string_equal(MESSAGE("PK\x03\x04"), "zip archive; extract the puzzles first");
    assert_string_equal(MESSAGE("\xFF\xFE" "5\0"), "UTF-16 text; convert it to UTF-8 first");
    assert_string_equal(MESSAGE("\x7F" "ELF\x02"), "an executable, not puzzle text");
    assert_null(MESSAGE("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"));
    /* A tar archive shows itself at byte 257, so only in a block that long. */
    unsigned char block[512] = "puzzles.txt";
    memcpy(block + 257, "ustar", 5);
    assert_string_equal(sudoku_sniff_message(block, sizeof block), "tar archive; extract the puzzles first");
    assert_null(sudoku_sniff_message(block, 200));
    bool more = true;
    assert_null(sudoku_sniff_magic(block, 200, &more));
    assert_false(more); /* nothing at the start matches: no reason to read on */
#undef MESSAGE
}

static void test_text_and_binary(void **state)
{
    (void)state;
    assert_null(SNIFF(""));
    assert_null(SNIFF("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\r\n"));
    assert_null(SNIFF("\xEF\xBB\xBF# a BOM, UTF-8: \xC3\xA9, a tab\t and an escape \x1B[1m\n"));
    assert_null(SNIFF("BZ is not bzip2\n"));
    assert_null(SNIFF("PK is not zip\n"));
    assert_null(SNIFF("BZh is how this line starts, not bzip2\n")); /* no block size digit */
    assert_string_equal(SNIFF("text\0more"), "binary data");
    /* Control bytes: one in a line of text is tolerated, many are not. */
    assert_null(SNIFF("a stray \x01 control byte in a long line of text\n"));
    assert_string_equal(SNIFF("\x01\x02\x03\x04 abc"), "binary data");
}

static void test_magic_incomplete(void **state)
{
    (void)state;
    bool more = false;
    assert_null(sudoku_sniff_magic((const unsigned char *)"\xFD" "7z", 3, &more));
    assert_true(more);
    assert_null(sudoku_sniff_magic((const unsigned char *)"53", 2, &more));
    assert_false(more);
    assert_string_equal(sudoku_sniff_magic((const unsigned char *)"\x1F\x8B", 2, &more), "gzip-compressed");
    /* "BZh" alone cannot tell yet: the block size digit decides. */
    assert_null(sudoku_sniff_magic((const unsigned char *)"BZh", 3, &more));
    assert_true(more);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_signatures),
        cmocka_unit_test(test_text_and_binary),
        cmocka_unit_test(test_magic_incomplete),
        cmocka_unit_test(test_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
