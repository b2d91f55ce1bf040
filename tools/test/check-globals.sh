#!/bin/sh
# No writable data of our own in the shared object: every object is a
# userdata, so several Lua states in several threads can use kinetic at once.
# Symbols in .data, .data.rel(.local) or .bss (writable for the life of the process) fail the
# check, except the toolchain's own start-up symbols; .data.rel.ro (constant
# tables of pointers, read-only after relocation) is fine.
so=$1
[ -f "$so" ] || { echo "globals:         no shared object at $so"; exit 1; }
bad=$(objdump -t "$so" | awk '$0 ~ /[ \t]\.(data|bss|data\.rel|data\.rel\.local)[ \t]/ { print $NF }' | grep -v -x -E \
  '\.data|\.bss|_DYNAMIC|_GLOBAL_OFFSET_TABLE_|__TMC_END__|__dso_handle|completed\.0|__bss_start|_edata|_end')
if [ -n "$bad" ]; then
  echo "globals:         writable data in $so:"; echo "$bad"; exit 1
fi
echo "globals:         no writable data in $so (objdump: .data/.bss hold only toolchain symbols)"
