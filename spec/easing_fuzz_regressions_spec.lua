-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): easings (cubic-bezier, accelerate).
local kinetic = require("kinetic")
local finite = require("spec.helpers").finite

describe("easing: fuzz regressions", function()
  it("bezier with |y| up to 1e300 stays finite; beyond is refused", function()
    local e = kinetic.bezier(1e-300, 0, 0, 1e300)
    assert.is_true(finite(e(5.2998088236266445e-315)))
    assert.is_true(finite(kinetic.bezier(0, 1e300, 1, -1e300)(0.5)))
    assert.has_error(function() kinetic.bezier(0, 1e301, 1, 1) end)
    assert.matches("bad argument #2 to 'bezier'", select(2, pcall(kinetic.bezier, 0, 1e308, 1, 1)), 1, true)
    assert.matches("bad argument #4 to 'bezier'", select(2, pcall(kinetic.bezier, 0, 0, 1, -1e308)), 1, true)
    assert.matches("bad argument #1 to 'easing'", select(2, pcall(kinetic.easing, "cubic-bezier(0, 1e308, 1, 1)")), 1, true)
  end)

  it("bezier fast path stays in [0,1] near t = 1 for y1, y2 in [0,1] (was 1 + 2e-15)", function()
    local e = kinetic.bezier(1, 1.5709095811780424e-91, 0.78947368421052633, 1e-9)
    local prev = 0
    for _, t in ipairs({ 0.999999999999999, 0.9999999999999998, 0.99999999999999989, 1 }) do
      local y = e(t)
      assert.is_true(y >= prev and y <= 1, string.format("%.17g at %.17g", y, t))
      prev = y
    end
  end)

  it("accelerate(-decelerate) refuses |v0| beyond 1e300, as cubic-bezier its y (2 (1 - v0) overflowed)", function()
    -- accelerate-decelerate(-1e308)(0.3) is -1.2e307, but it read inf
    for _, spec in ipairs { "accelerate-decelerate(-1e308)", "accelerate(1e301)" } do
      local ok, err = pcall(kinetic.easing, spec)
      assert.is_false(ok)
      assert.matches("v0 must lie in %[%-1e300, 1e300%]", err)
    end
    local ok, err = pcall(kinetic.accelerate_decelerate, -1e308)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'accelerate_decelerate' %(v0 in %[%-1e300, 1e300%] expected, got %-1e%+308%)", err)
    assert.is_false((pcall(kinetic.accelerate, 1.5e300)))
    -- at the bound the curve is what the formula gives
    local e = kinetic.accelerate_decelerate(-1e300)
    assert.is_true(math.abs(e(0.3) - (-1.2e299)) <= 1e-14 * 1.2e299)
    assert.are.equal(1, e(1))
  end)

  -- step_times looped forever on an Elastic whose turns lie closer together
  -- than the doubles: the next turn never moved past the current input
  it("step_times on an Elastic of period 4.5e-42 is refused at once", function()
    local t0 = os.clock()
    local ok, err = pcall(kinetic.step_times, "inOutElastic(3, 4.5e-42)", 3)
    assert.is_false(ok)
    assert.matches("changes direction too often", err)
    assert.is_true(os.clock() - t0 < 30)
  end)
end)
