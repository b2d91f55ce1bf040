#!/bin/sh
# No writable data of our own in the shared object: every object is a
# userdata, so several Lua states in several threads can use kinetic at once.
# Only the toolchain's own start-up symbols may appear in .data/.bss.
so=$1
bad=$(nm "$so" | awk '$2 ~ /^[BbDdGgSsVv]$/ { print $3 }' | grep -v -x -E \
  '_DYNAMIC|_GLOBAL_OFFSET_TABLE_|__TMC_END__|__dso_handle|completed\.0|__do_global_dtors_aux_fini_array_entry|__frame_dummy_init_array_entry|__bss_start|_edata|_end')
if [ -n "$bad" ]; then
  echo "globals:         writable data in $so:"; echo "$bad"; exit 1
fi
echo "globals:         no writable data in $so"
