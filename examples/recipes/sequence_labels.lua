-- A sequence with labels and positions: tweens, a call and a label placed
-- in time with GSAP's position strings ("-=0.1", "panel+=0.3", "<").  Each
-- child goes at the end of the sequence unless its position says otherwise;
-- the whole intro is one animation that lasts 1.3 s.
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/sequence_labels.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local anim = kinetic.animator()
local title  = { y = -40, alpha = 0 }
local panel  = { x = -320 }
local button = { scale = 0.6, alpha = 0 }
local glow   = { alpha = 0 }

local now, before = 0, 0                      -- the clock after and before the current frame
local events = {}
local function mark(name)
  return function() events[#events + 1] = { name = name, from = before, to = now } end
end

local intro = anim:sequence{ on_complete = mark("complete") }
  :to(title, 0.4, { y = 0, alpha = 1 }, { on_start = mark("title") })             -- 0.0 to 0.4
  :label("panel")                                                                 -- "panel" is 0.4
  :to(panel, 0.5, { x = 0 }, { easing = "outBack", on_start = mark("panel") }, "-=0.1")  -- 0.3 to 0.8
  :to(button, 0.3, { scale = 1, alpha = 1 }, { on_start = mark("button") }, "panel+=0.3")  -- 0.7 to 1.0
  :to(glow, 0.6, { alpha = 0.5 }, { on_start = mark("glow") }, "<")               -- 0.7 to 1.3
  :call(mark("ready"), "panel+=0.6")                                              -- at 1.0

-- `intro:pause()`, `intro:seek(0.7)`, `intro:time_scale(2)` act on the
-- whole intro; `anim:sequence{ iterations = 2, after = "reverse" }` plays it
-- forward and back.

local dt = 1 / 30
repeat
  before, now = now, now + dt                 -- the frame about to play: before..now
until anim:update(dt) == 0

-- Each callback fired in the frame that holds its instant.
local expected = {
  { "title", 0 }, { "panel", 0.3 }, { "button", 0.7 }, { "glow", 0.7 },
  { "ready", 1.0 }, { "complete", 1.3 },
}
assert(#events == #expected, "six events expected, got " .. #events)
for i, e in ipairs(expected) do
  local got = events[i]
  assert(got.name == e[1], "event " .. i .. ": " .. e[1] .. " expected, got " .. got.name)
  assert(got.from - 1e-9 <= e[2] and e[2] <= got.to + 1e-9,
         ("%s at %.3f s expected, fired in the frame %.3f..%.3f"):format(e[1], e[2], got.from, got.to))
end
assert(title.y == 0 and title.alpha == 1 and panel.x == 0)
assert(button.scale == 1 and button.alpha == 1 and glow.alpha == 0.5)
assert(intro:done())
print(("sequence_labels: %d events in order, the intro done after %.3f s"):format(#events, now))
