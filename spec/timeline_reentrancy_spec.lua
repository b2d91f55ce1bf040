-- Reentrancy of timelines: callbacks that seek or update the timeline
-- that called them, callbacks that raise, timelines used after a failed
-- call.  Defined behaviour, never a crash.
local kinetic = require("kinetic")

describe("reentrancy: timelines", function()
  local function def(cb) return { from = 0, { to = 10, duration = 1 }, { to = 20, duration = 1 },
                                  after = "restart", iterations = 3, on_keyframe = cb } end

  it("seek from on_keyframe drops the stale events of that update", function()
    local seen = {}
    local tl
    tl = kinetic.timeline(def(function(t, i)
      seen[#seen + 1] = i
      if i == 1 then t:seek(0) end
    end))
    tl:update(1.5)
    assert.are.same({ 1 }, seen)
    assert.are.equal(0, tl:time())
    tl:update(2.5)                  -- crosses keyframe 1 again: seeks back again
    assert.are.same({ 1, 1 }, seen)
    assert.are.equal(0, tl:time())
  end)

  it("update from inside a callback nests, clock stays consistent", function()
    local tl
    local nested = 0
    tl = kinetic.timeline(def(function(t) if nested == 0 then nested = 1; t:update(0.25) end end))
    tl:update(1.5)
    assert.is_true(tl:time() >= 1.5 and tl:time() <= 1.75)
    assert.are.equal(tl:at(tl:time()), tl:update(0))
  end)

  it("a callback that raises leaves the clock advanced and the timeline usable", function()
    local raise = true
    local tl = kinetic.timeline(def(function() if raise then error("kf") end end))
    assert.has_error(function() tl:update(1.5) end)
    assert.are.equal(1.5, tl:time())
    raise = false
    assert.are.equal(tl:at(2), tl:update(0.5))
    assert.has_error(function() tl:update(0 / 0) end)
    assert.are.equal(2, tl:time())
  end)
end)
