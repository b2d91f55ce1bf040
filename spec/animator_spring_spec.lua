-- luacheck: no max line length
-- anim:spring(target, values, opts): each field is driven by a kinetic.spring
-- of its own -- the field's values are those of kinetic.spring{ same params,
-- from = the field's value, to = the target } updated by the same steps, bit
-- for bit.  A second call on the same fields retargets (s:set_target), and a
-- field taken over from a tween or another spring keeps its velocity.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
local function dt_of(f) return DTS[(f - 1) % #DTS + 1] end

local near = h.relative_near(1e-6)

-- The velocity a spring started with, from its first step: over dt,
-- y1 = posPos * y0 + posVel * v0 with y = x - target (s:coefficients).
local function initial_velocity(params, x0, x1, target, dt)
  local s = kinetic.spring(h.with(params, { from = x0, to = target }))
  local pp, pv = s:coefficients(dt)
  return ((x1 - target) - pp * (x0 - target)) / pv
end

describe("field springs equal kinetic.spring", function()
  local families = {
    { "stiffness / damping / mass", { stiffness = 300, damping = 12, mass = 2 } },
    { "preset", { preset = "wobbly" } },
    { "duration / bounce", { duration = 0.4, bounce = 0.3 } },
    { "frequency / damping_ratio", { frequency = 2, damping_ratio = 0.5 } },
    { "response", { response = 0.3, damping_ratio = 0.8 } },
    { "tension / friction", { tension = 200, friction = 15 } },
    { "origami", { origami_tension = 40, origami_friction = 7 } },
    { "bounciness / speed", { bounciness = 8, speed = 14 } },
    { "no parameters (react-spring's default)", {} },
    { "over-damped", { frequency = 1.5, damping_ratio = 3 } },
    { "rk4", { preset = "stiff", integrator = "rk4" } },
    { "euler", { preset = "gentle", integrator = "euler" } },
    { "clamp", { preset = "wobbly", clamp = true } },
    { "rest thresholds", { stiffness = 100, damping = 8, rest_delta = 0.01, rest_speed = 0.1 } },
  }
  for _, c in ipairs(families) do
    it(c[1] .. ": bit for bit, frame by frame, and on_complete when every field rests", function()
      local anim = kinetic.animator()
      local obj = { x = 10, y = -4 }
      local completes, seen = 0, nil
      local opts = h.with(c[2], { on_complete = function() completes = completes + 1; seen = { obj.x, obj.y } end })
      local a = anim:spring(obj, { x = 100, y = 0 }, opts)
      assert.are.equal("kinetic.Animation", tostring(a):match("^kinetic%.Animation"))
      local sx = kinetic.spring(h.with(c[2], { from = 10, to = 100 }))
      local sy = kinetic.spring(h.with(c[2], { from = -4, to = 0 }))
      local f = 0
      repeat
        f = f + 1
        local dt = dt_of(f)
        anim:update(dt)
        assert.are.equal(sx:update(dt), obj.x, "x, frame " .. f)
        assert.are.equal(sy:update(dt), obj.y, "y, frame " .. f)
        local rest = sx:at_rest() and sy:at_rest()
        assert.are.equal(rest, a:done(), "frame " .. f)
        assert.are.equal(rest and 1 or 0, completes, "frame " .. f)
      until rest or f > 5000
      assert.are.same({ 100, 0 }, seen)
      assert.are.equal(0, anim:count())
      anim:update(1)
      assert.are.equal(1, completes)
    end)
  end

  it("vector (array) fields are vector springs, written in place", function()
    local anim = kinetic.animator()
    local pos = { 0, 0 }
    local obj = { pos = pos }
    anim:spring(obj, { pos = { 30, -40 } }, { preset = "wobbly" })
    local s = kinetic.spring { preset = "wobbly", from = { 0, 0 }, to = { 30, -40 } }
    for f = 1, 400 do
      local dt = dt_of(f)
      anim:update(dt)
      local x, y = s:update(dt)
      assert.are.equal(pos, obj.pos)
      assert.are.equal(x, pos[1], "frame " .. f)
      assert.are.equal(y, pos[2], "frame " .. f)
    end
    assert.is_true(s:at_rest())
    assert.are.same({ 30, -40 }, pos)
  end)

  it("the velocity option: a number for every field, or per field", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 1 }
    anim:spring(o, { x = 1, y = 0 }, { preset = "gentle", velocity = 5 })
    local p = { x = 0, pos = { 0, 0 } }
    anim:spring(p, { x = 1, pos = { 1, 1 } }, { preset = "gentle", velocity = { x = -3, pos = { 2, -2 } } })
    local ref = {
      { o, "x", kinetic.spring { preset = "gentle", from = 0, to = 1, velocity = 5 } },
      { o, "y", kinetic.spring { preset = "gentle", from = 1, to = 0, velocity = 5 } },
      { p, "x", kinetic.spring { preset = "gentle", from = 0, to = 1, velocity = -3 } },
    }
    local v = kinetic.spring { preset = "gentle", from = { 0, 0 }, to = { 1, 1 }, velocity = { 2, -2 } }
    for f = 1, 300 do
      local dt = dt_of(f)
      anim:update(dt)
      for _, r in ipairs(ref) do assert.are.equal(r[3]:update(dt), r[1][r[2]], r[2] .. ", frame " .. f) end
      local a, b = v:update(dt)
      assert.are.equal(a, p.pos[1])
      assert.are.equal(b, p.pos[2])
    end
  end)

  it("'+=n' / '-=n' are relative to the field's value", function()
    local anim = kinetic.animator()
    local o = { x = 5, c = { 1, 2 } }
    anim:spring(o, { x = "-=10", c = "+=1" }, { preset = "stiff" })
    local sx = kinetic.spring { preset = "stiff", from = 5, to = -5 }
    local sc = kinetic.spring { preset = "stiff", from = { 1, 2 }, to = { 2, 3 } }
    for f = 1, 100 do
      anim:update(1 / 60)
      assert.are.equal(sx:update(1 / 60), o.x, "frame " .. f)
      local a, b = sc:update(1 / 60)
      assert.are.same({ a, b }, o.c)
    end
  end)

  it("a delay: the start value is read when it ends", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:spring(o, { x = 1 }, { preset = "stiff", delay = 0.25 })
    anim:update(0.125)
    assert.are.equal(0, o.x)
    o.x = 0.5
    anim:update(0.125)                               -- starts at 0.25, at the frame's end
    local s = kinetic.spring { preset = "stiff", from = 0.5, to = 1 }
    for f = 1, 60 do
      anim:update(1 / 60)
      assert.are.equal(s:update(1 / 60), o.x, "frame " .. f)
    end
  end)

  it("at rest: on_complete once, the field exactly on its target, the animation dropped", function()
    local anim = kinetic.animator()
    local o = { x = 0.1 }
    local completes = 0
    local a = anim:spring(o, { x = 1e3 / 3 }, { frequency = 3, damping_ratio = 0.9,
                                                on_complete = function() completes = completes + 1 end })
    for _ = 1, 1000 do anim:update(1 / 60) end
    assert.are.equal(1e3 / 3, o.x)
    assert.are.equal(1, completes)
    assert.is_true(a:done())
    assert.are.equal(0, anim:count())
    assert.are.equal("kinetic.Animation (spring, done)", tostring(a))
  end)

  it("finish: jumps to the targets with on_complete; a spring made again starts from rest there", function()
    local anim = kinetic.animator()
    local o = { x = 0, c = { 0, 0 } }
    local completes = 0
    local a = anim:spring(o, { x = 10, c = { 1, 2 } }, { preset = "wobbly", on_complete = function() completes = completes + 1 end })
    anim:update(0.1)
    a:finish()
    assert.are.equal(10, o.x)
    assert.are.same({ 1, 2 }, o.c)
    assert.are.equal(1, completes)
    anim:spring(o, { x = 20 }, { preset = "wobbly" })
    local s = kinetic.spring { preset = "wobbly", from = 10, to = 20 }   -- velocity 0
    for f = 1, 30 do
      anim:update(1 / 60)
      assert.are.equal(s:update(1 / 60), o.x, "frame " .. f)
    end
  end)

  it("progress: 1 - |x - target| / |start - target| while moving, 1 at rest", function()
    local anim = kinetic.animator()
    local o = { x = 10 }
    local a = anim:spring(o, { x = 100 }, { preset = "gentle" })
    assert.are.equal(0, a:progress())
    for f = 1, 30 do
      anim:update(1 / 60)
      local want = 1 - math.abs(o.x - 100) / 90
      assert.is_true(math.abs(a:progress() - want) <= 1e-12, "frame " .. f)
    end
    for _ = 1, 2000 do anim:update(1 / 60) end
    assert.are.equal(1, a:progress())
  end)
end)

describe("retargeting", function()
  it("a second anim:spring on the same fields returns the same animation and is s:set_target, bit for bit", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local a = anim:spring(o, { x = 100, y = 50 }, { preset = "wobbly" })
    local sx = kinetic.spring { preset = "wobbly", from = 0, to = 100 }
    local sy = kinetic.spring { preset = "wobbly", from = 0, to = 50 }
    for f = 1, 400 do
      if f == 7 then
        assert.are.equal(a, anim:spring(o, { x = -50, y = 20 }))
        sx:set_target(-50); sy:set_target(20)
      elseif f == 23 then
        assert.are.equal(a, anim:spring(o, { x = "+=30" }))          -- relative to the current target
        sx:set_target(-20)
      elseif f == 40 then
        assert.are.equal(a, anim:spring(o, { y = 20 }))               -- the same target: nothing changes
        sy:set_target(20)
      end
      local dt = dt_of(f)
      anim:update(dt)
      assert.are.equal(sx:update(dt), o.x, "x, frame " .. f)
      assert.are.equal(sy:update(dt), o.y, "y, frame " .. f)
      assert.are.equal(sx:at_rest() and sy:at_rest(), a:done(), "frame " .. f)
    end
    assert.is_true(a:done())
    assert.are.equal(-20, o.x)
    assert.are.equal(20, o.y)
  end)

  it("retargets every frame (mouse follow): each frame equals set_target + update", function()
    local anim = kinetic.animator()
    local o = { pos = { 0, 0 } }
    local s, a
    for f = 1, 300 do
      local mx, my = math.cos(f / 20) * 100, math.sin(f / 30) * 80
      local r = anim:spring(o, { pos = { mx, my } }, { frequency = 3, damping_ratio = 0.9 })
      if f == 1 then a = r else assert.are.equal(a, r) end
      if f > 1 then s:set_target(mx, my) else s = kinetic.spring { frequency = 3, damping_ratio = 0.9, from = { 0, 0 }, to = { mx, my } } end
      anim:update(1 / 60)
      local x, y = s:update(1 / 60)
      assert.are.equal(x, o.pos[1], "frame " .. f)
      assert.are.equal(y, o.pos[2], "frame " .. f)
    end
  end)

  it("retargeting a vector field and a field at rest", function()
    local anim = kinetic.animator()
    local o = { pos = { 1, 1 } }
    local a = anim:spring(o, { pos = { 5, -5 } }, { preset = "stiff" })
    local s = kinetic.spring { preset = "stiff", from = { 1, 1 }, to = { 5, -5 } }
    for f = 1, 200 do
      if f == 30 then
        assert.are.equal(a, anim:spring(o, { pos = "+=2" }))
        s:set_target(7, -3)
      end
      anim:update(1 / 60)
      local x, y = s:update(1 / 60)
      assert.are.same({ x, y }, o.pos, "frame " .. f)
    end
  end)

  it("new parameters replace the spring's; position and velocity are kept", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:spring(o, { x = 10 }, { preset = "gentle" })
    local s = kinetic.spring { preset = "gentle", from = 0, to = 10 }
    for _ = 1, 12 do anim:update(1 / 60); s:update(1 / 60) end
    assert.are.equal(a, anim:spring(o, { x = -4 }, { stiffness = 400, damping = 10 }))
    local n = kinetic.spring { stiffness = 400, damping = 10, from = s:position(), to = -4, velocity = s:velocity() }
    for f = 1, 60 do
      anim:update(1 / 60)
      assert.are.equal(n:update(1 / 60), o.x, "frame " .. f)
    end
  end)

  it("callbacks given again replace the spring's", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    anim:spring(o, { x = 1 }, { preset = "stiff", on_complete = function() log[#log + 1] = "old" end })
    anim:update(0.1)
    anim:spring(o, { x = 2 }, { on_complete = function() log[#log + 1] = "new" end })
    for _ = 1, 600 do anim:update(1 / 60) end
    assert.are.same({ "new" }, log)
    assert.are.equal(2, o.x)
  end)
end)

describe("hand-off: no jump in speed", function()
  it("tween -> spring: the spring starts with the tween's velocity (slope x distance / duration)", function()
    local params = { stiffness = 100, damping = 10 }
    for _, c in ipairs {
      -- easing, tween time at the hand-off, expected velocity (units/s) for 0 -> 100 over 1 s
      { "linear", 0.5, 100 }, { "outQuad", 0.25, 150 }, { "inQuad", 0.75, 150 }, { "inOutCubic", 0.25, 75 }, { "outCubic", 0.5, 75 },
    } do
      local anim = kinetic.animator()
      local o = { x = 0 }
      local tw = anim:to(o, 1, { x = 100 }, { easing = c[1] })
      for _ = 1, c[2] * 64 do anim:update(1 / 64) end
      local x0 = o.x
      local sp = anim:spring(o, { x = 200 }, params)
      assert.are_not.equal(tw, sp)
      anim:update(0)                                 -- the spring starts: the tween lets go of x
      assert.are.equal(x0, o.x)
      assert.is_true(tw:done())
      anim:update(1 / 60)
      near(c[3], initial_velocity(params, x0, o.x, 200, 1 / 60), nil, c[1])
    end
  end)

  it("the tween's time scale multiplies the velocity; arrays hand over per component", function()
    local params = { stiffness = 100, damping = 10 }
    local anim = kinetic.animator()
    local o = { x = 0, p = { 0, 0 } }
    anim:to(o, 1, { x = 100 }, { easing = "linear" }):time_scale(2)
    anim:to(o, 1, { p = { 100, -50 } }, { easing = "linear" })
    for _ = 1, 16 do anim:update(1 / 64) end         -- x at 0.5 of its tween, p at 0.25
    local x0, p1, p2 = o.x, o.p[1], o.p[2]
    anim:spring(o, { x = 0, p = { 0, 0 } }, params)
    anim:update(0)
    anim:update(1 / 60)
    near(200, initial_velocity(params, x0, o.x, 0, 1 / 60), nil, "x")
    near(100, initial_velocity(params, p1, o.p[1], 0, 1 / 60), nil, "p[1]")
    near(-50, initial_velocity(params, p2, o.p[2], 0, 1 / 60), nil, "p[2]")
  end)

  it("spring -> spring between two animations: the field moves over with its position and velocity", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0, z = 0 }
    local completes = 0
    local s1 = anim:spring(o, { x = 100, y = 100 }, { preset = "wobbly", on_complete = function() completes = completes + 1 end })
    local sx = kinetic.spring { preset = "wobbly", from = 0, to = 100 }
    local sy = kinetic.spring { preset = "wobbly", from = 0, to = 100 }
    for f = 1, 10 do
      anim:update(1 / 60)
      assert.are.equal(sx:update(1 / 60), o.x, "frame " .. f)
      sy:update(1 / 60)
    end
    -- x and a new field z: not all driven by one spring, so a new animation
    local s2 = anim:spring(o, { x = -30, z = 1 }, { preset = "stiff" })
    assert.are_not.equal(s1, s2)
    anim:update(0)
    sx:update(0); sy:update(0)
    assert.are.equal(sx:position(), o.x)
    local nx = kinetic.spring { preset = "stiff", from = sx:position(), to = -30, velocity = sx:velocity() }
    local nz = kinetic.spring { preset = "stiff", from = 0, to = 1 }
    for f = 1, 600 do
      local dt = dt_of(f)
      anim:update(dt)
      if not nx:at_rest() then assert.are.equal(nx:update(dt), o.x, "x, frame " .. f) end
      assert.are.equal(nz:update(dt), o.z, "z, frame " .. f)
      assert.are.equal(sy:update(dt), o.y, "y, frame " .. f)
    end
    assert.are.equal(-30, o.x)
    assert.are.equal(1, completes)                   -- s1 completed with y alone
    assert.is_true(s1:done())
    assert.is_true(s2:done())
  end)
end)

describe("retargeting a spring made since the last update", function()
  it("returns the same handle, and '+=n' adds to what it was given", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:spring(o, { x = "+=10" })
    assert.are.equal(a, anim:spring(o, { x = "+=10" }))
    assert.are.equal(a, anim:spring(o, { x = "+=10" }))
    for _ = 1, 600 do anim:update(1 / 60) end
    assert.are.equal(30, o.x)
    assert.is_true(a:done())
  end)

  it("a number replaces what it was given; new parameters replace the spring's", function()
    local anim = kinetic.animator()
    local o = { x = 0, v = { 1, 1 } }
    local a = anim:spring(o, { x = 5, v = { 2, 2 } }, { preset = "stiff" })
    assert.are.equal(a, anim:spring(o, { x = 7, v = "+=1" }, { preset = "gentle" }))
    local sx = kinetic.spring { preset = "gentle", from = 0, to = 7 }
    local sv = kinetic.spring { preset = "gentle", from = { 1, 1 }, to = { 3, 3 } }
    for f = 1, 90 do
      anim:update(1 / 60)
      assert.are.equal(sx:update(1 / 60), o.x, "frame " .. f)
      local v1, v2 = sv:update(1 / 60)
      assert.are.same({ v1, v2 }, o.v, "frame " .. f)
    end
  end)

  it("a field it does not have makes a new spring", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local a = anim:spring(o, { x = 1 })
    assert.are_not.equal(a, anim:spring(o, { x = 2, y = 1 }))
    assert.are.equal(2, anim:count())
  end)
end)

