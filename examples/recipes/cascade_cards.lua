-- A cascade of cards: one anim:to call on a list of eight cards, with
-- `stagger` starting each card 0.06 s after the one before.  The call
-- returns one handle for the whole cascade, whose on_complete fires once,
-- after the last card lands.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua drives 60 frames with a stub.
-- Run:  lua5.4 examples/recipes/cascade_cards.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local anim = kinetic.animator()
local cards = {}
for i = 1, 8 do cards[i] = { x = 40, y = 60 * i + 40, alpha = 0 } end   -- 40 px low, hidden

local landed = 0
local cascade = anim:to(cards, 0.35, { y = "-=40", alpha = 1 }, {
  easing = "outCubic", stagger = 0.06,
  on_complete = function() landed = landed + 1 end,   -- once, after the last card
})

function love.update(dt) anim:update(dt) end
function love.draw()
  for _, c in ipairs(cards) do
    love.graphics.setColor(1, 1, 1, c.alpha)
    love.graphics.rectangle("fill", c.x, c.y, 200, 50)
  end
end

-- The cards start hidden because the tween is a `to`: a `from` tween writes
-- its start values only when each card starts, so a waiting card would show
-- its end state.  `stagger = { amount = 0.3, from = "center" }` spreads 0.3 s
-- from the middle of the list outwards.

if not headless then return end

-- Outside LÖVE: love.graphics records the rectangles, and 60 frames of
-- 1/60 s play.  Card i starts at 0.06 (i - 1) s and lands 0.35 s later; the
-- last one at 0.77 s.
local drawn
love.graphics = {
  setColor = function(_, _, _, a) drawn[#drawn + 1] = { alpha = a } end,
  rectangle = function(_, x, y) drawn[#drawn].x, drawn[#drawn].y = x, y end,
}
local first_seen = {}                         -- the frame each card first shows in
for frame = 1, 60 do
  love.update(1 / 60)
  drawn = {}
  love.draw()
  for i, d in ipairs(drawn) do
    if d.alpha > 0 and not first_seen[i] then first_seen[i] = frame end
  end
end

assert(#drawn == 8)
for i, d in ipairs(drawn) do
  assert(d.x == 40 and d.y == 60 * i and d.alpha == 1, "card " .. i .. " not in place")
  if i > 1 then assert(first_seen[i] > first_seen[i - 1], "cards out of order") end
end
assert(landed == 1, "on_complete fires once for the whole cascade")
assert(cascade:done() and anim:count() == 0)
print("cascade_cards: 8 cards in, first shown at frames " .. table.concat(first_seen, " "))
