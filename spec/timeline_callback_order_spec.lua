-- luacheck: no max line length
-- When timeline callbacks run (docs/timeline.md, Callbacks): after the
-- values of the frame are written.
--   tl:update(dt, out) moves the clock, computes the state there, writes
--   it into out, and only then runs the callbacks crossed; it returns that
--   state whatever the callbacks do.
--   kinetic.update_timelines(list, dt, out) first moves every timeline of
--   the list and writes every out entry, then runs the callbacks, timeline
--   by timeline in list order, each timeline's in time order.
-- Under LuaJIT these run on the FFI path, and with KINETIC_FFI=0 on the
-- classic one: the same expectations hold for both.
local kinetic = require("kinetic")
local h = require("spec.helpers")

-- A copy of out, one level deep (its tables copied too).
local function snapshot(out)
  local copy = {}
  for k, v in pairs(out) do
    if type(v) == "table" then
      local t = {}
      for kk, vv in pairs(v) do t[kk] = vv end
      copy[k] = t
    else
      copy[k] = v
    end
  end
  return copy
end

describe("tl:update(dt, out): callbacks run after the frame's values are written", function()
  it("on_complete sees out holding the frame's value", function()
    local obj, seen = {}, nil
    local tl = kinetic.timeline { from = { x = 0 }, { to = { x = 100 }, duration = 1 },
                                  on_complete = function() seen = obj.x end }
    tl:update(0.5, obj)
    assert.are.equal(50, obj.x)
    assert.is_nil(seen)
    assert.are.equal(obj, tl:update(0.5, obj))
    assert.are.equal(100, seen)
    assert.are.equal(100, obj.x)
  end)

  it("on_keyframe and on_iteration see the frame's value, not the keyframe's", function()
    local obj, seen = {}, {}
    local tl = kinetic.timeline { from = { x = 0 }, { to = { x = 100 }, duration = 1 }, { to = { x = 40 }, duration = 1 },
                                  on_keyframe = function(_, i) seen[#seen + 1] = { i, obj.x } end }
    tl:update(1.25, obj)                         -- keyframe 1 at 1; the frame at 1.25: 100 + 0.25 * (40 - 100)
    assert.are.same({ { 1, 85 } }, seen)
    local v, got = {}, nil
    local r = kinetic.timeline { from = { 0, 0 }, { to = { 100, 200 }, duration = 1 }, after = "restart", iterations = 3,
                                 on_iteration = function(_, n) got = { n, v[1], v[2] } end }
    r:update(1.5, v)
    assert.are.same({ 1, 50, 100 }, got)
  end)

  it("a vector's out is filled before on_complete", function()
    local out, seen = {}, nil
    local tl = kinetic.timeline { from = { 0, 0 }, { to = { 100, 200 }, duration = 1 },
                                  on_complete = function() seen = { out[1], out[2] } end }
    tl:update(1, out)
    assert.are.same({ 100, 200 }, seen)
  end)

  it("returns the frame's state whatever the callbacks do to the timeline", function()
    -- a seek: the clock is the callback's, the values returned are the frame's
    local n = kinetic.timeline { from = 0, { to = 1, duration = 1 }, { to = 2, duration = 1 }, after = "restart",
                                 on_keyframe = function(t, i) if i == 1 then t:seek(0.5) end end }
    assert.are.equal(1.5, n:update(1.5))
    assert.are.equal(0.5, n:time())
    -- at, which uses the timeline's scratch memory, and a nested update
    local v = kinetic.timeline { from = { 0, 0 }, { to = { 10, 20 }, duration = 1 }, { to = { 0, 0 }, duration = 1 },
                                 on_keyframe = function(t) t:at(0); t:update(0.25) end }
    assert.are.same({ 7.5, 15 }, { v:update(1.25) })
    assert.are.equal(1.5, v:time())
    local named = kinetic.timeline { from = { x = 0, y = 0 }, { to = { x = 10, y = 20 }, duration = 1 },
                                     on_complete = function(t) t:seek(0); t:at(0.5, {}) end }
    local out = {}
    assert.are.equal(out, named:update(1, out))
    assert.are.same({ x = 10, y = 20 }, out)
    assert.are.equal(0, named:time())
    named:seek(0.5)
    assert.are.same({ x = 10, y = 20 }, named:update(0.5))   -- a new table, filled before the callback
  end)

  it("a callback that raises leaves out written and the clock moved; the events after it are dropped", function()
    local out, log = {}, {}
    local tl = kinetic.timeline { from = { x = 0 }, { to = { x = 10 }, duration = 1 }, after = "restart", iterations = 4,
                                  on_iteration = function(_, k) log[#log + 1] = k; if k == 1 then error("boom", 0) end end }
    local ok, err = pcall(tl.update, tl, 2.5, out)
    assert.is_false(ok)
    assert.are.equal("boom", err)
    assert.are.same({ x = 5 }, out)
    assert.are.equal(2.5, tl:time())
    assert.are.same({ 1 }, log)                  -- iteration 2 (at 2) is not reported
    tl:update(1, out)
    assert.are.same({ 1, 3 }, log)
    assert.are.same({ x = 5 }, out)
  end)
end)

describe("kinetic.update_timelines: every timeline moves and writes out, then the callbacks run", function()
  -- A: number, completes at 1; B: vector, no callbacks; C: named, keyframe
  -- 1 at 0.5; D: number, no callbacks.  At 1: out = { 100, { 5, 10 }, { x = 70 }, 2 }.
  local frame = { 100, { 5, 10 }, { x = 70 }, 2 }
  local function make(on_a, on_c)
    return {
      kinetic.timeline { from = 0, { to = 100, duration = 1 }, on_complete = on_a },
      kinetic.timeline { from = { 0, 0 }, { to = { 10, 20 }, duration = 2 } },
      kinetic.timeline { from = { x = 0 }, { to = { x = 100 }, duration = 0.5 }, { to = { x = 40 }, duration = 1 },
                         on_keyframe = on_c },
      kinetic.timeline { from = 0, { to = 8, duration = 4 } },
    }
  end

  it("a callback sees every out entry of the list written, earlier and later timelines alike", function()
    local out, seen = {}, {}
    local list
    list = make(function() seen.a = { snapshot(out), list[3]:time(), list[4]:time() } end,
                function(_, i) seen.c = { i, snapshot(out) } end)
    local o, playing = kinetic.update_timelines(list, 1, out)
    assert.are.equal(out, o)
    assert.are.equal(3, playing)
    assert.are.same(frame, out)
    assert.are.same({ frame, 1, 1 }, seen.a)
    assert.are.same({ 1, frame }, seen.c)
  end)

  it("runs the callbacks in list order, each timeline's in time order, after all have moved", function()
    local log = {}
    local function cb(tag) return function(_, v) log[#log + 1] = tag .. tostring(v) end end
    local list = {
      kinetic.timeline { from = 0, { to = 1, duration = 0.25 }, { to = 2, duration = 0.25 }, on_keyframe = cb("a"), on_complete = cb("A") },
      kinetic.timeline { from = 0, { to = 1, duration = 0.1 }, after = "restart", iterations = 3, on_iteration = cb("b") },
      kinetic.timeline { from = 0, { to = 1, duration = 0.4 }, on_keyframe = cb("c") },
    }
    kinetic.update_timelines(list, 1)
    assert.are.same({ "a1", "a2", "Anil", "b1", "b2", "c1" }, log)
  end)

  it("gives out and playing as the timelines stood after they moved, whatever the callbacks do", function()
    local out, log = {}, {}
    local list
    list = make(function(t)
      log[#log + 1] = "A"
      t:seek(0)                                   -- A again at its start: not done any more
      list[3]:seek(0)                             -- C moved before its turn: its keyframe is dropped
      list[2]:update(0.5)
    end, function() log[#log + 1] = "C" end)
    local _, playing = kinetic.update_timelines(list, 1, out)
    assert.are.same({ "A" }, log)
    assert.are.same(frame, out)
    assert.are.equal(3, playing)                 -- A was done when the timelines had moved
    assert.is_false(list[1]:done())
    assert.are.same({ 0, 1.5, 0, 1 }, { list[1]:time(), list[2]:time(), list[3]:time(), list[4]:time() })
  end)

  it("a callback that raises: every timeline has moved and out is written; the callbacks after it do not run", function()
    local out, log = {}, {}
    local list = make(function() log[#log + 1] = "A"; error("in A", 0) end, function() log[#log + 1] = "C" end)
    local ok, err = pcall(kinetic.update_timelines, list, 1, out)
    assert.is_false(ok)
    assert.are.equal("in A", err)
    assert.are.same({ "A" }, log)
    assert.are.same(frame, out)
    for i = 1, 4 do assert.are.equal(1, list[i]:time(), "timeline " .. i) end
    -- C's keyframe (at 0.5) was dropped; the next call goes on from 1
    local _, playing = kinetic.update_timelines(list, 0.25, out)
    assert.are.same({ "A" }, log)
    assert.are.equal(3, playing)
    assert.are.same({ x = 55 }, out[3])
  end)

  it("a bad item: the timelines before it have moved and written out, and no callback runs", function()
    local out, log = {}, {}
    local list = make(function() log[#log + 1] = "A" end, function() log[#log + 1] = "C" end)
    list[4] = "four"
    local msg = h.error_of(kinetic.update_timelines, list, 1, out)
    assert.are.equal("bad argument #1 to 'update_timelines' (item 4: kinetic.Timeline expected, got string)", msg)
    assert.are.same({}, log)
    assert.are.same({ 100, { 5, 10 }, { x = 70 } }, out)
    assert.are.same({ 1, 1, 1 }, { list[1]:time(), list[2]:time(), list[3]:time() })
  end)

  it("an error from a Lua easing while the timelines move: no callback runs", function()
    local out, log = {}, {}
    local list = make(function() log[#log + 1] = "A" end, function() log[#log + 1] = "C" end)
    list[4] = kinetic.timeline { from = 0, { to = 1, duration = 2, easing = function() error("easing", 0) end } }
    local ok, err = pcall(kinetic.update_timelines, list, 1, out)
    assert.is_false(ok)
    assert.are.equal("easing", err)
    assert.are.same({}, log)
    assert.are.same({ 100, { 5, 10 }, { x = 70 } }, out)
    assert.are.same({ 1, 1, 1, 1 }, { list[1]:time(), list[2]:time(), list[3]:time(), list[4]:time() })
  end)

  it("a timeline listed twice moves twice and reports both stretches", function()
    local log = {}
    local tl = kinetic.timeline { from = 0, { to = 10, duration = 1 }, after = "restart",
                                  on_iteration = function(t, n) log[#log + 1] = { n, t:time() } end }
    local out = kinetic.update_timelines({ tl, tl }, 1.25)
    assert.are.same({ 2.5, 5 }, out)
    assert.are.same({ { 1, 2.5 }, { 2, 2.5 } }, log)
  end)

  it("gives update(dt, out)'s values and callbacks, bit for bit, when callbacks act only on their own timeline", function()
    local function defs(log)
      local function cb(tag)
        return function(t, v)
          log[#log + 1] = tag .. tostring(v) .. "@" .. t:time()
          if tag == "s" and v == 2 then t:seek(0.05) end
        end
      end
      return {
        { from = 0, { to = 10, duration = 0.3, easing = "ease-out" }, after = "restart", on_iteration = cb("s") },
        { from = { 1, 2 }, { to = { 3, 4 }, duration = 0.2 }, after = "reverse", iterations = 9, on_keyframe = cb("k") },
        { from = { x = 0, y = 1 }, { to = { x = 2, y = 3 }, duration = 0.7 }, on_complete = cb("c") },
        { from = 5, { to = -5, duration = 0.45, easing = "inOutQuad" }, after = "reverse" },
      }
    end
    local log_a, log_b, list, twins = {}, {}, {}, {}
    for i, d in ipairs(defs(log_a)) do list[i] = kinetic.timeline(d) end
    for i, d in ipairs(defs(log_b)) do twins[i] = kinetic.timeline(d) end
    local out, outs = {}, { 0, {}, {}, 0 }
    for step = 1, 120 do
      local dt = ({ 1 / 60, 0.13, 0, 1 / 30 })[step % 4 + 1]
      local _, playing = kinetic.update_timelines(list, dt, out)
      local playing_b = 0
      for i, tl in ipairs(twins) do
        if type(outs[i]) == "table" then tl:update(dt, outs[i]) else outs[i] = tl:update(dt) end
        if not tl:done() then playing_b = playing_b + 1 end
      end
      assert.are.same(outs, out)
      assert.are.equal(playing_b, playing)
      for i = 1, 4 do assert.are.equal(twins[i]:time(), list[i]:time()) end
    end
    assert.are.same(log_b, log_a)
    assert.is_true(#log_a > 20, #log_a .. " events")
  end)
end)
