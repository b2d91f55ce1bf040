#!/bin/sh
# The love.js-like run, in tools/test/test.sh inside `make test`: kinetic on
# PUC Lua 5.1 with no ffi, bit, debug, io, os, package.loadlib or C module
# (tools/test/lovejs_check.lua takes them away before anything is
# required).  require("kinetic") must fall back to the Lua backend on its
# own and give known values bit for bit; then every public function and
# method (tools/test/windows_check.lua, run in that environment) must give
# what the C backend gives on lua5.1 ($BUILD_ROOT/lua5.1, KINETIC_FFI
# irrelevant): every value the same text, numbers bit for bit, error
# messages included (tools/test/windows_compare.lua --strict), but for
# g:_simd()'s name of the C loop a spring group runs (a C detail: the Lua
# backend has one loop) and the position luaL_error puts in front of the C
# core's messages (windows_check.lua's method caller's; the Lua backend
# cannot know it: docs/internals.md, Differences), taken off first.
# Prints one line; exits non-zero on any failure.  Both outputs stay in
# $BUILD_ROOT/lovejs/ (c.txt, lua.txt).  Environment: BUILD_ROOT (as
# tools/test/test.sh).
set -u
cd "$(dirname "$0")/../.." || exit 1
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
out=$BR/lovejs
fail() { printf '%-16s FAILED (%s)\n' "lovejs:" "$1"; exit 1; }
mkdir -p "$out" || exit 1
rm -f "$out/c.txt" "$out/lua.txt" "$out/run.txt"

# the Lua backend, love.js-like
lua5.1 tools/test/lovejs_check.lua >"$out/run.txt" 2>&1
rc=$?
grep -v '^dump	' "$out/run.txt" | sed 's/^lovejs: //' >"$out/messages.txt"
if [ $rc -ne 0 ]; then
  tail -n 30 "$out/messages.txt"
  fail "tools/test/lovejs_check.lua exited $rc"
fi
sed -n 's/^dump	//p' "$out/run.txt" >"$out/lua.txt"

# the C backend on the same VM, as usual
log=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" LUA=lua5.1 build 2>&1) \
  || { printf '%s\n' "$log" | tail -n 20; fail "make LUA=lua5.1 build"; }
LUA_PATH='lua/?.lua;lua/?/init.lua' LUA_CPATH="$BR/lua5.1/?.so" KINETIC_BACKEND=c \
  lua5.1 tools/test/windows_check.lua "$out/c.with-positions.txt" \
  || fail "windows_check.lua on the C backend"
sed 's/\terror\t\(tools\/test\/windows_check\.lua\|\[string "[^"]*"\]\):[0-9]*: /\terror\t/' \
  "$out/c.with-positions.txt" >"$out/c.txt"

res=$(lua5.1 tools/test/windows_compare.lua --strict --names=c,lua --skip=":_simd%(" "$out/c.txt" "$out/lua.txt") \
  || { printf '%s\n' "$res"; fail "the Lua backend differs from the C backend: $out/c.txt, $out/lua.txt"; }
printf '%-16s %s; every function and method: %s\n' "lovejs:" \
  "$(head -n 1 "$out/messages.txt" | sed 's/^kinetic [^ ]* on //')" "$res"
