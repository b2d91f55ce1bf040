-- kinetic.pure.spring_group: csrc/core/spring_group.c in Lua -- `count`
-- scalar springs sharing one model and Juckett's coefficients.  Every step
-- mirrors spring.c for n = 1 (restart, update_scalar: clamp / rest test /
-- snap), so that a group gives the very same doubles as `count` separate
-- springs.  The C file compiles its two loops once per x86-64 instruction
-- set and once as the plain loop, and every path gives the plain loop's
-- bits; this is the plain loop ("scalar"), its selects written as the
-- branches they stand for.
--
-- The group is a table with the fields of kn_spring_group (model, coefs
-- as in kinetic.pure.spring; clamp a boolean) and its slots as arrays of
-- count numbers, spring i (1-based) at index i: x, v, tg (targets), from,
-- scale, rest (1.0 at rest, 0.0 moving), y (x - target).
local spring = require("kinetic.pure.spring")
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)

local abs, log = math.abs, math.log
local coefs_compute, time_scale = spring.coefs_compute, spring.time_scale
local HUGE = math.huge
local DBL_MAX = 1.7976931348623157e308

local M = {}

-- The paths of the update loop (the values of g:_simd's names).
M.SIMD_BEST, M.SIMD_AVX512, M.SIMD_AVX2, M.SIMD_SSE2, M.SIMD_NONE = 0, 1, 2, 3, 4
local SIMD_NONE = 4

-- The widest path this machine runs: plain Lua has one loop.
local function best_path()
  return SIMD_NONE
end

-- The path to use when at most `cap` is wanted.
function M.path_for(cap)
  local best = best_path()
  return cap > best and cap or best
end

-- A new group table for count springs (the zeroed block).
function M.new(count)
  local x, v, tg, from, scale, rest, y = {}, {}, {}, {}, {}, {}, {}
  for i = 1, count do
    x[i], v[i], tg[i], from[i], scale[i], rest[i], y[i] = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
  end
  return {
    model = { mass = 0.0, stiffness = 0.0, damping = 0.0, decay = 0.0, omega2 = 0.0, disc = 0.0 },
    rest_delta = 0.0, rest_speed = 0.0, coefs_dt = 0.0, reach = 0.0, quiet = 0.0,
    coefs = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 },
    count = count, clamp = false, moving = 0, simd = 0, recheck = 0, backoff = 0, skipped = 0,
    x = x, v = v, tg = tg, from = from, scale = scale, rest = rest, y = y
  }
end

-- ---- restart -----------------------------------------------------------------
-- What a run of restarts reads and updates besides the slots (C's
-- restart_state): the time scale tau, grow = max(1, 1/tau), and the
-- group's reach and count of moving springs, kept in the table rs until
-- restart_end.

local function restart_begin(g, rs)
  local tau = time_scale(g.model)
  rs.tau = tau
  rs.grow = tau < 1 and 1 / tau or 1.0
  rs.reach = g.reach
  rs.moving = g.moving
  rs.restarted = false
  return rs
end

local function restart_end(g, rs)
  g.reach = rs.reach
  g.moving = rs.moving
  if rs.restarted and g.quiet ~= 0 then
    -- a quiet time cut short: wait some updates before working out the
    -- next one, the longer the less the last ones were used
    if g.skipped >= 4 then g.backoff = 8
    elseif g.backoff < 128 then g.backoff = 2 * g.backoff
    else g.backoff = 256 end
    g.recheck = g.backoff
    g.quiet = 0.0
  end
end

-- kn_spring_restart of spring i, its target as it is: scale S =
-- max(|t - x|, |v| tau), at rest iff x = t and v = 0, `from` is x or where
-- the speed alone would carry it, y = x - t; the reach grows to the bound
-- |t| + 2 S grow (NaN counts as inf) and the moving count follows.
local function restart_one(g, rs, i)
  local tau = rs.tau
  local x, v, t = g.x[i], g.v[i], g.tg[i]
  local dist, speed = abs(t - x), abs(v)
  local vs = speed * tau
  local sc = dist > vs and dist or vs
  local rest = g.rest
  local was = rest[i] ~= 0.0
  local now = dist == 0 and speed == 0
  local bound = abs(t) + 2 * sc * rs.grow
  g.scale[i] = sc
  rest[i] = now and 1.0 or 0.0
  if dist > 0 then g.from[i] = x else g.from[i] = t + v * tau end
  g.y[i] = x - t
  if bound ~= bound then bound = HUGE end
  if was ~= now then rs.moving = rs.moving + (was and 1 or -1) end
  rs.restarted = true
  if bound > rs.reach then rs.reach = bound end
end

local rstate = {}

local function restart(g, i)
  local rs = restart_begin(g, rstate)
  restart_one(g, rs, i)
  restart_end(g, rs)
end

-- Initialise g (from M.new(count)); from, to, velocity are arrays of
-- count; clamp a boolean.
function M.init(g, count, m, clamp, rest_delta, rest_speed, from, to, velocity)
  local gm = g.model
  gm.mass, gm.stiffness, gm.damping = m.mass, m.stiffness, m.damping
  gm.decay, gm.omega2, gm.disc = m.decay, m.omega2, m.disc
  g.count = count
  g.clamp = not (not clamp or clamp == 0)   -- a boolean (or C's 0/1)
  g.rest_delta = rest_delta
  g.rest_speed = rest_speed
  g.coefs_dt = -1.0
  g.reach = 0.0
  g.moving = 0
  g.quiet = 0.0
  g.recheck = 0
  g.backoff = 8
  g.skipped = 0
  g.simd = best_path()
  local x, v, tg, rest = g.x, g.v, g.tg, g.rest
  for i = 1, count do
    x[i] = from[i]
    v[i] = velocity[i]
    tg[i] = to[i]
    rest[i] = 1.0         -- counted as resting until restart
  end
  local rs = restart_begin(g, {})
  for i = 1, count do restart_one(g, rs, i) end
  restart_end(g, rs)
  return g
end

-- Setters of spring i (1-based); each restarts that spring's motion.
function M.set(g, i, x)
  g.x[i] = x
  restart(g, i)
end

function M.set_velocity(g, i, v)
  g.v[i] = v
  restart(g, i)
end

function M.set_state(g, i, x, v)
  g.x[i] = x
  g.v[i] = v
  restart(g, i)
end

-- As spring.set_target: an unchanged target changes nothing.
function M.set_target(g, i, target)
  if g.tg[i] == target then return end
  g.tg[i] = target
  restart(g, i)
end

-- Springs first .. first + k - 1 (1-based) to targets[1 .. k]; a target
-- equal to the current one changes nothing for that spring.
function M.set_targets_range(g, first, k, targets)
  local rs = restart_begin(g, rstate)
  local tg = g.tg
  for i = first, first + k - 1 do
    local t = targets[i - first + 1]
    if tg[i] ~= t then
      tg[i] = t
      restart_one(g, rs, i)
    end
  end
  restart_end(g, rs)
end

function M.set_targets(g, targets)
  M.set_targets_range(g, 1, g.count, targets)
end

-- ---- update ----------------------------------------------------------------

-- spring.c's update_scalar for every live spring (all: every spring is
-- moving; else the springs at rest keep their bits): kn_spring_coefs_apply
-- on y, x = target + y, then (test) clamp / rest test / snap.  A spring
-- that comes to rest snaps onto its target with stiffness; without, it
-- stops where it is, which becomes its target unless that is beyond the
-- doubles.  Returns how many still move.
local function step_plain(g, n, pp, pv, vp, vv, rd, rs, stiff, clamp, test, all)
  local x, v, tg, y, rest = g.x, g.v, g.tg, g.y, g.rest
  local moving = 0
  if not test then          -- no spring can come to rest (stiff, no clamp)
    if all then
      for j = 1, n do
        local y0, v0 = y[j], v[j]
        local yn = pp * y0 + pv * v0
        v[j] = vp * y0 + vv * v0
        y[j] = yn
        x[j] = tg[j] + yn
      end
      return n
    end
    for j = 1, n do
      if rest[j] == 0.0 then
        local y0, v0 = y[j], v[j]
        local yn = pp * y0 + pv * v0
        v[j] = vp * y0 + vv * v0
        y[j] = yn
        x[j] = tg[j] + yn
        moving = moving + 1
      end
    end
    return moving
  end
  local scale, from = g.scale, g.from
  if stiff and not clamp then   -- the usual group
    for j = 1, n do
      if all or rest[j] == 0.0 then
        local t, y0, v0 = tg[j], y[j], v[j]
        local yn = pp * y0 + pv * v0
        local vn = vp * y0 + vv * v0
        local sc = scale[j]
        local ts, td = rs * sc, rd * sc      -- |vn| <= ts, |yn| <= td without a call
        if vn <= ts and vn >= -ts and yn <= td and yn >= -td then
          rest[j] = 1.0
          x[j] = t
          y[j] = 0.0
          v[j] = 0.0
        else
          x[j] = t + yn
          y[j] = yn
          v[j] = vn
          moving = moving + 1
        end
      end
    end
    return moving
  end
  for j = 1, n do
    if all or rest[j] == 0.0 then
      local t, y0, v0 = tg[j], y[j], v[j]
      local yn = pp * y0 + pv * v0
      local vn = vp * y0 + vv * v0
      local xn = t + yn
      local sc = scale[j]
      local ts, td = rs * sc, rd * sc
      if (vn <= ts and vn >= -ts and (not stiff or (yn <= td and yn >= -td))) or
         (clamp and yn * (t - from[j]) > 0) then
        rest[j] = 1.0
        if stiff then
          x[j] = t
        else
          x[j] = xn
          if abs(xn) <= DBL_MAX then tg[j] = xn end
        end
        y[j] = 0.0
        v[j] = 0.0
      else
        x[j] = xn
        y[j] = yn
        v[j] = vn
        moving = moving + 1
      end
    end
  end
  return moving
end

-- The quiet time: how long no moving spring can come to rest (the energy
-- bound of spring_group.c; 0: none).
local function quiet_time(g)
  local model = g.model
  local w2, rate = model.omega2, 2 * (model.damping / model.mass)
  local per_s2 = g.rest_speed * g.rest_speed + w2 * (g.rest_delta * g.rest_delta)
  local y, v, scale, rest = g.y, g.v, g.scale, g.rest
  local e_min, s_max, bad = HUGE, 0.0, false
  -- min E / max E_rest <= every E / E_rest: no division per spring
  for i = 1, g.count do
    if rest[i] == 0.0 then
      local vi, yi, si = v[i], y[i], scale[i]
      local e = vi * vi + w2 * (yi * yi)
      if not (e <= DBL_MAX) or not (si <= DBL_MAX) then bad = true end
      if e < e_min then e_min = e end
      if si > s_max then s_max = si end
    end
  end
  local er = per_s2 * (s_max * s_max)
  local floor_er = 1e-280 * (w2 > 1 and w2 or 1.0)
  if not (er >= floor_er) then er = floor_er end
  local ratio = e_min / er
  if bad or not (ratio > 2) then return 0.0 end
  if ratio > 1e200 then ratio = 1e200 end   -- the longest quiet time asked for
  if rate > 0 then return log(ratio / 2) / rate end
  return HUGE
end

-- A group coasts where its model has neither spring force nor damping
-- left; or its reach is above DBL_MAX / 2: then an update may overflow.
local REACH_MAX = 0.5 * DBL_MAX
M.REACH_MAX = REACH_MAX
local function may_overflow(g)
  local m = g.model
  return (m.omega2 == 0 and m.decay == 0) or not (g.reach <= REACH_MAX)
end
M.may_overflow = may_overflow

-- Advance every spring dt >= 0 seconds; returns how many still move.
function M.update(g, dt)
  if g.moving == 0 then return 0 end
  local c = g.coefs
  if dt ~= g.coefs_dt then
    coefs_compute(g.model, dt, c)
    g.coefs_dt = dt
  end
  local stiff = g.model.stiffness > 0
  local clamp = g.clamp and stiff
  -- a quiet time is kept for groups with stiffness and without clamp whose
  -- states stay far from overflow
  local may_quiet = stiff and not clamp and not may_overflow(g)
  local test = not (may_quiet and dt < g.quiet)
  local moving = step_plain(g, g.count, c.pos_pos, c.pos_vel, c.vel_pos, c.vel_vel,
                            g.rest_delta, g.rest_speed, stiff, clamp, test,
                            g.moving == g.count)
  g.moving = moving
  if not test then
    g.quiet = g.quiet - dt            -- the quiet time left
    if g.skipped < 4 then g.skipped = g.skipped + 1 end
  else
    g.quiet = 0.0                     -- spent, or too short for this dt
    if may_quiet and moving > 0 then
      if g.recheck > 0 then
        g.recheck = g.recheck - 1
      else
        g.quiet = quiet_time(g)
        g.skipped = 0
        if not (g.quiet > 4 * dt) then g.recheck = 16 end   -- too short to pay for the scan
      end
    end
  end
  return moving
end

-- Put every spring whose x or v left the doubles to rest on its target;
-- returns the (1-based) index of the first, or 0.
function M.reset_overflowed(g)
  local rs = restart_begin(g, rstate)
  local x, v, tg = g.x, g.v, g.tg
  local first = 0
  for i = 1, g.count do
    if not (abs(x[i]) <= DBL_MAX and abs(v[i]) <= DBL_MAX) then
      x[i] = tg[i]
      v[i] = 0.0
      restart_one(g, rs, i)
      if first == 0 then first = i end
    end
  end
  restart_end(g, rs)
  return first
end

-- out[1 .. count] = positions.
function M.positions(g, out)
  local x = g.x
  for i = 1, g.count do out[i] = x[i] end
  return out
end

return M
