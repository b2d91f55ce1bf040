-- Follow the pointer: anim:spring called every frame with the pointer's
-- position.  Each call retargets the running springs, keeping position and
-- velocity, so one animation chases the pointer smoothly; once the pointer
-- stops, the springs come to rest on it and update reports no work left.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua moves a stub mouse.
-- Run:  lua5.4 examples/recipes/follow_pointer.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local ball = { x = 400, y = 300 }
local chase                                   -- the handle anim:spring returns

function love.update(dt)
  local mx, my = love.mouse.getPosition()
  chase = anim:spring(ball, { x = mx, y = my }, { preset = "wobbly" })
  return anim:update(dt)                      -- 0 once the ball rests on the pointer
end

function love.draw() love.graphics.circle("fill", ball.x, ball.y, 10) end

if not headless then return end

-- Outside LÖVE: the pointer circles for one second, then stops at (600, 200).
local frame = 0
love.mouse = {
  getPosition = function()
    if frame <= 60 then return 400 + 200 * math.cos(frame / 10), 300 + 100 * math.sin(frame / 10) end
    return 600, 200
  end,
}
local previous, lag = nil, 0
repeat
  frame = frame + 1
  local live = love.update(1 / 60)
  if frame <= 60 then
    assert(live == 1, "one animation")
    if previous then assert(rawequal(chase, previous), "each call retargets the same springs") end
    local mx, my = love.mouse.getPosition()
    lag = math.max(lag, math.sqrt((ball.x - mx) ^ 2 + (ball.y - my) ^ 2))
  end
  previous = chase
until (frame > 60 and live == 0) or frame > 600

assert(frame <= 600, "the ball comes to rest")
assert(ball.x == 600 and ball.y == 200, "on the pointer, exactly")
assert(lag > 10, "the ball trails the pointer while it moves")
local at
love.graphics = { circle = function(_, x, y) at = { x, y } end }
love.draw()
assert(at[1] == 600 and at[2] == 200)
print(("follow_pointer: trailed by up to %.0f px, at rest on the pointer after %d frames"):format(lag, frame))
