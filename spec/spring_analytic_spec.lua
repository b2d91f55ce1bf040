-- kinetic.spring, analytic integrator: agreement with independent references
-- (80-digit mpmath truth in spec/fixtures/spring_exact.lua and a matrix
-- exponential computed here by Taylor series with scaling and squaring),
-- exactness for any split of time, stability at the limits.
describe("spring (analytic)", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local exact = h.fixture("spring_exact")

  -- distance scale of a case: what "relative" errors are relative to
  local function scales(c)
    local w0 = math.sqrt(c.stiffness / c.mass)
    local sx = math.max(math.abs(c.to - c.from), w0 > 0 and math.abs(c.velocity) / w0 or 0)
    if sx == 0 then sx = math.abs(c.velocity) end
    local sv = w0 > 0 and sx * w0 or math.abs(c.velocity)
    return sx, sv
  end

  local function spring_of(c, extra)
    local o = { mass = c.mass, stiffness = c.stiffness, damping = c.damping, from = c.from, to = c.to,
                velocity = c.velocity, rest_delta = 0, rest_speed = 0 }
    for k, v in pairs(extra or {}) do o[k] = v end
    return kinetic.spring(o)
  end

  it("matches the 80-digit truth of every fixture case to 1e-11 of the distance", function()
    local worst, at = 0, ""
    for _, c in ipairs(exact.cases) do
      local sx, sv = scales(c)
      for _, smp in ipairs(c.samples) do
        local s = spring_of(c)
        local x, v = s:at(smp[1]), s:velocity_at(smp[1])
        local ex, ev = math.abs(x - smp[2]) / sx, math.abs(v - smp[3]) / sv
        if ex > worst then worst, at = ex, c.name .. " x t=" .. smp[1] end
        if ev > worst then worst, at = ev, c.name .. " v t=" .. smp[1] end
      end
    end
    assert.is_true(worst <= 1e-11, string.format("worst %.3g at %s", worst, at))
  end)

  it("matches the truth when stepped at 60 Hz (per-frame composition)", function()
    local worst = 0
    for _, c in ipairs(exact.cases) do
      local sx = scales(c)
      local s = spring_of(c)
      local frames = 0
      for _, smp in ipairs(c.samples) do
        -- samples on the 1/60 grid only
        local n = smp[1] * 60
        if n == math.floor(n) and n <= 600 then
          while frames < n do s:update(1 / 60); frames = frames + 1 end
          worst = math.max(worst, math.abs(s:position() - smp[2]) / sx)
        end
      end
    end
    assert.is_true(worst <= 1e-11, string.format("worst %.3g", worst))
  end)

  -- exp(A t) for A = {{0, 1}, {-k/m, -c/m}}: Taylor series after scaling by
  -- 2^-s, then s squarings.  Independent of kinetic's closed forms.
  local function expm(k, c, m, t)
    local a11, a12, a21, a22 = 0, t, -k / m * t, -c / m * t
    local norm = math.max(math.abs(a11) + math.abs(a12), math.abs(a21) + math.abs(a22))
    local s = 0
    while norm > 0.25 do norm = norm / 2; s = s + 1 end
    local f = 2 ^ -s
    a11, a12, a21, a22 = a11 * f, a12 * f, a21 * f, a22 * f
    local r11, r12, r21, r22 = 1, 0, 0, 1
    local p11, p12, p21, p22 = 1, 0, 0, 1
    for n = 1, 30 do
      p11, p12, p21, p22 = (p11 * a11 + p12 * a21) / n, (p11 * a12 + p12 * a22) / n,
                           (p21 * a11 + p22 * a21) / n, (p21 * a12 + p22 * a22) / n
      r11, r12, r21, r22 = r11 + p11, r12 + p12, r21 + p21, r22 + p22
    end
    for _ = 1, s do
      r11, r12, r21, r22 = r11 * r11 + r12 * r21, r11 * r12 + r12 * r22,
                           r21 * r11 + r22 * r21, r21 * r12 + r22 * r22
    end
    return r11, r12, r21, r22
  end

  it("coefficients(dt) equal the matrix exponential (Juckett's four numbers)", function()
    local configs = {
      { 170, 26, 1 }, { 100, 20, 1 }, { 100, 2, 1 }, { 100, 0, 1 }, { 100, 50, 1 }, { 50, 20, 2 },
      { 100, 20 * (1 + 1e-7), 1 }, { 100, 20 * (1 - 1e-7), 1 }, { 1e-8, 0, 1 }, { 0, 3, 1 }, { 0, 0, 1 },
      { 400, 4, 1 }, { 10, 3, 3 },
    }
    for _, cfg in ipairs(configs) do
      local s = kinetic.spring { stiffness = cfg[1], damping = cfg[2], mass = cfg[3] }
      for _, dt in ipairs { 0, 1e-9, 0.001, 1 / 60, 0.1, 0.5, 1.3 } do
        local pp, pv, vp, vv = s:coefficients(dt)
        local e11, e12, e21, e22 = expm(cfg[1], cfg[2], cfg[3], dt)
        local w0 = math.sqrt(cfg[1] / cfg[3])
        local tv = math.max(w0, 1)      -- units: pv in s, vp in 1/s^2
        assert.near(e11, pp, 1e-12, "posPos")
        assert.near(e12, pv, 1e-12 / tv, "posVel")
        assert.near(e21, vp, 1e-12 * tv * tv, "velPos")
        assert.near(e22, vv, 1e-12, "velVel")
      end
    end
  end)

  it("one step of 1 s, 60 steps of 1/60 s and random splits agree to 1e-12", function()
    local rnd = h.lcg(12345)
    for _, cfg in ipairs { { 170, 26 }, { 100, 20 }, { 180, 12 }, { 100, 60 }, { 100, 20.0000001 }, { 1e6, 1000 } } do
      local opts = { stiffness = cfg[1], damping = cfg[2], from = -3, to = 7, velocity = 25,
                     rest_delta = 0, rest_speed = 0 }
      local one = kinetic.spring(opts); one:update(1)
      local frames = kinetic.spring(opts)
      for _ = 1, 60 do frames:update(1 / 60) end
      local split = kinetic.spring(opts)
      local left = 1
      while left > 0 do
        local dt = math.min(left, rnd() * 0.05)
        if left - dt < 1e-12 then dt = left end
        split:update(dt); left = left - dt
      end
      for _, s in ipairs { frames, split } do
        assert.near(one:position(), s:position(), 1e-12 * 10)
        assert.near(one:velocity(), s:velocity(), 1e-12 * 10 * math.sqrt(cfg[1]))
      end
    end
  end)

  it("is continuous through critical damping (no blow-up as zeta -> 1)", function()
    local ref = kinetic.spring { stiffness = 100, damping = 20, velocity = 3, rest_delta = 0, rest_speed = 0 }
    for _, e in ipairs { 1e-3, 1e-6, 1e-9, 1e-12, 1e-15, 0 } do
      for _, sign in ipairs { 1, -1 } do
        local s = kinetic.spring { stiffness = 100, damping = 20 * (1 + sign * e), velocity = 3,
                                   rest_delta = 0, rest_speed = 0 }
        for _, t in ipairs { 0.01, 0.1, 0.5, 2, 50 } do
          -- d x / d c is bounded (about t^2 x), so the difference must scale with e
          assert.near(ref:at(t), s:at(t), 20 * e * (1 + t * t) + 1e-15)
        end
      end
    end
  end)

  it("stays finite for stiff springs, huge dt and omega -> 0", function()
    local cases = {
      { stiffness = 1e6, damping = 0 }, { stiffness = 1e6, damping = 2000 }, { stiffness = 1e6, damping = 1e7 },
      { stiffness = 1e-12, damping = 0 }, { stiffness = 1e-12, damping = 1 }, { stiffness = 0, damping = 1 },
      { stiffness = 100, damping = 1e9 }, { mass = 1e-6, stiffness = 1, damping = 1 },
    }
    for _, o in ipairs(cases) do
      o.from, o.to, o.velocity, o.rest_delta, o.rest_speed = 0, 1, 5, 0, 0
      local s = kinetic.spring(o)
      for _, dt in ipairs { 1e-300, 1e-9, 1, 1e3, 1e12, 1e300 } do
        local x, v = s:at(dt), s:velocity_at(dt)
        assert.is_true(x == x and v == v and math.abs(x) < math.huge and math.abs(v) < math.huge,
                       string.format("k=%g c=%g dt=%g: x=%s v=%s", o.stiffness, o.damping, dt, x, v))
        local a, b, c, d = s:coefficients(dt)
        for _, z in ipairs { a, b, c, d } do assert.is_true(z == z and math.abs(z) < math.huge) end
      end
    end
    -- the strongly over-damped spring creeps: 1e9 damping, k 100: time constant c/k = 1e7 s
    local creep = kinetic.spring { stiffness = 100, damping = 1e9, rest_delta = 0, rest_speed = 0 }
    assert.near(1 - math.exp(-100 / 1e9 * 1e7), creep:at(1e7), 1e-9)
  end)

  it("an undamped spring oscillates forever with constant energy", function()
    local s = kinetic.spring { stiffness = 4 * math.pi ^ 2, damping = 0, from = 0, to = 1 }
    assert.near(2, s:at(0.5), 1e-13)
    assert.near(0, s:at(1000), 1e-10)
    assert.near(1, s:at(1000.25), 1e-10)
    assert.is_true(s:settle_time(0.5) == math.huge)
  end)

  it("omega = 0: free motion, damping-only coasting", function()
    local free = kinetic.spring { stiffness = 0, damping = 0, from = 2, to = 2, velocity = 3,
                                  rest_delta = 0, rest_speed = 0 }
    assert.near(2 + 3 * 7, free:at(7), 1e-13)
    local coast = kinetic.spring { stiffness = 0, damping = 2, mass = 4, from = 0, to = 0, velocity = 6,
                                   rest_delta = 0, rest_speed = 0 }
    -- x = v0 m/c (1 - e^(-c t/m))
    assert.near(12 * (1 - math.exp(-0.5 * 3)), coast:at(3), 1e-13)
    assert.near(6 * math.exp(-0.5 * 3), coast:velocity_at(3), 1e-13)
  end)
end)
