-- kinetic.pure.anim_change: csrc/core/anim_change.c in Lua -- an
-- animator's next visible change: the smallest dt such that update(dt)
-- would make something happen.
--
-- An update moves a root's clock from t0 to t0 + dt r (r its rate, the
-- frame starting at 0), and what it then shows is a function of dt alone:
-- a tween's values at that clock (a group's child at the clock the sweep
-- gives it), a spring's state after one step of dt r from its state now.
-- Events are clock crossings, found by reach; a rounded value's change is
-- found by sample (SAMPLES per pass of a tween, per period of a spring,
-- with golden-section search at a component's turn), then bisection over
-- doubles, the operations of C's in the same order.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local an = require("kinetic.pure.animator")
local spring = require("kinetic.pure.spring")
local frame = require("kinetic.pure.anim_frame")
local round_value = require("kinetic.pure.round").value

local huge, sqrt = math.huge, math.sqrt
local DBL_MAX = 1.7976931348623157e308
local TWEEN, SPRING, GROUP, CALL, LIVE = an.TWEEN, an.SPRING, an.GROUP, an.CALL, an.LIVE
local ANALYTIC, OVERFLOW, SP_X = spring.ANALYTIC, spring.OVERFLOW, spring.SP_X
local STEPPED_DT_MAX = spring.STEPPED_DT_MAX
local spring_update, spring_copy, reset_on_target = spring.update, spring.copy,
                                                    spring.reset_on_target
local tween_eval = an.tween_eval

local SAMPLES = 256.0           -- samples per pass of a tween
local SPRING_SAMPLES = 32.0     -- samples per period of a spring
local MAX_SAMPLES = 4096        -- then the search stops at its last sample
local GOLDEN_STEPS = 48         -- a peak located to 0.618^48 of three samples
local TWO_PI = 6.283185307179586
local TINY = 4.9406564584124654e-324

local M = {}

-- ---- clocks ---------------------------------------------------------------------
-- A probe p: A, node, kid (a child of a one-pass group, or nil; p.group
-- true in the group's own searches), t0, rate, total, d, T, s, len, n, cur
-- and the samples v, w, x (arrays of n), sp (scratch springs by size).

local function root_clock(p, dt)
  local t = p.t0 + dt * p.rate
  if not (t <= DBL_MAX) then t = DBL_MAX end
  return t > p.total and p.total or t
end

local function group_time(p, dt)
  local t = root_clock(p, dt)
  if t < p.d then t = p.d end
  local tau = t - p.d
  return (tau < p.T and t < p.total) and tau or p.T
end

local function clock_at(p, dt)
  if not p.group then return root_clock(p, dt) end
  local u = group_time(p, dt)
  local s, len = p.s, p.len
  if u >= s + len then return len end
  if u <= s then return 0.0 end
  return u - s
end

local function bisect(p, pred, mark, lo, hi)
  while true do
    local mid = lo + (hi - lo) * 0.5
    if mid <= lo or mid >= hi then return hi end
    if pred(p, mid, mark) then hi = mid else lo = mid end
  end
end

local function reached(p, dt, mark)
  if not p.group then return root_clock(p, dt) >= mark end
  return group_time(p, dt) >= mark
end

local function reach(p, mark)
  if reached(p, 0.0, mark) then return 0.0 end
  if not (p.rate > 0.0) or not (mark < huge) then return huge end
  local c0 = p.group and group_time(p, 0.0) or root_clock(p, 0.0)
  local hi = (mark - c0) / p.rate
  if not (hi > 0.0) then hi = TINY end
  while not reached(p, hi, mark) do
    if not (hi < huge) then return huge end
    hi = hi * 2.0
  end
  return bisect(p, reached, mark, 0.0, hi)
end

-- ---- values ---------------------------------------------------------------------

-- The tween node's values at clock t, unrounded, into v (its outs kept).
local function tween_values(p, nd, t, v)
  local A, save, j = p.A, p.save, 0
  for ci = 1, nd.nch do
    local ch = nd[ci]
    if ch.object ~= nil then
      local k = ch.k
      for i = 3 * k + 1, 4 * k do j = j + 1; save[j] = ch[i] end
    end
  end
  local r = nd.round
  nd.round = nil
  tween_eval(A, nd, t)
  nd.round = r
  j = 0
  for ci = 1, nd.nch do
    local ch = nd[ci]
    if ch.object ~= nil then
      local k = ch.k
      for i = 3 * k + 1, 4 * k do
        j = j + 1
        v[j] = ch[i]
        ch[i] = save[j]
      end
    end
  end
end

-- The spring node's positions after a step of dt rate from now,
-- unrounded, into v; true when every spring then rests.
local function spring_values(p, dt, v)
  local nd = p.node
  local step = dt * p.rate
  local j, rest = 0, true
  for ci = 1, nd.nch do
    local ch = nd[ci]
    if ch.object ~= nil then
      local k = ch.k
      local s = p.sp[k]
      if s == nil then
        s = spring.new(k)
        p.sp[k] = s
      end
      spring_copy(s, ch.spring)
      local flags, left = 0, step
      if s.integrator ~= ANALYTIC and left > STEPPED_DT_MAX then left = STEPPED_DT_MAX end
      if not s.at_rest and left > 0.0 then flags = spring_update(s, left) end
      if flags >= OVERFLOW then reset_on_target(s) end
      local d, O = s.data, SP_X * k
      for i = 1, k do j = j + 1; v[j] = d[O + i] end
      if not s.at_rest then rest = false end
    end
  end
  return rest
end

local function values(p, dt, v)
  if p.kid ~= nil then
    tween_values(p, p.kid, clock_at(p, dt), v)
    return false
  end
  if p.node.kind == SPRING then return spring_values(p, dt, v) end
  tween_values(p, p.node, clock_at(p, dt), v)
  return false
end

local function differs(p, v)
  local r = (p.kid or p.node).round
  local cur = p.cur
  for j = 1, p.n do
    if round_value(r, v[j]) ~= cur[j] then return true end
  end
  return false
end

local function happens(p, dt)
  return values(p, dt, p.x) or differs(p, p.x)
end

-- The dt in [lo, hi] where component j peaks (a maximum when up).
local function peak(p, j, lo, hi, up)
  local g = 0.6180339887498949
  local a, b = lo, hi
  local c, d = b - (b - a) * g, a + (b - a) * g
  local x = p.x
  values(p, c, x)
  local fc = up and x[j] or -x[j]
  values(p, d, x)
  local fd = up and x[j] or -x[j]
  for _ = 1, GOLDEN_STEPS do
    if fc >= fd then
      b = d; d = c; fd = fc
      c = b - (b - a) * g
      values(p, c, x)
      fc = up and x[j] or -x[j]
    else
      a = c; c = d; fc = fd
      d = a + (b - a) * g
      values(p, d, x)
      fd = up and x[j] or -x[j]
    end
  end
  return fc >= fd and c or d
end

-- The first dt in (0, horizon) whose update shows a changed value or the
-- node's end, sampling every h; horizon when none comes before it.
local function sample(p, h, horizon)
  local t1, t2, two = 0.0, 0.0, false
  if happens(p, 0.0) then return 0.0 end
  values(p, 0.0, p.w)
  for i = 1, MAX_SAMPLES do
    local t = i * h
    if not (t < horizon) then t = horizon end
    local rest = values(p, t, p.x)
    if two then
      local v, w = p.v, p.w
      for j = 1, p.n do                  -- a turn at the middle sample
        local a, b = w[j] - v[j], p.x[j] - w[j]
        if (a > 0.0 and b < 0.0) or (a < 0.0 and b > 0.0) then
          local tp = peak(p, j, t2, t, a > 0.0)
          if happens(p, tp) then return bisect(p, happens, 0.0, t2, tp) end
          values(p, t, p.x)
        end
      end
    end
    if rest or differs(p, p.x) then return bisect(p, happens, 0.0, t1, t) end
    if t >= horizon then return horizon end
    p.v, p.w, p.x = p.w, p.x, p.v
    t2, t1, two = t1, t, true
  end
  return t1
end

-- ---- nodes ---------------------------------------------------------------------

local function predictable(nd)
  return nd.round ~= nil and not nd.lua_round and not nd.lua_ease
end

-- The probe's buffers for node nd (its written values in cur).
local function probe_buffers(p, nd)
  local cur, j = {}, 0
  for ci = 1, nd.nch do
    local ch = nd[ci]
    if ch.object ~= nil then
      local k = ch.k
      for i = 3 * k + 1, 4 * k do j = j + 1; cur[j] = ch[i] end
    end
  end
  p.n, p.cur = j, cur
  p.v, p.w, p.x, p.save = {}, {}, {}, {}
  p.sp = {}
end

local function search(p, nd, h, horizon)
  probe_buffers(p, nd)
  return sample(p, h, horizon < p.limit and horizon or p.limit)
end

local function mind(a, b) return a < b and a or b end

-- A one-pass group's next change.
local function group_change(p, g, best)
  p.d, p.T = g.delay, g.duration
  if g.iterations ~= 1.0 or not (p.T > 0.0) or not (p.T < huge) then return 0.0 end
  p.group = true
  local u0 = group_time(p, 0.0)
  local kids = g.kids
  for i = 1, g.nkids or 0 do
    local kn = kids[i]
    if kn.state == LIVE then
      p.s = kn.offset
      p.len = kn.kind == CALL and 0.0 or kn.total
      if kn.kind ~= CALL and kn.kind ~= TWEEN then return 0.0 end
      if u0 < p.s or not kn.started then
        best = mind(best, reach(p, p.s))
      elseif u0 < p.s + p.len then
        if kn.has_complete then best = mind(best, reach(p, p.s + p.len)) end
        if not predictable(kn) or not (kn.duration > 0.0) then return 0.0 end
        p.kid = kn
        local r = search(p, kn, kn.duration / SAMPLES / p.rate, mind(best, reach(p, p.s + p.len)))
        p.kid = nil
        best = mind(best, r)
      end
    end
  end
  return best
end

-- The clock at which the next pass (from the second) of root nd begins
-- after clock t0, huge when none will: an on_repeat.
local span_mark = an.span_mark
local kfloor, kceil = require("kinetic.pure.kmath").floor, require("kinetic.pure.kmath").ceil
local function next_repeat(nd, t0)
  local P, last = nd.duration + (nd.gap or 0.0), kceil(nd.iterations) - 1.0
  if not (P > 0.0) or not (P < huge) or last < 1.0 then return huge end
  local c = kfloor((t0 - nd.delay) / P)
  if not (c < 9007199254740992.0) then return huge end   -- passes past 2^53: not counted
  if c < 0.0 then c = 0.0 end
  while c > 0.0 and span_mark(nd, c, false) > t0 do c = c - 1.0 end
  while span_mark(nd, c, false) <= t0 do c = c + 1.0 end
  if c < 1.0 then c = 1.0 end
  return c > last and huge or span_mark(nd, c, false)
end

-- Root nd's next change, or limit (the least found so far: no search
-- goes past it) when it comes later.
local function root_change(A, nd, limit)
  frame.flush(A, nd)
  local p = { A = A, node = nd, kid = nil, group = false, t0 = nd.clock,
              rate = nd.scale * A.scale, total = nd.total, limit = limit }
  if nd.start_due then return 0.0 end
  if not nd.started then
    if nd.clock >= nd.delay then return 0.0 end
    return reach(p, nd.delay)
  end
  if not (p.rate > 0.0) then return huge end
  if nd.clock >= nd.total then return 0.0 end
  local e = reach(p, nd.total)
  if nd.has_repeat then e = mind(e, reach(p, next_repeat(nd, nd.clock))) end
  if nd.kind == GROUP then
    if nd.springs then return 0.0 end
    return group_change(p, nd, e)
  end
  if not predictable(nd) then return 0.0 end
  if nd.kind == TWEEN then
    if not (nd.duration > 0.0) then return e end
    return search(p, nd, nd.duration / SAMPLES / p.rate, e)
  end
  local h = 1.0 / 60.0                   -- a spring: its period
  for ci = 1, nd.nch do
    local ch = nd[ci]
    if ch.object ~= nil and ch.spring.model.omega2 > 0.0 then
      h = TWO_PI / sqrt(ch.spring.model.omega2)
      break
    end
  end
  return search(p, nd, h / SPRING_SAMPLES / p.rate, huge)
end

-- kn_anim_next_change
function M.next_change(A)
  local best = huge
  if A.paused then return huge end
  local roots = A.roots
  local i = 1
  while i <= A.nroots and best > 0.0 do
    local nd = roots[i]
    if nd.state == LIVE and not nd.paused then best = mind(best, root_change(A, nd, best)) end
    i = i + 1
  end
  return best
end

return M
