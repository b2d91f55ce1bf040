-- Springs: kinetic.Spring:update against pure-Lua springs doing the same math
-- in the same process (ns per update call).
local kinetic = require("kinetic")

local K, C, DT = 180, 12, 1 / 60              -- react-spring "wobbly", 60 Hz
-- Every row sends its springs to a new target every RETARGET frames (kinetic
-- and baseline alike), as a UI does: a spring left on its target for
-- thousands of frames would decay into subnormal numbers, which slows every
-- implementation down and measures nothing users see.
local RETARGET = 64

-- The exact under-damped step over dt (unit mass; Juckett 2012): the
-- coefficients of x' = target + pp y + pv v, v' = vp y + vv v, computed as a
-- pure-Lua UI spring computes them, every frame.  The group baselines call
-- it once a frame; the per-call baselines below write it out, as a UI
-- spring does, so that their time holds no extra Lua call.
local A = C / 2
local B = math.sqrt(K - A * A)
local exp, cos, sin = math.exp, math.cos, math.sin
local function step_coefs(dt)
  local e = exp(-A * dt)
  local c, s = cos(B * dt), sin(B * dt)
  return e * (c + A * s / B), e * s / B, -K * e * s / B, e * (c - A * s / B)
end

-- The closed form a pure-Lua UI spring uses (the kind nvim-notify animates
-- with): under-damped exact step, coefficients recomputed every frame.
local function lua_closed_form(dims)
  local a, b = A, B
  return function(n)
    local x, v, target = {}, {}, {}
    for d = 1, dims do x[d], v[d], target[d] = 0, 0, d end
    for i = 1, n do
      if i % RETARGET == 0 then
        for d = 1, dims do target[d] = -target[d] end
      end
      local e = exp(-a * DT)
      local c, s = cos(b * DT), sin(b * DT)
      local pp, pv = e * (c + a * s / b), e * s / b
      local vp, vv = -K * e * s / b, e * (c - a * s / b)
      for d = 1, dims do
        local y, w = x[d] - target[d], v[d]
        x[d] = target[d] + pp * y + pv * w
        v[d] = vp * y + vv * w
      end
    end
    return x[1]
  end
end

local function kinetic_update(opts)
  return function(n)
    local s = kinetic.spring(opts)
    local update = s.update
    local target = { s:target() }
    local x
    for i = 1, n do
      if i % RETARGET == 0 then
        for d = 1, #target do target[d] = -target[d] end
        s:set_target(target)
      end
      x = update(s, DT)
    end
    return x
  end
end

-- nvim-notify's spring step (lua/notify/animate/spring.lua, after Juckett
-- 2012), as it animates: step(dt, state, settings) -> a new state table
-- { position, velocity, goal, damping, frequency }, the settings a damping
-- ratio and a frequency in Hz (here those of K and C: zeta = C / (2 sqrt K),
-- f = sqrt K / (2 pi)); the under-damped branch, its coefficients from
-- them every step.
local notify_settings = { damping = C / (2 * math.sqrt(K)), frequency = math.sqrt(K) / (2 * math.pi) }
local sqrt = math.sqrt
local function notify_step(dt, state, settings)
  local zeta = settings.damping
  local w = settings.frequency * 2 * math.pi
  local x, v, goal = state.position, state.velocity or 0, state.goal
  local off = x - goal
  local decay = exp(-dt * zeta * w)
  local c = sqrt(1 - zeta * zeta)
  local i, j = cos(w * c * dt), sin(w * c * dt)
  local nx = (i * off + j * (v + zeta * w * off) / (w * c)) * decay + goal
  local nv = (i * c * v - j * (v * zeta + w * off)) * decay / c
  return { position = nx, velocity = nv, goal = goal, damping = state.damping,
           frequency = state.frequency }
end

local function lua_notify(n)
  local state = { position = 0, velocity = 0, goal = 1 }
  for i = 1, n do
    if i % RETARGET == 0 then state.goal = -state.goal end
    state = notify_step(DT, state, notify_settings)
  end
  return state.position
end

-- NS springs as objects, each stepped by its own update call every frame
-- (a UI animating many elements): kinetic Springs against pure-Lua spring
-- objects with the same closed-form step, coefficients computed per call as
-- lua_closed_form does per frame.  Time per spring.
local NS = 100
local function lua_spring_new(target)
  local self = { x = 0, v = 0, target = target }
  local a, b = A, B
  function self.update(o, dt)
    local e = exp(-a * dt)
    local c, s = cos(b * dt), sin(b * dt)
    local y, w = o.x - o.target, o.v
    o.x = o.target + e * (c + a * s / b) * y + e * s / b * w
    o.v = -K * e * s / b * y + e * (c - a * s / b) * w
    return o.x
  end
  return self
end

local function many_kinetic(n)
  local list = {}
  for i = 1, NS do
    list[i] = kinetic.spring { stiffness = K, damping = C, to = i, rest_delta = 0, rest_speed = 0 }
  end
  local sum = 0
  for f = 1, n do
    if f % RETARGET == 0 then
      for i = 1, NS do list[i]:set_target(-list[i]:target()) end
    end
    for i = 1, NS do sum = sum + list[i]:update(DT) end
  end
  return sum
end

local function many_lua(n)
  local list = {}
  for i = 1, NS do list[i] = lua_spring_new(i) end
  local sum = 0
  for f = 1, n do
    if f % RETARGET == 0 then
      for i = 1, NS do list[i].target = -list[i].target end
    end
    for i = 1, NS do sum = sum + list[i]:update(DT) end
  end
  return sum
end

-- Rebound's RK4 (1 ms substeps, interpolated remainder) in pure Lua.
local function lua_rebound(n)
  local h = 0.001
  local x, v, end_, tx, acc, px, pv = 0, 0, 1, 0, 0, 0, 0
  for i = 1, n do
    if i % RETARGET == 0 then end_ = -end_ end
    acc = acc + DT
    while acc >= h do
      acc = acc - h
      if acc < h then px, pv = x, v end
      local av = v
      local aa = K * (end_ - tx) - C * v
      tx = x + av * h * 0.5
      local bv = v + aa * h * 0.5
      local ba = K * (end_ - tx) - C * bv
      tx = x + bv * h * 0.5
      local cv = v + ba * h * 0.5
      local ca = K * (end_ - tx) - C * cv
      tx = x + cv * h
      local dv = v + ca * h
      local da = K * (end_ - tx) - C * dv
      x = x + 1.0 / 6.0 * (av + 2.0 * (bv + cv) + dv) * h
      v = v + 1.0 / 6.0 * (aa + 2.0 * (ba + ca) + da) * h
    end
    if acc > 0 then
      local alpha = acc / h
      x, v = x * alpha + px * (1 - alpha), v * alpha + pv * (1 - alpha)
    end
  end
  return x
end

-- 10 000 scalar springs stepped together.  The pure-Lua group shares the
-- coefficients per frame as well (the obvious way to write it) and, unlike
-- kinetic, does no rest test.
local NG = 10000
local function lua_group(n)
  local x, v, target = {}, {}, {}
  for i = 1, NG do x[i], v[i], target[i] = 0, 0, i / NG end
  for f = 1, n do
    if f % RETARGET == 0 then
      for i = 1, NG do target[i] = -target[i] end
    end
    local pp, pv, vp, vv = step_coefs(DT)
    for i = 1, NG do
      local y, w = x[i] - target[i], v[i]
      x[i] = target[i] + pp * y + pv * w
      v[i] = vp * y + vv * w
    end
  end
  return x[1]
end

-- The same with the per-spring rest test kinetic does (relative to the
-- distance of each motion; thresholds 0 here, as for kinetic below).
local function lua_group_rest(n, every)
  every = every or RETARGET
  local abs = math.abs
  local x, v, target, scale, rest = {}, {}, {}, {}, {}
  local rd, rs = 0, 0
  for i = 1, NG do x[i], v[i], target[i], scale[i], rest[i] = 0, 0, i / NG, i / NG, false end
  local moving
  local w0 = math.sqrt(K)
  for f = 1, n do
    if f % every == 0 then               -- what set_targets does: restart the rest test
      for i = 1, NG do
        local tg = -target[i]
        target[i], rest[i] = tg, false
        scale[i] = math.max(abs(tg - x[i]), abs(v[i]) / w0)
      end
    end
    local pp, pv, vp, vv = step_coefs(DT)
    moving = 0
    for i = 1, NG do
      if not rest[i] then
        local tg = target[i]
        local y, w = x[i] - tg, v[i]
        local nx, nv = tg + pp * y + pv * w, vp * y + vv * w
        local sc = scale[i]
        if abs(nv) <= rs * sc and abs(nx - tg) <= rd * sc then
          nx, nv, rest[i] = tg, 0, true
        else
          moving = moving + 1
        end
        x[i], v[i] = nx, nv
      end
    end
  end
  return moving
end

local function kinetic_group(n, every)
  every = every or RETARGET
  local to = {}
  for i = 1, NG do to[i] = i / NG end
  local g = kinetic.spring_group { count = NG, stiffness = K, damping = C, from = 0, to = to,
                                   rest_delta = 0, rest_speed = 0 }
  local neg = {}
  for i = 1, NG do neg[i] = -to[i] end
  local m
  for f = 1, n do
    if f % every == 0 then
      g:set_targets((f / every) % 2 == 1 and neg or to)
    end
    m = g:update(DT)
  end
  return m
end

local never = { rest_delta = 0, rest_speed = 0 }
local function opts(t) for k, v in pairs(never) do t[k] = v end return t end

return {
  title = "spring update (1/60 s step)",
  rows = {
    { name = "analytic scalar vs pure-Lua closed form",
      kinetic = kinetic_update(opts { stiffness = K, damping = C }),
      baseline = lua_closed_form(1) },
    { name = "analytic scalar vs nvim-notify's spring step",
      kinetic = kinetic_update(opts { stiffness = K, damping = C }),
      baseline = lua_notify },
    { name = "analytic 2-vector vs pure-Lua closed form",
      kinetic = kinetic_update(opts { stiffness = K, damping = C, from = { 0, 0 }, to = { 1, 2 } }),
      baseline = lua_closed_form(2) },
    { name = "100 springs, s:update(dt) on each", per = NS,
      kinetic = many_kinetic, baseline = many_lua },
    { name = "rk4 (Rebound) scalar vs pure-Lua Rebound RK4",
      kinetic = kinetic_update(opts { tension = K, friction = C, integrator = "rk4" }),
      baseline = lua_rebound },
    { name = "spring_group of 10 000, per spring", per = NG,
      kinetic = kinetic_group, baseline = lua_group },
    { name = "spring_group of 10 000 vs Lua with rest test", per = NG,
      kinetic = kinetic_group, baseline = lua_group_rest },
    -- a group following the pointer: set_targets before every update
    { name = "spring_group, new targets every frame", per = NG,
      kinetic = function(n) return kinetic_group(n, 1) end,
      baseline = function(n) return lua_group_rest(n, 1) end },
  },
}
