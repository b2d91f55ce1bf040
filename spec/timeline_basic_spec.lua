-- Timelines against the declarative animation model -- linear segments,
-- the after-end strategies, composite state changes, vector and named
-- states -- whose formulas are written out again here, independently of the
-- C code.
local kinetic = require("kinetic")

local EPS = 1e-12
local near = require("spec.helpers").relative_near(EPS)

-- The floored modulo: a mod b = a - b*floor(a/b).
local function mod(a, b) return a - b * math.floor(a / b) end

-- The adjusted time t' of an after-end strategy, t >= 0.
local function adjusted(after, t, tmax)
  if after == "stop" then return math.min(t, tmax) end          -- hold the end
  if after == "restart" then return mod(t, tmax) end            -- start over
  local c = math.floor(t / tmax)                                -- reverse: odd passes backwards
  if c % 2 == 0 then return mod(t, tmax) end
  return tmax - mod(t, tmax)
end

-- Composite state change: keys[1] = from, keys[i+1] = to of segment i,
-- durs[i] relative durations. Linear interpolation inside the segment.
local function composite(keys, durs, t)
  local start = 0
  for i = 1, #durs do
    -- t_start(i) <= t < t_start(i+1), with cumulative start times
    if t < start + durs[i] or i == #durs then
      local tp = t - start                                       -- t' = t - sum t_j
      local x1, x2 = keys[i], keys[i + 1]
      return x1 + tp * (x2 - x1) / durs[i]                       -- linear
    end
    start = start + durs[i]
  end
end

local function model_value(keys, durs, after, t)
  local tmax = 0
  for _, d in ipairs(durs) do tmax = tmax + d end
  return composite(keys, durs, adjusted(after, t, tmax))
end

describe("timeline: one segment", function()
  it("is the linear interpolation x1 + t (x2 - x1) / t_max", function()
    local tl = kinetic.timeline{ from = 3, { to = 11, duration = 2 } }
    for i = 0, 20 do
      local t = i / 10
      near(3 + t * (11 - 3) / 2, tl:at(t), EPS, "t=" .. t)
    end
  end)

  it("reports its durations", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 0.5 }, { to = 2, duration = 0.25 } }
    assert.are.equal(0.75, tl:duration())
    assert.are.equal(0.75, tl:total_duration())
    assert.are.equal(0, tl:time())
    assert.is_false(tl:done())
    assert.matches("^kinetic%.Timeline%(", tostring(tl))
  end)
end)

describe("timeline: after-end strategies", function()
  local keys, durs = { 0, 100, 40 }, { 0.5, 0.25 }
  for _, after in ipairs({ "stop", "restart", "reverse" }) do
    it(after .. " follows the model's adjusted time over many periods", function()
      local tl = kinetic.timeline{ from = 0, { to = 100, duration = 0.5 }, { to = 40, duration = 0.25 },
                                   after = after, iterations = math.huge }
      for i = 0, 400 do
        local t = i * 0.0137
        near(model_value(keys, durs, after, t), tl:at(t), 1e-9, after .. " t=" .. t)
      end
    end)
  end

  it("stop holds the end state from t_max on", function()
    local tl = kinetic.timeline{ from = 0, { to = 100, duration = 1 } }
    assert.are.equal(100, tl:at(1))
    assert.are.equal(100, tl:at(5))
    assert.are.equal(1, tl:total_duration())
  end)

  it("restart shows the start state at exact multiples of t_max (t mod t_max = 0)", function()
    local tl = kinetic.timeline{ from = 10, { to = 20, duration = 0.5 }, { to = 30, duration = 0.5 },
                                 after = "restart" }
    assert.are.equal(math.huge, tl:total_duration())
    for k = 1, 6 do
      assert.are.equal(10, tl:at(k * 1.0))
      near(20, tl:at(k + 0.5), EPS)
    end
  end)

  it("reverse shows the end state at odd and the start state at even multiples", function()
    local tl = kinetic.timeline{ from = 10, { to = 20, duration = 0.5 }, { to = 30, duration = 0.5 },
                                 after = "reverse" }
    for k = 1, 6 do
      assert.are.equal(k % 2 == 1 and 30 or 10, tl:at(k * 1.0))
    end
    near(25, tl:at(1.25), EPS)     -- on the way back: t' = 1 - 0.25
    near(15, tl:at(2.25), EPS)     -- forwards again
  end)

  it("ends a finite restart on the end state of its last iteration", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "restart", iterations = 3 }
    assert.are.equal(3, tl:total_duration())
    assert.are.equal(0, tl:at(1))
    assert.are.equal(0, tl:at(2))
    assert.are.equal(1, tl:at(3))
    assert.are.equal(1, tl:at(100))
  end)

  it("ends a finite reverse where its last pass ends", function()
    local even = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "reverse", iterations = 2 }
    assert.are.equal(0, even:at(2))
    assert.are.equal(0, even:at(9))
    local odd = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "reverse", iterations = 3 }
    assert.are.equal(1, odd:at(3))
    assert.are.equal(1, odd:at(9))
  end)

  it("stops a fractional iteration count part-way through the last pass", function()
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 2 }, after = "reverse", iterations = 1.5 }
    assert.are.equal(3, tl:total_duration())
    near(5, tl:at(3), EPS)
    near(5, tl:at(30), EPS)
  end)

  it("stop with several iterations holds the end and completes after all of them", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, iterations = 3 }
    assert.are.equal(3, tl:total_duration())
    assert.are.equal(1, tl:at(1.5))
    tl:update(2.5)
    assert.is_false(tl:done())
    tl:update(0.5)
    assert.is_true(tl:done())
  end)

  it("waits for its delay on the start state", function()
    local tl = kinetic.timeline{ from = 5, { to = 15, duration = 1 }, delay = 0.5, after = "reverse", iterations = 2 }
    assert.are.equal(2.5, tl:total_duration())
    assert.are.equal(5, tl:at(0))
    assert.are.equal(5, tl:at(0.25))
    assert.are.equal(5, tl:at(0.5))
    near(10, tl:at(1), EPS)
    assert.are.equal(15, tl:at(1.5))
    near(10, tl:at(2), EPS)
    assert.are.equal(5, tl:at(2.5))
    assert.are.equal(5, tl:at(-1))
  end)
end)

describe("timeline: composite state change", function()
  it("locates the segment by cumulative start times and interpolates within it", function()
    local keys, durs = { 0, 10, -5, -5, 20 }, { 0.3, 0.1, 0.2, 0.4 }
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 0.3 }, { to = -5, duration = 0.1 },
                                 { to = -5, duration = 0.2 }, { to = 20, duration = 0.4 } }
    near(1.0, tl:duration(), EPS)
    for i = 0, 100 do
      local t = i / 100
      near(model_value(keys, durs, "stop", t), tl:at(t), 1e-9, "t=" .. t)
    end
  end)

  it("hits every keyframe exactly at its start time", function()
    local tl = kinetic.timeline{ from = 0.1, { to = 0.7, duration = 0.1 }, { to = 0.3, duration = 0.2 },
                                 { to = 1 / 3, duration = 0.3 } }
    assert.are.equal(0.1, tl:at(0))
    assert.are.equal(0.7, tl:at(0.1))
    assert.are.equal(0.3, tl:at(0.1 + 0.2))
    assert.are.equal(1 / 3, tl:at(tl:duration()))
  end)

  it("evaluates a long timeline (binary search) like the linear scan", function()
    local def, keys, durs = { from = 0 }, { 0 }, {}
    for i = 1, 500 do
      local d = 0.01 + (i % 7) * 0.003
      def[i] = { to = math.sin(i), duration = d }
      keys[i + 1], durs[i] = math.sin(i), d
    end
    local tl = kinetic.timeline(def)
    for i = 0, 2000 do
      local t = i * tl:duration() / 2000
      near(composite(keys, durs, t), tl:at(t), 1e-9, "t=" .. t)
    end
  end)
end)

describe("timeline: vector and named states", function()
  it("interpolates each component of an array alike", function()
    local tl = kinetic.timeline{ from = { 0, 10, -1 }, { to = { 4, 0, 1 }, duration = 2 },
                                 { to = { 4, 5, 3 }, duration = 1 } }
    local a, b, c = tl:at(1)
    near(2, a); near(5, b); near(0, c)
    a, b, c = tl:at(2.5)
    near(4, a); near(2.5, b); near(2, c)
  end)

  it("fills an out array without changing its identity", function()
    local tl = kinetic.timeline{ from = { 0, 10 }, { to = { 4, 0 }, duration = 2 } }
    local out = {}
    local r = tl:at(1, out)
    assert.are.equal(out, r)
    near(2, out[1]); near(5, out[2])
    r = tl:update(0.5, out)
    assert.are.equal(out, r)
    near(1, out[1]); near(7.5, out[2])
  end)

  it("maps named properties to components and fills out or a new table", function()
    local tl = kinetic.timeline{ from = { x = 0, alpha = 1, y = 100 },
                                 { to = { x = 50, alpha = 0, y = 100 }, duration = 1 },
                                 { to = { x = 50, alpha = 1, y = 0 }, duration = 1 } }
    local v = tl:at(0.5)
    near(25, v.x); near(0.5, v.alpha); near(100, v.y)
    local out = { keep = true }
    assert.are.equal(out, tl:at(1.5, out))
    near(50, out.x); near(0.5, out.alpha); near(50, out.y)
    assert.is_true(out.keep)
  end)

  it("applies the current named values to an object", function()
    local tl = kinetic.timeline{ from = { x = 0, y = 0 }, { to = { x = 10, y = 20 }, duration = 1 } }
    local obj = { name = "box" }
    tl:update(0.25)
    assert.are.equal(obj, tl:apply(obj))
    near(2.5, obj.x); near(5, obj.y)
    assert.are.equal("box", obj.name)
    local proxy = setmetatable({}, { __newindex = function(t, k, val) rawset(t, k, val * 2) end })
    tl:apply(proxy)             -- goes through __newindex
    near(5, proxy.x)
  end)

  it("applies a vector as obj[1..n]", function()
    local tl = kinetic.timeline{ from = { 0, 0 }, { to = { 10, 20 }, duration = 1 } }
    tl:seek(0.5)
    local obj = tl:apply({})
    near(5, obj[1]); near(10, obj[2])
  end)
end)

describe("timeline: clock", function()
  it("at(t) equals stepping update to t, for every strategy", function()
    for _, after in ipairs({ "stop", "restart", "reverse" }) do
      local def = { from = { 1, -1 }, { to = { 5, 2 }, duration = 0.3 }, { to = { -2, 0 }, duration = 0.45 },
                    after = after, iterations = 4.5, delay = 0.1 }
      local stepped, pure = kinetic.timeline(def), kinetic.timeline(def)
      local t = 0
      for i = 1, 300 do
        local dt = (i % 5) * 0.0031
        local a1, a2 = stepped:update(dt)
        t = math.min(t + dt, stepped:total_duration())
        assert.are.equal(t, stepped:time())
        local b1, b2 = pure:at(t)
        assert.are.equal(b1, a1)
        assert.are.equal(b2, a2)
      end
    end
  end)

  it("update's remembered pass and segment give a fresh timeline's at(t), bit for bit", function()
    -- update and at start from the pass and segment of the previous call
    -- (no division, no search); a new timeline has none to start from
    for _, after in ipairs({ "stop", "restart", "reverse" }) do
      local def = { from = 3, { to = 7, duration = 0.1 }, { to = -1, duration = 0.3, easing = "inOutQuad" },
                    { to = 2, duration = 0.2 }, after = after, iterations = math.huge, delay = 0.05 }
      if after == "stop" then def.iterations = 3 end
      local tl = kinetic.timeline(def)
      local n = 0
      -- steps that land exactly on pass ends (0.6 / 4) and ones that do not
      for _, dt in ipairs({ 0.15, 1 / 60, 0.0999, 0.6, 1.7 }) do
        tl:seek(0)
        for _ = 1, 200 do
          local x = tl:update(dt)
          local t = tl:time()
          assert.are.equal(kinetic.timeline(def):at(t), x)
          n = n + 1
        end
      end
      -- backwards and far jumps through at()
      for i = 1, 200 do
        local t = (i * 7919 % 1000) / 1000 * 3 + (i % 3 == 0 and 1e6 or 0)
        assert.are.equal(kinetic.timeline(def):at(t), tl:at(t))
        n = n + 1
      end
      assert.are.equal(1200, n)
    end
  end)

  it("update's remembered pass holds for a subnormal duration (fuzz finding 17)", function()
    -- the hint's safety margin is relative to the duration; below DBL_MIN
    -- it underflowed to 0 and the pass end t = T was taken as pass 0's end
    local ulp = 4.9406564584124654e-324
    local def = { from = 0, { to = 1, duration = 7 * ulp }, after = "restart", iterations = 3 }
    local tl = kinetic.timeline(def)
    assert.are.equal(kinetic.timeline(def):at(3 * ulp), tl:update(3 * ulp))
    assert.are.equal(0, tl:update(4 * ulp))                -- t = T: pass 1 starts
    assert.are.equal(kinetic.timeline(def):at(7 * ulp), tl:at(7 * ulp))
    assert.are.equal(kinetic.timeline(def):at(12 * ulp), tl:update(5 * ulp))
  end)

  it("clamps the clock to the total duration and reports done", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, delay = 0.5 }
    assert.are.equal(1, tl:update(10))
    assert.are.equal(1.5, tl:time())
    assert.is_true(tl:done())
    tl:seek(0.75)
    assert.is_false(tl:done())
    near(0.25, tl:update(0))
    assert.are.equal(tl, tl:seek(99))
    assert.are.equal(1.5, tl:time())
  end)

  it("never completes when endless", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "restart" }
    tl:update(1e6)
    assert.is_false(tl:done())
    assert.are.equal(1e6, tl:time())
  end)
end)

describe("timeline: per-segment easing", function()
  it("applies F to the segment progress: x1 + F(p) (x2 - x1), here accelerate(v0)", function()
    local v0 = 0.4
    local function F(x) return v0 * x + (1 - v0) * x * x end      -- accelerate(v0)
    local tl = kinetic.timeline{ from = 10, { to = 20, duration = 1 },
                                 { to = 0, duration = 2, easing = "accelerate(0.4)" } }
    for i = 0, 20 do
      local t = 1 + i / 10
      near(20 + F((t - 1) / 2) * (0 - 20), tl:at(t), 1e-12, "t=" .. t)
    end
    near(15, tl:at(0.5))                                           -- segment 1 stays linear
  end)

  it("takes easing objects and keeps them alive", function()
    local tl = kinetic.timeline{ from = 0, { to = 100, duration = 1, easing = kinetic.bezier(0.42, 0, 1, 1) } }
    local ref = kinetic.easing("ease-in")
    collectgarbage(); collectgarbage()
    for i = 0, 10 do near(100 * ref(i / 10), tl:at(i / 10), 1e-12) end
  end)

  it("plays an eased segment backwards on a reverse pass", function()
    local e = kinetic.easing("inQuad")
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1, easing = "inQuad" }, after = "reverse" }
    for i = 0, 10 do
      local t = 1 + i / 10
      near(e(1 - i / 10), tl:at(t), 1e-12)                          -- t' = t_max - t mod t_max
    end
  end)

  it("passes the before flag during the delay (steps jump-start)", function()
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 1, easing = "steps(2, jump-start)" }, delay = 1 }
    assert.are.equal(0, tl:at(0.5))      -- before phase: the before flag holds the start
    assert.are.equal(5, tl:at(1))        -- active from t = delay: the first jump
    assert.are.equal(10, tl:at(1.5))
  end)
end)

describe("timeline: extreme clocks", function()
  it("stays finite far out on an endless timeline and refuses to overflow", function()
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 0.3 }, after = "reverse" }
    for _, t in ipairs({ 1e15, 1e300, 1.7e308 }) do
      local v = tl:at(t)
      assert.is_true(v >= 0 and v <= 1)
    end
    tl:seek(1.7e308)
    assert.has_error(function() tl:update(1e308) end)
    assert.are.equal(1.7e308, tl:time())
  end)

  -- 1 to 6 components: the FFI path writes up to 4 without a loop and more
  -- with one; vectors and named properties, into out and into new values.
  it("fills out for 1 to 6 components, vector and named alike", function()
    local keys = { "a", "b", "c", "d", "e", "f" }
    for n = 1, 6 do
      local vfrom, vto, nfrom, nto = {}, {}, {}, {}
      for j = 1, n do
        vfrom[j], vto[j] = 0, 10 * j
        nfrom[keys[j]], nto[keys[j]] = 0, 10 * j
      end
      local tv = kinetic.timeline { from = vfrom, { to = vto, duration = 1 } }
      local tn = kinetic.timeline { from = nfrom, { to = nto, duration = 1 } }
      for _ = 1, 3 do                          -- warm: the same result every time
        local vout, nout = { 99, 99, 99, 99, 99, 99, 99 }, {}
        assert.are.equal(vout, tv:at(0.25, vout))
        assert.are.equal(nout, tn:at(0.25, nout))
        local got = { tv:at(0.5) }
        assert.are.equal(n, #got)
        local fresh = tn:at(0.5)
        for j = 1, n do
          assert.are.equal(2.5 * j, vout[j])
          assert.are.equal(2.5 * j, nout[keys[j]])
          assert.are.equal(5 * j, got[j])
          assert.are.equal(5 * j, fresh[keys[j]])
        end
        assert.are.equal(99, vout[n + 1])      -- nothing written past n
        assert.is_nil(nout[keys[n + 1] or "g"])
        tv:seek(0); tn:seek(0)
        assert.are.equal(vout, tv:update(0.75, vout))
        assert.are.equal(nout, tn:update(0.75, nout))
        for j = 1, n do
          assert.are.equal(7.5 * j, vout[j])
          assert.are.equal(7.5 * j, nout[keys[j]])
        end
      end
    end
  end)
end)
