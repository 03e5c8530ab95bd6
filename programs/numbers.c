/*
 * numbers.c - numbers as options take them (numbers.h).
 */
#include "numbers.h"

#include <stdio.h>

#include <errno.h>
#include <stdlib.h>

bool parse_decimal(const char *s, long min, long max, long *out)
{
    if (!s || *s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_seed(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno)
        return false;
    *out = (uint64_t)v;
    return true;
}

const char *rating_text(int tenths, char *buf, size_t size)
{
    if (tenths < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%d.%d", tenths / 10, tenths % 10);
    return buf;
}
