-- Chapter: springs, friction, gravity.
local kinetic = require("kinetic")

print("== Springs: one exact solution for under-, critically and over-damped motion")

-- ASCII plot of three springs 0 -> 1 over 1.2 s (rows: position, columns: time)
local springs = {
  { mark = "u", s = kinetic.spring { stiffness = 170, damping = 8 } },    -- zeta 0.31
  { mark = "c", s = kinetic.spring { frequency = 2, damping_ratio = 1 } },
  { mark = "o", s = kinetic.spring { stiffness = 170, damping = 80 } },   -- zeta 3.1
}
local W, H, T = 60, 14, 1.2
local rows = {}
for r = 0, H do rows[r] = {} for c = 1, W do rows[r][c] = " " end end
for c = 1, W do
  local t = (c - 1) / (W - 1) * T
  for _, sp in ipairs(springs) do
    local x = sp.s:at(t)                              -- pure: the spring is not changed
    local r = math.floor((1.4 - x) / 1.4 * H + 0.5)
    if r >= 0 and r <= H then rows[r][c] = sp.mark end
  end
end
for r = 0, H do
  local label = (r == 0 and "1.4") or (r == math.floor(0.4 / 1.4 * H + 0.5) and "1.0") or (r == H and "0.0") or ""
  print(string.format("%4s |%s", label, table.concat(rows[r])))
end
print("     +" .. string.rep("-", W) .. "> t (0 .. 1.2 s)   u: zeta 0.31   c: zeta 1   o: zeta 3.1")

print()
print("Frame-rate independence (analytic integrator): position after 1 s")
local function after(steps)
  local s = kinetic.spring { preset = "wobbly", from = 0, to = 100, velocity = -300, rest_delta = 0, rest_speed = 0 }
  for _ = 1, steps do s:update(1 / steps) end
  return s:position()
end
local one = after(1)
for _, n in ipairs { 1, 24, 60, 144, 1000 } do
  print(string.format("  %5d steps of 1/%-5d s -> %.15f   (diff %.1e)", n, n, after(n), after(n) - one))
end

print()
print("Parameter families, all reduced to mass / stiffness / damping:")
for _, item in ipairs {
  { "duration 0.5 bounce 0.3", { duration = 0.5, bounce = 0.3 } },
  { "response 0.55 z .825", { response = 0.55, damping_ratio = 0.825 } },
  { "frequency 1.5 Hz", { frequency = 1.5 } },
  { "tension 230.2 fr 22", { tension = 230.2, friction = 22 } },
  { "origami 40 / 7", { origami_tension = 40, origami_friction = 7 } },
  { "bounciness 5 speed 10", { bounciness = 5, speed = 10 } },
  { "preset molasses", { preset = "molasses" } },
} do
  local key = item[1]
  local p = kinetic.spring(item[2]):params()
  print(string.format("  %-22s k %8.3f  c %7.3f  zeta %.3f  period %.3f s  bounce %+.3f", key,
                      p.stiffness, p.damping, p.damping_ratio, p.duration, p.bounce))
end

print()
local s = kinetic.spring { preset = "default", from = 0, to = 1000 }
print(string.format("settle_time: a 0 -> 1000 px default spring is within 1 px for good after %.4f s",
                    s:settle_time(1)))
local frames = 0
local function on_rest(sp) print(string.format("  on_rest after %d frames at %g", frames, sp:position())) end
s = kinetic.spring { preset = "default", from = 0, to = 1000, on_rest = on_rest }
while not s:at_rest() do s:update(1 / 60); frames = frames + 1 end

print()
local f = kinetic.friction { drag = 0.135, position = 0, velocity = 2000 }
print(string.format("Friction (drag 0.135, fling 2000 px/s): stops near %.1f px; 90%% there after %.3f s",
                    f:final_position(), f:time_at(0.9 * f:final_position())))
local g = kinetic.gravity { acceleration = -9.81, position = 0, velocity = 10 }
local gx, gv = g:at(1)
print(string.format("Gravity (a = -9.81, v0 = 10): x(1) = %.3f, v(1) = %.3f", gx, gv))
