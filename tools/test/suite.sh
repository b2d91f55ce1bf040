# Sourced by tools/test/test.sh and tools/test/check.sh: the busted suite
# and its one-line summary.
#
# run_suite NAME VM SODIR [VAR=value...]: runs the busted suite (spec/) on
# VM with kinetic.core from SODIR and the Lua side from lua/, the VARs in
# its environment; prints `NAME: <busted's counts>` and adds the successes
# to $passed and the failures and errors to $failed (a run with no result
# line, a non-zero exit or no success counts as a failure and sets
# $status=1; its last 60 lines of output are printed first).
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
# Busted runs every spec file in its own insulated environment, so running
# the files in several processes checks what one process checks.
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
  name=$1; vm=$2; dir=$3; shift 3
  rs_tmp=$(mktemp -d) || { status=1; failed=$((failed + 1)); return; }
  chunks=${SUITE_CHUNKS:-1}; jobs=${SUITE_JOBS:-1}
  # chunk k holds the files whose position i (from 0) has i mod chunks = k
  suite_files | awk -v n="$chunks" -v d="$rs_tmp" '{ print > (d "/files." (NR - 1) % n) }'
  chunks=$(ls "$rs_tmp" | grep -c '^files\.')    # fewer files than chunks
  # the command, one argument a line: env VAR=value... [SUITE_WRAP] VM busted ...
  { echo env
    for a in "$@"; do printf '%s\n' "$a"; done
    for a in ${SUITE_WRAP:-} "$vm" /usr/bin/busted --output=plainTerminal ${BUSTED_EXTRA:-}; do
      printf '%s\n' "$a"
    done
    printf '%s\n' "--cpath=$dir/?.so" "--lpath=$SUITE_LPATH"
    printf '%s\n' "${SUITE_FILTER_OUT:-}" | sed '/^[[:space:]]*$/d; s/^[[:space:]]*/--filter-out=/'
  } >"$rs_tmp/argv"
  rs_start=$(date +%s)
  # one busted process per chunk, `jobs` at a time; each leaves its output
  # in out.K and its exit status in rc.K
  ls "$rs_tmp" | sed -n 's/^files\.//p' | sort -n |
    xargs -P "$jobs" -I{} sh -c '
      set -f; IFS="
"
      $(cat "$1/argv" "$1/files.$2") >"$1/out.$2" 2>&1
      echo $? >"$1/rc.$2"' sh "$rs_tmp" {}
  rs_secs=$(( $(date +%s) - rs_start ))
  s=0; f=0; e=0; p=0; bad=0; n=0
  for rc_file in "$rs_tmp"/rc.*; do
    [ -f "$rc_file" ] || continue
    k=${rc_file##*.}; n=$((n + 1))
    line=$(suite_counts "$rs_tmp/out.$k")
    set -- $(printf '%s\n' "$line" | sed -n \
      's|^\([0-9]*\) successe*s* / \([0-9]*\) failures* / \([0-9]*\) errors* / \([0-9]*\) pending.*|\1 \2 \3 \4|p')
    if [ $# -eq 4 ]; then
      s=$((s + $1)); f=$((f + $2)); e=$((e + $3)); p=$((p + $4))
    fi
    if [ "$(cat "$rc_file")" != 0 ] || [ $# -ne 4 ]; then
      tail -n 60 "$rs_tmp/out.$k"
      bad=$((bad + 1))
    fi
  done
  nf=$((f + e))
  if [ "$bad" -ne 0 ] || [ "$n" -ne "$chunks" ] || [ "$s" -eq 0 ]; then
    [ "$nf" -eq 0 ] && nf=1
    status=1
  fi
  if [ "$n" -eq 0 ] || { [ "$chunks" -eq 1 ] && [ -z "$line" ]; }; then
    printf '%-16s %s\n' "$name:" "no result line (busted exit $(cat "$rs_tmp"/rc.* 2>/dev/null | tr '\n' ' '))"
  elif [ "$chunks" -eq 1 ]; then
    printf '%-16s %s\n' "$name:" "$line"
  else
    printf '%-16s %s successes / %s failures / %s errors / %s pending : %s seconds%s\n' \
      "$name:" "$s" "$f" "$e" "$p" "$rs_secs" " ($chunks processes)"
  fi
  passed=$((passed + s)); failed=$((failed + nf))
  rm -rf "$rs_tmp"
}
