-- Scroll a terminal in whole lines: a terminal cannot show a fractional
-- line, so the view moves one line at a time and the waits between lines
-- carry the easing.  step_times gives the instant each line is due; tick
-- scrolls what is due and says how long the host may sleep.
-- Host: any (a terminal UI; in Neovim a libuv timer wakes tick, as the
-- example plugin kinetic_scroll does).  Plain Lua sleeps on a fake clock.
-- Run:  lua5.4 examples/recipes/scroll_lines.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local view = { top = 1 }                      -- the first line shown
local function scroll_one_line() view.top = view.top + 1 end

local lines, t, k = 30, 0, 1
local due = kinetic.step_times("outCubic", lines, 0.25)   -- seconds after the start
local function tick(dt)                                    -- each time your host wakes you
  t = t + dt
  while k <= lines and due[k] <= t do scroll_one_line(); k = k + 1 end
  return due[k] and due[k] - t                             -- sleep this long, nil when done
end

-- The host: sleep as long as tick says, but never longer than a 16 ms
-- frame (a host may wake early for its own reasons; nothing is lost).
local wakes, clock, scrolled_at = 0, 0, {}
local sleep = tick(0)
while sleep do
  local nap = math.min(sleep, 0.016)
  clock = clock + nap
  local before = view.top
  sleep = tick(nap)
  wakes = wakes + 1
  for line = before + 1, view.top do scrolled_at[line - 1] = clock end
end

assert(view.top == 1 + lines, "every line scrolled, one at a time")
for i = 1, lines do
  assert(scrolled_at[i] >= due[i] - 1e-12, "no line early")
  if i > 1 then assert(due[i] > due[i - 1], "one line per instant") end
end
assert(due[lines] <= 0.25 and math.abs(clock - due[lines]) < 1e-9, "done at the last line's instant")
local first_gap, last_gap = due[2] - due[1], due[lines] - due[lines - 1]
assert(last_gap > 10 * first_gap, "outCubic: quick lines first, long waits at the end")
print(("scroll_lines: %d lines in %.3f s over %d wakes; waits from %.1f ms to %.1f ms")
      :format(lines, clock, wakes, 1000 * first_gap, 1000 * last_gap))
