-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.viewport.
local kinetic = require("kinetic")
local not_nan = require("spec.helpers").not_nan

describe("viewport: fuzz regressions", function()
  -- fuzz findings 22-23 (fuzz_viewport): S = w O + (U K) x lost its value
  -- where U K left the doubles
  it("viewport: U K beyond the doubles times 0 is not NaN; w O and U K x may both overflow (finding 22)", function()
    local v = kinetic.viewport { 1e308, 1.5, origin = { 10, 1.5 }, unit = { 1e308, 1.5 },
                                 scale = { 10, 1.7976931348623157e308 } }
    local sx, sy = not_nan(v:to_screen(-0.9999, 0))
    assert.are.equal(2.25, sy)                       -- h O + inf * 0 was NaN
    -- w O = 1e309 and U K x = -9.999e308: both beyond the doubles, their sum is not
    assert.is_true(math.abs(sx - 1e305) <= 1e-10 * 1e305, ("%.17g"):format(sx))
    local x = not_nan(v:to_world(sx, sy))
    assert.is_true(math.abs(x + 0.9999) <= 1e-9)
    -- an ordinary viewport keeps the formula S = w O + U K x, bit for bit
    local o = kinetic.viewport { 800, 600, origin = { 0.5, 0.5 }, unit = { 100, 100 }, scale = { 1, -1 } }
    local ox, oy = o:to_screen(0.3, 0.7)
    assert.are.equal(800 * 0.5 + 100 * 1 * 0.3, ox)
    assert.are.equal(600 * 0.5 + 100 * -1 * 0.7, oy)
  end)

  it("viewport: U K below the doubles keeps U K x, and to_world inverts it (finding 23)", function()
    -- U K = 1e-400 rounded to 0: every x mapped to w O, and to_world refused
    -- a viewport whose unit and scale are both non-zero
    local v = kinetic.viewport { 1, 1, unit = { 1e-200, 1 }, scale = { 1e-200, 1 } }
    local sx = not_nan(v:to_screen(1e300, 2))
    assert.is_true(math.abs(sx - 1e-100) <= 1e-14 * 1e-100, ("%.17g"):format(sx))
    local x = v:to_world(sx, 2)
    assert.is_true(math.abs(x - 1e300) <= 1e-14 * 1e300, ("%.17g"):format(x))
  end)
end)
