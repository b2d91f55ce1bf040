-- A sprite on a rail: a closed centripetal Catmull-Rom path through six
-- points, travelled at constant speed by an animator tween.  A linear easing
-- is an even pace, rotate = true turns the sprite the way it goes, and
-- after = "restart" laps for ever (one lap in 6 s).
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drives one lap with a stub.
-- Run:  lua5.4 examples/recipes/sprite_on_rail.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local track = kinetic.path{ kind = "catmull-rom", closed = true,
  { 640, 640 }, { 1000, 640 }, { 1190, 400 }, { 940, 100 }, { 620, 210 }, { 280, 600 } }
local line = track:sample(240)                -- 241 points, equally far apart along it
local car = {}
anim:to(car, 6, { pos = track }, { rotate = true, easing = "linear", after = "restart" })

function love.update(dt) anim:update(dt) end
function love.draw()
  love.graphics.line(line)
  love.graphics.push()
  love.graphics.translate(car.x, car.y)
  love.graphics.rotate(car.angle)             -- the car's nose points along +x
  love.graphics.rectangle("fill", -16, -8, 32, 16)
  love.graphics.pop()
end

-- easing = "inOutSine" pulls away slowly and brakes into the line;
-- stagger = 0.3 on a list of cars sets a convoy off one after another;
-- anim:from drives the other way round.

if not headless then return end

-- Outside LÖVE: one lap of 360 frames.  Every frame covers the same
-- distance along the track, the car faces the way it moves, and after 6 s
-- it is back at the first point.
local frames = 360
local step = track:length() / frames
local drawn = {}
love.graphics = {
  line = function(points) drawn.points = #points end,
  push = function() end, pop = function() end,
  translate = function(x, y) drawn.x, drawn.y = x, y end,
  rotate = function(a) drawn.angle = a end,
  rectangle = function() end,
}
local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end
local atan2 = math.atan2 or math.atan        -- Lua 5.4 has only math.atan(y, x)

love.update(0)                                -- the tween starts: the car on the first point
local px, py, pa = car.x, car.y, car.angle
assert(math.abs(px - 640) < 1e-9 and math.abs(py - 640) < 1e-9)
local worst, worst_angle = 0, 0
for _ = 1, frames do
  love.update(1 / 60)
  local dx, dy = car.x - px, car.y - py
  local chord = math.sqrt(dx * dx + dy * dy)  -- a little shorter than its arc
  worst = math.max(worst, math.abs(chord - step) / step)
  -- the chord of a frame points midway between the headings at its ends
  local off = math.abs(wrap(atan2(dy, dx) - (pa + wrap(car.angle - pa) / 2)))
  assert(off < 0.01, "the car faces the way it moves")
  worst_angle = math.max(worst_angle, off)
  px, py, pa = car.x, car.y, car.angle
end
assert(worst < 0.01, "an even pace along the track")
assert(math.abs(car.x - 640) < 1e-6 and math.abs(car.y - 640) < 1e-6, "back at the start after one lap")
assert(anim:count() == 1, "still lapping")
love.draw()
assert(drawn.points == 482 and drawn.x == car.x and drawn.y == car.y and drawn.angle == car.angle)
print(("sprite_on_rail: a lap of %.1f px in 360 even steps (within %.2f %%), facing ahead (within %.4f rad)")
      :format(track:length(), 100 * worst, worst_angle))
