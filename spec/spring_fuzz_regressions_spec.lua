-- luacheck: max line length 200
-- Regressions for what the fuzzers found (see fuzz/README.md).
local kinetic = require("kinetic")

local function finite(x) return x == x and x ~= math.huge and x ~= -math.huge end

describe("fuzz regressions", function()
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

  it("bezier with |y| up to 1e300 stays finite; beyond is refused", function()
    local e = kinetic.bezier(1e-300, 0, 0, 1e300)
    assert.is_true(finite(e(5.2998088236266445e-315)))
    assert.is_true(finite(kinetic.bezier(0, 1e300, 1, -1e300)(0.5)))
    assert.has_error(function() kinetic.bezier(0, 1e301, 1, 1) end)
    assert.matches("bad argument #2 to 'bezier'", select(2, pcall(kinetic.bezier, 0, 1e308, 1, 1)), 1, true)
    assert.matches("bad argument #4 to 'bezier'", select(2, pcall(kinetic.bezier, 0, 0, 1, -1e308)), 1, true)
    assert.matches("bad argument #1 to 'easing'", select(2, pcall(kinetic.easing, "cubic-bezier(0, 1e308, 1, 1)")), 1, true)
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

  it("timeline events beyond pass 2^53 end (was an endless loop)", function()
    local n = 0
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 0.001 }, after = "restart",
                                 on_keyframe = function() n = n + 1 end, on_iteration = function() n = n + 1 end }
    tl:seek(1e14)
    assert.is_true(finite(tl:update(0.01)))
    assert.are.equal(0, n)              -- passes are no longer distinguishable there
    tl:seek(0)
    tl:update(0.0105)
    assert.are.equal(20, n)             -- 10 keyframes + 10 iterations as before
  end)

  it("timeline between keyframes whose difference overflows stays finite", function()
    local tl = kinetic.timeline{ from = 1e308, { to = -1e308, duration = 1 } }
    for i = 0, 10 do assert.is_true(finite(tl:at(i / 10))) end
    assert.are.equal(0, tl:at(0.5))
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

  it("bezier fast path stays in [0,1] near t = 1 for y1, y2 in [0,1] (was 1 + 2e-15)", function()
    local e = kinetic.bezier(1, 1.5709095811780424e-91, 0.78947368421052633, 1e-9)
    local prev = 0
    for _, t in ipairs({ 0.999999999999999, 0.9999999999999998, 0.99999999999999989, 1 }) do
      local y = e(t)
      assert.is_true(y >= prev and y <= 1, string.format("%.17g at %.17g", y, t))
      prev = y
    end
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

  -- fuzz findings 18-21 (fuzz_motion, the first harness for friction and
  -- gravity): NaN where two terms of the motion overflowed with opposite
  -- signs, and a clock that update let overflow to inf
  local function not_nan(...)
    for i = 1, select("#", ...) do
      local x = select(i, ...)
      assert.is_true(x == x, "NaN in result " .. i)
    end
    return ...
  end

  it("gravity: x0 + v0 t + a t^2/2 with overflowing terms is an infinity, not NaN (finding 18)", function()
    local g = kinetic.gravity { acceleration = -0.5, position = 1.7976931348623157e308, velocity = 1 }
    local x, v = not_nan(g:at(1e300))
    assert.are.equal(-math.huge, x)                  -- -a t^2/2 = -2.5e599 dominates
    assert.are.equal(1 - 0.5 * 1e300, v)
    -- the usual range keeps Flutter's order of operations, bit for bit
    local h = kinetic.gravity { acceleration = 9.81, position = 2, velocity = -3 }
    assert.are.equal(2 + -3 * 0.7 + 0.5 * 9.81 * 0.7 * 0.7, (h:at(0.7)))
  end)

  it("friction: the final position with a huge velocity and deceleration is not NaN (finding 19)", function()
    local f = kinetic.friction { drag = 0.99999939290864859, position = -0.5,
                                 velocity = 1.7976931348623157e308, constant_deceleration = 3.1858278074402962e305 }
    local fin = not_nan(f:final_position())
    assert.are.equal(math.huge, fin)                  -- the exact distance is beyond the doubles
    not_nan(f:at(1))
  end)

  it("friction: time_at where x - x0 overflows (finding 20)", function()
    local f = kinetic.friction { drag = 0.5, position = -1e300, velocity = 1.7976931348623157e308 }
    local t = not_nan(f:time_at(1.7976931348623157e308))
    -- drag^t = 1 + (x - x0) ln(drag) / v0, with (x - x0)/v0 = 1 + 1e300/DBL_MAX
    local want = math.log(1 + (1 + 1e300 / 1.7976931348623157e308) * math.log(0.5)) / math.log(0.5)
    assert.is_true(math.abs(t - want) <= 1e-14 * want, ("%.17g vs %.17g"):format(t, want))
    -- at(t) is x = DBL_MAX itself, at the edge of the doubles: v0 times the
    -- distance factor 1.0000000055 overflows before x0 = -1e300 is added,
    -- so it may read inf -- but never NaN
    local x = not_nan(f:at(t))
    assert.is_true(x >= 1.7976931348623157e308 * (1 - 1e-13))
  end)

  it("friction: a stop within a subnormal time keeps the motion's direction (finding 21)", function()
    -- v0 = -0.5 against a deceleration of DBL_MAX stops after ~2.8e-309 s;
    -- t ln(drag) underflowed, the distance factor was 0 and the final
    -- position came out on the wrong side of the start
    local f = kinetic.friction { drag = 0.99999999999999989, position = 0, velocity = -0.5,
                                 constant_deceleration = 1.7976931348623157e308 }
    local fin = not_nan(f:final_position())
    assert.is_true(fin <= 0, ("%.17g"):format(fin))
    assert.is_true((f:at(8)) <= 0)
  end)

  -- fuzz findings 22-23 (fuzz_viewport): S = w O + (U K) x lost its value
  -- where U K left the doubles
  it("viewport: U K beyond the doubles times 0 is not NaN; w O and U K x may both overflow (finding 22)", function()
    local v = kinetic.viewport { 1e308, 1.5, origin = { 10, 1.5 }, unit = { 1e308, 1.5 },
                                 scale = { 10, 1.7976931348623157e308 } }
    local sx, sy = not_nan(v:to_screen(-0.9999, 0))
    assert.are.equal(2.25, sy)                       -- h O + inf * 0 was NaN
    -- w O = 1e309 and U K x = -9.999e308: both beyond the doubles, their sum is not
    assert.is_true(math.abs(sx - 1e305) <= 1e-10 * 1e305, ("%.17g"):format(sx))
    local x = not_nan(v:to_world(sx, sy))
    assert.is_true(math.abs(x + 0.9999) <= 1e-9)
    -- an ordinary viewport keeps the seed's formula, bit for bit
    local o = kinetic.viewport { 800, 600, origin = { 0.5, 0.5 }, unit = { 100, 100 }, scale = { 1, -1 } }
    local ox, oy = o:to_screen(0.3, 0.7)
    assert.are.equal(800 * 0.5 + 100 * 1 * 0.3, ox)
    assert.are.equal(600 * 0.5 + 100 * -1 * 0.7, oy)
  end)

  it("viewport: U K below the doubles keeps U K x, and to_world inverts it (finding 23)", function()
    -- U K = 1e-400 rounded to 0: every x mapped to w O, and to_world refused
    -- a viewport whose unit and scale are both non-zero
    local v = kinetic.viewport { 1, 1, unit = { 1e-200, 1 }, scale = { 1e-200, 1 } }
    local sx = not_nan(v:to_screen(1e300, 2))
    assert.is_true(math.abs(sx - 1e-100) <= 1e-14 * 1e-100, ("%.17g"):format(sx))
    local x = v:to_world(sx, 2)
    assert.is_true(math.abs(x - 1e300) <= 1e-14 * 1e300, ("%.17g"):format(x))
  end)

  -- fuzz finding 24 (fuzz_timeline, once it no longer excused NaN for keys
  -- beyond 1e150): polar interpolation squared the offsets
  it("polar interpolation: huge and tiny radii, and an easing that overshoots a huge one (finding 24)", function()
    local function polar(from, to, easing)
      return kinetic.timeline { from = from, { to = to, duration = 1, easing = easing },
                                interpolation = "polar", pivot = { 0, 0 } }
    end
    -- radius sqrt(2) 1e200: its square overflowed, x and y were NaN
    local x, y = not_nan(polar({ 1e200, -1e200 }, { -1e200, 1e200 }):at(0.25))
    assert.is_true(math.abs(x - math.sqrt(2) * 1e200) <= 1e-12 * 1e200, ("%.17g"):format(x))
    assert.is_true(math.abs(y) <= 1e-12 * 1e200)
    -- radius ~2e-300: its square underflowed to 0 and the points sat on the pivot
    x, y = not_nan(polar({ 1e-300, 2e-300 }, { 2e-300, 1e-300 }):at(0.5))
    local r = math.sqrt(5) * 1e-300 / math.sqrt(2)
    assert.is_true(math.abs(x - r) <= 1e-12 * r and math.abs(y - r) <= 1e-12 * r, ("%.17g %.17g"):format(x, y))
    -- an easing far beyond 1 takes the radius past the doubles along the x axis:
    -- y = d sin(0) is 0, not inf * 0
    x, y = not_nan(polar({ 1e300, 0 }, { 1e308, 0 }, "cubic-bezier(0.5, 1e300, 0.5, 1)"):at(0.5))
    assert.are.equal(math.huge, x)
    assert.are.equal(0, y)
  end)

  it("accelerate(-decelerate) refuses |v0| beyond 1e300, as cubic-bezier its y (2 (1 - v0) overflowed)", function()
    -- accelerate-decelerate(-1e308)(0.3) is -1.2e307, but it read inf
    for _, spec in ipairs { "accelerate-decelerate(-1e308)", "accelerate(1e301)" } do
      local ok, err = pcall(kinetic.easing, spec)
      assert.is_false(ok)
      assert.matches("v0 must lie in %[%-1e300, 1e300%]", err)
    end
    local ok, err = pcall(kinetic.accelerate_decelerate, -1e308)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'accelerate_decelerate' %(v0 in %[%-1e300, 1e300%] expected, got %-1e%+308%)", err)
    assert.is_false((pcall(kinetic.accelerate, 1.5e300)))
    -- at the bound the curve is what the formula gives
    local e = kinetic.accelerate_decelerate(-1e300)
    assert.is_true(math.abs(e(0.3) - (-1.2e299)) <= 1e-14 * 1.2e299)
    assert.are.equal(1, e(1))
  end)

  it("a coasting spring_group whose state overflows raises and rests on the target, as kinetic.Spring", function()
    -- no stiffness, no damping: x += v dt grows past 1.8e308; the group went to inf, then NaN, silently
    local g = kinetic.spring_group { count = 3, stiffness = 0, damping = 0, from = { 1e308, 0, -5 },
                                     to = { 7, 0, 0 }, velocity = { 1e308, 1, 0 } }
    local ok, err = pcall(g.update, g, 1)
    assert.is_false(ok)
    assert.matches("update: spring 1's state overflowed %(beyond %+%-1.8e308%); it is reset to rest on its target", err)
    assert.are.equal(7, g:position(1))
    assert.are.equal(0, g:velocity(1))
    assert.is_true(g:at_rest(1))
    assert.are.equal(1, g:position(2))            -- the others moved on as usual
    assert.are.equal(-5, g:position(3))
    assert.are.equal(1, g:update(1))               -- spring 2 still coasts
    assert.are.equal(2, g:position(2))
    not_nan(g:position(1), g:position(2), g:position(3), g:velocity(1), g:velocity(2))
    local s = kinetic.spring { stiffness = 0, damping = 0, from = 1e308, to = 7, velocity = 1e308 }
    local ok2, err2 = pcall(s.update, s, 1)
    assert.is_false(ok2)
    assert.matches("state overflowed", err2)
    assert.are.equal(7, s:position())
  end)

  it("a stiff spring_group whose velocity overflows raises as kinetic.Spring does (fuzz_group)", function()
    -- w0 = 10, a motion of 1.7e308: v = w0 y leaves the doubles in the first frame
    local s = kinetic.spring { stiffness = 100, damping = 1, from = 0, to = 1.7e308 }
    local g = kinetic.spring_group { count = 2, stiffness = 100, damping = 1, from = 0, to = { 1.7e308, 1 } }
    local ok1, err1 = pcall(s.update, s, 0.02)
    local ok2, err2 = pcall(g.update, g, 0.02)
    assert.is_false(ok1)
    assert.is_false(ok2)
    assert.matches("state overflowed", err1)
    assert.matches("update: spring 1's state overflowed", err2)
    assert.are.equal(s:position(), g:position(1))
    assert.is_true(g:at_rest(1))
    not_nan(g:position(2), g:velocity(2))
    -- an ordinary group is stepped as always: the same doubles as separate springs
    local h = kinetic.spring_group { count = 1, stiffness = 100, damping = 1, from = 0, to = 1 }
    local t = kinetic.spring { stiffness = 100, damping = 1, from = 0, to = 1 }
    for _ = 1, 10 do h:update(0.02); assert.are.equal(t:update(0.02), h:position(1)) end
  end)

  it("a spring without stiffness whose stop overflows rests on its old target, alone and in a group (finding 26)", function()
    -- it stops where it is, so the snap moved its target there -- to inf -- and the
    -- reset 'on its target' left it at inf, moving, raising on every update
    local M = 1.7976931348623157e308
    local s = kinetic.spring { stiffness = 0, damping = 0.5, from = M, to = M, velocity = M }
    local g = kinetic.spring_group { count = 2, stiffness = 0, damping = 0.5, from = { M, 1 }, to = { M, 1 },
                                     velocity = { M, 2 } }
    assert.is_false((pcall(s.update, s, 2.14)))
    assert.is_false((pcall(g.update, g, 2.14)))
    for _, st in ipairs { { s:position(), s:velocity(), s:target(), s:at_rest() },
                          { g:position(1), g:velocity(1), g:target(1), g:at_rest(1) } } do
      assert.are.same({ M, 0, M, true }, st)
    end
    assert.are.equal(M, s:update(1))                  -- at rest: no more errors
    assert.are.equal(1, g:update(1))                  -- spring 2 still coasts to its stop
    not_nan(g:position(2))
  end)

  it("update refuses a clock that would overflow (friction, gravity)", function()
    for _, m in ipairs { kinetic.gravity { acceleration = 0 }, kinetic.friction { drag = 0.5, velocity = 1 } } do
      assert.are.equal(m:at(1e308), m:update(1e308))
      local ok, err = pcall(m.update, m, 1e308)
      assert.is_false(ok)
      assert.matches("update: the clock would overflow", err)
      assert.are.equal(1e308, m:time())               -- unchanged
      not_nan(m:position(), m:velocity())
    end
  end)
end)
