-- A camera with limits: kinetic.follower brings the camera to rest on its
-- target in the least time its acceleration and speed limits allow, and is
-- re-planned when the target jumps; kinetic.damp smooths the zoom at any
-- frame rate; kinetic.noise adds a short shake when the player lands.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua moves a stub player.
-- Run:  lua5.4 examples/recipes/camera_follower.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local player = { x = 0 }
local cam = kinetic.follower { max_acceleration = 3000, max_speed = 900, position = 0, target = 0 }
local zoom, shake_t = 1, math.huge            -- shake_t: seconds since the last landing

function love.update(dt, landed)
  if player.x ~= cam:final_position() then cam:set_target(player.x) end
  cam:update(dt)
  zoom = kinetic.damp(zoom, cam:velocity() == 0 and 1 or 0.8, math.log(2) / 0.15, dt)
  if landed then shake_t = 0 else shake_t = shake_t + dt end
end

-- The camera's x on screen: its position plus a shake of 6 pixels fading out over 0.3 s.
local function camera_x()
  local k = shake_t < 0.3 and (1 - shake_t / 0.3) or 0
  return cam:position() + 6 * k * kinetic.noise(40 * shake_t, 1)
end

function love.draw()
  love.graphics.push()
  love.graphics.scale(zoom)
  love.graphics.translate(-camera_x(), 0)
  love.graphics.rectangle("fill", player.x - 8, 200, 16, 16)
  love.graphics.pop()
end

if not headless then return end

-- Outside LÖVE: the player teleports to 1200, then back to 300 halfway.
player.x = 1200
local t, frames, peak = 0, 0, 0
while frames < 600 do
  frames = frames + 1
  t = t + 1 / 60
  if frames == 45 then player.x = 300 end          -- the target jumps mid-flight
  love.update(1 / 60, frames == 200)
  peak = math.max(peak, math.abs(cam:velocity()))
  assert(math.abs(cam:velocity()) <= 900, "speed limit")
  if frames == 201 then
    assert(camera_x() ~= cam:position(), "shaking after the landing")
  end
  if cam:done() and frames > 230 and zoom > 0.999 then break end
end
assert(cam:position() == 300 and cam:velocity() == 0, "at rest on the target")
assert(camera_x() == 300, "the shake has ended")
assert(peak == 900, "coasted at the speed limit")
print(("camera_follower: at rest on 300 after %d frames, top speed %g, zoom %.3f"):format(frames, peak, zoom))
