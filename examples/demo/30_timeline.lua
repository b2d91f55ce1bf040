-- Chapter: timelines (keyframes, after-end strategies, callbacks, angles,
-- polar motion about a pivot) and the viewport transform.
local kinetic = require("kinetic")

print("== Timelines")

-- A strip chart: one row per timeline, sampled across [0, t_end].
local function strip(label, tl, t_end, lo, hi, w)
  local ramp = " .:-=+*#%@"
  local cells = {}
  for c = 0, w - 1 do
    local v = tl:at(t_end * c / (w - 1))
    local k = math.floor((v - lo) / (hi - lo) * (#ramp - 1) + 0.5) + 1
    k = math.max(1, math.min(#ramp, k))
    cells[#cells + 1] = ramp:sub(k, k)
  end
  print(string.format("  %-9s|%s|", label, table.concat(cells)))
end

-- One segment 0 -> 100 over 1 s, shown over 4 s with each strategy.
print("\n  0 -> 100 in 1 s, watched for 4 s (darker = larger):")
for _, after in ipairs({ "stop", "restart", "reverse" }) do
  local tl = kinetic.timeline{ from = 0, { to = 100, duration = 1, easing = "ease-in-out" },
                               after = after, iterations = after == "stop" and 1 or math.huge }
  strip(after, tl, 4, 0, 100, 64)
end

-- Composite keyframes with named properties, into a reused table.
print("\n  A card slides in, waits, fades out (named properties, one `out` table):")
local card = kinetic.timeline{
  from = { x = -200, alpha = 0 },
  { to = { x = 0, alpha = 1 }, duration = 0.4, easing = "outBack" },
  { to = { x = 0, alpha = 1 }, duration = 1.0 },
  { to = { x = 40, alpha = 0 }, duration = 0.3, easing = "ease-in" },
}
local out = {}
for _, t in ipairs({ 0, 0.2, 0.4, 0.9, 1.4, 1.55, 1.7 }) do
  card:at(t, out)
  print(string.format("    t = %-5.2f x = %8.2f  alpha = %.3f", t, out.x, out.alpha))
end

-- Many timelines, one call per frame: five cards staggered by their delay.
print("\n  Five staggered cards, all advanced by one update_timelines call per frame:")
local cards, states = {}, {}
for i = 1, 5 do
  cards[i] = kinetic.timeline{ from = { x = -100, alpha = 0 }, delay = 0.08 * (i - 1),
                               { to = { x = 0, alpha = 1 }, duration = 0.4, easing = "outBack" } }
end
for frame = 1, 45 do
  local _, playing = kinetic.update_timelines(cards, 1 / 60, states)
  if frame % 9 == 0 then
    local xs = {}
    for i = 1, 5 do xs[i] = string.format("%7.1f", states[i].x) end
    print(string.format("    frame %2d  x = %s   (%d playing)", frame, table.concat(xs, " "), playing))
  end
end

-- Callbacks: one big step crosses many events; they arrive in time order.
print("\n  One update(10) on a 2-keyframe reverse timeline of 3 passes fires, in order:")
local events = {}
local tl = kinetic.timeline{
  from = 0, { to = 1, duration = 0.5 }, { to = 2, duration = 0.5 },
  after = "reverse", iterations = 3,
  on_keyframe = function(_, i) events[#events + 1] = "keyframe " .. i end,
  on_iteration = function(_, n) events[#events + 1] = "iteration " .. n end,
  on_complete = function(t) events[#events + 1] = "complete at " .. t:time() end,
}
tl:update(10)
print("    " .. table.concat(events, ", "))

-- Angles: 350 -> 10 degrees.
print("\n  350 deg -> 10 deg, sampled at t = 0, .25, .5, .75, 1:")
for _, mode in ipairs({ "linear", "shortest-angle", "longest-angle" }) do
  local a = kinetic.timeline{ from = 350, { to = 10, duration = 1 }, interpolation = mode }
  local vals = {}
  for i = 0, 4 do vals[#vals + 1] = string.format("%7.1f", a:at(i / 4)) end
  print(string.format("    %-15s %s", mode, table.concat(vals, " ")))
end

-- Polar: a point swings about a pivot instead of cutting across.
print("\n  From (8, 2) to (2, 8) about the pivot (2, 2): polar (o) vs linear (.):")
local W, H = 24, 12
local grid = {}
for r = 1, H do grid[r] = {} for c = 1, W do grid[r][c] = " " end end
local function put(x, y, ch)
  local c, r = math.floor(x * 2.5 + 0.5) + 1, H - math.floor(y + 0.5)
  if grid[r] and grid[r][c] then grid[r][c] = ch end
end
local straight = kinetic.timeline{ from = { 8, 2 }, { to = { 2, 8 }, duration = 1 } }
local swing = kinetic.timeline{ from = { 8, 2 }, { to = { 2, 8 }, duration = 1 }, interpolation = "polar",
                                pivot = { 2, 2 } }
for i = 0, 20 do
  put(straight:at(i / 20), select(2, straight:at(i / 20)), ".")
  local x, y = swing:at(i / 20)
  put(x, y, "o")
end
put(2, 2, "+")
for r = 1, H do print("    |" .. table.concat(grid[r]) .. "|") end

-- The viewport: world units to pixels, with its zoom animated by a timeline.
print("\n  Viewport 800x600, origin at the centre, 50 px per unit, y up; zooming x1 -> x2:")
local vp = kinetic.viewport{ width = 800, height = 600, origin = { 0.5, 0.5 }, unit = { 50, 50 }, scale = { 1, -1 } }
local zoom = kinetic.timeline{ from = { scale_x = 1, scale_y = -1 },
                               { to = { scale_x = 2, scale_y = -2 }, duration = 1, easing = "ease-out" } }
for _ = 1, 3 do
  zoom:apply(vp)
  local sx, sy = vp:to_screen(1, 1)
  local wx, wy = vp:to_world(sx, sy)
  print(string.format("    t = %.1f  scale %.3f  world (1, 1) -> screen (%.1f, %.1f) -> world (%g, %g)",
                      zoom:time(), vp.scale_x, sx, sy, wx, wy))
  zoom:update(0.5)
end
