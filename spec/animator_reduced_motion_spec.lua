-- luacheck: no max line length
-- Reduced motion: kinetic.animator{ reduced_motion = true } or
-- anim:reduced_motion(true).  While it is on, every animation that starts
-- (its delay ends in an update, or it joins behind the one it was chained
-- to with a:after) completes in the update that starts it: its end values
-- are written and its callbacks fire in their usual order.  Animations
-- already running when it is turned on, and endless ones, play as usual.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local function recorder()
  local log = {}
  local function rec(s) return function() log[#log + 1] = s end end
  return log, rec
end

-- The position of s in list (nil when absent).
local function index_of(list, s)
  for i, v in ipairs(list) do if v == s then return i end end
  return nil
end

-- a before b in log, both present.
local function before(log, a, b)
  local i, j = index_of(log, a), index_of(log, b)
  assert.is_truthy(i, a .. " fired: " .. table.concat(log, ", "))
  assert.is_truthy(j, b .. " fired: " .. table.concat(log, ", "))
  assert.is_true(i < j, a .. " before " .. b .. ": " .. table.concat(log, ", "))
end

describe("the switch", function()
  it("off by default; the option and the method set it; the setter returns the animator", function()
    local anim = kinetic.animator()
    assert.is_false(anim:reduced_motion())
    assert.are.equal(anim, anim:reduced_motion(true))
    assert.is_true(anim:reduced_motion())
    assert.are.equal(anim, anim:reduced_motion(false))
    assert.is_false(anim:reduced_motion())
    assert.is_true(kinetic.animator { reduced_motion = true }:reduced_motion())
    assert.is_false(kinetic.animator { reduced_motion = false }:reduced_motion())
    assert.is_false(kinetic.animator {}:reduced_motion())
  end)

  it("bad options and values", function()
    local err = h.error_of(kinetic.animator, { reduced = true })
    assert.are.equal("bad argument #1 to 'animator' (unknown option 'reduced' (options: reduced_motion))", err)
    h.fails_bad_argument("bad argument #1 to 'animator' (table of options expected, got number)", kinetic.animator, 5)
    h.fails_bad_argument("bad argument #1 to 'animator' (table of options expected, got string)", kinetic.animator, "x")
    h.fails_bad_argument("bad argument #1 to 'animator' (field 'reduced_motion'", kinetic.animator, { reduced_motion = 1 })
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'reduced_motion' (boolean expected, got number)", function()
      local r = anim:reduced_motion(1); return r
    end)
    h.fails_bad_argument("bad argument #1 to 'reduced_motion' (boolean expected, got string)", function()
      local r = anim:reduced_motion("yes"); return r
    end)
    assert.is_false(anim:reduced_motion())
  end)
end)

describe("while on", function()
  it("a tween completes in the update that starts it: end values, on_start, on_update, on_complete, count", function()
    local anim = kinetic.animator { reduced_motion = true }
    local log, rec = recorder()
    local o = { x = 0, c = { 1, 2 } }
    local a = anim:to(o, 1, { x = 10, c = { -3, 7.5 } }, { easing = "outBack",
      on_start = rec("start"), on_update = rec("update"), on_complete = rec("complete") })
    assert.are.equal(0, o.x)                         -- nothing at the call
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.equal(10, o.x)
    assert.are.same({ -3, 7.5 }, o.c)
    assert.are.same({ "start", "update", "complete" }, log)
    assert.is_true(a:done())
    assert.are.equal(1, a:progress())
    assert.are.equal(0, anim:count())
    anim:update(1)
    assert.are.equal(3, #log)
  end)

  it("update(0) starts and completes it too", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o = { x = 0 }
    local a = anim:to(o, 1, { x = 10 })
    assert.are.equal(0, anim:update(0))
    assert.are.equal(10, o.x)
    assert.is_true(a:done())
  end)

  it("from, reverse and restart passes: the values the last pass ends on", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o, p, q = { x = 3 }, { x = 2 }, { x = 2 }
    anim:from(o, 1, { x = 10 })
    anim:to(p, 0.5, { x = 9 }, { after = "reverse", iterations = 2 })
    anim:to(q, 0.5, { x = 9 }, { after = "restart", iterations = 3 })
    assert.are.equal(0, anim:update(0.01))
    assert.are.equal(3, o.x)
    assert.are.equal(2, p.x)
    assert.are.equal(9, q.x)
  end)

  it("a spring ends exactly on its target, a vector spring on each component", function()
    local anim = kinetic.animator { reduced_motion = true }
    local log, rec = recorder()
    local o = { x = 0, pos = { 0, 0 } }
    local a = anim:spring(o, { x = 100, pos = { 30, -40 } }, { preset = "wobbly", velocity = 50,
      on_start = rec("start"), on_complete = rec("complete") })
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.equal(100, o.x)
    assert.are.same({ 30, -40 }, o.pos)
    assert.are.same({ "start", "complete" }, log)
    assert.is_true(a:done())
  end)

  it("a rounded spring: the target rounded", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o = { x = 0 }
    anim:spring(o, { x = 95 }, { preset = "gentle", integrator = "rk4", round = 10 })
    anim:update(1 / 60)
    assert.are.equal(100, o.x)
  end)

  it("a fling ends at its rest position", function()
    for _, k in ipairs {
      { "decay", {}, kinetic.decay },
      { "inertia", { max = 300 }, kinetic.inertia },
      { "clamping", {}, kinetic.clamping_scroll },
    } do
      local anim = kinetic.animator { reduced_motion = true }
      local o = { y = 40 }
      local completes = 0
      local opts = { kind = k[1], on_complete = function() completes = completes + 1 end }
      local mopts = { position = 40, velocity = 1500 }
      for key, v in pairs(k[2]) do opts[key] = v; mopts[key] = v end
      local a = anim:fling(o, "y", 1500, opts)
      assert.are.equal(0, anim:update(1 / 60))
      assert.is_true(h.close(k[3](mopts):final_position(), o.y, 1e-12), k[1] .. ": " .. o.y)
      assert.are.equal(1, completes)
      assert.is_true(a:done())
    end
  end)

  it("a sequence: every child done, the calls and the children's callbacks in time order, as one long update plays them", function()
    local function build(anim)
      local log, rec = recorder()
      local o, p = { x = 0 }, { y = 0 }
      local seq = anim:sequence { on_start = rec("seq start"), on_complete = rec("seq complete") }
      seq:to(o, 1, { x = 10 }, { on_start = rec("A start"), on_complete = rec("A complete") })
         :call(rec("call 1.5"), 1.5)
         :to(p, 1, { y = 4 }, { on_start = rec("B start"), on_complete = rec("B complete") }, 2)
         :call(rec("call 0.5"), 0.5)
         :to(o, 0.5, { x = -1 }, { on_start = rec("C start"), on_complete = rec("C complete") }, 3.5)
      return log, o, p, seq
    end
    local anim = kinetic.animator { reduced_motion = true }
    local log, o, p, seq = build(anim)
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.equal(-1, o.x)
    assert.are.equal(4, p.y)
    assert.is_true(seq:done())
    -- the order of the instants: 0, 0.5, 1, 1.5, 2, 3, 3.5, 4
    local order = { "seq start", "A start", "call 0.5", "A complete", "call 1.5", "B start", "B complete", "C start" }
    for i = 2, #order do before(log, order[i - 1], order[i]) end
    before(log, "C start", "C complete")
    before(log, "C start", "seq complete")
    assert.are.equal(10, #log)
    -- the usual order: one update past the end without reduced motion
    local twin = kinetic.animator()
    local tlog = build(twin)
    twin:update(100)
    assert.are.same(tlog, log)
  end)

  it("a stagger completes as one animation", function()
    local anim = kinetic.animator { reduced_motion = true }
    local log, rec = recorder()
    local list = { { x = 0 }, { x = 0 }, { x = 0 } }
    local a = anim:to(list, 1, { x = 10 }, { stagger = 0.25, on_start = rec("start"), on_complete = rec("complete") })
    assert.are.equal(0, anim:update(0.01))
    assert.are.same({ 10, 10, 10 }, { list[1].x, list[2].x, list[3].x })
    assert.are.same({ "start", "complete" }, log)
    assert.is_true(a:done())
  end)

  it("an :after chain: each joins behind its predecessor in the same update, on_complete after the predecessor's", function()
    local anim = kinetic.animator { reduced_motion = true }
    local log, rec = recorder()
    local o = { x = 0, y = 0 }
    local a = anim:to(o, 1, { x = 10 }, { on_start = rec("a start"), on_complete = rec("a complete") })
    local b = a:after(1, { y = 5 }, { on_start = rec("b start"), on_complete = rec("b complete") })
    local c = b:after(o, 2, { x = -2 }, { on_start = rec("c start"), on_complete = rec("c complete") })
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.equal(-2, o.x)
    assert.are.equal(5, o.y)
    assert.is_true(a:done() and b:done() and c:done())
    before(log, "a start", "a complete")
    before(log, "a complete", "b complete")
    before(log, "b start", "b complete")
    before(log, "b complete", "c complete")
    before(log, "c start", "c complete")
    assert.are.equal(6, #log)
    local twin = kinetic.animator()
    local tlog, trec = recorder()
    local ta = twin:to({ x = 0, y = 0 }, 1, { x = 10 }, { on_start = trec("a start"), on_complete = trec("a complete") })
    local tb = ta:after(1, { y = 5 }, { on_start = trec("b start"), on_complete = trec("b complete") })
    tb:after(2, { x = -2 }, { on_start = trec("c start"), on_complete = trec("c complete") })
    twin:update(100)
    assert.are.same(tlog, log)
  end)

  it("a delayed animation completes in the update where its delay ends, not before", function()
    local anim = kinetic.animator { reduced_motion = true }
    local log, rec = recorder()
    local o = { x = 3 }
    local a = anim:to(o, 1, { x = 10 }, { delay = 0.5, on_start = rec("start"), on_complete = rec("complete") })
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(3, o.x)
    assert.are.same({}, log)
    assert.is_false(a:done())
    o.x = 7                                          -- read when it starts
    assert.are.equal(1, anim:update(0.125))
    assert.are.equal(7, o.x)
    assert.are.equal(0, anim:update(0.25))           -- the delay ends at 0.5, inside this update
    assert.are.equal(10, o.x)
    assert.are.same({ "start", "complete" }, log)
    assert.is_true(a:done())
  end)

  it("a delay that ends exactly at the end of an update: completed when the usual play starts it", function()
    local anim, twin = kinetic.animator { reduced_motion = true }, kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local started, tstarted = false, false
    anim:to(o, 1, { x = 10 }, { delay = 0.5, on_start = function() started = true end })
    twin:to(p, 1, { x = 10 }, { delay = 0.5, on_start = function() tstarted = true end })
    anim:update(0.25); twin:update(0.25)
    anim:update(0.25); twin:update(0.25)
    assert.are.equal(tstarted, started)
    assert.are.equal(started and 10 or 0, o.x)
    anim:update(0.25)
    assert.are.equal(10, o.x)
  end)

  it("endless tweens and sequences are not reduced; update returns the count left", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o, p, q = { x = 0 }, { y = 0 }, { z = 0 }
    local a = anim:to(o, 1, { x = 10 }, { easing = "linear", iterations = math.huge, after = "restart" })
    local s = anim:sequence { iterations = math.huge, after = "reverse" }
    s:to(p, 1, { y = 10 }, { easing = "linear" })
    anim:to(q, 1, { z = 10 }, { easing = "linear" })
    assert.are.equal(2, anim:update(0.25))
    assert.are.equal(2.5, o.x)
    assert.are.equal(2.5, p.y)
    assert.are.equal(10, q.z)
    assert.are.equal(2, anim:update(1))
    assert.are.equal(2.5, o.x)                       -- restarted: 1.25 -> 0.25
    assert.are.equal(7.5, p.y)                       -- reversing: 1.25 -> 0.75
    assert.is_false(a:done())
    assert.is_false(s:done())
  end)

  it("animations running when it is turned on play as usual; those that start after are reduced", function()
    local anim = kinetic.animator()
    local o, p, q = { x = 0 }, { x = 0 }, { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear" })
    anim:to(q, 1, { x = 10 }, { easing = "linear", delay = 0.5 })
    anim:update(0.25)
    assert.are.equal(2.5, o.x)
    anim:reduced_motion(true)
    anim:to(p, 1, { x = 10 }, { easing = "linear" })
    assert.are.equal(2, anim:update(0.125))          -- o runs on, p completes, q still waits
    assert.are.equal(3.75, o.x)
    assert.are.equal(10, p.x)
    assert.are.equal(0, q.x)
    assert.are.equal(1, anim:update(0.25))           -- q's delay ends at 0.5: reduced
    assert.are.equal(6.25, o.x)
    assert.are.equal(10, q.x)
    assert.are.equal(0, anim:update(0.75))
    assert.are.equal(10, o.x)
  end)

  it("a chain behind a running animation: the link that joins after it is turned on is reduced", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local log, rec = recorder()
    local a = anim:to(o, 1, { x = 10 }, { easing = "linear", on_complete = rec("a complete") })
    a:after(1, { y = 5 }, { easing = "linear", on_start = rec("b start"), on_complete = rec("b complete") })
    anim:update(0.5)
    anim:reduced_motion(true)
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(7.5, o.x)
    assert.are.equal(0, o.y)
    assert.are.equal(0, anim:update(0.5))            -- a ends at 1; b joins and completes
    assert.are.equal(10, o.x)
    assert.are.equal(5, o.y)
    -- b starts at a's end, the same instant: that tie's order is not asserted
    assert.are.equal(3, #log)
    before(log, "a complete", "b complete")
    before(log, "b start", "b complete")
  end)

  it("turned off again: new animations play as usual", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o, p = { x = 0 }, { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear" })
    anim:update(0.1)
    assert.are.equal(10, o.x)
    anim:reduced_motion(false)
    local a = anim:to(p, 1, { x = 10 }, { easing = "linear" })
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(2.5, p.x)
    anim:reduced_motion(true)                        -- already running: plays on
    anim:update(0.25)
    assert.are.equal(5, p.x)
    assert.is_false(a:done())
  end)

  it("the values equal those a normal animator ends on, for every kind at once", function()
    local function build(anim)
      local o = { a = 1, b = 2, c = { 0, 1 }, d = 5, e = 0 }
      anim:to(o, 0.7, { a = 20 }, { easing = "outElastic", round = 0.5 })
      anim:from(o, 0.4, { b = -3 }, { easing = "inOutSine" })
      anim:to(o, 0.3, { c = { 4, -4 } }, { easing = "steps(3)", delay = 0.1 })
      anim:spring(o, { d = 12 }, { frequency = 2, damping_ratio = 0.3 })
      anim:fling(o, "e", -700, { kind = "decay", round = true })
      return o
    end
    local anim = kinetic.animator { reduced_motion = true }
    local o = build(anim)
    anim:update(0.2)
    assert.are.equal(0, anim:count())
    local twin = kinetic.animator()
    local t = build(twin)
    twin:update(1000)
    assert.are.equal(0, twin:count())
    assert.are.same(t, o)
  end)
end)
