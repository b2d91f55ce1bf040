-- kinetic.pure.step_times: step schedules, when an eased value first
-- reaches each level k/n; csrc/core/step_times.c in Lua.
--
-- The easing is walked over its monotone pieces in order
-- (easing.next_break).  A piece whose value at its right end is below the
-- next level holds no crossing; otherwise the level is crossed inside it,
-- once, bracketed by doubles a < b with g(a) < L <= g(b) (g(t) = E(t / D)):
-- regula falsi with the Illinois modification narrows the bracket, then
-- bisection on the bit patterns (ordered like the values, all >= 0) brings
-- it down to two neighbouring doubles, and b is the answer.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local easing = require("kinetic.pure.easing")
local names = require("kinetic.pure.names")
local K = require("kinetic.pure.kmath")

local eval, next_break, max_breaks = easing.eval, easing.next_break, easing.max_breaks
local nextafter, frexp, ldexp = K.nextafter, K.frexp, K.ldexp
local floor, huge = math.floor, math.huge

local M = {}

-- Most monotone pieces walked before giving up (KN_STEP_TIMES_MAX_PIECES).
local MAX_PIECES = 4000000
M.MAX_PIECES = MAX_PIECES

local function g(e, D, t)
  return eval(e, t / D, false)
end

local P52, P53 = 4503599627370496.0, 9007199254740992.0   -- 2^52, 2^53
local P1000, P74 = ldexp(1.0, 1000), ldexp(1.0, 74)
local M1000, M74 = ldexp(1.0, -1000), ldexp(1.0, -74)

-- The bit pattern of a double x >= 0, finite, as its biased exponent and
-- its 52-bit fraction (the pattern is E * 2^52 + F).
local function bits(x)
  if x == 0 then return 0, 0 end
  local m, ex = frexp(x)             -- x = m 2^ex, m in [0.5, 1)
  if ex >= -1021 then return ex + 1022, m * P53 - P52 end
  return 0, x * P1000 * P74    -- subnormal: x / 2^-1074, exact
end

-- The double halfway between a and b (0 <= a < b) in bit pattern:
-- ia + (ib - ia) / 2, with the patterns as exponent and fraction.
local function bit_mid(a, b)
  local ea, fa = bits(a)
  local eb, fb = bits(b)
  local de = eb - ea
  local half_e = floor(de / 2)
  -- (ib - ia) / 2 = half_e 2^52 + floor(((de mod 2) 2^52 + fb - fa) / 2)
  local r = (de - 2 * half_e) * P52 + (fb - fa)
  local e = ea + half_e
  local f = fa + floor(r / 2)
  while f >= P52 do f = f - P52; e = e + 1 end
  while f < 0 do f = f + P52; e = e - 1 end
  if e == 0 then return f * M1000 * M74 end
  return ldexp(P52 + f, e - 1075)
end
M.bit_mid = bit_mid

-- A double t in (lo, hi] with g(t) >= L and g below L at the double before
-- it, given g(lo) < L <= g(hi), g monotone on [lo, hi].
local function crossing(e, D, lo, hi, L)
  local flo, fhi = g(e, D, lo) - L, g(e, D, hi) - L
  local side, i = 0, 0
  while i < 40 and nextafter(lo, hi) < hi do
    local x = lo + (hi - lo) * (flo / (flo - fhi))
    if not (x > lo and x < hi) then x = bit_mid(lo, hi) end
    local f = g(e, D, x) - L
    if f >= 0.0 then
      hi = x; fhi = f
      if side == 1 then flo = flo * 0.5 end
      side = 1
    else
      lo = x; flo = f
      if side == -1 then fhi = fhi * 0.5 end
      side = -1
    end
    i = i + 1
  end
  while nextafter(lo, hi) < hi do
    local m = bit_mid(lo, hi)
    if g(e, D, m) >= L then hi = m else lo = m end
  end
  return hi
end

-- out[k] = the least double t in [0, D] with E(t / D) >= k / n, such that
-- E at the double before t is below k / n (k = 1..n; n >= 1, D > 0
-- finite); D when E never reaches k / n.  Returns true, or false when the
-- easing may have more than MAX_PIECES monotone pieces (kn_step_times).
function M.step_times(e, n, D, out)
  local k, pieces, a = 0, 0, 0.0
  if not (max_breaks(e) <= MAX_PIECES) then return false end
  local ga = g(e, D, 0.0)
  while k < n and ga >= (k + 1) / n do k = k + 1; out[k] = 0.0 end
  while k < n and a < D do
    local p = next_break(e, a / D)
    local b = p < 1.0 and p * D or D
    if b <= a then b = nextafter(a, huge) end
    if b > D then b = D end
    local gb = g(e, D, b)
    while k < n and gb >= (k + 1) / n do
      a = crossing(e, D, a, b, (k + 1) / n)
      ga = g(e, D, a)
      while k < n and ga >= (k + 1) / n do k = k + 1; out[k] = a end
    end
    a = b                             -- (C also sets ga = gb, not read again)
    pieces = pieces + 1
    if pieces > MAX_PIECES then return false end
  end
  while k < n do k = k + 1; out[k] = D end
  return true
end

-- The checks of kinetic.step_times' numbers: n an integer in [1, 2^24],
-- the duration > 0; each true, or false and the reason.
function M.count(n)
  if n >= 1.0 and n <= 16777216.0 and n == floor(n) then return true end
  return false, "integer in [1, 16777216] expected, got " .. names.num(n)
end

function M.duration(duration)
  if duration > 0.0 then return true end
  return false, "duration > 0 expected, got " .. names.num(duration)
end

return M
