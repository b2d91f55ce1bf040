#!/bin/sh
# `make demo`: build kinetic for Lua 5.4 and run the tour (examples/demo.lua).
# It needs only a C compiler, a Lua 5.4 interpreter and Lua 5.4's headers,
# found by command and by file, not through a package manager: a Lua 5.4
# named lua5.4, lua54 or lua; headers from pkg-config (lua5.4, lua54, lua)
# or a lua.h of version 5.4 in the usual include folders.  What is missing
# is installed with apt-get when running as root on a Debian-like system;
# elsewhere the script names what to install and stops.
set -u
MAKE=${MAKE:-make}
CC=${CC:-cc}

find_lua() {
  for c in lua5.4 lua54 lua; do
    if command -v "$c" >/dev/null 2>&1 &&
       [ "$("$c" -e 'io.write(_VERSION)' 2>/dev/null)" = "Lua 5.4" ]; then
      echo "$c"; return 0
    fi
  done
  return 1
}

# Prints the folder holding Lua 5.4's lua.h.
find_headers() {
  for pc in lua5.4 lua54 lua-5.4 lua; do
    if pkg-config --exists "$pc" 2>/dev/null &&
       pkg-config --modversion "$pc" 2>/dev/null | grep -q '^5\.4'; then
      dir=$(pkg-config --variable=includedir "$pc" 2>/dev/null)
      for d in $(pkg-config --cflags-only-I "$pc" | sed 's/-I//g') "$dir"; do
        [ -f "$d/lua.h" ] && { echo "$d"; return 0; }
      done
    fi
  done
  for d in /usr/include/lua5.4 /usr/local/include/lua5.4 /usr/include/lua54 \
           /usr/local/include/lua54 /opt/homebrew/include/lua5.4 /opt/homebrew/include/lua \
           /usr/local/include/lua /usr/include /usr/local/include; do
    if [ -f "$d/lua.h" ] && grep -q '#define LUA_VERSION_MINOR[^0-9]*"4"' "$d/lua.h"; then
      echo "$d"; return 0
    fi
  done
  return 1
}

missing=""
command -v "$CC" >/dev/null 2>&1 || missing="$missing compiler"
find_lua >/dev/null || missing="$missing lua"
find_headers >/dev/null || missing="$missing headers"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    pkgs=""
    for m in $missing; do
      case $m in
        compiler) pkgs="$pkgs gcc libc6-dev" ;;
        lua) pkgs="$pkgs lua5.4" ;;
        headers) pkgs="$pkgs liblua5.4-dev" ;;
      esac
    done
    echo "demo: installing$pkgs"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq $pkgs >/dev/null; } ||
      { echo "demo: apt-get install$pkgs failed"; exit 1; }
    [ "$CC" = cc ] && ! command -v cc >/dev/null 2>&1 && CC=gcc
  else
    echo "demo: the tour needs a C compiler, Lua 5.4 and Lua 5.4's headers; missing:"
    for m in $missing; do
      case $m in
        compiler) echo "  a C compiler ($CC): e.g. gcc or clang (Debian: gcc; Fedora: gcc; macOS: xcode-select --install)" ;;
        lua) echo "  Lua 5.4 (lua5.4, lua54 or lua): Debian: lua5.4; Fedora: lua; Arch: lua; macOS: brew install lua" ;;
        headers) echo "  Lua 5.4's headers (lua.h): Debian: liblua5.4-dev; Fedora: lua-devel; Arch: lua; macOS: brew install lua" ;;
      esac
    done
    exit 1
  fi
fi

lua=$(find_lua) || { echo "demo: no Lua 5.4 found"; exit 1; }
inc=$(find_headers) || { echo "demo: no Lua 5.4 headers found"; exit 1; }
$MAKE --no-print-directory -s LUA="$lua" LUA_INCDIR="$inc" CC="$CC" BUILD=build/demo build || exit 1
LUA_CPATH='build/demo/?.so;;' LUA_PATH='lua/?.lua;lua/?/init.lua;;' exec "$lua" examples/demo.lua
