-- Pause menu and slow motion: two independent animators, one for the game
-- world and one for the menu.  Escape pauses the world's and keeps the
-- menu's running; "b" eases the world into bullet time and back with a tween
-- on the number passed to world:time_scale every frame.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua presses the keys with a stub.
-- Run:  lua5.4 examples/recipes/pause_slowmo.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local world = kinetic.animator()              -- everything in the game
local ui = kinetic.animator()                 -- the menu and effects
local overlay = { alpha = 0 }
local slowmo = { scale = 1 }
local paused = false

local ball = { x = 0 }                        -- the game: a ball crossing in 10 s
world:to(ball, 10, { x = 1000 }, { easing = "linear" })

function love.keypressed(key)
  if key == "escape" then
    paused = not paused
    if paused then world:pause() else world:resume() end
    ui:to(overlay, 0.2, { alpha = paused and 0.6 or 0 })
  elseif key == "b" then                      -- bullet time: 2 s at 20 %, then back
    ui:to(slowmo, 0.3, { scale = 0.2 }):after(0.3, { scale = 1 }, { delay = 2 })
  end
end

function love.update(dt)
  world:time_scale(slowmo.scale)
  world:update(dt)
  ui:update(dt)
end

function love.draw()
  love.graphics.setColor(1, 1, 1, 1)
  love.graphics.circle("fill", ball.x, 300, 12)
  love.graphics.setColor(0, 0, 0, overlay.alpha)
  love.graphics.rectangle("fill", 0, 0, 1280, 720)
end

-- One animation has a speed of its own as well, a:time_scale(0.5); it plays
-- at its own scale times its animator's.

if not headless then return end

-- Outside LÖVE: 6 s of frames; escape at frames 30 and 90, "b" at 120.  The
-- world's clock is worked out alongside: while not paused, each frame adds
-- dt times the scale the world was given.
local keys = { [30] = "escape", [90] = "escape", [120] = "b" }
local dt = 1 / 60
local world_time, lowest, max_overlay = 0, 1, 0
local x_at_pause
for frame = 1, 360 do
  if keys[frame] then love.keypressed(keys[frame]) end
  if paused and not x_at_pause then x_at_pause = ball.x end
  if not paused then world_time = world_time + dt * slowmo.scale end
  love.update(dt)
  if paused then
    assert(ball.x == x_at_pause, "the world stands still while paused")
    max_overlay = math.max(max_overlay, overlay.alpha)
  end
  lowest = math.min(lowest, slowmo.scale)
  assert(math.abs(ball.x - 100 * world_time) < 1e-9, "the world plays at slowmo.scale")
end
assert(max_overlay == 0.6 and overlay.alpha == 0, "the menu's overlay fades in and out")
assert(lowest == 0.2 and slowmo.scale == 1, "bullet time at 20 %, then full speed again")
local drawn = {}
love.graphics = {
  setColor = function() end,
  circle = function(_, x) drawn.ball = x end,
  rectangle = function() drawn.overlay = true end,
}
love.draw()
assert(drawn.ball == ball.x and drawn.overlay)
print(("pause_slowmo: 6 s of frames, 1 s paused, bullet time: the world's clock at %.3f s, ball at %.1f")
      :format(world_time, ball.x))
