-- kinetic.viewport: the world-to-screen transform
--   S_x = w O_x + U_x K_x x,   S_y = h O_y + U_y K_y y
-- (w, h the screen size, O the world origin as a fraction of the screen, U
-- pixels per world unit, K the zoom), written out again here, and animated
-- by a timeline through tl:apply.
local kinetic = require("kinetic")
local h = require("spec.helpers")
local near = h.relative_near(1e-12)

local function screen(p, x, y)
  return p.w * p.ox + p.ux * p.kx * x, p.h * p.oy + p.uy * p.ky * y
end

describe("viewport", function()
  local p = { w = 800, h = 600, ox = 0.5, oy = 0.75, ux = 40, uy = 40, kx = 1.5, ky = -1 }
  local vp = kinetic.viewport{ width = p.w, height = p.h, origin = { p.ox, p.oy }, unit = { p.ux, p.uy },
                               scale = { p.kx, p.ky } }

  it("maps world to screen by the formula", function()
    for _, pt in ipairs({ { 0, 0 }, { 1, 1 }, { -3.5, 2.25 }, { 10, -7 } }) do
      local ex, ey = screen(p, pt[1], pt[2])
      local sx, sy = vp:to_screen(pt[1], pt[2])
      near(ex, sx); near(ey, sy)
    end
    local sx, sy = vp:to_screen(0, 0)
    assert.are.equal(400, sx); assert.are.equal(450, sy)
    sx, sy = vp:to_screen(0, 1)           -- K_y < 0: world up is screen down
    assert.is_true(sy < 450)
    assert.are.equal(400, sx)
  end)

  it("inverts with to_world", function()
    for _, pt in ipairs({ { 0, 0 }, { 1, 1 }, { -3.5, 2.25 }, { 10, -7 } }) do
      local x, y = vp:to_world(vp:to_screen(pt[1], pt[2]))
      near(pt[1], x); near(pt[2], y)
    end
  end)

  it("takes width and height by position, with identity defaults", function()
    local v = kinetic.viewport{ 320, 200 }
    assert.are.equal(320, v.width); assert.are.equal(200, v.height)
    local sx, sy = v:to_screen(3, 4)
    assert.are.equal(3, sx); assert.are.equal(4, sy)
    assert.are.same({ 0, 0 }, v.origin)
    assert.are.same({ 1, 1 }, v.unit)
    assert.are.same({ 1, 1 }, v.scale)
    assert.matches("^kinetic%.Viewport%(320 x 200%)", tostring(v))
  end)

  it("exposes its parameters as fields that can be written", function()
    local v = kinetic.viewport{ width = 100, height = 100 }
    v.origin_x = 0.5; v.scale_y = -2; v.unit = { 10, 20 }
    assert.are.equal(0.5, v.origin_x)
    assert.are.same({ 10, 20 }, v.unit)
    local sx, sy = v:to_screen(1, 1)
    assert.are.equal(60, sx); assert.are.equal(-40, sy)
  end)

  it("is animated by a timeline through tl:apply", function()
    local v = kinetic.viewport{ width = 800, height = 600, origin = { 0.5, 0.5 }, scale = { 1, -1 } }
    local zoom = kinetic.timeline{ from = { scale_x = 1, scale_y = -1, origin_x = 0.5 },
                                   { to = { scale_x = 3, scale_y = -3, origin_x = 0.25 }, duration = 2 } }
    zoom:update(1)
    zoom:apply(v)
    assert.are.equal(2, v.scale_x); assert.are.equal(-2, v.scale_y); near(0.375, v.origin_x)
    local q = { w = 800, h = 600, ox = 0.375, oy = 0.5, ux = 1, uy = 1, kx = 2, ky = -2 }
    local ex, ey = screen(q, 5, 5)
    local sx, sy = v:to_screen(5, 5)
    near(ex, sx); near(ey, sy)
    -- the same point, at different times, lands on different pixels: S(x, t)
    zoom:update(1); zoom:apply(v)
    local sx2 = v:to_screen(5, 5)
    assert.are_not.equal(sx, sx2)
  end)

  it("rejects bad input", function()
    local fails = h.fails
    fails("table expected, got no value", kinetic.viewport)
    fails("field 'height': number expected, got nil", kinetic.viewport, { width = 1 })
    fails("field 'width': finite number expected, got nan", kinetic.viewport, { width = 0 / 0, height = 1 })
    fails("field 'scale': {x, y} expected, got number", kinetic.viewport, { 1, 1, scale = 2 })
    fails("field 'origin': y: finite number expected, got inf", kinetic.viewport, { 1, 1, origin = { 0, math.huge } })
    local v = kinetic.viewport{ 1, 1 }
    fails("field 'scale_x': finite number expected, got nan", function() v.scale_x = 0 / 0 end)
    fails("field 'unit_y': number expected, got string", function() v.unit_y = "2" end)
    fails("has no field 'zoom'", function() v.zoom = 1 end)
    fails("bad argument #2 to 'to_screen' (finite number expected, got inf)", function() v:to_screen(1, math.huge) end)
    v.scale_x = 0
    fails("not invertible", function() v:to_world(1, 1) end)
    assert.is_nil(v.nothing)
  end)
end)
