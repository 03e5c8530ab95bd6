#!/bin/sh
# suite-total.sh - the closing line of a run of tests/suite.sh suites:
# 'NAME: N passed, N failed' over LOGDIR's suites; fails when one failed,
# or when fewer than EXPECTED suites left a status (one did not run).
#
#   sh tests/suite-total.sh NAME LOGDIR [EXPECTED]
set -u
name=$1
logdir=$2
expected=${3:-0}
passed=0
failed=0
for f in "$logdir"/*.status; do
    [ -f "$f" ] || continue
    read -r status took < "$f"
    if [ "$status" = 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "failed: $(basename "$f" .status) (log: ${f%.status}.log)"
    fi
done
if [ $((passed + failed)) -lt "$expected" ]; then
    echo "$name: only $((passed + failed)) of $expected suites ran"
    failed=$((failed + expected - passed - failed))
fi
echo "$name: $passed passed, $failed failed"
[ $failed = 0 ] && [ $passed -gt 0 ]
