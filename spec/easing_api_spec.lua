-- kinetic.easing and friends: constructors, parsing, serialization, errors.
-- Expected values are derived by hand in the comments, never from kinetic.
describe("easing API", function()
  local kinetic = require("kinetic")
  local fails = require("spec.helpers").fails

  it("parses the CSS keywords", function()
    -- ease-in-out is symmetric about (0.5, 0.5): y(1/2) = 1/2 exactly at u = 1/2
    assert.are.equal(0.5, kinetic.easing("ease-in-out")(0.5))
    assert.are.equal(0.3, kinetic.easing("linear")(0.3))
    assert.are.equal("ease", tostring(kinetic.easing("ease")))
    assert.are.equal("ease-in", tostring(kinetic.easing("EASE-IN")))
    assert.are.equal("steps(1, start)", tostring(kinetic.easing("step-start")))
    assert.are.equal("steps(1)", tostring(kinetic.easing("step-end")))
  end)

  it("types keywords and cubic-bezier() as kinetic.Bezier, others as kinetic.Easing", function()
    local b = kinetic.easing("ease")
    assert.truthy(tostring(b))
    assert.are.equal(4, select("#", b:control_points()))
    assert.is_function(kinetic.easing("cubic-bezier(0.1, 0.2, 0.3, 0.4)").slope)
    assert.is_nil(kinetic.easing("inQuad").slope)
    assert.is_nil(kinetic.easing("steps(2)").slope)
  end)

  it("evaluates cubic-bezier(0.5, k, 0.5, k) at 1/2 as 3k/4 + 1/8", function()
    -- x1 = x2 = 1/2: x(1/2) = 3/8 + 1/8 = 1/2; y(1/2) = 3k(1/4) + 1/8
    assert.are.equal(0.875, kinetic.bezier(0.5, 1, 0.5, 1)(0.5))
    assert.are.equal(1.625, kinetic.bezier(0.5, 2, 0.5, 2)(0.5))
    assert.are.equal(-0.625, kinetic.bezier(0.5, -1, 0.5, -1)(0.5))
  end)

  it("returns exact endpoints and extrapolates with the engines' tangent rule", function()
    local b = kinetic.bezier(0.68, -0.55, 0.265, 1.55)
    assert.are.equal(0, b(0))
    assert.are.equal(1, b(1))
    -- start gradient y1/x1, end gradient (y2-1)/(x2-1)
    assert.are.equal(-0.55 / 0.68 * -1, b(-1))
    assert.are.equal(1 + (1.55 - 1) / (0.265 - 1) * 1, b(2))
    -- vertical tangents: gradient 0
    assert.are.equal(1, kinetic.bezier(0, 1.5, 1, 1.5)(2))
    assert.are.equal(0, kinetic.bezier(0, -0.5, 1, -0.5)(-1))
    -- near control point on the end point: the far one is used
    assert.are.equal(-2, kinetic.bezier(0, 0, 0.5, 1)(-1))
    assert.are.equal(-0.5, kinetic.bezier(1, 0.5, 1, 1)(-1))
    assert.are.equal(2, kinetic.bezier(0, 0, 0, 0)(2))
    assert.are.equal(-1, kinetic.bezier(1, 1, 1, 1)(-1))
  end)

  it("solves the flat inflection of cubic-bezier(1, 0, 0, 1)", function()
    -- x(u) - 1/2 = 4 (u - 1/2)^3, y(u) = 3u^2 - 2u^3: t = 1/2 + 4 d^3 -> y = 1/2 + 3d/2 - 2 d^3
    local b = kinetic.bezier(1, 0, 0, 1)
    assert.are.equal(0.5, b(0.5))
    local d = 0.125
    local t = 0.5 + 4 * d ^ 3
    assert.is_true(math.abs(b(t) - (0.5 + 1.5 * d - 2 * d ^ 3)) <= 2e-16)
    -- where Chromium (1e-7 in x) is 3.6e-6 off: t = 0.49975, d = -(0.00025/4)^(1/3)
    t = 0.49975
    d = -((0.5 - t) / 4) ^ (1 / 3)
    assert.is_true(math.abs(b(t) - (0.5 + 1.5 * d - 2 * d ^ 3)) <= 1e-15)
  end)

  it("computes steps() in double arithmetic, with the before flag", function()
    assert.are.equal(0.6, kinetic.easing("steps(5)")(0.6))        -- 0.6*5 rounds to 3
    local js = kinetic.steps(5, "jump-start")
    assert.are.equal(0.2, js(0))
    assert.are.equal(0, js(0, true))
    assert.are.equal(1, js(1))
    assert.are.equal(1.2, kinetic.steps(5)(1.25))                 -- outside [0,1] no clamp
    assert.are.equal(-0.2, kinetic.steps(5)(-1e-6))
    assert.are.equal(1 / 3, kinetic.easing("steps(2, jump-both)")(0))
    assert.are.equal(0, kinetic.easing("steps(2, jump-none)")(0.4999))
    assert.are.equal(1, kinetic.easing("steps(2, jump-none)")(0.5))
    assert.are.equal(0.5, kinetic.steps(2, "start")(0.25))
    assert.are.equal(1.0005, kinetic.easing("steps(2000, jump-end)")(1.001))
  end)

  it("evaluates linear() with filled inputs, extrapolation and jumps", function()
    assert.are.equal(2.5, kinetic.easing("linear(0, 0.25, 1)")(2))
    assert.are.equal(0.2, kinetic.easing("linear(0, 0.5 50%, 0.2 50%, 1)")(0.5))
    assert.are.equal(0.5, kinetic.easing("linear(0 20%, 0.5 10%, 1 80%)")(0.1))
    assert.are.equal(0.75, kinetic.easing("linear(0, 1.5, 1)")(0.25))
    assert.are.equal("linear(0 0%, 0.25 25%, 0.25 75%, 1 100%)",
                     tostring(kinetic.easing("linear(0, 0.25 25% 75%, 1)")))
    assert.are.equal("linear(0 20%, 0.5 20%, 1 100%)", tostring(kinetic.easing("linear(0 20%, 0.5 10%, 1)")))
    assert.are.equal("linear(0 0%, 1 100%)", tostring(kinetic.easing("linear(0, 1)")))
    local l = kinetic.linear{ 0, { 0.25, 0.75 }, 1 }
    assert.are.equal("linear(0 0%, 0.25 75%, 1 100%)", tostring(l))
    assert.are.equal(4, l(2))                                      -- 1 + (2 - 1) * 0.75 / 0.25
    assert.are.equal(l, kinetic.easing(tostring(l)))
  end)

  it("round-trips tostring through kinetic.easing", function()
    local specs = {
      "linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(0.1, 0.7, 1, 0.1)",
      "cubic-bezier(0.3333333333333333, 0.1, 0.6666666666666666, 1.0000000000000002)",
      "steps(4)", "steps(3, jump-both)", "steps(2, jump-none)", "steps(1, start)", "steps(7, jump-start)",
      "linear(0 0%, 0.3 33.333333333333336%, 1 100%)", "inQuad", "outInBounce", "outBack(2.2)",
      "inOutElastic(1.5, 0.45)", "accelerate(0.5)", "accelerate-decelerate(1.25)",
    }
    for _, s in ipairs(specs) do
      local e = kinetic.easing(s)
      local again = kinetic.easing(tostring(e))
      assert.are.equal(tostring(e), tostring(again))
      assert.is_true(e == again, s)
      for i = 0, 20 do
        local p = i / 20
        assert.are.equal(e(p), again(p), s)
      end
    end
    assert.are.equal("cubic-bezier(0.1, 0.7, 1, 0.1)", tostring(kinetic.easing("cubic-bezier( .1 ,.7,1 , .1)")))
  end)

  it("derives Elastic's amplitude and phase from the parameters however they are given", function()
    -- the phase s = P/(2 pi) asin(1/A) (P/4 when A < 1) is computed once per easing:
    -- defaults, explicit parameters and a changed period must each get their own
    local function same(a, b, tol)
      for i = 0, 64 do
        local p = i / 64
        if tol then assert.is_true(math.abs(a(p) - b(p)) <= tol, tostring(a) .. " at " .. p)
        else assert.are.equal(a(p), b(p), tostring(a) .. " at " .. p) end
      end
    end
    for _, mode in ipairs({ "in", "out", "inOut", "outIn" }) do
      local name = mode .. "Elastic"
      local P = mode == "inOut" and 0.45 or 0.3
      same(kinetic.easing(name), kinetic.easing(("%s(1, %.17g)"):format(name, P)))
      same(kinetic.easing(name), kinetic.easing(name .. "(1)"))
      -- an amplitude below 1 acts as 1 with s = P/4, which is asin(1) P/(2 pi) up to rounding
      same(kinetic.easing(name .. "(0.5)"), kinetic.easing(name), 1e-15)
      -- a larger amplitude and another period change the curve, as the formula does
      local A, P2 = 2, 0.7
      local e = kinetic.easing(("%s(%g, %g)"):format(name, A, P2))
      local s = P2 / (2 * math.pi) * math.asin(1 / A)
      if mode == "out" then
        for i = 1, 63 do
          local t = i / 64
          local want = A * 2 ^ (-10 * t) * math.sin((t - s) * (2 * math.pi) / P2) + 1
          assert.is_true(math.abs(e(t) - want) <= 1e-14, ("%s at %g: %.17g vs %.17g"):format(name, t, e(t), want))
        end
      end
      assert.is_true(math.abs(e(0.3) - kinetic.easing(name)(0.3)) > 1e-3, name)
    end
  end)

  it("accepts camelCase and kebab-case Penner names and lists every name", function()
    assert.are.equal(tostring(kinetic.easing("inOutQuad")), tostring(kinetic.easing("in-out-quad")))
    assert.are.equal("outInSine", tostring(kinetic.easing("out-in-sine")))
    local names = kinetic.easings()
    local seen = {}
    for _, n in ipairs(names) do
      seen[n] = true
      assert.truthy(kinetic.easing(n))
    end
    assert.is_true(seen.inOutQuad and seen.ease and seen["step-end"] and seen.outInBounce and true)
    -- canonical, then kebab-case (hump's in-linear ...), hump's bare families, flux's
    assert.are.equal(7 + 40 + 2 + 44 + 10 + 27, #names)
  end)

  it("samples n + 1 values into a new or given table", function()
    local e = kinetic.easing("inQuad")
    local s = e:sample(4)
    assert.are.same({ 0, 0.0625, 0.25, 0.5625, 1 }, s)
    local out = {}
    assert.are.equal(out, e:sample(2, out))
    assert.are.same({ 0, 0.25, 1 }, out)
  end)

  it("returns an existing easing as is", function()
    local e = kinetic.easing("ease")
    assert.are.equal(e, kinetic.easing(e))
    assert.is_true(rawequal(e, kinetic.easing(e)))
  end)

  it("rejects what browsers reject, naming the problem", function()
    local bad = {
      { "steps(0)", "integer >= 1" }, { "steps(1.5)", "integer" }, { "steps(3.0)", "integer" },
      { "steps(-1, start)", ">= 1" }, { "steps(1, jump-none)", "jump-none" },
      { "steps(3, nowhere)", "position" }, { "steps(2, jump-none, end)", "')' expected" },
      { "cubic-bezier(1.1, 0, 0.5, 1)", "x1 must lie in [0, 1]" },
      { "cubic-bezier(-0.1, 0, 0.5, 1)", "x1" }, { "cubic-bezier(0.1, 0, 4, 0.4)", "x2" },
      { "cubic-bezier(0.5, 0, 0.5)", "needs 4 numbers" }, { "linear()", "at least 2 stops" },
      { "linear(1)", "at least 2 stops" }, { "linear(0.5)", "at least 2 stops" },
      { "linear(0 0% 100%)", "at least 2 stops" }, { "linear(100%)", "output" },
      { "linear(0% 1 50%)", "output number first" }, { "linear(0%, 1)", "output" },
      { "linear(0, 1 50% 60% 70%)", "too many" }, { "frames(3)", "unknown easing function" },
      { "", "empty" }, { "7", "" }, { "test", "unknown easing name 'test'" }, { "initial", "CSS-wide keywords" },
      { "ease x", "unexpected 'x'" }, { "ease(", "" }, { "cubic-bezier(0.1, nan, 0.2, 1)", "number" },
      { "cubic-bezier(0.1, inf, 0.2, 1)", "number" }, { "cubic-bezier(0.1, 1e999, 0.2, 1)", "finite" },
      { "cubic-bezier (0.1, 0, 0.2, 1)", "" }, { "steps(2px)", "" }, { "inQuad()", "no parameters" },
      { "outBack(1, 2)", "at most 1" }, { "outElastic(1, 0)", "period" }, { "linear(0, 1", "missing ')'" },
      { "cubic-bezier(0.1 0 0.2 1)", "',' or ')'" }, { "cubic-bezier(0.1, 0, 0.2, 1) ,", "a list of easings" },
      { "accelerate(1, 2)", "at most 1" }, { "inquad", "unknown" },
      { "cubic-bezier(0.1, 0, 1., 1)", "',' or ')' expected" },
    }
    for _, c in ipairs(bad) do
      fails("bad argument #1 to 'easing' (easing spec expected, got '" .. c[1] .. "'", kinetic.easing, c[1])
      fails(c[2], kinetic.easing, c[1])
    end
    fails("bad argument #1 to 'easing' (easing or easing spec string expected, got number)", kinetic.easing, 1)
    fails("bad argument #1 to 'easing' (easing or easing spec string expected, got nil)", kinetic.easing, nil)
  end)

  it("checks constructor arguments", function()
    fails("bad argument #1 to 'bezier' (x1 in [0, 1] expected, got 2)", kinetic.bezier, 2, 0, 0, 1)
    fails("bad argument #3 to 'bezier' (x2 in [0, 1] expected, got -0.5)", kinetic.bezier, 0, 0, -0.5, 1)
    fails("bad argument #2 to 'bezier' (finite number expected, got nan)", kinetic.bezier, 0, 0 / 0, 0, 1)
    fails("bad argument #4 to 'bezier' (finite number expected, got inf)", kinetic.bezier, 0, 0, 0, math.huge)
    fails("bad argument #4 to 'bezier' (number expected, got no value)", kinetic.bezier, 0, 0, 0)
    fails("bad argument #1 to 'steps' (integer >= 1 expected, got 0)", kinetic.steps, 0)
    fails("bad argument #1 to 'steps' (integer >= 1 expected, got 1.5)", kinetic.steps, 1.5)
    fails("bad argument #1 to 'steps' (integer >= 2 (jump-none) expected, got 1)", kinetic.steps, 1, "jump-none")
    fails("bad argument #2 to 'steps' (one of jump-start", kinetic.steps, 2, "middle")
    fails("bad argument #1 to 'linear' (at least 2 stops expected, got 1)", kinetic.linear, { 1 })
    fails("bad argument #1 to 'linear' (table of stops expected, got string)", kinetic.linear, "0, 1")
    fails("bad argument #1 to 'linear' (stop 2: finite number expected, got nan)", kinetic.linear, { 0, 0 / 0 })
    fails("bad argument #1 to 'linear' (stop 2, item 2: finite number expected, got string)",
          kinetic.linear, { 0, { 1, "x" } })
    fails("bad argument #1 to 'accelerate' (finite number expected, got inf)", kinetic.accelerate, math.huge)
  end)

  it("checks eval and method arguments", function()
    local e = kinetic.easing("ease")
    fails("bad argument #1 to 'eval' (finite number expected, got nan)", e, 0 / 0)
    fails("bad argument #1 to 'eval' (finite number expected, got inf)", e.eval, e, math.huge)
    fails("bad argument #1 to 'eval' (number expected, got string)", e, "0.5")
    fails("bad argument #2 to 'eval' (boolean before flag expected, got number)", e, 0.5, 1)
    fails("calling 'eval' on bad self", e.eval, {}, 0.5)
    fails("bad argument #1 to 'sample' (integer >= 1 expected, got 0)", e.sample, e, 0)
    fails("bad argument #1 to 'slope' (finite number expected, got nan)", e.slope, e, 0 / 0)
    fails("calling 'inverse' on bad self (curve with monotone y expected, got cubic-bezier(0.5, -1, 0.5, 2))",
          kinetic.bezier(0.5, -1, 0.5, 2).inverse, kinetic.bezier(0.5, -1, 0.5, 2), 0.5)
    fails("bad argument #1 to 'inverse' (value in the curve's range expected, got -1)",
          kinetic.easing("ease-in").inverse, kinetic.easing("ease-in"), -1)
  end)

  -- e(p) runs a __call that trusts self (Lua only calls it with an object of
  -- its class, and getmetatable cannot hand the metatable out); its argument
  -- checks and results must be e:eval's, for both classes.
  it("gives e(p) the results and errors of e:eval(p), Easing and Bezier alike", function()
    assert.are.equal("kinetic", getmetatable(kinetic.easing("ease")))
    assert.are.equal("kinetic", getmetatable(kinetic.bezier(0.1, 0.2, 0.3, 0.4)))
    for _, e in ipairs { kinetic.easing("ease"), kinetic.bezier(0.05, 0.7, 0.1, 1),
                         kinetic.easing("outElastic"), kinetic.steps(4, "jump-both") } do
      for i = -20, 120 do
        local p = i / 100
        assert.are.equal(e:eval(p), e(p))
        assert.are.equal(e:eval(p, true), e(p, true))
        assert.are.equal(e:eval(p, false), e(p, false))
      end
      fails("bad argument #1 to 'eval' (number expected, got string)", e, "0.5")
      fails("bad argument #1 to 'eval' (number expected, got no value)", e)
      fails("bad argument #1 to 'eval' (finite number expected, got -inf)", e, -math.huge)
      fails("bad argument #2 to 'eval' (boolean before flag expected, got table)", e, 0.5, {})
    end
  end)

  -- e:fn() is a plain function with e(p)'s results and errors; it keeps its
  -- easing alive on its own.
  it("gives e:fn() the results and errors of e(p), as a plain function", function()
    local easings = { kinetic.easing("ease"), kinetic.bezier(0.05, 0.7, 0.1, 1),
                      kinetic.bezier(0, 1.5, 1, -0.5), kinetic.easing("outElastic"),
                      kinetic.steps(4, "jump-both"), kinetic.easing("linear(0, 0.25 75%, 1)") }
    for _, e in ipairs(easings) do
      local f = e:fn()
      assert.are.equal("function", type(f))
      for i = -20, 120 do
        local p = i / 100
        assert.are.equal(e(p), f(p))
        assert.are.equal(e(p, true), f(p, true))
        assert.are.equal(e(p, false), f(p, false))
        assert.are.equal(e(p, nil), f(p, nil))
      end
      fails("bad argument #1 to 'eval' (number expected, got string)", f, "0.5")
      fails("bad argument #1 to 'eval' (number expected, got no value)", f)
      fails("bad argument #1 to 'eval' (finite number expected, got nan)", f, 0 / 0)
      fails("bad argument #1 to 'eval' (finite number expected, got -inf)", f, -math.huge)
      fails("bad argument #2 to 'eval' (boolean before flag expected, got table)", f, 0.5, {})
      fails("bad argument #2 to 'eval' (boolean before flag expected, got number)", f, 0.5, 1)
      fails("bad argument #2 to 'eval' (boolean before flag expected, got number)", f, 0.5, 0)
      fails("bad argument #1 to 'eval' (finite number expected, got inf)", f, math.huge)
      -- extra arguments are ignored, as by e(p); -0 and huge inputs alike
      for _, p in ipairs { -0.0, 1e308, -1e308, 5e-324, 0.5 } do
        local a, b = e(p), f(p, false, "extra", {})
        assert.are.equal(a, b)
        assert.are.equal(1 / a, 1 / b)                  -- the sign of a zero too
      end
    end
    fails("calling 'fn' on bad self (kinetic.Easing expected, got table)", kinetic.easing("ease").fn, {})
    fails("calling 'fn' on bad self (kinetic.Easing expected, got no value)", kinetic.easing("ease").fn)
    fails("calling 'eval' on bad self (kinetic.Easing expected, got no value)", kinetic.easing("ease").eval)
    fails("calling 'eval' on bad self (kinetic.Easing expected, got nil)", kinetic.easing("ease").eval, nil, 0.5)
    -- steps(4, jump-both) at 0.25: 0.4 after the step, 0.2 before it (before flag)
    local st = kinetic.steps(4, "jump-both"):fn()
    assert.are.equal(0.4, st(0.25))
    assert.are.equal(0.2, st(0.25, true))
    -- the function holds its easing: nothing else refers to it here
    local f = kinetic.easing("ease-in"):fn()
    collectgarbage(); collectgarbage()
    assert.are.equal(0, f(0))
    assert.are.equal(1, f(1))
    assert.are.equal(kinetic.easing("ease-in")(0.3), f(0.3))
  end)

  it("has slope, inverse and control_points on Bezier", function()
    local b = kinetic.bezier(0.25, 0, 0.75, 1)
    -- symmetric curve: slope at 1/2 is y'(1/2)/x'(1/2) = (3/2)/(3/4 + ... ) -> compute: x'(u)=3(1-u)^2 x1*... see below
    -- x'(1/2) = 3[(1/4) x1 + 2(1/4)(x2 - x1) + (1/4)(1 - x2)] = 3/4 [x1 + 2 x2 - 2 x1 + 1 - x2] = 3/4 (1 - x1 + x2)
    --         = 3/4 * 1.5 = 1.125; y'(1/2) = 3/4 (1 - y1 + y2) = 1.5 -> slope 4/3
    assert.is_true(math.abs(b:slope(0.5) - 4 / 3) < 1e-15)
    assert.are.equal(0, b:slope(-1))                               -- start gradient y1/x1 = 0
    assert.are.same({ 0.25, 0, 0.75, 1 }, { b:control_points() })
    for _, y in ipairs({ 0, 0.1, 0.5, 0.9, 1 }) do
      assert.is_true(math.abs(b(b:inverse(y)) - y) < 1e-15)
    end
    assert.are.equal(-1, kinetic.bezier(0.5, 0.5, 0.5, 0.5):inverse(-1))
    assert.are.equal(math.huge, kinetic.bezier(0, 1, 1, 0):slope(0))   -- vertical tangent
  end)
end)
