/*
 * sniff.c - tells compressed and binary data from text by its first bytes.
 *
 * Compressed files and archives start with a fixed signature ("magic
 * number"); other binary data shows itself by a NUL byte or by many control
 * bytes, which text never holds. Used to say once what a file is instead of
 * reporting every line of it as a malformed puzzle.
 */
#include "sudoku.h"

#include <string.h>

/*
 * The one table of signatures, for the reader (which looks at the first
 * bytes of any stream) and for the program (which looks at the first block
 * of a file before reading it). 'what' names the data, 'message' tells a
 * user what to do. bzip2's "BZh" is followed by a block size digit, which
 * keeps a line of text starting "BZh" from being taken for it.
 */
typedef struct signature {
    size_t offset;
    size_t len;
    const char *bytes;
    bool size_digit_after;
    const char *what;
    const char *message;
} signature;

static const signature signatures[] = {
    { 0, 2, "\x1F\x8B", false, "gzip-compressed", "gzip-compressed; decompress first" },
    { 0, 3, "BZh", true, "bzip2-compressed", "bzip2-compressed; decompress first" },
    { 0, 6, "\xFD" "7zXZ\0", false, "xz-compressed", "xz-compressed; decompress first" },
    { 0, 4, "\x28\xB5\x2F\xFD", false, "zstd-compressed", "zstd-compressed; decompress first" },
    { 0, 4, "\x04\x22\x4D\x18", false, "lz4-compressed", "lz4-compressed; decompress first" },
    { 0, 2, "\x1F\x9D", false, "compress-compressed (.Z)", "compress-compressed (.Z); decompress first" },
    { 0, 4, "PK\x03\x04", false, "zip archive", "zip archive; extract the puzzles first" },
    { 0, 4, "PK\x05\x06", false, "zip archive", "zip archive; extract the puzzles first" }, /* an empty one */
    { 0, 6, "7z\xBC\xAF\x27\x1C", false, "7-Zip archive", "7-Zip archive; extract the puzzles first" },
    { 0, 6, "Rar!\x1A\x07", false, "RAR archive", "RAR archive; extract the puzzles first" },
    { 257, 5, "ustar", false, "tar archive", "tar archive; extract the puzzles first" },
    { 0, 5, "%PDF-", false, "PDF document", "a PDF document, not puzzle text" },
    { 0, 8, "\x89PNG\r\n\x1A\n", false, "PNG image", "a PNG image, not puzzle text" },
    { 0, 3, "\xFF\xD8\xFF", false, "JPEG image", "a JPEG image, not puzzle text" },
    { 0, 4, "GIF8", false, "GIF image", "a GIF image, not puzzle text" },
    { 0, 4, "\x7F" "ELF", false, "executable", "an executable, not puzzle text" },
    { 0, 16, "SQLite format 3\0", false, "SQLite database", "an SQLite database, not puzzle text" },
    { 0, 2, "\xFF\xFE", false, "UTF-16 text", "UTF-16 text; convert it to UTF-8 first" },
    { 0, 2, "\xFE\xFF", false, "UTF-16 text", "UTF-16 text; convert it to UTF-8 first" },
};

/* The entry buf[0..n) starts with, or NULL; *partial: some entry at the
 * start of the data still matches what n bytes show of it. */
static const signature *match(const unsigned char *buf, size_t n, bool *partial)
{
    *partial = false;
    for (size_t i = 0; i < sizeof signatures / sizeof signatures[0]; i++) {
        const signature *m = &signatures[i];
        size_t whole = m->len + (m->size_digit_after ? 1 : 0);
        if (m->offset > 0) {
            /* Far from the start (tar): only a block that reaches it tells. */
            if (n >= m->offset + whole && memcmp(buf + m->offset, m->bytes, m->len) == 0)
                return m;
            continue;
        }
        size_t k = n < m->len ? n : m->len;
        if (memcmp(buf, m->bytes, k) != 0)
            continue;
        if (n < whole) {
            *partial = true;
            continue;
        }
        if (m->size_digit_after && (buf[m->len] < '1' || buf[m->len] > '9'))
            continue;
        return m;
    }
    return NULL;
}

const char *sudoku_sniff_magic(const unsigned char *buf, size_t n, bool *incomplete)
{
    bool partial;
    const signature *m = match(buf, n, &partial);
    if (incomplete)
        *incomplete = !m && partial;
    return m ? m->what : NULL;
}

const char *sudoku_sniff_message(const unsigned char *buf, size_t n)
{
    bool partial;
    const signature *m = match(buf, n, &partial);
    return m ? m->message : NULL;
}

const char *sudoku_sniff_binary(const unsigned char *buf, size_t n)
{
    const char *what = sudoku_sniff_magic(buf, n, NULL);
    if (what)
        return what;
    size_t controls = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = buf[i];
        if (c == 0)
            return "binary data";
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
            controls++;
    }
    /* Text may hold a stray control byte; one byte in ten is not text. */
    if (n && controls * 10 > n)
        return "binary data";
    return NULL;
}
