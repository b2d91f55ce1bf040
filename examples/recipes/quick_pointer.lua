-- A cursor that follows the pointer with anim:quick_to: one setter per
-- field, called on every pointer event.  Each call starts the field's one
-- animation again from where the field is, so the cursor glides after the
-- pointer and lands exactly on it when the pointer stops; x eases with a
-- short tween snapped to whole pixels, y with a spring that keeps its
-- velocity.  After the first call a setter allocates nothing: the run
-- measures the memory the calls take with the collector stopped.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua moves a stub mouse.
-- Run:  lua5.4 examples/recipes/quick_pointer.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local cursor = { x = 400, y = 300 }
local set_x = anim:quick_to(cursor, "x", { duration = 0.15, easing = "outCubic", round = true })
local set_y = anim:quick_to(cursor, "y", { spring = { duration = 0.25, bounce = 0.2 } })

function love.mousemoved(mx, my)
  set_x(mx)
  set_y(my)
end

function love.update(dt) return anim:update(dt) end

function love.draw() love.graphics.circle("line", cursor.x, cursor.y, 6) end

if not headless then return end

-- Outside LÖVE: the pointer circles for four seconds, one event a frame,
-- then stops at (600, 200).  The memory of the setter calls is summed over
-- the last two seconds (the first calls made the animations), the
-- collector stopped.  Under LuaJIT the JIT compiler is off meanwhile: its
-- own memory, a few hundred bytes at random moments, counts as Lua's.
local dt, bytes, calls = 1 / 60, 0, 0
local jit_on = rawget(_G, "jit") and jit.status()
if jit_on then jit.off() end
collectgarbage("stop")
for frame = 1, 240 do
  local a = frame * 0.1
  local mx, my = 500 + 100 * math.cos(a), 200 + 100 * math.sin(a)
  if frame == 240 then mx, my = 600, 200 end
  local before = collectgarbage("count")
  love.mousemoved(mx, my)
  if frame > 120 then
    bytes, calls = bytes + (collectgarbage("count") - before) * 1024, calls + 2
  end
  love.update(dt)
end
collectgarbage("restart")
if jit_on then jit.on() end
local live = anim:count()
local frames = 0
repeat frames = frames + 1 until love.update(dt) == 0 or frames > 600
local drawn
love.graphics = { circle = function(_, x, y) drawn = { x, y } end }
love.draw()

assert(live == 2, "both fields still moving when the pointer stops")
assert(cursor.x == 600 and cursor.y == 200, "the cursor lands on the pointer")
assert(drawn[1] == 600 and drawn[2] == 200)
assert(bytes < calls, ("%g bytes over %d calls: an allocation per call"):format(bytes, calls))
print(("quick_pointer: %d setter calls took %g bytes (%.2f a call); the cursor on the pointer"
       .. " (600, 200) %.2f s after it stopped"):format(calls, bytes, bytes / calls, frames * dt))
