-- The order of a frame when animations meet on one field: animations are
-- advanced in the order they were made, so one whose delay ends reads the
-- field before a younger animation writes it in that frame, and takes it
-- over.  LuaJIT's FFI path advances the animations that need no Lua in C
-- and the others in the classic update: these cases hold on both paths
-- (the suite runs on LuaJIT with KINETIC_FFI=0 too).
local kinetic = require("kinetic")

describe("animator frame order", function()
  it("a starting animation reads the field before a younger one writes it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 1, { x = 100 }, { delay = 0.5, easing = "linear" })   -- older
    local b = anim:to(o, 10, { x = 1000 }, { easing = "linear" })              -- younger, runs first
    anim:update(0.25)
    assert.are.equal(25, o.x)              -- b alone: 1000 * 0.25 / 10
    anim:update(0.25)                      -- a starts at 0.5 from b's value of the last frame
    assert.are.equal(25, o.x)
    assert.is_true(b:done())               -- b let go of its only field
    anim:update(0.5)
    assert.are.equal(25 + 0.5 * 75, o.x)
    anim:update(0.5)
    assert.are.equal(100, o.x)
    assert.is_true(a:done())
  end)

  it("a younger animation starting takes over from an older one after it wrote", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local a = anim:to(o, 10, { x = 1000 }, { easing = "linear" })              -- older, runs first
    local b = anim:to(o, 1, { x = 0 }, { delay = 0.5, easing = "linear" })
    anim:update(0.25)
    anim:update(0.25)                      -- a writes 50, then b starts from it
    assert.are.equal(50, o.x)
    assert.is_true(a:done())
    anim:update(0.5)
    assert.are.equal(25, o.x)
    assert.is_false(b:done())
  end)

  it("plain tables and tables with metamethods animate alike in one animator", function()
    local anim = kinetic.animator()
    local log = {}
    local plain = { x = 0 }
    local store = { x = 0 }
    local proxy = setmetatable({}, {
      __index = store,
      __newindex = function(_, k, v) log[#log + 1] = v; store[k] = v end,
    })
    anim:to(plain, 1, { x = 10 }, { easing = "linear" })
    anim:to(proxy, 1, { x = 10 }, { easing = "linear" })
    for _ = 1, 4 do anim:update(0.25) end
    assert.are.equal(10, plain.x)
    assert.are.same({ 2.5, 5, 7.5, 10 }, log)
  end)

  it("a metatable set on a target after the start is honoured", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    local seen = {}
    anim:to(o, 1, { x = 10 }, { easing = "linear" })
    anim:update(0.25)
    local store = { x = o.x }
    o.x = nil
    setmetatable(o, { __index = store, __newindex = function(_, k, v) seen[#seen + 1] = v; store[k] = v end })
    anim:update(0.25)
    assert.are.same({ 5 }, seen)
    assert.are.equal(5, o.x)
  end)

  it("a spring made between frames starts from the tween's value and speed at the frame's start", function()
    local anim = kinetic.animator()
    local box = { x = 0 }
    local tw = anim:to(box, 1, { x = 400 }, { easing = "inOutCubic" })
    anim:update(0.5)
    assert.are.equal(200, box.x)
    anim:spring(box, { x = 150 }, { duration = 0.5, bounce = 0.2 })
    -- inOutCubic's slope at 0.5 is 3: 3 * 400 / 1 s; the spring's own rest rule and state
    local ref = kinetic.spring { duration = 0.5, bounce = 0.2, from = 200, to = 150, velocity = 1200 }
    for f = 1, 30 do
      anim:update(1 / 60)
      assert.is_true(math.abs(box.x - ref:update(1 / 60)) <= 1e-9 * 400, "frame " .. f)
    end
    assert.is_true(tw:done())
  end)

  it("a new tween starts from the field as the frame finds it", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 100 }, { easing = "linear" })
    anim:update(0.5)
    anim:to(o, 1, { x = 0 }, { easing = "linear" })
    anim:update(0.25)                      -- from 50 (not 75) a quarter of the way to 0
    assert.are.equal(37.5, o.x)
  end)
end)

