-- Callbacks: on_keyframe(tl, index), on_iteration(tl, n), on_complete(tl), fired in
-- time order for everything one update crosses.
local kinetic = require("kinetic")

-- The events of a timeline, written out from the definition of the model:
-- pass c (0-based) runs forwards (restart; reverse with c even; stop's first
-- pass) reaching keyframes 1..n, or backwards (reverse, c odd) reaching
-- n-1..0; stop's later passes hold still.  Between passes: iteration c + 1.
-- At the end of the last pass: complete.  Returns { {time, name, value}, ... }.
local function expected_events(durs, after, iterations, delay)
  local n, cum = #durs, { [0] = 0 }
  for i = 1, n do cum[i] = cum[i - 1] + durs[i] end
  local T, ev = cum[n], {}
  local passes = math.ceil(iterations)
  for c = 0, passes - 1 do
    local P = delay + c * T
    local limit = (c == passes - 1) and (iterations - c) * T or T
    if after == "reverse" and c % 2 == 1 then
      for i = n - 1, 0, -1 do
        if T - cum[i] <= limit + 1e-12 then ev[#ev + 1] = { P + T - cum[i], "keyframe", i } end
      end
    elseif after ~= "stop" or c == 0 then
      for i = 1, n do
        if cum[i] <= limit + 1e-12 then ev[#ev + 1] = { P + cum[i], "keyframe", i } end
      end
    end
    if c < passes - 1 then ev[#ev + 1] = { P + T, "iteration", c + 1 } end
  end
  ev[#ev + 1] = { delay + iterations * T, "complete" }
  return ev
end

local function recorder(def)
  local log = {}
  def.on_keyframe = function(tl, i) log[#log + 1] = { tl:time(), "keyframe", i } end
  def.on_iteration = function(tl, k) log[#log + 1] = { tl:time(), "iteration", k } end
  def.on_complete = function(tl) log[#log + 1] = { tl:time(), "complete" } end
  return kinetic.timeline(def), log
end

local function names(list)
  local out = {}
  for i, e in ipairs(list) do out[i] = e[2] .. (e[3] and (" " .. e[3]) or "") end
  return out
end

local function def_of(durs, after, iterations, delay)
  local def = { from = 0, after = after, iterations = iterations, delay = delay }
  for i, d in ipairs(durs) do def[i] = { to = i * 10, duration = d } end
  return def
end

describe("timeline events", function()
  local cases = {
    { { 0.25, 0.5, 0.25 }, "stop", 1, 0 },
    { { 0.25, 0.5, 0.25 }, "stop", 3, 0.2 },
    { { 0.3, 0.2 }, "restart", 3, 0 },
    { { 0.3, 0.2 }, "reverse", 4, 0.1 },
    { { 0.3, 0.2 }, "reverse", 2.5, 0 },
    { { 0.125, 0.125, 0.25 }, "restart", 1.75, 0.5 },
  }
  for _, c in ipairs(cases) do
    local label = string.format("%s x%g delay %g", c[2], c[3], c[4])
    it("one large update fires every event in time order (" .. label .. ")", function()
      local tl, log = recorder(def_of(c[1], c[2], c[3], c[4]))
      tl:update(1000)
      assert.are.same(names(expected_events(c[1], c[2], c[3], c[4])), names(log))
      for _, e in ipairs(log) do assert.are.equal(tl:total_duration(), e[1]) end -- clock set first
      assert.is_true(tl:done())
    end)

    it("small steps fire the same events, each once (" .. label .. ")", function()
      local tl, log = recorder(def_of(c[1], c[2], c[3], c[4]))
      local exp = expected_events(c[1], c[2], c[3], c[4])
      while not tl:done() do tl:update(0.0173) end
      assert.are.same(names(exp), names(log))
      for i, e in ipairs(log) do
        -- seen at the first frame whose clock reached the event
        assert.is_true(e[1] >= exp[i][1] - 1e-9 and e[1] < exp[i][1] + 0.0174, names(exp)[i])
      end
    end)
  end

  it("fires nothing after completion", function()
    local tl, log = recorder(def_of({ 1 }, "stop", 1, 0))
    tl:update(2)
    local n = #log
    tl:update(5); tl:update(0); tl:at(0.5)
    assert.are.equal(n, #log)
    assert.are.same({ "keyframe 1", "complete" }, names(log))
  end)

  it("fires nothing during the delay, and nothing for a zero step", function()
    local tl, log = recorder(def_of({ 1 }, "restart", 2, 1))
    tl:update(0.99); tl:update(0)
    assert.are.equal(0, #log)
    tl:update(0.02)
    assert.are.equal(0, #log)
    tl:update(1)
    assert.are.same({ "keyframe 1", "iteration 1" }, names(log))
  end)

  it("counts every iteration an endless timeline crosses in one update", function()
    local count, last = 0, nil
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 0.5 }, after = "restart",
                                 on_iteration = function(_, k) count = count + 1; last = k end }
    tl:update(1000.25)
    assert.are.equal(2000, count)
    assert.are.equal(2000, last)
  end)

  it("drops the stale rest of an update when a callback seeks", function()
    local log = {}
    local tl
    tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, { to = 2, duration = 1 }, after = "restart",
                           iterations = 5,
                           on_keyframe = function(t, i)
                             log[#log + 1] = "keyframe " .. i
                             if i == 1 and #log == 1 then t:seek(0.5) end
                           end,
                           on_iteration = function(_, k) log[#log + 1] = "iteration " .. k end }
    local v = tl:update(7.5)          -- would cross many events; the first one seeks
    assert.are.same({ "keyframe 1" }, log)
    assert.are.equal(0.5, tl:time())
    assert.are.equal(1.5, v)          -- update returns the state of its frame, at 7.5
    tl:update(1)                      -- continues from the seek
    assert.are.same({ "keyframe 1", "keyframe 1" }, log)
  end)

  it("drops the stale rest when a callback updates the timeline itself", function()
    local log = {}
    local tl
    tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "restart", iterations = 10,
                           on_iteration = function(t, k)
                             log[#log + 1] = k
                             if k == 1 then t:update(0.5) end     -- nested: 3.5 -> 4.0 crosses iteration 4
                           end }
    tl:update(3.5)
    assert.are.same({ 1, 4 }, log)
    assert.are.equal(4, tl:time())
  end)

  it("lets a callback read the timeline at its final clock", function()
    local seen
    local tl = kinetic.timeline{ from = 0, { to = 10, duration = 1 }, { to = 20, duration = 1 },
                                 on_keyframe = function(t, i)
                                   if i == 1 then seen = { t:time(), t:at(t:time()), t:done() } end
                                 end }
    tl:update(1.5)
    assert.are.same({ 1.5, 15, false }, seen)
  end)

  it("propagates an error in a callback and stays consistent", function()
    local calls = 0
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, after = "restart", iterations = 3,
                                 on_iteration = function() calls = calls + 1; error("boom") end }
    local ok, err = pcall(tl.update, tl, 2.5)
    assert.is_false(ok)
    assert.matches("boom", err)
    assert.are.equal(1, calls)
    assert.are.equal(2.5, tl:time())
    assert.are.equal(0.5, tl:at(2.5))
    tl:update(0.25)
    assert.are.equal(0.75, tl:update(0))
  end)

  it("calls on_keyframe with integers where the VM has them", function()
    local got
    local tl = kinetic.timeline{ from = 0, { to = 1, duration = 1 }, on_keyframe = function(_, i) got = i end }
    tl:update(1)
    assert.are.equal(1, got)
    assert.are.equal("1", tostring(got))
  end)
  it("reports the events of the last 10000 passes a move crosses, no more", function()
    -- one pass of 1e-6 s: a move of 0.25 s crosses 250000 passes; the events of
    -- passes 240000 .. 250000 come (their counts exact), the earlier ones not
    local kinds, iters = {}, {}
    local tl = kinetic.timeline{ from = 0, after = "reverse", { to = 1, duration = 0.5 }, { to = 2, duration = 0.5 },
                                 on_keyframe = function(_, i) kinds[#kinds + 1] = i end,
                                 on_iteration = function(_, k) iters[#iters + 1] = k end }
    tl:update(2.5)                                      -- a few passes: every event
    assert.are.same({ 1, 2, 1, 0, 1 }, kinds)
    assert.are.same({ 1, 2 }, iters)
    local fast = kinetic.timeline{ from = 0, after = "restart", { to = 1, duration = 1e-6 },
                                   on_iteration = function(_, k) iters[#iters + 1] = k end }
    iters = {}
    fast:update(0.25)
    local n = #iters
    assert.is_true(n >= 9999 and n <= 10001, tostring(n))
    for j = 2, n do assert.are.equal(iters[j - 1] + 1, iters[j]) end
    assert.is_true(math.abs(iters[n] - 250000) <= 1, tostring(iters[n]))
    iters = {}
    fast:update(2e-6)                                   -- the next move: its own passes
    assert.is_true(#iters >= 1 and #iters <= 3 and iters[1] > n, tostring(iters[1]))
  end)
end)
