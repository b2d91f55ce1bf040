-- kinetic.pure.timeline: keyframe timelines -- segments with durations,
-- after-end strategies, iterations, delay, a wait between passes, a clock,
-- and the events a stretch of time crosses; the next change of what a
-- timeline shows; csrc/core/timeline.c in Lua, the same operations in the
-- same order (the model: csrc/core/timeline.h).
--
-- One iteration (a pass) lasts t_max = T, the sum of the segment
-- durations, and r >= 0 (repeat_delay) is waited after every pass but the
-- last: the period is P = T + r.  At a time t, tau = t - delay >= 0, the
-- pass is c = floor(tau / P) and the time within it w = tau - c P; the pass
-- shows w' = min(w, T), and the strategy gives the local time u:
--   stop     u = w' in pass 0, T after it
--   restart  u = w'
--   reverse  u = w' on even passes, T - w' on odd ones
-- With r = 0, P = T and w' = w: u = tau mod T.  Segment i covers
-- [sum_{j<i} t_j, sum_{j<=i} t_j); its progress (u - start) / t_i goes
-- through its easing, and each component moves by the interpolation mode
-- (interp.lua).  The timeline plays span = c_L P + e (iterations x T when
-- r = 0; c_L the last pass, e its active end) and lasts delay + span.
--
-- A timeline is a table with the C struct's fields.  As C's arrays live in
-- one block after the struct, they live here in one Lua array, tl.data
-- (one table to reach: what the hot path reads stays close together), and
-- the struct's pointers into the block are 0-based offsets into it: C's
-- cum[i] is data[tl.cum + i + 1], keys[k] is data[tl.keys + k + 1],
-- easing[i] is data[tl.easing + i + 1] (an easing, or false: linear).
-- Segment indices and passes stay 0-based as in C.  A caller's `out` is an
-- array and an offset as well (tl.data and tl.scratch for the scratch).
-- C's kn_tl_extra (the numbers its struct has no field for) are fields
-- here: repeat_delay, period, span and round (false, or round.lua's
-- rounding: { q = step } or { set = array, nset = n }); next_change's work
-- space is tl.nc_ref, nc_probe and nc_state.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")
local interp = require("kinetic.pure.interp")
local easing_mod = require("kinetic.pure.easing")
local easing_eval = easing_mod.eval

local floor, ceil = K.floor, K.ceil
local ifloor = math.floor
local huge = math.huge
local interp_eval, interp_prepare = interp.eval, interp.prepare
local easing_next_break, easing_max_breaks = easing_mod.next_break, easing_mod.max_breaks
local round_value = require("kinetic.pure.round").value
local frexp, ldexp, nextafter = K.frexp, K.ldexp, K.nextafter
local POLAR = interp.POLAR

local DBL_MIN = 2.2250738585072014e-308
local P50 = 8.8817841970012523e-16        -- 0x1p-50

local timeline = {}

local STOP, RESTART, REVERSE = 0, 1, 2
timeline.AFTER_STOP, timeline.AFTER_RESTART, timeline.AFTER_REVERSE = STOP, RESTART, REVERSE
timeline.UNIT_DEGREES, timeline.UNIT_RADIANS = 0, 1
-- enum kn_tl_event_kind (a mask of them selects kinds)
local EV_KEYFRAME, EV_ITERATION, EV_COMPLETE = 1, 2, 4
local EVENT_PASSES = 10000.0              -- KN_TL_EVENT_PASSES
timeline.EV_KEYFRAME, timeline.EV_ITERATION, timeline.EV_COMPLETE =
  EV_KEYFRAME, EV_ITERATION, EV_COMPLETE

-- The option names of the after-end strategies and angle units, by value
-- + 1 (lists for util.checkname).
timeline.AFTER_NAMES = { "stop", "restart", "reverse" }
timeline.UNIT_NAMES = { "degrees", "radians" }

function timeline.after_name(after) return timeline.AFTER_NAMES[after + 1] end

function timeline.unit_name(unit) return timeline.UNIT_NAMES[unit + 1] end

-- The iterations when the options leave them out: 1 for stop, endless
-- otherwise.
function timeline.default_iterations(after)
  return after == STOP and 1.0 or huge
end

-- The full turn of an angle unit: 360 or 2 pi.
function timeline.turn(unit)
  return unit == 0 and 360.0 or 6.283185307179586476925286766559
end

-- The bound a binding puts on segments x (components + 4), and on
-- components: a sanity bound.
timeline.MAX_ELEMENTS = 16777216

-- A new timeline before kn_timeline_layout (C's zeroed block): every field
-- there from the start, in one table constructor, so the table is made at
-- its final size at once.  shape, events, mapped, plain, lua_easings,
-- rounded, round_fn and uv are the binding's own (C's `user` bits and user
-- value), never read here.
function timeline.block()
  return {
    clock = 0.0, total = 0.0, gen = 0, duration = 0.0, delay = 0.0, iterations = 0.0,
    after = 0, hint_pass = 0.0, hint_seg = 0, nseg = 0, ncomp = 0, mode = 0,
    data = false, cum = 0, dur = 0, keys = 0, A = 0, B = 0, scratch = 0, easing = 0,
    turn = 0.0, pivot = false, site = false,
    repeat_delay = 0.0, period = 0.0, span = 0.0, round = false,
    nc_ref = false, nc_probe = false, nc_state = false,
    shape = 0, events = 0, mapped = false, plain = false, lua_easings = false, uv = false,
    rounded = false, round_fn = false,
  }
end

-- kn_timeline_layout: nseg, ncomp, the block tl.data of a new timeline
-- (zeroed; the easings false) and the offsets of its arrays (C's
-- pointers).  kn_timeline_size has no Lua counterpart; `site` is the
-- binding's slot (kn_timeline_slot), C's names are the binding's.
function timeline.layout(tl, nseg, ncomp)
  local n, c = nseg, ncomp
  tl.nseg = nseg
  tl.ncomp = ncomp
  tl.cum = 0
  tl.dur = tl.cum + n + 1
  tl.keys = tl.dur + n
  tl.A = tl.keys + (n + 1) * c
  tl.B = tl.A + n * c
  tl.scratch = tl.B + n * c
  tl.easing = tl.scratch + c
  local data = {}
  for i = 1, tl.easing do data[i] = 0.0 end
  for i = tl.easing + 1, tl.easing + n do data[i] = false end
  tl.data = data
  tl.mode, tl.after = 0, 0
  tl.duration, tl.iterations, tl.delay, tl.total, tl.clock, tl.turn = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
  tl.pivot = { 0.0, 0.0 }
  tl.hint_pass, tl.hint_seg = 0.0, 0
  tl.gen = 0
  tl.site = false
  tl.repeat_delay, tl.period, tl.span, tl.round = 0.0, 0.0, 0.0, false
  tl.nc_ref, tl.nc_probe, tl.nc_state = {}, {}, {}
end

-- 0-based index of the last pass (inf when endless).
local function last_pass(tl)
  local it = tl.iterations
  if it == huge or it == -huge then return huge end
  return ceil(it) - 1.0
end

-- How far into its pass the active end falls: (0, t_max].
local function end_offset(tl)
  local f = tl.iterations - last_pass(tl)
  return f == 1.0 and tl.duration or f * tl.duration
end

-- Period, span and total: without a wait the span is iterations x t_max and
-- the total delay + iterations x t_max, computed as they always were; with
-- one, the last pass starts at c_L P and plays to its active end.
local function set_totals(tl)
  local it = tl.iterations
  tl.period = tl.duration + tl.repeat_delay
  if tl.repeat_delay == 0.0 then
    tl.span = it * tl.duration
    tl.total = (it == huge or it == -huge) and huge or tl.delay + it * tl.duration
  elseif it == huge or it == -huge then
    tl.span = huge
    tl.total = huge
  else
    tl.span = last_pass(tl) * tl.period + end_offset(tl)
    tl.total = tl.delay + tl.span
  end
end

-- After keys, dur, easing, mode, turn, pivot, after, iterations, delay and
-- repeat_delay are filled in: cumulative times, prepared segments, period,
-- span and total; clock = 0.  Returns whether t_max and the period are
-- positive and finite and the total not NaN.
function timeline.finish(tl)
  local n, c = tl.nseg, tl.ncomp
  local d, cum, dur, keys = tl.data, tl.cum, tl.dur, tl.keys
  -- segment i starts at the sum of the durations before it, and t_max is
  -- the sum of them all
  d[cum + 1] = 0.0
  for i = 1, n do d[cum + i + 1] = d[cum + i] + d[dur + i] end
  tl.duration = d[cum + n + 1]
  for i = 0, n - 1 do
    interp_prepare(tl.mode, c, d, keys + i * c, keys + (i + 1) * c, tl.turn, tl.pivot,
                   d, tl.A + i * c, tl.B + i * c)
  end
  set_totals(tl)
  tl.clock = 0.0
  tl.hint_pass = -1.0
  tl.hint_seg = -1
  local T, P = tl.duration, tl.period
  return T > 0.0 and T - T == 0 and tl.total >= 0.0 and P - P == 0
end

-- fmod(c, 2.0) == 1.0 for a pass c, a non-negative integral float (or
-- inf): c % 2 is exact there on every VM (fmod on 5.3+, c - floor(c/2)*2
-- on 5.1 and LuaJIT, each step exact), and saves a call on the hot path.
local function odd(c) return c % 2 == 1 end

-- The strategy for time t, with pass guess g (< 0: none): returns u, the
-- 0-based pass and the before flag (true during the delay).  The full
-- computation is c = floor(tau / P), w = tau - c P with a one-step fix
-- for rounding.  The guess is taken when w = tau - g P lies at least
-- m = 8 (g + 2) 2^-53 P inside [0, P): then the full computation would pick
-- c = g and compute this same w -- equal bit for bit, without its division
-- (timeline.c says why).  The pass shows min(w, T).
local function local_time(tl, t, g)
  local T, P, tau = tl.duration, tl.period, t - tl.delay
  if tau < 0.0 then                      -- delay: the start state
    return 0.0, 0.0, true
  end
  local c, u
  if t >= tl.total or tau >= tl.span then
    c = last_pass(tl)                    -- done: hold the active end
    u = end_offset(tl)
  else
    local m = P * (g + 2.0) * P50
    c = g
    u = tau - g * P
    if not (g >= 0.0 and m >= DBL_MIN and u >= m and P - u >= m) then
      c = floor(tau / P)                 -- c = floor(tau / P)
      u = tau - c * P                    -- w = tau - c P
      if u < 0.0 then c = c - 1.0; u = u + P
      elseif u >= P then c = c + 1.0; u = u - P end
      if u < 0.0 then u = 0.0 end
    end
    if u > T then u = T end              -- the wait holds the pass's end
  end
  local after = tl.after
  if after == STOP then                  -- pass 0, then its end
    if c >= 1.0 then u = T end
  elseif after == REVERSE then           -- T - w', c odd
    if odd(c) then u = T - u end
  end                                    -- restart: w'
  return u, c, false
end

-- kn_timeline_local: position within one iteration (0 .. t_max) that time
-- t shows, after the strategy; then the 0-based pass and the before flag
-- (true during the delay).
timeline["local"] = function(tl, t)
  return local_time(tl, t, -1.0)
end

-- Segment s (0-based) with cum[s] <= u < cum[s+1], by binary search (cum:
-- the offset of the n + 1 start times in d).
local function find_segment(d, cum, n, u)
  local lo, hi = 0, n - 1
  while lo < hi do
    local mid = lo + ifloor((hi - lo + 1) / 2)
    if d[cum + mid + 1] <= u then lo = mid else hi = mid - 1 end
  end
  return lo
end

-- The state at local time u (before flag) from segment s, which holds u
-- (or is the last when u >= t_max), into out[oo + 1 .. oo + ncomp].
local function state_at(tl, u, before, s, out, oo)
  local k, d = tl.ncomp, tl.data
  local p
  if u >= tl.duration then
    p = 1.0
  else
    p = (u - d[tl.cum + s + 1]) / d[tl.dur + s + 1]   -- t' = t - sum t_j, over t_i
    if p > 1.0 then p = 1.0 end
    if p < 0.0 then p = 0.0 end
  end
  local e = d[tl.easing + s + 1]
  local f = p
  if e then f = easing_eval(e, p, before) end
  local o = s * k
  interp_eval(tl.mode, k, d, tl.A + o, tl.B + o, d, tl.keys + o, tl.keys + o + k, tl.pivot, f,
              out, oo)
end

-- The state at timeline time t (any real; delay included) into
-- out[oo + 1 .. oo + ncomp].  Pure: O(log nseg).
function timeline.at(tl, t, out, oo)
  local u, _, before = local_time(tl, t, -1.0)
  local s = u >= tl.duration and tl.nseg - 1 or find_segment(tl.data, tl.cum, tl.nseg, u)
  state_at(tl, u, before, s, out, oo)
end

-- The same state as at, bit for bit, starting from the pass and segment
-- the previous call on tl found (kept in tl.hint_*): O(1) for a clock that
-- moves forward, as update moves it, with no division or search.
-- find_segment's answer is the one s with cum[s] <= u < cum[s+1] (u below
-- t_max), so a hint that passes that test is it.  The hot path of update:
-- local_time and state_at (and interp.eval's linear modes) written out
-- here, the same operations in the same order.
function timeline.at_hinted(tl, t, out, oo)
  -- local_time(tl, t, hint_pass)
  local T, tau = tl.duration, t - tl.delay
  local u, c, before
  if tau < 0.0 then                      -- delay: the start state
    u, c, before = 0.0, 0.0, true
  else
    before = false
    if t >= tl.total or tau >= tl.span then
      c = last_pass(tl)                  -- done: hold the active end
      u = end_offset(tl)
    else
      local g, P = tl.hint_pass, tl.period
      local m = P * (g + 2.0) * P50
      c = g
      u = tau - g * P
      if not (g >= 0.0 and m >= DBL_MIN and u >= m and P - u >= m) then
        c = floor(tau / P)
        u = tau - c * P
        if u < 0.0 then c = c - 1.0; u = u + P
        elseif u >= P then c = c + 1.0; u = u - P end
        if u < 0.0 then u = 0.0 end
      end
      if u > T then u = T end
    end
    local after = tl.after
    if after == STOP then
      if c >= 1.0 then u = T end
    elseif after == REVERSE then
      if c % 2 == 1 then u = T - u end   -- odd(c)
    end
  end
  -- the segment: the hint's, else find_segment's
  local d, cum, n = tl.data, tl.cum, tl.nseg
  local s = tl.hint_seg
  if u >= T then
    s = n - 1
  elseif not (s >= 0 and s < n and d[cum + s + 1] <= u and u < d[cum + s + 2]) then
    s = find_segment(d, cum, n, u)
  end
  tl.hint_pass = c
  tl.hint_seg = s
  -- state_at(tl, u, before, s, out, oo)
  local p
  if u >= T then
    p = 1.0
  else
    p = (u - d[cum + s + 1]) / d[tl.dur + s + 1]
    if p > 1.0 then p = 1.0 end
    if p < 0.0 then p = 0.0 end
  end
  local e = d[tl.easing + s + 1]
  local f = p
  if e then f = easing_eval(e, p, before) end
  local k, mode = tl.ncomp, tl.mode
  local o = s * k
  if mode == POLAR then
    interp_eval(mode, k, d, tl.A + o, tl.B + o, d, tl.keys + o, tl.keys + o + k, tl.pivot, f,
                out, oo)
    return
  end
  local A, B = tl.A + o, tl.B + o        -- interp.eval, linear and angle modes
  if f == 1.0 then
    for j = 1, k do out[oo + j] = d[B + j] end
    return
  end
  for j = 1, k do
    local x1 = d[A + j]
    local dx = d[B + j] - x1
    if dx == huge or dx == -huge then out[oo + j] = x1 * (1.0 - f) + d[B + j] * f
    else out[oo + j] = x1 + f * dx end
  end
end

-- Set the clock to t clamped to [0, total]; returns the new clock.
function timeline.seek(tl, t)
  if t < 0.0 then t = 0.0 end
  if t > tl.total then t = tl.total end
  tl.clock = t
  tl.gen = tl.gen + 1
  return t
end
local seek = timeline.seek

function timeline.done(tl)
  return tl.clock >= tl.total
end

-- ---- events ------------------------------------------------------------------

-- Slot of the first keyframe of `pass` after time t0, by binary search (one
-- slot early: the exact comparisons happen in next_event).
local function first_keyframe(tl, pass, t0)
  local n = tl.nseg
  local lo, hi = 0, n
  local backward = tl.after == REVERSE and odd(pass)
  local u = t0 - (tl.delay + pass * tl.period)
  local d, cum, T = tl.data, tl.cum, tl.duration
  while lo < hi do                       -- first slot whose time > u
    local mid = lo + ifloor((hi - lo) / 2)
    local lp
    if backward then lp = T - d[cum + n - mid] else lp = d[cum + mid + 2] end
    if lp > u then hi = mid else lo = mid + 1 end
  end
  return lo > 0 and lo - 1 or 0
end

-- A cursor over the events crossed in (t0, t1], in time order (a table:
-- t0, t1, pass, k, mask, finished).  At one instant: keyframe, then
-- iteration, then complete.  `mask` selects the kinds wanted.
timeline.EVENT_PASSES = EVENT_PASSES
function timeline.new_cursor()
  return { t0 = 0.0, t1 = 0.0, pass = 0.0, k = 0, mask = 0, finished = true }
end

function timeline.events(tl, cur, t0, t1, mask)
  local pass, last, P = 0.0, last_pass(tl), tl.period
  cur.t0 = t0
  cur.t1 = t1
  cur.mask = mask
  cur.k = 0
  cur.finished = not (t1 > t0) or t0 >= tl.total or mask == 0
  if t0 > tl.delay then
    -- one pass early: rounding of floor() must not skip an event
    pass = floor((t0 - tl.delay) / P) - 1.0
    if pass < 0.0 then pass = 0.0 end
    if pass > last then pass = last end
  end
  -- at most the last EVENT_PASSES passes before t1 report their events:
  -- one move of the clock stays bounded work however short a pass is
  if t1 > tl.delay then
    local stop = floor((t1 - tl.delay) / P)
    if stop > last then stop = last end
    if stop - pass > EVENT_PASSES then
      cur.pass = stop - EVENT_PASSES
      return                               -- t0 is before that pass: k = 0
    end
  end
  cur.pass = pass
  if mask % 2 == 1 and t0 > tl.delay then
    cur.k = first_keyframe(tl, pass, t0)
  end
end

-- The next event of the cursor: its kind (EV_*), value (keyframe index, or
-- the iterations completed) and timeline time; nil when there is none.
function timeline.next_event(tl, cur)
  local T, last, per = tl.duration, last_pass(tl), tl.period
  local n = tl.nseg
  local mask = cur.mask
  while not cur.finished do
    local P = tl.delay + cur.pass * per  -- the pass starts
    local is_last = cur.pass >= last
    if P >= cur.t1 then break end        -- every event of a pass is after P
    -- from pass 2^53 on, pass + 1 == pass: passes cannot be told apart (nor
    -- their events timed), so none are reported -- instead of looping forever
    if not (cur.pass < 9007199254740992.0) then break end
    if cur.k < n then
      local has_kf = mask % 2 == 1 and (tl.after ~= STOP or cur.pass == 0.0)
      if not has_kf then
        local skipped = false
        if mask % 4 < 2 then
          -- nothing to report before the pass end we care about: jump
          local target = floor((cur.t1 - tl.delay) / per)
          if target > last then target = last end
          if target > cur.pass then cur.pass = target; skipped = true end
        end
        if not skipped then cur.k = n end
      else
        local i = cur.k
        cur.k = i + 1
        -- keyframes are reached at 1..n going forwards, n-1..0 backwards
        local backward = tl.after == REVERSE and odd(cur.pass)
        local idx = backward and n - 1 - i or i + 1
        local lp = tl.data[tl.cum + idx + 1]
        if backward then lp = T - lp end
        local limit = is_last and end_offset(tl) or T
        if lp > limit then
          cur.k = n                      -- after the active end
        else
          local te = P + lp
          if is_last and te > tl.total then te = tl.total end
          if te > cur.t0 then
            if te > cur.t1 then break end
            return EV_KEYFRAME, idx / 1, te
          end
        end
      end
    else
      cur.k = 0
      if is_last then                    -- the pass holding the active end
        local te = tl.total
        cur.finished = true
        if mask >= 4 and te > cur.t0 and te <= cur.t1 then
          return EV_COMPLETE, 0.0, te
        end
        break
      else                               -- the next pass starts, after the wait
        local te = P + per
        cur.pass = cur.pass + 1.0
        if te > cur.t1 then break end
        if mask % 4 >= 2 and te > cur.t0 then
          return EV_ITERATION, cur.pass, te   -- iterations completed
        end
      end
    end
  end
  cur.finished = true
  return nil
end
local events, next_event = timeline.events, timeline.next_event

-- The name of the callback of event kind 1 << bit, by bit + 1.
timeline.CALLBACK_NAMES = { "on_keyframe", "on_iteration", "on_complete" }

function timeline.callback_name(bit) return timeline.CALLBACK_NAMES[bit + 1] end

-- Move the clock by dt (clock + dt finite; seek clamps): returns the
-- stretch the move covers, the clock before and after, and the clock's
-- generation once moved (kn_tl_move: the events of the stretch are stale
-- once gen has changed).
function timeline.move(tl, dt)
  local t0 = tl.clock
  local t1 = seek(tl, t0 + dt)
  return t0, t1, tl.gen
end

-- Whether the stretch (t0, t1] holds an event of a kind in mask.
local cross_cursor = timeline.new_cursor()
function timeline.crosses(tl, t0, t1, mask)
  if mask == 0 or not (t1 > t0) then return false end
  events(tl, cross_cursor, t0, t1, mask)
  return next_event(tl, cross_cursor) ~= nil
end

-- ---- the next change ----------------------------------------------------------

-- The uniform cells each segment is cut into when its motion is sampled,
-- and the most monotone pieces an easing may have for its changes to be
-- predicted (timeline.h's KN_TL_NC_CELLS, KN_TL_NC_MAX_BREAKS).
local CELLS, MAX_BREAKS = 64.0, 4096.0
timeline.NC_CELLS, timeline.NC_MAX_BREAKS = CELLS, MAX_BREAKS
local E_STEPS, E_CALLBACK = easing_mod.E_STEPS, easing_mod.E_CALLBACK

-- A search (C's nc_search): tl, map (nil, or a function(state, vals) that
-- writes the values shown for the state into vals[1..] and returns how
-- many), round (the rounding or nil), mask, c0, target, prev, limit, hit,
-- ref, probe, state, nv.  One per timeline module: a search runs no Lua
-- code of the caller's but map, which cannot start another.
local SEARCH = { tl = false, map = false, round = false, mask = 0, c0 = 0.0, target = 0.0,
            prev = 0.0, limit = 0.0, hit = 0.0, ref = false, probe = false, state = false,
            nv = 0 }

-- The values shown at clock t (in [0, total]) into out[1..], rounded;
-- returns how many.
local function nc_values(s, t, out)
  local n
  if not s.map then
    timeline.at(s.tl, t, out, 0)
    n = s.tl.ncomp
  else
    timeline.at(s.tl, t, s.state, 0)
    n = s.map(s.state, out)
  end
  local r = s.round
  if r then
    for j = 1, n do out[j] = round_value(r, out[j]) end
  end
  return n
end

-- Whether the values shown at clock t differ from those at c0.
local function nc_differs(s, t)
  nc_values(s, t, s.probe)
  local probe, ref = s.probe, s.ref
  for j = 1, s.nv do
    if probe[j] ~= ref[j] then return true end
  end
  return false
end

-- Whether update's clock c0 + dt reaches the target clock.
local function nc_reaches(s, dt)
  return s.c0 + dt >= s.target
end

-- A double strictly between lo and hi (0 <= lo < hi, finite), about
-- halfway in the order of the doubles: the power of 2 halfway in exponent
-- while they lie two binades or more apart (lo = 0 in 2^-1074's), else the
-- arithmetic midpoint, or lo's successor; hi when none lies between.
local function nc_mid(lo, hi)
  local elo = -1074
  if lo > 0.0 then elo = select(2, frexp(lo)) end
  local ehi = select(2, frexp(hi))
  if ehi - elo >= 2 then return ldexp(0.5, elo + ifloor((ehi - elo + 1) / 2)) end
  local m = lo + (hi - lo) * 0.5
  if m > lo and m < hi then return m end
  return nextafter(lo, hi)
end

-- The least double in (lo, hi] where pred holds, given pred false at lo
-- and true at hi: bisection over the doubles.
local function nc_first(s, pred, lo, hi)
  while true do
    local m = nc_mid(lo, hi)
    if m >= hi then return hi end
    if pred(s, m) then hi = m else lo = m end
  end
end

-- The least dt >= 0 whose clock c0 + dt (update's sum) reaches x > c0.
local function nc_least_dt(s, x)
  local h = x - s.c0
  s.target = x
  while not (s.c0 + h >= x) do h = h + h end
  return nc_first(s, nc_reaches, 0.0, h)
end

-- Whether update(dt) ends the timeline, crosses an event of s.mask or
-- shows other values (the clock clamped to the total as seek clamps it).
local function nc_due(s, dt)
  local tl = s.tl
  local t1 = s.c0 + dt
  if t1 >= tl.total then return true end
  return timeline.crosses(tl, s.c0, t1, s.mask) or nc_differs(s, t1)
end

-- The pass c = floor(tau / P) of a time tau >= 0 past the delay, and the
-- time w in it, as local_time computes them without a guess.
local function nc_pass(tl, tau)
  local P = tl.period
  local c = floor(tau / P)
  local u = tau - c * P
  if u < 0.0 then c = c - 1.0; u = u + P
  elseif u >= P then c = c + 1.0; u = u - P end
  if u < 0.0 then u = 0.0 end
  return c, u
end

-- Whether at clock t (before the total) a segment moves continuously:
-- past the delay, in a pass that plays, with ends that differ, not steps().
local function nc_moving(tl, t)
  local T = tl.duration
  if t < tl.delay then return false end
  local c, w = nc_pass(tl, t - tl.delay)
  if (tl.after == STOP and c >= 1.0) or w >= T then return false end
  local u = w
  if tl.after == REVERSE and odd(c) then u = T - w end
  local d, k = tl.data, tl.ncomp
  local s = u >= T and tl.nseg - 1 or find_segment(d, tl.cum, tl.nseg, u)
  local e = d[tl.easing + s + 1]
  if e and e.kind == E_STEPS then return false end
  local A, B = tl.A + s * k, tl.B + s * k
  for j = 1, k do
    if d[A + j] ~= d[B + j] then return true end
  end
  return false
end

-- The walk's next sample of a segment's input after p in [0, 1) (a break
-- that rounding put at p itself is passed over).
local function nc_above(e, p)
  local a = (floor(p * CELLS) + 1.0) / CELLS
  if not e then return a end
  local b = easing_next_break(e, p)
  if b > p and b < a then return b end
  return a
end

-- The sample before p in (0, 1]: the last bound below p.
local function nc_below(e, p)
  local a = (ceil(p * CELLS) - 1.0) / CELLS
  if not e then return a end
  local b = easing_next_break(e, a)
  while b < p and b > a do
    a = b
    b = easing_next_break(e, b)
  end
  return a
end

-- Sample clock t in the walk's order; returns true when the walk is over.
local function nc_visit(s, t)
  if not (t > s.prev) then return false end
  if t >= s.limit then t = s.limit end
  if nc_differs(s, t) then
    s.hit = t
    return true
  end
  s.prev = t
  return t >= s.limit
end

-- Walk segment k of the pass that starts at S, forward or backward (C's
-- nc_walk_segment).
local function nc_walk_segment(s, S, k, backward)
  local tl = s.tl
  local d = tl.data
  local e = d[tl.easing + k + 1]
  local T, a, len = tl.duration, d[tl.cum + k + 1], d[tl.dur + k + 1]
  if not backward then
    local b = S + d[tl.cum + k + 2]
    if not (b > s.prev) then return false end
    local p = 0.0
    while p < 1.0 do
      if nc_visit(s, S + (a + p * len)) then return true end
      p = nc_above(e, p)
    end
    return nc_visit(s, nextafter(b, 0.0)) or nc_visit(s, b)
  end
  local b = S + (T - a)
  if not (b > s.prev) then return false end
  local t0 = S + (T - d[tl.cum + k + 2])
  if nc_visit(s, t0) or nc_visit(s, nextafter(t0, huge)) then return true end
  local p = nc_below(e, 1.0)
  while p > 0.0 do
    if nc_visit(s, S + (T - (a + p * len))) then return true end
    p = nc_below(e, p)
  end
  return nc_visit(s, b)
end

-- Walk pass c: its segments in the order it plays them, then, with a wait,
-- the double before the next pass starts.
local function nc_walk_pass(s, c)
  local tl = s.tl
  local P = tl.period
  local S0 = tl.delay + c * P
  local n = tl.nseg
  local backward = tl.after == REVERSE and odd(c)
  for k = 0, n - 1 do
    if nc_walk_segment(s, S0, backward and n - 1 - k or k, backward) then return true end
  end
  if tl.repeat_delay > 0.0 then return nc_visit(s, nextafter(S0 + P, 0.0)) end
  return false
end

-- Walk passes first .. first + 2 (stop: pass 0 only; none past the last).
local function nc_walk(s, first)
  local tl = s.tl
  s.hit = -1.0
  for i = 0, 2 do
    local c = first + i
    if (tl.after == STOP and c >= 1.0) or c > last_pass(tl) then return end
    if not (s.prev < s.limit) or nc_walk_pass(s, c) then return end
  end
end

-- Whether tl's changes cannot be predicted: a Lua function easing, or an
-- easing of too many monotone pieces.
local function nc_unpredictable(tl)
  local d = tl.data
  for i = 1, tl.nseg do
    local e = d[tl.easing + i]
    if e and (e.kind == E_CALLBACK or easing_max_breaks(e) > MAX_BREAKS) then return true end
  end
  return false
end

-- kn_timeline_next_change: the least dt >= 0 such that update(dt) changes
-- a value shown (the state, or map's values; rounded by tl.round), crosses
-- an event of a kind in mask, or ends the timeline; 0 when an unrounded
-- value moves now or the changes cannot be predicted, inf when nothing
-- will change (timeline.h).
function timeline.next_change(tl, mask, map)
  local c0 = tl.clock
  if c0 >= tl.total then return huge end
  local round = tl.round
  if nc_unpredictable(tl) or (not round and nc_moving(tl, c0)) then return 0.0 end
  local s = SEARCH
  s.tl = tl
  s.map = round and map or false
  s.round = round
  s.mask = mask
  s.c0 = c0
  s.ref, s.probe, s.state = tl.nc_ref, tl.nc_probe, tl.nc_state
  s.nv = nc_values(s, c0, s.ref)
  local first = 0.0
  if c0 >= tl.delay then first = nc_pass(tl, c0 - tl.delay) end
  local until_ = tl.delay + (first + 3.0) * tl.period
  if until_ > tl.total then until_ = tl.total end
  local te = huge
  if mask ~= 0 then
    local cur = timeline.new_cursor()
    events(tl, cur, c0, until_, mask)
    local kind, _, time = next_event(tl, cur)
    if kind ~= nil then te = time end
  end
  s.prev = c0
  s.limit = te < until_ and te or until_
  local result = 0.0
  for _ = 1, 1000 do
    local reach = te < tl.total and te or tl.total
    nc_walk(s, first)
    if s.hit >= 0.0 then
      local xv = nc_first(s, nc_differs, s.prev, s.hit)
      if xv < reach then reach = xv end
    end
    if reach == huge then result = huge; break end
    local dt = nc_least_dt(s, reach)
    if nc_due(s, dt) or s.hit < 0.0 then result = dt; break end
    s.prev = c0 + dt
  end
  s.tl, s.map, s.round, s.ref, s.probe, s.state = false, false, false, false, false, false
  return result
end

return timeline
