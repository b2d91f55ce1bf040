-- kinetic.pure.kmath: kinetic's own math functions (lua/kinetic/pure/kmath.lua), the Lua twin of
-- csrc/core/kmath.c (the same operations in the same order; the C side is not exposed to Lua and was
-- checked against this module bit for bit on millions of inputs, see the header of kmath.c).
--
-- The inexact functions against exact values (spec/fixtures/kmath.lua, tools/gen/gen_kmath.py:
-- mpmath at 300 bits).  Largest errors measured in ulps, on the fixture and on 3.5 million inputs
-- (edge cases, +-20 ulps around every branch threshold, random over each range, ~500k a function):
--   expm1 0.764   log1p 0.784   cbrt 0.501   hypot 0.500   exp2 0.662   tanh 0.741   atanh 0.578
--   and for subnormal results (rounded twice: to 53 bits, then to the subnormal grid):
--   hypot 0.750, exp2 0.697.
-- The exact functions against their definitions (C99 semantics, signed zeros included).
local K = require("kinetic.pure.kmath")
local F = dofile("spec/fixtures/kmath.lua")

local HUGE = math.huge
local NZ = -1 / HUGE             -- -0.0 computed: Lua 5.1 folds a -0.0 literal into 0,
                                 -- and LuaJIT's dual-number ARM64 keeps -(0.0) an integer 0
local NAN = HUGE - HUGE
local SPECIAL = { ["-0"] = NZ, nan = NAN, inf = HUGE, ["-inf"] = -HUGE }
local function v(c)
  if type(c) == "string" then return SPECIAL[c] end
  return c * 1.0
end

-- the bounds (ulps) this spec holds each function to: the measured maxima, rounded up
local BOUND = { expm1 = 0.77, log1p = 0.79, cbrt = 0.51, hypot = 0.51, exp2 = 0.67, tanh = 0.75,
                atanh = 0.58 }
local BOUND_SUBNORMAL = 0.76     -- hypot and exp2 round twice there (to 53 bits, then to the grid)
local DBL_MIN = 2.2250738585072014e-308

local function same(a, b)        -- bit for bit, but any NaN matches any NaN
  if a ~= a then return b ~= b end
  return a == b and (a ~= 0 or 1 / a == 1 / b)
end

local function show(x)
  if x ~= x then return "nan" end
  if x == 0 and 1 / x < 0 then return "-0" end
  return string.format("%.17g", x)
end

local function ulp(h)
  h = math.abs(h)
  local _, e = K.frexp(h)
  if h == 0 then e = -1073 end
  return K.ldexp(1.0, math.max(e - 53, -1074))
end

local function isfloat(x)
  return math.type == nil or math.type(x) == "float"
end

-- every row of fixture fn: the result is the special value, or within bound ulps of the exact
-- value hi + d ulp(hi)
local function check_inexact(Km, fn, rows)
  local f, worst, n = Km[fn], 0, 0
  for i = 1, #rows do
    local row = rows[i]
    local nargs = #row - 2
    local x, y = v(row[1]), nargs == 2 and v(row[2]) or nil
    local hi, d = v(row[nargs + 1]), v(row[nargs + 2])
    local got = f(x, y)
    local where = fn .. "(" .. show(x) .. (y and (", " .. show(y)) or "") .. ")"
    assert(isfloat(got), where .. " is not a float")
    if hi ~= hi or hi == HUGE or hi == -HUGE or (hi == 0 and d == 0) then
      assert(same(got, hi), where .. " = " .. show(got) .. ", expected " .. show(hi))
    else
      local err = math.abs((got - hi) / ulp(hi) - d)
      local bound = math.abs(hi) < DBL_MIN and BOUND_SUBNORMAL or BOUND[fn]
      assert(err <= bound, string.format("%s = %s: %.3f ulp (bound %.2f)", where, show(got), err, bound))
      if math.abs(hi) >= DBL_MIN and err > worst then worst = err end
      n = n + 1
    end
  end
  return worst, n
end

local INEXACT = { "expm1", "log1p", "cbrt", "exp2", "tanh", "atanh", "hypot" }

describe("kmath: inexact functions against mpmath", function()
  for _, fn in ipairs(INEXACT) do
    it(fn .. " is within " .. BOUND[fn] .. " ulp on " .. #F[fn] .. " points", function()
      local worst, n = check_inexact(K, fn, F[fn])
      assert.is_true(n > 100)
      assert.is_true(worst <= BOUND[fn])
    end)
  end

  it("gives the same bits without math.frexp, math.ldexp and math.pow (Lua 5.3/5.4 without compat)", function()
    local saved = { math.frexp, math.ldexp, math.pow }
    package.loaded["kinetic.pure.kmath"] = nil
    -- luacheck: push ignore 122
    math.frexp, math.ldexp, math.pow = nil, nil, nil
    local ok, K2 = pcall(require, "kinetic.pure.kmath")
    math.frexp, math.ldexp, math.pow = saved[1], saved[2], saved[3]
    -- luacheck: pop
    package.loaded["kinetic.pure.kmath"] = K
    assert(ok, K2)
    assert.are.equal(K2._frexp_pure, K2.frexp)
    for _, fn in ipairs(INEXACT) do
      local rows = F[fn]
      for i = 1, #rows do
        local row = rows[i]
        local x, y = v(row[1]), #row == 4 and v(row[2]) or nil
        local a, b = K[fn](x, y), K2[fn](x, y)
        assert(same(a, b), fn .. "(" .. show(x) .. "): " .. show(a) .. " vs " .. show(b))
      end
    end
  end)
end)

describe("kmath: exact functions", function()
  local function eq(got, want, what)
    assert(same(got, want), what .. " = " .. show(got) .. ", expected " .. show(want))
    assert(isfloat(got), what .. " is not a float")
  end

  it("floor, ceil, trunc, round (half away from zero), nearbyint (half to even) with C's signed zeros", function()
    local B = 4503599627370496.0                      -- 2^52
    local cases = {                                   -- x, floor, ceil, trunc, round, nearbyint
      { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
      { NZ, NZ, NZ, NZ, NZ, NZ },
      { 0.5, 0.0, 1.0, 0.0, 1.0, 0.0 },
      { -0.5, -1.0, NZ, NZ, -1.0, NZ },
      { 1.5, 1.0, 2.0, 1.0, 2.0, 2.0 },
      { 2.5, 2.0, 3.0, 2.0, 3.0, 2.0 },
      { -2.5, -3.0, -2.0, -2.0, -3.0, -2.0 },
      { -0.25, -1.0, NZ, NZ, NZ, NZ },
      { 0.49999999999999994, 0.0, 1.0, 0.0, 0.0, 0.0 },
      { 5e-324, 0.0, 1.0, 0.0, 0.0, 0.0 },
      { -5e-324, -1.0, NZ, NZ, NZ, NZ },
      { B - 0.5, B - 1.0, B, B - 1.0, B, B },
      { -(B - 0.5), -B, -(B - 1.0), -(B - 1.0), -B, -B },
      { B - 1.5, B - 2.0, B - 1.0, B - 2.0, B - 1.0, B - 2.0 },
      { B + 1.0, B + 1.0, B + 1.0, B + 1.0, B + 1.0, B + 1.0 },
      { 1e300, 1e300, 1e300, 1e300, 1e300, 1e300 },
      { 3.0, 3.0, 3.0, 3.0, 3.0, 3.0 },
      { -7.75, -8.0, -7.0, -7.0, -8.0, -8.0 },
      { HUGE, HUGE, HUGE, HUGE, HUGE, HUGE },
      { -HUGE, -HUGE, -HUGE, -HUGE, -HUGE, -HUGE },
      { NAN, NAN, NAN, NAN, NAN, NAN },
    }
    local names = { "floor", "ceil", "trunc", "round", "nearbyint" }
    for _, c in ipairs(cases) do
      for j, name in ipairs(names) do
        eq(K[name](c[1]), c[j + 1], name .. "(" .. show(c[1]) .. ")")
      end
    end
    -- the definitions, on random values of every magnitude
    local seed = 7
    for _ = 1, 3000 do
      seed = (seed * 16807) % 2147483647
      local x = (seed / 2147483647 - 0.5) * 2 ^ ((seed % 120) - 60)
      local f, c, t, r, n = K.floor(x), K.ceil(x), K.trunc(x), K.round(x), K.nearbyint(x)
      assert.is_true(f <= x and (f == x or x < f + 1) and f % 1 == 0)
      assert.is_true(c >= x and (c == x or c - 1 < x) and c % 1 == 0)
      assert.are.equal(x < 0 and c or f, t)
      assert.are.equal(x - f == 0.5 and (x < 0 and f or c) or (x - f < 0.5 and f or c), r)
      assert.is_true(math.abs(n - x) <= 0.5 and (math.abs(n - x) < 0.5 or n % 2 == 0))
    end
  end)

  it("fmod as C's (exact, the sign of x)", function()
    local cases = {
      { 5.5, 2.0, 1.5 }, { -5.5, 2.0, -1.5 }, { 5.5, -2.0, 1.5 }, { -4.0, 2.0, NZ }, { 4.0, 2.0, 0.0 },
      { 1.0, 0.1, 0.09999999999999995 }, { 7.0, HUGE, 7.0 }, { NZ, 1.0, NZ }, { HUGE, 1.0, NAN },
      { 1.0, 0.0, NAN }, { NAN, 1.0, NAN }, { 1.0, NAN, NAN }, { 1e300, 3.0, 0.0 }, { 725.0, 360.0, 5.0 },
      { -725.0, 360.0, -5.0 }, { 5e-324, 2.0, 5e-324 },
    }
    for _, c in ipairs(cases) do eq(K.fmod(c[1], c[2]), c[3], "fmod(" .. show(c[1]) .. ", " .. show(c[2]) .. ")") end
  end)

  it("fmin and fmax: the first argument when equal, the number beside a NaN", function()
    eq(K.fmin(0.0, NZ), 0.0, "fmin(0, -0)"); eq(K.fmin(NZ, 0.0), NZ, "fmin(-0, 0)")
    eq(K.fmax(0.0, NZ), 0.0, "fmax(0, -0)"); eq(K.fmax(NZ, 0.0), NZ, "fmax(-0, 0)")
    eq(K.fmin(NAN, 1.0), 1.0, "fmin(nan, 1)"); eq(K.fmin(1.0, NAN), 1.0, "fmin(1, nan)")
    eq(K.fmax(NAN, 1.0), 1.0, "fmax(nan, 1)"); eq(K.fmax(1.0, NAN), 1.0, "fmax(1, nan)")
    eq(K.fmin(NAN, NAN), NAN, "fmin(nan, nan)")
    eq(K.fmin(-HUGE, 3.0), -HUGE, "fmin(-inf, 3)"); eq(K.fmax(2.0, 3.0), 3.0, "fmax(2, 3)")
    eq(K.fmin(2.0, 3.0), 2.0, "fmin(2, 3)"); eq(K.fmax(-1.0, -2.0), -1.0, "fmax(-1, -2)")
  end)

  local function check_frexp_ldexp(frexp, ldexp, label)
    local function fx(x, m, e)
      local gm, ge = frexp(x)
      eq(gm, m, label .. "frexp(" .. show(x) .. ")")
      assert.are.equal(e, ge, label .. "frexp(" .. show(x) .. ") exponent")
    end
    fx(1.0, 0.5, 1); fx(-1.0, -0.5, 1); fx(0.75, 0.75, 0); fx(3.0, 0.75, 2)
    fx(5e-324, 0.5, -1073); fx(-5e-324, -0.5, -1073); fx(2.2250738585072014e-308, 0.5, -1021)
    fx(1.7976931348623157e308, 0.9999999999999999, 1024); fx(1.30375421396906e-310, 0.75, -1029)
    eq((frexp(0.0)), 0.0, label .. "frexp(0)"); eq((frexp(NZ)), NZ, label .. "frexp(-0)")
    eq((frexp(HUGE)), HUGE, label .. "frexp(inf)"); eq((frexp(NAN)), NAN, label .. "frexp(nan)")
    local function lx(x, n, want) eq(ldexp(x, n), want, label .. "ldexp(" .. show(x) .. ", " .. n .. ")") end
    lx(1.0, -1074, 5e-324); lx(1.0, -1075, 0.0); lx(1.5, -1075, 5e-324); lx(1.5, -1074, 1e-323)
    lx(2.5, -1075, 5e-324); lx(-1.0, -1076, NZ); lx(0.75, 1024, 1.348269851146737e308); lx(1.0, 1024, HUGE)
    lx(5e-324, 2098, HUGE); lx(5e-324, 2097, 8.98846567431158e307); lx(1.7976931348623157e308, -2098, 5e-324)
    lx(1.7976931348623157e308, -2099, 0.0); lx(3.0, 0, 3.0); lx(NZ, 5, NZ); lx(HUGE, -5000, HUGE)
    lx(1.0, 5000, HUGE); lx(1.0, -5000, 0.0); lx(-3.0, 1, -6.0)
    -- round trips and exact scaling on random doubles of every magnitude, subnormals included
    local seed = 11
    for _ = 1, 3000 do
      seed = (seed * 16807) % 2147483647
      local m = 1 + seed / 2147483647
      seed = (seed * 16807) % 2147483647
      local x = ldexp(m, seed % 2098 - 1074)
      local fm, fe = frexp(x)
      assert.is_true(fm >= 0.5 and fm < 1)
      eq(ldexp(fm, fe), x, label .. "ldexp(frexp(" .. show(x) .. "))")
    end
  end

  it("frexp and ldexp: exact, subnormals and huge exponents", function()
    check_frexp_ldexp(K.frexp, K.ldexp, "")
    check_frexp_ldexp(K._frexp_pure, K._ldexp_pure, "pure ")
  end)

  it("nextafter", function()
    local T = 5e-324
    local cases = {
      { 1.0, 2.0, 1.0000000000000002 }, { 1.0, 0.0, 0.9999999999999999 },
      { -1.0, 0.0, -0.9999999999999999 }, { -1.0, -2.0, -1.0000000000000002 },
      { 0.0, 1.0, T }, { 0.0, -1.0, -T }, { NZ, 1.0, T }, { T, 0.0, 0.0 }, { -T, 0.0, NZ },
      { 2.0, 3.0, 2.0000000000000004 }, { 2.0, 1.0, 1.9999999999999998 },
      { 2.2250738585072014e-308, 0.0, 2.225073858507201e-308 },
      { 2.225073858507201e-308, 1.0, 2.2250738585072014e-308 },
      { 1.7976931348623157e308, HUGE, HUGE }, { HUGE, 0.0, 1.7976931348623157e308 },
      { -HUGE, 0.0, -1.7976931348623157e308 },
      { 1.0, 1.0, 1.0 }, { 0.0, NZ, NZ }, { NZ, 0.0, 0.0 }, { NAN, 1.0, NAN }, { 1.0, NAN, NAN },
    }
    for _, c in ipairs(cases) do
      eq(K.nextafter(c[1], c[2]), c[3], "nextafter(" .. show(c[1]) .. ", " .. show(c[2]) .. ")")
    end
  end)

  it("copysign, signbit, isfinite, isnan, isinf", function()
    eq(K.copysign(3.0, NZ), -3.0, "copysign(3, -0)"); eq(K.copysign(-3.0, 0.0), 3.0, "copysign(-3, 0)")
    eq(K.copysign(0.0, -1.0), NZ, "copysign(0, -1)"); eq(K.copysign(HUGE, -2.0), -HUGE, "copysign(inf, -2)")
    assert.is_true(K.signbit(NZ)); assert.is_false(K.signbit(0.0)); assert.is_true(K.signbit(-HUGE))
    assert.is_true(K.signbit(-5e-324)); assert.is_false(K.signbit(1.0))
    assert.is_true(K.isfinite(1e308)); assert.is_false(K.isfinite(HUGE)); assert.is_false(K.isfinite(NAN))
    assert.is_true(K.isnan(NAN)); assert.is_false(K.isnan(HUGE))
    assert.is_true(K.isinf(-HUGE)); assert.is_false(K.isinf(1e308)); assert.is_false(K.isinf(NAN))
  end)

  it("two_prod: p + e = a*b exactly", function()
    for _, row in ipairs(F.two_prod) do
      local a, b = v(row[1]), v(row[2])
      local p, e = K.two_prod(a, b)
      eq(p, v(row[3]), "two_prod(" .. show(a) .. ", " .. show(b) .. ") p")
      eq(e, v(row[4]), "two_prod(" .. show(a) .. ", " .. show(b) .. ") e")
    end
  end)

  it("fma: a*b + c rounded once", function()
    for _, row in ipairs(F.fma) do
      local a, b, c = v(row[1]), v(row[2]), v(row[3])
      eq(K.fma(a, b, c), v(row[4]), "fma(" .. show(a) .. ", " .. show(b) .. ", " .. show(c) .. ")")
    end
  end)

  it("pow: x*x for y == 2, else C's pow", function()
    local cpow = math.pow
    if jit then
      local ok, ffi = pcall(require, "ffi")
      if ok then pcall(ffi.cdef, "double pow(double, double);"); cpow = ffi.C.pow end
    end
    local seed = 5
    for _ = 1, 2000 do
      seed = (seed * 16807) % 2147483647
      local x = seed / 2147483647 * 3 + seed / 2147483647 * 2 ^ -40
      eq(K.pow(x, 2.0), x * x, "pow(" .. show(x) .. ", 2)")
      if cpow then
        for _, y in ipairs({ 3.0, -2.0, 12.0, 0.5, 2.4, 1 / 2.4 }) do
          eq(K.pow(x, y), cpow(x, y), "pow(" .. show(x) .. ", " .. show(y) .. ")")
        end
      end
    end
    eq(K.pow(10.0, 3.0), 1000.0, "pow(10, 3)"); eq(K.pow(2.0, -3.0), 0.125, "pow(2, -3)")
    eq(K.pow(0.3, 1.0), 0.3, "pow(0.3, 1)"); eq(K.pow(0.0, 0.0), 1.0, "pow(0, 0)")
  end)

  it("atan2 is C's atan2", function()
    eq(K.atan2(1.0, 1.0), math.atan(1.0), "atan2(1, 1)")
    eq(K.atan2(0.0, -1.0), math.pi, "atan2(0, -1)")
    eq(K.atan2(NZ, -1.0), -math.pi, "atan2(-0, -1)")
    eq(K.atan2(NZ, 1.0), NZ, "atan2(-0, 1)")
  end)
end)
