#!/bin/sh
# What a new user meets first.  `make demo` off Debian: run it with a PATH that holds only a shell, make,
# the C toolchain, Lua 5.4, pkg-config and core utilities -- no dpkg-query,
# no apt-get -- and check that the tour runs to its end; then once more
# without Lua 5.4, where it must stop and name what to install.  Then
# `make nvim` with LuaJIT's headers, and without a C compiler; then
# require("kinetic") in a copy of lua/kinetic/ without its C part (the Lua
# backend, silently; KINETIC_BACKEND=c says how to build the C part), and
# with it beside init.lua.
# Prints a line for each; exits non-zero on any failure.
set -u
fb=$(mktemp -d)
trap 'rm -rf "$fb"' EXIT
link_tools() {
  for c in "$@"; do
    p=$(command -v "$c") || continue
    ln -sf "$(readlink -f "$p")" "$fb/$c"
  done
}
cc_name=$(gcc -dumpmachine 2>/dev/null)
link_tools sh make cc gcc as ld "$cc_name-as" "$cc_name-ld" "$cc_name-gcc-$(gcc -dumpversion)" \
  lua5.4 pkg-config mkdir rm cp mv ls cat sed grep id uname env sort
if PATH=$fb command -v dpkg-query >/dev/null 2>&1; then
  echo "demo:            FAILED: dpkg-query is still on the restricted PATH"; exit 1
fi
out=$(PATH=$fb make --no-print-directory demo 2>&1)
if [ $? -ne 0 ] || ! printf '%s\n' "$out" | grep -q 'wrote build/gallery.svg'; then
  printf '%s\n' "$out" | tail -n 20
  echo "demo:            FAILED without dpkg-query/apt-get"; exit 1
fi
rm -f "$fb/lua5.4"
out=$(PATH=$fb make --no-print-directory demo 2>&1)
if [ $? -eq 0 ] || ! printf '%s\n' "$out" | grep -q 'Lua 5.4 (lua5.4, lua54 or lua)'; then
  printf '%s\n' "$out" | tail -n 20
  echo "demo:            FAILED: without Lua 5.4 it must stop and name it"; exit 1
fi
echo "demo:            runs with only cc, make and Lua 5.4 on PATH (no dpkg); names Lua 5.4 when it is missing"

# make nvim: with LuaJIT's headers (LUA=luajit), and without a compiler,
# where it must say what to install instead of failing in the compiler.
out=$(make --no-print-directory -s nvim LUA=luajit 2>&1)
if [ $? -ne 0 ] || ! luajit -e 'package.cpath = "lua/?.so"; assert(require("kinetic.core")._VERSION)'; then
  printf '%s\n' "$out" | tail -n 20; echo "nvim-build:      FAILED: make nvim LUA=luajit"; exit 1
fi
out=$(make --no-print-directory -s nvim CC=no-such-cc 2>&1)
if [ $? -eq 0 ] || ! printf '%s\n' "$out" | grep -q 'a C compiler (no-such-cc)' ||
   ! printf '%s\n' "$out" | grep -q 'apt-get install gcc liblua5.1-0-dev'; then
  printf '%s\n' "$out" | tail -n 20; echo "nvim-build:      FAILED: no message without a compiler"; exit 1
fi
echo "nvim-build:      make nvim LUA=luajit builds; without a compiler it names what to install"

# require("kinetic") without its C part gives the Lua backend, silently;
# with KINETIC_BACKEND=c it says how to build the C part instead.  With the
# C part next to init.lua (a kinetic/ folder copied into a project) it loads
# it from there; a C part built for another Lua is named as such (with
# KINETIC_BACKEND=c; without, the Lua backend).  KINETIC_BACKEND takes lua
# or c, nothing else.
dir=$(mktemp -d)
mkdir "$dir/kinetic" && tar -C lua/kinetic -cf - --exclude='*.so' --exclude='*.so.tmp' --exclude='*.dll' \
  --exclude=nvim.lua . | tar -xf - -C "$dir/kinetic"
probe() {  # VM CODE [KINETIC_BACKEND]
  (cd "$dir" && env -u KINETIC_BACKEND ${3:+KINETIC_BACKEND=$3} \
     "$1" -e "package.cpath = ''; package.path = './?.lua;./?/init.lua'; $2" 2>&1)
}
fail_req() { echo "require:         FAILED: $1"; rm -rf "$dir"; exit 1; }
for vm in lua5.4 luajit; do
  out=$(probe $vm "local k = require('kinetic'); assert(k._backend == 'lua', k._backend)
                   assert(package.loaded['kinetic.core'] == nil)") || fail_req "$vm: no Lua backend without core.so: $out"
  out=$(probe $vm "require('kinetic')" c)
  printf '%s\n' "$out" | grep -q 'kinetic.core, is not built' &&
    printf '%s\n' "$out" | grep -q 'make nvim' || fail_req "$vm: KINETIC_BACKEND=c: no build hint: $out"
  out=$(probe $vm "require('kinetic')" C)
  printf '%s\n' "$out" | grep -q "KINETIC_BACKEND is 'C'; it may be 'lua' or 'c'" ||
    fail_req "$vm: KINETIC_BACKEND=C is not refused: $out"
done
cp "${BUILD_ROOT:-build}/lua5.4/kinetic/core.so" "$dir/kinetic/core.so"
out=$(probe lua5.4 "local k = require('kinetic'); assert(k._backend == 'c', k._backend)
                    assert(k.spring{}:update(0.1) > 0)") || fail_req "lua5.4: not loaded beside init.lua: $out"
out=$(probe lua5.4 "assert(require('kinetic')._backend == 'lua')" lua) ||
  fail_req "lua5.4: KINETIC_BACKEND=lua does not give the Lua backend beside core.so: $out"
out=$(probe lua5.1 "require('kinetic')" c)
printf '%s\n' "$out" | grep -q 'was found but does not load' || fail_req "lua5.1: no hint for a 5.4 build: $out"
out=$(probe lua5.1 "assert(require('kinetic')._backend == 'lua')") ||
  fail_req "lua5.1: no Lua backend beside a core.so for 5.4: $out"
rm -rf "$dir"
echo "require:         without core.so the Lua backend (KINETIC_BACKEND=c: how to build it); core.so beside init.lua loads"
