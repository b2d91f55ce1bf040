-- kinetic.pure.api.anim_color: colour fields in kinetic.animator, what a
-- tween or a spring on a colour reads, gives the core and writes back;
-- csrc/lua/anim_color.c in Lua.
--
-- To the core a colour channel is 4 numbers (n = 4): the colour's
-- components in the interpolation space, premultiplied by alpha, hue fixed
-- up against the other end (color_mix.mix_ends).  The channel keeps the
-- space (+ 1, ch.color), the hue mode (ch.hue), how the field holds its
-- colour (ch.form) and the colour it was given (ch.value).  A write turns
-- the 4 numbers back into a colour (color_mix.mix_at) and stores it as the
-- field held it: a string as "#rrggbb[aa]", a kinetic.Color as a new one,
-- an array {r, g, b [, a]} filled in place with the gamut-mapped sRGB
-- components.
-- luacheck: ignore 212 (the A of the core's signatures)
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local color = require("kinetic.pure.color")
local color_mix = require("kinetic.pure.color_mix")
local color_api = require("kinetic.pure.api.color")
local make = require("kinetic.pure.anim_make")

local type, rawget, rawset, format = type, rawget, rawset, string.format
local typename, kind, cstr = util.typename, util.kind, names.cstr
local tocolor, pushcolor = color_api.tocolor, color_api.pushcolor
local rawlen = rawget(_G, "rawlen") or function(t) return #t end

local M = {}

local FORM_STRING, FORM_OBJECT, FORM_RGB, FORM_RGBA = 1, 2, 3, 4
local SRGB = color.SRGB

-- The colour of an {r, g, b [, a]} array (sRGB, finite numbers) and its
-- form, or nil.
local function array_color(t)
  local n = rawlen(t)
  if n ~= 3 and n ~= 4 then return nil end
  local v1, v2, v3, v4 = 0.0, 0.0, 0.0, 1.0
  for i = 1, n do
    local x = rawget(t, i)
    if type(x) ~= "number" or x - x ~= 0 then return nil end
    x = x / 1
    if i == 1 then v1 = x elseif i == 2 then v2 = x elseif i == 3 then v3 = x else v4 = x end
  end
  local c = { space = SRGB, c = { v1, v2, v3 }, none = 0,
              alpha = v4 < 0.0 and 0.0 or (v4 > 1.0 and 1.0 or v4) }
  return c, n == 3 and FORM_RGB or FORM_RGBA
end

-- The colour a field holds and its form; nil and the message when it holds
-- none.
local function field_color(v)
  if type(v) == "table" and kind[v] == nil then
    local c, form = array_color(v)
    if c ~= nil then return c, form end
  end
  local c = tocolor(v)
  if c ~= nil then return c, type(v) == "string" and FORM_STRING or FORM_OBJECT end
  if type(v) == "string" then return nil, format("colour expected, got '%s'", cstr(v)) end
  return nil, format("colour (a string, a %s or an {r, g, b [, a]} array) expected, got %s",
                     "kinetic.Color", typename(v))
end

-- Whether v is a colour (a colour string or a Color).
function M.color_value(v)
  return tocolor(v) ~= nil
end

-- Make channel c (n = 4) a colour channel for the value v, interpolated
-- in `space` with hue mode `hue`; keeps the value.
function M.color_chan(A, c, v, space, hue)
  c.color = space + 1
  c.hue = hue
  c.value = v
end
local color_chan = M.color_chan

-- The start of colour channel c from its field's value v: the ends from
-- that colour and the one given.  true, or false and the reason.
function M.color_read(A, c, v)
  local cur, form = field_color(v)
  if cur == nil then return false, form end
  local g = tocolor(c.value)
  c.form = form
  make.color_start(A, c, cur, g)
  return true
end

local wcol, wrgba = { c = {} }, {}

-- Write colour channel c's value into object obj.
function M.color_write(A, c, obj)
  local col = color_mix.mix_at(c, c.color - 1, wcol, 12)
  local form = c.form
  if form == FORM_STRING then
    obj[c.key] = color.hex(col)
  elseif form == FORM_OBJECT then
    obj[c.key] = pushcolor(col)
  else
    local rgba = color.srgb(col, wrgba)
    local a = obj[c.key]
    if type(a) == "table" and kind[a] == nil then
      for i = 1, form == FORM_RGB and 3 or 4 do rawset(a, i, rgba[i]) end
    end
  end
end

-- Retarget colour spring channel c to the colour v.
function M.color_retarget(A, c, v)
  if not c.started then                  -- its start reads the new one
    color_chan(A, c, v, c.color - 1, c.hue)
    return
  end
  make.color_retarget(A, c, tocolor(v))
end

return M
