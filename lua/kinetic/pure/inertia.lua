-- kinetic.pure.inertia: csrc/core/inertia.c in Lua.  Motion's inertia
-- (motion-dom, generators/inertia): a decay towards a target that a snap
-- may move, with a spring at the bounds.
--
-- With amplitude A = target - x0 the decay is
--   x(t) = X - A e^{-t/tau},   v(t) = (A / tau) e^{-t/tau}
-- and it ends on X once |A| e^{-t/tau} <= rest_delta.  Where X lies beyond
-- min or max the decay hands off, at the instant it crosses that bound, to
-- a spring (mass 1, bounce_stiffness, bounce_damping) resting on the bound,
-- with the decay's velocity there; a start outside [min, max] is that
-- spring from t = 0 towards the nearer bound (max on a tie).  The spring
-- ends on the bound once |y| <= rest_delta and |v| <= rest_speed for good
-- (rest_speed < 0: motion-dom's default, 0.01 for a move under 5 units,
-- else 2).  An inertia motion is a table with the fields of C's
-- kn_inertia; `spring` is a spring model (kinetic.pure.spring).
local K = require("kinetic.pure.kmath")
local spring = require("kinetic.pure.spring")

local exp, log, abs, huge = math.exp, math.log, math.abs, math.huge
local expm1 = K.expm1
local rest_time, coefs_compute = spring.rest_time, spring.coefs_compute

local inertia = {}

-- Scratch for the spring's coefficients (kn_spring_coefs), filled per call.
local k = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 }

local function hand_off(m, t, x, v, bound)
  m.handoff = t
  m.spring_x0 = x
  m.spring_v0 = v
  m.bound = bound
  -- motion-dom's spring default: 0.01 for a move under 5 units, else 2
  if m.rest_speed < 0.0 then m.rest_speed = abs(bound - x) < 5.0 and 0.01 or 2.0 end
  m.spring_end = rest_time(m.spring, x - bound, v, m.rest_delta, m.rest_speed)
end

-- The bound nearer x (Motion's nearestBoundary).
local function nearer(m, x)
  if m.min == -huge then return m.max end
  if m.max == huge then return m.min end
  if abs(m.min - x) < abs(m.max - x) then return m.min end
  return m.max
end

-- target: the decay's target after the snap (the caller applies it);
-- tau > 0, min <= max, rest_delta >= 0, rest_speed >= 0 or < 0 for the
-- default, a model the caller accepted.
function inertia.init(m, position, velocity, target, tau, min, max, rest_delta, rest_speed,
                      model)
  local a = target - position
  m.x0 = position
  m.v0 = velocity
  m.target = target
  m.amplitude = a
  m.tau = tau
  m.min = min
  m.max = max
  m.rest_delta = rest_delta
  m.rest_speed = rest_speed
  m.spring = model
  m.time = 0.0
  m.handoff = huge
  m.bound = target
  m.spring_x0 = 0.0
  m.spring_v0 = 0.0
  m.spring_end = 0.0
  -- |A| e^{-t/tau} = rest_delta at tau ln(|A| / rest_delta)
  if abs(a) > rest_delta then
    m.decay_end = tau * (log(abs(a)) - log(rest_delta))
  else
    m.decay_end = 0.0
  end
  if position < min or position > max then
    hand_off(m, 0.0, position, a / tau, nearer(m, position))
  elseif target < min or target > max then
    -- the decay reaches the bound b where e^{-t/tau} = (X - b) / A, in
    -- (0, 1); if it ends first (|X - b| <= rest_delta) it hands off from X
    local b = target > max and max or min
    local r = (target - b) / a
    local tc = -tau * log(r)
    if tc <= m.decay_end then
      hand_off(m, tc, b, (a / tau) * r, b)
    else
      hand_off(m, m.decay_end, target, (a / tau) * exp(-m.decay_end / tau), b)
    end
  end
  return m
end

-- x, v at time t.
function inertia.at(m, t)
  local handoff = m.handoff
  if t >= handoff then
    local tau, bound = t - handoff, m.bound
    local y0, v0 = m.spring_x0 - bound, m.spring_v0
    if tau >= m.spring_end then return bound, 0.0 end
    coefs_compute(m.spring, tau, k)
    return bound + (k.pos_pos * y0 + k.pos_vel * v0), k.vel_pos * y0 + k.vel_vel * v0
  end
  if t >= m.decay_end then return m.target, 0.0 end
  local tau, a = m.tau, m.amplitude
  local e = exp(-t / tau)
  -- X - A e^{-t/tau} = x0 + A (1 - e^{-t/tau}): exact at t = 0
  return m.x0 - a * expm1(-t / tau), (a / tau) * e
end

function inertia.done(m, t)
  if m.handoff < huge then return t >= m.handoff + m.spring_end end
  return t >= m.decay_end
end

-- Where it comes to rest: the bound of its spring, or the target.
function inertia.final_position(m) return m.bound end

return inertia
