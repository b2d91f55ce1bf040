-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.friction and kinetic.gravity.
local kinetic = require("kinetic")
local not_nan = require("spec.helpers").not_nan

describe("friction and gravity: fuzz regressions", function()
  -- fuzz findings 18-21 (fuzz_motion, the first harness for friction and
  -- gravity): NaN where two terms of the motion overflowed with opposite
  -- signs, and a clock that update let overflow to inf
  it("gravity: x0 + v0 t + a t^2/2 with overflowing terms is an infinity, not NaN (finding 18)", function()
    local g = kinetic.gravity { acceleration = -0.5, position = 1.7976931348623157e308, velocity = 1 }
    local x, v = not_nan(g:at(1e300))
    assert.are.equal(-math.huge, x)                  -- -a t^2/2 = -2.5e599 dominates
    assert.are.equal(1 - 0.5 * 1e300, v)
    -- the usual range keeps Flutter's order of operations, bit for bit
    local h = kinetic.gravity { acceleration = 9.81, position = 2, velocity = -3 }
    assert.are.equal(2 + -3 * 0.7 + 0.5 * 9.81 * 0.7 * 0.7, (h:at(0.7)))
  end)

  it("friction: the final position with a huge velocity and deceleration is not NaN (finding 19)", function()
    local f = kinetic.friction { drag = 0.99999939290864859, position = -0.5,
                                 velocity = 1.7976931348623157e308, constant_deceleration = 3.1858278074402962e305 }
    local fin = not_nan(f:final_position())
    assert.are.equal(math.huge, fin)                  -- the exact distance is beyond the doubles
    not_nan(f:at(1))
  end)

  it("friction: time_at where x - x0 overflows (finding 20)", function()
    local f = kinetic.friction { drag = 0.5, position = -1e300, velocity = 1.7976931348623157e308 }
    local t = not_nan(f:time_at(1.7976931348623157e308))
    -- drag^t = 1 + (x - x0) ln(drag) / v0, with (x - x0)/v0 = 1 + 1e300/DBL_MAX
    local want = math.log(1 + (1 + 1e300 / 1.7976931348623157e308) * math.log(0.5)) / math.log(0.5)
    assert.is_true(math.abs(t - want) <= 1e-14 * want, ("%.17g vs %.17g"):format(t, want))
    -- at(t) is x = DBL_MAX itself, at the edge of the doubles: v0 times the
    -- distance factor 1.0000000055 overflows before x0 = -1e300 is added,
    -- so it may read inf -- but never NaN
    local x = not_nan(f:at(t))
    assert.is_true(x >= 1.7976931348623157e308 * (1 - 1e-13))
  end)

  it("friction: a stop within a subnormal time keeps the motion's direction (finding 21)", function()
    -- v0 = -0.5 against a deceleration of DBL_MAX stops after ~2.8e-309 s;
    -- t ln(drag) underflowed, the distance factor was 0 and the final
    -- position came out on the wrong side of the start
    local f = kinetic.friction { drag = 0.99999999999999989, position = 0, velocity = -0.5,
                                 constant_deceleration = 1.7976931348623157e308 }
    local fin = not_nan(f:final_position())
    assert.is_true(fin <= 0, ("%.17g"):format(fin))
    assert.is_true((f:at(8)) <= 0)
  end)

  it("update refuses a clock that would overflow (friction, gravity)", function()
    for _, m in ipairs { kinetic.gravity { acceleration = 0 }, kinetic.friction { drag = 0.5, velocity = 1 } } do
      assert.are.equal(m:at(1e308), m:update(1e308))
      local ok, err = pcall(m.update, m, 1e308)
      assert.is_false(ok)
      assert.matches("update: the clock would overflow", err)
      assert.are.equal(1e308, m:time())               -- unchanged
      not_nan(m:position(), m:velocity())
    end
  end)
end)
