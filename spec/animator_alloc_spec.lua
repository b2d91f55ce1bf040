-- luacheck: no max line length
-- No allocation in steady state: anim:update(dt) over running tweens (numbers,
-- arrays, easing objects, endless ones), springs (numbers and arrays), a
-- staggered group and a sequence, with no callbacks, allocates nothing:
-- collectgarbage("count") stays flat over 1e5 frames with the collector
-- stopped (#stress: skipped under ASan / valgrind).
local kinetic = require("kinetic")

describe("animator steady state #stress", function()
  local function flat(name, fn, frames)
    -- one loop warms up and measures (see ffi_alloc_spec.lua)
    local function run(k) for _ = 1, k do fn() end end
    run(2e3)
    collectgarbage("collect")
    collectgarbage("stop")
    local before = collectgarbage("count")
    run(frames)
    local after = collectgarbage("count")
    collectgarbage("restart")
    -- one allocation per frame would be >= 1.6 MB over 1e5 frames
    assert.is_true(after - before < 16, ("%s: %.1f KB allocated over %d frames"):format(name, after - before, frames))
  end

  local function still_running(anim, n)
    assert.are.equal(n, anim:count())
  end

  it("tweens: numbers, arrays, easing specs, objects, endless", function()
    local anim = kinetic.animator()
    local objs = {}
    for i = 1, 8 do objs[i] = { x = 0, y = i, color = { 0, 0, 0, 1 } } end
    for i = 1, 4 do anim:to(objs[i], 1e4, { x = 100, y = "+=5" }, { easing = "inOutCubic" }) end
    anim:to(objs[5], 1e4, { color = { 1, 0.5, 0.25, 0 } }, { easing = kinetic.bezier(0.2, 0, 0, 1) })
    anim:to(objs[6], 0.7, { x = 10, color = { 1, 1, 1, 1 } }, { after = "reverse", iterations = math.huge })
    anim:to(objs[7], 0.3, { x = 10 }, { easing = "steps(4)", after = "restart", iterations = math.huge })
    anim:from(objs[8], 1e4, { x = 10 }, { delay = 0.5 })
    flat("tweens", function() anim:update(1 / 60) end, 1e5)
    still_running(anim, 8)
  end)

  it("springs that never rest: numbers and arrays", function()
    local anim = kinetic.animator()
    local objs = {}
    for i = 1, 6 do objs[i] = { x = 0, p = { 0, 0, 0 } } end
    local never = { stiffness = 100, damping = 0, rest_delta = 0, rest_speed = 0 }
    for i = 1, 3 do anim:spring(objs[i], { x = i * 10 }, never) end
    for i = 4, 6 do anim:spring(objs[i], { p = { 1, 2, 3 }, x = -1 }, never) end
    flat("springs", function() anim:update(1 / 60) end, 1e5)
    still_running(anim, 6)
  end)

  it("a staggered group and a sequence", function()
    local anim = kinetic.animator()
    local list = {}
    for i = 1, 10 do list[i] = { x = 0, y = 0 } end
    anim:to(list, 1e4, { x = 1, y = 2 }, { stagger = { each = 0.05, from = "center", easing = "inQuad" } })
    local o = { a = 0, b = 0 }
    anim:sequence { iterations = math.huge, after = "reverse" }
        :to(o, 0.5, { a = 1 }):to(o, 0.25, { b = 1 }, "<0.1"):label("end"):to(o, 0.5, { a = 0 }, "end")
    flat("group + sequence", function() anim:update(1 / 60) end, 1e5)
    still_running(anim, 2)
  end)

  it("mixed, with a paused animation and a time scale", function()
    local anim = kinetic.animator()
    local o = { x = 0, y = 0, z = { 0, 0 } }
    anim:to(o, 1e4, { x = 1 }):pause()
    anim:to(o, 1e4, { y = 1 }):time_scale(0.5)
    anim:spring(o, { z = { 5, 5 } }, { stiffness = 50, damping = 0, rest_delta = 0, rest_speed = 0 })
    anim:time_scale(1.5)
    flat("mixed", function() anim:update(1 / 60) end, 1e5)
    still_running(anim, 3)
  end)
end)
