-- luacheck: no max line length
-- Bad input to the animator: `bad argument` errors at the call that made the
-- animation, counted as Lua counts a method call's arguments (in
-- anim:to(obj, 1, { x = "a" }) the values table is #3); what can only be
-- known when an animation starts raises from update, naming the field, and
-- removes that animation alone.
local kinetic = require("kinetic")
local h = require("spec.helpers")

local NAN, INF = 0 / 0, math.huge

-- anim.to(anim, ...) is a function call: C counts self as argument #1; the
-- Lua backend cannot tell it from anim:to(...) and counts as for a method
-- call (a bad self is "calling 'm' on bad self").
local LUA = kinetic._backend == "lua"

describe("targets", function()
  for _, c in ipairs { { "nil", nil }, { "a number", 5 }, { "a string", "obj" }, { "a boolean", true },
                       { "a function", print } } do
    it("refuses " .. c[1], function()
      local anim = kinetic.animator()
      h.fails_bad_argument("bad argument #1 to 'to'", function() anim:to(c[2], 1, { x = 1 }) end)
      h.fails_bad_argument("bad argument #1 to 'from'", function() anim:from(c[2], 1, { x = 1 }) end)
      h.fails_bad_argument("bad argument #1 to 'spring'", function() anim:spring(c[2], { x = 1 }) end)
      h.fails_bad_argument(LUA and "bad argument #1 to 'to'" or "bad argument #2 to 'to'", anim.to, anim, c[2], 1, { x = 1 })
      assert.are.equal(0, anim:count())
    end)
  end

  it("takes an empty table for one target (not a list): its missing field raises from update", function()
    local anim = kinetic.animator()
    local a = anim:to({}, 1, { x = 1 }, { stagger = 0.1 })
    local s = anim:spring({}, { x = 1 })
    assert.are.equal(2, anim:count())
    h.fails("field 'x'", anim.update, anim, 0.1)
    assert.is_true(a:done())
    assert.is_true(s:done())
    assert.are.equal(0, anim:count())
  end)

  it("refuses a list with something else than a target in it", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #1 to 'to'", function() anim:to({ { x = 0 }, 5 }, 1, { x = 1 }) end)
    assert.are.equal(0, anim:count())
  end)

  it("methods check their self", function()
    local anim = kinetic.animator()
    local a = anim:to({ x = 0 }, 1, { x = 1 })
    local fails = LUA and h.fails or h.fails_bad_argument
    fails("kinetic.Animator expected", anim.update, {}, 0.1)
    fails("kinetic.Animator expected", anim.to, a, { x = 0 }, 1, { x = 1 })
    fails("kinetic.Animation expected", a.stop, anim)
    fails("kinetic.Animation expected", a.seek, {}, 0)
  end)
end)

describe("values", function()
  local bad = {
    { "true", true }, { "a function", print }, { "a non-relative string", "100" }, { "'*=2'", "*=2" },
    { "'+='", "+=" }, { "'+=x'", "+=x" }, { "NaN", NAN }, { "inf", INF }, { "-inf", -INF }, { "'+=inf'", "+=inf" },
    { "'+=nan'", "+=nan" }, { "an empty array", {} }, { "a table with named keys", { r = 1 } },
  }
  for _, c in ipairs(bad) do
    it("refuses " .. c[1] .. " as a value", function()
      local anim = kinetic.animator()
      local o = { x = 0 }
      local msg = "bad argument #3 to 'to' (field 'x': number, array of numbers, colour or '+=n' / '-=n' expected"
      h.fails_bad_argument(msg, function() anim:to(o, 1, { x = c[2] }) end)
      h.fails_bad_argument("bad argument #3 to 'from' (field 'x'", function() anim:from(o, 1, { x = c[2] }) end)
      h.fails_bad_argument("bad argument #2 to 'spring' (field 'x'", function() anim:spring(o, { x = c[2] }) end)
      h.fails_bad_argument(LUA and "bad argument #3 to 'to' (field 'x'" or "bad argument #4 to 'to' (field 'x'", anim.to, anim, o, 1, { x = c[2] })
      assert.are.equal(0, anim:count())
      assert.are.equal(0, o.x)
    end)
  end

  it("refuses an array with an item that is not a finite number, naming the field", function()
    local anim = kinetic.animator()
    local o = { x = { 0, 0 } }
    for _, v in ipairs { { 1, "a" }, { 1, NAN }, { INF, 1 }, { 1, {} } } do
      h.fails_bad_argument("bad argument #3 to 'to' (field 'x'", function() anim:to(o, 1, { x = v }) end)
      h.fails_bad_argument("bad argument #2 to 'spring' (field 'x'", function() anim:spring(o, { x = v }) end)
    end
    assert.are.equal(0, anim:count())
  end)

  it("refuses a values table that is not a table, and keys that are not strings", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    h.fails_bad_argument("bad argument #3 to 'to'", function() anim:to(o, 1, nil) end)
    h.fails_bad_argument("bad argument #3 to 'to'", function() anim:to(o, 1, 5) end)
    h.fails_bad_argument("bad argument #3 to 'to'", function() anim:to(o, 1, { 5 }) end)
    h.fails_bad_argument("bad argument #3 to 'to'", function() anim:to(o, 1, { [true] = 5 }) end)
    h.fails_bad_argument("bad argument #2 to 'spring'", function() anim:spring(o, "x") end)
    assert.are.equal(0, anim:count())
  end)
end)

describe("options", function()
  local function to(opts) kinetic.animator():to({ x = 0 }, 1, { x = 1 }, opts) end
  local function spring(opts) kinetic.animator():spring({ x = 0 }, { x = 1 }, opts) end

  it("an unknown option names the nearest known one, as kinetic's constructors do", function()
    local err = h.error_of(kinetic.spring, { stiffnes = 1 })
    assert.are.equal("bad argument #1 to 'spring' (unknown option 'stiffnes'; did you mean 'stiffness'?)", err)
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'easign'; did you mean 'easing'?)", function() to { easign = "linear" } end)
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'dealy'; did you mean 'delay'?)", function() to { dealy = 1 } end)
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'oncomplete'; did you mean 'on_complete'?)", function() to { oncomplete = print } end)
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'iteration'; did you mean 'iterations'?)", function() to { iteration = 2 } end)
    h.fails_bad_argument("bad argument #4 to 'from' (unknown option 'onstart'; did you mean 'on_start'?)", function()
      kinetic.animator():from({ x = 0 }, 1, { x = 1 }, { onstart = print })
    end)
    h.fails_bad_argument("bad argument #3 to 'spring' (unknown option 'stiffnes'; did you mean 'stiffness'?)", function() spring { stiffnes = 1 } end)
    h.fails_bad_argument("bad argument #3 to 'spring' (unknown option 'dampign'; did you mean 'damping'?)", function() spring { dampign = 1 } end)
    h.fails_bad_argument("bad argument #1 to 'sequence' (unknown option 'iteration'; did you mean 'iterations'?)", function()
      kinetic.animator():sequence { iteration = 2 }
    end)
  end)

  it("the argument number counts self when the method is called as a function", function()
    local anim = kinetic.animator()
    h.fails_bad_argument((LUA and "bad argument #4" or "bad argument #5") .. " to 'to' (unknown option 'easign'; did you mean 'easing'?)",
                         anim.to, anim, { x = 0 }, 1, { x = 1 }, { easign = "linear" })
  end)

  it("an unknown option without a near name", function()
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'wobble'", function() to { wobble = 1 } end)
    h.fails_bad_argument("bad argument #4 to 'to' (unknown option 'velocity'", function() to { velocity = 1 } end)
    h.fails_bad_argument("bad argument #4 to 'to'", function() to { [1] = 2 } end)
  end)

  it("springs take no tween option", function()
    for _, name in ipairs { "from", "to", "on_rest", "easing", "iterations", "after" } do
      h.fails_bad_argument("bad argument #3 to 'spring' (unknown option '" .. name .. "'", function() spring { [name] = 1 } end)
    end
  end)

  it("springs take one parameter family, checked as kinetic.spring checks it", function()
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { stiffness = 100, tension = 100 } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { preset = "wobly" } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { mass = -1 } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { bounce = 2 } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { integrator = "verlet" } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { velocity = "fast" } end)
    h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { velocity = NAN } end)
  end)

  local values = {
    { "easing", "bogus" }, { "easing", 5 }, { "easing", "steps(0)" },
    { "delay", -0.1 }, { "delay", NAN }, { "delay", INF }, { "delay", "1" },
    { "iterations", 0 }, { "iterations", 0.5 }, { "iterations", -1 }, { "iterations", NAN }, { "iterations", "2" },
    { "after", "bounce" }, { "after", 1 },
    { "on_start", 5 }, { "on_update", "f" }, { "on_complete", {} },
  }
  for _, c in ipairs(values) do
    it(("refuses %s = %s"):format(c[1], tostring(c[2])), function()
      h.fails_bad_argument("bad argument #4 to 'to'", function() to { [c[1]] = c[2] } end)
      if c[1] ~= "iterations" and c[1] ~= "after" and c[1] ~= "easing" then
        h.fails_bad_argument("bad argument #3 to 'spring'", function() spring { [c[1]] = c[2] } end)
      end
      if c[1] ~= "easing" then
        h.fails_bad_argument("bad argument #1 to 'sequence'", function() kinetic.animator():sequence { [c[1]] = c[2] } end)
      end
    end)
  end

  it("refuses an options argument that is not a table", function()
    h.fails_bad_argument("bad argument #4 to 'to'", function() to("linear") end)
    h.fails_bad_argument("bad argument #4 to 'to'", function() to(5) end)
  end)

  it("accepts iterations = math.huge", function()
    assert.has_no.errors(function() to { iterations = math.huge, after = "restart" } end)
  end)
end)

describe("durations", function()
  for _, d in ipairs { -1, NAN, INF, -INF, "1", true } do
    it("refuses " .. tostring(d), function()
      local anim = kinetic.animator()
      h.fails_bad_argument("bad argument #2 to 'to'", function() anim:to({ x = 0 }, d, { x = 1 }) end)
      h.fails_bad_argument("bad argument #2 to 'from'", function() anim:from({ x = 0 }, d, { x = 1 }) end)
      h.fails_bad_argument("bad argument #2 to 'to'", function() kinetic.animator():sequence():to({ x = 0 }, d, { x = 1 }) end)
      local a = anim:to({ x = 0 }, 1, { x = 1 })
      h.fails_bad_argument("bad argument #1 to 'after'", function() a:after(d, { x = 1 }) end)
      assert.are.equal(1, anim:count())
    end)
  end

  it("refuses a missing duration", function()
    local anim = kinetic.animator()
    h.fails_bad_argument("bad argument #2 to 'to'", function() anim:to({ x = 0 }, { x = 1 }) end)
  end)

  it("an endless child in a sequence", function()
    local seq = kinetic.animator():sequence()
    h.fails_bad_argument("bad argument #4 to 'to'", function()
      seq:to({ x = 0 }, 1, { x = 1 }, { iterations = math.huge, after = "restart" })
    end)
  end)
end)

describe("methods", function()
  local function fresh()
    local anim = kinetic.animator()
    return anim, anim:to({ x = 0 }, 1, { x = 1 })
  end

  it("update: dt >= 0 and finite", function()
    local anim = fresh()
    for _, dt in ipairs { -0.1, NAN, INF, -INF } do
      h.fails_bad_argument("bad argument #1 to 'update'", function() anim:update(dt) end)
    end
    h.fails_bad_argument("bad argument #1 to 'update'", function() anim:update("0.1") end)
    h.fails_bad_argument("bad argument #1 to 'update'", function() anim:update() end)
    assert.are.equal(1, anim:update(0.1))            -- nothing happened
  end)

  it("time_scale: s >= 0 and finite, for animations and the animator", function()
    local anim, a = fresh()
    for _, s in ipairs { -1, NAN, INF, "2" } do
      h.fails_bad_argument("bad argument #1 to 'time_scale'", function() a:time_scale(s) end)
      h.fails_bad_argument("bad argument #1 to 'time_scale'", function() anim:time_scale(s) end)
    end
    assert.are.equal(1, a:time_scale())
    assert.are.equal(1, anim:time_scale())
  end)

  it("seek: t >= 0 and finite", function()
    local _, a = fresh()
    for _, t in ipairs { -1, NAN, INF, "1" } do
      h.fails_bad_argument("bad argument #1 to 'seek'", function() a:seek(t) end)
    end
    assert.are.equal(0, a:time())
  end)

  it("ease, delay, on_* setters and after check their arguments", function()
    local _, a = fresh()
    h.fails_bad_argument("bad argument #1 to 'ease'", function() a:ease("bogus") end)
    h.fails_bad_argument("bad argument #1 to 'ease'", function() a:ease(5) end)
    h.fails_bad_argument("bad argument #1 to 'delay'", function() a:delay(-1) end)
    h.fails_bad_argument("bad argument #1 to 'delay'", function() a:delay(NAN) end)
    h.fails_bad_argument("bad argument #1 to 'on_start'", function() a:on_start(5) end)
    h.fails_bad_argument("bad argument #1 to 'on_update'", function() a:on_update("f") end)
    h.fails_bad_argument("bad argument #1 to 'on_complete'", function() a:on_complete(nil) end)
    h.fails_bad_argument("bad argument #3 to 'after'", function() a:after({ y = 0 }, 1, { y = "a" }) end)
    h.fails_bad_argument("bad argument #2 to 'after'", function() a:after(1, { y = "a" }) end)
    h.fails_bad_argument("bad argument #4 to 'after' (unknown option 'easign'; did you mean 'easing'?)",
                         function() a:after({ y = 0 }, 1, { y = 1 }, { easign = 1 }) end)
  end)

  it("stop(target, field): the target must be a table, the field a string", function()
    local anim = fresh()
    h.fails_bad_argument("bad argument #1 to 'stop'", function() anim:stop(5) end)
    h.fails_bad_argument("bad argument #2 to 'stop'", function() anim:stop({}, 5) end)
  end)
end)

describe("fields that are not numbers when the animation starts", function()
  it("update raises naming the field; that animation is removed, the others go on", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local completes = 0
    local bad = anim:to(o, 1, { missing = 1 }, { on_complete = function() completes = completes + 1 end })
    local good = anim:to(p, 1, { y = 1 }, { easing = "linear" })
    local err = h.error_of(anim.update, anim, 0.25)
    assert.is_string(err)
    assert.truthy(err:find("field 'missing'", 1, true), err)
    assert.truthy(err:find("number expected, got nil", 1, true), err)
    assert.are.equal(0.25, p.y)                      -- the frame went on for the others
    assert.is_true(bad:done())
    assert.are.equal(1, anim:count())
    anim:update(0.25)
    assert.are.equal(0.5, p.y)
    anim:update(0.5)
    assert.is_true(good:done())
    assert.are.equal(0, completes)
    assert.is_nil(o.missing)
  end)

  it("a field set to a string during the delay", function()
    local anim = kinetic.animator()
    local o = { x = 0 }
    anim:to(o, 1, { x = 1 }, { delay = 0.5 })
    anim:update(0.25)
    o.x = "left"
    local err = h.error_of(anim.update, anim, 0.5)
    assert.truthy(tostring(err):find("field 'x'", 1, true), tostring(err))
    assert.truthy(tostring(err):find("string", 1, true), tostring(err))
    assert.are.equal("left", o.x)
    assert.are.equal(0, anim:count())
    assert.are.equal(0, anim:update(1))
  end)

  it("arrays: not a table, wrong length, a non-number item; a number field given an array", function()
    for _, c in ipairs {
      { 5, { 1, 2 } }, { { 1, 2 }, { 1, 2, 3 } }, { { 1, "a" }, { 0, 0 } }, { { 1, 2 }, 5 }, { nil, "+=1" },
    } do
      local anim = kinetic.animator()
      local o = { v = c[1] }
      local other = { y = 0 }
      anim:to(o, 1, { v = c[2] })
      anim:to(other, 1, { y = 1 }, { easing = "linear" })
      local err = h.error_of(anim.update, anim, 0.5)
      assert.truthy(tostring(err):find("field 'v'", 1, true), tostring(err))
      assert.are.equal(0.5, other.y)
      assert.are.equal(1, anim:count())
    end
  end)

  it("springs and from too", function()
    local anim = kinetic.animator()
    anim:spring({ x = "a" }, { x = 1 })
    h.fails("field 'x'", anim.update, anim, 0.1)
    anim:from({ z = 0 }, 1, { y = 1 })
    h.fails("field 'y'", anim.update, anim, 0.1)
    assert.are.equal(0, anim:count())
  end)

  it("in a list of targets, the error names the field; the other targets go on", function()
    local anim = kinetic.animator()
    local list = { { x = 0 }, { x = "no" }, { x = 0 } }
    anim:to(list, 1, { x = 1 }, { easing = "linear" })
    h.fails("field 'x'", anim.update, anim, 0.5)
    assert.are.equal(0.5, list[1].x)
    assert.are.equal("no", list[2].x)
    anim:update(0.25)
    assert.are.equal(0.75, list[3].x)
  end)

  it("a target whose __index raises: the error propagates from update and the animator stays usable", function()
    local anim = kinetic.animator()
    local o = setmetatable({}, { __index = function() error("no such field") end })
    local p = { y = 0 }
    anim:to(o, 1, { x = 1 })
    local other = anim:to(p, 1, { y = 1 }, { easing = "linear" })
    h.fails("no such field", anim.update, anim, 0.5)
    assert.are.equal(1, anim:count())
    local y = p.y
    anim:update(0.25)
    assert.is_true(p.y > y)
    for _ = 1, 8 do anim:update(0.25) end
    assert.are.equal(1, p.y)
    assert.is_true(other:done())
  end)
end)

describe("Lua easings that fail", function()
  it("one that raises ends its animation at its last value; update raises once; the rest goes on", function()
    local anim = kinetic.animator()
    local o, p = { x = 0 }, { y = 0 }
    local a = anim:to(o, 1, { x = 1 }, { easing = function(t)
      if t > 0.3 then error("bad easing") end
      return t
    end })
    local b = anim:to(p, 1, { y = 1 }, { easing = function(t) return t end })
    anim:update(0.25)
    h.fails("the easing function of a tween raised (the animation is removed): ", anim.update, anim, 0.25)
    assert.are.equal(0.25, o.x)
    assert.are.equal(0.5, p.y)
    assert.is_true(a:done())
    assert.are.equal(1, anim:update(0.25))
    assert.are.equal(0.75, p.y)
    assert.is_false(b:done())
  end)

  it("one that returns NaN or a string ends its animation the same way", function()
    for _, bad in ipairs { 0 / 0, "x", math.huge } do
      local anim = kinetic.animator()
      local o = { x = 5 }
      local a = anim:to(o, 1, { x = 1 }, { easing = function() return bad end })
      local err = h.error_of(anim.update, anim, 0.5)
      assert.truthy(tostring(err):find("the easing function of a tween returned", 1, true), tostring(err))
      assert.are.equal(5, o.x)
      assert.is_true(a:done())
      assert.are.equal(0, anim:count())
    end
  end)
end)

