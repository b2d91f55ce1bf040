-- luacheck: no max line length
-- anim:shake(target, fields, opts): field k of fields (1 for the first) is
-- written as base + amplitude (1 - decay(t / duration)) noise(frequency t,
-- seed + k), its base read when the shake starts, and exactly base at the
-- end.  The expected values are that formula, computed here with
-- kinetic.noise and kinetic.easing, at times t whose frequency t is not an
-- integer (the noise is 0 at the integers), reached by dyadic steps so that
-- the time is exact.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local NAN, INF = 0 / 0, math.huge

-- The formula.
local function shaken(base, amp, decay, duration, frequency, seed, k, t)
  local E = kinetic.easing(decay or "outQuad")
  return base + amp * (1 - E(t / duration)) * kinetic.noise(frequency * t, seed + k)
end
-- The formula rounded after each operation, as C computes it: LuaJIT's JIT
-- on ARM64 would fuse its last multiply and add (docs/internals.md).
if rawget(_G, "jit") then jit.off(shaken) end

describe("shake: the values", function()
  it("the defaults: frequency 15, duration 0.5, seed 0, decay outQuad", function()
    local anim = kinetic.animator()
    local o = { x = 10 }
    anim:shake(o, { "x" }, { amplitude = 4 })
    local t = 0
    for _ = 1, 7 do
      anim:update(0.0625)
      t = t + 0.0625                                   -- 15 t = 0.9375, 1.875, ...: no integer
      assert.are.equal(shaken(10, 4, nil, 0.5, 15, 0, 1, t), o.x, "t = " .. t)
      assert.are_not.equal(10, o.x)
    end
    anim:update(0.0625)
    assert.are.equal(10, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("the formula for several decays, frequencies, seeds and durations", function()
    for _, c in ipairs {
      { "outQuad", 13, 7, 1 }, { "linear", 11, -3, 0.75 }, { "inOutCubic", 9.5, 123, 2 },
      { "outBack", 20, 0, 0.8 }, { "steps(3)", 15, 1, 1.25 }, { "cubic-bezier(0.2, 0, 0, 1)", 7.3, 42, 0.6 },
    } do
      local decay, freq, seed, dur = c[1], c[2], c[3], c[4]
      local anim = kinetic.animator()
      local o = { x = 0.1, y = -7 }
      anim:shake(o, { "x", "y" }, { amplitude = 3, decay = decay, frequency = freq, seed = seed, duration = dur })
      local t = 0
      while t + 0.03125 < dur do
        anim:update(0.03125)
        t = t + 0.03125
        assert.are.equal(shaken(0.1, 3, decay, dur, freq, seed, 1, t), o.x, decay .. " x at " .. t)
        assert.are.equal(shaken(-7, 3, decay, dur, freq, seed, 2, t), o.y, decay .. " y at " .. t)
      end
      anim:update(1)
      assert.are.same({ 0.1, -7 }, { o.x, o.y })       -- exactly the base
    end
  end)

  it("per-field amplitudes; k follows the order of fields, not of the names", function()
    local anim = kinetic.animator()
    local o = { a = 1, b = 2, c = 3 }
    anim:shake(o, { "c", "a", "b" }, { amplitude = { a = 1, b = 20, c = 0.5 }, frequency = 13, seed = 5, duration = 1 })
    anim:update(0.375)                                 -- 13 t = 4.875
    assert.are.equal(shaken(3, 0.5, nil, 1, 13, 5, 1, 0.375), o.c)
    assert.are.equal(shaken(1, 1, nil, 1, 13, 5, 2, 0.375), o.a)
    assert.are.equal(shaken(2, 20, nil, 1, 13, 5, 3, 0.375), o.b)
    -- the same fields in another order: other noise streams
    local anim2 = kinetic.animator()
    local p = { a = 1, b = 2, c = 3 }
    anim2:shake(p, { "a", "b", "c" }, { amplitude = { a = 1, b = 20, c = 0.5 }, frequency = 13, seed = 5, duration = 1 })
    anim2:update(0.375)
    assert.are.equal(shaken(1, 1, nil, 1, 13, 5, 1, 0.375), p.a)
    assert.are_not.equal(o.a, p.a)
    -- an amplitude table may hold more fields than are shaken; amplitude 0 keeps a field still
    local anim3 = kinetic.animator()
    local q = { x = 4, y = 4 }
    anim3:shake(q, { "x", "y" }, { amplitude = { x = 0, y = 1, z = 9 }, frequency = 13, duration = 1 })
    anim3:update(0.375)
    assert.are.equal(4, q.x)
    assert.are.equal(shaken(4, 1, nil, 1, 13, 0, 2, 0.375), q.y)
  end)

  it("any split of frames gives the same values, bit for bit", function()
    local splits = {
      { 0.375 },
      { 0.125, 0.25 },
      { 0.0625, 0.0625, 0.0625, 0.0625, 0.0625, 0.0625 },
      { 0.25, 0.0078125, 0.0625, 0.0546875, 0 },
    }
    local seen
    for _, split in ipairs(splits) do
      local anim = kinetic.animator()
      local o = { x = 1.7, y = -0.3 }
      anim:shake(o, { "x", "y" }, { amplitude = { x = 2, y = 5 }, frequency = 17, seed = 3, duration = 0.9, decay = "inOutSine" })
      for _, dt in ipairs(split) do anim:update(dt) end
      if seen then
        assert.are.equal(seen.x, o.x)
        assert.are.equal(seen.y, o.y)
      else
        seen = { x = o.x, y = o.y }
        assert.are.equal(shaken(1.7, 2, "inOutSine", 0.9, 17, 3, 1, 0.375), o.x)
      end
    end
  end)

  it("the base is read when the shake starts (after its delay); callbacks; the end is exactly the base", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local log = {}
    local a = anim:shake(o, { "x" }, { amplitude = 3, delay = 0.25, duration = 0.5, frequency = 13,
      on_start = function() log[#log + 1] = "start" end,
      on_complete = function() log[#log + 1] = "complete" end })
    anim:update(0.125)
    assert.are.equal(0, o.x)
    o.x = 0.1                                           -- the base, not a dyadic number
    anim:update(0.25)                                   -- 0.125 s into the shake
    assert.are.equal(shaken(0.1, 3, nil, 0.5, 13, 0, 1, 0.125), o.x)
    assert.are.same({ "start" }, log)
    anim:update(0.375)
    assert.are.equal(0.1, o.x)
    assert.is_true(a:done())
    assert.are.same({ "start", "complete" }, log)
    assert.are.equal(0, anim:count())
  end)

  it("round: the step rule of the unrounded value; the end is the rounded base", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 10.25 }, { x = 10.25 }
    anim:shake(o, { "x" }, { amplitude = 6, round = true, frequency = 9 })
    twin:shake(t, { "x" }, { amplitude = 6, frequency = 9 })
    for f = 1, 40 do
      anim:update(1 / 64)
      twin:update(1 / 64)
      assert.are.equal(math.floor(t.x + 0.5), o.x, "frame " .. f)
    end
    assert.are.equal(10, o.x)
  end)

  it("a running shake takes its fields over from an older animation, and a newer one takes them from it", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local a = anim:to(o, 1, { x = 100 }, { easing = "linear" })
    anim:update(0.25)                                   -- 25
    local s = anim:shake(o, { "x", "y" }, { amplitude = 2, frequency = 13, duration = 1 })
    anim:update(0.125)
    assert.is_true(a:done())                            -- it had x alone
    assert.are.equal(shaken(25, 2, nil, 1, 13, 0, 1, 0.125), o.x)
    assert.are.equal(1, anim:count())
    local x0 = o.x
    local b = anim:to(o, 1, { x = 0 }, { easing = "linear" })
    anim:update(0.25)
    assert.is_false(s:done())                           -- it still has y
    assert.are.equal(shaken(0, 2, nil, 1, 13, 0, 2, 0.375), o.y)
    assert.are.equal(x0 - x0 * 0.25, o.x)               -- b drives x: x0 -> 0, a quarter of the way
    anim:update(0.125)
    assert.are.equal(x0 - x0 * 0.375, o.x)              -- b alone
    anim:to(o, 1, { y = 5 }, { easing = "linear" })
    anim:update(0.0625)
    assert.is_true(s:done())                            -- no field left
    assert.is_false(b:done())
  end)

  it("reduced motion: completes in one update, on_complete fires, the fields are not written", function()
    local anim = kinetic.animator { reduced_motion = true }
    local store = { x = 5, y = 6 }
    local writes = 0
    local proxy = setmetatable({}, { __index = store, __newindex = function(_, k, v) writes = writes + 1; store[k] = v end })
    local log = {}
    local a = anim:shake(proxy, { "x", "y" }, { amplitude = 3,
      on_start = function() log[#log + 1] = "start" end,
      on_complete = function() log[#log + 1] = "complete" end })
    anim:update(1 / 60)
    assert.is_true(a:done())
    assert.are.same({ "start", "complete" }, log)
    assert.are.equal(0, writes)
    assert.are.same({ 5, 6 }, { store.x, store.y })
    assert.are.equal(0, anim:count())
    -- round = true: the unrounded base stays as it is
    local o = { x = 0.3 }
    anim:shake(o, { "x" }, { amplitude = 1, round = true })
    anim:update(1 / 60)
    assert.are.equal(0.3, o.x)
    -- the proxy counts writes when motion is not reduced
    local anim2 = kinetic.animator()
    anim2:shake(proxy, { "x" }, { amplitude = 3 })
    anim2:update(1 / 60)
    assert.are.equal(1, writes)
  end)
end)

describe("shake: errors", function()
  local LUA = kinetic._backend == "lua"
  local o = { x = 0, y = 0 }
  local function shake_fails(text, fields, opts)
    local anim = kinetic.animator()
    h.fails_bad_argument(text, function()
      local a = anim:shake(o, fields, opts); return a
    end)
    assert.are.equal(0, anim:count())
  end

  it("fields", function()
    shake_fails("bad argument #2 to 'shake' (array of field names expected, got an empty table)", {}, { amplitude = 1 })
    shake_fails("bad argument #2 to 'shake' (array of field names expected, got string)", "x", { amplitude = 1 })
    shake_fails("bad argument #2 to 'shake' (item 2: field name (string) expected, got number)", { "x", 3 }, { amplitude = 1 })
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'shake' (one target expected, got a list)", function()
      local a = anim:shake({ { x = 0 } }, { "x" }, { amplitude = 1 }); return a
    end)
  end)

  it("amplitude", function()
    shake_fails("bad argument #3 to 'shake' (field 'amplitude': finite number (or a table of them by field) expected for 'x', got nil)", { "x" }, {})
    shake_fails("bad argument #3 to 'shake' (field 'amplitude': finite number (or a table of them by field) expected for 'y', got nil)", { "x", "y" }, { amplitude = { x = 1 } })
    shake_fails("bad argument #3 to 'shake' (field 'amplitude': finite number (or a table of them by field) expected for 'x', got nan)", { "x" }, { amplitude = NAN })
    shake_fails("bad argument #3 to 'shake' (field 'amplitude': finite number (or a table of them by field) expected for 'x', got inf)", { "x" }, { amplitude = INF })
    shake_fails("bad argument #3 to 'shake' (field 'amplitude': finite number (or a table of them by field) expected for 'x', got string)", { "x" }, { amplitude = "1" })
  end)

  it("seed, decay, frequency, duration, unknown options, the options table", function()
    shake_fails("bad argument #3 to 'shake' (field 'seed': integer expected, got 0.5)", { "x" }, { amplitude = 1, seed = 0.5 })
    shake_fails("bad argument #3 to 'shake' (field 'seed': number expected, got string)", { "x" }, { amplitude = 1, seed = "1" })
    shake_fails("bad argument #3 to 'shake' (field 'decay': easing spec expected, got 'nope': unknown easing name 'nope')", { "x" }, { amplitude = 1, decay = "nope" })
    shake_fails("bad argument #3 to 'shake' (field 'decay': an easing spec expected, got function)", { "x" }, { amplitude = 1, decay = function(p) return p end })
    shake_fails("bad argument #3 to 'shake' (field 'frequency': non-negative number expected, got -1)", { "x" }, { amplitude = 1, frequency = -1 })
    shake_fails("bad argument #3 to 'shake' (field 'duration': non-negative number expected, got -1)", { "x" }, { amplitude = 1, duration = -1 })
    shake_fails("bad argument #3 to 'shake' (unknown option 'amplitud'; did you mean 'amplitude'?)", { "x" }, { amplitude = 1, amplitud = 1 })
    shake_fails("bad argument #3 to 'shake' (field 'round': positive finite number expected, got 0)", { "x" }, { amplitude = 1, round = 0 })
    shake_fails("bad argument #3 to 'shake' (table of options expected, got nil)", { "x" }, nil)
    local anim = kinetic.animator()
    h.fails_bad_argument((LUA and "bad argument #3" or "bad argument #4") .. " to 'shake' (field 'seed': integer expected, got 0.5)",
                         anim.shake, anim, o, { "x" }, { amplitude = 1, seed = 0.5 })
  end)
end)
