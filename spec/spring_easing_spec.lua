-- Springs as easings: s:easing([duration]) and s:linear([max_error]).
-- Reference: spec/fixtures/spring_exact.lua (80-digit mpmath solutions).
describe("springs as easings", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local exact = h.fixture("spring_exact")

  local function spring_of(c)
    return kinetic.spring { mass = c.mass, stiffness = c.stiffness, damping = c.damping, from = c.from,
                            to = c.to, velocity = c.velocity }
  end

  it("is the normalized exact motion at p * duration", function()
    local checked = 0
    for _, c in ipairs(exact.cases) do
      if c.to ~= c.from then
        local D = c.samples[#c.samples][1]
        local e = spring_of(c):easing(D)
        -- errors relative to the motion's size, as the analytic spring's own spec
        local w0 = math.sqrt(c.stiffness / c.mass)
        local size = math.max(math.abs(c.to - c.from), w0 > 0 and math.abs(c.velocity) / w0 or 0)
        for _, smp in ipairs(c.samples) do
          local want = (smp[2] - c.from) / (c.to - c.from)
          local got = e(smp[1] / D)
          assert.is_true(math.abs(got - want) * math.abs(c.to - c.from) <= 1e-11 * size,
                         string.format("%s t=%g: %.17g vs %.17g", c.name, smp[1], got, want))
          checked = checked + 1
        end
      end
    end
    assert.is_true(checked >= 300, "checked " .. checked)
  end)

  it("lasts the settle time by default, starts at 0 and extends before 0 along its tangent", function()
    local s = kinetic.spring { stiffness = 170, damping = 12, from = 10, to = 30, velocity = -40 }
    local e, D = s:easing(), s:settle_time()
    assert.are.equal(0, e(0))
    assert.are.equal(tostring(s:easing(D)), tostring(e))
    -- within the rest threshold (relative to the distance) at p = 1
    assert.is_true(math.abs((s:at(D) - 10) / 20 - e(1)) <= 1e-14)
    assert.is_true(math.abs(e(1) - 1) <= 1e-3 + 1e-12)
    -- before 0: the line through (0, 0) with the initial velocity, -40 / 20 per second
    assert.is_true(math.abs(e(-0.5) - (-2 * D * -0.5)) <= 1e-12)
    -- it does not change the spring
    assert.are.equal(10, s:position())
    assert.matches("^spring%(mass 1, stiffness 170, damping 12, velocity %-2, duration ", tostring(e))
  end)

  it("works wherever an easing does", function()
    local s = kinetic.spring { stiffness = 300, damping = 10 }
    local e = s:easing(0.8)
    local out = e:sample(4)
    for i = 0, 4 do assert.are.equal(e(i / 4), out[i + 1]) end
    local tl = kinetic.timeline { from = 0, { to = 100, duration = 2, easing = e } }
    assert.are.equal(100 * e(0.25), tl:at(0.5))
    local obj = { x = 0 }
    local anim = kinetic.animator()
    anim:to(obj, 2, { x = 50 }, { easing = e })
    anim:update(1)
    assert.is_true(math.abs(obj.x - 50 * e(0.5)) <= 1e-12)
    local t = kinetic.step_times(e, 10, 0.8)
    for k = 1, 10 do
      assert.is_true(e(t[k] / 0.8) >= k / 10)
      assert.is_true(t[k] == 0 or e(h.prev_double(t[k]) / 0.8) < k / 10)
    end
    -- its first crossing of 1 is on the first overshoot, not the last approach
    assert.is_true(t[10] < 0.3)
    h.fails("no CSS form", e.css, e)
    h.fails("unknown easing function 'spring()'", kinetic.easing, tostring(e))
  end)

  -- The fewest stops a farthest-reach placement needs on a grid of G
  -- intervals (chord errors checked at the grid points only, which can
  -- only make it need fewer stops than a placement checked everywhere).
  local function greedy_reference(e, tol, G)
    local y = {}
    for i = 0, G do y[i] = e(i / G) end
    local stops, a = 1, 0
    while a < G do
      local best = a + 1
      for b = a + 2, G do
        local ok = true
        for i = a + 1, b - 1 do
          local chord = y[a] + (y[b] - y[a]) * (i - a) / (b - a)
          if math.abs(y[i] - chord) > tol then ok = false break end
        end
        if ok then best = b end
      end
      stops, a = stops + 1, best
    end
    return stops
  end

  local function stops_of(l)
    local n = 0
    for _ in tostring(l):gmatch("%%") do n = n + 1 end
    return n
  end

  it("s:linear() stays within max_error everywhere, with close to the fewest stops", function()
    local springs = {
      { stiffness = 170, damping = 12 }, { stiffness = 100, damping = 20 }, { stiffness = 100, damping = 50 },
      { stiffness = 300, damping = 8, velocity = 6 }, { duration = 0.6, bounce = 0.3 },
    }
    for _, o in ipairs(springs) do
      for _, tol in ipairs { 1e-2, 1e-3, 1e-4 } do
        local s = kinetic.spring(o)
        local e, l = s:easing(), s:linear(tol)
        local worst = 0
        for i = 0, 20000 do
          local p = i / 20000
          worst = math.max(worst, math.abs(l(p) - e(p)))
        end
        assert.is_true(worst <= tol, string.format("error %.3g above %g", worst, tol))
        local n, ref = stops_of(l), greedy_reference(e, tol, 1000)
        assert.is_true(n <= 1.25 * ref, string.format("%d stops, reference %d", n, ref))
        -- CSS a browser takes, and exact when read back
        assert.are.equal(l, kinetic.easing(tostring(l)))
        assert.matches("^linear%(0 0%%, ", l:css())
        assert.matches(" 100%%%)$", l:css())
      end
    end
  end)

  it("rejects what has no normalized curve, and bad arguments", function()
    local s = kinetic.spring { stiffness = 100, damping = 10 }
    for _, d in ipairs { 0, -1 } do
      h.fails_bad_argument("bad argument #1 to 'easing' (duration > 0 expected",
                           function() s:easing(d) end)
    end
    h.fails_bad_argument("bad argument #1 to 'easing' (number expected, got string)",
                         function() s:easing("1") end)
    h.fails_bad_argument("bad argument #1 to 'easing' (finite number expected, got inf)",
                         function() s:easing(1 / 0) end)
    for _, m in ipairs { 0, -1, 1e-8 } do
      h.fails_bad_argument("bad argument #1 to 'linear' (max_error >= 1e-7 expected",
                           function() s:linear(m) end)
    end
    local v = kinetic.spring { from = { 0, 0 }, to = { 1, 1 } }
    h.fails("calling 'easing' on bad self (one-component kinetic.Spring expected, got 2 components)",
            function() v:easing() end)
    local still = kinetic.spring { from = 1, to = 1 }
    h.fails("calling 'linear' on bad self (a spring away from its target expected",
            function() still:linear() end)
    local undamped = kinetic.spring { stiffness = 100, damping = 0 }
    h.fails_bad_argument("bad argument #1 to 'easing' (duration expected: this spring never settles",
                         function() undamped:easing() end)
    assert.is_not_nil(undamped:easing(2))
    local fast = kinetic.spring { from = 0, to = 1e-300, velocity = 1e300 }
    h.fails("calling 'easing' on bad self (its velocity over its distance to the target overflows)",
            function() fast:easing(1) end)
    local ringing = kinetic.spring { stiffness = 1000, damping = 0.01 }
    h.fails_bad_argument("bad argument #1 to 'linear' (a fit within 0.001 needs more than 10000 stops",
                         function() ringing:linear() end)
    h.fails("kinetic.Spring expected, got table", s.easing, {})
  end)
end)
