-- A flick list that bounces at its ends: the list follows the pointer while
-- it drags; on release anim:fling goes on with the pointer's velocity, and
-- kind = "bouncing" lets it run past the end of the content and spring back
-- onto the edge.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drags a stub mouse.
-- Run:  lua5.4 examples/recipes/flick_list.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local content_height, view_height = 2400, 600
local max_offset = content_height - view_height
local anim, list, fling, velocity, last = kinetic.animator(), { offset = 0 }, nil, 0, 0

function love.mousepressed()
  if fling then fling:stop() end              -- catch the list where it is
  velocity, last = 0, love.timer.getTime()
end
function love.mousemoved(_, _, _, dy)
  if not love.mouse.isDown(1) then return end
  local now = love.timer.getTime()
  list.offset = list.offset - dy
  velocity, last = -dy / math.max(now - last, 1e-3), now
end
function love.mousereleased()
  fling = anim:fling(list, "offset", velocity, { kind = "bouncing", min = 0, max = max_offset })
end
function love.update(dt) return anim:update(dt) end
function love.draw()
  for row = 0, content_height / 40 - 1 do
    local y = row * 40 - list.offset
    if y > -40 and y < view_height then love.graphics.print("row " .. (row + 1), 20, y + 10) end
  end
end

if not headless then return end

-- Outside LÖVE: a clock, a mouse button, 12 frames of a fast upward drag
-- (60 px a frame), a release, then the fling plays out.
local clock, down = 0, false
love.timer = { getTime = function() return clock end }
love.mouse = { isDown = function() return down end }
local function frame(dt)
  clock = clock + dt
  return love.update(dt)
end
frame(1 / 60)
down = true
love.mousepressed()
for _ = 1, 12 do
  frame(1 / 60)
  love.mousemoved(300, 300, 0, -60)
end
down = false
love.mousereleased()
assert(math.abs(velocity - 3600) < 1e-6, "released at 60 px a frame: 3600 px/s")
local released_at, furthest, frames = list.offset, 0, 0
while frame(1 / 60) > 0 do
  frames = frames + 1
  furthest = math.max(furthest, list.offset)
end
assert(released_at == 720, "the list followed the drag")
assert(furthest > max_offset, "ran past the end of the content")
assert(list.offset == max_offset, "and sprang back onto the edge")
local rows = 0
love.graphics = { print = function() rows = rows + 1 end }
love.draw()
assert(rows == view_height / 40, "a screenful of rows at the end of the list")
print(("flick_list: flung at 3600 px/s from %g, %.0f px past the end, at rest on %g after %d frames")
      :format(released_at, furthest - max_offset, list.offset, frames))
