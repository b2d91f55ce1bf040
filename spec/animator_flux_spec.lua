-- luacheck: no max line length
-- What flux (rxi/flux) users rely on, as its README describes it, on
-- kinetic.animator(): flux.to(obj, time, vars) is anim:to(obj, time, vars);
-- :ease, :delay, :onstart/:onupdate/:oncomplete (here on_start, on_update,
-- on_complete), :after, :stop; a tween of a field that another tween drives
-- takes the field over.  Unlike flux, time is exact: a delay or a chained
-- tween that begins inside a frame gets the rest of that frame.
local kinetic = require("kinetic")

local function timeline1(from, to, duration, easing, extra)
  local def = { from = from, { to = to, duration = duration, easing = easing } }
  for k, v in pairs(extra or {}) do def[k] = v end
  return kinetic.timeline(def)
end

describe("flux's README, ported", function()
  it("flux.to(o, .5, {x = 100, y = 50}):ease('quadout'):delay(.2):oncomplete(fn), one line", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local calls, seen = 0, nil
    local function fn(a) calls = calls + 1; seen = { a, o.x, o.y } end
    local a = anim:to(o, .5, { x = 100, y = 50 }):ease("quadout"):delay(.2):on_complete(fn)
    assert.are.equal("kinetic.Animation", tostring(a):match("^kinetic%.Animation"))
    local tx = timeline1(0, 100, 0.5, "outQuad", { delay = 0.2 })
    local ty = timeline1(0, 50, 0.5, "outQuad", { delay = 0.2 })
    for f = 1, 60 do
      anim:update(1 / 60)
      assert.are.equal(tx:update(1 / 60), o.x, "frame " .. f)
      assert.are.equal(ty:update(1 / 60), o.y, "frame " .. f)
    end
    assert.are.equal(1, calls)
    assert.are.same({ a, 100, 50 }, seen)
  end)

  it("every chaining setter returns the animation itself", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 1 })
    local f = function() end
    assert.are.equal(a, a:ease("linear"))
    assert.are.equal(a, a:delay(0.1))
    assert.are.equal(a, a:on_start(f))
    assert.are.equal(a, a:on_update(f))
    assert.are.equal(a, a:on_complete(f))
  end)

  it("ease and delay replace: the last one set is used", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 1 }, { easing = "inCubic", delay = 5 }):ease("inQuad"):delay(0.5):ease("linear"):delay(0.25)
    anim:update(0.5)
    assert.are.equal(0.25, o.x)
  end)

  it("the callback setters add: the option's function first, then each setter's in order", function()
    local anim = kinetic.animator()
    local log = {}
    local function rec(name) return function() log[#log + 1] = name end end
    local o = { x = 0 }
    anim:to(o, 0.25, { x = 1 }, { on_start = rec("start 0"), on_complete = rec("complete 0") })
        :on_start(rec("start 1")):on_complete(rec("complete 1"))
        :on_start(rec("start 2")):on_complete(rec("complete 2"))
    anim:update(0.125)
    assert.are.same({ "start 0", "start 1", "start 2" }, log)
    anim:update(0.125)
    assert.are.same({ "start 0", "start 1", "start 2", "complete 0", "complete 1", "complete 2" }, log)
  end)

  it("on_update on every frame the tween moves, added the same way", function()
    local anim = kinetic.animator()
    local a_count, b_count = 0, 0
    local o = { x = 0 }
    anim:to(o, 0.5, { x = 1 }, { delay = 0.1875, on_update = function() a_count = a_count + 1 end })
        :on_update(function() b_count = b_count + 1 end)
    anim:update(0.125)                               -- waiting: no update
    assert.are.equal(0, a_count)
    for _ = 1, 5 do anim:update(0.125) end          -- moves from 0.1875 to 0.6875: five frames
    assert.are.equal(5, a_count)
    assert.are.equal(5, b_count)
    for _ = 1, 4 do anim:update(0.125) end          -- done: nothing more
    assert.are.equal(5, a_count)
  end)

  it("on_start fires when the delay ends, not at the call", function()
    local anim = kinetic.animator()
    local started, seen = 0, nil
    local o = { x = 3 }
    anim:to(o, 1, { x = 10 }, { delay = 0.5, on_start = function() started = started + 1; seen = o.x end })
    anim:update(0.25)
    assert.are.equal(0, started)
    anim:update(0.375)                               -- the delay ends inside this frame
    assert.are.equal(1, started)
    assert.are.equal(o.x, seen)                       -- sees the frame's value
    for _ = 1, 20 do anim:update(0.125) end
    assert.are.equal(1, started)
  end)

  it("on_complete exactly once, with the end values already written", function()
    local anim = kinetic.animator()
    local o = { x = 0, c = { 0, 0 } }
    local log = {}
    anim:to(o, 0.3, { x = 100, c = { 1, 2 } }, { on_complete = function(a)
      log[#log + 1] = { o.x, o.c[1], o.c[2], a:done() }
    end })
    for _ = 1, 50 do anim:update(1 / 60) end
    assert.are.same({ { 100, 1, 2, true } }, log)
  end)

  it("stop: the fields stay where they are and on_complete never fires", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local completes = 0
    local a = anim:to(o, 1, { x = 1 }, { easing = "linear", on_complete = function() completes = completes + 1 end })
    anim:update(0.25)
    a:stop()
    assert.are.equal(0.25, o.x)
    for _ = 1, 10 do anim:update(0.25) end
    assert.are.equal(0.25, o.x)
    assert.are.equal(0, completes)
    assert.are.equal(0, anim:count())
  end)
end)

describe("override (flux's rule)", function()
  it("a new tween of a driven field takes it over; the old one goes on with its other fields", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local a_done, b_done = 0, 0
    local a = anim:to(o, 1, { x = 100, y = 100 }, { easing = "linear", on_complete = function() a_done = a_done + 1 end })
    anim:update(0.25)
    assert.are.equal(25, o.x)
    local b = anim:to(o, 1, { x = -50 }, { easing = "linear", on_complete = function() b_done = b_done + 1 end })
    anim:update(0)                                   -- b starts: it reads x = 25, a lets go of x
    assert.are.equal(25, o.x)
    assert.are.equal(25, o.y)
    assert.are.equal(2, anim:count())
    anim:update(0.5)
    assert.are.equal(-12.5, o.x)                     -- b: 25 -> -50, halfway
    assert.are.equal(75, o.y)                        -- a: still on y
    anim:update(0.25)
    assert.are.equal(100, o.y)
    assert.are.equal(1, a_done)                      -- a completed with y
    assert.is_true(a:done())
    assert.is_false(b:done())
    anim:update(0.25)
    assert.are.equal(-50, o.x)
    assert.are.equal(1, b_done)
  end)

  it("an animation left with no field ends at once, without on_complete", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local completes = 0
    local a = anim:to(o, 1, { x = 100 }, { easing = "linear", on_complete = function() completes = completes + 1 end })
    anim:update(0.5)
    anim:to(o, 1, { x = 0 }, { easing = "linear" })
    anim:update(0.25)
    assert.is_true(a:done())
    assert.are.equal(1, anim:count())
    for _ = 1, 10 do anim:update(0.25) end
    assert.are.equal(0, completes)
    assert.are.equal(0, o.x)
  end)

  it("the new tween continues from this frame's value (the older one has written first)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 100 }, { easing = "linear" })
    anim:update(0.25)
    anim:to(o, 1, { x = 0 }, { easing = "linear", delay = 0.125 })
    anim:update(0.25)       -- the old one writes 50 (at 0.5); the new one starts at 0.125 from this frame's 50
    assert.are.equal(50 - 50 * 0.125, o.x)
  end)

  it("the override happens when the new tween starts, not when it is made", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 100 }, { easing = "linear" })
    anim:to(o, 1, { x = -100 }, { easing = "linear", delay = 0.375 })
    anim:update(0.25)
    assert.are.equal(25, o.x)                        -- the first still drives x during the delay
    anim:update(0.25)                                -- the second starts at 0.375 from this frame's 50
    assert.are.equal(50 - 150 * 0.125, o.x)
    anim:update(0.5)
    assert.are.equal(50 - 150 * 0.625, o.x)          -- the first one no longer writes x
  end)

  it("other targets and other animators are not affected", function()
    local anim, other = kinetic.animator(), kinetic.animator()
    local o, p = { x = 0, y = 0 }, { x = 0 }
    anim:to(o, 1, { x = 1 }, { easing = "linear" })
    anim:to(p, 1, { x = 2 }, { easing = "linear" })
    other:to(o, 1, { y = 5 }, { easing = "linear" })
    anim:update(0.5); other:update(0.5)
    assert.are.equal(0.5, o.x)
    assert.are.equal(1, p.x)
    assert.are.equal(2.5, o.y)
    assert.are.equal(2, anim:count())
  end)
end)

describe("after (chains)", function()
  it("a:after(d, v) starts when a completes, on a's target, with the rest of the frame", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 0.5, { x = 10 })
    local b = a:after(0.5, { x = 20 })
    assert.are_not.equal(a, b)
    assert.are.equal("kinetic.Animation", tostring(b):match("^kinetic%.Animation"))
    local tl = kinetic.timeline { from = 0, { to = 10, duration = 0.5, easing = "outQuad" },
                                  { to = 20, duration = 0.5, easing = "outQuad" } }
    assert.are.equal(1, anim:count())                -- a chained animation not yet started does not count
    for f = 1, 80 do
      anim:update(1 / 64)
      assert.are.equal(tl:update(1 / 64), o.x, "frame " .. f)
    end
    assert.are.equal(20, o.x)
    assert.is_true(b:done())
  end)

  it("the chained animation starts in the very frame a completes (exact carry-over)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local b_started = 0
    anim:to(o, 0.5, { x = 10 }, { easing = "linear" })
        :after(1, { x = 20 }, { easing = "linear", on_start = function() b_started = b_started + 1 end })
    anim:update(0.375)
    assert.are.equal(7.5, o.x)
    anim:update(0.375)                               -- a ends at 0.5; b plays 0.25 s from 10
    assert.are.equal(12.5, o.x)
    assert.are.equal(1, b_started)
    assert.are.equal(1, anim:count())
  end)

  it("a:after(obj2, d, v) animates another target", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 5 }
    local b = anim:to(o, 0.25, { x = 1 }, { easing = "linear" }):after(p, 0.5, { y = 0 }, { easing = "linear" })
    anim:update(0.25)
    assert.are.equal(1, o.x)
    assert.are.equal(5, p.y)
    anim:update(0.25)
    assert.are.equal(2.5, p.y)
    assert.is_nil(p.x)
    assert.is_nil(o.y)
    anim:update(0.25)
    assert.are.equal(0, p.y)
    assert.is_true(b:done())
  end)

  it("chains of chains: after returns the new animation, whose own after follows it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    anim:to(o, 0.25, { x = 1 }, { on_complete = function() log[#log + 1] = { 1, o.x } end })
        :after(0.25, { x = 2 }, { on_complete = function() log[#log + 1] = { 2, o.x } end })
        :after(0.25, { x = 3 }, { on_complete = function() log[#log + 1] = { 3, o.x } end })
    anim:update(0.25)
    assert.are.same({ { 1, 1 } }, log)
    anim:update(0.25)
    assert.are.same({ { 1, 1 }, { 2, 2 } }, log)
    anim:update(0.25)
    assert.are.same({ { 1, 1 }, { 2, 2 }, { 3, 3 } }, log)
    assert.are.equal(0, anim:count())
  end)

  it("the chained tween reads its start values when it starts (after a moved them)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 0.25, { x = 8 }, { easing = "linear" }):after(0.5, { x = "+=4" }, { easing = "linear" })
    anim:update(0.25)
    anim:update(0.25)
    assert.are.equal(10, o.x)                        -- 8 -> 12, halfway
    anim:update(1)
    assert.are.equal(12, o.x)
  end)

  it("one big frame runs through a whole chain, each part ending on its end values", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local seen = {}
    anim:to(o, 0.3, { x = 1 }, { easing = "outBack", on_complete = function() seen[1] = o.x end })
        :after(0.2, { y = 2 }, { easing = "inOutElastic", on_complete = function() seen[2] = o.y end })
        :after(0.1, { x = 3 }, { on_complete = function() seen[3] = o.x end })
    assert.are.equal(0, anim:update(10))
    assert.are.equal(3, o.x)
    assert.are.equal(2, o.y)
    assert.are.equal(2, seen[2])
    assert.are.equal(3, seen[3])
    assert.are.equal(3, seen[1])                     -- the frame's x: the third part moved it later in the frame
  end)
end)
