-- luacheck: no max line length
-- Stagger: anim:to(list, ...) makes one animation per target, with delays
-- distributed as GSAP 3's gsap.utils.distribute() distributes them, and
-- returns one handle for the group.  The reference delays are
-- spec/fixtures/gsap_stagger.lua (tools/gen/gen_gsap_stagger.mjs): GSAP's own
-- output (rounded by GSAP to 1e-7) and kinetic's rule computed in JavaScript
-- without rounding ("edges" with an easing E is E(1 - l) * T: distribute()
-- negates the total and inverts the easing).
local kinetic = require("kinetic")
local h = require("spec.helpers")

local fixture = h.fixture("gsap_stagger")

-- Every target starts at x = 0 and tweens linearly to 1 over D seconds; after
-- one update(T0) (T0 past every delay, before every end) target i holds
-- (T0 - delay_i) / D, so delay_i = T0 - x_i * D (a few ulps of T0).
local D, T0 = 10, 2

local function targets(n)
  local list = {}
  for i = 1, n do list[i] = { x = 0 } end
  return list
end

local function delays_of(list)
  local out = {}
  for i, t in ipairs(list) do out[i] = T0 - t.x * D end
  return out
end

local function stagger_of(c)
  return { each = c.each, amount = c.amount, from = c.from, easing = c.ease }
end

local function describe_case(c)
  return ("n = %d, from = %s, %s = %g, easing %s"):format(c.n, tostring(c.from), c.each and "each" or "amount",
                                                        c.each or c.amount, c.ease)
end

describe("stagger delays", function()
  for _, c in ipairs(fixture.cases) do
    it(describe_case(c), function()
      local anim = kinetic.animator()
      local list = targets(c.n)
      anim:to(list, D, { x = 1 }, { easing = "linear", stagger = stagger_of(c) })
      anim:update(T0)
      local got = delays_of(list)
      for i = 1, c.n do
        local what = ("target %d"):format(i)
        assert.is_true(math.abs(got[i] - c.exact[i]) <= 1e-12,
          ("%s: delay %.17g, the rule gives %.17g"):format(what, got[i], c.exact[i]))
        -- GSAP's own numbers, which it rounds to 1e-7
        assert.is_true(math.abs(got[i] - c.gsap[i]) <= 5e-8 + 1e-12,
          ("%s: delay %.17g, GSAP gives %.17g"):format(what, got[i], c.gsap[i]))
      end
    end)
  end

  it("covers every origin, both totals and the easings for n = 1, 2, 5, 6", function()
    local seen = {}
    for _, c in ipairs(fixture.cases) do
      local from = type(c.from) == "number" and "index" or c.from
      seen[c.n .. from .. (c.each and "each" or "amount") .. c.ease] = true
    end
    for _, n in ipairs { 1, 2, 5, 6 } do
      for _, from in ipairs { "start", "center", "end", "edges", "index" } do
        for _, kind in ipairs { "each", "amount" } do
          for _, ease in ipairs { "linear", "inQuad", "inOutSine" } do
            assert.is_true(seen[n .. from .. kind .. ease], n .. from .. kind .. ease)
          end
        end
      end
    end
  end)

  it("stagger = s is { each = s }", function()
    local anim = kinetic.animator()
    local a, b = targets(5), targets(5)
    anim:to(a, D, { x = 1 }, { easing = "linear", stagger = 0.1 })
    anim:to(b, D, { x = 1 }, { easing = "linear", stagger = { each = 0.1 } })
    anim:update(T0)
    for i = 1, 5 do assert.are.equal(b[i].x, a[i].x) end
    assert.are.equal(T0 / D, a[1].x)
    assert.is_true(math.abs(delays_of(a)[5] - 0.4) <= 1e-12)
  end)

  it("the delay option adds to every target's stagger delay", function()
    local anim = kinetic.animator()
    local list = targets(5)
    anim:to(list, D, { x = 1 }, { easing = "linear", delay = 0.25, stagger = { amount = 0.6, from = "center" } })
    anim:update(T0)
    local want = { 0.85, 0.55, 0.25, 0.55, 0.85 }
    local got = delays_of(list)
    for i = 1, 5 do
      assert.is_true(math.abs(got[i] - want[i]) <= 1e-12, ("target %d: %.17g"):format(i, got[i]))
    end
  end)

  it("random: every delay in [delay, delay + T], not all equal; math.random is not used", function()
    local anim = kinetic.animator()
    for _, s in ipairs { { amount = 0.6, from = "random" }, { each = 0.1, from = "random", easing = "inQuad" } } do
      local list = targets(6)
      math.randomseed(42)
      local r1 = math.random()
      math.randomseed(42)
      anim:to(list, D, { x = 1 }, { easing = "linear", delay = 0.25, stagger = s })
      anim:update(T0)
      assert.are.equal(r1, math.random())
      local got = delays_of(list)
      local T = s.amount or s.each * 5
      local all_equal = true
      for i = 1, 6 do
        assert.is_true(got[i] >= 0.25 - 1e-12 and got[i] <= 0.25 + T + 1e-12, ("target %d: %.17g"):format(i, got[i]))
        if got[i] ~= got[1] then all_equal = false end
      end
      assert.is_false(all_equal)
      anim:stop()
    end
  end)

  it("works with anim:from and with springs", function()
    local anim = kinetic.animator()
    local list = targets(3)
    anim:from(list, D, { x = 1 }, { easing = "linear", stagger = 0.5 })
    anim:update(T0)
    -- from 1 to 0: x = 1 - (T0 - delay) / D
    for i, t in ipairs(list) do
      assert.is_true(math.abs((T0 - (1 - t.x) * D) - (i - 1) * 0.5) <= 1e-12)
    end
    local springs = targets(3)
    anim:spring(springs, { x = 1 }, { stiffness = 100, damping = 20, stagger = 0.25 })
    anim:update(0.125)
    assert.is_true(springs[1].x > 0)
    assert.are.equal(0, springs[2].x)
    anim:update(0.25)
    assert.is_true(springs[2].x > 0)
    assert.are.equal(0, springs[3].x)
  end)
end)

describe("the group handle", function()
  it("on_start once (first member), on_update once per frame any member moved, on_complete once after the last", function()
    local anim = kinetic.animator()
    local list = targets(3)
    local log = {}
    local g
    g = anim:to(list, 0.5, { x = 1 }, { easing = "linear", delay = 0.1875, stagger = 0.25,
      on_start = function(a) log[#log + 1] = "start"; assert.are.equal(g, a) end,
      on_update = function(a) log[#log + 1] = "update"; assert.are.equal(g, a) end,
      on_complete = function(a)
        log[#log + 1] = "complete"
        assert.are.equal(g, a)
        for i = 1, 3 do assert.are.equal(1, list[i].x) end
      end,
    })
    assert.are.equal("kinetic.Animation", tostring(g):match("^kinetic%.Animation"))
    assert.are.equal(1, anim:count())
    anim:update(0.125)                               -- nobody has started
    assert.are.same({}, log)
    local frames = 0
    for _ = 1, 20 do
      local before = #log
      anim:update(0.125)
      if #log > before then frames = frames + 1 end
    end
    -- members move over [0.1875, 1.1875]: the frames ending at 0.25 ... 1.25, nine of them
    local counts = {}
    for _, e in ipairs(log) do counts[e] = (counts[e] or 0) + 1 end
    assert.are.equal(1, counts.start)
    assert.are.equal(9, counts.update)
    assert.are.equal(1, counts.complete)
    assert.are.equal("start", log[1])
    assert.are.equal("complete", log[#log])
    assert.are.equal(9, frames)
    assert.is_true(g:done())
    assert.are.equal(0, anim:count())
  end)

  it("iterations and after apply to the group as a whole (restart)", function()
    local anim = kinetic.animator()
    local list = targets(2)
    local completes = 0
    local g = anim:to(list, 1, { x = 1 }, { easing = "linear", stagger = 0.5, iterations = 2, after = "restart",
                                            on_complete = function() completes = completes + 1 end })
    local t = 0
    local function step(dt) anim:update(dt); t = t + dt end
    while t < 2 do step(0.25) end                    -- one pass lasts 0.5 + 1 = 1.5 s
    assert.are.equal(0.5, list[1].x)                 -- pass 2, 0.5 s in
    assert.are.equal(0, list[2].x)
    step(0.25)
    assert.are.equal(0.75, list[1].x)
    assert.are.equal(0.25, list[2].x)
    step(0.5)
    assert.are.equal(0, completes)
    assert.is_false(g:done())
    step(0.25)                                       -- 3 s: the end of pass 2
    assert.are.equal(1, completes)
    assert.are.equal(1, list[1].x)
    assert.are.equal(1, list[2].x)
    assert.is_true(g:done())
  end)

  it("iterations and after apply to the group as a whole (reverse)", function()
    local anim = kinetic.animator()
    local list = targets(2)
    local completes = 0
    anim:to(list, 1, { x = 1 }, { easing = "linear", stagger = 0.5, iterations = 2, after = "reverse",
                                  on_complete = function() completes = completes + 1 end })
    anim:update(1.5)
    assert.are.equal(1, list[1].x)
    assert.are.equal(1, list[2].x)
    anim:update(0.5)                                 -- reversed pass, 0.5 s in: group time 1.0
    assert.are.equal(1, list[1].x)
    assert.are.equal(0.5, list[2].x)
    anim:update(0.5)                                 -- group time 0.5
    assert.are.equal(0.5, list[1].x)
    assert.are.equal(0, list[2].x)
    assert.are.equal(0, completes)
    anim:update(0.5)
    assert.are.equal(0, list[1].x)
    assert.are.equal(0, list[2].x)
    assert.are.equal(1, completes)
  end)

  it("pause, time_scale, seek, stop and finish act on every member", function()
    local anim = kinetic.animator()
    local list = targets(3)
    local completes = 0
    local g = anim:to(list, 1, { x = 1 }, { easing = "linear", stagger = 0.25,
                                            on_complete = function() completes = completes + 1 end })
    anim:update(0.5)
    assert.are.same({ 0.5, 0.25, 0 }, { list[1].x, list[2].x, list[3].x })
    g:pause()
    anim:update(0.5)
    assert.are.same({ 0.5, 0.25, 0 }, { list[1].x, list[2].x, list[3].x })
    g:resume()
    g:time_scale(2)
    anim:update(0.125)
    assert.are.same({ 0.75, 0.5, 0.25 }, { list[1].x, list[2].x, list[3].x })
    g:time_scale(1)
    g:seek(1.25)
    assert.are.same({ 1, 1, 0.75 }, { list[1].x, list[2].x, list[3].x })
    assert.are.equal(1.25, g:time())
    g:finish()
    assert.are.same({ 1, 1, 1 }, { list[1].x, list[2].x, list[3].x })
    assert.are.equal(1, completes)
    assert.is_true(g:done())

    local other = targets(3)
    local g2 = anim:to(other, 1, { x = 1 }, { easing = "linear", stagger = 0.25 })
    anim:update(0.5)
    g2:stop()
    anim:update(1)
    assert.are.same({ 0.5, 0.25, 0 }, { other[1].x, other[2].x, other[3].x })
    assert.are.equal(0, anim:count())
  end)

  it("a list is recognised by rawget(list, 1) being a table or a full userdata", function()
    local anim = kinetic.animator()
    local vp1, vp2 = kinetic.viewport { width = 1, height = 1 }, kinetic.viewport { width = 1, height = 1 }
    anim:to({ vp1, vp2 }, 1, { scale_x = 3 }, { easing = "linear", stagger = 0.5 })
    anim:update(1)
    assert.are.equal(3, vp1.scale_x)
    assert.are.equal(2, vp2.scale_x)
    -- a table with a number at [1] is a target, not a list
    local t = { 5, x = 0 }
    anim:to(t, 1, { x = 1 }, { easing = "linear" })
    anim:update(0.5)
    assert.are.equal(0.5, t.x)
    assert.are.equal(5, t[1])
  end)
end)

describe("stagger errors", function()
  local function try(stagger)
    local anim = kinetic.animator()
    anim:to(targets(5), 1, { x = 1 }, { stagger = stagger })
  end
  for _, c in ipairs {
    { "from index 0", { each = 0.1, from = 0 } },
    { "from index n + 1", { each = 0.1, from = 6 } },
    { "from index 2.5", { each = 0.1, from = 2.5 } },
    { "unknown origin", { each = 0.1, from = "middle" } },
    { "negative each", { each = -0.1 } },
    { "negative amount", { amount = -1 } },
    { "NaN each", { each = 0 / 0 } },
    { "infinite amount", { amount = math.huge } },
    { "negative number", -0.1 },
    { "a string", "0.1" },
    { "bad easing", { each = 0.1, easing = "bogus" } },
  } do
    it("refuses " .. c[1], function()
      h.fails_bad_argument("bad argument #4 to 'to'", function() try(c[2]) end)
    end)
  end

  it("an unknown stagger option names the nearest one", function()
    local err = h.fails_bad_argument("unknown option 'eahc'; did you mean 'each'?", function() try { eahc = 0.1 } end)
    assert.truthy(err:find("bad argument #4 to 'to'", 1, true), err)
  end)
end)
