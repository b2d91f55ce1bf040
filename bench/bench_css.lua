-- CSS specs, springs as linear(), step schedules: kinetic against the
-- pure-Lua work a program would do without it.
local kinetic = require("kinetic")

-- ---- parsing a spec string ---------------------------------------------------
--
-- kinetic.easing(spec) keeps up to 256 parsed specs per Lua state, so each
-- row makes a new string every call (a number in it varies over 1000 values,
-- more than the cache holds): every call misses the cache and is a full
-- parse, the easing object made and the cache store.  Both sides build the
-- same strings the same way, so the concatenation is on both sides.
--
-- The baselines parse with no grammar: a Lua pattern for exactly the one
-- form the row's strings have (no comments, no calc() in general, no other
-- spelling), then build the evaluator a Lua program would use: about the
-- least work that gets the same easing from the same string (a general CSS
-- parser in Lua would do more).

-- bench_easing.lua's bezier-easing port (the reference cubic-bezier
-- baseline): its construction tabulates x at u = 0, 0.1, ..., 1.
local bezier_easing = require("bezier_easing")

-- "cubic-bezier(0.25, 0.1, 0.25, 1.<i>)": kinetic.easing against
-- string.match of the four numbers, tonumber, the x range check CSS
-- requires, and the bezier-easing port built from them.
local NUM = "%s*([-+]?[%d.]+[eE]?[-+]?%d*)%s*"
local BEZIER = "^cubic%-bezier%(" .. NUM .. "," .. NUM .. "," .. NUM .. "," .. NUM .. "%)$"

local function bezier_kinetic(n)
  local easing = kinetic.easing
  for i = 1, n do easing("cubic-bezier(0.25, 0.1, 0.25, 1." .. i % 1000 .. ")") end
end

local function bezier_lua(n)
  local match = string.match
  for i = 1, n do
    local a, b, c, d = match("cubic-bezier(0.25, 0.1, 0.25, 1." .. i % 1000 .. ")", BEZIER)
    a, b, c, d = tonumber(a), tonumber(b), tonumber(c), tonumber(d)
    if not (a and b and c and d and a >= 0 and a <= 1 and c >= 0 and c <= 1) then
      error("bad cubic-bezier")
    end
    bezier_easing(a, b, c, d)
  end
end

-- "steps(calc(<i> / 2), jump-both)": kinetic.easing (CSS tokens, calc(),
-- the count rounded as CSS rounds an <integer> from calc()) against a
-- pattern for exactly "steps(calc(a / b), position)", the division and
-- rounding done in Lua, and a floor() closure for jump-both.
local STEPS = "^steps%(calc%(%s*(%d+)%s*/%s*(%d+)%s*%)%s*,%s*([%a-]+)%s*%)$"

local function steps_kinetic(n)
  local easing = kinetic.easing
  for i = 1, n do easing("steps(calc(" .. (i % 1000 + 2) .. " / 2), jump-both)") end
end

local function steps_lua(n)
  local match, floor = string.match, math.floor
  for i = 1, n do
    local a, b, pos = match("steps(calc(" .. (i % 1000 + 2) .. " / 2), jump-both)", STEPS)
    local count = floor(tonumber(a) / tonumber(b) + 0.5)
    if pos ~= "jump-both" or count < 1 then error("bad steps") end
    local _ = function(t)
      local s = floor(t * count) + 1
      if t >= 0 and s < 1 then s = 1 end
      if t <= 1 and s > count + 1 then s = count + 1 end
      return s / (count + 1)
    end
  end
end

-- linear() with 10 stops, 3 of them with an input, 96 to 98 bytes (kept by
-- the cache when repeated): kinetic.easing against gmatch over the stops
-- (an output and an optional percentage each), CSS's fix-up of the inputs
-- (first 0, last 1, each at least the one before, runs without one spread
-- evenly) and arrays for a piecewise-linear evaluator.
local function linear_spec(i)
  return "linear(0, 0.0039, 0.0156, 0.0352, 0.0625 25%, 0.1407, 0.25, 0.5625 75%, 0.7"
      .. i % 1000 .. " 90%, 1)"
end

local function linear_kinetic(n)
  local easing = kinetic.easing
  for i = 1, n do easing(linear_spec(i)) end
end

local function linear_lua(n)
  local gmatch, match, tonumber = string.gmatch, string.match, tonumber
  for i = 1, n do
    local body = match(linear_spec(i), "^linear%((.*)%)$")
    local outs, ins, k = {}, {}, 0
    for stop in gmatch(body, "[^,]+") do
      local o, p = match(stop, "^%s*([-+]?[%d.]+)%s*([%d.]*)%%?%s*$")
      k = k + 1
      outs[k] = tonumber(o)
      ins[k] = p ~= "" and tonumber(p) / 100 or false
    end
    if k < 2 then error("bad linear") end
    if not ins[1] then ins[1] = 0 end
    if not ins[k] then ins[k] = 1 end
    local prev = ins[1]
    local j = 2
    while j <= k do
      if ins[j] then
        if ins[j] < prev then ins[j] = prev end
        prev = ins[j]
        j = j + 1
      else
        local e = j
        while not ins[e] do e = e + 1 end
        local hi = ins[e] < prev and prev or ins[e]
        for m = j, e - 1 do ins[m] = prev + (hi - prev) * (m - j + 1) / (e - j + 1) end
        j = e
      end
    end
    local _ = function(t) -- the evaluator over the arrays
      if t <= ins[1] then return outs[1] end
      for m = 2, k do
        if t <= ins[m] then
          local w = ins[m] - ins[m - 1]
          return w > 0 and outs[m - 1] + (outs[m] - outs[m - 1]) * (t - ins[m - 1]) / w or outs[m]
        end
      end
      return outs[k]
    end
  end
end

-- ---- a spring as linear() ------------------------------------------------------
--
-- s:linear() on kinetic.spring{ stiffness = 170, damping = 12 }: the settle
-- time, then stops fitted within 1e-3 of the exact curve (37 stops).
-- Baseline: what Motion does for a spring as a CSS linear() easing
-- (createGeneratorEasing, calcGeneratorDuration, generateLinearEasing):
-- the spring on 0..100 with its closed form (under-damped), its duration
-- found by stepping 50 ms until |x - 100| <= 0.5 and |v| <= 2 per second
-- (v by Motion's 5 ms backward difference), then a sample every 10 ms
-- rounded to 4 decimals and the stop string made with table.concat (here
-- 1.05 s, 105 stops, within 2.0e-3 of its own curve, which no one
-- checks).  Motion's sampling also computes a velocity per sample, which
-- is left out here: the baseline only gets faster.
-- kinetic's side makes an easing object; the second row adds tostring for
-- the linear() text itself, which is what the baseline makes.

local function motion_linear(stiffness, damping, mass)
  local sqrt, exp, sin, cos, floor = math.sqrt, math.exp, math.sin, math.cos, math.floor
  local w0 = sqrt(stiffness / mass)
  local z = damping / (2 * sqrt(stiffness * mass))
  local wd = w0 * sqrt(1 - z * z)
  local delta, v0 = 100, 0
  local function x(t) -- t in seconds, from 0 to 100
    local env = exp(-z * w0 * t)
    return 100 - env * ((v0 + z * w0 * delta) / wd * sin(wd * t) + delta * cos(wd * t))
  end
  local d = 0
  while d < 20000 do
    local t = d / 1000
    local cur = x(t)
    local v = d == 0 and v0 or (cur - x(t - 0.005)) / 0.005
    if math.abs(v) <= 2 and math.abs(100 - cur) <= 0.5 then break end
    d = d + 50
  end
  local npoints = math.max(floor(d / 10 + 0.5), 2)
  local parts = {}
  for i = 0, npoints - 1 do
    parts[i + 1] = floor(x(d * (i / (npoints - 1)) / 1000) / 100 * 10000 + 0.5) / 10000
  end
  return "linear(" .. table.concat(parts, ", ") .. ")"
end

local spring = kinetic.spring { stiffness = 170, damping = 12 }

-- ---- step times ------------------------------------------------------------------
--
-- kinetic.step_times(e, 100): for each k, the first time the easing reaches
-- k / 100, bracketed to neighbouring doubles.  Baseline: what a terminal
-- plugin would do, sampling the pure-Lua easing (the bezier-easing port for
-- ease, Penner's formula for outBounce) at 1001 points t = j / 1000 and
-- taking for each k the first sample at or above k / 100 (times to 1/1000
-- of the duration).  Both sides return a new table of 100 times.

local function lua_outBounce(t)
  if t < 1 / 2.75 then
    return 7.5625 * t * t
  elseif t < 2 / 2.75 then
    t = t - 1.5 / 2.75
    return 7.5625 * t * t + 0.75
  elseif t < 2.5 / 2.75 then
    t = t - 2.25 / 2.75
    return 7.5625 * t * t + 0.9375
  end
  t = t - 2.625 / 2.75
  return 7.5625 * t * t + 0.984375
end

local function sampled_step_times(f, steps)
  local out, k = {}, 1
  for j = 0, 1000 do
    local t = j / 1000
    local v = f(t)
    while k <= steps and v >= k / steps do out[k] = t; k = k + 1 end
    if k > steps then break end
  end
  for m = k, steps do out[m] = 1 end
  return out
end

local function step_row(name, e, lua_f)
  return {
    name = name,
    kinetic = function(n)
      local step_times = kinetic.step_times
      for _ = 1, n do step_times(e, 100) end
    end,
    baseline = function(n)
      for _ = 1, n do sampled_step_times(lua_f, 100) end
    end,
  }
end

return {
  title = "CSS parse, s:linear(), step_times (ns/call)",
  rows = {
    { name = "parse cubic-bezier() (vs match + port)", kinetic = bezier_kinetic,
      baseline = bezier_lua },
    { name = "parse steps(calc()) (vs match of one form)", kinetic = steps_kinetic,
      baseline = steps_lua },
    { name = "parse linear() of 10 stops (vs gmatch)", kinetic = linear_kinetic,
      baseline = linear_lua },
    { name = "spring s:linear() (vs Motion's 10 ms)",
      kinetic = function(n) for _ = 1, n do spring:linear() end end,
      baseline = function(n) for _ = 1, n do motion_linear(170, 12, 1) end end },
    { name = "tostring(s:linear()) (vs Motion's 10 ms)",
      kinetic = function(n) for _ = 1, n do tostring(spring:linear()) end end,
      baseline = function(n) for _ = 1, n do motion_linear(170, 12, 1) end end },
    step_row("step_times(ease, 100) (vs sampling)", kinetic.easing("ease"),
             bezier_easing(0.25, 0.1, 0.25, 1)),
    step_row("step_times(outBounce, 100) (vs sampling)", kinetic.easing("outBounce"),
             lua_outBounce),
  },
}
