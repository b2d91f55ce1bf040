-- kinetic.pure.path: plane curves traversed at constant speed; mirrors
-- csrc/core/path.c (see csrc/core/path.h for the method).
--
-- Every path is a chain of polynomial segments of one degree d, each held
-- as its Bezier control points.  A path is a table with the fields of
-- struct kn_path: kind, closed (0 or 1), degree, nseg, nsub, length, and
-- the flat arrays ctrl (nseg (d + 1) points, x then y), hodo (nseg d
-- points of each segment's derivative), sub_seg, sub_a, sub_b, sub_s,
-- sub_va, sub_vb (one entry per length interval).  Arrays are 1-based:
-- C's element i is Lua's i + 1, and a C pointer into an array (ctrl + off)
-- is the array with the offset off.
local K = require("kinetic.pure.kmath")

local sqrt, abs, cos, sin, floor = math.sqrt, math.abs, math.cos, math.sin, math.floor
local pow, hypot, atan2, kfloor = K.pow, K.hypot, K.atan2, K.floor
local format = string.format

local M = {}

-- enum kn_path_kind
local BEZIER, BEZIER_SPLINE, CATMULL_ROM, LINEAR = 0, 1, 2, 3
M.BEZIER, M.BEZIER_SPLINE, M.CATMULL_ROM, M.LINEAR = BEZIER, BEZIER_SPLINE, CATMULL_ROM, LINEAR

local DEGREE_MAX = 64
local CRIT_MAX = 2 * DEGREE_MAX
local SUB_MAX = 1048576              -- 1 << 20
M.DEGREE_MAX, M.CRIT_MAX, M.SUB_MAX = DEGREE_MAX, CRIT_MAX, SUB_MAX

local DBL_MIN = 2.2250738585072014e-308
local DBL_MAX = 1.7976931348623157e308
local DBL_EPSILON = 2.220446049250313e-16
local HUGE_VAL = math.huge

local function isfinite(x) return x - x == 0 end

-- ---- segments -------------------------------------------------------------

local KIND_NAMES = { "bezier", "bezier-spline", "catmull-rom", "linear" }
M.KIND_NAMES = KIND_NAMES            -- the list, for names.find / names.text

function M.kind_name(kind)
  return KIND_NAMES[kind + 1]
end

function M.nseg(kind, closed, npts)
  if kind == BEZIER then return 1 end
  if kind == BEZIER_SPLINE then
    if closed ~= 0 then return floor(npts / 3) end
    return floor((npts - 1) / 3)
  end
  if closed ~= 0 then return npts end
  return npts - 1
end
local path_nseg = M.nseg

function M.degree(kind, npts)
  if kind == BEZIER then return npts - 1 end
  if kind == LINEAR then return 1 end
  return 3
end

-- Point i of a closed list of n (wrapping), or of an open one extended by
-- the reflections P_-1 = 2 P0 - P1 and P_n = 2 P_{n-1} - P_{n-2}; into q.
local function cr_point(pts, n, closed, i, q)
  if closed ~= 0 then
    i = ((i % n) + n) % n
    q[1] = pts[2 * i + 1]; q[2] = pts[2 * i + 2]
  elseif i < 0 then
    q[1] = 2.0 * pts[1] - pts[3]; q[2] = 2.0 * pts[2] - pts[4]
  elseif i >= n then
    q[1] = 2.0 * pts[2 * n - 1] - pts[2 * n - 3]
    q[2] = 2.0 * pts[2 * n] - pts[2 * n - 2]
  else
    q[1] = pts[2 * i + 1]; q[2] = pts[2 * i + 2]
  end
end

-- The cubic Bezier points of the Catmull-Rom segment P1 -> P2 (path.h),
-- P = { P0, P1, P2, P3 } each {x, y}, into out[off + 1 .. off + 8].
local cr_t = {}
local function cr_segment(P, alpha, out, off)
  local t = cr_t
  t[1] = 0.0
  for j = 1, 3 do
    local Pa, Pb = P[j + 1], P[j]
    t[j + 1] = t[j] + pow(hypot(Pa[1] - Pb[1], Pa[2] - Pb[2]), alpha)
  end
  local P0, P1, P2, P3 = P[1], P[2], P[3], P[4]
  for j = 1, 2 do
    local h = t[3] - t[2]
    local m1 = (P1[j] - P0[j]) / (t[2] - t[1]) - (P2[j] - P0[j]) / (t[3] - t[1]) +
               (P2[j] - P1[j]) / h
    local m2 = (P2[j] - P1[j]) / h - (P3[j] - P1[j]) / (t[4] - t[2]) +
               (P3[j] - P2[j]) / (t[4] - t[3])
    out[off + j] = P1[j]
    out[off + 2 + j] = P1[j] + m1 * h / 3.0
    out[off + 4 + j] = P2[j] - m2 * h / 3.0
    out[off + 6 + j] = P2[j]
  end
end

local cr_P = { {}, {}, {}, {} }

-- The segments' control points into ctrl (nseg (d + 1) points) from the
-- npts points pts (x then y).
function M.control(kind, closed, alpha, pts, npts, ctrl)
  local nseg = path_nseg(kind, closed, npts)
  if kind == BEZIER then
    for i = 1, npts * 2 do ctrl[i] = pts[i] end
  elseif kind == LINEAR then
    for i = 0, nseg - 1 do
      local b = (i + 1) % npts
      ctrl[4 * i + 1] = pts[2 * i + 1]; ctrl[4 * i + 2] = pts[2 * i + 2]
      ctrl[4 * i + 3] = pts[2 * b + 1]; ctrl[4 * i + 4] = pts[2 * b + 2]
    end
  elseif kind == BEZIER_SPLINE then
    for i = 0, nseg - 1 do
      for j = 0, 3 do
        local k = (3 * i + j) % npts
        ctrl[8 * i + 2 * j + 1] = pts[2 * k + 1]
        ctrl[8 * i + 2 * j + 2] = pts[2 * k + 2]
      end
    end
  else
    local P = cr_P
    for i = 0, nseg - 1 do
      for j = 0, 3 do cr_point(pts, npts, closed, i - 1 + j, P[j + 1]) end
      cr_segment(P, alpha, ctrl, 8 * i)
    end
  end
end

-- ---- definition checks ----------------------------------------------------
-- Each returns true, or false and the reason.

function M.check_count(kind, closed, npts)
  if kind == BEZIER and closed ~= 0 then
    return false, "a closed path needs kind 'bezier-spline', 'catmull-rom' or 'linear'"
  elseif npts < 2 then
    return false, format("at least 2 points expected, got %d", npts)
  elseif kind == BEZIER and npts > DEGREE_MAX + 1 then
    return false, format("a bezier of degree at most %d expected (%d points), got %d points",
                         DEGREE_MAX, DEGREE_MAX + 1, npts)
  elseif kind == BEZIER_SPLINE and closed == 0 and (npts - 1) % 3 ~= 0 then
    return false, format("an open bezier-spline has 3k + 1 points (p0, c1, c2, p1, ...), got %d",
                         npts)
  elseif kind == BEZIER_SPLINE and closed ~= 0 and npts % 3 ~= 0 then
    return false, format("a closed bezier-spline has 3k points (p0, c1, c2, p1, ..., c1, c2), "
                         .. "got %d", npts)
  end
  return true
end

function M.check_neighbours(pts, npts, closed)
  local m = closed ~= 0 and npts or npts - 1
  for i = 0, m - 1 do
    local j = (i + 1) % npts
    if pts[2 * i + 1] == pts[2 * j + 1] and pts[2 * i + 2] == pts[2 * j + 2] then
      return false, format("points %d and %d coincide (a catmull-rom path with alpha > 0 needs "
                           .. "distinct neighbours)", i + 1, j + 1)
    end
  end
  return true
end

function M.check_knots(ctrl, pts, nseg, closed, npts)
  for i = 0, nseg - 1 do
    local best, a = HUGE_VAL, 0
    local k = 0
    while k < 8 and isfinite(ctrl[8 * i + k + 1]) do k = k + 1 end
    if k ~= 8 then
      for j = i - 1, i + 1 do
        local p, q
        if closed ~= 0 then p, q = (j + npts) % npts, (j + 1) % npts
        else p, q = j, j + 1 end
        if not (p < 0 or q >= npts) then
          local dist = hypot(pts[2 * q + 1] - pts[2 * p + 1], pts[2 * q + 2] - pts[2 * p + 2])
          if dist < best then best = dist; a = p end
        end
      end
      return false, format("points %d and %d are too close together for the knots of a "
                           .. "catmull-rom path", a + 1, (a + 1) % npts + 1)
    end
  end
  return true
end

-- nil when the length is a positive finite number, else the reason.
function M.length_error(p)
  local L = p.length
  if L > 0.0 and isfinite(L) then return nil end
  return isfinite(L) and "the points span no length" or "the path is too long for a double"
end

-- ---- evaluation ------------------------------------------------------------

-- The Bezier curve of degree d with points b[off + 1 ..] (x then y) at t,
-- by the Horner-like scheme for the Bernstein form (Farin, section 5.1);
-- returns x, y.
local function bernstein(b, off, d, t)
  local s = 1.0 - t
  if d == 3 then                     -- the splines' cubics, written out
    local w0, w1, w2, w3 = s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t
    return w0 * b[off + 1] + w1 * b[off + 3] + w2 * b[off + 5] + w3 * b[off + 7],
           w0 * b[off + 2] + w1 * b[off + 4] + w2 * b[off + 6] + w3 * b[off + 8]
  end
  if d == 2 then
    local w0, w1, w2 = s * s, 2.0 * s * t, t * t
    return w0 * b[off + 1] + w1 * b[off + 3] + w2 * b[off + 5],
           w0 * b[off + 2] + w1 * b[off + 4] + w2 * b[off + 6]
  end
  if d == 0 then return b[off + 1], b[off + 2] end
  local tn, bc = 1.0, 1.0
  local ax, ay = b[off + 1] * s, b[off + 2] * s
  for i = 1, d - 1 do
    tn = tn * t
    bc = bc * (d - i + 1) / i
    ax = (ax + tn * bc * b[off + 2 * i + 1]) * s
    ay = (ay + tn * bc * b[off + 2 * i + 2]) * s
  end
  tn = tn * t
  return ax + tn * b[off + 2 * d + 1], ay + tn * b[off + 2 * d + 2]
end

-- Offsets of segment seg's control points and derivative points.
local function seg_ctrl(p, seg) return seg * (p.degree + 1) * 2 end
local function seg_hodo(p, seg) return seg * p.degree * 2 end

-- The derivative's control points of the degree-d points b[boff + 1 ..],
-- into h[hoff + 1 ..].
local function hodograph(b, boff, d, h, hoff)
  for i = 0, d - 1 do
    h[hoff + 2 * i + 1] = d * (b[boff + 2 * i + 3] - b[boff + 2 * i + 1])
    h[hoff + 2 * i + 2] = d * (b[boff + 2 * i + 4] - b[boff + 2 * i + 2])
  end
end

-- |B'(t)| from the derivative's points h (degree d - 1): sqrt of the sum
-- of squares unless that leaves the normal range (then hypot).
local function speed_of(h, hoff, d, t)
  local dx, dy
  if d == 3 then                     -- the splines' quadratic, bernstein's d == 2 inline
    local s = 1.0 - t
    local w0, w1, w2 = s * s, 2.0 * s * t, t * t
    dx = w0 * h[hoff + 1] + w1 * h[hoff + 3] + w2 * h[hoff + 5]
    dy = w0 * h[hoff + 2] + w1 * h[hoff + 4] + w2 * h[hoff + 6]
  else
    dx, dy = bernstein(h, hoff, d - 1, t)
  end
  local q = dx * dx + dy * dy
  if q >= DBL_MIN and q <= DBL_MAX then return sqrt(q) end
  return hypot(dx, dy)
end

-- ---- arc length ------------------------------------------------------------

-- 8-point Gauss-Legendre nodes and weights on [-1, 1] (Abramowitz and
-- Stegun, table 25.4).
local gl_x = { 0.1834346424956498049394761, 0.5255324099163289858177390,
               0.7966664774136267395915539, 0.9602898564975362316835609 }
local gl_w = { 0.3626837833783619829651504, 0.3137066458778872873379622,
               0.2223810344533744705443560, 0.1012285362903762591525314 }

-- integral_a^b |B'(t)| dt (signed: negative when b < a).
local function gl8(h, hoff, d, a, b)
  local m, r, sum = 0.5 * (a + b), 0.5 * (b - a), 0.0
  for i = 1, 4 do
    sum = sum + gl_w[i] * (speed_of(h, hoff, d, m - r * gl_x[i]) +
                           speed_of(h, hoff, d, m + r * gl_x[i]))
  end
  return sum * r
end

-- The same with 3 nodes, for the short steps of the inversion.
local FIVE_NINTHS, EIGHT_NINTHS = 5.0 / 9.0, 8.0 / 9.0
local function gl3(h, hoff, d, a, b)
  local m, r = 0.5 * (a + b), 0.5 * (b - a)
  local x = r * 0.7745966692414833770358531
  return r * (FIVE_NINTHS * (speed_of(h, hoff, d, m - x) + speed_of(h, hoff, d, m + x)) +
              EIGHT_NINTHS * speed_of(h, hoff, d, m))
end

-- The 15-point Gauss-Kronrod rule and its embedded 7-point Gauss rule on
-- [-1, 1] (QUADPACK's qk15).
local gk_x = {
  0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
  0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
  0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
  0.207784955007898467600689403773245, 0.0 }
local gk_wk = {
  0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
  0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
  0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
  0.204432940075298892414161999234649, 0.209482141084727828012999174891714 }
local gk_wg = {
  0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
  0.381830050505118944950369775488975, 0.417959183673469387755102040816327 }

local gk_half = { 0, 1, 0, 2, 0, 3, 0 }

-- integral_a^b |B'| by K15, and G7's value: returns k15, g7.
local function gk15(h, hoff, d, a, b)
  local m, r, k, g = 0.5 * (a + b), 0.5 * (b - a), 0.0, 0.0
  for i = 1, 7 do                    -- C's i - 1; the odd ones are Gauss nodes
    local f = speed_of(h, hoff, d, m - r * gk_x[i]) + speed_of(h, hoff, d, m + r * gk_x[i])
    k = k + gk_wk[i] * f
    if i % 2 == 0 then g = g + gk_wg[gk_half[i]] * f end
  end
  local f0 = speed_of(h, hoff, d, m)
  k = k + gk_wk[8] * f0
  g = g + gk_wg[4] * f0
  return k * r, g * r
end

-- The adaptive split of one segment (struct split); with S.p nil it only
-- counts.
local function keep(S, a, b, len)
  local p = S.p
  if p ~= nil then
    local n = S.n + 1
    p.sub_seg[n] = S.seg
    p.sub_a[n] = a
    p.sub_b[n] = b
    p.sub_s[n] = S.s
    p.sub_va[n] = speed_of(S.h, 0, S.d, a)
    p.sub_vb[n] = speed_of(S.h, 0, S.d, b)
  end
  S.n = S.n + 1
  S.s = S.s + len
end

-- [a, b] is kept when G7 is within tol of K15 there, else halved; the
-- depth, the count and a non-finite value end the split; every piece is
-- halved twice first (path.c).
local function adapt(S, a, b, depth)
  local m = 0.5 * (a + b)
  local k15, g7 = gk15(S.h, 0, S.d, a, b)
  if depth >= 48 or S.n >= SUB_MAX or not isfinite(k15) or
     (depth >= 2 and abs(k15 - g7) <= S.tol) or not (m > a and m < b) then
    keep(S, a, b, k15)
    return
  end
  adapt(S, a, m, depth + 1)
  adapt(S, m, b, depth + 1)
end

-- The derivative's control points of the degree-(d - 1) points h, into g.
local function hodograph2(h, hoff, d, g)
  for i = 0, d - 2 do
    g[2 * i + 1] = (d - 1) * (h[hoff + 2 * i + 3] - h[hoff + 2 * i + 1])
    g[2 * i + 2] = (d - 1) * (h[hoff + 2 * i + 4] - h[hoff + 2 * i + 2])
  end
end

-- B'(t) . B''(t): half the derivative of the squared speed.
local function speed_slope(h, hoff, g, d, t)
  local dx, dy = bernstein(h, hoff, d - 1, t)
  local cx, cy = bernstein(g, 0, d - 2, t)
  return dx * cx + dy * cy
end

-- The speed's critical points in (0, 1), in order, into roots[roff + 1 ..]
-- (path.c); returns the count.
local crit_g = {}
local function critical_points(h, d, roots, roff)
  local g, n, steps = crit_g, 0, 32 * d
  if d < 2 then return 0 end
  hodograph2(h, 0, d, g)
  local prev = speed_slope(h, 0, g, d, 0.0)
  local i = 1
  while i <= steps and n < CRIT_MAX do
    local lo, hi = (i - 1) / steps, i / steps
    local f = speed_slope(h, 0, g, d, hi)
    if (prev < 0.0 and f > 0.0) or (prev > 0.0 and f < 0.0) then
      local flo = prev
      while hi - lo > 0.0 do
        local m = 0.5 * (lo + hi)
        if not (m > lo and m < hi) then break end
        local fm = speed_slope(h, 0, g, d, m)
        if (fm < 0.0) == (flo < 0.0) and fm ~= 0.0 then lo = m; flo = fm
        else hi = m end
      end
      if i < steps or hi < 1.0 then n = n + 1; roots[roff + n] = hi end
    elseif f == 0.0 and i < steps then
      n = n + 1; roots[roff + n] = hi             -- on the grid itself
    end
    prev = f
    i = i + 1
  end
  return n
end

-- Length of the control polygon of the degree-d points b[off + 1 ..].
local function polygon(b, off, d)
  local len = 0.0
  for i = 0, d - 1 do
    len = len + hypot(b[off + 2 * i + 3] - b[off + 2 * i + 1], b[off + 2 * i + 4] - b[off + 2 * i + 2])
  end
  return len
end

-- Split every segment; a polyline's lines need no split.
local split_h, split_cut = {}, {}
local S = {}
local function split_all(ctrl, nseg, d, p)
  local h, cut = split_h, split_cut
  S.p = p; S.n = 0; S.s = 0.0; S.d = d; S.h = h
  for i = 0, nseg - 1 do
    local boff = i * (d + 1) * 2
    hodograph(ctrl, boff, d, h, 0)
    S.seg = i
    S.tol = 1e-14 * polygon(ctrl, boff, d)
    if d == 1 then
      keep(S, 0.0, 1.0, hypot(h[1], h[2]))
    else
      local n = critical_points(h, d, cut, 1)
      cut[1] = 0.0
      cut[n + 2] = 1.0
      for j = 1, n + 1 do
        if cut[j + 1] > cut[j] then adapt(S, cut[j], cut[j + 1], 0) end
      end
    end
  end
  if p ~= nil then p.length = S.s end
  S.p = nil; S.h = nil
  return S.n
end

-- The number of length intervals the adaptive split makes of ctrl.
function M.count(ctrl, nseg, degree)
  return split_all(ctrl, nseg, degree, nil)
end

-- A new path (kn_path_init, which builds in a block of kn_path_size
-- bytes: here the arrays are tables).  nsub, the count kn_path_count
-- gives, may be nil: the split counts as it goes.
function M.init(kind, closed, nseg, degree, nsub, ctrl)
  local p = {
    kind = kind, closed = closed, nseg = nseg, degree = degree, nsub = nsub or 0,
    length = 0.0, ctrl = {}, hodo = {},
    sub_seg = {}, sub_a = {}, sub_b = {}, sub_s = {}, sub_va = {}, sub_vb = {},
  }
  local c = p.ctrl
  for i = 1, nseg * (degree + 1) * 2 do c[i] = ctrl[i] end
  for i = 0, nseg - 1 do hodograph(c, seg_ctrl(p, i), degree, p.hodo, i * degree * 2) end
  p.nsub = split_all(c, nseg, degree, p)
  return p
end

-- ---- the inverse of the arc length -------------------------------------------

-- Interval k is 1-based here (C's k - 1).
local function sub_length(p, k)
  return (k < p.nsub and p.sub_s[k + 1] or p.length) - p.sub_s[k]
end

-- The interval holding arc length s: the last one starting at or before
-- s, passing back over intervals of no length (1-based).
local function find_sub(p, s)
  local sub_s = p.sub_s
  local lo, hi = 1, p.nsub
  while lo < hi do
    local mid = lo + floor((hi - lo + 1) / 2)
    if sub_s[mid] <= s then lo = mid
    else hi = mid - 1 end
  end
  while lo > 1 and not (sub_length(p, lo) > 0.0) do lo = lo - 1 end  -- luacheck: ignore 581 (NaN: C's !(x > y))
  return lo
end

-- The start of the iteration: the cubic Hermite interpolant of the
-- inverse (path.c), or the chord guess.
local function first_guess(va, vb, w, r, len)
  local q, x = r / len, -1.0
  if va > 0.0 and vb > 0.0 then
    local q2 = q * q
    local q3 = q2 * q
    x = (3.0 * q2 - 2.0 * q3) * w + (q3 - 2.0 * q2 + q) * (len / va) + (q3 - q2) * (len / vb)
  end
  if x > 0.0 and x < w then return x end
  return w * q
end

-- The t of interval k where the arc length from its start is r, 0 < r <
-- len: safeguarded Newton (path.c).
local function invert(p, k, r, len)
  local hoff = seg_hodo(p, p.sub_seg[k])
  local h, d = p.hodo, p.degree
  local a = p.sub_a[k]
  local lo, hi = a, p.sub_b[k]
  local w = hi - lo
  local tol = 4.0 * DBL_EPSILON * len
  if d == 1 then return a + w * (r / len) end   -- a line's speed is constant
  local t = a + first_guess(p.sub_va[k], p.sub_vb[k], w, r, len)
  local f = gl8(h, hoff, d, a, t) - r
  local i = 0
  while i < 100 and abs(f) > tol do
    local v = speed_of(h, hoff, d, t)
    if f > 0.0 then hi = t
    else lo = t end
    local tn
    if v > 0.0 then tn = t - f / v else tn = 0.5 * (lo + hi) end
    if not (tn > lo and tn < hi) then tn = 0.5 * (lo + hi) end
    if tn == t or not (hi > lo) then break end  -- luacheck: ignore 581 (NaN: C's !(x > y))
    if abs(tn - t) <= 1e-3 * w then f = f + gl3(h, hoff, d, t, tn)
    else f = gl8(h, hoff, d, a, tn) - r end
    t = tn
    i = i + 1
  end
  return t
end

-- ---- tangent -------------------------------------------------------------------

-- The direction of motion of segment seg at t (path.c): returns ok, dx, dy
-- (ok false when every derivative vanishes).
local dir_diff = {}
local function direction(p, seg, t, arriving)
  local d = p.degree
  local hoff = seg_hodo(p, seg)
  local h = p.hodo
  local dx, dy = bernstein(h, hoff, d - 1, t)
  if dx ~= 0.0 or dy ~= 0.0 then return true, dx, dy end
  local diff = dir_diff
  for i = 1, d * 2 do diff[i] = h[hoff + i] end
  for k = 2, d do
    for i = 0, d - k do             -- forward differences: D_k up to a factor
      diff[2 * i + 1] = diff[2 * i + 3] - diff[2 * i + 1]
      diff[2 * i + 2] = diff[2 * i + 4] - diff[2 * i + 2]
    end
    dx, dy = bernstein(diff, 0, d - k, t)
    if dx ~= 0.0 or dy ~= 0.0 then
      if arriving and (k - 1) % 2 == 1 then dx = -dx; dy = -dy end
      return true, dx, dy
    end
  end
  return false, dx, dy
end

-- dangle/ds = the curvature, (B' x B'') / |B'|^3, 0 where it is not a
-- double.
local curv_g = {}
local function curvature(p, seg, t, bx, by)
  local v, d = hypot(bx, by), p.degree
  if d < 2 or v == 0.0 then return 0.0 end
  hodograph2(p.hodo, seg_hodo(p, seg), d, curv_g)
  local cx, cy = bernstein(curv_g, 0, d - 2, t)
  local k = ((bx / v) * cy - (by / v) * cx) / v / v
  if isfinite(k) then return k end
  return 0.0
end

-- ---- queries -------------------------------------------------------------------

local function wrap(p, u)
  if p.closed ~= 0 then
    if u < 0.0 or u > 1.0 then return u - kfloor(u) end
    return u
  end
  if u < 0.0 then return 0.0 end
  if u > 1.0 then return 1.0 end
  return u
end

-- The point at the fraction u of the arc length and the direction of
-- motion there: returns x, y, angle.  When d (a table) is given,
-- d[1..3] = dx/du, dy/du, dangle/du.
function M.at(p, u, d)
  local s = wrap(p, u) * p.length
  local k = s > 0.0 and find_sub(p, s) or 1
  local seg, arriving = p.sub_seg[k], false
  local len = sub_length(p, k)
  local r = s - p.sub_s[k]
  local t
  if not (r > 0.0) then t = p.sub_a[k]  -- luacheck: ignore 581 (NaN: C's !(x > y))
  elseif r >= len then t = p.sub_b[k]; arriving = true
  else t = invert(p, k, r, len) end
  local x, y = bernstein(p.ctrl, seg_ctrl(p, seg), p.degree, t)
  local ok, dx, dy = direction(p, seg, t, arriving)
  if not ok then dx = 1.0; dy = 0.0 end
  local angle = atan2(dy, dx)
  if d ~= nil then                   -- ds/du = L, |dP/ds| = 1
    dx, dy = bernstein(p.hodo, seg_hodo(p, seg), p.degree - 1, t)
    d[1] = p.length * cos(angle)
    d[2] = p.length * sin(angle)
    local c = p.length * curvature(p, seg, t, dx, dy)
    if not isfinite(c) then c = 0.0 end            -- at a cusp: see curvature
    d[3] = c
  end
  return x, y, angle
end

-- The point at the curve's own parameter s (wrapped or clamped as u):
-- returns x, y.
function M.point(p, s)
  local v = wrap(p, s) * p.nseg
  local seg = floor(v)
  if seg >= p.nseg then seg = p.nseg - 1 end
  return bernstein(p.ctrl, seg_ctrl(p, seg), p.degree, v - seg)
end

return M
