/*
 * canon_report.c - the canon and transform commands' and check
 * --minimal's work on one record: the library's canonical form,
 * transformations and minimality, made into text.
 */
#include "canon_report.h"

#include <string.h>

static void digits_line(const sudoku_layout *l, const uint8_t *digits, char *line)
{
    for (int c = 0; c < l->ncells; c++)
        line[c] = sudoku_digit_char(digits[c]);
    line[l->ncells] = '\0';
}

void canon_line(const sudoku_record *rec, char *line, uint64_t *automorphisms)
{
    uint8_t form[SUDOKU_MAX_CELLS];
    /* The reader gives digits 1..n on a built-in layout: always a form. */
    sudoku_canon(rec->layout, rec->given, form, NULL, automorphisms);
    digits_line(rec->layout, form, line);
}

/* FNV-1a over the source name, then the seed and line mixed in. */
static uint64_t record_seed(const sudoku_record *rec, uint64_t seed)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const unsigned char *p = (const unsigned char *)rec->source; p && *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    h ^= seed * 0x9E3779B97F4A7C15ull;
    h = (h ^ (uint64_t)rec->line) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

void transform_line(const sudoku_record *rec, uint64_t seed, char *line)
{
    sudoku_transformation t;
    uint8_t out[SUDOKU_MAX_CELLS];
    sudoku_transformation_random(rec->layout, record_seed(rec, seed), &t);
    sudoku_transform(&t, rec->given, out);
    digits_line(rec->layout, out, line);
}

int minimal_list(const sudoku_record *rec, char *list, size_t size)
{
    bool redundant[SUDOKU_MAX_CELLS];
    int count = sudoku_minimal(rec->layout, rec->given, redundant);
    size_t len = 0;
    list[0] = '\0';
    for (int c = 0; count > 0 && c < rec->layout->ncells; c++) {
        if (!redundant[c])
            continue;
        char name[16];
        sudoku_cell_name(rec->layout, c, name, sizeof name);
        if (len + strlen(name) + 2 > size)
            break;
        len += (size_t)snprintf(list + len, size - len, "%s%s", len ? "," : "", name);
    }
    return count;
}
