-- A timeline on a path: its keyframes are fractions of the path's arc
-- length and it shows the point there (p:at, checked against mpmath in
-- spec/path_fixtures_spec.lua).
describe("timeline paths", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function rail()
    return kinetic.path { kind = "bezier-spline", { 0, 0 }, { 40, 80 }, { 120, 80 }, { 160, 0 },
                          { 200, -80 }, { 280, -40 }, { 320, 0 } }
  end

  it("shows the point at the interpolated fraction, and the angle with rotate", function()
    local p = rail()
    local def = { path = p, from = 0, { to = 0.3, duration = 1, easing = "ease-in-out" },
                  { to = 0.3, duration = 0.5 }, { to = 1, duration = 2 } }
    local plain = kinetic.timeline { from = 0, { to = 0.3, duration = 1, easing = "ease-in-out" },
                                     { to = 0.3, duration = 0.5 }, { to = 1, duration = 2 } }
    local tl = kinetic.timeline(def)
    def.rotate = true
    local turning = kinetic.timeline(def)
    for i = 0, 35 do
      local t = i * 0.1
      local x, y, a = p:at(plain:at(t))
      assert.are.same({ x, y }, { tl:at(t) })
      assert.are.same({ x, y, a }, { turning:at(t) })
      local out = turning:at(t, {})
      assert.are.same({ x, y, a }, out)
    end
  end)

  it("update, apply with fields, and update_timelines write the point", function()
    local p = rail()
    local tl = kinetic.timeline { path = p, fields = { "px", "py", "r" }, from = 0,
                                  { to = 1, duration = 2 } }
    local x, y, a = p:at(0.25)
    assert.are.same({ x, y, a }, { tl:update(0.5) })
    local obj = {}
    tl:apply(obj)
    assert.are.same({ px = x, py = y, r = a }, obj)
    local out = kinetic.update_timelines({ tl }, 0.5)
    x, y, a = p:at(0.5)
    assert.are.same({ x, y, a }, out[1])
  end)

  it("refuses a path on anything but fractions", function()
    local p = rail()
    h.fails("field 'path': kinetic.Path expected, got number", kinetic.timeline,
            { path = 1, from = 0, { to = 1, duration = 1 } })
    h.fails("field 'path': kinetic.Path expected, got nil", kinetic.timeline,
            { rotate = true, from = 0, { to = 1, duration = 1 } })
    h.fails("field 'path': keyframes that are numbers (fractions of its length) expected, got arrays", kinetic.timeline,
        { path = p, from = { 0, 0 }, { to = { 1, 1 }, duration = 1 } })
    h.fails("field 'interpolation': a path's fractions interpolate linearly", kinetic.timeline,
        { path = p, interpolation = "shortest-angle", from = 0, { to = 1, duration = 1 } })
    h.fails("field 'rotate': boolean expected, got number", kinetic.timeline,
            { path = p, rotate = 1, from = 0, { to = 1, duration = 1 } })
    h.fails("field 'fields': {x, y} or {x, y, angle}", kinetic.timeline,
            { path = p, fields = {}, from = 0, { to = 1, duration = 1 } })
    h.fails("field 'fields': 'x' named twice", kinetic.timeline,
            { path = p, fields = { "x", "x" }, from = 0, { to = 1, duration = 1 } })
  end)
end)
