#!/bin/sh
# bench/jobs.sh - puzzles/second of 'sudoku grade' (the whole program:
# reading, uniqueness check, grading, output) with 1 and 2 worker threads.
#
# usage: SUDOKU=build/sudoku sh bench/jobs.sh FILE...
set -u
SUDOKU=${SUDOKU:-build/sudoku}

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
for file in "$@"; do
    count=$(wc -l < "$file")
    one=$(rate 1 "$file" "$count")
    two=$(rate 2 "$file" "$count")
    printf '%-36s %8d %12d %12d %8s\n' "$(basename "$file")" "$count" "$one" "$two" \
        "$(echo "$one $two" | awk '{ printf "%.2f", ($1 > 0 ? $2 / $1 : 0) }')"
done
