/*
 * solver_9x9_search.h - the search of solver_9x9.c, included there once
 * for every processor it is built for: V(name) gives each build's
 * functions names of their own, and FAST_BITS says whether the processor
 * counts bits (POPCNT) and gathers and scatters them (BMI2 PEXT and PDEP)
 * in one instruction. Only solver_9x9.c includes it.
 */

/* Bits set in x. */
static ALWAYS_INLINE int V(count32)(uint32_t x)
{
#if FAST_BITS
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

/* The triads (bit 3 * row + box) where a band's word has a cell. */
static ALWAYS_INLINE unsigned V(triads_of)(uint32_t a)
{
#if FAST_BITS
    return _pext_u32(a | a >> 1 | a >> 2, TRIAD_FIRST_CELLS);
#else
    return row_boxes[a & ROW_BITS] | row_boxes[(a >> 9) & ROW_BITS] << 3 | row_boxes[a >> 18] << 6;
#endif
}

/* The cells of a set of triads. */
static ALWAYS_INLINE uint32_t V(triad_cells_of)(unsigned triads)
{
#if FAST_BITS
    return _pdep_u32(triads, TRIAD_FIRST_CELLS) * 7u;
#else
    return triad_cells[triads];
#endif
}


/* Places digit d in the band's cell (0..26); the cell must allow it. */
static void V(place)(board *s, int d, int b, int cell)
{
    uint32_t x = 1u << cell;
    uint32_t mine = s->cand[d][b] & ~band_peers[cell];
    uint32_t keep = ~column_cells[column_of[cell]];
    s->cand[d][b == 0] &= keep;         /* the two other bands */
    s->cand[d][2 - (b == 2)] &= keep;
    s->unsolved[b] &= ~x;
    for (int e = 0; e < 9; e++) /* every digit, then d's word put back: no branch */
        s->cand[e][b] &= ~x;
    s->cand[d][b] = mine;
}

/*
 * Everything one digit's word in one band implies, given the digit's
 * words in the other two bands (b1, b2). False on a contradiction.
 */
static ALWAYS_INLINE bool V(update)(board *s, int d, int b, int b1, int b2)
{
    uint32_t a = s->cand[d][b];
    uint32_t here = columns_of(a), there = columns_of(s->cand[d][b1]) | columns_of(s->cand[d][b2]);
    if ((here | there) != ROW_BITS)
        return false; /* a column has lost the digit */
    /* The rows and boxes are worked out beside the columns, not after
     * them, and what follows (the other bands' columns, the singles) from
     * the rows and boxes alone: the chain of work each update waits on
     * from the last is shorter, which makes the search a tenth faster.
     * When the columns take something more, the word is looked at again
     * next round (its 'seen' is left without it). */
    unsigned support = triad_support[V(triads_of)(a)];
    if (!support)
        return false; /* no way to put the digit once in each row and box */
    uint32_t rows_boxes = a & V(triad_cells_of)(support);
    a = rows_boxes & claim_keep[here & ~there];

    uint32_t keep = locked_keep[columns_of(rows_boxes)];
    s->cand[d][b1] &= keep;
    s->cand[d][b2] &= keep;

    /* A row of the band with one cell left for the digit: placed. Every
     * row has at least one, since each is part of a permutation. */
    uint32_t r0 = rows_boxes & ROW_BITS, r1 = (rows_boxes >> 9) & ROW_BITS, r2 = rows_boxes >> 18;
    uint32_t singles = (one_or_none(r0) ? r0 : 0) | (one_or_none(r1) ? r1 << 9 : 0) | (one_or_none(r2) ? r2 << 18 : 0);
    /* Struck from every digit without a branch on whether there is any:
     * that is hard to predict. */
    uint32_t fresh = singles & s->unsolved[b];
    s->unsolved[b] &= ~fresh;
    for (int e = 0; e < 9; e++) /* d's word is set just below */
        s->cand[e][b] &= ~fresh;
    s->cand[d][b] = a;
    s->seen[d][b] = rows_boxes;
    return true;
}

/* Places every cell left with one candidate; false on a contradiction.
 * Sets *progress when something was placed. Leaves in pairs[b] the
 * band's open cells with two candidates, as they were before any placing:
 * when nothing was placed, what the guess is chosen among. */
static bool V(naked_singles)(board *s, bool *progress, uint32_t *pairs)
{
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[d][b];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        pairs[b] = twice & ~thrice & s->unsolved[b];
        if (s->unsolved[b] & ~once)
            return false; /* a cell with no candidate */
        uint32_t singles = s->unsolved[b] & ~twice;
        while (singles) {
            int cell = bit_index32(singles);
            singles &= singles - 1;
            uint32_t x = 1u << cell;
            int d = 0;
            while (d < 9 && !(s->cand[d][b] & x))
                d++;
            if (d == 9)
                return false; /* a single placed just before took its digit */
            V(place)(s, d, b, cell);
            *progress = true;
        }
    }
    return true;
}

/* Propagates; when true and cells are left, pairs[b] has each band's
 * open cells with two candidates. */
static bool V(propagate)(board *s, uint32_t *pairs)
{
    static const uint8_t other[3][2] = { { 1, 2 }, { 0, 2 }, { 0, 1 } };
    for (;;) {
        for (;;) {
            /* The words that changed since they were last looked at, found
             * without a branch per word: which ones is hard to predict. */
            uint32_t dirty = 0;
            for (int d = 0; d < 9; d++)
                dirty |= ((uint32_t)(s->cand[d][0] != s->seen[d][0]) | (uint32_t)(s->cand[d][1] != s->seen[d][1]) << 1 |
                          (uint32_t)(s->cand[d][2] != s->seen[d][2]) << 2) << (3 * d);
            if (!dirty)
                break;
            do {
                int i = bit_index32(dirty), d = i / 3, b = i % 3;
                dirty &= dirty - 1;
                if (!V(update)(s, d, b, other[b][0], other[b][1]))
                    return false;
            } while (dirty);
        }
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2]))
            return true;
        bool progress = false;
        if (!V(naked_singles)(s, &progress, pairs))
            return false;
        if (!progress)
            return true;
    }
}

/* ------------------------------------------------------------ search */

static void V(record_solution)(search *se, const board *s)
{
    if (++se->found > 1 || !se->solution)
        return;
    /* Solved, each digit has one cell in each row: found without a loop
     * on the bits of a word, whose end is hard to predict. */
    for (int d = 0; d < 9; d++) {
        for (int b = 0; b < 3; b++) {
            uint32_t a = s->cand[d][b];
            uint8_t *row = se->solution + 27 * b;
            row[bit_index32(a & ROW_BITS)] = (uint8_t)(d + 1);
            row[9 + bit_index32((a >> 9) & ROW_BITS)] = (uint8_t)(d + 1);
            row[18 + bit_index32(a >> 18)] = (uint8_t)(d + 1);
        }
    }
}


/* What placing digit d in the band's cell does to its peers: each
 * candidate of d it strikes counts 2, and 5 more when it leaves that peer
 * with one candidate (the peer has two): such a guess goes on to place
 * more. The column's cells in the other two bands are counted together,
 * those of one band shifted by a bit so that none overlap. Counting the
 * peers left single besides the candidates struck makes the search tree
 * a sixth to a quarter smaller on hard puzzles (branch points a puzzle:
 * forum hardest 1106 147 to 125, forum 11+ 89 to 75, top1465 12.6 to 9.3). */
static ALWAYS_INLINE int V(guess_reach)(const board *s, const uint32_t *pairs, int d, int b, int cell)
{
    uint32_t col = column_cells[column_of[cell]];
    int b1 = b == 0, b2 = 2 - (b == 2);
    uint32_t in_band = s->cand[d][b] & band_peers[cell];
    uint32_t in_column = (s->cand[d][b1] & col) | (s->cand[d][b2] & col) << 1;
    uint32_t column_pairs = (pairs[b1] & col) | (pairs[b2] & col) << 1;
    return 2 * (V(count32)(in_band) + V(count32)(in_column)) +
           5 * (V(count32)(in_band & pairs[b]) + V(count32)(in_column & column_pairs));
}

/* Two-candidate cells compared per band at a branch point: scoring them
 * all costs more than it saves. Four of each band find nearly as good a
 * cell as the first twelve of the grid (which are mostly in the first
 * band: 1% more branch points), and fewer are scored: 4% less time on
 * forum hardest 1106. */
#define BRANCH_CHOICES 4
/* Below this many empty cells, the first two-candidate cell is taken. */
#define OPEN_CELLS 20

/* The cell to guess at, as band and cell: among the first cells with two
 * candidates of each band, the one whose guesses reach furthest
 * (guess_reach(): a third fewer guesses on hard puzzles than the first
 * such cell); else the first with the fewest. */
static void V(branch_cell)(const board *s, const uint32_t *pair_cells, int *band, int *cell)
{
    bool scored = false;
    /* reach << 16 | 65535 - (band << 8 | cell), so that the first of the
     * best cells has the largest, kept without a branch on each cell. */
    unsigned best_key = 0;
    /* Near the leaves the subtrees are small: the first such cell will do. */
    int open = V(count32)(s->unsolved[0]) + V(count32)(s->unsolved[1]) + V(count32)(s->unsolved[2]);
    int choices = open > OPEN_CELLS ? BRANCH_CHOICES : 1;
    for (int b = 0; b < 3 && (choices > 1 || !scored); b++) {
        int tried = 0;
        for (uint32_t pairs = pair_cells[b]; pairs && tried < choices; pairs &= pairs - 1) {
            int c = bit_index32(pairs);
            tried++;
            scored = true;
            unsigned digits = 0;
            for (int d = 0; d < 9; d++)
                digits |= ((s->cand[d][b] >> c) & 1u) << d;
            int d1 = bit_index32(digits), d2 = bit_index32(digits & (digits - 1));
            unsigned reach = (unsigned)(V(guess_reach)(s, pair_cells, d1, b, c) + V(guess_reach)(s, pair_cells, d2, b, c));
            unsigned key = (reach + 1) << 16 | (65535u - ((unsigned)b << 8 | (unsigned)c));
            best_key = key > best_key ? key : best_key;
        }
    }
    if (best_key) {
        unsigned where = 65535u - (best_key & 65535u);
        *band = (int)(where >> 8);
        *cell = (int)(where & 255u);
        return;
    }
    int best = 10;
    for (int b = 0; b < 3; b++) {
        for (uint32_t u = s->unsolved[b]; u; u &= u - 1) {
            int c = bit_index32(u), k = 0;
            for (int d = 0; d < 9; d++)
                k += (s->cand[d][b] >> c) & 1;
            if (k < best) {
                best = k;
                *band = b;
                *cell = c;
            }
        }
    }
}

/* Explores a consistent, propagated state; 'depth' guesses led here. */
static void V(dfs)(search *se, board *s, const uint32_t *pairs, int depth)
{
    if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
        V(record_solution)(se, s);
        return;
    }
    int b = 0, cell = 0;
    V(branch_cell)(s, pairs, &b, &cell);
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        digits |= ((s->cand[d][b] >> cell) & 1u) << d;
    se->stats.branch_points++;
    if (depth + 1 > se->stats.max_depth)
        se->stats.max_depth = depth + 1;

    while (digits && se->found < se->limit) {
        int d = bit_index32(digits);
        digits &= digits - 1;
        se->stats.guesses++;
        board child;
        board *t = s;
        if (digits) { /* the last branch may reuse the parent's state */
            child = *s;
            t = &child;
        }
        V(place)(t, d, b, cell);
        uint32_t child_pairs[3];
        if (V(propagate)(t, child_pairs))
            V(dfs)(se, t, child_pairs, depth + 1);
    }
}

static long V(solve)(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
                    sudoku_search_stats *stats)
{
    search se = { .limit = limit < 1 ? 1 : limit, .solution = solution };
    board s;
    memset(s.seen, 0xFF, sizeof s.seen); /* never a 27-bit value: every word is looked at */

    /* The clues of each digit in each band, gathered without a branch on
     * whether a cell holds one (which is random); index 0 takes the blanks. */
    uint32_t clue[10][3] = { { 0 } };
    unsigned marked = 0; /* some empty cell lacks a candidate: pencil marks */
#if FAST_BITS
    /* Sixteen cells a comparison (SSE2, in every x86-64 processor). */
    uint8_t cells[96] = { 0 };
    memcpy(cells, digit, 81);
    uint32_t given[3] = { 0, 0, 0 };
    for (int d = 1; d <= 9; d++) {
        __m128i want = _mm_set1_epi8((char)d);
        uint64_t lo = 0, hi = 0;
        for (int i = 0; i < 4; i++)
            lo |= (uint64_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(cells + 16 * i)), want)) << (16 * i);
        for (int i = 0; i < 2; i++)
            hi |= (uint64_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(cells + 64 + 16 * i)), want)) << (16 * i);
        clue[d][0] = (uint32_t)lo & BAND_CELLS;
        clue[d][1] = (uint32_t)(lo >> 27) & BAND_CELLS;
        clue[d][2] = (uint32_t)(lo >> 54 | hi << 10) & BAND_CELLS;
        given[0] |= clue[d][0];
        given[1] |= clue[d][1];
        given[2] |= clue[d][2];
    }
    for (int b = 0; b < 3; b++)
        clue[0][b] = ~given[b] & BAND_CELLS;
    for (int c = 0; c < 81; c++)
        marked |= (digit[c] - 1u >= 9) & ((cand[c] & 0x1FFu) != 0x1FFu);
#else
    for (int b = 0, c = 0; b < 3; b++) {
        for (int cell = 0; cell < 27; cell++, c++) {
            unsigned d = digit[c], given = d - 1u < 9;
            clue[given ? d : 0][b] |= 1u << cell;
            marked |= !given & ((cand[c] & 0x1FFu) != 0x1FFu);
        }
    }
#endif
    /* All the clues at once: each digit leaves the rows, boxes and columns
     * of its clues, and every digit leaves the clues' cells. The clues of a
     * digit stand together when they hit as many rows, columns and boxes
     * as there are of them. */
    uint32_t blank[3] = { clue[0][0], clue[0][1], clue[0][2] };
    bool ok = true;
    for (int d = 0; d < 9; d++) {
        const uint32_t *p = clue[d + 1];
        unsigned cols = columns_of(p[0] | p[1] | p[2]);
        uint32_t col_cells = cols | cols << 9 | cols << 18;
        int clues = 0, lines = 0, boxes = 0;
        for (int b = 0; b < 3; b++) {
            unsigned triads = V(triads_of)(p[b]);
            unsigned rows = ((triads & 7) != 0) | ((triads & 070) != 0) << 1 | ((triads & 0700) != 0) << 2;
            unsigned box = (triads | triads >> 3 | triads >> 6) & 7;
            s.cand[d][b] = (blank[b] & ~(col_cells | row_cells[rows] | box_cells[box])) | p[b];
            clues += V(count32)(p[b]);
            lines += V(count32)(rows);
            boxes += V(count32)(box);
        }
        ok &= lines == clues && boxes == clues && V(count32)(cols) == clues;
    }
    s.unsolved[0] = blank[0];
    s.unsolved[1] = blank[1];
    s.unsolved[2] = blank[2];

    /* From each empty cell, the candidates a pencil-mark grid had removed. */
    for (int b = 0, c = 0; b < 3 && marked; b++) {
        for (int cell = 0; cell < 27; cell++, c++) {
            unsigned empty = digit[c] - 1u >= 9 ? 0x1FFu : 0; /* all ones for an empty cell */
            unsigned m = cand[c] & empty;
            ok &= !(empty && !m);
            for (unsigned removed = ~m & empty; removed; removed &= removed - 1)
                s.cand[bit_index32(removed)][b] &= ~(1u << cell);
        }
    }
    /* A full grid whose clues stand is its own solution: nothing to propagate. */
    uint32_t pairs[3] = { 0, 0, 0 };
    if (ok && (!(blank[0] | blank[1] | blank[2]) || V(propagate)(&s, pairs)))
        V(dfs)(&se, &s, pairs, 0);
    if (stats)
        *stats = se.stats;
    return se.found;
}
