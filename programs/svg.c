/*
 * svg.c - pictures of grids and steps as SVG, written by hand.
 *
 * A step is drawn on the candidate grid before it, from the step data
 * alone (pattern.c): base units shaded, cover units hatched, pattern
 * candidates in shapes by role, chain links as arrows (strong solid, weak
 * dashed), eliminated candidates red and crossed out, a placed digit green
 * in a framed cell. Each role differs in shape or stroke as well as in hue
 * (Okabe-Ito colours), so the pictures survive greyscale printing and
 * colour-blind readers. Box borders are drawn wherever two neighbouring
 * cells lie in different boxes, so any layout's boxes appear as they are.
 * Everything is in a viewBox: the pictures scale to any size.
 */
#include "path.h"
#include "grid/bits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    CELL = 54,        /* side of a cell */
    MARGIN = 12,
    TITLE_H = 30,
    LINE_H = 17,      /* caption and legend lines */
    LEGEND_ITEM_H = 22,
    CAPTION_PX = 13,  /* the caption's font size */
};

#define FONT "DejaVu Sans, Verdana, Arial, sans-serif"

/* ------------------------------------------------------------ text */

void xml_text(strbuf *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': sb_puts(out, "&amp;"); break;
        case '<': sb_puts(out, "&lt;"); break;
        case '>': sb_puts(out, "&gt;"); break;
        case '"': sb_puts(out, "&quot;"); break;
        case '\'': sb_puts(out, "&apos;"); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
                sb_putc(out, *s);
        }
    }
}

void svg_declaration(strbuf *out)
{
    sb_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

/*
 * Text widths, estimated: DejaVu Sans's advance widths (the first font
 * asked for, and the one rsvg and Chromium find on a Linux system) in
 * thousandths of the font size, for printable ASCII; anything else counts
 * as wide as 'M'. Verdana, the next choice, is about as wide; Arial is
 * narrower. Captions are wrapped and titles scaled by this measure, so a
 * line of narrow digits is not cut early nor a line of wide '<>' signs
 * run off the picture.
 */
static const unsigned short glyph_width[95] = {
    318, 400, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, /*  !"#$%&'()*+,-./ */
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, /* 0-9:;<=>? */
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, /* @A-O */
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,  /* P-Z[\]^_ */
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,  /* `a-o */
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,       /* p-z{|}~ */
};

/* The width of n bytes of s at 'size' px, a little generous (5%) for the fonts that stand in. */
static double text_width(const char *s, size_t n, double size)
{
    double w = 0;
    for (size_t i = 0; i < n && s[i]; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x80 && (ch & 0xc0) == 0x80)
            continue; /* a UTF-8 continuation byte: its character is counted once */
        w += ch >= 32 && ch < 127 ? glyph_width[ch - 32] : 863;
    }
    return w * size * 1.05 / 1000.0;
}

/*
 * Splits a caption into lines no wider than 'room' px at 'size' px, at
 * spaces; a word wider than a line is cut where the line is full. Returns
 * the count.
 */
static int wrap(const char *s, double room, double size, const char **start, int *len, int max)
{
    int n = 0;
    while (*s && n < max) {
        int l = 0, fit = 0, space = 0;
        while (s[l]) {
            int next = l + 1;
            while (((unsigned char)s[next] & 0xc0) == 0x80)
                next++;
            if (text_width(s, (size_t)next, size) > room)
                break;
            l = next;
            fit = l;
            if (s[l] == ' ')
                space = l;
        }
        if (s[fit] && space > 0)
            fit = space;  /* the line ends at the last space that fits */
        if (fit == 0)
            fit = 1;      /* a line of one character at least: no endless loop */
        start[n] = s;
        len[n++] = fit;
        s += fit;
        while (*s == ' ')
            s++;
    }
    return n;
}

/* ------------------------------------------------------------ geometry */

typedef struct frame {
    const sudoku_layout *l;
    double x0, y0;        /* top left corner of the grid */
    int cols, rows;       /* candidate positions in a cell */
} frame;

static void frame_init(frame *f, const sudoku_layout *l, double x0, double y0)
{
    f->l = l;
    f->x0 = x0;
    f->y0 = y0;
    f->cols = 1;
    while (f->cols * f->cols < l->n)
        f->cols++;
    f->rows = (l->n + f->cols - 1) / f->cols;
}

static double cell_x(const frame *f, int c) { return f->x0 + sudoku_col_of(f->l, c) * CELL; }
static double cell_y(const frame *f, int c) { return f->y0 + sudoku_row_of(f->l, c) * CELL; }

/* The centre of candidate d in cell c. */
static double cand_x(const frame *f, int c, int d) { return cell_x(f, c) + ((d - 1) % f->cols + 0.5) * CELL / f->cols; }
static double cand_y(const frame *f, int c, int d) { return cell_y(f, c) + ((d - 1) / f->cols + 0.5) * CELL / f->rows; }

/* ------------------------------------------------------------ styles */

static void put_defs(strbuf *out, const char *id)
{
    sb_printf(out,
              "<defs><style>"
              ".%s text{font-family:%s;text-anchor:middle}"
              ".%s .given{font-size:32px;font-weight:bold;fill:#000}"
              ".%s .solved{font-size:32px;fill:#0072b2;font-style:italic}"
              ".%s .placed{font-size:32px;font-weight:bold;fill:#007a55}"
              ".%s .cand{font-size:14px;fill:#444}"
              ".%s .gone{font-size:15px;font-weight:bold;fill:#c24f00}"
              ".%s .title{font-size:17px;font-weight:bold;text-anchor:start;fill:#000}"
              ".%s .caption{font-size:13px;text-anchor:start;fill:#000}"
              ".%s .legend{font-size:12px;text-anchor:start;fill:#000}"
              "</style>"
              "<pattern id=\"%s-hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
              "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#fff3d6\"/>"
              "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#c98800\" stroke-width=\"2\" stroke-opacity=\"0.8\"/>"
              "</pattern>"
              "<marker id=\"%s-strong\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
              "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#0072b2\"/></marker>"
              "<marker id=\"%s-weak\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
              "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#d55e00\"/></marker>"
              "</defs>\n",
              id, FONT, id, id, id, id, id, id, id, id, id, id, id);
}

/* The shape of a role around a point: each role its own shape or stroke, not only its colour. */
static void put_role_shape(strbuf *out, int role, double x, double y, double r)
{
    switch (role) {
    case SUDOKU_ROLE_PIVOT:
        sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"2\" fill=\"#f5c76e\" "
                       "stroke=\"#8a5a00\" stroke-width=\"1.5\"/>\n", x - r, y - r, 2 * r, 2 * r);
        break;
    case SUDOKU_ROLE_PINCER:
        sb_printf(out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#e7b3d2\" stroke=\"#7a3a63\" "
                       "stroke-width=\"1.8\" stroke-dasharray=\"3,2\"/>\n", x, y, r);
        break;
    case SUDOKU_ROLE_EXTRA:
        sb_printf(out, "<polygon points=\"%g,%g %g,%g %g,%g %g,%g\" fill=\"#f0e442\" "
                       "stroke=\"#6b6400\" stroke-width=\"1.5\"/>\n",
                  x, y - r - 1, x + r + 1, y, x, y + r + 1, x - r - 1, y);
        break;
    case SUDOKU_ROLE_ON:
        sb_printf(out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#8fd9bd\" stroke=\"#00664a\" "
                       "stroke-width=\"2.5\"/>\n", x, y, r);
        break;
    case SUDOKU_ROLE_OFF:
        sb_printf(out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#ffffff\" stroke=\"#444\" "
                       "stroke-width=\"1.5\" stroke-dasharray=\"2,2\"/>\n", x, y, r);
        break;
    default: /* the pattern itself, and units' roles given to candidates */
        sb_printf(out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#9fd3f5\" stroke=\"#0072b2\" "
                       "stroke-width=\"1.5\"/>\n", x, y, r);
        break;
    }
}

static const char *const role_label[PATTERN_ROLES] = {
    [SUDOKU_ROLE_PATTERN] = "pattern", [SUDOKU_ROLE_PIVOT] = "pivot", [SUDOKU_ROLE_PINCER] = "pincer",
    [SUDOKU_ROLE_EXTRA] = "extra", [SUDOKU_ROLE_ON] = "true (on)", [SUDOKU_ROLE_OFF] = "false (off)",
    [SUDOKU_ROLE_BASE] = "pattern", [SUDOKU_ROLE_COVER] = "pattern",
};

/* ------------------------------------------------------------ the grid */

/* Base units shaded, cover units hatched; at hint level 1 only the base, where to look. */
static void put_unit_shading(strbuf *out, const frame *f, const pattern *p, const char *id, int show)
{
    const sudoku_layout *l = f->l;
    int last = show >= SHOW_PATTERN ? SUDOKU_ROLE_COVER : SUDOKU_ROLE_BASE;
    for (int pass = SUDOKU_ROLE_BASE; pass <= last; pass++)
        for (int u = 0; u < l->nunits; u++) {
            if (p->unit_role[u] != 1 + pass)
                continue;
            for (int k = 0; k < l->n; k++) {
                int c = l->unit_cell[u][k];
                sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"%s%s%s\"%s/>\n",
                          cell_x(f, c), cell_y(f, c), CELL, CELL, pass == SUDOKU_ROLE_BASE ? "#cfe3f5" : "url(#",
                          pass == SUDOKU_ROLE_BASE ? "" : id, pass == SUDOKU_ROLE_BASE ? "" : "-hatch)",
                          pass == SUDOKU_ROLE_COVER ? " fill-opacity=\"0.75\"" : "");
            }
        }
}

/* Thin lines between cells, thick ones wherever neighbours lie in different boxes. */
static void put_grid_lines(strbuf *out, const frame *f)
{
    const sudoku_layout *l = f->l;
    int n = l->n;
    for (int thick = 0; thick <= 1; thick++) {
        sb_puts(out, "<path d=\"");
        for (int r = 0; r < n; r++)
            for (int c = 0; c + 1 < n; c++) {
                int a = r * n + c, b = a + 1;
                if ((sudoku_box_of(l, a) != sudoku_box_of(l, b)) == thick)
                    sb_printf(out, "M%g %gv%d", f->x0 + (c + 1) * CELL, f->y0 + r * CELL, CELL);
            }
        for (int r = 0; r + 1 < n; r++)
            for (int c = 0; c < n; c++) {
                int a = r * n + c, b = a + n;
                if ((sudoku_box_of(l, a) != sudoku_box_of(l, b)) == thick)
                    sb_printf(out, "M%g %gh%d", f->x0 + c * CELL, f->y0 + (r + 1) * CELL, CELL);
            }
        sb_printf(out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"square\"/>\n",
                  thick ? "#000" : "#999", thick ? "3" : "1");
    }
    sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\" "
                   "stroke-width=\"4\"/>\n", f->x0, f->y0, n * CELL, n * CELL);
}

static void put_big_digit(strbuf *out, const frame *f, int c, int d, const char *cls)
{
    sb_printf(out, "<text class=\"%s\" x=\"%g\" y=\"%g\">%c</text>\n", cls, cell_x(f, c) + CELL / 2.0,
              cell_y(f, c) + CELL / 2.0 + 11, sudoku_digit_char(d));
}

/* A link's arrow from one candidate to another, bent a little so that chains stay readable. */
static void put_link(strbuf *out, const frame *f, const sudoku_link *k, const char *id)
{
    double x1 = cand_x(f, k->from_cell, k->from_digit), y1 = cand_y(f, k->from_cell, k->from_digit);
    double x2 = cand_x(f, k->to_cell, k->to_digit), y2 = cand_y(f, k->to_cell, k->to_digit);
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    if (len < 1)
        return;
    double ux = dx / len, uy = dy / len, r = 9;
    x1 += ux * r;
    y1 += uy * r;
    x2 -= ux * r;
    y2 -= uy * r;
    /* The curve lies within the triangle of its ends and its control point:
     * with the control point inside the grid, so is the arrow. It bends to
     * the side that keeps it in, else is clamped. */
    double bend = len * 0.12, mx = (x1 + x2) / 2 - uy * bend, my = (y1 + y2) / 2 + ux * bend;
    double lo_x = f->x0 + 2, hi_x = f->x0 + f->l->n * CELL - 2, lo_y = f->y0 + 2, hi_y = f->y0 + f->l->n * CELL - 2;
    if (mx < lo_x || mx > hi_x || my < lo_y || my > hi_y) {
        mx = (x1 + x2) / 2 + uy * bend;
        my = (y1 + y2) / 2 - ux * bend;
    }
    mx = mx < lo_x ? lo_x : mx > hi_x ? hi_x : mx;
    my = my < lo_y ? lo_y : my > hi_y ? hi_y : my;
    bool strong = !k->from_on && k->to_on;
    sb_printf(out,
              "<path d=\"M%g %gQ%g %g %g %g\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s%s "
              "marker-end=\"url(#%s-%s)\"/>\n",
              x1, y1, mx, my, x2, y2, strong ? "#0072b2" : "#d55e00", k->depth ? "1.2" : "2",
              strong ? "" : " stroke-dasharray=\"5,3\"", k->depth ? " stroke-opacity=\"0.55\"" : "", id,
              strong ? "strong" : "weak");
}

/* What the legend lists, as it was drawn. */
typedef struct legend {
    bool role[PATTERN_ROLES];
    bool base, cover, gone, placed, strong, weak, solved, decided;
} legend;

static void put_candidates(strbuf *out, const frame *f, const sudoku_grid *g, const sudoku_grid *clues,
                           const sudoku_step *s, const pattern *p, int show, legend *lg)
{
    const sudoku_layout *l = f->l;
    for (int c = 0; c < l->ncells; c++) {
        if (g->digit[c]) {
            bool given = !clues || clues->digit[c];
            put_big_digit(out, f, c, g->digit[c], given ? "given" : "solved");
            lg->solved |= !given;
            continue;
        }
        if (show >= SHOW_PATTERN && p->whole[c]) {
            for (int r = 0; r < PATTERN_ROLES; r++)
                if (p->whole[c] >> r & 1u) {
                    sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"none\" "
                                   "stroke=\"#0072b2\" stroke-width=\"3\"%s/>\n",
                              cell_x(f, c) + 4, cell_y(f, c) + 4, CELL - 8, CELL - 8,
                              r == SUDOKU_ROLE_PINCER || r == SUDOKU_ROLE_OFF ? " stroke-dasharray=\"4,3\"" : "");
                    lg->role[r] = true;
                }
        }
        if (show >= SHOW_ALL && c == s->place_cell) {
            continue; /* drawn last, over the links */
        }
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1)) {
            int d = mask_first_digit(m);
            double x = cand_x(f, c, d), y = cand_y(f, c, d);
            int role = show >= SHOW_PATTERN ? pattern_role_of(p, c, d) : -1;
            bool gone = show >= SHOW_ALL && (s->elim[c] & sudoku_bit(d));
            if (role >= 0) {
                put_role_shape(out, role, x, y, 8.5);
                lg->role[role] = true;
            }
            sb_printf(out, "<text class=\"%s\" x=\"%g\" y=\"%g\">%c</text>\n", gone ? "gone" : "cand", x, y + 5,
                      sudoku_digit_char(d));
            if (gone) {
                sb_printf(out, "<path d=\"M%g %gl16 -16\" stroke=\"#a33f00\" stroke-width=\"2.2\"/>\n", x - 8,
                          y + 8);
                lg->gone = true;
            }
        }
    }
}

static void put_placement(strbuf *out, const frame *f, const sudoku_step *s, int show, legend *lg)
{
    if (s->place_cell < 0 || show < SHOW_PATTERN)
        return;
    int c = s->place_cell;
    sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"#d6f5e8\" stroke=\"#009e73\" "
                   "stroke-width=\"4\"/>\n", cell_x(f, c) + 3, cell_y(f, c) + 3, CELL - 6, CELL - 6);
    if (show >= SHOW_ALL)
        put_big_digit(out, f, c, s->place_digit, "placed");
    lg->placed = true;
}

/* One legend entry: its symbol at (x, y) and its label; returns its width. */
static double put_legend_item(strbuf *out, const char *id, int what, double x, double y)
{
    const char *label;
    double cy = y - 4;
    if (what < PATTERN_ROLES) {
        put_role_shape(out, what, x + 8, cy, 7);
        label = role_label[what];
    } else if (what == 100) {
        sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"14\" fill=\"#cfe3f5\" stroke=\"#999\"/>",
                  x, cy - 7);
        label = "base unit";
    } else if (what == 101) {
        sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"14\" fill=\"url(#%s-hatch)\" "
                       "stroke=\"#999\"/>", x, cy - 7, id);
        label = "cover unit";
    } else if (what == 102) {
        sb_printf(out, "<text class=\"gone\" x=\"%g\" y=\"%g\">7</text><path d=\"M%g %gl16 -16\" "
                       "stroke=\"#a33f00\" stroke-width=\"2.2\"/>", x + 8, cy + 5, x, cy + 8);
        label = "eliminated";
    } else if (what == 107) {
        sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"14\" fill=\"#fde0c5\" stroke=\"#d55e00\" "
                       "stroke-width=\"2.5\" stroke-dasharray=\"4,2\"/>", x, cy - 7);
        label = "what the step decides";
    } else if (what == 106) {
        sb_printf(out, "<text class=\"solved\" x=\"%g\" y=\"%g\" style=\"font-size:16px\">5</text>", x + 8, cy + 6);
        label = "placed before";
    } else if (what == 103) {
        sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"14\" fill=\"#d6f5e8\" stroke=\"#009e73\" "
                       "stroke-width=\"3\"/>", x, cy - 7);
        label = "placed";
    } else {
        bool strong = what == 104;
        sb_printf(out, "<path d=\"M%g %gh20\" stroke=\"%s\" stroke-width=\"2\"%s marker-end=\"url(#%s-%s)\"/>",
                  x, cy, strong ? "#0072b2" : "#d55e00", strong ? "" : " stroke-dasharray=\"5,3\"", id,
                  strong ? "strong" : "weak");
        label = strong ? "strong link" : "weak link";
    }
    sb_printf(out, "<text class=\"legend\" x=\"%g\" y=\"%g\">%s</text>\n", x + 26, y, label);
    return 26 + 7.2 * (double)strlen(label) + 14;
}

/* Lays out the legend in rows within 'width'; writes when 'out' is given; returns its height. */
static double put_legend(strbuf *out, const legend *lg, const char *id, double x0, double y0, double width)
{
    int items[PATTERN_ROLES + 8], count = 0;
    for (int r = 0; r < SUDOKU_ROLE_BASE; r++)
        if (lg->role[r])
            items[count++] = r;
    if (lg->base) items[count++] = 100;
    if (lg->cover) items[count++] = 101;
    if (lg->gone) items[count++] = 102;
    if (lg->placed) items[count++] = 103;
    if (lg->strong) items[count++] = 104;
    if (lg->weak) items[count++] = 105;
    if (lg->solved) items[count++] = 106;
    if (lg->decided) items[count++] = 107;
    if (!count)
        return 0;
    double x = x0, y = y0 + 15;
    strbuf discard = { 0 };
    for (int i = 0; i < count; i++) {
        double w = put_legend_item(&discard, id, items[i], 0, 0);
        if (x > x0 && x + w > x0 + width) {
            x = x0;
            y += LEGEND_ITEM_H;
        }
        if (out)
            put_legend_item(out, id, items[i], x, y);
        x += w;
    }
    sb_free(&discard);
    return y - y0 + 10;
}

/* ------------------------------------------------------------ pictures */

/*
 * Draws a step into 'out' as an <svg> element at (x, y) of an enclosing
 * picture (0, 0 for a standalone one); returns its height.
 */
static double draw_step(strbuf *out, const path_entry *e, const sudoku_grid *clues, int number, int show,
                        const char *id, double y, bool standalone)
{
    const sudoku_grid *g = &e->before;
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = g->layout;
    static _Thread_local pattern p; /* large: kept off the stack of worker threads */
    pattern_build(&p, g, s);

    double width = l->n * CELL + 2 * MARGIN;
    frame f;
    frame_init(&f, l, MARGIN, TITLE_H + MARGIN / 2.0);

    /* What the legend will hold, known before the body is drawn so that the height is. */
    legend lg = { 0 };
    strbuf body = { 0 };
    /* Links under the candidates, so that no digit is hidden by an arrow. */
    if (show >= SHOW_PATTERN)
        for (int i = 0; i < s->nlinks; i++) {
            put_link(&body, &f, &s->links[i], id);
            if (!s->links[i].from_on && s->links[i].to_on)
                lg.strong = true;
            else
                lg.weak = true;
        }
    put_candidates(&body, &f, g, clues, s, &p, show, &lg);
    put_placement(&body, &f, s, show, &lg);
    /* At hint level 1 a step with no base unit (a chain over half the grid)
     * shows the cells it decides, as the hint's text names them. */
    bool decided = false;
    if (show == SHOW_UNITS) {
        bool any_base = false;
        for (int u = 0; u < l->nunits; u++)
            any_base |= p.unit_role[u] == 1 + SUDOKU_ROLE_BASE;
        lg.decided = decided = !any_base;
    }
    for (int u = 0; u < l->nunits; u++) {
        lg.base |= p.unit_role[u] == 1 + SUDOKU_ROLE_BASE;
        lg.cover |= p.unit_role[u] == 1 + SUDOKU_ROLE_COVER && show >= SHOW_PATTERN;
    }

    enum { MAX_LINES = 512 }; /* a step's text is 4096 bytes at most: 8 a line is the least */
    const char *line[MAX_LINES];
    int len[MAX_LINES];
    int nlines = show >= SHOW_ALL ? wrap(e->text, width - 2 * MARGIN, CAPTION_PX, line, len, MAX_LINES) : 0;
    double grid_bottom = f.y0 + l->n * CELL;
    double legend_h = put_legend(NULL, &lg, id, MARGIN, grid_bottom + 6, width - 2 * MARGIN);
    double height = grid_bottom + 6 + legend_h + nlines * LINE_H + MARGIN;

    sb_printf(out, "<svg %sclass=\"%s\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
              standalone ? "xmlns=\"http://www.w3.org/2000/svg\" " : "", id, y, width, height, width, height);
    sb_printf(out, "<title>Step %d: ", number);
    xml_text(out, s->name);
    sb_puts(out, "</title>\n");
    put_defs(out, id);
    sb_printf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", width, height);
    /* The longest names (nested chains, 65 characters) run past the grid at
     * 17px bold: such a title gets a smaller font, by its measured width
     * (bold is about a tenth wider). */
    char rating[32] = "", lead[24];
    if (!e->is_trial)
        snprintf(rating, sizeof rating, " (%d.%d)", s->rating / 10, s->rating % 10);
    snprintf(lead, sizeof lead, "%d. ", number);
    double room = width - 2 * MARGIN;
    double title_w = 1.12 * (text_width(lead, strlen(lead), 17) + text_width(s->name, strlen(s->name), 17) +
                             text_width(rating, strlen(rating), 17));
    sb_printf(out, "<text class=\"title\" x=\"%d\" y=\"22\"", MARGIN);
    if (title_w > room) /* a smaller font: every renderer honours it (rsvg ignores textLength) */
        sb_printf(out, " style=\"font-size:%.1fpx\"", 17.0 * room / title_w);
    sb_printf(out, ">%d. ", number);
    xml_text(out, s->name);
    sb_puts(out, rating);
    sb_puts(out, "</text>\n");
    if (show >= SHOW_UNITS)
        put_unit_shading(out, &f, &p, id, show);
    for (int c = 0; decided && c < l->ncells; c++)
        if (s->elim[c] || c == s->place_cell)
            sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"#fde0c5\" stroke=\"#d55e00\" "
                           "stroke-width=\"4\" stroke-dasharray=\"8,4\"/>\n",
                      cell_x(&f, c) + 2, cell_y(&f, c) + 2, CELL - 4, CELL - 4);
    put_grid_lines(out, &f);
    if (body.data)
        sb_puts(out, body.data);
    sb_free(&body);
    put_legend(out, &lg, id, MARGIN, grid_bottom + 6, width - 2 * MARGIN);
    for (int i = 0; i < nlines; i++) {
        sb_printf(out, "<text class=\"caption\" x=\"%d\" y=\"%.0f\">", MARGIN, grid_bottom + 6 + legend_h + (i + 1) * LINE_H);
        char piece[512];
        snprintf(piece, sizeof piece, "%.*s", len[i], line[i]);
        xml_text(out, piece);
        sb_puts(out, "</text>\n");
    }
    sb_puts(out, "</svg>\n");
    return height;
}

void svg_step(strbuf *out, const path_entry *e, const sudoku_grid *clues, int number, int show, const char *id)
{
    draw_step(out, e, clues, number, show, id, 0, true);
}

void svg_solution(strbuf *out, const sudoku_grid *clues, const uint8_t *solution, const char *title, const char *id)
{
    const sudoku_layout *l = clues->layout;
    double width = l->n * CELL + 2 * MARGIN;
    frame f;
    frame_init(&f, l, MARGIN, TITLE_H + MARGIN / 2.0);
    double height = f.y0 + l->n * CELL + 6 + LEGEND_ITEM_H + MARGIN;
    sb_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" width=\"%.0f\" height=\"%.0f\" "
                   "viewBox=\"0 0 %.0f %.0f\">\n<title>", id, width, height, width, height);
    xml_text(out, title);
    sb_puts(out, "</title>\n");
    put_defs(out, id);
    sb_printf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", width, height);
    sb_printf(out, "<text class=\"title\" x=\"%d\" y=\"22\">", MARGIN);
    xml_text(out, title);
    sb_puts(out, "</text>\n");
    for (int c = 0; c < l->ncells; c++)
        if (clues->digit[c])
            sb_printf(out, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"#e4e4e4\"/>\n",
                      cell_x(&f, c), cell_y(&f, c), CELL, CELL);
    put_grid_lines(out, &f);
    for (int c = 0; c < l->ncells; c++) {
        if (clues->digit[c])
            put_big_digit(out, &f, c, clues->digit[c], "given");
        else if (solution)
            put_big_digit(out, &f, c, solution[c], "solved");
    }
    /* The legend: givens bold on grey, solved digits italic. */
    double y = f.y0 + l->n * CELL + 6 + 15;
    sb_printf(out, "<rect x=\"%d\" y=\"%.0f\" width=\"16\" height=\"14\" fill=\"#e4e4e4\" stroke=\"#999\"/>"
                   "<text class=\"legend\" x=\"%d\" y=\"%.0f\" style=\"font-weight:bold\">given</text>\n",
              MARGIN, y - 11, MARGIN + 22, y);
    if (solution)
        sb_printf(out, "<text class=\"legend\" x=\"%d\" y=\"%.0f\" style=\"fill:#0072b2;font-style:italic\">"
                       "solved</text>\n", MARGIN + 90, y);
    sb_puts(out, "</svg>\n");
}

/* explain --format svg: steps first..last of the path, one under the other, in one picture. */
void svg_path_range(strbuf *out, const solving_path *p, const char *title, step_range r)
{
    const sudoku_layout *l = p->start.layout;
    double width = l->n * CELL + 2 * MARGIN, y = 0;
    strbuf body = { 0 };
    char id[24];
    if (r.first == 1) {
        strbuf first = { 0 };
        svg_solution(&first, &p->start, NULL, "The puzzle", "s0");
        /* The puzzle first, as a nested picture: its height from its own viewBox. */
        double start_h = TITLE_H + MARGIN / 2.0 + l->n * CELL + 6 + LEGEND_ITEM_H + MARGIN;
        sb_printf(&body, "<g>%s</g>\n", first.data ? first.data : "");
        body.failed |= first.failed;
        sb_free(&first);
        y = start_h;
    }
    for (int i = r.first - 1; i < r.last; i++) {
        snprintf(id, sizeof id, "s%d", i + 1);
        y += draw_step(&body, &p->entry[i], &p->start, i + 1, SHOW_ALL, id, y, false);
    }
    sb_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                   "viewBox=\"0 0 %.0f %.0f\">\n<title>", width, y, width, y);
    xml_text(out, title);
    sb_puts(out, "</title>\n");
    if (body.data)
        sb_puts(out, body.data);
    out->failed |= body.failed;
    sb_free(&body);
    sb_puts(out, "</svg>\n");
}

void svg_path(strbuf *out, const solving_path *p, const char *title)
{
    svg_path_range(out, p, title, (step_range){ 1, p->count });
}

/* print: the grid alone, its clues bold, the solution's other digits lighter; it scales to its box. */
void svg_print_grid(strbuf *out, const sudoku_grid *clues, const uint8_t *solution, const char *id)
{
    const sudoku_layout *l = clues->layout;
    double side = l->n * CELL + 4;
    frame f;
    frame_init(&f, l, 2, 2);
    sb_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" viewBox=\"0 0 %.0f %.0f\">\n", id, side,
              side);
    sb_printf(out, "<defs><style>.%s text{font-family:%s;text-anchor:middle}"
                   ".%s .given{font-size:32px;font-weight:bold;fill:#000}"
                   ".%s .solved{font-size:30px;fill:#555}</style></defs>\n",
              id, FONT, id, id);
    sb_printf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", side, side);
    put_grid_lines(out, &f);
    for (int c = 0; c < l->ncells; c++) {
        if (clues->digit[c])
            put_big_digit(out, &f, c, clues->digit[c], "given");
        else if (solution)
            put_big_digit(out, &f, c, solution[c], "solved");
    }
    sb_puts(out, "</svg>\n");
}
