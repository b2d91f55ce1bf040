-- Scroll a terminal view with a spring that snaps to whole cells, and sleep
-- between the cells: `round = true` makes the animator write only whole
-- line numbers, and anim:next_change() says how long nothing will change
-- on screen, so the host sleeps that long (never less than a frame)
-- instead of redrawing 60 times a second.  The same scroll ticked at 60 fps
-- shows the same lines in the same order, with more than twice the wake-ups.
-- Host: any (a terminal UI; in Neovim kinetic.nvim's animator sleeps this
-- way on its libuv timer).  Plain Lua sleeps on a fake clock.
-- Run:  lua5.4 examples/recipes/terminal_scroll.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local text = {}                               -- the buffer: 200 lines
for i = 1, 200 do text[i] = ("line %d"):format(i) end
local FRAME = 1 / 60

-- Scrolls a view from line 1 to line 31 with a springy spring; sleep: wake
-- on next_change (else every frame).  Returns the tops shown, the wake-ups
-- and the clock; show(t, top) is called at every visible change.
local function scroll(sleep, show, anim)
  anim = anim or kinetic.animator()
  local view = { top = 1 }                    -- the first line on screen
  anim:spring(view, { top = 31 }, { duration = 0.6, bounce = 0.25, round = true })
  local tops, wakes, clock = { view.top }, 0, 0
  while true do
    local nap = FRAME
    if sleep then
      local wait = anim:next_change()         -- seconds until something shows
      if wait == math.huge then break end     -- nothing ever will: done
      nap = math.max(FRAME, wait)
    elseif anim:count() == 0 then
      break
    end
    clock = clock + nap                       -- the host sleeps nap seconds
    anim:update(nap)
    wakes = wakes + 1
    if view.top ~= tops[#tops] then           -- redraw only when a line moved
      tops[#tops + 1] = view.top
      if show then show(clock, view.top) end
    end
  end
  return tops, wakes, clock
end

local tops, wakes, clock = scroll(true, function(t, top)
  print(("  %5.3f s  top %2d  | %-8s | %-8s |"):format(t, top, text[top], text[top + 1]))
end)
local ticked, ticks = scroll(false)

assert(#tops == #ticked, "as many redraws as at 60 fps")
for i, top in ipairs(tops) do
  assert(top == math.floor(top), "whole lines only")
  assert(top == ticked[i], "the same lines in the same order as at 60 fps")
end
assert(tops[#tops] == 31, "at rest on line 31")
local peak = math.max((table.unpack or unpack)(tops))
assert(peak > 31, "the spring overshoots by whole lines, then settles")
assert(2 * wakes < ticks, "less than half the wake-ups")

-- With reduced motion the scroll is a jump: one wake-up, on the target.
local jumped, jumps = scroll(true, nil, kinetic.animator{ reduced_motion = true })
assert(jumps == 1 and #jumped == 2 and jumped[2] == 31, "reduced motion: one update")

print(("terminal_scroll: 1 -> 31 (peak %d) in %d redraws over %.3f s: %d wake-ups on next_change, "
       .. "%d at 60 fps; reduced motion: %d"):format(peak, #tops - 1, clock, wakes, ticks, jumps))
