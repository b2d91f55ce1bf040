-- Chapter 10: easings -- a terminal tour of kinetic's timing functions.
local kinetic = require("kinetic")

local function plot(spec, w, h)
  local e = kinetic.easing(spec)
  w, h = w or 48, h or 12
  local lo, hi = 0, 1
  local ys = e:sample(w - 1)
  for _, y in ipairs(ys) do lo = math.min(lo, y); hi = math.max(hi, y) end
  local rows = {}
  for r = 1, h do rows[r] = {} for c = 1, w do rows[r][c] = " " end end
  for c, y in ipairs(ys) do
    local r = h - math.floor((y - lo) / (hi - lo) * (h - 1) + 0.5)
    rows[r][c] = "*"
  end
  print(("  %s   (y from %.3g to %.3g)"):format(tostring(e), lo, hi))
  for r = 1, h do print("  |" .. table.concat(rows[r])) end
  print("  +" .. string.rep("-", w))
end

print("== kinetic easings: every CSS timing function, Penner's equations, the accelerate models\n")
plot("ease")
plot("cubic-bezier(0.68, -0.55, 0.265, 1.55)")
plot("outElastic")
plot("outBounce", 48, 8)

print("\nsteps(): computed as browsers do (p*n in double, before flag)")
print(("  %-6s %-10s %-10s %-10s %-10s %-10s"):format("p", "steps(4)", "jump-start", "jump-none", "jump-both",
  "before=true"))
local s4, js, jn, jb = kinetic.steps(4), kinetic.steps(4, "jump-start"), kinetic.steps(4, "jump-none"),
  kinetic.steps(4, "jump-both")
for i = 0, 8 do
  local p = i / 8
  print(("  %-6.3f %-10.4g %-10.4g %-10.4g %-10.4g %-10.4g"):format(p, s4(p), js(p), jn(p), jb(p), js(p, true)))
end

print("\nlinear(): missing inputs spread evenly, extrapolation along the end segments")
local l = kinetic.easing("linear(0, 0.25 75%, 1)")
print("  " .. tostring(l))
for _, p in ipairs({ -0.5, 0, 0.5, 0.75, 0.9, 1, 1.5 }) do print(("  f(%5.2f) = %.6g"):format(p, l(p))) end

print("\nexact where engines stop at 1e-7 in x:")
local b = kinetic.bezier(0, 1.5, 1, -0.5)
print(("  %s at t = 1e-4 -> %.17g  (slope %.6g)"):format(tostring(b), b(1e-4), b:slope(1e-4)))
local ease = kinetic.easing("ease")
print(("  ease(0.5) = %.17g, inverse -> %.17g"):format(ease(0.5), ease:inverse(ease(0.5))))

print("\naccelerate models: v0 x + (1 - v0) x^2 and its symmetric accelerate-decelerate form:")
for _, spec in ipairs({ "accelerate(0)", "accelerate(0.5)", "accelerate-decelerate(0)" }) do
  local e = kinetic.easing(spec)
  local row = {}
  for i = 0, 4 do row[#row + 1] = ("%.4f"):format(e(i / 4)) end
  print(("  %-26s %s"):format(tostring(e), table.concat(row, "  ")))
end
print(("\n%d easing names: %s ..."):format(#kinetic.easings(), table.concat(kinetic.easings(), ", ", 1, 12)))
