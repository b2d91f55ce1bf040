-- Fade a colour in OKLab: a colour value on a field mixes in OKLab (unless
-- color_space says otherwise) and is written back as the field held it --
-- here an {r, g, b} array for love.graphics.setColor, filled in place; a
-- "#rrggbb" string field gets strings.  A spring on a colour retargets in
-- flight, as on hover.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drives the frames with a stub.
-- Run:  lua5.4 examples/recipes/fade_oklab.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local swatch = { fill = { 0.12, 0.56, 1 } }   -- what love.graphics.setColor takes
local label = { color = "#ff0000" }           -- a CSS string
anim:to(swatch, 0.6, { fill = "tomato" }, { easing = "ease-in-out" })
anim:to(label, 1, { color = "#0000ff" }, { easing = "linear" })

function love.update(dt) anim:update(dt) end
function love.draw()
  love.graphics.setColor(swatch.fill)
  love.graphics.rectangle("fill", 100, 100, 200, 120)
end

-- From red to blue a fade in OKLab passes through #8c53a2, one in sRGB
-- through the dull #800080.  color_space = "oklch" keeps colours vivid and
-- turns the hue instead (hue = "longer": the long way round the wheel).

if not headless then return end

-- Outside LÖVE: half a second of frames, the halfway colour of the label,
-- then the rest; then a hover spring towards gold, retargeted to tomato.
local fill = swatch.fill
for _ = 1, 30 do love.update(1 / 60) end
assert(label.color == "#8c53a2", "halfway from red to blue in OKLab: " .. label.color)
assert(kinetic.mix("#ff0000", "#0000ff", 0.5, "srgb"):hex() == "#800080", "and in sRGB")
for _ = 1, 30 do love.update(1 / 60) end
local r, g, b = kinetic.color("tomato"):rgba()
assert(swatch.fill == fill and #fill == 3, "the same array, filled in place")
local function near(x, y) return math.abs(x - y) < 1e-12 end   -- up to OKLab's rounding
assert(near(fill[1], r) and near(fill[2], g) and near(fill[3], b), "ends on tomato")
assert(label.color == "#0000ff")

local set
love.graphics = { setColor = function(c) set = c end, rectangle = function() end }
love.draw()
assert(set == fill)

local button = { color = "#ff0000" }
local hover = anim:spring(button, { color = "gold" })
love.update(0.1)
local midway = button.color
assert(anim:spring(button, { color = "tomato" }) == hover, "the second call retargets")
local frames = 0
while anim:update(1 / 60) > 0 do frames = frames + 1 end
assert(button.color == "#ff6347", "at rest on tomato: " .. button.color)
print(("fade_oklab: red to blue through %s, swatch on tomato; hover spring via %s to %s in %d frames")
      :format("#8c53a2", midway, button.color, frames))
