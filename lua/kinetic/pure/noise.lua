-- kinetic.pure.noise: csrc/core/noise.c in Lua.  One-dimensional gradient
-- noise: gradients g(i) in [-1, 1) at the integers from an integer hash of
-- (i, seed), and between i and i + 1, with f = x - i,
--   n(x) = 2 (a + s(f) (b - a)),  a = g(i) f,  b = g(i+1) (f - 1),
--   s(f) = f^3 (f (6 f - 15) + 10)
-- (0 at the integers, C1, |n| <= 1).  The hash works on integers below
-- 2^31 - 1 with products below 2^53, reduced by floor: every step exact,
-- the same bits as C on every VM.
-- luacheck: ignore 581 (NaN: C's !(x < y) is not x >= y)
local K = require("kinetic.pure.kmath")

local floor, abs = K.floor, math.abs

local M = 2147483647.0                    -- 2^31 - 1, prime

-- a mod M in [0, M) for an integer a, |a| < 2^53 (floor(a / M) may be one
-- off; a - q M is exact and put back into range).
local function mod_m(a)
  local r = a - floor(a / M) * M
  if r < 0.0 then r = r + M
  elseif r >= M then r = r - M end
  return r
end

-- x y mod M for integers 0 <= x, y < 2^31 + 2^17 (y = y1 2^16 + y0).
local function mul_m(x, y)
  local y1 = floor(y / 65536.0)
  local y0 = y - y1 * 65536.0
  local t = mod_m(mod_m(x * y1) * 65536.0)
  return mod_m(t + x * y0)
end

local function gradient(i, seed)
  local a = mod_m(i)
  local h = mod_m(a * 16807.0 + mod_m(seed))
  h = mul_m(h + 12345.0, h + 67890.0)
  h = mod_m(h * 48271.0 + a)
  h = mul_m(h + 3.0, h + 7.0)
  return h / M * 2.0 - 1.0
end

local noise = {}

-- x finite, seed an integer, |seed| <= 2^53 (the caller checks), both floats.
function noise.noise(x, seed)
  if not (abs(x) < 4503599627370496.0) then return 0.0 end   -- 2^52: an integer
  local i = floor(x)
  local f = x - i                                             -- exact
  if f == 0.0 then return 0.0 end
  local a = gradient(i, seed) * f
  local b = gradient(i + 1.0, seed) * (f - 1.0)
  local s = f * f * f * (f * (f * 6.0 - 15.0) + 10.0)
  return 2.0 * (a + s * (b - a))
end

return noise
