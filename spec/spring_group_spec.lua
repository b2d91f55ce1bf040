-- luacheck: no max line length
-- kinetic.spring_group (API.md section 6): count scalar springs in one
-- userdata, bit for bit the same as count separate kinetic.Springs.
local kinetic = require("kinetic")

-- deterministic generator (same sequence on every VM)
local function lcg(seed)
  local s = seed
  return function()
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  end
end

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

local function with(t, extra)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  for k, v in pairs(extra) do o[k] = v end
  return o
end

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
  local function err(opts, pattern)
    local ok, msg = pcall(kinetic.spring_group, opts)
    assert.is_false(ok)
    assert.truthy(tostring(msg):find(pattern, 1, true), tostring(msg))
  end

  it("refuses a missing, small, non-integer or non-numeric count", function()
    err(nil, "table expected, got nil")
    err({}, "field 'count': integer >= 1 expected, got nil")
    err({ count = 0 }, "field 'count': integer >= 1 expected, got 0")
    err({ count = -3 }, "field 'count': integer >= 1 expected, got -3")
    err({ count = 2.5 }, "field 'count': integer >= 1 expected, got 2.5")
    err({ count = 0 / 0 }, "field 'count': finite number expected, got nan")
    err({ count = math.huge }, "field 'count': finite number expected, got inf")
    err({ count = "3" }, "field 'count': number expected, got string")
  end)

  it("refuses arrays of the wrong length and non-finite states", function()
    err({ count = 3, from = { 1, 2 } }, "field 'from': array of 3 numbers (count) expected, got 2 items")
    err({ count = 1, to = { 1, 2 } }, "field 'to': array of 1 numbers (count) expected, got 2 items")
    err({ count = 2, velocity = {} }, "field 'velocity': array of 2 numbers (count) expected, got 0 items")
    err({ count = 2, from = { 1, 0 / 0 } }, "field 'from': item 2: finite number expected, got nan")
    err({ count = 2, to = { 1, "x" } }, "field 'to': item 2: number expected, got string")
    err({ count = 2, to = math.huge }, "field 'to': finite number expected, got inf")
    err({ count = 2, velocity = true }, "field 'velocity': number or array expected, got boolean")
  end)

  it("refuses unknown fields, callbacks, two families and bad parameters as kinetic.spring does", function()
    err({ count = 2, stiffnes = 100 }, "unknown field 'stiffnes'")
    err({ count = 2, on_update = print }, "unknown field 'on_update'")
    err({ count = 2, 5 }, "unexpected key of type number")
    err({ count = 2, stiffness = 100, tension = 3 }, "one parameter family expected, got 'stiffness' and 'tension'")
    err({ count = 2, frequency = 1, duration = 3 }, "one parameter family expected")
    err({ count = 2, stiffness = -1 }, "field 'stiffness': non-negative number expected, got -1")
    err({ count = 2, preset = "boing" }, "field 'preset': one of 'default'")
    err({ count = 2, damping_ratio = 1 }, "field 'damping_ratio': needs 'frequency' or 'response'")
    err({ count = 2, rest_delta = -1 }, "field 'rest_delta': non-negative number expected, got -1")
    err({ count = 2, clamp = 1 }, "field 'clamp': boolean expected, got number")
    err({ count = 2, integrator = "rk4" }, "field 'integrator': 'analytic' expected")
    err({ count = 2, integrator = "euler" }, "use kinetic.spring for 'rk4' or 'euler'), got 'euler'")
    -- the same message as kinetic.spring for a shared family error
    local _, m1 = pcall(kinetic.spring, { stiffness = 1, bounciness = 2 })
    local _, m2 = pcall(kinetic.spring_group, { count = 1, stiffness = 1, bounciness = 2 })
    assert.are.equal((m1:gsub("to '[^']*'", "")), (m2:gsub("to '[^']*'", "")))
  end)

  it("checks method arguments: index range, integers, finite numbers, arrays", function()
    local g = kinetic.spring_group { count = 3 }
    local function merr(f, pattern)
      local ok, msg = pcall(f)
      assert.is_false(ok)
      assert.truthy(tostring(msg):find(pattern, 1, true), tostring(msg))
    end
    merr(function() local _ = g:position(0) end, "bad argument #1 to 'position' (index in [1, 3] expected, got 0)")
    merr(function() local _ = g:position(4) end, "index in [1, 3] expected, got 4")
    merr(function() local _ = g:velocity(1.5) end, "bad argument #1 to 'velocity' (index in [1, 3] expected, got 1.5)")
    merr(function() local _ = g:target(0 / 0) end, "index in [1, 3] expected, got nan")
    merr(function() local _ = g:at_rest("1") end, "bad argument #1 to 'at_rest' (integer index expected, got string)")
    merr(function() local _ = g:set(1) end, "bad argument #2 to 'set' (number expected, got no value)")
    merr(function() local _ = g:set(1, 0, 0 / 0) end, "bad argument #3 to 'set' (finite number expected, got nan)")
    merr(function() local _ = g:set_target(3, math.huge) end, "bad argument #2 to 'set_target' (finite number expected, got inf)")
    merr(function() local _ = g:set_targets { 1, 2 } end,
         "bad argument #1 to 'set_targets' (array of 3 numbers (count) expected, got 2 items)")
    merr(function() local _ = g:set_targets { 1, 2, 0 / 0 } end, "item 3: finite number expected, got nan")
    merr(function() local _ = g:set_targets(5) end, "bad argument #1 to 'set_targets' (array of numbers expected, got number)")
    -- a bad item anywhere changes no target, not even those before it
    local big = kinetic.spring_group { count = 300, stiffness = 100, damping = 20, from = 0, to = 1 }
    local tg = {}
    for i = 1, 300 do tg[i] = 2 end
    tg[250] = "2"
    merr(function() local _ = big:set_targets(tg) end, "item 250: finite number expected, got string")
    tg[250] = 2; tg[300] = math.huge
    merr(function() local _ = big:set_targets(tg) end, "item 300: finite number expected, got inf")
    for i = 1, 300 do assert.are.equal(1, big:target(i)) end
    assert.are.equal(300, big:update(1 / 60))
    merr(function() local _ = g:update(-1) end, "bad argument #1 to 'update' (non-negative number expected, got -1)")
    merr(function() local _ = g:update(0 / 0) end, "bad argument #1 to 'update' (finite number expected, got nan)")
    merr(function() local _ = g:update() end, "bad argument #1 to 'update' (number expected, got no value)")
    merr(function() local _ = g:positions(5) end, "bad argument #1 to 'positions' (table expected, got number)")
    merr(function() local _ = g.update(kinetic.spring {}, 1) end, "kinetic.SpringGroup expected, got kinetic.Spring")
  end)
end)
