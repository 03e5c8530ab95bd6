/*
 * numbers.h - numbers as options take them: plain decimal digits, no sign,
 * no blanks, so that "-1", " 5" and "5x" are refused rather than read;
 * and ratings as records write them.
 */
#ifndef SUDOKU_NUMBERS_H
#define SUDOKU_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A number from min to max; false for anything else (out untouched). */
bool parse_decimal(const char *s, long min, long max, long *out);
/* A seed: any 64-bit value. */
bool parse_seed(const char *s, uint64_t *out);

/* A rating in tenths as text into buf: "2.6", or "-" for one logic did
 * not reach (a negative value); returns buf. */
const char *rating_text(int tenths, char *buf, size_t size);

#endif /* SUDOKU_NUMBERS_H */
