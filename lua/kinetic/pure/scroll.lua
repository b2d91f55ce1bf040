-- kinetic.pure.scroll: csrc/core/scroll.c in Lua.  Flutter's scroll
-- simulations (widgets/scroll_simulation.dart).
--
-- Bouncing (iOS): inside [leading, trailing] a friction motion of drag
-- 0.135; when it would come to rest beyond the edge it moves towards, it
-- hands off at the instant it reaches that edge to a spring resting on the
-- edge, with the friction's velocity there -- min(v, 5000): only a velocity
-- towards the trailing edge is capped, as Flutter writes it.  A start
-- outside the extent is that spring from t = 0, towards the nearer edge.
-- The spring phase is done where its displacement and velocity are both
-- within the tolerance (1e-3), and its position then is the edge itself.
--
-- Clamping (Android): x(t) = x0 + d (1 - (1 - t/T)^D), D = ln 0.78 / ln 0.9,
--   T = 0.35 D (|v0| / v_ref)^(1 / (D - 1)),  v_ref = friction c / 0.35,
--   d = v0 T / D,  c = 9.80665 * 39.37 * 160 * 0.84.
-- Both are tables with the fields of C's kn_bouncing and kn_clamping.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")
local friction = require("kinetic.pure.friction")
local spring = require("kinetic.pure.spring")

local log, abs, huge = math.log, math.abs, math.huge
local pow, expm1 = K.pow, K.expm1
local coefs_compute = spring.coefs_compute
local friction_at, friction_done = friction.at, friction.done
local friction_final = friction.final_position

local scroll = {}

scroll.BOUNCING_DRAG = 0.135
scroll.BOUNCING_MAX_TRANSFER = 5000.0
-- Flutter's Tolerance.defaultTolerance (distance and velocity).
scroll.TOLERANCE = 1e-3
local TOLERANCE = 1e-3

-- ---- bouncing --------------------------------------------------------------

local function spring_from(b, t, x, v, edge)
  b.spring_time = t
  b.spring_x0 = x
  b.spring_v0 = v
  b.spring_end = edge
end

-- leading <= trailing, a model the caller accepted.
function scroll.bouncing_init(b, position, velocity, leading, trailing, model)
  b.leading = leading
  b.trailing = trailing
  b.x0 = position
  b.v0 = velocity
  b.spring = model
  b.time = 0.0
  b.friction = friction.init({}, 0.135, position, velocity, 0.0, TOLERANCE)
  spring_from(b, huge, position, 0.0, position)
  if position < leading then
    spring_from(b, -huge, position, velocity, leading)
  elseif position > trailing then
    spring_from(b, -huge, position, velocity, trailing)
  else
    local fin = friction_final(b.friction)
    local edge
    if velocity > 0.0 and fin > trailing then edge = trailing
    elseif velocity < 0.0 and fin < leading then edge = leading
    else return b end
    local t = friction.time_at(b.friction, edge)
    local _, v = friction_at(b.friction, t)
    spring_from(b, t, edge, v < 5000.0 and v or 5000.0, edge)
  end
  return b
end

-- Scratch for the spring's coefficients (kn_spring_coefs), filled per call.
local k = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 }

-- The spring phase, tau seconds after the hand-off: displacement y from the
-- edge and velocity v on the exact solution.
local function spring_state(b, tau)
  local y0, v0 = b.spring_x0 - b.spring_end, b.spring_v0
  coefs_compute(b.spring, tau, k)
  return k.pos_pos * y0 + k.pos_vel * v0, k.vel_pos * y0 + k.vel_vel * v0
end

local function spring_tau(b, t)
  local st = b.spring_time
  if st - st == 0 then return t - st end
  return t
end

local function near_zero(y, v)
  return abs(y) < TOLERANCE and abs(v) < TOLERANCE
end

-- x, v at time t.
function scroll.bouncing_at(b, t)
  if t > b.spring_time then
    local y, v = spring_state(b, spring_tau(b, t))
    if near_zero(y, v) then return b.spring_end, v end
    return b.spring_end + y, v
  end
  return friction_at(b.friction, t)
end

function scroll.bouncing_done(b, t)
  if t > b.spring_time then
    return near_zero(spring_state(b, spring_tau(b, t)))
  end
  return friction_done(b.friction, t)
end

-- Where it comes to rest: the edge of its spring, or the friction's end.
function scroll.bouncing_final_position(b)
  if b.spring_time < huge then return b.spring_end end
  return friction_final(b.friction)
end

-- ---- clamping --------------------------------------------------------------

-- D = ln 0.78 / ln 0.9, Android's DECELERATION_RATE.
local function decel_rate() return log(0.78) / log(0.9) end

local INFLEXION = 0.35
local PHYSICAL_COEFF = 9.80665 * 39.37 * 160.0 * 0.84

-- friction > 0 (the caller checks).
function scroll.clamping_init(c, position, velocity, fric)
  local D, vref = decel_rate(), fric * PHYSICAL_COEFF / INFLEXION
  c.friction = fric
  c.x0 = position
  c.v0 = velocity
  c.time = 0.0
  c.duration = D * INFLEXION * pow(abs(velocity) / vref, 1.0 / (D - 1.0))
  c.distance = velocity * c.duration / D
  return c
end

-- u = 1 - t/T clamped to [0, 1] (T = 0: 0, the end).
local function remaining(c, t)
  local T = c.duration
  if not (T > 0.0) then return 0.0 end
  local u = 1.0 - t / T
  if u < 0.0 then return 0.0 end
  if u > 1.0 then return 1.0 end
  return u
end

-- x, v at time t.
function scroll.clamping_at(c, t)
  local D, u = decel_rate(), remaining(c, t)
  -- 1 - u^D as -expm1(D ln u): no cancellation while t/T is small
  local x
  if u > 0.0 then x = c.x0 + c.distance * -expm1(D * log(u))
  else x = c.x0 + c.distance / 1 end
  return x, c.v0 * pow(u, D - 1.0)
end

function scroll.clamping_done(c, t) return t >= c.duration end

function scroll.clamping_final_position(c) return c.x0 + c.distance end

return scroll
