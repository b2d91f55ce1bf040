-- kinetic.pure.color_mix: interpolation of colours, CSS Color 4 section
-- 12; mirrors csrc/core/color_mix.c.
--
-- Both colours are converted to the interpolation space, missing
-- components carried forward to the analogous ones (section 12.2).  A
-- component missing in one colour takes the other's value; missing in
-- both it stays missing (0 until the end).  Hues are reduced to [0, 360)
-- and fixed up for the hue interpolation method (section 12.4).  Then
-- every component but the hue is premultiplied by alpha (section 12.3),
-- interpolated linearly, and divided by the interpolated alpha.  Two
-- colours whose alphas are both missing are not premultiplied.
--
-- The premultiplied tuples {c1, c2, c3, alpha} live in arrays at a 0-based
-- offset (C's pointer into a timeline's arrays): p[o + 1 .. o + 4].
local K = require("kinetic.pure.kmath")
local color = require("kinetic.pure.color")
local lerp = require("kinetic.pure.interp").lerp

local fmod = K.fmod
local has, convert, hue_index = color.has, color.convert, color.hue_index
local NONE_ALPHA, MAX = color.NONE_ALPHA, color.MAX
local HUE_LONGER, HUE_INCREASING, HUE_DECREASING = color.HUE_LONGER, color.HUE_INCREASING,
                                                   color.HUE_DECREASING

local M = {}

local BIT, BITS4 = { 1, 2, 4 }, { 1, 2, 4, 8 }

local function reduce_hue(h)
  if h - h ~= 0 then return 0.0 end
  local r = fmod(h, 360.0)
  if r < 0 then r = r + 360.0 end
  if r >= 360.0 then return 0.0 end
  return r
end

-- Section 12.4: the two hues, in [0, 360), moved by a turn so that the
-- interpolation from h0 to h1 takes the arc `hue` names; returns h0, h1.
local function fix_hues(h0, h1, hue)
  h0 = reduce_hue(h0)
  h1 = reduce_hue(h1)
  local d = h1 - h0
  if hue == HUE_LONGER then
    if d > 0 and d < 180 then h0 = h0 + 360
    elseif d > -180 and d <= 0 then h1 = h1 + 360 end
  elseif hue == HUE_INCREASING then
    if d < 0 then h1 = h1 + 360 end
  elseif hue == HUE_DECREASING then
    if d > 0 then h0 = h0 + 360 end
  else
    if d > 180 then h0 = h0 + 360
    elseif d < -180 then h1 = h1 + 360 end
  end
  return h0, h1
end

-- a and b in `space` into ca and cb, each missing component of one given
-- the other's value; returns the mask of the components missing in both.
local function resolve(a, b, space, ca, cb)
  convert(a, space, ca)
  convert(b, space, cb)
  local an, bn = ca.none, cb.none
  for i = 1, 3 do
    local bit = BIT[i]
    if has(an, bit) and not has(bn, bit) then ca.c[i] = cb.c[i]
    elseif has(bn, bit) and not has(an, bit) then cb.c[i] = ca.c[i] end
  end
  if has(an, NONE_ALPHA) and not has(bn, NONE_ALPHA) then ca.alpha = cb.alpha
  elseif has(bn, NONE_ALPHA) and not has(an, NONE_ALPHA) then cb.alpha = ca.alpha end
  local both = 0
  for k = 1, 4 do
    local bit = BITS4[k]
    if has(an, bit) and has(bn, bit) then both = both + bit end
  end
  return both
end

-- kn_color_mix_ends, returning the mask of the components missing in
-- both colours.
local end_a, end_b = { c = {} }, { c = {} }
local function ends(a, b, space, hue, pa, pb, oa, ob)
  local ca, cb = end_a, end_b
  local both = resolve(a, b, space, ca, cb)
  local hi = hue_index(space)
  if has(both, NONE_ALPHA) then ca.alpha = 1.0; cb.alpha = 1.0 end
  local cc, bc = ca.c, cb.c
  for i = 0, 2 do
    if i == hi then
      pa[oa + i + 1] = cc[i + 1]
      pb[ob + i + 1] = bc[i + 1]
    else
      pa[oa + i + 1] = cc[i + 1] * ca.alpha
      pb[ob + i + 1] = bc[i + 1] * cb.alpha
    end
  end
  if hi >= 0 then
    pa[oa + hi + 1], pb[ob + hi + 1] = fix_hues(cc[hi + 1], bc[hi + 1], hue)
  end
  pa[oa + 4] = ca.alpha
  pb[ob + 4] = cb.alpha
  return both
end

-- The endpoints a and b in `space` as premultiplied tuples into
-- pa[oa + 1 .. oa + 4] and pb[ob + 1 .. ob + 4] (offsets default 0), so
-- that the colour at t is mix_at of the per-component lerp (color.h).
function M.mix_ends(a, b, space, hue, pa, pb, oa, ob)
  ends(a, b, space, hue, pa, pb, oa or 0, ob or 0)
end

-- The colour of the tuple p[o + 1 .. o + 4] (o defaults to 0) into out:
-- unpremultiplied by the interpolated alpha itself (or by the clamped
-- alpha where that is not finite); an alpha of 0 leaves the components as
-- they are; components kept within KN_COLOR_MAX.  Returns out.
function M.mix_at(p, space, out, o)
  o = o or 0
  local raw = p[o + 4]
  local alpha = raw > 0 and (raw < 1 and raw or 1.0) or 0.0
  local div = raw - raw == 0 and raw or alpha
  local hi = hue_index(space)
  local oc = out.c
  if oc == nil then oc = {}; out.c = oc end
  for i = 0, 2 do
    if i == hi then
      oc[i + 1] = reduce_hue(p[o + i + 1])
    else
      local x = p[o + i + 1]
      if div ~= 0 then x = x / div end
      if x ~= x then x = 0.0 end
      oc[i + 1] = x > MAX and MAX or (x < -MAX and -MAX or x)
    end
  end
  out.space = space
  out.alpha = alpha
  out.none = 0
  return out
end
local mix_at = M.mix_at

-- a and b mixed at t in `space` with the hue method `hue`, into out
-- (kn_color_mix); returns out.
local mix_pa, mix_pb, mix_p = {}, {}, {}
function M.mix(a, b, t, space, hue, out)
  local pa, pb, p = mix_pa, mix_pb, mix_p
  local both = ends(a, b, space, hue, pa, pb, 0, 0)
  for i = 1, 4 do p[i] = lerp(pa[i], pb[i], t) end   -- the animator's lerp
  mix_at(p, space, out, 0)
  for i = 1, 3 do
    if has(both, BIT[i]) then out.c[i] = 0.0 end
  end
  if has(both, NONE_ALPHA) then out.alpha = 0.0 end
  out.none = both
  return out
end

return M
