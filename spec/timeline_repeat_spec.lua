-- The `repeat_delay` option of timelines (GSAP's repeatDelay): a wait of r
-- seconds after every pass but the last, during which the end of the pass
-- just played is held.  Expected values are worked out by hand: with
-- period P = T + r, pass c = floor((t - delay) / P), w = (t - delay) - c P,
-- the pass shows min(w, T), mirrored on odd passes of reverse.
local kinetic = require("kinetic")

local function tl(after, extra)
  local def = { from = 0, { to = 10, duration = 1 }, after = after, iterations = 3,
                repeat_delay = 0.5 }
  for k, v in pairs(extra or {}) do def[k] = v end
  return kinetic.timeline(def)
end

describe("timeline repeat_delay", function()
  it("waits between passes of restart, holding the end", function()
    local t = tl("restart")
    assert.equal(5, t:at(0.5))
    assert.equal(10, t:at(1))              -- the end of pass 0
    assert.equal(10, t:at(1.25))           -- waiting
    assert.equal(10, t:at(1.4999))
    assert.equal(0, t:at(1.5))             -- pass 1 starts
    assert.equal(2.5, t:at(1.75))
    assert.equal(10, t:at(2.75))           -- waiting again
    assert.equal(5, t:at(3.5))             -- pass 2
    assert.equal(10, t:at(4))              -- the end
    assert.equal(10, t:at(100))
  end)

  it("waits on the start state after an odd pass of reverse", function()
    local t = tl("reverse")
    assert.equal(10, t:at(1.25))           -- after pass 0: its end, 10
    assert.equal(10, t:at(1.5))            -- pass 1 starts at the end
    assert.equal(7.5, t:at(1.75))
    assert.equal(0, t:at(2.5))             -- pass 1 ends on the start
    assert.equal(0, t:at(2.75))            -- waiting on it
    assert.equal(2.5, t:at(3.25))          -- pass 2
    assert.equal(10, t:at(4))
  end)

  it("holds the end with stop, and still times the iterations", function()
    local seen = {}
    local t = tl("stop", { on_iteration = function(_, n) seen[#seen + 1] = n end })
    assert.equal(5, t:at(0.5))
    assert.equal(10, t:at(1.7))
    assert.equal(4, t:total_duration())
    t:update(1.49)
    assert.same({}, seen)
    t:update(0.02)                         -- crosses 1.5: iteration 1 ends after its wait
    assert.same({ 1 }, seen)
  end)

  it("counts in total_duration: delay + N T + (N - 1) r", function()
    assert.equal(4, tl("restart"):total_duration())                       -- 3 + 2 * 0.5
    assert.equal(0.25 + 3 * 2 + 2 * 0.75, kinetic.timeline{ from = 0,
      { to = 1, duration = 1.5 }, { to = 2, duration = 0.5 },
      after = "restart", iterations = 3, repeat_delay = 0.75, delay = 0.25 }:total_duration())
    assert.equal(math.huge, tl("restart", { iterations = math.huge }):total_duration())
    assert.equal(1, tl("stop", { iterations = 1 }):total_duration())     -- no wait after the last
  end)

  it("ends a fractional count part way through its last pass, after the waits", function()
    local t = tl("restart", { iterations = 2.5 })
    assert.equal(1 + 0.5 + 1 + 0.5 + 0.5, t:total_duration())
    assert.equal(5, t:at(3.5))             -- pass 2 at w = 0.5
    assert.equal(5, t:at(10))
  end)

  it("fires on_iteration as iteration n >= 2 begins, after the wait", function()
    local events = {}
    local t = tl("restart", {
      on_iteration = function(s, n) events[#events + 1] = { "iteration", n, s:time() } end,
      on_complete = function(s) events[#events + 1] = { "complete", s:time() } end })
    t:update(1.4)
    assert.same({}, events)
    t:update(0.1)                          -- clock 1.5: pass 1 begins
    assert.same({ { "iteration", 1, 1.5 } }, events)
    t:update(1.4)                          -- 2.9
    assert.equal(1, #events)
    t:update(0.2)                          -- 3.1: pass 2 began at 3
    assert.same({ "iteration", 2, 3.1 }, events[2])
    t:update(5)
    assert.same({ "complete", 4 }, events[3])
  end)

  it("fires keyframes at their times within each pass", function()
    local seen = {}
    local t = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, { to = 2, duration = 1 },
      after = "reverse", iterations = 2, repeat_delay = 1,
      on_keyframe = function(_, i) seen[#seen + 1] = i end }
    t:update(2.5)                          -- keyframes 1 (t=1), 2 (t=2)
    assert.same({ 1, 2 }, seen)
    t:update(1)                            -- 3.5: waiting; pass 1 starts at 3
    assert.same({ 1, 2 }, seen)
    t:update(0.5)                          -- 4: pass 1 reaches keyframe 1 backwards
    assert.same({ 1, 2, 1 }, seen)
    t:update(1)                            -- 5: keyframe 0, the end
    assert.same({ 1, 2, 1, 0 }, seen)
    assert.is_true(t:done())
  end)

  it("counts the delay once", function()
    local t = tl("restart", { delay = 2 })
    assert.equal(0, t:at(1))
    assert.equal(5, t:at(2.5))
    assert.equal(10, t:at(3.25))
    assert.equal(0, t:at(3.5))
    assert.equal(6, t:total_duration())
  end)

  it("gives the same bits as without it when it is 0", function()
    local defs = {
      { from = 0, { to = 1, duration = 0.3, easing = "outBack" }, { to = -2, duration = 0.7 },
        after = "reverse", iterations = 4.5, delay = 0.1 },
      { from = { 0, 1 }, { to = { 3, -1 }, duration = 1 / 3, easing = "inOutQuad" },
        after = "restart" },
    }
    for _, def in ipairs(defs) do
      local a = kinetic.timeline(def)
      local d2 = {}
      for k, v in pairs(def) do d2[k] = v end
      d2.repeat_delay = 0
      local b = kinetic.timeline(d2)
      assert.equal(a:total_duration(), b:total_duration())
      for i = 0, 400 do
        local t = i * 0.0137
        assert.same({ a:at(t) }, { b:at(t) })
        assert.same({ a:update(0.0137) }, { b:update(0.0137) })
      end
    end
  end)

  it("refuses bad values, naming field 'repeat_delay'", function()
    local function bad(r)
      local ok, msg = pcall(kinetic.timeline, { from = 0, { to = 1, duration = 1 }, repeat_delay = r })
      assert.is_false(ok)
      return msg
    end
    local pre = "bad argument #1 to 'timeline' (field 'repeat_delay': "
    assert.equal(pre .. "non-negative number expected, got -1)", bad(-1))
    assert.equal(pre .. "finite number expected, got nan)", bad(0 / 0))
    assert.equal(pre .. "finite number expected, got inf)", bad(math.huge))
    assert.equal(pre .. "number expected, got string)", bad("1"))
    local ok, msg = pcall(kinetic.timeline, { from = 0, { to = 1, duration = 1 }, repeat_delya = 1 })
    assert.is_false(ok)
    assert.equal("bad argument #1 to 'timeline' (unknown option 'repeat_delya'; did you mean 'repeat_delay'?)", msg)
  end)
end)
