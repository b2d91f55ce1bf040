-- kinetic.pure.kmath: the math functions of the C core that Lua's `math`
-- lacks or that differ between VMs and libms (mirrors csrc/core/kmath.c).
--
-- Inexact functions (expm1, log1p, cbrt, hypot, exp2, tanh, atanh) are
-- kinetic's own algorithms, written with + - * / and sqrt, floor and exact
-- power-of-two scaling only (no libm call), in C (kn_expm1, ...) and here
-- with the same operations in the same order: the same bits on every VM and
-- on every machine, within 0.79 ulp of the exact values (spec/kmath_spec.lua).
-- expm1, log1p and the exp kernel are fdlibm's (Copyright (C) 1993 by Sun
-- Microsystems, Inc.; freely redistributable with the notice in kmath.c).
-- The exact functions (floor ... fma) have one correct result, computed
-- here without the VM's quirks (math.floor's integers and lost -0.0 on
-- 5.3+, the missing math.frexp/ldexp on 5.3/5.4, LuaJIT's pow).  Every
-- function takes and returns floats (integers only for frexp's exponent,
-- ldexp's second argument, and booleans from the predicates).
local K = {}

local mfloor, mceil, sqrt, mfmod, fabs = math.floor, math.ceil, math.sqrt, math.fmod, math.abs
local HUGE = math.huge
local NEGZERO = -1 / HUGE               -- computed: 5.1 folds a -0.0 literal
                                        -- into 0, and negating an integer 0
                                        -- (LuaJIT's dual-number ARM64) gives 0

-- P2[i] = 2^i for i = -1074 .. 1023, made by exact doublings and halvings.
local P2 = {}
do
  local p = 1.0
  for i = 0, 1023 do P2[i] = p; p = p * 2.0 end
  p = 1.0
  for i = 0, -1074, -1 do P2[i] = p; p = p * 0.5 end
end
local DBL_MIN = P2[-1022]
local DBL_MAX = (2.0 - P2[-52]) * P2[1023]
K._P2 = P2

-- ---- exact functions --------------------------------------------------

local function isnan(x) return x ~= x end
local function isinf(x) return x == HUGE or x == -HUGE end
local function isfinite(x) return x - x == 0 end

-- signbit: the sign of zeros and infinities too (a NaN counts as positive:
-- Lua cannot read a NaN's sign; the core never asks for it).
local function signbit(x) return x < 0 or (x == 0 and 1 / x < 0) end

-- x / 1 first: a float on every VM (an integer 0 of LuaJIT's dual-number
-- ARM64 negates to 0, a float 0 to -0.0)
local function copysign(x, y)
  if signbit(x) ~= signbit(y) then return -(x / 1) end
  return x / 1
end

-- floor/ceil/trunc as floats, with C's sign of zero.
local function floor(x)
  local r = mfloor(x)
  if r == x then return x / 1 end     -- integral, +-0, +-inf
  return r + 0.0                        -- NaN stays NaN
end

local function ceil(x)
  local r = mceil(x)
  if r == x then return x / 1 end
  if r == 0 then return NEGZERO end     -- x in (-1, 0)
  return r + 0.0
end

local function trunc(x)
  if x >= 0 then return floor(x) end
  return ceil(x)
end

-- round: half away from zero (C round).
local function round(x)
  if x ~= x or x == 0 then return x / 1 end
  local a = x < 0 and -x or x
  if a >= 4503599627370496.0 then return x / 1 end      -- 2^52: integral
  local r = mfloor(a) + 0.0
  if a - r >= 0.5 then r = r + 1.0 end
  if x < 0 then return -r end
  return r
end

-- nearbyint: ties to even (the default rounding mode), via 2^52.
local function nearbyint(x)
  if x ~= x or x == 0 then return x / 1 end
  local a = x < 0 and -x or x
  if a >= 4503599627370496.0 then return x / 1 end
  local r = (a + 4503599627370496.0) - 4503599627370496.0
  if x < 0 then return -r end
  return r
end

local function fmod(a, b) return mfmod(a / 1, b / 1) end

-- fmin/fmax as kn_fmin/kn_fmax (glibc's order): the first argument when the
-- two compare equal (so fmin(+0, -0) is +0), the other one beside a NaN.
local function fmin(x, y)
  if x <= y then return x end
  if x > y then return y end
  if y ~= y then return x end
  return y
end

local function fmax(x, y)
  if x >= y then return x end
  if x < y then return y end
  if y ~= y then return x end
  return y
end

-- frexp/ldexp without math.frexp/ldexp (5.3/5.4 without compat): exact,
-- subnormals and huge exponents included.
local STEPS = { 512, 256, 128, 64, 32, 16, 8, 4, 2, 1 }
local function frexp_pure(x)
  if x ~= x or x == 0 or x - x ~= 0 then return x / 1, 0 end
  local a = fabs(x)
  local e = 0
  if a >= 2.0 then                      -- scale down into [1, 2)
    for i = 1, 10 do
      local k = STEPS[i]
      if a >= P2[k] then a = a * P2[-k]; e = e + k end
    end
  elseif a < 1.0 then                   -- scale up into [1, 2)
    if a < DBL_MIN then a = a * P2[54]; e = -54 end
    for i = 1, 10 do
      local k = STEPS[i]
      if a < P2[1 - k] then a = a * P2[k]; e = e - k end
    end
  end
  a = a * 0.5                           -- in [0.5, 1), exact
  if x < 0 then a = -a end
  return a, e + 1
end

-- musl's scalbn: at most one rounding, in the last multiplication.
local function ldexp_pure(x, n)
  local y = x / 1
  if n > 1023 then
    y = y * P2[1023]; n = n - 1023
    if n > 1023 then
      y = y * P2[1023]; n = n - 1023
      if n > 1023 then n = 1023 end
    end
  elseif n < -1022 then
    y = y * P2[-969]; n = n + 969       -- 2^-1022 * 2^53
    if n < -1022 then
      y = y * P2[-969]; n = n + 969
      if n < -1022 then n = -1022 end
    end
  end
  return y * P2[n]
end

local frexp, ldexp = frexp_pure, ldexp_pure
if math.frexp and math.ldexp then frexp, ldexp = math.frexp, math.ldexp end
K._frexp_pure, K._ldexp_pure = frexp_pure, ldexp_pure

local function nextafter(x, y)
  if x ~= x or y ~= y then return x + y end
  if x == y then return y / 1 end
  if x == 0 then
    if y > 0 then return P2[-1074] end
    return -P2[-1074]
  end
  if x == HUGE then return DBL_MAX end
  if x == -HUGE then return -DBL_MAX end
  local a = x < 0 and -x or x
  local _, e = frexp(a)                 -- 2^(e-1) <= a < 2^e
  local up = (y > x) == (x > 0)         -- away from zero
  local k = e - 53
  if not up and a == P2[e - 1] then k = k - 1 end
  if k < -1074 then k = -1074 end
  local u = P2[k]
  local r
  if y > x then r = x + u else r = x - u end
  if r == 0 and x < 0 then return NEGZERO end   -- from -2^-1074 towards 0
  return r
end

-- ---- error-free product (Dekker/Veltkamp), as in csrc/core/bezier.c -----

-- p + e = a*b exactly (p = a*b rounded), barring overflow and underflow:
-- each factor split into 26 + 27 bits (split() of kmath.c and bezier.c,
-- written out).
local function two_prod(a, b)
  local p = a * b
  local t, ah, al, bh, bl
  if fabs(a) > 6.69692879491417e+299 then       -- 2^996: (2^27 + 1) a would overflow
    local s = a * 3.7252902984619140625e-09     -- 2^-28, exact
    t = 134217729.0 * s
    ah = (t - (t - s)) * 268435456.0
  else
    t = 134217729.0 * a                         -- 2^27 + 1
    ah = t - (t - a)
  end
  al = a - ah
  if fabs(b) > 6.69692879491417e+299 then
    local s = b * 3.7252902984619140625e-09
    t = 134217729.0 * s
    bh = (t - (t - s)) * 268435456.0
  else
    t = 134217729.0 * b
    bh = t - (t - b)
  end
  bl = b - bh
  return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl
end

-- fma(a, b, c): a*b + c rounded once, for finite arguments whose product
-- neither overflows nor falls below 2^-969 (else a*b + c).  Boldo and
-- Melquiond's emulation: the low part is rounded to odd before the last sum.
local function fma(a, b, c)
  local p = a * b
  if p - p ~= 0 or c - c ~= 0 or p == 0 or (p < 0 and -p or p) < P2[-969] then
    return p + c
  end
  local _, pe = two_prod(a, b)
  -- (s, t) = p + c exactly
  local s = p + c
  local bb = s - p
  local t = (p - (s - bb)) + (c - bb)
  -- v = t + pe rounded to odd
  local v = t + pe
  local vb = v - t
  local w = (t - (v - vb)) + (pe - vb)
  if w ~= 0 and v - v == 0 then
    local m = frexp(v)
    if mfmod(m * P2[53], 2.0) == 0 then   -- even last bit: the other neighbour
      if w > 0 then v = nextafter(v, HUGE) else v = nextafter(v, -HUGE) end
    end
  end
  return s + v
end

-- pow: kn_pow, i.e. x*x for y == 2 (what Lua 5.4's ^ does; glibc's pow(x, 2)
-- differs from x*x on ~0.07% of inputs) and libm's pow for every other y:
-- math.pow, else ^ (5.3/5.4 without compat).  LuaJIT's compiled traces turn
-- x^2 with a constant 2 into x*x, which the first case makes what C does;
-- for every other exponent the core passes (integers 3..12, -1..-12, 30 and
-- non-integers) LuaJIT's ^ and math.pow give libm's pow, interpreted and
-- compiled (spec/kmath_spec.lua).
local pow
do
  local cpow = math.pow
  if cpow then
    pow = function(x, y)
      if y == 2 then return x * x end
      return cpow(x, y)
    end
  else
    pow = function(x, y)
      if y == 2 then return x * x end
      return (x / 1) ^ (y / 1)
    end
  end
end

local atan2 = math.atan2 or math.atan

-- ---- inexact functions: kinetic's own ----------------------------------

local LN2_HI = 6.93147180369123816490e-01   -- 0x3fe62e42 fee00000
local LN2_LO = 1.90821492927058770002e-10   -- 0x3dea39ef 35793c76
local INVLN2 = 1.44269504088896338700e+00
local LN2 = 0.6931471805599453              -- ln 2 rounded
local LN2_TAIL = 2.3190468138462996e-17     -- ln 2 - LN2

-- expm1: fdlibm's s_expm1.c (error < 1 ulp), exponent arithmetic done by
-- multiplying with powers of two.
local Q1 = -3.33333333333331316428e-02
local Q2 = 1.58730158725481460165e-03
local Q3 = -7.93650757867487942473e-05
local Q4 = 4.00821782732936239552e-06
local Q5 = -2.01099218183624371326e-07

local function expm1(x)
  if x ~= x then return x + x end
  local neg = x < 0
  local y = neg and -x or x
  if y >= 38.81622314453125 then            -- |x| >= 56 ln 2
    if y >= 709.7822265625 then
      if y == HUGE then
        if neg then return -1.0 end
        return x
      end
      if x > 7.09782712893383973096e+02 then return HUGE end
    end
    if neg then return -1.0 end
  end
  local hi, lo, c, k
  if y >= 0.3465735912322998 then           -- |x| > ln2/2
    if y < 1.0397205352783203 then          -- and < 3 ln2/2
      if not neg then hi = x - LN2_HI; lo = LN2_LO; k = 1
      else hi = x + LN2_HI; lo = -LN2_LO; k = -1 end
    else
      if neg then k = mceil(INVLN2 * x - 0.5) else k = mfloor(INVLN2 * x + 0.5) end
      hi = x - k * LN2_HI                   -- exact
      lo = k * LN2_LO
    end
    x = hi - lo
    c = (hi - x) - lo
  elseif y < 5.551115123125783e-17 then     -- |x| < 2^-54
    return x / 1
  else
    k = 0
  end
  local hfx = 0.5 * x
  local hxs = x * hfx
  local r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))))
  local t = 3.0 - r1 * hfx
  local e = hxs * ((r1 - t) / (6.0 - x * t))
  if k == 0 then return x - (x * e - hxs) end
  e = (x * (e - c) - c)
  e = e - hxs
  if k == -1 then return 0.5 * (x - e) - 0.5 end
  if k == 1 then
    if x < -0.25 then return -2.0 * (e - (x + 0.5)) end
    return 1.0 + 2.0 * (x - e)
  end
  if k <= -2 or k > 56 then
    y = 1.0 - (e - x)
    if k == 1024 then y = y * 2.0 * P2[1023] else y = y * P2[k] end
    return y - 1.0
  end
  if k < 20 then
    t = 1.0 - P2[-k]
    y = t - (e - x)
  else
    t = P2[-k]
    y = x - (e + t)
    y = y + 1.0
  end
  return y * P2[k]
end

-- log1p: fdlibm's s_log1p.c, the exponent and mantissa of 1 + x taken with
-- frexp.
local Lp1 = 6.666666666666735130e-01
local Lp2 = 3.999999999940941908e-01
local Lp3 = 2.857142874366239149e-01
local Lp4 = 2.222219843214978396e-01
local Lp5 = 1.818357216161805012e-01
local Lp6 = 1.531383769920937332e-01
local Lp7 = 1.479819860511658591e-01

local function log1p(x)
  if x ~= x then return x + x end
  local f, c, k, small = 0.0, 0.0, 1, false
  if x < 0.4142136573791504 then            -- x < sqrt(2) - 1
    if x <= -1.0 then
      if x == -1.0 then return -HUGE end
      return (x - x) / (x - x)              -- NaN
    end
    local ax = x < 0 and -x or x
    if ax < 1.862645149230957e-09 then      -- 2^-29
      if ax < 5.551115123125783e-17 then return x / 1 end
      return x - x * x * 0.5
    end
    if x > 0 or ax < 0.2928934097290039 then k = 0; f = x end  -- 1 - sqrt(2)/2
  end
  if x == HUGE then return x + x end
  if k ~= 0 then
    local u, m
    if x < 9007199254740992.0 then          -- 2^53
      u = 1.0 + x
      m, k = frexp(u)
      k = k - 1                             -- u = (2m) 2^k, 2m in [1, 2)
      if k > 0 then c = 1.0 - (u - x) else c = x - (u - 1.0) end
      c = c / u
    else
      u = x
      m, k = frexp(u)
      k = k - 1
      c = 0.0
    end
    u = 2.0 * m
    if u < 1.4142131805419922 then
      small = u < 1.00000095367431640625    -- 1 + 2^-20
    else
      k = k + 1
      u = m
    end
    f = u - 1.0
  end
  local hfsq = 0.5 * f * f
  if small then                             -- |f| < 2^-20
    if f == 0 then
      c = c + k * LN2_LO
      return k * LN2_HI + c
    end
    local R = hfsq * (1.0 - 0.66666666666666666 * f)
    return k * LN2_HI - ((R - (k * LN2_LO + c)) - f)
  end
  local s = f / (2.0 + f)
  local z = s * s
  local R = z * (Lp1 + z * (Lp2 + z * (Lp3 + z * (Lp4 + z * (Lp5 + z * (Lp6 + z * Lp7))))))
  -- fdlibm tests k == 0 alone and drops c where the normalization brings k
  -- back to 0 (x a few ulps below 1 - sqrt(2)/2: 1.8 ulp there, glibc too)
  if k == 0 and c == 0 then return f - (hfsq - s * (hfsq + R)) end
  return k * LN2_HI - ((hfsq - (s * (hfsq + R) + (k * LN2_LO + c))) - f)
end

-- cbrt: |x| = m 2^(3q + r), m in [0.5, 1), r in {0, 1, 2}; a quadratic
-- guess for cbrt(m) times cbrt(2^r), one Halley step for cbrt(m 2^r)
-- (relative error ~1e-10), then one Newton step with the residual y^3 - a
-- computed exactly (error-free products), rounded once: < 0.5001 ulp.
local CBRT2 = { [0] = 1.0, 1.2599210498948732, 1.5874010519681996 }

local function cbrt(x)
  if x ~= x or x == 0 or x - x ~= 0 then return x / 1 end
  local a = x < 0 and -x or x
  local m, e = frexp(a)
  local q = mfloor(e / 3)
  local r = e - 3 * q
  local ar = m * P2[r]                          -- exact, in [0.5, 4)
  local y = ((-0.18528691390942026 * m + 0.6882345395528302) * m + 0.4966082808254961) * CBRT2[r]
  local y3 = y * y * y
  y = y * (y3 + 2.0 * ar) / (2.0 * y3 + ar)     -- Halley
  local p2, e2 = two_prod(y, y)
  local p3, e3 = two_prod(p2, y)
  local res = ((p3 - ar) + e3) + e2 * y         -- y^3 - ar
  y = y - res / (3.0 * p2)
  y = y * P2[q]
  if x < 0 then return -y end
  return y
end

-- hypot: scaled so that squares neither overflow nor underflow, the sum of
-- squares kept exactly as two doubles, sqrt corrected by one Newton step
-- on that exact sum: < 0.5001 ulp (< 1 ulp for subnormal results).
local function hypot(x, y)
  local a, b = fabs(x), fabs(y)
  if a == HUGE or b == HUGE then return HUGE end
  if a ~= a or b ~= b then return a + b end
  if a < b then a, b = b, a end
  if b == 0 then return a / 1 end
  if a > b * 1073741824.0 then return a / 1 end   -- 2^30: (b/a)^2 < 2^-60
  local scale = 1.0
  if a > P2[500] then
    a = a * P2[-600]; b = b * P2[-600]; scale = P2[600]
  elseif a < P2[-500] then
    a = a * P2[600]; b = b * P2[600]; scale = P2[-600]
  end
  local ah, al = two_prod(a, a)
  local bh, bl = two_prod(b, b)
  local sh = ah + bh
  local bb = sh - ah
  local sl = ((ah - (sh - bb)) + (bh - bb)) + (al + bl)
  local h = sqrt(sh)
  local hh, hl = two_prod(h, h)
  local d = ((sh - hh) - hl) + sl
  h = h + d / (2.0 * h)
  return h * scale
end

-- two_sum: s + e = a + b exactly (Knuth).
local function two_sum(a, b)
  local s = a + b
  local bb = s - a
  return s, (a - (s - bb)) + (b - bb)
end

-- e^(hi - lo) for |hi - lo| <= ln2/2 as eh + el (relative error < 2^-60):
-- fdlibm's e_exp.c kernel, e^r = 1 + r + r c/(2 - c), with the sum kept
-- as two doubles.
local P1 = 1.66666666666666019037e-01
local P2c = -2.77777777770155933842e-03
local P3 = 6.61375632143793436117e-05
local P4 = -1.65339022054652515390e-06
local P5 = 4.13813679705723846039e-08

local function exp_kernel(hi, lo)
  local r = hi - lo
  local t = r * r
  local c = r - t * (P1 + t * (P2c + t * (P3 + t * (P4 + t * P5))))
  local yh, yl = two_sum(hi, (r * c) / (2.0 - c) - lo)   -- r + r c/(2 - c)
  local eh, el = two_sum(1.0, yh)
  return eh, el + yl
end

-- exp2: x = n + f exactly, n the nearest integer (f in [-1/2, 1/2], x - floor(x)
-- would round for small negative x); 2^f = e^r with r = f ln2 as
-- hi - lo (error-free product); 2^n by ldexp.
local function exp2(x)
  if x ~= x then return x + x end
  if x >= 1024.0 then return HUGE end
  if x < -1080.0 then return 0.0 end
  local n, f = 0, x
  if fabs(x) > 0.5 then
    n = mfloor(x + 0.5)                 -- x rounded to an integer
    f = x - n                           -- exact (x and n within a factor 2)
  end
  local hi, pe = two_prod(f, LN2)
  local eh, el = exp_kernel(hi, -(pe + f * LN2_TAIL))
  return ldexp(eh + el, n)
end

-- tanh: |x| < 0.55: x + x^3 g(x^2), g a degree-10 fit (Chebyshev nodes,
-- error 8e-18); below 22: 1 - 2/(E + 1), E = e^(2|x|) = 2^k (eh + el) from
-- the exp kernel, the division and the subtraction carried in two doubles.
local function tanh(x)
  if x ~= x then return x + x end
  local a = x < 0 and -x or x
  local z
  if a < 0.55 then
    if a < 2.7755575615628914e-17 then return x * (1.0 + x) end   -- 2^-55
    local s = a * a
    local g = ((((((((((-2.0602765376366344e-05 * s + 8.511313685577672e-05) * s
      - 0.0002346347410887237) * s + 0.0005889360520074057) * s - 0.001455661830100716) * s
      + 0.003592110378689024) * s - 0.008863234397814355) * s + 0.021869488493666944) * s
      - 0.053968253967434016) * s + 0.13333333333332714) * s - 0.3333333333333333)
    z = a + a * (s * g)
  elseif a < 22.0 then
    local y = a + a
    local k = mfloor(INVLN2 * y + 0.5)
    local hi = y - k * LN2_HI                   -- exact
    local eh, el = exp_kernel(hi, k * LN2_LO)
    eh = eh * P2[k]; el = el * P2[k]
    local dh, dl = two_sum(eh, 1.0)
    dl = dl + el
    local w = 2.0 / dh
    local p, pe = two_prod(w, dh)
    local wl = (((2.0 - p) - pe) - w * dl) / dh
    local zh, zl = two_sum(1.0, -w)
    z = zh + (zl - wl)
  else
    z = 1.0
  end
  if x < 0 then return -z end
  return z
end

-- atanh: |x| < 1/3: x + x^3 h(x^2), h a degree-10 fit (error 1.3e-18).
-- Else atanh(a) = (1/2) ln((1 + a)/(1 - a)) = k ln2/2 + atanh(s) with
-- (1 + a)/(1 - a) = 2^k (1 + s)/(1 - s), s in [0, 1/3]: 1 + a and 1 - a
-- kept exactly as two doubles, s = num/den corrected by its residual.
local HL2_HI = LN2_HI * 0.5
local HL2_LO = LN2_LO * 0.5

local function atanh_poly(z)
  return ((((((((((0.0781911746712089 * z + 0.037440533573059306) * z
    + 0.05423040174813795) * z + 0.05867083931047705) * z + 0.06667593442767027) * z
    + 0.07692271793624882) * z + 0.09090909954214577) * z + 0.11111111099035531) * z
    + 0.1428571428580071) * z + 0.1999999999999976) * z + 0.3333333333333333)
end

local function atanh(x)
  if x ~= x then return x + x end
  local a = x < 0 and -x or x
  if a > 1.0 then return (x - x) / (x - x) end
  if a == 1.0 then return x / 0.0 end
  if a < 3.725290298461914e-09 then return x / 1 end   -- 2^-28
  local t
  if a < 0.3333333333333333 then
    local z = a * a
    t = a + a * (z * atanh_poly(z))
  else
    local N = 1.0 + a
    local n = a - (N - 1.0)                 -- N + n = 1 + a
    local D = 1.0 - a
    local d = (1.0 - D) - a                 -- D + d = 1 - a
    local _, e = frexp(N / D)
    local k = e - 1
    local D2, d2 = D * P2[k], d * P2[k]
    local nh, nl = two_sum(N - D2, n - d2)
    local dh, dl = two_sum(N, D2)
    dl = dl + (n + d2)
    local s = nh / dh
    local p, pe = two_prod(s, dh)
    local sl = (((nh - p) - pe) + nl - s * dl) / dh
    local z = s * s
    local lo = sl + s * (z * atanh_poly(z))
    local th, tl = two_sum(k * HL2_HI, s)
    t = th + (tl + (lo + k * HL2_LO))
  end
  if x < 0 then return -t end
  return t
end

K.expm1, K.log1p, K.cbrt, K.hypot, K.exp2, K.tanh, K.atanh =
  expm1, log1p, cbrt, hypot, exp2, tanh, atanh
K.floor, K.ceil, K.trunc, K.round, K.nearbyint = floor, ceil, trunc, round, nearbyint
K.fmod, K.fmin, K.fmax, K.frexp, K.ldexp, K.nextafter = fmod, fmin, fmax, frexp, ldexp, nextafter
K.copysign, K.signbit, K.isfinite, K.isnan, K.isinf = copysign, signbit, isfinite, isnan, isinf
K.fma, K.two_prod, K.pow, K.atan2 = fma, two_prod, pow, atan2

return K
