#!/bin/sh
# The Windows build, run by tools/test/test.sh inside `make test`:
#   1. tools/setup/windows-luajit.sh: a Windows LuaJIT (lua51.dll, luajit.exe) from
#      Debian's luajit source, cross-built once and cached under
#      $BUILD_ROOT/windows/luajit/ (it installs mingw-w64 and wine if missing);
#   2. `make windows-dll`: kinetic/core.dll against that lua51.dll; it must
#      import lua51.dll and Windows system DLLs only, and export
#      luaopen_kinetic_core;
#   3. tools/test/windows_check.lua -- every public function and method on fixed
#      inputs -- on the Linux LuaJIT with build/luajit's core.so and under
#      wine with luajit.exe and core.dll, each with the FFI fast path on and
#      with KINETIC_FFI=0 (KINETIC_BACKEND=c: the C core, never the Lua
#      backend); tools/test/windows_compare.lua compares the outputs of
#      each pair: bit for bit, but for the values its rules name.
# Prints one line and exits non-zero on any failure.  Wine runs headless
# (WINEDEBUG=-all, no X server) in its own prefix, $BUILD_ROOT/windows/wineprefix,
# made on first use and kept.  Environment: BUILD_ROOT (as tools/test/test.sh),
# WINE_TIMEOUT (seconds per wine run, default 300).
set -u
cd "$(dirname "$0")/../.." || exit 1
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
TMO=${WINE_TIMEOUT:-300}
CROSS=x86_64-w64-mingw32-
LPATH='lua/?.lua;lua/?/init.lua'
out=$BR/windows/check
fail() { printf '%-16s FAILED (%s)\n' "windows:" "$1"; exit 1; }

sh tools/setup/windows-luajit.sh || fail "no Windows LuaJIT: tools/setup/windows-luajit.sh"
jit=$BR/windows/luajit/current
log=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" LUA=luajit build 2>&1) \
  || { printf '%s\n' "$log" | tail -n 20; fail "make LUA=luajit build"; }
log=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" windows-dll 2>&1) \
  || { printf '%s\n' "$log" | tail -n 20; fail "make windows-dll"; }
dll=$BR/windows/kinetic/core.dll

# What core.dll imports: lua51.dll, and otherwise only DLLs every Windows has.
dump=$(${CROSS}objdump -p "$dll") || fail "objdump -p $dll"
imports=$(printf '%s\n' "$dump" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr '\n' ' ')
for d in $imports; do
  case $(printf '%s' "$d" | tr 'A-Z' 'a-z') in
    lua51.dll|kernel32.dll|msvcrt.dll|ucrtbase.dll|api-ms-win-*.dll|ntdll.dll|user32.dll|advapi32.dll) ;;
    *) fail "core.dll imports $d (imports: $imports)" ;;
  esac
done
case " $imports" in *" lua51.dll "*) ;; *) fail "core.dll does not import lua51.dll (imports: $imports)" ;; esac
printf '%s\n' "$dump" | grep -q '\] luaopen_kinetic_core$' || fail "core.dll does not export luaopen_kinetic_core"

# wine: its own prefix, made once (the first start takes ~10 s)
WINEPREFIX=$(cd "$BR" && pwd)/windows/wineprefix
WINEDEBUG=-all
export WINEPREFIX WINEDEBUG
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  timeout "$TMO" wine "$jit/luajit.exe" -e "" >/dev/null 2>&1 || fail "wine could not start luajit.exe"
fi

mkdir -p "$out" || exit 1
summary=""
for ffi in 1 0; do
  suffix=$([ $ffi = 1 ] && echo "" || echo "-noffi")
  rm -f "$out/linux$suffix.txt" "$out/windows$suffix.txt"
  KINETIC_BACKEND=c KINETIC_FFI=$ffi LUA_PATH="$LPATH" LUA_CPATH="$BR/luajit/?.so" \
    luajit tools/test/windows_check.lua "$out/linux$suffix.txt" || fail "windows_check.lua on Linux (KINETIC_FFI=$ffi)"
  KINETIC_BACKEND=c KINETIC_FFI=$ffi LUA_PATH="$LPATH" LUA_CPATH="$BR/windows/?.dll" \
    timeout "$TMO" wine "$jit/luajit.exe" tools/test/windows_check.lua "$out/windows$suffix.txt" \
    || fail "windows_check.lua under wine (KINETIC_FFI=$ffi)"
  res=$(luajit tools/test/windows_compare.lua "$out/linux$suffix.txt" "$out/windows$suffix.txt") \
    || { printf '%s\n' "$res"; fail "Windows and Linux differ (KINETIC_FFI=$ffi): $out/*$suffix.txt"; }
  [ $ffi = 1 ] && summary=$res
done
wineserver -k >/dev/null 2>&1

printf '%-16s %s; KINETIC_FFI=0 too; core.dll imports %s\n' "windows:" "$summary" \
  "$(printf '%s' "$imports" | sed 's/ $//; s/ /, /g')"
