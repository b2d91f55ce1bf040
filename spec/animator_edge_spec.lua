-- Edge cases of the animator's frame: errors met in a frame, a:finish()
-- and a:stop() from callbacks, chained animations stopped before they
-- play, seeking back into a delay, long steps of stepped springs, and
-- endless sequences at any frame rate.  Each holds on the LuaJIT FFI path
-- and the classic one (the suite runs on both).
local kinetic = require("kinetic")
local h = require("spec.helpers")

local function proxy_refusing_writes()
  return setmetatable({}, { __index = function() return 0 end,
                            __newindex = function() error("write refused") end })
end

describe("animator edge cases", function()
  it("an update raises one error: a callback's, and the field error of that frame is not kept", function()
    local anim = kinetic.animator()
    anim:to({}, 1, { x = 1 })                                        -- field x missing
    anim:to({ y = 0 }, 0.1, { y = 1 }, { on_complete = function() error("boom") end })
    h.fails("boom", anim.update, anim, 0.2)
    assert.are.equal(0, anim:update(0.2))                            -- nothing left over
  end)

  it("a child whose field refuses writes stops alone; its siblings are crossed once", function()
    local anim = kinetic.animator()
    local a = { x = 0 }
    local completes, calls = 0, 0
    local seq = anim:sequence()
    seq:to(a, 0.1, { x = 1 }, { on_complete = function() completes = completes + 1 end })
    seq:call(function() calls = calls + 1 end, 0.02)
    seq:to(proxy_refusing_writes(), 0.1, { x = 1 }, 0.05)
    seq:to(a, 0.1, { x = 5 }, 0.2)
    h.fails("write refused", anim.update, anim, 0.15)
    anim:update(0.01)
    anim:update(1)
    assert.are.same({ 1, 1 }, { completes, calls })
    assert.are.equal(5, a.x)                                         -- the later child played
    assert.is_true(seq:done())
  end)

  it("a:finish() from a callback, of an animation completing in the same frame, while the store grows", function()
    local anim = kinetic.animator()
    local objs = {}
    local b
    anim:to({ x = 0 }, 0.1, { x = 1 }, { on_complete = function() b:finish() end })
    b = anim:to({ x = 0 }, 0.2, { x = 1 }, { on_complete = function()
      for i = 1, 2000 do objs[i] = { x = 0 }; anim:to(objs[i], 1, { x = 1 }) end
    end })
    assert.are.equal(2000, anim:update(0.5))
    assert.is_true(b:done())
  end)

  it("a:finish() in a callback fires that animation's pending start and update first", function()
    local anim = kinetic.animator()
    local log = {}
    local b
    anim:to({ x = 0 }, 1, { x = 1 }, { on_start = function() b:finish() end })
    b = anim:to({ x = 0 }, 1, { x = 1 }, {
      on_start = function() log[#log + 1] = "start" end,
      on_update = function() log[#log + 1] = "update" end,
      on_complete = function() log[#log + 1] = "complete" end })
    anim:update(0.1)
    assert.are.equal("start", log[1])
    assert.are.equal("complete", log[#log])
    for i = 2, #log - 1 do assert.are.equal("update", log[i]) end
    anim:update(0.1)
    assert.are.equal("complete", log[#log])
  end)

  it("an after-animation stopped, or left with no field, before its turn never plays", function()
    local anim = kinetic.animator()
    local o, p, q = { x = 0 }, { x = 0 }, { x = 0 }
    local fired = 0
    local a = anim:to(o, 0.1, { x = 1 })
    local b = a:after({ p, q }, 0.1, { x = 5 }, { on_complete = function() fired = fired + 1 end })
    local c = a:after(p, 0.1, { x = 7 }, { on_complete = function() fired = fired + 1 end })
    b:stop()
    anim:stop(p)                                                     -- c's only field
    for _ = 1, 4 do anim:update(0.1) end
    assert.are.same({ 0, 0, 0 }, { p.x, q.x, fired })
    assert.is_true(b:done() and c:done())
    assert.are.equal(0, anim:count())
  end)

  it("a velocity table's metamethods are not run", function()
    local anim = kinetic.animator()
    local ran = false
    local vel = setmetatable({ x = 1 }, { __index = function() ran = true; return 2 end })
    anim:spring({ x = 0, y = 0 }, { x = 1, y = 1 }, { velocity = vel })
    assert.is_false(ran)
  end)

  it("a tween sought back into its delay writes nothing while it waits", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 1, { x = 10 }, { delay = 0.5, easing = "linear" })
    anim:update(0.75)
    assert.are.equal(2.5, o.x)
    a:seek(0.1)
    o.x = 99
    anim:update(0.1)
    assert.are.equal(99, o.x)
    anim:update(0.55)                                                 -- 0.75: a quarter in
    assert.are.equal(2.5, o.x)
  end)

  it("a stepped spring moves at most 3600 s in one update", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:spring(o, { x = 1 }, { stiffness = 100, damping = 0, integrator = "rk4" })
    local s = kinetic.spring { stiffness = 100, damping = 0, integrator = "rk4", from = 0, to = 1 }
    anim:update(36000)
    assert.are.equal(s:update(3600), o.x)
  end)

  it("an animation chained in a frame that meets an error still plays that frame", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 0.1, { x = 1 }, { easing = "linear" })
    local b = a:after(1, { x = 2 }, { easing = "linear" })
    anim:to(proxy_refusing_writes(), 1, { y = 1 })
    h.fails("write refused", anim.update, anim, 0.2)
    assert.is_true(math.abs(o.x - 1.1) < 1e-12)
    assert.is_true(math.abs(b:time() - 0.1) < 1e-12)
  end)

  it("one huge dt on an endless staggered group returns", function()
    local anim = kinetic.animator()
    local a, b = { x = 0 }, { x = 0 }
    anim:to({ a, b }, 0.5, { x = 1 }, { stagger = 0.1, after = "restart", easing = "linear" })
    anim:update(1 / 60)
    assert.are.equal(1, anim:update(1e17))
    assert.is_true(a.x >= 0 and a.x <= 1 and b.x >= 0 and b.x <= 1)
  end)

  it("a seek that raises leaves the animator completing animations", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local done = 0
    local good = anim:to(o, 0.5, { x = 1 }, { on_complete = function() done = done + 1 end })
    local bad = anim:to({}, 1, { x = 1 })
    h.fails("field 'x'", bad.seek, bad, 0.5)
    anim:update(1)
    assert.is_true(good:done())
    assert.are.same({ 1, 1 }, { done, o.x })
  end)

  it("an empty position string is a bad position", function()
    local seq = kinetic.animator():sequence()
    h.fails("bad position ''", function() seq:to({ x = 0 }, 1, { x = 1 }, "") end)
  end)

  it("callbacks a:finish() fires outside update may not call update, and lose nothing", function()
    local anim = kinetic.animator()
    local log = {}
    local b = anim:to({ x = 0 }, 1, { x = 1 })
    local armed = false
    local a = anim:to({ x = 0 }, 1, { x = 1 }, {
      on_update = function()
        if armed then
          armed = false
          b:finish()                                  -- frees nothing the outer finish needs
          log[#log + 1] = tostring(select(2, pcall(anim.update, anim, 0)))
        end
      end,
      on_complete = function() log[#log + 1] = "a complete" end })
    anim:update(0.1)
    armed = true
    a:finish()
    assert.truthy(log[1]:find("update already running", 1, true), log[1])
    assert.are.equal("a complete", log[2])
    assert.are.equal(2, #log)
  end)

  it("a group or a sequence made between frames reads its fields before anything moves", function()
    for _, kind in ipairs { "tween", "list", "sequence" } do
      local anim = kinetic.animator()
      local o = { x = 0 }
      anim:to(o, 1, { x = 100 }, { easing = "linear" })
      anim:update(0.5)                                                 -- o.x = 50
      if kind == "tween" then anim:to(o, 1, { x = 0 }, { easing = "linear" })
      elseif kind == "list" then anim:to({ o }, 1, { x = 0 }, { easing = "linear" })
      else anim:sequence():to(o, 1, { x = 0 }, { easing = "linear" }) end
      anim:update(0.1)
      assert.are.equal(45, o.x, kind)
    end
  end)

  it("long arrays: '+=n' on 100 items, and a spring of 100 items retargeted", function()
    local anim = kinetic.animator()
    local arr, to1, to2 = {}, {}, {}
    for i = 1, 100 do arr[i] = i; to1[i] = 1; to2[i] = 5 end
    local o, q = { v = arr }, { v = {} }
    for i = 1, 100 do q.v[i] = 0 end
    anim:to(o, 1, { v = "+=10" }, { easing = "linear" })
    local a = anim:spring(q, { v = to1 }, { preset = "stiff" })
    anim:update(1 / 60)
    assert.are.equal(a, anim:spring(q, { v = to2 }))
    for _ = 1, 600 do anim:update(1 / 60) end
    for i = 1, 100 do
      assert.are.equal(i + 10, o.v[i])
      assert.are.equal(5, q.v[i])
    end
  end)

  it("errors met by seek and finish name them", function()
    local anim = kinetic.animator()
    local bad = anim:to({}, 1, { x = 1 })
    h.fails("seek: field 'x'", bad.seek, bad, 0.5)
    local bad2 = anim:to({}, 1, { x = 1 })
    h.fails("finish: field 'x'", bad2.finish, bad2)
    assert.are.equal(0, anim:count())
  end)

  it("finishing a staggered group of springs before it starts fires on_start, then on_complete", function()
    local anim = kinetic.animator()
    local log = {}
    local a, b = { x = 0 }, { x = 0 }
    local g = anim:spring({ a, b }, { x = 3 }, { stagger = 0.2, delay = 1,
      on_start = function() log[#log + 1] = "start" end,
      on_complete = function() log[#log + 1] = "complete" end })
    g:finish()
    assert.are.same({ "start", "complete" }, log)
    assert.are.same({ 3, 3 }, { a.x, b.x })
  end)
end)

