-- Chapter 60: scroll and inertia motions, and a fling on an animator.
local kinetic = require("kinetic")

local function row(label, m, times)
  local parts = {}
  for _, t in ipairs(times) do parts[#parts + 1] = ("%7.1f"):format((m:at(t))) end
  print(("  %-28s %s   rests at %.1f"):format(label, table.concat(parts, " "), m:final_position()))
end

print("== scroll and inertia: a fling of 3000 px/s from 0, position at t seconds\n")
local times = { 0, 0.1, 0.25, 0.5, 1, 2 }
local head = {}
for _, t in ipairs(times) do head[#head + 1] = ("%7s"):format(t .. " s") end
print(("  %-28s %s"):format("", table.concat(head, " ")))
row("bouncing_scroll, max 500", kinetic.bouncing_scroll { velocity = 3000, min = 0, max = 500 }, times)
row("clamping_scroll", kinetic.clamping_scroll { velocity = 3000 }, times)
row("inertia, max 500", kinetic.inertia { velocity = 3000, max = 500 }, times)
row("inertia, snap to 250s", kinetic.inertia { velocity = 3000, snap = { 0, 250, 500, 750, 1000, 1250 } }, times)
row("decay (Compose)", kinetic.decay { velocity = 3000 }, times)

print("\nthe bouncing scroll passes max, and a spring brings it back from the instant it got there:")
local b = kinetic.bouncing_scroll { velocity = 3000, min = 0, max = 500 }
local f = kinetic.friction { drag = 0.135, velocity = 3000 }
print(("  reaches 500 at %.4f s (friction:time_at), furthest %.1f, done at rest on %g"):format(
  f:time_at(500), (function()
    local hi = 0
    for i = 0, 200 do local x = b:at(i / 100); hi = math.max(hi, x) end
    return hi
  end)(),
  b:final_position()))

print("\nanim:fling drives a field with the same motion, frame by frame:")
local anim, list = kinetic.animator(), { offset = 0 }
anim:fling(list, "offset", 3000, { kind = "bouncing", min = 0, max = 500 })
local shown = {}
for frame = 1, 90 do
  anim:update(1 / 60)
  if frame % 15 == 0 then shown[#shown + 1] = ("%.1f"):format(list.offset) end
end
print("  every 15 frames: " .. table.concat(shown, "  "))
