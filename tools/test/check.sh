#!/bin/sh
# `make check`: the quick loop to run after every edit.  It builds the module
# for Lua 5.4 (make -j), runs the busted suite on it without the specs
# tagged #stress, split over as many busted processes as there are CPUs,
# and luacheck on lua/ and spec/ meanwhile.  One line per stage, then
# `kinetic check: N passed, M failed`; exits non-zero on any failure.
# `make test` is the full gate (tools/test/test.sh).
# BACKEND=lua (`make check BACKEND=lua`): the suite on the Lua backend
# instead, as make test runs it on each VM (suite.sh, run_lua_suite):
# KINETIC_BACKEND=lua, no C module of kinetic on package.cpath, the
# #c_only tests left out (counted against the lua5.4 build, when there is
# one: none is made), and #stress as above.
# Environment: BUILD_ROOT (default build), CHECK_JOBS (default: the CPUs),
# BACKEND (c or lua, default c).
set -u
. tools/test/suite.sh
BR=${BUILD_ROOT:-build}
MAKE=${MAKE:-make}
JOBS=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}
passed=0; failed=0; status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# luacheck needs no build: it runs while the compiler does
luacheck -q --no-color lua spec >"$tmp/luacheck" 2>&1 &
lc_pid=$!

if [ "${BACKEND:-c}" = lua ]; then
  if busted_cmods lua5.4 "$BR/busted-cmods/lua5.4"; then
    BUSTED_EXTRA=--exclude-tags=stress SUITE_CHUNKS=$((JOBS * 4)) SUITE_JOBS=$JOBS \
      run_lua_suite "lua5.4 (lua)" lua5.4 "$BR/busted-cmods/lua5.4"
  else
    echo "lua5.4 (lua):    FAILED: busted's C modules not found"; status=1; failed=$((failed + 1))
  fi
elif [ "${BACKEND:-c}" != c ]; then
  echo "check: BACKEND is '$BACKEND'; it may be c or lua"; exit 2
elif ! $MAKE --no-print-directory -s -j"$JOBS" LUA=lua5.4 BUILD_ROOT="$BR" build >"$tmp/build" 2>&1; then
  cat "$tmp/build"; echo "build:           lua5.4 FAILED"; status=1; failed=$((failed + 1))
else
  echo "build:           lua5.4 ($BR/lua5.4/kinetic/core.so)"
  BUSTED_EXTRA=--exclude-tags=stress SUITE_CHUNKS=$((JOBS * 4)) SUITE_JOBS=$JOBS \
    run_suite lua5.4 lua5.4 "$BR/lua5.4"
fi

if wait $lc_pid; then
  echo "luacheck:        $(tail -n 1 "$tmp/luacheck")"; passed=$((passed + 1))
else
  cat "$tmp/luacheck"; echo "luacheck:        FAILED"; status=1; failed=$((failed + 1))
fi

echo "kinetic check: $passed passed, $failed failed"
exit $status
