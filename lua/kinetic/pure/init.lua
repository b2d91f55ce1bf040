-- kinetic.pure: kinetic in plain Lua, for hosts that cannot load a C
-- module (LÖVE in the browser, on Android and iOS, a .love file; Neovim
-- without a compiler).  The same API as the C core, the same numbers bit
-- for bit in one Lua state, the same error messages (docs/internals.md,
-- "The Lua backend").  Lua 5.1 syntax, run unchanged on Lua 5.1-5.4 and
-- LuaJIT, using only the math, string and table libraries.
--
-- Layout: lua/kinetic/pure/<concept>.lua mirrors csrc/core/<concept>.c
-- (the numerics and logic, no argument checks); lua/kinetic/pure/api/
-- <part>.lua mirrors csrc/lua/<part>.c (reading arguments, objects,
-- messages); this file mirrors csrc/lua/kinetic.c.
local kinetic = {}

local parts = { "easing", "spring", "spring_group", "motion", "timeline", "viewport",
                "animator", "path", "color", "damp" }
for i = 1, #parts do
  require("kinetic.pure.api." .. parts[i]).open(kinetic)
end

kinetic._VERSION = "kinetic 0.1.0"
kinetic._backend = "lua"
kinetic._ffi, kinetic._ffi_reason = false, "the Lua backend"

return kinetic
