#!/bin/sh
# check-build.sh CC LUA [LUA_INCDIR]: can this machine build kinetic.core for
# LUA (a pkg-config name: lua5.1, luajit, lua5.4 ...)?  Checks for the C
# compiler and for LUA's lua.h; when either is missing, says what to install
# on the common systems and exits 1.  Used by the Makefile's host targets
# (nvim, love) before they build.
cc=$1; lua=$2; incdir=${3:-}
missing=""
command -v "$cc" >/dev/null 2>&1 || missing="compiler"
found=""
if [ -n "$incdir" ]; then
  [ -f "$incdir/lua.h" ] && found=1
else
  for d in $(pkg-config --cflags-only-I "$lua" 2>/dev/null | sed 's/-I//g'); do
    [ -f "$d/lua.h" ] && found=1
  done
fi
[ -n "$found" ] || missing="$missing headers"
[ -z "$missing" ] && exit 0
case $lua in
  luajit) what="LuaJIT's headers (lua.h under luajit-2.1)"
          deb=libluajit-5.1-dev; fed=luajit-devel; brew=luajit ;;
  lua5.1) what="Lua 5.1's headers (lua.h)"
          deb=liblua5.1-0-dev; fed=compat-lua-devel; brew=lua@5.1 ;;
  *)      v=${lua#lua}
          what="Lua $v's headers (lua.h)"
          deb="liblua$v-dev"; fed=lua-devel; brew=lua ;;
esac
echo "kinetic: cannot build the C module (kinetic.core) for $lua here; missing:"
for m in $missing; do
  case $m in
    compiler) echo "  a C compiler ($cc)" ;;
    headers)  echo "  $what${incdir:+ in $incdir}" ;;
  esac
done
echo "install them, then run make again:"
echo "  Debian, Ubuntu: sudo apt-get install gcc $deb"
echo "  Fedora:         sudo dnf install gcc $fed"
echo "  macOS:          xcode-select --install; brew install $brew"
echo "or point LUA_INCDIR at the folder holding lua.h."
exit 1
