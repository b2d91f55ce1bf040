#!/bin/sh
# An ARM64 (aarch64) Lua 5.4 and LuaJIT to run under qemu-user on an x86-64
# Debian, with the C modules busted needs, for tools/test/test-arm64.sh
# (the recipe of /work/shared/reference/arm64.md, cached).
#
# Installs what is missing (as root; otherwise prints the command and fails):
# qemu-user (qemu-aarch64) and gcc-aarch64-linux-gnu (the cross compiler and
# its libc, /usr/aarch64-linux-gnu, where qemu finds the arm64 ld.so).  Adds
# the arm64 architecture to dpkg (`dpkg --add-architecture arm64`, then one
# `apt-get update`) when it is not there, so that apt can download arm64
# packages; nothing arm64 is installed.
#
# Result: $BUILD_ROOT/arm64/root/<key>/, the files of these arm64 .debs,
# extracted, not installed -- lua5.4 liblua5.4-0 liblua5.4-dev luajit
# libluajit-5.1-2 libreadline8 libtinfo6 (the interpreters and their
# libraries), lua-filesystem lua-term lua-system (busted's C modules: lfs,
# term.core, system.core) -- each at the version of its amd64 twin
# installed here (the key is made of those versions), plus a stamp written
# last; $BUILD_ROOT/arm64/root/current is a symlink to it.  A complete tree
# for the installed versions is reused as it is (a second run costs a
# dpkg-query).
#
# Environment: BUILD_ROOT (default build).  Says what it installs or
# downloads (on stderr), nothing when the cache is used; exits non-zero on
# any failure.
set -u
cd "$(dirname "$0")/../.." || exit 1
BR=${BUILD_ROOT:-build}
case $BR in /*) ;; *) BR=$(pwd)/$BR ;; esac
say() { echo "arm64: $*" >&2; }

# --- packages --------------------------------------------------------------------
need=""
command -v qemu-aarch64 >/dev/null 2>&1 || need="$need qemu-user"
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu"
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || need="$need libc6-arm64-cross"
if [ -n "$need" ]; then
  if [ "$(id -u)" != 0 ]; then
    say "missing packages:$need"; say "run: sudo apt-get install -y$need"; exit 1
  fi
  say "installing$need"
  export DEBIAN_FRONTEND=noninteractive
  mkdir -p "$BR" || exit 1
  { apt-get update -qq && apt-get install -y -qq $need; } >"$BR/arm64-apt.log" 2>&1 || {
    tail -n 20 "$BR/arm64-apt.log" >&2; say "apt-get install$need failed"; exit 1; }
  rm -f "$BR/arm64-apt.log"
fi

# --- the cache -------------------------------------------------------------------
# The arm64 packages, each as "name=version" of the amd64 one installed here.
# lua-filesystem, lua-term and lua-system come with lua-busted (tools/setup/deps.sh).
PKGS="lua5.4 liblua5.4-0 liblua5.4-dev luajit libluajit-5.1-2 libreadline8 libtinfo6
lua-filesystem lua-term lua-system"
want=""
for p in $PKGS; do
  v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null | head -n 1)
  [ -n "$v" ] || v=$(dpkg-query -W -f='${Version}' "$p:amd64" 2>/dev/null | head -n 1)
  [ -n "$v" ] || { say "$p is not installed here (tools/setup/deps.sh installs it)"; exit 1; }
  want="$want $p:arm64=$v"
done
key=$(printf '%s\n' $want | cksum | cut -d ' ' -f 1)
top=$BR/arm64/root
dir=$top/$key
stamp=$dir/.complete
if [ -f "$stamp" ] && [ -x "$dir/usr/bin/lua5.4" ] && [ -x "$dir/usr/bin/luajit" ]; then
  [ "$(readlink "$top/current" 2>/dev/null)" = "$key" ] || ln -sfn "$key" "$top/current"
  exit 0
fi

# --- the download ------------------------------------------------------------------
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  [ "$(id -u)" = 0 ] || { say "dpkg has no arm64 architecture; run: sudo dpkg --add-architecture arm64 && sudo apt-get update"; exit 1; }
  say "adding the arm64 architecture to dpkg (dpkg --add-architecture arm64; apt-get update)"
  dpkg --add-architecture arm64 || exit 1
  apt-get update -qq >/dev/null 2>&1 || { say "apt-get update failed"; exit 1; }
fi
rm -rf "$dir" "$top/tmp-$key"
work=$top/tmp-$key
mkdir -p "$work" || exit 1
say "downloading and extracting the arm64 packages:$want"
download() { (cd "$work" && apt-get download -qq $want >"$work/apt.log" 2>&1); }
if ! download; then
  # an arm64 index that is missing or stale: update once, then again
  if [ "$(id -u)" = 0 ]; then apt-get update -qq >/dev/null 2>&1; fi
  download || { cat "$work/apt.log" >&2; say "apt-get download failed"; exit 1; }
fi
mkdir -p "$work/root" || exit 1
for f in "$work"/*.deb; do
  dpkg-deb -x "$f" "$work/root" || { say "dpkg-deb -x $f failed"; exit 1; }
done
for f in usr/bin/lua5.4 usr/bin/luajit; do
  [ -x "$work/root/$f" ] || { say "no $f in the extracted packages"; exit 1; }
done
mv "$work/root" "$dir" || exit 1
printf '%s\n' $want > "$stamp"
rm -rf "$work"
ln -sfn "$key" "$top/current"
