/*
 * unicode.h - the characters people paste from web pages and word
 * processors (internal to the reader): UTF-8 decoding, the characters that
 * read as ASCII ones (Unicode spaces, full-width digits, box drawing), and
 * names for the others in messages.
 */
#ifndef SUDOKU_UNICODE_H
#define SUDOKU_UNICODE_H

#include <stddef.h>
#include <stdint.h>

/* A byte that is not UTF-8 reaches the scanner as UNICODE_RAW + the byte,
 * so that it is told apart from the code point of the same value. */
#define UNICODE_RAW 0x110000

/* The length of the UTF-8 sequence starting at p (at most n bytes), with
 * its code point in *cp; 0 when it is not one (a stray or cut byte). */
int unicode_decode(const unsigned char *p, size_t n, uint32_t *cp);

/* The length a sequence starting with 'lead' has, or 0 for no lead byte. */
int unicode_sequence_length(unsigned char lead);

/*
 * The ASCII character a code point stands for in a puzzle, or 0:
 * no-break and other spaces (U+00A0, U+2000-U+200A, U+202F, U+205F,
 * U+3000) are ' '; full-width digits (U+FF10-U+FF19) are '0'-'9', and the
 * full-width '.', '|', '+', '-', '*', '_', ',' and ';' their ASCII forms;
 * box drawing (U+2500-U+257F) is '|' for a vertical line, '=' for a
 * horizontal one, '+' for a corner or a junction.
 */
int unicode_ascii(uint32_t cp);

/*
 * A character for a message, after "unexpected ": "character 'w'" for
 * printable ASCII, else its code point and its name when it has a known
 * one ("character U+00A0 no-break space", "control character U+0007"),
 * or what kind of character it is ("character U+00E9, a Latin letter,");
 * a byte that is not UTF-8 is "byte 0xE9 (not UTF-8)". Always ASCII: the
 * character itself is never written. 'ch' is as the scanner gets it.
 */
void unicode_describe(int ch, char *buf, size_t size);

#endif /* SUDOKU_UNICODE_H */
