-- kinetic.pure.bezier: CSS cubic-bezier() solved to the last bits;
-- csrc/core/bezier.c in Lua, the same operations in the same order.
--
-- x(u) = 3(1-u)^2 u x1 + 3(1-u) u^2 x2 + u^3 in power form
--   x(u) = c u + b u^2 + a u^3,  c = 3 x1, b = 3 x2 - 6 x1, a = 1 + 3 x1 - 3 x2
-- (the same for y), each coefficient kept as a double-double hi + lo.  For t
-- in (0,1) the u with x(u) = t comes from a safeguarded Newton iteration
-- ("rtsafe") in double, then the same iteration on a double-double residual;
-- the fast path of eval is a table of Hermite cubics of the inverse u(t) on
-- N = 32 intervals of t and third-order steps where the interval is well
-- conditioned (see bezier.c for the error analysis).
--
-- A kn_bezier is a table: x1, y1, x2, y2; x, y (kn_cubic: a, b, c, al, bl,
-- cl); g0, g1 (end gradients); xs (x(i/10) at xs[i + 1]); poly (the
-- interval cubics, C's poly[j] at poly[j + 1]); step (C's step[i] at
-- step[i + 1]); identity, ybig (booleans); and for eval's fast path the
-- flat copies xa, xb, xc, x2b (2 x.b), x3a (3 x.a), ya, yb, yc.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")

local abs, sqrt, floor, acos, cos = math.abs, math.sqrt, math.floor, math.acos, math.cos
local huge = math.huge

local M = {}

local N = 32   -- KN_BEZIER_N: intervals of the inverse table

-- ---- error-free transformations (Dekker / Knuth) -------------------------

local function two_sum(a, b)
  local s = a + b
  local bb = s - a
  return s, (a - (s - bb)) + (b - bb)
end

-- bezier.c's two_prod: p + e = a*b exactly (Dekker's split, K.two_prod:
-- the same operations), and the split itself.
local two_prod = K.two_prod

local function split(a)
  if abs(a) > 6.69692879491417e+299 then     -- 2^996: (2^27 + 1) a would overflow
    local s = a * 3.7252902984619140625e-09   -- 2^-28, exact
    local t = 134217729.0 * s
    local hi = (t - (t - s)) * 268435456.0
    return hi, a - hi
  end
  local t = 134217729.0 * a                   -- 2^27 + 1
  local hi = t - (t - a)
  return hi, a - hi
end

-- (h, l) = (ah, al) + (bh, bl), renormalized
local function dd_add(ah, al, bh, bl)
  local s, e = two_sum(ah, bh)
  e = e + (al + bl)
  local h = s + e
  return h, e - (h - s)
end

-- ---- one coordinate ----------------------------------------------------------

local function cubic_init(k, p1, p2)
  local c3h, c3l = two_prod(3.0, p1)               -- 3 p1, exactly
  local p3h, p3l = two_prod(3.0, p2)               -- 3 p2, exactly
  k.c = c3h; k.cl = c3l
  k.b, k.bl = dd_add(p3h, p3l, -2.0 * c3h, -2.0 * c3l)
  local h, l = dd_add(1.0, 0.0, c3h, c3l)
  k.a, k.al = dd_add(h, l, -p3h, -p3l)
end

local function cubic_d(k, u)
  return ((k.a * u + k.b) * u + k.c) * u
end

local function cubic_deriv(k, u)
  return (3.0 * k.a * u + 2.0 * k.b) * u + k.c
end

-- ((a u + b) u + c) u - t in double-double (compensated Horner), rounded
-- once at the end.  two_prod and two_sum written out (the same operations:
-- split(u), the same in the three products, is done once).
local BIG = 6.69692879491417e+299   -- split's bound, 2^996

local function cubic_dd(k, u, t)
  local uh, ul
  if u > BIG or u < -BIG then uh, ul = split(u)
  else local c = 134217729.0 * u; uh = c - (c - u); ul = u - uh end
  local h, l = k.a, k.al
  local ah, al, c, p, e, s, bb, f
  -- two_prod(h, u); e += l u; two_sum(p, b); f += e + bl
  p = h * u
  if h > BIG or h < -BIG then ah, al = split(h)
  else c = 134217729.0 * h; ah = c - (c - h); al = h - ah end
  e = ((ah * uh - p) + ah * ul + al * uh) + al * ul
  e = e + l * u
  local b = k.b
  s = p + b; bb = s - p; f = (p - (s - bb)) + (b - bb)
  f = f + (e + k.bl)
  h = s + f; l = f - (h - s)
  -- again with c
  p = h * u
  if h > BIG or h < -BIG then ah, al = split(h)
  else c = 134217729.0 * h; ah = c - (c - h); al = h - ah end
  e = ((ah * uh - p) + ah * ul + al * uh) + al * ul
  e = e + l * u
  b = k.c
  s = p + b; bb = s - p; f = (p - (s - bb)) + (b - bb)
  f = f + (e + k.cl)
  h = s + f; l = f - (h - s)
  -- and with -t
  p = h * u
  if h > BIG or h < -BIG then ah, al = split(h)
  else c = 134217729.0 * h; ah = c - (c - h); al = h - ah end
  e = ((ah * uh - p) + ah * ul + al * uh) + al * ul
  e = e + l * u
  b = -t
  s = p + b; bb = s - p; f = (p - (s - bb)) + (b - bb)
  f = f + e
  return s + f
end

-- Safeguarded Newton for k(u) = t on [lo,hi] within [0,1], k
-- non-decreasing, k(lo) <= t <= k(hi); stops when the step is below one ulp
-- of u, returning the better of the two neighbours; `exact` selects the
-- double-double residual.
local function rtsafe(k, t, u, lo, hi, exact)
  local dx, dxold = hi - lo, hi - lo
  local best, bestr = u, huge
  for _ = 0, 199 do
    local r
    if exact then r = cubic_dd(k, u, t) else r = cubic_d(k, u) - t end
    if abs(r) < bestr then bestr = abs(r); best = u end
    if r == 0.0 then break end
    if r < 0.0 then lo = u else hi = u end
    local d = cubic_deriv(k, u)
    local un = u - r / d
    if d > 0.0 and abs(un - u) <= 2.3e-16 * abs(u) then
      -- converged to the last bit: keep whichever neighbour is closer
      if un ~= u then
        local rn
        if exact then rn = cubic_dd(k, un, t) else rn = cubic_d(k, un) - t end
        if abs(rn) < bestr then best = un end
      end
      break
    end
    if not (d > 0.0) or not (un > lo and un < hi) or abs(2.0 * r) > abs(dxold * d) then
      un = lo + 0.5 * (hi - lo)                      -- bisection
      if not (un > lo and un < hi) then break end    -- lo, hi adjacent
    end
    dxold = dx
    dx = un - u
    u = un
  end
  return best
end

-- Pass 1: Newton in double from the table guess, inside [lo,hi]; -1 when
-- Newton leaves the bracket or meets x' <= 0.
local function newton_fast(k, t, u, lo, hi)
  local a, b, c = k.a, k.b, k.c
  local a3, b2 = 3.0 * a, 2.0 * b              -- cubic_deriv's 3a and 2b
  for _ = 0, 7 do
    local r = ((a * u + b) * u + c) * u - t    -- cubic_d(k, u) - t
    local d = (a3 * u + b2) * u + c            -- cubic_deriv(k, u)
    if not (d > 0.0) then return -1.0 end
    local un = u - r / d
    if not (un >= lo and un <= hi) then return -1.0 end
    if abs(un - u) < 1e-9 then return un end
    u = un
  end
  return -1.0
end

-- The guess, lo, hi from the samples x(i/10) (at samples[i + 1]).
local function table_guess(samples, t)
  local i = floor(t * 10.0)
  if i > 9 then i = 9 end
  while i > 0 and samples[i + 1] > t do i = i - 1 end
  while i < 9 and samples[i + 2] <= t do i = i + 1 end
  local lo, hi = i / 10.0, (i + 1) / 10.0
  local s0, s1 = samples[i + 1], samples[i + 2]
  if s1 > s0 then return lo + (t - s0) / (s1 - s0) * 0.1, lo, hi end
  return lo, lo, hi
end

-- Exact pass: safeguarded iterations, then the double-double polish.
local function solve_exact(k, t, u, lo, hi)
  u = rtsafe(k, t, u, lo, hi, false)
  -- pass 2 from the whole [0,1]: pass 1's bracket came from signs of
  -- residuals that may be rounding noise
  return rtsafe(k, t, u, 0.0, 1.0, true)
end

local function solve_cubic(k, samples, t)
  local lo, hi, u = 0.0, 1.0, t
  if samples ~= nil then u, lo, hi = table_guess(samples, t) end
  return solve_exact(k, t, u, lo, hi)
end

-- ---- the inverse table ------------------------------------------------------

-- min and max of the quadratic k'(u) on [u0,u1]
local function deriv_range(k, u0, u1)
  local a, b, c = k.a, k.b, k.c
  local a3, b2 = 3.0 * a, 2.0 * b              -- cubic_deriv's 3a and 2b
  local d0, d1 = (a3 * u0 + b2) * u0 + c, (a3 * u1 + b2) * u1 + c
  local mn = d0 < d1 and d0 or d1
  local mx = d0 < d1 and d1 or d0
  if a ~= 0.0 then
    local v = -b / (3.0 * a)
    if v > u0 and v < u1 then
      local dv = (a3 * v + b2) * v + c
      if dv < mn then mn = dv end
      if dv > mx then mx = dv end
    end
  end
  return mn, mx
end

local fmax = K.fmax

-- The table: nodes u(i/N) with their scaled slopes 1/(N x'(u)), the
-- Hermite cubic of each interval, and which intervals are well
-- conditioned throughout (bezier.c's table_init).
local function table_init(b)
  -- C's node[j] at node[j + 1]; the tables made at their full size
  local node = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  local dnode = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }   -- x'(node), deriv_range's d0, d1
  local x = b.x
  local xa, xb, xc = x.a, x.b, x.c
  local a3, b2 = 3.0 * xa, 2.0 * xb              -- cubic_deriv's 3a and 2b
  for i = 0, N do
    local t = i / N
    local u
    if i == 0 then
      u = 0.0
    elseif i == N then
      u = 1.0
    else
      local prev = node[2 * i - 1]
      local g = prev + node[2 * i]
      u = newton_fast(x, t, (g > prev and g < 1.0) and g or prev, prev, 1.0)
      if not (u >= 0.0 and (a3 * u + b2) * u + xc >= 0.0625) then u = solve_cubic(x, b.xs, t) end
    end
    local d = (a3 * u + b2) * u + xc
    dnode[i + 1] = d
    node[2 * i + 1] = u
    node[2 * i + 2] = d > 0.0 and 1.0 / (32.0 * d) or 0.0
  end
  local poly, step = b.poly, b.step
  local vx = xa ~= 0.0 and -xb / (3.0 * xa) or nil   -- deriv_range's vertex of x'
  for i = 0, N - 1 do
    local u0, m0, u1, m1 = node[2 * i + 1], node[2 * i + 2], node[2 * i + 3], node[2 * i + 4]
    local du = u1 - u0
    poly[4 * i + 1] = u0
    poly[4 * i + 2] = m0
    poly[4 * i + 3] = 3.0 * du - 2.0 * m0 - m1
    poly[4 * i + 4] = m0 + m1 - 2.0 * du
    -- deriv_range(x, u0, u1), its ends known
    local d0, d1 = dnode[i + 1], dnode[i + 2]
    local xmn = d0 < d1 and d0 or d1
    if vx ~= nil and vx > u0 and vx < u1 then
      local dv = (a3 * vx + b2) * vx + xc
      if dv < xmn then xmn = dv end
    end
    step[i + 1] = 0.0
    if not b.identity and u1 > u0 and xmn >= 0.0625 * (1.0 + 1e-6) then
      local ymn, ymx = deriv_range(b.y, u0, u1)
      local lim = 8.0 * (1.0 - 1e-6) * xmn
      if ymn <= lim and ymn >= -lim and ymx <= lim and ymx >= -lim then
        -- the longest third-order step leaving an error below 2e-17 (bezier.c)
        local x2 = fmax(abs(6.0 * xa * u0 + 2.0 * xb), abs(6.0 * xa * u1 + 2.0 * xb))
        local Kc = 2.0 * (x2 * x2 / (2.0 * xmn * xmn) + abs(xa) / xmn)
        local d = Kc > 0.0 and K.cbrt(2e-17 / Kc) or 1e-5
        step[i + 1] = d < 1e-5 and d or 1e-5
      end
    end
  end
end

-- ---- the curve -----------------------------------------------------------------

function M.init(b, x1, y1, x2, y2)
  b.x1 = x1; b.y1 = y1; b.x2 = x2; b.y2 = y2
  b.x = {}; b.y = {}
  cubic_init(b.x, x1, x2)
  cubic_init(b.y, y1, y2)
  b.xa, b.xb, b.xc, b.x2b, b.x3a = b.x.a, b.x.b, b.x.c, 2.0 * b.x.b, 3.0 * b.x.a
  b.ya, b.yb, b.yc = b.y.a, b.y.b, b.y.c
  local xs = {}
  for i = 0, 10 do xs[i + 1] = cubic_d(b.x, i / 10.0) end
  b.xs = xs
  b.identity = (x1 == y1 and x2 == y2)
  -- large y coefficients: evaluate y(u) in double-double as well
  b.ybig = abs(b.y.a) + abs(b.y.b) + abs(b.y.c) > 8.0
  b.poly = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
             0, 0, 0, 0, 0, 0, 0, 0 }
  b.step = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
             0, 0 }
  table_init(b)
  -- Extrapolation gradients as Blink/WebKit/Servo compute them: the tangent
  -- at the end point, through the near control point unless it coincides
  -- with the end point; a vertical tangent gives 0.
  if x1 > 0.0 then b.g0 = y1 / x1
  elseif y1 == 0.0 and x2 > 0.0 then b.g0 = y2 / x2
  elseif y1 == 0.0 and y2 == 0.0 then b.g0 = 1.0
  else b.g0 = 0.0 end
  if x2 < 1.0 then b.g1 = (y2 - 1.0) / (x2 - 1.0)
  elseif y2 == 1.0 and x1 < 1.0 then b.g1 = (y1 - 1.0) / (x1 - 1.0)
  elseif y2 == 1.0 and y1 == 1.0 then b.g1 = 1.0
  else b.g1 = 0.0 end
  return b
end

-- Parameter u in [0,1] with x(u) = t, for t in [0,1].
function M.solve(b, t)
  if t <= 0.0 then return 0.0 end
  if t >= 1.0 then return 1.0 end
  return solve_cubic(b.x, b.xs, t)
end
local solve = M.solve

-- The general path: table guess, Newton in double, and where the curve is
-- ill conditioned the exact double-double pass.  t in (0,1), not identity.
local function eval_general(b, t)
  local u, lo, hi = table_guess(b.xs, t)
  local v = newton_fast(b.x, t, u, lo, hi)
  if v >= 0.0 then
    local dx, dy = cubic_deriv(b.x, v), cubic_deriv(b.y, v)
    if dx >= 0.0625 and abs(dy) <= 8.0 * dx then
      if b.ybig then return cubic_dd(b.y, v, 0.0) end
      return cubic_d(b.y, v)
    end
    u = v
  end
  return cubic_dd(b.y, solve_exact(b.x, t, u, 0.0, 1.0), 0.0)
end

-- y at the accepted root un of the fast path: un kept in [0, 1] (a step
-- near t = 1 or 0 may land a few ulp outside, and y(u) would leave the
-- curve).
local function accept(b, un)
  if un > 1.0 then un = 1.0 end
  if un < 0.0 then un = 0.0 end
  if b.ybig then return cubic_dd(b.y, un, 0.0) end
  return un * (b.yc + b.yb * un) + un * un * (b.ya * un)
end

-- The fast path's steps 2 and 3 from u, then the general path: a function
-- of its own, so that what eval keeps live past its first step stays
-- small (LuaJIT compiles the exit to here then).
local function eval_more(b, t, u, dmax)
  local xa, xb, xc, x2b, x3a = b.xa, b.xb, b.xc, b.x2b, b.x3a
  for _ = 2, 3 do
    local r = ((xa * u + xb) * u + xc) * u - t
    local inv = 1.0 / ((xc + x2b * u) + u * u * x3a)    -- 1/x'(u)
    local dl = r * inv
    local c2 = (xb + x3a * u) * inv                      -- x''/2x'
    local un = (u - dl) - c2 * (dl * dl)
    if dl <= dmax and dl >= -dmax then return accept(b, un) end
    u = un
  end
  if b.identity then return t end
  return eval_general(b, t)
end

local jit = rawget(_G, "jit")
if jit and jit.off then jit.off(eval_more); jit.off(eval_general) end

-- The eased value at t (any finite t).  The fast path: the interval's
-- Hermite cubic (Estrin's split) as first guess, then at most three
-- third-order steps in double, each accepted once no longer than
-- step[i]; else the general path.  The first step is written here, on
-- b's flat copies of the coefficients (xa = x.a, x2b = 2 x.b, x3a = 3 x.a
-- ..., the values C computes in the loop), with no call: floor(s) is
-- s - s % 1, exact for s in (0, 32) on every VM.
function M.eval(b, t)
  if t > 0.0 and t < 1.0 then
    local s = t * 32.0
    local i = s - s % 1.0
    local dmax = b.step[i + 1]
    if dmax > 0.0 then
      local q = b.poly
      local j = 4 * i
      local f = s - i
      local u = (q[j + 1] + f * q[j + 2]) + f * f * (q[j + 3] + f * q[j + 4])
      local xa, xb, xc, x3a = b.xa, b.xb, b.xc, b.x3a
      local r = ((xa * u + xb) * u + xc) * u - t
      local inv = 1.0 / ((xc + b.x2b * u) + u * u * x3a)    -- 1/x'(u)
      local dl = r * inv
      local c2 = (xb + x3a * u) * inv                      -- x''/2x'
      local un = (u - dl) - c2 * (dl * dl)
      if abs(dl) <= dmax then                              -- accept(b, un)
        if un > 1.0 then un = 1.0 end
        if un < 0.0 then un = 0.0 end
        if b.ybig then return cubic_dd(b.y, un, 0.0) end
        return un * (b.yc + b.yb * un) + un * un * (b.ya * un)
      end
      return eval_more(b, t, un, dmax)
    end
    if b.identity then return t end
    return eval_general(b, t)
  end
  if t <= 0.0 then
    if t == 0.0 then return 0.0 end
    return b.g0 * t
  end
  if t >= 1.0 then
    if t == 1.0 then return 1.0 end
    return 1.0 + b.g1 * (t - 1.0)
  end
  return t   -- NaN: not reached from the API (it rejects it)
end

-- Derivatives 1..3 of 3(1-u)^2 u p1 + 3(1-u) u^2 p2 + u^3 in Bernstein
-- form, exactly 0 where the control polygon says so.
local function bernstein_derivs(p1, p2, u)
  local v = 1.0 - u
  return 3.0 * (v * v * p1 + 2.0 * v * u * (p2 - p1) + u * u * (1.0 - p2)),
         6.0 * (v * (p2 - 2.0 * p1) + u * (1.0 - 2.0 * p2 + p1)),
         6.0 * (1.0 - 3.0 * p2 + 3.0 * p1)
end

-- dy/dx at t; +-huge at a vertical tangent.
function M.slope(b, t)
  if t < 0.0 then return b.g0 end
  if t > 1.0 then return b.g1 end
  if b.identity then return 1.0 end
  local u = solve(b, t)
  -- where dx/du vanishes the slope is the ratio of the first non-zero
  -- derivatives (l'Hopital)
  local dx1, dx2, dx3 = bernstein_derivs(b.x1, b.x2, u)
  local dy1, dy2, dy3 = bernstein_derivs(b.y1, b.y2, u)
  if dy1 ~= 0.0 and dx1 == 0.0 then return dy1 > 0.0 and huge or -huge end
  if dx1 ~= 0.0 then return dy1 / dx1 end
  if dy2 ~= 0.0 and dx2 == 0.0 then return dy2 > 0.0 and huge or -huge end
  if dx2 ~= 0.0 then return dy2 / dx2 end
  if dy3 ~= 0.0 and dx3 == 0.0 then return dy3 > 0.0 and huge or -huge end
  if dx3 ~= 0.0 then return dy3 / dx3 end
  return 1.0   -- not reached
end

-- Whether y(u) is non-decreasing on [0,1]: y'(u)/3 = A(1-u)^2 + 2B(1-u)u
-- + Cu^2 is >= 0 iff A >= 0, C >= 0 and (B >= 0 or B^2 <= AC).
function M.monotone(b)
  local A, B, C = b.y1, b.y2 - b.y1, 1.0 - b.y2
  return A >= 0.0 and C >= 0.0 and (B >= 0.0 or B * B <= A * C)
end

-- The t with eval(t) = y for a monotone curve, or nil when no finite t
-- reaches y.
function M.inverse(b, y)
  if y < 0.0 then
    if not (b.g0 > 0.0) then return nil end
    return y / b.g0
  end
  if y > 1.0 then
    if not (b.g1 > 0.0) then return nil end
    return 1.0 + (y - 1.0) / b.g1
  end
  if y == 0.0 or y == 1.0 or b.identity then return y + 0.0 end
  return cubic_dd(b.x, solve_cubic(b.y, nil, y), 0.0)
end

-- ---- closed form (cross-check only) ----------------------------------------

local function pick(r, best)
  local d = r < 0.0 and -r or (r > 1.0 and r - 1.0 or 0.0)
  local db = best < 0.0 and -best or (best > 1.0 and best - 1.0 or 0.0)
  return d < db and r or best
end

-- The x(u) = t root by the Cardano / trigonometric formula.
function M.solve_closed(bz, t)
  local pi = 3.14159265358979323846
  local a, b, c, u = bz.x.a, bz.x.b, bz.x.c, huge
  if t <= 0.0 then return 0.0 end
  if t >= 1.0 then return 1.0 end
  if abs(a) < 1e-12 then
    if abs(b) < 1e-12 then return t / c end
    local disc = c * c + 4.0 * b * t
    local sq = sqrt(disc > 0.0 and disc or 0.0)
    if c >= 0.0 then return 2.0 * t / (c + sq) end
    return (-c + sq) / (2.0 * b)
  else
    local p = (3.0 * a * c - b * b) / (3.0 * a * a)
    local q = (2.0 * b * b * b - 9.0 * a * b * c) / (27.0 * a * a * a) - t / a
    local shift = -b / (3.0 * a)
    local disc = q * q / 4.0 + p * p * p / 27.0
    if disc >= 0.0 then
      local s = sqrt(disc)
      u = pick(K.cbrt(-q / 2.0 + s) + K.cbrt(-q / 2.0 - s) + shift, u)
    else
      local m = 2.0 * sqrt(-p / 3.0)
      local arg = 3.0 * q / (2.0 * p) * sqrt(-3.0 / p)
      if arg > 1.0 then arg = 1.0 end
      if arg < -1.0 then arg = -1.0 end
      local th = acos(arg) / 3.0
      for k = 0, 2 do u = pick(m * cos(th - 2.0 * pi * k / 3.0) + shift, u) end
    end
  end
  return u < 0.0 and 0.0 or (u > 1.0 and 1.0 or u)
end

-- ---- monotone pieces ----------------------------------------------------------

-- The first t' > t in (0, 1) where the output may change direction (a root
-- of y'(u) = 3a u^2 + 2b u + c inside (0,1) mapped to t = x(u)), or 1.
function M.next_break(b, t)
  local k = b.y
  local A, B, C = 3.0 * k.a, 2.0 * k.b, k.c
  local r1, r2
  local nextv = 1.0
  if A == 0.0 then
    if B ~= 0.0 then r1 = -C / B end
  else
    local disc = B * B - 4.0 * A * C
    if disc > 0.0 then
      local q = -0.5 * (B + (B < 0.0 and -sqrt(disc) or sqrt(disc)))
      r1 = q / A
      if q ~= 0.0 then r2 = C / q end
    end
  end
  if r1 ~= nil and r1 > 0.0 and r1 < 1.0 then
    local x = cubic_d(b.x, r1)
    if x > t and x < nextv then nextv = x end
  end
  if r2 ~= nil and r2 > 0.0 and r2 < 1.0 then
    local x = cubic_d(b.x, r2)
    if x > t and x < nextv then nextv = x end
  end
  return nextv
end

return M
