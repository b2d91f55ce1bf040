-- kinetic.pure.spring: csrc/core/spring.c in Lua -- the exact damped
-- spring (analytic), Rebound's RK4 and react-spring's semi-implicit Euler,
-- rest detection, settle time.  Notation and the closed form: see
-- csrc/core/spring.h.
--
--   m x'' = -k (x - target) - c x'      (per component, shared m, k, c)
--
-- Tables for the C structs:
--   model  { mass, stiffness, damping, decay, omega2, disc }
--   coefs  { pos_pos, pos_vel, vel_pos, vel_vel }
--   spring { model, rest_delta, rest_speed, scale, accum, coefs_dt, coefs,
--            n, integrator, clamp (boolean), at_rest (boolean), user, data }
-- data is kn_spring.data: KN_SP_SLOTS slots of n numbers each, component i
-- (1-based) of slot k (the 0-based SP_* below) at data[k * n + i], so that
-- a one-component spring keeps slot k at data[k + 1].
local K = require("kinetic.pure.kmath")
local names = require("kinetic.pure.names")
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)

local abs, sqrt, exp, log = math.abs, math.sqrt, math.exp, math.log
local sin, cos, atan = math.sin, math.cos, math.atan
local expm1, atanh, fmod, floor = K.expm1, K.atanh, K.fmod, K.floor
local format = string.format
local numstr = names.num
local HUGE = math.huge
local DBL_MAX = 1.7976931348623157e308
local NAN = 0.0 / 0.0
local PI = 3.14159265358979323846264338327950

local M = {}

M.ANALYTIC, M.RK4, M.EULER = 0, 1, 2
local ANALYTIC, RK4, EULER = 0, 1, 2

-- The fixed substep of rk4 and euler, and the longest update they cover.
M.STEPPED_DT_MAX = 3600.0
M.SUBSTEP = 0.001
local STEPPED_DT_MAX = 3600.0

-- Slots of spring.data (spring.h, KN_SP_*).
M.SP_X, M.SP_TARGET, M.SP_V, M.SP_FROM = 0, 1, 2, 3
M.SP_PREV_X, M.SP_PREV_V, M.SP_TEMP_X, M.SP_Y, M.SP_SLOTS = 4, 5, 6, 7, 8
local SP_X, SP_TARGET, SP_V, SP_FROM = 0, 1, 2, 3
local SP_PREV_X, SP_PREV_V, SP_TEMP_X, SP_Y, SP_SLOTS = 4, 5, 6, 7, 8

-- Flags returned by update (sums of them: MOVED + RESTED = 3 ...).
M.MOVED, M.RESTED, M.OVERFLOW = 1, 2, 4
local MOVED, RESTED, OVERFLOW = 1, 2, 4

function M.model_init(m, mass, stiffness, damping)
  m.mass = mass
  m.stiffness = stiffness
  m.damping = damping
  m.decay = damping / (2 * mass)
  m.omega2 = stiffness / mass
  local w0 = sqrt(m.omega2)
  -- a^2 - w0^2 without the cancellation of squaring first
  m.disc = (m.decay - w0) * (m.decay + w0)
  return m
end

-- Juckett's coefficients for one dt, in three regimes (see spring.c):
-- |d| t^2 <= 1: Taylor series of C and S/t; d < 0: cos and sin; d > 0:
-- the slow root and expm1 (no inf * 0 for huge dt or damping ratios).
local function coefs_compute(m, dt, out)
  local a, w2, d = m.decay, m.omega2, m.disc
  local u = d * dt * dt
  if abs(u) <= 1.0 then
    local c, s, tc, ts = 1, 1, 1, 1
    for k = 1, 11 do                     -- 1/22! ~ 9e-22: converged
      tc = tc * (u / ((2.0 * k - 1) * (2.0 * k)))
      ts = ts * (u / ((2.0 * k) * (2.0 * k + 1)))
      c = c + tc
      s = s + ts
    end
    local e = exp(-a * dt)
    local ec = e * c
    local es = e * s * dt
    out.pos_pos = ec + a * es
    out.pos_vel = es
    out.vel_pos = -w2 * es
    out.vel_vel = ec - a * es
  elseif d < 0 then
    local beta = sqrt(-d)
    local e, ph = exp(-a * dt), beta * dt
    if ph == HUGE or ph == -HUGE then ph = beta * fmod(dt, 2 * PI / beta) end  -- no cos(inf)
    local ec, es = e * cos(ph), e * sin(ph) / beta
    out.pos_pos = ec + a * es
    out.pos_vel = es
    out.vel_pos = -w2 * es
    out.vel_vel = ec - a * es
  else
    local beta = sqrt(d)
    local apb = a + beta
    local rs = -w2 / apb                    -- slow root, <= 0
    local es0 = exp(rs * dt)
    local mm = expm1(-2 * beta * dt)        -- E - 1, in [-1, 0)
    local E = 1 + mm
    local inv2b = 1 / (2 * beta)
    local es = es0 * (-mm) * inv2b
    out.pos_pos = es0 * (apb + rs * E) * inv2b      -- = e^{-at}(C + aS)
    out.pos_vel = es
    out.vel_pos = -w2 * es
    out.vel_vel = es0 * (rs + apb * E) * inv2b      -- = e^{-at}(C - aS)
  end
  return out
end
M.coefs_compute = coefs_compute

local integrator_names = { [0] = "analytic", "rk4", "euler" }
M.integrator_names = { "analytic", "rk4", "euler" }

-- The option name of an integrator, nil past the last.
function M.integrator_name(integrator)
  return integrator_names[integrator]
end

-- Euclidean norm of a - b over n components (a at d[ao + 1 ..], b at
-- d[bo + 1 ..], bo nil: b = 0), scaled against overflow; NaN when a
-- component is.
local function norm_diff(d, ao, bo, n)
  local mx, sum = 0, 0
  if n == 1 then
    if bo then return abs(d[ao + 1] - d[bo + 1]) end
    return abs(d[ao + 1])
  end
  for i = 1, n do
    local z = bo and abs(d[ao + i] - d[bo + i]) or abs(d[ao + i])
    if z ~= z then return z end
    if z > mx then mx = z end
  end
  if mx == 0 or mx == HUGE then return mx end
  for i = 1, n do
    local z = (bo and d[ao + i] - d[bo + i] or d[ao + i]) / mx
    sum = sum + z * z
  end
  return mx * sqrt(sum)
end

-- Time scale that turns a speed into a distance: 1/w0, else m/c, else 1 s.
local function time_scale(m)
  if m.stiffness > 0 then return 1 / sqrt(m.omega2) end
  if m.damping > 0 then return m.mass / m.damping end
  return 1.0
end
M.time_scale = time_scale

-- Start a new motion from the current state: from, scale, at_rest, Y.
local function restart(s)
  local n, d = s.n, s.data
  local x, v, tg, from, y = SP_X * n, SP_V * n, SP_TARGET * n, SP_FROM * n, SP_Y * n
  local dist, speed = norm_diff(d, tg, x, n), norm_diff(d, v, nil, n)
  local tau = time_scale(s.model)
  local vs = speed * tau
  s.scale = dist > vs and dist or vs
  s.at_rest = (dist == 0 and speed == 0)
  for i = 1, n do
    -- a kick from the target: virtual start
    if dist > 0 then d[from + i] = d[x + i] else d[from + i] = d[tg + i] + d[v + i] * tau end
    d[y + i] = d[x + i] - d[tg + i]
  end
end
M.restart = restart

-- A new spring table (the zeroed struct of kn_spring_size(n) bytes).
function M.new(n)
  local d = {}
  for i = 1, SP_SLOTS * n do d[i] = 0.0 end
  return {
    model = { mass = 0.0, stiffness = 0.0, damping = 0.0, decay = 0.0, omega2 = 0.0, disc = 0.0 },
    rest_delta = 0.0, rest_speed = 0.0, scale = 0.0, accum = 0.0, coefs_dt = 0.0,
    coefs = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 },
    n = n, integrator = ANALYTIC, clamp = false, at_rest = false, user = 0, data = d
  }
end

local function copy_model(dst, m)
  dst.mass, dst.stiffness, dst.damping = m.mass, m.stiffness, m.damping
  dst.decay, dst.omega2, dst.disc = m.decay, m.omega2, m.disc
end

-- Initialise s (from M.new(n)): position = from, the given velocity and
-- target (arrays of n, 1-based); clamp is a boolean.
function M.init(s, n, m, integrator, clamp, rest_delta, rest_speed, from, to, velocity)
  copy_model(s.model, m)
  s.n = n
  s.integrator = integrator
  s.clamp = not (not clamp or clamp == 0)   -- a boolean (or C's 0/1)
  s.rest_delta = rest_delta
  s.rest_speed = rest_speed
  s.accum = 0.0
  s.coefs_dt = -1.0
  local d = s.data
  for i = 1, n do
    d[SP_X * n + i] = from[i]
    d[SP_V * n + i] = velocity[i]
    d[SP_TARGET * n + i] = to[i]
    d[SP_PREV_X * n + i] = from[i]
    d[SP_PREV_V * n + i] = velocity[i]
    d[SP_TEMP_X * n + i] = from[i]     -- Rebound: setAtRest
  end
  restart(s)
  return s
end

-- Copy src into dst (a spring table of any size; it takes src's n).
function M.copy(dst, src)
  copy_model(dst.model, src.model)
  dst.rest_delta, dst.rest_speed, dst.scale = src.rest_delta, src.rest_speed, src.scale
  dst.accum, dst.coefs_dt = src.accum, src.coefs_dt
  local dc, sc = dst.coefs, src.coefs
  dc.pos_pos, dc.pos_vel, dc.vel_pos, dc.vel_vel = sc.pos_pos, sc.pos_vel, sc.vel_pos, sc.vel_vel
  dst.n, dst.integrator, dst.clamp, dst.at_rest = src.n, src.integrator, src.clamp, src.at_rest
  dst.user = src.user
  local dd, sd = dst.data, src.data
  for i = 1, SP_SLOTS * src.n do dd[i] = sd[i] end
  return dst
end

-- Setters (arrays of n, 1-based); each restarts the motion, except a
-- target equal (==, every component) to the current one.  set_target
-- returns true when the target changed.
function M.set_target(s, target)
  local n, d = s.n, s.data
  local tg = SP_TARGET * n
  local i = 1
  while i <= n and d[tg + i] == target[i] do i = i + 1 end
  if i > n then return false end      -- the same target: the motion goes on as it is
  for j = 1, n do d[tg + j] = target[j] end
  restart(s)
  return true
end

function M.set_position(s, x)
  local n, d = s.n, s.data
  for i = 1, n do
    d[SP_X * n + i] = x[i]
    d[SP_TEMP_X * n + i] = x[i]
  end
  restart(s)
end

function M.set_velocity(s, v)
  local n, d = s.n, s.data
  for i = 1, n do d[SP_V * n + i] = v[i] end
  restart(s)
end

-- norm_le(a, NULL, n, thr) for n >= 2 given s2, the sum of a[i]^2 in
-- index order.
local function sums_le(d, ao, n, thr, s2)
  local t2 = thr * thr
  if thr == 0 then                -- exactly zero or not: no rounding at all
    for i = 1, n do if d[ao + i] ~= 0 then return false end end
    return true
  end
  if s2 >= 1e-290 and s2 <= 1e290 and t2 >= 1e-290 and t2 <= 1e290 then
    local tol = (n + 4) * 4.5e-16
    if s2 <= t2 * (1 - tol) then return true end
    if s2 >= t2 * (1 + tol) then return false end
  end
  return norm_diff(d, ao, nil, n) <= thr
end

-- norm_diff(a, b, n) <= thr, the very same decision, cheaply (spring.c).
local function norm_le(d, ao, bo, n, thr)
  local s2, t2 = 0, thr * thr
  if n == 1 then
    if bo then return abs(d[ao + 1] - d[bo + 1]) <= thr end
    return abs(d[ao + 1]) <= thr
  end
  if thr == 0 then
    for i = 1, n do
      if (bo and d[ao + i] - d[bo + i] or d[ao + i]) ~= 0 then return false end
    end
    return true
  end
  if bo then
    for i = 1, n do local z = d[ao + i] - d[bo + i]; s2 = s2 + z * z end
  else
    for i = 1, n do s2 = s2 + d[ao + i] * d[ao + i] end
    return sums_le(d, ao, n, thr, s2)
  end
  if s2 >= 1e-290 and s2 <= 1e290 and t2 >= 1e-290 and t2 <= 1e290 then
    local tol = (n + 4) * 4.5e-16
    if s2 <= t2 * (1 - tol) then return true end
    if s2 >= t2 * (1 + tol) then return false end
  end
  return norm_diff(d, ao, bo, n) <= thr
end

-- Rest test on the current state (no change).
local function is_settled(s)
  local n, d = s.n, s.data
  if not norm_le(d, SP_V * n, nil, n, s.rest_speed * s.scale) then return false end
  if s.model.stiffness == 0 then return true end   -- coasting: stops where it is
  if s.integrator == ANALYTIC then
    return norm_le(d, SP_Y * n, nil, n, s.rest_delta * s.scale)
  end
  return norm_le(d, SP_X * n, SP_TARGET * n, n, s.rest_delta * s.scale)
end
M.is_settled = is_settled

-- Has the position passed the target, seen from where the motion started?
local function overshooting(s)
  local n, d = s.n, s.data
  local x, tg, from, y = SP_X * n, SP_TARGET * n, SP_FROM * n, SP_Y * n
  local analytic = s.integrator == ANALYTIC
  local dot = 0
  if s.model.stiffness == 0 then return false end
  for i = 1, n do
    local t = d[tg + i]
    dot = dot + (analytic and d[y + i] or d[x + i] - t) * (t - d[from + i])
  end
  return dot > 0
end

local function snap(s)
  local n, d = s.n, s.data
  local x, v, tg, y = SP_X * n, SP_V * n, SP_TARGET * n, SP_Y * n
  local stiff = s.model.stiffness > 0
  for i = 1, n do
    if stiff then d[x + i] = d[tg + i]
    elseif abs(d[x + i]) <= DBL_MAX then d[tg + i] = d[x + i] end   -- else: reset on it
    d[v + i] = 0.0
    d[y + i] = 0.0
  end
  s.at_rest = true
end

local function finish(s)
  if (s.clamp and overshooting(s)) or is_settled(s) then
    snap(s)
    return MOVED + RESTED
  end
  return MOVED
end

-- 1 when a position or velocity is not finite.
local function overflowed(s)
  local n, d = s.n, s.data
  local x, v = SP_X * n, SP_V * n
  for i = 1, n do
    if not (abs(d[x + i]) <= DBL_MAX and abs(d[v + i]) <= DBL_MAX) then return true end
  end
  return false
end

-- finish()'s decision for several components, analytic, from the sums a
-- pass gathered, then the overflow check.
local function vector_finish(s, n, dot, sv2, sy2, nf)
  local k = s.model.stiffness
  local finite, flags = nf == 0, MOVED
  local d = s.data
  if (s.clamp and k ~= 0 and dot > 0) or
     (sums_le(d, SP_V * n, n, s.rest_speed * s.scale, sv2) and
      (k == 0 or sums_le(d, SP_Y * n, n, s.rest_delta * s.scale, sy2))) then
    snap(s)
    flags = MOVED + RESTED
    finite = not overflowed(s)
  end
  if finite then return flags end
  return flags + OVERFLOW
end

-- The analytic step of several components in one pass (update_vector; the
-- SSE2 two-lane path of spring.c gives the same doubles).
local function update_components(s, dt)
  local n, d = s.n, s.data
  local c = s.coefs
  if dt ~= s.coefs_dt then
    coefs_compute(s.model, dt, c)
    s.coefs_dt = dt
  end
  local pp, pv, vp, vv = c.pos_pos, c.pos_vel, c.vel_pos, c.vel_vel
  local x, v, tg, y, from = SP_X * n, SP_V * n, SP_TARGET * n, SP_Y * n, SP_FROM * n
  local sv2, sy2, dot, nf = 0, 0, 0, 0
  for i = 1, n do
    local y0, v0, t = d[y + i], d[v + i], d[tg + i]
    local yi, vi = pp * y0 + pv * v0, vp * y0 + vv * v0
    local xi = t + yi
    d[y + i] = yi; d[v + i] = vi; d[x + i] = xi
    dot = dot + yi * (t - d[from + i])
    sv2 = sv2 + vi * vi
    sy2 = sy2 + yi * yi
    nf = nf + (xi * 0.0 + vi * 0.0)    -- 0, or NaN once an x or v is not finite
  end
  return vector_finish(s, n, dot, sv2, sy2, nf)
end

-- The common case -- one component, analytic -- with finish()'s rest test
-- written out, the same operations in the same order as spring_group's
-- per-spring step.
local function update_scalar(s, dt)
  local d = s.data                 -- n = 1: slot k at d[k + 1]
  local c = s.coefs
  local t, k = d[2], s.model.stiffness
  if dt ~= s.coefs_dt then
    coefs_compute(s.model, dt, c)
    s.coefs_dt = dt
  end
  local y0, v0 = d[8], d[3]
  local y = c.pos_pos * y0 + c.pos_vel * v0
  local v = c.vel_pos * y0 + c.vel_vel * v0
  local x = t + y
  local sc = s.scale
  -- |v| <= rs and |y| <= rd written as two comparisons each (no call):
  -- the same decisions, NaN included; x - x == 0 is |x| <= DBL_MAX
  local rs, rd = s.rest_speed * sc, s.rest_delta * sc
  if (s.clamp and k ~= 0 and y * (t - d[4]) > 0) or
     (v <= rs and v >= -rs and (k == 0 or (y <= rd and y >= -rd))) then
    if k > 0 then x = t elseif x - x == 0 then d[2] = x end
    s.at_rest = true
    d[1] = x
    d[3] = 0.0
    d[8] = 0.0
    if x - x == 0 then return 3 end                -- MOVED + RESTED
    return 7                                       -- MOVED + RESTED + OVERFLOW
  end
  d[1] = x
  d[3] = v
  d[8] = y
  if x - x ~= 0 or v - v ~= 0 then return 5 end   -- MOVED + OVERFLOW
  return 1                                         -- MOVED
end
M.update_scalar = update_scalar

-- One of Rebound's 1 ms substeps for one component (k, c per unit mass),
-- its operations in its order; returns the new pos, vel, tpos.
local function rebound_substep(k, c, e, pos, vel, tpos)
  local h = 0.001
  local av = vel
  local aa = k * (e - tpos) - c * vel
  tpos = pos + av * h * 0.5
  local tvel = vel + aa * h * 0.5
  local bv = tvel
  local ba = k * (e - tpos) - c * tvel
  tpos = pos + bv * h * 0.5
  tvel = vel + ba * h * 0.5
  local cv = tvel
  local ca = k * (e - tpos) - c * tvel
  tpos = pos + cv * h
  tvel = vel + ca * h
  local dv = tvel
  local da = k * (e - tpos) - c * tvel
  local dxdt = 1.0 / 6.0 * (av + 2.0 * (bv + cv) + dv)
  local dvdt = 1.0 / 6.0 * (aa + 2.0 * (ba + ca) + da)
  return pos + dxdt * h, vel + dvdt * h, tpos
end

-- step_rk4 for one component, the state in locals.
local function step_rk4_1(s, dt)
  local h = 0.001
  local k, c = s.model.omega2, 2 * s.model.decay
  local rs, rd = s.rest_speed * s.scale, s.rest_delta * s.scale
  local coasting = s.model.stiffness == 0
  local d = s.data                 -- n = 1: slot k at d[k + 1]
  local x, v, tx, t = d[1], d[3], d[7], d[2]
  local px, pv, acc = d[5], d[6], s.accum + dt
  local rested = false
  while acc >= h do
    acc = acc - h
    if acc < h then px = x; pv = v end
    x, v, tx = rebound_substep(k, c, t, x, v, tx)
    if abs(v) <= rs and (coasting or abs(x - t) <= rd) then acc = 0.0; rested = true; break end
  end
  if not rested and acc > 0 then
    local alpha = acc / h
    x = x * alpha + px * (1 - alpha)
    v = v * alpha + pv * (1 - alpha)
  end
  d[1] = x; d[3] = v; d[7] = tx
  d[5] = px; d[6] = pv
  s.accum = acc
  return rested
end

-- Rebound's Spring.advance, substep for substep (spring.c step_rk4).
local function step_rk4(s, dt)
  local h = 0.001
  local k, c, n, d = s.model.omega2, 2 * s.model.decay, s.n, s.data
  local x, v, tg = SP_X * n, SP_V * n, SP_TARGET * n
  local px, pv, tx = SP_PREV_X * n, SP_PREV_V * n, SP_TEMP_X * n
  s.accum = s.accum + dt
  while s.accum >= h do
    s.accum = s.accum - h
    local last = s.accum < h
    for i = 1, n do
      if last then d[px + i] = d[x + i]; d[pv + i] = d[v + i] end
      d[x + i], d[v + i], d[tx + i] = rebound_substep(k, c, d[tg + i], d[x + i], d[v + i],
                                                      d[tx + i])
    end
    if is_settled(s) then s.accum = 0.0; return true end
  end
  if s.accum > 0 then
    local alpha = s.accum / h
    for i = 1, n do
      d[x + i] = d[x + i] * alpha + d[px + i] * (1 - alpha)
      d[v + i] = d[v + i] * alpha + d[pv + i] * (1 - alpha)
    end
  end
  return false
end

-- Semi-implicit Euler as react-spring: v += a h, then x += v h, 1 ms
-- substeps and one shorter substep for the remainder.
local function step_euler(s, dt)
  local h = 0.001
  local k, c, n, d = s.model.omega2, 2 * s.model.decay, s.n, s.data
  local x, v, tg = SP_X * n, SP_V * n, SP_TARGET * n
  local full = floor(dt / h)
  local rem = dt - full * h
  if rem < 0 then rem = 0.0 end
  local j = 0.0
  while j <= full do
    local hh = j < full and h or rem
    if hh <= 0 then break end
    for i = 1, n do
      local acc = -k * (d[x + i] - d[tg + i]) - c * d[v + i]
      d[v + i] = d[v + i] + acc * hh
      d[x + i] = d[x + i] + d[v + i] * hh
    end
    if is_settled(s) then return true end
    j = j + 1
  end
  return false
end

-- Jury's test that every root of the characteristic polynomial of
-- Rebound's substep matrix lies inside |z| < R.
local function rebound_contracts(m, R)
  local M00, M10, M20 = rebound_substep(m.omega2, 2 * m.decay, 0.0, 1.0, 0.0, 0.0)
  local M01, M11, M21 = rebound_substep(m.omega2, 2 * m.decay, 0.0, 0.0, 1.0, 0.0)
  local M02, M12, M22 = rebound_substep(m.omega2, 2 * m.decay, 0.0, 0.0, 0.0, 1.0)
  local b = -(M00 + M11 + M22)
  local c = (M00 * M11 - M01 * M10) + (M00 * M22 - M02 * M20) + (M11 * M22 - M12 * M21)
  local d = -(M00 * (M11 * M22 - M12 * M21) -
              M01 * (M10 * M22 - M12 * M20) +
              M02 * (M10 * M21 - M11 * M20))
  b = b / R; c = c / (R * R); d = d / (R * R * R)
  return 1 + b + c + d > 0 and 1 - b + c - d > 0 and abs(d) < 1 and 1 - d * d > abs(c - b * d)
end

-- The spring's fastest rate, max(w0, a + sqrt|a^2 - w0^2|) per second.
local function fastest_rate(m)
  local rate, w0 = m.decay + sqrt(abs(m.disc)), sqrt(m.omega2)
  return w0 > rate and w0 or rate
end
M.fastest_rate = fastest_rate

M.STEP_STABLE, M.STEP_TOO_FAST, M.STEP_GROWS = 0, 1, 2

-- Whether the fixed 1 ms substep of integrator is stable for model m.
function M.step_check(m, integrator)
  local h = 0.001
  local ok
  if integrator == ANALYTIC then return 0 end
  if not (fastest_rate(m) * h <= 1.8) then return 1 end
  if integrator == RK4 then
    ok = rebound_contracts(m, 1 + 1e-6)
  else
    local A = m.decay * h
    ok = A <= 0.9 and sqrt(m.omega2) * h <= 1.8 * sqrt(1 - A)
  end
  return ok and 0 or 2
end

-- true when one update of s may cover dt seconds, else false and the reason.
function M.dt_check(s, dt)
  if s.integrator == ANALYTIC or not (dt > STEPPED_DT_MAX) then return true end
  return false, format("at most %s seconds expected with integrator '%s' (1 ms substeps), got %s",
                       numstr(STEPPED_DT_MAX), integrator_names[s.integrator], numstr(dt))
end

-- step_check as a reason: true when stable, else false and the reason.
function M.step_why(m, integrator)
  local r = M.step_check(m, integrator)
  if r == 0 then return true end
  if r == 1 then
    return false, format("field 'integrator': '%s' is unstable for this spring at its fixed 1 ms "
                         .. "step (rate %s/s, at most 1800): use 'analytic'",
                         integrator_names[integrator], numstr(fastest_rate(m)))
  end
  if integrator == RK4 then
    return false, "field 'integrator': 'rk4' is unstable for this spring at its fixed "
      .. "1 ms step (Rebound's substep lets the motion grow by more than 0.1% a "
      .. "second): use 'analytic'"
  end
  return false, format("field 'integrator': 'euler' is unstable for this spring at its fixed "
                       .. "1 ms step (c/2m = %s/s, w0 = %s/s; semi-implicit Euler needs c/2m <= 900/s "
                       .. "and w0 <= 1800/s * sqrt(1 - c/2m * 1 ms)): use 'analytic'",
                       numstr(m.decay), numstr(sqrt(m.omega2)))
end

-- nil when the rates of m are finite, else the reason.
function M.model_error(m)
  local a, w, d = m.decay, m.omega2, m.disc
  if a - a == 0 and w - w == 0 and d - d == 0 then return nil end
  return "parameters out of range (stiffness/mass or damping/mass overflows)"
end

M.overflowed = overflowed

-- Put the spring at rest on its target (x = target, v = 0, rk4 state too).
local function reset_on_target(s)
  local n, d = s.n, s.data
  local x, v, tg, tx = SP_X * n, SP_V * n, SP_TARGET * n, SP_TEMP_X * n
  for i = 1, n do
    d[x + i] = d[tg + i]
    d[tx + i] = d[x + i]
    d[v + i] = 0.0
  end
  s.accum = 0.0
  restart(s)
end
M.reset_on_target = reset_on_target

-- Advance dt >= 0 seconds; returns MOVED + RESTED (came to rest) +
-- OVERFLOW (the state is not finite), or 0 at rest.
local function update(s, dt)
  local flags
  if s.at_rest then return 0 end
  local integrator = s.integrator
  if integrator == RK4 then
    local rested
    if s.n == 1 then rested = step_rk4_1(s, dt) else rested = step_rk4(s, dt) end
    if rested then
      snap(s)
      flags = MOVED + RESTED
    else
      flags = finish(s)
    end
  elseif integrator == EULER then
    if step_euler(s, dt) then snap(s); flags = MOVED + RESTED
    else flags = finish(s) end
  else
    if s.n == 1 then return update_scalar(s, dt) end
    return update_components(s, dt)
  end
  if overflowed(s) then flags = flags + OVERFLOW end
  return flags
end
M.update = update

-- update, returning the position of the first component, or NaN after
-- reset_on_target when the new state overflowed.
function M.step(s, dt)
  local flags
  if s.at_rest then return s.data[1] end
  if s.integrator ~= ANALYTIC then flags = update(s, dt)
  elseif s.n == 1 then flags = update_scalar(s, dt)
  else flags = update_components(s, dt) end
  if flags >= OVERFLOW then
    reset_on_target(s)
    return NAN
  end
  return s.data[1]
end

-- ---- settle time ---------------------------------------------------------
-- f(t) = |y(t)|^2 as the quadratic form a11 p^2 + 2 a12 p q + a22 q^2 of
-- posPos(t) = p, posVel(t) = q; its extrema are the roots of
-- -(B.D) tau^2 + (B.V0 - Y0.D) tau + Y0.V0 = 0 (spring.c).  q: { m, a11,
-- a12, a22, L, lnL }.

local settle_coefs = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 }

local function settle_f(q, t)
  local c = coefs_compute(q.m, t, settle_coefs)
  local p, r = c.pos_pos, c.pos_vel
  return p * p * q.a11 + 2 * p * r * q.a12 + r * r * q.a22
end

-- Real roots of A x^2 + B x + C = 0 (stable form): how many, r0, r1.
local function quad_roots(A, B, C)
  if A == 0 then
    if B == 0 then return 0 end
    return 1, -C / B
  end
  local disc = B * B - 4 * A * C
  if disc < 0 then return 0 end
  local q = -0.5 * (B + (B >= 0 and sqrt(disc) or -sqrt(disc)))
  if q == 0 then return 1, 0.0 end
  return 2, q / A, C / q
end

local function bisect_down(q, lo, hi, L)
  for _ = 1, 200 do
    local mid = lo + (hi - lo) * 0.5
    if mid <= lo or mid >= hi then break end
    if settle_f(q, mid) > L then lo = mid else hi = mid end
  end
  return hi
end

-- The scale sc = max(eps, |x_i - target_i|, |v_i|), and unless it is 0,
-- the form of the state divided by sc into q.  Returns sc.
local function settle_setup(s, eps, q)
  local n, d = s.n, s.data
  local x, v, tg = SP_X * n, SP_V * n, SP_TARGET * n
  local sc = eps
  for i = 1, n do
    if abs(d[x + i] - d[tg + i]) > sc then sc = abs(d[x + i] - d[tg + i]) end
    if abs(d[v + i]) > sc then sc = abs(d[v + i]) end
  end
  if sc == 0 then return 0.0 end
  q.m = s.model
  local a11, a12, a22 = 0, 0, 0
  for i = 1, n do
    local y, u = (d[x + i] - d[tg + i]) / sc, d[v + i] / sc
    a11 = a11 + y * y
    a12 = a12 + y * u
    a22 = a22 + u * u
  end
  q.a11, q.a12, q.a22 = a11, a12, a22
  q.L = (eps / sc) * (eps / sc)
  q.lnL = 2 * (log(eps) - log(sc))
  return sc
end

-- The springs whose answer needs no search: true and the time, or false.
local function settle_direct(q)
  local m = q.m
  local a, w2 = m.decay, m.omega2
  if m.stiffness == 0 then
    if m.damping == 0 then
      return true, (q.a22 == 0 and q.a11 <= q.L) and 0.0 or HUGE
    end
    local lim = q.a11 + q.a12 / a + q.a22 / (4 * a * a)
    if lim < q.L then return false end
    return true, HUGE
  end
  if a == 0 then
    local b2, ab = q.a22 / w2, q.a12 / sqrt(w2)
    local P, hd = 0.5 * (q.a11 + b2), 0.5 * (q.a11 - b2)
    return true, P + sqrt(hd * hd + ab * ab) <= q.L and 0.0 or HUGE
  end
  return false
end

-- d >= 0: tau = tanh(beta t)/beta (spring.c settle_monotone).
local function settle_monotone(q, nr, r0, r1, H)
  local m = q.m
  local beta = sqrt(m.disc)
  local nfam, e0, e1 = 0, nil, nil
  for i = 1, nr do
    local tau = i == 1 and r0 or r1
    local z = beta * tau
    if tau > 0 and z < 1 then
      local t
      if z < 1e-4 then t = tau * (1 + z * z / 3 + z * z * z * z / 5)
      else t = atanh(z) / beta end
      nfam = nfam + 1
      if nfam == 1 then e0 = t else e1 = t end
      if settle_f(q, t) > q.L and t > H then H = t end
    end
  end
  if H < 0 then return 0.0 end
  local E = HUGE
  if nfam >= 1 and e0 > H and e0 < E then E = e0 end
  if nfam >= 2 and e1 > H and e1 < E then E = e1 end
  if E == HUGE then                 -- monotone after H: bracket
    local hstep = 1 / (m.decay + sqrt(m.omega2))
    local it = 0
    E = H + hstep
    while settle_f(q, E) > q.L do
      it = it + 1
      if it > 2000 or E == HUGE or E == -HUGE then return HUGE end
      hstep = hstep * 2
      E = H + hstep
    end
  end
  return bisect_down(q, H, E, q.L)
end

-- d < 0: the last extremum above eps^2 from H on, in the nfam families
-- ext[j] + k P.
local function last_peak(q, ext, nfam, P, H)
  local lam = 2 * q.m.decay * P
  for j = 1, nfam do
    local t0 = ext[j]
    local f0 = settle_f(q, t0)
    if f0 > q.L then
      local kk = floor((log(f0) - q.lnL) / lam)   -- not log(f0 / L): L may underflow to 0
      if kk < 0 then kk = 0.0 end
      local guard = 0
      while guard < 64 and kk > 0 and not (settle_f(q, t0 + kk * P) > q.L) do
        kk = kk - 1; guard = guard + 1
      end
      guard = 0
      while guard < 64 and settle_f(q, t0 + (kk + 1) * P) > q.L do
        kk = kk + 1; guard = guard + 1
      end
      if t0 + kk * P > H then H = t0 + kk * P end
    end
  end
  return H
end

-- The first extremum of the families after H (HUGE if none).
local function next_extremum(ext, nfam, P, H)
  local E = HUGE
  for j = 1, nfam do
    local e = ext[j]
    local kk = floor((H - e) / P) + 1
    if kk < 0 then kk = 0.0 end
    local t = e + kk * P
    while t <= H do kk = kk + 1; t = e + kk * P end
    while kk > 0 and e + (kk - 1) * P > H do kk = kk - 1; t = e + kk * P end
    if t < E then E = t end
  end
  return E
end

local osc_ext = {}

-- d < 0 (under-damped): tau = tan(beta t)/beta (spring.c settle_oscillating).
local function settle_oscillating(q, nr, r0, r1, delta, gamma, H)
  local beta = sqrt(-q.m.disc)
  local P, E = PI / beta, HUGE
  local ext, nfam = osc_ext, 0
  for i = 1, nr do
    local phi = atan(beta * (i == 1 and r0 or r1))
    if phi < 0 then phi = phi + PI end
    nfam = nfam + 1
    ext[nfam] = phi / beta
  end
  if delta == 0 and gamma ~= 0 then nfam = nfam + 1; ext[nfam] = 0.5 * P end   -- C = 0
  H = last_peak(q, ext, nfam, P, H)
  if H < 0 then return 0.0 end
  if not (H < HUGE) then return HUGE end   -- t <= H below would never end
  if H / P >= 4503599627370496.0 then return H end   -- 2^52: a period below an ulp of H
  for _ = 1, 8 do
    E = next_extremum(ext, nfam, P, H)
    if E == HUGE then return HUGE end
    if not (settle_f(q, E) > q.L) then break end
    H = E                               -- rounding: step one further
  end
  return bisect_down(q, H, E, q.L)
end

-- The eps settle_time can answer for: true, else false and the reason.
function M.settle_eps(s, eps)
  if not (eps > 0) then
    return false, "positive number expected, got " .. numstr(eps)
  end
  if s.at_rest then return true end
  local n, d = s.n, s.data
  local x, v, tg = SP_X * n, SP_V * n, SP_TARGET * n
  local size = 0
  for i = 1, n do
    if abs(d[x + i] - d[tg + i]) > size then size = abs(d[x + i] - d[tg + i]) end
    if abs(d[v + i]) > size then size = abs(d[v + i]) end
  end
  if not (eps < size * 1e-150) then return true end
  return false, format("epsilon of at least 1e-150 times the distance (%s) expected, got %s",
                       numstr(size), numstr(eps))
end

local settle_q = {}

-- Seconds until |x - target| stays <= eps for good, on the exact solution
-- from the current state; HUGE when never.
local function settle_time(s, eps)
  local m = s.model
  local a, w2 = m.decay, m.omega2
  local q = settle_q
  if s.at_rest then return 0.0 end
  if settle_setup(s, eps, q) == 0 then return 0.0 end
  if q.a11 == 0 and q.a22 == 0 then return 0.0 end
  local direct, t = settle_direct(q)
  if direct then return t end
  -- the extremum equation -(B.D) tau^2 + (B.V0 - Y0.D) tau + Y0.V0 = 0
  local alpha = q.a12
  local gamma = q.a22 - w2 * q.a11
  local delta = -(a * q.a22 + (w2 + a * a) * q.a12 + a * w2 * q.a11)
  local nr, r0, r1 = quad_roots(delta, gamma, alpha)
  local H = settle_f(q, 0.0) > q.L and 0.0 or -1.0
  if m.disc >= 0 then return settle_monotone(q, nr, r0, r1, H) end
  return settle_oscillating(q, nr, r0, r1, delta, gamma, H)
end
M.settle_time = settle_time

-- ---- rest of a free spring -------------------------------------------------

local free = M.new(1)
local free_y, free_zero, free_v = { 0.0 }, { 0.0 }, { 0.0 }

local function settle_of(m, y0, v0, eps)
  free_y[1], free_v[1] = y0, v0
  M.init(free, 1, m, ANALYTIC, false, 0.0, 0.0, free_y, free_zero, free_v)
  return settle_time(free, eps)
end

-- Seconds until a spring of model m, displaced by y0 with velocity v0,
-- keeps |y| <= eps_y and |v| <= eps_v for good (HUGE when never).
function M.rest_time(m, y0, v0, eps_y, eps_v)
  local ty = settle_of(m, y0, v0, eps_y)
  local tv = settle_of(m, v0, -m.omega2 * y0 - 2.0 * m.decay * v0, eps_v)
  return ty > tv and ty or tv
end

return M
