-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.timeline.
local kinetic = require("kinetic")
local helpers = require("spec.helpers")
local finite, not_nan = helpers.finite, helpers.not_nan

describe("timeline: fuzz regressions", function()
  it("timeline events beyond pass 2^53 end (was an endless loop)", function()
    local n = 0
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 0.001 }, after = "restart",
                                 on_keyframe = function() n = n + 1 end, on_iteration = function() n = n + 1 end }
    tl:seek(1e14)
    assert.is_true(finite(tl:update(0.01)))
    assert.are.equal(0, n)              -- passes are no longer distinguishable there
    tl:seek(0)
    tl:update(0.0105)
    assert.are.equal(20, n)             -- 10 keyframes + 10 iterations as before
  end)

  it("timeline between keyframes whose difference overflows stays finite", function()
    local tl = kinetic.timeline{ from = 1e308, { to = -1e308, duration = 1 } }
    for i = 0, 10 do assert.is_true(finite(tl:at(i / 10))) end
    assert.are.equal(0, tl:at(0.5))
  end)

  -- fuzz finding 24 (fuzz_timeline, once it no longer excused NaN for keys
  -- beyond 1e150): polar interpolation squared the offsets
  it("polar interpolation: huge and tiny radii, and an easing that overshoots a huge one (finding 24)", function()
    local function polar(from, to, easing)
      return kinetic.timeline { from = from, { to = to, duration = 1, easing = easing },
                                interpolation = "polar", pivot = { 0, 0 } }
    end
    -- radius sqrt(2) 1e200: its square overflowed, x and y were NaN
    local x, y = not_nan(polar({ 1e200, -1e200 }, { -1e200, 1e200 }):at(0.25))
    assert.is_true(math.abs(x - math.sqrt(2) * 1e200) <= 1e-12 * 1e200, ("%.17g"):format(x))
    assert.is_true(math.abs(y) <= 1e-12 * 1e200)
    -- radius ~2e-300: its square underflowed to 0 and the points sat on the pivot
    x, y = not_nan(polar({ 1e-300, 2e-300 }, { 2e-300, 1e-300 }):at(0.5))
    local r = math.sqrt(5) * 1e-300 / math.sqrt(2)
    assert.is_true(math.abs(x - r) <= 1e-12 * r and math.abs(y - r) <= 1e-12 * r, ("%.17g %.17g"):format(x, y))
    -- an easing far beyond 1 takes the radius past the doubles along the x axis:
    -- y = d sin(0) is 0, not inf * 0
    x, y = not_nan(polar({ 1e300, 0 }, { 1e308, 0 }, "cubic-bezier(0.5, 1e300, 0.5, 1)"):at(0.5))
    assert.are.equal(math.huge, x)
    assert.are.equal(0, y)
  end)
end)
