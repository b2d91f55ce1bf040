-- kinetic.pure.interp: how one segment moves its components from one
-- keyframe to the next -- linear, shortest/longest angle (angle.lua), or
-- polar about a pivot (distance and angle interpolated); csrc/core/interp.c
-- (and interp.h's kn_lerp) in Lua, the same operations in the same order.
--
-- A segment is prepared once (prepare: raw keyframes a, b into the
-- endpoints A, B that are interpolated linearly) and then evaluated for any
-- eased progress f (eval).  C's pointers into a timeline's block are here
-- an array and a 0-based offset: component j (1-based) of the keyframe at
-- offset ka of the array a is a[ka + j].
local K = require("kinetic.pure.kmath")
local angle = require("kinetic.pure.angle")

local sqrt, cos, sin, huge = math.sqrt, math.cos, math.sin, math.huge
local hypot, atan2 = K.hypot, K.atan2
local angle_path = angle.path

local interp = {}

local LINEAR, SHORTEST, LONGEST, POLAR = 0, 1, 2, 3
interp.LINEAR, interp.SHORTEST, interp.LONGEST, interp.POLAR = LINEAR, SHORTEST, LONGEST, POLAR

local TWO_PI = 6.283185307179586476925286766559
local DBL_MIN = 2.2250738585072014e-308
local DBL_MAX = 1.7976931348623157e308

-- The option names of the modes, by mode + 1 (a list for util.checkname).
interp.MODE_NAMES = { "linear", "shortest-angle", "longest-angle", "polar" }

-- "linear", "shortest-angle", "longest-angle", "polar"; nil past the last.
function interp.mode_name(mode)
  return interp.MODE_NAMES[mode + 1]
end

-- x = x1 + F*(x2 - x1), F the eased progress; F == 1 returns x2 itself, so
-- keyframes are hit exactly.  The linear mode of eval, per component
-- (interp.h's kn_lerp, also the animator's and color_mix's lerp).
function interp.lerp(x1, x2, f)
  if f == 1.0 then return x2 end
  local d = x2 - x1
  if d == huge or d == -huge then return x1 * (1.0 - f) + x2 * f end   -- no inf
  return x1 + f * d
end

-- The polar mode keeps lengths in quarters: a/4 - p/4 and the radius of
-- two such offsets never overflow for finite points, and scaling by a
-- power of two is exact, so wherever the unscaled formula stays in the
-- normal range the results are its bits.  sqrt(x^2 + y^2) itself, or
-- hypot where the squares leave the normal range.
local function radius(x, y)
  local s = x * x + y * y
  if s >= DBL_MIN and s <= DBL_MAX then return sqrt(s) end
  return hypot(x, y)
end

-- Prepare n components: the keyframes a[ka + j] and a[kb + j] into the
-- endpoints P[pa + j] and P[pb + j] (C's A and B).  `turn` is the full turn
-- of the angle modes (360 or 2*pi); `pivot` ({x, y}) is used by polar mode
-- only, for which n is 2 and A, B receive {distance, angle in radians}.
function interp.prepare(mode, n, a, ka, kb, turn, pivot, P, pa, pb)
  if mode == SHORTEST or mode == LONGEST then
    local longest = mode == LONGEST
    for j = 1, n do
      P[pa + j], P[pb + j] = angle_path(a[ka + j], a[kb + j], turn, longest)
    end
  elseif mode == POLAR then
    -- (d, theta) from the pivot to each point; a point on the pivot has
    -- no direction: it takes the other point's, so the motion is radial.
    -- Lengths are kept in quarters (see radius).
    local dx1, dy1 = a[ka + 1] * 0.25 - pivot[1] * 0.25, a[ka + 2] * 0.25 - pivot[2] * 0.25
    local dx2, dy2 = a[kb + 1] * 0.25 - pivot[1] * 0.25, a[kb + 2] * 0.25 - pivot[2] * 0.25
    local d1, d2 = radius(dx1, dy1), radius(dx2, dy2)
    local t1, t2 = atan2(dy1, dx1), atan2(dy2, dx2)
    if d1 == 0.0 then t1 = t2 end
    if d2 == 0.0 then t2 = t1 end
    P[pa + 1] = d1
    P[pb + 1] = d2
    -- theta is an angle: shortest way round (angle.path)
    P[pa + 2], P[pb + 2] = angle_path(t1, t2, TWO_PI, false)
  else
    for j = 1, n do P[pa + j] = a[ka + j]; P[pb + j] = a[kb + j] end
  end
end

-- out[oo + 1 .. oo + n] = the state at eased progress f of the segment
-- whose prepared endpoints are P[pa + j], P[pb + j] and raw keyframes
-- a[ka + j], a[kb + j].  f == 0 and f == 1 give the prepared endpoints
-- exactly (for polar: the raw keyframes).
function interp.eval(mode, n, P, pa, pb, a, ka, kb, pivot, f, out, oo)
  if mode == POLAR then
    if f == 0.0 then out[oo + 1] = a[ka + 1]; out[oo + 2] = a[ka + 2]; return end
    if f == 1.0 then out[oo + 1] = a[kb + 1]; out[oo + 2] = a[kb + 2]; return end
    local a0, a1 = P[pa + 1], P[pa + 2]
    local d = a0 + f * (P[pb + 1] - a0)
    local th = a1 + f * (P[pb + 2] - a1)
    -- x = x_v + d cos(theta), y = y_v + d sin(theta) about the pivot, d in
    -- quarters: 4 (x_v/4 + d/4 cos(theta)) -- inf only where x is beyond
    -- the doubles.  An easing far outside [0,1] can take d beyond the
    -- doubles; where the direction is exactly along an axis (sin 0 = 0)
    -- that offset is 0, not inf * 0.
    local dx, dy = d * cos(th), d * sin(th)
    if (d == huge or d == -huge) and th - th == 0 then
      if dx ~= dx then dx = 0.0 end
      if dy ~= dy then dy = 0.0 end
    end
    out[oo + 1] = 4.0 * (pivot[1] * 0.25 + dx)
    out[oo + 2] = 4.0 * (pivot[2] * 0.25 + dy)
    return
  end
  if f == 1.0 then
    for j = 1, n do out[oo + j] = P[pb + j] end
    return
  end
  for j = 1, n do                       -- lerp per component
    local x1 = P[pa + j]
    local d = P[pb + j] - x1
    if d == huge or d == -huge then out[oo + j] = x1 * (1.0 - f) + P[pb + j] * f
    else out[oo + j] = x1 + f * d end
  end
end

return interp
