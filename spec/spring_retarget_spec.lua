-- luacheck: no max line length
-- Retargeting with the target a spring already has changes nothing (no
-- restart of the rest test, no wake, distance scale kept): a spring sent the
-- same target every frame -- the usual mouse-follow pattern -- comes to rest
-- exactly as one that is left alone (spring_group_retarget_spec.lua: the
-- same for kinetic.spring_group).
local kinetic = require("kinetic")

local function trajectory(s, frames, each_frame)
  local xs, vs = {}, {}
  for f = 1, frames do
    if each_frame then each_frame(s, f) end
    s:update(1 / 60)
    xs[f], vs[f] = s:position(), s:velocity()
  end
  return xs, vs
end

describe("set_target with an unchanged target", function()
  it("the mouse-follow repro: a spring re-sent its target every frame comes to rest", function()
    local s = kinetic.spring { frequency = 3, damping_ratio = 0.9, from = 0, to = 100 }
    for _ = 1, 600 do s:set_target(100); s:update(1 / 60) end
    assert.is_true(s:at_rest())
    assert.are.equal(100, s:position())
    assert.are.equal(0, s:velocity())
  end)

  it("moving + same target: the very same motion, settles normally, on_rest once", function()
    local rests_a, rests_b = 0, 0
    local a = kinetic.spring { frequency = 3, damping_ratio = 0.9, from = 0, to = 100,
                               on_rest = function() rests_a = rests_a + 1 end }
    local b = kinetic.spring { frequency = 3, damping_ratio = 0.9, from = 0, to = 100,
                               on_rest = function() rests_b = rests_b + 1 end }
    local xa, va = trajectory(a, 400)
    local xb, vb = trajectory(b, 400, function(s, f)
      local before = not s:at_rest() and s:settle_time()
      assert.are.equal(s, s:set_target(100))           -- still returns the spring
      if before then
        -- the distance scale is kept: the rest threshold (the default
        -- settle_time eps) is still the one of the whole 0 -> 100 motion
        assert.are.equal(before, s:settle_time(), "frame " .. f)
      end
    end)
    for f = 1, 400 do
      assert.are.equal(xa[f], xb[f], "frame " .. f)
      assert.are.equal(va[f], vb[f], "frame " .. f)
    end
    assert.is_true(b:at_rest())
    assert.are.equal(100, b:position())
    assert.are.equal(1, rests_a)
    assert.are.equal(1, rests_b)
  end)

  it("at rest + same target: stays at rest, on_rest and on_update do not fire again", function()
    local updates, rests = 0, 0
    local s = kinetic.spring { preset = "stiff", from = 0, to = 5,
                               on_update = function() updates = updates + 1 end,
                               on_rest = function() rests = rests + 1 end }
    while not s:at_rest() do s:update(1 / 60) end
    local u0 = updates
    assert.are.equal(1, rests)
    for _ = 1, 100 do
      s:set_target(5)
      s:set_target { 5 }
      assert.is_true(s:at_rest())
      assert.are.equal(5, s:update(1 / 60))
    end
    assert.are.equal(u0, updates)
    assert.are.equal(1, rests)
    assert.are.equal(0, s:settle_time())
    -- a changed target wakes it as before
    s:set_target(6)
    assert.is_false(s:at_rest())
    while not s:at_rest() do s:update(1 / 60) end
    assert.are.equal(2, rests)
    assert.are.equal(6, s:position())
  end)

  it("vector springs: the same target (numbers or array) changes nothing, a changed component restarts", function()
    local a = kinetic.spring { preset = "wobbly", from = { 0, 0 }, to = { 30, -40 } }
    local b = kinetic.spring { preset = "wobbly", from = { 0, 0 }, to = { 30, -40 } }
    for f = 1, 600 do
      a:update(1 / 60)
      if f % 2 == 0 then b:set_target(30, -40) else b:set_target { 30, -40 } end
      b:update(1 / 60)
      local ax, ay = a:position()
      local bx, by = b:position()
      assert.are.equal(ax, bx); assert.are.equal(ay, by)
      assert.are.equal(a:at_rest(), b:at_rest())
    end
    assert.is_true(b:at_rest())
    b:set_target(30, -41)                 -- one component differs: a new motion
    assert.is_false(b:at_rest())
  end)

  it("a coasting spring (no stiffness) at rest keeps its stopping point as target", function()
    local s = kinetic.spring { stiffness = 0, damping = 4, velocity = 10 }
    while not s:at_rest() do s:update(1 / 60) end
    local x = s:position()
    assert.are.equal(x, s:target())
    s:set_target(x)
    assert.is_true(s:at_rest())
    assert.are.equal(x, s:update(1 / 60))
  end)

  it("clamped springs: re-sending the target keeps the clamp reference (same motion)", function()
    local a = kinetic.spring { preset = "wobbly", clamp = true, from = 0, to = 10 }
    local b = kinetic.spring { preset = "wobbly", clamp = true, from = 0, to = 10 }
    local xa = trajectory(a, 200)
    local xb = trajectory(b, 200, function(s) s:set_target(10) end)
    for f = 1, 200 do assert.are.equal(xa[f], xb[f]) end
    assert.is_true(b:at_rest())
  end)
end)

describe("vector rest test", function()
  it("a vector spring moving along an axis rests on the very frame of the scalar spring", function()
    for _, o in ipairs {
      { preset = "wobbly" }, { frequency = 2, damping_ratio = 1 }, { duration = 0.5, bounce = -0.4 },
      { stiffness = 0, damping = 3 }, { preset = "gentle", rest_delta = 0.01, rest_speed = 0.1 },
    } do
      for _, d in ipairs { 1e-200, 1e-3, 1, 640, 1e150 } do
        local so, vo = { from = 0, to = d, velocity = o.stiffness == 0 and d or 0 }, {}
        for k, v in pairs(o) do so[k] = v end
        for k, v in pairs(so) do vo[k] = v end
        vo.from, vo.to, vo.velocity = { 0, 0 }, { 0, d }, { 0, so.velocity }
        local s, v = kinetic.spring(so), kinetic.spring(vo)
        for f = 1, 3000 do
          s:update(1 / 60); v:update(1 / 60)
          local _, vy = v:position()
          assert.are.equal(s:position(), vy)
          assert.are.equal(s:at_rest(), v:at_rest(), "frame " .. f)
          if s:at_rest() then break end
        end
        assert.is_true(s:at_rest())
      end
    end
  end)
end)
