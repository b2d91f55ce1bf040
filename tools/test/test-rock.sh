#!/bin/sh
# The rockspec, really installed: `luarocks make` of a clean copy of the
# sources (the files git tracks or would add: nothing ignored, nothing
# built) into a scratch tree for each Lua ABI (5.1 serves PUC 5.1 and
# LuaJIT), then every module it must install is required from that tree
# alone, with LuaJIT's FFI fast path checked to be on, and the Lua backend
# (kinetic.pure, KINETIC_BACKEND=lua) loaded from it too.  First, the
# rockspec's C sources must be exactly the Makefile's two layers (its Lua
# files, every one of lua/kinetic/, spec/module_spec.lua checks).
# Prints one line; exits non-zero on any failure.
set -u
spec=rockspec/kinetic-scm-1.rockspec
want=$(ls csrc/core/*.c csrc/lua/*.c | sort)
have=$(sed -n 's/^ *"\(csrc\/[a-z]*\/[a-z_]*\.c\)",$/\1/p' "$spec" | sort)
if [ "$want" != "$have" ]; then
  echo "rockspec:        FAILED: its sources differ from csrc/core + csrc/lua:"
  printf '%s\n' "$want" >/tmp/kinetic-want.$$; printf '%s\n' "$have" >/tmp/kinetic-have.$$
  diff /tmp/kinetic-want.$$ /tmp/kinetic-have.$$; rm -f /tmp/kinetic-want.$$ /tmp/kinetic-have.$$
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git ls-files --cached --others --exclude-standard | tar cf - -T - | tar xf - -C "$tmp" ||
  { echo "rockspec:        FAILED to copy the sources"; exit 1; }
for abi in 5.1 5.2 5.3 5.4; do
  if ! (cd "$tmp" && luarocks --lua-version "$abi" --tree "$tmp/tree-$abi" make "$spec") >"$tmp/log" 2>&1; then
    tail -n 30 "$tmp/log"; echo "rockspec:        FAILED: luarocks make for Lua $abi"; exit 1
  fi
done
(cd "$tmp" && rm -rf lua csrc) || exit 1      # only the installed trees are left to load
count=0
for abi in 5.1 5.2 5.3 5.4; do
  tree="$tmp/tree-$abi"
  vms="lua$abi"; [ "$abi" = 5.1 ] && vms="lua5.1 luajit"
  for vm in $vms; do
    if ! (cd "$tmp" && env -u KINETIC_BACKEND "$vm" -e "
      package.path = '$tree/share/lua/$abi/?.lua;$tree/share/lua/$abi/?/init.lua'
      package.cpath = '$tree/lib/lua/$abi/?.so'
      local k = require('kinetic')
      assert(k._VERSION:match('^kinetic '))
      assert(k.easing('ease')(0.5) > 0.8)
      assert(package.loaded['kinetic.core'])
      assert(type(require('kinetic.nvim').animator) == 'function')
      if type(jit) == 'table' then
        assert(k._ffi == true, 'the FFI fast path is off in the installed module')
      end"); then
      echo "rockspec:        FAILED: the module installed for Lua $abi does not load in $vm"; exit 1
    fi
    if ! (cd "$tmp" && KINETIC_BACKEND=lua "$vm" -e "
      package.path = '$tree/share/lua/$abi/?.lua;$tree/share/lua/$abi/?/init.lua'
      package.cpath = ''
      local k = require('kinetic')
      assert(k._backend == 'lua' and k._VERSION:match('^kinetic '))
      assert(require('kinetic.pure') ~= k)"); then
      echo "rockspec:        FAILED: the Lua backend installed for Lua $abi does not load in $vm"; exit 1
    fi
    count=$((count + 1))
  done
done
echo "rockspec:        luarocks make installs kinetic, kinetic.ffi, kinetic.nvim, kinetic.core, kinetic.pure; loaded on $count VMs"
