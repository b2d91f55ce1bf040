-- kinetic.pure.api.color: kinetic.color, kinetic.mix and their objects
-- (kinetic.Color); mirrors csrc/lua/color.c.  A handle's state is a colour
-- table (kinetic.pure.color: space, c, alpha, none), never changed after
-- it is made: kinetic.color(c) returns c itself.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local color = require("kinetic.pure.color")
local color_mix = require("kinetic.pure.color_mix")
local color_format = require("kinetic.pure.color_format")
local color_parse = require("kinetic.pure.color_parse")

local type, select = type, select
local format = string.format
local argerror, typename, checkfinite, numstr = util.argerror, util.typename, util.checkfinite,
                                                 util.numstr
local cstr = names.cstr

local M = {}

local space_list = "srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, "
                   .. "xyz-d50, xyz-d65, lab, lch, oklab, oklch, hsl, hwb"

local cls, states

-- A copy of the colour c (into out when given).
local function copy(c, out)
  out = out or { c = {} }
  local oc, cc = out.c, c.c
  out.space = c.space
  oc[1], oc[2], oc[3] = cc[1], cc[2], cc[3]
  out.alpha = c.alpha
  out.none = c.none
  return out
end

-- lk_tocolor: the colour of v -- a kinetic.Color or a colour string that
-- parses -- as a new colour table (or into out), else nil.
function M.tocolor(v, out)
  local c = states[v]
  if c ~= nil then return copy(c, out) end
  if type(v) ~= "string" then return nil end
  c = color_parse.parse(v)
  if c == nil then return nil end
  if out ~= nil then return copy(c, out) end
  return c
end

-- lk_pushcolor: a new kinetic.Color holding a copy of the colour c.
function M.pushcolor(c)
  return cls.new(copy(c))
end
local pushcolor = M.pushcolor

-- The name of an argument's type as C's messages give it ("no value" for
-- an argument not given).
local function argtype(v, given)
  if v == nil and not given then return "no value" end
  return typename(v)
end

-- The colour at arg -- a kinetic.Color or a colour string -- else raise
-- "bad argument #arg to 'f' (invalid colour 'rgb(1 2)': <why>)".
local function check_color(v, arg, fname, given)
  local c = states[v]
  if c ~= nil then return c end
  if type(v) ~= "string" then
    argerror(arg, fname, "colour string or kinetic.Color expected, got " .. argtype(v, given))
  end
  local err
  c, err = color_parse.parse(v)
  if c ~= nil then return c end
  argerror(arg, fname, format("invalid colour '%s': %s", color_parse.quote(v), err))
end

-- The colour space named by the string v (ASCII case ignored).
local function check_space(v, arg, fname, given)
  if type(v) ~= "string" then
    argerror(arg, fname, "colour space name expected, got " .. argtype(v, given))
  end
  local space = color.space_find(v)
  if space < 0 then
    argerror(arg, fname, format("unknown colour space '%s' (spaces: %s)", cstr(v), space_list))
  end
  return space
end

local HUE_TEXT = names.text(color.HUE_NAMES, 0)

local function check_hue(v, arg, fname)
  if type(v) ~= "string" then
    argerror(arg, fname, "hue interpolation method expected, got " .. typename(v))
  end
  local hue = names.find(color.HUE_NAMES, cstr(v))
  if hue < 0 then
    argerror(arg, fname, format("unknown hue interpolation method '%s' (methods: %s)", cstr(v),
                                HUE_TEXT))
  end
  return hue
end

-- A finite number in [0, 1].
local function check_unit(v, arg, fname, given)
  if v == nil and not given then argerror(arg, fname, "number expected, got no value") end
  local x = checkfinite(v, arg, fname)
  if x < 0 or x > 1 then
    argerror(arg, fname, format("number in [0, 1] expected, got %s", numstr(x)))
  end
  return x
end

-- Raise on the first non-nil argument from `first` on.
local function check_no_more(first, fname, what, ...)
  for i = first, select("#", ...) do
    local v = select(i, ...)
    if v ~= nil then argerror(i, fname, format("%s, got %s", what, typename(v))) end
  end
end

-- kinetic.color(spec) / kinetic.color(c) / kinetic.color(r, g, b [, a])
local function kinetic_color(...)
  local v, g, b, a = ...
  local n = select("#", ...)
  if type(v) == "number" then
    check_no_more(5, "color", "at most 4 numbers (r, g, b, alpha) expected", ...)
    local c = { space = color.SRGB, c = {}, none = 0 }
    c.c[1] = check_unit(v, 1, "color", true)
    c.c[2] = check_unit(g, 2, "color", n >= 2)
    c.c[3] = check_unit(b, 3, "color", n >= 3)
    c.alpha = a == nil and 1.0 or check_unit(a, 4, "color", true)
    return cls.new(c)
  end
  if type(v) ~= "string" and states[v] == nil then
    argerror(1, "color", "colour string, kinetic.Color or number expected, got "
                         .. argtype(v, n >= 1))
  end
  check_no_more(2, "color", "no argument expected after a colour", ...)
  if type(v) ~= "string" then return v end
  return cls.new(check_color(v, 1, "color", true))
end

-- kinetic.mix(a, b, t [, space [, hue]])
local mix_out = { c = {} }
local function kinetic_mix(...)
  local va, vb, t, sp, hu = ...
  local n = select("#", ...)
  local a = check_color(va, 1, "mix", n >= 1)
  local b = check_color(vb, 2, "mix", n >= 2)
  if t == nil and n < 3 then argerror(3, "mix", "number expected, got no value") end
  t = checkfinite(t, 3, "mix")
  local space, hue = color.OKLAB, color.HUE_SHORTER
  if sp ~= nil then space = check_space(sp, 4, "mix", true) end
  if hu ~= nil then hue = check_hue(hu, 5, "mix") end
  check_no_more(6, "mix", "at most 5 arguments expected", ...)
  color_mix.mix(a, b, t, space, hue, mix_out)
  return pushcolor(mix_out)
end

local methods = {}

local function check_self(self, fname)
  local c = states[self]
  if c == nil then util.typeerror(0, fname, "kinetic.Color", self) end
  return c
end

function methods.hex(self)
  return color.hex(check_self(self, "hex"))
end

local rgba_out = {}
function methods.rgba(self)
  local v = color.srgb(check_self(self, "rgba"), rgba_out)
  return v[1], v[2], v[3], v[4]
end

local to_out = {}
function methods.to(self, ...)
  local c = check_self(self, "to")
  local sp = ...
  local v = color.to(c, check_space(sp, 1, "to", select("#", ...) >= 1), to_out)
  return v[1], v[2], v[3], c.alpha
end

local function color_tostring(self)
  return color_format.format(check_self(self, "__tostring"))
end

cls = util.class("kinetic.Color", methods, { __tostring = color_tostring })
states = cls.states
M.class = cls

function M.open(kinetic)
  kinetic.color = kinetic_color
  kinetic.mix = kinetic_mix
end

return M
