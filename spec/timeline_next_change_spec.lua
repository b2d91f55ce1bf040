-- tl:next_change(): the least dt such that tl:update(dt) changes what it
-- returns, fires a callback or ends the timeline.  Checked as a property at
-- every step of long runs: a twin timeline seeked to the same clock and
-- moved by the double just below next_change() shows the same values and
-- fires nothing, and update(next_change()) changes something.  The double
-- below is computed here, independently of kinetic.
local kinetic = require("kinetic")

local huge = math.huge
local TINY = 2 ^ -1074

-- The greatest double below x > 0: x - u for the first power of 2 u that
-- changes x (u is the gap below x, or half of it where x - u ties and
-- rounds to x's even neighbour below -- the same double).
local function nextdown(x)
  assert(x > 0)
  local u = TINY
  while u * 2 ^ 60 < x do u = u * 2 ^ 30 end
  while x - u == x do u = u * 2 end
  return x - u
end

-- A definition with callbacks that log into log (a table the caller empties).
local function with_log(def, log)
  local d = {}
  for k, v in pairs(def) do d[k] = v end
  d.on_keyframe = function(_, i) log[#log + 1] = "k" .. i end
  d.on_iteration = function(_, n) log[#log + 1] = "i" .. n end
  d.on_complete = function() log[#log + 1] = "c" end
  return d
end

-- What a call returned, as a flat list (a table result by its sorted keys).
local function values(...)
  local first = ...
  if type(first) ~= "table" then return { n = select("#", ...), ... } end
  local keys, v = {}, { n = 0 }
  for key in pairs(first) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for i, key in ipairs(keys) do v[i] = first[key]; v.n = i end
  return v
end

local function same(a, b)
  if a.n ~= b.n then return false end
  for i = 1, a.n do if a[i] ~= b[i] then return false end end
  return true
end

-- Drive a timeline of def by next_change for up to max steps; check the
-- property at every step; returns the values shown, step by step.
local function drive(def, max, callbacks)
  local log_a, log_b = {}, {}
  local a = kinetic.timeline(callbacks and with_log(def, log_a) or def)
  local b = kinetic.timeline(callbacks and with_log(def, log_b) or def)
  local shown = {}
  for step = 1, max do
    local t = a:time()
    local now = values(a:at(t))
    local nc = a:next_change()
    if nc == huge then
      assert.is_true(a:done() or not callbacks, "math.huge before the end")
      break
    end
    assert.is_true(nc > 0, "next_change 0 at step " .. step .. ", t = " .. t)
    -- the double below changes nothing
    b:seek(t)
    for k in pairs(log_b) do log_b[k] = nil end
    local below = nextdown(nc)
    local vb = values(b:update(below))
    assert.is_true(same(now, vb), string.format("changed below next_change at t = %.17g, dt = %.17g", t, below))
    assert.same({}, log_b)
    assert.is_false(b:done(), "done below next_change")
    -- next_change itself changes something
    for k in pairs(log_a) do log_a[k] = nil end
    local va = values(a:update(nc))
    assert.is_true(not same(now, va) or #log_a > 0 or a:done(),
                   string.format("nothing changed at next_change, t = %.17g, dt = %.17g", t, nc))
    shown[#shown + 1] = va[1]
    if a:done() then
      assert.equal(huge, a:next_change())
      break
    end
  end
  return shown, a
end

local function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

describe("timeline next_change", function()
  it("steps a rounded linear timeline from value to value", function()
    local shown, tl = drive({ from = 0, { to = 10, duration = 1 }, round = true }, 100)
    assert.is_true(tl:done())
    assert.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10 }, shown)
  end)

  it("holds the property over rounded timelines of every kind", function()
    local cases = {
      { from = 0, { to = 10, duration = 1 }, round = 0.5 },
      { from = 0, { to = 10, duration = 1 }, round = { 0, 2.5, 7, 10 } },
      { from = 0, { to = 10, duration = 1, easing = "outBack" }, round = true },
      { from = 0, { to = 10, duration = 1.3, easing = "outElastic" }, round = 0.5 },
      { from = 3, { to = -4, duration = 0.7, easing = "inOutElastic" }, round = true },
      { from = 0, { to = 10, duration = 1, easing = "cubic-bezier(0.5, -0.6, 0.5, 1.6)" },
        round = true },
      { from = 0, { to = 10, duration = 1, easing = "outBounce" }, round = { 0, 3, 9, 10 } },
      { from = 0, { to = 8, duration = 1, easing = "steps(4)" }, round = true },
      { from = { 0, 5 }, { to = { 10, -5 }, duration = 0.6, easing = "ease-in-out" },
        { to = { 10, 0 }, duration = 0.2 }, round = 0.5 },
      { from = { x = 0, y = 1 }, { to = { x = 3, y = 9 }, duration = 0.5 }, round = true },
      { from = 0, { to = 4, duration = 0.5, easing = "outBack" }, { to = 1, duration = 0.25 },
        after = "reverse", iterations = 3, round = true },
      { from = 0, { to = 4, duration = 0.5 }, after = "restart", iterations = 3.5, round = true,
        delay = 0.3 },
      { from = 0, { to = 4, duration = 0.5, easing = "inQuad" }, after = "reverse", iterations = 3,
        repeat_delay = 0.2, round = true },
      { from = 0, { to = 4, duration = 0.5 }, after = "restart", iterations = 4,
        repeat_delay = 0.25, round = 2 },
      { from = 0, { to = 1, duration = 1 }, round = 7 },                 -- never changes: the end
      { from = 350, { to = 10, duration = 1 }, interpolation = "shortest-angle", round = 5 },
    }
    for i, def in ipairs(cases) do
      local _, tl = drive(def, 2000)
      assert.is_true(tl:done(), "case " .. i .. " did not end")
    end
  end)

  it("finds every callback and the end", function()
    local cases = {
      { from = 0, { to = 1, duration = 0.5 }, { to = 2, duration = 0.25 }, after = "reverse",
        iterations = 3, round = 0.25 },
      { from = 0, { to = 0, duration = 0.5 }, { to = 0, duration = 0.25 }, after = "reverse",
        iterations = 3 },
      { from = 0, { to = 10, duration = 0.5 }, after = "restart", iterations = 3, round = true,
        repeat_delay = 0.3 },
      { from = 0, { to = 0, duration = 0.5 }, after = "stop", iterations = 4, repeat_delay = 0.1 },
    }
    for _, def in ipairs(cases) do
      local _, tl = drive(def, 500, true)
      assert.is_true(tl:done())
    end
  end)

  it("catches an overshoot that crosses a rounding and comes back", function()
    -- outBack from 0 to 10 peaks near 11.0 (10 + 10 * 0.1) before settling on 10
    local shown = drive({ from = 0, { to = 10, duration = 1, easing = "outBack" }, round = true }, 100)
    assert.is_true(contains(shown, 11))
    assert.equal(10, shown[#shown])
    -- an elastic out at 0.5 steps: above and below 10 several times
    local ups = 0
    shown = drive({ from = 0, { to = 10, duration = 1, easing = "outElastic" }, round = 0.5 }, 500)
    for i = 2, #shown do if shown[i] > 10 and shown[i - 1] <= 10 then ups = ups + 1 end end
    assert.is_true(ups >= 2)
  end)

  it("gives math.huge when done or held for good", function()
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 1 }, round = true }
    tl:update(5)
    assert.equal(huge, tl:next_change())
    local held = kinetic.timeline{ from = 5, { to = 5, duration = 1 }, after = "restart",
                                   round = true }
    assert.equal(huge, held:next_change())
    held:update(123.4)
    assert.equal(huge, held:next_change())
    local tiny = kinetic.timeline{ from = 0, { to = 0.1, duration = 1 }, after = "reverse",
                                   round = true }
    assert.equal(huge, tiny:next_change())
  end)

  it("gives 0 while an unrounded value moves, and the next change while it holds", function()
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 1 } }
    assert.equal(0, tl:next_change())
    tl:update(0.5)
    assert.equal(0, tl:next_change())
    local held = kinetic.timeline{ from = 0, { to = 0, duration = 0.5 }, { to = 1, duration = 0.5 },
                                   delay = 0.25 }
    local nc = held:next_change()
    assert.is_true(nc > 0.75 and nc < 0.75 + 1e-15)   -- just past the held segment
    drive({ from = 0, { to = 0, duration = 0.5 }, { to = 1, duration = 0.5, easing = "steps(3)" } }, 20)
  end)

  it("gives 0 for what it cannot predict while not done", function()
    local f = kinetic.timeline{ from = 0, { to = 10, duration = 1, easing = function(p) return p end },
                                round = true }
    assert.equal(0, f:next_change())
    f:update(2)
    assert.equal(huge, f:next_change())
    local g = kinetic.timeline{ from = 0, { to = 10, duration = 1 }, round = math.floor }
    assert.equal(0, g:next_change())
    g:update(1)
    assert.equal(huge, g:next_change())
  end)

  it("is a method that checks self", function()
    local ok = pcall(kinetic.timeline{ from = 0, { to = 1, duration = 1 } }.next_change, 3)
    assert.is_false(ok)
  end)
end)
