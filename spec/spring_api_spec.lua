-- kinetic.Spring behaviour: rest detection, callbacks, clamp, retargeting,
-- pure queries, settle_time, vector springs.
describe("spring behaviour", function()
  local kinetic = require("kinetic")

  local function run(s, dt, max)
    local frames = 0
    while not s:at_rest() and frames < (max or 10000) do s:update(dt); frames = frames + 1 end
    return frames
  end

  it("settles a 0->1 opacity and a 0->1000 px move alike (relative thresholds)", function()
    local a = kinetic.spring { from = 0, to = 1 }
    local b = kinetic.spring { from = 0, to = 1000 }
    local fa, fb = run(a, 1 / 60), run(b, 1 / 60)
    assert.are.equal(fa, fb)
    assert.is_true(fa > 20 and fa < 120, "frames " .. fa)
    assert.are.equal(1, a:position()); assert.are.equal(0, a:velocity())
    assert.are.equal(1000, b:position()); assert.are.equal(0, b:velocity())
  end)

  it("snaps only within rest_delta and rest_speed of the distance", function()
    local s = kinetic.spring { from = 0, to = 500, rest_delta = 1e-3, rest_speed = 1e-2 }
    local last_x, last_v
    s:update(0)
    while not s:at_rest() do
      last_x, last_v = s:position(), s:velocity()
      s:update(1 / 60)
    end
    -- the state the frame before the snap was not yet within both thresholds
    local ok_before = math.abs(last_x - 500) <= 0.5 and math.abs(last_v) <= 5
    assert.is_false(ok_before)
  end)

  it("fires on_update every moving frame and on_rest once per coming to rest", function()
    local updates, rests = 0, 0
    local s
    s = kinetic.spring { on_update = function(sp) assert.are.equal(s, sp); updates = updates + 1 end,
                         on_rest = function(sp) assert.is_true(sp:at_rest()); rests = rests + 1 end }
    local frames = run(s, 1 / 60)
    assert.are.equal(frames, updates)
    assert.are.equal(1, rests)
    for _ = 1, 10 do s:update(1 / 60) end      -- at rest: nothing fires
    assert.are.equal(frames, updates)
    assert.are.equal(1, rests)
    s:set_target(2)
    run(s, 1 / 60)
    assert.are.equal(2, rests)
    s:set_target(2)                             -- already there: stays at rest
    assert.is_true(s:at_rest())
  end)

  it("a callback that raises propagates and leaves the spring consistent", function()
    local s = kinetic.spring { on_update = function() error("boom") end }
    local ok, e = pcall(s.update, s, 0.1)
    assert.is_false(ok)
    assert.matches("boom", e)
    local ref = kinetic.spring {}
    ref:update(0.1)
    assert.are.equal(ref:position(), s:position())   -- the state was updated first
    local r = kinetic.spring { on_rest = function() error("rest!") end }
    ok = pcall(r.update, r, 100)
    assert.is_false(ok)
    assert.is_true(r:at_rest())
    assert.are.equal(1, r:position())
  end)

  it("set_target keeps position and velocity (interruptible)", function()
    local s = kinetic.spring { preset = "wobbly" }
    s:update(0.1)
    local x, v = s:position(), s:velocity()
    s:set_target(-3)
    assert.are.equal(x, s:position())
    assert.are.equal(v, s:velocity())
    assert.are.equal(-3, s:target())
    -- and continues exactly as a new spring from that state would
    local fresh = kinetic.spring { preset = "wobbly", from = x, velocity = v, to = -3 }
    assert.are.equal(fresh:at(0.3), s:at(0.3))
  end)

  it("set_position and set_velocity wake a resting spring", function()
    local s = kinetic.spring {}
    run(s, 1 / 60)
    s:set_velocity(10)
    assert.is_false(s:at_rest())
    assert.is_true(s:update(1 / 60) > 1)
    run(s, 1 / 60)
    s:set_position(0.5)
    assert.is_false(s:at_rest())
    assert.are.equal(0.5, s:position())
    run(s, 1 / 60)
    assert.are.equal(1, s:position())
  end)

  it("at and velocity_at are pure and equal what update would give", function()
    local s = kinetic.spring { stiffness = 300, damping = 10, velocity = 4 }
    local x, v = s:at(0.37), s:velocity_at(0.37)
    assert.are.equal(0, s:position())
    assert.are.equal(4, s:velocity())
    s:update(0.37)
    assert.are.equal(x, s:position())
    assert.are.equal(v, s:velocity())
    assert.are.equal(s:target(), s:at(1e6))
  end)

  it("clamp stops at the target instead of overshooting", function()
    local s = kinetic.spring { preset = "wobbly", from = 0, to = 100, clamp = true }
    local maxx = 0
    while not s:at_rest() do maxx = math.max(maxx, s:update(1 / 60)) end
    assert.are.equal(100, maxx)
    assert.are.equal(100, s:position())
    -- a kick from rest is clamped on its way back (Rebound ignores clamp there: rebound-js#20)
    s:set_velocity(500)
    local minx = 100
    while not s:at_rest() do minx = math.min(minx, s:update(1 / 60)) end
    assert.are.equal(100, minx)
  end)

  -- independent settle time: dense scan of the exact solution backwards
  local function scan_settle(s, eps, horizon)
    local h = horizon / 60000
    for i = 60000, 0, -1 do
      local t = i * h
      local d = 0
      local xs = { s:at(t) }
      local ts = { s:target() }
      for j = 1, #xs do d = d + (xs[j] - ts[j]) ^ 2 end
      if math.sqrt(d) > eps then return t, h end
    end
    return 0, h
  end

  it("settle_time is the exact last exit from the epsilon band", function()
    local cases = {
      { stiffness = 170, damping = 26 }, { stiffness = 100, damping = 2 }, { stiffness = 100, damping = 20 },
      { stiffness = 100, damping = 50, velocity = -30 }, { stiffness = 100, damping = 10, velocity = 20 },
      { stiffness = 100, damping = 20.000001, velocity = 7 }, { stiffness = 100, damping = 19.999999 },
      { stiffness = 180, damping = 12, from = { 0, 0 }, to = { 1, 2 }, velocity = { 5, -3 } },
      { stiffness = 100, damping = 30, from = { 0, 0, 0 }, to = { 1, -1, 0.5 }, velocity = { 9, 0, -2 } },
      { mass = 3, stiffness = 10, damping = 3, from = -2, to = 5, velocity = 1.5 },
    }
    for _, o in ipairs(cases) do
      o.rest_delta, o.rest_speed = 0, 0
      local s = kinetic.spring(o)
      for _, eps in ipairs { 1e-2, 1e-4 } do
        local t = s:settle_time(eps)
        local horizon = math.max(2.0137 * t, 0.1)
        local ref, h = scan_settle(s, eps, horizon)
        assert.is_true(t >= ref and t <= ref + h * (1 + 1e-9), string.format("k=%g c=%g eps=%g: %.9g vs scan %.9g",
                       o.stiffness, o.damping, eps, t, ref))
        -- and exactly on the band edge
        local d = 0
        local xs, ts = { s:at(t) }, { s:target() }
        for j = 1, #xs do d = d + (xs[j] - ts[j]) ^ 2 end
        assert.near(eps, math.sqrt(d), eps * 1e-6)
      end
    end
  end)

  it("settle_time defaults to the rest threshold and is 0 at rest", function()
    local s = kinetic.spring { from = 0, to = 1000 }
    local t = s:settle_time()
    assert.near(1, math.abs(s:at(t) - 1000) / (1000 * 1e-3), 1e-6)
    run(s, 1 / 60)
    assert.are.equal(0, s:settle_time())
    assert.are.equal(math.huge, kinetic.spring { stiffness = 0, damping = 1, velocity = 1, to = 0 }:settle_time(0.1))
  end)

  it("vector springs: n components, setters take n numbers or one array", function()
    local s = kinetic.spring { from = { 0, 10 }, to = { 100, -10 }, velocity = { 0, 5 } }
    local x, y = s:update(1 / 60)
    local sx = kinetic.spring { from = 0, to = 100 }
    local sy = kinetic.spring { from = 10, to = -10, velocity = 5 }
    assert.are.equal(sx:update(1 / 60), x)
    assert.are.equal(sy:update(1 / 60), y)
    s:set_target(1, 2)
    assert.are.same({ 1, 2 }, { s:target() })
    s:set_target { 3, 4 }
    assert.are.same({ 3, 4 }, { s:target() })
    s:set_velocity { 0, 0 }
    s:set_position(3, 4)
    assert.is_true(s:at_rest())
    assert.are.equal(2, select("#", s:velocity()))
    assert.are.equal(2, select("#", s:at(0.1)))
    local b = kinetic.spring { from = 0, to = { 1, 2, 3 } }   -- numbers broadcast
    assert.are.same({ 0, 0, 0 }, { b:position() })
    run(b, 1 / 60)
    assert.are.same({ 1, 2, 3 }, { b:position() })
  end)

  -- A 2-vector runs its own two-lane step (csrc/core/spring.c, update_vec2), a
  -- 3-vector the general loop; with the third component 0 throughout they
  -- must agree bit for bit on every frame, the frame of rest included --
  -- through retargets, a kick from the target, clamp, and either rest test
  -- deciding first.
  it("a 2-vector steps exactly as a 3-vector whose third component is 0", function()
    local cases = {
      { stiffness = 170, damping = 26, from = { 0, 10 }, to = { 100, -10 }, velocity = { 0, 5 } },
      { stiffness = 180, damping = 12, from = { -3, 4 }, to = { 1e-3, 2e-3 } },
      { stiffness = 300, damping = 5, clamp = true, from = { 0, 0 }, to = { 7, -2 } },
      { stiffness = 200, damping = 8, clamp = true, from = { 0, 100 }, to = { 10, 0 }, velocity = { 200, 0 } },
      { stiffness = 100, damping = 20, from = { 5, 5 }, to = { 5, 5 }, velocity = { 40, -30 } },
      { stiffness = 0, damping = 4, from = { 1, 2 }, to = { 1, 2 }, velocity = { 3, 0 } },
      { frequency = 2, damping_ratio = 0.2, rest_delta = 0.1, rest_speed = 1e-6,
        from = { 1e6, -1e6 }, to = { 0, 0 } },
      -- thresholds 0: moving while v is not exactly 0; coasting (k = 0) from
      -- v = 0 comes to rest on the first frame after every retarget
      { stiffness = 900, damping = 60, rest_delta = 0, rest_speed = 0, from = { 0, 1 }, to = { 1, 0 } },
      { stiffness = 0, damping = 3, rest_delta = 0, rest_speed = 0, from = { 1, 2 }, to = { 3, 4 } },
    }
    for ci, o in ipairs(cases) do
      local o3 = {}
      for k, v in pairs(o) do
        o3[k] = type(v) == "table" and { v[1], v[2], 0 } or v
      end
      local s2, s3 = kinetic.spring(o), kinetic.spring(o3)
      local frames, rests, bad = 0, 0, nil
      for f = 1, 1500 do
        if f % 97 == 0 and f < 600 then
          local a, b = s2:position()
          s2:set_target(b, -a)
          s3:set_target(b, -a, 0)
        end
        local x2, y2 = s2:update(1 / 60)
        local x3, y3, z3 = s3:update(1 / 60)
        local v2a, v2b = s2:velocity()
        local v3a, v3b = s3:velocity()
        local r2 = s2:at_rest()
        if x2 ~= x3 or y2 ~= y3 or z3 ~= 0 or v2a ~= v3a or v2b ~= v3b or r2 ~= s3:at_rest() then
          bad = ("case %d frame %d: 2-vector %.17g %.17g v %.17g %.17g rest %s, "
                 .. "3-vector %.17g %.17g %.17g v %.17g %.17g rest %s")
            :format(ci, f, x2, y2, v2a, v2b, tostring(r2), x3, y3, z3, v3a, v3b, tostring(s3:at_rest()))
          break
        end
        if r2 then rests = rests + 1 else frames = frames + 1 end
      end
      assert.is_nil(bad)
      assert.is_true(frames > 0 or o.stiffness == 0, ("case %d: %d moving frames"):format(ci, frames))
      assert.is_true(rests > 0 or o.rest_speed == 0, ("case %d: %d frames at rest"):format(ci, rests))
    end
  end)
end)
