#!/bin/sh
# The differential fuzzer of the two backends, fuzz/diff.lua (C core against
# kinetic.pure in one Lua state, every value bit for bit), on lua5.4 and
# luajit with the C builds of $BUILD_ROOT, a fixed number of scripts each:
#   sh tools/test/test-fuzz-diff.sh [RUNS [SEED]]
# RUNS defaults to $FUZZ_DIFF_RUNS, else 30000 (the stage of `make test`:
# about half a minute a VM, some 0.9 ms a script on lua5.4 and luajit);
# `make fuzz` runs it ten times longer
# (FUZZ_DIFF_RUNS in the Makefile).  SEED defaults to $FUZZ_DIFF_SEED,
# else 1.  Each VM runs under a time limit, FUZZ_DIFF_TIMEOUT seconds
# (default 300; 0: none), and a memory limit of 4 GB (ulimit -v): a script
# that runs away fails the stage instead of taking the machine.  fuzz/diff.lua
# is called as `VM fuzz/diff.lua RUNS SEED` (FUZZ_DIFF_RUNS and
# FUZZ_DIFF_SEED in its environment too), from the repository root, with
# package.path at lua/ and package.cpath at $BUILD_ROOT/VM; it exits
# non-zero on a difference and prints its summary last.  A missing
# fuzz/diff.lua fails the stage.  Prints one line; on a failure, the last
# lines of the VM's output first.  Environment: BUILD_ROOT, MAKE.
set -u
cd "$(dirname "$0")/../.." || exit 1
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
runs=${1:-${FUZZ_DIFF_RUNS:-30000}}
tmo=${FUZZ_DIFF_TIMEOUT:-300}
seed=${2:-${FUZZ_DIFF_SEED:-1}}
fail() { printf '%-16s FAILED (%s)\n' "fuzz-diff:" "$1"; exit 1; }

[ -f fuzz/diff.lua ] || fail "fuzz/diff.lua is missing: the differential fuzzer of the two backends"
summary=""
for vm in lua5.4 luajit; do
  log=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" LUA=$vm build 2>&1) \
    || { printf '%s\n' "$log" | tail -n 20; fail "make LUA=$vm build"; }
  start=$(date +%s)
  out=$( (ulimit -v 4000000
           exec env -u KINETIC_BACKEND FUZZ_DIFF_RUNS="$runs" FUZZ_DIFF_SEED="$seed" \
             LUA_PATH='lua/?.lua;lua/?/init.lua' LUA_CPATH="$BR/$vm/?.so" \
             timeout "$tmo" $vm fuzz/diff.lua "$runs" "$seed") 2>&1)
  rc=$?
  secs=$(( $(date +%s) - start ))
  if [ $rc -eq 124 ]; then
    printf '%s\n' "$out" | tail -n 20
    fail "$vm: fuzz/diff.lua $runs $seed did not end within $tmo s (FUZZ_DIFF_TIMEOUT)"
  elif [ $rc -ne 0 ]; then
    printf '%s\n' "$out" | tail -n 40
    fail "$vm: fuzz/diff.lua $runs $seed exited $rc after $secs s"
  fi
  summary="$summary${summary:+; }$vm: $runs scripts in $secs s"
done
printf '%-16s %s (seed %s), no difference\n' "fuzz-diff:" "$summary" "$seed"
