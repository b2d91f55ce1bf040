-- kinetic: exact, fast animation timing for Lua.
-- This file is the module users require; the numerics live in the C part,
-- kinetic.core, which is loaded here and re-exported.  Under LuaJIT with
-- the JIT on, kinetic.ffi switches the hot methods (and update_timelines) to
-- FFI calls into the same C core (docs/performance.md); KINETIC_FFI=0 turns
-- that off.  kinetic._ffi tells whether it is on; when it is off,
-- kinetic._ffi_reason says why (not LuaJIT, KINETIC_FFI=0, the JIT is off,
-- no ffi module, a struct field laid out otherwise than C lays it out ...).
--
-- The C part: found by require on package.cpath (LuaRocks, make install,
-- Neovim's runtimepath, LÖVE's C loader), else next to this file --
-- core.dll on Windows, core.so elsewhere -- for a kinetic/ folder copied
-- into a project.  When neither has it, the error says how to build it.
local function load_core()
  local ok, core = pcall(require, "kinetic.core")
  if ok then return core end
  local source = debug.getinfo(1, "S").source
  local dir = source:match("^@(.*[/\\])init%.lua$")
  if dir then
    local path = dir .. (package.config:sub(1, 1) == "\\" and "core.dll" or "core.so")
    local open, why = package.loadlib(path, "luaopen_kinetic_core")
    if open then
      package.loaded["kinetic.core"] = open("kinetic.core")
      return package.loaded["kinetic.core"]
    end
    local file = io.open(path, "rb")
    if file then
      file:close()
      core = tostring(why)
    end
  end
  if not tostring(core):find("module 'kinetic.core' not found", 1, true) then
    error("kinetic: its C part, kinetic.core, was found but does not load (built for another "
          .. "Lua version?):\n" .. tostring(core), 0)
  end
  error("kinetic: its C part, kinetic.core, is not built or not on package.cpath.\n"
        .. "Build it with a C compiler and the Lua headers: `make` (Lua 5.4; LUA=luajit, lua5.1 ...),\n"
        .. "`make nvim` for Neovim, `make love-dist` for LÖVE, or\n"
        .. "`luarocks make rockspec/kinetic-scm-1.rockspec` (see README.md, Install).\n"
        .. "require said: " .. tostring(core), 0)
end
local core = load_core()

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
