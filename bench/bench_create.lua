-- Creation: kinetic.timeline with a string easing against a pure-Lua tween
-- made the way flux makes one (flux.lua's tween.new, then tween:init): a
-- tween table with its fields and metatable, the target values copied
-- from `vars`, a { start, diff } table per field, and the easing looked up
-- by name in a table of functions.  Each side builds its own definition
-- tables in the loop, as a program making a tween per event does.
-- kinetic parses a spec string once per Lua state (the spec cache), so
-- every creation after the first finds "inOutQuad" ready.
local kinetic = require("kinetic")

local function in_out_quad(p)
  if p < 0.5 then return 2 * p * p end
  return 1 - (-2 * p + 2) ^ 2 / 2
end

-- flux's easing table (by name) and its tween class
local easing = { linear = function(p) return p end, quadinout = in_out_quad }
local tween = {}
tween.__index = tween

local function new_tween(obj, time, vars, ease)
  local self = setmetatable({}, tween)
  self.obj = obj
  self.rate = time > 0 and 1 / time or 0
  self.progress = time > 0 and 0 or 1
  self._delay = 0
  self._ease = easing[ease] or error("unknown easing '" .. tostring(ease) .. "'")
  self.vars = {}
  for k, v in pairs(vars) do self.vars[k] = v end
  for k, v in pairs(self.vars) do                      -- tween:init()
    self.vars[k] = { start = obj[k], diff = v - obj[k] }
  end
  return self
end

return {
  title = "creation: one timeline / tween, string easing",
  rows = {
    {
      name = "number, \"inOutQuad\" (vs flux's tween.new)",
      kinetic = function(n)
        local tl
        for _ = 1, n do
          tl = kinetic.timeline { from = 0, { to = 100, duration = 0.5, easing = "inOutQuad" } }
        end
        return tl
      end,
      baseline = function(n)
        local obj, tw = { x = 0 }, nil
        for _ = 1, n do tw = new_tween(obj, 0.5, { x = 100 }, "quadinout") end
        return tw
      end,
    },
  },
}
