#!/bin/sh
# bench/se_speed.sh - grading speed against Sudoku Explainer's own CPU time,
# per band of SE's ER: below 9.0, 9.0 to 10.0, 10.0 and above.
#
# usage: SUDOKU=build/sudoku sh bench/se_speed.sh [TSV]...
#
# Each TSV is in the columns of ../shared/reference/se121_ratings.tsv
# (puzzle, source, er, ep, ed, technique, cpu_seconds; a header line), SE's
# CPU seconds for each puzzle. The public file has no puzzle of 10.0 or
# more: tests/data/se121_forum.tsv has SE's times of 31 forum puzzles for
# that band (make bench-se gives both).
# Our time is user CPU of 'sudoku grade -j 1' (reading, uniqueness check,
# grading, output) on the band's puzzles, best of SE_SPEED_RUNS (3) runs;
# a band is graded several times over, to 200 records (SE_SPEED_MIN) and
# to 150 s of SE's time (SE_SPEED_SE_MIN: about 0.5 s of ours at 300x) at
# least, so that the clock's 10 ms steps do not matter (below ER 9.0, one
# pass takes about 0.2 s), unless SE took 100 s or more on it.
# Prints per band: puzzles, SE's seconds, ours, ours per puzzle, the ratio.
set -u
SUDOKU=${SUDOKU:-build/sudoku}
RUNS=${SE_SPEED_RUNS:-3}
MIN=${SE_SPEED_MIN:-200}
SE_MIN=${SE_SPEED_SE_MIN:-150}
[ $# -gt 0 ] || set -- "${SHARED:-../shared}/reference/se121_ratings.tsv"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-se-speed.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

for tsv in "$@"; do
    [ -r "$tsv" ] || { echo "se_speed.sh: $tsv: cannot read" >&2; exit 2; }
done
# band files: puzzles, and SE's total seconds
awk -F'\t' -v dir="$tmp" '
    FNR == 1 && $1 == "puzzle" { next }
    NF >= 7 && $7 != "" {
        b = ($3 < 9.0) ? "a" : ($3 < 10.0 ? "b" : "c")
        print $1 > (dir "/" b ".txt"); se[b] += $7; n[b]++
    }
    END { for (b in n) printf "%s %d %.4f\n", b, n[b], se[b] > (dir "/se") }' "$@"

# user seconds of one grade run of file $1
user_time() {
    /usr/bin/time -f '%U' -o "$tmp/time" "$SUDOKU" grade -j 1 -q --no-progress "$1" >/dev/null 2>&1
    tail -n 1 "$tmp/time"
}

printf '%-12s %8s %10s %10s %12s %8s\n' "SE band" "puzzles" "SE cpu/s" "ours/s" "ours ms/puz" "ratio"
for b in a b c; do
    case $b in a) name="ER < 9.0" ;; b) name="9.0-10.0" ;; c) name="ER >= 10.0" ;; esac
    line=$(grep "^$b " "$tmp/se" 2>/dev/null)
    if [ -z "$line" ]; then
        printf '%-12s %8s %10s %10s %12s %8s\n' "$name" 0 - - - "(no SE times)"
        continue
    fi
    count=$(echo "$line" | cut -d' ' -f2)
    se=$(echo "$line" | cut -d' ' -f3)
    times=$(( (MIN + count - 1) / count ))
    by_se=$(awk -v se="$se" -v min="$SE_MIN" 'BEGIN { t = int(min / se); if (t * se < min) t++; print t }')
    [ "$by_se" -gt "$times" ] && times=$by_se
    # SE took minutes (the forum's hardest): ours takes seconds, once is enough
    if awk -v se="$se" 'BEGIN { exit !(se >= 100) }'; then times=1; fi
    : > "$tmp/run.txt"
    i=0
    while [ $i -lt $times ]; do cat "$tmp/$b.txt" >> "$tmp/run.txt"; i=$((i + 1)); done
    best=""
    r=0
    while [ $r -lt "$RUNS" ]; do
        t=$(user_time "$tmp/run.txt")
        best=$(echo "$t ${best:-$t}" | awk '{ print ($1 < $2 ? $1 : $2) }')
        r=$((r + 1))
    done
    awk -v name="$name" -v n="$count" -v se="$se" -v t="$best" -v times="$times" 'BEGIN {
        ours = t / times
        printf "%-12s %8d %10.2f %10.3f %12.3f %7.0fx\n", name, n, se, ours, 1000 * ours / n, (ours > 0 ? se / ours : 0) }'
done
