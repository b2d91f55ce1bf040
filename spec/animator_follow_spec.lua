-- luacheck: no max line length
-- anim:follow(target, values [, opts]): each number field (or "+=n") is
-- driven by a kinetic.follower -- the least-time motion to rest under
-- max_acceleration A and max_speed V -- from the field's value at rest when
-- the follow starts to its value.  Called again for fields a live follow
-- drives, it retargets them: each follower re-plans from its position and
-- velocity.  The positions are checked against the bang-bang profile from
-- rest worked out on paper (below), at exact times.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local HUGE = math.huge
local near = h.relative_near(1e-12)

-- The least-time motion from rest at x0 to rest at X, |a| <= A, |v| <= V:
-- D = |X - x0|.  If D >= V^2 / A the speed limit is reached: accelerate
-- for V / A (covering V^2 / 2A), coast at V for (D - V^2 / A) / V, brake
-- for V / A.  Otherwise accelerate for sqrt(D / A) (covering D / 2) and
-- brake for as long.  Returns the position at time t and the total time.
local function profile(A, V, x0, X, t)
  local D, s = math.abs(X - x0), X >= x0 and 1 or -1
  local t1, tc
  if D >= V * V / A then
    t1 = V / A
    tc = (D - V * V / A) / V
  else
    t1 = math.sqrt(D / A)
    tc = 0
  end
  local T = 2 * t1 + tc
  local vmax = A * t1
  local d
  if t <= 0 then d = 0
  elseif t <= t1 then d = A * t * t / 2
  elseif t <= t1 + tc then d = vmax * t1 / 2 + vmax * (t - t1)
  elseif t < T then d = D - A * (T - t) * (T - t) / 2
  else d = D end
  return x0 + s * d, T
end

-- prev(x): the largest double below the positive finite x.
local prev = h.prev_double

describe("follow: the motion", function()
  it("the profile on paper: 0 -> 20 under A = 10, V = 5 takes 4.5 s (0.5 up, 3.5 at 5, 0.5 down)", function()
    local _, T = profile(10, 5, 0, 20, 0)
    assert.are.equal(4.5, T)
    assert.are.equal(1.25, (profile(10, 5, 0, 20, 0.5)))
    assert.are.equal(11.25, (profile(10, 5, 0, 20, 2.5)))
    assert.are.equal(18.75, (profile(10, 5, 0, 20, 4)))
    local _, T2 = profile(8, HUGE, 0, 2, 0)              -- triangular: sqrt(2 / 8) = 1/2 up, 1/2 down
    assert.are.equal(1, T2)
    assert.are.equal(0.25, (profile(8, HUGE, 0, 2, 0.25)))
  end)

  local cases = {
    { "trapezoidal, up", 10, 5, 0, 20 },
    { "trapezoidal, down, from a non-zero start", 4, 2, 7, -9 },
    { "triangular (speed limit not reached)", 8, 100, 0, 2 },
    { "triangular, no speed limit, down", 3, HUGE, 5, -1 },
    { "exactly reaching the speed limit", 2, 4, -3, 5 },
  }
  for _, c in ipairs(cases) do
    it(c[1] .. ": the positions at exact times, the total time, on_complete at its end", function()
      local A, V, x0, X = c[2], c[3], c[4], c[5]
      local anim = kinetic.animator()
      local o = { x = x0 }
      local completes, completed_at, now = 0, nil, 0
      local opts = { max_acceleration = A, on_complete = function() completes = completes + 1; completed_at = now end }
      if V < HUGE then opts.max_speed = V end
      local a = anim:follow(o, { x = X }, opts)
      local _, T = profile(A, V, x0, X, 0)
      local dt = 1 / 32
      local steps = 0
      while now + dt < T do
        now = now + dt
        steps = steps + 1
        anim:update(dt)
        near((profile(A, V, x0, X, now)), o.x, 1e-12, c[1] .. " at " .. now)
        assert.is_false(a:done())
      end
      assert.is_true(steps > 10)
      -- the end, to the double: the follower's own total (within an ulp or
      -- two of the paper's when a square root is involved)
      local Tf = kinetic.follower { max_acceleration = A, max_speed = V, position = x0, target = X }:remaining_time()
      near(T, Tf, 1e-15)
      if T == math.floor(T * 4) / 4 then assert.are.equal(T, Tf) end
      T = Tf
      anim:update(prev(T) - now)                         -- to the double before T (exact): still running
      now = prev(T)
      assert.is_false(a:done(), "before " .. T)
      assert.are.equal(0, completes)
      now = T
      anim:update(T - prev(T))                           -- to T
      assert.is_true(a:done(), "at " .. T)
      assert.is_true(a:done())
      assert.are.equal(X, o.x)
      assert.are.equal(1, completes)
      assert.are.equal(T, completed_at)
      assert.are.equal(0, anim:count())
    end)
  end

  it("any split of frames gives the follower's positions (kinetic.follower, bit for bit)", function()
    local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
    local anim = kinetic.animator()
    local o = { x = 3, y = -2 }
    anim:follow(o, { x = 40, y = "+=-10" }, { max_acceleration = 25, max_speed = 12 })
    local fx = kinetic.follower { max_acceleration = 25, max_speed = 12, position = 3, target = 40 }
    local fy = kinetic.follower { max_acceleration = 25, max_speed = 12, position = -2, target = -12 }
    local t = 0
    for f = 1, 300 do
      local dt = DTS[(f - 1) % #DTS + 1]
      anim:update(dt)
      t = t + dt
      assert.are.equal((fx:at(t)), o.x, "x, frame " .. f)
      assert.are.equal((fy:at(t)), o.y, "y, frame " .. f)
    end
    assert.are.equal(40, o.x)
    assert.are.equal(-12, o.y)
  end)

  it("the node ends when the last field arrives; \"+=n\"; already on target", function()
    local anim = kinetic.animator()
    local o = { a = 0, b = 10, c = 4 }
    local log = {}
    local a = anim:follow(o, { a = 2, b = "+=8", c = 4 }, {
      max_acceleration = 8,
      on_start = function() log[#log + 1] = "start" end,
      on_complete = function() log[#log + 1] = "complete" end,
    })
    -- a: 2 at A = 8, 1 s; b: 8, 2 s; c: there
    anim:update(1)
    assert.are.equal(2, o.a)
    assert.are.equal(4, o.c)
    assert.is_false(a:done())
    near(14, o.b)                                        -- half way
    anim:update(1)
    assert.are.equal(18, o.b)
    assert.is_true(a:done())
    assert.are.same({ "start", "complete" }, log)
  end)

  it("delay: the start value is read when it ends; on_update fires each frame", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local updates = 0
    anim:follow(o, { x = 2 }, { max_acceleration = 8, delay = 0.5, on_update = function() updates = updates + 1 end })
    anim:update(0.25)
    assert.are.equal(0, o.x)
    o.x = 10
    anim:update(0.25)                                    -- starts at 10
    anim:update(0.25)
    near((profile(8, HUGE, 10, 2, 0.25)), o.x)
    assert.is_true(updates >= 1)
  end)

  it("round: the values written are the step rule of the exact motion", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    anim:follow(o, { x = 50 }, { max_acceleration = 30, max_speed = 20, round = 5 })
    twin:follow(t, { x = 50 }, { max_acceleration = 30, max_speed = 20 })
    for f = 1, 400 do
      anim:update(1 / 60)
      twin:update(1 / 60)
      assert.are.equal(5 * math.floor(t.x / 5 + 0.5), o.x, "frame " .. f)
    end
    assert.are.equal(50, o.x)
  end)

  it("reduced motion: the follow ends in one update at its targets", function()
    local anim = kinetic.animator { reduced_motion = true }
    local o = { x = 0, y = 3 }
    local done = 0
    local a = anim:follow(o, { x = 100, y = "+=4" }, { max_acceleration = 1, on_complete = function() done = done + 1 end })
    anim:update(1 / 60)
    assert.are.same({ 100, 7 }, { o.x, o.y })
    assert.is_true(a:done())
    assert.are.equal(1, done)
    assert.are.equal(0, anim:count())
  end)

  it("a newer animation on the field takes it over", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:follow(o, { x = 100 }, { max_acceleration = 10 })
    anim:update(1)
    anim:to(o, 1, { x = 0 }, { easing = "linear" })
    anim:update(0.5)
    assert.is_true(a:done())
    assert.are.equal(1, anim:count())
    near(2.5, o.x)                                       -- 5 -> 0 half way
  end)
end)

describe("follow: retargeting", function()
  it("follow again on the same fields re-plans each follower from its position and velocity, as set_target", function()
    local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
    local anim = kinetic.animator()
    local o = { x = 0, y = 5 }
    local a = anim:follow(o, { x = 20, y = 0 }, { max_acceleration = 10, max_speed = 5 })
    local fx = kinetic.follower { max_acceleration = 10, max_speed = 5, position = 0, target = 20 }
    local fy = kinetic.follower { max_acceleration = 10, max_speed = 5, position = 5, target = 0 }
    local t, f = 0, 0
    local function run(frames)
      for _ = 1, frames do
        f = f + 1
        local dt = DTS[(f - 1) % #DTS + 1]
        anim:update(dt)
        t = t + dt
        fx:update(dt)
        fy:update(dt)
        assert.are.equal(fx:position(), o.x, "x, frame " .. f)
        assert.are.equal(fy:position(), o.y, "y, frame " .. f)
      end
    end
    run(40)
    local b = anim:follow(o, { x = -3, y = "+=2" }, {})  -- no max_acceleration needed to retarget
    assert.are.equal(a, b)
    fx:set_target(-3)
    fy:set_target(2)                                     -- y's target 0 + 2
    run(30)
    anim:follow(o, { x = 8 }, { max_acceleration = 10 })  -- one field of two
    fx:set_target(8)
    run(500)
    assert.is_true(a:done())
    assert.are.same({ 8, 2 }, { o.x, o.y })
    assert.are.equal(0, anim:count())
  end)

  it("new limits apply to the plans made from then on", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:follow(o, { x = 100 }, { max_acceleration = 10, max_speed = 5 })
    local f = kinetic.follower { max_acceleration = 10, max_speed = 5, target = 100 }
    anim:update(1)
    f:update(1)
    anim:follow(o, { x = 100 }, { max_acceleration = 20, max_speed = 10 })
    local g = kinetic.follower { max_acceleration = 20, max_speed = 10, position = f:position(), velocity = f:velocity(), target = 100 }
    for i = 1, 20 do
      anim:update(0.25)
      near((g:at(0.25 * i)), o.x, 1e-12, "step " .. i)
    end
  end)

  it("fields not all driven by one live follow make a new follow, which takes them over", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local a = anim:follow(o, { x = 10 }, { max_acceleration = 10 })
    anim:update(0.5)
    local b = anim:follow(o, { x = 0, y = 10 }, { max_acceleration = 10 })
    assert.are_not.equal(a, b)
    anim:update(0.5)
    assert.is_true(a:done())
    h.fails_bad_argument("bad argument #3 to 'follow' (field 'max_acceleration': number expected, got nil)", function()
      local c = anim:follow(o, { x = 1, z = 2 }, {}); return c
    end)
  end)
end)

-- ---- next_change with round = true: the crossing property ---------------------------
-- As spec/animator_next_change_spec.lua: driven by update(next_change())
-- until math.huge, a twin updated by the double below each wake shows
-- nothing, and the update by the wake shows something.

local function snapshot(o)
  local s = {}
  for k, v in pairs(o) do s[k] = v end
  return s
end

local function same(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  return true
end

local function crossing_run(build, max_wakes)
  local function probe()
    local p = { log = {} }
    p.anim, p.o = build(function(s) return function() p.log[#p.log + 1] = s end end)
    return p
  end
  local main, history = probe(), {}
  for wake = 1, max_wakes + 1 do
    local nc = main.anim:next_change()
    assert.is_true(type(nc) == "number" and nc == nc and nc >= 0, tostring(nc))
    if nc == HUGE then
      assert.are.equal(0, main.anim:count())
      return wake - 1, main
    end
    assert.is_true(wake <= max_wakes, "more than " .. max_wakes .. " wakes")
    if nc > 0 then
      local twin = probe()
      for _, dt in ipairs(history) do twin.anim:update(dt) end
      local s0, n0, c0 = snapshot(twin.o), #twin.log, twin.anim:count()
      assert.is_true(same(s0, main.o), "the twin replays the main run")
      twin.anim:update(prev(nc))
      assert.is_true(same(s0, twin.o), ("wake %d: update(prev(%.17g)) changed a value"):format(wake, nc))
      assert.are.equal(n0, #twin.log, ("wake %d: update(prev(%.17g)) fired a callback"):format(wake, nc))
      assert.are.equal(c0, twin.anim:count())
    end
    local s0, n0, c0 = snapshot(main.o), #main.log, main.anim:count()
    main.anim:update(nc)
    history[#history + 1] = nc
    assert.is_true(not same(s0, main.o) or #main.log > n0 or main.anim:count() ~= c0,
                   ("wake %d: update(%.17g) changed nothing"):format(wake, nc))
  end
  error("unreachable")
end

describe("follow: next_change with round", function()
  for _, c in ipairs {
    { "trapezoidal, round = true", { x = 0 }, { x = 12 }, { max_acceleration = 10, max_speed = 5, round = true } },
    { "triangular, down, a step of 0.5", { x = 3.3 }, { x = -4 }, { max_acceleration = 7, round = 0.5 } },
    { "two fields, a delay", { x = 0, y = 10 }, { x = 6, y = "+=-5" }, { max_acceleration = 9, max_speed = 4, round = true, delay = 0.3 } },
  } do
    it(c[1], function()
      local wakes, p = crossing_run(function(rec)
        local anim = kinetic.animator()
        local o = snapshot(c[2])
        local opts = snapshot(c[4])
        opts.on_start, opts.on_complete = rec("start"), rec("complete")
        anim:follow(o, c[3], opts)
        return anim, o
      end, 200)
      assert.is_true(wakes >= 5, "wakes: " .. wakes)
      assert.are.equal("complete", p.log[#p.log])
    end)
  end
end)

describe("follow: errors", function()
  local LUA = kinetic._backend == "lua"
  local o = { x = 0, v = { 1, 2 } }
  local function follow_fails(text, values, opts)
    local anim = kinetic.animator()
    h.fails_bad_argument(text, function()
      local a = anim:follow(o, values, opts); return a
    end)
    assert.are.equal(0, anim:count())
  end

  it("values", function()
    follow_fails("bad argument #2 to 'follow' (field 'x': a number or \"+=n\" expected for a follower, got table)", { x = { 1, 2 } }, { max_acceleration = 1 })
    follow_fails("bad argument #2 to 'follow' (field 'v': a number or \"+=n\" expected for a follower, got table)", { v = { 3, 4 } }, { max_acceleration = 1 })
    follow_fails("bad argument #2 to 'follow' (field 'x': a number or \"+=n\" expected for a follower, got string)", { x = "abc" }, { max_acceleration = 1 })
    follow_fails("bad argument #2 to 'follow' (field 'x': a number or \"+=n\" expected for a follower, got boolean)", { x = true }, { max_acceleration = 1 })
    follow_fails("bad argument #2 to 'follow' (table of values expected, got number)", 5, { max_acceleration = 1 })
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'follow' (one target expected, got a list)", function()
      local a = anim:follow({ { x = 0 } }, { x = 1 }, { max_acceleration = 1 }); return a
    end)
  end)

  it("max_acceleration: missing, not positive, not finite, not a number", function()
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': number expected, got nil)", { x = 1 }, {})
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': number expected, got nil)", { x = 1 }, nil)
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': positive finite number expected, got -1)", { x = 1 }, { max_acceleration = -1 })
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': positive finite number expected, got 0)", { x = 1 }, { max_acceleration = 0 })
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': positive finite number expected, got inf)", { x = 1 }, { max_acceleration = HUGE })
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': positive finite number expected, got nan)", { x = 1 }, { max_acceleration = 0 / 0 })
    follow_fails("bad argument #3 to 'follow' (field 'max_acceleration': number expected, got string)", { x = 1 }, { max_acceleration = "1" })
  end)

  it("max_speed, delay, round, unknown options, the options table", function()
    follow_fails("bad argument #3 to 'follow' (field 'max_speed': positive number expected, got 0)", { x = 1 }, { max_acceleration = 1, max_speed = 0 })
    follow_fails("bad argument #3 to 'follow' (field 'max_speed': positive number expected, got -2)", { x = 1 }, { max_acceleration = 1, max_speed = -2 })
    follow_fails("bad argument #3 to 'follow' (unknown option 'max_sped'; did you mean 'max_speed'?)", { x = 1 }, { max_acceleration = 1, max_sped = 2 })
    follow_fails("bad argument #3 to 'follow' (unknown option 'duration'", { x = 1 }, { max_acceleration = 1, duration = 2 })
    follow_fails("bad argument #3 to 'follow' (field 'delay': non-negative number expected, got -1)", { x = 1 }, { max_acceleration = 1, delay = -1 })
    follow_fails("bad argument #3 to 'follow' (field 'round': positive finite number expected, got 0)", { x = 1 }, { max_acceleration = 1, round = 0 })
    follow_fails("bad argument #3 to 'follow' (table of options expected, got number)", { x = 1 }, 5)
    local anim = kinetic.animator()
    h.fails_bad_argument((LUA and "bad argument #3" or "bad argument #4") .. " to 'follow' (field 'max_acceleration': number expected, got nil)",
                         anim.follow, anim, o, { x = 1 }, {})
  end)
end)
