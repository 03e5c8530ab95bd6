/*
 * numbers.h - numbers as options take them: plain decimal digits, no sign,
 * no blanks, so that "-1", " 5" and "5x" are refused rather than read.
 */
#ifndef SUDOKU_NUMBERS_H
#define SUDOKU_NUMBERS_H

#include <stdbool.h>
#include <stdint.h>

/* A number from min to max; false for anything else (out untouched). */
bool parse_decimal(const char *s, long min, long max, long *out);
/* A seed: any 64-bit value. */
bool parse_seed(const char *s, uint64_t *out);

#endif /* SUDOKU_NUMBERS_H */
