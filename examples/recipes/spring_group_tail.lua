-- Many springs sharing parameters: a tail of 10 links, x and y interleaved
-- in one spring group of 20 springs, stepped in one call and given every
-- target in one call.  The head chases the pointer and each link chases
-- the link before it, so the tail trails behind and gathers on the pointer.
-- Host: LÖVE (main.lua next to kinetic/); plain Lua moves a stub mouse.
-- Run:  lua5.4 examples/recipes/spring_group_tail.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local love = rawget(_G, "love")               -- nil outside LÖVE: see the end of the file
local headless = love == nil
if headless then love = {} end

local n = 20                                  -- 10 links: x and y interleaved
local tail = kinetic.spring_group{ count = n, frequency = 3, damping_ratio = 0.9,
                                   from = 0, to = 0 }
local targets, pos = {}, {}
local moving = n

function love.update(dt)
  local mx, my = love.mouse.getPosition()
  tail:positions(pos)                         -- pos[1..n], no new table
  targets[1], targets[2] = mx, my
  for i = 3, n, 2 do targets[i], targets[i + 1] = pos[i - 2], pos[i - 1] end
  tail:set_targets(targets)
  moving = tail:update(dt)                    -- how many springs still move
  tail:positions(pos)
end

function love.draw()
  for i = 1, n, 2 do love.graphics.circle("fill", pos[i], pos[i + 1], 12 - i / 2) end
end

if not headless then return end

-- Outside LÖVE: the pointer jumps to (300, 200) and stays; the links follow
-- one after another and all come to rest on it.
love.mouse = { getPosition = function() return 300, 200 end }
local frames, ordered = 0, true
repeat
  frames = frames + 1
  love.update(1 / 60)
  if frames == 20 then                        -- mid-chase: the head leads, the tail trails
    for i = 3, n, 2 do ordered = ordered and pos[i] < pos[i - 2] end
  end
until moving == 0 or frames > 3000

assert(moving == 0, "the whole tail comes to rest")
assert(ordered, "each link behind the one before it while chasing")
for i = 1, n, 2 do
  assert(math.abs(pos[i] - 300) < 1 and math.abs(pos[i + 1] - 200) < 1, "every link on the pointer")
end
local circles = 0
love.graphics = { circle = function() circles = circles + 1 end }
love.draw()
assert(circles == 10)
print(("spring_group_tail: 20 springs in one group, all at rest on the pointer after %d frames"):format(frames))
