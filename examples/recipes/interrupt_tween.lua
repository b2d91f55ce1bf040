-- Interrupt a tween with a spring: the spring that takes a field over from a
-- tween starts with the tween's velocity, so the motion goes on at the speed
-- it had, overshoots the new target and settles on it.  The tween lets go
-- of the field and, with no field left, ends without on_complete.
-- Host: any (plain Lua).
-- Run:  lua5.4 examples/recipes/interrupt_tween.lua   (paths: examples/recipes/README.md)
local kinetic = require("kinetic")

local anim = kinetic.animator()
local box = { x = 0 }
local tween_completed = false
local tween = anim:to(box, 1, { x = 400 }, {
  easing = "inOutCubic",
  on_complete = function() tween_completed = true end,
})
anim:update(0.5)                              -- halfway: x = 200, at full speed
assert(box.x == 200)

anim:spring(box, { x = 150 }, { duration = 0.5, bounce = 0.2 })
anim:update(1 / 60)                           -- the spring takes x over

-- The spring started from the value and the velocity the tween had at the
-- start of that frame: E'(0.5) * 400 / 1 s, and the slope of inOutCubic
-- halfway is 3, so 1200 px/s to the right.
local alone = kinetic.spring{ duration = 0.5, bounce = 0.2, from = 200, to = 150, velocity = 1200 }
assert(box.x == alone:update(1 / 60), "the same numbers as a spring given that velocity")
assert(box.x > 200, "still moving right")
assert(tween:done())

local furthest = box.x
while anim:update(1 / 60) > 0 do furthest = math.max(furthest, box.x) end
assert(furthest > 220, "carries on past 200 before turning")
assert(box.x == 150, "at rest on the new target, exactly")
assert(not tween_completed, "the interrupted tween never completes")
print(("interrupt_tween: went on to %.1f at 1200 px/s, then settled on %g"):format(furthest, box.x))
