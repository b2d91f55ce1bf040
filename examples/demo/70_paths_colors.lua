-- Chapter 70: paths at constant speed, and colours mixed as CSS Color 4 does.
local kinetic = require("kinetic")

print("== Paths and colours")

-- A closed centripetal Catmull-Rom through five points: p:at(u) walks it by
-- arc length, so equal steps of u are equal distances along the curve.
local loop = kinetic.path { kind = "catmull-rom", closed = true,
                            { 0, 0 }, { 120, 0 }, { 130, 10 }, { 60, 110 }, { -10, 80 } }
print(("\n  a closed catmull-rom through 5 points: length %.3f (p:length()); p:at(u), angle in degrees:"):format(
  loop:length()))
print(("  %-5s %8s  %8s  %8s"):format("u", "x", "y", "angle"))
for _, u in ipairs { 0, 0.25, 0.5, 0.75, 1 } do
  local x, y, a = loop:at(u)
  print(("  %-5g %8.3f  %8.3f  %8.2f"):format(u, x, y, math.deg(a)))
end

-- Why constant speed matters: a Bézier's own parameter crowds where the
-- control points bunch up.  Ten equal steps of each, as distances covered.
local bez = kinetic.path { kind = "bezier", { 0, 120 }, { 2, 117 }, { 30, 0 }, { 260, 0 } }
local function steps(f)
  local d, px, py = {}, f(0)
  for i = 1, 10 do
    local x, y = f(i / 10)
    d[i] = ("%5.1f"):format(math.sqrt((x - px) ^ 2 + (y - py) ^ 2))
    px, py = x, y
  end
  return table.concat(d, " ")
end
print(("\n  a cubic Bézier of length %.1f, the distance covered by each tenth:"):format(bez:length()))
print("    p:at(u)     " .. steps(function(u) return bez:at(u) end))
print("    p:point(s)  " .. steps(function(s) return bez:point(s) end))

-- An animator moves a sprite along the loop; rotate = true writes its angle.
print("\n  anim:to(ship, 1, { pos = loop }, { rotate = true, easing = 'inOutSine' }), every 10 frames")
print("  (frames 20, 30, 40 are p:at(1/4, 1/2, 3/4) above: inOutSine(1/3) = 1/4)")
local anim, ship = kinetic.animator(), {}
anim:to(ship, 1, { pos = loop }, { rotate = true, easing = "inOutSine" })
for frame = 1, 60 do
  anim:update(1 / 60)
  if frame % 10 == 0 then
    print(("    frame %2d  x = %8.3f  y = %8.3f  angle = %7.2f deg"):format(frame, ship.x, ship.y,
                                                                          math.deg(ship.angle)))
  end
end

-- A colour fade: the same tween in oklab (the default) and in srgb.  A "#rrggbb"
-- string stays a string; the sRGB middle is a dark purple, oklab's is lighter.
print("\n  red -> blue in 0.5 s, a frame every 1/20 s, in oklab and in srgb:")
local a, b = { fill = "#ff0000" }, { fill = "#ff0000" }
anim:to(a, 0.5, { fill = "#0000ff" }, { easing = "linear", color_space = "oklab" })
anim:to(b, 0.5, { fill = "#0000ff" }, { easing = "linear", color_space = "srgb" })
local la, lb = {}, {}
for _ = 1, 10 do
  anim:update(1 / 20)
  la[#la + 1], lb[#lb + 1] = a.fill, b.fill
end
print("    oklab " .. table.concat(la, " "))
print("    srgb  " .. table.concat(lb, " "))
print(("    kinetic.mix('red', 'blue', 0.5):hex() = %s;  in srgb: %s"):format(
  kinetic.mix("red", "blue", 0.5):hex(), kinetic.mix("red", "blue", 0.5, "srgb"):hex()))

-- A wide-gamut colour: c:rgba() is mapped into sRGB by CSS Color 4's rule.
local p3 = kinetic.color("color(display-p3 0 1 0)")
local r, g, bl = p3:rgba()
local L, C, H = p3:to("oklch")
print(("\n  %s in sRGB: %s (r %.3f, g %.3f, b %.3f); c:to('oklch') = %.4f %.4f %.2f"):format(
  tostring(p3), p3:hex(), r, g, bl, L, C, H))

-- Colour keyframes on a timeline: red, then yellow, then blue, mixed in oklch.
print("\n  a timeline: red -> yellow (0.5 s) -> blue (0.5 s) in oklch, sampled every 0.125 s:")
local tl = kinetic.timeline { from = "#ff0000", { to = "#ffff00", duration = 0.5 },
                              { to = "#0000ff", duration = 0.5 }, color_space = "oklch" }
local hexes = {}
for i = 0, 8 do hexes[#hexes + 1] = tl:at(i / 8) end
print("    " .. table.concat(hexes, " "))
