-- Colours: kinetic.color, kinetic.mix and kinetic.Color (hex, rgba, to,
-- tostring).  Expected values are derived by hand from CSS Color 4 (the
-- formulas of section 18, the worked examples of sections 9 and 13) unless
-- a case says otherwise; spec/color_fixtures_spec.lua holds the peers.
describe("colours", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function near(a, b, tol) return math.abs(a - b) <= (tol or 1e-9) * math.max(1, math.abs(b)) end

  -- asserts c:rgba() (or c:to(space)) against want, component by component
  local function rgba_is(c, want, tol)
    local got = { c:rgba() }
    for i = 1, #want do
      assert.is_true(near(got[i], want[i], tol), string.format("%s component %d: %.17g, want %.17g",
                     tostring(c), i, got[i], want[i]))
    end
  end

  local function to_is(c, space, want, tol)
    local got = { c:to(space) }
    assert.are.equal(4, #got)
    for i = 1, #want do
      assert.is_true(near(got[i], want[i], tol), string.format("%s in %s, component %d: %.17g, want %.17g",
                     tostring(c), space, i, got[i], want[i]))
    end
  end

  local spaces = { "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50",
                   "xyz-d65", "lab", "lch", "oklab", "oklch", "hsl", "hwb" }

  describe("parsing", function()
    it("reads hex colours of 3, 4, 6 and 8 digits, in any case", function()
      rgba_is(kinetic.color("#336699"), { 0.2, 0.4, 0.6, 1 })
      rgba_is(kinetic.color("#369"), { 0.2, 0.4, 0.6, 1 })
      rgba_is(kinetic.color("#3699"), { 0.2, 0.4, 0.6, 0x99 / 255 })
      rgba_is(kinetic.color("#ABCDEF80"), { 0xab / 255, 0xcd / 255, 0xef / 255, 0x80 / 255 })
      assert.are.equal("#abcdef80", kinetic.color("#ABCDEF80"):hex())
    end)

    it("knows the 148 named colours in any case, and transparent", function()
      rgba_is(kinetic.color("rebeccapurple"), { 0.4, 0.2, 0.6, 1 })
      rgba_is(kinetic.color("RebeccaPurple"), { 0.4, 0.2, 0.6, 1 })
      assert.are.equal("#ffa500", kinetic.color("orange"):hex())
      assert.are.equal("#a9a9a9", kinetic.color("darkgrey"):hex())
      assert.are.equal("#a9a9a9", kinetic.color("darkgray"):hex())
      assert.are.equal("#f0f8ff", kinetic.color("aliceblue"):hex())
      assert.are.equal("#9acd32", kinetic.color("yellowgreen"):hex())
      rgba_is(kinetic.color("transparent"), { 0, 0, 0, 0 })
      assert.are.equal("#00000000", kinetic.color("Transparent"):hex())
    end)

    it("reads rgb() and rgba() in the legacy and the modern syntax", function()
      for _, s in ipairs { "rgb(51, 102, 153)", "rgb(51 102 153)", "rgba(51,102,153)", "RGB(20% 40% 60%)",
                           "rgb(20%, 40%, 60%)", "rgb(51 40% 153)", "rgb( 51\t102\n153 )",
                           "rgb(/* c */51 102 153)", "rgb(20%40%60%)" } do
        rgba_is(kinetic.color(s), { 0.2, 0.4, 0.6, 1 })
      end
      rgba_is(kinetic.color("rgba(51, 102, 153, 0.5)"), { 0.2, 0.4, 0.6, 0.5 })
      rgba_is(kinetic.color("rgb(51 102 153 / 25%)"), { 0.2, 0.4, 0.6, 0.25 })
      rgba_is(kinetic.color("rgb(calc(255 / 5) 102 153)"), { 0.2, 0.4, 0.6, 1 })
      -- CSS Syntax closes a block left open at the end of the input
      rgba_is(kinetic.color("rgb(51 102 153"), { 0.2, 0.4, 0.6, 1 })
      rgba_is(kinetic.color("rgba(51, 102, 153, 0.5"), { 0.2, 0.4, 0.6, 0.5 })
    end)

    it("reads hsl(), hsla() and hwb(), hues in every unit", function()
      -- hsl(120 100% 25%): l - a max(-1, min(k - 3, 9 - k, 1)) with a = 0.25
      rgba_is(kinetic.color("hsl(120 100% 25%)"), { 0, 0.5, 0, 1 })
      rgba_is(kinetic.color("hsl(120deg, 100%, 25%)"), { 0, 0.5, 0, 1 })
      rgba_is(kinetic.color("hsla(120, 100%, 25%, 0.5)"), { 0, 0.5, 0, 0.5 })
      rgba_is(kinetic.color("hsl(120 100 25)"), { 0, 0.5, 0, 1 })
      for _, hue in ipairs { "180", "180deg", "200grad", "0.5turn", "3.141592653589793rad", "540" } do
        rgba_is(kinetic.color("hsl(" .. hue .. " 100% 50%)"), { 0, 1, 1, 1 })
      end
      -- hwb: v = 1 - b, s = 1 - w / v; w + b >= 100% is the grey w / (w + b)
      rgba_is(kinetic.color("hwb(0 0% 0%)"), { 1, 0, 0, 1 })
      rgba_is(kinetic.color("hwb(120 20% 50%)"), { 0.2, 0.5, 0.2, 1 })
      rgba_is(kinetic.color("hwb(0 60% 60%)"), { 0.5, 0.5, 0.5, 1 })
      rgba_is(kinetic.color("hwb(30 60 60 / 0.5)"), { 0.5, 0.5, 0.5, 0.5 })
    end)

    it("reads lab(), lch(), oklab() and oklch() with percentages on their reference ranges", function()
      -- CSS Color 4 section 9's example colour, #7d2329
      for _, s in ipairs { "lab(29.2345% 39.3825 20.0664)", "lch(29.2345% 44.2 27)" } do
        assert.are.equal("#7d2329", kinetic.color(s):hex())
      end
      to_is(kinetic.color("lab(50% 100% -100%)"), "lab", { 50, 125, -125, 1 })
      to_is(kinetic.color("lch(50% 100% 0.25turn)"), "lch", { 50, 150, 90, 1 })
      to_is(kinetic.color("oklab(50% 100% -50%)"), "oklab", { 0.5, 0.4, -0.2, 1 })
      to_is(kinetic.color("oklch(50% 50% 90deg)"), "oklch", { 0.5, 0.2, 90, 1 })
      -- the achromatic axis: lab L 100 is the D50 white, oklab L 1 the D65 white
      to_is(kinetic.color("lab(100 0 0)"), "xyz-d50", { 0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585 }, 1e-12)
      rgba_is(kinetic.color("oklab(1 0 0)"), { 1, 1, 1, 1 }, 1e-12)
    end)

    it("reads color() in every predefined space", function()
      rgba_is(kinetic.color("color(srgb 0.2 0.4 0.6)"), { 0.2, 0.4, 0.6, 1 })
      rgba_is(kinetic.color("color(srgb 20% 40% 60% / 0.5)"), { 0.2, 0.4, 0.6, 0.5 })
      -- linear 0.5 is sRGB 1.055 * 0.5^(1/2.4) - 0.055
      rgba_is(kinetic.color("color(srgb-linear 0.5 0.5 0.5)"), { 1.055 * 0.5 ^ (1 / 2.4) - 0.055 }, 1e-12)
      for _, s in ipairs { "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "Display-P3" } do
        rgba_is(kinetic.color("color(" .. s .. " 1 1 1)"), { 1, 1, 1, 1 }, 1e-9)
        rgba_is(kinetic.color("color(" .. s .. " 0 0 0)"), { 0, 0, 0, 1 }, 1e-9)
      end
      -- the D65 white point in XYZ is sRGB white, in any of its names
      for _, s in ipairs { "xyz", "xyz-d65" } do
        rgba_is(kinetic.color(("color(%s %.17g 1 %.17g)"):format(s, 0.3127 / 0.3290, (1 - 0.3127 - 0.3290) / 0.3290)),
                { 1, 1, 1, 1 }, 1e-9)
      end
      to_is(kinetic.color("color(xyz-d50 0.5 0.25 0.125)"), "xyz-d50", { 0.5, 0.25, 0.125, 1 })
    end)

    it("clamps what CSS Color 4 clamps at parse time, and keeps the rest", function()
      rgba_is(kinetic.color("rgb(300 -20 0)"), { 1, 0, 0, 1 })
      rgba_is(kinetic.color("rgb(300, -20, 0, 2)"), { 1, 0, 0, 1 })
      rgba_is(kinetic.color("rgb(0 0 0 / -1)"), { 0, 0, 0, 0 })
      rgba_is(kinetic.color("rgb(0 0 0 / 150%)"), { 0, 0, 0, 1 })
      -- hsl(): only a negative saturation (section 7.1); hwb(): nothing
      to_is(kinetic.color("hsl(30 -10% 50%)"), "hsl", { 30, 0, 50, 1 })
      to_is(kinetic.color("hsl(30 150% -10%)"), "hsl", { 30, 150, -10, 1 })
      to_is(kinetic.color("hwb(30 -10% 120%)"), "hwb", { 30, -10, 120, 1 })
      -- hues are normalized to [0, 360) (section 4.3)
      to_is(kinetic.color("lch(50 30 -90)"), "lch", { 50, 30, 270, 1 })
      to_is(kinetic.color("hsl(2.5turn 50% 50%)"), "hsl", { 180, 50, 50, 1 })
      to_is(kinetic.color("lab(120 200 -300)"), "lab", { 100, 200, -300, 1 })
      to_is(kinetic.color("lab(-5 1 1)"), "lab", { 0, 1, 1, 1 })
      to_is(kinetic.color("lch(50 -10 30)"), "lch", { 50, 0, 30, 1 })
      to_is(kinetic.color("oklab(1.5 0.1 0.1)"), "oklab", { 1, 0.1, 0.1, 1 })
      to_is(kinetic.color("oklch(-0.5 -0.1 30)"), "oklch", { 0, 0, 30, 1 })
      -- color() keeps components outside the gamut
      to_is(kinetic.color("color(srgb 1.5 -0.5 0)"), "srgb", { 1.5, -0.5, 0, 1 })
      -- math functions: NaN is 0, infinity the largest value allowed
      rgba_is(kinetic.color("rgb(calc(NaN) calc(infinity) 0)"), { 0, 1, 0, 1 })
      to_is(kinetic.color("color(srgb calc(infinity) calc(-infinity) 0)"), "srgb", { 1e6, -1e6, 0, 1 })
    end)

    it("takes none in the modern syntax, as 0 outside interpolation", function()
      local c = kinetic.color("rgb(none 102 153 / none)")
      rgba_is(c, { 0, 0.4, 0.6, 0 })
      assert.are.equal("color(srgb none 0.4 0.6 / none)", tostring(c))
      to_is(kinetic.color("hsl(none 100% 50%)"), "hsl", { 0, 100, 50, 1 })
      rgba_is(kinetic.color("hsl(none 100% 50%)"), { 1, 0, 0, 1 })
      to_is(kinetic.color("oklch(0.5 none none)"), "oklch", { 0.5, 0, 0, 1 })
      assert.are.equal("lab(50 none 10)", tostring(kinetic.color("lab(50 NONE 10)")))
    end)

    it("accepts numbers r, g, b [, a] in [0, 1], and a Color", function()
      local c = kinetic.color(1, 0.5, 0)
      rgba_is(c, { 1, 0.5, 0, 1 })
      assert.are.equal("#ff8000", c:hex())  -- 127.5 rounds up
      rgba_is(kinetic.color(0, 0, 1, 0.25), { 0, 0, 1, 0.25 })
      assert.are.equal(c, kinetic.color(c))
      rgba_is(kinetic.color(0, 0, 0, nil), { 0, 0, 0, 1 })
    end)
  end)

  describe("errors", function()
    local function bad(spec, why)
      local err = h.fails_bad_argument("bad argument #1 to 'color' (invalid colour '" .. spec .. "': " .. why,
                                       kinetic.color, spec)
      return err
    end

    it("name a url( or --> token as what it is, not as a delimiter", function()
      bad("url(x)", "colour expected at 'url(x)')")
      bad("-->", "colour expected at '-->')")
    end)

    it("say what is wrong with a colour string", function()
      bad("rgb(1 2)", "rgb() takes 3 components, got 2")
      bad("rgb(1 2 3 4)", "rgb() takes 3 components and '/' alpha, got '4' after them")
      bad("rgb(1, 2 3)", "rgb(): ',' expected in the legacy syntax, got '3'")
      bad("rgb(1 2, 3)", "rgb(): ',' after a component in the modern syntax")
      bad("rgb(1, 2, none)", "rgb() component 3: number or percentage expected, got 'none'")
      bad("rgb(none, 2, 3)", "rgb(): none is not allowed in the legacy comma syntax")
      bad("rgb(1, 2%, 3)", "rgb(): the legacy syntax takes three numbers or three percentages")
      bad("hsl(10, 20, 30)", "hsl() component 2: percentage expected, got '20'")
      bad("hsl(10% 20% 30%)", "hsl() component 1: number, angle or none expected, got '10%'")
      bad("hwb(10, 20%, 30%)", "hwb() separates its components by spaces, not commas")
      bad("lab(50 10deg 0)", "lab() component 2: number, percentage or none expected, got '10deg'")
      bad("rgb(1 2", "rgb() takes 3 components, got 2")
      bad("rgb(1, 2,", "rgb() component 3: number or percentage expected at the end")
      bad("rgb(1 2 3 / 0.5 0.5)", "')' expected to close rgb(), got '0.5'")
      bad("rgb(1 2 3) red", "unexpected 'red' after the colour")
      bad("color(lab 1 2 3)", "color(): unknown colour space 'lab'")
      bad("color(1 2 3)", "color(): a colour space expected, got '1'")
      bad("foo", "unknown colour name 'foo'")
      bad("bluee", "unknown colour name 'bluee'")
      bad("fancy(1 2 3)", "unknown colour function 'fancy()'")
      bad("#12345", "a hex colour has 3, 4, 6 or 8 digits, got 5")
      bad("#ggg", "a hex colour takes only the digits 0-9 and a-f, got '#ggg'")
      bad("", "empty colour")
      bad("  ", "empty colour")
      bad("12", "colour expected at '12'")
      bad("currentcolor", "currentcolor needs a document")
      bad("Canvas", "system colours (canvas) need a document")
      bad("inherit", "CSS-wide keywords")
      bad("rgb(var(--r) 0 0)", "var(), env(), attr()")
      bad("rgb(calc(1 + 2%) 0 0)", "number + percentage: a number and a percentage do not add")
    end)

    it("quote at most 60 bytes of a long or binary string", function()
      local long = "rgb(" .. ("1 "):rep(100) .. ")"
      local err = h.fails_bad_argument("invalid colour '" .. long:sub(1, 60) .. "...': rgb() takes 3 components and",
                                       kinetic.color, long)
      assert.is_nil(err:find(long:sub(1, 61), 1, true))
      h.fails_bad_argument("invalid colour 'red...': unexpected", kinetic.color, "red\0blue")
    end)

    it("name the argument for wrong types, counts and numbers", function()
      h.fails_bad_argument("bad argument #1 to 'color' (colour string, kinetic.Color or number expected, got no value)",
                           kinetic.color)
      h.fails_bad_argument("bad argument #1 to 'color' (colour string, kinetic.Color or number expected, got table)",
                           kinetic.color, {})
      h.fails_bad_argument("bad argument #2 to 'color' (number expected, got no value)", kinetic.color, 1)
      h.fails_bad_argument("bad argument #3 to 'color' (number expected, got no value)", kinetic.color, 1, 0)
      h.fails_bad_argument("bad argument #2 to 'color' (number in [0, 1] expected, got 1.5)", kinetic.color, 0, 1.5, 0)
      h.fails_bad_argument("bad argument #4 to 'color' (number in [0, 1] expected, got -1)", kinetic.color, 0, 0, 0, -1)
      h.fails_bad_argument("bad argument #1 to 'color' (finite number expected, got nan)", kinetic.color, 0 / 0, 0, 0)
      h.fails_bad_argument("bad argument #3 to 'color' (finite number expected, got inf)",
                           kinetic.color, 0, 0, math.huge)
      h.fails_bad_argument("bad argument #5 to 'color' (at most 4 numbers (r, g, b, alpha) expected, got number)",
                           kinetic.color, 0, 0, 0, 1, 1)
      h.fails_bad_argument("bad argument #2 to 'color' (no argument expected after a colour, got number)",
                           kinetic.color, "red", 0.5)
    end)

    it("name the argument of mix and to", function()
      h.fails_bad_argument("bad argument #1 to 'mix' (colour string or kinetic.Color expected, got no value)",
                           kinetic.mix)
      h.fails_bad_argument("bad argument #2 to 'mix' (invalid colour 'bleu': unknown colour name 'bleu')",
                           kinetic.mix, "red", "bleu", 0.5)
      h.fails_bad_argument("bad argument #3 to 'mix' (number expected, got no value)", kinetic.mix, "red", "blue")
      h.fails_bad_argument("bad argument #3 to 'mix' (finite number expected, got nan)",
                           kinetic.mix, "red", "blue", 0 / 0)
      h.fails_bad_argument("bad argument #3 to 'mix' (finite number expected, got -inf)", kinetic.mix, "red", "blue",
                           -math.huge)
      h.fails_bad_argument("bad argument #4 to 'mix' (unknown colour space 'rgb' (spaces: srgb, srgb-linear, "
                           .. "display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65, lab, lch, oklab, "
                           .. "oklch, hsl, hwb))", kinetic.mix, "red", "blue", 0.5, "rgb")
      h.fails_bad_argument("bad argument #4 to 'mix' (colour space name expected, got number)",
                           kinetic.mix, "red", "blue", 0.5, 1)
      h.fails_bad_argument("bad argument #5 to 'mix' (unknown hue interpolation method 'short' (methods: shorter, "
                           .. "longer, increasing, decreasing))", kinetic.mix, "red", "blue", 0.5, "oklch", "short")
      h.fails_bad_argument("bad argument #6 to 'mix' (at most 5 arguments expected, got string)",
                           kinetic.mix, "red", "blue", 0.5, "oklch", "longer", "x")
      local c = kinetic.color("red")
      h.fails_bad_argument("bad argument #1 to 'to' (unknown colour space 'cmyk'", function() c:to("cmyk") end)
      h.fails_bad_argument("bad argument #1 to 'to' (colour space name expected, got no value)",
                           function() c:to() end)
      -- c.hex("red") is a function call: C counts self as argument #1; the
      -- Lua backend cannot tell it from c:hex() and reports a bad self
      h.fails(kinetic._backend == "lua" and "calling 'hex' on bad self (kinetic.Color expected, got string)"
              or "bad argument #1 to 'hex' (kinetic.Color expected, got string)", c.hex, "red")
      h.fails("kinetic.Color expected, got table", c.rgba, {})
    end)
  end)

  describe("hex and rgba", function()
    it("gamut-map to sRGB by CSS Color 4's algorithm", function()
      -- values of colorjs.io 0.7.1, toGamut({ method: "css" })
      rgba_is(kinetic.color("color(display-p3 1 0 0)"), { 1, 0.044569516204187, 0.045931611140174, 1 }, 1e-9)
      assert.are.equal("#ff0b0c", kinetic.color("color(display-p3 1 0 0)"):hex())
      assert.are.equal("#41ff87", kinetic.color("oklch(0.9 0.4 150)"):hex())
      -- lightness at or past the ends: white and black, alpha kept
      rgba_is(kinetic.color("oklch(1 0.4 150 / 0.5)"), { 1, 1, 1, 0.5 }, 1e-12)
      rgba_is(kinetic.color("oklab(0 0.3 0.3)"), { 0, 0, 0, 1 }, 1e-12)
      rgba_is(kinetic.color("oklch(1.2 0.1 10)"), { 1, 1, 1, 1 }, 1e-12)
      -- in gamut: untouched; out of gamut: inside the cube, hue kept (within the JND)
      rgba_is(kinetic.color("color(srgb 0.25 0.5 0.75)"), { 0.25, 0.5, 0.75, 1 })
      local c = kinetic.color("color(rec2020 0 1 0)")
      local r, g, b = c:rgba()
      for _, x in ipairs { r, g, b } do assert.is_true(x >= 0 and x <= 1) end
      local _, _, hue = kinetic.color(r, g, b):to("oklch")
      local _, _, hue0 = c:to("oklch")
      assert.is_true(math.abs(hue - hue0) < 3)  -- the last clip may turn it a little
    end)

    it("write #rrggbb when alpha is 1, #rrggbbaa otherwise", function()
      assert.are.equal("#336699", kinetic.color("rgb(51 102 153)"):hex())
      assert.are.equal("#33669980", kinetic.color("rgb(51 102 153 / 0.5)"):hex())
      assert.are.equal("#336699ff", kinetic.color("rgb(51 102 153 / 0.999)"):hex())
      assert.are.equal("#00000000", kinetic.color("rgb(0 0 0 / 0)"):hex())
    end)
  end)

  describe("to", function()
    it("gives the components in every space, hues in degrees, not gamut-mapped", function()
      local c = kinetic.color("rebeccapurple")   -- #663399
      to_is(c, "srgb", { 0.4, 0.2, 0.6, 1 })
      local function lin(v) return ((v + 0.055) / 1.055) ^ 2.4 end
      to_is(c, "srgb-linear", { lin(0.4), lin(0.2), lin(0.6), 1 }, 1e-12)
      local rl, gl, bl = lin(0.4), lin(0.2), lin(0.6)
      to_is(c, "xyz-d65", { 0.41239079926595934 * rl + 0.357584339383878 * gl + 0.1804807884018343 * bl,
                            0.21263900587151027 * rl + 0.715168678767756 * gl + 0.07219231536073371 * bl,
                            0.01933081871559182 * rl + 0.11919477979462598 * gl + 0.9505321522496607 * bl, 1 }, 1e-12)
      to_is(c, "xyz", { c:to("xyz-d65") }, 0)
      to_is(c, "hsl", { 270, 50, 40, 1 }, 1e-12)
      to_is(c, "hwb", { 270, 20, 40, 1 }, 1e-12)
      local x, y, z = c:to("xyz-d65")
      assert.is_true(near(select(2, c:to("xyz-d50")), 0.02962780877005599 * x + 0.9904344267538799 * y
                          - 0.017073799063418826 * z, 1e-12))
      local L, a, b = c:to("lab")
      local L2, C, H = c:to("lch")
      assert.are.equal(L, L2)
      assert.is_true(near(C, math.sqrt(a * a + b * b), 1e-12))
      assert.is_true(near(H, math.deg(math.atan2 and math.atan2(b, a) or math.atan(b, a)) % 360, 1e-12))
      local l, oa, ob = c:to("oklab")
      local l2, oc, oh = c:to("oklch")
      assert.are.equal(l, l2)
      assert.is_true(near(oc, math.sqrt(oa * oa + ob * ob), 1e-12))
      assert.is_true(near(oh, math.deg(math.atan2 and math.atan2(ob, oa) or math.atan(ob, oa)) % 360, 1e-12))
      -- a wide-gamut colour leaves the sRGB cube in to()
      local r = kinetic.color("color(display-p3 1 0 0)"):to("srgb")
      assert.is_true(r > 1)
    end)

    it("gives white as 1 1 1 in every RGB space, and a powerless hue as 0", function()
      local w = kinetic.color("white")
      for _, s in ipairs { "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020" } do
        to_is(w, s, { 1, 1, 1, 1 }, 1e-9)
      end
      to_is(w, "lab", { 100, 0, 0, 1 }, 1e-9)
      to_is(w, "lch", { 100, 0, 0, 1 }, 1e-9)
      to_is(w, "oklch", { 1, 0, 0, 1 }, 1e-9)
      to_is(w, "hsl", { 0, 0, 100, 1 })
      to_is(w, "hwb", { 0, 100, 0, 1 })
      to_is(kinetic.color("gray"), "hsl", { 0, 0, 128 / 2.55, 1 }, 1e-12)
      -- in its own space a colour keeps what was written (its hue normalized)
      to_is(kinetic.color("oklch(0.5 0.1 720)"), "oklch", { 0.5, 0.1, 0, 1 })
      to_is(kinetic.color("Lab(50 0 0)"), "lab", { 50, 0, 0, 1 })
    end)

    it("accepts space names in any case, and every space round-trips", function()
      local c = kinetic.color("oklch(0.62 0.19 40 / 0.8)")
      to_is(c, "OKLab", { c:to("oklab") }, 0)
      local fns = { lab = "lab", lch = "lch", oklab = "oklab", oklch = "oklch" }
      for _, s in ipairs(spaces) do
        local a, b, d, alpha = c:to(s)
        local text
        if fns[s] then text = ("%s(%.17g %.17g %.17g / %.17g)"):format(s, a, b, d, alpha)
        elseif s == "hsl" or s == "hwb" then text = ("%s(%.17g %.17g%% %.17g%% / %.17g)"):format(s, a, b, d, alpha)
        else text = ("color(%s %.17g %.17g %.17g / %.17g)"):format(s, a, b, d, alpha) end
        to_is(kinetic.color(text), "oklch", { c:to("oklch") }, 1e-9)
      end
    end)
  end)

  describe("tostring", function()
    it("writes the colour in its own space, as CSS serializes it", function()
      assert.are.equal("rgb(51, 102, 153)", tostring(kinetic.color("#369")))
      assert.are.equal("rgba(51, 102, 153, 0.5)", tostring(kinetic.color("rgb(20% 40% 60% / 50%)")))
      assert.are.equal("rgb(127.5, 0, 0)", tostring(kinetic.color("color(srgb 0.5 0 0)")))
      assert.are.equal("color(srgb 1.5 0 0)", tostring(kinetic.color("color(srgb 1.5 0 0)")))
      assert.are.equal("hsl(120 100% 25%)", tostring(kinetic.color("hsla(120, 100%, 25%)")))
      assert.are.equal("hwb(90 10% 20% / 0.3)", tostring(kinetic.color("hwb(0.25turn 10% 20% / 0.3)")))
      assert.are.equal("lab(29.2345 39.3825 20.0664)", tostring(kinetic.color("lab(29.2345% 39.3825 20.0664)")))
      assert.are.equal("lch(50 30 270)", tostring(kinetic.color("LCH(50 30 270)")))
      assert.are.equal("oklab(0.5 0.1 -0.1)", tostring(kinetic.color("oklab(50% 25% -25%)")))
      assert.are.equal("oklch(0.7 0.2 150 / 0)", tostring(kinetic.color("oklch(0.7 0.2 150 / 0)")))
      assert.are.equal("color(display-p3 1 0 0)", tostring(kinetic.color("color(display-p3 100% 0 0)")))
      assert.are.equal("color(xyz-d65 0.5 0.5 0.5)", tostring(kinetic.color("color(xyz 0.5 0.5 0.5)")))
      assert.are.equal("color(xyz-d50 0.1 0.2 0.3)", tostring(kinetic.color("color(xyz-d50 0.1 0.2 0.3)")))
    end)

    it("parses back to the same colour", function()
      for _, s in ipairs { "#7d2329", "hsl(10 20% 30% / 0.4)", "hwb(200 20% 30%)", "lab(50 -20 30)",
                           "lch(60 40 300 / 0.5)", "oklab(0.3 -0.1 0.05)", "oklch(0.8 0.1 10)",
                           "color(rec2020 0.1 0.5 1.2)", "rgb(none 10 20 / none)" } do
        local c = kinetic.color(s)
        local back = kinetic.color(tostring(c))
        assert.are.equal(tostring(c), tostring(back))
        to_is(back, "srgb", { c:to("srgb") }, 1e-6)
      end
    end)
  end)

  describe("mix", function()
    it("interpolates in oklab by default, the result in the interpolation space", function()
      local m = kinetic.mix("red", "blue", 0.5)
      assert.truthy(tostring(m):find("^oklab%("))
      local L1, a1, b1 = kinetic.color("red"):to("oklab")
      local L2, a2, b2 = kinetic.color("blue"):to("oklab")
      to_is(m, "oklab", { (L1 + L2) / 2, (a1 + a2) / 2, (b1 + b2) / 2, 1 }, 1e-12)
      to_is(kinetic.mix("red", "blue", 0.5, "srgb"), "srgb", { 0.5, 0, 0.5, 1 })
      assert.are.equal("rgb(127.5, 0, 127.5)", tostring(kinetic.mix("red", "blue", 0.5, "srgb")))
      to_is(kinetic.mix(kinetic.color("red"), "#0000ff", 0.25, "srgb-linear"), "srgb-linear", { 0.75, 0, 0.25, 1 })
    end)

    it("ends on its colours and extrapolates outside [0, 1], alpha clamped", function()
      to_is(kinetic.mix("#336699", "white", 0, "srgb"), "srgb", { 0.2, 0.4, 0.6, 1 })
      to_is(kinetic.mix("#336699", "white", 1, "srgb"), "srgb", { 1, 1, 1, 1 })
      to_is(kinetic.mix("red", "blue", -0.5, "srgb"), "srgb", { 1.5, 0, -0.5, 1 })
      local _, _, _, a = kinetic.mix("rgb(0 0 0 / 0.5)", "black", 2, "srgb"):to("srgb")
      assert.are.equal(1, a)
      _, _, _, a = kinetic.mix("rgb(0 0 0 / 0.5)", "black", -2, "srgb"):to("srgb")
      assert.are.equal(0, a)
    end)

    it("interpolates premultiplied by alpha", function()
      -- (1, 0, 0) * 1 and (0, 0, 1) * 0: halfway (0.5, 0, 0) / 0.5 = red
      to_is(kinetic.mix("red", "rgb(0 0 255 / 0)", 0.5, "srgb"), "srgb", { 1, 0, 0, 0.5 })
      -- (1, 0, 0) * 0.2 and (0, 0, 1) * 0.6: at 0.5, (0.1, 0, 0.3) / 0.4
      to_is(kinetic.mix("rgb(255 0 0 / 0.2)", "rgb(0 0 255 / 0.6)", 0.5, "srgb"), "srgb", { 0.25, 0, 0.75, 0.4 })
      -- a hue is not premultiplied
      to_is(kinetic.mix("hsl(40 50% 50% / 0.2)", "hsl(80 50% 50% / 1)", 0.5, "hsl"), "hsl",
            { 60, 50, 50, 0.6 }, 1e-12)
    end)

    it("takes the arc the hue method names", function()
      local a, b = "hsl(10 50% 50%)", "hsl(350 50% 50%)"
      local cases = { shorter = 0, longer = 180, increasing = 180, decreasing = 0 }
      for method, want in pairs(cases) do
        to_is(kinetic.mix(a, b, 0.5, "hsl", method), "hsl", { want, 50, 50, 1 }, 1e-12)
      end
      to_is(kinetic.mix(a, b, 0.25, "hsl", "shorter"), "hsl", { 5, 50, 50, 1 }, 1e-12)
      to_is(kinetic.mix(a, b, 0.25, "hsl", "decreasing"), "hsl", { 5, 50, 50, 1 }, 1e-12)
      to_is(kinetic.mix(a, b, 0.25, "hsl", "increasing"), "hsl", { 95, 50, 50, 1 }, 1e-12)
      to_is(kinetic.mix(b, a, 0.25, "hsl", "increasing"), "hsl", { 355, 50, 50, 1 }, 1e-12)
      to_is(kinetic.mix(b, a, 0.25, "hsl", "longer"), "hsl", { 265, 50, 50, 1 }, 1e-12)
      -- a difference of exactly 180: both arcs are as long; decreasing goes down
      to_is(kinetic.mix("lch(50 30 0)", "lch(50 30 180)", 0.5, "lch", "shorter"), "lch", { 50, 30, 90, 1 }, 1e-12)
      to_is(kinetic.mix("lch(50 30 0)", "lch(50 30 180)", 0.5, "lch", "longer"), "lch", { 50, 30, 90, 1 }, 1e-12)
      to_is(kinetic.mix("lch(50 30 0)", "lch(50 30 180)", 0.5, "lch", "decreasing"), "lch", { 50, 30, 270, 1 }, 1e-12)
      -- hues reduced to [0, 360) first
      to_is(kinetic.mix("oklch(0.5 0.1 -30)", "oklch(0.5 0.1 390)", 0.5, "oklch"), "oklch", { 0.5, 0.1, 0, 1 }, 1e-9)
    end)

    it("gives a missing component the other colour's value, or keeps it missing", function()
      to_is(kinetic.mix("hsl(none 50% 50%)", "hsl(120 30% 50%)", 0.3, "hsl"), "hsl", { 120, 44, 50, 1 }, 1e-12)
      to_is(kinetic.mix("rgb(none 0 0 / none)", "rgb(255 0 255 / 0.5)", 0.5, "srgb"), "srgb", { 1, 0, 0.5, 0.5 })
      local m = kinetic.mix("hsl(none 0% 50%)", "hsl(none 0% 20%)", 0.5, "hsl")
      assert.are.equal("hsl(none 0% 35%)", tostring(m))
      -- carried forward to the analogous component of the interpolation space
      -- (section 12.2): an lch hue stays missing in oklch and takes the other's
      local _, _, hb = kinetic.color("lch(70 40 100)"):to("oklch")
      for _, t in ipairs { 0, 0.5, 1 } do
        local _, _, hm = kinetic.mix("lch(50 30 none)", "lch(70 40 100)", t, "oklch"):to("oklch")
        assert.is_true(near(hm, hb, 1e-12))
      end
      -- analogous sets: lab's a and b both missing make lch's C and H missing
      to_is(kinetic.mix("lab(50% none none)", "lch(70 40 120)", 0, "lch"), "lch", { 50, 40, 120, 1 }, 1e-12)
      -- a grey reached through another space (lab(60 0 0) in sRGB is grey to
      -- 2e-16 only): its hue is powerless within the epsilons of section 4.4.1
      local _, _, l = kinetic.color("lab(60 0 0)"):to("hsl")
      to_is(kinetic.mix("lab(60 0 0)", "hsl(200 100% 50%)", 0.5, "hsl"), "hsl", { 200, 50, (l + 50) / 2, 1 }, 1e-12)
      -- an achromatic colour's hue is powerless: it takes the other's
      to_is(kinetic.mix("white", "hsl(200 100% 50%)", 0.5, "hsl"), "hsl", { 200, 50, 75, 1 }, 1e-12)
      local _, _, h1 = kinetic.mix("black", "oklch(0.6 0.2 250)", 0.5, "oklch"):to("oklch")
      assert.is_true(near(h1, 250, 1e-12))
    end)

    it("works in every space and returns a colour in it", function()
      for _, s in ipairs(spaces) do
        local m = kinetic.mix("#ff8000", "color(display-p3 0 0.5 1 / 0.5)", 0.3, s)
        local name = (s == "xyz") and "xyz-d65" or s
        local text = tostring(m)
        assert.truthy(text:find(name, 1, true) or (s == "srgb" and text:find("^rgba?%(")), text)
        assert.truthy(m:hex():match("^#%x%x%x%x%x%x%x%x$"))
      end
    end)
  end)

  describe("finiteness", function()
    local functions = { "rgb(", "rgba(", "hsl(", "hsla(", "hwb(", "lab(", "lch(", "oklab(", "oklch(", "color(srgb ",
                        "color(rec2020 ", "color(xyz ", "color(prophoto-rgb ", "color(a98-rgb ", "color(display-p3 " }
    local values = { "none", "1e6", "-1e6", "1e300", "-1e300", "0", "50%", "-50%", "1000%", "12deg", "1e308turn",
                     "3rad", "calc(infinity)", "calc(-infinity)", "calc(NaN)", "calc(1/0)", "0.5", "255", "-0.2",
                     "1e-320", "100", "1" }
    local noise = { "#", ",", "/", ")", "(", "abc", "ff", "red", " ", "none", "%" }

    local function check(c, what)
      for _, s in ipairs(spaces) do
        local v = { c:to(s) }
        for i = 1, 4 do assert.is_true(h.finite(v[i]), what .. " to " .. s) end
      end
      local v = { c:rgba() }
      for i = 1, 4 do assert.is_true(v[i] >= 0 and v[i] <= 1, what .. " rgba") end
      assert.truthy(c:hex():match("^#%x%x%x%x%x%x$") or c:hex():match("^#%x%x%x%x%x%x%x%x$"), what)
      local text = tostring(c)
      assert.is_nil(text:find("nan", 1, true), what)
      assert.is_nil(text:find("inf", 1, true), what)
      assert.is_true(pcall(kinetic.color, text), what .. " -> " .. text)
    end

    it("never gives NaN or infinity for any string that parses, nor crashes on any other", function()
      local rnd, parsed = h.lcg(12345), 0
      local made = {}
      for _ = 1, 3000 do
        local function pick(list) return list[1 + math.floor(rnd() * #list)] end
        local parts = { pick(functions), pick(values), " ", pick(values), " ", pick(values) }
        if rnd() < 0.5 then parts[#parts + 1] = " / " .. pick(values) end
        parts[#parts + 1] = ")"
        if rnd() < 0.3 then table.insert(parts, 1 + math.floor(rnd() * (#parts + 1)), pick(noise)) end
        local s = table.concat(parts)
        local ok, c = pcall(kinetic.color, s)
        if ok then
          parsed = parsed + 1
          check(c, s)
          made[#made + 1] = c
        else
          assert.truthy(c:find("bad argument #1 to 'color' (invalid colour", 1, true), c)
        end
      end
      -- and the extremes written on purpose
      for _, s in ipairs { "color(srgb 1e300 -1e300 1e300)", "lab(100 1e300 -1e300)", "oklab(0.5 1e300 1e300)",
                           "oklch(0.5 1e300 1e300)", "lch(50 1e300 -1e300deg)", "hsl(1e300 1e300% 50%)",
                           "hwb(1e300turn 50% 50%)", "color(xyz calc(infinity) 0 0)", "oklab(1e-320 1e-320 0)",
                           "rgb(0 0 0 / 1e-320)", "color(srgb-linear -1e300 1e300 0)", "lab(50 1e6 1e6)" } do
        local c = kinetic.color(s)
        check(c, s)
        made[#made + 1] = c
      end
      assert.is_true(parsed >= 1000)
      for i = 1, 400 do
        local a, b = made[1 + math.floor(rnd() * #made)], made[1 + math.floor(rnd() * #made)]
        local t = ({ 0, 0.5, 1, -3, 1e300, -1e300, 1e-300, rnd() })[1 + i % 8]
        local s = spaces[1 + math.floor(rnd() * #spaces)]
        local hue = ({ "shorter", "longer", "increasing", "decreasing" })[1 + math.floor(rnd() * 4)]
        check(kinetic.mix(a, b, t, s, hue), tostring(a) .. " + " .. tostring(b) .. " " .. s .. " " .. t)
      end
    end)
  end)
end)
