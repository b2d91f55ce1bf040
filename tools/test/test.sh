#!/bin/sh
# The whole test run behind `make test` (after tools/setup/deps.sh).  Stages, in
# order; each prints one line, and any failure fails the run:
#   lua5.1 .. luajit   the busted suite (spec/) on each of the five VMs
#   luajit (no ffi)    the suite on LuaJIT with KINETIC_FFI=0: the classic
#                      binding alone must behave as the FFI fast path does
#   abi                the lua5.1 build loads in LuaJIT
#   demo, nvim-build,  tools/test/test-setup.sh: make demo with only cc, make and
#   require            Lua 5.4 on PATH (no dpkg), and without Lua 5.4; make
#                      nvim LUA=luajit, and without a compiler; require
#                      without core.so, and with core.so beside init.lua
#   rockspec           tools/test/test-rock.sh: luarocks make for Lua 5.1-5.4 into
#                      scratch trees, each loaded on its VMs
#   luacheck           every Lua file of the project
#   lua5.4+asan        the suite against an ASan + UBSan build
#   lua5.4 native      the suite against a GNU-mode -march=native build (FMA
#                      where the CPU has it: csrc/core/fpcontract.h must keep
#                      every result as in the ISO build)
#   clang              the lua5.4 suite against a clang build (-Werror)
#   lua5.4+valgrind    the suite under valgrind: no memory errors, no leaks
#   globals            tools/test/check-globals.sh: no writable data in core.so
#   threads            spec/c/threads.c: two Lua states in two threads
#   fuzz               tools/test/test-fuzz.sh: every libFuzzer harness (clang,
#                      ASan + UBSan) on its corpus, then 5 s of new inputs
#   windows            tools/test/test-windows.sh: core.dll (mingw-w64) under wine
#   hosts              tools/test/test-hosts.sh: a real Neovim and a real LÖVE
#                      under Xvfb run their self-tests
# The closing line counts the passed and failed suites and stages.
set -u
VMS="lua5.1 lua5.2 lua5.3 lua5.4 luajit"
# BUILD_ROOT lets several checkouts-in-progress build side by side.
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
passed=0; failed=0; status=0
LPATH='lua/?.lua;lua/?/init.lua'

# run_suite NAME VM BUILD_DIR [env...]: run busted, print NAME + result line.
# BUSTED_EXTRA (e.g. --exclude-tags=stress) is passed to busted.
run_suite() {
  name=$1; vm=$2; dir=$3; shift 3
  out=$(env "$@" "$vm" /usr/bin/busted --output=plainTerminal ${BUSTED_EXTRA:-} \
          --cpath="$dir/?.so" --lpath="$LPATH" spec 2>&1)
  rc=$?
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ success' | tail -n 1)
  s=$(printf '%s' "$line" | sed -n 's/^\([0-9]*\) success.*/\1/p')
  f=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failure.* \([0-9]*\) error.*/\1 \2/p')
  nf=0; for x in $f; do nf=$((nf + x)); done
  [ -z "$s" ] && s=0
  if [ $rc -ne 0 ] || [ -z "$line" ] || [ "$s" -eq 0 ]; then
    printf '%s\n' "$out" | tail -n 60
    [ "$nf" -eq 0 ] && nf=1
    status=1
  fi
  printf '%-16s %s\n' "$name:" "${line:-no result line (busted exit $rc)}"
  passed=$((passed + s)); failed=$((failed + nf))
}

for vm in $VMS; do
  $MAKE --no-print-directory -s LUA=$vm BUILD_ROOT="$BR" build || { echo "$vm: build failed"; exit 1; }
done

for vm in $VMS; do
  run_suite "$vm" "$vm" "$BR/$vm"
done
# LuaJIT once more with the FFI fast path switched off (classic binding only):
# both paths must behave identically.
if [ -f lua/kinetic/ffi.lua ]; then
  run_suite "luajit (no ffi)" luajit "$BR/luajit" KINETIC_FFI=0
fi

# The module built against the PUC 5.1 headers must also load in LuaJIT.
if luajit -e 'package.cpath="'"$BR"'/lua5.1/?.so"; package.path="lua/?.lua;lua/?/init.lua"
              assert(require("kinetic")._VERSION:match("^kinetic "))'; then
  echo "abi:             lua5.1 build loads in luajit"
else
  echo "abi:             lua5.1 build FAILED to load in luajit"; status=1; failed=$((failed + 1))
fi

# Setting up: make demo off Debian, make nvim, require's errors
# (tools/test/test-setup.sh).
if sh tools/test/test-setup.sh; then passed=$((passed + 1))
else status=1; failed=$((failed + 1)); fi

# The rockspec installs the whole module on every VM (tools/test/test-rock.sh).
if sh tools/test/test-rock.sh; then passed=$((passed + 1))
else status=1; failed=$((failed + 1)); fi

# luacheck on every Lua file of the project.
if luacheck -q --no-color lua spec bench examples tools $(ls -d types 2>/dev/null) >/tmp/kinetic-luacheck.$$ 2>&1; then
  echo "luacheck:        $(tail -n 1 /tmp/kinetic-luacheck.$$)"
else
  cat /tmp/kinetic-luacheck.$$; echo "luacheck:        FAILED"; status=1; failed=$((failed + 1))
fi
rm -f /tmp/kinetic-luacheck.$$

# AddressSanitizer + UBSan build, run under lua5.4 with the runtimes preloaded.
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
$MAKE --no-print-directory -s LUA=lua5.4 BUILD="$BR/asan-lua5.4" CC=gcc \
  CFLAGS="-O1 -g $SAN" LDFLAGS="$SAN" build || { echo "asan: build failed"; exit 1; }
ASAN_LIB=$(gcc -print-file-name=libasan.so)
UBSAN_LIB=$(gcc -print-file-name=libubsan.so)
# Specs tagged #stress run on the five VMs above, not under the sanitizers.
BUSTED_EXTRA=--exclude-tags=stress run_suite "lua5.4+asan" lua5.4 "$BR/asan-lua5.4" \
  LD_PRELOAD="$ASAN_LIB $UBSAN_LIB" \
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1" \
  UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

# A GNU-mode build for this very CPU (FMA where it has one, as a LuaRocks
# build with -march=native or x86-64-v3 CFLAGS would be): csrc/core/fpcontract.h
# must keep every result -- bit-exact ones included -- as in the ISO build.
$MAKE --no-print-directory -s LUA=lua5.4 BUILD="$BR/native-lua5.4" \
  CFLAGS="-O2 -g -std=gnu99 -march=native" build || { echo "native: build failed"; exit 1; }
BUSTED_EXTRA=--exclude-tags=stress run_suite "lua5.4 native" lua5.4 "$BR/native-lua5.4"

# clang, with the same warnings and -Werror as the gcc build.
$MAKE --no-print-directory -s LUA=lua5.4 BUILD="$BR/clang-lua5.4" CC=clang build \
  || { echo "clang: build failed"; exit 1; }
run_suite "clang" lua5.4 "$BR/clang-lua5.4"

# valgrind: the lua5.4 suite with no memory errors, no definitely-lost blocks.
vg_out=$(valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
  --show-leak-kinds=definite -q lua5.4 /usr/bin/busted --output=plainTerminal --exclude-tags=stress \
  --cpath="$BR/lua5.4/?.so" --lpath="$LPATH" spec 2>&1)
vg_rc=$?
vg_line=$(printf '%s\n' "$vg_out" | grep -E '^[0-9]+ success' | tail -n 1)
if [ $vg_rc -ne 0 ]; then
  printf '%s\n' "$vg_out" | tail -n 40; status=1; failed=$((failed + 1))
  echo "lua5.4+valgrind: FAILED (exit $vg_rc) $vg_line"
else
  echo "lua5.4+valgrind: $vg_line"
fi

# No writable globals in the shared object (reentrancy), and two Lua states
# in two threads running kinetic at once (a small C program linking liblua).
sh tools/test/check-globals.sh "$BR/lua5.4/kinetic/core.so" || { status=1; failed=$((failed + 1)); }
mkdir -p "$BR/c"
if gcc -std=c99 -O2 -o "$BR/c/threads" spec/c/threads.c \
     $(pkg-config --cflags --libs lua5.4) -lpthread \
   && "$BR/c/threads" "$BR/lua5.4/?.so"; then passed=$((passed + 1))
else echo "threads:         FAILED"; status=1; failed=$((failed + 1)); fi

# The fuzz harnesses of the C core: corpora and a short run each.
if BUILD_ROOT="$BR" sh tools/test/test-fuzz.sh; then passed=$((passed + 1))
else status=1; failed=$((failed + 1)); fi

# Windows: core.dll cross-compiled with mingw-w64, run under wine against a
# Windows LuaJIT built from Debian's source (cached under $BR/windows);
# tools/test/test-windows.sh prints one line and exits non-zero on any failure.
if [ -f tools/test/test-windows.sh ]; then
  if BUILD_ROOT="$BR" sh tools/test/test-windows.sh; then passed=$((passed + 1))
  else status=1; failed=$((failed + 1)); fi
fi

# The real hosts (Neovim, LÖVE under Xvfb): tools/test/test-hosts.sh prints one
# line per host and exits non-zero on any failure.
if [ -f tools/test/test-hosts.sh ]; then
  if BUILD_ROOT="$BR" sh tools/test/test-hosts.sh; then passed=$((passed + 1))
  else status=1; failed=$((failed + 1)); fi
fi

echo "kinetic: $passed passed, $failed failed"
exit $status
