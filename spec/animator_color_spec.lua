-- Colour fields in the animator: a tween or a spring on a colour
-- interpolates as kinetic.mix does (CSS Color 4, premultiplied, in
-- color_space; spec/color_fixtures_spec.lua checks kinetic.mix against
-- colorjs.io) and writes back the type the field held.
describe("animator colours", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function close(a, b, tol, what)
    for i = 1, 4 do
      assert.is_true(math.abs(a[i] - b[i]) <= tol, string.format("%s[%d]: %.17g vs %.17g", what, i, a[i], b[i]))
    end
  end

  it("a tween shows the mix at the eased progress, in the type the field held", function()
    local e = kinetic.easing("inOutSine")
    for _, space in ipairs { "oklab", "oklch", "srgb", "srgb-linear", "lab", "lch", "hsl", "hwb", "display-p3" } do
      local anim = kinetic.animator()
      local obj = { s = "#ff0000", c = kinetic.color("rgb(255 0 0 / 0.5)"), a = { 1, 0, 0 }, b = { 1, 0, 0, 1 } }
      local to = "oklch(0.75 0.12 200)"
      local tween = anim:to(obj, 1, { s = to, c = to, a = to, b = "color(display-p3 0 0.6 0.9 / 0.25)" },
                            { easing = "inOutSine", color_space = space })
      for _ = 1, 12 do
        anim:update(0.1)
        local p = e:eval(tween:progress())
        assert.are.equal(kinetic.mix("#ff0000", to, p, space):hex(), obj.s, space)
        local want = kinetic.mix("rgb(255 0 0 / 0.5)", to, p, space)
        close({ obj.c:to(space) }, { want:to(space) }, 1e-12 * 360, space .. " Color")
        assert.are.equal(3, #obj.a)
        local r, g, b = kinetic.mix("#ff0000", to, p, space):rgba()
        close({ obj.a[1], obj.a[2], obj.a[3], 1 }, { r, g, b, 1 }, 1e-12, space .. " rgb array")
        close(obj.b, { kinetic.mix("#ff0000", "color(display-p3 0 0.6 0.9 / 0.25)", p, space):rgba() }, 1e-12,
              space .. " rgba array")
      end
      assert.are.equal(kinetic.color(to):hex(), obj.s)
    end
  end)

  it("takes the hue mode, runs backwards for from, and staggers", function()
    local anim = kinetic.animator()
    local a, b = { c = "red" }, { c = "red" }
    anim:to(a, 1, { c = "blue" }, { color_space = "oklch", hue = "longer", easing = "linear" })
    anim:from(b, 1, { c = "blue" }, { color_space = "oklch", easing = "linear" })
    anim:update(0.25)
    assert.are.equal(kinetic.mix("red", "blue", 0.25, "oklch", "longer"):hex(), a.c)
    assert.are.equal(kinetic.mix("blue", "red", 0.25, "oklch"):hex(), b.c)
    local upper = { c = "red" }            -- space names are CSS identifiers: any ASCII case
    anim:to(upper, 1, { c = "blue" }, { color_space = "OKLch", hue = "longer", easing = "linear" })
    anim:update(0.25)
    assert.are.equal(kinetic.mix("red", "blue", 0.25, "oklch", "longer"):hex(), upper.c)
    local cards = { { c = "#000000" }, { c = "#000000" }, { c = "#000000" } }
    anim:to(cards, 1, { c = "#ffffff" }, { easing = "linear", stagger = 0.25 })
    anim:update(0.5)
    for i, card in ipairs(cards) do
      assert.are.equal(kinetic.mix("#000000", "#ffffff", 0.5 - (i - 1) * 0.25):hex(), card.c)
    end
  end)

  it("a spring moves a colour to its target, and a second call retargets it", function()
    local anim, obj = kinetic.animator(), { c = "#102030" }
    local a = anim:spring(obj, { c = "#f0e0d0" }, { stiffness = 170, damping = 26 })
    local s = kinetic.spring { stiffness = 170, damping = 26, from = 0, to = 1 }
    for _ = 1, 20 do
      anim:update(1 / 60)
      s:update(1 / 60)
    end
    -- each premultiplied oklab component follows the same spring from 0 to 1
    -- of its way: the colour is the mix at the spring's position
    assert.are.equal(kinetic.mix("#102030", "#f0e0d0", s:position()):hex(), obj.c)
    assert.are.equal(a, anim:spring(obj, { c = "#00ff00" }))
    for _ = 1, 600 do anim:update(1 / 60) end
    assert.are.equal("#00ff00", obj.c)
    assert.is_true(a:done())
    -- a colour never retargets a spring on numbers, nor numbers one on a colour
    local v = { c = { 0, 0, 0, 0 }, d = "#000000" }
    local nums = anim:spring(v, { c = { 1, 1, 1, 1 } })
    assert.are_not.equal(nums, anim:spring(v, { c = "#ffffff" }))
    local col = anim:spring(v, { d = "#ffffff" })
    assert.are_not.equal(col, anim:spring(v, { d = "+=1" }))
  end)

  it("a colour field taken over goes on from where it is", function()
    local anim, obj = kinetic.animator(), { c = "#000000" }
    local first = anim:to(obj, 1, { c = "#ffffff" }, { easing = "linear" })
    anim:update(0.5)
    local here = obj.c
    anim:to(obj, 1, { c = "#ff0000" }, { easing = "linear" })
    anim:update(0.25)
    assert.is_true(first:done())
    assert.are.equal(kinetic.mix(here, "#ff0000", 0.25):hex(), obj.c)
  end)

  it("refuses what is not a colour, with the field named", function()
    local anim = kinetic.animator()
    h.fails("field 'c': number, array of numbers, colour or '+=n' / '-=n' expected, got 'rgb(1 2)'",
        function() anim:to({}, 1, { c = "rgb(1 2)" }) end)
    h.fails("field 'color_space': only a colour value takes it",
        function() anim:to({}, 1, { x = 1 }, { color_space = "oklab" }) end)
    h.fails("field 'hue': one of 'shorter', 'longer', 'increasing', 'decreasing' expected, got 'short'",
        function() anim:to({}, 1, { c = "red" }, { hue = "short" }) end)
    h.fails("field 'color_space': colour space expected",
        function() anim:spring({}, { c = "red" }, { color_space = "rgb" }) end)
    assert.are.equal(0, anim:count())
    local obj = { c = 3 }
    anim:to(obj, 1, { c = "red" })
    h.fails("update: field 'c' of a tween's target: colour (a string, a kinetic.Color or an {r, g, b [, a]} array) "
        .. "expected, got number (the animation is removed)", function() anim:update(0.1) end)
    obj.c = "nope"
    anim:to(obj, 1, { c = "red" })
    h.fails("colour expected, got 'nope'", function() anim:update(0.1) end)
    assert.are.equal(0, anim:count())
  end)
end)
