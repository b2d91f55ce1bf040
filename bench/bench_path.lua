-- Paths: p:at(u), the point at a fraction of the arc length, on a closed
-- centripetal Catmull-Rom track of 8 points, against the same computation
-- in pure Lua (ns per call).
--
-- The Lua side is the method a careful Lua programmer would write for the
-- same accuracy: each segment converted to its cubic Bezier, the length
-- integrated by 8-point Gauss-Legendre over the intervals of an adaptive
-- split made once, and the inverse found by Newton's method on one
-- interval, as kinetic finds it (docs/path.md).  Before any timing, check() compares both sides at 1000
-- fractions and refuses to go on unless they agree within 1e-9 of the
-- length (and 1e-9 rad in the angle): the baseline is the same curve at the same precision.
local kinetic = require("kinetic")

local sqrt, abs = math.sqrt, math.abs
local atan2 = math.atan2 or math.atan   -- 5.3+: math.atan(y, x)
local TOLERANCE = 1e-9

local POINTS = { { 0, 0 }, { 180, -40 }, { 320, 30 }, { 400, 200 }, { 300, 330 }, { 120, 300 },
                 { -40, 380 }, { -90, 160 } }

-- ---- the pure-Lua path -------------------------------------------------------
-- Centripetal Catmull-Rom segment P1 -> P2 as cubic Bezier points (knots
-- t_{j+1} = t_j + |P_{j+1} - P_j|^0.5; end tangents of the Barry-Goldman
-- pyramid).
local function segment(p0, p1, p2, p3)
  local function knot(a, b) return sqrt(sqrt((b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2)) end
  local d0, d1, d2 = knot(p0, p1), knot(p1, p2), knot(p2, p3)
  local b = { p1[1], p1[2], 0, 0, 0, 0, p2[1], p2[2] }
  for j = 1, 2 do
    local m1 = (p1[j] - p0[j]) / d0 - (p2[j] - p0[j]) / (d0 + d1) + (p2[j] - p1[j]) / d1
    local m2 = (p2[j] - p1[j]) / d1 - (p3[j] - p1[j]) / (d1 + d2) + (p3[j] - p2[j]) / d2
    b[2 + j] = p1[j] + m1 * d1 / 3
    b[4 + j] = p2[j] - m2 * d1 / 3
  end
  return b
end

local GX = { 0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363 }
local GW = { 0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763 }

local function speed(b, t)
  local s = 1 - t
  local dx = 3 * (s * s * (b[3] - b[1]) + 2 * s * t * (b[5] - b[3]) + t * t * (b[7] - b[5]))
  local dy = 3 * (s * s * (b[4] - b[2]) + 2 * s * t * (b[6] - b[4]) + t * t * (b[8] - b[6]))
  return sqrt(dx * dx + dy * dy)
end

local function gl8(b, a, c)
  local m, r, sum = (a + c) / 2, (c - a) / 2, 0
  for i = 1, 4 do sum = sum + GW[i] * (speed(b, m - r * GX[i]) + speed(b, m + r * GX[i])) end
  return sum * r
end

local function new_lua_path(points)
  local n, segs, subs = #points, {}, {}
  for i = 1, n do
    segs[i] = segment(points[(i - 2) % n + 1], points[i], points[i % n + 1], points[(i + 1) % n + 1])
  end
  local total = 0
  local function split(b, a, c, whole, tol, depth)
    local m = (a + c) / 2
    local l, r = gl8(b, a, m), gl8(b, m, c)
    if depth >= 48 or abs(l + r - whole) <= tol then
      subs[#subs + 1] = { b, a, m, total, l, speed(b, a), speed(b, m) }; total = total + l
      subs[#subs + 1] = { b, m, c, total, r, speed(b, m), speed(b, c) }; total = total + r
    else
      split(b, a, m, l, tol, depth + 1)
      split(b, m, c, r, tol, depth + 1)
    end
  end
  for i = 1, n do
    local b, poly = segs[i], 0
    for k = 1, 3 do poly = poly + sqrt((b[2 * k + 1] - b[2 * k - 1]) ^ 2 + (b[2 * k + 2] - b[2 * k]) ^ 2) end
    split(b, 0, 1, gl8(b, 0, 1), 1e-14 * poly, 0)
  end
  return { subs = subs, length = total }
end

local function gl3(b, a, c)
  local m, r = (a + c) / 2, (c - a) / 2
  local x = r * 0.7745966692414834
  return r * (5 / 9 * (speed(b, m - x) + speed(b, m + x)) + 8 / 9 * speed(b, m))
end

-- Newton from a cubic Hermite guess of the inverse, the length carried over
-- short steps by 3-node Gauss-Legendre, until the residual is rounding.
local function lua_at(path, u)
  local subs = path.subs
  local s = u * path.length
  local lo, hi = 1, #subs
  while lo < hi do
    local mid = lo + math.floor((hi - lo + 1) / 2)
    if subs[mid][4] <= s then lo = mid else hi = mid - 1 end
  end
  local sub = subs[lo]
  local b, a, c, r, len = sub[1], sub[2], sub[3], s - sub[4], sub[5]
  local t
  if r <= 0 then t = a elseif r >= len then t = c else
    local w, va, vb, q, x = c - a, sub[6], sub[7], r / len, -1
    if va > 0 and vb > 0 then     -- cubic Hermite of the inverse
      local q2, q3 = q * q, q * q * q
      x = (3 * q2 - 2 * q3) * w + (q3 - 2 * q2 + q) * (len / va) + (q3 - q2) * (len / vb)
    end
    if not (x > 0 and x < w) then x = w * q end
    t = a + x
    local f, tlo, thi, tol = gl8(b, a, t) - r, a, c, 4 * 2 ^ -52 * len
    for _ = 1, 100 do
      if abs(f) <= tol then break end
      if f > 0 then thi = t else tlo = t end
      local v = speed(b, t)
      local tn = v > 0 and t - f / v or (tlo + thi) / 2
      if not (tn > tlo and tn < thi) then tn = (tlo + thi) / 2 end
      if tn == t then break end
      if abs(tn - t) <= 1e-3 * w then f = f + gl3(b, t, tn) else f = gl8(b, a, tn) - r end
      t = tn
    end
  end
  local s1 = 1 - t
  local w0, w1, w2, w3 = s1 * s1 * s1, 3 * s1 * s1 * t, 3 * s1 * t * t, t * t * t
  local dx = 3 * (s1 * s1 * (b[3] - b[1]) + 2 * s1 * t * (b[5] - b[3]) + t * t * (b[7] - b[5]))
  local dy = 3 * (s1 * s1 * (b[4] - b[2]) + 2 * s1 * t * (b[6] - b[4]) + t * t * (b[8] - b[6]))
  return w0 * b[1] + w1 * b[3] + w2 * b[5] + w3 * b[7], w0 * b[2] + w1 * b[4] + w2 * b[6] + w3 * b[8],
         atan2(dy, dx)
end

-- ---- the check -----------------------------------------------------------------
local def = { kind = "catmull-rom", closed = true }
for i, p in ipairs(POINTS) do def[i] = p end

local function check()
  local p, q, worst = kinetic.path(def), new_lua_path(POINTS), 0
  for i = 0, 999 do
    local u = i / 999
    local x1, y1, a1 = p:at(u)
    local x2, y2, a2 = lua_at(q, u)
    local d = math.max(abs(x1 - x2) / p:length(), abs(y1 - y2) / p:length(), abs(a1 - a2))
    if d > worst or d ~= d then worst = d end
  end
  return worst
end

local worst = check()
if worst > TOLERANCE or worst ~= worst then
  error(("bench_path: the pure-Lua path is not kinetic's: points differ by %.3g"):format(worst))
end

-- n calls at fractions stepping through the whole track.
local function at_loop(side)
  return function(n)
    local step, u, x = 1 / 997, 0, nil
    if side == "kinetic" then
      local p = kinetic.path(def)
      for _ = 1, n do
        x = p:at(u)
        u = u + step
        if u > 1 then u = u - 1 end
      end
    else
      local q = new_lua_path(POINTS)
      for _ = 1, n do
        x = lua_at(q, u)
        u = u + step
        if u > 1 then u = u - 1 end
      end
    end
    return x
  end
end

return {
  title = "path at (closed catmull-rom, 8 points)",
  rows = { { name = "path:at (vs Lua, same method)", kinetic = at_loop("kinetic"), baseline = at_loop("lua") } },
  checks = { { name = "path:at", max_diff = worst } },
}
