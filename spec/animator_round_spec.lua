-- luacheck: no max line length
-- The `round` option of anim:to / from / spring / fling (and of each child
-- of a stagger or a sequence): only the values written are rounded -- true
-- (whole numbers), a step q (q floor(v/q + 1/2), halves up), a set (the
-- nearest member, the earlier one on a tie) or a function -- while the
-- motion itself (a tween's clock, a spring's state) stays exact.  The
-- expected values below are worked out by hand from linear tweens at dyadic
-- times (exact in doubles), or from an unrounded twin animator through the
-- rule itself.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local NAN, INF = 0 / 0, math.huge

local DTS = { 1 / 60, 1 / 30, 0.013, 0.021, 1 / 144, 0.05, 1 / 60, 0.007 }
local function dt_of(f) return DTS[(f - 1) % #DTS + 1] end

-- The rules, as the option describes them.
local function step_round(q, v) return q * math.floor(v / q + 0.5) end
local function set_round(set, v)
  local best, dist = set[1], math.abs(v - set[1])
  for i = 2, #set do
    local d = math.abs(v - set[i])
    if d < dist then best, dist = set[i], d end
  end
  return best
end

local function is_multiple(v, q) return v / q == math.floor(v / q) end

describe("round = true and a step", function()
  it("round = true: a linear 0 -> 10 tween over 1 s writes whole numbers, halves up", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = true })
    -- time -> exact value -> written value
    for _, c in ipairs {
      { 0.25, 3 },     -- 2.5  -> 3 (a half goes up)
      { 0.125, 4 },    -- 3.75 -> 4 (at 0.375)
      { 0.125, 5 },    -- 5    -> 5 (at 0.5)
      { 0.125, 6 },    -- 6.25 -> 6 (at 0.625)
      { 0.0625, 7 },   -- 6.875 -> 7 (at 0.6875)
      { 0.3125, 10 },  -- the end
    } do
      anim:update(c[1])
      assert.are.equal(c[2], o.x)
    end
    assert.are.equal(0, anim:count())
  end)

  it("a non-dyadic time: update(0.26) on 0 -> 10 writes 3", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = true })
    anim:update(0.26)
    assert.are.equal(3, o.x)
  end)

  it("negative halves go up too (towards +inf): -2.5 -> -2, -3.75 -> -4", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = -10 }, { easing = "linear", round = true })
    anim:update(0.25)
    assert.are.equal(-2, o.x)
    anim:update(0.125)
    assert.are.equal(-4, o.x)
  end)

  it("round = 0.25: multiples of a quarter", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 1 }, { easing = "linear", round = 0.25 })
    anim:update(0.0625)                              -- 0.0625 / 0.25 = 0.25 -> 0
    assert.are.equal(0, o.x)
    anim:update(0.0625)                              -- 0.125: a half -> 0.25
    assert.are.equal(0.25, o.x)
    anim:update(0.125)                               -- 0.25
    assert.are.equal(0.25, o.x)
    anim:update(0.0625)                              -- 0.3125 -> 1.25 -> 0.25
    assert.are.equal(0.25, o.x)
    anim:update(0.0625)                              -- 0.375 -> 1.5 -> 0.5
    assert.are.equal(0.5, o.x)
    anim:update(0.5)
    assert.are.equal(1, o.x)
  end)

  it("a large step: round = 4 on 0 -> 10", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = 4 })
    anim:update(0.125)                               -- 1.25 -> 0
    assert.are.equal(0, o.x)
    anim:update(0.125)                               -- 2.5 -> 0.625 + 0.5 -> 4
    assert.are.equal(4, o.x)
    anim:update(0.375)                               -- 6.25 -> 8
    assert.are.equal(8, o.x)
    anim:update(0.375)                               -- the end value 10 is rounded too: 12
    assert.are.equal(12, o.x)
  end)

  it("round = false: no rounding", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = false })
    anim:update(0.25)
    assert.are.equal(2.5, o.x)
  end)

  it("anim:from rounds what it writes", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:from(o, 1, { x = 10 }, { easing = "linear", round = true })
    anim:update(0.25)                                -- 7.5 -> 8
    assert.are.equal(8, o.x)
    anim:update(0.5)                                 -- 2.5 -> 3
    assert.are.equal(3, o.x)
    anim:update(0.25)
    assert.are.equal(0, o.x)
  end)

  it("any easing: the written value is the step rule applied to the unrounded twin's value", function()
    for _, e in ipairs { "outBack", "inOutElastic", "outBounce", "cubic-bezier(0.3, -0.6, 0.7, 1.6)", "steps(5)" } do
      for _, q in ipairs { 1, 0.25, 3, 0.1 } do
        local anim, twin = kinetic.animator(), kinetic.animator()
        local o, t = { x = -7 }, { x = -7 }
        anim:to(o, 0.7, { x = 13 }, { easing = e, round = q })
        twin:to(t, 0.7, { x = 13 }, { easing = e })
        for f = 1, 60 do
          local dt = dt_of(f)
          anim:update(dt)
          twin:update(dt)
          assert.are.equal(step_round(q, t.x), o.x, e .. ", q = " .. q .. ", frame " .. f)
        end
        assert.are.equal(step_round(q, 13), o.x)
      end
    end
  end)
end)

describe("round = a set of values", function()
  it("{ 0, 10, 5 } on 0 -> 10: the nearest member, the earlier one on a tie", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = { 0, 10, 5 } })
    for _, c in ipairs {
      { 0.25, 0 },     -- 2.5: 0 and 5 tie -> 0, listed first
      { 0.0625, 5 },   -- 3.125 -> 5
      { 0.1875, 5 },   -- 5
      { 0.25, 10 },    -- 7.5: 10 and 5 tie -> 10, listed before 5
      { 0.25, 10 },
    } do
      anim:update(c[1])
      assert.are.equal(c[2], o.x)
    end
  end)

  it("the order of the set decides the ties: { 5, 10, 0 }", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = { 5, 10, 0 } })
    anim:update(0.25)                                -- 2.5 -> 5
    assert.are.equal(5, o.x)
    anim:update(0.5)                                 -- 7.5 -> 5
    assert.are.equal(5, o.x)
    anim:update(0.0625)                              -- 8.125 -> 10
    assert.are.equal(10, o.x)
  end)

  it("values outside the set's range go to its nearest end; a one-member set", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = { 4, 6 } })
    anim:to(p, 1, { x = 10 }, { easing = "linear", round = { 2.5 } })
    anim:update(0.125)                               -- 1.25
    assert.are.equal(4, o.x)
    assert.are.equal(2.5, p.x)
    anim:update(0.875)                               -- 10
    assert.are.equal(6, o.x)
    assert.are.equal(2.5, p.x)
  end)

  it("any easing: the nearest member of the unrounded twin's value", function()
    local set = { 3, -2, 0, 11, 7.5, 10 }
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    anim:to(o, 0.8, { x = 10 }, { easing = "outElastic", round = set })
    twin:to(t, 0.8, { x = 10 }, { easing = "outElastic" })
    for f = 1, 60 do
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.are.equal(set_round(set, t.x), o.x, "frame " .. f)
    end
    assert.are.equal(10, o.x)
  end)

  it("the set is copied when the animation is made", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local set = { 0, 10 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = set })
    set[1], set[2] = 100, 200
    anim:update(0.25)
    assert.are.equal(0, o.x)
  end)
end)

describe("vectors", function()
  it("round per component", function()
    local anim = kinetic.animator()
    local pos = { 0, 0, 0 }
    local o = { pos = pos }
    anim:to(o, 1, { pos = { 10, -10, 4 } }, { easing = "linear", round = true })
    anim:update(0.25)                                -- 2.5, -2.5, 1
    assert.are.same({ 3, -2, 1 }, pos)
    assert.are.equal(pos, o.pos)
    anim:update(0.125)                               -- 3.75, -3.75, 1.5
    assert.are.same({ 4, -4, 2 }, pos)
    anim:update(1)
    assert.are.same({ 10, -10, 4 }, pos)
  end)

  it("a set per component", function()
    local anim = kinetic.animator()
    local pos = { 0, 10 }
    anim:to({ pos = pos }, 1, { pos = { 10, 0 } }, { easing = "linear", round = { 0, 10, 5 } })
    anim:update(0.25)                                -- 2.5 -> 0, 7.5 -> 10
    assert.are.same({ 0, 10 }, pos)
    anim:update(0.125)                               -- 3.75 -> 5, 6.25 -> 5
    assert.are.same({ 5, 5 }, pos)
  end)

  it("a vector spring: each component is the step rule of the unrounded spring's", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local pos, tpos = { 0, 0 }, { 0, 0 }
    anim:spring({ pos = pos }, { pos = { 30, -40 } }, { preset = "wobbly", round = 2 })
    twin:spring({ pos = tpos }, { pos = { 30, -40 } }, { preset = "wobbly" })
    for f = 1, 400 do
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.are.equal(step_round(2, tpos[1]), pos[1], "frame " .. f)
      assert.are.equal(step_round(2, tpos[2]), pos[2], "frame " .. f)
    end
    assert.are.same({ 30, -40 }, pos)
  end)
end)

describe("springs", function()
  it("round = 10: every value a multiple of 10, the state exact, ends on the target in the frame the twin rests", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    local a = anim:spring(o, { x = 100 }, { preset = "wobbly", round = 10 })
    local b = twin:spring(t, { x = 100 }, { preset = "wobbly" })
    local seen, f = {}, 0
    repeat
      f = f + 1
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.is_true(is_multiple(o.x, 10), "frame " .. f .. ": " .. o.x)
      assert.are.equal(step_round(10, t.x), o.x, "frame " .. f)
      assert.are.equal(b:done(), a:done(), "frame " .. f)
      seen[o.x] = true
    until a:done() or f > 5000
    assert.is_true(a:done())
    assert.are.equal(100, o.x)
    assert.are.equal(100, t.x)
    assert.is_true(seen[110] or seen[120], "the wobbly spring overshoots past 105")
    assert.is_true(seen[50], "passes through 50")
  end)

  it("a target that is not a multiple: the spring rests on it and writes it rounded", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:spring(o, { x = 95 }, { preset = "stiff", round = 10 })
    anim:update(20)
    assert.is_true(a:done())
    assert.are.equal(100, o.x)                       -- 10 floor(9.5 + 1/2)
    local p = { x = 0 }
    anim:spring(p, { x = 94 }, { preset = "stiff", round = 10 })
    anim:update(20)
    assert.are.equal(90, p.x)
  end)

  it("rk4 and a set", function()
    local set = { 0, 25, 50, 75, 100 }
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    anim:spring(o, { x = 100 }, { preset = "gentle", integrator = "rk4", round = set })
    twin:spring(t, { x = 100 }, { preset = "gentle", integrator = "rk4" })
    for f = 1, 300 do
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.are.equal(set_round(set, t.x), o.x, "frame " .. f)
    end
    assert.are.equal(100, o.x)
  end)

  it("a retarget keeps the exact state: the velocity is not taken from rounded values", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    anim:spring(o, { x = 10 }, { preset = "wobbly", round = true })
    twin:spring(t, { x = 10 }, { preset = "wobbly" })
    for f = 1, 7 do anim:update(dt_of(f)); twin:update(dt_of(f)) end
    anim:spring(o, { x = -20 }, { preset = "wobbly", round = true })
    twin:spring(t, { x = -20 }, { preset = "wobbly" })
    for f = 8, 200 do
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.are.equal(step_round(1, t.x), o.x, "frame " .. f)
    end
  end)
end)

describe("flings", function()
  for _, k in ipairs {
    { "decay", {}, kinetic.decay },
    { "inertia", { max = 300 }, kinetic.inertia },
    { "bouncing", { min = 0, max = 500 }, kinetic.bouncing_scroll },
    { "clamping", {}, kinetic.clamping_scroll },
  } do
    it(k[1] .. ": values are multiples of q and follow the exact motion; the rest position rounded", function()
      local anim, twin = kinetic.animator(), kinetic.animator()
      local o, t = { y = 40 }, { y = 40 }
      local opts, topts = { kind = k[1], round = 5 }, { kind = k[1] }
      local mopts = { position = 40, velocity = 1500 }
      for key, v in pairs(k[2]) do opts[key] = v; topts[key] = v; mopts[key] = v end
      local a = anim:fling(o, "y", 1500, opts)
      twin:fling(t, "y", 1500, topts)
      for f = 1, 2000 do
        anim:update(1 / 60)
        twin:update(1 / 60)
        assert.is_true(is_multiple(o.y, 5), "frame " .. f .. ": " .. o.y)
        assert.are.equal(step_round(5, t.y), o.y, "frame " .. f)
        if a:done() then break end
      end
      assert.is_true(a:done())
      assert.are.equal(step_round(5, k[3](mopts):final_position()), o.y)
    end)
  end
end)

describe("round = a function", function()
  it("is applied to each value written, the motion exact", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local got = {}
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = function(v) got[#got + 1] = v; return math.floor(v) end })
    anim:update(0.25)                                -- 2.5 -> 2
    assert.are.equal(2, o.x)
    assert.are.equal(2.5, got[#got])
    anim:update(0.71875)                             -- 9.6875 -> 9
    assert.are.equal(9, o.x)
    assert.are.equal(9.6875, got[#got])
    anim:update(1)
    assert.are.equal(10, o.x)
  end)

  it("on a vector: once per component", function()
    local anim = kinetic.animator()
    local pos = { 0, 0 }
    local calls = {}
    anim:to({ pos = pos }, 1, { pos = { 8, -8 } }, { easing = "linear", round = function(v)
      calls[#calls + 1] = v
      return v * 2
    end })
    anim:update(0.25)
    assert.are.same({ 4, -4 }, pos)
    table.sort(calls)
    assert.are.same({ -2, 2 }, calls)
  end)

  it("on a spring: the written values are f of the exact state", function()
    local anim, twin = kinetic.animator(), kinetic.animator()
    local o, t = { x = 0 }, { x = 0 }
    anim:spring(o, { x = 1 }, { preset = "wobbly", round = function(v) return -v end })
    twin:spring(t, { x = 1 }, { preset = "wobbly" })
    for f = 1, 100 do
      anim:update(dt_of(f))
      twin:update(dt_of(f))
      assert.are.equal(-t.x, o.x, "frame " .. f)
    end
  end)

  it("a function that raises: update raises, that animation is removed, the others go on", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { x = 0 }
    local completes = 0
    local a = anim:to(o, 1, { x = 10 }, { easing = "linear", round = function(v)
      if v > 3 then error("too far", 0) end
      return v
    end, on_complete = function() completes = completes + 1 end })
    local b = anim:to(p, 1, { x = 10 }, { easing = "linear", round = true })
    anim:update(0.25)
    assert.are.equal(2.5, o.x)
    assert.are.equal(3, p.x)
    local err = h.error_of(anim.update, anim, 0.25)
    assert.are.equal("update: the round function of a tween raised (the animation is removed): too far", err)
    assert.is_true(a:done())
    assert.is_false(b:done())
    assert.are.equal(5, p.x)                         -- the other animation moved in that update
    assert.are.equal(2.5, o.x)                       -- the failed value is not written
    assert.are.equal(1, anim:count())
    assert.are.equal(0, anim:update(0.5))
    assert.are.equal(10, p.x)
    assert.are.equal(2.5, o.x)
    assert.are.equal(0, completes)
  end)

  it("a function that returns a non-number or a non-finite number", function()
    for _, c in ipairs { { "x", "string" }, { nil, "nil" }, { {}, "table" }, { NAN, "nan" }, { INF, "inf" } } do
      local anim = kinetic.animator()
      local o, p = { x = 0 }, { y = 0 }
      local a = anim:to(o, 1, { x = 10 }, { easing = "linear", round = function() return c[1] end })
      anim:to(p, 1, { y = 10 }, { easing = "linear" })
      local err = h.error_of(anim.update, anim, 0.5)
      assert.are.equal("update: the round function of a tween returned " .. c[2]
                       .. " (finite number expected; the animation is removed)", err)
      assert.is_true(a:done())
      assert.are.equal(0, o.x)
      assert.are.equal(5, p.y)
      assert.are.equal(1, anim:count())
      anim:update(0.5)
      assert.are.equal(10, p.y)
    end
  end)

  it("a spring's round function that raises names the spring", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:spring(o, { x = 10 }, { round = function() error("no", 0) end })
    h.fails("update: the round function of a spring raised (the animation is removed): no", anim.update, anim, 0.1)
    assert.is_true(a:done())
    assert.are.equal(0, anim:count())
  end)
end)

describe("the motion stays exact", function()
  it("progress() and time() equal those of an unrounded twin, frame by frame", function()
    for _, round in ipairs { true, 0.5, { 0, 10 }, function(v) return math.floor(v) end } do
      local anim, twin = kinetic.animator(), kinetic.animator()
      local o, t = { x = 0 }, { x = 0 }
      local a = anim:to(o, 0.9, { x = 10 }, { easing = "inOutQuad", round = round, after = "reverse", iterations = 3 })
      local b = twin:to(t, 0.9, { x = 10 }, { easing = "inOutQuad", after = "reverse", iterations = 3 })
      for f = 1, 200 do
        anim:update(dt_of(f))
        twin:update(dt_of(f))
        assert.are.equal(b:progress(), a:progress(), "frame " .. f)
        assert.are.equal(b:time(), a:time(), "frame " .. f)
        assert.are.equal(b:done(), a:done(), "frame " .. f)
      end
      assert.is_true(a:done())
    end
  end)

  it("a tween taking over a rounded field starts from the written (rounded) value", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 10 }, { easing = "linear", round = true })
    anim:update(0.25)                                -- written: 3
    anim:to(o, 1, { x = 7 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(5, o.x)                         -- 3 + (7 - 3) / 2
  end)
end)

describe("stagger and sequence children", function()
  it("a stagger rounds every target", function()
    local anim = kinetic.animator()
    local list = { { x = 0 }, { x = 0 }, { x = 0 } }
    anim:to(list, 1, { x = 10 }, { easing = "linear", stagger = 0.25, round = true })
    anim:update(0.5)                                 -- local times 0.5, 0.25, 0
    assert.are.same({ 5, 3, 0 }, { list[1].x, list[2].x, list[3].x })
    anim:update(0.125)                               -- 0.625, 0.375, 0.125
    assert.are.same({ 6, 4, 1 }, { list[1].x, list[2].x, list[3].x })
    anim:update(2)
    assert.are.same({ 10, 10, 10 }, { list[1].x, list[2].x, list[3].x })
  end)

  it("a sequence's children each with their own rounding", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    anim:sequence()
        :to(o, 1, { x = 10 }, { easing = "linear", round = true })
        :to(o, 1, { x = 0 }, { easing = "linear", round = 0.5 })
        :to(p, 1, { y = 10 }, { easing = "linear", round = { 0, 10, 5 } }, "<")
        :to(p, 1, { y = 0 }, { easing = "linear" })
    anim:update(0.25)                                -- child 1 at 0.25: 2.5 -> 3
    assert.are.equal(3, o.x)
    assert.are.equal(0, p.y)
    anim:update(1.125)                               -- 1.375: child 2 at 0.375: 6.25 -> 6.5; child 3: 3.75 -> 5
    assert.are.equal(6.5, o.x)
    assert.are.equal(5, p.y)
    anim:update(0.375)                               -- 1.75: 2.5 (a multiple of 0.5); 7.5 -> 10
    assert.are.equal(2.5, o.x)
    assert.are.equal(10, p.y)
    anim:update(0.375)                               -- 2.125: child 4 (unrounded) at 0.125: 8.75
    assert.are.equal(0, o.x)
    assert.are.equal(8.75, p.y)
  end)
end)

describe("bad round options", function()
  local o = { x = 0, c = { 0, 0 } }
  local cases = {
    { 0, "field 'round': positive finite number expected, got 0" },
    { -1, "field 'round': positive finite number expected, got -1" },
    { NAN, "field 'round': positive finite number expected, got nan" },
    { INF, "field 'round': positive finite number expected, got inf" },
    { -INF, "field 'round': positive finite number expected, got -inf" },
    { {}, "field 'round': non-empty array of numbers expected, got an empty table" },
    { "1", "field 'round': true, a step, an array of numbers or a function expected, got string" },
    { { 1, NAN }, "field 'round': item 2: finite number expected, got nan" },
    { { INF }, "field 'round': item 1: finite number expected, got inf" },
    { { 1, "2" }, "field 'round': item 2: number expected, got string" },
  }
  for _, c in ipairs(cases) do
    it(("round = %s: %s"):format(type(c[1]) == "table" and "a table" or tostring(c[1]), c[2]), function()
      local anim = kinetic.animator()
      h.fails_bad_argument("bad argument #4 to 'to' (" .. c[2] .. ")", function()
        local a = anim:to(o, 1, { x = 1 }, { round = c[1] }); return a
      end)
      h.fails_bad_argument("bad argument #4 to 'from' (" .. c[2] .. ")", function()
        local a = anim:from(o, 1, { x = 1 }, { round = c[1] }); return a
      end)
      h.fails_bad_argument("bad argument #3 to 'spring' (" .. c[2] .. ")", function()
        local a = anim:spring(o, { x = 1 }, { round = c[1] }); return a
      end)
      h.fails_bad_argument("bad argument #4 to 'fling' (" .. c[2] .. ")", function()
        local a = anim:fling(o, "x", 100, { round = c[1] }); return a
      end)
      h.fails_bad_argument("bad argument #4 to 'to' (" .. c[2] .. ")", function()
        local a = anim:to({ o, { x = 0 } }, 1, { x = 1 }, { stagger = 0.1, round = c[1] }); return a
      end)
      local seq = anim:sequence()
      h.fails_bad_argument("bad argument #4 to 'to' (" .. c[2] .. ")", function()
        local s = seq:to(o, 1, { x = 1 }, { round = c[1] }); return s
      end)
      assert.are.equal(1, anim:count())              -- the sequence alone
      assert.are.equal(0, o.x)
    end)
  end

  it("a misspelt round", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'rund'; did you mean 'round'?)", function()
      local a = anim:to(o, 1, { x = 1 }, { rund = 1 }); return a
    end)
    h.fails_bad_argument("bad argument #3 to 'spring' (unknown option 'rund'; did you mean 'round'?)", function()
      local a = anim:spring(o, { x = 1 }, { rund = 1 }); return a
    end)
    assert.are.equal(0, anim:count())
  end)

  it("a colour value is not rounded", function()
    local anim = kinetic.animator()
    local col = { fill = kinetic.color("#ff0000") }
    h.fails_bad_argument("bad argument #4 to 'to' (field 'round': a colour value is not rounded)", function()
      local a = anim:to(col, 1, { fill = "#0000ff" }, { round = true }); return a
    end)
    h.fails_bad_argument("bad argument #4 to 'to' (field 'round': a colour value is not rounded)", function()
      local a = anim:to(o, 1, { x = "#0000ff" }, { round = 1 }); return a
    end)
    assert.are.equal(0, anim:count())
    assert.are.equal(0, o.x)
  end)

  it("the argument number counts self when the method is called as a function", function()
    local anim = kinetic.animator()
    local LUA = kinetic._backend == "lua"
    h.fails_bad_argument((LUA and "bad argument #4" or "bad argument #5") .. " to 'to' (field 'round': positive finite number expected, got 0)",
                         anim.to, anim, o, 1, { x = 1 }, { round = 0 })
  end)
end)
