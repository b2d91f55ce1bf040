-- kinetic.pure.decay: csrc/core/decay.c in Lua.  Jetpack Compose's
-- exponential decay (FloatExponentialDecaySpec): with f = -4.2 *
-- friction_multiplier,
--   v(t) = v0 e^{f t},   x(t) = x0 + v0 (e^{f t} - 1) / f,
-- ending when |v| falls to the threshold, at T = ln(threshold / |v0|) / f
-- (0 when |v0| is already at or below it); from T on, x = x(T), v = 0.
-- A decay is a table with the fields of C's kn_decay.
local K = require("kinetic.pure.kmath")

local exp, log, abs = math.exp, math.log, math.abs
local expm1 = K.expm1

local decay = {}

-- Compose's ExponentialDecayFriction.
decay.FRICTION = 4.2

-- friction_multiplier > 0, threshold > 0 (the caller checks).
function decay.init(d, position, velocity, friction_multiplier, threshold)
  d.friction_multiplier = friction_multiplier
  d.threshold = threshold
  d.x0 = position
  d.v0 = velocity
  d.rate = -4.2 * friction_multiplier
  d.time = 0.0
  -- ln(threshold / |v0|) / f, as ln(threshold) - ln|v0|: no overflow of the
  -- ratio for a tiny threshold or a huge velocity
  if abs(velocity) > threshold then
    d.duration = (log(threshold) - log(abs(velocity))) / d.rate
  else
    d.duration = 0.0
  end
  return d
end

-- x(t) = x0 + v0 expm1(f t) / f: no cancellation for small t.
local function state(d, t)
  local rate = d.rate
  local ft = rate * t
  return d.x0 + d.v0 * (expm1(ft) / rate), d.v0 * exp(ft)
end

-- x, v at time t.
function decay.at(d, t)
  if t >= d.duration then
    return (state(d, d.duration)), 0.0
  end
  return state(d, t)
end

function decay.final_position(d)
  return (state(d, d.duration))
end

function decay.done(d, t) return t >= d.duration end

return decay
