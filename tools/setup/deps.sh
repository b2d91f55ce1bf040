#!/bin/sh
# Install what `make test` / `make demo` / `make bench` need on a Debian-like
# machine: apt-get when running as root, otherwise print the exact command.
PKGS="make gcc pkg-config lua5.1 lua5.2 lua5.3 lua5.4 liblua5.1-0-dev liblua5.2-dev
liblua5.3-dev liblua5.4-dev luajit libluajit-5.1-dev lua-busted lua-check luarocks valgrind clang"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "deps: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $missing >/dev/null || {
    echo "deps: apt-get install failed"; exit 1; }
else
  echo "deps: missing packages:$missing"
  echo "deps: run: sudo apt-get install -y$missing"
  exit 1
fi
