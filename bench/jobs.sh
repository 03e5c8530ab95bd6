#!/bin/sh
# bench/jobs.sh - puzzles/second of 'sudoku grade' (the whole program:
# reading, uniqueness check, grading, output) with 1 and 2 worker threads.
#
# usage: SUDOKU=build/sudoku sh bench/jobs.sh FILE...
#
# Each file's first JOBS_MAX puzzles (default 1000), and of the forum's
# hardest lists the first JOBS_FORUM_MAX (default 20): their nested chains
# take a second or more a puzzle, and each file is graded six times.
set -u
SUDOKU=${SUDOKU:-build/sudoku}
JOBS_MAX=${JOBS_MAX:-1000}
JOBS_FORUM_MAX=${JOBS_FORUM_MAX:-20}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-jobs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

# Best of three runs: the others measure the machine's other work.
rate() {
    jobs=$1 file=$2 count=$3 best=""
    for _ in 1 2 3; do
        start=$(now)
        "$SUDOKU" grade -j "$jobs" -q --no-progress "$file" >/dev/null 2>&1
        end=$(now)
        r=$(echo "$start $end $count" | awk '{ t = $2 - $1; printf "%.0f", (t > 0 ? $3 / t : 0) }')
        if [ -z "$best" ] || [ "$r" -gt "$best" ]; then best=$r; fi
    done
    echo "$best"
}

printf '%-36s %8s %12s %12s %8s\n' "dataset" "puzzles" "grade -j1/s" "grade -j2/s" "speed-up"
for whole in "$@"; do
    case "$whole" in
    *forum_hardest*) max=$JOBS_FORUM_MAX ;;
    *) max=$JOBS_MAX ;;
    esac
    file=$tmp/$(basename "$whole")
    head -n "$max" "$whole" >"$file"
    count=$(wc -l < "$file")
    one=$(rate 1 "$file" "$count")
    two=$(rate 2 "$file" "$count")
    printf '%-36s %8d %12d %12d %8s\n' "$(basename "$file")" "$count" "$one" "$two" \
        "$(echo "$one $two" | awk '{ printf "%.2f", ($1 > 0 ? $2 / $1 : 0) }')"
done
