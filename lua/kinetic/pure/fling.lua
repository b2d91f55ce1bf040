-- kinetic.pure.fling: csrc/core/fling.c in Lua.  One motion of any of the
-- fling kinds, for the animator: C's kn_fling { kind, end, u } with the
-- motion's own table (inertia, bouncing, clamping or decay) in u, and the
-- time it comes to rest for good in f["end"].
local spring = require("kinetic.pure.spring")
local inertia = require("kinetic.pure.inertia")
local scroll = require("kinetic.pure.scroll")
local decay = require("kinetic.pure.decay")

local log, abs, huge = math.log, math.abs, math.huge

local fling = {}

-- enum kn_fling_kind
local INERTIA, BOUNCING, CLAMPING, DECAY = 0, 1, 2, 3
fling.INERTIA, fling.BOUNCING, fling.CLAMPING, fling.DECAY = INERTIA, BOUNCING, CLAMPING, DECAY

-- The names of the kinds, in order (kn_fling_kind_name's list, for
-- names.find and names.text).
fling.KIND_NAMES = { "inertia", "bouncing", "clamping", "decay" }

-- The name of a kind, nil past the last.
function fling.kind_name(kind)
  return fling.KIND_NAMES[kind + 1]
end

local TOLERANCE = 1e-3   -- KN_SCROLL_TOLERANCE

local function bouncing_end(b)
  if b.spring_time == huge then
    -- |v0| d^t = tol at t = ln(tol / |v0|) / ln d
    if abs(b.v0) < TOLERANCE then return 0.0 end
    return (log(TOLERANCE) - log(abs(b.v0))) / b.friction.log_drag
  end
  local y0 = b.spring_x0 - b.spring_end
  local st = b.spring_time
  local t0 = st - st == 0 and st or 0.0
  return t0 + spring.rest_time(b.spring, y0, b.spring_v0, TOLERANCE, TOLERANCE)
end

-- Sets f["end"] from the motion already in f.u (f.kind set):
--   inertia, clamping, decay  their own end (done from then on);
--   bouncing                  the friction's end without a hand-off, else
--                             the hand-off plus the spring's rest for good.
function fling.finish_init(f)
  local kind, m = f.kind, f.u
  if kind == INERTIA then
    if m.handoff < huge then f["end"] = m.handoff + m.spring_end
    else f["end"] = m.decay_end end
  elseif kind == BOUNCING then f["end"] = bouncing_end(m)
  elseif kind == CLAMPING then f["end"] = m.duration
  else f["end"] = m.duration end
  return f
end

local inertia_final, bouncing_final = inertia.final_position, scroll.bouncing_final_position
local clamping_final, decay_final = scroll.clamping_final_position, decay.final_position

local function final(f)
  local kind = f.kind
  if kind == INERTIA then return inertia_final(f.u) end
  if kind == BOUNCING then return bouncing_final(f.u) end
  if kind == CLAMPING then return clamping_final(f.u) end
  return decay_final(f.u)
end
fling.final = final

local inertia_at, bouncing_at = inertia.at, scroll.bouncing_at
local clamping_at, decay_at = scroll.clamping_at, decay.at

-- x, v at time t >= 0 since the start; from f["end"] on the final position
-- with velocity 0.
function fling.at(f, t)
  if t >= f["end"] then return final(f), 0.0 end
  local kind = f.kind
  if kind == INERTIA then return inertia_at(f.u, t) end
  if kind == BOUNCING then return bouncing_at(f.u, t) end
  if kind == CLAMPING then return clamping_at(f.u, t) end
  return decay_at(f.u, t)
end

return fling
