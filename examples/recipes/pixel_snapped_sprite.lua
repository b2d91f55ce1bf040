-- A pixel-art sprite that moves on whole pixels, and a host that wakes only
-- when a pixel changes: `round = true` makes the animator write whole
-- numbers while the motion underneath stays exact, and anim:next_change()
-- says how long the picture stays as it is.  The sprite slides in 24 px and
-- bobs 2 px four times; the loop sleeps until the next change instead of
-- redrawing 60 times a second, and draws the same positions a 60 fps loop
-- draws (and the ones a frame would skip).
-- Host: any (LÖVE: draw at sprite.x, sprite.y on a low-resolution canvas).
-- Run:  lua5.4 examples/recipes/pixel_snapped_sprite.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local FRAME = 1 / 60

-- Plays the scene; sleep: wake on next_change, else every frame.  Returns
-- the positions drawn ("x,y" in order), the wake-ups, the clock and how many
-- wake-ups drew nothing new.
local function play(sleep)
  local anim = kinetic.animator()
  local sprite = { x = 8, y = 40 }
  anim:to(sprite, 1.5, { x = 32 }, { easing = "outCubic", round = true })
  anim:to(sprite, 0.5, { y = 38 }, { easing = "inOutSine", after = "reverse", iterations = 4,
                                    round = true })
  anim:update(0)                              -- both start: the first picture
  local function at() return ("%d,%d"):format(sprite.x, sprite.y) end
  local drawn = { at() }
  local wakes, clock, idle = 0, 0, 0
  while true do
    local nap = FRAME
    if sleep then
      nap = anim:next_change()                -- seconds until something happens
      if nap == math.huge then break end      -- nothing ever will: done
    elseif anim:count() == 0 then
      break
    end
    anim:update(nap)
    clock, wakes = clock + nap, wakes + 1
    assert(sprite.x % 1 == 0 and sprite.y % 1 == 0, "whole pixels only")
    local here = at()
    if here ~= drawn[#drawn] then drawn[#drawn + 1] = here else idle = idle + 1 end
  end
  return drawn, wakes, clock, idle
end

local drawn, wakes, clock, idle = play(true)
local framed, frames = play(false)

-- Every wake-up draws a new position, except those where something only
-- ends or a bob turns round at a whole pixel (2 ends, 3 repeats).
assert(idle <= 5, "idle wake-ups: " .. idle)
assert(drawn[#drawn] == "32,40" and framed[#framed] == "32,40", "ends on whole pixels")
assert(math.abs(clock - 2) < 1e-9, "the scene lasts 2 s")
-- The 60 fps loop draws a subsequence of what the sleeping loop draws.
local j = 1
for i = 1, #framed do
  while drawn[j] ~= framed[i] do j = j + 1; assert(j <= #drawn, "missing " .. framed[i]) end
end
assert(wakes < frames / 2, "fewer than half the wake-ups")
print(("pixel_snapped_sprite: %d positions drawn in %d wake-ups over %.2f s, against %d frames at 60 fps"
       .. " (%d positions)"):format(#drawn, wakes, clock, frames, #framed))
