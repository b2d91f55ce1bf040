-- kinetic.step_times(easing, n [, duration]): the first time the eased
-- progress reaches each k/n.  Reference: spec/fixtures/step_times.lua
-- (tools/gen/gen_step_times.py, mpmath at 60 digits, independent formulas).
describe("step_times", function()
  local kinetic = require("kinetic")
  local h = require("spec.helpers")
  local fixture = h.fixture("step_times")

  -- The definition in double precision: E(t) >= k/n, and E below k/n at
  -- the double before t (t = 0: nothing before it).
  local function exact(e, t, L, D)
    D = D or 1
    if e(t / D) < L then return false, "E(t) below the level" end
    if t > 0 and e(h.prev_double(t) / D) >= L then return false, "E reaches the level earlier" end
    return true
  end

  it("finds the first crossing of every level, as mpmath does", function()
    local checked, touches = 0, 0
    for _, c in ipairs(fixture.cases) do
      local e = kinetic.easing(c.easing)
      local t = kinetic.step_times(c.easing, c.n)
      assert.are.equal(c.n, #t)
      for k = 1, c.n do
        local L, truth, slope = k / c.n, c.t[k], c.slope[k]
        local what = string.format("%s n=%d k=%d: got %.17g, truth %.17g", c.easing, c.n, k, t[k], truth)
        local ok, why = exact(e, t[k], L)
        assert.is_true(ok, what .. ": " .. tostring(why))
        -- E is exact to a few ulps, so the crossing moves by that over the slope.
        local tol = 4 * 2 ^ -52 * truth + 4e-16 / math.abs(slope)
        if math.abs(t[k] - truth) > tol then
          -- Allowed only where the true curve just touches the level and its
          -- double-precision values fall short of it there by rounding.
          local y = e(truth)
          assert.is_true(y < L and y >= L - 2 ^ -50, what)
          assert.is_true(t[k] > truth, what)
          touches = touches + 1
        end
        checked = checked + 1
      end
    end
    assert.are.equal(1957, checked)
    assert.is_true(touches <= 16, "touches missed by rounding: " .. touches)
  end)

  it("takes an easing object or a spec string, and scales by duration exactly", function()
    local e = kinetic.easing("inOutSine")
    local a, b = kinetic.step_times(e, 12), kinetic.step_times("inOutSine", 12)
    local c = kinetic.step_times(e, 12, 0.35)
    for k = 1, 12 do
      assert.are.equal(a[k], b[k])
      assert.is_true(exact(e, c[k], k / 12, 0.35))
      assert.is_true(math.abs(c[k] - 0.35 * a[k]) <= 1e-15)
    end
    assert.are.equal(2.5, kinetic.step_times("linear", 4, 10)[1])
    assert.are.same({ 0.25, 0.5, 0.75, 1 }, kinetic.step_times("steps(4)", 4))
  end)

  it("is non-decreasing and exact on non-monotone easings, any n", function()
    for _, spec in ipairs { "inBack", "outElastic", "inOutElastic(1.5, 0.2)", "outBounce",
                            "cubic-bezier(0.3, -0.8, 0.7, 1.8)", "linear(0, 1.2 40%, 0.9, 1)",
                            "accelerate(-0.5)", "accelerate-decelerate(3)", "steps(3, jump-both)" } do
      local e = kinetic.easing(spec)
      for _, n in ipairs { 1, 5, 33, 250 } do
        local t = kinetic.step_times(e, n)
        for k = 1, n do
          if k > 1 then assert.is_true(t[k] >= t[k - 1], spec) end
          assert.is_true(exact(e, t[k], k / n), spec .. " k=" .. k)
        end
      end
    end
  end)

  it("returns the duration for a level the easing never reaches", function()
    local t = kinetic.step_times("linear(0, 0.5)", 4, 2)
    assert.are.same({ 1, 2, 2, 2 }, t)
    -- steps(2, jump-start) is 1/2 from 0 on; its double-precision formula
    -- floor(2p + 1) / 2 reaches 1 a rounding before p = 1/2
    local e, s = kinetic.easing("steps(2, jump-start)"), kinetic.step_times("steps(2, jump-start)", 4)
    assert.are.same({ 0, 0 }, { s[1], s[2] })
    for k = 3, 4 do
      assert.is_true(exact(e, s[k], k / 4))
      assert.is_true(math.abs(s[k] - 0.5) <= 2 ^ -53)
    end
  end)

  it("rejects bad input with clear errors", function()
    h.fails_bad_argument("bad argument #1 to 'step_times' (easing or easing spec string expected, got nil)",
                         kinetic.step_times, nil, 3)
    h.fails_bad_argument("bad argument #1 to 'step_times' (easing spec expected, got 'wobble'",
                         kinetic.step_times, "wobble", 3)
    h.fails_bad_argument("bad argument #2 to 'step_times' (number expected, got no value)",
                         kinetic.step_times, "ease")
    for _, n in ipairs { 0, -1, 2.5, 0 / 0, 1 / 0, 2 ^ 24 + 1 } do
      h.fails_bad_argument("bad argument #2 to 'step_times' (integer in [1, 16777216] expected",
                           kinetic.step_times, "ease", n)
    end
    for _, d in ipairs { 0, -1 } do
      h.fails_bad_argument("bad argument #3 to 'step_times' (duration > 0 expected",
                           kinetic.step_times, "ease", 3, d)
    end
    h.fails_bad_argument("bad argument #3 to 'step_times' (finite number expected, got inf)",
                         kinetic.step_times, "ease", 3, 1 / 0)
    h.fails_bad_argument("bad argument #3 to 'step_times' (number expected, got string)",
                         kinetic.step_times, "ease", 3, "1")
    h.fails_bad_argument("bad argument #1 to 'step_times' (easing changes direction too often",
                         kinetic.step_times, "inElastic(1, 1e-7)", 2)
  end)
end)
