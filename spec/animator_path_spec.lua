-- A path as a tween's value: the animator writes x, y (and the angle) of
-- the point at the eased fraction of arc length, exactly as p:at gives it
-- (spec/path_fixtures_spec.lua checks p:at against mpmath).
describe("animator paths", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function rail()
    return kinetic.path { kind = "catmull-rom", { 0, 0 }, { 120, 40 }, { 200, 160 }, { 80, 220 } }
  end

  it("writes the point at the eased fraction of arc length every frame", function()
    local p, e = rail(), kinetic.easing("inOutCubic")
    local anim, obj = kinetic.animator(), {}
    local tween = anim:to(obj, 2, { pos = p }, { easing = "inOutCubic", rotate = true })
    for _ = 1, 40 do
      anim:update(0.05)
      local x, y, a = p:at(e:eval(tween:progress()))
      assert.are.equal(x, obj.x)
      assert.are.equal(y, obj.y)
      assert.are.equal(a, obj.angle)
    end
    local x, y = p:at(1)
    assert.are.same({ x, y }, { obj.x, obj.y })
  end)

  it("names its fields with fields; a third name writes the angle", function()
    local p = rail()
    local anim, two, three = kinetic.animator(), {}, {}
    anim:to(two, 1, { pos = p }, { fields = { "px", "py" }, easing = "linear" })
    anim:to(three, 1, { pos = p }, { fields = { "px", "py", "r" }, easing = "linear" })
    anim:update(0.25)
    local x, y, a = p:at(0.25)
    assert.are.same({ px = x, py = y }, two)
    assert.are.same({ px = x, py = y, r = a }, three)
  end)

  it("runs backwards for from, and wraps a closed path when the easing overshoots", function()
    local p = rail()
    local anim, obj = kinetic.animator(), {}
    anim:from(obj, 1, { pos = p }, { easing = "linear" })
    anim:update(0.25)
    local x, y = p:at(0.75)
    assert.are.same({ x, y }, { obj.x, obj.y })
    local loop = kinetic.path { kind = "catmull-rom", closed = true, { 0, 0 }, { 100, 0 }, { 100, 100 } }
    local back, o = kinetic.easing("outBack"), {}
    anim:to(o, 1, { pos = loop }, { easing = "outBack" })
    anim:update(0.6)
    local u = back:eval(0.6)
    assert.is_true(u > 1)
    x, y = loop:at(u - 1)
    assert.are.same({ x, y }, { o.x, o.y })
    local open = {}
    anim:to(open, 1, { pos = p }, { easing = "outBack" })
    anim:update(0.6)
    x, y = p:at(1)
    assert.are.same({ x, y }, { open.x, open.y })
  end)

  it("lets a later animation take one field over while the others go on", function()
    local p = rail()
    local anim, obj = kinetic.animator(), {}
    local a = anim:to(obj, 1, { pos = p }, { easing = "linear" })
    anim:update(0.25)
    local x0 = obj.x
    anim:to(obj, 1, { x = -50 }, { easing = "linear" })
    anim:update(0.25)
    local _, y = p:at(0.5)
    assert.are.equal(y, obj.y)
    assert.is_true(math.abs(obj.x - (x0 + (-50 - x0) * 0.25)) <= 1e-12 * math.abs(x0))
    assert.is_false(a:done())
  end)

  it("hands a spring the velocity of the point along the path", function()
    local p = rail()
    local anim, obj = kinetic.animator(), {}
    anim:to(obj, 2, { pos = p }, { easing = "linear" })
    anim:update(0.5)
    local x0, y0 = obj.x, obj.y
    anim:spring(obj, { x = x0, y = y0 }, { stiffness = 100, damping = 20 })
    anim:update(1e-5)
    -- d/dt of the point at u = t / 2: (dP/du) / 2, |dP/du| = the length
    local _, _, a = p:at(0.25)
    local v = p:length() / 2
    assert.is_true(math.abs((obj.x - x0) / 1e-5 - v * math.cos(a)) <= 1e-3 * v)
    assert.is_true(math.abs((obj.y - y0) / 1e-5 - v * math.sin(a)) <= 1e-3 * v)
  end)

  it("staggers a list of targets along one path", function()
    local p = rail()
    local anim, cars = kinetic.animator(), { {}, {}, {} }
    anim:to(cars, 1, { pos = p }, { easing = "linear", stagger = 0.25 })
    anim:update(0.5)
    for i, car in ipairs(cars) do
      local x, y = p:at(0.5 - (i - 1) * 0.25)
      assert.are.same({ x, y }, { car.x, car.y })
    end
  end)

  it("refuses what a path cannot do", function()
    local p, anim = rail(), kinetic.animator()
    h.fails("field 'x' is written by the path", function() anim:to({}, 1, { pos = p, x = 1 }) end)
    h.fails("one path per animation expected, got 2", function() anim:to({}, 1, { a = p, b = p }) end)
    h.fails("field 'rotate': only a path value takes it", function() anim:to({}, 1, { x = 1 }, { rotate = true }) end)
    h.fails("field 'fields': only a path value takes it",
        function() anim:to({}, 1, { x = 1 }, { fields = { "a", "b" } }) end)
    h.fails("field 'fields': {x, y} or {x, y, angle}", function() anim:to({}, 1, { pos = p }, { fields = { "a" } }) end)
    h.fails("field 'fields': item 2: field name (string) expected, got number",
        function() anim:to({}, 1, { pos = p }, { fields = { "a", 2 } }) end)
    h.fails("field 'fields': 'a' named twice", function() anim:to({}, 1, { pos = p }, { fields = { "a", "a" } }) end)
    h.fails("a path is followed by a tween (anim:to), not a spring", function() anim:spring({}, { pos = p }) end)
    h.fails("field 'rotate': boolean expected", function() anim:to({}, 1, { pos = p }, { rotate = 1 }) end)
    assert.are.equal(0, anim:count())
  end)
end)
