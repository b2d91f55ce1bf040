-- Chapter 50: CSS as browsers read it, springs as easings, step schedules.
local kinetic = require("kinetic")

print("== CSS, exactly as the browser engines read and write it\n")
print(("  %-52s %-34s %s"):format("text", "specified", "computed"))
for _, spec in ipairs {
  "EASE-in-out /* a comment */", "Ease\\2d in", "step-start", "steps(2, jump-end)",
  "steps(calc(5 / 2), start)", "cubic-bezier(calc(-2), calc(0.7 / 2), min(1, 3), 1)",
  "linear(0, 0.5 25% 75%, 1)",
} do
  local e = kinetic.easing(spec)
  print(("  %-52s %-34s %s"):format(spec, e:css("specified"), e:css()))
end
for _, bad in ipairs { "steps(0)", "var(--ease)", "ease, linear" } do
  local _, err = pcall(kinetic.easing, bad)
  print(("  %-20s -> %s"):format(bad, err:match("': (.*)%)$")))
end

print("\na spring as an easing, and as CSS linear() within 1e-3 everywhere")
local s = kinetic.spring { stiffness = 170, damping = 12 }
local e, l = s:easing(), s:linear()
local D = s:settle_time()
local stops = select(2, tostring(l):gsub("%%", ""))
print(("  settles in %.3f s; linear() has %d stops (one every 10 ms would be %d)"):format(
  D, stops, math.floor(D / 0.01 + 0.5)))
local worst = 0
for i = 0, 2000 do worst = math.max(worst, math.abs(l(i / 2000) - e(i / 2000))) end
print(("  largest difference on 2001 points: %.2e"):format(worst))
print(("  transition: transform %.0fms %s;"):format(1000 * D, tostring(l):sub(1, 60) .. "..."))

print("\nstep schedule: 10 terminal lines in 0.25 s with outCubic, one line at a time")
local t = kinetic.step_times("outCubic", 10, 0.25)
local bar = {}
for k = 1, 10 do bar[k] = ("%3.0f"):format(1000 * t[k]) end
print("  ms: " .. table.concat(bar, " "))
local bounce = kinetic.step_times("outBounce", 4)
print(("  outBounce crosses 1/4 .. 1 first at %.4f %.4f %.4f %.4f"):format(bounce[1], bounce[2], bounce[3],
  bounce[4]))
