/*
 * print.c - sudoku print's page (print.h).
 */
#include "print.h"
#include "path.h"

#include <stdio.h>
#include <string.h>

/*
 * A4 with 12 mm margins leaves 186 x 273 mm. Each sheet is a grid of
 * cells a little less tall than that (so that rounding never spills a
 * sheet onto a second page), a puzzle's grid sized to fill its cell under
 * its caption. The last sheet has no break after it: no blank last page.
 */
static const char *const print_style =
    "@page{size:A4;margin:12mm}"
    "html,body{margin:0;padding:0;background:#fff;color:#000}"
    "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
    ".sheet{box-sizing:border-box;width:186mm;height:268mm;overflow:hidden;display:grid;"
    "justify-items:center;align-items:center;break-after:page;page-break-after:always}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}"
    ".per-1{grid-template:1fr/1fr}.per-1 svg{width:160mm}"
    ".per-2{grid-template:1fr 1fr/1fr}.per-2 svg{width:112mm}"
    ".per-4{grid-template:1fr 1fr/1fr 1fr}.per-4 svg{width:86mm}"
    ".per-6{grid-template:1fr 1fr 1fr/1fr 1fr}.per-6 svg{width:72mm}"
    ".answers{grid-template:auto 1fr 1fr 1fr 1fr/1fr 1fr 1fr}.answers svg{width:52mm}"
    ".answers h2{grid-column:1/-1;margin:0 0 2mm;font-size:14pt}"
    "figure{margin:0;text-align:center}"
    "figcaption{font-size:11pt;margin-top:2mm}"
    ".answers figcaption{font-size:9pt;margin-top:1mm}"
    "figcaption .n{font-weight:bold}"
    "svg{display:block;height:auto}"
    "@media screen{body{background:#ddd}.sheet{background:#fff;margin:6mm auto;"
    "box-shadow:0 0 3mm rgba(0,0,0,.3);padding:4mm;width:194mm;height:276mm}}";

void print_record(const char *puzzle, const char *solution, const char *level, int er, strbuf *out)
{
    sb_printf(out, "%s %s %s %d\n", puzzle, solution, level, er);
}

void print_begin(const options *opt, strbuf *out)
{
    (void)opt;
    sb_printf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                   "<title>Sudoku puzzles</title>\n<style>%s</style>\n</head>\n<body>\n",
              print_style);
}

/* A grid from a line of its cells ('.' or a digit); false when it is not one. */
static bool grid_of(const char *cells, size_t n, sudoku_grid *g)
{
    const sudoku_layout *l = sudoku_layout_for_size(n == 64 ? 8 : 9);
    if (!l || (n != 64 && n != 81))
        return false;
    sudoku_grid_init(g, l);
    for (size_t c = 0; c < n; c++) {
        char ch = cells[c];
        g->digit[c] = (uint8_t)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
    return true;
}

void print_puzzle(const options *opt, long number, const char *record, strbuf *out, strbuf *solutions)
{
    char puzzle[SUDOKU_MAX_CELLS + 1], solution[SUDOKU_MAX_CELLS + 1], level[16], id[32];
    int er;
    sudoku_grid g;
    if (sscanf(record, "%81s %81s %15s %d", puzzle, solution, level, &er) != 4 ||
        !grid_of(puzzle, strlen(puzzle), &g))
        return;
    int per = opt->per_page > 0 ? opt->per_page : 4;
    if ((number - 1) % per == 0) {
        if (number > 1)
            sb_puts(out, "</section>\n");
        sb_printf(out, "<section class=\"sheet per-%d\">\n", per);
    }
    snprintf(id, sizeof id, "q%ld", number);
    sb_puts(out, "<figure>");
    svg_print_grid(out, &g, NULL, id);
    sb_printf(out, "<figcaption><span class=\"n\">No. %ld</span> &#183; %s", number, level);
    if (er >= 0)
        sb_printf(out, " &#183; ER %d.%d", er / 10, er % 10);
    sb_puts(out, "</figcaption></figure>\n");
    sb_printf(solutions, "%ld %s %s\n", number, puzzle, solution);
}

void print_end(const options *opt, long printed, const strbuf *solutions, strbuf *out)
{
    (void)opt;
    if (printed > 0)
        sb_puts(out, "</section>\n");
    const char *line = solutions->data;
    long k = 0;
    while (line && *line) {
        long number;
        char puzzle[SUDOKU_MAX_CELLS + 1], solution[SUDOKU_MAX_CELLS + 1], id[32];
        sudoku_grid g;
        if (sscanf(line, "%ld %81s %81s", &number, puzzle, solution) == 3 && grid_of(puzzle, strlen(puzzle), &g)) {
            if (k % PRINT_SOLUTIONS_PER_PAGE == 0) {
                if (k)
                    sb_puts(out, "</section>\n");
                sb_puts(out, "<section class=\"sheet answers\">\n<h2>Solutions</h2>\n");
            }
            uint8_t digits[SUDOKU_MAX_CELLS];
            for (int c = 0; c < g.layout->ncells; c++)
                digits[c] = (uint8_t)(solution[c] - '0');
            snprintf(id, sizeof id, "a%ld", number);
            sb_puts(out, "<figure>");
            svg_print_grid(out, &g, digits, id);
            sb_printf(out, "<figcaption>No. %ld</figcaption></figure>\n", number);
            k++;
        }
        const char *next = strchr(line, '\n');
        line = next ? next + 1 : NULL;
    }
    if (k)
        sb_puts(out, "</section>\n");
    sb_puts(out, "</body>\n</html>\n");
}
