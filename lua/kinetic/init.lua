-- kinetic: exact, fast animation timing for Lua.
-- This file is the module users require; the numerics live in the C part,
-- kinetic.core, which is loaded here and re-exported.  Under LuaJIT with
-- the JIT on, kinetic.ffi switches the hot methods (and update_timelines) to
-- FFI calls into the same C core (docs/performance.md); KINETIC_FFI=0 turns
-- that off.  kinetic._ffi tells whether it is on; when it is off,
-- kinetic._ffi_reason says why (not LuaJIT, KINETIC_FFI=0, the JIT is off,
-- no ffi module, a struct field laid out otherwise than C lays it out ...).
local core = require("kinetic.core")

local kinetic = {}
for name, value in pairs(core) do
  kinetic[name] = value
end

-- true, or false and why not
local function install()
  if not jit.status() then return false, "the JIT is off" end
  local ok, fast = pcall(require, "kinetic.ffi")
  if not ok then return false, "kinetic.ffi does not load: " .. tostring(fast) end
  local done, active, why = pcall(fast.install, core)
  if not done then return false, "kinetic.ffi's install failed: " .. tostring(active) end
  if active ~= true then return false, why or "kinetic.ffi's install declined" end
  for name, f in pairs(fast.functions) do kinetic[name] = f end
  return true
end

if type(jit) ~= "table" then
  kinetic._ffi, kinetic._ffi_reason = false, "not LuaJIT"
elseif os.getenv("KINETIC_FFI") == "0" then
  kinetic._ffi, kinetic._ffi_reason = false, "KINETIC_FFI=0"
else
  kinetic._ffi, kinetic._ffi_reason = install()
end

return kinetic
