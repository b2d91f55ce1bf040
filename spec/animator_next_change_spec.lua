-- luacheck: no max line length
-- anim:next_change(): the smallest dt >= 0 such that anim:update(dt) makes
-- something happen -- a written (rounded) value changes, an animation or a
-- sequence child starts or ends, or a callback other than on_update is
-- due; 0 when something is due now, math.huge when nothing ever will.
--
-- The crossing property, over whole runs: the animator is driven by
-- update(next_change()) until math.huge; before each wake nc > 0, a twin
-- (the same construction, replaying the same dts) is updated by the double
-- just below nc and must show nothing (no written value changes, no
-- callback, the same count), while update(nc) on the main one must show
-- something.  Every animation and sequence child has on_start and
-- on_complete callbacks, so that a start or an end that writes no new
-- value is seen.
local kinetic = require("kinetic")

local HUGE = math.huge

-- prev(x): the largest double below the positive finite x.
local prev
if math.frexp then                                   -- Lua 5.1, 5.2, LuaJIT (and 5.3 with its compat)
  prev = function(x)
    if x <= 2 ^ -1022 then return x - 2 ^ -1074 end
    local m, e = math.frexp(x)                       -- x = m 2^e, 0.5 <= m < 1
    local ulp = 2 ^ (e - 53)
    if m == 0.5 then ulp = ulp / 2 end               -- a power of two: the doubles below are twice as dense
    return x - ulp
  end
else                                                 -- Lua 5.3+, 5.4: the bits (a positive double's order is its bits' order)
  local pack, unpack = string.pack, string.unpack
  prev = function(x)
    local i = unpack("<i8", pack("<d", x))
    return (unpack("<d", pack("<i8", i - 1)))
  end
end

-- A copy of every field of every object (arrays item by item).
local function snapshot(objects)
  local s = {}
  for i, o in ipairs(objects) do
    local t = {}
    for k, v in pairs(o) do
      if type(v) == "table" then
        local a = {}
        for j = 1, #v do a[j] = v[j] end
        t[k] = a
      else
        t[k] = v
      end
    end
    s[i] = t
  end
  return s
end

local function same_snapshot(a, b)
  for i = 1, #a do
    for k, v in pairs(a[i]) do
      local w = b[i][k]
      if type(v) == "table" then
        for j = 1, #v do if v[j] ~= w[j] then return false end end
      elseif v ~= w then
        return false
      end
    end
  end
  return true
end

-- A probe: build() returns { anim = ..., objects = { ... }, log = { ... } }
-- (log: the callbacks, appended to as they fire).
local function probe(build)
  local p = { log = {} }
  p.rec = function(s) return function() p.log[#p.log + 1] = s end end
  p.anim, p.objects = build(p.rec)
  return p
end

local function state(p) return snapshot(p.objects), #p.log, p.anim:count() end

-- Drives build's animator by update(next_change()) until math.huge,
-- checking the crossing property at every wake; returns the number of
-- wakes and the probe.  silent_ok(t), when given, allows a wake at the
-- time t (the sum of the dts so far) where nothing is seen: a stagger's
-- child starting or ending, which has no callback of its own.
local function crossing_run(build, max_wakes, silent_ok)
  max_wakes = max_wakes or 100
  local now = 0
  local main = probe(build)
  local history = {}
  for wake = 1, max_wakes + 1 do
    local nc = main.anim:next_change()
    assert.is_true(type(nc) == "number" and nc == nc and nc >= 0, "wake " .. wake .. ": " .. tostring(nc))
    if nc == HUGE then
      assert.are.equal(0, main.anim:count(), "math.huge with animations left")
      return wake - 1, main
    end
    assert.is_true(wake <= max_wakes, "more than " .. max_wakes .. " wakes")
    if nc > 0 then
      -- update by the double below: nothing happens
      local twin = probe(build)
      for _, dt in ipairs(history) do twin.anim:update(dt) end
      local s0, n0, c0 = state(twin)
      assert.is_true(same_snapshot(s0, snapshot(main.objects)), "the twin replays the main run")
      twin.anim:update(prev(nc))
      local s1, n1, c1 = state(twin)
      assert.is_true(same_snapshot(s0, s1), ("wake %d: update(prev(%.17g)) changed a value"):format(wake, nc))
      assert.are.equal(n0, n1, ("wake %d: update(prev(%.17g)) fired %s"):format(wake, nc, tostring(twin.log[n1])))
      assert.are.equal(c0, c1, ("wake %d: update(prev(%.17g)) changed count()"):format(wake, nc))
    end
    -- update(nc): something happens
    local s0, n0, c0 = state(main)
    main.anim:update(nc)
    history[#history + 1] = nc
    now = now + nc
    local s1, n1, c1 = state(main)
    assert.is_true(not same_snapshot(s0, s1) or n1 > n0 or c1 ~= c0 or (silent_ok ~= nil and silent_ok(now)),
                   ("wake %d: update(%.17g) changed nothing"):format(wake, nc))
  end
  error("unreachable")
end

-- A tween on o with callbacks recorded under name.
local function cbs(rec, name, opts)
  opts.on_start = rec(name .. " start")
  opts.on_complete = rec(name .. " complete")
  return opts
end

describe("prev, the helper", function()
  it("gives the double just below", function()
    assert.are.equal(1 - 2 ^ -53, prev(1))
    assert.are.equal(0.75 - 2 ^ -53, prev(0.75))
    assert.are.equal(0.5 - 2 ^ -54, prev(0.5))       -- below a power of two the doubles are twice as dense
    assert.are.equal(2 ^ -1074, prev(2 ^ -1073))
    assert.are.equal(0, prev(2 ^ -1074))
    for _, x in ipairs { 0.05, 0.1, 1 / 3, 0.5, 7, 1e-300, 1e300 } do
      local p = prev(x)
      assert.is_true(p < x)
      local mid = p + (x - p) / 2                    -- no double between p and x
      assert.is_true(mid == p or mid == x)
    end
  end)
end)

describe("the crossing property", function()
  local function tween_case(name, values, from, duration, opts, max_wakes)
    it(name, function()
      local wakes, p = crossing_run(function(rec)
        local anim = kinetic.animator()
        local o = { x = from }
        anim:to(o, duration, values, cbs(rec, "t", opts))
        return anim, { o }
      end, max_wakes)
      assert.is_true(wakes >= 2)
      assert.are.equal("t complete", p.log[#p.log])
    end)
  end

  tween_case("linear, round = true", { x = 10 }, 0, 1, { easing = "linear", round = true })
  tween_case("outBack: the overshoot crosses a boundary and comes back", { x = 10 }, 0, 1, { easing = "outBack", round = true })
  tween_case("outElastic", { x = 10 }, 0, 1.3, { easing = "outElastic", round = true })
  tween_case("cubic-bezier with overshoot at both ends", { x = 10 }, 0, 0.9, { easing = "cubic-bezier(0.4, -0.6, 0.6, 1.6)", round = true })
  tween_case("steps(4), rounded", { x = 10 }, 0, 1, { easing = "steps(4)", round = true })
  tween_case("steps(3, jump-both) with a step of 0.5", { x = 7 }, 1, 0.7, { easing = "steps(3, jump-both)", round = 0.5 })
  tween_case("after = 'reverse', iterations = 3", { x = 4 }, 0, 0.5, { easing = "inOutQuad", round = true, after = "reverse", iterations = 3 })
  tween_case("after = 'restart', iterations = 2, a non-dyadic duration", { x = -5 }, 0, 0.3, { easing = "linear", round = true, after = "restart", iterations = 2 })
  tween_case("a delay", { x = 10 }, 0, 1, { easing = "inOutCubic", round = true, delay = 0.3 })
  tween_case("a set", { x = 10 }, 0, 1, { easing = "outBack", round = { 0, 3, 10, 5, 10.5 } })
  tween_case("a step that is not a power of two", { x = 1 }, 0, 0.8, { easing = "outSine", round = 0.1 })
  tween_case("from a non-integral value", { x = -3.3 }, 2.7, 0.6, { easing = "inQuart", round = true })

  it("long runs: outElastic 0 -> 40 over 2 s, outBounce down 0.25 at a time", function()
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 2, { x = 40 }, cbs(rec, "t", { easing = "outElastic", round = true }))
      return anim, { o }
    end)
    assert.is_true(wakes > 40, "wakes: " .. wakes)
    wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 10 }
      anim:to(o, 1.5, { x = 0 }, cbs(rec, "t", { easing = "outBounce", round = 0.25 }))
      return anim, { o }
    end)
    assert.is_true(wakes > 40, "wakes: " .. wakes)
  end)

  it("a long spring run: wobbly, 0 -> 40", function()
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:spring(o, { x = 40 }, cbs(rec, "s", { preset = "wobbly", round = true }))
      return anim, { o }
    end)
    assert.is_true(wakes > 40, "wakes: " .. wakes)
  end)

  it("vector fields", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { pos = { 0, 5, -2 } }
      anim:to(o, 1, { pos = { 10, -3, 2.5 } }, cbs(rec, "t", { easing = "outBack", round = true }))
      return anim, { o }
    end)
  end)

  it("a spring, analytic, bouncy", function()
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:spring(o, { x = 10 }, cbs(rec, "s", { preset = "wobbly", round = true }))
      return anim, { o }
    end)
    assert.is_true(wakes >= 12, "the overshoot adds wakes: " .. wakes)
  end)

  it("a spring, under-damped by frequency / damping_ratio, a step", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 3 }
      anim:spring(o, { x = -7 }, cbs(rec, "s", { frequency = 1.5, damping_ratio = 0.25, round = 0.75 }))
      return anim, { o }
    end)
  end)

  it("a spring, rk4", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:spring(o, { x = 10 }, cbs(rec, "s", { preset = "gentle", integrator = "rk4", round = true }))
      return anim, { o }
    end)
  end)

  it("a spring on two fields", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0, y = 8 }
      anim:spring(o, { x = 10, y = -3 }, cbs(rec, "s", { preset = "wobbly", round = true }))
      return anim, { o }
    end)
  end)

  it("a vector spring with a set", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { pos = { 0, 0 } }
      anim:spring(o, { pos = { 6, -4 } }, cbs(rec, "s", { preset = "wobbly", round = { -4, -2, 0, 2, 4, 6, 8 } }))
      return anim, { o }
    end)
  end)

  it("flings", function()
    for _, k in ipairs {
      { kind = "decay" }, { kind = "inertia", max = 120 }, { kind = "clamping" }, { kind = "bouncing", min = 0, max = 150 },
    } do
      crossing_run(function(rec)
        local anim = kinetic.animator()
        local o = { y = 0 }
        local opts = cbs(rec, "f", { round = 10 })
        for key, v in pairs(k) do opts[key] = v end
        anim:fling(o, "y", 900, opts)
        return anim, { o }
      end)
    end
  end)

  it("a stagger over 3 targets", function()
    -- the children start at 0, 0.15, 0.3 and end at 0.6, 0.75, 0.9: their
    -- own starts and ends are events no callback shows (a child may start
    -- on the value it holds, and ends on the value it has already written)
    local function at_child_edge(t)
      for i = 0, 2 do
        if math.abs(t - 0.15 * i) < 1e-12 or math.abs(t - (0.6 + 0.15 * i)) < 1e-12 then return true end
      end
      return false
    end
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local list = { { x = 0 }, { x = 0 }, { x = 0 } }
      anim:to(list, 0.6, { x = 5 }, cbs(rec, "g", { easing = "outBack", stagger = 0.15, round = true }))
      return anim, list
    end, 100, at_child_edge)
    -- each child: 5 values up, 6 and back to 5 in the overshoot, plus its start and end
    assert.is_true(wakes >= 3 * 7 and wakes <= 3 * 9 + 2, "wakes: " .. wakes)
  end)

  it("a stagger whose children start on an unrounded value: each start writes", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local list = { { x = 0.25 }, { x = 0.25 }, { x = 0.25 } }
      anim:to(list, 0.5, { x = 3 }, cbs(rec, "g", { easing = "linear", stagger = { each = 0.2, from = "end" }, round = true }))
      return anim, list
    end, 100, function(t) return math.abs(t - 0.5) < 1e-12 or math.abs(t - 0.7) < 1e-12 end)
  end)

  it("a sequence with a call()", function()
    local wakes, p = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o, q = { x = 0 }, { y = 0 }
      anim:sequence(cbs(rec, "seq", {}))
          :to(o, 0.5, { x = 4 }, cbs(rec, "A", { easing = "linear", round = true }))
          :call(rec("call"), 0.8)
          :to(q, 0.5, { y = 3 }, cbs(rec, "B", { easing = "outBack", round = true }), 1.1)
          :to(o, 0.3, { x = 0 }, cbs(rec, "C", { easing = "inOutSine", round = 0.5 }), "<0.1")
      return anim, { o, q }
    end)
    assert.is_truthy(wakes)
    local seen = {}
    for _, s in ipairs(p.log) do seen[s] = true end
    for _, s in ipairs { "seq start", "A start", "A complete", "call", "B start", "B complete", "C start", "C complete", "seq complete" } do
      assert.is_true(seen[s], s)
    end
  end)

  it("several animations at once, made at different times", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { a = 0, b = 0, c = { 0, 0 } }
      anim:to(o, 0.7, { a = 5 }, cbs(rec, "a", { easing = "outCubic", round = true }))
      local t = anim:to(o, 0.4, { b = 3 }, cbs(rec, "b", { easing = "linear", round = true, delay = 0.25 }))
      t:after(0.3, { b = 0 }, cbs(rec, "b2", { easing = "inQuad", round = true }))
      anim:spring(o, { c = { 2, -2 } }, cbs(rec, "c", { stiffness = 200, damping = 10, round = 0.5 }))
      return anim, { o }
    end)
  end)

  it("a sequence of after-chained tweens with time_scale", function()
    crossing_run(function(rec)
      local anim = kinetic.animator()
      anim:time_scale(0.7)
      local o = { x = 0 }
      local a = anim:to(o, 0.5, { x = 4 }, cbs(rec, "a", { easing = "linear", round = true }))
      a:time_scale(1.3)
      a:after(0.5, { x = 0 }, cbs(rec, "b", { easing = "outQuad", round = true }))
      return anim, { o }
    end)
  end)
end)

describe("values of next_change", function()
  it("an animation made but not yet updated: 0; with a delay, the delay", function()
    local anim = kinetic.animator()
    anim:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = true })
    assert.are.equal(0, anim:next_change())
    local b = kinetic.animator()
    b:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = true, delay = 0.5 })
    assert.are.equal(0.5, b:next_change())
  end)

  it("a rounded linear tween: the next half, to the double", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = true })
    anim:update(0)
    -- x = 10 t reaches 0.5 at t = 0.05; but the double below 0.05 already
    -- gives 10 t = 0.49999999999999994, and 0.49999999999999994 + 0.5 is a
    -- tie between the doubles 1 - 2^-53 and 1, which rounds to the even 1:
    -- floor gives 1.  So the wake is prev(0.05), and prev(prev(0.05)) writes 0.
    local nc = anim:next_change()
    assert.are.equal(prev(0.05), nc)
    assert.are.equal(1, math.floor(10 * nc / 1 + 0.5))
    assert.are.equal(0, math.floor(10 * prev(nc) / 1 + 0.5))
    for _, c in ipairs { { nc, 1 }, { prev(nc), 0 } } do
      local twin = kinetic.animator()
      local t = { x = 0 }
      twin:to(t, 1, { x = 10 }, { easing = "linear", round = true })
      twin:update(0)
      twin:update(c[1])
      assert.are.equal(c[2], t.x)
    end
    anim:update(0.25)
    assert.are.equal(3, o.x)
    -- 3.5 at 0.35: 0.1 from here, to a few ulps
    local nc2 = anim:next_change()
    assert.is_true(math.abs(nc2 - 0.1) <= 1e-15, ("%.17g"):format(nc2))
    anim:update(nc2)
    assert.are.equal(4, o.x)
  end)

  it("0 while an unrounded field moves, for a Lua easing function and a round function", function()
    local anim = kinetic.animator()
    anim:to({ x = 0 }, 1, { x = 10 }, { easing = "linear" })
    anim:update(0.25)
    assert.are.equal(0, anim:next_change())
    local b = kinetic.animator()
    b:to({ x = 0 }, 1, { x = 10 }, { easing = function(p) return p * p end, round = true })
    b:update(0.25)
    assert.are.equal(0, b:next_change())
    local c = kinetic.animator()
    c:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = function(v) return math.floor(v) end })
    c:update(0.25)
    assert.are.equal(0, c:next_change())
    local d = kinetic.animator()
    d:spring({ x = 0 }, { x = 10 }, { preset = "wobbly" })
    d:update(0.1)
    assert.are.equal(0, d:next_change())
  end)

  it("0 for a group of springs and for a group that plays more than one pass", function()
    local anim = kinetic.animator()
    anim:spring({ { x = 0 }, { x = 0 } }, { x = 10 }, { round = true, stagger = 0.1 })
    anim:update(0.05)
    assert.are.equal(0, anim:next_change())
    local b = kinetic.animator()
    b:sequence { iterations = 2, after = "reverse" }:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = true })
    b:update(0.05)
    assert.are.equal(0, b:next_change())
    local c = kinetic.animator()
    c:to({ { x = 0 }, { x = 0 } }, 1, { x = 10 }, { easing = "linear", round = true, stagger = 0.1, iterations = 2 })
    c:update(0.05)
    assert.are.equal(0, c:next_change())
  end)

  it("math.huge: no animation, all done, a paused animator, time_scale(0)", function()
    local anim = kinetic.animator()
    assert.are.equal(HUGE, anim:next_change())
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear" })
    anim:update(2)
    assert.are.equal(0, anim:count())
    assert.are.equal(HUGE, anim:next_change())

    local b = kinetic.animator()
    b:to({ x = 0 }, 1, { x = 10 }, { easing = "linear" })
    b:update(0.25)
    b:pause()
    assert.are.equal(HUGE, b:next_change())
    b:resume()
    assert.are.equal(0, b:next_change())

    local c = kinetic.animator()
    c:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = true })
    c:update(0.25)
    c:time_scale(0)
    assert.are.equal(HUGE, c:next_change())
    c:time_scale(2)                                  -- 3.5 at 0.35: 0.1 / 2 of the animator's time
    assert.is_true(math.abs(c:next_change() - 0.05) <= 1e-15)
  end)

  it("a paused animation does not count, the others do", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 10 }, { easing = "linear" })
    anim:to({ x = 0 }, 1, { x = 10 }, { easing = "linear", round = true, delay = 0.75 })
    anim:update(0.25)
    assert.are.equal(0, anim:next_change())
    a:pause()
    -- the second one's delay ends at 0.75: the smallest dt with 0.25 + dt >= 0.75
    -- in doubles, which is the double below 0.5 (0.25 + prev(0.5) is a tie
    -- between prev(0.75) and 0.75, rounded to the even 0.75)
    local nc = anim:next_change()
    assert.are.equal(prev(0.5), nc)
    assert.are.equal(0.75, 0.25 + nc)
    assert.is_true(0.25 + prev(nc) < 0.75)
  end)

  it("an endless rounded tween never reaches math.huge", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 2 }, { easing = "linear", round = true, iterations = math.huge, after = "reverse" })
    anim:update(0)
    for _ = 1, 20 do
      local nc = anim:next_change()
      assert.is_true(nc > 0 and nc < HUGE)
      local x = o.x
      anim:update(nc)
      assert.are_not.equal(x, o.x)
    end
  end)
end)

describe("sleeping between changes", function()
  it("a rounded 0 -> 10 linear tween over 1 s wakes about 11 times, against 60 frames", function()
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 1, { x = 10 }, cbs(rec, "t", { easing = "linear", round = true }))
      return anim, { o }
    end)
    -- the start (0), x = 1 ... 10 at 0.05, 0.15, ..., 0.95, the end (1)
    assert.is_true(wakes >= 10 and wakes <= 12, "wakes: " .. wakes)
    assert.is_true(wakes < 60 / 4)
  end)

  it("a rounded spring over 2 s wakes far less than 120 frames", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:spring(o, { x = 10 }, { preset = "stiff", round = true })
    local wakes, t = 0, 0
    repeat
      local nc = anim:next_change()
      if nc == HUGE then break end
      anim:update(nc)
      t = t + nc
      wakes = wakes + 1
    until wakes > 200
    assert.are.equal(10, o.x)
    assert.is_true(wakes < 40, "wakes: " .. wakes)
    assert.is_true(t > 0.3, "it moved for a while: " .. t)
  end)
end)
