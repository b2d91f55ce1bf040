-- kinetic.pure.follower: csrc/core/follower.c in Lua.  The least-time
-- motion to rest at a target under an acceleration limit A and a speed
-- limit V (bang-bang): from x, v (|v| <= V, else first braking at A down to
-- V), D = target - x, s = v |v| / (2A); D = s: brake; otherwise towards
-- sgn = sign(D - s) with peak speed p, p^2 = A sgn D + v^2 / 2: accelerate
-- (p - sgn v)/A and brake p/A, or, when p > V, accelerate to V, coast
-- (sgn D - (V^2 - v^2)/(2A) - V^2/(2A)) / V and brake V/A.  Each phase has
-- a constant acceleration: x_k + v_k tau + a_k tau^2 / 2.  set_target
-- re-plans from the state at the clock; before the plan's start, at(t)
-- gives the state it starts from.  A follower is a table with the fields
-- of C's kn_follower (t, x, v, a arrays from 1).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local abs, sqrt = math.abs, math.sqrt

local follower = {}

local function add(f, x, v, a, d)
  local k = f.n + 1
  f.n = k
  if not (d > 0.0) then d = 0.0 end    -- (a rounding below 0: none)
  f.x[k] = x
  f.v[k] = v
  f.a[k] = a
  f.t[k + 1] = f.t[k] + d
  return x + v * d + 0.5 * a * d * d, v + a * d
end

local function isfinite(x) return x - x == 0 end

-- The plan from (x0, v0) to rest at the target; true when it leaves the
-- doubles.
local function plan(f)
  local A, V = f.max_acceleration, f.max_speed
  local x, v = f.x0, f.v0
  local sgn
  f.n = 0
  f.t[1] = 0.0
  if abs(v) > V then                        -- too fast: brake down to V first
    sgn = v > 0 and 1.0 or -1.0
    x = add(f, x, v, -sgn * A, (abs(v) - V) / A)
    v = sgn * V
  end
  local D = f.target - x
  local s = v * abs(v) / (2.0 * A)
  if D == s then                            -- braking now lands on it
    if v ~= 0.0 then x = add(f, x, v, v > 0 and -A or A, abs(v) / A) end
  else
    sgn = D > s and 1.0 or -1.0
    local u = sgn * v
    local p = sqrt(A * (sgn * D) + v * v / 2.0)
    if p <= V then
      x = add(f, x, v, sgn * A, (p - u) / A)
      v = sgn * p
      x = add(f, x, v, -sgn * A, p / A)
    else
      x = add(f, x, v, sgn * A, (V - u) / A)
      v = sgn * V
      x, v = add(f, x, v, 0.0, (sgn * D - (V * V - u * u) / (2.0 * A) - V * V / (2.0 * A)) / V)
      x = add(f, x, v, -sgn * A, V / A)
    end
  end
  return not (isfinite(D) and isfinite(f.t[f.n + 1]) and isfinite(x))
end

function follower.init(f, max_acceleration, max_speed, position, velocity, target)
  f.max_acceleration = max_acceleration
  f.max_speed = max_speed
  f.target = target
  f.x0 = position
  f.v0 = velocity
  f.start = 0.0
  f.time = 0.0
  f.t, f.x, f.v, f.a = {}, {}, {}, {}
  return plan(f)
end

function follower.at(f, t)
  local tau = t - f.start
  if not (tau > 0.0) then return f.x0, f.v0 end         -- the plan's start (or before it)
  local t_ = f.t
  if tau >= t_[f.n + 1] then return f.target, 0.0 end   -- at rest on the target
  local k = f.n
  while k > 1 and tau < t_[k] do k = k - 1 end
  tau = tau - t_[k]
  local a = f.a[k]
  return f.x[k] + f.v[k] * tau + 0.5 * a * tau * tau, f.v[k] + a * tau
end
local at = follower.at

-- Re-plan from the state at the clock; true on overflow (the old plan
-- kept).  The new plan is made in a second set of arrays (f.spare, made
-- once), swapped in: a re-plan allocates nothing after the first.
local function swap(f, s)
  f.t, s.t = s.t, f.t
  f.x, s.x = s.x, f.x
  f.v, s.v = s.v, f.v
  f.a, s.a = s.a, f.a
end

function follower.set_target(f, target)
  local s = f.spare
  if s == nil then
    s = { t = {}, x = {}, v = {}, a = {} }
    f.spare = s
  end
  local x0, v0, start, old, n = f.x0, f.v0, f.start, f.target, f.n
  local x, v = at(f, f.time)
  swap(f, s)
  f.x0 = x
  f.v0 = v
  f.start = f.time
  f.target = target
  if plan(f) then
    swap(f, s)
    f.x0, f.v0, f.start, f.target, f.n = x0, v0, start, old, n
    return true
  end
  return false
end

function follower.done(f, t)
  return t - f.start >= f.t[f.n + 1]
end

function follower.final_position(f)
  return f.target
end

function follower.remaining_time(f)
  local left = f.t[f.n + 1] - (f.time - f.start)
  return left > 0.0 and left or 0.0
end

return follower
