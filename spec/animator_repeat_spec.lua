-- luacheck: no max line length
-- Repeats of an animator's tweens and sequences: repeat_delay, on_repeat and
-- yoyo_ease.
--
-- The rule (GSAP's repeatDelay): with duration T, repeat delay r, delay d
-- and P = T + r, at the animation's time t the pass is c = floor((t - d) / P)
-- and w = (t - d) - c P; the tween shows its local time u = min(w, T),
-- mirrored on the odd passes of after = "reverse".  So during a wait the
-- value holds the end of the pass just played (for reverse, an odd pass ends
-- on the start value).  The total is d + N T + (ceil(N) - 1) r for N
-- iterations.  on_repeat(a, n) fires as pass n >= 2 begins, at d + (n - 1) P;
-- at most the last 64 passes one update crosses are reported.  yoyo_ease
-- eases the reverse passes of a single tween: end + (start - end) Y(p), p the
-- fraction of that reverse pass elapsed.
--
-- The expected values are worked out by hand: linear easings and dyadic
-- times (0.25, 0.5 ...), at which every value is exact in doubles.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local HUGE = math.huge
local mtype = math.type

-- Uneven frame steps (none of them a power of two).
local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
local function dt_of(f) return DTS[(f - 1) % #DTS + 1] end

-- A number as its bits: %.17g, the sign of a zero, and the subtype on 5.3+.
local function bits(x)
  if type(x) ~= "number" then return tostring(x) end
  local s = ("%.17g"):format(x)
  if x == 0 then s = s .. (1 / x > 0 and "+" or "-") end
  if mtype then s = s .. ":" .. mtype(x) end
  return s
end

-- n is an integer: of the integer subtype on 5.3+, integral elsewhere.
local function assert_integer(n, what)
  assert.are.equal("number", type(n), what)
  if mtype then
    assert.are.equal("integer", mtype(n), what)
  else
    assert.are.equal(math.floor(n), n, what)
  end
end

-- Steps an animator by dt `steps` times; returns the field's value after
-- each step.
local function values_by(anim, o, field, dt, steps)
  local out = {}
  for i = 1, steps do
    anim:update(dt)
    out[i] = o[field]
  end
  return out
end

describe("repeat_delay on a tween", function()
  it("restart: each pass from the start, the end held during the wait", function()
    -- T = 1, r = 0.5, P = 1.5, N = 3: passes [0, 1], [1.5, 2.5], [3, 4]
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "linear", after = "restart", iterations = 3, repeat_delay = 0.5 })
    assert.are.same({
      2, 4, 6, 8,         -- pass 1
      8,                  -- 1.25: waiting, the end of pass 1 held
      0, 2, 4, 6, 8,      -- 1.5: pass 2 begins at its start; 2.5: its end
      8,                  -- 2.75: waiting
      0, 2, 4, 6, 8,      -- 3 .. 4: pass 3
      8, 8,               -- done: the end stays
    }, values_by(anim, o, "x", 0.25, 18))
  end)

  it("reverse: the odd passes mirrored, the wait after one holds the start value", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 3, repeat_delay = 0.5 })
    assert.are.same({
      2, 4, 6, 8,         -- pass 1, forward
      8,                  -- 1.25: waiting on the end
      8, 6, 4, 2, 0,      -- 1.5 .. 2.5: pass 2, backward (u = 0 shows the end)
      0,                  -- 2.75: waiting on the start, where pass 2 ended
      0, 2, 4, 6, 8,      -- 3 .. 4: pass 3, forward
      8, 8,
    }, values_by(anim, o, "x", 0.25, 18))
  end)

  it("a fractional count and a delay: the last pass stops partway, with no wait after it", function()
    -- d = 0.25, T = 1, r = 0.5, N = 2.5: pass 1 [0.25, 1.25], wait, pass 2
    -- (backward) [1.75, 2.75], wait, half of pass 3 [3.25, 3.75];
    -- total 0.25 + 2.5 + 2 * 0.5 = 3.75
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 2.5, repeat_delay = 0.5, delay = 0.25 })
    assert.are.same({
      0,                  -- 0.25: the delay ends, u = 0
      2, 4, 6, 8,         -- 0.5 .. 1.25
      8,                  -- 1.5: waiting
      8, 6, 4, 2, 0,      -- 1.75 .. 2.75: backward
      0,                  -- 3: waiting on the start
      0, 2, 4,            -- 3.25 .. 3.75: half of pass 3 forward
      4, 4,
    }, values_by(anim, o, "x", 0.25, 17))
    assert.is_true(a:done())
    assert.are.equal(3.75, a:time())
    assert.are.equal(0.5, a:progress())            -- the fraction shown: half of pass 3
  end)

  it("the held value, time() and progress() during a wait", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 1, { x = 8 }, { easing = "linear", after = "restart", iterations = 2, repeat_delay = 0.5 })
    anim:update(1.25)
    assert.are.equal(8, o.x)
    assert.are.equal(1.25, a:time())
    assert.are.equal(1, a:progress())             -- the end of the pass just played
    assert.is_false(a:done())
    assert.are.equal(1, anim:count())
    anim:update(0.125)                            -- 1.375: still waiting
    assert.are.equal(8, o.x)
    anim:update(0.375)                            -- 1.75: pass 2, u = 0.25
    assert.are.equal(2, o.x)
    assert.are.equal(0.25, a:progress())
  end)

  it("a short pass and a long wait", function()
    -- T = 0.25, r = 1.75, P = 2: pass 2 at [2, 2.25]
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 0.25, { x = 4 }, { easing = "linear", after = "reverse", iterations = 2, repeat_delay = 1.75 })
    anim:update(0.125)
    assert.are.equal(2, o.x)
    for _ = 1, 14 do                              -- 0.25 .. 1.875: the end held
      anim:update(0.125)
      assert.are.equal(4, o.x)
    end
    anim:update(0.125)                            -- 2: pass 2 begins on the end
    assert.are.equal(4, o.x)
    anim:update(0.125)                            -- 2.125: halfway back
    assert.are.equal(2, o.x)
    anim:update(0.125)
    assert.are.equal(0, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("anim:from: the same passes, from the values given to the field's own", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:from(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 2, repeat_delay = 0.5 })
    assert.are.same({ 6, 4, 2, 0, 0, 0, 2, 4, 6, 8, 8 }, values_by(anim, o, "x", 0.25, 11))
  end)

  it("the timeline of the same definition, bit for bit, under uneven frames", function()
    local cases = {
      { after = "restart", iterations = 3, easing = "inOutSine", repeat_delay = 0.3 },
      { after = "reverse", iterations = 2.5, easing = "outBack", repeat_delay = 0.17, delay = 0.2 },
      { after = "reverse", iterations = 4, easing = "linear", repeat_delay = 0.5 },
      { after = "stop", iterations = 2, easing = "inQuad", repeat_delay = 0.25, delay = 0.1 },
      { after = "restart", iterations = 1.75, easing = "ease-in", repeat_delay = 0.4, delay = 0.3 },
    }
    for _, c in ipairs(cases) do
      local label = ("%s x%g r %g"):format(c.after, c.iterations, c.repeat_delay)
      local anim = kinetic.animator()
      local o = { x = 4.0 }                       -- a float, as the timeline shows during the delay
      local a = anim:to(o, 0.45, { x = -6 }, h.with(c, {}))
      local tl = kinetic.timeline { from = 4, { to = -6, duration = 0.45, easing = c.easing },
                                    after = c.after, iterations = c.iterations, repeat_delay = c.repeat_delay, delay = c.delay }
      local f = 0
      repeat
        f = f + 1
        local dt = dt_of(f)
        anim:update(dt)
        assert.are.equal(bits(tl:update(dt)), bits(o.x), label .. ", frame " .. f)
        assert.are.equal(tl:done(), a:done(), label .. ", frame " .. f)
      until tl:done() or f > 1000
      assert.is_true(a:done(), label)
    end
  end)
end)

describe("the total duration", function()
  local function cases()
    return {
      -- T, N, r, d, after, total = d + N T + (ceil(N) - 1) r
      { 1, 3, 0.5, 0, "restart", 4 },
      { 1, 3, 0.5, 0, "reverse", 4 },
      { 0.5, 2.5, 0.25, 0.25, "reverse", 2 },       -- 0.25 + 1.25 + 2 * 0.25
      { 0.25, 1, 2, 0, "restart", 0.25 },           -- one pass: no wait
      { 0.75, 2, 0.125, 0.5, "stop", 2.125 },       -- 0.5 + 1.5 + 0.125
      { 0.5, 1.5, 0.75, 0, "restart", 1.5 },        -- 0.75 + 0.75
    }
  end
  for _, c in ipairs(cases()) do
    local T, N, r, d, after, total = c[1], c[2], c[3], c[4], c[5], c[6]
    it(("T %g, N %g, r %g, d %g, %s: done and on_complete at %g, not before"):format(T, N, r, d, after, total), function()
      local anim = kinetic.animator()
      local o = { x = 0 }
      local completes = 0
      local a = anim:to(o, T, { x = 8 }, { easing = "linear", after = after, iterations = N, repeat_delay = r, delay = d,
                                           on_complete = function() completes = completes + 1 end })
      anim:update(h.prev_double(total))            -- the double below the total
      assert.is_false(a:done())
      assert.are.equal(0, completes)
      assert.are.equal(1, anim:count())
      anim:update(total - h.prev_double(total))    -- exactly the total
      assert.is_true(a:done())
      assert.are.equal(1, completes)
      assert.are.equal(total, a:time())
      assert.are.equal(0, anim:count())
      anim:update(1)
      assert.are.equal(1, completes)
    end)
  end

  it("on_complete comes in the frame that reaches the total, stepping by 0.25", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local now, at = 0, nil
    anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 3, repeat_delay = 0.5,
                               on_complete = function() at = now end })
    for _ = 1, 24 do
      now = now + 0.25
      anim:update(0.25)
    end
    assert.are.equal(4, at)
  end)

  it("iterations = math.huge with a repeat delay never completes", function()
    local anim = kinetic.animator()
    local completes = 0
    local a = anim:to({ x = 0 }, 0.25, { x = 1 }, { after = "reverse", iterations = HUGE, repeat_delay = 0.25,
                                                    on_complete = function() completes = completes + 1 end })
    for _ = 1, 100 do anim:update(0.3) end
    assert.are.equal(0, completes)
    assert.is_false(a:done())
    assert.are.equal(1, anim:count())
  end)
end)

describe("on_repeat", function()
  it("fires as each pass from the second begins, with the handle and n = 2, 3, ... as integers", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log, now, a = {}, 0, nil
    a = anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 3, repeat_delay = 0.5, delay = 0.25,
      on_repeat = function(...)
        local self, n = ...
        assert.are.equal(2, select("#", ...))
        assert.are.equal(a, self)
        assert_integer(n, "n")
        log[#log + 1] = { n = n, t = now, x = o.x }
      end })
    for _ = 1, 20 do
      now = now + 0.25
      anim:update(0.25)
    end
    -- pass n begins at d + (n - 1) P = 0.25 + 1.5 (n - 1)
    assert.are.same({ { n = 2, t = 1.75, x = 8 }, { n = 3, t = 3.25, x = 0 } }, log)
  end)

  it("without a repeat delay: at d + (n - 1) T", function()
    local anim = kinetic.animator()
    local log, now = {}, 0
    anim:to({ x = 0 }, 0.5, { x = 1 }, { after = "restart", iterations = 4,
                                         on_repeat = function(_, n) log[#log + 1] = { n, now } end })
    for _ = 1, 12 do
      now = now + 0.25
      anim:update(0.25)
    end
    assert.are.same({ { 2, 0.5 }, { 3, 1 }, { 4, 1.5 } }, log)
  end)

  it("in order with the other callbacks of a frame", function()
    local anim = kinetic.animator()
    local log = {}
    anim:to({ x = 0 }, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 3, repeat_delay = 0.5, delay = 0.25,
      on_start = function() log[#log + 1] = "start" end,
      on_repeat = function(_, n) log[#log + 1] = "repeat " .. n end,
      on_complete = function() log[#log + 1] = "complete" end })
    anim:update(10)
    assert.are.same({ "start", "repeat 2", "repeat 3", "complete" }, log)
  end)

  it("one update crossing several passes reports each, in order; the value is that of the pass reached", function()
    -- T = r = 0.25, P = 0.5, N = 5: passes begin at 0.5, 1, 1.5, 2; total 2.25
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    anim:to(o, 0.25, { x = 8 }, { easing = "linear", after = "restart", iterations = 5, repeat_delay = 0.25,
      on_repeat = function(_, n) log[#log + 1] = n end,
      on_complete = function() log[#log + 1] = "complete" end })
    anim:update(1.625)                            -- c = 3, w = 0.125
    assert.are.same({ 2, 3, 4 }, log)
    assert.are.equal(4, o.x)
    log = {}
    anim:update(0.25)                             -- 1.875: waiting after pass 4
    assert.are.same({}, log)
    assert.are.equal(8, o.x)
    anim:update(10)
    assert.are.same({ 5, "complete" }, log)
    assert.are.equal(8, o.x)
  end)

  it("an update crossing more than 64 passes reports the last 64", function()
    -- T = r = 0.25, P = 0.5, endless: pass n begins at (n - 1) / 2
    local anim = kinetic.animator()
    local o = { x = 0 }
    local ns = {}
    anim:to(o, 0.25, { x = 8 }, { easing = "linear", after = "restart", iterations = HUGE, repeat_delay = 0.25,
      on_repeat = function(_, n) ns[#ns + 1] = n end })
    anim:update(100.125)                          -- passes 1 .. 201 crossed: 138 .. 201 reported
    assert.are.equal(64, #ns)
    for i = 1, 64 do
      assert.are.equal(137 + i, ns[i])
      assert_integer(ns[i], "n")
    end
    assert.are.equal(4, o.x)                      -- c = 200, w = 0.125
    ns = {}
    anim:update(1)                                -- 101.125: passes 202 and 203
    assert.are.same({ 202, 203 }, ns)
  end)

  it("exactly 64 passes are all reported, 65 are not", function()
    local function run(dt)
      local anim = kinetic.animator()
      local ns = {}
      anim:to({ x = 0 }, 0.25, { x = 8 }, { easing = "linear", after = "restart", iterations = HUGE, repeat_delay = 0.25,
        on_repeat = function(_, n) ns[#ns + 1] = n end })
      anim:update(0.125)
      anim:update(dt)
      return ns
    end
    local a = run(32)                             -- 32.125: passes 2 .. 65 begin
    assert.are.equal(64, #a)
    assert.are.equal(2, a[1])
    assert.are.equal(65, a[64])
    local b = run(32.5)                           -- 32.625: passes 2 .. 66 begin, the last 64 reported
    assert.are.equal(64, #b)
    assert.are.equal(3, b[1])
    assert.are.equal(66, b[64])
  end)

  it("a pass count of 1 never repeats; after = 'stop' repeats hold the end", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local log = {}
    anim:to(o, 0.5, { x = 4 }, { easing = "linear", repeat_delay = 1, on_repeat = function(_, n) log[#log + 1] = "o" .. n end })
    anim:to(p, 0.5, { x = 4 }, { easing = "linear", after = "stop", iterations = 2, repeat_delay = 0.25,
      on_repeat = function(_, n) log[#log + 1] = "p" .. n end })
    assert.are.same({ 2, 4, 4, 4, 4, 4 }, values_by(anim, p, "x", 0.25, 6))
    assert.are.equal(4, o.x)
    assert.are.same({ "p2" }, log)
    assert.are.equal(0, anim:count())
  end)
end)

describe("sequences", function()
  it("restart with repeat_delay: values, the wait, on_repeat and on_complete", function()
    -- children x: [0, 0.5], y: [0.5, 1]; T = 1, r = 0.5, P = 1.5, N = 3, total 4.
    -- A pass sweeps its children from local time 0: at the start of pass 2
    -- the first child shows its start, the second holds its end until the
    -- sweep reaches it at local time 0.5.
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local log, now, seq = {}, 0, nil
    seq = anim:sequence { iterations = 3, after = "restart", repeat_delay = 0.5,
      on_repeat = function(self, n)
        assert.are.equal(seq, self)
        assert_integer(n, "n")
        log[#log + 1] = { "repeat", n, now, o.x, o.y }
      end,
      on_complete = function() log[#log + 1] = { "complete", now, o.x, o.y } end }
    seq:to(o, 0.5, { x = 4 }, { easing = "linear" })
       :to(o, 0.5, { y = 4 }, { easing = "linear" })
    local xs, ys = {}, {}
    for i = 1, 18 do
      now = now + 0.25
      anim:update(0.25)
      xs[i], ys[i] = o.x, o.y
    end
    assert.are.same({ 2, 4, 4, 4, 4, 0, 2, 4, 4, 4, 4, 0, 2, 4, 4, 4, 4, 4 }, xs)
    assert.are.same({ 0, 0, 2, 4, 4, 4, 4, 0, 2, 4, 4, 4, 4, 0, 2, 4, 4, 4 }, ys)
    assert.are.same({ { "repeat", 2, 1.5, 0, 4 }, { "repeat", 3, 3, 0, 4 }, { "complete", 4, 4, 4 } }, log)
    assert.is_true(seq:done())
    assert.are.equal(4, seq:time())
    assert.are.equal(0, anim:count())
  end)

  it("the total: not done at the double below, done at it", function()
    local anim = kinetic.animator()
    local seq = anim:sequence { iterations = 2, after = "restart", repeat_delay = 0.75, delay = 0.25 }
    seq:to({ x = 0 }, 0.5, { x = 1 }, { easing = "linear" })
    anim:update(h.prev_double(2))                 -- 0.25 + 2 * 0.5 + 0.75
    assert.is_false(seq:done())
    anim:update(2 - h.prev_double(2))
    assert.is_true(seq:done())
  end)

  it("one update crossing several passes of a sequence", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    anim:sequence { iterations = 4, after = "restart", repeat_delay = 0.25,
      on_repeat = function(_, n) log[#log + 1] = n end,
      on_complete = function() log[#log + 1] = "complete" end }
      :to(o, 0.5, { x = 4 }, { easing = "linear" })
    anim:update(1.625)                            -- P = 0.75: passes 2 and 3 begin at 0.75, 1.5
    assert.are.same({ 2, 3 }, log)
    assert.are.equal(1, o.x)                      -- w = 0.125
    anim:update(5)
    assert.are.same({ 2, 3, 4, "complete" }, log)
    assert.are.equal(4, o.x)
  end)

  it("the 64 cap holds for sequences too", function()
    local anim = kinetic.animator()
    local ns = {}
    anim:sequence { iterations = HUGE, after = "restart", repeat_delay = 0.25,
      on_repeat = function(_, n) ns[#ns + 1] = n end }
      :to({ x = 0 }, 0.25, { x = 4 }, { easing = "linear" })
    anim:update(100.125)
    assert.are.equal(64, #ns)
    assert.are.equal(138, ns[1])
    assert.are.equal(201, ns[64])
  end)
end)

describe("yoyo_ease", function()
  it("a named easing on the reverse passes: end + (start - end) Y(p)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 2, yoyo_ease = "inQuad" })
    -- backward: 8 - 8 p^2 at p = 0.25, 0.5, 0.75, 1
    assert.are.same({ 2, 4, 6, 8, 7.5, 6, 3.5, 0, 0 }, values_by(anim, o, "x", 0.25, 9))
  end)

  it("true: the forward easing, not mirrored", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "inQuad", after = "reverse", iterations = 2, yoyo_ease = true })
    assert.are.same({ 0.5, 2, 4.5, 8, 7.5, 6, 3.5, 0 }, values_by(anim, o, "x", 0.25, 8))
    -- without it the backward pass mirrors the forward one: 8 (1 - p)^2
    local b = kinetic.animator()
    local q = { x = 0 }
    b:to(q, 1, { x = 8 }, { easing = "inQuad", after = "reverse", iterations = 2 })
    assert.are.same({ 0.5, 2, 4.5, 8, 4.5, 2, 0.5, 0 }, values_by(b, q, "x", 0.25, 8))
  end)

  it("false: no yoyo easing", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "inQuad", after = "reverse", iterations = 2, yoyo_ease = false })
    assert.are.same({ 0.5, 2, 4.5, 8, 4.5, 2, 0.5, 0 }, values_by(anim, o, "x", 0.25, 8))
  end)

  it("with a repeat delay and four passes: only the backward ones eased by it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 4, yoyo_ease = "inQuad", repeat_delay = 0.5 })
    assert.are.same({
      2, 4, 6, 8, 8,          -- pass 1, wait
      8, 7.5, 6, 3.5, 0, 0,   -- 1.5: pass 2 backward from the end, wait on the start
      0, 2, 4, 6, 8, 8,       -- 3: pass 3 forward, wait
      8, 7.5, 6, 3.5, 0,      -- 4.5 .. 5.5: pass 4 backward; total 4 + 3 * 0.5
      0, 0,
    }, values_by(anim, o, "x", 0.25, 24))
    assert.are.equal(0, anim:count())
  end)

  it("on anim:from: from the values given to the field's own and back", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:from(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 2, yoyo_ease = "inQuad" })
    -- forward 8 -> 0; backward 0 + (8 - 0) p^2
    assert.are.same({ 6, 4, 2, 0, 0.5, 2, 4.5, 8 }, values_by(anim, o, "x", 0.25, 8))
  end)

  it("a CSS spec and an easing object", function()
    local e = kinetic.easing("cubic-bezier(0.3, 0.1, 0.7, 1)")
    for _, ye in ipairs { "cubic-bezier(0.3, 0.1, 0.7, 1)", e } do
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 1, { x = 8 }, { easing = "linear", after = "reverse", iterations = 2, yoyo_ease = ye })
      anim:update(1.25)
      assert.are.equal(8 + (0 - 8) * e(0.25), o.x)
      anim:update(0.5)
      assert.are.equal(8 + (0 - 8) * e(0.75), o.x)
    end
  end)
end)

describe("errors", function()
  local o = { x = 0 }
  local function no_animation(anim)
    assert.are.equal(0, anim:count())
    assert.are.equal(0, o.x)
  end

  it("repeat_delay: a non-negative finite number", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #4 to 'to' (field 'repeat_delay': non-negative number expected, got -1)", function()
      local a = anim:to(o, 1, { x = 1 }, { repeat_delay = -1 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'from' (field 'repeat_delay': non-negative number expected, got -1)", function()
      local a = anim:from(o, 1, { x = 1 }, { repeat_delay = -1 }); return a
    end)
    h.fails_bad_argument("bad argument #1 to 'sequence' (field 'repeat_delay': non-negative number expected, got -1)", function()
      local s = anim:sequence { repeat_delay = -1 }; return s
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'repeat_delay': finite number expected, got nan)", function()
      local a = anim:to(o, 1, { x = 1 }, { repeat_delay = 0 / 0 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'repeat_delay': finite number expected, got inf)", function()
      local a = anim:to(o, 1, { x = 1 }, { repeat_delay = HUGE }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'repeat_delay': number expected, got string)", function()
      local a = anim:to(o, 1, { x = 1 }, { repeat_delay = "x" }); return a
    end)
    no_animation(anim)
  end)

  it("repeat_delay misspelt", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'repeat_delya'; did you mean 'repeat_delay'?)", function()
      local a = anim:to(o, 1, { x = 1 }, { repeat_delya = 1 }); return a
    end)
    h.fails_bad_argument("bad argument #1 to 'sequence' (unknown option 'repeat_delya'; did you mean 'repeat_delay'?)", function()
      local s = anim:sequence { repeat_delya = 1 }; return s
    end)
    no_animation(anim)
  end)

  it("yoyo_ease: only after = 'reverse', only one target, an easing spec or true", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #4 to 'to' (field 'yoyo_ease': only after = 'reverse' takes it)", function()
      local a = anim:to(o, 1, { x = 1 }, { yoyo_ease = "inQuad" }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'yoyo_ease': only after = 'reverse' takes it)", function()
      local a = anim:to(o, 1, { x = 1 }, { yoyo_ease = true, after = "restart", iterations = 2 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'yoyo_ease': a list of targets does not take it)", function()
      local a = anim:to({ o, { x = 0 } }, 1, { x = 1 }, { yoyo_ease = "inQuad", after = "reverse", iterations = 2 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'yoyo_ease': an easing spec or true expected, got function)", function()
      local a = anim:to(o, 1, { x = 1 }, { yoyo_ease = function(p) return p end, after = "reverse", iterations = 2 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'yoyo_ease': easing spec expected, got 'nope': unknown easing name 'nope')", function()
      local a = anim:to(o, 1, { x = 1 }, { yoyo_ease = "nope", after = "reverse", iterations = 2 }); return a
    end)
    no_animation(anim)
  end)

  it("sequences take no yoyo_ease; springs and flings no repeat options", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'sequence' (unknown option 'yoyo_ease'", function()
      local s = anim:sequence { yoyo_ease = true, after = "reverse", iterations = 2 }; return s
    end)
    h.fails_bad_argument("bad argument #3 to 'spring' (unknown option 'repeat_delay')", function()
      local a = anim:spring(o, { x = 1 }, { repeat_delay = 1 }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'fling' (unknown option 'on_repeat'", function()
      local a = anim:fling(o, "x", 100, { on_repeat = function() end }); return a
    end)
    no_animation(anim)
  end)

  it("on_repeat: a function", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #4 to 'to' (field 'on_repeat': function expected, got number)", function()
      local a = anim:to(o, 1, { x = 1 }, { on_repeat = 1 }); return a
    end)
    no_animation(anim)
  end)
end)

describe("repeat_delay = 0", function()
  -- Everything a run shows, as text: the values (bits), time, progress,
  -- done, count, next_change and the callbacks so far.
  local function trace(anim, o, a, log)
    local v = {}
    for i = 1, #o.v do v[i] = bits(o.v[i]) end
    return table.concat({ bits(o.x), table.concat(v, ","), bits(a:time()), bits(a:progress()), tostring(a:done()),
                          bits(anim:count()), bits(anim:next_change()), table.concat(log, ",") }, " ")
  end

  local cases = {
    { after = "restart", iterations = 3, easing = "outBack" },
    { after = "reverse", iterations = 2.5, easing = "inOutSine", delay = 0.3 },
    { after = "reverse", iterations = 3, easing = "outQuad", yoyo_ease = "inCubic" },
    { after = "stop", iterations = 2, easing = "linear", round = 0.5 },
    { after = "restart", iterations = HUGE, easing = "steps(3)" },
  }
  for _, c in ipairs(cases) do
    it(("behaves as no option, bit for bit: %s x%g %s"):format(c.after, c.iterations, c.easing), function()
      local function make(extra)
        local anim = kinetic.animator()
        local o = { x = 4, v = { 0, 1 } }
        local log = {}
        local function rec(name) return function(_, n) log[#log + 1] = name .. (n and bits(n) or "") end end
        local a = anim:to(o, 0.45, { x = -6, v = { 3, -1 } }, h.with(c, h.with(extra, {
          on_start = rec("start"), on_repeat = rec("repeat"), on_complete = rec("complete") })))
        return anim, o, a, log
      end
      local a1, o1, h1, l1 = make({})
      local a2, o2, h2, l2 = make({ repeat_delay = 0 })
      for f = 1, 300 do
        local dt = dt_of(f)
        a1:update(dt)
        a2:update(dt)
        assert.are.equal(trace(a1, o1, h1, l1), trace(a2, o2, h2, l2), "frame " .. f)
      end
      assert.is_true(#l1 >= 3)
    end)
  end

  it("a sequence: behaves as no option, bit for bit", function()
    local function make(extra)
      local anim = kinetic.animator()
      local o = { x = 4, v = { 0, 1 } }
      local log = {}
      local function rec(name) return function(_, n) log[#log + 1] = name .. (n and bits(n) or "") end end
      local seq = anim:sequence(h.with({ iterations = 3, after = "restart", on_repeat = rec("repeat"),
                                         on_complete = rec("complete") }, extra))
      seq:to(o, 0.3, { x = -6 }, { easing = "outCubic" })
         :to(o, 0.25, { v = { 3, -1 } }, { easing = "inOutSine" }, "<0.1")
      return anim, o, seq, log
    end
    local a1, o1, s1, l1 = make({})
    local a2, o2, s2, l2 = make({ repeat_delay = 0 })
    for f = 1, 200 do
      local dt = dt_of(f)
      a1:update(dt)
      a2:update(dt)
      assert.are.equal(trace(a1, o1, s1, l1), trace(a2, o2, s2, l2), "frame " .. f)
    end
    assert.are.same({ "repeat" .. bits(2), "repeat" .. bits(3), "complete" }, l1)
  end)
end)

describe("next_change wakes at each on_repeat", function()
  -- The crossing property: drive the animator by update(next_change())
  -- until math.huge; before every wake with nc > 0 a twin replaying the same
  -- dts is updated by the double below nc and must show nothing (no value
  -- written changes, no callback, the same count), while update(nc) on the
  -- main one must show something.
  local function probe(build)
    local p = { log = {} }
    p.anim, p.o = build(function(name) return function(_, n) p.log[#p.log + 1] = name .. (n and tostring(n) or "") end end)
    return p
  end

  local function crossing_run(build, max_wakes)
    local main = probe(build)
    local history, wakes, now = {}, {}, 0
    for wake = 1, max_wakes + 1 do
      local nc = main.anim:next_change()
      assert.is_true(type(nc) == "number" and nc >= 0, "wake " .. wake)
      if nc == HUGE then
        assert.are.equal(0, main.anim:count())
        return wakes, main
      end
      assert.is_true(wake <= max_wakes, "more than " .. max_wakes .. " wakes")
      if nc > 0 then
        local twin = probe(build)
        for _, dt in ipairs(history) do twin.anim:update(dt) end
        assert.are.equal(main.o.x, twin.o.x, "the twin replays the main run")
        local x0, n0, c0 = twin.o.x, #twin.log, twin.anim:count()
        twin.anim:update(h.prev_double(nc))
        assert.are.equal(x0, twin.o.x, ("wake %d: update(prev(%.17g)) changed the value"):format(wake, nc))
        assert.are.equal(n0, #twin.log, ("wake %d: update(prev(%.17g)) fired %s"):format(wake, nc, tostring(twin.log[#twin.log])))
        assert.are.equal(c0, twin.anim:count())
      end
      local x0, n0, c0 = main.o.x, #main.log, main.anim:count()
      main.anim:update(nc)
      history[#history + 1] = nc
      now = now + nc
      local fired = {}
      for i = n0 + 1, #main.log do fired[#fired + 1] = main.log[i] end
      assert.is_true(main.o.x ~= x0 or #fired > 0 or main.anim:count() ~= c0,
                     ("wake %d: update(%.17g) changed nothing"):format(wake, nc))
      wakes[#wakes + 1] = { now = now, fired = table.concat(fired, ",") }
    end
    error("unreachable")
  end

  it("a tween whose value never changes: the wakes are its start, each repeat and its end", function()
    -- round = { 0 }: every value written is 0, so only the events wake it.
    -- d = 0.1, T = 0.3, r = 0.2, P = 0.5: repeats at 0.6, 1.1, 1.6; total 1.9
    local wakes = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 0.3, { x = 8 }, { easing = "linear", after = "restart", iterations = 4, repeat_delay = 0.2, delay = 0.1,
                                   round = { 0 }, on_start = rec("start"), on_repeat = rec("repeat"), on_complete = rec("complete") })
      return anim, o
    end, 20)
    local fired, times = {}, {}
    for i, w in ipairs(wakes) do
      fired[i] = w.fired
      times[i] = w.now
    end
    assert.are.same({ "start", "repeat2", "repeat3", "repeat4", "complete" }, fired)
    local expected = { 0.1, 0.6, 1.1, 1.6, 1.9 }
    for i = 1, 5 do assert.is_true(math.abs(times[i] - expected[i]) < 1e-12, "wake " .. i .. ": " .. times[i]) end
  end)

  it("a rounded reverse tween with a repeat delay: every on_repeat at a wake of its own", function()
    local wakes, main = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 0.5, { x = 2 }, { easing = "linear", after = "reverse", iterations = 3, repeat_delay = 0.25, round = true,
                                   on_start = rec("start"), on_repeat = rec("repeat"), on_complete = rec("complete") })
      return anim, o
    end, 40)
    local seen = {}
    for _, w in ipairs(wakes) do
      if w.fired:find("repeat", 1, true) then seen[#seen + 1] = { w.fired, w.now } end
    end
    assert.are.equal(2, #seen)
    assert.are.equal("repeat2", seen[1][1])
    assert.are.equal("repeat3", seen[2][1])
    assert.is_true(math.abs(seen[1][2] - 0.75) < 1e-12)
    assert.is_true(math.abs(seen[2][2] - 1.5) < 1e-12)
    assert.are.equal("complete", main.log[#main.log])
  end)

  it("a non-dyadic period, outBack, rounded to 0.5, with a delay", function()
    local wakes, main = crossing_run(function(rec)
      local anim = kinetic.animator()
      local o = { x = 1 }
      anim:to(o, 0.3, { x = 3 }, { easing = "outBack", after = "restart", iterations = 3, repeat_delay = 0.35, delay = 0.15,
                                   round = 0.5, on_start = rec("start"), on_repeat = rec("repeat"), on_complete = rec("complete") })
      return anim, o
    end, 60)
    assert.is_true(#wakes >= 5)
    local reps = {}
    for _, l in ipairs(main.log) do if l:find("repeat", 1, true) then reps[#reps + 1] = l end end
    assert.are.same({ "repeat2", "repeat3" }, reps)
  end)
end)
