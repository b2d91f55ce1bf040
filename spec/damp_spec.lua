-- kinetic.damp, kinetic.smooth_damp and kinetic.noise, against closed forms
-- derived on paper and by their defining properties.
local kinetic = require("kinetic")
local h = require("spec.helpers")
local near = h.relative_near(1e-13)
local exp, abs = math.exp, math.abs

describe("kinetic.damp", function()
  it("is target + (current - target) e^(-rate dt)", function()
    local r = h.lcg(11)
    for _ = 1, 500 do
      local a, b, rate, dt = r() * 200 - 100, r() * 200 - 100, r() * 30, r() * 0.2
      near(b + (a - b) * exp(-rate * dt), kinetic.damp(a, b, rate, dt), 1e-14)
    end
    assert.are.equal(3.0, kinetic.damp(3, 10, 0, 5))        -- rate 0: stays
    assert.are.equal(3.0, kinetic.damp(3, 10, 7, 0))        -- dt 0: stays
    assert.are.equal(10.0, kinetic.damp(3, 10, 1e300, 1))   -- e^-inf: on target
  end)

  it("halves the distance every half-life, at any frame rate", function()
    local half = 0.25
    local rate = math.log(2) / half
    near(5.0, kinetic.damp(0, 10, rate, half), 1e-14)
    for _, frames in ipairs { 1, 7, 60, 144 } do       -- one second split into frames
      local x = 0
      for _ = 1, frames do x = kinetic.damp(x, 10, rate, 1 / frames) end
      near(10 - 10 / 16, x, 1e-12, frames .. " frames")
    end
  end)

  it("stays finite when current - target leaves the doubles", function()
    local x = kinetic.damp(1.5e308, -1.5e308, 1, 1)
    near(1.5e308 * exp(-1) - 1.5e308 * (1 - exp(-1)), x, 1e-13)
  end)

  it("refuses bad arguments", function()
    h.fails_bad_argument("bad argument #3 to 'damp' (non-negative number expected, got -1)",
                         kinetic.damp, 0, 1, -1, 1)
    h.fails_bad_argument("bad argument #4 to 'damp' (non-negative number expected, got -0.5)",
                         kinetic.damp, 0, 1, 1, -0.5)
    h.fails_bad_argument("bad argument #1 to 'damp' (finite number expected, got nan)",
                         kinetic.damp, 0 / 0, 1, 1, 1)
    h.fails_bad_argument("bad argument #4 to 'damp' (number expected, got no value)",
                         kinetic.damp, 0, 1, 1)
  end)
end)

describe("kinetic.smooth_damp", function()
  -- The critically damped spring of w = 2 / T from offset y0 and velocity
  -- v0, solved on paper: y(t) = (y0 + (v0 + w y0) t) e^(-w t),
  -- v(t) = y'(t) = (v0 - w (v0 + w y0) t) e^(-w t).
  local function critical(y0, v0, T, t)
    local w = 2 / T
    local c = v0 + w * y0
    return (y0 + c * t) * exp(-w * t), (v0 - w * c * t) * exp(-w * t)
  end

  it("is the critically damped spring of w = 2 / smooth_time, exactly", function()
    local r = h.lcg(5)
    local n = 0
    for _ = 1, 1000 do
      local cur, tgt, v, T, dt = r() * 200 - 100, r() * 200 - 100, r() * 400 - 200, 0.02 + r(), r() * 0.1
      local y, vy = critical(cur - tgt, v, T, dt)
      local goal_ahead = tgt - cur > 0
      if goal_ahead ~= (tgt + y > tgt) then       -- the closed form does not pass the target
        local x, vel = kinetic.smooth_damp(cur, tgt, v, T, dt)
        near(tgt + y, x, 1e-12, "position")
        near(vy, vel, 1e-12, "velocity")
        n = n + 1
      end
    end
    assert.is_true(n > 500, tostring(n))
  end)

  it("lands on the target with velocity 0 when a step would pass it", function()
    -- from 0 at 50/s towards 1, a step of 0.5 s overshoots
    local x, v = kinetic.smooth_damp(0, 1, 50, 0.3, 0.5)
    assert.are.equal(1.0, x)
    assert.are.equal(0.0, v)
    x, v = kinetic.smooth_damp(0, -1, -50, 0.3, 0.5)
    assert.are.equal(-1.0, x)
    assert.are.equal(0.0, v)
  end)

  it("moves no faster than max_speed towards a far target (the offset clamped)", function()
    -- the offset is clamped to max_speed * T: the target seen is 2 away,
    -- and the critically damped approach from rest never exceeds
    -- (2/T) * 2 * e^-1 < max_speed
    local x, v, T, ms = 0, 0, 0.5, 2
    local fastest = 0
    for _ = 1, 600 do
      x, v = kinetic.smooth_damp(x, 1000, v, T, 1 / 60, ms)
      fastest = math.max(fastest, abs(v))
    end
    assert.is_true(fastest <= ms, tostring(fastest))
    assert.is_true(x > 15 and x < 20, tostring(x))           -- some 20 s at 2/s minus the start
    -- one step from 0: the target seen is ms * T away, the offset -ms * T
    local y, vy = kinetic.smooth_damp(0, 1000, 0, T, 1 / 60, ms)
    local cy, cv = critical(-ms * T, 0, T, 1 / 60)
    near(ms * T + cy, y, 1e-12)
    near(cv, vy, 1e-12)
  end)

  it("follows Unity's algorithm with the exact exponential", function()
    -- Unity's Mathf.SmoothDamp as documented, exp(-x) in place of
    -- 1 / (1 + x + 0.48 x^2 + 0.235 x^3)
    local function unity(current, target, vel, T, dt, max_speed)
      T = math.max(0.0001, T)
      local omega = 2 / T
      local e = exp(-omega * dt)
      local change = current - target
      local original = target
      local max_change = max_speed * T
      change = math.min(math.max(change, -max_change), max_change)
      target = current - change
      local temp = (vel + omega * change) * dt
      vel = (vel - omega * temp) * e
      local out = target + (change + temp) * e
      if (original - current > 0) == (out > original) then out, vel = original, 0 end
      return out, vel
    end
    local r = h.lcg(9)
    for _ = 1, 1000 do
      local cur, tgt, v = r() * 200 - 100, r() * 200 - 100, r() * 400 - 200
      local T, dt, ms = r() < 0.1 and r() * 1e-4 or r(), 1e-3 + r() * 0.1, r() < 0.5 and r() * 100 or math.huge
      local ux, uv = unity(cur, tgt, v, T, dt, ms)
      local x, vel = kinetic.smooth_damp(cur, tgt, v, T, dt, ms)
      near(ux, x, 1e-12, "position")
      near(uv, vel, 1e-12, "velocity")
    end
  end)

  it("leaves the state as it is for dt = 0, and refuses bad arguments", function()
    assert.are.same({ 5.0, -3.0 }, { kinetic.smooth_damp(5, 5, -3, 0.2, 0) })
    h.fails_bad_argument("bad argument #4 to 'smooth_damp' (positive number expected, got 0)",
                         kinetic.smooth_damp, 0, 1, 0, 0, 1)
    h.fails_bad_argument("bad argument #5 to 'smooth_damp' (non-negative number expected, got -1)",
                         kinetic.smooth_damp, 0, 1, 0, 1, -1)
    h.fails_bad_argument("bad argument #6 to 'smooth_damp' (non-negative number expected, got nan)",
                         kinetic.smooth_damp, 0, 1, 0, 1, 1, 0 / 0)
    h.fails_bad_argument("bad argument #6 to 'smooth_damp' (number expected, got string)",
                         kinetic.smooth_damp, 0, 1, 0, 1, 1, "fast")
    h.fails_bad_argument("bad argument #3 to 'smooth_damp' (number expected, got no value)",
                         kinetic.smooth_damp, 0, 1)
    local x = kinetic.smooth_damp(0, 1, 0, 1, 1, math.huge)   -- max_speed may be infinite
    assert.is_true(x > 0 and x < 1)
  end)
end)

describe("kinetic.noise", function()
  it("is 0 at every integer and within [-1, 1]", function()
    for i = -50, 50 do assert.are.equal(0.0, kinetic.noise(i, 3)) end
    local lo, hi = 1, -1
    for i = 0, 10000 do
      local x = -100 + i * 0.02
      local n = kinetic.noise(x)
      assert.is_true(n >= -1 and n <= 1, tostring(n))
      lo, hi = math.min(lo, n), math.max(hi, n)
    end
    assert.is_true(hi - lo > 1, lo .. " .. " .. hi)            -- its values span more than 1
  end)

  it("is continuous with a continuous slope at the integers", function()
    local e = 1e-6
    for _, seed in ipairs { 0, 1, -7, 123456789 } do
      for i = -20, 20 do
        local right = kinetic.noise(i + e, seed) / e
        local left = -kinetic.noise(i - e, seed) / e
        assert.is_true(abs(right - left) < 1e-5, seed .. "," .. i .. ": " .. left .. " vs " .. right)
        assert.is_true(abs(right) <= 2, tostring(right))         -- the slope 2 g(i), |g| <= 1
      end
      for k = 0, 999 do                                           -- no jumps inside the cells
        local x = k * 0.01 + 0.005
        assert.is_true(abs(kinetic.noise(x + 1e-9, seed) - kinetic.noise(x, seed)) < 1e-8)
      end
    end
  end)

  it("depends on the seed, and is 0 where every double is an integer", function()
    local same = 0
    for i = 1, 100 do
      if kinetic.noise(i + 0.5, 1) == kinetic.noise(i + 0.5, 2) then same = same + 1 end
    end
    assert.is_true(same < 5)
    assert.are.equal(kinetic.noise(0.3), kinetic.noise(0.3, 0))
    assert.are.equal(0.0, kinetic.noise(2 ^ 52 + 2))
    assert.is_true(kinetic.noise(-1e9 + 0.5, -3) ~= 0)
  end)

  it("refuses bad arguments", function()
    h.fails_bad_argument("bad argument #2 to 'noise' (integer expected, got 1.5)", kinetic.noise, 1, 1.5)
    h.fails_bad_argument("bad argument #1 to 'noise' (finite number expected, got inf)",
                         kinetic.noise, math.huge)
    h.fails_bad_argument("bad argument #2 to 'noise' (number expected, got string)", kinetic.noise, 1, "a")
  end)
end)
