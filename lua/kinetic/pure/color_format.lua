-- kinetic.pure.color_format: the CSS text of a colour in its own space (CSS
-- Color 4 section 15), the form tostring gives; mirrors
-- csrc/core/color_format.c.
--
--   srgb          rgb(R, G, B) or rgba(R, G, B, A), the legacy form, R, G
--                 and B on the 0-255 scale, not rounded; a colour outside
--                 the sRGB cube or with a missing component as
--                 color(srgb r g b [/ A])
--   hsl, hwb      hsl(H S% L% [/ A]), hwb(H W% B% [/ A])
--   lab ... oklch lab(L a b [/ A]), every component a number
--   the others    color(<space> r g b [/ A]), xyz as xyz-d65
--
-- Numbers as kn_css_fmtnum writes them (at most 6 decimals, no trailing
-- zeros); a missing component as `none`; alpha left out when it is 1.
local color = require("kinetic.pure.color")
local css_fmtnum = require("kinetic.pure.easing").css_fmtnum

local concat, sub = table.concat, string.sub
local has, space_name = color.has, color.space_name
local SRGB, HSL, HWB, NONE_ALPHA, TEXT_MAX = color.SRGB, color.HSL, color.HWB, color.NONE_ALPHA,
                                             color.TEXT_MAX

local M = {}

local BIT = { 1, 2, 4 }


-- The text is built as pieces in o (o.n of them).
local function put(o, s)
  local n = o.n + 1
  o[n] = s
  o.n = n
end

local function put_num(o, x)
  put(o, css_fmtnum(x))
end

-- Component i (1-based) of c, `none` when missing, times `scale`, then
-- `unit`.
local function put_comp(o, c, i, scale, unit)
  if has(c.none, BIT[i]) then put(o, "none"); return end
  put_num(o, c.c[i] * scale)
  put(o, unit)
end

local function put_alpha(o, c)
  if has(c.none, NONE_ALPHA) then put(o, " / none")
  elseif c.alpha ~= 1 then put(o, " / "); put_num(o, c.alpha) end
end

-- rgb()/rgba() when c can be written so (section 15.2); false otherwise
local function put_legacy_rgb(o, c)
  if c.none ~= 0 then return false end
  local cc = c.c
  for i = 1, 3 do
    if not (cc[i] >= 0 and cc[i] <= 1) then return false end
  end
  put(o, c.alpha == 1 and "rgb(" or "rgba(")
  for i = 1, 3 do
    if i > 1 then put(o, ", ") end
    put_num(o, cc[i] * 255)
  end
  if c.alpha ~= 1 then put(o, ", "); put_num(o, c.alpha) end
  put(o, ")")
  return true
end

local fn = { [8] = "lab(", [9] = "lch(", [10] = "oklab(", [11] = "oklch(", [12] = "hsl(",
             [13] = "hwb(" }

local o = { n = 0 }

-- The CSS serialization of c (KN_COLOR_TEXT_MAX - 1 bytes at most, which
-- always hold the whole text).
function M.format(c)
  local pct = (c.space == HSL or c.space == HWB) and "%" or ""
  o.n = 0
  if not (c.space == SRGB and put_legacy_rgb(o, c)) then
    local f = fn[c.space]
    if f ~= nil then put(o, f)
    else
      put(o, "color(")
      put(o, space_name(c.space))
      put(o, " ")
    end
    for i = 1, 3 do
      if i > 1 then put(o, " ") end
      put_comp(o, c, i, 1.0, i > 1 and pct or "")
    end
    put_alpha(o, c)
    put(o, ")")
  end
  local s = concat(o, "", 1, o.n)
  if #s > TEXT_MAX - 1 then s = sub(s, 1, TEXT_MAX - 1) end
  return s
end

return M
