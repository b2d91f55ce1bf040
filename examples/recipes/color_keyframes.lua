-- Colour keyframes on a timeline: colours and numbers share the keyframes
-- of named properties, mixed in OKLCH here, and each colour comes back in
-- the type its `from` gave: bg as a "#rrggbb" string, border as a
-- kinetic.Color.  An alert border that flashes three times, then rests.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drives the frames with a stub.
-- Run:  lua5.4 examples/recipes/color_keyframes.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local flashes = {}
local alert = kinetic.timeline{
  from = { bg = "#1e1e2e", border = kinetic.color("#f38ba8"), width = 1 },
  { to = { bg = "#45273a", border = "#fab387", width = 3 }, duration = 0.25, easing = "ease-out" },
  { to = { bg = "#1e1e2e", border = "#f38ba8", width = 1 }, duration = 0.6, easing = "ease-in" },
  after = "restart", iterations = 3, color_space = "oklch",
  on_iteration = function(_, n) flashes[#flashes + 1] = n end,
  on_complete = function() flashes[#flashes + 1] = "done" end,
}
local style = alert:at(0)                     -- { bg = ..., border = ..., width = ... }

function love.update(dt) alert:update(dt, style) end
function love.draw()
  love.graphics.setColor(kinetic.color(style.bg):rgba())
  love.graphics.rectangle("fill", 100, 100, 300, 80)
  love.graphics.setLineWidth(style.width)
  love.graphics.setColor(style.border:rgba())
  love.graphics.rectangle("line", 100, 100, 300, 80)
end

-- A timeline whose `from` is a single colour returns that colour from at and
-- update: kinetic.timeline{ from = "#1e90ff", { to = "tomato", duration = 0.5 } }:at(0.25)
-- is a "#rrggbb" string.

if not headless then return end

-- Outside LÖVE: the keyframe itself, then 3 s of frames: three passes of
-- 0.85 s, callbacks in order, and the alert back on its first keyframe.
local peak = alert:at(0.25)
assert(peak.bg == "#45273a" and peak.width == 3 and peak.border:hex() == "#fab387")
assert(type(style.bg) == "string" and getmetatable(style.border) == "kinetic")

local colours = {}
love.graphics = {
  setColor = function(r, g, b, a) colours[#colours + 1] = { r, g, b, a } end,
  rectangle = function() end,
  setLineWidth = function() end,
}
local widest = 0
for _ = 1, 180 do
  love.update(1 / 60)
  assert(style.bg:match("^#%x%x%x%x%x%x$"), "bg stays a #rrggbb string")
  widest = math.max(widest, style.width)
  love.draw()
end
assert(alert:done() and alert:total_duration() == 2.55)
assert(table.concat(flashes, " ") == "1 2 done", "iterations, then on_complete")
assert(style.bg == "#1e1e2e" and style.width == 1 and style.border:hex() == "#f38ba8")
assert(#colours == 360 and colours[360][4] == 1)
assert(math.abs(widest - 3) < 1e-12, "each flash reaches the keyframe's width")
print(("color_keyframes: 3 flashes up to width %.2f, then %s (%s) and width %g")
      :format(widest, style.bg, style.border:hex(), style.width))
