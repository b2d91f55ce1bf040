-- CSS easings in another tweening library: e:fn() turns any kinetic easing
-- into the plain function p -> value that flux, tween.lua or hump.timer
-- expect (flux.easing.snappy = kinetic.easing("..."):fn()).  A few lines
-- stand in for such a library here, so the file runs on its own.
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/easing_in_other_library.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

-- A stand-in for flux: named easings, tweens of one table's fields.
local flux = { easing = { linear = function(p) return p end }, tweens = {} }
function flux.to(obj, duration, values)
  local tw = { obj = obj, duration = duration, values = values, start = {}, t = 0, ease = "linear" }
  for k in pairs(values) do tw.start[k] = obj[k] end
  function tw.ease(self, name) self.ease = name; return self end   -- flux's chaining style
  flux.tweens[#flux.tweens + 1] = tw
  return tw
end
function flux.update(dt)
  for _, tw in ipairs(flux.tweens) do
    tw.t = math.min(tw.t + dt, tw.duration)
    local e = flux.easing[tw.ease](tw.t / tw.duration)
    for k, v in pairs(tw.values) do tw.obj[k] = tw.start[k] + (v - tw.start[k]) * e end
  end
end

-- The recipe: a CSS timing function under a name of its own.
local snappy = kinetic.easing("cubic-bezier(0.2, 0, 0, 1)")
flux.easing.snappy = snappy:fn()
local button = { x = 0 }
flux.to(button, 0.3, { x = 200 }):ease("snappy")

flux.update(0.15)
assert(button.x == 200 * snappy(0.5), "halfway in time: the curve's value at 0.5")
flux.update(0.15)
assert(button.x == 200, "ends on the target")

for i = 0, 20 do
  local p = i / 20
  assert(flux.easing.snappy(p) == snappy(p), "fn() gives the easing's own values")
end
local jump = kinetic.easing("steps(4, jump-start)"):fn()
assert(jump(0) == 0.25 and jump(0, true) == 0, "the CSS before flag passes through")
print(("easing_in_other_library: snappy(0.5) = %.6f, the button at %g"):format(snappy(0.5), button.x))
