-- luacheck: no max line length
-- kinetic.animator(): tweens on the fields of the user's tables (anim:to,
-- anim:from).  A tween plays what a kinetic.timeline of the same definition
-- plays -- from = the field's value when the tween starts, one segment to the
-- end value -- so most checks compare the written fields with a timeline
-- updated by the same steps, bit for bit.
local kinetic = require("kinetic")

-- Uneven frame steps (none of them a power of two).
local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
local function dt_of(f) return DTS[(f - 1) % #DTS + 1] end

local function timeline1(from, to, duration, easing, extra)
  local def = { from = from, { to = to, duration = duration, easing = easing } }
  for k, v in pairs(extra or {}) do def[k] = v end
  return kinetic.timeline(def)
end

describe("anim:to", function()
  it("writes each number field as a timeline of the same definition plays it, bit for bit", function()
    local anim = kinetic.animator()
    local obj = { x = 10, y = -3, name = "card" }
    local a = anim:to(obj, 0.75, { x = 100, y = 7 }, { easing = "inOutCubic" })
    assert.are.equal(10, obj.x)                       -- nothing is written at the call
    assert.are.equal(-3, obj.y)
    local tx = timeline1(10, 100, 0.75, "inOutCubic")
    local ty = timeline1(-3, 7, 0.75, "inOutCubic")
    for f = 1, 120 do
      local dt = dt_of(f)
      anim:update(dt)
      assert.are.equal(tx:update(dt), obj.x, "x, frame " .. f)
      assert.are.equal(ty:update(dt), obj.y, "y, frame " .. f)
      assert.are.equal(tx:done(), a:done(), "done, frame " .. f)
    end
    assert.are.equal(100, obj.x)
    assert.are.equal(7, obj.y)
    assert.are.equal("card", obj.name)                -- other fields untouched
    assert.is_true(a:done())
  end)

  it("returns a kinetic.Animation handle", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 1 })
    -- the Lua backend's handles may be tables (API.md, section 12)
    if kinetic._backend ~= "lua" then assert.are.equal("userdata", type(a)) end
    assert.are.equal("kinetic", getmetatable(a))
    assert.are.equal("kinetic.Animation", tostring(a):match("^kinetic%.Animation"))
    assert.are.equal("kinetic.Animator", tostring(anim):match("^kinetic%.Animator"))
  end)

  it("arrays: every component is interpolated and written into the field's own table", function()
    local anim = kinetic.animator()
    local color = { 1, 0.5, 0, 1 }
    local obj = { color = color }
    local goal = { 0, 0.25, 1, 0.5 }
    anim:to(obj, 0.4, { color = goal }, { easing = "inOutQuad" })
    local tl = timeline1({ 1, 0.5, 0, 1 }, { 0, 0.25, 1, 0.5 }, 0.4, "inOutQuad")
    for f = 1, 60 do
      local dt = dt_of(f)
      anim:update(dt)
      local r, g, b, al = tl:update(dt)
      assert.are.equal(color, obj.color, "the same table, written in place")
      assert.are.equal(r, color[1], "frame " .. f)
      assert.are.equal(g, color[2], "frame " .. f)
      assert.are.equal(b, color[3], "frame " .. f)
      assert.are.equal(al, color[4], "frame " .. f)
    end
    assert.are.same({ 0, 0.25, 1, 0.5 }, color)
    assert.are.same({ 0, 0.25, 1, 0.5 }, goal)        -- the values table is not written
  end)

  it("a full userdata target with writable fields (a viewport)", function()
    local anim = kinetic.animator()
    local vp = kinetic.viewport { width = 800, height = 600 }
    anim:to(vp, 1, { scale_x = 3, unit_y = 5 }, { easing = "linear" })
    anim:update(0.25)
    assert.are.equal(1.5, vp.scale_x)
    assert.are.equal(2, vp.unit_y)
    anim:update(1)
    assert.are.equal(3, vp.scale_x)
    assert.are.equal(5, vp.unit_y)
  end)

  it("reads and writes through metamethods (t[k], not rawget / rawset)", function()
    local anim = kinetic.animator()
    local store, writes = { x = 2 }, 0
    local proxy = setmetatable({}, {
      __index = store,
      __newindex = function(_, k, v) writes = writes + 1; store[k] = v end,
    })
    anim:to(proxy, 1, { x = 10 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(6, store.x)
    assert.is_nil(rawget(proxy, "x"))
    assert.is_true(writes >= 1)
    anim:update(0.5)
    assert.are.equal(10, store.x)
  end)
end)

describe("relative values", function()
  it("'+=n' and '-=n' are relative to the value read at the start", function()
    local anim = kinetic.animator()
    local obj = { x = 3, y = 10, z = -1 }
    anim:to(obj, 0.5, { x = "+=10", y = "-=2.5", z = "+=0" }, { easing = "outSine" })
    local tx = timeline1(3, 13, 0.5, "outSine")
    local ty = timeline1(10, 7.5, 0.5, "outSine")
    for f = 1, 40 do
      local dt = dt_of(f)
      anim:update(dt)
      assert.are.equal(tx:update(dt), obj.x, "frame " .. f)
      assert.are.equal(ty:update(dt), obj.y, "frame " .. f)
      assert.are.equal(-1, obj.z)
    end
    assert.are.equal(13, obj.x)
    assert.are.equal(7.5, obj.y)
  end)

  it("on an array field the offset is added to every component", function()
    local anim = kinetic.animator()
    local pos = { 1, -2, 0.5 }
    local obj = { pos = pos }
    anim:to(obj, 1, { pos = "-=4" }, { easing = "linear" })
    anim:update(0.5)
    assert.are.same({ -1, -4, -1.5 }, pos)
    anim:update(0.5)
    assert.are.same({ -3, -6, -3.5 }, pos)
    assert.are.equal(pos, obj.pos)
  end)

  it("a field changed during the delay: the offset applies to the new value", function()
    local anim = kinetic.animator()
    local obj = { x = 0 }
    anim:to(obj, 1, { x = "+=10" }, { delay = 0.5, easing = "linear" })
    anim:update(0.25)
    assert.are.equal(0, obj.x)
    obj.x = 40                               -- while the animation waits
    anim:update(0.25)
    assert.are.equal(40, obj.x)
    anim:update(0.5)
    assert.are.equal(45, obj.x)
    anim:update(0.5)
    assert.are.equal(50, obj.x)
  end)
end)

describe("anim:from", function()
  it("values are the start; the fields' values at the start are the end", function()
    local anim = kinetic.animator()
    local obj = { x = 50, y = 2 }
    anim:from(obj, 0.5, { x = 0, y = "+=10" }, { easing = "outCubic" })
    assert.are.equal(50, obj.x)                       -- not written at the call
    local tx = timeline1(0, 50, 0.5, "outCubic")
    local ty = timeline1(12, 2, 0.5, "outCubic")
    for f = 1, 40 do
      local dt = dt_of(f)
      anim:update(dt)
      assert.are.equal(tx:update(dt), obj.x, "frame " .. f)
      assert.are.equal(ty:update(dt), obj.y, "frame " .. f)
    end
    assert.are.equal(50, obj.x)
    assert.are.equal(2, obj.y)
  end)

  it("the start value is written on the first frame after the delay, not before", function()
    local anim = kinetic.animator()
    local obj = { x = 50, c = { 1, 1 } }
    anim:from(obj, 1, { x = -10, c = { 0, 0.5 } }, { delay = 0.25, easing = "linear" })
    anim:update(0.125)
    assert.are.equal(50, obj.x)                       -- still waiting: untouched
    assert.are.same({ 1, 1 }, obj.c)
    anim:update(0.25)                                 -- started at 0.25, 0.125 s played from the start values
    assert.are.equal(-2.5, obj.x)
    assert.are.same({ 0.125, 0.5625 }, obj.c)
    anim:update(0.875)
    assert.are.equal(50, obj.x)
    assert.are.same({ 1, 1 }, obj.c)
  end)

  it("without a delay the first frame writes the start value (update(0) included)", function()
    local anim = kinetic.animator()
    local obj = { x = 50 }
    anim:from(obj, 1, { x = -10 }, { easing = "linear" })
    anim:update(0)
    assert.are.equal(-10, obj.x)
    anim:update(0.5)
    assert.are.equal(20, obj.x)
  end)
end)

describe("timing", function()
  it("start values are read when the delay ends (a field changed during the delay)", function()
    local anim = kinetic.animator()
    local obj = { x = 0 }
    anim:to(obj, 0.6, { x = 100 }, { delay = 0.5, easing = "outQuad" })
    local tl = timeline1(40, 100, 0.6, "outQuad", { delay = 0.5 })
    local t = 0
    for f = 1, 90 do
      local dt = dt_of(f)
      if t < 0.5 then obj.x = 40 end                  -- the program moves it while the tween waits
      anim:update(dt)
      t = t + dt
      assert.are.equal(tl:update(dt), obj.x, "frame " .. f)   -- the timeline shows 40 during its delay
    end
    assert.are.equal(100, obj.x)
  end)

  it("a delay ending inside a frame starts the tween at that instant; the rest of the frame advances it", function()
    local anim = kinetic.animator()
    local obj = { x = 0, y = 0 }
    anim:to(obj, 1, { x = 1 }, { delay = 0.3125, easing = "linear" })
    anim:to(obj, 1, { y = 1 }, { delay = 0.3125, easing = "outQuad" })
    anim:update(0.25)
    assert.are.equal(0, obj.x)
    anim:update(0.25)                                 -- started at 0.3125: 0.1875 s of it played
    assert.are.equal(0.1875, obj.x)
    assert.are.equal(kinetic.easing("outQuad")(0.1875), obj.y)
    anim:update(0.25)
    assert.are.equal(0.4375, obj.x)
  end)

  it("one frame that covers the whole delay and part of the tween", function()
    local anim = kinetic.animator()
    local obj = { x = 0 }
    anim:to(obj, 2, { x = 8 }, { delay = 0.75, easing = "linear" })
    anim:update(1.75)
    assert.are.equal(4, obj.x)
  end)

  it("with uneven frames and a delay: the timeline with that delay, bit for bit", function()
    local anim = kinetic.animator()
    local obj = { x = -7 }
    anim:to(obj, 0.9, { x = 13 }, { delay = 0.3, easing = "inOutSine" })
    local tl = timeline1(-7, 13, 0.9, "inOutSine", { delay = 0.3 })
    for f = 1, 120 do
      local dt = dt_of(f)
      anim:update(dt)
      assert.are.equal(tl:update(dt), obj.x, "frame " .. f)
    end
  end)

  it("update(0) is allowed and moves nothing", function()
    local anim = kinetic.animator()
    local obj = { x = 0 }
    anim:to(obj, 1, { x = 1 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(1, anim:update(0))
    assert.are.equal(0.5, obj.x)
  end)
end)

describe("easing", function()
  it("defaults to outQuad (flux's quadout)", function()
    local anim = kinetic.animator()
    local obj = { x = 0, y = 5, z = 5 }
    anim:to(obj, 1, { x = 1 })
    anim:to(obj, 2, { y = -5 })
    anim:to(obj, 2, { z = -5 }, { easing = "quadout" })
    local e = kinetic.easing("outQuad")
    local ty = timeline1(5, -5, 2, "outQuad")
    for f = 1, 130 do
      anim:update(1 / 64)
      local y = ty:update(1 / 64)
      if f <= 64 then assert.are.equal(e(f / 64), obj.x, "frame " .. f) end
      assert.are.equal(y, obj.y, "frame " .. f)
      assert.are.equal(y, obj.z, "frame " .. f)
    end
    assert.are.equal(1, obj.x)
    assert.are.equal(-5, obj.y)
  end)

  local easings = {
    { "linear", "linear" }, { "inOutCubic", "inOutCubic" }, { "steps(4)", "steps(4)" },
    { "cubic-bezier(0.1, 0.7, 1, 0.1)", "cubic-bezier(0.1, 0.7, 1, 0.1)" }, { "backout", "backout" },
    { "outElastic(1, 0.3)", "outElastic(1, 0.3)" }, { "in-out-expo", "in-out-expo" }, { "ease-in-out", "ease-in-out" },
    { "bezier object", kinetic.bezier(0.2, 0, 0, 1) }, { "steps object", kinetic.steps(3, "jump-both") },
    { "linear() object", kinetic.linear { 0, 0.7, 1 } }, { "accelerate object", kinetic.accelerate(0.5) },
    { "Lua function", function(p) return p * p * (3 - 2 * p) end },
  }
  for _, c in ipairs(easings) do
    it("follows the timeline with the same easing: " .. c[1], function()
      local anim = kinetic.animator()
      local obj = { x = 2, v = { 0, 10 } }
      anim:to(obj, 0.7, { x = -3, v = { 1, -10 } }, { easing = c[2] })
      local tx = timeline1(2, -3, 0.7, c[2])
      local tv = timeline1({ 0, 10 }, { 1, -10 }, 0.7, c[2])
      for f = 1, 60 do
        local dt = dt_of(f)
        anim:update(dt)
        assert.are.equal(tx:update(dt), obj.x, "frame " .. f)
        local v1, v2 = tv:update(dt)
        assert.are.equal(v1, obj.v[1], "frame " .. f)
        assert.are.equal(v2, obj.v[2], "frame " .. f)
      end
      assert.are.equal(-3, obj.x)
    end)
  end

  it("a Lua function easing gets the progress in [0, 1] and its result is used as it is", function()
    local anim = kinetic.animator()
    local seen = {}
    local obj = { x = 0 }
    anim:to(obj, 1, { x = 1 }, { easing = function(p) seen[#seen + 1] = p; return p * p end })
    anim:update(0.25)
    assert.are.equal(0.0625, obj.x)
    anim:update(0.25)
    assert.are.equal(0.25, obj.x)
    for _, p in ipairs(seen) do assert.is_true(p >= 0 and p <= 1) end
    assert.are.equal(0.5, seen[#seen])
  end)
end)

describe("duration 0", function()
  it("completes at its start: values written, on_start then on_complete in that frame", function()
    local anim = kinetic.animator()
    local obj = { x = 1 }
    local log = {}
    anim:to(obj, 0, { x = 5 }, {
      on_start = function() log[#log + 1] = { "start", obj.x } end,
      on_complete = function() log[#log + 1] = { "complete", obj.x } end,
    })
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.same({ { "start", 5 }, { "complete", 5 } }, log)
    assert.are.equal(5, obj.x)
  end)

  it("with a delay: at the frame the delay ends", function()
    local anim = kinetic.animator()
    local obj = { x = 1 }
    local done = 0
    anim:to(obj, 0, { x = 5 }, { delay = 0.25, on_complete = function() done = done + 1 end })
    assert.are.equal(1, anim:update(0.125))
    assert.are.equal(1, obj.x)
    assert.are.equal(0, done)
    assert.are.equal(0, anim:update(0.25))
    assert.are.equal(5, obj.x)
    assert.are.equal(1, done)
  end)

  it("from with duration 0 ends on the field's own value", function()
    local anim = kinetic.animator()
    local obj = { x = 1 }
    local done = 0
    anim:from(obj, 0, { x = 9 }, { on_complete = function() done = done + 1 end })
    anim:update(0.1)
    assert.are.equal(1, obj.x)
    assert.are.equal(1, done)
  end)
end)

describe("iterations and after", function()
  local cases = {
    { after = "restart", iterations = 3, easing = "inOutSine" },
    { after = "reverse", iterations = 4, easing = "outBack" },
    { after = "reverse", iterations = 2.5, easing = "inQuad" },
    { after = "stop", iterations = 2, easing = "linear" },
    { after = "restart", iterations = 1.75, delay = 0.3, easing = "ease-in" },
    { after = "reverse", iterations = 3, delay = 0.2, easing = "steps(3)" },
  }
  for _, c in ipairs(cases) do
    local label = ("%s x%g delay %g %s"):format(c.after, c.iterations, c.delay or 0, c.easing)
    it("the timeline of the same definition, bit for bit, and on_complete once at its end (" .. label .. ")", function()
      local anim = kinetic.animator()
      local obj = { x = 4, v = { 0, 1, 2 } }
      local completes, at_complete = 0, nil
      local a = anim:to(obj, 0.45, { x = -6, v = { 3, 2, -1 } }, {
        easing = c.easing, after = c.after, iterations = c.iterations, delay = c.delay,
        on_complete = function() completes = completes + 1; at_complete = obj.x end,
      })
      local extra = { after = c.after, iterations = c.iterations, delay = c.delay }
      local tx = timeline1(4, -6, 0.45, c.easing, extra)
      local tv = timeline1({ 0, 1, 2 }, { 3, 2, -1 }, 0.45, c.easing, extra)
      local f = 0
      repeat
        f = f + 1
        local dt = dt_of(f)
        anim:update(dt)
        assert.are.equal(tx:update(dt), obj.x, "frame " .. f)
        local v1, v2, v3 = tv:update(dt)
        assert.are.same({ v1, v2, v3 }, obj.v, "frame " .. f)
        assert.are.equal(tx:done(), a:done(), "frame " .. f)
        assert.are.equal(tx:done() and 1 or 0, completes, "frame " .. f)
      until tx:done() or f > 1000
      assert.are.equal(1, completes)
      assert.are.equal(tx:at(tx:total_duration()), at_complete)
      for _ = 1, 10 do anim:update(0.1) end
      assert.are.equal(1, completes)
      assert.are.equal(0, anim:count())
    end)
  end

  it("iterations = math.huge: plays on, never completes", function()
    local anim = kinetic.animator()
    local obj = { x = 0 }
    local completes = 0
    anim:to(obj, 0.3, { x = 1 }, { after = "reverse", iterations = math.huge, easing = "inOutQuad",
                                   on_complete = function() completes = completes + 1 end })
    local tl = timeline1(0, 1, 0.3, "inOutQuad", { after = "reverse", iterations = math.huge })
    for f = 1, 2000 do
      local dt = dt_of(f)
      assert.are.equal(1, anim:update(dt))
      assert.are.equal(tl:update(dt), obj.x, "frame " .. f)
    end
    assert.are.equal(0, completes)
    assert.are.equal(1, anim:count())
  end)
end)

describe("running count", function()
  it("update returns how many animations are still running; count() says the same", function()
    local anim = kinetic.animator()
    assert.are.equal(0, anim:count())
    assert.are.equal(0, anim:update(0.1))
    local o = { a = 0, b = 0, c = 0 }
    anim:to(o, 0.125, { a = 1 })
    anim:to(o, 0.25, { b = 1 })
    anim:to(o, 0.125, { c = 1 }, { delay = 0.25 })    -- waiting in its delay: counts
    assert.are.equal(3, anim:count())
    assert.are.equal(2, anim:update(0.125))
    assert.are.equal(2, anim:count())
    assert.are.equal(1, anim:update(0.125))
    assert.are.equal(1, anim:count())
    assert.are.equal(0, anim:update(0.125))
    assert.are.equal(0, anim:count())
    assert.are.same({ a = 1, b = 1, c = 1 }, o)
  end)

  it("a finished animation is dropped: the animator no longer writes its fields", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 0.25, { x = 1 })
    anim:update(0.5)
    assert.is_true(a:done())
    o.x = 7
    anim:update(0.5)
    assert.are.equal(7, o.x)
    assert.is_true(a:done())
  end)

  it("animators are independent", function()
    local a1, a2 = kinetic.animator(), kinetic.animator()
    local o = { x = 0, y = 0 }
    a1:to(o, 1, { x = 1 }, { easing = "linear" })
    a2:to(o, 1, { y = 1 }, { easing = "linear" })
    a1:update(0.5)
    assert.are.equal(0.5, o.x)
    assert.are.equal(0, o.y)
    assert.are.equal(1, a2:count())
    a2:update(0.25)
    assert.are.equal(0.25, o.y)
  end)

  it("ends exactly on its end values where delay + duration rounds down (fuzz finding)", function()
    -- 0.02 + 0.01 is 0.029999999999999999: at that time t - delay is just below 0.01
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 0.01, { x = 100 }, { easing = "linear", delay = 0.02 })
    anim:update(1)
    assert.are.equal(100, o.x)
    assert.are.equal(1, a:progress())
    local p = { x = 0 }
    local b = anim:to(p, 0.5845070422535211, { x = 1 }, { delay = 0.47701149425287354 })
    for _ = 1, 120 do anim:update(1 / 60) end
    assert.are.equal(1, p.x)
    assert.is_true(b:done())
  end)
end)

