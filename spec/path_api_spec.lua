-- kinetic.Path's methods beyond the reference values of
-- spec/path_fixtures_spec.lua: wrapping and clamping, and p:at called over
-- and over in one loop, as a game's frame does (under LuaJIT that loop is
-- compiled, with the FFI fast path).
describe("path methods", function()
  local kinetic = require("kinetic")

  local function track()
    return kinetic.path { kind = "catmull-rom", closed = true, { 640, 640 }, { 1000, 640 }, { 1180, 570 },
                          { 1190, 400 }, { 1060, 330 }, { 940, 100 }, { 620, 210 }, { 280, 600 } }
  end

  it("wraps u round a closed path and clamps it on an open one", function()
    local loop = track()
    local open = kinetic.path { kind = "linear", { 0, 0 }, { 10, 0 } }
    for _, u in ipairs { 0.25, 0.5, 0.75 } do
      assert.are.same({ loop:at(u) }, { loop:at(u + 1) })
      assert.are.same({ loop:at(u) }, { loop:at(u - 3) })
      assert.are.same({ loop:point(u) }, { loop:point(u + 2) })
    end
    assert.are.same({ open:at(0) }, { open:at(-0.5) })
    assert.are.same({ open:at(1) }, { open:at(7) })
    assert.are.same({ 10, 0 }, { open:point(2) })
  end)

  it("gives each call its own point when many follow one another in a loop", function()
    -- the chord from at(u - h) to at(u + h) points where the path goes at
    -- u; the loop's shape is a game's self-test's (under LuaJIT 2.1.0-beta3
    -- the compiled loop once gave both ends of the chord the same point)
    local PATH, H = { path = track() }, 1e-5
    local atan2 = math.atan2 or math.atan
    local function tangent(u)
      local x0, y0 = PATH.path:at(u - H)
      local x1, y1 = PATH.path:at(u + H)
      return atan2(y1 - y0, x1 - x0)
    end
    local function angle_off(a, b) return math.abs((a - b + math.pi) % (2 * math.pi) - math.pi) end
    local worst = 0
    for f = 1, 2000 do
      for i = 1, 6 do
        local u = ((f * 0.003 + i * 0.1) % 1)
        local _, _, a = PATH.path:at(u)
        local d = angle_off(a, tangent(u))
        if d > worst then worst = d end
      end
    end
    -- within the turn over 2 h of the length (this track turns well under
    -- 10 rad per unit of u) and the rounding of two points 2 h L apart
    assert.is_true(worst <= 20 * H, tostring(worst))
  end)

  it("describes itself", function()
    assert.is_truthy(tostring(track()):find("^kinetic%.Path%(catmull%-rom closed, 8 segments, length [%d.]+%)"))
    assert.is_truthy(tostring(kinetic.path { kind = "linear", { 0, 0 }, { 3, 4 } })
                     :find("^kinetic%.Path%(linear, 1 segment, length 5%)"))
  end)
end)
