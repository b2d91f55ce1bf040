-- anim:fling: a field driven by a scroll or inertia motion, exactly as the
-- motion object itself moves (spec/motion_scroll_spec.lua checks those
-- against Flutter, motion-dom and Compose).
describe("animator fling", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local kinds = {
    { "inertia", {}, kinetic.inertia },
    { "inertia", { max = 300, snap = { 0, 100, 200, 300 } }, kinetic.inertia },
    { "bouncing", { min = 0, max = 500 }, kinetic.bouncing_scroll },
    { "clamping", {}, kinetic.clamping_scroll },
    { "decay", { friction_multiplier = 2 }, kinetic.decay },
  }

  it("writes the motion's position every frame and ends where it rests", function()
    for _, k in ipairs(kinds) do
      local anim, obj, completed = kinetic.animator(), { y = 40 }, 0
      local opts = { kind = k[1], on_complete = function() completed = completed + 1 end }
      local mopts = { position = 40, velocity = 1500 }
      for key, v in pairs(k[2]) do opts[key] = v; mopts[key] = v end
      local a = anim:fling(obj, "y", 1500, opts)
      local m = k[3](mopts)
      local t = 0
      for _ = 1, 600 do
        anim:update(1 / 60)
        t = t + 1 / 60
        if completed > 0 then break end
        local want = m:at(t)
        assert.is_true(math.abs(obj.y - want) <= 1e-9 * math.max(1, math.abs(want)), k[1] .. " at " .. t)
      end
      assert.are.equal(1, completed, k[1])
      assert.are.equal(m:final_position(), obj.y, k[1])
      assert.is_true(a:done())
    end
  end)

  it("hands its velocity to a spring that takes the field over", function()
    local anim, obj = kinetic.animator(), { x = 0 }
    anim:fling(obj, "x", 1000, { kind = "decay" })
    for _ = 1, 6 do anim:update(1 / 60) end
    local m = kinetic.decay { velocity = 1000 }
    local _, v = m:at(6 / 60)
    anim:spring(obj, { x = obj.x }, { stiffness = 100, damping = 20 })
    local x0 = obj.x
    anim:update(1e-4)
    -- over 0.1 ms the field moves at the decay's velocity (a spring on its
    -- own target barely accelerates it)
    assert.is_true(math.abs((obj.x - x0) / 1e-4 - v) <= 1e-3 * v)
  end)

  it("a new fling on the field takes it over from where it is", function()
    local anim, obj = kinetic.animator(), { x = 0 }
    local a = anim:fling(obj, "x", 800, { kind = "clamping" })
    for _ = 1, 10 do anim:update(1 / 60) end
    local here = obj.x
    local b = anim:fling(obj, "x", -400, { kind = "clamping" })
    anim:update(1 / 60)
    assert.is_true(a:done())
    assert.is_false(b:done())
    local m = kinetic.clamping_scroll { position = here, velocity = -400 }
    assert.is_true(math.abs(obj.x - m:at(1 / 60)) <= 1e-9 * 100)
  end)

  it("rejects bad input clearly", function()
    local anim, obj = kinetic.animator(), { x = 0, s = "a" }
    h.fails("bad argument #4 to 'fling' (field 'kind': 'inertia', 'bouncing', 'clamping' or 'decay' expected, got 'x')",
            function() anim:fling(obj, "x", 1, { kind = "x" }) end)
    h.fails("bad argument #1 to 'fling' (field 's' holds string, finite number expected)",
            function() anim:fling(obj, "s", 1) end)
    h.fails("bad argument #1 to 'fling' (field 'nope' holds nil, finite number expected)",
            function() anim:fling(obj, "nope", 1) end)
    h.fails("bad argument #4 to 'fling' (unknown option 'min'",
            function() anim:fling(obj, "x", 1, { kind = "decay", min = 0 }) end)
    h.fails("bad argument #4 to 'fling' (field 'min': number expected, got nil)",
            function() anim:fling(obj, "x", 1, { kind = "bouncing", max = 1 }) end)
    h.fails("bad argument #3 to 'fling' (finite number expected, got inf)", function() anim:fling(obj, "x", 1 / 0) end)
    h.fails("bad argument #2 to 'fling' (string (a field name) expected, got number)",
            function() anim:fling(obj, 1, 1) end)
    h.fails("bad argument #1 to 'fling' (one target expected, got a list)", function() anim:fling({ obj }, "x", 1) end)
    h.fails("field 'snap': function returned nil, finite number expected",
            function() anim:fling(obj, "x", 1, { snap = function() end }) end)
    assert.are.equal(0, anim:count())       -- nothing half-made
  end)
end)
