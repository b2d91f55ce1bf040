-- A Lua function p -> value as a timeline segment's easing: called from C
-- with the lua_State of the call running it (coroutines included), its
-- errors and bad results raised once the core is done, the timeline usable
-- afterwards, the function kept alive by the timeline -- and, under LuaJIT,
-- never reached through the FFI fast path.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local function square(p) return p * p end

-- the same timeline eased by the Lua function f and by the easing spec s
local function pair(f, s, extra)
  local function def(e)
    local d = { from = 0, { to = 10, duration = 1 }, { to = -4, duration = 0.5, easing = e },
                { to = 6, duration = 2, easing = e } }
    for k, v in pairs(extra or {}) do d[k] = v end
    return d
  end
  return kinetic.timeline(def(f)), kinetic.timeline(def(s))
end

describe("timeline: Lua function easings", function()
  it("gives, bit for bit, what the same function as an easing gives", function()
    local a, b = pair(square, "inQuad", { after = "reverse", iterations = 3, delay = 0.25 })
    for i = 0, 200 do
      local t = i / 20
      assert.are.equal(b:at(t), a:at(t), "at " .. t)
    end
    for _ = 1, 120 do assert.are.equal(b:update(1 / 10), a:update(1 / 10)) end
  end)

  it("works for vectors and named properties, in at, update, apply and update_timelines", function()
    local f = function(p) return 1 - (1 - p) * (1 - p) end
    local va = kinetic.timeline { from = { 0, 0 }, { to = { 4, 8 }, duration = 2, easing = f } }
    local vb = kinetic.timeline { from = { 0, 0 }, { to = { 4, 8 }, duration = 2, easing = "outQuad" } }
    assert.are.same({ vb:at(0.7) }, { va:at(0.7) })
    assert.are.same(vb:update(0.3, {}), va:update(0.3, {}))
    local na = kinetic.timeline { from = { x = 0, y = 1 }, { to = { x = 5, y = 3 }, duration = 1, easing = f } }
    local nb = kinetic.timeline { from = { x = 0, y = 1 }, { to = { x = 5, y = 3 }, duration = 1, easing = "outQuad" } }
    assert.are.same(nb:at(0.4), na:at(0.4))
    na:seek(0.6); nb:seek(0.6)
    assert.are.same(nb:apply({}), na:apply({}))
    local out_a = kinetic.update_timelines({ va, na, kinetic.timeline { from = 0, { to = 1, duration = 1 } } }, 0.1)
    local out_b = kinetic.update_timelines({ vb, nb, kinetic.timeline { from = 0, { to = 1, duration = 1 } } }, 0.1)
    assert.are.same(out_b, out_a)
  end)

  it("is called with the progress, 0 before the delay and 1 at the end", function()
    local seen = {}
    local tl = kinetic.timeline { from = 0, delay = 1,
                                  { to = 1, duration = 2, easing = function(p) seen[#seen + 1] = p; return p end } }
    tl:at(0.5); tl:at(2); tl:at(5)
    assert.are.same({ 0, 0.5, 1 }, seen)
  end)

  it("raises 'segment i's easing returned ...' for a result that is not a finite number", function()
    local results = { 0 / 0, math.huge, -math.huge, "0.5", nil, true }
    local shown = { "nan", "inf", "-inf", "string", "nil", "boolean" }
    for k = 1, #shown do
      local r = results[k]
      local tl = kinetic.timeline { from = 0, { to = 1, duration = 1 },
                                    { to = 2, duration = 1, easing = function() return r end } }
      local what = "segment 2's easing returned " .. shown[k] .. " (finite number expected)"
      h.fails("at: " .. what, tl.at, tl, 1.5)
      h.fails("update: " .. what, tl.update, tl, 1.25)
      local named = kinetic.timeline { from = { x = 0 },
                                       { to = { x = 1 }, duration = 1, easing = function() return r end } }
      h.fails("apply: segment 1's easing returned " .. shown[k] .. " (finite", named.apply, named, {})
      h.fails("update: " .. what, kinetic.update_timelines, { tl }, 0.1)
      -- the timeline stays usable: the segment before is not eased by it
      assert.are.equal(0.5, tl:at(0.5))
    end
  end)

  it("propagates an error raised inside the function, message and value as they were", function()
    local fail = false
    local obj = setmetatable({}, { __tostring = function() return "an error object" end })
    local tl = kinetic.timeline { from = 0, { to = 10, duration = 1, easing = function(p)
      if fail == "obj" then error(obj) end
      if fail then error("easing failed at " .. p, 0) end
      return p
    end } }
    fail = true
    local ok, err = pcall(tl.update, tl, 0.25)
    assert.is_false(ok)
    assert.are.equal("easing failed at 0.25", err)
    h.fails("easing failed at 0.5", tl.at, tl, 0.5)
    h.fails("easing failed at 0.75", kinetic.update_timelines, { tl }, 0.5)
    fail = "obj"
    ok, err = pcall(tl.at, tl, 0.1)
    assert.is_false(ok)
    assert.is_true(rawequal(obj, err))
    -- usable afterwards: the clock moved as the updates asked, values are right
    fail = false
    assert.are.equal(0.75, tl:time())
    assert.are.equal(10, tl:update(0.25))
    assert.are.equal(5, tl:at(0.5))
  end)

  it("runs the function on the coroutine that calls the method", function()
    local ran_on
    local tl = kinetic.timeline { from = 0, { to = 1, duration = 1,
                                  easing = function(p) ran_on = coroutine.running(); return square(p) end } }
    local co = coroutine.create(function()
      local v = tl:update(0.5)
      coroutine.yield(v)
      return tl:at(0.25)
    end)
    local ok, v = coroutine.resume(co)
    assert.is_true(ok)
    assert.are.equal(0.25, v)
    assert.are.equal(co, ran_on)
    ok, v = coroutine.resume(co)
    assert.is_true(ok)
    assert.are.equal(0.0625, v)
    assert.are.equal(co, ran_on)
    -- made in a coroutine that has since finished and been collected: the
    -- main thread's calls run it on the main thread
    local made = coroutine.wrap(function()
      return kinetic.timeline { from = 0, { to = 1, duration = 1,
                                easing = function(p) ran_on = coroutine.running(); return square(p) end } }
    end)()
    collectgarbage(); collectgarbage()
    assert.are.equal(square(0.9), made:at(0.9))
    assert.are.equal(coroutine.running(), ran_on)
    -- a function that yields: the error of a yield across the C call
    local yielding = kinetic.timeline { from = 0, { to = 1, duration = 1,
                                        easing = function(p) coroutine.yield(); return p end } }
    local co2 = coroutine.create(function() return yielding:at(0.5) end)
    ok, v = coroutine.resume(co2)
    assert.is_false(ok)
    assert.truthy(tostring(v):find("yield", 1, true), tostring(v))
    -- and the state is whole again for the next caller
    assert.are.equal(0.5, kinetic.timeline { from = 0, { to = 1, duration = 1,
                                                          easing = function(p) return p end } }:at(0.5))
  end)

  it("may run methods of its own timeline (nested calls, nested errors)", function()
    local tl, depth = nil, 0
    tl = kinetic.timeline { from = 0, { to = 10, duration = 1 }, { to = 20, duration = 1,
      easing = function(p)
        if depth > 0 then
          if p > 0.8 then error("inner failure", 0) end
          return p * p
        end
        depth = 1
        local linear = tl:at(0.5)                  -- the linear segment
        local eased = tl:at(1.5)                   -- this segment, one level down
        local ok, err = pcall(tl.at, tl, 1.9)      -- an error one level down, caught here
        depth = 0
        assert(linear == 5 and eased == 12.5 and not ok and err == "inner failure")
        return p * p
      end } }
    assert.are.equal(12.5, tl:at(1.5))
    assert.are.equal(15.625, tl:at(1.75))
    assert.are.equal(12.5, tl:update(1.5))
    assert.are.equal(12.5, tl:at(1.5))
  end)

  it("keeps the function alive while the timeline lives, and no longer", function()
    local weak = setmetatable({}, { __mode = "k" })
    local tl = (function()
      local scale = 2
      local f = function(p) return math.min(1, p * scale) end
      weak[f] = true
      return kinetic.timeline { from = 0, { to = 4, duration = 1, easing = f } }
    end)()
    collectgarbage(); collectgarbage()
    assert.is_not_nil(next(weak))
    assert.are.equal(2, tl:at(0.25))
    tl = nil   -- luacheck: ignore
    collectgarbage(); collectgarbage()
    assert.is_nil(next(weak))
  end)

  it("fires the callbacks of a timeline with a Lua easing", function()
    local log = {}
    local tl = kinetic.timeline { from = 0, { to = 1, duration = 1, easing = square }, { to = 0, duration = 1 },
      on_keyframe = function(_, i) log[#log + 1] = "k" .. i end,
      on_complete = function() log[#log + 1] = "done" end }
    assert.are.equal(0.25, tl:update(0.5))
    tl:update(2)
    assert.are.same({ "k1", "k2", "done" }, log)
  end)

  it("rejects other values with a message that names functions", function()
    h.fails_bad_argument("segment 1, field 'easing': easing, easing spec string or function expected, got table",
                         kinetic.timeline, { from = 0, { to = 1, duration = 1, easing = {} } })
    h.fails_bad_argument("segment 2, field 'easing': easing spec expected, got 'bouncy'",
                         kinetic.timeline, { from = 0, { to = 1, duration = 1 },
                                             { to = 1, duration = 1, easing = "bouncy" } })
  end)

  it("never takes the LuaJIT FFI fast path (the function is called on every method)", function()
    local calls = 0
    local tl = kinetic.timeline { from = 0, { to = 1, duration = 1,
                                  easing = function(p) calls = calls + 1; return square(p) end } }
    -- enough calls for LuaJIT to compile the loops: a fast path would
    -- interpolate linearly without calling the function
    local sum = 0
    for i = 1, 300 do sum = sum + tl:at((i % 100) / 100) end
    for _ = 1, 300 do sum = sum + tl:update(1 / 600) end
    local out = {}
    for _ = 1, 300 do kinetic.update_timelines({ tl }, 0, out) end
    assert.are.equal(900, calls)
    assert.are.equal(0.25, tl:at(0.5))
    tl:seek(0.5)
    assert.are.equal(0.25, kinetic.update_timelines({ tl }, 0)[1])
    assert.are.equal(0.25, tl:update(0))
    assert.is_true(sum > 0)
  end)
end)
