-- kinetic.pure.accel: accelerate(v0) and accelerate-decelerate(v0);
-- csrc/core/accel.c in Lua.
--   accel1: F(x) = v0 x + (1 - v0) x^2 (constant acceleration, F(1) = 1)
--   accel2: F1(x) = v0 x + 2 (1 - v0) x^2 for x <= 1/2, F2(x) = 1 - F1(1 - x)
-- The polynomials simply continue outside [0,1].
local M = {}

-- |v0| beyond this is refused (KN_ACCEL_V0MAX)
M.V0MAX = 1e300

function M.accel1_eval(v0, x)
  if x == 1.0 then return 1.0 end
  return x * (v0 + (1.0 - v0) * x)
end

local function half1(v0, x)
  return x * (v0 + 2.0 * (1.0 - v0) * x)
end

function M.accel2_eval(v0, x)
  if x <= 0.5 then return half1(v0, x) end
  return 1.0 - half1(v0, 1.0 - x)
end

local function after(c, x, nextv)
  return (c > x and c < nextv) and c or nextv
end

-- The first point after x in (x, 1) where accel1 (kind 1) or accel2
-- (kind 2) turns, or 1.
function M.next_break(kind, v0, x)
  local nextv = 1.0
  if v0 == 1.0 then return 1.0 end                 -- F = x
  local c = -v0 / (2.0 * (1.0 - v0))
  if kind == 1 then return after(c, x, nextv) end
  nextv = after(0.5, x, nextv)
  nextv = after(c / 2.0, x, nextv)
  return after(1.0 - c / 2.0, x, nextv)
end

return M
