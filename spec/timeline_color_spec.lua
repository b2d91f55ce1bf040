-- Colour keyframes: each segment interpolates as kinetic.mix does (CSS
-- Color 4, premultiplied, in color_space; spec/color_fixtures_spec.lua
-- checks kinetic.mix against colorjs.io), and the timeline returns the
-- type its keyframes were given in.
describe("timeline colours", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function close(a, b, tol, what)
    for i = 1, 4 do
      assert.is_true(math.abs(a[i] - b[i]) <= tol, string.format("%s[%d]: %.17g vs %.17g", what, i, a[i], b[i]))
    end
  end

  it("a colour timeline shows the mix of each segment's keyframes at its eased progress", function()
    local e = kinetic.easing("ease-in-out")
    for _, space in ipairs { "oklab", "oklch", "srgb", "lab", "hsl", "xyz" } do
      local keys = { "#ff0000", "oklch(0.7 0.1 200 / 0.5)", "hwb(90 10% 20%)" }
      local tl = kinetic.timeline { from = keys[1], color_space = space,
                                    { to = keys[2], duration = 1, easing = "ease-in-out" },
                                    { to = keys[3], duration = 2 } }
      for i = 0, 30 do
        local t = i * 0.1
        local want
        if t <= 1 then want = kinetic.mix(keys[1], keys[2], e:eval(t), space)
        else want = kinetic.mix(keys[2], keys[3], (t - 1) / 2, space) end
        assert.are.equal(want:hex(), tl:at(t), space .. " at " .. t)
      end
    end
  end)

  it("named properties mix colours and numbers; a Color keyframe gives Colors", function()
    local tl = kinetic.timeline { from = { fill = kinetic.color("red"), x = 0, stroke = "black" },
                                  { to = { fill = "lime", x = 10, stroke = "white" }, duration = 2 },
                                  color_space = "oklch", hue = "longer" }
    local v = tl:at(0.5)
    assert.are.equal(2.5, v.x)
    close({ v.fill:to("oklch") }, { kinetic.mix("red", "lime", 0.25, "oklch", "longer"):to("oklch") }, 1e-9, "fill")
    assert.are.equal(kinetic.mix("black", "white", 0.25, "oklch", "longer"):hex(), v.stroke)
    local obj = {}
    tl:update(1)
    tl:apply(obj)
    assert.are.equal(5, obj.x)
    assert.are.equal(kinetic.mix("black", "white", 0.5, "oklch", "longer"):hex(), obj.stroke)
    local out = kinetic.update_timelines({ tl }, 1)
    assert.are.equal("#ffffff", out[1].stroke)
    assert.are.equal("#00ff00", out[1].fill:hex())
  end)

  it("refuses colours where they cannot go", function()
    h.fails("segment 1, field 'to': colour expected (as 'from'), got 3", kinetic.timeline,
            { from = "red", { to = 3, duration = 1 } })
    h.fails("segment 1, field 'to': property 'c': colour expected (as in 'from'), got 'nah'", kinetic.timeline,
        { from = { c = "red" }, { to = { c = "nah" }, duration = 1 } })
    h.fails("field 'color_space': only colour keyframes take it", kinetic.timeline,
        { from = 0, { to = 1, duration = 1 }, color_space = "lab" })
    h.fails("field 'color_space': colour space expected", kinetic.timeline,
        { from = "red", { to = "blue", duration = 1 }, color_space = "rgb" })
    h.fails("field 'hue': 'shorter', 'longer', 'increasing' or 'decreasing' expected, got 'short'", kinetic.timeline,
        { from = "red", { to = "blue", duration = 1 }, hue = "short" })
    h.fails("field 'interpolation': colours interpolate in color_space", kinetic.timeline,
        { from = "red", { to = "blue", duration = 1 }, interpolation = "shortest-angle" })
    h.fails("field 'from': number, array, colour or table of named values expected, got 'nope'", kinetic.timeline,
        { from = "nope", { to = "blue", duration = 1 } })
    local tl = kinetic.timeline { from = "red", { to = "blue", duration = 1 } }
    local ok, msg = pcall(tl.apply, tl, {})
    assert.is_false(ok)
    assert.is_truthy(msg:find("a timeline of one colour has no fields to write", 1, true))
  end)
end)
