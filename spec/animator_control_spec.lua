-- luacheck: no max line length
-- Controlling animations: a:stop / finish / pause / resume / seek / time /
-- progress / time_scale / done, and the animator's own stop, pause, resume,
-- time_scale and count.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local function linear_to(anim, obj, d, values, opts)
  opts = opts or {}
  opts.easing = opts.easing or "linear"
  return anim:to(obj, d, values, opts)
end

describe("a:stop()", function()
  it("leaves the fields where they are, fires no on_complete, and the animation is done", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local completes = 0
    local a = linear_to(anim, o, 1, { x = 1 }, { on_complete = function() completes = completes + 1 end })
    linear_to(anim, p, 1, { x = 1 })
    anim:update(0.5)
    a:stop()
    assert.is_true(a:done())
    assert.are.equal(0.5, o.x)
    assert.are.equal(1, anim:count())
    assert.are.equal(0, anim:update(0.5))
    assert.are.equal(0.5, o.x)
    assert.are.equal(1, p.x)
    assert.are.equal(0, completes)
    a:stop()                                         -- on a done handle: nothing happens
    assert.are.equal(0.5, o.x)
  end)

  it("a waiting animation that is stopped never starts", function()
    local anim = kinetic.animator()
    local o = { x = 3 }
    local started = 0
    local a = linear_to(anim, o, 1, { x = 1 }, { delay = 0.5, on_start = function() started = started + 1 end })
    anim:update(0.25)
    a:stop()
    for _ = 1, 10 do anim:update(0.25) end
    assert.are.equal(3, o.x)
    assert.are.equal(0, started)
  end)

  it("discards the after chain", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local started = 0
    local a = linear_to(anim, o, 1, { x = 1 })
    local b = a:after(1, { y = 1 }, { on_start = function() started = started + 1 end })
    b:after(1, { y = 5 })
    anim:update(0.5)
    a:stop()
    for _ = 1, 20 do anim:update(0.25) end
    assert.are.equal(0.5, o.x)
    assert.are.equal(0, o.y)
    assert.are.equal(0, started)
    assert.are.equal(0, anim:count())
  end)
end)

describe("a:finish()", function()
  it("writes the end values at once and fires on_complete inside finish", function()
    local anim = kinetic.animator()
    local o = { x = 3, c = { 0, 0 } }
    local log = {}
    local a = anim:to(o, 1, { x = "+=10", c = { 4, 5 } }, { on_complete = function(h_)
      log[#log + 1] = { "complete", o.x, o.c[1], o.c[2], h_ }
    end })
    anim:update(0.25)
    log[#log + 1] = { "before" }
    a:finish()
    log[#log + 1] = { "after" }
    assert.are.same({ { "before" }, { "complete", 13, 4, 5, a }, { "after" } }, log)
    assert.are.equal(13, o.x)
    assert.is_true(a:done())
    assert.are.equal(0, anim:update(0.25))
    assert.are.equal(3, #log)                        -- not again
  end)

  it("on an animation still in its delay: reads the start values then and ends", function()
    local anim = kinetic.animator()
    local o = { x = 1 }
    local completes = 0
    local a = anim:to(o, 1, { x = "-=4" }, { delay = 1, on_complete = function() completes = completes + 1 end })
    anim:update(0.25)
    o.x = 10
    a:finish()
    assert.are.equal(6, o.x)
    assert.are.equal(1, completes)
    assert.are.equal(0, anim:count())
  end)

  it("ends where the last pass ends: reverse with an even count ends on the start values", function()
    local anim = kinetic.animator()
    local o = { x = 2 }
    local a = anim:to(o, 0.5, { x = 9 }, { after = "reverse", iterations = 2 })
    anim:update(0.1)
    a:finish()
    assert.are.equal(2, o.x)
    local p = { x = 2 }
    anim:to(p, 0.5, { x = 9 }, { after = "restart", iterations = 3 }):finish()
    assert.are.equal(9, p.x)
  end)

  it("starts the after chain at once", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = linear_to(anim, o, 1, { x = 10 })
    a:after(1, { x = 20 }, { easing = "linear" })
    anim:update(0.5)
    a:finish()
    assert.are.equal(10, o.x)
    anim:update(0.25)
    assert.are.equal(12.5, o.x)
  end)

  it("refuses an endless animation", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 1 }, { after = "restart", iterations = math.huge })
    h.fails_bad_argument("bad argument #1 to 'finish' (endless animation (iterations = inf))", a.finish, a)
    h.fails("endless animation (iterations = inf)", function() a:finish() end)
    assert.is_false(a:done())
    assert.are.equal(1, anim:count())
  end)
end)

describe("a:pause() and a:resume()", function()
  it("a paused animation keeps its clock and its fields; the others go on; it still counts", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local a = linear_to(anim, o, 1, { x = 1 })
    linear_to(anim, p, 1, { x = 1 })
    anim:update(0.25)
    a:pause()
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.5, p.x)
    assert.are.equal(0.25, a:time())
    assert.are.equal(2, anim:count())
    assert.is_false(a:done())
    a:resume()
    anim:update(0.25)
    assert.are.equal(0.5, o.x)
    assert.are.equal(0.5, a:time())
  end)

  it("pausing during the delay holds the delay", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = linear_to(anim, o, 1, { x = 1 }, { delay = 0.5 })
    anim:update(0.25)
    a:pause()
    for _ = 1, 10 do anim:update(0.25) end
    assert.are.equal(0, o.x)
    assert.are.equal(0.25, a:time())
    a:resume()
    anim:update(0.5)
    assert.are.equal(0.25, o.x)
  end)

  it("tostring shows the state: waiting, running, paused, done", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 0.5, { x = 1 }, { delay = 0.25 })
    assert.are.equal("kinetic.Animation (tween, waiting)", tostring(a))
    assert.are.equal("kinetic.Animator (1 running)", tostring(anim))
    anim:update(0.5)
    assert.are.equal("kinetic.Animation (tween, running)", tostring(a))
    a:pause()
    assert.are.equal("kinetic.Animation (tween, paused)", tostring(a))
    a:resume()
    anim:update(1)
    assert.are.equal("kinetic.Animation (tween, done)", tostring(a))
    assert.are.equal("kinetic.Animator (0 running)", tostring(anim))
  end)
end)

describe("a:seek(t), a:time(), a:progress(), a:done()", function()
  it("time() is the animation's own clock, delay included", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 1 }, { delay = 0.5 })
    assert.are.equal(0, a:time())
    anim:update(0.25)
    assert.are.equal(0.25, a:time())
    anim:update(0.5)
    assert.are.equal(0.75, a:time())
    anim:update(10)
    assert.are.equal(1.5, a:time())                  -- the total at most
  end)

  it("seek writes the fields at once and fires nothing itself", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    local a = linear_to(anim, o, 1, { x = 8 }, {
      on_start = function() log[#log + 1] = "start" end,
      on_update = function() log[#log + 1] = "update" end,
      on_complete = function() log[#log + 1] = "complete" end,
    })
    anim:update(0.25)
    assert.are.same({ "start", "update" }, log)
    a:seek(0.75)
    assert.are.equal(6, o.x)
    assert.are.equal(0.75, a:time())
    a:seek(0.125)
    assert.are.equal(1, o.x)
    assert.are.same({ "start", "update" }, log)
    anim:update(0.125)
    assert.are.equal(2, o.x)
  end)

  it("seek past the delay starts the animation (reads its start values); on_start comes with the next update", function()
    local anim = kinetic.animator()
    local o = { x = 4 }
    local started = 0
    local a = anim:to(o, 1, { x = "+=4" }, { delay = 1, easing = "linear", on_start = function() started = started + 1 end })
    a:seek(0.5)                                      -- still in the delay: nothing written
    assert.are.equal(4, o.x)
    o.x = 0
    a:seek(1.5)
    assert.are.equal(2, o.x)                         -- 0 -> 4, halfway
    assert.are.equal(0, started)
    anim:update(0)
    assert.are.equal(1, started)
    anim:update(0.25)
    assert.are.equal(3, o.x)
    assert.are.equal(1, started)
  end)

  it("seek to the end writes the end values; on_complete fires at the next update", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local completes = 0
    local a = linear_to(anim, o, 1, { x = 5 }, { on_complete = function() completes = completes + 1 end })
    anim:update(0.5)
    a:seek(1e9)                                      -- clamped to the total
    assert.are.equal(1, a:time())
    assert.are.equal(5, o.x)
    assert.are.equal(0, completes)
    assert.are.equal(0, anim:update(0.1))
    assert.are.equal(1, completes)
    assert.is_true(a:done())
  end)

  it("seek is clamped to the total: delay + iterations x duration", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 0.5, { x = 1 }, { delay = 0.25, iterations = 3, after = "reverse" })
    a:seek(100)
    assert.are.equal(1.75, a:time())
  end)

  it("progress: the position within the current pass before easing; 0 while waiting, 1 when done", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 2, { x = 1 }, { delay = 0.5, easing = "outQuad" })
    assert.are.equal(0, a:progress())
    anim:update(0.25)
    assert.are.equal(0, a:progress())
    anim:update(0.75)
    assert.are.equal(0.25, a:progress())             -- not outQuad(0.25)
    anim:update(10)
    assert.are.equal(1, a:progress())
    local b = anim:to({ x = 0 }, 1, { x = 1 }, { after = "restart", iterations = 3 })
    anim:update(2.25)
    assert.are.equal(0.25, b:progress())
  end)

  it("done() is false while waiting or running, true once completed", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 0.5, { x = 1 }, { delay = 0.5 })
    assert.is_false(a:done())
    anim:update(0.75)
    assert.is_false(a:done())
    anim:update(0.25)
    assert.is_true(a:done())
  end)
end)

describe("a:time_scale([s])", function()
  it("gets (default 1) and sets (returns the animation); the animation runs s times as fast", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 1.3, { x = 10 }, { easing = "inOutQuad" })
    assert.are.equal(1, a:time_scale())
    assert.are.equal(a, a:time_scale(2))
    assert.are.equal(2, a:time_scale())
    local tl = kinetic.timeline { from = 0, { to = 10, duration = 1.3, easing = "inOutQuad" } }
    for f = 1, 50 do
      anim:update(1 / 60)
      assert.are.equal(tl:update(2 / 60), o.x, "frame " .. f)
    end
  end)

  it("0 freezes it; changing the scale mid-way continues from where it is", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = linear_to(anim, o, 1, { x = 1 })
    anim:update(0.25)
    a:time_scale(0)
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.25, a:time())
    a:time_scale(0.5)
    anim:update(0.25)
    assert.are.equal(0.375, o.x)
  end)
end)

describe("the animator's controls", function()
  it("anim:stop(): stops every animation, fields stay, no on_complete", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local completes = 0
    local cb = function() completes = completes + 1 end
    linear_to(anim, o, 1, { x = 1 }, { on_complete = cb })
    linear_to(anim, p, 1, { y = 1 }, { on_complete = cb })
    linear_to(anim, p, 1, { z = 1 }, { on_complete = cb, delay = 0.5 })
    anim:update(0.25)
    anim:stop()
    assert.are.equal(0, anim:count())
    assert.are.equal(0, anim:update(1))
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.25, p.y)
    assert.is_nil(p.z)
    assert.are.equal(0, completes)
  end)

  it("anim:stop(target): every animation on that target, and only those", function()
    local anim = kinetic.animator()
    local o, p = { x = 0, y = 0 }, { x = 0 }
    local a1 = linear_to(anim, o, 1, { x = 1 })
    local a2 = linear_to(anim, o, 1, { y = 1 })
    local b = linear_to(anim, p, 1, { x = 1 })
    anim:update(0.25)
    anim:stop(o)
    assert.is_true(a1:done())
    assert.is_true(a2:done())
    assert.is_false(b:done())
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.25, o.y)
    assert.are.equal(0.5, p.x)
  end)

  it("anim:stop(target, field): lets go of one field, the animation goes on with the others", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local completes = 0
    local a = linear_to(anim, o, 1, { x = 1, y = 1 }, { on_complete = function() completes = completes + 1 end })
    anim:update(0.25)
    anim:stop(o, "x")
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.5, o.y)
    assert.is_false(a:done())
    anim:update(0.5)
    assert.are.equal(1, o.y)
    assert.are.equal(1, completes)
  end)

  it("anim:stop(target, field) on its last field ends it without on_complete", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local completes = 0
    local a = linear_to(anim, o, 1, { x = 1 }, { on_complete = function() completes = completes + 1 end })
    anim:update(0.25)
    anim:stop(o, "x")
    assert.is_true(a:done())
    assert.are.equal(0, anim:count())
    anim:update(1)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0, completes)
  end)

  it("anim:pause() / resume(): update moves nothing but still returns the count", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local updates = 0
    linear_to(anim, o, 1, { x = 1 }, { on_update = function() updates = updates + 1 end })
    anim:update(0.25)
    anim:pause()
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(1, anim:count())
    assert.are.equal(0.25, o.x)
    assert.are.equal(1, updates)
    -- made while paused: waits too
    local p = { y = 0 }
    linear_to(anim, p, 1, { y = 1 })
    assert.are.equal(2, anim:update(0.25))
    assert.are.equal(0, p.y)
    anim:resume()
    anim:update(0.25)
    assert.are.equal(0.5, o.x)
    assert.are.equal(0.25, p.y)
  end)

  it("anim:time_scale(s) multiplies each animation's own scale", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local a = linear_to(anim, o, 10, { x = 10 })
    linear_to(anim, p, 10, { x = 10 })
    assert.are.equal(1, anim:time_scale())
    assert.are.equal(anim, anim:time_scale(0.5))
    assert.are.equal(0.5, anim:time_scale())
    a:time_scale(4)
    assert.are.equal(4, a:time_scale())              -- its own scale, not the product
    anim:update(1)
    assert.are.equal(2, o.x)
    assert.are.equal(0.5, p.x)
    anim:time_scale(0)
    anim:update(1)
    assert.are.equal(2, o.x)
    anim:time_scale(1)
    anim:update(1)
    assert.are.equal(6, o.x)
    assert.are.equal(1.5, p.x)
  end)

  it("anim:count(): top-level live animations", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0, z = 0 }
    local a = anim:to(o, 1, { x = 1 })
    a:after(1, { x = 0 })                            -- not started: not counted
    anim:to({ o, { z = 0 } }, 1, { z = 1 }, { stagger = 0.1 })  -- a group counts 1
    local seq = anim:sequence()
    seq:to(o, 1, { y = 1 }):to(o, 1, { y = 0 })        -- a sequence counts 1
    assert.are.equal(3, anim:count())
    assert.are.equal(3, anim:update(1.05))
    assert.are.equal(3, anim:count())                -- a done, its after running; group done at 1.1
    assert.are.equal(2, anim:update(0.1))
  end)
end)
