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
      tail -n 60 "$rs_tmp/out.$rs_k"
      rs_bad=$((rs_bad + 1))
    fi
  done
  rs_nf=$((rs_f + rs_e))
  if [ "$rs_bad" -ne 0 ] || [ "$rs_n" -ne "$rs_chunks" ] || [ "$rs_s" -eq 0 ]; then
    [ "$rs_nf" -eq 0 ] && rs_nf=1
    status=1
  fi
  if [ "$rs_n" -eq 0 ] || { [ "$rs_chunks" -eq 1 ] && [ -z "$rs_line" ]; }; then
    printf '%-16s %s\n' "$rs_name:" "no result line (busted exit $(cat "$rs_tmp"/rc.* 2>/dev/null | tr '\n' ' '))"
  elif [ "$rs_chunks" -eq 1 ]; then
    printf '%-16s %s\n' "$rs_name:" "$rs_line"
  else
    printf '%-16s %s successes / %s failures / %s errors / %s pending : %s seconds%s\n' \
      "$rs_name:" "$rs_s" "$rs_f" "$rs_e" "$rs_p" "$rs_secs" " ($rs_chunks processes)"
  fi
  passed=$((passed + rs_s)); failed=$((failed + rs_nf))
  rm -rf "$rs_tmp"
}
