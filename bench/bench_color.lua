-- Colours: kinetic.mix(a, b, t):hex(), the colour a fade shows at t, in
-- OKLab, against the same computation in pure Lua (ns per call).
--
-- The Lua side is what a Lua programmer writes to mix in OKLab: each sRGB
-- colour linearised (the sRGB transfer function), taken to OKLab (Ottosson's
-- two matrices and a cube root), the two mixed, and the result taken back
-- and written as "#rrggbb".  Its colours are parsed once, as kinetic's are
-- (Color objects made before the loop), and each call converts its two
-- colours, as kinetic.mix does.  The pairs' mixes stay inside sRGB,
-- where kinetic's gamut mapping leaves a colour as it is, and before any
-- timing check() compares the two hex strings at 101 points of every pair
-- and refuses to go on unless all agree: the baseline is the same colour.
local kinetic = require("kinetic")

local floor = math.floor

local PAIRS = {
  { "#ff0000", "#0000ff" }, { "#ffd700", "#4169e1" }, { "#ffffff", "#000000" },
  { "#2e8b57", "#ff7f50" }, { "#663399", "#f5deb3" }, { "#00ced1", "#8b0000" },
}

-- ---- the pure-Lua mix -----------------------------------------------------------
local function hex_rgb(s)
  return tonumber(s:sub(2, 3), 16) / 255, tonumber(s:sub(4, 5), 16) / 255, tonumber(s:sub(6, 7), 16) / 255
end

local function linear(c)
  if c <= 0.04045 then return c / 12.92 end
  return ((c + 0.055) / 1.055) ^ 2.4
end

local function gamma(c)
  if c <= 0.0031308 then return 12.92 * c end
  return 1.055 * c ^ (1 / 2.4) - 0.055
end

local function cbrt(x)
  if x < 0 then return -((-x) ^ (1 / 3)) end
  return x ^ (1 / 3)
end

-- sRGB (0-1) to OKLab (Ottosson 2020, the matrices CSS Color 4 prints)
local function oklab(r, g, b)
  r, g, b = linear(r), linear(g), linear(b)
  local x = 0.41239079926595934 * r + 0.357584339383878 * g + 0.1804807884018343 * b
  local y = 0.21263900587151027 * r + 0.715168678767756 * g + 0.07219231536073371 * b
  local z = 0.01933081871559182 * r + 0.11919477979462598 * g + 0.9505321522496607 * b
  local l = cbrt(0.8190224379967030 * x + 0.3619062600528904 * y - 0.1288737815209879 * z)
  local m = cbrt(0.0329836539323885 * x + 0.9292868615863434 * y + 0.0361446663506424 * z)
  local s = cbrt(0.0481771893596242 * x + 0.2642395317527308 * y + 0.6335478284694309 * z)
  return 0.2104542683093140 * l + 0.7936177747023054 * m - 0.0040720430116193 * s,
         1.9779985324311684 * l - 2.4285922420485799 * m + 0.4505937096174110 * s,
         0.0259040424655478 * l + 0.7827717124575296 * m - 0.8086757549230774 * s
end

local function srgb(L, a, b)
  local l = (L + 0.3963377773761749 * a + 0.2158037573099136 * b) ^ 3
  local m = (L - 0.1055613458156586 * a - 0.0638541728258133 * b) ^ 3
  local s = (L - 0.0894841775298119 * a - 1.2914855480194092 * b) ^ 3
  local x = 1.2268798758459243 * l - 0.5578149944602171 * m + 0.2813910456659647 * s
  local y = -0.0405757452148008 * l + 1.1122868032803170 * m - 0.0717110580655164 * s
  local z = -0.0763729366746601 * l - 0.4214933324022432 * m + 1.5869240198367816 * s
  return gamma(3.2409699419045226 * x - 1.537383177570094 * y - 0.4986107602930034 * z),
         gamma(-0.9692436362808796 * x + 1.8759675015077202 * y + 0.04155505740717559 * z),
         gamma(0.05563007969699366 * x - 0.20397695888897652 * y + 1.0569715142428786 * z)
end

local function byte(c)
  c = floor(c * 255 + 0.5)
  return c < 0 and 0 or c > 255 and 255 or c
end

local function lua_mix(A, B, t)
  local L1, a1, b1 = oklab(A[1], A[2], A[3])
  local L2, a2, b2 = oklab(B[1], B[2], B[3])
  local L = L1 + t * (L2 - L1)
  local a = a1 + t * (a2 - a1)
  local b = b1 + t * (b2 - b1)
  local r, g, bl = srgb(L, a, b)
  return string.format("#%02x%02x%02x", byte(r), byte(g), byte(bl))
end

-- ---- the check --------------------------------------------------------------------
local rgbs, colors = {}, {}
for i, pair in ipairs(PAIRS) do
  rgbs[i] = { { hex_rgb(pair[1]) }, { hex_rgb(pair[2]) } }
  colors[i] = { kinetic.color(pair[1]), kinetic.color(pair[2]) }
end

local bad = 0
for i = 1, #PAIRS do
  for k = 0, 100 do
    local t = k / 100
    if kinetic.mix(colors[i][1], colors[i][2], t):hex() ~= lua_mix(rgbs[i][1], rgbs[i][2], t) then bad = bad + 1 end
  end
end
if bad > 0 then
  error(("bench_color: the pure-Lua OKLab mix differs from kinetic.mix at %d of %d points"):format(bad, 101 * #PAIRS))
end

local function mix_loop(side)
  return function(n)
    local t, step, s = 0, 1 / 97, nil
    for i = 1, n do
      local p = i % #PAIRS + 1
      if side == "kinetic" then s = kinetic.mix(colors[p][1], colors[p][2], t):hex()
      else s = lua_mix(rgbs[p][1], rgbs[p][2], t) end
      t = t + step
      if t > 1 then t = t - 1 end
    end
    return s
  end
end

return {
  title = "colour mix in OKLab to hex",
  rows = { { name = "mix(a, b, t):hex() (vs Lua OKLab)", kinetic = mix_loop("kinetic"), baseline = mix_loop("lua") } },
  checks = { { name = "mix", points = 101 * #PAIRS } },
}
