-- kinetic: exact, fast animation timing for Lua.
-- This file is the module users require; the numerics live in the C part,
-- kinetic.core, which is loaded here and re-exported unchanged.
local core = require("kinetic.core")

local kinetic = {}
for name, value in pairs(core) do
  kinetic[name] = value
end

return kinetic
