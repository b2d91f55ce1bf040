-- A screen shake for pixel art: anim:shake writes a decaying noise offset
-- into the camera's ox and oy, rounded to whole pixels, and ends exactly on
-- 0.  The shake depends on time alone: frames of any lengths show the same
-- offsets at the same instants, and the same seed gives the same shake.
-- The camera's own position follows the player separately (anim:follow),
-- and the two are added when drawing, so neither animation takes over the
-- other's field.
-- Host: any (LÖVE: love.graphics.translate(-(cam.x + cam.ox), -(cam.y + cam.oy))).
-- Run:  lua5.4 examples/recipes/screen_shake.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local SHAKE = { amplitude = { ox = 8, oy = 6 }, frequency = 16, duration = 0.5, seed = 3,
                round = true }

-- A landing: the camera glides to the player and shakes; dts, the frames.
-- Returns the camera and its offsets at each instant in `probe` (by time).
local function land(dts, probe)
  local anim = kinetic.animator()
  local cam = { x = 0, y = 0, ox = 0, oy = 0 }
  anim:follow(cam, { x = 64, y = 16 }, { max_acceleration = 800, max_speed = 200 })
  anim:shake(cam, { "ox", "oy" }, SHAKE)
  local seen, clock, biggest = {}, 0, 0
  for _, dt in ipairs(dts) do
    anim:update(dt)
    clock = clock + dt
    assert(cam.ox % 1 == 0 and cam.oy % 1 == 0, "whole pixels")
    assert(math.abs(cam.ox) <= 8 and math.abs(cam.oy) <= 6, "within the amplitude")
    biggest = math.max(biggest, math.abs(cam.ox), math.abs(cam.oy))
    if probe[clock] then seen[clock] = ("%d,%d"):format(cam.ox, cam.oy) end
  end
  return cam, seen, biggest, anim:count()
end

local function frames(dt, n)
  local t = {}
  for i = 1, n do t[i] = dt end
  return t
end
-- Instants every split below reaches exactly (multiples of 1/32 s).
local probe = { [0.09375] = true, [0.125] = true, [0.03125] = true, [0.5] = true }

local cam, at64, biggest, left = land(frames(1 / 64, 128), probe)   -- 2 s at 64 fps
local _, at32 = land(frames(1 / 32, 64), probe)                     -- at 32 fps
local _, uneven = land({ 0.03125, 0.0625, 0.03125, 0.125, 0.25, 0.5, 1 }, probe)

assert(left == 0 and cam.x == 64 and cam.y == 16, "the camera arrived")
assert(cam.ox == 0 and cam.oy == 0, "the shake ends exactly on 0")
assert(biggest >= 3, "it shook")
for t in pairs(probe) do
  assert(at64[t] == at32[t] and at64[t] == uneven[t], "the same offsets at " .. t .. " s")
end
-- frequency 16: the noise is 0 at every whole 16 t, so at 0.125 s (16 t = 2)
-- the offsets are back on 0; the decay leaves nothing at 0.5 s.
assert(at64[0.125] == "0,0" and at64[0.5] == "0,0")
print(("screen_shake: offsets %s at 0.031 s and %s at 0.094 s under 64 fps, 32 fps and uneven frames;"
       .. " at most %d px, 0,0 at the end; the camera at %d,%d"):format(at64[0.03125], at64[0.09375],
       biggest, cam.x, cam.y))
