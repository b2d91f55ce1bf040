-- Bad input to kinetic.timeline and its methods: a clear `bad argument` error that
-- names the segment and the field.
local kinetic = require("kinetic")
local fails = require("spec.helpers").fails_bad_argument

local function seg(to, duration, extra)
  local s = { to = to, duration = duration }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

describe("timeline: bad input", function()
  local T = kinetic.timeline

  it("needs a table with at least one segment", function()
    fails("table expected, got number", T, 5)
    fails("at least one segment", T, { from = 0 })
    fails("segment 2: table { to = ..., duration = ... } expected, got number", T, { from = 0, seg(1, 1), 7 })
  end)

  it("rejects zero, negative, NaN, infinite and missing durations", function()
    fails("(segment 2, field 'duration': positive number expected, got -1)", T, { from = 0, seg(1, 1), seg(2, -1) })
    fails("segment 1, field 'duration': positive number expected, got 0", T, { from = 0, seg(1, 0) })
    fails("segment 1, field 'duration': finite number expected, got nan", T, { from = 0, seg(1, 0 / 0) })
    fails("segment 1, field 'duration': finite number expected, got inf", T, { from = 0, seg(1, math.huge) })
    fails("segment 3, field 'duration': positive number expected, got nil", T,
          { from = 0, seg(1, 1), seg(1, 1), { to = 3 } })
    fails("segment 1, field 'duration': positive number expected, got string", T, { from = 0, seg(1, "1") })
  end)

  it("rejects a missing or malformed `to`", function()
    fails("segment 2, field 'to': number expected, got nil", T, { from = 0, seg(1, 1), { duration = 1 } })
    fails("segment 1, field 'to': finite number expected, got nan", T, { from = 0, seg(0 / 0, 1) })
    fails("segment 1, field 'to': finite number expected, got -inf", T, { from = 0, seg(-math.huge, 1) })
    fails("segment 1, field 'to': number expected, got table", T, { from = 0, seg({ 1 }, 1) })
  end)

  it("rejects a bad `from`", function()
    fails("field 'from': number, array, colour or table of named values expected, got nil", T, { seg(1, 1) })
    fails("field 'from': finite number expected, got nan", T, { from = 0 / 0, seg(1, 1) })
    fails("field 'from': component 2: number expected, got string", T, { from = { 1, "x" }, seg({ 1, 2 }, 1) })
    fails("field 'from': number, array, colour or table of named values expected, got an empty table", T,
          { from = {}, seg(1, 1) })
    fails("field 'from': property 'y': finite number expected, got inf", T,
          { from = { x = 1, y = math.huge }, seg({ x = 1, y = 1 }, 1) })
  end)

  it("rejects mismatched vector lengths", function()
    fails("segment 2, field 'to': array of 2 numbers expected (as 'from'), got 3", T,
          { from = { 0, 0 }, seg({ 1, 1 }, 1), seg({ 1, 2, 3 }, 1) })
    fails("segment 1, field 'to': array of 2 numbers expected (as 'from'), got number", T,
          { from = { 0, 0 }, seg(1, 1) })
    fails("segment 1, field 'to': component 2: finite number expected, got nan", T,
          { from = { 0, 0 }, seg({ 1, 0 / 0 }, 1) })
  end)

  it("rejects mismatched property names", function()
    fails("segment 1, field 'to': property 'y' missing (as in 'from')", T,
          { from = { x = 0, y = 0 }, seg({ x = 1 }, 1) })
    fails("segment 2, field 'to': unexpected property 'z' (not in 'from')", T,
          { from = { x = 0 }, seg({ x = 1 }, 1), seg({ x = 1, z = 2 }, 1) })
    fails("segment 1, field 'to': property 'x': number expected, got boolean", T,
          { from = { x = 0 }, seg({ x = true }, 1) })
  end)

  it("rejects unknown easings", function()
    local err = fails("segment 2, field 'easing':", T, { from = 0, seg(1, 1), seg(2, 1, { easing = "bouncy-wobble" }) })
    assert.truthy(err:find("bouncy-wobble", 1, true), err)
    fails("segment 1, field 'easing':", T, { from = 0, seg(1, 1, { easing = 3 }) })
  end)

  it("rejects unknown modes, units and strategies", function()
    fails("field 'interpolation': 'linear', 'shortest-angle', 'longest-angle' or 'polar' expected, got 'cubic'",
          T, { from = 0, seg(1, 1), interpolation = "cubic" })
    fails("field 'angle_unit': 'degrees' or 'radians' expected, got 'turns'", T,
          { from = 0, seg(1, 1), angle_unit = "turns" })
    fails("field 'after': 'stop', 'restart' or 'reverse' expected, got 'loop'", T,
          { from = 0, seg(1, 1), after = "loop" })
    fails("field 'after': 'stop', 'restart' or 'reverse' expected, got number", T,
          { from = 0, seg(1, 1), after = 1 })
  end)

  it("rejects iterations below 1 and bad delays", function()
    fails("field 'iterations': number >= 1 expected, got 0.5", T, { from = 0, seg(1, 1), iterations = 0.5 })
    fails("field 'iterations': number >= 1 expected, got nan", T, { from = 0, seg(1, 1), iterations = 0 / 0 })
    fails("field 'iterations': number >= 1 expected, got -inf", T, { from = 0, seg(1, 1), iterations = -math.huge })
    fails("field 'delay': non-negative number expected, got -0.5", T, { from = 0, seg(1, 1), delay = -0.5 })
    fails("field 'delay': finite number expected, got inf", T, { from = 0, seg(1, 1), delay = math.huge })
  end)

  it("needs a pivot and 2-vectors for polar", function()
    fails("field 'pivot': {x, y} expected for 'polar', got nil", T,
          { from = { 0, 0 }, seg({ 1, 1 }, 1), interpolation = "polar" })
    fails("field 'pivot': y: finite number expected, got nan", T,
          { from = { 0, 0 }, seg({ 1, 1 }, 1), interpolation = "polar", pivot = { 0, 0 / 0 } })
    fails("field 'interpolation': 'polar' needs 2-vector states {x, y}, got 3 components", T,
          { from = { 0, 0, 0 }, seg({ 1, 1, 1 }, 1), interpolation = "polar", pivot = { 0, 0 } })
    fails("field 'interpolation': 'polar' needs 2-vector states {x, y}, got a number", T,
          { from = 0, seg(1, 1), interpolation = "polar", pivot = { 0, 0 } })
    fails("field 'pivot': only used with interpolation = 'polar'", T, { from = 0, seg(1, 1), pivot = { 0, 0 } })
  end)

  it("rejects callbacks that are not functions", function()
    fails("field 'on_complete': function expected, got string", T, { from = 0, seg(1, 1), on_complete = "done" })
  end)

  it("checks method arguments", function()
    local tl = T{ from = 0, seg(1, 1) }
    fails("bad argument #1 to 'at' (finite number expected, got nan)", function() tl:at(0 / 0) end)
    fails("bad argument #1 to 'update' (non-negative number expected, got -1)", function() tl:update(-1) end)
    fails("bad argument #1 to 'update' (finite number expected, got inf)", function() tl:update(math.huge) end)
    fails("bad argument #1 to 'seek' (non-negative number expected, got -2)", function() tl:seek(-2) end)
    fails("bad argument #2 to 'at' (table expected, got string)", function() tl:at(0, "out") end)
    fails("no fields to write", function() tl:apply({}) end)
    local named = T{ from = { x = 0 }, seg({ x = 1 }, 1) }
    fails("table or userdata expected, got number", function() named:apply(3) end)
  end)

  it("checks self, counted as in a function call for tl.at(x)", function()
    local tl = T{ from = 0, seg(1, 1) }
    -- C sees a function call (#1); the Lua backend counts as for tl:at
    if kinetic._backend == "lua" then
      require("spec.helpers").fails("calling 'at' on bad self (kinetic.Timeline expected, got number)",
                                    tl.at, 5, 0)
    else
      fails("bad argument #1 to 'at' (kinetic.Timeline expected, got number)", tl.at, 5, 0)
    end
  end)
end)
