-- Live input and sleeping hosts: the animator's quick_to, next_change,
-- follow and shake against the pure-Lua code a program writes for the same
-- job, in the same process.
--
--   quick_to   a pointer-follower: each frame set(mouse_x), then
--              anim:update(dt) (the setter made once by anim:quick_to(obj,
--              "x"), a 0.3 s outQuad tween restarted from the field's
--              value at each call).  Baselines: a hand-rolled tween record
--              restarted in place (from = the field, to = the target,
--              t = 0) and stepped with outQuad; and flux's way, a new
--              flux.to(obj, 0.3, { x = v }) every frame (written here as
--              flux's group:to does it -- the tween table, its vars, the
--              override of the older tween at its first update --, as
--              bench_animator.lua's manager is).  Time per frame, and
--              bytes allocated per frame with the collector stopped.
--   next_change  an animator of 100 rounded tweens (0 to 30..90 cells,
--              seven easings among them outBack and outElastic, playing
--              back and forth for ever) and 100 rounded springs (sent to a
--              new target every 64 frames): one anim:next_change() per
--              operation, against one anim:update(1/60) of the same
--              animator, both per animation (so the ratio is the number of
--              frames of ticking one next_change costs, inverted).  The
--              next_change side moves its animator one frame per timed
--              batch (one update in every batch of calls), so that its
--              runs look at different states; the update side retargets
--              the springs every 64 frames as it goes (that cost, 100
--              anim:spring calls in 64 frames, is in its time).  Counted:
--              the wake-ups of a host that sleeps until next_change (at
--              least a frame, rounded up to the millisecond, as
--              kinetic.nvim does) over a 1 s scroll of 30 rounded cells,
--              against a host ticking at 60 Hz until the scroll ends.
--   follow     100 objects followed (anim:follow, limits 400 and 150 per
--              second), sent to a new target every 90 frames: one frame of
--              the animator, against the frame-stepped limiter of
--              bench_smoothing.lua over 100 records; per object.
--   shake      100 objects shaken on x and y (anim:shake, amplitude 4,
--              15 Hz, 1 s, outQuad decay, a new shake every 64 frames):
--              one frame of the animator, against the same sum written by
--              hand over 100 records with kinetic.noise (so only the frame
--              machinery differs); per object.
-- The guards below, run at load, check that each pair writes the same
-- values.
local kinetic = require("kinetic")
local harness = require("harness")

local DT = 1 / 60
local abs, max, floor, ceil, sin = math.abs, math.max, math.floor, math.ceil, math.sin
local noise = kinetic.noise

-- The pointer: 256 positions of a mouse sweeping to and fro.
local MOUSE = {}
for i = 1, 256 do MOUSE[i] = floor(400 + 300 * sin(i * 0.07) + 40 * sin(i * 0.31)) end

---------------------------------------------------------------------------
-- quick_to: the pointer-follower.

local QD = 0.3                              -- quick_to's default duration

local function kinetic_pointer()
  local anim, obj = kinetic.animator(), { x = 0 }
  local set = anim:quick_to(obj, "x")
  local update = anim.update
  return function(i)
    set(MOUSE[i % 256 + 1])
    update(anim, DT)
  end, obj
end

-- By hand: one tween record, restarted in place at each set.
local function lua_pointer()
  local obj = { x = 0 }
  local tw = { from = 0, to = 0, t = 0, live = false }
  local function set(v)
    tw.from, tw.to, tw.t, tw.live = obj.x, v, 0, true
  end
  local function update(dt)
    if not tw.live then return end
    local t = tw.t + dt
    tw.t = t
    local p = t / QD
    if p >= 1 then p, tw.live = 1, false end
    obj.x = tw.from + (tw.to - tw.from) * (p * (2 - p))
  end
  return function(i)
    set(MOUSE[i % 256 + 1])
    update(DT)
  end, obj
end

-- flux's way: flux.to(obj, 0.3, { x = v }) every frame, then flux.update(dt).
local function quadout(p) local u = 1 - p return 1 - u * u end

local function flux_new() return { list = {}, tweens_of = {} } end

local function flux_to(group, obj, time, vars)
  local tw = { obj = obj, rate = time > 0 and 1 / time or 0, progress = time > 0 and 0 or 1,
               _delay = 0, _ease = "quadout", inited = false, vars = {}, parent = group }
  for k, v in pairs(vars) do tw.vars[k] = v end
  local of = group.tweens_of[obj]
  if not of then of = {}; group.tweens_of[obj] = of end
  of[tw] = true
  local list = group.list
  list[#list + 1] = tw
  return tw
end

local FLUX_EASE = { quadout = quadout }

local function flux_update(group, dt)
  local list = group.list
  for i = #list, 1, -1 do
    local t = list[i]
    if t._delay > 0 then
      t._delay = t._delay - dt
    else
      if not t.inited then                     -- clear the older tweens' fields, init
        local obj = t.obj
        for o in pairs(group.tweens_of[obj]) do
          if o.inited then
            for k in pairs(t.vars) do o.vars[k] = nil end
          end
        end
        for k, v in pairs(t.vars) do
          local x = obj[k]
          t.vars[k] = { start = x, diff = v - x }
        end
        t.inited = true
      end
      t.progress = t.progress + t.rate * dt
      local p = t.progress
      local x = p >= 1 and 1 or FLUX_EASE[t._ease](p)
      for k, v in pairs(t.vars) do t.obj[k] = v.start + x * v.diff end
      if p >= 1 then
        local of = group.tweens_of[t.obj]
        of[t] = nil
        if not next(of) then group.tweens_of[t.obj] = nil end
        list[i] = list[#list]
        list[#list] = nil
      end
    end
  end
end

local function flux_pointer()
  local group, obj = flux_new(), { x = 0 }
  return function(i)
    flux_to(group, obj, QD, { x = MOUSE[i % 256 + 1] })
    flux_update(group, DT)
  end, obj
end

local function pointer_row(make)
  return function(n)
    local step, obj = make()
    for i = 1, n do step(i) end
    return obj.x
  end
end

local function pointer_bytes(make)
  return function()
    local step = make()
    return harness.bytes_per_call(step, 50000, 50000)
  end
end

---------------------------------------------------------------------------
-- next_change: 100 rounded tweens and 100 rounded springs.

local NA = 100                               -- of each kind
local EASINGS = { "outQuad", "inOutCubic", "outBack", "outElastic", "linear", "ease", "outBounce" }
local RETARGET = 64

local function host_animator()
  local anim, springs, target = kinetic.animator(), {}, {}
  for i = 1, NA do
    anim:to({ y = 0 }, 0.5 + (i % 10) * 0.15, { y = 30 + (i % 7) * 10 },
            { round = true, easing = EASINGS[i % #EASINGS + 1], iterations = math.huge,
              after = "reverse" })
  end
  for i = 1, NA do
    springs[i], target[i] = { y = 0 }, 20 + i % 30
    anim:spring(springs[i], { y = target[i] },
                { round = true, stiffness = 100 + 2 * i, damping = 4 + i % 8 })
  end
  local frame = 0
  -- One frame, the springs retargeted every RETARGET frames.
  local function advance()
    frame = frame + 1
    if frame % RETARGET == 0 then
      for i = 1, NA do
        target[i] = -target[i]
        anim:spring(springs[i], { y = target[i] })
      end
    end
    anim:update(DT)
  end
  for _ = 1, 30 do advance() end             -- past every start
  return anim, advance
end

local function kinetic_next_change()
  local anim, advance
  return function(n)
    if not anim then anim, advance = host_animator() end
    local nc
    for _ = 1, n do nc = anim:next_change() end
    advance()
    return nc
  end
end

local function update_frame()
  local advance
  return function(n)
    if not advance then advance = select(2, host_animator()) end
    for _ = 1, n do advance() end
  end
end

-- Wake-ups over a 1 s scroll of 30 rounded cells.
local function scroll_wakes(sleep)
  return function()
    local anim, obj = kinetic.animator(), { top = 0 }
    anim:to(obj, 1, { top = 30 }, { round = true })
    local wakes = 0
    while anim:count() > 0 do
      local dt = DT
      if sleep then
        local nc = anim:next_change()
        if nc == math.huge then break end
        dt = max(DT, ceil(nc * 1000) / 1000)
      end
      anim:update(dt)
      wakes = wakes + 1
      assert(wakes < 1000, "bench_animator_live: the scroll did not end")
    end
    assert(obj.top == 30, "bench_animator_live: the scroll did not reach 30")
    return wakes
  end
end

---------------------------------------------------------------------------
-- follow: 100 objects chasing a target that jumps every FRETARGET frames.

local NF, FRETARGET, FA, FV = 100, 90, 400, 150
local FOLLOW = { max_acceleration = FA, max_speed = FV }

local function kinetic_follow(n)
  local anim, objs, target = kinetic.animator(), {}, 100
  for i = 1, NF do
    objs[i] = { x = i }
    anim:follow(objs[i], { x = target }, FOLLOW)
  end
  for f = 1, n do
    if f % FRETARGET == 0 then
      target = -target
      for i = 1, NF do anim:follow(objs[i], { x = target }, FOLLOW) end
    end
    anim:update(DT)
  end
  return objs[1].x
end

local function lua_follow(n)
  local objs, target = {}, 100
  for i = 1, NF do objs[i] = { x = i, v = 0 } end
  for f = 1, n do
    if f % FRETARGET == 0 then target = -target end
    for i = 1, NF do
      local o = objs[i]
      local x, v = o.x, o.v
      local d = target - x
      local dir = d > 0 and 1 or -1
      if v * v / (2 * FA) >= abs(d) and v * dir > 0 then v = v - dir * FA * DT
      else v = v + dir * FA * DT end
      if v > FV then v = FV elseif v < -FV then v = -FV end
      o.x, o.v = x + v * DT, v
    end
  end
  return objs[1].x
end

---------------------------------------------------------------------------
-- shake: 100 objects, x and y, a new shake every SRESTART frames.

local NSH, SRESTART, AMP, FREQ, SDUR = 100, 64, 4, 15, 1

local function kinetic_shake_objs(count)
  local anim, objs = kinetic.animator(), {}
  for i = 1, count do objs[i] = { x = i, y = -i } end
  local opts = {}
  for i = 1, count do
    opts[i] = { amplitude = AMP, frequency = FREQ, duration = SDUR, seed = 2 * i }
  end
  local fields = { "x", "y" }
  local function start()
    for i = 1, count do anim:shake(objs[i], fields, opts[i]) end
  end
  return anim, objs, start
end

local function kinetic_shake(n)
  local anim, objs, start = kinetic_shake_objs(NSH)
  for f = 1, n do
    if f % SRESTART == 1 then start() end
    anim:update(DT)
  end
  return objs[1].x
end

-- By hand: per object its clock, its base and its seed; base + amplitude
-- (1 - outQuad(p)) noise(frequency t, seed + k), exactly base at the end.
local function lua_shake_objs(count)
  local objs = {}
  for i = 1, count do objs[i] = { x = i, y = -i, t = 0, bx = i, by = -i, seed = 2 * i, live = false } end
  local function start()
    for i = 1, count do
      local o = objs[i]
      o.t, o.bx, o.by, o.live = 0, o.x, o.y, true
    end
  end
  local function frame(dt)
    for i = 1, count do
      local o = objs[i]
      if o.live then
        local t = o.t + dt
        o.t = t
        local p = t / SDUR
        if p >= 1 then
          o.x, o.y, o.live = o.bx, o.by, false
        else
          local env = AMP * (1 - p * (2 - p))
          local u = FREQ * t
          o.x = o.bx + env * noise(u, o.seed + 1)
          o.y = o.by + env * noise(u, o.seed + 2)
        end
      end
    end
  end
  return objs, start, frame
end

local function lua_shake(n)
  local objs, start, frame = lua_shake_objs(NSH)
  for f = 1, n do
    if f % SRESTART == 1 then start() end
    frame(DT)
  end
  return objs[1].x
end

---------------------------------------------------------------------------
-- Guards, outside the timed code: each pair writes the same values.

local function close(a, b, tol)
  return abs(a - b) <= tol * max(1, abs(a), abs(b))
end

do -- the pointer-followers
  local ks, ko = kinetic_pointer()
  local ls, lo = lua_pointer()
  local fs, fo = flux_pointer()
  for i = 1, 600 do
    ks(i); ls(i); fs(i)
    if not (close(ko.x, lo.x, 1e-12) and close(ko.x, fo.x, 1e-12)) then
      error(string.format("bench_animator_live: pointer frame %d: kinetic %.17g, by hand %.17g, flux %.17g",
                          i, ko.x, lo.x, fo.x))
    end
  end
end

do -- the follow: same targets, each side ends on them
  local ka, ko = kinetic.animator(), { x = 0 }
  ka:follow(ko, { x = 100 }, FOLLOW)
  for _ = 1, 200 do ka:update(DT) end
  assert(ko.x == 100 and ka:count() == 0, "bench_animator_live: the follow did not arrive")
end

do -- the shakes
  local ka, ko, kstart = kinetic_shake_objs(10)
  local lo, lstart, lframe = lua_shake_objs(10)
  for f = 1, 200 do
    if f % SRESTART == 1 then kstart(); lstart() end
    ka:update(DT)
    lframe(DT)
    for i = 1, 10 do
      if not (close(ko[i].x, lo[i].x, 1e-12) and close(ko[i].y, lo[i].y, 1e-12)) then
        error(string.format("bench_animator_live: shake %d frame %d: kinetic %.17g %.17g, by hand %.17g %.17g",
                            i, f, ko[i].x, ko[i].y, lo[i].x, lo[i].y))
      end
    end
  end
end

do -- next_change: the animator's next change is a change
  local anim = host_animator()
  local nc = anim:next_change()
  assert(nc > 0 and nc < 1, "bench_animator_live: next_change of the host animator: " .. tostring(nc))
  -- every spring stays live between its retargets: 200 animations always
  local live, advance = host_animator()
  for f = 1, 700 do
    advance()
    if live:count() ~= 2 * NA then
      error("bench_animator_live: " .. live:count() .. " animations live after " .. f .. " frames")
    end
  end
end

return {
  title = "animator: live input, next_change",
  rows = {
    -- ns per frame: set(mouse_x); anim:update(1/60)
    { name = "quick_to set + update (vs tween by hand)",
      kinetic = pointer_row(kinetic_pointer), baseline = pointer_row(lua_pointer) },
    { name = "quick_to set + update (vs flux.to)",
      kinetic = pointer_row(kinetic_pointer), baseline = pointer_row(flux_pointer) },
    -- ns per animation (per = 2 NA): one next_change against one update
    { name = "next_change, per animation (vs update)", per = 2 * NA, start = 1,
      kinetic = kinetic_next_change(), baseline = update_frame() },
    -- ns per object (per = NF, NSH): one frame
    { name = "anim:follow frame (vs a limiter by hand)", per = NF,
      kinetic = kinetic_follow, baseline = lua_follow },
    { name = "anim:shake frame (vs noise by hand)", per = NSH,
      kinetic = kinetic_shake, baseline = lua_shake },
  },
  counts_title = "animator: bytes per frame, wake-ups",
  counts = {
    { name = "quick_to set + update (vs tween by hand)", unit = "bytes",
      kinetic = pointer_bytes(kinetic_pointer), baseline = pointer_bytes(lua_pointer) },
    { name = "quick_to set + update (vs flux.to)", unit = "bytes",
      kinetic = pointer_bytes(kinetic_pointer), baseline = pointer_bytes(flux_pointer) },
    { name = "1 s scroll of 30 rounded cells (vs 60 Hz)", unit = "wakes",
      kinetic = scroll_wakes(true), baseline = scroll_wakes(false) },
  },
}
