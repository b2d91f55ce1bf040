-- luacheck: no max line length
-- Option tables are checked: every constructor refuses a name it does not
-- know, with the nearest known one when it is close (Damerau-Levenshtein:
-- 1 edit for names of up to 5 characters, 2 for longer ones, a
-- transposition counting 1), and refuses keys that are neither names nor
-- its array part.  A table where an array was expected says what it is
-- ("a table with named keys (x, y)").  The messages are compared whole:
-- they are the same on every VM.
local kinetic = require("kinetic")
local h = require("spec.helpers")
local error_of = h.error_of

-- expect(message, fn, ...): fn(...) raises exactly "bad argument #1 to ..." .. message.
local function expect(message, fn, ...)
  assert.are.equal(message, error_of(fn, ...))
end

local with = h.with

local function noop() end

-- Every option of each constructor, in groups a constructor takes at once
-- (one parameter family per spring), each with a value it accepts.
local SPRING_FAMILIES = {
  { stiffness = 100, damping = 10, mass = 2 },
  { frequency = 2, damping_ratio = 0.5, mass = 2 },
  { response = 0.4, damping_ratio = 0.8 },
  { duration = 0.5, bounce = 0.2, mass = 2 },
  { tension = 40, friction = 7 },
  { origami_tension = 40, origami_friction = 7 },
  { bounciness = 10, speed = 12 },
  { preset = "wobbly", mass = 2 },
}
local SPRING_REST = { from = 0, to = 1, velocity = 0, integrator = "analytic", clamp = true,
                      rest_delta = 1e-3, rest_speed = 1e-2, on_update = noop, on_rest = noop }
local GROUP_REST = { count = 2, from = 0, to = { 1, 2 }, velocity = 0, integrator = "analytic",
                     clamp = false, rest_delta = 1e-3, rest_speed = 1e-2 }

local SEG = { to = 1, duration = 1 }

describe("option tables", function()
  describe("kinetic.spring", function()
    local S = kinetic.spring

    it("accepts every option of every parameter family", function()
      for _, family in ipairs(SPRING_FAMILIES) do
        assert.are.equal("kinetic.Spring", tostring(S(with(family, SPRING_REST))):match("^kinetic%.Spring"))
      end
    end)

    it("names the nearest known option of a misspelt one", function()
      expect("bad argument #1 to 'spring' (unknown option 'stiffnes'; did you mean 'stiffness'?)", S, { stiffnes = 170 })
      expect("bad argument #1 to 'spring' (unknown option 'dampingRatio'; did you mean 'damping_ratio'?)", S, { frequency = 1, dampingRatio = 1 })
      expect("bad argument #1 to 'spring' (unknown option 'onRest'; did you mean 'on_rest'?)", S, { onRest = noop })
      expect("bad argument #1 to 'spring' (unknown option 'velcoity'; did you mean 'velocity'?)", S, { velcoity = 1 })
      expect("bad argument #1 to 'spring' (unknown option 'Mass'; did you mean 'mass'?)", S, { Mass = 2 })
      expect("bad argument #1 to 'spring' (unknown option 'tp'; did you mean 'to'?)", S, { tp = 2 })
      expect("bad argument #1 to 'spring' (unknown option 'origami_tensoin'; did you mean 'origami_tension'?)", S, { origami_tensoin = 1 })
    end)

    it("offers no suggestion for a name far from every option", function()
      expect("bad argument #1 to 'spring' (unknown option 'zzz')", S, { zzz = 1 })
      expect("bad argument #1 to 'spring' (unknown option 'target')", S, { target = 1 })
      expect("bad argument #1 to 'spring' (unknown option 'stfnes')", S, { stfnes = 1 })   -- 6 characters, 3 edits
    end)

    it("refuses keys that are not names", function()
      expect("bad argument #1 to 'spring' (unexpected key of type boolean (true); options are named by strings)", S, { [true] = 1 })
      expect("bad argument #1 to 'spring' (unexpected key of type number (1); options are named by strings)", S, { 5 })
      expect("bad argument #1 to 'spring' (unexpected key of type number (0.5); options are named by strings)", S, { [0.5] = 1 })
      expect("bad argument #1 to 'spring' (unexpected key of type table; options are named by strings)", S, { [{}] = 1 })
    end)

    it("checks the names before any value", function()
      expect("bad argument #1 to 'spring' (unknown option 'stiffnes'; did you mean 'stiffness'?)", S, { stiffnes = 1, mass = -1, from = "x" })
    end)

    it("reports the same bad key whatever the traversal order: strings first, least first", function()
      local keys = { "zeta", "b_typo", "alpha", "mu" }
      for rot = 0, #keys - 1 do
        local t = { [false] = 1, [3] = 1 }
        for i = 1, #keys do t[keys[(i + rot - 1) % #keys + 1]] = 1 end
        expect("bad argument #1 to 'spring' (unknown option 'alpha')", S, t)
      end
      expect("bad argument #1 to 'spring' (unexpected key of type boolean (false); options are named by strings)", S, { [3] = 1, [true] = 1, [false] = 1, [-2] = 1 })
      expect("bad argument #1 to 'spring' (unexpected key of type number (-2); options are named by strings)", S, { [3] = 1, [-2] = 1, [0.5] = 1 })
    end)

    it("says a state field with named keys is not an array, and why", function()
      expect("bad argument #1 to 'spring' (field 'from': array of numbers expected, got a table with named keys (x, y); a spring animates a number or an array of numbers (kinetic.timeline animates named properties))",
             S, { from = { x = 0, y = 0 }, to = { x = 1, y = 1 } })
      expect("bad argument #1 to 'spring' (field 'to': array of numbers expected, got a table with named keys (a, b, c, d, ...); a spring animates a number or an array of numbers (kinetic.timeline animates named properties))",
             S, { to = { e = 1, d = 1, c = 1, b = 1, a = 1 } })
      expect("bad argument #1 to 'spring' (field 'velocity': array of numbers expected, got a table with named keys (x); a spring animates a number or an array of numbers (kinetic.timeline animates named properties))",
             S, { velocity = { x = 1 } })
      expect("bad argument #1 to 'spring' (field 'from': array of numbers expected, got a table with no item 1)", S, { from = { [0] = 1 } })
      expect("bad argument #1 to 'spring' (field 'from': non-empty array expected, got an empty table)", S, { from = {} })
    end)
  end)

  describe("kinetic.spring_group", function()
    local G = kinetic.spring_group

    it("accepts every option of every parameter family", function()
      for _, family in ipairs(SPRING_FAMILIES) do
        assert.are.equal(2, #G(with(family, GROUP_REST)))
      end
    end)

    it("names the nearest known option, as kinetic.spring does", function()
      expect("bad argument #1 to 'spring_group' (unknown option 'stiffnes'; did you mean 'stiffness'?)", G, { count = 2, stiffnes = 100 })
      expect("bad argument #1 to 'spring_group' (unknown option 'cuont'; did you mean 'count'?)", G, { cuont = 2 })
      expect("bad argument #1 to 'spring_group' (unknown option 'zzz')", G, { count = 2, zzz = 1 })
      expect("bad argument #1 to 'spring_group' (unexpected key of type number (1); options are named by strings)", G, { count = 2, 5 })
    end)

    it("refuses kinetic.spring's callbacks with the reason", function()
      expect("bad argument #1 to 'spring_group' (unknown option 'on_update' (a spring group takes no callbacks: poll the count g:update returns, or g:at_rest(i)))",
             G, { count = 2, on_update = noop })
      expect("bad argument #1 to 'spring_group' (unknown option 'on_rest' (a spring group takes no callbacks: poll the count g:update returns, or g:at_rest(i)))",
             G, { count = 2, on_rest = noop })
    end)

    it("says a state field with named keys is not an array of count numbers", function()
      expect("bad argument #1 to 'spring_group' (field 'from': array of 2 numbers (count) expected, got a table with named keys (x, y); the springs of a group are numbered 1 to count)",
             G, { count = 2, from = { x = 0, y = 0 } })
      expect("bad argument #1 to 'spring_group' (field 'to': array of 2 numbers (count) expected, got a table with named keys (x); the springs of a group are numbered 1 to count)",
             G, { count = 2, to = { x = 1 } })
      expect("bad argument #1 to 'spring_group' (field 'velocity': array of 2 numbers (count) expected, got 0 items)", G, { count = 2, velocity = {} })
    end)
  end)

  describe("kinetic.timeline", function()
    local T = kinetic.timeline
    local ALL = { from = 0, SEG, { to = 2, duration = 1, easing = "ease-out" },
                  after = "reverse", iterations = 2, delay = 0.5, interpolation = "shortest-angle",
                  angle_unit = "radians", on_keyframe = noop, on_iteration = noop, on_complete = noop }

    it("accepts every option and every segment field", function()
      assert.are.equal(2, T(ALL):duration())
      local polar = T { from = { 1, 0 }, { to = { 0, 1 }, duration = 1 }, interpolation = "polar", pivot = { 0, 0 } }
      assert.are.equal(1, polar:duration())
    end)

    it("calls on_complete, and refuses oncomplete instead of never calling it", function()
      local calls = 0
      local tl = T { from = 0, SEG, on_complete = function() calls = calls + 1 end }
      tl:update(2)
      assert.are.equal(1, calls)
      expect("bad argument #1 to 'timeline' (unknown option 'oncomplete'; did you mean 'on_complete'?)",
             T, { from = 0, SEG, oncomplete = function() calls = calls + 1 end })
    end)

    it("names the nearest known option of a misspelt one", function()
      expect("bad argument #1 to 'timeline' (unknown option 'dleay'; did you mean 'delay'?)", T, { from = 0, SEG, dleay = 1 })  -- a transposition: 1 edit
      expect("bad argument #1 to 'timeline' (unknown option 'iteration'; did you mean 'iterations'?)", T, { from = 0, SEG, iteration = 2 })
      expect("bad argument #1 to 'timeline' (unknown option 'onKeyframe'; did you mean 'on_keyframe'?)", T, { from = 0, SEG, onKeyframe = noop })
      expect("bad argument #1 to 'timeline' (unknown option 'frm'; did you mean 'from'?)", T, { frm = 0, SEG })
    end)

    it("lists its options for a name far from all of them", function()
      expect("bad argument #1 to 'timeline' (unknown option 'dly' (options: from, interpolation, angle_unit, pivot, after, iterations, delay, on_keyframe, on_iteration, on_complete, path, rotate, fields, color_space, hue, repeat_delay, round))",
             T, { from = 0, SEG, dly = 1 })
      expect("bad argument #1 to 'timeline' (unknown option 'loop' (options: from, interpolation, angle_unit, pivot, after, iterations, delay, on_keyframe, on_iteration, on_complete, path, rotate, fields, color_space, hue, repeat_delay, round))",
             T, { from = 0, SEG, loop = true })
    end)

    it("takes its array part as segments and refuses any other key that is not a name", function()
      expect("bad argument #1 to 'timeline' (unexpected key of type number (3); options are named by strings, segments are the array part (items 1 to n, no holes))",
             T, { from = 0, SEG, [3] = SEG })
      expect("bad argument #1 to 'timeline' (unexpected key of type boolean (true); options are named by strings, segments are the array part (items 1 to n, no holes))",
             T, { from = 0, SEG, [true] = 1 })
      expect("bad argument #1 to 'timeline' (unexpected key of type number (0); options are named by strings, segments are the array part (items 1 to n, no holes))",
             T, { from = 0, [0] = SEG, SEG })
    end)

    it("checks the fields of each segment, naming the segment", function()
      expect("bad argument #1 to 'timeline' (segment 2: unknown option 'duraton'; did you mean 'duration'?)",
             T, { from = 0, SEG, { to = 2, duraton = 1 } })
      expect("bad argument #1 to 'timeline' (segment 1: unknown option 'easng'; did you mean 'easing'?)",
             T, { from = 0, { to = 1, duration = 1, easng = "linear" } })
      expect("bad argument #1 to 'timeline' (segment 2: unknown option 'delay' (options: to, duration, easing))",
             T, { from = 0, SEG, { to = 2, duration = 1, delay = 1 } })
      expect("bad argument #1 to 'timeline' (segment 1: unexpected key of type number (1); options are named by strings)",
             T, { from = 0, { 5, to = 1, duration = 1 } })
    end)

    it("checks every name before any value, segments included", function()
      expect("bad argument #1 to 'timeline' (segment 2: unknown option 'duraton'; did you mean 'duration'?)",
             T, { from = "x", after = "never", { to = 1, duration = -1 }, { to = 2, duraton = 1 } })
    end)

    it("says which shape 'to' has when it does not match 'from'", function()
      expect("bad argument #1 to 'timeline' (segment 1, field 'to': array of 2 numbers expected (as 'from'), got a table with named keys (x, y))",
             T, { from = { 0, 0 }, { to = { x = 1, y = 1 }, duration = 1 } })
      expect("bad argument #1 to 'timeline' (segment 2, field 'to': table of named numbers expected (as 'from'), got an array of 2 items)",
             T, { from = { x = 0, y = 0 }, { to = { x = 1, y = 1 }, duration = 1 }, { to = { 1, 1 }, duration = 1 } })
      expect("bad argument #1 to 'timeline' (field 'pivot': {x, y} expected for 'polar' (an array of 2 numbers), got a table with named keys (x, y))",
             T, { from = { 1, 0 }, { to = { 0, 1 }, duration = 1 }, interpolation = "polar", pivot = { x = 0, y = 0 } })
    end)
  end)

  describe("kinetic.friction and kinetic.gravity", function()
    it("accept every option", function()
      local f = kinetic.friction { drag = 0.5, position = 1, velocity = 2, constant_deceleration = 0.1, tolerance = 0.01 }
      assert.are.equal(1, f:at(0))
      local g = kinetic.gravity { acceleration = 1, position = 1, velocity = 2, end_distance = 10 }
      assert.are.equal(1, g:at(0))
    end)

    it("name the nearest known option, else list them", function()
      expect("bad argument #1 to 'friction' (unknown option 'velocty'; did you mean 'velocity'?)", kinetic.friction, { drag = 0.5, velocty = 1 })
      expect("bad argument #1 to 'friction' (unknown option 'dreg'; did you mean 'drag'?)", kinetic.friction, { dreg = 0.5 })
      expect("bad argument #1 to 'friction' (unknown option 'decay' (options: drag, position, velocity, constant_deceleration, tolerance))",
             kinetic.friction, { drag = 0.5, decay = 1 })
      expect("bad argument #1 to 'gravity' (unknown option 'end_distanse'; did you mean 'end_distance'?)", kinetic.gravity, { acceleration = 1, end_distanse = 1 })
      expect("bad argument #1 to 'gravity' (unknown option 'g' (options: acceleration, position, velocity, end_distance))", kinetic.gravity, { g = 9.8 })
    end)

    it("refuse keys that are not names", function()
      expect("bad argument #1 to 'friction' (unexpected key of type number (1); options are named by strings)", kinetic.friction, { 0.5, drag = 0.5 })
      expect("bad argument #1 to 'gravity' (unexpected key of type boolean (false); options are named by strings)", kinetic.gravity, { acceleration = 1, [false] = 1 })
    end)
  end)

  describe("kinetic.viewport", function()
    local V = kinetic.viewport

    it("accepts every option, width and height also as items 1 and 2", function()
      local vp = V { width = 800, height = 600, origin = { 0.5, 0.5 }, unit = { 1, -1 }, scale = { 2, 2 } }
      assert.are.same({ 400, 300 }, { vp:to_screen(0, 0) })
      assert.are.same({ 400, 300 }, { V({ 800, 600, origin = { 0.5, 0.5 } }):to_screen(0, 0) })
    end)

    it("names the nearest known option, else lists them", function()
      expect("bad argument #1 to 'viewport' (unknown option 'orign'; did you mean 'origin'?)", V, { 800, 600, orign = { 0, 0 } })
      expect("bad argument #1 to 'viewport' (unknown option 'origin_x'; did you mean 'origin'?)", V, { 800, 600, origin_x = 0.5 })
      expect("bad argument #1 to 'viewport' (unknown option 'zoom' (options: width, height, origin, unit, scale))", V, { 800, 600, zoom = 2 })
    end)

    it("refuses keys other than names and items 1 and 2", function()
      expect("bad argument #1 to 'viewport' (unexpected key of type number (3); options are named by strings, width and height may be items 1 and 2)",
             V, { 800, 600, 1 })
      expect("bad argument #1 to 'viewport' (unexpected key of type boolean (true); options are named by strings, width and height may be items 1 and 2)",
             V, { 800, 600, [true] = 1 })
    end)

    it("says a pair with named keys is not {x, y}", function()
      expect("bad argument #1 to 'viewport' (field 'origin': {x, y} expected (an array of 2 numbers), got a table with named keys (x, y))",
             V, { 800, 600, origin = { x = 0.5, y = 0.5 } })
    end)
  end)
end)
