-- kinetic: exact, fast animation timing for Lua.
-- This file is the module users require.  It picks a backend:
--   * the C core, kinetic.core, when it loads -- found by require on
--     package.cpath (LuaRocks, make install, Neovim's runtimepath, LÖVE's C
--     loader), else next to this file (core.dll on Windows, core.so
--     elsewhere) for a kinetic/ folder copied into a project.  Under LuaJIT
--     with the JIT on, kinetic.ffi switches the hot methods (and
--     update_timelines) to FFI calls into the same core
--     (docs/performance.md); KINETIC_FFI=0 turns that off.
--   * else the Lua backend, kinetic.pure: the same API and the same numbers
--     in plain Lua, silently.
-- KINETIC_BACKEND=lua forces the Lua backend, KINETIC_BACKEND=c the C core
-- (its "not built" error when it is absent).  kinetic._backend is "c",
-- "ffi" or "lua"; kinetic._ffi tells whether the FFI path is on and
-- kinetic._ffi_reason, when it is off, why.
local getenv = type(os) == "table" and os.getenv or function() return nil end
local debug_info = type(debug) == "table" and debug.getinfo
local loadlib = type(package.loadlib) == "function" and package.loadlib
local open_file = type(io) == "table" and io.open

local function load_core()
  local ok, core = pcall(require, "kinetic.core")
  if ok then return core end
  local source = debug_info and debug_info(1, "S").source or ""
  local dir = source:match("^@(.*[/\\])init%.lua$")
  if dir and loadlib and open_file then
    local path = dir .. (package.config:sub(1, 1) == "\\" and "core.dll" or "core.so")
    local open, why = loadlib(path, "luaopen_kinetic_core")
    if open then
      package.loaded["kinetic.core"] = open("kinetic.core")
      return package.loaded["kinetic.core"]
    end
    local file = open_file(path, "rb")
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

local function copy(module)
  local t = {}
  for name, value in pairs(module) do t[name] = value end
  return t
end

local want = getenv("KINETIC_BACKEND")
if want ~= nil and want ~= "" and want ~= "lua" and want ~= "c" then
  error("kinetic: KINETIC_BACKEND is '" .. want .. "'; it may be 'lua' or 'c'", 0)
end
if want == "lua" then return copy(require("kinetic.pure")) end
local loaded, core = pcall(load_core)
if not loaded then
  if want == "c" then error(core, 0) end
  return copy(require("kinetic.pure"))
end

local kinetic = copy(core)

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
elseif getenv("KINETIC_FFI") == "0" then
  kinetic._ffi, kinetic._ffi_reason = false, "KINETIC_FFI=0"
else
  kinetic._ffi, kinetic._ffi_reason = install()
end

kinetic._backend = kinetic._ffi and "ffi" or "c"
return kinetic
