-- A spring in CSS, or on a timeline: s:linear() exports a spring's motion
-- as a CSS linear() easing, within a stated error of the exact curve
-- everywhere; s:easing() puts the exact curve itself on a timeline or an
-- animator tween, lasting s:settle_time() seconds.
-- Host: any (plain Lua; the CSS line goes to a stylesheet).
-- Run:  lua5.4 examples/recipes/spring_as_css.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local s = kinetic.spring{ stiffness = 170, damping = 12 }
local settle = s:settle_time()
local css = ("transition: transform %.0fms %s;"):format(1000 * settle, tostring(s:linear()))

local exact = s:easing()                      -- p in [0, 1] over settle seconds
local drop = kinetic.timeline{ from = 0, { to = 300, duration = settle, easing = exact } }
local anim = kinetic.animator()
local ball = { y = 0 }
anim:to(ball, settle, { y = 300 }, { easing = exact })

-- The CSS text is a linear() a browser takes, and it stays within 1e-3 of
-- the distance from the exact curve between its stops as well as at them.
assert(css:match("^transition: transform %d+ms linear%(0 0%%, .*%);$"), css)
local approx = s:linear()
local worst = 0
for i = 0, 1000 do
  local p = i / 1000
  worst = math.max(worst, math.abs(approx(p) - exact(p)))
end
assert(worst <= 1e-3, "linear() within its error bound")

-- On a timeline and on an animator the curve is the spring itself.
anim:update(settle / 2)
local half = 300 * s:at(settle / 2)
assert(math.abs(drop:at(settle / 2) - half) < 1e-9 and math.abs(ball.y - half) < 1e-9)
local peak = 0
for i = 0, 100 do peak = math.max(peak, drop:at(settle * i / 100)) end
assert(peak > 330, "the spring's overshoot is on the curve")
assert(math.abs(drop:at(settle) - 300) < 0.5, "within its rest distance at settle_time")
print(("spring_as_css: %d chars of CSS over %.0f ms, within %.1e; peak %.1f px on the timeline")
      :format(#css, 1000 * settle, worst, peak))
