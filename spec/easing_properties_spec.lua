-- luacheck: max line length 200
-- Property specs: seeded random cases (a tiny LCG written here, not
-- math.random, so every VM sees the same cases).
local kinetic = require("kinetic")

local function prng(seed)
  local s = seed
  return function()          -- uniform in [0, 1), 31-bit LCG (exact in doubles)
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  end
end

local function close(a, b, tol) return math.abs(a - b) <= tol * math.max(1, math.abs(a), math.abs(b)) end

describe("property: easings", function()
  it("cubic-bezier with y1, y2 in [0,1] is monotone and continuous", function()
    local r = prng(1)
    for _ = 1, 300 do
      local e = kinetic.bezier(r(), r(), r(), r())
      local prev = e(0)
      for i = 1, 200 do
        local y = e(i / 200)
        if y < prev - 4e-15 then error("not monotone: " .. tostring(e)) end
        prev = y
      end
      assert.are.equal(0, e(0)); assert.are.equal(1, e(1))
      -- continuity: a tiny step in p moves y a little (slope bounded by the hull)
      local p = r()
      assert.is_true(math.abs(e(p + 1e-9) - e(p)) < 1e-3, tostring(e))
    end
  end)

  it("every named easing but steps is continuous (random p, tiny step)", function()
    local r = prng(9)
    for _, name in ipairs(kinetic.easings()) do
      if not name:find("step") then
        local e = kinetic.easing(name)
        assert.are.equal(0, e(0)); assert.are.equal(1, e(1))
        for _ = 1, 200 do
          local p = r()
          local d = math.abs(e(p + 1e-10) - e(p))
          if d > 1e-6 then error(string.format("%s jumps by %g at %.17g", name, d, p)) end
        end
      end
    end
  end)

  it("inverse(eval(p)) = p for monotone curves", function()
    local r = prng(2)
    for _ = 1, 300 do
      local x1, x2 = r(), r()
      local e = kinetic.bezier(x1, x1 * r(), x2, x2 + (1 - x2) * r())
      for _ = 1, 10 do
        local p = r()
        local q = e:inverse(e(p))
        assert.is_true(math.abs(e(q) - e(p)) <= 1e-12, tostring(e))
      end
    end
  end)

  it("linear() with monotone outputs is monotone; steps are non-decreasing", function()
    local r = prng(3)
    for _ = 1, 200 do
      local stops, v = {}, 0
      for i = 1, 2 + math.floor(r() * 6) do v = v + r(); stops[i] = v end
      local e = kinetic.linear(stops)
      local n = 1 + math.floor(r() * 10)
      local positions = { "jump-start", "jump-end", "jump-none", "jump-both", "start", "end" }
      local pos = positions[1 + math.floor(r() * 6)]
      if pos == "jump-none" and n < 2 then n = 2 end
      local st = kinetic.steps(n, pos)
      local pe, ps = e(0), st(0)
      for i = 1, 100 do
        local p = i / 100
        if e(p) < pe - 1e-15 then error("linear() not monotone: " .. tostring(e)) end
        if st(p) < ps then error("steps decreasing: " .. tostring(st)) end
        pe, ps = e(p), st(p)
      end
    end
  end)

  it("tostring round trips for random easings", function()
    local r = prng(4)
    local names = kinetic.easings()
    for _ = 1, 300 do
      local e
      local k = math.floor(r() * 4)
      if k == 0 then e = kinetic.bezier(r(), r() * 4 - 2, r(), r() * 4 - 2)
      elseif k == 1 then e = kinetic.steps(2 + math.floor(r() * 20), ({ "jump-start", "jump-none", "end" })[1 + math.floor(r() * 3)])
      elseif k == 2 then e = kinetic.linear{ r(), { r(), 0.3 }, { r(), 0.6, 0.8 }, r() }
      else e = kinetic.easing(names[1 + math.floor(r() * #names)]) end
      local s = tostring(e)
      local e2 = kinetic.easing(s)
      assert.are.equal(s, tostring(e2))
      for i = 0, 10 do assert.are.equal(e(i / 10), e2(i / 10)) end
    end
  end)
end)

describe("property: springs", function()
  it("analytic springs are frame-rate independent under random dt splits", function()
    local r = prng(5)
    for _ = 1, 100 do
      local opts = { stiffness = 1 + r() * 500, damping = r() * 40, mass = 0.2 + r() * 3,
                     from = r() * 10 - 5, to = r() * 10 - 5, velocity = r() * 20 - 10 }
      local a, b = kinetic.spring(opts), kinetic.spring(opts)
      local T = 0.2 + r()
      local xa = a:update(T)
      local t = 0
      while t < T do
        local dt = math.min(r() * 0.05, T - t)
        if T - t - dt < 1e-9 then dt = T - t end
        b:update(dt); t = t + dt
      end
      local scale = math.abs(opts.from - opts.to) + math.abs(opts.velocity) + 1
      assert.is_true(math.abs(xa - b:position()) <= 1e-12 * scale,
        string.format("%.17g vs %.17g", xa, b:position()))
    end
  end)

  it("energy never grows for damping > 0", function()
    local r = prng(6)
    for _ = 1, 100 do
      local k, c, m = 1 + r() * 500, 0.01 + r() * 40, 0.2 + r() * 3
      local s = kinetic.spring{ stiffness = k, damping = c, mass = m, from = r() * 2 - 1, to = 0,
                                velocity = r() * 10 - 5, rest_delta = 0, rest_speed = 0 }
      local function energy() local y, v = s:position(), s:velocity(); return 0.5 * k * y * y + 0.5 * m * v * v end
      local prev = energy()
      for _ = 1, 100 do
        s:update(r() * 0.05)
        local E = energy()
        assert.is_true(E <= prev * (1 + 1e-12) + 1e-300)
        prev = E
      end
    end
  end)
end)

describe("property: timelines", function()
  it("at(t) equals stepping update to t", function()
    local r = prng(7)
    local afters = { "stop", "restart", "reverse" }
    for _ = 1, 100 do
      local def = { from = r() * 100, after = afters[1 + math.floor(r() * 3)], iterations = 1 + math.floor(r() * 3),
                    delay = r() * 0.2 }
      for i = 1, 1 + math.floor(r() * 4) do def[i] = { to = r() * 100, duration = 0.05 + r() * 0.5, easing = "ease-in-out" } end
      local tl = kinetic.timeline(def)
      local t = 0
      for _ = 1, 50 do
        local dt = r() * 0.1
        local x = tl:update(dt); t = t + dt
        assert.is_true(close(x, tl:at(tl:time()), 1e-12))
        assert.is_true(close(tl:time(), math.min(t, tl:total_duration()), 1e-12))
      end
    end
  end)

  it("update_timelines equals each timeline's update, bit for bit (random lists, shapes, callbacks)", function()
    local r = prng(23)
    local afters = { "stop", "restart", "reverse" }
    local easings = { "linear", "ease", "outBack", "steps(3, jump-both)", "inOutElastic", "cubic-bezier(0.3, -0.5, 0.6, 1.6)" }
    local names = { "x", "y", "alpha", "scale", "angle", "w" }
    local function random_def(log, tag)
      local shape = math.floor(r() * 3)            -- number, vector, named
      local n = 1 + math.floor(r() * 6)
      local function state()
        if shape == 0 then return r() * 200 - 100 end
        local v = {}
        for j = 1, n do v[shape == 1 and j or names[j]] = r() * 200 - 100 end
        return v
      end
      local def = { from = state(), after = afters[1 + math.floor(r() * 3)], delay = r() < 0.3 and r() * 0.3 or nil }
      def.iterations = def.after ~= "stop" and r() < 0.5 and math.huge or 1 + math.floor(r() * 4)
      for i = 1, 1 + math.floor(r() * 5) do
        def[i] = { to = state(), duration = 0.02 + r() * 0.4, easing = easings[1 + math.floor(r() * #easings)] }
      end
      if r() < 0.25 then
        def.on_keyframe = function(_, k) log[#log + 1] = tag .. "k" .. k end
        def.on_complete = function() log[#log + 1] = tag .. "c" end
      end
      return def
    end
    local quiet, events = 0, 0          -- lists without callbacks (LuaJIT: the FFI loop); events seen
    for _ = 1, 60 do
      local log_a, log_b, list, twins, tables = {}, {}, {}, {}, {}
      local with_callbacks = false
      for i = 1, 1 + math.floor(r() * 12) do
        -- the same random definition twice (the generator replayed)
        local mark = r()
        local save = r
        r = prng(math.floor(mark * 2147483648)); list[i] = kinetic.timeline(random_def(log_a, i))
        r = prng(math.floor(mark * 2147483648))
        local def = random_def(log_b, i)
        twins[i], tables[i] = kinetic.timeline(def), type(def.from) == "table"
        with_callbacks = with_callbacks or def.on_keyframe ~= nil
        r = save
      end
      local out, outs = {}, {}
      for _ = 1, 80 do
        local dt = r() < 0.1 and 0 or r() * 0.08
        local _, playing = kinetic.update_timelines(list, dt, out)
        local playing_b = 0
        for i, tl in ipairs(twins) do
          if tables[i] then                      -- vectors (of 1 too) and named properties
            outs[i] = outs[i] or {}
            tl:update(dt, outs[i])
          else
            outs[i] = tl:update(dt)
          end
          if not tl:done() then playing_b = playing_b + 1 end
        end
        assert.are.equal(playing_b, playing)
        assert.are.same(outs, out)
      end
      assert.are.same(log_b, log_a)
      events = events + #log_a
      if not with_callbacks then quiet = quiet + 1 end
    end
    assert.is_true(quiet >= 5 and events >= 50, quiet .. " quiet lists, " .. events .. " events")
  end)
end)
