#!/bin/sh
# Command-line tests for the sudoku program.
#
#   SUDOKU=build/sudoku sh tests/cli/run.sh      (what 'make test-cli' runs)
#
# Each case runs one command and compares its exact standard output,
# standard error and exit status with what is expected:
#
#   tcase NAME STATUS CMD...            standard input is /dev/null
#   tcase_in FILE NAME STATUS CMD...    standard input is FILE
#
#   tests/cli/expected/NAME.out   the exact standard output (missing: empty)
#   tests/cli/expected/NAME.err   the exact standard error (missing: empty)
#   tests/cli/expected/NAME.grep  instead of NAME.out: lines that must each
#                                 appear, whole, in standard output (help)
#
# Commands run from the repository root, so file names in messages read
# tests/cli/...; 'in_tmp' runs a command in the scratch directory, where
# the cases that need symbolic links or unreadable files build them.
# POSIX sh; no other language needed.
#
# The puzzles: line9.txt is the example of Wikipedia's "Sudoku" article,
# whose published solution the expected outputs hold; the 9x9 puzzles in
# multi.txt, tree/ and multiple.txt are from the public datasets in
# ../shared/data (puzzles1_unbiased lines 1-4, magictour top1465 line 1,
# serg benchmark line 1, which has 872 solutions); the 8x8 brick-wall
# puzzle is hand-made. Every solution, solution count and "no solution"
# here was checked with an independent brute-force solver when written.

suite=cli
. "$(dirname "$0")/../harness.sh"
D=tests/cli          # the input files
E=tests/cli/expected # the expected outputs

# ------------------------------------------------------------ the harness

# VALGRIND: a command prefix such as "valgrind --error-exitcode=99 ..." (make valgrind).
sudoku() { $VALGRIND "$SUDOKU" "$@"; }
# The --summary times vary from run to run: the numbers of the 'time:'
# line, and of the "seconds" and "per_second" of the JSON summary, are
# replaced by '(varies)' when they have the expected form, on standard
# output and standard error, so that the rest is compared exactly.
stable_time() {
    "$@" >"$tmp/raw" 2>"$tmp/raw_err"
    _status=$?
    sed -e 's|^time: [0-9][0-9]*\.[0-9][0-9][0-9]s, [0-9][0-9]* puzzles*/s$|time: (varies)|' \
        -e 's|^time: [0-9][0-9]*\.[0-9][0-9][0-9]s, [0-9][0-9]*\.[0-9]s per puzzle$|time: (varies)|' \
        -e 's|"seconds":[0-9][0-9]*\.[0-9][0-9][0-9],"per_second":[0-9][0-9]*}}$|"seconds":(varies)}}|' \
        "$tmp/raw_err" >&2
    sed -e 's|^time: [0-9][0-9]*\.[0-9][0-9][0-9]s, [0-9][0-9]* puzzles*/s$|time: (varies)|' \
        -e 's|^time: [0-9][0-9]*\.[0-9][0-9][0-9]s, [0-9][0-9]*\.[0-9]s per puzzle$|time: (varies)|' \
        -e 's|"seconds":[0-9][0-9]*\.[0-9][0-9][0-9],"per_second":[0-9][0-9]*}}$|"seconds":(varies)}}|' \
        "$tmp/raw"
    return $_status
}
in_tmp() { (cd "$tmp/work" && "$@"); }
to_full() { "$@" >/dev/full; }

# Every line of $1 must be a whole line of $2.
has_lines() {
    while IFS= read -r want; do
        grep -F -x -q -e "$want" "$2" || return 1
    done <"$1"
}

input=/dev/null

tcase() {
    name=$1 want=$2
    shift 2
    "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    got=$?
    input=/dev/null
    ok=1
    why=
    if [ "$got" != "$want" ]; then
        ok=0
        why="$why
  --- status: expected $want, got $got"
    fi
    if [ -f "$E/$name.grep" ]; then
        if [ ! -s "$tmp/out" ] || ! has_lines "$E/$name.grep" "$tmp/out"; then
            ok=0
            why="$why
$(echo "  --- stdout lacks a line of $E/$name.grep:"; sed 's/^/  | /' "$tmp/out")"
        fi
    elif ! same "$E/$name.out" "$tmp/out"; then
        ok=0
        why="$why
$(show_diff stdout "$E/$name.out" "$tmp/out")"
    fi
    if ! same "$E/$name.err" "$tmp/err"; then
        ok=0
        why="$why
$(show_diff stderr "$E/$name.err" "$tmp/err")"
    fi
    if [ $ok = 0 ] && [ -n "${UPDATE_EXPECTED:-}" ] && [ ! -f "$E/$name.grep" ]; then
        accept_output "$E/$name"
    fi
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
        echo "ok $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name: $*$why"
    fi
}

tcase_in() {
    input=$1
    shift
    tcase "$@"
}

# ------------------------------------------------------------ scratch files

mkdir "$tmp/work" || exit 2
(
    cd "$tmp/work" || exit 1
    # A directory holding a puzzle and a symbolic link to nothing.
    mkdir dangling &&
    cp "$root/$D/line9.txt" dangling/a.txt &&
    ln -s ../no-such-file dangling/b.txt &&
    # A directory with a link back to itself below it.
    mkdir -p loop/sub &&
    cp "$root/$D/line8.txt" loop/p.txt &&
    ln -s .. loop/sub/up &&
    # A directory with a file that cannot be read (unless we are root).
    mkdir locked &&
    cp "$root/$D/line9.txt" locked/a.txt &&
    cp "$root/$D/line9.txt" locked/b.txt &&
    chmod 000 locked/b.txt
) || { echo "run.sh: cannot set up $tmp" >&2; exit 2; }
# Batch inputs, for the tsv/csv/json cases. odd/: file names that need
# quoting in CSV (comma, quote, line break) and escaping in TSV (tab,
# backslash); batchtree/: good and bad files, a hidden file and directory
# that must be skipped, and a symbolic link to nothing, which is reported
# while the rest is still read.
(
    cd "$tmp/work" || exit 1
    mkdir odd &&
    cp "$root/$D/line9.txt" 'odd/a,b "q".txt' &&
    cp "$root/$D/line8.txt" "odd/$(printf 't\tab\\x.txt')" &&
    cp "$root/$D/grade-small.txt" "odd/new
line.txt" &&
    mkdir -p batchtree/good/sub batchtree/.hid &&
    cp "$root/$D/line9.txt" batchtree/good/a.txt &&
    cp "$root/$D/grid8.txt" batchtree/good/sub/b.txt &&
    cp "$root/$D/grade-mixed.txt" batchtree/bad.txt &&
    cp "$root/$D/nosol.txt" batchtree/good/none.txt &&
    cp "$root/$D/bad.txt" batchtree/.hidden.txt &&
    cp "$root/$D/bad.txt" batchtree/.hid/x.txt &&
    ln -s no-such-file batchtree/gone.txt
) || { echo "run.sh: cannot set up $tmp/work" >&2; exit 2; }
# Issue 11: names with control characters (a line feed, a carriage return,
# a terminal escape sequence), a directory with what a walk must pass over
# (a compressed file, a README, a FIFO, a link to /dev/zero), and files
# that standard output will be written to.
(
    cd "$tmp/work" || exit 1
    mkdir names &&
    cp "$root/$D/nosol.txt" "names/$(printf 'new\nline\r\033[31mred.txt')" &&
    cp "$root/$D/explain-easy.txt" "$(printf 'esc\033[2J.txt')" &&
    mkdir walk &&
    cp "$root/$D/line9.txt" walk/a.txt &&
    cp "$root/$D/line9.txt.gz" walk/b.txt.gz &&
    cp "$root/puzzles/README.md" walk/README.md &&
    cp "$root/$D/line8.txt" walk/z.txt &&
    ln -s /dev/zero walk/zero &&
    mkdir grades &&
    cp "$root/$D/grade-small.txt" grades/a.txt &&
    cp "$root/$D/line9.txt" self.txt &&
    cp "$root/$D/line9.txt" self-stdin.txt
) || { echo "run.sh: cannot set up $tmp/work" >&2; exit 2; }
have_fifo=0
if mkfifo "$tmp/work/walk/pipe" 2>/dev/null && mkfifo "$tmp/work/named-pipe" 2>/dev/null; then
    have_fifo=1
fi
# Standard output appended to (>>) or written to (>) a file.
append_to() { _f=$1; shift; "$@" >>"$_f"; }
write_to() { _f=$1; shift; "$@" >"$_f"; }
# Standard input from a file.
read_from() { _f=$1; shift; "$@" <"$_f"; }
# A command that might block forever if broken (reading a FIFO, /dev/zero):
# 'timeout', when there is one, ends it after 20 seconds (status 124).
bounded() {
    if command -v timeout >/dev/null 2>&1; then timeout 20 "$@"; else "$@"; fi
}
# A FIFO named on the command line is read, as cat reads it: a writer
# feeds it.
fifo_fed() {
    cat "$root/$D/line9.txt" >named-pipe &
    bounded "$@"
    _s=$?
    wait
    return $_s
}
# 'sudoku help CMD' and 'sudoku CMD --help' print the same text.
help_agrees() {
    sudoku help "$1" >"$tmp/help1" && sudoku "$1" --help >"$tmp/help2" || return 1
    cmp "$tmp/help1" "$tmp/help2" >/dev/null || { diff "$tmp/help1" "$tmp/help2"; return 1; }
}
P=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
P8=18....7...26.81.8.3.6.4.4..231...2.......5.14.67.....6...6.41.5.
PNONE=532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
# More output than a stdio buffer holds.
i=0
while [ $i -lt 200 ]; do
    cat "$D/line9.txt"
    i=$((i + 1))
done >"$tmp/many.txt"

# ------------------------------------------------------------ the cases

# Usage errors: status 64, a message on standard error only.
tcase usage_no_command          64 sudoku
tcase usage_unknown_command     64 sudoku solv "$D/line9.txt"
tcase usage_unknown_option      64 sudoku solve -x "$D/line9.txt"
tcase usage_long_unknown        64 sudoku solve --sizes=9 "$D/line9.txt"
tcase usage_other_command_opt   64 sudoku solve --count 2 "$D/line9.txt"
tcase usage_check_no_format     64 sudoku check --format grid "$D/line9.txt"
tcase usage_quiet_value         64 sudoku check --quiet=yes "$D/line9.txt"
tcase usage_size_7              64 sudoku solve --size 7 "$D/line9.txt"
tcase usage_size_word           64 sudoku check --size=nine "$D/line9.txt"
tcase usage_size_missing        64 sudoku solve "$D/line9.txt" --size
tcase usage_format_bad          64 sudoku solve --format=box "$D/line9.txt"
tcase usage_format_missing      64 sudoku solve -f
tcase usage_count_zero          64 sudoku check --count 0 "$D/line9.txt"
tcase usage_count_word          64 sudoku check -c many "$D/line9.txt"
tcase usage_count_too_big       64 sudoku check --count=1000000001 "$D/line9.txt"
tcase usage_before_input        64 sudoku solve "$D/no-such-file.txt" --frob

# Help and version: status 0, on standard output.
tcase help_long                 0 sudoku --help
tcase help_short                0 sudoku -h
tcase help_word                 0 sudoku help
tcase help_solve                0 sudoku solve --help
tcase help_solve_short          0 sudoku solve "$D/line9.txt" -h
tcase help_check                0 sudoku check --help
tcase version_long              0 sudoku --version
tcase version_short             0 sudoku -V
tcase version_solve             0 sudoku solve --version
tcase version_check             0 sudoku check -V

# Status 0: every puzzle has one solution.
tcase solve_line9               0 sudoku solve "$D/line9.txt"
tcase solve_line8               0 sudoku solve "$D/line8.txt"
tcase check_line9               0 sudoku check "$D/line9.txt"
tcase solve_empty_input         65 sudoku solve -

# Input formats.
tcase solve_blanks              0 sudoku solve "$D/blanks.txt"
tcase check_blanks              0 sudoku check "$D/blanks.txt"
tcase solve_rated               0 sudoku solve "$D/rated.txt"
tcase solve_framed              0 sudoku solve "$D/framed.txt"
tcase solve_spaced              0 sudoku solve "$D/spaced.txt"
tcase solve_ss                  0 sudoku solve "$D/ss.ss"
tcase solve_sdk                 0 sudoku solve "$D/sdk.sdk"
tcase solve_grid8               0 sudoku solve "$D/grid8.txt"
tcase check_crlf_cr             0 sudoku check "$D/crlf.txt" "$D/cr.txt"
tcase solve_multi               0 sudoku solve "$D/multi.txt"
tcase check_multi               0 sudoku check "$D/multi.txt"
tcase solve_pencil9             0 sudoku solve "$D/pencil9.txt"
tcase check_pencil8             0 sudoku check --count 9 "$D/pencil8.txt"

# Output formats and --size.
tcase solve_format_grid9        0 sudoku solve --format grid "$D/line9.txt"
tcase solve_format_grid8        0 sudoku solve "$D/line8.txt" -f grid
tcase solve_format_grid_both    0 sudoku solve -f grid "$D/line9.txt" "$D/grid8.txt"
tcase solve_format_line         0 sudoku solve --format=line "$D/framed.txt"
tcase solve_size9               0 sudoku solve --size 9 "$D/line9.txt" "$D/framed.txt"
tcase solve_size8               0 sudoku solve -s 8 "$D/line8.txt" "$D/grid8.txt"
tcase solve_size9_on_8x8        65 sudoku solve --size=9 "$D/line9.txt" "$D/line8.txt"
tcase check_size8_on_9x9        65 sudoku check -s 8 "$D/rated.txt"

# Status 1: no solution, contradictory clues included.
tcase solve_none                1 sudoku solve "$D/nosol.txt"
tcase check_none                1 sudoku check "$D/nosol.txt"

# Status 2: several solutions.
tcase solve_multiple            2 sudoku solve "$D/multiple.txt"
tcase check_multiple            2 sudoku check "$D/multiple.txt"
tcase check_count_1             2 sudoku check --count 1 "$D/multiple.txt"
tcase check_count_3             2 sudoku check -c 3 "$D/multiple.txt"
tcase check_count_871           2 sudoku check --count=871 "$D/multiple.txt"
tcase check_count_872           2 sudoku check -c 872 "$D/multiple.txt"
tcase check_count_unique        0 sudoku check -c 5 "$D/line9.txt" "$D/line8.txt"
tcase solve_multiple_unique     2 sudoku solve "$D/line9.txt" "$D/multiple.txt" "$D/line8.txt"

# check -q: nothing on standard output, the status tells.
tcase check_quiet_unique        0 sudoku check -q "$D/multi.txt"
tcase check_quiet_none          1 sudoku check --quiet "$D/nosol.txt" "$D/line9.txt"
tcase check_quiet_multiple      2 sudoku check -q "$D/multiple.txt"
tcase check_quiet_count         2 sudoku check -q -c 3 "$D/multiple.txt"
tcase check_quiet_bad           65 sudoku check -q "$D/bad.txt"

# Status 65: malformed input; the good puzzles are still done.
tcase solve_bad                 65 sudoku solve "$D/bad.txt"
tcase check_bad                 65 sudoku check --count 2 "$D/bad.txt"
tcase solve_grid_bad            65 sudoku solve "$D/grid-bad.txt"
tcase check_grid_bad            65 sudoku check "$D/grid-bad.txt"

# Standard input: no operand, '-', '-' among files, and after '--'.
tcase_in "$D/line9.txt"  stdin_no_operand   0 sudoku solve
tcase_in "$D/line9.txt"  stdin_dash         0 sudoku solve -
tcase_in "$D/bad.txt"    stdin_messages     65 sudoku check
tcase_in "$D/grid8.txt"  stdin_between      0 sudoku solve "$D/line9.txt" - "$D/pencil9.txt"
tcase_in "$D/framed.txt" stdin_after_dashes 0 sudoku check -- -

# Several files in order; a directory, recursively, in name order.
tcase files_in_order            0 sudoku solve "$D/line8.txt" "$D/sdk.sdk" "$D/line8.txt"
tcase directory                 0 sudoku check "$D/tree"
tcase directory_and_file        0 sudoku solve "$D/line9.txt" "$D/tree/a" "$D/line8.txt"

# Status 66: an operand that cannot be read; the others are still read.
tcase missing_file              66 sudoku solve "$D/line9.txt" "$D/no-such-file.txt" "$D/line8.txt"
tcase dangling_link             66 in_tmp sudoku solve dangling
tcase directory_loop            66 in_tmp sudoku check loop
if [ "$(id -u)" != 0 ] && ! cat "$tmp/work/locked/b.txt" >/dev/null 2>&1; then
    tcase unreadable_file       66 in_tmp sudoku solve locked
else
    skip unreadable_file "running as root: permissions do not stop reading"
fi

# Status 74: output cannot be written.
if [ -w /dev/full ]; then
    tcase full_solve            74 to_full sudoku solve "$D/line9.txt"
    tcase full_check_big        74 to_full sudoku check "$tmp/many.txt"
    tcase full_quiet            0 to_full sudoku check -q "$D/line9.txt"
    tcase full_precedence       74 to_full sudoku solve "$D/no-such-file.txt" "$D/bad.txt" "$D/nosol.txt"
else
    skip full_solve "no /dev/full"
fi

# When puzzles end differently the most severe status wins:
# 74, 66, 65, 1, 2, 0 - whatever the order of the inputs.
tcase precedence_2_over_0       2 sudoku check "$D/multiple.txt" "$D/line9.txt"
tcase precedence_1_over_2       1 sudoku check "$D/multiple.txt" "$D/nosol.txt"
tcase precedence_1_over_2_rev   1 sudoku check "$D/nosol.txt" "$D/multiple.txt"
tcase precedence_65_over_1      65 sudoku check -q "$D/bad.txt" "$D/nosol.txt" "$D/multiple.txt"
tcase precedence_65_over_1_rev  65 sudoku check -q "$D/nosol.txt" "$D/bad.txt"
tcase precedence_66_over_65     66 sudoku check -q "$D/bad.txt" "$D/no-such-file.txt" "$D/nosol.txt"
tcase precedence_66_over_65_rev 66 sudoku check -q "$D/no-such-file.txt" "$D/bad.txt"

# grade and explain. The expected ratings were worked out from the
# definitions, not copied from the program: grade.txt holds the issue's
# puzzles with Sudoku Explainer's own ER/EP/ED (the sixth is SE's 4.2/1.2/1.2,
# an XY-Wing: expert, no guess); grade-small.txt,
# explain-easy.txt and explain-few.txt are solved grids with a few cells
# blanked, traced by hand (box singles and full houses); the levels come
# from the tier definitions (checked with an independent closure, see
# tests/test_rating.c). The two 8x8 dataset puzzles in grade8.txt (line8.txt's
# and line 35 of puzzles/8x8.txt) were rated with an independent
# implementation of the definitions, which gives the same ratings in every
# scanning order. explain-guess.txt: SE needs forcing chains in both
# puzzles; explain_chains shows them (its steps follow SE's path, as
# tests/test_se_oracle.c checks for ratings), while explain_guess cuts the
# table after the hidden triple (-T), so that logic stalls and trials are
# shown: the trial cell is the first with the fewest candidates in the
# stalled position, and the solutions were checked independently.
tcase grade_text                0 sudoku grade "$D/grade.txt"
tcase grade_json                0 sudoku grade --json "$D/grade-small.txt"
tcase grade_serate              0 sudoku grade --format serate "$D/grade.txt"
tcase_in "$D/grade.txt" grade_stdin 0 sudoku grade
tcase grade_directory           0 sudoku grade "$D/grade-small.txt" "$D/gradetree"
tcase grade_8x8                 0 sudoku grade "$D/grade8.txt"
tcase grade_mixed               65 sudoku grade "$D/grade-mixed.txt"
tcase grade_json_mixed          65 sudoku grade -f json "$D/grade-mixed.txt"
tcase grade_serate_mixed        65 sudoku grade -f serate "$D/grade-mixed.txt"
tcase grade_multiple            2 sudoku grade "$D/grade-small.txt" "$D/multiple.txt"
tcase grade_none                1 sudoku grade "$D/multiple.txt" "$D/nosol.txt" "$D/grade-small.txt"
tcase grade_gate_naked-single    1 sudoku grade -f tsv -T naked-single "$D/grade-gate.txt"
tcase grade_gate_dynamic-chain   1 sudoku grade -f tsv -T dynamic-chain "$D/grade-gate.txt"
# grade --scale basic: basic.txt and basic8.txt hold a puzzle of each
# level on each layout, the hard and very-hard ones on both sides of the
# depth limit (depths 5 and 6); tests/test_basic_scale.c rates the same
# puzzles with an independent implementation of the definitions, which
# gives the same levels and depths in any order of the methods. A puzzle
# without one solution gets its verdict where the level goes, as on SE's
# scale; --scale se is the default.
scale_se_same() {
    sudoku grade "$@" >"$tmp/default" 2>&1
    sudoku grade --scale se "$@" >"$tmp/se" 2>&1
    cmp "$tmp/default" "$tmp/se"
}
tcase grade_basic_text          0 sudoku grade --scale basic "$D/basic.txt" "$D/basic8.txt"
tcase grade_basic_tsv           0 sudoku grade --scale basic -f tsv "$D/basic.txt"
tcase grade_basic_csv           0 sudoku grade --scale=basic --format=csv "$D/basic8.txt"
tcase grade_basic_json          0 sudoku grade --json --scale basic "$D/basic8.txt"
tcase grade_basic_mixed         65 sudoku grade --scale basic -H "$D/grade-mixed.txt"
tcase grade_basic_json_mixed    65 sudoku grade --scale basic --json "$D/grade-mixed.txt"
tcase grade_basic_summary       65 stable_time sudoku grade --scale basic --summary "$D/grade-mixed.txt" "$D/basic.txt"
tcase grade_basic_json_summary  0 stable_time sudoku grade --scale basic -q --json --summary "$D/basic.txt" "$D/basic8.txt"
tcase grade_basic_jobs          0 sudoku grade --scale basic -j 3 "$D/basic.txt" "$D/basic8.txt" "$D/basic.txt"
tcase grade_scale_se            0 scale_se_same "$D/grade-mixed.txt" "$D/grade.txt" "$D/grade8.txt"
tcase grade_scale_se_json       0 scale_se_same -f json "$D/grade-mixed.txt" "$D/grade.txt"
tcase usage_scale_value         64 sudoku grade --scale fast "$D/basic.txt"
tcase usage_scale_missing       64 sudoku grade "$D/basic.txt" --scale
tcase usage_scale_serate        64 sudoku grade --scale basic -f serate "$D/basic.txt"
tcase usage_scale_techniques    64 sudoku grade -T pointing --scale basic "$D/basic.txt"
tcase usage_scale_solve         64 sudoku solve --scale basic "$D/basic.txt"
tcase explain_easy              0 sudoku explain "$D/explain-easy.txt"
tcase explain_candidates        0 sudoku explain --candidates "$D/explain-few.txt"
tcase explain_guess             0 sudoku explain -T hidden-triple "$D/explain-guess.txt"
tcase explain_chains            0 sudoku explain "$D/explain-guess.txt"
tcase explain_multiple          2 sudoku explain "$D/multiple.txt"
tcase help_grade                0 sudoku grade --help
tcase help_explain              0 sudoku explain -h

# The path as data, and hints. pointing.txt is the position of
# explain-guess.txt's first puzzle after its 17 singles: 1 in box 4 lies
# only in row 4 (r4c1, r4c3), so r4c4 and r4c6 lose their 1 - checked by
# hand. wrong-candidate.txt lacks the solution's 3 in r1c3,
# wrong-digit.txt has a 4 in r1c1 where the solution has 1 (a 6 in r7c1
# would explain the clash as well: both are named). With every technique on,
# logic solves every puzzle with one solution, so the cases that show trials
# cut the table short with -T (--techniques) after the hidden triple.
tcase explain_candidates_marked 0 sudoku explain -T hidden-triple --candidates "$D/pointing.txt"
tcase explain_json_easy         0 sudoku explain --format json "$D/explain-easy.txt"
tcase explain_json_multiple     2 sudoku explain --json "$D/multiple.txt"
tcase hint_pointing             0 sudoku hint "$D/pointing.txt"
tcase hint_level_1              0 sudoku hint --level 1 "$D/pointing.txt"
tcase hint_level_2              0 sudoku hint -l2 "$D/pointing.txt"
tcase hint_json                 0 sudoku hint --format json "$D/pointing.txt"
tcase_in "$D/explain-easy.txt" hint_stdin 0 sudoku hint -
tcase hint_8x8                  0 sudoku hint "$D/pencil8.txt" "$D/line8.txt"
tcase hint_trial                0 sudoku hint -T hidden-triple "$D/stuck.txt"
tcase hint_trial_level_1        0 sudoku hint -l 1 --techniques=hidden-triple "$D/stuck.txt"
# A table of full houses alone: trials until only single candidates are
# left, which are then read off (a trial there would refute nothing, and
# once made the path never ended).
tcase explain_full_house_only   0 bounded "$SUDOKU" explain -T full-house "$D/line8.txt"
tcase hint_wrong_candidate      1 sudoku hint "$D/wrong-candidate.txt"
tcase hint_wrong_digit          1 sudoku hint "$D/wrong-digit.txt"
tcase hint_multiple             2 sudoku hint "$D/multiple.txt"
tcase hint_solved               0 sudoku hint "$D/solved.txt"
tcase hint_solved_json          0 sudoku hint --json "$D/solved.txt"
tcase usage_hint_level          64 sudoku hint --level 4 "$D/pointing.txt"
tcase usage_explain_format      64 sudoku explain -f csv "$D/pointing.txt"
tcase help_hint                 0 sudoku hint --help

# Batch formats: tsv and csv have a header line and the columns source,
# line, puzzle, verdict, then the command's own; csv has CRLF line ends
# and RFC 4180 quoting; json is JSON Lines, one object per record naming
# its file and line. Invalid records keep their place (empty puzzle, the
# reason on standard error); none and multiple have empty result columns.
tcase solve_tsv                 0 sudoku solve -f tsv "$D/line9.txt" "$D/line8.txt"
tcase solve_csv                 0 sudoku solve --format=csv "$D/line9.txt" "$D/grid8.txt"
tcase solve_json                0 sudoku solve --json "$D/multi.txt"
tcase solve_tsv_mixed           65 sudoku solve -f tsv "$D/bad.txt" "$D/nosol.txt" "$D/multiple.txt"
tcase solve_csv_mixed           65 sudoku solve -f csv "$D/grade-mixed.txt"
tcase solve_json_mixed          65 sudoku solve -f json "$D/grade-mixed.txt"
tcase check_tsv                 0 sudoku check -f tsv "$D/multi.txt"
tcase check_csv                 0 sudoku check -f csv "$D/multi.txt" "$D/line8.txt"
tcase check_json                0 sudoku check --json "$D/line9.txt"
tcase check_tsv_mixed           65 sudoku check -f tsv "$D/grade-mixed.txt"
tcase check_csv_mixed           65 sudoku check -f csv "$D/grade-mixed.txt"
tcase check_json_mixed          65 sudoku check -f json "$D/grade-mixed.txt"
tcase check_count_tsv           1 sudoku check -f tsv -c 3 "$D/multiple.txt" "$D/line9.txt" "$D/nosol.txt"
tcase check_count_json          2 sudoku check --json --count 3 "$D/multiple.txt" "$D/line9.txt"
tcase check_count_871_tsv       2 sudoku check -f tsv -c 871 "$D/multiple.txt"
tcase check_count_872_json      2 sudoku check -f json -c 872 "$D/multiple.txt"
tcase grade_tsv                 0 sudoku grade -f tsv "$D/grade.txt"
tcase grade_csv                 0 sudoku grade -f csv "$D/grade.txt" "$D/grade-small.txt"
tcase grade_tsv_8x8             0 sudoku grade --format tsv "$D/grade8.txt"
tcase grade_tsv_mixed           65 sudoku grade -f tsv "$D/grade-mixed.txt"
tcase grade_csv_mixed           65 sudoku grade -f csv "$D/grade-mixed.txt"
tcase_in "$D/multi.txt" check_tsv_stdin 0 sudoku check -f tsv
tcase check_quiet_tsv           2 sudoku check -q -f tsv "$D/multiple.txt"

# Source names that need quoting or escaping.
tcase check_tsv_odd_names       0 in_tmp sudoku check -f tsv odd
tcase grade_csv_odd_names       0 in_tmp sudoku grade -f csv odd
tcase solve_json_odd_names      0 in_tmp sudoku solve -f json odd

# A directory tree with good and bad files, hidden entries (skipped) and a
# link to nothing: reported on standard error, the rest still read.
tcase tree_check_tsv            66 in_tmp sudoku check -f tsv batchtree
tcase tree_grade_json           66 in_tmp sudoku grade --json batchtree

# Exit statuses of mixed batches are the same in every format: the most
# severe wins, whatever the order.
tcase batch_66_tsv              66 sudoku check -f tsv "$D/bad.txt" "$D/no-such-file.txt" "$D/nosol.txt"
tcase batch_65_csv              65 sudoku grade -f csv "$D/nosol.txt" "$D/bad.txt" "$D/multiple.txt"
tcase batch_1_json              1 sudoku solve --json "$D/multiple.txt" "$D/nosol.txt" "$D/line9.txt"
tcase batch_2_tsv               2 sudoku grade -f tsv "$D/line9.txt" "$D/multiple.txt"

# --summary: the totals after the records, or alone with -q (the time
# line's numbers vary: see stable_time).
tcase check_summary             65 stable_time sudoku check --summary "$D/bad.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/multi.txt"
tcase check_summary_quiet       65 stable_time sudoku check -q --summary "$D/bad.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/multi.txt"
tcase check_summary_quiet_tsv   66 stable_time sudoku check -q -f tsv --summary "$D/line9.txt" "$D/no-such-file.txt"
tcase grade_summary             65 stable_time sudoku grade --summary "$D/grade-mixed.txt" "$D/grade.txt"
tcase grade_summary_quiet       65 stable_time sudoku grade -q --summary "$D/grade-mixed.txt" "$D/grade.txt"
tcase grade_summary_even        0 stable_time sudoku grade -q --summary "$D/grade-small.txt" "$D/line9.txt"
tcase grade_summary_no_er       2 stable_time sudoku grade -q --summary "$D/multiple.txt"
tcase solve_summary_empty       65 stable_time sudoku solve --summary -

# ------------------------------------------------------------ input formats

# Every sample of tests/formats/ (CSV, HoDoKu, URLs, Project Euler, QQWing,
# Simple Sudoku, comma rows, framed grids with spaces, Sukaku); in
# wrong-solutions.csv, three given solutions are wrong or not the only one.
tcase formats_dir               65 sudoku check tests/formats
tcase formats_wrong_solutions   65 sudoku check -f csv tests/formats/wrong-solutions.csv
# 64 cells, a stray space, 17 more: said to be ambiguous, not read as 8x8.
tcase stray_space_after_64      65 sudoku solve "$D/stray-space.txt"

# ------------------------------------------------------------ issue 11

# Puzzles given on the command line: an operand that names no file but
# reads as a puzzle, and -e (--puzzle), which may be repeated and may hold
# a whole grid; each is named '<arg N>', N its place on the command line.
tcase arg_puzzle                0 sudoku solve "$P"
tcase arg_puzzle_e              0 sudoku check -e "$P" --puzzle="$P8" -e "$(cat "$D/grid8.txt")"
tcase arg_puzzle_order          1 sudoku check "$D/line8.txt" "$PNONE" - -e "$P"
tcase arg_puzzle_dashes         2 sudoku check -e "$(printf '%081d' 0 | tr 0 -)"
# An operand of 17 cells or more that names no file is a puzzle typed
# wrong (the reader says what is wrong); a shorter one a missing file.
tcase arg_bad_puzzle            65 sudoku solve 53..7....6..195....98....6.8...6
tcase arg_not_a_puzzle          66 sudoku solve 53..7....6..195
tcase usage_puzzle_empty        64 sudoku solve -e ''
tcase usage_puzzle_missing      64 sudoku solve --puzzle

# solve: one line per record, whatever becomes of it, so that outputs line
# up; grade text rows always have five columns.
tcase solve_lines_up            65 sudoku solve "$D/bad.txt" "$D/multiple.txt" "$D/line9.txt" "$D/nosol.txt"
tcase solve_grid_placeholders   2 sudoku solve -f grid "$D/multiple.txt" "$D/line8.txt"
tcase grade_columns             65 sudoku grade "$D/grade-mixed.txt" "$D/grade-small.txt"

# -H: where each record comes from, as grep -Hn says it.
tcase solve_with_source         1 sudoku solve -H "$D/line9.txt" "$D/nosol.txt" "$PNONE"
tcase check_with_source         0 sudoku check --with-source "$D/multi.txt" "$D/line8.txt"
tcase grade_with_source         65 sudoku grade -H "$D/grade-mixed.txt"
tcase serate_with_source        0 sudoku grade -H -f serate "$D/grade-small.txt"
tcase grid_with_source          2 sudoku solve -H -f grid "$D/line8.txt" "$D/multiple.txt"

# --summary never breaks a machine format: one JSON object after JSON
# Lines, on standard error after a TSV or CSV table (and solve_summary_empty
# above: after solve's lines).
tcase grade_json_summary        65 stable_time sudoku grade --json --summary "$D/grade-mixed.txt" "$D/grade-small.txt"
tcase check_json_summary        2 stable_time sudoku check --json --summary "$D/multiple.txt"
tcase check_csv_summary         0 stable_time sudoku check -f csv --summary "$D/line9.txt"
tcase solve_json_summary_empty  65 stable_time sudoku solve --json --summary -
# solve's lines and serate are read by programs too: the totals go to
# standard error; a drawn grid is for people: to standard output.
tcase solve_line_summary        1 stable_time sudoku solve --summary "$D/line9.txt" "$D/nosol.txt"
tcase serate_summary            0 stable_time sudoku grade -f serate --summary "$D/grade-small.txt"
tcase solve_grid_summary        0 stable_time sudoku solve -f grid --summary "$D/line8.txt"

# check says why a puzzle has no solution, as solve does (not with -q);
# --all lists the solutions, up to --count (100 by default).
tcase check_none_why            1 sudoku check "$D/nosol.txt" "$D/line9.txt"
tcase solve_quiet_why           65 sudoku solve -q "$D/nosol.txt" "$D/bad.txt" "$D/multiple.txt"
tcase check_all                 1 sudoku check --all "$D/multiple.txt" "$D/line8.txt" "$D/nosol.txt"
tcase check_all_count           2 sudoku check -a -c 2 "$D/multiple.txt"
tcase check_all_pencil          0 sudoku check --all "$D/pencil8.txt"
tcase check_all_json            65 sudoku check --all --count 2 --json "$D/multiple.txt" "$D/line8.txt" "$D/nosol.txt" "$D/bad.txt"
tcase usage_all_tsv             64 sudoku check --all -f tsv "$D/multiple.txt"

# Help and usage.
tcase help_agrees_solve         0 help_agrees solve
tcase help_agrees_check         0 help_agrees check
tcase help_agrees_grade         0 help_agrees grade
tcase help_agrees_explain       0 help_agrees explain
tcase usage_help_unknown        64 sudoku help solver
tcase usage_jobs_missing        64 sudoku solve -j
tcase usage_jobs_missing_long   64 sudoku grade "$D/line9.txt" --jobs
tcase usage_count_space         64 sudoku check --count ' 5' "$D/line9.txt"
tcase usage_count_plus          64 sudoku check --count +5 "$D/line9.txt"
tcase usage_jobs_plus           64 sudoku check -j +2 "$D/line9.txt"
tcase usage_escaped             64 sudoku check "$(printf -- '--\033[2Jx')"

# File names with control characters are escaped in messages and in the
# explain header (the machine formats escape them their own way).
tcase names_escaped             1 in_tmp sudoku solve names
tcase names_escaped_explain     0 in_tmp sudoku explain "$(printf 'esc\033[2J.txt')"
tcase names_escaped_missing     66 sudoku check "$(printf 'no\033[2J\r\nsuch')"
tcase names_escaped_tsv         1 in_tmp sudoku check -f tsv names

# Compressed and binary files: one message saying what they are, not a
# record for each of their lines. Walking a directory, what is not puzzle
# text and what is not a regular file is passed over with a notice (the
# status is not changed); named on the command line, a FIFO is read.
tcase gzip_named                65 sudoku check "$D/line9.txt.gz" "$D/line8.txt"
tcase_in "$D/line9.txt.gz" gzip_stdin 65 sudoku solve
if [ $have_fifo = 1 ]; then
    tcase walk_skips            0 in_tmp bounded "$SUDOKU" check walk
    tcase fifo_named            0 in_tmp fifo_fed "$SUDOKU" check named-pipe
else
    skip walk_skips "mkfifo failed"
    skip fifo_named "mkfifo failed"
fi
if [ -c /dev/zero ]; then
    tcase device_named          65 bounded "$SUDOKU" check /dev/zero "$D/line8.txt"
else
    skip device_named "no /dev/zero"
fi
tcase puzzles_dir               1 sudoku check -q puzzles

# Standard output going to a file that is also an input: that input is
# not read (it would read its own output, without end), as cat does.
tcase self_append               66 in_tmp append_to self.txt sudoku solve self.txt "$root/$D/line8.txt"
tcase self_append_after         0 in_tmp cat self.txt
tcase self_stdin                66 in_tmp read_from self-stdin.txt append_to self-stdin.txt sudoku solve
tcase self_in_directory         0 in_tmp write_to grades/grades.tsv sudoku grade -f tsv grades
tcase self_in_directory_after   0 in_tmp cat grades/grades.tsv

# ------------------------------------------------------------ issue 20

# What people paste, read as the puzzle it shows: Unicode spaces and
# full-width digits, grids drawn with box-drawing characters (a box per
# cell too, ruled after every row), spreadsheet rows, rows separated by
# '/', JSON arrays of rows (the samples are in tests/formats/).
tcase pasted_formats            0 sudoku check tests/formats/unicode-spaces.txt tests/formats/box-drawing.txt \
    tests/formats/spreadsheet.tsv tests/formats/slash-rows.txt tests/formats/json-rows.txt
tcase pasted_operand            0 sudoku solve "$(printf '53..7....\302\2406..195...\302\240.98....6.\302\2408...6...3\302\2404..8.3..1\302\2407...2...6\302\240.6....28.\302\240...419..5\302\240....8..79')"
# An operand that names no file but is plainly a puzzle attempt is read,
# so that the reader says what is wrong: a letter among 80 cells, a grid
# of several lines a row short; a file name with a few digits is a file.
tcase arg_attempt_letter        65 sudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2w..6.6....28....419..5....8..79
tcase arg_attempt_grid          65 sudoku solve "$(printf '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n')"
tcase arg_attempt_file          66 sudoku solve 2024-12-results.txt
# Longer than a file name can be (a grid, a JSON array): still a puzzle.
tcase arg_long_json             0 sudoku solve "$(sed -n 2,12p tests/formats/json-rows.txt)"
# A character that cannot be read is named, not written as a raw byte.
tcase pasted_characters_named   65 sudoku check "$D/pasted-bad.txt"
# A 9x9 line cut short at 64 cells is read as 8x8, and every message says so.
tcase read_as_8x8               1 sudoku solve "$D/cut-short.txt"

# ------------------------------------------------------------ canon, transform, check --minimal (begin)
# canon.txt: two 17-clue puzzles and the first disguised (one form for
# both), an 8x8 puzzle and it disguised, puzzles with several and with no
# solution, a complete grid, then a line that is no puzzle (status 65,
# the others still printed). minimal.txt: a minimal puzzle, it with a
# clue of its solution added (redundant), an 8x8 puzzle (redundant), it
# with a clue added, several solutions, none, no puzzle. The puzzles are
# lines of puzzles/17clue.txt, 8x8.txt, multiple.txt, none.txt and
# easy.txt; the disguised copies were made with 'sudoku transform --seed 11'
# and '--seed 12', the complete grid with 'sudoku solve'.

# The forms of the files' puzzles, and of them transformed, agree.
same_forms() {
    for f in "$@"; do
        sudoku canon "$f" >"$tmp/forms1" 2>/dev/null
        sudoku transform --seed 5 "$f" 2>/dev/null | sudoku canon - >"$tmp/forms2" || return 1
        [ -s "$tmp/forms1" ] && cmp "$tmp/forms1" "$tmp/forms2" || { echo "$f: forms differ"; return 1; }
    done
}
# The same output at -j 1 and -j 3.
jobs_agree() {
    sudoku "$@" -j 1 >"$tmp/jobs1" 2>&1
    sudoku "$@" -j 3 >"$tmp/jobs3" 2>&1
    cmp "$tmp/jobs1" "$tmp/jobs3"
}
# Transforming keeps the verdict and the number of solutions.
keeps_counts() {
    for f in "$@"; do
        sudoku check -c 1000 "$f" 2>/dev/null | cut -d' ' -f2,3 >"$tmp/counts1"
        sudoku transform --seed 3 "$f" | sudoku check -c 1000 - 2>/dev/null | cut -d' ' -f2,3 >"$tmp/counts2"
        [ -s "$tmp/counts1" ] && cmp "$tmp/counts1" "$tmp/counts2" || { echo "$f: counts differ"; return 1; }
    done
}
# The README's deduplication: one puzzle for each form.
dedup() {
    sudoku canon -f tsv "$1" | tail -n +2 | sort -t "$(printf '\t')" -u -k5,5 | cut -f3
}

tcase canon_line                65 sudoku canon "$D/canon.txt"
tcase canon_tsv                 65 sudoku canon -f tsv "$D/canon.txt"
tcase canon_csv                 65 sudoku canon -f csv "$D/canon.txt"
tcase canon_json                65 sudoku canon --json "$D/canon.txt"
tcase canon_source_jobs         65 sudoku canon -H -j 3 "$D/canon.txt"
tcase canon_dedup               0 dedup "$D/canon.txt"
tcase canon_of_transformed      0 same_forms puzzles/17clue.txt puzzles/hardest.txt puzzles/none.txt \
    puzzles/8x8.txt puzzles/8x8-multiple.txt puzzles/grid-8x8.txt
tcase transform_seed            65 sudoku transform --seed 7 "$D/canon.txt"
tcase transform_tsv             0 sudoku transform --seed 7 -f tsv "$D/line8.txt" "$D/line9.txt"
tcase transform_jobs            0 jobs_agree transform --seed 9 puzzles/17clue.txt puzzles/8x8.txt
tcase transform_keeps_counts    0 keeps_counts puzzles/multiple.txt puzzles/8x8-multiple.txt puzzles/none.txt
tcase check_minimal             65 sudoku check --minimal "$D/minimal.txt"
tcase check_minimal_count       65 sudoku check -m -c 3 "$D/minimal.txt"
tcase check_minimal_tsv         65 sudoku check -m -f tsv "$D/minimal.txt"
tcase check_minimal_csv         65 sudoku check -m -f csv "$D/minimal.txt"
tcase check_minimal_json        65 sudoku check -m --json "$D/minimal.txt"
tcase usage_seed_bad            64 sudoku transform --seed -1 "$D/line9.txt"
tcase usage_seed_canon          64 sudoku canon --seed 1 "$D/line9.txt"
tcase usage_minimal_solve       64 sudoku solve --minimal "$D/line9.txt"
tcase usage_canon_grid          64 sudoku canon -f grid "$D/line9.txt"
tcase help_agrees_canon         0 help_agrees canon
tcase help_agrees_transform     0 help_agrees transform
# ------------------------------------------------------------ canon, transform, check --minimal (end)

# ------------------------------------------------------------ script traps
# What a script relies on must never mislead (issue 20).

# Without --count, a puzzle with several solutions has 2 (the lower bound
# found) and more: never 1, which a select(.solutions==1) would let through.
tcase check_json_multiple       2 sudoku check --json "$D/multiple.txt"

# No puzzle at all is no success: status 65 and 'no puzzle in the input'
# on standard error, for an empty pipe, comments alone, /dev/null and a
# directory with no puzzle below it (README's puzzles/README.md is skipped).
mkdir -p "$tmp/work/nothing/sub" && printf '# notes\n' >"$tmp/work/nothing/sub/notes.txt"
tcase no_puzzle_stdin           65 sudoku check -q
printf '# only a comment\n\n' >"$tmp/comments.txt"
input=$tmp/comments.txt
tcase no_puzzle_comments        65 sudoku check -q
tcase no_puzzle_dev_null        65 sudoku check -q /dev/null
tcase no_puzzle_dir             65 in_tmp sudoku check -q nothing
tcase no_puzzle_json            65 sudoku grade --json /dev/null

# What a record carried beside its puzzle is its remark in tsv, csv and
# json: text after the cells, a CSV row's other fields (name=value under a
# header, an unknown header included); a full grid after a puzzle, parted
# by a space or a tab, is its given solution, and a wrong one shows on the
# record's own line (given: wrong; in text '(given solution wrong)').
tcase remark_tsv                65 sudoku check -f tsv "$D/remarks.txt" "$D/ids.csv" "$D/unknown-header.csv"
tcase remark_json               65 sudoku check --json "$D/remarks.txt"
tcase given_wrong_text          65 sudoku check "$D/remarks.txt"
tcase unknown_csv_header        0 sudoku solve -f csv "$D/unknown-header.csv"
# JSON: a none record says why (a clash, or the clues that cannot all
# stand); an invalid one keeps the refused text as its remark.
tcase json_none_reason          1 sudoku solve --json "$D/nosol.txt"
tcase json_invalid_text         65 sudoku grade --json "$D/bad.txt"

# The program's own outputs read back: tsv (header included; head -5 of
# a grade table, as the issue tried), csv and json, remarks kept; a second
# 'grade -f tsv dir/' reads the first run's dir/grades.tsv as puzzles.
sudoku grade -f tsv "$D/remarks.txt" "$D/multi.txt" >"$tmp/grades.tsv" 2>/dev/null
head -n 5 "$tmp/grades.tsv" >"$tmp/grades5.tsv"
sudoku check -f csv "$D/remarks.txt" >"$tmp/checks.csv" 2>/dev/null
sudoku grade --json --summary "$D/multi.txt" "$D/line8.txt" >"$tmp/grades.json" 2>/dev/null
mkdir -p "$tmp/work/book" && cp "$D/multi.txt" "$tmp/work/book/"
input=$tmp/grades5.tsv
tcase own_tsv_head              0 sudoku solve
input=$tmp/grades.tsv
tcase own_tsv_back              0 sudoku grade -f tsv
input=$tmp/checks.csv
tcase own_csv_back              0 sudoku check -f csv
input=$tmp/grades.json
tcase own_json_back             0 sudoku grade --json
tcase own_tsv_dir_first         0 in_tmp write_to book/grades.tsv sudoku grade -f tsv book
tcase own_tsv_dir_second        0 in_tmp write_to other.tsv sudoku grade -f tsv book
tcase own_tsv_dir_second_after  0 in_tmp cat other.tsv

# Options as getopt has them: clustered flags, a value attached or next;
# a mistyped technique id is answered with the one meant, and the ids are
# listed by 'sudoku techniques'; a puzzle given as an option is told '--'
# or -e.
tcase options_clustered         0 sudoku check -qH "$D/line9.txt"
tcase options_cluster_value     0 sudoku check -Hc2 "$D/line9.txt" "$D/line8.txt"
tcase options_attached          0 sudoku check -ftsv -j2 -qj1 --format=csv "$D/line9.txt"
tcase options_cluster_unknown   64 sudoku check -qZ "$D/line9.txt"
tcase options_dash_puzzle       64 sudoku check -3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
tcase options_dash_puzzle_after 0 sudoku check -- -3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
tcase techniques_list           0 sudoku techniques
tcase techniques_tsv            0 sudoku techniques -ftsv
tcase techniques_mistyped       64 sudoku grade -T xwing "$D/line9.txt"
tcase techniques_unknown        64 sudoku grade -T no-such "$D/line9.txt"

# README's example: for a file of one puzzle a line, solve's output lines
# up with it in paste, whatever each puzzle comes to (unique, none,
# multiple, invalid; both layouts). With comments and blank lines -H says
# where each record starts.
paste_beside() { sudoku solve "$1" 2>/dev/null | paste -d ' ' "$1" -; }
tcase paste_beside              0 paste_beside "$D/puzzle-lines.txt"
tcase paste_with_source         1 sudoku solve -H "$D/nosol.txt"

# ------------------------------------------------------------ steps, positions, chain hints

# explain-guess.txt's first puzzle alone (steps 5 to 13 are chains).
sed -n 3p "$D/explain-guess.txt" >"$tmp/work/guess1.txt"
cp "$D/explain-easy.txt" "$tmp/work/easy.txt" # named as it is, wherever the clone is
# The steps asked for, with their ratings; the rating line names the
# hardest step, in text, JSON and the page's index.
tcase explain_step              0 in_tmp sudoku explain --step 7 guess1.txt
tcase explain_steps             0 in_tmp sudoku explain --steps 5-6 guess1.txt
tcase explain_steps_json        0 in_tmp sudoku explain --json --steps 12-12 guess1.txt
tcase explain_steps_open        0 in_tmp sudoku explain --steps 4- easy.txt
tcase explain_step_past_end     64 in_tmp sudoku explain --step 5 easy.txt guess1.txt
tcase usage_step_zero           64 sudoku explain --step 0 "$D/pointing.txt"
tcase usage_steps_backwards     64 sudoku explain --steps 5-3 "$D/pointing.txt"
tcase usage_step_range          64 sudoku explain --step 3-5 "$D/pointing.txt"
tcase usage_position_no_step    64 sudoku explain --position "$D/pointing.txt"
tcase usage_position_svg        64 sudoku explain --position --step 2 -f svg "$D/pointing.txt"
tcase usage_output_dir_text     64 sudoku explain -o "$tmp/never" "$D/pointing.txt"

# -o DIR: inputs with the same file name (a/p.txt, b/p.txt, c/p.txt) keep
# files of their own, the later ones named p.txt~2, p.txt~3 in input order
# (directories in name order), the same at any -j; none is written over.
mkdir -p "$tmp/work/same/a" "$tmp/work/same/b" "$tmp/work/same/c"
cp "$D/line9.txt" "$tmp/work/same/a/p.txt"
cp "$D/line8.txt" "$tmp/work/same/b/p.txt"
cp "$D/pointing.txt" "$tmp/work/same/c/p.txt"
tcase output_dir_same_names     0 in_tmp sudoku explain -f svg --steps 1-2 -j2 -o same.steps same
same_names_kept() {
    in_tmp sudoku solve -f svg -j3 -o same.out same/a/p.txt same/b/p.txt same/c/p.txt >"$tmp/same.list" || return 1
    printf 'same.out/p.txt-1.svg\nsame.out/p.txt~2-1.svg\nsame.out/p.txt~3-3.svg\n' | cmp -s - "$tmp/same.list" ||
        { echo "listed:"; cat "$tmp/same.list"; return 1; }
    sk_o=$tmp/work/same.out
    if cmp -s "$sk_o/p.txt-1.svg" "$sk_o/p.txt~2-1.svg" || cmp -s "$sk_o/p.txt-1.svg" "$sk_o/p.txt~3-3.svg" ||
        cmp -s "$sk_o/p.txt~2-1.svg" "$sk_o/p.txt~3-3.svg"; then
        echo "the same picture twice"
        return 1
    fi
    sk_pictures=$(cat "$tmp/work/same.out/"* | grep -c '^<svg ')
    [ "$sk_pictures" = 3 ] || { echo "$sk_pictures pictures in the directory, not 3"; return 1; }
}
tcase output_dir_same_names_kept 0 same_names_kept
tcase usage_step_hint           64 sudoku hint --step 2 "$D/pointing.txt"
tcase usage_per_page_3          64 sudoku print --per-page 3 "$D/line9.txt"
tcase help_agrees_print         0 help_agrees print

# explain --position: the position before a step, which hint and explain
# read back as it is: the hint from it is that step, whole. (A cell left
# with one candidate reads back as placed, so the steps are chains, taken
# where no such cell is waiting.)
tcase explain_position          0 in_tmp sudoku explain --step 7 --position guess1.txt
position_reads_back() {
    for rb_n in 5 6 7 13; do
        sudoku explain --step $rb_n --position "$tmp/work/guess1.txt" >"$tmp/pos.txt" || return 1
        rb_want=$(sudoku explain --step $rb_n "$tmp/work/guess1.txt" | sed -n 's/^[0-9]*\. \[[^]]*\] //p')
        rb_got=$(sudoku hint "$tmp/pos.txt") || return 1
        [ "$rb_want" = "$rb_got" ] || { echo "step $rb_n: explain says '$rb_want', hint from the position '$rb_got'"; return 1; }
        rb_again=$(sudoku explain --step 1 "$tmp/pos.txt" | sed -n 's/^1\. \[[^]]*\] //p')
        [ "$rb_want" = "$rb_again" ] || { echo "step $rb_n: explain from the position starts with '$rb_again'"; return 1; }
    done
}
tcase position_reads_back       0 position_reads_back

# Hints for chains: level 1 the technique and what it decides, level 2 the
# chains' starts and conclusion (a contradiction, a cell's and a region's
# forcing chains, a double forcing chain); the level-1 picture frames it.
for n in 5 6 7 13; do
    sudoku explain --step $n --position "$tmp/work/guess1.txt" >"$tmp/work/chain$n.txt"
done
tcase hint_chain_level_1        0 in_tmp sudoku hint --level 1 chain5.txt chain6.txt chain7.txt chain13.txt
tcase hint_chain_level_2        0 in_tmp sudoku hint --level 2 chain5.txt chain6.txt chain7.txt chain13.txt
chain_picture_frames() {
    sudoku hint -f svg --level 1 "$tmp/work/chain7.txt" >"$tmp/chain.svg" || return 1
    grep -q '>what the step decides</text>' "$tmp/chain.svg" || { echo "no legend for the decided cell"; return 1; }
    frames=$(grep -c 'fill="#fde0c5" stroke="#d55e00" stroke-width="4"' "$tmp/chain.svg")
    [ "$frames" = 1 ] || { echo "$frames cells framed, not r2c4 alone"; return 1; }
}
tcase hint_chain_picture        0 chain_picture_frames

# ------------------------------------------------------------ summary

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
