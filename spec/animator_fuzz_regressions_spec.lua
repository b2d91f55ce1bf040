-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.animator.
local kinetic = require("kinetic")

describe("animator: fuzz regressions", function()
  -- fuzz finding 40 (fuzz_animator, frame part): 1 - d/d0 went below 0
  it("a spring moving away from its target has progress 0, not below (finding 40)", function()
    local anim, obj = kinetic.animator(), { x = 4.625 }
    local s = anim:spring(obj, { x = 0 }, { velocity = 32 })
    anim:update(1 / 60)
    assert.is_true(obj.x > 4.625)                 -- farther from 0 than it started
    assert.are.equal(0, s:progress())
  end)

  -- fuzz finding 41 (fuzz_animator, frame part): an endless sequence moved
  -- by dt = DBL_MAX crossed passes whose count overflows, and its calls got
  -- the frame time inf - inf
  it("a sequence crossing more passes than the doubles count orders its calls (finding 41)", function()
    local anim, log = kinetic.animator(), {}
    local seq = anim:sequence({ iterations = math.huge, after = "restart" })
    seq:call(function() log[#log + 1] = "a" end, 0.05)
    seq:call(function() log[#log + 1] = "b" end, 0.25)
    seq:on_update(function() log[#log + 1] = "u" end)
    anim:update(1.7976931348623157e308)
    local n = { a = 0, b = 0, u = 0 }
    for _, c in ipairs(log) do n[c] = n[c] + 1 end
    -- the first pass and the last 64 the frame sweeps, each call once a pass
    assert.are.same({ a = 65, b = 65, u = 1 }, n)
    assert.are.equal("ab", log[1] .. log[2])
  end)

  -- fuzz finding 42 (fuzz_animator, split part): after the FFI step, the
  -- rest of a frame did not count a root still in its delay as waiting to
  -- start, so a tween chained after it that joined by a:finish() started
  -- one step late under LuaJIT, reading the field after its rival moved
  it("a chained tween joining by finish starts before its rival moves, on every path (finding 42)", function()
    local anim, obj = kinetic.animator(), { x = 0, y = 0 }
    local a = anim:to(obj, 1, { y = 1 }, { delay = 10 })
    a:after(obj, 1, { x = 100 }, { easing = "linear" })
    anim:to(obj, 1, { x = 50 }, { easing = "linear" })
    anim:update(0.125)
    assert.are.equal(6.25, obj.x)
    a:finish()
    assert.are.equal(1, obj.y)
    anim:update(0.125)                            -- x read as 6.25, then 1/8 of the way to 100
    assert.are.equal(6.25 + 0.125 * 93.75, obj.x)
  end)
end)
