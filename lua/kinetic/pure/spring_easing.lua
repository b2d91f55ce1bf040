-- kinetic.pure.spring_easing: csrc/core/spring_easing.c in Lua -- a
-- spring's exact motion as an easing, and its piecewise-linear (CSS
-- linear()) approximation.
--
-- A spring leaving `from` with velocity v0 towards `to` has the normalized
-- displacement z(t) = (x(t) - to) / (from - to): z(0) = 1, z'(0) = -w with
-- w = v0 / (to - from), and z'' + 2a z' + w0^2 z = 0.  As an easing over
-- `duration` D seconds: E(p) = 1 - z(p D) for p >= 0, w D p for p < 0.
--
-- A curve is a table { model = <spring model>, w =, duration = }.
local K = require("kinetic.pure.kmath")
local names = require("kinetic.pure.names")
local spring = require("kinetic.pure.spring")
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)

local abs, sqrt, log = math.abs, math.sqrt, math.log
local atan2, ceil, floor, nextafter = K.atan2, K.ceil, K.floor, K.nextafter
local hypot, pow, nearbyint = K.hypot, K.pow, K.nearbyint
local coefs_compute = spring.coefs_compute
local format = string.format
local numstr = names.num
local HUGE = math.huge
local DBL_EPSILON = 2.220446049250313e-16
local PI = 3.14159265358979323846264338327950

local M = {}

function M.curve_init(c, m, w, duration)
  local cm = c.model
  if cm == nil then cm = {}; c.model = cm end
  cm.mass, cm.stiffness, cm.damping = m.mass, m.stiffness, m.damping
  cm.decay, cm.omega2, cm.disc = m.decay, m.omega2, m.disc
  c.w = w
  c.duration = duration
  return c
end

local state_coefs = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 }

-- z(t) and z'(t) for t >= 0: Juckett's coefficients applied to (1, -w).
local function curve_state(c, t)
  local k = coefs_compute(c.model, t, state_coefs)
  return k.pos_pos - k.pos_vel * c.w, k.vel_pos - k.vel_vel * c.w
end

local function curve_eval(c, p)
  if p < 0.0 then return c.w * c.duration * p end
  local z = curve_state(c, p * c.duration)
  return 1.0 - z
end
M.curve_eval = curve_eval

local function curve_slope(c, p)
  if p < 0.0 then return c.w * c.duration end
  local _, dz = curve_state(c, p * c.duration)
  return -dz * c.duration
end
M.curve_slope = curve_slope

-- E'' = -D^2 z'' with z'' = -w0^2 z - 2a z' (the equation of motion).
local function curve_curvature(c, p)
  local D = c.duration
  if p < 0.0 then return 0.0 end
  local z, dz = curve_state(c, p * D)
  return (c.model.omega2 * z + 2.0 * c.model.decay * dz) * D * D
end
M.curve_curvature = curve_curvature

-- The first zero t > t0 of f(t) = e^{-at} [A C(t) + B S(t)] when d <= 0
-- (spring_easing.c next_zero_osc), or HUGE.
local function next_zero_osc(m, A, Bb, t0)
  local d, t = m.disc, HUGE
  if A == 0.0 and Bb == 0.0 then return HUGE end     -- f == 0: no sign change
  if d < 0.0 then
    local beta = sqrt(-d)
    local phi = atan2(Bb, A)
    local base = phi + PI / 2.0
    local j = ceil((beta * t0 - base) / PI)
    if j - j ~= 0 then return HUGE end
    t = (base + j * PI) / beta
    if t <= t0 then t = (base + (j + 1.0) * PI) / beta end   -- j rounded low
    -- zeros closer together than the doubles near t0: the next double
    if t > t0 then return t end
    return nextafter(t0, HUGE)
  end
  if Bb ~= 0.0 then t = -A / Bb end
  if t > t0 then return t end
  return HUGE
end

-- d > 0: the k-th derivative's zero from the two modes (spring_easing.c
-- next_zero_over).
local function next_zero_over(m, w, k, t0)
  local g = sqrt(m.disc)
  local r2, r1 = -(m.decay + g), -m.omega2 / (m.decay + g)
  local S0, F0 = -w - r2, -w - r1
  if r1 == 0.0 or F0 == 0.0 or S0 == 0.0 or (F0 < 0.0) ~= (S0 < 0.0) then return HUGE end
  -- logarithms apart: r2 / r1 alone can overflow
  local t = (k * (log(-r2) - log(-r1)) + (log(abs(F0)) - log(abs(S0)))) / (2.0 * g)
  if t > t0 then return t end
  return HUGE
end

-- d <= 0: the derivatives in units of sc = max(w0, |w|).
local function next_zero_damped(c, order, t0)
  local m = c.model
  local a, w0, w = m.decay, sqrt(m.omega2), c.w
  local sc = w0 > abs(w) and w0 or abs(w)
  local r, za = w0 / sc, a / sc
  local g1 = -w / sc
  local g2 = -r * r - 2.0 * za * g1
  local g3 = -r * r * g1 - 2.0 * za * g2
  local f0, f1
  if order == 1 then f0, f1 = g1, g2 else f0, f1 = g2, g3 end
  if sc == 0.0 then return HUGE end                 -- at rest
  if m.disc < 0.0 then
    return next_zero_osc(m, f0, (f1 + za * f0) * (sc / sqrt(-m.disc)), t0)
  end
  return next_zero_osc(m, f0, sc * (f1 + za * f0), t0)
end

-- The first p > p0 where dE/dp (order 1) or d2E/dp2 (order 2) changes
-- sign, or HUGE.
local function curve_next_zero(c, order, p0)
  local D = c.duration
  local t0 = p0 > 0.0 and p0 * D or 0.0
  local t
  if c.model.disc > 0.0 then t = next_zero_over(c.model, c.w, order, t0)
  else t = next_zero_damped(c, order, t0) end
  local p = t / D
  if p <= p0 then p = nextafter(p0, HUGE) end
  return p
end
M.curve_next_zero = curve_next_zero

-- The p in [lo, hi] where E'(p) = s (bracketed Newton, as rtsafe).
local function slope_root(c, s, lo, hi)
  local flo = curve_slope(c, lo) - s
  local p, step = 0.5 * (lo + hi), hi - lo
  local i = 0
  while i < 200 and lo < p and p < hi do
    local f = curve_slope(c, p) - s
    if f == 0.0 then return p end
    if (f < 0.0) == (flo < 0.0) then lo = p; flo = f else hi = p end
    local q = p - f / curve_curvature(c, p)
    if q > lo and q < hi and abs(q - p) < 0.5 * step then
      step = abs(q - p)
      p = q
    else
      step = 0.5 * (hi - lo)
      p = lo + step
    end
    if hi - lo < 1e-15 * (1.0 + abs(p)) then break end
    i = i + 1
  end
  return p
end

-- Largest |E(p) - L(p)| over [a, b], L the chord of E from a to b; stops
-- at the first piece that exceeds limit.
local function curve_chord_error(c, a, b, limit)
  local Ea, Eb = curve_eval(c, a), curve_eval(c, b)
  local s = (Eb - Ea) / (b - a)
  local worst, lo = 0.0, a
  while lo < b do
    local hi = curve_next_zero(c, 2, lo)
    if hi > b then hi = b end
    local flo = curve_slope(c, lo) - s
    local fhi = curve_slope(c, hi) - s
    local e = abs(curve_eval(c, hi) - (Ea + s * (hi - a)))
    if e > worst then worst = e end
    if (flo < 0.0) ~= (fhi < 0.0) then
      local p = slope_root(c, s, lo, hi)
      e = abs(curve_eval(c, p) - (Ea + s * (p - a)))
      if e > worst then worst = e end
    end
    if worst > limit then return worst end
    lo = hi
  end
  return worst
end
M.curve_chord_error = curve_chord_error

-- From grid index a, the farthest index b whose chord passes (bisection on
-- the grid, every candidate checked).
local function farthest(c, a, steps, tol)
  local lo, hi = a, steps
  if curve_chord_error(c, a / steps, 1.0, tol) <= tol then return steps end
  while hi - lo > 1.0 do
    local m = floor(0.5 * (lo + hi))
    if curve_chord_error(c, a / steps, m / steps, tol) <= tol then lo = m else hi = m end
  end
  return lo          -- a itself: not even one grid step stays within tol
end

-- A bound on |E(p)| for p >= 0.
local function curve_size(c)
  local w0, a, w = sqrt(c.model.omega2), c.model.decay, abs(c.w)
  if w0 > 0.0 then return 1.0 + hypot(1.0, w / w0) end
  local t = a > 0.0 and 0.5 / a or c.duration
  if t > c.duration then t = c.duration end
  return 2.0 + w * t
end
M.curve_size = curve_size

M.FIT_MAX = 10000
local FIT_MAX = 10000

-- Stops {input in percent, output} of a linear() easing within max_error
-- of E on [0, 1] (greedy farthest reach on a decimal grid, see the .c
-- file): stop k (0-based) at pts[2k + 1], pts[2k + 2], at most cap of
-- them (cap nil: no limit); returns how many the fit needs, FIT_MAX + 1
-- when more than that or when not one grid step stays within max_error,
-- 0 when max_error is within the rounding of a curve of this size.
function M.curve_fit(c, max_error, pts, cap)
  local d = 2
  local a, n = 0.0, 0
  while d < 12 and 0.5 * pow(10.0, -(d - 2) / 1) > max_error do d = d + 1 end
  local steps = pow(10.0, d / 1)
  local half = 0.5 / steps
  -- the roundings of E, the chord and linear()'s evaluation: a few ulps of
  -- the curve's size
  local tol = max_error - half - (1e-12 + 16.0 * DBL_EPSILON * curve_size(c))
  if not (tol > 0.0) then return 0 end
  local scale = pow(10.0, (d - 2) / 1)
  while true do
    if cap == nil or n < cap then
      pts[2 * n + 1] = a / scale                                     -- percent
      pts[2 * n + 2] = nearbyint(curve_eval(c, a / steps) * steps) / steps
    end
    n = n + 1
    if a >= steps or n > FIT_MAX then return n end
    local b = farthest(c, a, steps, tol)
    if b <= a then return FIT_MAX + 1 end
    a = b
  end
end

-- ---- checks ----------------------------------------------------------------

M.CURVE_OK, M.CURVE_BAD_SELF, M.CURVE_BAD_DURATION, M.CURVE_NO_DURATION = 0, 1, 2, 3
local SP_X, SP_TARGET, SP_V = spring.SP_X, spring.SP_TARGET, spring.SP_V

-- Whether the spring s gives a curve: CURVE_OK, or CURVE_BAD_SELF and the
-- reason.
function M.curve_self(s)
  if s.n ~= 1 then
    return M.CURVE_BAD_SELF, format("one-component kinetic.Spring expected, got %d components",
                                    s.n)
  end
  local d = s.data[SP_TARGET + 1] - s.data[SP_X + 1]
  if not (d ~= 0.0) or d - d ~= 0 then
    return M.CURVE_BAD_SELF, "a spring away from its target expected: its distance normalizes "
      .. "the easing"
  end
  return M.CURVE_OK
end

-- The curve of s over D seconds (given) or its settle time, into c:
-- CURVE_OK, or the kind of failure and the reason.
function M.curve_from(s, D, given, c)
  local d = s.data[SP_TARGET + 1] - s.data[SP_X + 1]
  if given and not (D > 0) then
    return M.CURVE_BAD_DURATION, "duration > 0 expected, got " .. numstr(D)
  end
  if not given then
    D = spring.settle_time(s, s.rest_delta * s.scale)
    if not (D > 0) or D - D ~= 0 then
      return M.CURVE_NO_DURATION, "duration expected: this spring never settles within its "
        .. "rest threshold"
    end
  end
  local w = s.data[SP_V + 1] / d
  if w - w ~= 0 then
    return M.CURVE_BAD_SELF, "its velocity over its distance to the target overflows"
  end
  M.curve_init(c, s.model, w, D)
  return M.CURVE_OK
end

-- max_error >= 1e-7: true, else false and the reason.
function M.fit_tol(max_error)
  if max_error >= 1e-7 then return true end
  return false, "max_error >= 1e-7 expected, got " .. numstr(max_error)
end

-- A fit of n stops within 1 .. FIT_MAX: true, else false and the reason.
function M.fit_count(c, max_error, n)
  if n == 0 then
    return false, format("max_error %s is within the rounding of a motion %s times its distance",
                         numstr(max_error), numstr(curve_size(c)))
  elseif n > FIT_MAX then
    return false, format("a fit within %s needs more than %d stops: raise max_error or damp "
                         .. "the spring", numstr(max_error), FIT_MAX)
  end
  return true
end

return M
