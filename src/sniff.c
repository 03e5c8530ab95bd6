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

typedef struct magic {
    const char *bytes;
    size_t len;
    const char *what;
} magic;

static const magic magics[] = {
    { "\x1F\x8B", 2, "gzip-compressed" },
    { "BZh", 3, "bzip2-compressed" },
    { "\xFD" "7zXZ\0", 6, "xz-compressed" },
    { "\x28\xB5\x2F\xFD", 4, "zstd-compressed" },
    { "PK\x03\x04", 4, "zip archive" },
    { "PK\x05\x06", 4, "zip archive" },           /* an empty one */
    { "\xFF\xFE", 2, "UTF-16 text" },
    { "\xFE\xFF", 2, "UTF-16 text" },
};

const char *sudoku_sniff_magic(const unsigned char *buf, size_t n, bool *incomplete)
{
    bool partial = false;
    for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++) {
        const magic *m = &magics[i];
        size_t k = n < m->len ? n : m->len;
        if (memcmp(buf, m->bytes, k) != 0)
            continue;
        if (k == m->len)
            return m->what;
        partial = true;
    }
    if (incomplete)
        *incomplete = partial;
    return NULL;
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
