-- kinetic.pure.timeline_def: what a timeline definition must satisfy that
-- needs no script value to decide -- the numbers of its fields, how its
-- options combine, the shape every keyframe shares with the first, and the
-- timeline made from the options; csrc/core/timeline_def.c in Lua, the same
-- reasons byte for byte.
--
-- A check that fails returns false and says where and why in an error
-- table e (kn_tl_error: e.seg, e.field, e.why); what a reason leaves out is
-- what only the binding can show (the type or the text of the value it got).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local timeline = require("kinetic.pure.timeline")

local format, sub = string.format, string.sub

local def = {}

-- enum kn_tl_shape: the shape of the keyframes, the first's for all.
local NUMBER, VECTOR, NAMED, COLOR = 0, 1, 2, 3
def.NUMBER, def.VECTOR, def.NAMED, def.COLOR = NUMBER, VECTOR, NAMED, COLOR

-- enum kn_tl_number: the kinds of number a definition has (repeat_delay is
-- one of kind DELAY).
local FINITE, DURATION, ITERATIONS, DELAY = 0, 1, 2, 3
def.FINITE, def.DURATION, def.ITERATIONS, def.DELAY = FINITE, DURATION, ITERATIONS, DELAY

local INTERP_LINEAR, INTERP_POLAR = 0, 3
local CS_OKLAB, HUE_SHORTER = 10, 0      -- enum kn_color_space, kn_color_hue

-- The defaults (kn_tl_options): one number, linear, degrees, stop, once, no
-- delay, the pivot at 0, colours mixed in oklab the shorter way round the
-- hue.
function def.options_init(o, nseg)
  o.nseg = nseg
  o.ncomp = 0
  o.shape = NUMBER
  o.mode = INTERP_LINEAR
  o.unit = timeline.UNIT_DEGREES
  o.after = timeline.AFTER_STOP
  o.iterations = 1.0
  o.delay = 0.0
  o.repeat_delay = 0.0
  o.pivot = { 0.0, 0.0 }
  o.space = CS_OKLAB
  o.hue = HUE_SHORTER
end

-- A timeline (timeline.block) laid out for the options, with their mode,
-- strategy, iterations, delay, repeat_delay, turn and pivot.
function def.init(tl, o)
  timeline.layout(tl, o.nseg, o.ncomp)
  tl.mode = o.mode
  tl.after = o.after
  tl.iterations = o.iterations
  tl.delay = o.delay
  tl.repeat_delay = o.repeat_delay
  tl.turn = timeline.turn(o.unit)
  tl.pivot[1] = o.pivot[1]
  tl.pivot[2] = o.pivot[2]
end

-- The failure of segment seg's (0: the definition's) field `field` (nil:
-- the whole segment, or the definition); the reason cut to 95 bytes as
-- C's why[96] holds it.
local function fail(e, seg, field, fmt, ...)
  e.seg = seg
  e.field = field
  e.why = sub(format(fmt, ...), 1, 95)
  return false
end

-- What each kind of number must be, and the reason when it is not: not a
-- number, not finite, out of its range (nil: any finite number).
local number_kinds = {
  [FINITE] = { "number expected", "finite number expected", nil },
  [DURATION] = { "positive number expected", "finite number expected",
                 "positive number expected" },
  [ITERATIONS] = { "number >= 1 expected", nil, "number >= 1 expected" },
  [DELAY] = { "number expected", "finite number expected", "non-negative number expected" },
}

-- The reason a value of that kind is not one (is_number: the value is a
-- number at all), nil when it is.
function def.check_number(kind, is_number, x)
  local k = number_kinds[kind]
  if not is_number then return k[1] end
  if kind == ITERATIONS then                       -- math.huge included, NaN not
    if x >= 1.0 then return nil end
    return k[3]
  end
  if x - x ~= 0 then return k[2] end
  if (kind == DURATION and not (x > 0.0)) or (kind == DELAY and x < 0.0) then
    return k[3]
  end
  return nil
end

-- segments x (components + 4) within MAX_ELEMENTS
function def.check_size(o, e)
  if o.nseg * (o.ncomp + 4) > timeline.MAX_ELEMENTS then
    return fail(e, 0, nil, "too many segments")
  end
  return true
end

-- 'polar' turns 2-vectors about the pivot; no other mode takes one.
function def.check_polar(o, has_pivot, e)
  if o.mode ~= INTERP_POLAR then
    if has_pivot then return fail(e, 0, "pivot", "only used with interpolation = 'polar'") end
    return true
  end
  if o.shape == VECTOR and o.ncomp == 2 then return true end
  if o.shape == VECTOR then
    return fail(e, 0, "interpolation", "'polar' needs 2-vector states {x, y}, got %d components",
                o.ncomp)
  end
  return fail(e, 0, "interpolation", "'polar' needs 2-vector states {x, y}, got %s",
              o.shape == NAMED and "named properties" or "a number")
end

-- A path's keyframes are fractions of its length, interpolated linearly.
function def.check_path(o, e)
  if o.shape ~= NUMBER then
    return fail(e, 0, "path", "keyframes that are numbers (fractions of its length) "
                .. "expected, got %s", o.shape == VECTOR and "arrays" or "named properties")
  end
  if o.mode ~= INTERP_LINEAR then
    return fail(e, 0, "interpolation", "a path's fractions interpolate linearly")
  end
  return true
end

-- Colours mix linearly in their colour space, and only they take one.
function def.check_colors(o, colors, has_space, has_hue, e)
  if colors and o.mode ~= INTERP_LINEAR then
    return fail(e, 0, "interpolation", "colours interpolate in color_space (linear expected)")
  end
  if not colors and (has_space or has_hue) then
    return fail(e, 0, has_space and "color_space" or "hue", "only colour keyframes take it")
  end
  return true
end

-- round rounds numbers; a colour's components are not numbers shown.
function def.check_round(_, colors, has_round, e)
  if colors and has_round then
    return fail(e, 0, "round", "colours are not rounded (numbers only)")
  end
  return true
end

-- What a keyframe of the shape is called in a reason: "number", "array of
-- numbers", "table of named numbers"; with `counted`, as the first one
-- makes it: "array of 3 numbers", "colour".
function def.shape_name(shape, ncomp, counted)
  if shape == NUMBER then return "number" end
  if shape == COLOR then return counted and "colour" or "table of named numbers" end
  if shape == NAMED then return "table of named numbers" end
  if not counted then return "array of numbers" end
  return format("array of %d numbers", ncomp)
end

return def
