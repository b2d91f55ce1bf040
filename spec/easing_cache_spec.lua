-- The per-state cache of parsed easing specs: a spec string is parsed once
-- and its (immutable) easing shared by kinetic.easing and every timeline
-- segment that names it; at most 256 specs are kept, so any number of
-- distinct specs keeps memory bounded.
local kinetic = require("kinetic")
local h = require("spec.helpers")

-- memory in KB after two full collections
local function memory()
  collectgarbage("collect"); collectgarbage("collect")
  return collectgarbage("count")
end

describe("easing spec cache", function()
  it("returns one shared easing for one spec string", function()
    for _, spec in ipairs { "inOutQuad", "linear", "ease", "quadout", "cubic-bezier(0.1, 0.7, 1, 0.1)",
                            "steps(4, jump-both)", "linear(0, 0.25 75%, 1)", "outBack(2)" } do
      local a, b = kinetic.easing(spec), kinetic.easing(spec)
      assert.is_true(rawequal(a, b), spec)
    end
  end)

  it("gives the easing a fresh parse gives, spelling by spelling", function()
    -- other spellings are other keys: other objects, equal functions
    local a, b = kinetic.easing("inOutQuad"), kinetic.easing(" in-out-quad ")
    assert.is_false(rawequal(a, b))
    assert.is_true(a == b)
    assert.are.equal(tostring(a), tostring(b))
    for i = 0, 20 do assert.are.equal(a(i / 20), b(i / 20)) end
    assert.are.equal("cubic-bezier(0.25, 0.1, 0.25, 1)", tostring(kinetic.easing("cubic-bezier(0.25,0.1,0.25,1)")))
  end)

  it("leaves a shared easing as it was: no method changes it", function()
    local e = kinetic.easing("outElastic(1.5, 0.4)")
    local before = e:sample(50)
    local out = e:sample(10, {})
    out[1] = 42
    local f = e:fn()
    f(0.3); e(0.7, true); e:eval(0.2); local _ = tostring(e)
    local b = kinetic.easing("cubic-bezier(0.42, 0, 0.58, 1)")
    b:slope(0.3); b:inverse(0.5); b:control_points()
    assert.are.same(before, kinetic.easing("outElastic(1.5, 0.4)"):sample(50))
    assert.are.same({ 0.42, 0, 0.58, 1 }, { kinetic.easing("cubic-bezier(0.42, 0, 0.58, 1)"):control_points() })
  end)

  it("does not keep a failed spec: each call raises", function()
    for _ = 1, 3 do
      h.fails_bad_argument("unknown easing name 'wobble'", kinetic.easing, "wobble")
      h.fails_bad_argument("segment 1, field 'easing': easing spec expected, got 'wobble'",
                           kinetic.timeline, { from = 0, { to = 1, duration = 1, easing = "wobble" } })
    end
  end)

  it("does not keep long specs (long linear() stop lists)", function()
    local stops = {}
    for i = 0, 40 do stops[#stops + 1] = ("%.3f"):format((i / 40) ^ 2) end
    local spec = "linear(" .. table.concat(stops, ", ") .. ")"
    assert.is_true(#spec > 128)
    local a, b = kinetic.easing(spec), kinetic.easing(spec)
    assert.is_false(rawequal(a, b))
    assert.is_true(a == b)
  end)

  it("keeps memory bounded for 10000 distinct specs", function()
    -- fill the cache, so that what follows measures its steady state
    for i = 1, 300 do kinetic.easing(("cubic-bezier(0.5, %d, 0.5, 1)"):format(i)) end
    local before = memory()
    for i = 1, 10000 do
      kinetic.easing(("cubic-bezier(0.25, %d, 0.75, 1)"):format(i))   -- ~1.5 KB each
      kinetic.timeline { from = 0, { to = 1, duration = 1, easing = ("outBack(%d)"):format(i) } }
    end
    local after = memory()
    -- kept forever, 10000 easings would hold some 15 MB; 256 hold 400 KB
    assert.is_true(after - before < 1024, ("%.0f KB -> %.0f KB"):format(before, after))
  end)

  it("lets a timeline keep its easing when the cache lets go of it", function()
    local tl = kinetic.timeline { from = 0, { to = 100, duration = 1, easing = "outBack(3.25)" } }
    for i = 1, 600 do kinetic.easing(("outBack(%d.5)"):format(i)) end   -- the cache is emptied twice
    collectgarbage(); collectgarbage()
    local e = kinetic.easing("outBack(3.25)")
    for i = 0, 10 do assert.are.equal(100 * e(i / 10), tl:at(i / 10)) end
  end)

  it("serves timelines from the same cache as kinetic.easing", function()
    -- what a timeline made from the spec shows equals the cached easing
    local e = kinetic.easing("inOutCubic")
    local tl = kinetic.timeline { from = 0, { to = 1, duration = 1, easing = "inOutCubic" } }
    for i = 0, 16 do assert.are.equal(e(i / 16), tl:at(i / 16)) end
    -- and an easing given as an object is used as is
    local tl2 = kinetic.timeline { from = 0, { to = 1, duration = 1, easing = e } }
    for i = 0, 16 do assert.are.equal(e(i / 16), tl2:at(i / 16)) end
  end)
end)
