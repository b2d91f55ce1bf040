-- luacheck: no max line length
-- anim:quick_to(target, field [, opts]) -> set(value): one animation per
-- setter, made by the first call (as anim:to(target, duration,
-- { [field] = value }, { easing =, round = }) or anim:spring(target,
-- { [field] = value }, spring_opts)) and set going again by each later
-- call, from the field's current value, with its clock back at 0 (a
-- spring is retargeted with its velocity kept).  Later calls allocate
-- nothing.  The expected values are worked out by hand (linear easings at
-- exact times) or come from a twin animator made with anim:to / anim:spring.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local NAN, INF = 0 / 0, math.huge
local near = h.relative_near(1e-12)

local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
local function dt_of(f) return DTS[(f - 1) % #DTS + 1] end

describe("quick_to: tweens", function()
  it("linear 0 -> 100 over 0.5 s: 60 after 0.3 s; set(0) then 24 after 0.3 s more", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 0.5, easing = "linear" })
    assert.are.equal("function", type(set))
    assert.is_nil(set(100))
    assert.are.equal(1, anim:count())
    anim:update(0.3)
    near(60, o.x)                                     -- 100 * 0.3 / 0.5
    set(0)
    assert.are.equal(1, anim:count())                 -- the same animation
    anim:update(0.3)
    near(24, o.x)                                     -- 60 - 60 * 0.6
    anim:update(0.2)
    assert.are.equal(0, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("the defaults: 0.3 s of outQuad", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x")
    set(10)
    anim:update(0.15)                                  -- p = 1/2, outQuad 3/4
    assert.are.equal(7.5, o.x)
    anim:update(0.15)
    assert.are.equal(10, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("each call plays from the field's current value with the clock back at 0, as a fresh anim:to", function()
    for _, e in ipairs { "linear", "outQuad", "inOutCubic", "outBack", "steps(4)" } do
      local anim, twin = kinetic.animator(), kinetic.animator()
      local o, t = { x = 3 }, { x = 3 }
      local set = anim:quick_to(o, "x", { duration = 0.4, easing = e })
      local targets = { 50, -20, 7.25, 100, 0 }
      local f = 0
      for i, v in ipairs(targets) do
        set(v)
        twin:stop(t)
        twin:to(t, 0.4, { x = v }, { easing = e })
        for _ = 1, 3 + i do
          f = f + 1
          anim:update(dt_of(f))
          twin:update(dt_of(f))
          assert.are.equal(t.x, o.x, e .. ", target " .. i .. ", frame " .. f)
        end
      end
    end
  end)

  it("a value written by the program between calls is where the next one starts", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    set(10)
    anim:update(0.5)
    assert.are.equal(5, o.x)
    o.x = 40
    set(0)
    anim:update(0.25)
    assert.are.equal(30, o.x)                          -- 40 -> 0, a quarter of the way
  end)

  it("calls before the first update: the last value is the target, from the field's value", function()
    local anim = kinetic.animator()
    local o = { x = 2 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    set(10)
    set(-6)
    assert.are.equal(1, anim:count())
    anim:update(0.5)
    assert.are.equal(-2, o.x)                          -- 2 + (-6 - 2) / 2
  end)

  it("duration 0 writes the value in the next update", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 0 })
    set(7)
    anim:update(0)
    assert.are.equal(7, o.x)
    set(-1)
    anim:update(0)
    assert.are.equal(-1, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("easing: a Lua function, and an easing object", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = function(u) return u * u end })
    local set2 = anim:quick_to(p, "x", { duration = 1, easing = kinetic.easing("linear") })
    set(8)
    set2(8)
    anim:update(0.5)
    assert.are.equal(2, o.x)
    assert.are.equal(4, p.x)
    set(0)                                              -- 2 -> 0
    anim:update(0.5)
    assert.are.equal(1.5, o.x)
  end)

  it("round: the values written are rounded, the motion exact", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear", round = true })
    set(10)
    anim:update(0.25)                                   -- 2.5 -> 3
    assert.are.equal(3, o.x)
    set(0)                                              -- from the written 3
    anim:update(0.25)                                   -- 2.25 -> 2
    assert.are.equal(2, o.x)
    local q = { x = 0 }
    local set2 = anim:quick_to(q, "x", { duration = 1, easing = "linear", round = 0.25 })
    set2(1)
    anim:update(0.125)                                  -- 0.125: a half -> 0.25
    assert.are.equal(0.25, q.x)
  end)

  it("two setters on two fields of one object, and on two objects, are independent", function()
    local anim = kinetic.animator()
    local o, p = { x = 0, y = 0 }, { x = 0 }
    local sx = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    local sy = anim:quick_to(o, "y", { duration = 0.5, easing = "linear" })
    local sp = anim:quick_to(p, "x", { duration = 1, easing = "linear" })
    sx(4); sy(4); sp(-4)
    anim:update(0.25)
    assert.are.same({ 1, 2, -1 }, { o.x, o.y, p.x })
    assert.are.equal(3, anim:count())
  end)
end)

describe("quick_to: springs", function()
  it("set retargets the spring keeping its velocity: the values of a twin retargeted by anim:spring, bit for bit", function()
    -- (rk4 last: its check after rest is pending)
    for _, sopts in ipairs { { preset = "wobbly" }, { preset = "stiff" }, { stiffness = 120, damping = 4 },
                             { preset = "gentle", integrator = "rk4" } } do
      local anim, twin = kinetic.animator(), kinetic.animator()
      local o, t = { x = 0 }, { x = 0 }
      local set = anim:quick_to(o, "x", { spring = sopts })
      local f = 0
      for i, v in ipairs { 100, -50, 20.5, 300 } do
        set(v)
        twin:spring(t, { x = v }, sopts)
        for _ = 1, 5 + 7 * i do
          f = f + 1
          anim:update(dt_of(f))
          twin:update(dt_of(f))
          assert.are.equal(t.x, o.x, "target " .. i .. ", frame " .. f)
        end
      end
      for _ = 1, 2000 do                                -- to rest, then again: as a fresh spring
        f = f + 1
        anim:update(dt_of(f))
        twin:update(dt_of(f))
        assert.are.equal(t.x, o.x, "frame " .. f)
        if anim:count() == 0 then break end
      end
      assert.are.equal(0, anim:count())
      assert.are.equal(0, twin:count())
      set(-10)
      twin:spring(t, { x = -10 }, sopts)
      for _ = 1, 30 do
        f = f + 1
        anim:update(dt_of(f))
        twin:update(dt_of(f))
        assert.are.equal(t.x, o.x, "after rest, frame " .. f)
      end
    end
  end)

  it("the velocity is kept: a retarget to where the spring is does not stop it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { spring = { preset = "wobbly" } })
    set(100)
    for _ = 1, 6 do anim:update(1 / 60) end
    local x = o.x
    set(x)
    anim:update(1 / 60)
    assert.is_true(o.x > x, "still moving up: " .. o.x .. " after " .. x)
  end)
end)

describe("quick_to: the animation survives", function()
  it("its completion: the next set plays again", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 0.5, easing = "linear" })
    set(10)
    anim:update(1)
    assert.are.equal(10, o.x)
    assert.are.equal(0, anim:count())
    anim:update(1)
    set(20)
    assert.are.equal(1, anim:count())
    anim:update(0.25)
    assert.are.equal(15, o.x)
    anim:update(0.25)
    assert.are.equal(20, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("anim:stop(target): nothing moves until the next set", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    set(10)
    anim:update(0.5)
    anim:stop(o)
    assert.are.equal(0, anim:count())
    anim:update(0.25)
    assert.are.equal(5, o.x)
    set(0)
    assert.are.equal(1, anim:count())
    anim:update(0.25)
    assert.are.equal(3.75, o.x)
    anim:update(1)
    assert.are.equal(0, o.x)
    assert.are.equal(0, anim:count())
  end)

  -- BUG (see the report), C backend only: once another animation has taken
  -- the setter's field (or anim:stop released it), its channel is released
  -- (KN_CH_STARTED cleared) and kn_anim_quick takes the field over only for
  -- a started channel (the Lua backend tests the node), so the setter never
  -- drives the field again: the other animation keeps writing beside it,
  -- and a spring setter is not even retargeted.
  local TAKE_BACK_BUG = false

  it("being overridden: the newer animation drives the field; the next set takes it back", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    set(10)
    anim:update(0.5)                                    -- 5
    local a = anim:to(o, 4, { x = 100 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(16.875, o.x)                       -- 5 + 95 / 8
    assert.are.equal(1, anim:count())                   -- the quick tween let go of its field
    if TAKE_BACK_BUG then pending("C backend: set() does not take the field back") end
    set(0)
    anim:update(0.5)
    assert.are.equal(8.4375, o.x)                       -- 16.875 -> 0, half way
    assert.is_true(a:done())
    assert.are.equal(1, anim:count())
    anim:update(0.5)
    assert.are.equal(0, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("a spring setter overridden by a tween, then set again", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { spring = { preset = "stiff" } })
    set(100)
    anim:update(0.1)
    local a = anim:to(o, 1, { x = -100 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(1, anim:count())
    if TAKE_BACK_BUG then pending("C backend: set() does not take the field back") end
    set(40)
    assert.is_true(a:done())
    anim:update(5)
    assert.are.equal(40, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("after anim:stop, a newer animation takes the field over and the next set takes it back", function()
    if TAKE_BACK_BUG then pending("C backend: after anim:stop(target), set() does not take the field over") end
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1, easing = "linear" })
    set(10)
    anim:update(0.5)
    anim:stop(o)
    set(0)
    anim:update(0.25)
    assert.are.equal(3.75, o.x)
    anim:to(o, 1, { x = 100 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(51.875, o.x)                       -- 3.75 + 96.25 / 2
    assert.are.equal(1, anim:count())                   -- the setter let go of its field
    set(10)
    anim:update(0.5)
    assert.are.equal(30.9375, o.x)                      -- 51.875 -> 10, half way
    assert.are.equal(1, anim:count())
  end)
end)

describe("quick_to: no allocation after the first call", function()
  -- collectgarbage("count") with the collector stopped over 10 000
  -- set + update calls, after a warm-up.  A full collection shrinks the
  -- VM's stacks (and CallInfo lists), and their regrowth in the next calls
  -- is counted as an allocation of a few hundred bytes to ~1.3 KB; so each
  -- measure first runs 100 calls with the collector stopped, and the least
  -- of three measures is taken.  Any allocation by the calls themselves
  -- would show in every measure (>= 16 bytes a call: >= 160 KB).
  local N = 10000
  local function measure1(fn)
    collectgarbage("collect"); collectgarbage("collect")
    collectgarbage("stop")
    for i = 1, 100 do fn(i) end
    local before = collectgarbage("count")
    for i = 1, N do fn(i) end
    local after = collectgarbage("count")
    collectgarbage("restart")
    return (after - before) * 1024
  end
  local function allocated(fn)
    for i = 1, 2000 do fn(i) end
    local least = math.huge
    for _ = 1, 3 do least = math.min(least, measure1(fn)) end
    return least
  end
  -- Measured (bytes over 10 000 calls, least of three): 0 for every case
  -- on lua5.1-5.4, both backends, and on LuaJIT (fast path, KINETIC_FFI=0,
  -- Lua backend).  Under LuaJIT a single measure may count the JIT's own
  -- allocations (traces and their snapshots recorded while the loop runs,
  -- seen at 0.2 to 20 KB in a first measure, independent of the number of
  -- calls), so there the bound is 8 KB: far below one allocation a call.
  local bound = h.is_luajit and 8192 or 0
  local function check(name, fn)
    local bytes = allocated(fn)
    assert.is_true(bytes <= bound, ("%s: %d bytes over %d calls"):format(name, bytes, N))
  end

  it("a tween, a rounded tween, a Lua easing", function()
    local anim = kinetic.animator()
    local o, p, q = { x = 0 }, { x = 0 }, { x = 0 }
    local s1 = anim:quick_to(o, "x", { duration = 0.2, easing = "inOutCubic" })
    local s2 = anim:quick_to(p, "x", { duration = 0.05, round = true })
    local s3 = anim:quick_to(q, "x", { duration = 0.05, easing = function(u) return u * u end })
    check("tween", function(i) s1((i % 13) * 10); anim:update(1 / 60) end)
    check("rounded", function(i) s2((i % 7) * 10); anim:update(1 / 60) end)
    check("lua easing", function(i) s3((i % 5) * 10); anim:update(1 / 60) end)
  end)

  it("a spring", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { spring = { preset = "stiff" } })
    check("spring", function(i) set((i % 13) * 10); anim:update(1 / 60) end)
    assert.are.equal(1, anim:count())
  end)

  it("set after completion and after being overridden", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 0.01, easing = "linear" })
    check("completion", function(i) set(i % 3); anim:update(0.02) end)   -- completes every frame
    assert.are.equal(0, anim:count())
  end)
end)

describe("quick_to: errors", function()
  local LUA = kinetic._backend == "lua"

  it("set: a value that is not a finite number", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x")
    for _, c in ipairs { { "x", "string" }, { nil, "no value" }, { NAN, "nan" }, { INF, "inf" }, { -INF, "-inf" }, { {}, "table" } } do
      local err = h.error_of(set, c[1])
      if c[2] == "no value" then
        assert.truthy(err:find("bad argument #1 to 'set' (finite number expected, got ", 1, true), err)
      else
        assert.truthy(err:find("bad argument #1 to 'set' (finite number expected, got " .. c[2] .. ")", 1, true), err)
      end
    end
    assert.are.equal(0, anim:count())                   -- nothing made
    set(1)
    h.fails("bad argument #1 to 'set' (finite number expected, got string)", set, "x")
    assert.are.equal(1, anim:count())
  end)

  it("set: the field holds something else than a finite number at a later call", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = anim:quick_to(o, "x", { duration = 1 })
    set(1)
    anim:update(0.5)
    o.x = "s"
    h.fails("bad argument #1 to 'set' (field 'x' holds string, finite number expected)", set, 3)
    o.x = NAN
    h.fails("bad argument #1 to 'set' (field 'x' holds nan, finite number expected)", set, 3)
    o.x = nil
    h.fails("bad argument #1 to 'set' (field 'x' holds nil, finite number expected)", set, 3)
    o.x = 2
    set(4)
    anim:update(0.5)
    assert.is_true(o.x > 2 and o.x < 4)
  end)

  it("set while the animator writes a frame", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local set = anim:quick_to(o, "x")
    local err
    anim:to(p, 1, { y = 1 }, { easing = function(u) err = h.error_of(set, 1); return u end })
    anim:update(0.1)
    assert.truthy(err:find("bad argument #1 to 'set' (animator busy (a frame is being written))", 1, true), err)
  end)

  local cases = {
    { { durration = 1 }, "unknown option 'durration'; did you mean 'duration'?" },
    { { spring = 5 }, "field 'spring': table of spring options expected, got number" },
    { { spring = "stiff" }, "field 'spring': table of spring options expected, got string" },
    { { spring = { stiffnes = 100 } }, "unknown option 'stiffnes'; did you mean 'stiffness'?" },
    { { round = 0 }, "field 'round': positive finite number expected, got 0" },
    { { round = "1" }, "field 'round': true, a step, an array of numbers or a function expected, got string" },
    { { round = {} }, "field 'round': non-empty array of numbers expected, got an empty table" },
    { { duration = -1 }, "field 'duration': non-negative number expected, got -1" },
    { { duration = NAN }, "field 'duration': finite number expected, got nan" },
    { { duration = "1" }, "field 'duration'" },
    { { easing = "nope" }, "field 'easing': easing spec expected, got 'nope': unknown easing name 'nope'" },
    { { easing = 5 }, "field 'easing': easing or easing spec string expected, got number" },
  }
  for _, c in ipairs(cases) do
    it("option: " .. c[2], function()
      local anim = kinetic.animator()
      local o = { x = 0 }
      h.fails_bad_argument("bad argument #3 to 'quick_to' (" .. c[2], function()
        local s = anim:quick_to(o, "x", c[1]); return s
      end)
      assert.are.equal(0, anim:count())
    end)
  end

  it("the target, the field name and the options table", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'quick_to' (table or userdata expected, got number)", function()
      local s = anim:quick_to(5, "x"); return s
    end)
    h.fails_bad_argument("bad argument #2 to 'quick_to' (string (a field name) expected, got number)", function()
      local s = anim:quick_to({ x = 0 }, 5); return s
    end)
    h.fails_bad_argument("bad argument #3 to 'quick_to' (table of options expected, got number)", function()
      local s = anim:quick_to({ x = 0 }, "x", 5); return s
    end)
    h.fails_bad_argument((LUA and "bad argument #2" or "bad argument #3") .. " to 'quick_to' (string (a field name) expected, got number)",
                         anim.quick_to, anim, {}, 5)
  end)

  it("a bad spring option value is refused by quick_to itself, which makes nothing", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    h.fails_bad_argument("bad argument #3 to 'quick_to' (field 'preset': one of 'default', 'gentle', 'wobbly', 'stiff', 'slow', 'molasses' expected, got 'nope')", function()
      local s = anim:quick_to(o, "x", { spring = { preset = "nope" } }); return s
    end)
    h.fails_bad_argument("bad argument #3 to 'quick_to' (field 'stiffness': non-negative number expected, got -1)", function()
      local s = anim:quick_to(o, "x", { spring = { stiffness = -1 } }); return s
    end)
    assert.are.equal(0, anim:count())
    assert.are.equal(0, o.x)
  end)
end)
