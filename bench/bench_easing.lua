-- Easings: kinetic against straightforward pure-Lua implementations of the
-- kind found in LÖVE / Neovim animation plugins (cubic-bezier solvers,
-- Penner's formulas, floor() steps).
local kinetic = require("kinetic")

-- inputs cycle through 997 values in [0,1)
local M = 997

-- The cubic-bezier of Lua animation code: ports of the npm package
-- bezier-easing (bench/bezier_easing.lua says how they work).
local bezier_easing = require("bezier_easing")

-- A stricter baseline, found in no plugin: UnitBezier's algorithm (up to 8
-- Newton steps from u = t to |x(u) - t| < 1e-7, else bisection) written
-- out by hand in one closure, without helper calls or tables.
local function lua_bezier(x1, y1, x2, y2)
  local cx = 3 * x1
  local bx = 3 * (x2 - x1) - cx
  local ax = 1 - cx - bx
  local cy = 3 * y1
  local by = 3 * (y2 - y1) - cy
  local ay = 1 - cy - by
  local abs = math.abs
  return function(t)
    local u = t
    for _ = 1, 8 do
      local x = ((ax * u + bx) * u + cx) * u - t
      if abs(x) < 1e-7 then return ((ay * u + by) * u + cy) * u end
      local d = (3 * ax * u + 2 * bx) * u + cx
      if abs(d) < 1e-6 then break end
      u = u - x / d
    end
    local lo, hi = 0, 1
    u = t
    while hi - lo > 1e-7 do
      local x = ((ax * u + bx) * u + cx) * u
      if abs(x - t) < 1e-7 then break end
      if t > x then lo = u else hi = u end
      u = (lo + hi) / 2
    end
    return ((ay * u + by) * u + cy) * u
  end
end

-- The same algorithm written as the Lua ports of WebKit's UnitBezier are
-- (Live Simulator: 2's CubicBezier for LÖVE, for one): a table with
-- sample/solve helper functions, epsilon 1e-6.
local function unitbezier(x1, y1, x2, y2)
  local B = {}
  B.cx = 3 * x1; B.bx = 3 * (x2 - x1) - B.cx; B.ax = 1 - B.cx - B.bx
  B.cy = 3 * y1; B.by = 3 * (y2 - y1) - B.cy; B.ay = 1 - B.cy - B.by
  function B.sample_x(u) return ((B.ax * u + B.bx) * u + B.cx) * u end
  function B.sample_y(u) return ((B.ay * u + B.by) * u + B.cy) * u end
  function B.sample_dx(u) return (3 * B.ax * u + 2 * B.bx) * u + B.cx end
  function B.solve_x(x, eps)
    local t2 = x
    for _ = 1, 8 do
      local x2v = B.sample_x(t2) - x
      if math.abs(x2v) < eps then return t2 end
      local d2 = B.sample_dx(t2)
      if math.abs(d2) < 1e-6 then break end
      t2 = t2 - x2v / d2
    end
    local t0, t1 = 0, 1
    t2 = x
    if t2 < t0 then return t0 end
    if t2 > t1 then return t1 end
    while t0 < t1 do
      local x2v = B.sample_x(t2)
      if math.abs(x2v - x) < eps then return t2 end
      if x > x2v then t0 = t2 else t1 = t2 end
      t2 = (t1 - t0) * 0.5 + t0
    end
    return t2
  end
  return function(x) return B.sample_y(B.solve_x(x, 1e-6)) end
end

local function lua_outQuad(t) return 1 - (1 - t) * (1 - t) end

local function lua_outElastic(t)
  if t == 0 then return 0 end
  if t == 1 then return 1 end
  return 2 ^ (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1
end

-- tween.lua's outElastic(t, b, c, d [, a, p]) as tween.lua calls its
-- easings, with (clock, 0, 1, duration): t scaled by d, the period p = 0.3 d
-- by default, the amplitude a = c with phase p/4 unless an a >= |c| is
-- given (then p/(2 pi) asin(c/a)), and 2^(-10 t) as pow(2, -10 t).
local pow = math.pow or function(x, y) return x ^ y end
local function tween_outElastic(t, b, c, d, a, p)
  if t == 0 then return b end
  t = t / d
  if t == 1 then return b + c end
  if not p then p = d * 0.3 end
  local s
  if not a or a < math.abs(c) then a = c; s = p / 4
  else s = p / (2 * math.pi) * math.asin(c / a) end
  return a * pow(2, -10 * t) * math.sin((t * d - s) * (2 * math.pi) / p) + c + b
end
local function lua_tween_outElastic(t) return tween_outElastic(t, 0, 1, 1) end

local function lua_steps(n)
  local floor = math.floor
  return function(t)
    local s = floor(t * n)
    if t >= 0 and s < 0 then s = 0 end
    if t <= 1 and s > n then s = n end
    return s / n
  end
end

local function loop(f)
  return function(n)
    local s = 0
    for i = 1, n do s = s + f((i % M) / M) end
    return s
  end
end

-- the method form e:eval(p) (a plain method call, no __call)
local function loop_method(e)
  return function(n)
    local s = 0
    for i = 1, n do s = s + e:eval((i % M) / M) end
    return s
  end
end

local function sample_row(e, lua_f)
  local out = {}
  return {
    name = "sample(100, out) of ease (per value)",
    per = 101,
    kinetic = function(n) for _ = 1, n do e:sample(100, out) end end,
    baseline = function(n)
      for _ = 1, n do
        for i = 0, 100 do out[i + 1] = lua_f(i / 100) end
      end
    end,
  }
end

local ease = kinetic.easing("ease")
local steep = kinetic.bezier(0.05, 0.7, 0.1, 1)

return {
  title = "easings (ns per evaluation)",
  rows = {
    { name = "ease (vs bezier-easing port)", kinetic = loop(ease),
      baseline = loop(bezier_easing(0.25, 0.1, 0.25, 1)) },
    { name = "ease (vs UnitBezier-style port)", kinetic = loop(ease),
      baseline = loop(unitbezier(0.25, 0.1, 0.25, 1)) },
    { name = "ease (vs hand-inlined Newton)", kinetic = loop(ease),
      baseline = loop(lua_bezier(0.25, 0.1, 0.25, 1)) },
    { name = "ease:fn() (vs bezier-easing port)", kinetic = loop(ease:fn()),
      baseline = loop(bezier_easing(0.25, 0.1, 0.25, 1)) },
    { name = "ease:fn() (vs hand-inlined Newton)", kinetic = loop(ease:fn()),
      baseline = loop(lua_bezier(0.25, 0.1, 0.25, 1)) },
    { name = "ease:eval(p) (vs bezier-easing port)", kinetic = loop_method(ease),
      baseline = loop(bezier_easing(0.25, 0.1, 0.25, 1)) },
    { name = "steep cubic-bezier(0.05, 0.7, 0.1, 1)", kinetic = loop(steep),
      baseline = loop(bezier_easing(0.05, 0.7, 0.1, 1)) },
    { name = "steep:fn()", kinetic = loop(steep:fn()),
      baseline = loop(bezier_easing(0.05, 0.7, 0.1, 1)) },
    { name = "steep (vs hand-inlined Newton)", kinetic = loop(steep),
      baseline = loop(lua_bezier(0.05, 0.7, 0.1, 1)) },
    { name = "vertical cubic-bezier(0, 1.5, 1, -0.5)", kinetic = loop(kinetic.bezier(0, 1.5, 1, -0.5)),
      baseline = loop(bezier_easing(0, 1.5, 1, -0.5)) },
    { name = "outQuad", kinetic = loop(kinetic.easing("outQuad")), baseline = loop(lua_outQuad) },
    { name = "outElastic", kinetic = loop(kinetic.easing("outElastic")), baseline = loop(lua_outElastic) },
    { name = "outElastic (vs tween.lua's, t, 0, 1, 1)", kinetic = loop(kinetic.easing("outElastic")),
      baseline = loop(lua_tween_outElastic) },
    { name = "outElastic:fn() (vs tween.lua's)", kinetic = loop(kinetic.easing("outElastic"):fn()),
      baseline = loop(lua_tween_outElastic) },
    { name = "steps(5)", kinetic = loop(kinetic.easing("steps(5)")), baseline = loop(lua_steps(5)) },
    sample_row(ease, bezier_easing(0.25, 0.1, 0.25, 1)),
  },
}
