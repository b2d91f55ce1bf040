-- Hover: a spring that retargets.  Calling anim:spring again for the same
-- field gives the running spring a new target and keeps its position and
-- velocity, so leaving the button halfway through the grow turns the motion
-- round smoothly instead of jumping.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua scripts the mouse with a stub.
-- Run:  lua5.4 examples/recipes/hover_spring.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local button = { x = 300, y = 200, w = 160, h = 48, scale = 1 }
local hovered = false
local handles = {}                            -- what each anim:spring call returned

function love.update(dt)
  local mx, my = love.mouse.getPosition()
  local over = mx >= button.x and mx < button.x + button.w
           and my >= button.y and my < button.y + button.h
  if over ~= hovered then
    hovered = over
    handles[#handles + 1] =
      anim:spring(button, { scale = over and 1.15 or 1 }, { frequency = 4, damping_ratio = 0.5 })
  end
  anim:update(dt)
end

function love.draw()
  local w, h = button.w * button.scale, button.h * button.scale
  love.graphics.rectangle("fill", button.x + (button.w - w) / 2, button.y + (button.h - h) / 2, w, h)
end

if not headless then return end

-- Outside LÖVE: the pointer is away for 5 frames, over the button for the
-- next 4, then leaves while the button is still growing.
local frame = 0
love.mouse = {
  getPosition = function()
    if frame >= 6 and frame <= 9 then return 380, 220 end
    return 0, 0
  end,
}
local scales = {}
repeat
  frame = frame + 1
  love.update(1 / 60)
  scales[frame] = button.scale
until frame > 10 and anim:count() == 0

assert(scales[5] == 1, "nothing moves before the hover")
assert(scales[9] > scales[8] and scales[9] < 1.15, "growing when the pointer leaves")
assert(scales[10] > scales[9], "the retargeted spring keeps its velocity: it goes on growing a little")
assert(#handles == 2 and rawequal(handles[1], handles[2]), "the second call retargets the first spring")
for i = 2, #scales do
  assert(math.abs(scales[i] - scales[i - 1]) < 0.05, "no jump between frames")
end
assert(button.scale == 1, "at rest on the target, exactly")
local rect
love.graphics = { rectangle = function(_, x, y, w, h) rect = { x, y, w, h } end }
love.draw()
assert(rect[1] == 300 and rect[2] == 200 and rect[3] == 160 and rect[4] == 48)
local peak = 1
for _, s in ipairs(scales) do peak = math.max(peak, s) end
print(("hover_spring: one spring, peak scale %.4f after the pointer left, at rest after %d frames")
      :format(peak, frame))
