-- CSS Color 4 colours against spec/fixtures/color.lua (tools/gen/gen_color.mjs:
-- npm colorjs.io, with CSS Color 4's parse-time and interpolation rules
-- stated in the generator and culori as a cross-check; the fixture's header
-- says exactly how each number was made).  kinetic.color parses, c:to
-- converts, c:rgba and c:hex gamut-map to sRGB, kinetic.mix interpolates.
-- The measured maxima are printed with KINETIC_REPORT=1.
--
-- Tolerances, from how the numbers are made:
-- * A conversion is at most a transfer function, three 3x3 matrix products
--   (one of them Bradford), a cube root or cube and an atan2/hypot: each
--   stage costs a few ulps (1.1e-16) times the matrices' row sums (< 7), so
--   the result is good to ~1e-14 of the component's scale (1 for rgb, xyz and
--   oklab; 100 for lab L, a, b, lch L, C and hsl/hwb; see SCALE).  REL = 1e-11
--   of max(scale, |value|) leaves 1000x for another, equally exact order of
--   operations (premultiplied matrices, a different cbrt), and is still 1e4x
--   below what a wrong constant gives (culori's D50/Lab constants differ from
--   CSS Color 4's by ~1e-7 of the scale, fixture header).
-- * A hue is atan2 of two opponent components (hsl/hwb: 60 (g - b) / (max -
--   min)): an error e of the components turns it by e / C radians, C its
--   colourfulness on 0..1.  With e ~ 1e-14 that is 6e-13 / C degrees; the
--   hue is checked to 1e-9 * max(1, 1 / C) degrees.  A powerless hue (C, s = 0
--   or w + b >= 100) is not checked at all: CSS lets it be anything; its C or
--   s may be 0 (4.4.1's prose, the fixture) or up to the epsilon (sample code).
--   The generator measured the ED's own sample code (section 19, an
--   independent path) against these numbers: 3e-15 of the scale at worst (3e-13
--   for an hsl s near black, inside the hsl rule below), hues at 6e-5 of the
--   hue tolerance (fixture header).
-- * hsl s = (max - l) / min(l, 1 - l) divides the same errors by min(l, 1 - l):
--   checked to REL * max(100, |s|) / min(l, 1 - l); where l is within 1e-4 of
--   0 or 100 the fixture marks it ill_conditioned and s, h are not checked.
-- * a98-rgb (x^(256/563)) and rec2020 (x^(1/2.4), CSS Color 4 ED) have no
--   linear toe: a linear-light error of 1e-15 near 0 becomes 1e-15^(1/2.2) =
--   1.5e-7 (a98) or 1e-15^(1/2.4) = 5.6e-7 (rec2020), so values below 1e-3 in
--   those two spaces are checked to 1e-6 (above 1e-3 the slope is < 7e3 and
--   REL holds).
-- * Gamut mapping (CSS Color 4 14.2.2) is a binary search whose decisions the
--   generator found to be at least 1e-9 away from flipping (4.7e-7 at the
--   closest; gm_fragile would mark any closer): the same decisions give the
--   same chroma, so rgba is held to REL too.  hex is compared exactly, except where a
--   channel * 255 lies within 1e-9 of k + 0.5 (hex_boundary): either rounding.
-- * Alpha is parsed, not computed: 1e-12 (p / 100 and p * 0.01 can differ by
--   an ulp).  A mixed colour is divided by its alpha, which scales the
--   premultiplied errors by max(alpha_a, alpha_b) / alpha: the mix tolerance
--   is REL / alpha (alpha >= 0.2 wherever it is not 0 in the fixture).
describe("color fixtures (colorjs.io, CSS Color 4)", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local fx = h.fixture("color")
  local report = os.getenv("KINETIC_REPORT") == "1"

  local REL, ALPHA_TOL, HUE_TOL, TOE_TOL = 1e-11, 1e-12, 1e-9, 1e-6
  local HUE = { hsl = 1, hwb = 1, lch = 3, oklch = 3 }
  -- CSS Color 4 powerless-hue epsilons, and the component they bound
  local EPS = { hsl = 0.001, hwb = 0.001, lch = 0.0015, oklch = 0.000004 }
  local POWERLESS_AT = { hsl = 2, hwb = 3, lch = 2, oklch = 2 }
  local SCALE = { hsl = { 360, 100, 100 }, hwb = { 360, 100, 100 }, lab = { 100, 100, 100 },
                  lch = { 100, 100, 360 }, oklch = { 1, 1, 360 } }
  local ONE = { 1, 1, 1 }
  local abs, max, min = math.abs, math.max, math.min

  local function set_of(list)
    local s = {}
    for _, v in ipairs(list or {}) do s[v] = true end
    return s
  end

  local function angle(a, b)
    local d = abs(a - b) % 360
    return min(d, 360 - d)
  end

  -- colourfulness on 0..1 (the hue's lever arm), from a colour in `space`
  local function colourfulness(space, c)
    if space == "oklch" then return abs(c[2]) end
    if space == "lch" then return abs(c[2]) / 100 end
    if space == "hsl" then return 2 * abs(c[2]) / 100 * min(abs(c[3]), abs(100 - c[3])) / 100 end
    return abs(1 - (c[2] + c[3]) / 100)
  end

  local worst = {}
  local function note(kind, err, where)
    if not worst[kind] or err > worst[kind][1] then worst[kind] = { err, where } end
  end

  -- compare got[1..3] with want[1..3] in `space`; opts: skip_hue, ill (skip hsl s
  -- and h), alpha (divide the tolerance), cf (colourfulness for the hue tolerance)
  local function compare(kind, where, space, got, want, opts)
    local sc = SCALE[space] or ONE
    local hi = HUE[space]
    for i = 1, 3 do
      local g, w = got[i], want[i]
      assert(type(g) == "number" and g == g, where .. ": component " .. i .. " is " .. tostring(g))
      if i == hi then
        if not (opts.skip_hue or opts.ill) then
          local cf = opts.cf or colourfulness(space, want)
          local tol = HUE_TOL * max(1, 1 / max(cf, 1e-300))
          local err = angle(g, w)
          note(kind .. " hue", err / tol, where)
          assert(err <= tol,
                 string.format("%s: hue %.17g, expected %.17g (tolerance %.3g deg)", where, g, w, tol))
        end
      elseif not (opts.ill and space == "hsl" and i == 2) then
        local tol = REL * max(sc[i], abs(w))
        if space == "hsl" and i == 2 then tol = tol / max(min(abs(want[3]), abs(100 - want[3])) / 100, 1e-4) end
        if (space == "a98-rgb" or space == "rec2020") and abs(w) < 1e-3 then tol = TOE_TOL end
        if opts.alpha and opts.alpha > 0 then tol = tol / opts.alpha end
        -- a powerless hue's C (lch, oklch), s (hsl) or b (hwb): 4.4.1's prose sets C and s to 0 and b to
        -- 100 - w, the ED's sample code leaves them; either is accepted, within the space's epsilon
        if opts.skip_hue and i == POWERLESS_AT[space] then tol = max(tol, EPS[space]) end
        local err = abs(g - w)
        note(kind, err / tol, where)
        assert(err <= tol,
               string.format("%s: component %d = %.17g, expected %.17g (tolerance %.3g)", where, i, g, w, tol))
      end
    end
  end

  local function check_alpha(where, got, want)
    assert(type(got) == "number" and abs(got - want) <= ALPHA_TOL,
           string.format("%s: alpha %s, expected %.17g", where, tostring(got), want))
  end

  local function hex_channels(s)
    local out = {}
    for i = 2, #s - 1, 2 do out[#out + 1] = tonumber(s:sub(i, i + 1), 16) end
    return out
  end

  it("the fixture is the one described (counts)", function()
    assert.are.equal(15, #fx.spaces)
    assert.is_true(#fx.parse >= 380)
    assert.is_true(#fx.invalid >= 70)
    assert.is_true(#fx.mix >= 90)
  end)

  it("parses every form to the CSS-resolved colour in its own space", function()
    local n = 0
    for _, e in ipairs(fx.parse) do
      local where = string.format("%q", e.spec)
      local ok, c = pcall(kinetic.color, e.spec)
      assert(ok, where .. " raised " .. tostring(c))
      local c0, c1, c2, a = c:to(e.space)
      compare("coords", where .. " in " .. e.space, e.space, { c0, c1, c2 }, e.coords,
              { skip_hue = e.powerless_hue })
      check_alpha(where, a, e.alpha)
      n = n + 1
    end
    assert.is_true(n >= 380)
  end)

  it("converts to the other spaces, not gamut mapped", function()
    local n, full = 0, 0
    for _, e in ipairs(fx.parse) do
      local c = kinetic.color(e.spec)
      local pw, ill = set_of(e.powerless), set_of(e.ill_conditioned)
      local k = 0
      for _, space in ipairs(fx.spaces) do
        local want = e.to[space]
        if want then
          local where = string.format("%q -> %s", e.spec, space)
          local c0, c1, c2, a = c:to(space)
          compare("to", where, space, { c0, c1, c2 }, want, { skip_hue = pw[space], ill = ill[space] })
          check_alpha(where, a, e.alpha)
          n, k = n + 1, k + 1
        end
      end
      assert.is_true(k >= 1, e.spec)
      if k == #fx.spaces then full = full + 1 end
    end
    assert.is_true(n >= 1000)
    assert.is_true(full >= 60)
  end)

  it("gamut-maps to sRGB with CSS Color 4's algorithm (rgba and hex)", function()
    local n = 0
    for _, e in ipairs(fx.parse) do
      local where = string.format("%q", e.spec)
      local c = kinetic.color(e.spec)
      local r, g, b, a = c:rgba()
      for _, v in ipairs({ r, g, b, a }) do
        assert(type(v) == "number" and v >= 0 and v <= 1, where .. ": rgba outside [0, 1]: " .. tostring(v))
      end
      if not e.gm_fragile then
        compare("rgba", where .. " rgba", "srgb", { r, g, b }, { e.rgba[1], e.rgba[2], e.rgba[3] }, {})
      end
      check_alpha(where .. " rgba", a, e.rgba[4])
      local hex = c:hex()
      assert.are.equal(#e.hex, #hex, where .. " hex " .. tostring(hex))
      if e.hex_boundary or e.gm_fragile then
        local got, want = hex_channels(hex), hex_channels(e.hex)
        for i = 1, #want do
          assert(abs(got[i] - want[i]) <= 1, where .. ": hex " .. hex .. ", expected " .. e.hex)
        end
        assert.are.equal(hex:lower(), hex)
      else
        assert.are.equal(e.hex, hex, where)
      end
      n = n + 1
    end
    assert.is_true(n >= 380)
  end)

  it("rejects what CSS Color 4 rejects", function()
    assert.is_function(kinetic.color)
    assert.is_truthy(kinetic.color("red"))
    local n = 0
    for _, e in ipairs(fx.invalid) do
      local ok = pcall(kinetic.color, e.spec)
      assert(not ok, string.format("%q was accepted (%s)", e.spec, e.rule))
      n = n + 1
    end
    assert.is_true(n >= 70)
  end)

  it("interpolates as CSS Color 4 section 13 (premultiplied, missing components, hue modes)", function()
    local n = 0
    for _, e in ipairs(fx.mix) do
      local a, b = kinetic.color(e.a), kinetic.color(e.b)
      local space = e.space or "oklab"
      for _, s in ipairs(e.samples) do
        local t = s[1]
        local where = string.format("mix(%q, %q, %g, %s, %s)", e.a, e.b, t, tostring(e.space), tostring(e.hue))
        local m
        if e.default_space then m = kinetic.mix(a, b, t)
        elseif e.hue then m = kinetic.mix(a, b, t, e.space, e.hue)
        else m = kinetic.mix(a, b, t, e.space) end
        local c0, c1, c2, al = m:to(space)
        compare("mix", where, space, { c0, c1, c2 }, { s[2], s[3], s[4] },
                { skip_hue = s[6] == 1, ill = e.ill_conditioned, alpha = s[5], cf = e.cmin })
        check_alpha(where, al, s[5])
        n = n + 1
      end
    end
    assert.is_true(n >= 450)
  end)

  if report then
    teardown(function()
      local keys = {}
      for k in pairs(worst) do keys[#keys + 1] = k end
      table.sort(keys)
      print("\ncolor fixtures: worst error / tolerance")
      for _, k in ipairs(keys) do print(string.format("  %-10s %.3g  %s", k, worst[k][1], worst[k][2])) end
    end)
  end
end)
