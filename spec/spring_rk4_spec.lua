-- kinetic.spring integrator = "rk4" against npm rebound@0.1.0 runs
-- (spec/fixtures/rebound.lua), and integrator = "euler".
describe("spring (rk4, euler)", function()
  local kinetic = require("kinetic")
  local rb = require("spec.helpers").fixture("rebound")

  local function rk4_of(r)
    return kinetic.spring { tension = r.tension, friction = r.friction, from = r.from, to = r.to,
                            velocity = r.velocity, integrator = "rk4", rest_delta = 0, rest_speed = 0 }
  end

  -- samples before Rebound's own (absolute 0.001) rest snap; kinetic's rest
  -- rule is relative, so it is switched off here
  local function moving(r, t) return not r.rest_time or t < r.rest_time - 1e-9 end

  it("matches Rebound on the 1 ms grid to 1e-6 (measured: bit for bit)", function()
    local worst, n = 0, 0
    for _, r in ipairs(rb.runs) do
      if r.dt then
        local s, steps = rk4_of(r), 0
        local scale = math.max(math.abs(r.to - r.from), 1)
        for _, smp in ipairs(r.samples) do
          while steps < math.floor(smp[1] / r.dt + 0.5) do s:update(r.dt); steps = steps + 1 end
          if moving(r, smp[1]) then
            worst = math.max(worst, math.abs(s:position() - smp[2]) / scale,
                             math.abs(s:velocity() - smp[3]) / scale / 100)
            n = n + 1
          end
        end
      end
    end
    assert.is_true(n > 1000)
    assert.is_true(worst <= 1e-6, string.format("worst %.3g", worst))
  end)

  it("reproduces Rebound's frame stepping, interpolation and lag (Rebound clamps frames at 64 ms)", function()
    local worst, n = 0, 0
    for _, r in ipairs(rb.runs) do
      if r.dts then
        local s = rk4_of(r)
        local scale = math.max(math.abs(r.to - r.from), 1)
        for i, dt in ipairs(r.dts) do
          s:update(math.min(dt, rb.max_delta_time))
          local smp = r.samples[i + 1]          -- samples[1] is t = 0
          if smp and moving(r, smp[1]) then
            worst = math.max(worst, math.abs(s:position() - smp[2]) / scale,
                             math.abs(s:velocity() - smp[3]) / scale / 100)
            n = n + 1
          end
        end
      end
    end
    assert.is_true(n > 100)
    assert.is_true(worst <= 1e-6, string.format("worst %.3g", worst))
  end)

  it("converts Origami and bouncy parameters exactly as Rebound", function()
    for _, c in ipairs(rb.conversions.origami) do
      local p = kinetic.spring { origami_tension = c[1], origami_friction = c[2] }:params()
      assert.are.equal(c[3], p.stiffness)
      assert.are.equal(c[4], p.damping)
    end
    for _, c in ipairs(rb.conversions.bouncy) do
      local p = kinetic.spring { bounciness = c[1], speed = c[2] }:params()
      assert.near(c[3], p.stiffness, 1e-12 * c[3])
      assert.near(c[4], p.damping, 1e-12 * c[4])
    end
  end)

  it("rk4 follows the exact solution 1 ms late (Rebound's carried substep); euler within 6e-3", function()
    for _, cfg in ipairs { { 230.2, 22 }, { 180, 12 }, { 100, 20 }, { 280, 120 } } do
      local exact = kinetic.spring { stiffness = cfg[1], damping = cfg[2], rest_delta = 0, rest_speed = 0 }
      local rk = kinetic.spring { stiffness = cfg[1], damping = cfg[2], integrator = "rk4",
                                  rest_delta = 0, rest_speed = 0 }
      local eu = kinetic.spring { stiffness = cfg[1], damping = cfg[2], integrator = "euler",
                                  rest_delta = 0, rest_speed = 0 }
      for i = 1, 60 do
        local t = i * 0.02
        rk:update(0.02); eu:update(0.02)
        -- 0.02 s frames: floating point leaves 0.000999.. in the accumulator, one
        -- substep is carried and interpolated away: Rebound lags the clock by 1 ms
        assert.near(exact:at(t - 0.001), rk:position(), 1e-6)
        assert.near(exact:at(t), eu:position(), 6e-3)
      end
    end
  end)

  it("euler is semi-implicit with 1 ms substeps and an exact remainder", function()
    local s = kinetic.spring { stiffness = 100, damping = 10, integrator = "euler", rest_delta = 0, rest_speed = 0 }
    s:update(0.0025)
    -- by hand: v += a h, then x += v h; h = 1 ms, 1 ms, 0.5 ms
    local x, v, h = 0, 0, { 0.001, 0.001, 0.0025 - 0.002 }
    for i = 1, 3 do
      local a = -100 * (x - 1) - 10 * v
      v = v + a * h[i]; x = x + v * h[i]
    end
    assert.near(x, s:position(), 1e-17)
    assert.near(v, s:velocity(), 1e-15)
  end)

  it("rk4 and euler springs come to rest on the target", function()
    for _, integrator in ipairs { "rk4", "euler" } do
      local s = kinetic.spring { preset = "wobbly", from = 0, to = 300, integrator = integrator }
      local frames = 0
      while not s:at_rest() and frames < 600 do s:update(1 / 60); frames = frames + 1 end
      assert.is_true(s:at_rest(), integrator)
      assert.are.equal(300, s:position())
      assert.are.equal(0, s:velocity())
    end
  end)

  -- A one-component rk4 spring runs its own loop (state in registers,
  -- csrc/core/spring.c step_rk4_1), a 2-vector the general one; with the second
  -- component 0 throughout (its norm is then |first| exactly) they must
  -- agree bit for bit on every frame, rest included, for any frame length.
  it("a scalar rk4 spring steps exactly as a 2-vector whose second component is 0", function()
    local cases = {
      { tension = 170, friction = 26, from = 0, to = 1 },
      { tension = 40, friction = 7, from = 250, to = -30, velocity = 900 },
      { tension = 300, friction = 5, from = -1, to = 1, clamp = true },
      { tension = 0, friction = 9, from = 3, to = 3, velocity = -40 },
      { tension = 120, friction = 14, from = 1e-3, to = 0, rest_delta = 0, rest_speed = 0 },
    }
    local dts = { 1 / 60, 1 / 144, 0.0005, 0.05, 0.001, 1 / 30 }
    for ci, o in ipairs(cases) do
      local o2 = {}
      for k, v in pairs(o) do o2[k] = v end
      o.integrator, o2.integrator = "rk4", "rk4"
      o2.from, o2.to, o2.velocity = { o.from, 0 }, { o.to, 0 }, { o.velocity or 0, 0 }
      local s1, s2 = kinetic.spring(o), kinetic.spring(o2)
      local bad, moved, rests = nil, 0, 0
      for f = 1, 900 do
        if f == 300 then s1:set_target(-o.to); s2:set_target(-o.to, 0) end
        local dt = dts[f % #dts + 1]
        local x1 = s1:update(dt)
        local x2, y2 = s2:update(dt)
        local v1 = s1:velocity()
        local v2, w2 = s2:velocity()
        local r1 = s1:at_rest()
        if x1 ~= x2 or y2 ~= 0 or v1 ~= v2 or w2 ~= 0 or r1 ~= s2:at_rest() then
          bad = ("case %d frame %d: scalar %.17g v %.17g rest %s, 2-vector %.17g %.17g v %.17g rest %s")
            :format(ci, f, x1, v1, tostring(r1), x2, y2, v2, tostring(s2:at_rest()))
          break
        end
        if r1 then rests = rests + 1 else moved = moved + 1 end
      end
      assert.is_nil(bad)
      assert.is_true(moved > 0, "case " .. ci .. " moved")
      assert.is_true(rests > 0 or o.rest_speed == 0, "case " .. ci .. " rested")
    end
  end)
end)
