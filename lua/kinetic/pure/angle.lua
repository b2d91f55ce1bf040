-- kinetic.pure.angle: angle normalization and the path from one angle to
-- another; csrc/core/angle.c in Lua, the same operations in the same order.
--
-- Every function takes the full turn `turn` (360 for degrees, 2*pi for
-- radians), so one code path serves both units.
local K = require("kinetic.pure.kmath")

local floor, abs = K.floor, math.abs

local angle = {}

-- The floored modulo a mod b = a - b*floor(a/b), in [0, b) for b > 0 (the
-- one rounding case that yields b returns 0).
local function fmod_floor(a, b)
  local r = a - b * floor(a / b)
  -- a tiny negative a gives a + b, which rounds to b: that is 0 mod b
  if r >= b then r = r - b end
  if r < 0 then r = r + b end           -- a/b rounded up to an integer
  return r
end
angle.fmod_floor = fmod_floor

-- theta normalized to [0, turn): theta_360 = (360 + (theta mod 360)) mod
-- 360; with the floored modulo the first mod already lands in [0, 360),
-- the rest is a guard.
local function norm_full(theta, turn)
  return fmod_floor(turn + fmod_floor(theta, turn), turn)
end
angle.norm_full = norm_full

-- theta normalized to [-turn/2, turn/2): theta_180 = (theta + 180)_360 - 180.
local function norm_half(theta, turn)
  local half = 0.5 * turn
  return norm_full(theta + half, turn) - half
end
angle.norm_half = norm_half

-- The endpoints to interpolate linearly between to rotate from alpha to
-- beta, returned as a, b.  Both angles are normalized to [0, turn) and to
-- [-turn/2, turn/2), and the normalization with the smaller distance is
-- chosen (ties go to [-turn/2, turn/2)): the shortest way round.  A true
-- `longest` asks for the other way round: the full turn is added on the
-- side that makes the path longer.
function angle.path(alpha, beta, turn, longest)
  local a360 = norm_full(alpha, turn)
  local b360 = norm_full(beta, turn)
  local a180 = norm_half(alpha, turn)
  local b180 = norm_half(beta, turn)
  local d360, d180 = abs(b360 - a360), abs(b180 - a180)
  local fa, fb
  if d360 < d180 then fa, fb = a360, b360       -- the shorter way
  else fa, fb = a180, b180 end
  if longest then                               -- the other way round
    if fb >= fa then fa = fa + turn else fa = fa - turn end
  end
  return fa, fb
end

return angle
