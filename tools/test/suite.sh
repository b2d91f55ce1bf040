# Sourced by tools/test/test.sh, tools/test/check.sh and
# tools/test/test-arm64.sh: the busted suite and its one-line summary, on
# the C core (run_suite) or on the Lua backend (run_lua_suite, below).
#
# run_suite NAME VM SODIR [VAR=value...]: runs the busted suite (spec/) on
# VM with kinetic.core from SODIR and the Lua side from lua/, the VARs in
# its environment, KINETIC_BACKEND=c unless a VAR sets it (a core.so that
# does not load is an error, not a run on the Lua backend); prints `NAME: <busted's counts>` and adds the successes
# to $passed and the failures and errors to $failed (a run with no result
# line, a non-zero exit or no success counts as a failure and sets
# $status=1; the failing tests and its last 40 lines of output are printed
# first).
#
# Optional settings, read from the environment of the call:
#   BUSTED_EXTRA   more busted options, e.g. --exclude-tags=stress
#   SUITE_WRAP     a command the VM runs under, e.g. valgrind and its options
#   SUITE_SKIP     spec files to leave out (paths, separated by blanks)
#   SUITE_FILTER_OUT  tests to leave out: Lua patterns of their full names
#                  (busted's --filter-out), one a line
#   SUITE_CHUNKS   split the spec files into this many chunks, one busted
#                  process each, run SUITE_JOBS at a time; the counts are
#                  summed, so the line reads as for one process.  Files go to
#                  chunks in turn (file i to chunk i mod N), which spreads
#                  the slow files of a part (spring_group_*) over the chunks.
#   SUITE_JOBS     chunks run at once (default 1)
#   SUITE_NOTE     text added to the end of the summary line
# Busted runs every spec file in its own insulated environment, so running
# the files in several processes checks what one process checks.  The
# function's own variables are named rs_*, as it runs in its caller's shell.
SUITE_LPATH='lua/?.lua;lua/?/init.lua'

# suite_files: the spec files of the suite, less SUITE_SKIP, one a line.
suite_files() {
  for f in spec/*_spec.lua; do
    case " ${SUITE_SKIP:-} " in *" $f "*) continue ;; esac
    printf '%s\n' "$f"
  done
}

# suite_counts FILE: busted's last result line in FILE, or nothing.
suite_counts() {
  grep -E '^[0-9]+ successe?s? / [0-9]+ failures? / [0-9]+ errors?' "$1" | tail -n 1
}

run_suite() {
  rs_name=$1; rs_vm=$2; rs_dir=$3; shift 3
  rs_tmp=$(mktemp -d) || { status=1; failed=$((failed + 1)); return; }
  rs_chunks=${SUITE_CHUNKS:-1}; rs_jobs=${SUITE_JOBS:-1}
  # chunk k holds the files whose position i (from 0) has i mod chunks = k
  suite_files | awk -v n="$rs_chunks" -v d="$rs_tmp" '{ print > (d "/files." (NR - 1) % n) }'
  rs_chunks=$(ls "$rs_tmp" | grep -c '^files\.')    # fewer files than chunks
  # the command, one argument a line: env VAR=value... [SUITE_WRAP] VM busted ...
  { echo env
    echo KINETIC_BACKEND=c          # the C core or an error, never a silent fallback
    for a in "$@"; do printf '%s\n' "$a"; done
    for a in ${SUITE_WRAP:-} "$rs_vm" /usr/bin/busted --output=plainTerminal ${BUSTED_EXTRA:-}; do
      printf '%s\n' "$a"
    done
    printf '%s\n' "--cpath=$rs_dir/?.so" "--lpath=$SUITE_LPATH"
    printf '%s\n' "${SUITE_FILTER_OUT:-}" | sed '/^[[:space:]]*$/d; s/^[[:space:]]*/--filter-out=/'
  } >"$rs_tmp/argv"
  rs_start=$(date +%s)
  # one busted process per chunk, `jobs` at a time; each leaves its output
  # in out.K and its exit status in rc.K
  ls "$rs_tmp" | sed -n 's/^files\.//p' | sort -n |
    xargs -P "$rs_jobs" -I{} sh -c '
      set -f; IFS="
"
      $(cat "$1/argv" "$1/files.$2") >"$1/out.$2" 2>&1
      echo $? >"$1/rc.$2"' sh "$rs_tmp" {}
  rs_secs=$(( $(date +%s) - rs_start ))
  rs_s=0; rs_f=0; rs_e=0; rs_p=0; rs_bad=0; rs_n=0
  for rs_rc_file in "$rs_tmp"/rc.*; do
    [ -f "$rs_rc_file" ] || continue
    rs_k=${rs_rc_file##*.}; rs_n=$((rs_n + 1))
    rs_line=$(suite_counts "$rs_tmp/out.$rs_k")
    set -- $(printf '%s\n' "$rs_line" | sed -n \
      's|^\([0-9]*\) successe*s* / \([0-9]*\) failures* / \([0-9]*\) errors* / \([0-9]*\) pending.*|\1 \2 \3 \4|p')
    if [ $# -eq 4 ]; then
      rs_s=$((rs_s + $1)); rs_f=$((rs_f + $2)); rs_e=$((rs_e + $3)); rs_p=$((rs_p + $4))
    fi
    if [ "$(cat "$rs_rc_file")" != 0 ] || [ $# -ne 4 ]; then
      # every failing test by name (at most 50), then the end of the output
      rs_list=$(grep -A1 -E '^(Failure|Error) -> ' "$rs_tmp/out.$rs_k" | grep -v '^--$' |
                paste -d ' ' - - | sed 's/^\(Failure\|Error\) -> /  /')
      if [ -n "$rs_list" ]; then
        echo "$rs_name: $(printf '%s\n' "$rs_list" | wc -l | tr -d ' ') failing (file @ line, test):"
        printf '%s\n' "$rs_list" | head -n 50
      fi
      tail -n 40 "$rs_tmp/out.$rs_k"
      rs_bad=$((rs_bad + 1))
    fi
  done
  rs_nf=$((rs_f + rs_e))
  if [ "$rs_bad" -ne 0 ] || [ "$rs_n" -ne "$rs_chunks" ] || [ "$rs_s" -eq 0 ]; then
    [ "$rs_nf" -eq 0 ] && rs_nf=1
    status=1
  fi
  if [ "$rs_n" -eq 0 ] || { [ "$rs_chunks" -eq 1 ] && [ -z "$rs_line" ]; }; then
    printf '%-16s %s%s\n' "$rs_name:" "no result line (busted exit $(cat "$rs_tmp"/rc.* 2>/dev/null | tr '\n' ' '))" \
      "${SUITE_NOTE:-}"
  elif [ "$rs_chunks" -eq 1 ]; then
    printf '%-16s %s%s\n' "$rs_name:" "$rs_line" "${SUITE_NOTE:-}"
  else
    printf '%-16s %s successes / %s failures / %s errors / %s pending : %s seconds%s%s\n' \
      "$rs_name:" "$rs_s" "$rs_f" "$rs_e" "$rs_p" "$rs_secs" " ($rs_chunks processes)" "${SUITE_NOTE:-}"
  fi
  passed=$((passed + rs_s)); failed=$((failed + rs_nf))
  rm -rf "$rs_tmp"
}

# --- the Lua backend ------------------------------------------------------------
# run_lua_suite NAME VM CMODS [VAR=value...]: the suite on VM with
# KINETIC_BACKEND=lua and no C module of kinetic anywhere it can look:
# package.cpath is CMODS/?.so alone (LUA_CPATH and LUA_CPATH_5_x, without
# the default path), and CMODS holds busted's own C modules (lfs, term.core,
# system.core) and nothing else -- busted_cmods makes such a folder.  Before
# the suite, the same VM in the same environment must fail to find
# kinetic.core; the summary line says so.  Left out, and counted: every
# test tagged #c_only (busted's --exclude-tags) and every test of a file
# with a line `-- #c_only file` (a file that requires kinetic.core as it
# loads).  The count comes from busted --list on a C build: set
# LUA_SUITE_COUNT="VM SODIR" (default "VM $BR/VM" when VM is one of the
# five, when that build exists); without one the count is left out.
# Also left out: spring_group_spec.lua's group-against-springs matrix
# capped at avx512, avx and sse2, x86-64 loops of the C core -- on the Lua
# backend every cap runs the one loop that the "best" and "scalar" cases
# of the same matrix run (as on ARM64 and under valgrind).
# Also read: SUITE_WRAP (a command VM runs under, e.g. qemu-aarch64 and its
# options), BUSTED_EXTRA (more busted options: c_only is added to an
# --exclude-tags given there), SUITE_FILTER_OUT (more), SUITE_CHUNKS and
# SUITE_JOBS (see run_suite).
LUA_SIMD_REPEATS="bit for bit %(avx512 loop
bit for bit %(avx loop
bit for bit %(sse2 loop"

# c_only_files: the spec files that are C-only as a whole, one a line.
c_only_files() {
  grep -l '^-- #c_only file' spec/*_spec.lua 2>/dev/null
}

# busted_cmods VM DIR: fills DIR with links to the C modules busted loads
# (lfs, term.core, system.core) as VM finds them on its default
# package.cpath, and with nothing else.  Fails when one is missing.
busted_cmods() {
  mkdir -p "$2/term" "$2/system" || return 1
  # anything else there goes (links are replaced in place: a run that uses
  # the folder at the same time keeps working)
  find "$2" -mindepth 1 ! -path "$2/term" ! -path "$2/system" ! -path "$2/lfs.so" \
    ! -path "$2/term/core.so" ! -path "$2/system/core.so" -exec rm -rf {} + 2>/dev/null
  for bc_mod in lfs term.core system.core; do
    bc_path=$("$1" -e "
      local name = '$bc_mod'
      for t in package.cpath:gmatch('[^;]+') do
        local p = t:gsub('%?', (name:gsub('%.', '/')))
        local f = io.open(p, 'rb')
        if f then f:close(); print(p); break end
      end" 2>/dev/null)
    [ -n "$bc_path" ] || { echo "busted's C module $bc_mod not found by $1" >&2; return 1; }
    ln -sf "$(readlink -f "$bc_path")" "$2/$(printf '%s' "$bc_mod" | tr . /).so" || return 1
  done
}

# count_tests VM SODIR [busted options] FILES...: how many tests busted --list
# names (nothing printed and status 1 when it fails).
count_tests() {
  ct_vm=$1; ct_dir=$2; shift 2
  ct_out=$("$ct_vm" /usr/bin/busted --list "--cpath=$ct_dir/?.so" "--lpath=$SUITE_LPATH" "$@" 2>&1) \
    || return 1
  printf '%s\n' "$ct_out" | grep -c '^spec/[^:]*:[0-9]*: '
}

run_lua_suite() {
  rl_name=$1; rl_vm=$2; rl_cmods=$3; shift 3
  case $rl_cmods in /*) ;; *) rl_cmods=$(pwd)/$rl_cmods ;; esac
  rl_cpath="$rl_cmods/?.so"
  # kinetic.core must not be found: the very VM, environment and cpath
  rl_probe=$(env "$@" KINETIC_BACKEND=lua LUA_CPATH="$rl_cpath" LUA_CPATH_5_2="$rl_cpath" \
    LUA_CPATH_5_3="$rl_cpath" LUA_CPATH_5_4="$rl_cpath" ${SUITE_WRAP:-} "$rl_vm" -e '
      package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
      local ok, err = pcall(require, "kinetic.core")
      if ok then print("kinetic.core LOADED with package.cpath " .. package.cpath); os.exit(1) end
      if not tostring(err):find("module .kinetic.core. not found") then
        print("kinetic.core: not the error of a module not found: " .. tostring(err)); os.exit(1)
      end
      print("ok " .. package.cpath)' 2>&1)
  if [ "$rl_probe" != "ok $rl_cpath" ]; then
    printf '%s\n' "$rl_probe" | tail -n 5
    printf '%-16s %s\n' "$rl_name:" "FAILED: kinetic.core must not be findable (package.cpath $rl_cpath)"
    status=1; failed=$((failed + 1)); return
  fi
  rl_skip=$(c_only_files | tr '\n' ' ')
  # what is left out, counted on a C build of the same VM
  rl_count=${LUA_SUITE_COUNT:-}
  if [ -z "$rl_count" ] && [ -f "${BR:-build}/$rl_vm/kinetic/core.so" ]; then
    rl_count="$rl_vm ${BR:-build}/$rl_vm"
  fi
  rl_files=$(SUITE_SKIP="$rl_skip" suite_files | tr '\n' ' ')
  if [ -z "$rl_count" ]; then
    rl_note="c_only tests left out: not counted (no C build to list them)"
  elif rl_n1=$(count_tests $rl_count --tags=c_only $rl_files) &&
       rl_n2=$( [ -z "$rl_skip" ] && echo 0 || count_tests $rl_count $rl_skip ); then
    rl_note="$((rl_n1 + rl_n2)) c_only tests left out"
    [ -n "$rl_skip" ] && rl_note="$rl_note ($rl_n2 in $(printf '%s' "$rl_skip" | sed 's/ $//; s/ /, /g'))"
  else
    rl_note="c_only tests left out: not counted (busted --list failed with the C build $rl_count)"
  fi
  case " ${BUSTED_EXTRA:-} " in
    *" --exclude-tags="*) rl_extra=$(printf '%s' "$BUSTED_EXTRA" | sed 's/--exclude-tags=/--exclude-tags=c_only,/') ;;
    *) rl_extra="${BUSTED_EXTRA:-} --exclude-tags=c_only" ;;
  esac
  BUSTED_EXTRA=$rl_extra SUITE_SKIP=$rl_skip \
  SUITE_NOTE="; $rl_note; spring_group_spec's avx512/avx/sse2 repeats left out${SUITE_NOTE:-}" \
  SUITE_FILTER_OUT="${SUITE_FILTER_OUT:-}
$LUA_SIMD_REPEATS" run_suite "$rl_name" "$rl_vm" "$rl_cmods" \
    "$@" KINETIC_BACKEND=lua LUA_CPATH="$rl_cpath" LUA_CPATH_5_2="$rl_cpath" \
    LUA_CPATH_5_3="$rl_cpath" LUA_CPATH_5_4="$rl_cpath"
}
