#!/bin/sh
# The whole test run behind `make test` (after tools/setup/deps.sh).  Each
# stage prints one line (hosts: one per host), and any failure fails the run:
#   lua5.1 .. luajit   the busted suite (spec/) on each of the five VMs
#                      (KINETIC_BACKEND=c: a core.so that does not load
#                      fails, it never falls back to the Lua backend)
#   luajit (no ffi)    the suite on LuaJIT with KINETIC_FFI=0: the classic
#                      binding alone must behave as the FFI fast path does
#   lua5.1 (lua) ..    the whole suite on the Lua backend (kinetic.pure) on
#   luajit (lua)       each of the five VMs: KINETIC_BACKEND=lua, and no C
#                      module of kinetic on package.cpath -- only busted's
#                      own lfs, term.core and system.core, linked into
#                      $BR/busted-cmods/VM; each run first checks that
#                      kinetic.core cannot be found.  Left out: the tests
#                      tagged #c_only and the files marked `-- #c_only
#                      file` (about the C implementation alone), counted
#                      on the line
#   lovejs             tools/test/test-lovejs.sh: PUC Lua 5.1 without ffi,
#                      bit, debug, io, os, package.loadlib and C modules
#                      (love.js); kinetic falls back to the Lua backend on
#                      its own, gives known values, and every function and
#                      method gives what the C backend gives, bit for bit
#   abi                the lua5.1 build loads in LuaJIT
#   demo, nvim-build,  tools/test/test-setup.sh: make demo with only cc, make
#   require            and Lua 5.4 on PATH (no dpkg), and without Lua 5.4;
#                      make nvim LUA=luajit, and without a compiler; require
#                      without core.so, and with core.so beside init.lua
#   rockspec           tools/test/test-rock.sh: luarocks make for Lua 5.1-5.4
#                      into scratch trees, each loaded on its VMs
#   luacheck           every Lua file of the project
#   lua5.4+asan        the suite against an ASan + UBSan build
#   lua5.4 native      the suite against a GNU-mode -march=native build (FMA
#                      where the CPU has it: csrc/core/fpcontract.h must keep
#                      every result as in the ISO build)
#   clang              the lua5.4 suite against a clang build (-Werror)
#   lua5.4+valgrind    the suite under valgrind: no memory errors, no leaks
#                      (VALGRIND_SKIP below: what it leaves out, and why)
#   globals            tools/test/check-globals.sh: no writable data in core.so
#   threads            spec/c/threads.c: two Lua states in two threads
#   fuzz               tools/test/test-fuzz.sh: every libFuzzer harness
#                      (clang, ASan + UBSan) on its corpus, then 5 s of new
#                      inputs
#   fuzz-diff          tools/test/test-fuzz-diff.sh: fuzz/diff.lua, the
#                      differential fuzzer of the two backends, on lua5.4 and
#                      luajit, FUZZ_DIFF_RUNS scripts each (default 30000)
#   arm64 ..           tools/test/test-arm64.sh under qemu-user: `make arm64`
#                      (the arm64 Lua 5.4 and LuaJIT, core.so cross-built),
#                      then the suite on arm64 Lua 5.4 and LuaJIT (FFI on)
#                      with the C core, each with tools/test/ulp_compare.lua
#                      (C core against the Lua backend, the largest
#                      difference reported), and fuzz/diff.lua on both arm64
#                      VMs (LuaJIT's interpreter: its dual numbers)
#   windows            tools/test/test-windows.sh: core.dll (mingw-w64) under
#                      wine
#   hosts              tools/test/test-hosts.sh: a real Neovim and a real LÖVE
#                      under Xvfb run their self-tests, on the C core, and on
#                      the Lua backend with no binary anywhere (a checkout
#                      without `make nvim`; a .love of Lua files only)
# The closing line counts the passed and failed suites and stages.
#
# How it runs: first the module for the five VMs (make -j per VM), then the
# stages, TEST_JOBS of them at a time (default: the number of CPUs), longest
# first.  Each stage writes its output to a file of its own; the outputs are
# printed in the order above as soon as each one and all before it are
# done, so the log reads as if the stages had run one after another.
# Stages that write the same files run one after another in one job:
# test-setup.sh and test-windows.sh (lua/kinetic/core.so, the Windows
# build).  `make arm64` (what the arm64 runs need, installed and built
# once, then cached) runs before the stages, after the five builds.  The
# hosts' self-tests check that frames come on time, so they run alone,
# once every other stage has ended.
#
# Environment: BUILD_ROOT (default build) lets several checkouts build side
# by side; TEST_JOBS; MAKE; FUZZ_DIFF_RUNS.
set -u
. tools/test/suite.sh
VMS="lua5.1 lua5.2 lua5.3 lua5.4 luajit"
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
TEST_JOBS=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
export BR MAKE TEST_JOBS

# Left out of the valgrind run: work that repeats, many times over, C calls
# the rest of the suite already makes under valgrind.  Each of them runs in
# full on the five VMs and against the ASan + UBSan build (the stress specs
# on the five VMs and the clang build).
#   spec files (VALGRIND_SKIP):
#   - *_stress_spec.lua and animator_alloc_spec.lua: tagged #stress only,
#     the same calls as the other specs, repeated millions of times;
#   - animator_random_spec.lua: 40 seeds of random animator calls; every
#     animator method and error path runs under valgrind in the other
#     animator_*_spec.lua files and the bad-input matrix;
#   - kmath_spec.lua: the Lua backend's own arithmetic (kinetic.pure.kmath),
#     no C code at all;
#   - timeline_properties_spec.lua, easing_properties_spec.lua and
#     spring_properties_spec.lua: random cases of calls the other specs of
#     each part make under valgrind, repeated.
#   tests (VALGRIND_FILTER_OUT, patterns of their names):
#   - spring_group_spec.lua's group-against-springs matrix capped at
#     avx512, avx and sse2: under valgrind (no AVX-512) the first two run
#     the very loop of the "best" cap, which stays, as does "scalar"; the
#     SSE2 loop runs under valgrind in spring_group_paths_spec.lua;
#   - color_api_spec.lua's finiteness over thousands of generated strings:
#     the parser and every colour function run under valgrind on the 389
#     valid and 73 invalid strings of color_fixtures_spec.lua and on the
#     error cases of color_api_spec.lua;
#   - spring_easing_spec.lua's s:linear() fit over a grid of springs: the
#     fit runs under valgrind in spring_fuzz_regressions_spec.lua and the
#     bad-input matrix;
#   - spring_api_spec.lua's settle_time over a grid of springs: settle_time
#     runs under valgrind in spring_analytic_spec.lua, spring_easing_spec.lua
#     and spring_fuzz_regressions_spec.lua;
#   - animator_sequence_spec.lua's endless sequence at many frame rates: the
#     sequence's other tests play the same code under valgrind;
#   - timeline_events_spec.lua's move across 250 000 passes: 10 000
#     callbacks from the event loop every other test of that file runs;
#   - follower_spec.lua's brute-force search (Lua arithmetic over 20 000
#     switch times a case): the follower's plans run under valgrind in
#     the file's other tests.
VALGRIND_SKIP="spec/module_stress_spec.lua spec/spring_stress_spec.lua
spec/spring_group_stress_spec.lua spec/animator_alloc_spec.lua
spec/animator_random_spec.lua spec/kmath_spec.lua spec/timeline_properties_spec.lua
spec/easing_properties_spec.lua spec/spring_properties_spec.lua"
VALGRIND_FILTER_OUT="bit for bit %(avx512 loop
bit for bit %(avx loop
bit for bit %(sse2 loop
never gives NaN or infinity for any string that parses
s:linear%(%) stays within max_error everywhere
settle_time is the exact last exit from the epsilon band
an endless sequence plays on at any frame rate
reports the events of the last 10000 passes a move crosses
takes the least time a bang%-bang search finds"

# --- the stages ------------------------------------------------------------------
# Each runs in a process of its own, adds to passed/failed and sets status.

stage_vm() { run_suite "$1" "$1" "$BR/$1"; }

# LuaJIT once more with the FFI fast path switched off (classic binding
# only): both paths must behave identically.
stage_noffi() {
  [ -f lua/kinetic/ffi.lua ] && run_suite "luajit (no ffi)" luajit "$BR/luajit" KINETIC_FFI=0
}

# The whole suite on the Lua backend, with no C module of kinetic findable
# (suite.sh, run_lua_suite).
stage_luavm() {
  if busted_cmods "$1" "$BR/busted-cmods/$1"; then
    run_lua_suite "$1 (lua)" "$1" "$BR/busted-cmods/$1"
  else
    printf '%-16s %s\n' "$1 (lua):" "FAILED: busted's C modules not found for $1"
    status=1; failed=$((failed + 1))
  fi
}

# The module built against the PUC 5.1 headers must also load in LuaJIT
# (KINETIC_BACKEND=c: the C core, not the Lua backend it would fall back to).
stage_abi() {
  if KINETIC_BACKEND=c luajit -e 'package.cpath="'"$BR"'/lua5.1/?.so"; package.path="lua/?.lua;lua/?/init.lua"
                local k = require("kinetic")
                assert(k._VERSION:match("^kinetic ") and k._backend ~= "lua")'; then
    echo "abi:             lua5.1 build loads in luajit"
  else
    echo "abi:             lua5.1 build FAILED to load in luajit"; status=1; failed=$((failed + 1))
  fi
}

# A stage script that prints its own lines and exits non-zero on failure.
script_stage() {
  if BUILD_ROOT="$BR" sh "$@"; then passed=$((passed + 1))
  else status=1; failed=$((failed + 1)); fi
}

# Setting up: make demo off Debian, make nvim, require's errors.
stage_setup() { script_stage tools/test/test-setup.sh; }

# The rockspec installs the whole module on every VM.
stage_rock() { script_stage tools/test/test-rock.sh; }

# luacheck on every Lua file of the project.
stage_luacheck() {
  if out=$(luacheck -q --no-color lua spec bench examples tools $(ls -d types 2>/dev/null) 2>&1); then
    echo "luacheck:        $(printf '%s\n' "$out" | tail -n 1)"
  else
    printf '%s\n' "$out"; echo "luacheck:        FAILED"; status=1; failed=$((failed + 1))
  fi
}

# AddressSanitizer + UBSan build, run under lua5.4 with the runtimes
# preloaded.  Specs tagged #stress run on the five VMs, not under the
# sanitizers.
stage_asan() {
  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  $MAKE --no-print-directory -s -j"$TEST_JOBS" LUA=lua5.4 BUILD="$BR/asan-lua5.4" CC=gcc \
    CFLAGS="-O1 -g $SAN" LDFLAGS="$SAN" build \
    || { echo "lua5.4+asan:     build FAILED"; status=1; failed=$((failed + 1)); return; }
  BUSTED_EXTRA=--exclude-tags=stress run_suite "lua5.4+asan" lua5.4 "$BR/asan-lua5.4" \
    LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
}

# A GNU-mode build for this very CPU (FMA where it has one, as a LuaRocks
# build with -march=native or x86-64-v3 CFLAGS would be):
# csrc/core/fpcontract.h must keep every result -- bit-exact ones included --
# as in the ISO build.
stage_native() {
  $MAKE --no-print-directory -s -j"$TEST_JOBS" LUA=lua5.4 BUILD="$BR/native-lua5.4" \
    CFLAGS="-O2 -g -std=gnu99 -march=native" build \
    || { echo "lua5.4 native:   build FAILED"; status=1; failed=$((failed + 1)); return; }
  BUSTED_EXTRA=--exclude-tags=stress run_suite "lua5.4 native" lua5.4 "$BR/native-lua5.4"
}

# clang, with the same warnings and -Werror as the gcc build.
stage_clang() {
  $MAKE --no-print-directory -s -j"$TEST_JOBS" LUA=lua5.4 BUILD="$BR/clang-lua5.4" CC=clang build \
    || { echo "clang:           build FAILED"; status=1; failed=$((failed + 1)); return; }
  run_suite "clang" lua5.4 "$BR/clang-lua5.4"
}

# valgrind: the lua5.4 suite, less VALGRIND_SKIP, with no memory errors and
# no definitely-lost blocks; in two processes, as it is the longest stage.
stage_valgrind() {
  SUITE_WRAP="valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
    --show-leak-kinds=definite -q" BUSTED_EXTRA=--exclude-tags=stress \
    SUITE_SKIP=$(echo $VALGRIND_SKIP) SUITE_FILTER_OUT=$VALGRIND_FILTER_OUT \
    SUITE_CHUNKS=2 SUITE_JOBS=2 run_suite "lua5.4+valgrind" lua5.4 "$BR/lua5.4"
}

# No writable globals in the shared object (reentrancy).
stage_globals() {
  sh tools/test/check-globals.sh "$BR/lua5.4/kinetic/core.so" || { status=1; failed=$((failed + 1)); }
}

# Two Lua states in two threads running kinetic at once (a small C program
# linking liblua).
stage_threads() {
  mkdir -p "$BR/c"
  if gcc -std=c99 -O2 -o "$BR/c/threads" spec/c/threads.c \
       $(pkg-config --cflags --libs lua5.4) -lpthread \
     && KINETIC_BACKEND=c "$BR/c/threads" "$BR/lua5.4/?.so"; then passed=$((passed + 1))
  else echo "threads:         FAILED"; status=1; failed=$((failed + 1)); fi
}

# The fuzz harnesses of the C core: corpora and a short run each.
stage_fuzz() { script_stage tools/test/test-fuzz.sh; }

# The differential fuzzer of the two backends, a fixed number of scripts.
stage_fuzzdiff() { script_stage tools/test/test-fuzz-diff.sh; }

# love.js: Lua 5.1 without ffi, bit, debug, io, os and C modules.
stage_lovejs() { script_stage tools/test/test-lovejs.sh; }

# ARM64 under qemu-user: `make arm64` (before the other stages), then three
# suites, each a stage of its own.
stage_arm64() { script_stage tools/test/test-arm64.sh prepare; }
stage_arm64_lua54() { script_stage tools/test/test-arm64.sh lua5.4; }
stage_arm64_luajit() { script_stage tools/test/test-arm64.sh luajit; }
stage_arm64_lua() { script_stage tools/test/test-arm64.sh lua; }

# Windows: core.dll cross-compiled with mingw-w64, run under wine against a
# Windows LuaJIT built from Debian's source (cached under $BR/windows).
stage_windows() { script_stage tools/test/test-windows.sh; }

# The real hosts (Neovim, LÖVE under Xvfb), one line per host.
stage_hosts() { script_stage tools/test/test-hosts.sh; }

# cpu_secs FILE: the CPU seconds (user + system) of the finished children of
# the shell whose `times` FILE holds (its second line)
cpu_secs() {
  sed -n '2p' "$1" | awk '{
    t = 0
    for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
    printf "%.0f", t }'
}

# --stage DIR NAME...: run the named stages one after another, each with its
# output in DIR/NAME.out and "passed failed" in DIR/NAME.count, written last;
# DIR/NAME.time gets "NAME: CPU s cpu, WALL s wall".
if [ "${1:-}" = --stage ]; then
  stage_dir=$2; shift 2
  for st in "$@"; do
    passed=0; failed=0; status=0
    times >"$stage_dir/$st.t0"; t_wall=$(date +%s)
    case $st in
      lua5.*|luajit) stage_vm "$st" ;;
      lua-*) stage_luavm "${st#lua-}" ;;
      arm64-lua5.4) stage_arm64_lua54 ;;
      arm64-*) "stage_arm64_${st#arm64-}" ;;
      *) "stage_$st" ;;
    esac >"$stage_dir/$st.out" 2>&1
    [ "$status" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
    times >"$stage_dir/$st.t1"
    echo "$st: $(( $(cpu_secs "$stage_dir/$st.t1") - $(cpu_secs "$stage_dir/$st.t0") )) s cpu," \
      "$(( $(date +%s) - t_wall )) s wall" >"$stage_dir/$st.time"
    rm -f "$stage_dir/$st.t0" "$stage_dir/$st.t1"
    echo "$passed $failed" >"$stage_dir/$st.count"
  done
  exit 0
fi

# --- the run -----------------------------------------------------------------------
passed=0; failed=0; status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_start=$(date +%s)

for vm in $VMS; do
  $MAKE --no-print-directory -s -j"$TEST_JOBS" LUA=$vm BUILD_ROOT="$BR" build \
    || { echo "$vm: build failed"; exit 1; }
done
# what the arm64 stages need (apt-get, the first time): alone, before them
sh tools/test/test.sh --stage "$tmp" arm64

# The order the lines are printed in; the jobs, the longest first, then the
# suites on the five VMs, whose lines come first (a job of several stages
# runs them in the order given).
LUAVMS="lua-lua5.1 lua-lua5.2 lua-lua5.3 lua-lua5.4 lua-luajit"
ORDER="$VMS noffi $LUAVMS lovejs abi setup rock luacheck asan native clang valgrind globals threads
fuzz fuzzdiff arm64 arm64-lua5.4 arm64-luajit arm64-lua windows hosts"
printf '%s\n' arm64-lua arm64-lua5.4 arm64-luajit "setup windows" valgrind $LUAVMS fuzz fuzzdiff \
  lua5.1 lua5.2 lua5.3 lua5.4 luajit noffi lovejs abi rock asan clang native luacheck threads globals |
  xargs -P "$TEST_JOBS" -L 1 sh tools/test/test.sh --stage "$tmp" >"$tmp/xargs.log" 2>&1 &
xargs_pid=$!

for st in $ORDER; do
  if [ "$st" = hosts ]; then               # alone, after every other stage
    wait $xargs_pid
    sh tools/test/test.sh --stage "$tmp" hosts
  fi
  while [ ! -f "$tmp/$st.count" ]; do
    if ! kill -0 $xargs_pid 2>/dev/null && [ ! -f "$tmp/$st.count" ]; then
      cat "$tmp/$st.out" "$tmp/xargs.log" 2>/dev/null
      echo "$st: the stage did not finish"; status=1; failed=$((failed + 1)); continue 2
    fi
    sleep 1
  done
  cat "$tmp/$st.out"
  read p f <"$tmp/$st.count"
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -ne 0 ] && status=1
done

# the time of each stage, in the order above, and of the whole run
for st in $ORDER; do cat "$tmp/$st.time" 2>/dev/null; done >"$BR/test-times.txt"
cpu=$(sed -n 's/^[^:]*: \([0-9]*\) s cpu.*/\1/p' "$BR/test-times.txt" | awk '{ s += $1 } END { print s + 0 }')
wall=$(( $(date +%s) - run_start ))
echo "time:            $((wall / 60)) min $((wall % 60)) s wall, builds included; the stages $((cpu / 60)) min $((cpu % 60)) s of CPU ($BR/test-times.txt: each stage)"
echo "kinetic: $passed passed, $failed failed"
exit $status
