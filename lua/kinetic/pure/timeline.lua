-- kinetic.pure.timeline: keyframe timelines -- segments with durations,
-- after-end strategies, iterations, delay, a clock, and the events a
-- stretch of time crosses; csrc/core/timeline.c in Lua, the same operations
-- in the same order (the model: csrc/core/timeline.h).
--
-- One iteration lasts t_max, the sum of the segment durations.  At a time t
-- past the delay the strategy gives the local time u within an iteration:
--   stop     u = min(t, t_max)
--   restart  u = t mod t_max
--   reverse  u = t mod t_max on even passes, t_max - t mod t_max on odd ones
-- with pass c = floor(t / t_max).  Segment i covers [sum_{j<i} t_j,
-- sum_{j<=i} t_j); its progress (u - start) / t_i goes through its easing,
-- and each component moves by the interpolation mode (interp.lua).
--
-- A timeline is a table with the C struct's fields.  As C's arrays live in
-- one block after the struct, they live here in one Lua array, tl.data
-- (one table to reach: what the hot path reads stays close together), and
-- the struct's pointers into the block are 0-based offsets into it: C's
-- cum[i] is data[tl.cum + i + 1], keys[k] is data[tl.keys + k + 1],
-- easing[i] is data[tl.easing + i + 1] (an easing, or false: linear).
-- Segment indices and passes stay 0-based as in C.  A caller's `out` is an
-- array and an offset as well (tl.data and tl.scratch for the scratch).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")
local interp = require("kinetic.pure.interp")
local easing_eval = require("kinetic.pure.easing").eval

local floor, ceil = K.floor, K.ceil
local ifloor = math.floor
local huge = math.huge
local interp_eval, interp_prepare = interp.eval, interp.prepare
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
-- its final size at once.  shape, events, mapped, plain, lua_easings and
-- uv are the binding's own (C's `user` bits and user value), never read
-- here.
function timeline.block()
  return {
    clock = 0.0, total = 0.0, gen = 0, duration = 0.0, delay = 0.0, iterations = 0.0,
    after = 0, hint_pass = 0.0, hint_seg = 0, nseg = 0, ncomp = 0, mode = 0,
    data = false, cum = 0, dur = 0, keys = 0, A = 0, B = 0, scratch = 0, easing = 0,
    turn = 0.0, pivot = false, site = false,
    shape = 0, events = 0, mapped = false, plain = false, lua_easings = false, uv = false,
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
end

-- After keys, dur, easing, mode, turn, pivot, after, iterations and delay
-- are filled in: cumulative times, prepared segments, totals; clock = 0.
-- Returns whether t_max is positive and finite and the total not NaN.
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
  local it = tl.iterations
  tl.total = (it == huge or it == -huge) and huge or tl.delay + it * tl.duration
  tl.clock = 0.0
  tl.hint_pass = -1.0
  tl.hint_seg = -1
  local T = tl.duration
  return T > 0.0 and T - T == 0 and tl.total >= 0.0
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

-- fmod(c, 2.0) == 1.0 for a pass c, a non-negative integral float (or
-- inf): c % 2 is exact there on every VM (fmod on 5.3+, c - floor(c/2)*2
-- on 5.1 and LuaJIT, each step exact), and saves a call on the hot path.
local function odd(c) return c % 2 == 1 end

-- The strategy for time t, with pass guess g (< 0: none): returns u, the
-- 0-based pass and the before flag (true during the delay).  The full
-- computation is c = floor(tau / T), u = tau - c T with a one-step fix
-- for rounding.  The guess is taken when u = tau - g T lies at least
-- m = 8 (g + 2) 2^-53 T inside [0, T): then the full computation would pick
-- c = g and compute this same u -- equal bit for bit, without its division
-- (timeline.c says why).
local function local_time(tl, t, g)
  local T, tau = tl.duration, t - tl.delay
  if tau < 0.0 then                      -- delay: the start state
    return 0.0, 0.0, true
  end
  local c, u
  if t >= tl.total or tau >= tl.iterations * T then
    c = last_pass(tl)                    -- done: hold the active end
    u = end_offset(tl)
  else
    local m = T * (g + 2.0) * P50
    c = g
    u = tau - g * T
    if not (g >= 0.0 and m >= DBL_MIN and u >= m and T - u >= m) then
      c = floor(tau / T)                 -- c = floor(t / t_max)
      u = tau - c * T                    -- t mod t_max
      if u < 0.0 then c = c - 1.0; u = u + T
      elseif u >= T then c = c + 1.0; u = u - T end
      if u < 0.0 then u = 0.0 end
    end
  end
  local after = tl.after
  if after == STOP then                  -- min(t, t_max)
    if c >= 1.0 then u = T end
  elseif after == REVERSE then           -- t_max - t mod t_max, c odd
    if odd(c) then u = T - u end
  end                                    -- restart: t mod t_max
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
    if t >= tl.total or tau >= tl.iterations * T then
      c = last_pass(tl)                  -- done: hold the active end
      u = end_offset(tl)
    else
      local g = tl.hint_pass
      local m = T * (g + 2.0) * P50
      c = g
      u = tau - g * T
      if not (g >= 0.0 and m >= DBL_MIN and u >= m and T - u >= m) then
        c = floor(tau / T)
        u = tau - c * T
        if u < 0.0 then c = c - 1.0; u = u + T
        elseif u >= T then c = c + 1.0; u = u - T end
        if u < 0.0 then u = 0.0 end
      end
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
  local u = t0 - (tl.delay + pass * tl.duration)
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
  local pass, last = 0.0, last_pass(tl)
  cur.t0 = t0
  cur.t1 = t1
  cur.mask = mask
  cur.k = 0
  cur.finished = not (t1 > t0) or t0 >= tl.total or mask == 0
  if t0 > tl.delay then
    -- one pass early: rounding of floor() must not skip an event
    pass = floor((t0 - tl.delay) / tl.duration) - 1.0
    if pass < 0.0 then pass = 0.0 end
    if pass > last then pass = last end
  end
  -- at most the last EVENT_PASSES passes before t1 report their events:
  -- one move of the clock stays bounded work however short a pass is
  if t1 > tl.delay then
    local stop = floor((t1 - tl.delay) / tl.duration)
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
  local T, last = tl.duration, last_pass(tl)
  local n = tl.nseg
  local mask = cur.mask
  while not cur.finished do
    local P = tl.delay + cur.pass * T
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
          local target = floor((cur.t1 - tl.delay) / T)
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
      else                               -- between two passes
        local te = P + T
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

return timeline
