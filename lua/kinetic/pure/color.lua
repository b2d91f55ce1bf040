-- kinetic.pure.color: the colour spaces of CSS Color 4, the conversions
-- between them, and gamut mapping to sRGB; mirrors csrc/core/color.c (the
-- model: csrc/core/color.h).
--
-- A colour is a table with the fields of struct kn_color: space (enum
-- kn_color_space), c (the three components, c[1..3], CSS scales), alpha
-- and none (the mask of missing components: 1, 2, 4 for c[1], c[2], c[3],
-- NONE_ALPHA for the alpha).  A missing component holds 0.
--
-- The spaces form a tree rooted at CIE XYZ (D65), each space defined by
-- its conversion to and from its parent:
--
--   xyz-d65 -+- srgb-linear - srgb -+- hsl
--            |                      +- hwb
--            +- display-p3-linear - display-p3
--            +- a98-rgb-linear - a98-rgb
--            +- rec2020-linear - rec2020
--            +- oklab - oklch
--            +- xyz-d50 -+- prophoto-rgb-linear - prophoto-rgb
--                        +- lab - lch
--
-- A conversion climbs from the source to the lowest common ancestor of the
-- two spaces and descends to the target.  Matrices and transfer functions:
-- CSS Color 4 section 18, as colorjs.io writes them.
local K = require("kinetic.pure.kmath")

local abs, sqrt, cos, sin, floor = math.abs, math.sqrt, math.cos, math.sin, math.floor
local pow, cbrt, atan2, fmod, fmin, fmax, kfloor = K.pow, K.cbrt, K.atan2, K.fmod, K.fmin,
                                                    K.fmax, K.floor
local byte = string.byte

local M = {}

local PI = 3.14159265358979323846264338327950

-- enum kn_color_space
local SRGB, SRGB_LINEAR, DISPLAY_P3, A98_RGB, PROPHOTO_RGB, REC2020, XYZ_D50, XYZ_D65,
      LAB, LCH, OKLAB, OKLCH, HSL, HWB, CS_COUNT = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
M.SRGB, M.SRGB_LINEAR, M.DISPLAY_P3, M.A98_RGB, M.PROPHOTO_RGB, M.REC2020 = 0, 1, 2, 3, 4, 5
M.XYZ_D50, M.XYZ_D65, M.LAB, M.LCH, M.OKLAB, M.OKLCH, M.HSL, M.HWB = 6, 7, 8, 9, 10, 11, 12, 13
M.CS_COUNT = CS_COUNT

-- enum kn_color_hue
M.HUE_SHORTER, M.HUE_LONGER, M.HUE_INCREASING, M.HUE_DECREASING = 0, 1, 2, 3

M.NONE_ALPHA = 8          -- KN_COLOR_NONE_ALPHA
M.MAX = 1e6               -- KN_COLOR_MAX
M.QUOTE_MAX = 64          -- KN_COLOR_QUOTE_MAX
M.TEXT_MAX = 128          -- KN_COLOR_TEXT_MAX

-- The intermediate spaces, after the public ones.
local P3_LIN, A98_LIN, PROPHOTO_LIN, REC2020_LIN = 14, 15, 16, 17

-- Each space's parent in the tree above; -1 for the root.
local parent = {
  [SRGB] = SRGB_LINEAR, [SRGB_LINEAR] = XYZ_D65, [DISPLAY_P3] = P3_LIN,
  [A98_RGB] = A98_LIN, [PROPHOTO_RGB] = PROPHOTO_LIN, [REC2020] = REC2020_LIN,
  [XYZ_D50] = XYZ_D65, [XYZ_D65] = -1, [LAB] = XYZ_D50, [LCH] = LAB, [OKLAB] = XYZ_D65,
  [OKLCH] = OKLAB, [HSL] = SRGB, [HWB] = SRGB, [P3_LIN] = XYZ_D65, [A98_LIN] = XYZ_D65,
  [PROPHOTO_LIN] = XYZ_D50, [REC2020_LIN] = XYZ_D65,
}

-- The CSS names of the public spaces, by space + 1.
local SPACE_NAMES = {
  "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020",
  "xyz-d50", "xyz-d65", "lab", "lch", "oklab", "oklch", "hsl", "hwb"
}
M.SPACE_NAMES = SPACE_NAMES

-- Whether name is `lower` ignoring ASCII case (CSS identifiers).
local function same_ident(name, lower)
  if #lower ~= #name then return false end
  for i = 1, #name do
    local c = byte(name, i)
    if c >= 65 and c <= 90 then c = c + 32 end
    if c ~= byte(lower, i) then return false end
  end
  return true
end

-- The space named `name` (every byte of the string counts), or -1.
function M.space_find(name)
  if same_ident(name, "xyz") then return XYZ_D65 end
  for i = 1, CS_COUNT do
    if same_ident(name, SPACE_NAMES[i]) then return i - 1 end
  end
  return -1
end

local HUE_NAMES = { "shorter", "longer", "increasing", "decreasing" }
M.HUE_NAMES = HUE_NAMES

function M.hue_name(hue) return HUE_NAMES[hue + 1] end

function M.space_name(space) return SPACE_NAMES[space + 1] end

local function hue_index(space)
  if space == HSL or space == HWB then return 0 end
  if space == LCH or space == OKLCH then return 2 end
  return -1
end
M.hue_index = hue_index

-- ---- matrices (CSS Color 4 section 18) ------------------------------------
-- Each a flat array of 9, row by row.

-- linear-light RGB to XYZ (D65; D50 for ProPhoto) and back
local srgb_to_xyz = {
  0.41239079926595934, 0.357584339383878, 0.1804807884018343,
  0.21263900587151027, 0.715168678767756, 0.07219231536073371,
  0.01933081871559182, 0.11919477979462598, 0.9505321522496607 }
local xyz_to_srgb = {
  3.2409699419045226, -1.537383177570094, -0.4986107602930034,
  -0.9692436362808796, 1.8759675015077202, 0.04155505740717559,
  0.05563007969699366, -0.20397695888897652, 1.0569715142428786 }
local p3_to_xyz = {
  0.4865709486482162, 0.26566769316909306, 0.1982172852343625,
  0.2289745640697488, 0.6917385218365064, 0.079286914093745,
  0.0, 0.04511338185890264, 1.043944368900976 }
local xyz_to_p3 = {
  2.493496911941425, -0.9313836179191239, -0.40271078445071684,
  -0.8294889695615747, 1.7626640603183463, 0.023624685841943577,
  0.03584583024378447, -0.07617238926804182, 0.9568845240076872 }
local a98_to_xyz = {
  0.5766690429101305, 0.1855582379065463, 0.1882286462349947,
  0.29734497525053605, 0.6273635662554661, 0.07529145849399788,
  0.02703136138641234, 0.07068885253582723, 0.9913375368376388 }
local xyz_to_a98 = {
  2.0415879038107465, -0.5650069742788596, -0.34473135077832956,
  -0.9692436362808795, 1.8759675015077202, 0.04155505740717557,
  0.013444280632031142, -0.11836239223101838, 1.0151749943912054 }
local rec2020_to_xyz = {
  0.6369580483012914, 0.14461690358620832, 0.1688809751641721,
  0.2627002120112671, 0.6779980715188708, 0.05930171646986196,
  0.0, 0.028072693049087428, 1.060985057710791 }
local xyz_to_rec2020 = {
  1.716651187971268, -0.355670783776392, -0.253366281373660,
  -0.666684351832489, 1.616481236634939, 0.0157685458139111,
  0.017639857445311, -0.042770613257809, 0.942103121235474 }
local prophoto_to_xyz = {
  0.79776664490064230, 0.13518129740053308, 0.03134773412839220,
  0.28807482881940130, 0.71183523424187300, 0.00008993693872564,
  0.0, 0.0, 0.82510460251046020 }
local xyz_to_prophoto = {
  1.34578688164715830, -0.25557208737979464, -0.05110186497554526,
  -0.54463070512490190, 1.50824774284514680, 0.02052744743642139,
  0.0, 0.0, 1.21196754563894520 }

-- Bradford chromatic adaptation between the D65 and D50 whites
local d65_to_d50 = {
  1.0479297925449969, 0.022946870601609652, -0.05019226628920524,
  0.02962780877005599, 0.9904344267538799, -0.017073799063418826,
  -0.009243040646204504, 0.015055191490298152, 0.7518742814281371 }
local d50_to_d65 = {
  0.955473421488075, -0.02309845494876471, 0.06325924320057072,
  -0.0283697093338637, 1.0099953980813041, 0.021041441191917323,
  0.012314014864481998, -0.020507649298898964, 1.330365926242124 }

-- OKLab (Ottosson), with the XYZ-LMS matrix recomputed for the D65 white
-- CSS uses
local xyz_to_lms = {
  0.8190224379967030, 0.3619062600528904, -0.1288737815209879,
  0.0329836539323885, 0.9292868615863434, 0.0361446663506424,
  0.0481771893596242, 0.2642395317527308, 0.6335478284694309 }
local lms_to_xyz = {
  1.2268798758459243, -0.5578149944602171, 0.2813910456659647,
  -0.0405757452148008, 1.1122868032803170, -0.0717110580655164,
  -0.0763729366746601, -0.4214933324022432, 1.5869240198367816 }
local lms_to_oklab = {
  0.2104542683093140, 0.7936177747023054, -0.0040720430116193,
  1.9779985324311684, -2.4285922420485799, 0.4505937096174110,
  0.0259040424655478, 0.7827717124575296, -0.8086757549230774 }
local oklab_to_lms = {
  1.0, 0.3963377773761749, 0.2158037573099136,
  1.0, -0.1055613458156586, -0.0638541728258133,
  1.0, -0.0894841775298119, -1.2914855480194092 }

-- v = m v
local function mul3(m, v)
  local v1, v2, v3 = v[1], v[2], v[3]
  v[1] = v1 * m[1] + v2 * m[2] + v3 * m[3]
  v[2] = v1 * m[4] + v2 * m[5] + v3 * m[6]
  v[3] = v1 * m[7] + v2 * m[8] + v3 * m[9]
end

-- ---- transfer functions, extended to negative values by symmetry --------

local function srgb_decode(v)
  local a = abs(v)
  if a <= 0.04045 then return v / 12.92 end
  return (v < 0 and -1.0 or 1.0) * pow((a + 0.055) / 1.055, 2.4)
end

local INV_2_4 = 1 / 2.4
local function srgb_encode(v)
  local a = abs(v)
  if a > 0.0031308 then return (v < 0 and -1.0 or 1.0) * (1.055 * pow(a, INV_2_4) - 0.055) end
  return 12.92 * v
end

-- a98-rgb: a pure gamma of 563/256
local A98_G, A98_INV = 563.0 / 256, 256.0 / 563
local function a98_decode(v) return (v < 0 and -1.0 or 1.0) * pow(abs(v), A98_G) end
local function a98_encode(v) return (v < 0 and -1.0 or 1.0) * pow(abs(v), A98_INV) end

-- prophoto-rgb: gamma 1.8 with a linear part below 16/512 (encoded)
local PRO_LIN, PRO_ENC, INV_1_8 = 16.0 / 512, 1.0 / 512, 1 / 1.8
local function prophoto_decode(v)
  local a = abs(v)
  if a < PRO_LIN then return v / 16 end
  return (v < 0 and -1.0 or 1.0) * pow(a, 1.8)
end

local function prophoto_encode(v)
  local a = abs(v)
  if a >= PRO_ENC then return (v < 0 and -1.0 or 1.0) * pow(a, INV_1_8) end
  return 16 * v
end

-- rec2020: the display-referred transfer of ITU-R BT.1886 (gamma 2.4)
local function rec2020_decode(v) return (v < 0 and -1.0 or 1.0) * pow(abs(v), 2.4) end
local function rec2020_encode(v) return (v < 0 and -1.0 or 1.0) * pow(abs(v), INV_2_4) end

local function map3(f, v)
  v[1] = f(v[1]); v[2] = f(v[2]); v[3] = f(v[3])
end

-- ---- cylindrical spaces -----------------------------------------------------

-- An angle reduced to [0, 360).
local function constrain_hue(h)
  local r = fmod(h, 360.0)
  if r < 0 then r = r + 360.0 end
  if r >= 360.0 then return 0.0 end
  return r
end

-- HSL from sRGB (CSS Color 4 section 7.3, "better-rgbToHsl"): the hue is
-- missing for a grey; a negative saturation turns the hue half a turn.
-- Returns whether the hue is missing.
local function hsl_from_srgb(v)
  local r, g, b = v[1], v[2], v[3]
  local max, min = fmax(fmax(r, g), b), fmin(fmin(r, g), b)
  local l, d, h, s = (min + max) / 2, max - min, 0.0, 0.0
  local none = d == 0
  if not none then
    if l == 0 or l == 1 then s = 0.0 else s = (max - l) / fmin(l, 1 - l) end
    if max == r then h = (g - b) / d + (g < b and 6.0 or 0.0)
    elseif max == g then h = (b - r) / d + 2
    else h = (r - g) / d + 4 end
    h = h * 60
  end
  if s < 0 then h = h + 180; s = abs(s) end
  if h >= 360 then h = h - 360 end
  v[1] = h; v[2] = s * 100; v[3] = l * 100
  return none
end

-- sRGB from HSL (CSS Color 4 section 7.1)
local hsl_n = { 0.0, 8.0, 4.0 }
local function hsl_to_srgb(v)
  local h, s, l = fmod(v[1], 360.0), v[2] / 100, v[3] / 100
  if h < 0 then h = h + 360 end
  local a = s * fmin(l, 1 - l)
  for i = 1, 3 do
    local k = fmod(hsl_n[i] + h / 30, 12.0)
    v[i] = l - a * fmax(-1.0, fmin(fmin(k - 3, 9 - k), 1.0))
  end
end

-- HWB from sRGB (CSS Color 4 section 8): the hue of HSL (missing for a
-- grey), whiteness the least channel, blackness 1 - the greatest.
local function hwb_from_srgb(v)
  local r, g, b = v[1], v[2], v[3]
  local max, min = fmax(fmax(r, g), b), fmin(fmin(r, g), b)
  local d, h = max - min, 0.0
  local none = d == 0
  if not none then
    if max == r then h = (g - b) / d + (g < b and 6.0 or 0.0)
    elseif max == g then h = (b - r) / d + 2
    else h = (r - g) / d + 4 end
    h = h * 60
  end
  if h >= 360 then h = h - 360 end
  v[1] = h; v[2] = min * 100; v[3] = 100 - max * 100
  return none
end

-- sRGB from HSV (h in degrees, s and v in 0-100)
local hsv_n = { 5.0, 3.0, 1.0 }
local function hsv_to_srgb(v)
  local h, s, val = fmod(v[1], 360.0), v[2] / 100, v[3] / 100
  if h < 0 then h = h + 360 end
  for i = 1, 3 do
    local k = fmod(hsv_n[i] + h / 60, 6.0)
    v[i] = val - val * s * fmax(0.0, fmin(fmin(k, 4 - k), 1.0))
  end
end

-- sRGB from HWB (CSS Color 4 section 8) through HSV: whiteness plus
-- blackness of 100% or more is the grey w / (w + b)
local function hwb_to_srgb(v)
  local w, b = v[2] / 100, v[3] / 100
  local sum, val = w + b, 1 - b
  if sum >= 1 then
    v[2] = 0.0
    v[3] = w / sum * 100
  else
    local s
    if val == 0 then s = 0.0 else s = 1 - w / val end
    v[2] = s * 100
    v[3] = val * 100
  end
  hsv_to_srgb(v)
end

-- LCH from Lab, OKLCH from OKLab (CSS Color 4 sections 9.3 and 9.4): a
-- and b both under eps is achromatic, with chroma 0 and a missing hue.
local function polar_from_rect(v, eps)
  local a, b = v[2], v[3]
  if abs(a) < eps and abs(b) < eps then v[2] = 0.0; v[3] = 0.0; return true end
  v[2] = sqrt(a * a + b * b)
  v[3] = constrain_hue(atan2(b, a) * 180 / PI)
  return false
end

local function polar_to_rect(v)
  local c, h = v[2], v[3]
  if c < 0 then c = 0.0 end
  v[2] = c * cos(h * PI / 180)
  v[3] = c * sin(h * PI / 180)
end

-- ---- CIE Lab (D50) and OKLab ----------------------------------------------

local LAB_EPS = 216.0 / 24389     -- (6/29)^3
local LAB_EPS3 = 24.0 / 116       -- 6/29
local LAB_KAPPA = 24389.0 / 27    -- (29/3)^3

local white_d50 = { 0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585 }

-- CIE 15.3 section 8.2.1.1
local lab_f = {}
local function lab_from_xyz50(v)
  local f = lab_f
  for i = 1, 3 do
    local x = v[i] / white_d50[i]
    if x > LAB_EPS then f[i] = cbrt(x) else f[i] = (LAB_KAPPA * x + 16) / 116 end
  end
  v[1] = 116 * f[2] - 16
  v[2] = 500 * (f[1] - f[2])
  v[3] = 200 * (f[2] - f[3])
end

local function lab_to_xyz50(v)
  local L = v[1]
  local f1 = (L + 16) / 116
  local f0, f2 = v[2] / 500 + f1, f1 - v[3] / 200
  v[1] = (f0 > LAB_EPS3 and f0 * f0 * f0 or (116 * f0 - 16) / LAB_KAPPA) * white_d50[1]
  v[2] = (L > 8 and f1 * f1 * f1 or L / LAB_KAPPA) * white_d50[2]
  v[3] = (f2 > LAB_EPS3 and f2 * f2 * f2 or (116 * f2 - 16) / LAB_KAPPA) * white_d50[3]
end

local function oklab_from_xyz(v)
  mul3(xyz_to_lms, v)
  v[1] = cbrt(v[1]); v[2] = cbrt(v[2]); v[3] = cbrt(v[3])
  mul3(lms_to_oklab, v)
end

local function oklab_to_xyz(v)
  mul3(oklab_to_lms, v)
  v[1] = v[1] * v[1] * v[1]; v[2] = v[2] * v[2] * v[2]; v[3] = v[3] * v[3] * v[3]
  mul3(lms_to_xyz, v)
end

-- ---- one step of the tree ----------------------------------------------------

-- v in space s to its parent's coordinates: to_base[s](v)
local function srgb_dec(v) map3(srgb_decode, v) end
local to_base = {
  [SRGB] = srgb_dec, [DISPLAY_P3] = srgb_dec,
  [A98_RGB] = function(v) map3(a98_decode, v) end,
  [PROPHOTO_RGB] = function(v) map3(prophoto_decode, v) end,
  [REC2020] = function(v) map3(rec2020_decode, v) end,
  [SRGB_LINEAR] = function(v) mul3(srgb_to_xyz, v) end,
  [P3_LIN] = function(v) mul3(p3_to_xyz, v) end,
  [A98_LIN] = function(v) mul3(a98_to_xyz, v) end,
  [PROPHOTO_LIN] = function(v) mul3(prophoto_to_xyz, v) end,
  [REC2020_LIN] = function(v) mul3(rec2020_to_xyz, v) end,
  [XYZ_D50] = function(v) mul3(d50_to_d65, v) end,
  [XYZ_D65] = function() end,
  [LAB] = lab_to_xyz50,
  [LCH] = polar_to_rect, [OKLCH] = polar_to_rect,
  [OKLAB] = oklab_to_xyz,
  [HSL] = hsl_to_srgb,
  [HWB] = hwb_to_srgb,
}

-- v in the parent of space s to s's coordinates: from_base[s](v) returns
-- true when the step finds the hue missing (a grey), false when it finds
-- it present, nil when it says nothing of it
local LCH_EPS, OKLCH_EPS = 250.0 / 100000, 0.8 / 100000
local function srgb_enc(v) map3(srgb_encode, v) end
local from_base = {
  [SRGB] = srgb_enc, [DISPLAY_P3] = srgb_enc,
  [A98_RGB] = function(v) map3(a98_encode, v) end,
  [PROPHOTO_RGB] = function(v) map3(prophoto_encode, v) end,
  [REC2020] = function(v) map3(rec2020_encode, v) end,
  [SRGB_LINEAR] = function(v) mul3(xyz_to_srgb, v) end,
  [P3_LIN] = function(v) mul3(xyz_to_p3, v) end,
  [A98_LIN] = function(v) mul3(xyz_to_a98, v) end,
  [PROPHOTO_LIN] = function(v) mul3(xyz_to_prophoto, v) end,
  [REC2020_LIN] = function(v) mul3(xyz_to_rec2020, v) end,
  [XYZ_D50] = function(v) mul3(d65_to_d50, v) end,
  [XYZ_D65] = function() end,
  [LAB] = lab_from_xyz50,
  [LCH] = function(v) return polar_from_rect(v, LCH_EPS) end,
  [OKLCH] = function(v) return polar_from_rect(v, OKLCH_EPS) end,
  [OKLAB] = oklab_from_xyz,
  [HSL] = hsl_from_srgb,
  [HWB] = hwb_from_srgb,
}

-- The path from the root to s: path[1] = the root, path[n] = s (root_path,
-- made once per space).
local root_paths = {}
for s = 0, REC2020_LIN do
  local chain, path, q = {}, {}, s
  while q >= 0 do chain[#chain + 1] = q; q = parent[q] end
  for i = 1, #chain do path[i] = chain[#chain + 1 - i] end
  root_paths[s] = path
end

-- in (in space `from`) converted to space `to` into v, through the lowest
-- common ancestor; returns true when the last polar step found the hue
-- missing.
local function convert_raw(from, in_, to, v)
  local hue_none = false
  v[1], v[2], v[3] = in_[1], in_[2], in_[3]
  if from == to then return false end
  local pf, pt = root_paths[from], root_paths[to]
  local nf, nt = #pf, #pt
  local k = 1
  while k <= nf and k <= nt and pf[k] == pt[k] do k = k + 1 end
  for i = nf, k, -1 do to_base[pf[i]](v) end
  for i = k, nt do
    local h = from_base[pt[i]](v)
    if h ~= nil then hue_none = h end
  end
  return hue_none
end
M.convert_raw = convert_raw

-- ---- conversions of colours -----------------------------------------------

-- CSS Color 4 section 4.4.1: a converted hue is powerless when its chroma
-- or saturation is 0, or whiteness plus blackness 100%, within the
-- epsilons of the section 19 sample code (color.c).
local function css_powerless(space, v)
  if space == LCH then
    if v[2] > 0.0015 then return false end
    v[2] = 0.0; return true
  elseif space == OKLCH then
    if v[2] > 0.000004 then return false end
    v[2] = 0.0; return true
  elseif space == HSL then
    if v[2] > 0.001 then return false end
    v[2] = 0.0; return true
  elseif space == HWB then
    if v[2] + v[3] < 99.999 then return false end
    if v[2] + v[3] < 100 then v[3] = 100 - v[2] end
    return true
  end
  return false
end

-- c converted to `space` for CSS into v: the conversion, then powerless
-- hues as 0 (the colour itself when it is in `space` already); returns
-- whether the hue is powerless.
local function convert_css(c, space, v)
  local hi = hue_index(space)
  if space == c.space then
    local cc = c.c
    v[1], v[2], v[3] = cc[1], cc[2], cc[3]
    return false
  end
  local hue_none = convert_raw(c.space, c.c, space, v)
  if css_powerless(space, v) then hue_none = true end
  if hue_none and hi >= 0 then v[hi + 1] = 0.0 end
  return hue_none and hi >= 0
end

-- c's components in `space` as CSS computes them outside interpolation
-- (color.h), into out[1..3]; returns out.
function M.to(c, space, out)
  convert_css(c, space, out)
  return out
end

-- The analogous-component categories of CSS Color 4 section 12.2.
local CAT_NONE, CAT_RED, CAT_L, CAT_CHROMA, CAT_HUE, CAT_A, CAT_B = 0, 1, 4, 5, 6, 7, 8

local cat_lab = { CAT_L, CAT_A, CAT_B }
local cat_lch = { CAT_L, CAT_CHROMA, CAT_HUE }
local cat_hsl = { CAT_HUE, CAT_CHROMA, CAT_L }

-- i is 0-based, as in C.
local function category(space, i)
  if space == LAB or space == OKLAB then return cat_lab[i + 1] end
  if space == LCH or space == OKLCH then return cat_lch[i + 1] end
  if space == HSL then return cat_hsl[i + 1] end
  if space == HWB then return i == 0 and CAT_HUE or CAT_NONE end
  return CAT_RED + i
end

local BIT = { [0] = 1, 2, 4 }

-- Whether bit (1, 2, 4 or 8) is set in mask.
local function has(mask, bit) return mask % (bit + bit) >= bit end
M.has = has

-- mask with bit set.
local function set(mask, bit)
  if mask % (bit + bit) >= bit then return mask end
  return mask + bit
end

-- The components of `space` that carry forward the missing components of
-- c (section 12.2; color.c).
local function carried(c, space)
  local missing, none, kept, covered = c.none % 8, 0, 0, true
  for i = 0, 2 do
    local cat, found = category(c.space, i), false
    local bi = BIT[i]
    for j = 0, 2 do
      if not (cat == CAT_NONE or category(space, j) ~= cat) then
        found = true
        if has(missing, bi) then none = set(none, BIT[j])
        else kept = set(kept, BIT[j]) end
      end
    end
    if not found and not has(missing, bi) then covered = false end
  end
  if missing ~= 0 and covered then
    for j = 0, 2 do
      if not has(kept, BIT[j]) then none = set(none, BIT[j]) end
    end
  end
  return none
end

-- c in `space` into out (a colour table; may not be c): powerless hues
-- missing, missing components carried forward (color.h).  A colour in
-- `space` already is copied as it is.
function M.convert(c, space, out)
  local oc = out.c
  if oc == nil then oc = {}; out.c = oc end
  if space == c.space then
    local cc = c.c
    out.space = c.space
    oc[1], oc[2], oc[3] = cc[1], cc[2], cc[3]
    out.alpha = c.alpha
    out.none = c.none
    return out
  end
  local hue_none = convert_css(c, space, oc)
  local none = (has(c.none, 8) and 8 or 0) + carried(c, space)
  if hue_none then none = set(none, BIT[hue_index(space)]) end
  for j = 0, 2 do
    if has(none, BIT[j]) then oc[j + 1] = 0.0 end
  end
  out.space = space
  out.alpha = c.alpha
  out.none = none
  return out
end

-- ---- gamut mapping (CSS Color 4 section 13.2) ------------------------------

local GMAP_JND = 0.02
local GMAP_EPS = 0.0001

local function in_unit(v)
  local a, b, c = v[1], v[2], v[3]
  return a >= 0 and a <= 1 and b >= 0 and b <= 1 and c >= 0 and c <= 1
end

local function clamp01(x)
  if x < 0 then return 0.0 end
  if x > 1 then return 1.0 end
  return x
end

-- the OKLCH colour lch in sRGB, clipped to [0, 1]
local function clip_oklch(lch, rgb)
  convert_raw(OKLCH, lch, SRGB, rgb)
  rgb[1] = clamp01(rgb[1]); rgb[2] = clamp01(rgb[2]); rgb[3] = clamp01(rgb[3])
end

-- deltaEOK: the Euclidean distance in OKLab of an sRGB and an OKLCH colour
local de_p, de_q = {}, {}
local function delta_eok(rgb, lch)
  local p, q = de_p, de_q
  convert_raw(SRGB, rgb, OKLAB, p)
  convert_raw(OKLCH, lch, OKLAB, q)
  local dl, da, db = p[1] - q[1], p[2] - q[2], p[3] - q[3]
  return sqrt(dl * dl + da * da + db * db)
end

-- The CSS gamut mapping of the OKLCH colour origin into sRGB, into rgb
-- (color.c).
local gm_cur, gm_probe, gm_lab = {}, {}, {}
local function gamut_map(origin, rgb)
  local cur, lo, hi = gm_cur, 0.0, origin[2]
  local lo_in_gamut = true
  if origin[1] >= 1 or origin[1] <= 0 then
    local lab = gm_lab
    lab[1] = origin[1] >= 1 and 1.0 or 0.0; lab[2] = 0.0; lab[3] = 0.0
    convert_raw(OKLAB, lab, SRGB, rgb)
    return
  end
  convert_raw(OKLCH, origin, SRGB, rgb)
  if in_unit(rgb) then return end
  cur[1], cur[2], cur[3] = origin[1], origin[2], origin[3]
  clip_oklch(cur, rgb)
  if delta_eok(rgb, cur) < GMAP_JND then return end
  while hi - lo > GMAP_EPS do
    local probe = gm_probe
    cur[2] = (lo + hi) / 2
    convert_raw(OKLCH, cur, SRGB, probe)
    if lo_in_gamut and in_unit(probe) then
      lo = cur[2]
    else
      clip_oklch(cur, rgb)
      local e = delta_eok(rgb, cur)
      if e < GMAP_JND then
        if GMAP_JND - e < GMAP_EPS then break end
        lo_in_gamut = false
        lo = cur[2]
      else
        hi = cur[2]
      end
    end
  end
end

-- c gamut-mapped to sRGB, into rgba[1..4] in [0, 1]; returns rgba.
local sr_v, sr_lch = {}, {}
function M.srgb(c, rgba)
  local v = sr_v
  convert_raw(c.space, c.c, SRGB, v)
  if not in_unit(v) then
    convert_raw(c.space, c.c, OKLCH, sr_lch)
    gamut_map(sr_lch, v)
  end
  rgba[1] = clamp01(v[1])
  rgba[2] = clamp01(v[2])
  rgba[3] = clamp01(v[3])
  rgba[4] = clamp01(c.alpha)
  return rgba
end
local color_srgb = M.srgb

-- x * 255 rounded half up, as JavaScript's Math.round
local function byte_of(x)
  local y = x * 255
  local f = kfloor(y)
  if y - f >= 0.5 then f = f + 1 end
  return floor(f)
end

local HEX2 = {}
for i = 0, 255 do HEX2[i] = string.format("%02x", i) end

-- "#rrggbb" (alpha 1) or "#rrggbbaa" of the gamut-mapped colour, lowercase.
local hex_rgba = {}
function M.hex(c)
  local rgba = color_srgb(c, hex_rgba)
  local r, g, b = HEX2[byte_of(rgba[1])], HEX2[byte_of(rgba[2])], HEX2[byte_of(rgba[3])]
  if rgba[4] < 1 then return "#" .. r .. g .. b .. HEX2[byte_of(rgba[4])] end
  return "#" .. r .. g .. b
end

return M
