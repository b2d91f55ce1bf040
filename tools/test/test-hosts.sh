#!/bin/sh
# The real hosts, run by tools/test/test.sh inside `make test`:
#   - Neovim (headless): examples/nvim/selftest.lua, with the module loaded by
#     Neovim's own loader from lua/kinetic/core.so (`make nvim`);
#   - LÖVE 11 under Xvfb: examples/love with KINETIC_SELFTEST=1 (`make love`);
#   - the same game packed as a .love with the folder `make love-dist` writes,
#     its C part copied by main.lua from the archive to the save directory.
# Each runs twice: as installed (LuaJIT's FFI fast path where it applies) and
# with KINETIC_FFI=0 (the classic Lua C API binding).  Then both hosts on
# the Lua backend, with nothing compiled anywhere they look, where kinetic
# must fall back to kinetic.pure on its own (KINETIC_BACKEND unset; the
# self-tests check kinetic._backend with KINETIC_SELFTEST_BACKEND=lua):
#   - Neovim with only a copy of the checkout on 'runtimepath' (lua/ and
#     examples/nvim/, no `make nvim`: no core.so in lua/kinetic/);
#   - LÖVE from a .love whose kinetic/ holds Lua files only (init.lua,
#     ffi.lua, pure/), no core.so or core.dll inside, under Xvfb.
# Prints one line per host and exits non-zero on any failure.  Installs
# neovim, love and xvfb when missing (apt-get as root; otherwise prints the
# exact command and fails).  Environment: BUILD_ROOT (as tools/test/test.sh),
# KINETIC_SCREENSHOT (where the LÖVE self-test saves its screenshot; default
# $BUILD_ROOT/love-selftest.png), HOST_TIMEOUT (seconds per host, default 120).
set -u
cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
TMO=${HOST_TIMEOUT:-120}
status=0

# --- packages ------------------------------------------------------------------
need=""
command -v nvim >/dev/null 2>&1 || need="$need neovim"
command -v love >/dev/null 2>&1 || need="$need love"
command -v xvfb-run >/dev/null 2>&1 || need="$need xvfb"
command -v xauth >/dev/null 2>&1 || need="$need xauth"
command -v zip >/dev/null 2>&1 || need="$need zip"
command -v unzip >/dev/null 2>&1 || need="$need unzip"
if [ -n "$need" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "hosts: installing$need"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq $need >/dev/null; } || {
      echo "hosts: apt-get install$need failed"; exit 1; }
  else
    echo "hosts: missing packages:$need"
    echo "hosts: run: sudo apt-get install -y$need"
    exit 1
  fi
fi

# report NAME RC OUTPUT [HOST [ONCE]]: one summary line; the output when it
# failed.  ONCE (any text): a single run (the Lua backend's), said in the
# line instead of the KINETIC_FFI=0 run.
report() {
  name=$1; rc=$2; out=$3; host=${4:-$1}; once=${5:-}
  n=$(printf '%s\n' "$out" | sed -n 's/.*selftest passed (\([0-9]*\) checks).*/\1/p' | tail -n 1)
  n0=$(printf '%s\n' "$out" | sed -n 's/.*selftest (KINETIC_FFI=0) passed (\([0-9]*\) checks).*/\1/p' | tail -n 1)
  [ -z "$n0" ] && [ -z "$once" ] && n=""    # both runs must pass
  # the self-tests print "<host> <version>, <Lua>, kinetic x.y.z" first
  ver=$(printf '%s\n' "$out" | grep -m 1 "^$host [0-9]" | sed 's/, kinetic [^,]*//; s/, [0-9]* easings//')
  if [ "$rc" -eq 0 ] && [ -n "$n" ] && [ -n "$once" ]; then
    printf '%-16s selftest passed (%s checks)%s, %s\n' "$name:" "$n" "${ver:+ on $ver}" "$once"
  elif [ "$rc" -eq 0 ] && [ -n "$n" ]; then
    printf '%-16s selftest passed (%s checks)%s, and again with KINETIC_FFI=0\n' "$name:" "$n" "${ver:+ on $ver}"
  else
    printf '%s\n' "$out" | tail -n 40
    if [ "$rc" -eq 124 ]; then why="timed out after ${TMO}s"; else why="exit $rc"; fi
    printf '%-16s selftest FAILED (%s)\n' "$name:" "$why"
    status=1
  fi
}

# --- Neovim --------------------------------------------------------------------
if out=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" nvim 2>&1); then
  run_nvim() {
    timeout "$TMO" nvim --headless -u NONE -i NONE -n --cmd "set rtp^=$ROOT" \
      -c "luafile examples/nvim/selftest.lua" </dev/null 2>&1
  }
  out=$(run_nvim); rc=$?
  if [ $rc -eq 0 ]; then   # again on the classic binding (no LuaJIT FFI fast path)
    out2=$(KINETIC_FFI=0 run_nvim); rc=$?
    out="$out
$(printf '%s\n' "$out2" | sed 's/^nvim selftest passed/nvim selftest (KINETIC_FFI=0) passed/')"
  fi
  report nvim $rc "$out"
else
  printf '%s\n' "$out" | tail -n 20; echo "nvim:            make nvim FAILED"; status=1
fi

# --- LÖVE under Xvfb -------------------------------------------------------------
case $BR in /*) brdir=$BR ;; *) brdir=$ROOT/$BR ;; esac   # BUILD_ROOT may be absolute
shot=${KINETIC_SCREENSHOT:-$brdir/love-selftest.png}
mkdir -p "$(dirname "$shot")"; rm -f "$shot"
if out=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" love 2>&1); then
  run_love() {
    KINETIC_SELFTEST=1 timeout "$TMO" \
      xvfb-run -a -s "-screen 0 1280x720x24" love examples/love </dev/null 2>&1
  }
  out=$(KINETIC_SCREENSHOT="$shot" run_love); rc=$?
  if [ $rc -eq 0 ]; then   # again on the classic binding, no screenshot
    out2=$(KINETIC_FFI=0 KINETIC_SCREENSHOT= run_love); rc=$?
    out="$out
$(printf '%s\n' "$out2" | sed 's/^love selftest passed/love selftest (KINETIC_FFI=0) passed/')"
  fi
  if [ $rc -eq 0 ] && [ ! -s "$shot" ]; then
    out="$out
love: no screenshot at $shot"; rc=1
  fi
  report love $rc "$out"
else
  printf '%s\n' "$out" | tail -n 20; echo "love:            make love FAILED"; status=1
fi

# --- LÖVE, the distribution folder inside a .love --------------------------------
# The game packed as a .love with build/love-dist/kinetic/ (make love-dist):
# main.lua copies the Linux binary from the archive to the save directory
# (XDG_DATA_HOME, a scratch folder here) and loads it from there.
if out=$($MAKE --no-print-directory -s BUILD_ROOT="$BR" love-dist 2>&1); then
  game=$(mktemp -d)
  cp examples/love/main.lua examples/love/conf.lua "$game/" &&
    cp -R "$brdir/love-dist/kinetic" "$game/kinetic" &&
    (cd "$game" && zip -q -r game.love main.lua conf.lua kinetic) || status=1
  run_dist() {
    (cd "$game" && XDG_DATA_HOME="$game/data" KINETIC_SELFTEST=1 KINETIC_SCREENSHOT= \
      timeout "$TMO" xvfb-run -a -s "-screen 0 1280x720x24" love game.love </dev/null 2>&1)
  }
  out=$(run_dist); rc=$?
  if [ $rc -eq 0 ]; then
    out2=$(KINETIC_FFI=0 run_dist); rc=$?
    out="$out
$(printf '%s\n' "$out2" | sed 's/^love selftest passed/love selftest (KINETIC_FFI=0) passed/')"
  fi
  copied="$game/data/love/kinetic-example/kinetic/core.so"
  if [ $rc -eq 0 ] && ! { [ -s "$copied" ] && printf '%s\n' "$out" | grep -q "loaded from $copied"; }; then
    out="$out
love-dist: the self-test did not load kinetic from $copied"; rc=1
  fi
  report love-dist $rc "$out" love
  rm -rf "$game"
else
  printf '%s\n' "$out" | tail -n 20; echo "love-dist:       make love-dist FAILED"; status=1
fi

# --- both hosts on the Lua backend -------------------------------------------------
# Neovim: a copy of the checkout's lua/ and examples/nvim/ without any
# binary, alone on 'runtimepath' with Neovim's own runtime.
copy=$(mktemp -d)
if tar -cf - --exclude='*.so' --exclude='*.so.tmp' --exclude='*.dll' lua examples/nvim | tar -xf - -C "$copy"; then
  bins=$(find "$copy" -name '*.so' -o -name '*.dll' | head -n 3)
  if [ -n "$bins" ]; then
    out="binaries in the copy: $bins"; rc=1
  else
    out=$(cd "$copy" && KINETIC_SELFTEST_BACKEND=lua timeout "$TMO" nvim --headless -u NONE -i NONE -n \
            --cmd "set rtp^=$copy" -c "luafile examples/nvim/selftest.lua" </dev/null 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^nvim [0-9].*(Lua backend)'; then
      out="$out
nvim (lua): the self-test did not run on the Lua backend"; rc=1
    fi
  fi
  report "nvim (lua)" $rc "$out" nvim "no core.so on 'runtimepath'"
else
  echo "nvim (lua):      FAILED to copy lua/ and examples/nvim/"; status=1
fi
rm -rf "$copy"

# LÖVE: a .love with main.lua, conf.lua and kinetic/ as `make love-dist`
# writes it, less its binaries: Lua files only.
game=$(mktemp -d)
if cp examples/love/main.lua examples/love/conf.lua "$game/" &&
   tar -C lua -cf - --exclude='*.so' --exclude='*.so.tmp' --exclude='*.dll' --exclude=nvim.lua kinetic |
     tar -xf - -C "$game" &&
   (cd "$game" && zip -q -r game.love main.lua conf.lua kinetic); then
  listing=$(cd "$game" && unzip -Z1 game.love)
  if printf '%s\n' "$listing" | grep -qvE '^(main\.lua|conf\.lua|kinetic/|kinetic/.*\.lua|kinetic/.*/)$'; then
    out="the .love holds more than Lua files: $(printf '%s\n' "$listing" | grep -vE '\.lua$|/$' | tr '\n' ' ')"; rc=1
  elif ! printf '%s\n' "$listing" | grep -q '^kinetic/pure/init\.lua$'; then
    out="the .love has no kinetic/pure/init.lua"; rc=1
  else
    rm -rf "$game/main.lua" "$game/conf.lua" "$game/kinetic"     # the archive alone
    out=$(cd "$game" && XDG_DATA_HOME="$game/data" KINETIC_SELFTEST=1 KINETIC_SELFTEST_BACKEND=lua \
            KINETIC_SCREENSHOT= timeout "$TMO" xvfb-run -a -s "-screen 0 1280x720x24" love game.love </dev/null 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^love [0-9].*(Lua backend)'; then
      out="$out
love (lua): the self-test did not run on the Lua backend"; rc=1
    fi
  fi
  report "love (lua)" $rc "$out" love "from a .love of Lua files only ($(printf '%s\n' "$listing" | grep -c '\.lua$') files)"
else
  echo "love (lua):      FAILED to pack the .love"; status=1
fi
rm -rf "$game"

exit $status
