-- Flings: m:update(1/60) on kinetic's scroll and inertia motions against
-- pure-Lua objects computing the same motion the obvious way -- the closed
-- form of the time since the fling, on a clock of their own (ns per update
-- call).
--
-- A fling lasts a fixed number of frames on both sides: the frames kinetic's
-- motion takes until m:done(), found once at load time.  Then each side
-- makes a fresh motion from a new options table, so the updates stay in the
-- moving phase (a motion left at rest returns its end for nothing and
-- measures nothing a UI waits on) and both sides pay the same creations.
-- Before any timing, check() runs both sides over a whole fling and
-- refuses to go on unless they agree within 1e-9 at every frame and end on
-- the same frame: the baseline is the same motion, not a cheaper one.
local kinetic = require("kinetic")

local DT = 1 / 60
local TOLERANCE = 1e-9
local exp, log, sqrt, abs, cos, sin = math.exp, math.log, math.sqrt, math.abs, math.cos, math.sin
local huge = math.huge

-- ---- the spring's closed form, as Flutter's _SpringSolution picks it -------
-- For mass m, stiffness k, damping c, from displacement y0 with velocity v0:
-- the case (1 over-damped, 0 critical, -1 under-damped) and its constants,
-- stored on the motion.
local function spring_solution(self, m, k, c, y0, v0)
  local cmk = c * c - 4 * m * k
  if cmk > 0 then
    local r1, r2 = (-c - sqrt(cmk)) / (2 * m), (-c + sqrt(cmk)) / (2 * m)
    local c2 = (v0 - r1 * y0) / (r2 - r1)
    self.case, self.r1, self.r2, self.c1, self.c2 = 1, r1, r2, y0 - c2, c2
  elseif cmk == 0 then
    local r = -c / (2 * m)
    self.case, self.r1, self.c1, self.c2 = 0, r, y0, v0 - r * y0
  else
    local w, r = sqrt(4 * m * k - c * c) / (2 * m), -c / (2 * m)
    self.case, self.r1, self.w, self.c1, self.c2 = -1, r, w, y0, (v0 - r * y0) / w
  end
end

-- The displacement and velocity tau seconds into that solution.
local function spring_state(self, tau)
  local case = self.case
  if case == 1 then
    local r1, r2 = self.r1, self.r2
    local e1, e2 = self.c1 * exp(r1 * tau), self.c2 * exp(r2 * tau)
    return e1 + e2, r1 * e1 + r2 * e2
  elseif case == 0 then
    local r, c1, c2 = self.r1, self.c1, self.c2
    local e = exp(r * tau)
    return (c1 + c2 * tau) * e, (c1 * r + c2 * r * tau + c2) * e
  end
  local r, w, c1, c2 = self.r1, self.w, self.c1, self.c2
  local e, co, si = exp(r * tau), cos(w * tau), sin(w * tau)
  return e * (c1 * co + c2 * si), e * ((c1 * r + c2 * w) * co + (c2 * r - c1 * w) * si)
end

-- ---- bouncing scroll (Flutter's BouncingScrollSimulation) ------------------
local DRAG = 0.135
local LOG_DRAG = log(DRAG)
local SCROLL_TOL = 1e-3                     -- Tolerance.defaultTolerance
local MAX_TRANSFER = 5000
local B_MASS, B_STIFF = 0.5, 100
local B_DAMP = 1.1 * 2 * sqrt(B_MASS * B_STIFF)

local Bouncing = {}
Bouncing.__index = Bouncing

function Bouncing.new(o)
  local x0, v0, lo, hi = o.position or 0, o.velocity or 0, o.min, o.max
  local self = setmetatable({ x0 = x0, v0 = v0, time = 0, spring_time = huge,
                              spring_from = 0, edge = x0 }, Bouncing)
  local edge, t, v
  if x0 < lo or x0 > hi then                -- a spring from the start
    edge, t, v = x0 < lo and lo or hi, -huge, v0
  else
    local fin = x0 - v0 / LOG_DRAG
    if v0 > 0 and fin > hi then edge = hi
    elseif v0 < 0 and fin < lo then edge = lo
    else return self end
    -- FrictionSimulation.timeAtX: drag^t = 1 + (x - x0) ln(drag) / v0
    t = log(LOG_DRAG * (edge - x0) / v0 + 1) / LOG_DRAG
    v = v0 * DRAG ^ t
    if v > MAX_TRANSFER then v = MAX_TRANSFER end
  end
  self.spring_time, self.spring_from, self.edge = t, t > -huge and t or 0, edge
  spring_solution(self, B_MASS, B_STIFF, B_DAMP, (t > -huge and edge or x0) - edge, v)
  return self
end

-- The state at t: (x, v, spring phase done).
function Bouncing:at(t)
  if t > self.spring_time then
    local y, v = spring_state(self, t - self.spring_from)
    if abs(y) < SCROLL_TOL and abs(v) < SCROLL_TOL then return self.edge, v, true end
    return self.edge + y, v, false
  end
  local x0, v0 = self.x0, self.v0
  local p = DRAG ^ t
  return x0 + v0 * p / LOG_DRAG - v0 / LOG_DRAG, v0 * p, abs(v0 * p) < SCROLL_TOL
end

function Bouncing:update(dt)
  local t = self.time + dt
  self.time = t
  if t > self.spring_time then
    local y, v = spring_state(self, t - self.spring_from)
    if abs(y) < SCROLL_TOL and abs(v) < SCROLL_TOL then return self.edge end
    return self.edge + y
  end
  local v0 = self.v0
  return self.x0 + v0 * DRAG ^ t / LOG_DRAG - v0 / LOG_DRAG
end

function Bouncing:done()
  local _, _, d = self:at(self.time)
  return d
end

-- ---- clamping scroll (Flutter's ClampingScrollSimulation) ------------------
local DECEL = log(0.78) / log(0.9)
local INFLEXION = 0.35
local PHYSICAL_COEFF = 9.80665 * 39.37 * 160.0 * 0.84

local Clamping = {}
Clamping.__index = Clamping

function Clamping.new(o)
  local x0, v0, friction = o.position or 0, o.velocity or 0, o.friction or 0.015
  local vref = friction * PHYSICAL_COEFF / INFLEXION
  local T = DECEL * INFLEXION * (abs(v0) / vref) ^ (1 / (DECEL - 1))
  return setmetatable({ x0 = x0, duration = T, distance = v0 * T / DECEL, time = 0 }, Clamping)
end

function Clamping:at(t)
  local T = self.duration
  local u = T > 0 and 1 - t / T or 0
  if u < 0 then u = 0 elseif u > 1 then u = 1 end
  return self.x0 + self.distance * (1 - u ^ DECEL), t >= T
end

function Clamping:update(dt)
  local t = self.time + dt
  self.time = t
  local T = self.duration
  local u = T > 0 and 1 - t / T or 0
  if u < 0 then u = 0 elseif u > 1 then u = 1 end
  return self.x0 + self.distance * (1 - u ^ DECEL)
end

function Clamping:done()
  local _, d = self:at(self.time)
  return d
end

-- ---- inertia (Motion's inertia) --------------------------------------------
-- g(t) of the spring solution's shape (see spring_solution) with constants
-- a, b: the displacement for (c1, c2), the velocity for deriv(c1, c2).
local function shape(case, r, q, a, b, t)
  if case == 1 then return a * exp(r * t) + b * exp(q * t)
  elseif case == 0 then return (a + b * t) * exp(r * t) end
  return exp(r * t) * (a * cos(q * t) + b * sin(q * t))
end

local function deriv(case, r, q, a, b)
  if case == 1 then return a * r, b * q
  elseif case == 0 then return a * r + b, b * r end
  return a * r + b * q, b * r - a * q
end

-- kinetic's rest rule for the spring at the bound: the instant from which
-- |g| stays within eps for good (0 if it always does).  The last extremum of
-- |g| above eps (or 0), the next extremum after it, where |g| <= eps, then
-- bisection between them.  Motion tests each frame instead, and its spring
-- may stop a frame where |y| and |v| happen to be small together (on this
-- row's fling 39 frames early, 0.011 away from the bound).
local function settle(case, r, q, a, b, eps)
  local function above(t) return abs(shape(case, r, q, a, b, t)) > eps end
  local da, db = deriv(case, r, q, a, b)
  local H, E = above(0) and 0 or -1, huge
  if case == -1 then                     -- extrema every P from t0
    local P = math.pi / q
    local phi = db == 0 and math.pi / 2 or math.atan(-da / db)
    if phi < 0 then phi = phi + math.pi end
    local t0 = phi / q
    local g0 = abs(shape(case, r, q, a, b, t0))
    if g0 > eps then
      local k = math.max(0, math.floor(log(g0 / eps) / (-r * P)))
      while k > 0 and not above(t0 + k * P) do k = k - 1 end
      while above(t0 + (k + 1) * P) do k = k + 1 end
      H = t0 + k * P
      E = t0 + (k + 1) * P
    elseif H == 0 then
      E = t0 > 0 and t0 or t0 + P
    end
  else                                   -- at most one extremum
    local t
    if case == 1 then
      t = (db ~= 0 and -da / db > 0) and log(-da / db) / (q - r) or -1
    else
      t = db ~= 0 and -da / db or -1
    end
    if t > 0 and t > H and above(t) then H = t end
    if H >= 0 then
      local step = 1 / abs(q)
      E = H + step
      while above(E) do step = step * 2; E = H + step end
    end
  end
  if H < 0 then return 0 end
  for _ = 1, 200 do
    local mid = H + (E - H) * 0.5
    if mid <= H or mid >= E then break end
    if above(mid) then H = mid else E = mid end
  end
  return E
end

local Inertia = {}
Inertia.__index = Inertia

function Inertia.new(o)
  local x0, v0 = o.position or 0, o.velocity or 0
  local min, max = o.min or -huge, o.max or huge
  local power, tau = o.power or 0.8, o.time_constant or 0.325
  local k, c = o.bounce_stiffness or 500, o.bounce_damping or 10
  local rd, rs = o.rest_delta or 0.5, o.rest_speed
  local A = power * v0
  local X = x0 + A
  local self = setmetatable({ x0 = x0, A = A, X = X, tau = tau, time = 0, handoff = huge,
                              bound = X, rest = 0,
                              decay_end = abs(A) > rd and tau * log(abs(A) / rd) or 0 },
                            Inertia)
  local t0, x, v, b
  if x0 < min or x0 > max then
    if min == -huge then b = max elseif max == huge then b = min
    else b = abs(min - x0) < abs(max - x0) and min or max end
    t0, x, v = 0, x0, A / tau
  elseif X < min or X > max then
    b = X > max and max or min
    local r = (X - b) / A                  -- e^{-t/tau} at the crossing
    local tc = -tau * log(r)
    if tc <= self.decay_end then t0, x, v = tc, b, A / tau * r
    else t0, x, v = self.decay_end, X, A / tau * exp(-self.decay_end / tau) end
  else
    return self
  end
  self.handoff, self.bound = t0, b
  rs = rs or (abs(b - x) < 5 and 0.01 or 2)       -- motion-dom's default
  spring_solution(self, 1, k, c, x - b, v)
  local case, r = self.case, self.r1
  local q = case == -1 and self.w or case == 1 and self.r2 or r   -- critical: r (the bracket step)
  local dv1, dv2 = deriv(case, r, q, self.c1, self.c2)
  self.rest = math.max(settle(case, r, q, self.c1, self.c2, rd),
                       settle(case, r, q, dv1, dv2, rs))
  return self
end

function Inertia:at(t)
  if t >= self.handoff then
    local tau = t - self.handoff
    if tau >= self.rest then return self.bound, 0, true end
    local y, v = spring_state(self, tau)
    return self.bound + y, v, false
  end
  if t >= self.decay_end then return self.X, 0, true end
  local e = exp(-t / self.tau)
  return self.X - self.A * e, self.A / self.tau * e, false
end

function Inertia:update(dt)
  local t = self.time + dt
  self.time = t
  if t >= self.handoff then
    local tau = t - self.handoff
    if tau >= self.rest then return self.bound end
    local case = self.case
    if case == 1 then
      return self.bound + self.c1 * exp(self.r1 * tau) + self.c2 * exp(self.r2 * tau)
    elseif case == 0 then
      return self.bound + (self.c1 + self.c2 * tau) * exp(self.r1 * tau)
    end
    local w = self.w
    return self.bound + exp(self.r1 * tau) * (self.c1 * cos(w * tau) + self.c2 * sin(w * tau))
  end
  if t >= self.decay_end then return self.X end
  return self.X - self.A * exp(-t / self.tau)
end

function Inertia:done()
  local _, _, d = self:at(self.time)
  return d
end

-- ---- decay (Compose's exponentialDecay) ------------------------------------
local Decay = {}
Decay.__index = Decay

function Decay.new(o)
  local x0, v0 = o.position or 0, o.velocity or 0
  local f = -4.2 * (o.friction_multiplier or 1)
  local threshold = o.threshold or 0.1
  local T = abs(v0) > threshold and log(threshold / abs(v0)) / f or 0
  return setmetatable({ x0 = x0, v0 = v0, rate = f, duration = T, time = 0,
                        final = x0 + v0 * (exp(f * T) - 1) / f }, Decay)
end

function Decay:update(dt)
  local t = self.time + dt
  self.time = t
  if t >= self.duration then return self.final end
  local f = self.rate
  return self.x0 + self.v0 * (exp(f * t) - 1) / f
end

function Decay:done() return self.time >= self.duration end

-- ---- the flings ------------------------------------------------------------
-- Each kind's options, a fresh table per fling on both sides.
local kinds = {
  { name = "bouncing_scroll", new = kinetic.bouncing_scroll, lua = Bouncing.new,
    opts = function() return { position = 0, velocity = 3000, min = 0, max = 1000 } end },
  { name = "clamping_scroll", new = kinetic.clamping_scroll, lua = Clamping.new,
    opts = function() return { position = 0, velocity = 3000 } end },
  { name = "inertia", new = kinetic.inertia, lua = Inertia.new,
    opts = function() return { position = 0, velocity = 1000, max = 500 } end },
  { name = "decay", new = kinetic.decay, lua = Decay.new,
    opts = function() return { position = 0, velocity = 3000 } end },
}

-- The frames kinetic's motion takes until m:done().
local function fling_frames(kind)
  local m, f = kind.new(kind.opts()), 0
  repeat m:update(DT); f = f + 1 until m:done() or f > 1e6
  assert(f <= 1e6, kind.name .. ": never done")
  return f
end

-- Both sides over one fling and 10 frames at rest: the largest difference
-- of the positions update returns, and the frame each side reports done.
local function check(kind, frames)
  local m, b = kind.new(kind.opts()), kind.lua(kind.opts())
  local worst, done_k, done_b = 0, nil, nil
  for f = 1, frames + 10 do
    local xk, xb = m:update(DT), b:update(DT)
    local d = abs(xk - xb)
    if d > worst or d ~= d then worst = d end     -- NaN counts as the worst
    if not done_k and m:done() then done_k = f end
    if not done_b and b:done() then done_b = f end
  end
  return worst, done_k, done_b
end

-- n updates of motions made by `new`, a fresh one every `frames` frames.
local function update_loop(new, opts, frames)
  return function(n)
    local m, f, x = new(opts()), 0, nil
    for _ = 1, n do
      x = m:update(DT)
      f = f + 1
      if f == frames then m, f = new(opts()), 0 end
    end
    return x
  end
end

local rows, checks = {}, {}
for i, kind in ipairs(kinds) do
  local frames = fling_frames(kind)
  local worst, done_k, done_b = check(kind, frames)
  if worst > TOLERANCE or worst ~= worst or done_k ~= done_b then
    error(("bench_motion: the pure-Lua %s is not kinetic's motion: positions differ by %.3g, "
           .. "done at frame %s (kinetic) and %s (Lua)"):format(kind.name, worst,
           tostring(done_k), tostring(done_b)))
  end
  checks[i] = { name = kind.name, frames = frames, max_diff = worst }
  rows[i] = { name = kind.name .. ":update (vs Lua closed form)",
              kinetic = update_loop(kind.new, kind.opts, frames), baseline = update_loop(kind.lua, kind.opts, frames) }
end

return {
  title = "fling update (1/60 s step)",
  rows = rows,
  checks = checks,       -- for a look: frames per fling, largest difference
}
