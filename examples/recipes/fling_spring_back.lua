-- A fling that springs back from an edge.  anim:fling with kind "bouncing"
-- slows a field down with friction and, where it would stop past the edge,
-- hands over to a spring resting on the edge at the exact instant it gets
-- there.  The same motion is built by hand below from a friction motion,
-- whose time_at gives that instant, and a spring.
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/fling_spring_back.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local edge = 800

-- With the animator: one call; the field follows the motion until it rests.
local anim = kinetic.animator()
local list = { offset = 0 }
local rested = false
anim:fling(list, "offset", 3000, {
  kind = "bouncing", min = 0, max = edge, spring = { preset = "stiff" },
  on_complete = function() rested = true end,
})

-- By hand: friction until the edge, then a spring on the edge that starts
-- with the velocity the fling had at that instant.
local fling = kinetic.friction{ drag = 0.135, position = 0, velocity = 3000 }
local t_edge = fling:time_at(edge)            -- math.huge if it stops short
local bounce

local function step(dt)                       -- returns the position
  if bounce then return bounce:update(dt) end
  local t = fling:time() + dt
  if t < t_edge then return fling:update(dt) end
  local _, v = fling:at(t_edge)
  bounce = kinetic.spring{ preset = "stiff", from = edge, to = edge, velocity = v }
  return bounce:update(t - t_edge)
end

assert(t_edge < math.huge and math.abs(fling:at(t_edge) - edge) < 1e-9, "reaches the edge")
local furthest = 0
for frame = 1, 300 do
  local x = step(1 / 60)
  anim:update(1 / 60)
  furthest = math.max(furthest, x)
  if not (bounce and bounce:at_rest()) then
    assert(math.abs(list.offset - x) < 1e-9, "frame " .. frame .. ": the animator and the hand-built motion agree")
  end
end
assert(furthest > edge + 30, "overshoots the edge, then springs back")
assert(bounce:at_rest() and bounce:position() == edge)
assert(rested and list.offset == edge, "the fling ends resting on the edge")
print(("fling_spring_back: edge reached at %.4f s, %.1f px past it, back on %g"):format(t_edge, furthest - edge, edge))
