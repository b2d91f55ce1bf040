-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md): kinetic.spring.
local kinetic = require("kinetic")
local finite = require("spec.helpers").finite
local h = require("spec.helpers")

describe("spring: fuzz regressions", function()
  it("settle_time with a tiny epsilon terminates (was an endless loop) or refuses it", function()
    local s = kinetic.spring{ response = 0.5, damping_ratio = 0.8, from = 0, to = 1 }
    -- down to 1e-150 of the distance the answer is exact: the envelope e^(-a t) with
    -- a = 0.8 * 2pi / 0.5 takes ln(1e50) / a longer per 50 decades (to within a period)
    local a = 0.8 * 2 * math.pi / 0.5
    local t100, t150 = s:settle_time(1e-100), s:settle_time(1e-150)
    assert.is_true(finite(t150))
    assert.is_true(math.abs((t150 - t100) - math.log(1e50) / a) < 2 * math.pi / (a / 0.8 * 0.6))
    -- below that the squared distances leave the double range: a clear error, not a guess
    for _, case in ipairs {
      { s, 1e-170 },
      { kinetic.spring{ response = 0.5, damping_ratio = 0.8, from = 0, to = 1e231 }, 1e-300 },
      { kinetic.spring{ stiffness = 1.2241677832959646e-250, damping = 1.224167783418391e-250,
                        from = -3.1050361846014179e231, to = 0, velocity = 3.248987368034472e217 },
        2.3763644578689498e-212 },
    } do
      local ok, err = pcall(function() local t = case[1]:settle_time(case[2]); return t end)
      assert.is_false(ok)
      assert.matches("bad argument #1 to '.-settle_time' %(epsilon of at least 1e%-150 times the distance", err)
    end
  end)

  it("settle_time when a period is below an ulp of the answer terminates", function()
    local s = kinetic.spring{ stiffness = 1.2241677832959646e-250, damping = 1.224167783418391e-250,
                              from = -3.1050361846014179e231, to = 0, velocity = 3.248987368034472e217 }
    local t = s:settle_time(3.1050361846014179e231 * 1e-150)
    assert.is_true(t > 0)
  end)

  it("a huge finite dt gives a finite state (was cos(inf) = NaN)", function()
    for _, c in ipairs({ 0, 1, 26 }) do
      local s = kinetic.spring{ stiffness = 170, damping = c, from = 0, to = 1 }
      local x = s:update(1e308)
      assert.is_true(finite(x) and finite(s:velocity()), "damping " .. c)
      assert.is_true(finite(s:at(1e300)))
    end
  end)

  it("params() of a spring whose m*k underflows has no NaN", function()
    local p = kinetic.spring{ mass = 3.1620201333839779e-322, stiffness = 8.691355240467201e-309, damping = 0 }:params()
    assert.is_true(p.damping_ratio == p.damping_ratio)
    assert.is_true(p.bounce == p.bounce)
  end)

  it("a spring whose k/m overflows is refused, not NaN", function()
    local ok, err = pcall(kinetic.spring, { mass = 1e-300, stiffness = 1e10 })
    assert.is_false(ok)
    assert.matches("bad argument #1 to '.-' %(parameters out of range", err)
  end)

  it("rk4/euler are refused where their fixed 1 ms step is unstable", function()
    for _, integ in ipairs({ "rk4", "euler" }) do
      local ok, err = pcall(kinetic.spring, { stiffness = 170, damping = 26, mass = 4.76837158203125e-05, integrator = integ })
      assert.is_false(ok)
      assert.matches("bad argument #1 to '.-' %(field 'integrator'", err)
      -- the analytic integrator takes the same spring
      assert.is_true(finite(kinetic.spring{ stiffness = 170, damping = 26, mass = 4.76837158203125e-05 }:update(2)))
      -- ordinary springs keep working
      local s = kinetic.spring{ tension = 300, friction = 20, integrator = integ }
      for _ = 1, 100 do assert.is_true(finite(s:update(0.05))) end
    end
  end)

  it("euler is refused where damping makes its 1 ms step unstable (fuzz: NaN for a damped stiff spring)", function()
    -- a = c/2m = 810/s, w0 = 1000/s: every rate is below 1800/s (RK4 is fine), but semi-implicit
    -- Euler's map (trace 2 - W^2 - 2A, det 1 - 2A; A = 0.81, W = 1) has W^2 > 4(1 - A): it diverges
    local opts = { stiffness = 1e6, damping = 1620, integrator = "euler" }
    local ok, err = pcall(kinetic.spring, opts)
    assert.is_false(ok)
    assert.matches("bad argument #1 to '.-' %(field 'integrator': 'euler' is unstable", err)
    opts.integrator = "rk4"                -- Rebound's substep contracts here
    local r = kinetic.spring(opts)
    for _ = 1, 50 do assert.is_true(finite(r:update(1 / 60))) end
    -- inside the region (A = 0.4, W = 1 <= 1.8 sqrt(0.6)) euler runs and settles
    local e = kinetic.spring { stiffness = 1e6, damping = 800, integrator = "euler", from = 0, to = 1 }
    for _ = 1, 60 do assert.is_true(finite(e:update(1 / 60))) end
    assert.is_true(e:at_rest())
    -- the fuzzer's input: response family, tiny mass (m 7.7e-304, k 7.9e-298, c 1.25e-300)
    ok = pcall(kinetic.spring, { mass = 7.7468172544248568e-304, response = 0.0062831853071795866,
                                 damping_ratio = 0.81, integrator = "euler" })
    assert.is_false(ok)
  end)

  it("rk4 is refused where Rebound's substep grows the motion (fuzz: NaN for a heavily damped spring)", function()
    -- critically damped at a = 1200/s: every rate is below 1800/s, yet the substep map (its
    -- first stage reads the previous substep's trial position) has spectral radius 1.12
    for _, opts in ipairs { { stiffness = 1.44e6, damping = 2400 },
                            { mass = 8.3440269694070644e-310, stiffness = 1.5309046066307129e-303,
                              damping = 2.2384884466537296e-306 },   -- the fuzzer's input
                            { stiffness = 40000, damping = 0 } } do      -- undamped, w0 = 200/s
      opts.integrator = "rk4"
      local ok, err = pcall(kinetic.spring, opts)
      assert.is_false(ok)
      assert.matches("field 'integrator': 'rk4' is unstable", err)
      opts.integrator = nil
      assert.is_true(finite(kinetic.spring(opts):update(10)))   -- analytic takes it
    end
    -- where the substep contracts it runs (and settles)
    local s = kinetic.spring { stiffness = 1e6, damping = 1620, integrator = "rk4", from = 0, to = 1 }
    for _ = 1, 60 do assert.is_true(finite(s:update(1 / 60))) end
    assert.is_true(s:at_rest())
    assert.is_true(finite(kinetic.spring { stiffness = 10000, damping = 0, integrator = "rk4" }:update(100)))
  end)

  it("rk4/euler refuse a dt beyond 3600 s instead of looping (was a hang for 1e308)", function()
    for _, integ in ipairs({ "rk4", "euler" }) do
      local s = kinetic.spring{ stiffness = 100, damping = 0, integrator = integ }
      for _, f in ipairs({ "update", "at", "velocity_at" }) do
        local ok, err = pcall(s[f], s, 1e308)
        assert.is_false(ok)
        assert.matches("bad argument #%d+ to '.-' %(at most 3600 seconds", err)
      end
      assert.is_true(finite(s:update(1)))
    end
  end)

  it("a spring whose state would overflow raises and is left at rest on its target", function()
    local s = kinetic.spring{ stiffness = 0, damping = 0, velocity = 1e300, to = 5 }
    local ok, err = pcall(s.update, s, 1e10)
    assert.is_false(ok)
    assert.matches("state overflowed", err)
    assert.is_true(s:at_rest())
    assert.are.equal(s:target(), s:position())
    assert.are.equal(0, s:velocity())
    assert.is_true(finite(s:update(1)))
    s = kinetic.spring{ stiffness = 0, damping = 0, velocity = 1e300 }
    assert.has_error(function() s:at(1e10) end)       -- pure: the spring is unchanged
    assert.are.equal(1e300, s:velocity())
    assert.are.equal(1e297, s:at(1e-3))
  end)

  -- fuzz finding 16: a vector state that overflowed to NaN counted as within
  -- every rest threshold (norm_diff skipped NaN), so a 2-vector came to rest
  -- silently where a scalar spring raises
  it("a vector spring whose state overflows raises as a scalar one does", function()
    for _, integrator in ipairs { "rk4", "analytic" } do
      local scalar = kinetic.spring { tension = 230.2, friction = 1, integrator = integrator, clamp = true,
                                      from = 0, to = 1e-302, velocity = -2.2e307 }
      local vector = kinetic.spring { tension = 230.2, friction = 1, integrator = integrator, clamp = true,
                                      from = { 0, 0 }, to = { 1e-302, 0 }, velocity = { -2.2e307, 0 } }
      local ok1, err1 = pcall(scalar.update, scalar, 8)
      local ok2, err2 = pcall(vector.update, vector, 8)
      assert.are.equal(ok1, ok2, integrator)
      if integrator == "rk4" then assert.is_false(ok1) end   -- the case the fuzzer found
      if not ok1 then
        assert.matches("state overflowed", err1)
        assert.matches("state overflowed", err2)
        assert.is_true(vector:at_rest())
        assert.are.same({ 1e-302, 0 }, { vector:position() })
      end
    end
  end)

  -- s:linear() hung on a spring ringing faster than the doubles can resolve
  it("a spring whose velocity zeros lie closer than the doubles fails s:linear() at once", function()
    local s = kinetic.spring { stiffness = 4.5792020008078204e-305, damping = 1.7835357647096786e-307,
                               velocity = 7.6e-191 }
    assert.is_true(s:settle_time() > 7e307)
    local ok, err = pcall(s.linear, s)
    assert.is_false(ok)
    assert.matches("needs more than 10000 stops", err)
    -- it turns some 1e155 times within that time: no schedule either
    local ok2, err2 = pcall(kinetic.step_times, s:easing(), 4)
    assert.is_false(ok2)
    assert.matches("changes direction too often", err2)
  end)

  -- the inflection of a very overdamped spring (at 1e-26 s) was lost to
  -- cancellation, and s:linear() gave two stops 0.97 off the curve
  it("an overdamped spring's linear() keeps within max_error next to its start", function()
    for _, k in ipairs { 2.4190322848931901e+24, 1.2124139206070679e-279 } do
      local s = kinetic.spring { stiffness = k, damping = 5.1429125584274269e+25 }
      local e, l = s:easing(), s:linear()
      local worst = 0
      for i = 0, 4000 do worst = math.max(worst, math.abs(l(i / 4000) - e(i / 4000))) end
      assert.is_true(worst <= 1e-3, "error " .. worst)
    end
  end)

  -- the curvature's zeros of a spring with omega0 = 1.4e133 came from an
  -- overflowed third derivative, and s:linear() kept two stops 0.99 off
  it("a spring with a huge omega0 keeps its linear() within max_error", function()
    local s = kinetic.spring { mass = 4.9785766584328215e-308, stiffness = 9.9024153143772245e-43,
                               damping = 2.0599032223688364e-177, velocity = -3.0517578125e-05 }
    local e, l = s:easing(), s:linear()
    local worst = 0
    for i = 0, 4000 do worst = math.max(worst, math.abs(l(i / 4000) - e(i / 4000))) end
    assert.is_true(worst <= 1e-3, "error " .. worst)
  end)

  -- a velocity 1e202 times the distance: the fit's check drowned in the
  -- rounding of a curve of that size and kept stops 1e200 off
  it("s:linear() refuses a max_error within the rounding of the curve's size", function()
    local huge = kinetic.spring { stiffness = 300, damping = 10, velocity = -1e14 }
    h.fails_bad_argument("bad argument #1 to 'linear' (max_error 0.001 is within the rounding of a motion",
                         function() huge:linear() end)
    local fast = kinetic.spring { stiffness = 300, damping = 10, velocity = -200 }
    local e, l = fast:easing(), fast:linear()
    local worst = 0
    for i = 0, 4000 do worst = math.max(worst, math.abs(l(i / 4000) - e(i / 4000))) end
    assert.is_true(worst <= 1e-3, "error " .. worst)
  end)

  -- strongly overdamped (damping ratio 6e7): E'' is the difference of two
  -- nearly equal terms, Newton on it stalled inside its bracket, and the
  -- chord check took a 1.006e-3 error for less than 1e-3
  it("a strongly overdamped spring's linear() keeps within max_error", function()
    local s = kinetic.spring { mass = 1.9439852747221775e-318, stiffness = 1.1034378100420742e-312,
                               damping = 1.7939657984214311e-307, from = 1.3607298173594603e-312,
                               to = 1.3613929246411575e-312, velocity = 4.0809822346486965e-321 }
    local e, l = s:easing(), s:linear()
    local worst = 0
    for i = 0, 4000 do worst = math.max(worst, math.abs(l(i / 4000) - e(i / 4000))) end
    assert.is_true(worst <= 1e-3, "error " .. worst)
  end)
end)
