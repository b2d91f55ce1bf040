-- Smoothing and followers: kinetic.damp, kinetic.smooth_damp and a
-- kinetic.Follower's update against the pure-Lua code programs write for
-- the same job (ns per call).
--   damp         the one-liner b + (a - b) * exp(-rate * dt) in a function;
--   smooth_damp  Unity's Mathf.SmoothDamp as its documentation writes it,
--                with its polynomial in place of exp (cheaper than the
--                exact exponential kinetic computes);
--   follower     a frame-stepped limiter of the kind written for cameras:
--                each frame, brake if the stopping distance reaches the
--                target, else accelerate towards it, clamp the speed, step
--                position by velocity * dt (inexact in time: it depends on
--                the frame rate, and overshoots by up to a frame).
-- Both sides chase a target that jumps every RETARGET frames.
local kinetic = require("kinetic")

local DT = 1 / 60
local RETARGET = 90
local exp, abs, min, max = math.exp, math.abs, math.min, math.max

local function lua_damp(a, b, rate, dt) return b + (a - b) * exp(-rate * dt) end

local function damp_row(f)
  return function(n)
    local x, target = 0, 100
    for i = 1, n do
      if i % RETARGET == 0 then target = -target end
      x = f(x, target, 8, DT)
    end
    return x
  end
end

local function unity_smooth_damp(current, target, velocity, smooth_time, dt, max_speed)
  smooth_time = max(0.0001, smooth_time)
  local omega = 2 / smooth_time
  local x = omega * dt
  local e = 1 / (1 + x + 0.48 * x * x + 0.235 * x * x * x)
  local change = current - target
  local original = target
  local max_change = max_speed * smooth_time
  change = min(max(change, -max_change), max_change)
  target = current - change
  local temp = (velocity + omega * change) * dt
  velocity = (velocity - omega * temp) * e
  local out = target + (change + temp) * e
  if (original - current > 0) == (out > original) then
    out = original
    velocity = (out - original) / dt
  end
  return out, velocity
end

local function smooth_row(f)
  return function(n)
    local x, v, target = 0, 0, 100
    for i = 1, n do
      if i % RETARGET == 0 then target = -target end
      x, v = f(x, target, v, 0.3, DT, 500)
    end
    return x
  end
end

local A, V = 400, 150

local function kinetic_follower(n)
  local f = kinetic.follower { max_acceleration = A, max_speed = V, target = 100 }
  local target, x = 100, 0
  for i = 1, n do
    if i % RETARGET == 0 then target = -target; f:set_target(target) end
    x = f:update(DT)
  end
  return x
end

local function lua_follower(n)
  local x, v, target = 0, 0, 100
  for i = 1, n do
    if i % RETARGET == 0 then target = -target end
    local d = target - x
    local dir = d > 0 and 1 or -1
    if v * v / (2 * A) >= abs(d) and v * dir > 0 then v = v - dir * A * DT
    else v = v + dir * A * DT end
    if v > V then v = V elseif v < -V then v = -V end
    x = x + v * DT
  end
  return x
end

return {
  title = "smoothing and followers (ns per call)",
  rows = {
    { name = "damp (vs the exp one-liner)", kinetic = damp_row(kinetic.damp), baseline = damp_row(lua_damp) },
    { name = "smooth_damp (vs Unity's, its polynomial)", kinetic = smooth_row(kinetic.smooth_damp),
      baseline = smooth_row(unity_smooth_damp) },
    { name = "follower:update (vs a frame-stepped limiter)", kinetic = kinetic_follower,
      baseline = lua_follower },
  },
}
