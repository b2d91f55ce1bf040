-- Scroll and inertia motions: kinetic.bouncing_scroll, clamping_scroll,
-- inertia and decay.  References: spec/fixtures/inertia.lua (npm
-- motion-dom and popmotion, run by tools/gen/gen_inertia.mjs), decay.lua
-- (mpmath, tools/gen/gen_decay.py), flutter_scroll.lua (Flutter's tests and
-- mpmath, tools/gen/gen_flutter_scroll.py).
describe("scroll and inertia motions", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")

  local function inertia_of(c)
    local o = { position = c.origin, velocity = c.velocity, power = c.power, time_constant = c.time_constant,
                bounce_damping = c.bounce_damping, bounce_stiffness = c.bounce_stiffness,
                rest_delta = c.rest_delta, min = c.min, max = c.max, rest_speed = c.rest_speed }
    if c.modify_target == "round_to_100" then
      o.snap = function(v) return math.floor(v / 100 + 0.5) * 100 end
    end
    return kinetic.inertia(o)
  end

  it("inertia follows motion-dom's generator, the crossing taken at its instant", function()
    local n = 0
    for _, c in ipairs(h.fixture("inertia").cases) do
      if not c.own_defaults then
        local m = inertia_of(c)
        -- the decay is motion-dom's formula, so only its roundings differ
        -- (exp, and X - A e^(-t/tau) against x0 + A (1 - e^(-t/tau))); after a
        -- crossing motion-dom's spring starts at the first double past the
        -- instant, a rounding beyond the bound: 1e-11 of the motion's size
        -- covers both, and its done flags agree at every grid time
        local size = math.max(1, math.abs(c.amplitude), math.abs(c.target), math.abs(c.origin))
        for _, s in ipairs(c.motion_dom.samples) do
          local x = m:at(s[1])
          assert.is_true(math.abs(x - s[2]) <= 1e-11 * size,
                         string.format("%s t=%g: %.17g vs %.17g", c.name, s[1], x, s[2]))
          assert.are.equal(s[3] == 1, m:done(s[1]), c.name .. " done at " .. s[1])
          n = n + 1
        end
      end
    end
    assert.is_true(n >= 300)
  end)

  it("inertia's decay starts with velocity A / time_constant and ends on its target", function()
    local m = kinetic.inertia { position = 10, velocity = 1000 }
    local x, v = m:at(0)
    assert.are.equal(10, x)
    assert.is_true(math.abs(v - 800 / 0.325) <= 1e-9)
    assert.are.equal(810, m:final_position())
    -- |A| e^(-t/tau) = rest_delta at tau ln(|A| / rest_delta)
    local t_end = 0.325 * math.log(800 / 0.5)
    assert.is_false(m:done(t_end * (1 - 1e-9)))
    assert.is_true(m:done(t_end))
    assert.are.same({ 810, 0 }, { m:at(t_end) })
    -- snap points: the nearest (the first of equals); a snap function's number
    local s = kinetic.inertia { position = 0, velocity = 1000, snap = { 0, 700, 900 } }
    assert.are.equal(700, s:final_position())
    local f = kinetic.inertia { position = 0, velocity = 1000, snap = function(t) return t / 2 end }
    assert.are.equal(400, f:final_position())
  end)

  it("decay is Compose's exponentialDecay, exact", function()
    local n = 0
    for _, c in ipairs(h.fixture("decay").cases) do
      local d = kinetic.decay { position = c.initial_value, velocity = c.initial_velocity,
                                friction_multiplier = c.friction_multiplier, threshold = c.abs_velocity_threshold }
      assert.is_true(math.abs(d:final_position() - c.target) <= 1e-13 * math.max(1, math.abs(c.target)), c.name)
      for _, s in ipairs(c.samples) do
        local t, x, v = s[1], d:at(s[1])
        local wx, wv = s[2], s[3]
        if t >= c.duration then wx, wv = c.target, 0 end
        local scale = math.max(1, math.abs(c.initial_value), math.abs(c.initial_velocity))
        assert.is_true(math.abs(x - wx) <= 1e-13 * scale, string.format("%s t=%g x %.17g vs %.17g", c.name, t, x, wx))
        assert.is_true(math.abs(v - wv) <= 1e-13 * scale, string.format("%s t=%g v %.17g vs %.17g", c.name, t, v, wv))
        assert.are.equal(t >= c.duration, d:done(t))
        n = n + 1
      end
    end
    assert.is_true(n >= 150)
  end)

  it("clamping scroll: Flutter's formula, ending on its distance", function()
    local c = kinetic.clamping_scroll { position = 100, velocity = 3000 }
    local D = math.log(0.78) / math.log(0.9)
    local vref = 0.015 * (9.80665 * 39.37 * 160 * 0.84) / 0.35
    local T = D * 0.35 * (3000 / vref) ^ (1 / (D - 1))
    local dist = 3000 * T / D
    assert.is_true(math.abs(c:final_position() - (100 + dist)) <= 1e-9)
    for _, t in ipairs { 0, 0.1, 0.5, T / 2, T * 0.999 } do
      local x, v = c:at(t)
      assert.is_true(math.abs(x - (100 + dist * (1 - (1 - t / T) ^ D))) <= 1e-9 * dist)
      assert.is_true(math.abs(v - 3000 * (1 - t / T) ^ (D - 1)) <= 1e-9 * 3000)
    end
    assert.is_false(c:done(T * 0.999))
    assert.is_true(c:done(T))
    local still = kinetic.clamping_scroll { position = 5, velocity = 0 }
    assert.are.same({ 5, 0 }, { still:at(1) })
    assert.is_true(still:done(0))
  end)

  it("bouncing scroll hands off to the edge spring at the instant it reaches the edge", function()
    local b = kinetic.bouncing_scroll { position = 0, velocity = 3000, min = 0, max = 500 }
    local f = kinetic.friction { drag = 0.135, velocity = 3000 }
    local th = f:time_at(500)
    local _, vh = f:at(th)
    -- before: the friction motion itself
    for _, t in ipairs { 0, 0.05, th / 2, th } do
      assert.are.same({ f:at(t) }, { b:at(t) })
    end
    -- after: a spring resting on 500, from 500 with the friction's velocity
    local s = kinetic.spring { mass = 0.5, stiffness = 100, damping = 1.1 * 2 * math.sqrt(50), from = 500, to = 500,
                               velocity = vh }
    for _, dt in ipairs { 1e-3, 0.05, 0.2, 0.5 } do
      local x = b:at(th + dt)
      assert.is_true(math.abs(x - s:at(dt)) <= 1e-9 * 500, "t = th + " .. dt)
    end
    assert.are.equal(500, b:final_position())
    -- the velocity given to the spring is capped at 5000 at the trailing edge only
    local fast = kinetic.bouncing_scroll { position = 0, velocity = 1e5, min = 0, max = 10 }
    local ff = kinetic.friction { drag = 0.135, velocity = 1e5 }
    local tf = ff:time_at(10)
    local _, v_after = fast:at(tf * (1 + 1e-12))
    assert.is_true(v_after <= 5000 + 1e-6)
    local back = kinetic.bouncing_scroll { position = 10, velocity = -1e5, min = 0, max = 10 }
    local bf = kinetic.friction { drag = 0.135, position = 10, velocity = -1e5 }
    local tb = bf:time_at(0)
    local _, vb = bf:at(tb)
    local _, v_back = back:at(tb * (1 + 1e-12))
    assert.is_true(math.abs(v_back - vb) <= 1e-3 * math.abs(vb))
    assert.is_true(v_back < -5000)
  end)

  it("starts outside the extent as a spring towards the nearer edge", function()
    local b = kinetic.bouncing_scroll { position = -40, velocity = 0, min = 0, max = 100 }
    local s = kinetic.spring { mass = 0.5, stiffness = 100, damping = 1.1 * 2 * math.sqrt(50), from = -40, to = 0 }
    for _, t in ipairs { 1e-3, 0.1, 0.3 } do assert.is_true(math.abs(b:at(t) - s:at(t)) <= 1e-12 * 40) end
    assert.are.equal(0, b:final_position())
    local above = kinetic.inertia { position = 300, velocity = 100, min = 0, max = 200 }
    assert.are.equal(200, above:final_position())
    local pinned = kinetic.inertia { position = 50, velocity = 1000, min = 50, max = 50 }
    assert.are.equal(50, pinned:final_position())
    local flat = kinetic.bouncing_scroll { position = 50, velocity = 800, min = 50, max = 50 }
    assert.are.equal(50, flat:final_position())
    local x = flat:at(0)
    assert.are.equal(50, x)
  end)

  it("gives the same state for any split of time into updates", function()
    local makers = {
      function() return kinetic.bouncing_scroll { position = 0, velocity = 2500, min = 0, max = 400 } end,
      function() return kinetic.clamping_scroll { position = 0, velocity = -1800 } end,
      function() return kinetic.inertia { position = 0, velocity = 900, max = 300, snap = { 0, 250, 500 } } end,
      function() return kinetic.decay { position = 3, velocity = 640 } end,
    }
    for i, make in ipairs(makers) do
      local a, b = make(), make()
      local rng = h.lcg(7 + i)
      for _ = 1, 200 do a:update(rng() * 0.03) end
      for _ = 1, 3 do b:update(a:time() / 3) end
      local t = a:time()
      assert.are.same({ a:at(t) }, { a:position(), a:velocity() })
      assert.is_true(math.abs(a:position() - b:position()) <= 1e-9 * 1000)
      assert.are.equal(a:done(), a:done(t))
    end
  end)

  it("rejects bad input clearly", function()
    local fb = h.fails_bad_argument
    fb("bad argument #1 to 'bouncing_scroll' (field 'min': number expected, got nil)",
       kinetic.bouncing_scroll, { position = 0, velocity = 1, max = 1 })
    fb("field 'max': number >= min expected", kinetic.bouncing_scroll, { min = 2, max = 1 })
    fb("unknown option 'velocty'", kinetic.bouncing_scroll, { min = 0, max = 1, velocty = 1 })
    fb("unknown option 'from'", kinetic.bouncing_scroll, { min = 0, max = 1, spring = { from = 1 } })
    fb("field 'spring': table of spring parameters expected, got number", kinetic.bouncing_scroll,
       { min = 0, max = 1, spring = 3 })
    fb("field 'friction': positive number expected", kinetic.clamping_scroll, { velocity = 1, friction = 0 })
    fb("field 'time_constant': positive number expected", kinetic.inertia, { time_constant = -1 })
    fb("field 'snap': function returned string, finite number expected", kinetic.inertia,
       { velocity = 10, snap = function() return "x" end })
    fb("field 'snap': function returned nan, finite number expected", kinetic.inertia,
       { velocity = 10, snap = function() return 0 / 0 end })
    fb("field 'snap': item 2: finite number expected, got string", kinetic.inertia, { snap = { 1, "2" } })
    fb("field 'snap': non-empty array of numbers expected", kinetic.inertia, { snap = {} })
    fb("field 'threshold': positive number expected", kinetic.decay, { threshold = 0 })
    for _, bad in ipairs { 0 / 0, 1 / 0, -1 / 0 } do
      for _, make in ipairs { kinetic.bouncing_scroll, kinetic.clamping_scroll, kinetic.inertia, kinetic.decay } do
        local opts = { position = bad, velocity = 1 }
        if make == kinetic.bouncing_scroll then opts.min, opts.max = 0, 1 end
        local ok, err = pcall(make, opts)
        assert.is_false(ok)
        assert.matches("bad argument #1 to '[%a_]+' %(field 'position'", err)
      end
    end
    fb("field 'velocity': position + power * velocity overflows", kinetic.inertia,
       { position = 1e308, velocity = 1e308 })
  end)
end)

describe("scroll motions against Flutter", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local flutter = h.fixture("flutter_scroll")

  local function make(kind, p)
    if kind == "clamping" then
      return kinetic.clamping_scroll { position = p.position, velocity = p.velocity, friction = p.friction }
    end
    local spring
    if p.spring then spring = { mass = p.spring.mass, stiffness = p.spring.stiffness, damping = p.spring.damping } end
    return kinetic.bouncing_scroll { position = p.position, velocity = p.velocity, min = p.leading,
                                     max = p.trailing, spring = spring }
  end

  local function on_boundary(c, t)
    for _, b in ipairs(c.boundary or {}) do if b == t then return true end end
    return false
  end

  it("follows the exact curves of Flutter's simulations", function()
    local n = 0
    for _, c in ipairs(flutter.curves) do
      -- kinetic takes the hand-off at the exact crossing: Flutter's 10 Newton
      -- steps stop short of it when a fling barely passes the edge
      if c.newton_converged ~= false then
        local m = make(c.kind, c.params)
        local scale = math.max(1, math.abs(c.params.velocity), math.abs(c.params.position),
                               math.abs(c.params.trailing or 0))
        for _, s in ipairs(c.samples) do
          local t = s[1]
          -- Flutter's friction ends at its 10-Newton-step _finalTime (4.994 s)
          -- with a jump of about 2e-5 |v| to its final position; kinetic's
          -- goes on to it smoothly
          local past_final = c.kind == "bouncing" and c.friction_final_time and t > c.friction_final_time
                             and not (c.handoff_time and t > c.handoff_time)
          if not on_boundary(c, t) and not past_final then
            local x, v = m:at(t)
            -- the friction's expm1 and log1p and the spring's exact
            -- coefficients against the 50-digit truth: 1e-12 of the scale
            assert.is_true(math.abs(x - s[2]) <= 1e-12 * scale,
                           string.format("%s t=%.17g x %.17g vs %.17g", c.name, t, x, s[2]))
            assert.is_true(math.abs(v - s[3]) <= 1e-11 * scale,
                           string.format("%s t=%.17g v %.17g vs %.17g", c.name, t, v, s[3]))
            if s[4] ~= nil then assert.are.equal(s[4], m:done(t), c.name .. " done at " .. t) end
            n = n + 1
          end
        end
        if c.final then assert.is_true(math.abs(m:final_position() - c.final) <= 1e-9 * scale, c.name) end
      end
    end
    assert.is_true(n >= 300, "checked " .. n)
  end)

  it("passes Flutter's own assertions", function()
    local n = 0
    for _, c in ipairs(flutter.tests) do
      local p = c.params
      -- done under a non-default Tolerance (newton_test's 0.1 / 0.5) needs
      -- Flutter's tolerance parameter, which kinetic does not take
      local custom = p.tolerance and (p.tolerance.distance ~= 1e-3 or p.tolerance.velocity ~= 1e-3)
      if not (custom and c.check == "done") then
        local m = make(c.kind, p)
        local x, v = m:at(c.t)
        local got = c.check == "x" and x or c.check == "dx" and v or m:done(c.t)
        if c.op == "eq" and type(c.expected) == "boolean" then
          assert.are.equal(c.expected, got, c.test)
        elseif c.op == "lt" then
          assert.is_true(got < c.expected, c.test)
        else
          assert.is_true(math.abs(got - c.expected) <= math.max(c.tol, 1e-12 * math.abs(c.expected)),
                         string.format("%s t=%g %s: %.17g vs %.17g", c.test, c.t, c.check, got, c.expected))
        end
        n = n + 1
      end
    end
    assert.is_true(n >= 40, "checked " .. n)
  end)
end)
