-- luacheck: no max line length
-- Sequences: anim:sequence() places tweens, calls and labels in time with
-- GSAP's position grammar, and plays them as one animation.
local kinetic = require("kinetic")
local h = require("spec.helpers")

-- The sequence the position table is measured on:
--   label "intro" at 0.5, label "L" at 1.5,
--   A: [0, 3] (first child, at the end of the empty sequence),
--   B: [2, 2.5] (position 2) -- the most recently added child;
--   so ">" = 2.5, "<" = 2 and the sequence's end is 3.
local function base_sequence(anim)
  local seq = anim:sequence()
  seq:label("intro", 0.5)
  seq:label("L", 1.5)
  seq:to({ x = 0 }, 3, { x = 1 })
  seq:to({ x = 0 }, 0.5, { x = 1 }, 2)
  return seq
end

-- Adds a 10 s linear probe tween at `position` (nil: none given) and returns
-- where it starts, seen two ways: the probe's value when the sequence is
-- sought 5 s past the expected start, and the sequence's length (seek far
-- past the end: the clock stops at the total, which the probe's end makes
-- start + 10).
local function probe_at(seq, position, expected, opts)
  local probe = { x = 0 }
  opts = opts or {}
  opts.easing = "linear"
  if position == nil then seq:to(probe, 10, { x = 1 }, opts) else seq:to(probe, 10, { x = 1 }, opts, position) end
  seq:seek(expected + 5)
  local x = probe.x
  seq:seek(1e9)
  return seq:time() - 10, x
end

describe("position grammar", function()
  local cases = {
    { "no position: the sequence's end", nil, 3 },
    { "number", 0.75, 0.75 },
    { "number 0", 0, 0 },
    { "'>': end of the previous child", ">", 2.5 },
    { "'<': start of the previous child", "<", 2 },
    { "'<0.25'", "<0.25", 2.25 },
    { "'<-0.5'", "<-0.5", 1.5 },
    { "'>-0.125'", ">-0.125", 2.375 },
    { "'>+0.25'", ">+0.25", 2.75 },
    { "'+=0.5': after the sequence's end", "+=0.5", 3.5 },
    { "'-=0.5': before the sequence's end", "-=0.5", 2.5 },
    { "a label", "L", 1.5 },
    { "'label+=0.375'", "L+=0.375", 1.875 },
    { "'label-=0.25'", "L-=0.25", 1.25 },
    { "clamped at 0: '-=5'", "-=5", 0 },
    { "clamped at 0: '<-3'", "<-3", 0 },
    { "clamped at 0: '>-10'", ">-10", 0 },
    { "clamped at 0: 'label-=2'", "L-=2", 0 },
  }
  for _, c in ipairs(cases) do
    it(c[1], function()
      local seq = base_sequence(kinetic.animator())
      local start, x = probe_at(seq, c[2], c[3])
      assert.are.equal(c[3], start)
      assert.are.equal(0.5, x)
    end)
  end

  -- decimal offsets: the sums of decimal fractions, to the rounding of a sum
  for _, c in ipairs {
    { "<0.2", 2 + 0.2 }, { ">-0.1", 2.5 - 0.1 }, { "intro+=0.3", 0.5 + 0.3 }, { "L-=0.3", 1.5 - 0.3 },
    { "+=0.1", 3 + 0.1 }, { 1.3, 1.3 },
  } do
    it("decimal offsets: " .. tostring(c[1]), function()
      local seq = base_sequence(kinetic.animator())
      local start, x = probe_at(seq, c[1], c[2])
      assert.is_true(math.abs(start - c[2]) <= 1e-12, ("%.17g"):format(start))
      assert.is_true(math.abs(x - 0.5) <= 1e-12, ("%.17g"):format(x))
    end)
  end

  it("a child's own delay adds to its position", function()
    local seq = base_sequence(kinetic.animator())
    local start, x = probe_at(seq, 1, 1.25, { delay = 0.25 })
    assert.are.equal(1.25, start)
    assert.are.equal(0.5, x)
  end)

  it("labels are not children: '<' still means the last tween", function()
    local seq = base_sequence(kinetic.animator())
    seq:label("M")                                   -- at the end: 3
    seq:label("N", "<")                              -- at B's start: 2
    local start = probe_at(seq, "<", 2)
    assert.are.equal(2, start)
    seq = base_sequence(kinetic.animator())
    seq:label("M")
    assert.are.equal(3, (probe_at(seq, "M", 3)))
    seq = base_sequence(kinetic.animator())
    seq:label("N", "<")
    assert.are.equal(2.25, (probe_at(seq, "N+=0.25", 2.25)))
  end)

  it("in an empty sequence '>' and '<' are 0", function()
    for _, pos in ipairs { ">", "<", ">+0", "<0" } do
      local seq = kinetic.animator():sequence()
      assert.are.equal(0, (probe_at(seq, pos, 0)))
    end
    local seq = kinetic.animator():sequence()
    assert.are.equal(0.5, (probe_at(seq, "+=0.5", 0.5)))
  end)

  it("to, from, call and label return the sequence (chainable)", function()
    local anim = kinetic.animator()
    local seq = anim:sequence()
    assert.are.equal("kinetic.Sequence", tostring(seq):match("^kinetic%.Sequence"))
    local o = { x = 0 }
    assert.are.equal(seq, seq:to(o, 1, { x = 1 }))
    assert.are.equal(seq, seq:to(o, 1, { x = 1 }, { easing = "linear" }))
    assert.are.equal(seq, seq:to(o, 1, { x = 1 }, ">"))
    assert.are.equal(seq, seq:to(o, 1, { x = 1 }, { easing = "linear" }, "<"))
    assert.are.equal(seq, seq:from(o, 1, { x = 1 }, 0.5))
    assert.are.equal(seq, seq:call(function() end))
    assert.are.equal(seq, seq:call(function() end, 1))
    assert.are.equal(seq, seq:label("a"))
    assert.are.equal(seq, seq:label("b", 2))
  end)
end)

describe("bad positions", function()
  local o = { x = 0 }
  for _, c in ipairs {
    { ">>", "bad position '>>'" }, { "<<", "bad position '<<'" }, { "+=", "bad position '+='" },
    { "+=abc", "bad position '+=abc'" }, { "<>", "bad position '<>'" }, { ">1x", "bad position '>1x'" },
    { "nolabel", "unknown label 'nolabel'" }, { "nolabel+=1", "unknown label 'nolabel'" },
    { "nolabel-=1", "unknown label 'nolabel'" },
  } do
    it(("%q: %s"):format(c[1], c[2]), function()
      local seq = base_sequence(kinetic.animator())
      h.fails_bad_argument("bad argument #4 to 'to' (" .. c[2], function() seq:to(o, 1, { x = 1 }, c[1]) end)
      h.fails_bad_argument("bad argument #5 to 'to' (" .. c[2], function() seq:to(o, 1, { x = 1 }, {}, c[1]) end)
      h.fails_bad_argument("bad argument #4 to 'from' (" .. c[2], function() seq:from(o, 1, { x = 1 }, c[1]) end)
      h.fails_bad_argument("bad argument #2 to 'call' (" .. c[2], function() seq:call(print, c[1]) end)
      h.fails_bad_argument("bad argument #2 to 'label' (" .. c[2], function() seq:label("z", c[1]) end)
      -- a function call: C counts self as #1, the Lua backend as for seq:to
      h.fails_bad_argument(kinetic._backend == "lua" and "bad argument #4 to 'to'" or "bad argument #5 to 'to'",
                           seq.to, seq, o, 1, { x = 1 }, c[1])
    end)
  end

  it("non-finite numbers and other types", function()
    local seq = base_sequence(kinetic.animator())
    for _, p in ipairs { 0 / 0, math.huge, -math.huge } do
      h.fails_bad_argument("bad argument #4 to 'to'", function() seq:to(o, 1, { x = 1 }, p) end)
      h.fails_bad_argument("bad argument #2 to 'call'", function() seq:call(print, p) end)
    end
    h.fails_bad_argument("bad argument #4 to 'to'", function() seq:to(o, 1, { x = 1 }, true) end)
    h.fails_bad_argument("bad argument #5 to 'to'", function() seq:to(o, 1, { x = 1 }, {}, {}) end)
  end)

  it("a failed call adds nothing", function()
    local seq = base_sequence(kinetic.animator())
    pcall(function() seq:to(o, 100, { x = 1 }, ">>") end)
    seq:seek(1e9)
    assert.are.equal(3, seq:time())
  end)
end)

describe("playing a sequence", function()
  it("children crossed by one big update end exactly on their end values", function()
    local anim = kinetic.animator()
    local o, p = { x = 0, y = 0 }, { z = { 0, 0 } }
    local seq = anim:sequence()
    seq:to(o, 0.3, { x = 100 }, { easing = "outBack" })
       :to(o, 0.7, { x = -5.3 }, { easing = "inOutElastic" })
       :to(p, 0.2, { z = { 1, 2 } }, { easing = "outBounce" })
       :to(o, 0.13, { y = 7 }, "<")
    assert.are.equal(0, anim:update(10))
    assert.are.equal(-5.3, o.x)
    assert.are.equal(7, o.y)
    assert.are.same({ 1, 2 }, p.z)
    assert.is_true(seq:done())
  end)

  it("frame by frame: each child reads its start values when the play reaches it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:sequence():to(o, 0.25, { x = 100 }, { easing = "outBack" }):to(o, 0.5, { x = -5 }, { easing = "inOutCubic" })
    local tl = kinetic.timeline { from = 0, { to = 100, duration = 0.25, easing = "outBack" },
                                  { to = -5, duration = 0.5, easing = "inOutCubic" } }
    for f = 1, 60 do
      anim:update(1 / 64)
      assert.are.equal(tl:update(1 / 64), o.x, "frame " .. f)
    end
  end)

  it("after = 'reverse': plays back to the start values (children of one sequence do not override each other)", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local completes = 0
    anim:sequence { iterations = 2, after = "reverse", on_complete = function() completes = completes + 1 end }
        :to(o, 1, { x = 10 }, { easing = "linear" })
        :to(o, 1, { y = 20 }, { easing = "linear" })
        :to(o, 1, { x = 30 }, { easing = "linear" }, "<")
    local want = {                                   -- time -> x, y (x goes 0 -> 10 on [0, 1], 10 -> 30 on [1, 2])
      [0.5] = { 5, 0 }, [1.5] = { 20, 10 }, [2] = { 30, 20 }, [2.5] = { 20, 10 }, [3] = { 10, 0 },
      [3.5] = { 5, 0 }, [4] = { 0, 0 },
    }
    local t = 0
    for _ = 1, 16 do
      anim:update(0.25)
      t = t + 0.25
      if want[t] then
        assert.are.equal(want[t][1], o.x, "x at " .. t)
        assert.are.equal(want[t][2], o.y, "y at " .. t)
      end
      assert.are.equal(t >= 4 and 1 or 0, completes)
    end
  end)

  it("after = 'restart'", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local completes = 0
    local seq = anim:sequence { iterations = 2, after = "restart", on_complete = function() completes = completes + 1 end }
    seq:to(o, 1, { x = 10 }, { easing = "linear" }):to(o, 1, { y = 20 }, { easing = "linear" })
    anim:update(2.5)
    assert.are.equal(5, o.x)
    anim:update(1)
    assert.are.equal(10, o.x)
    assert.are.equal(10, o.y)
    assert.are.equal(0, completes)
    anim:update(0.5)
    assert.are.equal(10, o.x)
    assert.are.equal(20, o.y)
    assert.are.equal(1, completes)
    assert.is_true(seq:done())
  end)

  it("seq:call fires when the play crosses it, in either direction, with the sequence", function()
    -- the call at 1.375 in a 2 s sequence, played in 0.25 s frames: crossed in the frames
    -- ending at 1.5, and at 2.75 (reverse: local 1.375 at 2.625) or 3.5 (restart: 3.375)
    for _, c in ipairs { { "reverse", { 1.5, 2.75 } }, { "restart", { 1.5, 3.5 } } } do
      local anim = kinetic.animator()
      local o = { x = 0 }
      local at, got = {}, {}
      local seq = anim:sequence { iterations = 2, after = c[1] }
      local t = 0
      seq:to(o, 2, { x = 1 }):call(function(s) at[#at + 1] = t; got[#got + 1] = s end, 1.375)
      for _ = 1, 20 do t = t + 0.25; anim:update(0.25) end
      assert.are.same(c[2], at, c[1])
      assert.are.equal(seq, got[1])
      -- one big update crosses both
      local n = 0
      anim:sequence { iterations = 2, after = c[1] }:to({ x = 0 }, 2, { x = 1 }):call(function() n = n + 1 end, 1.375)
      anim:update(100)
      assert.are.equal(2, n, c[1])
    end
  end)

  it("children's callbacks: on_start when reached, on_complete each time the play crosses its end going forward", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local log = {}
    local function rec(s) return function() log[#log + 1] = s end end
    anim:sequence { iterations = 2, after = "restart" }
        :to(o, 1, { x = 1 }, { on_start = rec("A start"), on_complete = rec("A complete") })
        :to(o, 1, { y = 1 }, { on_start = rec("B start"), on_complete = rec("B complete") })
    anim:update(0.5)
    assert.are.same({ "A start" }, log)
    anim:update(1)                                   -- A ends and B starts at the same instant, 1
    local sorted = { log[1], log[2], log[3] }
    table.sort(sorted)
    assert.are.same({ "A complete", "A start", "B start" }, sorted)
    assert.are.equal(3, #log)
    anim:update(2.5)
    local n = { A = 0, B = 0 }
    for _, e in ipairs(log) do
      local who, what = e:match("^(%a) (%a+)$")
      if what == "complete" then n[who] = n[who] + 1 end
    end
    assert.are.equal(2, n.A)
    assert.are.equal(2, n.B)
  end)

  it("children added while it plays", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local completes = 0
    local seq = anim:sequence { on_complete = function() completes = completes + 1 end }
    seq:to(o, 1, { x = 1 }, { easing = "linear" })
    anim:update(0.5)
    seq:to(p, 1, { y = 1 }, { easing = "linear" })   -- at the end: [1, 2]
    anim:update(0.75)
    assert.are.equal(1, o.x)
    assert.are.equal(0.25, p.y)
    assert.are.equal(0, completes)
    anim:update(0.75)
    assert.are.equal(1, p.y)
    assert.are.equal(1, completes)
  end)

  it("a sequence with no child completes when it starts", function()
    local anim = kinetic.animator()
    local completes = 0
    local seq = anim:sequence { on_complete = function() completes = completes + 1 end }
    assert.are.equal(0, anim:update(1 / 60))
    assert.are.equal(1, completes)
    assert.is_true(seq:done())
  end)

  it("its length: the latest child end (iterations and delays included), plus its own delay", function()
    local anim = kinetic.animator()
    local seq = anim:sequence { delay = 0.5 }
    seq:to({ x = 0 }, 0.5, { x = 1 }, { iterations = 3, after = "reverse" })   -- [0, 1.5]
    seq:to({ x = 0 }, 0.25, { x = 1 }, { delay = 0.5 }, 0.25)                   -- [0.75, 1]
    seq:seek(1e9)
    assert.are.equal(2, seq:time())
    local seq2 = anim:sequence { iterations = 2, after = "restart" }
    seq2:to({ x = 0 }, 0.75, { x = 1 })
    seq2:seek(1e9)
    assert.are.equal(1.5, seq2:time())
  end)

  it("seek renders the children at the sought time", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local seq = anim:sequence()
    seq:to(o, 1, { x = 10 }, { easing = "linear" }):to(o, 1, { y = 10 }, { easing = "linear" })
    seq:seek(1.5)
    assert.are.equal(10, o.x)
    assert.are.equal(5, o.y)
    seq:seek(0.25)
    assert.are.equal(2.5, o.x)
    assert.are.equal(0, o.y)
    assert.are.equal(0.25, seq:time())
  end)
end)

describe("a sequence is an animation", function()
  it("pause, resume, time_scale, stop", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local seq = anim:sequence()
    seq:to(o, 1, { x = 1 }, { easing = "linear" }):to(o, 1, { x = 0 }, { easing = "linear" })
    anim:update(0.25)
    seq:pause()
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    seq:resume()
    seq:time_scale(2)
    anim:update(0.25)
    assert.are.equal(0.75, o.x)
    seq:stop()
    anim:update(0.25)
    assert.are.equal(0.75, o.x)
    assert.are.equal(0, anim:count())
  end)

  it("finish: every child on its end values, on_complete once", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local completes = 0
    local seq = anim:sequence { on_complete = function() completes = completes + 1 end }
    seq:to(o, 1, { x = 3 }):to(o, 1, { y = 4 })
    anim:update(0.25)
    seq:finish()
    assert.are.equal(3, o.x)
    assert.are.equal(4, o.y)
    assert.are.equal(1, completes)
    anim:update(1)
    assert.are.equal(1, completes)
  end)

  it("its children refuse pause / resume / seek / time_scale; stop removes a child, its fields stay", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    local child
    local seq = anim:sequence()
    seq:to(o, 1, { x = 1 }, { easing = "linear", on_start = function(a) child = a end })
       :to(o, 1, { y = 1 }, { easing = "linear" }, 0)
    anim:update(0.25)
    -- the Lua backend's handles may be tables (API.md, section 12)
    if kinetic._backend ~= "lua" then assert.are.equal("userdata", type(child)) end
    assert.are.equal("kinetic", getmetatable(child))
    local msg = "animation is part of a sequence; control the sequence"
    h.fails_bad_argument(msg, function() child:pause() end)
    h.fails_bad_argument(msg, function() child:resume() end)
    h.fails_bad_argument(msg, function() child:seek(0.5) end)
    h.fails_bad_argument(msg, function() child:time_scale(2) end)
    child:stop()
    anim:update(0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.5, o.y)
  end)

  it("an animation from outside overrides a child's field", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0 }
    anim:sequence():to(o, 1, { x = 1, y = 1 }, { easing = "linear" })
    anim:update(0.25)
    anim:to(o, 1, { x = -1 }, { easing = "linear" })
    anim:update(0)
    anim:update(0.5)
    assert.are.equal(0.25 + (-1 - 0.25) * 0.5, o.x)
    assert.are.equal(0.75, o.y)
  end)

  it("one update crossing several passes fires every call and child completion it crosses", function()
    for _, c in ipairs {
      -- after, dt, expected child completions, expected calls over 3.5 s
      { "restart", 2.2, 3, 3 }, { "restart", 3.5, 3, 3 }, { "reverse", 2.2, 2, 3 },
      { "reverse", 3.5, 2, 3 }, { "stop", 2.2, 1, 1 }, { "stop", 3.5, 1, 1 },
    } do
      local anim = kinetic.animator()
      local o = { x = 0 }
      local done, calls = 0, 0
      local seq = anim:sequence { iterations = 3, after = c[1] }
      seq:to(o, 1, { x = 1 }, { easing = "linear", on_complete = function() done = done + 1 end })
      seq:call(function() calls = calls + 1 end, 0.5)
      local t = 0
      while t < 3.5 do
        local dt = math.min(c[2], 3.5 - t)
        anim:update(dt)
        t = t + dt
      end
      assert.are.same({ c[3], c[4] }, { done, calls }, c[1] .. " dt " .. c[2])
    end
  end)

  it("an unknown label in a sequence that has none is a bad argument", function()
    local anim = kinetic.animator()
    local seq = anim:sequence()
    local ok, err = pcall(function() seq:to({ v = 0 }, 1, { v = 1 }, "outro") end)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("bad argument #4 to 'to' (unknown label 'outro')", 1, true), err)
    ok, err = pcall(function() seq:call(function() end, "outro+=1") end)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("bad argument #2 to 'call' (unknown label 'outro')", 1, true), err)
    ok, err = pcall(function() seq:label("x", "outro") end)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("bad argument #2 to 'label' (unknown label 'outro')", 1, true), err)
  end)

  it("an endless sequence plays on at any frame rate (each pass boundary crossed once)", function()
    for _, T in ipairs { 0.7, 0.1, 1 / 3, 0.3, 1.1 } do
      for _, dt in ipairs { 1 / 60, 1 / 144, 0.05, 0.35 } do
        for _, after in ipairs { "restart", "reverse" } do
          local anim = kinetic.animator()
          local o = { x = 0 }
          local passes = 0
          local seq = anim:sequence { after = after }
          seq:to(o, T, { x = 1 }, { easing = "linear" })
          seq:call(function() passes = passes + 1 end, 0)
          local tl = kinetic.timeline { from = 0, { to = 1, duration = T }, after = after }
          local t = 0
          for _ = 1, 400 do
            anim:update(dt)
            t = t + dt
            assert.is_true(math.abs(o.x - tl:at(t)) <= 1e-9, ("T %g dt %g %s t %g: %.17g vs %.17g")
              :format(T, dt, after, t, o.x, tl:at(t)))
          end
          assert.is_false(seq:done())
          -- the call at 0 fires at the start of every restart pass, or every turn of a reverse
          assert.is_true(passes >= 1, "the call fired")
        end
      end
    end
  end)
end)

