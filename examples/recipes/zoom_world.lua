-- Zoom a world view: a viewport maps world coordinates (y up, 50 px a unit,
-- the origin mid-screen) to the screen, and its parameters are fields, so a
-- timeline of named properties animates them: tl:apply(vp) writes the
-- zoom into the viewport every frame.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drives the frames with a stub.
-- Run:  lua5.4 examples/recipes/zoom_world.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local vp = kinetic.viewport{ width = 800, height = 600, origin = { 0.5, 0.5 },
                             unit = { 50, 50 }, scale = { 1, -1 } }   -- world y points up
local zoom = kinetic.timeline{ from = { scale_x = 1, scale_y = -1 },
  { to = { scale_x = 2, scale_y = -2 }, duration = 1, easing = "ease-out" } }

function love.update(dt) zoom:update(dt); zoom:apply(vp) end
function love.draw()
  local sx, sy = vp:to_screen(1, 1)           -- the world point (1, 1)
  love.graphics.circle("fill", sx, sy, 5)
end

if not headless then return end

-- Outside LÖVE: (1, 1) is 50 px right of and above the centre, then 100 px
-- once the zoom is done; a click maps back to the world.
local at
love.graphics = { circle = function(_, x, y) at = { x, y } end }
love.draw()
assert(at[1] == 450 and at[2] == 250)
local was = 50
for _ = 1, 60 do
  love.update(1 / 60)
  love.draw()
  assert(at[1] - 400 >= was, "zooming in, never back")
  was = at[1] - 400
end
love.update(1 / 60)                           -- past the end: the timeline holds its last keyframe
love.draw()
assert(zoom:done() and vp.scale_x == 2 and vp.scale_y == -2)
assert(at[1] == 500 and at[2] == 200)
local wx, wy = vp:to_world(500, 200)
assert(wx == 1 and wy == 1, "to_world inverts to_screen")
print(("zoom_world: world (1, 1) from screen (450, 250) to (%g, %g) as the zoom reaches 2"):format(at[1], at[2]))
