#!/bin/sh
# A Windows (x86-64) LuaJIT -- lua51.dll, the DLL LÖVE for Windows ships, and
# luajit.exe linked to it -- cross-built with mingw-w64 from Debian's own
# luajit source package, at the very version of the Linux `luajit` installed
# here, so that the Windows and Linux runs of tools/test/windows_check.lua differ
# only in compiler, C runtime and OS.  Used by `make windows` and by
# tools/test/test-windows.sh.
#
# Result: $BUILD_ROOT/windows/luajit/<debian version>/ holding lua51.dll,
# luajit.exe and include/ (the headers a module compiles against), plus a
# stamp file written last; $BUILD_ROOT/windows/luajit/current is a symlink
# to that directory.  A complete directory for the installed version is
# reused as it is (a second run costs a dpkg-query); a new luajit version
# gets a directory of its own.
#
# Installs what is missing (as root; otherwise prints the command and
# fails): gcc-mingw-w64-x86-64, wine, wine64, dpkg-dev (for apt-get source).
# When apt has no deb-src entry at all, it adds one for the archive it
# already uses: /etc/apt/sources.list.d/debian-src.sources, a copy of
# debian.sources's `Types: deb` stanzas with `Types: deb-src` (same URIs,
# Suites, Components, Signed-By), or for a one-line sources.list, the
# matching `deb-src` lines in debian-src.list.
#
# Environment: BUILD_ROOT (default build).  Says what it installs, adds or
# builds (on stderr), nothing when the cache is used; exits non-zero on any
# failure.
set -u
cd "$(dirname "$0")/../.." || exit 1
BR=${BUILD_ROOT:-build}
case $BR in /*) ;; *) BR=$(pwd)/$BR ;; esac
CROSS=x86_64-w64-mingw32-
say() { echo "windows-luajit: $*" >&2; }

# --- packages ------------------------------------------------------------------
need=""
command -v ${CROSS}gcc >/dev/null 2>&1 || need="$need gcc-mingw-w64-x86-64"
command -v wine >/dev/null 2>&1 || need="$need wine"
command -v wine64 >/dev/null 2>&1 || [ -x /usr/lib/wine/wine64 ] || need="$need wine64"
command -v dpkg-source >/dev/null 2>&1 || need="$need dpkg-dev"
command -v luajit >/dev/null 2>&1 || need="$need luajit"
apt_updated=0
if [ -n "$need" ]; then
  if [ "$(id -u)" != 0 ]; then
    say "missing packages:$need"; say "run: sudo apt-get install -y$need"; exit 1
  fi
  say "installing$need"
  export DEBIAN_FRONTEND=noninteractive
  mkdir -p "$BR" || exit 1
  { apt-get update -qq && apt-get install -y -qq $need; } >"$BR/windows-apt.log" 2>&1 || {
    tail -n 20 "$BR/windows-apt.log" >&2; say "apt-get install$need failed"; exit 1; }
  rm -f "$BR/windows-apt.log"
  apt_updated=1
fi

# --- the cache -------------------------------------------------------------------
ver=$(dpkg-query -W -f='${source:Version}' luajit 2>/dev/null)
[ -n "$ver" ] || { say "cannot read the version of the installed luajit"; exit 1; }
top=$BR/windows/luajit
dir=$top/$ver
stamp=$dir/.complete
if [ -f "$stamp" ] && [ -f "$dir/lua51.dll" ] && [ -f "$dir/luajit.exe" ] \
   && [ -f "$dir/include/lua.h" ]; then
  [ "$(readlink "$top/current" 2>/dev/null)" = "$ver" ] || ln -sfn "$ver" "$top/current"
  exit 0
fi

# --- the source: apt-get source luajit=<installed version> ---------------------
has_debsrc() {
  grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    || grep -qsiE '^Types:.*deb-src' /etc/apt/sources.list.d/*.sources
}
if ! has_debsrc; then
  [ "$(id -u)" = 0 ] || { say "no deb-src entry in apt's sources; add one for your Debian archive"; exit 1; }
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    # the deb822 stanzas that are `Types: deb`, as `Types: deb-src`
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[ \t]*deb[ \t]*(\n|$)/ { sub(/Types:[ \t]*deb[ \t]*/, "Types: deb-src"); print }' \
      /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/debian-src.sources
    say "added /etc/apt/sources.list.d/debian-src.sources (deb-src for the same archive)"
  elif grep -qsE '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list; then
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list \
      > /etc/apt/sources.list.d/debian-src.list
    say "added /etc/apt/sources.list.d/debian-src.list (deb-src for the same archive)"
  else
    say "no Debian archive found in apt's sources to add a deb-src entry for"; exit 1
  fi
  apt_updated=0
fi
fetch_source() {
  (cd "$work" && apt-get source -qq luajit="$ver" >"$work/apt-source.log" 2>&1)
}
rm -rf "$dir" "$top/tmp-$ver"
work=$top/tmp-$ver
mkdir -p "$work" || exit 1
if ! fetch_source; then
  # the source index may be missing or stale: update once, then again
  if [ "$apt_updated" = 0 ] && [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null 2>&1
  fi
  fetch_source || { cat "$work/apt-source.log" >&2; say "apt-get source luajit=$ver failed"; exit 1; }
fi
srcdir=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'luajit-*' | head -n 1)
[ -n "$srcdir" ] && [ -f "$srcdir/src/Makefile" ] || { say "no unpacked luajit source in $work"; exit 1; }

# --- the build -------------------------------------------------------------------
say "building lua51.dll and luajit.exe from Debian's luajit $ver (mingw-w64)"
# The environment's CFLAGS/LDFLAGS are for the host build, not this one.
if ! env -u CFLAGS -u LDFLAGS -u CC make -C "$srcdir/src" -j"$(nproc 2>/dev/null || echo 2)" \
       HOST_CC=gcc CROSS=$CROSS TARGET_SYS=Windows BUILDMODE=dynamic \
       >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2; say "the LuaJIT build failed (log: $work/build.log)"; exit 1
fi
mkdir -p "$dir/include" || exit 1
cp "$srcdir/src/lua51.dll" "$srcdir/src/luajit.exe" "$dir/" || exit 1
for h in lua.h lualib.h lauxlib.h luaconf.h luajit.h lua.hpp; do
  cp "$srcdir/src/$h" "$dir/include/" || exit 1
done
# luajit.exe finds jit.* (for -jv, -jdump) in lua\jit next to it
mkdir -p "$dir/lua/jit" && cp "$srcdir"/src/jit/*.lua "$dir/lua/jit/" 2>/dev/null
echo "$ver" > "$stamp"
rm -rf "$work"
ln -sfn "$ver" "$top/current"
