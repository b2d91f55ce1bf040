-- Inputs fuzz_path found (fuzz/corpus/path/finding-*), each checked here
-- through the Lua API.  CHANGES.md lists them.
describe("path fuzz regressions", function()
  local kinetic = require("kinetic")

  it("a path that turns back on itself has its exact length (a kink in the speed)", function()
    -- x(t) runs from 5 up to 5.66 and back to -1: the speed |x'| is 0 with a
    -- kink at t = 0.1239..., where a Gauss rule over an interval holding it
    -- agreed with its halves and missed 7.6e-6 of the length; exact value by
    -- mpmath (the integral split at that root)
    local p = kinetic.path { kind = "bezier", { 5, 0 }, { 7, 0 }, { 0, 0 }, { -1, 0 } }
    assert.is_true(math.abs(p:length() - 6.714895108545517331519456) <= 1e-14 * 6.7)
    -- up from 5 to the turning point and down to -1: the last 6 units of
    -- length start at x = 5, on the way down; the turning point is at
    -- x = (L + 4) / 2
    local L = p:length()
    local x = p:at((L - 6) / L)
    assert.is_true(math.abs(x - 5) <= 1e-13, x)
    x = p:at((L - 6) / 2 / L)
    assert.is_true(math.abs(x - (L + 4) / 2) <= 1e-13, x)
  end)

  it("a straight path creeping away from a repeated control point is at its arc length", function()
    -- degree 28: 15 equal points, then 14 evenly spaced; its speed minus a
    -- constant is odd about t = 1/2, which every symmetric rule integrates
    -- exactly over [0, 1]: the rules agreed there while p:at was 6e-5 off
    local def = { kind = "bezier" }
    for i = 1, 15 do def[i] = { 1, 0 } end
    for i = 16, 29 do def[i] = { 1 - 128 * (i - 15), 0 } end
    local p = kinetic.path(def)
    assert.is_true(math.abs(p:length() - 1792) <= 1e-14 * 1792)
    for _, u in ipairs { 1 / 64, 0.1, 0.5, 0.9 } do
      local x = p:at(u)
      assert.is_true(math.abs(x - (1 - u * 1792)) <= 1e-12 * 1792, u .. ": " .. x)
    end
  end)

  it("refuses Catmull-Rom knots that do not increase, at once", function()
    -- 1e-40 ^ 0.5 vanishes beside the knot before it: the segment had no
    -- finite cubic, and the length split recursed 2^48 deep
    local t = os.clock()
    for _, def in ipairs {
      { kind = "catmull-rom", { 0, 0 }, { 1, 0 }, { 1, 1e-40 }, { 2, 0 } },
      { kind = "catmull-rom", alpha = 1, closed = true, { 0, 0 }, { 1, 0 }, { 1, 1e-17 }, { 2, 0 } },
    } do
      local ok, msg = pcall(kinetic.path, def)
      assert.is_false(ok)
      assert.is_truthy(msg:find("bad argument #1 to 'path' (points 2 and 3 are too close together for the "
                                .. "knots of a catmull-rom path)", 1, true), msg)
    end
    assert.is_true(os.clock() - t < 1)
  end)

  it("a spring taking over at a cusp starts from finite velocities", function()
    -- at u ~ 1e-130 from a doubled control point the speed cubed underflowed
    -- (the angle's rate was NaN); at u = 5e-324 on a long path L times the
    -- curvature overflowed
    for _, c in ipairs {
      { { 0, 0 }, { 0, 0 }, { 50, 50 }, dt = 1e-130 },
      { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 1e6, 1e6 }, dt = 1e-300 },
    } do
      local def = { kind = "bezier" }
      for i = 1, #c do def[i] = c[i] end
      local anim, obj = kinetic.animator(), {}
      anim:to(obj, 1, { pos = kinetic.path(def) }, { easing = "linear", rotate = true })
      anim:update(c.dt)
      anim:spring(obj, { x = 0, y = 0, angle = 0 })
      anim:update(1 / 60)
      for _, k in ipairs { "x", "y", "angle" } do
        assert.is_true(obj[k] == obj[k] and math.abs(obj[k]) < math.huge, k)
      end
    end
  end)

  it("at(0) is the first point when the first stretch rounds to no length", function()
    local p = kinetic.path { kind = "bezier", { 5e-324, 5e-324 }, { 0, 0 }, { 0, 0 }, { 100, 0 } }
    local x, y = p:at(0)
    assert.are.equal(5e-324, x)
    assert.are.equal(5e-324, y)
  end)
end)
