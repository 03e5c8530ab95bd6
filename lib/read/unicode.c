/*
 * unicode.c - what pasted text holds besides ASCII. Web pages put
 * no-break spaces between cells, East Asian sites full-width digits, and
 * drawn grids come with box-drawing lines; these read as the ASCII
 * characters they stand for. Any other character is named in messages by
 * its code point, never written out as a raw byte.
 */
#include "read/unicode.h"

#include <stdio.h>

int unicode_sequence_length(unsigned char lead)
{
    return lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
         : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
}

int unicode_decode(const unsigned char *p, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    int len = unicode_sequence_length(p[0]);
    if (len == 0 || (size_t)len > n)
        return 0;
    for (int i = 1; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    /* No overlong forms, surrogates or code points past U+10FFFF. */
    if (len > 1 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
                    (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F)))
        return 0;
    static const unsigned char lead_bits[] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
    uint32_t c = p[0] & lead_bits[len];
    for (int i = 1; i < len; i++)
        c = (c << 6) | (p[i] & 0x3F);
    *cp = c;
    return len;
}

/* Box drawing, U+2500-U+257F: the lines that run one way only. */
static int box_drawing(uint32_t cp)
{
    switch (cp) {
    case 0x2500: case 0x2501: case 0x2504: case 0x2505: case 0x2508: case 0x2509: case 0x254C: case 0x254D:
    case 0x2550: case 0x2574: case 0x2576: case 0x2578: case 0x257A: case 0x257C: case 0x257E:
        return '='; /* a horizontal line: a frame mark, as in "+=====+" */
    case 0x2502: case 0x2503: case 0x2506: case 0x2507: case 0x250A: case 0x250B: case 0x254E: case 0x254F:
    case 0x2551: case 0x2575: case 0x2577: case 0x2579: case 0x257B: case 0x257D: case 0x257F:
        return '|';
    default:
        return '+'; /* corners, junctions, crossings */
    }
}

int unicode_ascii(uint32_t cp)
{
    if (cp == 0x00A0 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x202F || cp == 0x205F || cp == 0x3000)
        return ' ';
    if (cp >= 0xFF10 && cp <= 0xFF19)
        return '0' + (int)(cp - 0xFF10);
    if (cp >= 0x2500 && cp <= 0x257F)
        return box_drawing(cp);
    switch (cp) {
    case 0xFF0E: return '.';
    case 0xFF5C: return '|';
    case 0xFF0B: return '+';
    case 0xFF0D: return '-';
    case 0xFF0A: return '*';
    case 0xFF3F: return '_';
    case 0xFF0C: return ',';
    case 0xFF1B: return ';';
    default: return 0;
    }
}

typedef struct named {
    uint32_t cp;
    const char *name;
} named;

/* Characters that look like something else, or like nothing. */
static const named names[] = {
    
    { 0x00A0, "no-break space" },
    { 0x00AD, "soft hyphen" },
    { 0x00B7, "middle dot" },
    { 0x00D7, "multiplication sign" },
    { 0x200B, "zero-width space" },
    { 0x200C, "zero-width non-joiner" },
    { 0x200D, "zero-width joiner" },
    { 0x200E, "left-to-right mark" },
    { 0x200F, "right-to-left mark" },
    { 0x2010, "hyphen" },
    { 0x2011, "non-breaking hyphen" },
    { 0x2012, "figure dash" },
    { 0x2013, "en dash" },
    { 0x2014, "em dash" },
    { 0x2015, "horizontal bar" },
    { 0x2018, "left single quotation mark" },
    { 0x2019, "right single quotation mark" },
    { 0x201C, "left double quotation mark" },
    { 0x201D, "right double quotation mark" },
    { 0x2022, "bullet" },
    { 0x2026, "horizontal ellipsis" },
    { 0x2028, "line separator" },
    { 0x2029, "paragraph separator" },
    { 0x2060, "word joiner" },
    { 0x2212, "minus sign" },
    { 0x2219, "bullet operator" },
    { 0x22C5, "dot operator" },
    { 0x25A1, "white square" },
    { 0x25CB, "white circle" },
    { 0xFEFF, "zero-width no-break space (a byte order mark)" },
    { 0xFFFD, "replacement character (text decoded wrongly before)" },
};

typedef struct block {
    uint32_t first, last;
    const char *what;
} block;

/* What kind of character the others are: messages stay ASCII, so that
 * they can reach any terminal, and the character itself is not written. */
static const block blocks[] = {
    { 0x00A1, 0x00BF, "a Latin-1 symbol" },
    { 0x00C0, 0x024F, "a Latin letter" },
    { 0x0300, 0x036F, "a combining mark" },
    { 0x0370, 0x03FF, "a Greek letter" },
    { 0x0400, 0x04FF, "a Cyrillic letter" },
    { 0x2016, 0x205E, "punctuation" },
    { 0x202A, 0x202E, "a bidirectional control" },
    { 0x2066, 0x2069, "a bidirectional control" },
    { 0x2190, 0x21FF, "an arrow" },
    { 0x2200, 0x22FF, "a mathematical operator" },
    { 0x2580, 0x259F, "a block element" },
    { 0x25A0, 0x25FF, "a geometric shape" },
    { 0x2600, 0x27BF, "a symbol" },
    { 0x3001, 0x303F, "CJK punctuation" },
    { 0x3040, 0x30FF, "a kana" },
    { 0x3400, 0x9FFF, "a CJK ideograph" },
    { 0xAC00, 0xD7A3, "a Hangul syllable" },
    { 0xE000, 0xF8FF, "a private-use character" },
    { 0xFE00, 0xFE0F, "a variation selector" },
    { 0xFF01, 0xFF60, "a full-width form" },
    { 0x1F300, 0x1FAFF, "an emoji" },
};

void unicode_describe(int ch, char *buf, size_t size)
{
    if (ch >= UNICODE_RAW) {
        snprintf(buf, size, "byte 0x%02X (not UTF-8)", (unsigned)(ch - UNICODE_RAW));
        return;
    }
    uint32_t cp = (uint32_t)ch;
    if (cp >= 0x20 && cp < 0x7F) {
        snprintf(buf, size, "character '%c'", (char)cp);
        return;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (names[i].cp == cp) {
            snprintf(buf, size, "character U+%04X %s", (unsigned)cp, names[i].name);
            return;
        }
    }
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
        snprintf(buf, size, "control character U+%04X", (unsigned)cp);
        return;
    }
    /* The later, narrower entries win: bidirectional controls among punctuation. */
    const char *what = NULL;
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        if (cp >= blocks[i].first && cp <= blocks[i].last)
            what = blocks[i].what;
    if (what)
        snprintf(buf, size, "character U+%04X, %s,", (unsigned)cp, what);
    else
        snprintf(buf, size, "character U+%04X", (unsigned)cp);
}
