-- kinetic.pure.damp: csrc/core/damp.c in Lua.  damp: the exact exponential
-- approach x(dt) = target + (current - target) e^{-rate dt}.  smooth_damp:
-- Unity's Mathf.SmoothDamp with the exact exponential, the critically
-- damped spring of w = 2 / smooth_time (at least 1e-4), whose exact step
-- from offset y and velocity v is
--   y(dt) = (y + (v + w y) dt) e^{-w dt},  v(dt) = (v - w (v + w y) dt) e^{-w dt};
-- the offset first clamped to max_speed * smooth_time; a step that passes
-- the target lands on it with velocity 0; dt = 0 leaves the state as it is.
local exp = math.exp

local damp = {}

damp.SMOOTH_TIME_MIN = 1e-4

-- rate >= 0, dt >= 0, all finite (the caller checks).
function damp.damp(current, target, rate, dt)
  local e = exp(-rate * dt)
  local d = current - target
  if d - d ~= 0 then return e * current + (1.0 - e) * target end   -- each term finite
  return target + d * e
end

-- Returns x, v and whether the state overflowed (not finite).
function damp.smooth_damp(current, target, velocity, smooth_time, dt, max_speed)
  local st = smooth_time < 1e-4 and 1e-4 or smooth_time
  local w = 2.0 / st
  local e = exp(-w * dt)
  local change, max_change = current - target, max_speed * st
  local goal = target
  if dt == 0.0 then return current, velocity, false end      -- no time: the state as it is
  if change > max_change then change = max_change              -- within max_speed * st
  elseif change < -max_change then change = -max_change end
  target = current - change
  local temp = (velocity + w * change) * dt                   -- (v + w y) dt
  local vel = (velocity - w * temp) * e
  local out = target + (change + temp) * e
  if (goal - current > 0.0) == (out > goal) then              -- passed the target: land on it
    out = goal
    vel = 0.0
  end
  return out, vel, not (out - out == 0 and vel - vel == 0)
end

return damp
