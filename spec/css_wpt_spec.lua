-- CSS easing values as the browsers parse, serialize and evaluate them:
-- every single-easing assertion of the Web Platform Tests, transcribed
-- with its file and commit in spec/fixtures/wpt_easing.lua.
describe("CSS easing functions (Web Platform Tests)", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local wpt = h.fixture("wpt_easing")

  local function where(c) return c.spec .. " (" .. wpt.sources[c.src].upstream .. ")" end

  it("accepts every valid value and gives its specified serialization", function()
    for _, c in ipairs(wpt.valid) do
      local ok, e = pcall(kinetic.easing, c.spec)
      assert.is_true(ok, where(c) .. ": " .. tostring(e))
      assert.are.equal(c.specified, e:css("specified"), where(c))
    end
    assert.are.equal(130, #wpt.valid)
  end)

  it("gives the computed serialization of every value", function()
    for _, c in ipairs(wpt.computed) do
      assert.are.equal(c.computed, kinetic.easing(c.spec):css("computed"), where(c))
      assert.are.equal(c.computed, kinetic.easing(c.spec):css(), where(c))
    end
    assert.are.equal(63, #wpt.computed)
  end)

  it("rejects every invalid value", function()
    for _, c in ipairs(wpt.invalid) do
      local ok, err = pcall(kinetic.easing, c.spec)
      assert.is_false(ok, where(c))
      assert.matches("bad argument #1 to 'easing' %(easing spec expected", err)
    end
    assert.are.equal(158, #wpt.invalid)
  end)

  it("rejects what needs a document, saying so", function()
    for _, c in ipairs(wpt.out_of_scope) do
      local err = h.error_of(kinetic.easing, c.spec)
      assert.truthy(err:find("need a document", 1, true) or err:find("sign()", 1, true), err)
    end
    h.fails("lists need a document", kinetic.easing, "ease, linear")
    h.fails("need a document", kinetic.easing, "var(--x)")
    h.fails("need a document", kinetic.easing, "steps(var(--n))")
    h.fails("need a document", kinetic.easing, "cubic-bezier(0, calc(1 + var(--y)), 1, 1)")
    h.fails("values with units need a document", kinetic.easing, "linear(0 calc(50px - 50%), 1)")
    h.fails("values with units need a document", kinetic.easing, "steps(2px)")
    for _, kw in ipairs { "initial", "inherit", "unset", "revert", "revert-layer", "INHERIT" } do
      h.fails("CSS-wide keywords", kinetic.easing, kw)
    end
  end)

  it("evaluates as the output tests expect", function()
    local n = 0
    for _, c in ipairs(wpt.output) do
      local function run(chain)
        local v = c.p
        for _, spec in ipairs(chain) do v = kinetic.easing(spec)(v, c.before) end
        return v
      end
      local got = run(c.chain)
      local want = c.equiv and run(c.equiv) or c.expected
      assert.is_true(math.abs(got - want) <= c.tol,
                     string.format("%s at %.17g (before %s): %.17g, expected %.17g (%s)",
                                   table.concat(c.chain, " then "), c.p, tostring(c.before), got, want,
                                   wpt.sources[c.src].upstream))
      if c.equiv and c.expected then assert.is_true(math.abs(got - c.expected) <= 1e-8) end
      n = n + 1
    end
    assert.are.equal(624, n)
  end)

  it("keeps tostring exact: every value reads back to the same easing", function()
    for _, list in ipairs { wpt.valid, wpt.computed } do
      for _, c in ipairs(list) do
        local e = kinetic.easing(c.spec)
        local back = kinetic.easing(tostring(e))
        assert.are.equal(e, back, where(c))
        for _, p in ipairs { -0.5, 0, 0.1, 0.25, 0.5, 0.75, 0.999, 1, 1.5 } do
          assert.are.equal(e(p), back(p))
          assert.are.equal(e(p, true), back(p, true))
        end
        -- and the computed text is itself a value with the same computed text
        assert.are.equal(e:css(), kinetic.easing(e:css()):css())
      end
    end
  end)
end)

describe("CSS syntax in easing values", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function css(spec, form) return kinetic.easing(spec):css(form) end

  it("computes calc(), min(), max() and clamp() over numbers and percentages", function()
    -- hand-computed values; specified keeps calc(<value>), computed clamps
    local cases = {
      { "cubic-bezier(calc(0.1 + 0.2 * 2), calc((1 - 0.5) / 2), 1, 1)", "cubic-bezier(calc(0.5), calc(0.25), 1, 1)",
        "cubic-bezier(0.5, 0.25, 1, 1)" },
      { "cubic-bezier(min(0.3, 2), max(-1, -3), clamp(0, 1.7, 1), 1)", "cubic-bezier(calc(0.3), calc(-1), calc(1), 1)",
        "cubic-bezier(0.3, -1, 1, 1)" },
      { "cubic-bezier(clamp(0.6, 0.2, 0.4), 0, 1, 1)", "cubic-bezier(calc(0.6), 0, 1, 1)",
        "cubic-bezier(0.6, 0, 1, 1)" },            -- min wins over max, as CSS Values 4 says
      { "steps(calc(7 / 2))", "steps(calc(3.5))", "steps(4)" },
      { "steps(calc(3.49999), jump-both)", "steps(calc(3.49999), jump-both)", "steps(3, jump-both)" },
      { "steps(CALC(2 * 2), START)", "steps(calc(4), start)", "steps(4, start)" },
      { "linear(0, calc(1 / 4) calc(25% * 3), 1)", "linear(0, calc(0.25) calc(75%), 1)",
        "linear(0 0%, 0.25 75%, 1 100%)" },
      { "linear(0, max(0.5, 0.25) calc((10% + 20%) / 3 * 2), 1)", "linear(0, calc(0.5) calc(20%), 1)",
        "linear(0 0%, 0.5 20%, 1 100%)" },
      { "cubic-bezier(calc(infinity), calc(-infinity * 1), calc(e - e), calc(pi / pi))",
        "cubic-bezier(calc(infinity), calc(-infinity), calc(0), calc(1))", "cubic-bezier(1, -1e+300, 0, 1)" },
      { "cubic-bezier(calc(0 / 0), 0, 1, 1)", "cubic-bezier(calc(NaN), 0, 1, 1)", "cubic-bezier(0, 0, 1, 1)" },
    }
    for _, c in ipairs(cases) do
      assert.are.equal(c[2], css(c[1], "specified"), c[1])
      assert.are.equal(c[3], css(c[1], "computed"), c[1])
    end
  end)

  it("reads comments, escapes and keywords in any ASCII case", function()
    assert.are.equal("ease-in-out", css("/* a */ EASE-IN-OUT /* b */"))
    assert.are.equal("ease-in", css("e\\61se-in"))
    assert.are.equal("ease-in", css("\\65 ase-in"))
    assert.are.equal("steps(3, jump-both)", css("steps(/**/3/**/,/**/jump-\\62oth/**/)"))
    assert.are.equal("cubic-bezier(0.1, 0.2, 0.3, 0.4)", css("cubic-bezier(\n0.1,\t0.2 ,0.3,\f0.4\r)"))
    assert.are.equal("ease", css("ease /* unterminated comment"))
    assert.are.equal("cubic-bezier(0.000001, 0, 1, 1)", css("cubic-bezier(1e-6, 0, 1, 1)"))
    assert.are.equal("cubic-bezier(0, 0, 1, 1)", css("cubic-bezier(4e-7, 0, 1, 1)"))
    assert.are.equal("steps(1, start)", css("Step-Start", "specified"))
    -- kinetic's own names keep their exact spelling rules
    assert.are.equal(kinetic.easing("inOutQuad"), kinetic.easing("IN-OUT-QUAD"))
    h.fails("unknown easing name 'inoutquad'", kinetic.easing, "inoutquad")
  end)

  it("rejects what CSS rejects inside math functions", function()
    local bad = {
      { "steps(calc(0 / 0))", "NaN" }, { "cubic-bezier(calc(1+2), 0, 1, 1)", "')' expected in calc()" },
      { "cubic-bezier(calc(1 -2), 0, 1, 1)", "')'" }, { "linear(0, calc(50% + 1), 1)", "do not add" },
      { "linear(0, 1 calc(50% * 50%))", "percentage * percentage" }, { "linear(0, 1 calc(1 / 50%))", "division" },
      { "cubic-bezier(min(1, 50%), 0, 1, 1)", "mixes" }, { "cubic-bezier(clamp(0, 1), 0, 1, 1)", "3 arguments" },
      { "cubic-bezier(calc(1, 2), 0, 1, 1)", "')' expected in calc()" },
      { "steps(calc(2", "')' expected in calc()" }, { "steps(calc(2 + ", "not closed" },
      { "cubic-bezier(calc(foo), 0, 1, 1)", "'foo' in a math function" },
      { "cubic-bezier(sin(1), 0, 1, 1)", "number (argument 1 of cubic-bezier()) expected" },
      { "cubic-bezier(calc(" .. string.rep("(", 40) .. "1" .. string.rep(")", 40) .. "), 0, 1, 1)",
        "nested too deeply" },
      { "steps(\"2\")", "integer step count expected" }, { "steps(calc(50%))", "must be an integer" },
      { "steps(50%)", "must be an integer" }, { "linear(0, 50% 1)", "output number first" },
      { "linear(0, 1 50% 2)", "two outputs" },
    }
    for _, c in ipairs(bad) do
      h.fails("easing spec expected, got '" .. c[1] .. "'", kinetic.easing, c[1])
      h.fails(c[2], kinetic.easing, c[1])
    end
  end)

  it("gives e:css for CSS easings made any way, and refuses the others", function()
    assert.are.equal("cubic-bezier(0.25, 0.1, 0.25, 1)", kinetic.bezier(0.25, 0.1, 0.25, 1):css("specified"))
    assert.are.equal("steps(3, jump-none)", kinetic.steps(3, "jump-none"):css())
    assert.are.equal("linear(0 0%, 0.7 50%, 1 100%)", kinetic.linear { 0, 0.7, 1 }:css())
    assert.are.equal("linear", kinetic.easing("linear"):css())
    -- texts longer than the binding's stack buffers
    local stops = {}
    for i = 0, 100 do stops[#stops + 1] = ("%g"):format(i / 100) end
    local long = "linear(" .. table.concat(stops, ", ") .. ")"
    assert.are.equal(long, kinetic.easing("  " .. long:upper():gsub("LINEAR", "Linear") .. " "):css("specified"))
    assert.matches("^linear%(0 0%%, 0.01 1%%, .*, 1 100%%%)$", kinetic.easing(long):css())
    for _, spec in ipairs { "outBack", "inOutElastic(1, 0.4)", "accelerate(0.5)", "quad" } do
      h.fails("calling 'css' on an easing with no CSS form", function() kinetic.easing(spec):css() end)
    end
    local e = kinetic.easing("ease")
    h.fails_bad_argument("bad argument #1 to 'css' ('computed' or 'specified' expected, got 'used')",
                         function() e:css("used") end)
    h.fails_bad_argument("bad argument #1 to 'css' (string expected, got number)",
                         function() e:css(1) end)
  end)
end)
