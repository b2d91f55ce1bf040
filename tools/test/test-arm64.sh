#!/bin/sh
# ARM64 (aarch64) under qemu-user, run by tools/test/test.sh inside `make test`:
#   prepare   `make arm64`: tools/setup/arm64.sh (qemu-user, the cross gcc,
#             the arm64 Lua 5.4, LuaJIT and busted's C modules extracted from
#             Debian's .debs under $BUILD_ROOT/arm64/root/, cached), then
#             kinetic/core.so cross-built for both ($BUILD_ROOT/arm64/lua5.4,
#             $BUILD_ROOT/arm64/luajit), GCC's aarch64 default of FMA
#             contraction included (csrc/core/fpcontract.h must keep ISO
#             results);
#   lua5.4    the busted suite on arm64 Lua 5.4 with the C core, then
#             tools/test/ulp_compare.lua (C core against the Lua backend in
#             one state, reported);
#   luajit    the suite on arm64 LuaJIT with the C core, FFI fast path on
#             (checked first), spec/kmath_spec.lua with the JIT off (below),
#             then tools/test/ulp_compare.lua: this LuaJIT's compiled code
#             fuses a*b + c, so the Lua backend may differ there in the
#             last bits; the line gives the measured maximum;
#   lua       the Lua backend on ARM64: fuzz/diff.lua (the C core against
#             kinetic.pure in one state, every value bit for bit) on arm64
#             Lua 5.4 and on arm64 LuaJIT with the JIT off, ARM64_DIFF_RUNS
#             scripts each (default 6000).  LuaJIT on ARM64 is a
#             dual-number VM (integers beside doubles: an integer 0 negates
#             to 0, not -0.0), which the Lua backend must not let show; its
#             interpreter has the number semantics of every LuaJIT on ARM64,
#             while this LuaJIT's compiled code (2.1.0-beta3) also fuses
#             a*b + c, which LuaJIT since 2023 does only with -O+fma.  The C
#             suite above checks the C core against the references on ARM64,
#             and the two backends agreeing there carries that over to the
#             Lua backend (its whole suite runs on the five x86-64 VMs).
# Busted is pure Lua: the arm64 interpreters run /usr/bin/busted's script,
# its Lua modules from /usr/share/lua/5.x (lua-busted installs them for
# every version), its C modules (lfs, term.core, system.core) the arm64
# builds from the extracted tree.  `sh tools/test/test-arm64.sh` alone
# runs all four, one after another; test.sh runs `prepare` before its
# stages and the three runs as stages of their own, side by side.  Each
# suite prints one line (ulp_compare one more), each diff run one, and the
# script exits non-zero on a failure.
#
# The specs tagged #stress are left out of the two suites (ARM64_STRESS=1
# puts them back): they repeat, millions of times, calls the other specs
# make, at sizes that check scale, not numerics, and they run on the five
# x86-64 VMs on both backends.  qemu-user runs this code about 13 times
# slower than the machine (measured: the lua5.4 suite, 31 s of CPU natively,
# takes 397 s under qemu), and the #stress specs would add half again.
#
# Environment: BUILD_ROOT (as tools/test/test.sh); ARM64_STRESS;
# ARM64_DIFF_RUNS (scripts of fuzz/diff.lua a VM, default 6000);
# ARM64_CHUNKS (busted processes per run, default 1) and ARM64_JOBS (of
# them at once, default 1).
set -u
cd "$(dirname "$0")/../.." || exit 1
. tools/test/suite.sh
BR=${BUILD_ROOT:-build}
case $BR in /*) abs_br=$BR ;; *) abs_br=$(pwd)/$BR ;; esac
MAKE=${MAKE:-make}
ROOT=$abs_br/arm64/root/current
LIBS=$ROOT/usr/lib/aarch64-linux-gnu:$ROOT/lib/aarch64-linux-gnu
QEMU="qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH=$LIBS"
LPATH='lua/?.lua;lua/?/init.lua'
passed=0; failed=0; status=0
STRESS=--exclude-tags=stress; NOTE="; #stress left out"
# spring_group_spec.lua's group-against-springs matrix capped at avx512, avx
# and sse2: x86-64 loops; on ARM64 (and on the Lua backend) every cap runs
# the one loop that the "best" and "scalar" cases run (the valgrind stage
# leaves out the same three).
SIMD_REPEATS="bit for bit %(avx512 loop
bit for bit %(avx loop
bit for bit %(sse2 loop"
[ "${ARM64_STRESS:-0}" = 1 ] && { STRESS=""; NOTE=""; }

bad() { printf '%-16s FAILED (%s)\n' "$1:" "$2"; status=1; failed=$((failed + 1)); }

# the extracted tree and the two builds must be there (prepare)
ready() {
  [ -f "$ROOT/.complete" ] && [ -f "$BR/arm64/lua5.4/kinetic/core.so" ] &&
    [ -f "$BR/arm64/luajit/kinetic/core.so" ] && command -v qemu-aarch64 >/dev/null 2>&1
}

arm_prepare() {
  if log=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" arm64 2>&1); then
    qv=$(qemu-aarch64 --version | sed -n 's/^qemu-aarch64 version \([^ ]*\).*/\1/p')
    lv=$(sed -n 's/^lua5.4:arm64=//p' "$ROOT/.complete"); jv=$(sed -n 's/^luajit:arm64=//p' "$ROOT/.complete")
    echo "arm64:           qemu-user $qv; arm64 lua5.4 $lv and luajit $jv (Debian's, extracted); core.so cross-built for both"
  else
    printf '%s\n' "$log" | tail -n 30; bad arm64 "make arm64"
  fi
}

# ulp VM: tools/test/ulp_compare.lua on the arm64 VM with its C build
arm_ulp() {
  if out=$(env LUA_PATH="$LPATH" LUA_CPATH="$BR/arm64/$1/?.so" \
             $QEMU "$ROOT/usr/bin/$1" tools/test/ulp_compare.lua 2>&1); then
    printf '%-16s %s\n' "arm64 $1 ulp:" "$(printf '%s\n' "$out" | tail -n 1 | sed 's/^ulp_compare //')"
  else
    printf '%s\n' "$out" | tail -n 10; bad "arm64 $1 ulp" "tools/test/ulp_compare.lua"
  fi
}

arm_c() {  # VM
  vm=$1
  if [ "$vm" = luajit ]; then
    probe=$(env LUA_PATH="$LPATH" LUA_CPATH="$BR/arm64/luajit/?.so" $QEMU "$ROOT/usr/bin/luajit" -e '
      local k = require("kinetic"); print(jit.arch, k._backend, tostring(k._ffi_reason))' 2>&1)
    case $probe in
      "arm64	ffi	nil") ;;
      *) bad "arm64 luajit" "not the FFI path on arm64 LuaJIT: $probe"; return ;;
    esac
  fi
  # Left out: spring_group_paths_spec.lua's check of the widest SIMD path of
  # the CPU, which reads /proc/cpuinfo -- under qemu-user the x86-64 host's
  # (the arm64 build has the plain C loop alone, which the other tests of
  # that file check on every path name); and the SIMD repeats (below).
  # On LuaJIT, spec/kmath_spec.lua (the Lua backend's own arithmetic, bit
  # for bit) runs apart, with the JIT off: this LuaJIT (2.1.0-beta3) fuses
  # a*b + c in compiled code, which LuaJIT since 2023 does only with
  # -O+fma; its interpreter has every ARM64 LuaJIT's number semantics.
  kmath=; [ "$vm" = luajit ] && kmath=spec/kmath_spec.lua
  BUSTED_EXTRA=$STRESS SUITE_NOTE=$NOTE SUITE_SKIP=$kmath SUITE_FILTER_OUT="runs every path the CPU has
$SIMD_REPEATS" \
  SUITE_WRAP=$QEMU SUITE_CHUNKS=${ARM64_CHUNKS:-1} SUITE_JOBS=${ARM64_JOBS:-1} \
    run_suite "arm64 $vm" "$ROOT/usr/bin/$vm" "$BR/arm64/$vm" \
    LUA_CPATH="$ROOT/usr/lib/aarch64-linux-gnu/lua/5.1/?.so" \
    LUA_CPATH_5_4="$ROOT/usr/lib/aarch64-linux-gnu/lua/5.4/?.so"
  if [ -n "$kmath" ]; then
    SUITE_SKIP=$(ls spec/*_spec.lua | grep -vx "$kmath" | tr '\n' ' ') SUITE_WRAP=$QEMU \
      SUITE_NOTE="; $kmath alone, LUA_INIT=jit.off()" \
      run_suite "arm64 luajit -joff" "$ROOT/usr/bin/$vm" "$BR/arm64/$vm" LUA_INIT='jit.off()' \
      LUA_CPATH="$ROOT/usr/lib/aarch64-linux-gnu/lua/5.1/?.so"
  fi
  arm_ulp "$vm"
}

arm_lua() {
  runs=${ARM64_DIFF_RUNS:-6000}
  for vm in lua5.4 luajit; do
    flags=; [ "$vm" = luajit ] && flags=-joff
    start=$(date +%s)
    out=$(env LUA_PATH="$LPATH" LUA_CPATH="$BR/arm64/$vm/?.so" \
            $QEMU "$ROOT/usr/bin/$vm" $flags fuzz/diff.lua "$runs" 1 2>&1)
    rc=$?
    secs=$(( $(date +%s) - start ))
    line=$(printf '%s\n' "$out" | tail -n 1 | sed 's/^fuzz\/diff.lua on //')
    if [ $rc -eq 0 ]; then
      printf '%-16s %s, %d s\n' "arm64 $vm diff:" "$line${flags:+ ($flags)}" "$secs"
      passed=$((passed + 1))
    else
      printf '%s\n' "$out" | tail -n 30; bad "arm64 $vm diff" "fuzz/diff.lua $runs 1 exited $rc"
    fi
  done
}

runs=${*:-prepare lua5.4 luajit lua}
for run in $runs; do
  case $run in
    prepare) arm_prepare; [ $status -eq 0 ] || break ;;
    lua5.4|luajit|lua)
      if ! ready; then bad "arm64 $run" "not prepared: make arm64 (or sh tools/test/test-arm64.sh prepare)"; continue; fi
      if [ "$run" = lua ]; then arm_lua; else arm_c "$run"; fi ;;
    *) echo "test-arm64.sh: unknown run '$run' (prepare, lua5.4, luajit, lua)"; exit 2 ;;
  esac
done
exit $status
