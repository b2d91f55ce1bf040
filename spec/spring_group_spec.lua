-- luacheck: no max line length
-- kinetic.spring_group: count scalar springs in one userdata, bit for bit
-- the same as count separate kinetic.Springs (docs/spring_group.md).
local kinetic = require("kinetic")
local h = require("spec.helpers")
local lcg, fails = h.lcg, h.fails

local FAMILIES = {
  { stiffness = 170, damping = 26 },
  { stiffness = 180, damping = 12, mass = 1.5 },
  { frequency = 2, damping_ratio = 0.4 },
  { response = 0.3, damping_ratio = 1 },           -- critical
  { duration = 0.6, bounce = -0.5 },               -- over-damped
  { tension = 40, friction = 7 },
  { origami_tension = 40, origami_friction = 7 },
  { bounciness = 10, speed = 12 },
  { preset = "wobbly" },
  { stiffness = 0, damping = 4 },                  -- coasting
  { stiffness = 100, damping = 0, rest_delta = 0 },
}

local with = h.with

describe("kinetic.spring_group", function()
  it("is a kinetic.SpringGroup with #g = count and a tostring", function()
    local g = kinetic.spring_group { count = 7 }
    assert.are.equal(7, #g)
    assert.truthy(tostring(g):match("^kinetic%.SpringGroup%(count=7"))
  end)

  -- every update loop the CPU offers (AVX-512, AVX, SSE2 on x86-64; the
  -- plain C loop everywhere), capped through the _simd test hook
  for _, cap in ipairs { "best", "avx512", "avx", "sse2", "scalar" } do
  for fi, fam in ipairs(FAMILIES) do
    for _, clamp in ipairs { false, true } do
      it(("equals count separate Springs bit for bit (%s loop, family %d, clamp %s)"):format(cap, fi, tostring(clamp)), function()
        local rnd = lcg(1000 + fi)
        local count = 25
        local from, to, vel = {}, {}, {}
        for i = 1, count do
          from[i] = (rnd() - 0.5) * 200
          to[i] = i % 5 == 0 and from[i] or (rnd() - 0.5) * 200
          vel[i] = i % 3 == 0 and (rnd() - 0.5) * 500 or 0
        end
        local g = kinetic.spring_group(with(fam, { count = count, from = from, to = to,
                                                   velocity = vel, clamp = clamp }))
        local path = g:_simd(cap)
        assert.is_truthy(({ avx512 = 1, avx = 1, sse2 = 1, scalar = 1 })[path])
        if cap == "scalar" then assert.are.equal("scalar", path) end
        local springs = {}
        for i = 1, count do
          springs[i] = kinetic.spring(with(fam, { from = from[i], to = to[i], velocity = vel[i],
                                                  clamp = clamp }))
        end
        local out = {}
        for step = 1, 400 do
          local r = rnd()
          local dt = r < 0.6 and 1 / 60 or r < 0.8 and 1 / 144 or r < 0.95 and rnd() * 0.1 or 0
          local moving = g:update(dt)
          local expect = 0
          for i = 1, count do
            springs[i]:update(dt)
            if not springs[i]:at_rest() then expect = expect + 1 end
          end
          assert.are.equal(expect, moving)
          g:positions(out)
          for i = 1, count do
            local s = springs[i]
            if out[i] ~= s:position() or g:position(i) ~= s:position()
               or g:velocity(i) ~= s:velocity() or g:target(i) ~= s:target()
               or g:at_rest(i) ~= s:at_rest() then
              error(("%s loop, step %d spring %d: group (%.17g, %.17g, %s) vs spring (%.17g, %.17g, %s)"):format(
                path, step, i, g:position(i), g:velocity(i), tostring(g:at_rest(i)),
                s:position(), s:velocity(), tostring(s:at_rest())))
            end
          end
          -- interruptions: new targets, teleports, kicks
          if step % 37 == 0 then
            -- new targets for most; a third keep theirs (no restart for those)
            local tg = {}
            for i = 1, count do tg[i] = (i + step) % 3 == 0 and g:target(i) or (rnd() - 0.5) * 300 end
            g:set_targets(tg)
            for i = 1, count do springs[i]:set_target(tg[i]) end
          elseif step % 23 == 0 then
            local i = 1 + math.floor(rnd() * count)
            local x = (rnd() - 0.5) * 100
            g:set_target(i, x)
            springs[i]:set_target(x)
          elseif step % 29 == 0 then
            local i = 1 + math.floor(rnd() * count)
            local x, v = (rnd() - 0.5) * 100, (rnd() - 0.5) * 100
            g:set(i, x, v)
            springs[i]:set_position(x)
            springs[i]:set_velocity(v)
          elseif step % 31 == 0 then
            local i = 1 + math.floor(rnd() * count)
            local x = (rnd() - 0.5) * 100
            g:set(i, x)
            springs[i]:set_position(x)
          end
        end
      end)
    end
  end
  end

  -- set_targets restarts exactly the springs whose target changes, in every
  -- lane of every loop: a group at rest wakes only those.
  for _, cap in ipairs { "best", "avx512", "avx", "sse2", "scalar" } do
    it(("set_targets wakes only the springs whose target changes (%s loop)"):format(cap), function()
      local count = 21
      local to = {}
      for i = 1, count do to[i] = i end
      local g = kinetic.spring_group { count = count, stiffness = 300, damping = 40, from = to, to = to }
      g:_simd(cap)
      assert.are.equal(0, g:update(1 / 60))
      g:set_targets(to)                                   -- nothing changes
      assert.are.equal(0, g:update(1 / 60))
      for k = 1, count do
        local tg = {}
        for i = 1, count do tg[i] = to[i] end
        tg[k] = to[k] + 10
        g:set_targets(tg)
        assert.are.equal(1, g:update(1 / 60))
        for i = 1, count do
          assert.are.equal(i == k, not g:at_rest(i))
          assert.are.equal(i == k and to[k] + 10 or to[i], g:target(i))
        end
        while g:update(1 / 60) > 0 do end
        assert.are.equal(to[k] + 10, g:position(k))
        g:set_targets(to)
        assert.are.equal(1, g:update(1 / 60))
        while g:update(1 / 60) > 0 do end
        assert.are.equal(to[k], g:position(k))
      end
    end)
  end

  -- A large group: 1003 is not a multiple of any vector width, and
  -- changed, unchanged, moving and resting springs share vectors.  (Runs
  -- that start past 0, first > 0 in the core, are fuzz_group's.)
  for _, cap in ipairs { "best", "avx512", "avx", "sse2", "scalar" } do
    it(("set_targets in a group of 1003 equals separate Springs (%s loop)"):format(cap), function()
      local rnd = lcg(77)
      local count = 1003
      local from, to = {}, {}
      for i = 1, count do
        from[i] = (rnd() - 0.5) * 100
        to[i] = i % 4 == 0 and from[i] or (rnd() - 0.5) * 100    -- a quarter start at rest
      end
      local g = kinetic.spring_group { count = count, stiffness = 170, damping = 26, from = from, to = to }
      g:_simd(cap)
      local springs = {}
      for i = 1, count do springs[i] = kinetic.spring { stiffness = 170, damping = 26, from = from[i], to = to[i] } end
      local function moving()
        local m = 0
        for i = 1, count do if not springs[i]:at_rest() then m = m + 1 end end
        return m
      end
      for step = 1, 12 do
        local tg = {}
        for i = 1, count do
          local r = rnd()
          tg[i] = r < 0.4 and g:target(i) or r < 0.5 and g:position(i) or (rnd() - 0.5) * 100
        end
        g:set_targets(tg)
        for i = 1, count do springs[i]:set_target(tg[i]) end
        assert.truthy(tostring(g):find((", %d moving)"):format(moving()), 1, true), tostring(g))
        local dt = step % 3 == 0 and 0.4 or 1 / 60             -- some settle in between
        local m = g:update(dt)
        for i = 1, count do springs[i]:update(dt) end
        assert.are.equal(moving(), m)
        for i = 1, count do
          local s = springs[i]
          if g:position(i) ~= s:position() or g:velocity(i) ~= s:velocity()
             or g:target(i) ~= s:target() or g:at_rest(i) ~= s:at_rest() then
            error(("step %d spring %d: group (%.17g, %.17g, %s) vs spring (%.17g, %.17g, %s)"):format(
              step, i, g:position(i), g:velocity(i), tostring(g:at_rest(i)),
              s:position(), s:velocity(), tostring(s:at_rest())))
          end
        end
      end
    end)
  end

  it("takes numbers for all or arrays of count for from, to, velocity", function()
    local g = kinetic.spring_group { count = 3, from = 2, to = { 1, 2, 3 }, velocity = 0 }
    assert.are.same({ 2, 2, 2 }, g:positions())
    assert.are.equal(3, g:target(3))
    assert.is_true(g:at_rest(2))          -- from == to, no velocity
    assert.is_false(g:at_rest(1))
    assert.are.equal(2, g:update(1 / 60))
  end)

  it("takes negative numbers for all, as kinetic.spring does (they were refused as 'non-negative')", function()
    local g = kinetic.spring_group { count = 2, stiffness = 170, damping = 26, from = -1.5, to = -7, velocity = -3 }
    local s = kinetic.spring { stiffness = 170, damping = 26, from = -1.5, to = -7, velocity = -3 }
    assert.are.same({ -1.5, -1.5 }, g:positions())
    assert.are.equal(-7, g:target(2))
    assert.are.equal(-3, g:velocity(1))
    for _ = 1, 30 do
      local x = s:update(1 / 60)
      g:update(1 / 60)
      assert.are.equal(x, g:position(1))
      assert.are.equal(x, g:position(2))
    end
  end)

  it("positions(out) fills and returns out; set/set_target return the group", function()
    local g = kinetic.spring_group { count = 2 }
    local out = { 9, 9, 9 }
    assert.are.equal(out, g:positions(out))
    assert.are.same({ 0, 0, 9 }, out)
    assert.are.equal(g, g:set(1, 0.5))
    assert.are.equal(g, g:set(1, 0.5, 2))
    assert.are.equal(2, g:velocity(1))
    assert.are.equal(g, g:set_target(2, 3))
    assert.are.equal(g, g:set_targets { 1, 1 })
  end)

  it("comes to rest exactly on the targets and reports 0 moving", function()
    local g = kinetic.spring_group { count = 10, preset = "stiff", from = 0, to = 100 }
    local moving
    for _ = 1, 600 do moving = g:update(1 / 60) end
    assert.are.equal(0, moving)
    for i = 1, 10 do
      assert.are.equal(100, g:position(i))
      assert.are.equal(0, g:velocity(i))
      assert.is_true(g:at_rest(i))
    end
  end)
end)

describe("kinetic.spring_group bad input", function()
  local G = kinetic.spring_group

  it("refuses a missing, small, non-integer or non-numeric count", function()
    fails("table expected, got nil", G, nil)
    fails("field 'count': integer >= 1 expected, got nil", G, {})
    fails("field 'count': integer >= 1 expected, got 0", G, { count = 0 })
    fails("field 'count': integer >= 1 expected, got -3", G, { count = -3 })
    fails("field 'count': integer >= 1 expected, got 2.5", G, { count = 2.5 })
    fails("field 'count': finite number expected, got nan", G, { count = 0 / 0 })
    fails("field 'count': finite number expected, got inf", G, { count = math.huge })
    fails("field 'count': number expected, got string", G, { count = "3" })
  end)

  it("refuses arrays of the wrong length and non-finite states", function()
    fails("field 'from': array of 3 numbers (count) expected, got 2 items", G, { count = 3, from = { 1, 2 } })
    fails("field 'to': array of 1 numbers (count) expected, got 2 items", G, { count = 1, to = { 1, 2 } })
    fails("field 'velocity': array of 2 numbers (count) expected, got 0 items", G, { count = 2, velocity = {} })
    fails("field 'from': item 2: finite number expected, got nan", G, { count = 2, from = { 1, 0 / 0 } })
    fails("field 'to': item 2: number expected, got string", G, { count = 2, to = { 1, "x" } })
    fails("field 'to': finite number expected, got inf", G, { count = 2, to = math.huge })
    fails("field 'velocity': number or array expected, got boolean", G, { count = 2, velocity = true })
  end)

  it("refuses unknown fields, callbacks, two families and bad parameters as kinetic.spring does", function()
    fails("unknown option 'stiffnes'; did you mean 'stiffness'?", G, { count = 2, stiffnes = 100 })
    fails("unknown option 'on_update' (a spring group takes no callbacks", G, { count = 2, on_update = print })
    fails("unexpected key of type number", G, { count = 2, 5 })
    fails("one parameter family expected, got 'stiffness' and 'tension'", G, { count = 2, stiffness = 100, tension = 3 })
    fails("one parameter family expected", G, { count = 2, frequency = 1, duration = 3 })
    fails("field 'stiffness': non-negative number expected, got -1", G, { count = 2, stiffness = -1 })
    fails("field 'preset': one of 'default'", G, { count = 2, preset = "boing" })
    fails("field 'damping_ratio': needs 'frequency' or 'response'", G, { count = 2, damping_ratio = 1 })
    fails("field 'rest_delta': non-negative number expected, got -1", G, { count = 2, rest_delta = -1 })
    fails("field 'clamp': boolean expected, got number", G, { count = 2, clamp = 1 })
    fails("field 'integrator': 'analytic' expected", G, { count = 2, integrator = "rk4" })
    fails("use kinetic.spring for 'rk4' or 'euler'), got 'euler'", G, { count = 2, integrator = "euler" })
    -- the same message as kinetic.spring for a shared family error
    local _, m1 = pcall(kinetic.spring, { stiffness = 1, bounciness = 2 })
    local _, m2 = pcall(kinetic.spring_group, { count = 1, stiffness = 1, bounciness = 2 })
    assert.are.equal((m1:gsub("to '[^']*'", "")), (m2:gsub("to '[^']*'", "")))
  end)

  it("checks method arguments: index range, integers, finite numbers, arrays", function()
    local g = kinetic.spring_group { count = 3 }
    fails("bad argument #1 to 'position' (index in [1, 3] expected, got 0)", function() local _ = g:position(0) end)
    fails("index in [1, 3] expected, got 4", function() local _ = g:position(4) end)
    fails("bad argument #1 to 'velocity' (index in [1, 3] expected, got 1.5)", function() local _ = g:velocity(1.5) end)
    fails("index in [1, 3] expected, got nan", function() local _ = g:target(0 / 0) end)
    fails("bad argument #1 to 'at_rest' (integer index expected, got string)", function() local _ = g:at_rest("1") end)
    fails("bad argument #2 to 'set' (number expected, got no value)", function() local _ = g:set(1) end)
    fails("bad argument #3 to 'set' (finite number expected, got nan)", function() local _ = g:set(1, 0, 0 / 0) end)
    fails("bad argument #2 to 'set_target' (finite number expected, got inf)", function() local _ = g:set_target(3, math.huge) end)
    fails("bad argument #1 to 'set_targets' (array of 3 numbers (count) expected, got 2 items)",
          function() local _ = g:set_targets { 1, 2 } end)
    fails("item 3: finite number expected, got nan", function() local _ = g:set_targets { 1, 2, 0 / 0 } end)
    fails("bad argument #1 to 'set_targets' (array of numbers expected, got number)", function() local _ = g:set_targets(5) end)
    -- a bad item anywhere changes no target, not even those before it
    local big = kinetic.spring_group { count = 300, stiffness = 100, damping = 20, from = 0, to = 1 }
    local tg = {}
    for i = 1, 300 do tg[i] = 2 end
    tg[250] = "2"
    fails("item 250: finite number expected, got string", function() local _ = big:set_targets(tg) end)
    tg[250] = 2; tg[300] = math.huge
    fails("item 300: finite number expected, got inf", function() local _ = big:set_targets(tg) end)
    for i = 1, 300 do assert.are.equal(1, big:target(i)) end
    assert.are.equal(300, big:update(1 / 60))
    fails("bad argument #1 to 'update' (non-negative number expected, got -1)", function() local _ = g:update(-1) end)
    fails("bad argument #1 to 'update' (finite number expected, got nan)", function() local _ = g:update(0 / 0) end)
    fails("bad argument #1 to 'update' (number expected, got no value)", function() local _ = g:update() end)
    fails("bad argument #1 to 'positions' (table expected, got number)", function() local _ = g:positions(5) end)
    fails("kinetic.SpringGroup expected, got kinetic.Spring", function() local _ = g.update(kinetic.spring {}, 1) end)
  end)
end)
