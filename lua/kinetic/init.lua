-- kinetic: exact, fast animation timing for Lua.
-- This file is the module users require; the numerics live in the C part,
-- kinetic.core, which is loaded here and re-exported.  Under LuaJIT with
-- the JIT on, kinetic.ffi switches the hot methods (and update_timelines) to
-- FFI calls into the same C core (docs/performance.md); KINETIC_FFI=0 turns
-- that off.
local core = require("kinetic.core")

local kinetic = {}
for name, value in pairs(core) do
  kinetic[name] = value
end

kinetic._ffi = false
if type(jit) == "table" and jit.status() and os.getenv("KINETIC_FFI") ~= "0" then
  local ok, fast = pcall(require, "kinetic.ffi")
  if ok and type(fast) == "table" then
    local installed, active = pcall(fast.install, core)
    kinetic._ffi = installed and active == true
    if kinetic._ffi then
      for name, f in pairs(fast.functions) do kinetic[name] = f end
    end
  end
end

return kinetic
