-- Scrub, replay or draw an animation: a timeline's and a spring's `at`
-- never change the object, so they can be evaluated at any time in any order
-- (a scrubber, a replay, the frames of a video); an animator's sequence is
-- scrubbed with seek; `sample` fills a buffer for drawing a curve.
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/scrub_replay.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local card = kinetic.timeline{
  from = { x = -200, alpha = 0 },
  { to = { x = 0, alpha = 1 }, duration = 0.4, easing = "outBack" },
  { to = { x = 0, alpha = 0 }, duration = 0.3, easing = "ease-in" },
  after = "reverse", iterations = 2, delay = 0.1,
}
local spring = kinetic.spring{ duration = 0.4, bounce = 0.2, from = 0, to = 100 }
local curve = kinetic.easing("outElastic"):sample(100)   -- 101 values for a polyline

-- Play the card frame by frame, keeping each frame's state.
local played, state = {}, {}
for i = 1, 90 do
  card:update(1 / 60, state)
  played[i] = { x = state.x, alpha = state.alpha, t = card:time() }
end

-- Scrub backwards with at: the same states, and the card's clock untouched.
local clock = card:time()
for i = 90, 1, -1 do
  local s = card:at(played[i].t, state)        -- fills state, returns it
  assert(s == state and s.x == played[i].x and s.alpha == played[i].alpha, "frame " .. i)
end
assert(card:time() == clock)

-- Where the spring will be, asked out of order, changes nothing.
local ahead = spring:at(0.1)
assert(spring:at(0.3) ~= ahead and spring:at(0.1) == ahead and spring:position() == 0)
local x = spring:update(0.1)
assert(math.abs(x - ahead) < 1e-12, "at(0.1) foretold update(0.1)")

-- An animator's sequence: seek jumps every child to its state at that time.
local anim = kinetic.animator()
local title, panel = { alpha = 0 }, { x = -320 }
local intro = anim:sequence()
  :to(title, 0.4, { alpha = 1 })
  :to(panel, 0.5, { x = 0 }, { easing = "outBack" }, "-=0.1")
anim:update(0)                                -- the sequence starts
intro:pause()                                 -- a scrubber holds it still
for _, t in ipairs{ 0.8, 0.2, 0.55, 0 } do
  intro:seek(t)
  local want_alpha = math.min(t / 0.4, 1)
  assert(math.abs(title.alpha - kinetic.easing("outQuad")(want_alpha)) < 1e-12, "title at " .. t)
end
intro:seek(0.8)
assert(title.alpha == 1 and panel.x == 0, "the end of the intro")

assert(#curve == 101 and curve[1] == 0 and curve[101] == 1)
print(("scrub_replay: 90 frames scrubbed back exactly, spring foretold (%.4f), sequence sought 5 times")
      :format(ahead))
