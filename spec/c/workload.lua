-- Work done by each Lua state of spec/c/threads.c: exercise easings, springs
-- (and spring groups when present), timelines; return a checksum of the
-- results, and fail (error) if nothing was computed.
local kinetic = require("kinetic")
local sum, count = 0, 0
local parts = {}
local function add(x)
  if x ~= x then error("workload: NaN") end
  sum = sum + x; count = count + 1
end

for _ = 1, 200 do
  local e = kinetic.bezier(0.25, 0.1, 0.25, 1)
  for i = 0, 100 do add(e(i / 100)) end
  e = kinetic.easing("outElastic")
  for i = 0, 100 do add(e(i / 100)) end
  e = kinetic.easing("linear(0, 0.25 75%, 1)")
  for i = 0, 20 do add(e(i / 20)) end
  e = kinetic.steps(5, "jump-both")
  for i = 0, 20 do add(e(i / 20)) end
  parts.easing = true

  local s = kinetic.spring{ stiffness = 170, damping = 26, from = 0, to = 1 }
  for _ = 1, 60 do add(s:update(1 / 60)) end
  local r = kinetic.spring{ tension = 40, friction = 7, integrator = "rk4", from = { 0, 0 }, to = { 1, 2 } }
  for _ = 1, 30 do local x, y = r:update(1 / 60); add(x); add(y) end
  add(s:settle_time(1e-3))
  parts.spring = true

  if kinetic.spring_group then
    local g = kinetic.spring_group{ count = 16, stiffness = 170, damping = 26, from = 0, to = 1 }
    for _ = 1, 30 do add(g:update(1 / 60)) end
    for i = 1, 16 do add(g:position(i)) end
    parts.spring_group = true
  end

  local tl = kinetic.timeline{ from = 0, { to = 100, duration = 0.5, easing = "ease-out" },
                               { to = 40, duration = 0.25 }, after = "reverse", iterations = 3 }
  for _ = 1, 30 do add(tl:update(1 / 60)) end
  add(tl:at(0.3))
  parts.timeline = true
end
if count == 0 or not (parts.easing and parts.spring and parts.timeline) then
  error("workload computed nothing")
end
return string.format("%d values, sum %.17g%s", count, sum, parts.spring_group and ", spring_group" or "")
