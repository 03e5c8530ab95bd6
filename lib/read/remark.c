/*
 * remark.c - the text a line carries beside its puzzle. A puzzle line's
 * cells are counted again over its text (the scanner keeps tallies, not
 * places) to find where they end; what follows a space is the remark.
 */
#include "read/remark.h"

#include <string.h>

/* The length of t[0..n) cut to at most 'max' bytes without splitting a
 * UTF-8 sequence. */
static size_t utf8_cut(const char *t, size_t n, size_t max)
{
    if (n <= max)
        return n;
    size_t k = max;
    while (k > 0 && ((unsigned char)t[k] & 0xC0) == 0x80)
        k--;
    return k;
}

void remark_set(line *ln, const char *t, size_t n)
{
    ln->remark[0] = '\0';
    remark_append(ln, "", t, n);
}

void remark_append(line *ln, const char *sep, const char *t, size_t n)
{
    size_t have = strlen(ln->remark), room = sizeof ln->remark - 1 - have;
    if (have) {
        size_t s = strlen(sep);
        if (s > room)
            return;
        memcpy(ln->remark + have, sep, s);
        have += s;
        room -= s;
    }
    n = utf8_cut(t, n, room);
    memcpy(ln->remark + have, t, n);
    ln->remark[have + n] = '\0';
}

static bool is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f'; }

static bool is_cell(int ch) { return (ch >= '0' && ch <= '9') || scan_is_blank_char(ch); }

void remark_after_cells(const char *t, size_t n, line *ln)
{
    ln->remark[0] = '\0';
    if (ln->kind != LINE_PUZZLE || ln->pencil || ln->has_solution)
        return;
    size_t i = 0;
    long cells = 0;
    for (; i < n && cells < ln->count; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch >= 0x80)
            return; /* characters the count cannot place: no remark rather than a wrong one */
        cells += is_cell(ch);
    }
    if (cells < ln->count || i == n || !is_space(t[i]))
        return;
    while (i < n && is_space(t[i]))
        i++;
    size_t end = n;
    while (end > i && is_space(t[end - 1]))
        end--;
    /* "PUZZLE SOLUTION": a word of exactly as many digits as cells, none 0. */
    size_t w = i;
    while (w < end && !is_space(t[w]))
        w++;
    int side = ln->count == 81 ? 9 : 8;
    bool grid = (long)(w - i) == ln->count;
    for (size_t k = i; grid && k < w; k++)
        grid = t[k] >= '1' && t[k] <= '0' + side;
    if (grid) {
        for (long c = 0; c < ln->count; c++)
            ln->solution[c] = (uint8_t)(t[i + (size_t)c] - '0');
        ln->has_solution = true;
        i = w;
        while (i < end && is_space(t[i]))
            i++;
    }
    remark_set(ln, t + i, end - i);
}
