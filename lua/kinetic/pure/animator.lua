-- kinetic.pure.animator: csrc/core/animator.c in Lua -- the animator's
-- store (nodes, channels, the drivers, the frame's events), the clock rule
-- of a node and a tween's values.  The model: csrc/core/animator.h.
--
-- The store holds tables where C holds slots of growable arrays:
--   A (kn_animator)  roots (array, nroots; nlive and ndone count the LIVE
--                    and the DONE ones), the events as parallel arrays
--                    ev_time, ev_node, ev_kind, ev_order (1..nevents), the
--                    drivers drv[key][object] = channel, serial, frames,
--                    scale, paused, updating, and the frame's resumable
--                    state step, whole, current (a node or nil), loop_i,
--                    seeking, starts_due.
--   a node (kn_node) kind, state, parent (a node or nil), started, paused,
--                    order, born, the flags of kn_node.user as booleans
--                    (has_start, has_update, has_complete, is_seq, lua_ease,
--                    springs, swept, stopped, start_due; nil is false), its
--                    channels in order in its own array part (nd[1 .. nch]),
--                    chain / chain_next (nodes or nil), placed, kids and
--                    nkids (a group's; nil: none), the span's fields
--                    (delay, duration, iterations, total, after: a node is
--                    its own kn_span), clock, scale, offset (a child's),
--                    frame_start, easing (a core easing or nil: outQuad),
--                    fling, round (a rounding of pure/round.lua, or nil),
--                    lua_round (its values rounded by the binding's
--                    function), target (a group's list; the object of its first
--                    channel once that one is released).  A node's table
--                    stays within 16 fields in the common cases: the
--                    frame's fast path reads it for every tween.
--   a channel        node, n, k = max(n, 1), the flags as booleans (rel,
--   (kn_chan)        frm, started, direct; nil is false), object (nil once
--                    released), key (the field name itself: C's interned
--                    id), displaced, spring, path, part, color, hue, form;
--                    its numbers in its own array part: given[i] at ch[i],
--                    from[i] at ch[k + i], to[i] at ch[2k + i] and out[i]
--                    at ch[3k + i] (i = 1 .. k).
-- A node or a channel is never reused: a freed node keeps state FREE, so
-- a stale event or handle sees it gone without C's generation counts.
-- luacheck: ignore 212 (the A of the core's signatures) 581 (NaN: C's !(x > y) is not x <= y)
local easing = require("kinetic.pure.easing")
local interp = require("kinetic.pure.interp")
local path = require("kinetic.pure.path")
local fling = require("kinetic.pure.fling")
local spring = require("kinetic.pure.spring")
local K = require("kinetic.pure.kmath")

local abs, huge = math.abs, math.huge
local kfloor, kceil, fmod = K.floor, K.ceil, K.fmod
local ease_eval, path_at, fling_at = easing.eval, path.at, fling.at
local lerp = interp.lerp
local round_value = require("kinetic.pure.round").value
local follower_at = require("kinetic.pure.follower").at
local noise = require("kinetic.pure.noise").noise

local M = {}

-- The most channels of a tween the frame's fast path moves (anim_frame.lua).
local FAST_CHANS = 4
M.FAST_CHANS = FAST_CHANS

-- enum kn_after (timeline.h)
local STOP, RESTART, REVERSE = 0, 1, 2
M.AFTER_STOP, M.AFTER_RESTART, M.AFTER_REVERSE = STOP, RESTART, REVERSE

-- enum kn_node_kind, kn_node_state, kn_event_kind
local TWEEN, SPRING, GROUP, CALL = 0, 1, 2, 3
M.TWEEN, M.SPRING, M.GROUP, M.CALL = TWEEN, SPRING, GROUP, CALL
local FREE, CHAINED, LIVE, DONE = 0, 1, 2, 3
M.FREE, M.CHAINED, M.LIVE, M.DONE = FREE, CHAINED, LIVE, DONE
M.EV_START, M.EV_UPDATE, M.EV_DONE, M.EV_CALL, M.EV_REPEAT = 0, 1, 2, 3, 4

-- enum of the stagger origins
M.STAGGER_START, M.STAGGER_CENTER, M.STAGGER_END, M.STAGGER_EDGES, M.STAGGER_INDEX,
  M.STAGGER_RANDOM = 0, 1, 2, 3, 4, 5
local ST_CENTER, ST_END, ST_EDGES, ST_INDEX, ST_RANDOM = 1, 2, 3, 4, 5

-- ---- clock rule -----------------------------------------------------------

function M.span_init(s, delay, duration, iterations, after)
  s.delay = delay
  s.duration = duration
  s.iterations = iterations
  s.after = after
  s.total = iterations == huge and huge or delay + iterations * duration
  if duration == 0.0 then s.total = delay end
  local gap = s.gap
  if gap and gap > 0.0 and s.total < huge then
    s.total = s.total + (kceil(iterations) - 1.0) * gap
  end
end

-- kn_span_set_gap: the repeat delay set (nil is 0), the total recomputed.
function M.span_set_gap(s, gap)
  s.gap = gap
  M.span_init(s, s.delay, s.duration, s.iterations, s.after)
end

-- kn_span_mark: the start (e false) or the end (e true) of pass c.
local function span_mark(s, c, e)
  local gap = s.gap
  if not gap or gap == 0.0 then return s.delay + (e and c + 1.0 or c) * s.duration end
  return s.delay + c * (s.duration + gap) + (e and s.duration or 0.0)
end
M.span_mark = span_mark

local function span_backward(s, pass)
  return s.after == REVERSE and fmod(pass, 2.0) == 1.0
end
M.span_backward = span_backward

-- The last pass of a finite span: ceil(N) - 1.
local function last_pass(s)
  local c = kceil(s.iterations) - 1.0
  return c < 0.0 and 0.0 or c
end

-- Local time u in [0, T] shown at time t (delay included), its pass, and
-- its phase: -1 in the delay, 0 running, 1 at or past the end.  Returns
-- u, pass, phase.
local function span_local(s, t)
  local T, tau = s.duration, t - s.delay
  local c, u, phase
  if tau < 0.0 then return 0.0, 0.0, -1 end
  if tau < T and t < s.total then   -- the first pass, not yet ended
    return tau, 0.0, 0
  end
  local gap = s.gap
  if gap and gap > 0.0 and t < s.total and T > 0.0 then
    -- a pass and its repeat delay: w within P = T + r, u = min(w, T)
    local P = T + gap
    c = kfloor(tau / P)
    local w = tau - c * P
    if w < 0.0 then c = c - 1.0; w = w + P
    elseif w >= P then c = c + 1.0; w = w - P end
    if w < 0.0 then w = 0.0 end
    u = w < T and w or T
    phase = 0
  elseif t >= s.total or T == 0.0 or tau >= s.iterations * T then
    c = T == 0.0 and 0.0 or last_pass(s)
    local f = s.iterations - c          -- a fractional last pass ends early
    u = (f >= 1.0 and 1.0 or f) * T
    phase = 1
  else
    c = kfloor(tau / T)                 -- c = floor((t - d) / T)
    u = tau - c * T
    if u < 0.0 then c = c - 1.0; u = u + T
    elseif u >= T then c = c + 1.0; u = u - T end
    if u < 0.0 then u = 0.0 end
    if u > T then u = T end             -- c T rounded far below tau (c near 2^53 T / ulp)
    phase = 0
  end
  if s.after == STOP and c >= 1.0 then u = T
  elseif span_backward(s, c) then u = T - u end
  return u, c, phase
end
M.span_local = span_local

-- Input progress u / T of local time u (T = 0: 1 on a forward last pass,
-- 0 on a backward one).
local function span_progress(s, u, pass)
  local T = s.duration
  if T > 0.0 then
    local p = u / T
    return p > 1.0 and 1.0 or p
  end
  return span_backward(s, pass) and 0.0 or 1.0
end
M.span_progress = span_progress

-- ---- store ------------------------------------------------------------------

function M.animator_init(A)
  A = A or {}
  A.roots, A.nroots, A.nlive, A.ndone = {}, 0, 0, 0
  A.rslot = {}              -- by root: the frame's fast path's hint (anim_frame.lua)
  A.ev_time, A.ev_node, A.ev_kind, A.ev_order, A.nevents = {}, {}, {}, {}, 0
  A.ev_arg = {}             -- a repeat event's iteration (by event index)
  A.drv = {}
  A.serial = 0
  A.frames = 0
  A.scale = 1.0
  A.paused = false
  A.reduced = false
  A.updating = false
  A.step = -1.0
  A.whole = false
  A.current = nil
  A.loop_i = 0
  A.seeking = false
  A.starts_due = false
  return A
end

-- A new node: LIVE, its span (delay 0, duration 0, one pass, "stop") the
-- timeline's; the flags, parent, chain, kids, easing and fling absent, and
-- offset (a child's is set when it is placed).  (C's nchan, which nothing
-- reads, is not kept.)
function M.node_new(A, kind)
  local nd = {
    kind = kind, state = LIVE, order = A.serial, born = A.frames, nch = 0,
    delay = 0.0, duration = 0.0, iterations = 1.0, total = 0.0, after = STOP,
    clock = 0.0, scale = 1.0, frame_start = 0.0,
  }
  A.serial = A.serial + 1
  return nd
end

-- A channel of node for object.key with k = max(n, 1) given values (0),
-- appended to the node's channels.  Its flags, spring, path and the
-- colour's hue and form are absent until set.
function M.chan_new(A, node, object, key, n)
  local ch
  if n == 0 then
    ch = { 0.0, 0.0, 0.0, 0.0, node = node, n = 0, k = 1, object = object, key = key, color = 0 }
  else
    local k = n > 0 and n or 1
    ch = { node = node, n = n, k = k, object = object, key = key, color = 0 }
    for i = 1, 4 * k do ch[i] = 0.0 end
  end
  local nch = node.nch + 1
  node[nch] = ch
  node.nch = nch
  return ch
end

-- A number channel turned into one of n >= 1 items, each given the number
-- it was given; its spring, if any, remade for n items with the same
-- motion.
function M.chan_resize(A, ch, n)
  local g, v = ch[1], ch[2]          -- given[0]; from[0]: a spring's velocity option
  local old = ch.spring
  if old ~= nil then
    local z = {}
    for i = 1, n do z[i] = 0.0 end
    ch.spring = spring.init(spring.new(n), n, old.model, old.integrator, old.clamp,
                            old.rest_delta, old.rest_speed, z, z, z)
  end
  for i = 1, n do ch[i] = g end
  for i = n + 1, 2 * n do ch[i] = v end
  for i = 2 * n + 1, 4 * n do ch[i] = 0.0 end
  ch.n = n
  ch.k = n
end

-- (A.nlive and A.ndone count the roots LIVE and DONE: kn_anim_count, and
-- whether kn_anim_collect has anything to free, without a pass.)
function M.root_add(A, node)
  local n = A.nroots + 1
  A.roots[n] = node
  A.rslot[n] = false
  A.nroots = n
  if node.state == LIVE then A.nlive = A.nlive + 1 else A.ndone = A.ndone + 1 end
end

-- Insert child into group's children by offset (after equal offsets).
function M.kid_add(A, group, child)
  local kids = group.kids
  if kids == nil then kids = {}; group.kids = kids end
  local off = child.offset
  local n = group.nkids or 0
  local i = n
  while i > 0 and kids[i].offset > off do
    kids[i + 1] = kids[i]
    i = i - 1
  end
  kids[i + 1] = child
  group.nkids = n + 1
  child.parent = group
end

function M.event(A, node, kind, time)
  local n = A.nevents + 1
  A.ev_time[n] = time
  A.ev_node[n] = node
  A.ev_kind[n] = kind
  A.ev_order[n] = node.order
  A.ev_arg[n] = false
  A.nevents = n
end

-- A repeat event (EV_REPEAT) of node, carrying the iteration it begins.
function M.repeat_event(A, node, time, it)
  M.event(A, node, M.EV_REPEAT, time)
  A.ev_arg[A.nevents] = it
end

-- Stable insertion sort of the events after the first `first` by time,
-- then kind, then creation order (they come nearly sorted).
function M.sort_events(A, first)
  local T, N, Kd, O, R = A.ev_time, A.ev_node, A.ev_kind, A.ev_order, A.ev_arg
  for i = first + 2, A.nevents do
    local t, nd, kd, o, r = T[i], N[i], Kd[i], O[i], R[i]
    local j = i
    while j > first + 1 do
      local tj, kj = T[j - 1], Kd[j - 1]
      local before
      if t ~= tj then before = t < tj
      elseif kd ~= kj then before = kd < kj
      else before = o < O[j - 1] end
      if not before then break end
      T[j], N[j], Kd[j], O[j], R[j] = tj, N[j - 1], kj, O[j - 1], R[j - 1]
      j = j - 1
    end
    T[j], N[j], Kd[j], O[j], R[j] = t, nd, kd, o, r
  end
end

-- ---- drivers -------------------------------------------------------------------

-- The channel that drives (object, key), or nil.
local function driver(A, object, key)
  local d = A.drv[key]
  return d and d[object]
end
M.driver = driver

-- The channel of node for (object, key), or nil.
function M.find_chan(A, node, object, key)
  local chans = node
  for i = 1, node.nch do
    local c = chans[i]
    if c.object == object and c.key == key then return c end
  end
  return nil
end

local function root_of(A, node)
  while node.parent ~= nil do node = node.parent end
  return node
end
M.root_of = root_of

-- The first channel driving c's (object, key) whose root is not c's.
function M.rival(A, c)
  local root, d = root_of(A, c.node), driver(A, c.object, c.key)
  while d ~= nil do
    if d ~= c and root_of(A, d.node) ~= root then return d end
    d = d.displaced
  end
  return nil
end

-- c becomes the driver of its (object, key); the channels of its own root
-- it displaces stay linked behind it.
function M.drive(A, c)
  local key = c.key
  local d = A.drv[key]
  if d == nil then d = {}; A.drv[key] = d end
  local s = d[c.object]
  if s == nil then c.displaced = nil
  elseif s ~= c then c.displaced = s end
  d[c.object] = c
  c.started = true
  return true
end

-- Stop channel c driving: out of the drivers and their list, off its node.
-- The object of a node's first channel stays the node's target (a:after's
-- default; C keeps it in the binding's slot): it is kept in nd.target when
-- that channel lets go, unless the node is being freed.
function M.chan_release(A, c, freeing)
  if c.started then
    local d = A.drv[c.key]
    local s = d and d[c.object]
    if s == c then
      d[c.object] = c.displaced       -- nil: the entry goes
    elseif s ~= nil then
      while s ~= nil and s.displaced ~= c do s = s.displaced end   -- unlink c
      if s ~= nil then s.displaced = c.displaced end
    end
  end
  c.started = nil
  c.displaced = nil
  local obj = c.object
  if obj ~= nil then
    local nd = c.node
    if not freeing and nd[1] == c and nd.target == nil then nd.target = obj end
    local st = nd.started
    if st and st ~= true and st > 0 then   -- a fast tween's copy (anim_frame.lua)
      local base = (st - 1) * FAST_CHANS
      for j = 1, nd.nch do
        if nd[j] == c then A.CO[base + j] = false end
      end
    end
    c.object = nil
  end
end
local chan_release = M.chan_release

-- ---- freeing ----------------------------------------------------------------------

-- Free a node and its channels, its children and its chained nodes.
local function node_free(A, node)
  if node.state == FREE then return end
  for i = 1, node.nch do
    local c = node[i]
    chan_release(A, c, true)
    c.spring = nil
    node[i] = nil
  end
  node.nch = 0
  local kids = node.kids
  for i = 1, node.nkids or 0 do node_free(A, kids[i]) end
  local i = node.chain
  while i ~= nil do
    local nxt = i.chain_next
    node_free(A, i)
    i = nxt
  end
  node.fling = nil
  node.kids = nil
  node.nkids = nil
  node.state = FREE
  node.chain = nil
  node.chain_next = nil
end
M.node_free = node_free

-- Drop the roots that are not LIVE, keeping order.
function M.roots_compact(A)
  local roots, rslot, j = A.roots, A.rslot, 0
  local n = A.nroots
  for i = 1, n do
    local r = roots[i]
    if r.state == LIVE then
      j = j + 1
      roots[j], rslot[j] = r, rslot[i]
    end
  end
  for i = j + 1, n do roots[i], rslot[i] = nil, nil end
  A.nroots = j
  A.ndone = 0
end

-- ---- values ----------------------------------------------------------------------

-- outQuad, the default easing (Penner's; flux's quadout).
local function out_quad(p) return p * (2.0 - p) end

-- The easing of node at p: its core easing (a Lua function is one of kind
-- CALLBACK, api/lua_easing.lua), else outQuad.
local function ease(e, p)
  if e then return ease_eval(e, p, false) end
  return p * (2.0 - p)
end
M.ease = ease
M.out_quad = out_quad

-- A tween node's channels at its clock t (started): out = lerp(from, to,
-- E(progress)).
-- kn_anim_round_out: channel c's out rounded by its node's rounding.
function M.round_out(A, c)
  local r = c.node.round
  if r == nil then return end
  local k = c.k
  for i = 3 * k + 1, 4 * k do c[i] = round_value(r, c[i]) end
end

function M.tween_eval(A, nd, t)
  local u, pass = span_local(nd, t)
  local chans = nd
  local follow, shake = nd.follow, nd.shake
  if shake ~= nil then                   -- base + amp (1 - E(p)) noise
    local p = span_progress(nd, u, pass)
    local env = 1.0 - ease(nd.easing, p)
    local amp, kk, fq, seed = shake.amp, shake.k, shake.frequency, shake.seed
    for j = 1, nd.nch do
      local c = chans[j]
      if c.object ~= nil then
        if p >= 1.0 then c[4] = c[2]
        else c[4] = c[2] + amp[j] * env * noise(fq * u, seed + kk[j]) end
        M.round_out(A, c)
      end
    end
    return
  end
  if follow ~= nil then                  -- each channel its follower's position
    for j = 1, nd.nch do
      local c = chans[j]
      if c.object ~= nil then
        c[4] = follower_at(follow[j], u)
        M.round_out(A, c)
      end
    end
    return
  end
  if nd.fling ~= nil then
    local c = chans[1]
    if c ~= nil and c.object ~= nil then
      c[4] = fling_at(nd.fling, u)
      M.round_out(A, c)
    end
    return
  end
  local yoyo = nd.yoyo ~= nil and span_backward(nd, pass)   -- (false: yoyo with outQuad)
  local f
  if yoyo then f = ease(nd.yoyo, 1.0 - span_progress(nd, u, pass))
  else f = ease(nd.easing, span_progress(nd, u, pass)) end
  local seen, seen_u, x, y, a = nil, 0.0, 0.0, 0.0, 0.0
  for j = 1, nd.nch do
    local ch = chans[j]
    if ch.object ~= nil then
      local k = ch.k
      local fa, fb = k, 2 * k                -- from and to (to and from on a yoyo pass)
      if yoyo then fa, fb = fb, fa end
      local o = lerp(ch[fa + 1], ch[fb + 1], f)
      local p = ch.path
      if p ~= nil then                 -- the node's x, y and angle: one point
        if p ~= seen or o ~= seen_u then
          seen = p
          seen_u = o
          x, y, a = path_at(seen, seen_u)
        end
        local part = ch.part
        ch[4] = part == 0 and x or (part == 1 and y or a)
      else
        ch[3 * k + 1] = o
        for i = 2, ch.n do ch[3 * k + i] = lerp(ch[fa + i], ch[fb + i], f) end
      end
      M.round_out(A, ch)
    end
  end
end

-- One-sided difference quotient of E at p with step h (signed).
local function quotient(e, p, ep, h)
  return (ease(e, p + h) - ep) / h
end

local path_d = { 0.0, 0.0, 0.0 }

-- Velocity of tween channel c (per item, into v[off + 1 .. off + k]) at
-- its node's clock: E'(p) (to - from) / T times the node's rate `rate`,
-- E' by two Richardson steps over one-sided quotients (animator.h).
function M.tween_velocity(A, c, rate, v, off)
  local nd = c.node
  local h, T = 1.0 / 4096.0, nd.duration   -- 0x1p-12
  local k = c.k
  local u, pass, phase = span_local(nd, nd.clock)
  local p = span_progress(nd, u, pass)
  if phase ~= 0 or not (T > 0.0) or nd.shake ~= nil then   -- not moving: in its delay or
                                                            -- ended; a shake: none
    for i = 1, k do v[off + i] = 0.0 end
    return
  end
  if nd.fling ~= nil or nd.follow ~= nil then   -- the motion's own velocity
    local _, w
    if nd.fling ~= nil then _, w = fling_at(nd.fling, u)
    else
      local j = 1
      while nd[j] ~= c do j = j + 1 end
      _, w = follower_at(nd.follow[j], u)
    end
    v[off + 1] = w * rate
    return
  end
  if p + 3.0 * h > 1.0 then h = -h end
  local e = nd.easing
  local ep = ease(e, p)
  local d1 = quotient(e, p, ep, h)
  local d2 = quotient(e, p, ep, h / 2)
  local d4 = quotient(e, p, ep, h / 4)
  local slope = (4.0 * (2.0 * d4 - d2) - (2.0 * d2 - d1)) / 3.0
  -- a reverse pass runs the easing backwards
  if span_backward(nd, pass) then slope = -slope end
  if c.path ~= nil then                  -- d part / du at the point shown
    path_at(c.path, lerp(c[k + 1], c[2 * k + 1], ep), path_d)
    slope = slope * path_d[c.part + 1]
  end
  for i = 1, k do v[off + i] = slope * (c[2 * k + i] - c[k + i]) / T * rate end
end

-- ---- stagger ------------------------------------------------------------------------

-- The delays of n targets into delays[1..n] (animator.h): GSAP 3's
-- distribute() for a flat list; perm[i] (0-based slots) for random.
function M.stagger(n, from, index, total, e, perm, delays)
  local o
  local dmin, dmax = huge, -huge
  if from == ST_CENTER or from == ST_EDGES then o = n * 0.5 - 0.5
  elseif from == ST_END then o = n / 1 - 0.5
  elseif from == ST_INDEX then o = index - 1.0
  else o = -0.5 end
  for i = 0, n - 1 do
    local d = abs(i - o)
    if d < dmin then dmin = d end
    if d > dmax then dmax = d end
  end
  for i = 0, n - 1 do
    local j = (from == ST_RANDOM and perm ~= nil) and perm[i + 1] or i
    local l = dmax > dmin and (abs(j - o) - dmin) / (dmax - dmin) or 0.0
    if from == ST_EDGES then l = 1.0 - l end
    delays[i + 1] = (e ~= nil and ease_eval(e, l, false) or l) * total
  end
end

return M
