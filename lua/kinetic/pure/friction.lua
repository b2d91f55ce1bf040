-- kinetic.pure.friction: csrc/core/friction.c in Lua.  Motion under drag
-- (Gravitas, Flutter's FrictionSimulation):
--   v(t) = v0 drag^t - cd t,  x(t) = x0 + v0 (drag^t - 1)/ln(drag) - cd t^2/2
-- with cd = constant_deceleration * sign(v0) (a magnitude opposing the
-- motion).  With cd > 0 the motion stops for good when v reaches 0 (at
-- stop_time); afterwards x = final position, v = 0.  A friction motion is
-- a table with the fields of C's kn_friction.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")

local log, abs, huge = math.log, math.abs, math.huge
local pow, expm1, log1p = K.pow, K.expm1, K.log1p

local friction = {}

local function vel(f, t)
  return f.v0 * pow(f.drag, t) - f.cd * t    -- pow: 400*0.3^1 == 120 exactly
end

-- (drag^t - 1)/ln drag, the distance factor: with expm1, no cancellation
-- for small t; for |t ln drag| below 1e-300 (expm1(y)/y is 1 in double)
-- it is t.
local function dist(f, t)
  local tl = t * f.log_drag
  if abs(tl) < 1e-300 then return t end
  return expm1(tl) / f.log_drag
end

local function pos(f, t)
  local x = f.x0 + f.v0 * dist(f, t) - 0.5 * f.cd * t * t
  if x - x ~= 0 and t > 0 then
    -- both terms overflowed (inf - inf = NaN): the same distance as
    -- t (v0 q - cd t/2), q = dist/t in (0, 1], whose bracket is finite
    -- before the stop
    x = f.x0 + t * (f.v0 * (dist(f, t) / t) - 0.5 * f.cd * t)
  end
  return x
end

function friction.init(f, drag, position, velocity, constant_deceleration, tolerance)
  f.drag = drag
  f.log_drag = log(drag)
  f.x0 = position
  f.v0 = velocity
  if velocity > 0 then f.cd = constant_deceleration
  elseif velocity < 0 then f.cd = -constant_deceleration
  else f.cd = 0.0 end
  f.tolerance = tolerance
  f.time = 0.0
  if f.cd == 0 then
    f.stop_time = velocity == 0 and 0.0 or huge
  else
    -- g(t) = v0 drag^t - cd t is monotone and convex (or concave, sign of
    -- v0): Newton from 0 approaches the root from one side; finish with
    -- bisection against rounding.
    local v0, cd, log_drag = f.v0, f.cd, f.log_drag
    local t = 0.0
    for _ = 0, 99 do
      local g, dg = vel(f, t), v0 * pow(drag, t) * log_drag - cd
      local nt = t - g / dg
      if not (nt > t) then break end
      t = nt
    end
    local hi = t
    while vel(f, hi) * v0 > 0 do hi = hi * 2 + 1e-300 end
    local lo = hi
    while lo > 0 and vel(f, lo) * v0 <= 0 do lo = lo * 0.5 end
    if vel(f, lo) * v0 <= 0 then lo = 0.0 end
    for _ = 0, 199 do
      local mid = lo + (hi - lo) * 0.5
      if mid <= lo or mid >= hi then break end
      if vel(f, mid) * v0 > 0 then lo = mid else hi = mid end
    end
    f.stop_time = hi
  end
  return f
end

local function final_position(f)
  if f.stop_time == huge then return f.x0 - f.v0 / f.log_drag end
  return pos(f, f.stop_time)
end
friction.final_position = final_position

-- x, v at simulation time t >= 0.
function friction.at(f, t)
  if t >= f.stop_time then return final_position(f), 0.0 end
  return pos(f, t), vel(f, t)
end

-- First time x is reached (0 when x == x0; math.huge when never).
function friction.time_at(f, x)
  local x0, v0 = f.x0, f.v0
  if x == x0 then return 0.0 end
  local fin = final_position(f)
  -- x must lie strictly between x0 and the final position (cd = 0: never
  -- reached) or on it (cd > 0: reached at stop_time)
  if v0 == 0 then return huge end
  if v0 > 0 then
    if x < x0 or x > fin then return huge end
  elseif x > x0 or x < fin then
    return huge
  end
  if f.cd == 0 then
    if x == fin then return huge end
    -- drag^t = 1 + r, r = (x - x0) ln(drag) / v0 in (-1, 0]; where x - x0
    -- or the product overflows, the same r from x/v0 - x0/v0; at or past
    -- -1 the position is never reached
    local r = (x - x0) * f.log_drag / v0
    if r - r ~= 0 then r = (x / v0 - x0 / v0) * f.log_drag end
    if not (r > -1) then return huge end
    return log1p(r) / f.log_drag
  end
  if x == fin then return f.stop_time end
  local lo, hi = 0.0, f.stop_time            -- x(t) monotone on [0, stop]
  for _ = 0, 199 do
    local mid = lo + (hi - lo) * 0.5
    if mid <= lo or mid >= hi then break end
    if (pos(f, mid) - x) * v0 < 0 then lo = mid else hi = mid end
  end
  if abs(pos(f, lo) - x) < abs(pos(f, hi) - x) then return lo end
  return hi
end

function friction.done(f, t)
  if t >= f.stop_time then return true end
  local _, v = friction.at(f, t)
  return abs(v) < f.tolerance
end

return friction
