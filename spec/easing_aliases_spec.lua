-- flux's and hump.timer's easing names: each names one of kinetic's own
-- functions (Penner's constants), gives its values bit for bit, and prints
-- as its canonical name; kinetic.easings() lists them all.
local kinetic = require("kinetic")
local h = require("spec.helpers")

-- The families as kinetic, flux and hump.timer spell them.
local FAMILIES = { "Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ", "Back", "Elastic", "Bounce" }
local FLUX_FAMILIES = { "quad", "cubic", "quart", "quint", "expo", "sine", "circ", "back", "elastic" }

-- p = 0, 1/64 .. 1, and a few points outside [0, 1] (clamped alike)
local PS = { -0.5, 1.5 }
for i = 0, 64 do PS[#PS + 1] = i / 64 end

-- alias and canonical name give the same text and the same doubles
local function same(alias, canonical)
  local a, c = kinetic.easing(alias), kinetic.easing(canonical)
  assert.are.equal(tostring(c), tostring(a), alias)
  for _, p in ipairs(PS) do
    local x, y = a(p), c(p)
    if x ~= y then error(("%s(%.17g) = %.17g, %s gives %.17g"):format(alias, p, x, canonical, y)) end
  end
  assert.is_true(a == c, alias)
end

-- every alias of flux and hump.timer with the kinetic name it stands for
local function aliases()
  local list = { linear = "linear" }
  for _, f in ipairs(FLUX_FAMILIES) do
    local F = f:sub(1, 1):upper() .. f:sub(2)
    list[f .. "in"], list[f .. "out"], list[f .. "inout"] = "in" .. F, "out" .. F, "inOut" .. F
  end
  for _, F in ipairs(FAMILIES) do
    local f = F:lower()
    list[f] = "in" .. F
    list["in-" .. f], list["out-" .. f] = "in" .. F, "out" .. F
    list["in-out-" .. f], list["out-in-" .. f] = "inOut" .. F, "outIn" .. F
  end
  for _, m in ipairs { "in-", "out-", "in-out-", "out-in-" } do list[m .. "linear"] = "linear" end
  return list
end

describe("easing aliases", function()
  it("accepts flux's names, bit for bit kinetic's functions", function()
    for _, f in ipairs(FLUX_FAMILIES) do
      local F = f:sub(1, 1):upper() .. f:sub(2)
      same(f .. "in", "in" .. F)
      same(f .. "out", "out" .. F)
      same(f .. "inout", "inOut" .. F)
    end
    same("linear", "linear")
  end)

  it("accepts hump.timer's names: a bare family is its in form", function()
    for _, F in ipairs(FAMILIES) do
      local f = F:lower()
      same(f, "in" .. F)
      same("in-" .. f, "in" .. F)
      same("out-" .. f, "out" .. F)
      same("in-out-" .. f, "inOut" .. F)
      same("out-in-" .. f, "outIn" .. F)
    end
    for _, m in ipairs { "in-", "out-", "in-out-", "out-in-" } do same(m .. "linear", "linear") end
  end)

  it("prints an alias-made easing by its canonical name", function()
    assert.are.equal("outQuad", tostring(kinetic.easing("quadout")))
    assert.are.equal("inQuad", tostring(kinetic.easing("quad")))
    assert.are.equal("inOutBounce", tostring(kinetic.easing("in-out-bounce")))
    assert.are.equal("linear", tostring(kinetic.easing("out-in-linear")))
    assert.are.equal("outBack(1.70158)", tostring(kinetic.easing("backout")))
    assert.are.equal("inOutElastic(1, 0.45)", tostring(kinetic.easing("elasticinout")))
  end)

  it("uses Penner's constants, not flux's variants of the formulas", function()
    -- flux's backin is p^2 (2.7 p - 1.7); kinetic's inBack has s = 1.70158
    local p = 0.5
    local flux_backin = p * p * (2.7 * p - 1.7)
    local s = 1.70158
    assert.are.equal(p * p * ((s + 1) * p - s), kinetic.easing("backin")(p))
    assert.are_not.equal(flux_backin, kinetic.easing("backin")(p))
  end)

  it("takes the parameters of Back and Elastic after an alias", function()
    same("backout(2.5)", "outBack(2.5)")
    same("back(3)", "inBack(3)")
    same("elasticinout(1.5, 0.4)", "inOutElastic(1.5, 0.4)")
    h.fails_bad_argument("quad takes no parameters", kinetic.easing, "quad(2)")
    h.fails_bad_argument("in-linear takes no parameters", kinetic.easing, "in-linear(1)")
  end)

  it("matches flux's and hump's one-word names exactly, kebab-case in any case", function()
    same("IN-OUT-QUAD", "inOutQuad")
    same("In-Linear", "linear")
    for _, bad in ipairs { "QuadIn", "QUADOUT", "Quad", "BOUNCE", "bouncein", "quadInOut", "in_quad" } do
      h.fails_bad_argument("unknown easing name '" .. bad .. "'", kinetic.easing, bad)
    end
  end)

  it("serves as a timeline segment easing", function()
    local a = kinetic.timeline { from = 0, { to = 10, duration = 1, easing = "quadinout" },
                                 { to = 4, duration = 1, easing = "out-bounce" } }
    local c = kinetic.timeline { from = 0, { to = 10, duration = 1, easing = "inOutQuad" },
                                 { to = 4, duration = 1, easing = "outBounce" } }
    for i = 0, 40 do assert.are.equal(c:at(i / 20), a:at(i / 20)) end
  end)

  it("lists every accepted name in kinetic.easings(), the canonical ones first", function()
    local names = kinetic.easings()
    local at = {}
    for i, n in ipairs(names) do
      assert.is_nil(at[n], "listed twice: " .. n)
      at[n] = i
      assert.truthy(kinetic.easing(n))
    end
    -- the 49 canonical names keep their places
    assert.are.equal("linear", names[1])
    assert.are.equal("inQuad", names[8])
    assert.are.equal("outInBounce", names[47])
    assert.are.equal("accelerate-decelerate", names[49])
    local n = 0
    for alias, canonical in pairs(aliases()) do
      assert.truthy(at[alias], "not listed: " .. alias)
      assert.truthy(at[canonical], "not listed: " .. canonical)
      if alias ~= canonical then
        n = n + 1
        assert.is_true(at[alias] > 49, alias .. " listed among the canonical names")
      end
    end
    assert.are.equal(49 + n, #names)
  end)
end)
