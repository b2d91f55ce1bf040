#!/bin/sh
# The libFuzzer harnesses (fuzz/), built and run by make test: each runs its
# committed corpus, then FUZZ_SECONDS (default 5) of new inputs, under ASan
# and UBSan (`make fuzz-c`, the libFuzzer half of `make fuzz`).  A crash, a
# sanitizer report or a failed check in a harness (fuzz_group compares every
# spring group path with the plain C loop) fails the stage.  Prints one
# line; exits non-zero on any failure.
set -u
MAKE=${MAKE:-make}
secs=${FUZZ_SECONDS:-5}
log=$(mktemp)
if ! $MAKE --no-print-directory -s -j"${TEST_JOBS:-2}" BUILD_ROOT="${BUILD_ROOT:-build}" FUZZ_SECONDS="$secs" fuzz-c >"$log" 2>&1; then
  tail -n 40 "$log"; rm -f "$log"
  echo "fuzz:            FAILED"; exit 1
fi
n=$(grep -c '^== fuzz_' "$log")
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{ s += $1 } END { print s + 0 }')
rm -f "$log"
echo "fuzz:            $n harnesses, $runs inputs in ${secs} s each after their corpora, no findings"
