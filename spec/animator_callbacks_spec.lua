-- luacheck: no max line length
-- Callbacks: anim:update(dt) moves every animation and writes every field
-- first, then fires the frame's callbacks in the order of the instants they
-- belong to.  Callbacks may call anything on the animator but update; one
-- that raises leaves the animator consistent.
local kinetic = require("kinetic")

describe("what a callback sees", function()
  it("every field of the frame is written before any callback runs", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local seen
    anim:to(o, 0.25, { x = 1 }, { easing = "linear", on_complete = function() seen = { o.x, p.y } end })
    anim:to(p, 1, { y = 1 }, { easing = "linear" })  -- made later, moved after o in the frame
    anim:update(0.5)
    assert.are.same({ 1, 0.5 }, seen)                -- p.y already at this frame's value
  end)

  it("on_start sees the frame's values, not the start values", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local seen
    anim:to(o, 1, { x = 1 }, { easing = "linear", delay = 0.25, on_start = function() seen = o.x end })
    anim:update(0.75)
    assert.are.equal(0.5, seen)
  end)

  it("on_complete sees the frame's value of a field that a later animation moved in the same frame", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local seen
    anim:to(o, 0.5, { x = 10 }, { easing = "linear", on_complete = function() seen = o.x end })
        :after(1, { x = 20 }, { easing = "linear" })
    anim:update(0.75)
    assert.are.equal(12.5, o.x)
    assert.are.equal(12.5, seen)
  end)

  it("on_update once a frame, while moving (not while waiting, paused or done)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local n, values = 0, {}
    local a = anim:to(o, 1, { x = 1 }, { easing = "linear", delay = 0.1, on_update = function(h_)
      n = n + 1
      values[#values + 1] = o.x
      assert.is_true(h_ ~= nil)
    end })
    anim:update(0.05)
    assert.are.equal(0, n)
    for _ = 1, 4 do anim:update(0.125) end
    assert.are.equal(4, n)
    assert.are.equal(o.x, values[4])
    a:pause()
    anim:update(0.125)
    assert.are.equal(4, n)
    a:resume()
    for _ = 1, 10 do anim:update(0.125) end
    assert.are.equal(4 + 5, n)                       -- ends at 1.1: five more frames (0.675 ... 1.175)
    assert.are.equal(1, values[#values])
  end)
end)

describe("order within a frame", function()
  it("callbacks fire in the order of their instants, not of creation", function()
    local anim = kinetic.animator()
    local log = {}
    local function rec(s) return function() log[#log + 1] = s end end
    local o = { a = 0, b = 0, c = 0, d = 0 }
    anim:to(o, 0.375, { a = 1 }, { on_complete = rec("a complete (0.375)") })
    anim:to(o, 0.125, { b = 1 }, { delay = 0.125, on_start = rec("b start (0.125)"), on_complete = rec("b complete (0.25)") })
    anim:to(o, 0.25, { c = 1 }, { delay = 0.0625, on_start = rec("c start (0.0625)"), on_complete = rec("c complete (0.3125)") })
    anim:to(o, 0.125, { d = 1 }, { delay = 0.1875, on_start = rec("d start (0.1875)") })
    anim:update(0.5)
    assert.are.same({ "c start (0.0625)", "b start (0.125)", "d start (0.1875)", "b complete (0.25)",
                      "c complete (0.3125)", "a complete (0.375)" }, log)
  end)

  it("two animations completing in one frame at different instants fire in instant order", function()
    local anim = kinetic.animator()
    local log = {}
    local o = { x = 0, y = 0 }
    anim:to(o, 0.3, { x = 1 }, { on_complete = function() log[#log + 1] = "x" end })
    anim:to(o, 0.2, { y = 1 }, { on_complete = function() log[#log + 1] = "y" end })
    anim:update(1 / 60)
    anim:update(0.5)
    assert.are.same({ "y", "x" }, log)
  end)

  it("at one instant: start, then update, then complete; ties in creation order", function()
    local anim = kinetic.animator()
    local log = {}
    local function rec(s) return function() log[#log + 1] = s end end
    local o = { x = 0, y = 0 }
    anim:to(o, 0.5, { x = 1 }, { on_start = rec("x start"), on_update = rec("x update"), on_complete = rec("x complete") })
    anim:to(o, 0.5, { y = 1 }, { on_start = rec("y start"), on_update = rec("y update"), on_complete = rec("y complete") })
    anim:update(0.25)
    assert.are.same({ "x start", "y start", "x update", "y update" }, log)
    log = {}
    anim:update(0.25)                                -- both end at the frame's end
    assert.are.same({ "x update", "y update", "x complete", "y complete" }, log)
  end)
end)

describe("reentrancy", function()
  it("a callback may start animations; they run from the next update", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local made
    anim:to(o, 0.25, { x = 1 }, { on_complete = function()
      made = anim:to(p, 0.5, { y = 1 }, { easing = "linear" })
    end })
    assert.are.equal(1, anim:update(0.25))           -- the count after the update, callbacks included
    assert.are.equal(1, anim:count())
    assert.are.equal(0, p.y)
    anim:update(0.25)
    assert.are.equal(0.5, p.y)
    anim:update(0.25)
    assert.are.equal(1, p.y)
    assert.is_true(made:done())
  end)

  it("a callback may stop another animation (its field stays at this frame's value)", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local completes = 0
    local victim = anim:to(p, 1, { y = 1 }, { easing = "linear", on_complete = function() completes = completes + 1 end })
    anim:to(o, 0.25, { x = 1 }, { on_complete = function() victim:stop() end })
    anim:update(0.375)
    assert.are.equal(0.375, p.y)
    assert.is_true(victim:done())
    for _ = 1, 10 do anim:update(0.25) end
    assert.are.equal(0.375, p.y)
    assert.are.equal(0, completes)
  end)

  it("a callback may stop its own animation and everything (anim:stop())", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local updates = 0
    anim:to(o, 1, { x = 1 }, { easing = "linear", on_update = function(a) updates = updates + 1; a:stop() end })
    anim:to(o, 1, { y = 1 }, { easing = "linear", on_update = function() anim:stop() end })
    anim:update(0.25)
    assert.are.equal(0, anim:count())
    anim:update(0.25)
    assert.are.equal(1, updates)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.25, o.y)
  end)

  it("a callback may retarget a spring (the same animation)", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local frames = 0
    local s = anim:spring(o, { x = 10 }, { preset = "stiff", on_update = function(a)
      frames = frames + 1
      if frames == 5 then assert.are.equal(a, anim:spring(o, { x = -10 })) end
    end })
    local ref = kinetic.spring { preset = "stiff", from = 0, to = 10 }
    for f = 1, 200 do
      anim:update(1 / 60)
      assert.are.equal(ref:update(1 / 60), o.x, "frame " .. f)
      if f == 5 then ref:set_target(-10) end
    end
    assert.are.equal(-10, o.x)
    assert.is_true(s:done())
  end)

  it("finish from a callback: the end values and on_complete at once, inside finish", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local log = {}
    local b
    anim:to(o, 0.25, { x = 1 }, { on_complete = function()
      log[#log + 1] = "a"
      b:finish()
      log[#log + 1] = "a after finish: y = " .. string.format("%g", o.y)
    end })
    b = anim:to(o, 5, { y = 3 }, { on_complete = function() log[#log + 1] = "b" end })
    anim:update(0.5)
    assert.are.same({ "a", "b", "a after finish: y = 3" }, log)
    assert.are.equal(0, anim:count())
    anim:update(0.5)
    assert.are.equal(3, #log)
  end)

  it("finish from a callback of an animation that completed in the same frame: on_complete only once", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local log = {}
    local b
    anim:to(o, 0.25, { x = 1 }, { on_complete = function() log[#log + 1] = "a"; b:finish() end })
    b = anim:to(o, 0.375, { y = 1 }, { easing = "linear", on_complete = function() log[#log + 1] = "b" end })
    anim:update(0.5)                                 -- a ends at 0.25, b at 0.375: both in this frame
    assert.are.same({ "a", "b" }, log)
    assert.are.equal(1, o.y)
    anim:update(0.5)
    assert.are.same({ "a", "b" }, log)
  end)

  it("a callback may pause and resume the animator", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    anim:to(o, 0.25, { x = 1 }, { on_complete = function() anim:pause() end })
    anim:to(p, 1, { y = 1 }, { easing = "linear" })
    anim:update(0.25)
    assert.are.equal(0.25, p.y)
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(0.25, p.y)
    anim:resume()
    anim:update(0.25)
    assert.are.equal(0.5, p.y)
  end)

  it("anim:update from a callback of the same animator is refused", function()
    local anim = kinetic.animator()
    local other = kinetic.animator()
    local o, q = { x = 0 }, { x = 0 }
    local err, nested_ok
    other:to(q, 1, { x = 1 }, { easing = "linear" })
    anim:to(o, 0.25, { x = 1 }, { on_complete = function()
      local ok
      ok, err = pcall(function() anim:update(0.1) end)
      assert.is_false(ok)
      nested_ok = pcall(function() other:update(0.5) end)   -- another animator: allowed
    end })
    anim:update(0.25)
    assert.is_string(err)
    assert.truthy(err:find("bad argument #1 to 'update' (update already running)", 1, true), err)
    assert.is_true(nested_ok)
    assert.are.equal(0.5, q.x)
    -- still usable afterwards
    local p = { y = 0 }
    anim:to(p, 1, { y = 1 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(0.5, p.y)
  end)

  it("an error in a callback propagates; the frame's values are written and nothing is lost", function()
    local anim = kinetic.animator()
    local o, p, q = { x = 0 }, { y = 0 }, { z = 0 }
    local log = {}
    local raise = true
    local boom = anim:to(o, 0.25, { x = 1 }, { on_complete = function()
      log[#log + 1] = "boom"
      if raise then error("boom!") end
    end })
    local later = anim:to(q, 0.375, { z = 1 }, { easing = "linear", on_complete = function() log[#log + 1] = "later" end })
    local runner = anim:to(p, 1, { y = 1 }, { easing = "linear", on_update = function() log[#log + 1] = "runner" end })
    local ok, err = pcall(anim.update, anim, 0.5)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("boom!", 1, true))
    assert.are.same({ "boom" }, log)                 -- the callbacks after the raising one are skipped
    assert.are.equal(1, o.x)                         -- every field of the frame written
    assert.are.equal(1, q.z)
    assert.are.equal(0.5, p.y)
    assert.is_true(boom:done())                      -- completed ones are removed
    assert.is_true(later:done())
    assert.is_false(runner:done())
    assert.are.equal(1, anim:count())
    -- usable, and the runner goes on
    anim:update(0.25)
    assert.are.equal(0.75, p.y)
    anim:update(0.25)
    assert.is_true(runner:done())
    assert.are.equal(0, anim:count())
  end)

  it("an error object (not a string) propagates as it is", function()
    local anim = kinetic.animator()
    local obj = {}
    anim:to({ x = 0 }, 0, { x = 1 }, { on_complete = function() error(obj) end })
    local ok, err = pcall(anim.update, anim, 0.1)
    assert.is_false(ok)
    assert.are.equal(obj, err)
    assert.are.equal(0, anim:update(0.1))
  end)

  it("an error in on_start or on_update leaves the animation running", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local raise = true
    local a = anim:to(o, 1, { x = 1 }, { easing = "linear", on_start = function() if raise then error("start") end end })
    assert.has_error(function() anim:update(0.25) end)
    assert.are.equal(0.25, o.x)
    raise = false
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(0.5, o.x)
    assert.is_false(a:done())
  end)
end)
