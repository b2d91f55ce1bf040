-- Chapter: animators -- tweens and springs on the fields of plain tables,
-- staggered lists, sequences, a tween interrupted by a spring, time scale.
local kinetic = require("kinetic")

print("== Animators")

-- One row of cells per object: its field sampled every `every` frames.
local ramp = " .:-=+*#%@"
local function cell(v, lo, hi)
  local k = math.floor((v - lo) / (hi - lo) * (#ramp - 1) + 0.5) + 1
  k = math.max(1, math.min(#ramp, k))
  return ramp:sub(k, k)
end

-- Eight buttons slide in one after another (stagger), each with outBack.
print("\n  anim:to(buttons, 0.4, { x = 0 }, { easing = 'outBack', stagger = 0.06 }), 1/60 s frames:")
local anim = kinetic.animator()
local buttons = {}
for i = 1, 8 do buttons[i] = { x = -100 } end
local done_at
anim:to(buttons, 0.4, { x = 0 }, { easing = "outBack", stagger = 0.06,
                                   on_complete = function() done_at = true end })
local rows = {}
for i = 1, 8 do rows[i] = {} end
local frame = 0
while anim:update(1 / 60) > 0 do
  frame = frame + 1
  if frame % 2 == 0 then
    for i = 1, 8 do rows[i][#rows[i] + 1] = cell(buttons[i].x, -100, 0) end
  end
end
for i = 1, 8 do print(string.format("    button %d |%s| x = %g", i, table.concat(rows[i]), buttons[i].x)) end
print(string.format("    %d frames; on_complete fired once the last one arrived: %s", frame + 1,
                    tostring(done_at)))

-- A sequence: GSAP's position strings place each step.
print("\n  A sequence: slide in, then fade, overlapping by 0.1 s; a call at a label:")
local card = { x = -200, alpha = 0 }
local log = {}
local seq = anim:sequence()
seq:to(card, 0.5, { x = 0 }, { easing = "outCubic" })
   :to(card, 0.3, { alpha = 1 }, { easing = "linear" }, "-=0.1")
   :label("shown")
   :call(function() log[#log + 1] = string.format("call at 'shown': alpha = %g", card.alpha) end, "shown")
   :to(card, 0.2, { x = 40 }, { easing = "inQuad" }, "shown+=0.3")
for _ = 1, 72 do
  anim:update(1 / 60)
end
print("    " .. log[1])
print(string.format("    end: x = %g, alpha = %g, sequence done: %s", card.x, card.alpha, tostring(seq:done())))

-- A tween interrupted by a spring keeps its speed: the spring starts with the
-- tween's slope x distance / duration (inOutCubic's slope at 0.5 is 3).
print("\n  A tween interrupted halfway by a spring keeps its speed:")
local box = { x = 0 }
anim:to(box, 1, { x = 400 }, { easing = "inOutCubic" })
local xs = {}
for _ = 1, 30 do anim:update(1 / 60); xs[#xs + 1] = box.x end
anim:spring(box, { x = 150 }, { duration = 0.5, bounce = 0.3 })
local ref = kinetic.spring{ duration = 0.5, bounce = 0.3, from = 200, to = 150, velocity = 1200 }
local same = true
for _ = 1, 60 do
  anim:update(1 / 60); xs[#xs + 1] = box.x
  same = same and math.abs(box.x - ref:update(1 / 60)) < 1e-9
end
local line = {}
for i = 1, #xs, 2 do line[#line + 1] = cell(xs[i], 0, 400) end
print("    x |" .. table.concat(line) .. "|")
print(string.format("    the spring moves as kinetic.spring{ from = 200, velocity = 1200, ... }: %s",
                    tostring(same)))

-- Follow a moving target: calling anim:spring again retargets the same spring.
print("\n  A hover spring retargeted every frame (the same handle each time):")
local knob = { scale = 1 }
local first = anim:spring(knob, { scale = 1.2 }, { preset = "wobbly" })
local kept = true
for f = 1, 40 do
  kept = kept and anim:spring(knob, { scale = f < 20 and 1.2 or 1 }) == first
  anim:update(1 / 60)
end
print(string.format("    same handle: %s, scale after 40 frames: %.4f", tostring(kept), knob.scale))

-- Slow motion: the animator's time scale multiplies every animation's own.
local slow = { x = 0 }
local a = anim:to(slow, 1, { x = 1 }, { easing = "linear" })
anim:time_scale(0.25)
anim:update(1)
print(string.format("\n  time_scale(0.25): after 1 s of frames x = %g (a:time() = %g)", slow.x, a:time()))
anim:time_scale(1)
