-- Reentrancy of springs: callbacks that call back into the same spring,
-- callbacks that raise, springs used after a failed call.  Defined
-- behaviour, never a crash.
local kinetic = require("kinetic")

describe("reentrancy: springs", function()
  it("set_target from on_rest starts a new motion", function()
    local rests = 0
    local s
    s = kinetic.spring{ stiffness = 300, damping = 30, from = 0, to = 1, on_rest = function(sp)
      rests = rests + 1
      if rests < 3 then sp:set_target(sp:target() == 1 and 0 or 1) end
    end }
    for _ = 1, 2000 do s:update(1 / 60) end
    assert.are.equal(3, rests)
    assert.is_true(s:at_rest())
  end)

  it("update from inside on_update nests (state stays finite)", function()
    local depth, calls = 0, 0
    local s
    s = kinetic.spring{ from = 0, to = 1, on_update = function(sp)
      calls = calls + 1
      if depth < 3 then depth = depth + 1; sp:update(1 / 120); depth = depth - 1 end
    end }
    local x = s:update(1 / 60)
    assert.is_true(calls >= 4)
    assert.are.equal(x, s:position())
    assert.is_true(x > 0 and x < 1)
  end)

  it("a callback that raises leaves the spring usable", function()
    local boom = true
    local s = kinetic.spring{ from = 0, to = 1, on_update = function() if boom then error("boom") end end }
    local ok, err = pcall(s.update, s, 1 / 60)
    assert.is_false(ok); assert.matches("boom", tostring(err))
    local x = s:position()          -- state was advanced before the callback
    assert.is_true(x > 0 and x < 1)
    boom = false
    assert.is_true(s:update(1 / 60) > x)
  end)

  it("objects keep their state after a failed call", function()
    local s = kinetic.spring{ from = 0, to = 1 }
    s:update(0.1)
    local x, v = s:position(), s:velocity()
    assert.has_error(function() s:update(0 / 0) end)
    assert.has_error(function() s:set_target("x") end)
    assert.has_error(function() s:update(-1) end)
    assert.are.equal(x, s:position()); assert.are.equal(v, s:velocity()); assert.are.equal(1, s:target())
    assert.is_true(s:update(0.1) > x)
  end)
end)
