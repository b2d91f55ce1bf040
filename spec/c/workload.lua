-- Work done by each Lua state of spec/c/threads.c: exercise every part of
-- kinetic that exists and return a checksum of the results.
local kinetic = require("kinetic")
local sum, count = 0, 0
local function add(x) sum = sum + x; count = count + 1 end

for _ = 1, 200 do
  if kinetic.bezier then
    local e = kinetic.bezier(0.25, 0.1, 0.25, 1)
    for i = 0, 100 do add(e(i / 100)) end
  end
  if kinetic.easing then
    local e = kinetic.easing("outElastic")
    for i = 0, 100 do add(e(i / 100)) end
  end
  if kinetic.spring then
    local s = kinetic.spring{ stiffness = 170, damping = 26, from = 0, to = 1 }
    for _ = 1, 60 do add(s:update(1 / 60)) end
  end
  if kinetic.timeline then
    local tl = kinetic.timeline{ from = 0, { to = 100, duration = 0.5, easing = "ease-out" } }
    for _ = 1, 30 do add(tl:update(1 / 60)) end
  end
end
return string.format("%d values, sum %.17g", count, sum)
