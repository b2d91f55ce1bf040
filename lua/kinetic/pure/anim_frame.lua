-- kinetic.pure.anim_frame: csrc/core/anim_frame.c in Lua -- an animator's
-- frame: starting nodes (reading their fields, taking them over from the
-- animations that drove them), moving every node's clock, sweeping groups
-- pass by pass, stepping springs, completing nodes and joining the ones
-- chained after them.  The model and the clock rule: animator.lua.
--
-- The fields are read and written through the hooks of kn_anim_io, set
-- once by the binding (api/animator.lua, M.set_io): read(A, c) a
-- channel's start value, write(A, node) a node's fields, guard(A, k, t0,
-- t1, tau0, tau1) a group child whose fields may raise, report(A, node,
-- what), freed(A, node).  Any of them may raise (a field's metamethod): the
-- binding runs the frame under pcall, and A.current then names the
-- innermost node started or advanced, which it stops before it resumes the
-- loop after A.loop_i -- the same resumable state as C's.  The FFI split
-- (kn_anim_split, list_write) is C's alone: this backend has one frame.
-- luacheck: ignore 212 (the A of the core's signatures) 581 (NaN: C's !(x > y) is not x <= y)
local an = require("kinetic.pure.animator")
local spring = require("kinetic.pure.spring")

local huge = math.huge
local DBL_MAX = 1.7976931348623157e308
local KIDS_MAX_PASSES = 64.0   -- an update crossing more passes of a group
                               -- sweeps the last 64 (a bounded frame)
local STEPPED_DT_MAX = spring.STEPPED_DT_MAX
local ANALYTIC, OVERFLOW = spring.ANALYTIC, spring.OVERFLOW
local SP_X, SP_TARGET, SP_V, SP_FROM = spring.SP_X, spring.SP_TARGET, spring.SP_V,
                                       spring.SP_FROM
local spring_update, spring_init, reset_on_target = spring.update, spring.init,
                                                    spring.reset_on_target
local update_scalar = spring.update_scalar

local TWEEN, SPRING, GROUP, CALL = an.TWEEN, an.SPRING, an.GROUP, an.CALL
local follower_init = require("kinetic.pure.follower").init
local follow_mk = require("kinetic.pure.anim_make")
local FREE, CHAINED, LIVE, DONE = an.FREE, an.CHAINED, an.LIVE, an.DONE
local EV_START, EV_UPDATE, EV_DONE, EV_CALL = an.EV_START, an.EV_UPDATE, an.EV_DONE, an.EV_CALL
local STOP, RESTART = an.AFTER_STOP, an.AFTER_RESTART
local span_local, span_progress, span_backward = an.span_local, an.span_progress,
                                                 an.span_backward
local span_mark, repeat_event = an.span_mark, an.repeat_event
local kfloor, kceil = require("kinetic.pure.kmath").floor, require("kinetic.pure.kmath").ceil
local event, chan_release, node_free, root_of = an.event, an.chan_release, an.node_free,
                                                an.root_of
local rival, drive, root_add = an.rival, an.drive, an.root_add
local tween_eval, tween_velocity, round_out = an.tween_eval, an.tween_velocity, an.round_out

local M = {}

M.ANIM_OVERFLOW = 1                      -- KN_ANIM_OVERFLOW
M.RUN_START, M.RUN_ADVANCE = 0, 1        -- KN_RUN_START, KN_RUN_ADVANCE
M.OP_RUN, M.OP_ADVANCE, M.OP_SNAP, M.OP_SEEK = 0, 1, 2, 3
local RUN_ADVANCE = 1

-- The hooks (kn_anim_io), set by the binding.
local read, write, guard, report, freed
function M.set_io(io)
  read, write, guard, report, freed = io.read, io.write, io.guard, io.report, io.freed
end

-- ---- the frame's fast path ----------------------------------------------------
--
-- A top-level tween that has started, with at most FAST_CHANS number
-- fields, no on_update, no Lua easing, not paused and no start due, is
-- moved by run from flat arrays rather than from its tables (a frame of
-- many tweens then touches far less memory): its `started` is its slot s
-- (a number > 0) in A's fast records:
--   FN[s] the node, FCL[s] its clock -- kept there, not in the node, from
--   run's first move of it on --, FSC[s] its scale, FFS[s] its
--   frame_start, FDL[s], FDU[s], FTO[s] its delay, duration and total,
--   FEA[s] its easing (false: outQuad), FNC[s] its channels,
-- and for channel j of it, at c = (s - 1) * FAST_CHANS + j: CO[c] its
-- object (false once released: the arrays keep no holes, which would make
-- them hash tables), CK[c] its field, CF[c] and CT[c] its from and to,
-- CD[c] to - from (false where that overflows).
-- What changes those later keeps the copies (a:time_scale,
-- a:ease, run's frame_start reset, chan_release); whatever reads the
-- node's clock first brings it back (flush: a handle's methods, a spring
-- inheriting the tween's velocity), and whatever else acts on the node
-- makes it slow first (slow: `started` true, its clock back, its slot
-- freed): run's general path, stop, seek, finish, pause, on_update, a Lua
-- easing.  A.rslot[i] is run's hint of root i's slot (checked against
-- FN).  A spring with number fields only is moved by run from its tables:
-- its `started` is then FAST_SPRING.
local FAST_SPRING, FAST_CHANS = -1, an.FAST_CHANS

function M.fast_init(A)
  A.FN, A.FCL, A.FSC, A.FFS, A.FDL, A.FDU, A.FTO, A.FEA, A.FNC = {}, {}, {}, {}, {}, {}, {},
                                                                 {}, {}
  A.CO, A.CK, A.CF, A.CT, A.CD = {}, {}, {}, {}, {}
  A.ffree, A.nffree, A.fslots = {}, 0, 0
end

-- Make tween root nd fast (at its start), unless it has too many channels.
local function fast_tween(A, nd)
  local nch = nd.nch
  if nch > FAST_CHANS then return end
  local s
  local nf = A.nffree
  if nf > 0 then
    s = A.ffree[nf]
    A.nffree = nf - 1
  else
    s = A.fslots + 1
    A.fslots = s
  end
  A.FN[s], A.FCL[s], A.FSC[s], A.FFS[s] = nd, false, nd.scale, nd.frame_start
  A.FDL[s], A.FDU[s], A.FTO[s] = nd.delay, nd.duration, nd.total
  A.FEA[s], A.FNC[s] = nd.easing or false, nch
  local CO, CK, CF, CT, CD = A.CO, A.CK, A.CF, A.CT, A.CD
  local c = (s - 1) * FAST_CHANS
  for j = 1, FAST_CHANS do             -- (no holes: the arrays stay arrays)
    local ch = nd[j]
    if j <= nch then
      local x1, x2 = ch[2], ch[3]
      local d = x2 - x1                -- (lerp's difference: a constant of the channel)
      if d == huge or d == -huge then d = false end
      CO[c + j], CK[c + j], CF[c + j], CT[c + j], CD[c + j] = ch.object or false, ch.key, x1,
                                                            x2, d
    else
      CO[c + j], CK[c + j], CF[c + j], CT[c + j], CD[c + j] = false, false, 0.0, 0.0, false
    end
  end
  nd.started = s
end

-- A fast tween's clock back in the node (it stays fast).  (FCL[s] is
-- false until run first moves the node: its clock is the node's until then.)
local function flush(A, nd)
  local st = nd.started
  if st and st ~= true and st > 0 then
    local t = A.FCL[st]
    if t then nd.clock = t end
  end
end
M.flush = flush

-- The node takes the general path from now on: `started` true, a fast
-- tween's clock back in the node and its slot freed.
local function slow(A, nd)
  local st = nd.started
  if st and st ~= true then
    if st > 0 then
      local t = A.FCL[st]
      if t then nd.clock = t end
      local c = (st - 1) * FAST_CHANS
      local CO = A.CO
      for j = 1, FAST_CHANS do CO[c + j] = false end
      A.FN[st] = false
      local nf = A.nffree + 1
      A.ffree[nf] = st
      A.nffree = nf
    end
    nd.started = true
  end
end
M.slow = slow

-- The copies kept up to date: a fast tween's scale and easing changed.
function M.fast_scale(A, nd)
  local st = nd.started
  if st and st ~= true and st > 0 then A.FSC[st] = nd.scale end
end

function M.fast_easing(A, nd)
  local st = nd.started
  if st and st ~= true and st > 0 then A.FEA[st] = nd.easing or false end
end

-- ---- queries -------------------------------------------------------------------

-- The roots LIVE (kept by root_add, stop and complete_root).
function M.count(A)
  return A.nlive
end

local function fieldless(A, nd)
  if nd.kind == CALL then return false end
  local chans = nd
  for i = 1, nd.nch do
    if chans[i].object ~= nil then return false end
  end
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do
    if not fieldless(A, kids[i]) then return false end
  end
  return nd.kind ~= GROUP or (nd.nkids or 0) > 0 or not nd.is_seq
end
M.fieldless = fieldless

-- The node's group children are all done (a group of springs).
local function kids_done(A, nd)
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do
    if kids[i].state == LIVE then return false end
  end
  return true
end

function M.progress(A, nd)
  if nd.springs then return kids_done(A, nd) and 1.0 or 0.0 end
  if not nd.started then return 0.0 end
  if nd.kind == SPRING then             -- 1 - the largest share of distance left
    local worst = 0.0
    local chans = nd
    for j = 1, nd.nch do
      local c = chans[j]
      local s = c.spring
      if c.object ~= nil and not s.at_rest then
        local n, d = s.n, s.data
        for i = 1, n do
          local tg = d[SP_TARGET * n + i]
          local d0 = math.abs(d[SP_FROM * n + i] - tg)
          local dd = math.abs(d[SP_X * n + i] - tg)
          if d0 > 0.0 and dd / d0 > worst then worst = dd / d0 end
        end
      end
    end
    return worst >= 1.0 and 0.0 or 1.0 - worst   -- moving away: no progress yet
  end
  local u, pass, phase = span_local(nd, nd.clock)
  return phase < 0 and 0.0 or span_progress(nd, u, pass)
end

local function plain(A, nd)
  local chans = nd
  for i = 1, nd.nch do
    local c = chans[i]
    if c.object ~= nil and not (c.started and c.direct) then return false end
  end
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do
    if not plain(A, kids[i]) then return false end
  end
  return true
end
M.plain = plain

-- Whether event i still fires: its node was not freed or stopped since.
function M.event_live(A, i)
  local nd = A.ev_node[i]
  if not nd then return false end       -- fired already (a:finish())
  return nd.state ~= FREE and not nd.stopped
end

-- ---- ending and freeing ------------------------------------------------------------

local function free_node(A, nd)
  freed(A, nd)
  node_free(A, nd)
end

local function stop(A, nd)
  local st = nd.state
  if st == FREE or st == DONE then return end
  if st == LIVE and nd.parent == nil then  -- a root (one CHAINED is not)
    A.nlive = A.nlive - 1
    A.ndone = A.ndone + 1
  end
  slow(A, nd)
  nd.stopped = true
  local chans = nd
  for i = 1, nd.nch do chan_release(A, chans[i]) end
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do stop(A, kids[i]) end
  local ch = nd.chain                    -- the after chain goes with it
  nd.chain = nil
  while ch ~= nil do
    local nxt = ch.chain_next
    ch.state = DONE
    free_node(A, ch)
    ch = nxt
  end
  nd.state = DONE
end
M.stop = stop

-- Every live channel of node and below it (children, chained nodes) on
-- object (every key when key is nil) let go.  The order of the releases
-- does not matter: each (object, key) ends with no driver.
local function let_go_node(A, nd, object, key)
  local chans = nd
  for i = 1, nd.nch do
    local c = chans[i]
    if c.object == object and (key == nil or c.key == key) then chan_release(A, c) end
  end
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do let_go_node(A, kids[i], object, key) end
  local ch = nd.chain
  while ch ~= nil do
    let_go_node(A, ch, object, key)
    ch = ch.chain_next
  end
end

function M.let_go(A, object, key)
  local roots = A.roots
  for i = 1, A.nroots do
    if roots[i].state ~= FREE then let_go_node(A, roots[i], object, key) end
  end
  for i = 1, A.nroots do
    if fieldless(A, roots[i]) then stop(A, roots[i]) end
  end
end

function M.collect(A)
  if A.updating or A.ndone == 0 then return end   -- (no root DONE: nothing to free)
  local roots = A.roots
  for i = 1, A.nroots do
    if roots[i].state == DONE and not roots[i].keep then free_node(A, roots[i]) end
  end
  an.roots_compact(A)
end

-- The node ends without on_complete: an error, or no field left.
local function end_quietly(A, nd)
  if nd.state == LIVE or nd.state == CHAINED then stop(A, nd) end
end

-- ---- starting ---------------------------------------------------------------------

-- Velocity a spring channel c inherits from rival r, into c's from: a
-- spring's own velocity, a tween's slope at the rate its scales give it.
-- false when the shapes differ.
local function inherit_velocity(A, c, r)
  local k = c.k
  local rate, own = 1.0, c.node.scale
  if r.n ~= c.n or r.color ~= c.color then return false end
  local rs = r.spring
  if rs ~= nil then
    if not r.started then return false end
    local d, n = rs.data, rs.n
    for i = 1, k do c[k + i] = d[SP_V * n + i] end
    return true
  end
  if r.node.kind ~= TWEEN then return false end
  flush(A, r.node)                       -- (a fast tween's clock)
  local id = r.node
  while id ~= nil do
    rate = rate * id.scale
    id = id.parent
  end
  tween_velocity(A, r, rate, c, k)
  if own > 0.0 then
    for i = 1, k do c[k + i] = c[k + i] / own end
  end
  return true
end

-- Channel c takes its field over: every rival of another root lets go (a
-- node left with no field ends quietly); a spring channel (inherit) gets
-- the velocity of the one that was driving.
local function take_over(A, c, inherit)
  local inherited = false
  while true do
    local r = rival(A, c)
    if r == nil then break end
    local owner = root_of(A, r.node)
    if not inherited and inherit and c.spring ~= nil then
      inherited = inherit_velocity(A, c, r)
    end
    chan_release(A, r)
    if fieldless(A, owner) then end_quietly(A, owner) end
  end
  drive(A, c)
end

local sp_x, sp_to, sp_v = {}, {}, {}

-- The start of channel c: from and to of a tween, the state of a spring;
-- its out holds the field's value as read.
local function start_chan(A, c)
  local k = c.k
  local F, T, O = k, 2 * k, 3 * k
  if c.node.shake ~= nil then          -- about its value now
    c[F + 1] = c[O + 1]
    c[T + 1] = c[O + 1]
  elseif c.node.follow ~= nil then     -- at rest, towards its given value
    local nd = c.node
    local f = follow_mk.follower(A, c)
    local cur = c[O + 1]
    c[T + 1] = c.rel and cur + c[1] or c[1]
    c[F + 1] = cur
    if follower_init(f, nd.follow_a, nd.follow_v, cur, 0.0, c[T + 1]) then
      follower_init(f, nd.follow_a, nd.follow_v, c[T + 1], 0.0, c[T + 1])
    end
  elseif c.path ~= nil then            -- the fraction of its length: 0 to 1
    c[F + 1] = c.frm and 1.0 or 0.0
    c[T + 1] = 1.0 - c[F + 1]
  elseif c.spring ~= nil then
    local s = c.spring
    if c.color == 0 then               -- a colour's ends are set
      for i = 1, k do
        c[T + i] = c.rel and c[O + i] + c[i] or c[i]
      end
    end
    take_over(A, c, true)              -- from: the velocity option, or inherited
    for i = 1, k do
      sp_x[i], sp_to[i], sp_v[i] = c[O + i], c[T + i], c[F + i]
    end
    spring_init(s, k, s.model, s.integrator, s.clamp, s.rest_delta, s.rest_speed,
                sp_x, sp_to, sp_v)
    return
  elseif c.color == 0 then
    local rel, frm = c.rel, c.frm
    for i = 1, k do
      local cur = c[O + i]
      local g = rel and cur + c[i] or c[i]
      if frm then c[F + i] = g; c[T + i] = cur
      else c[F + i] = cur; c[T + i] = g end
    end
  end
  take_over(A, c, false)
end

-- Start node at frame time tau: read its fields and take them over; false
-- when it ended there (a bad field).  A tween or a spring whose fields all
-- turn out plain numbers, with no on_update, Lua easing, pause or start
-- due, is marked for the frame's fast path (run; see there).
local function start(A, nd, tau)
  nd.started = true
  if nd.kind ~= GROUP then
    local simple = nd.fling == nil and nd.follow == nil and nd.shake == nil
    for i = 1, nd.nch do
      local c = nd[i]
      if c.object ~= nil then
        if not read(A, c) then
          end_quietly(A, nd)
          return false
        end
        start_chan(A, c)
        if c.n ~= 0 or c.color ~= 0 or c.path ~= nil then simple = nil end
      end
    end
    if nd.follow ~= nil then follow_mk.follow_span(A, nd) end
    if simple and nd.parent == nil and
       not (nd.has_update or nd.lua_ease or nd.paused or nd.start_due or nd.round or
            nd.lua_round) then
      if nd.kind ~= TWEEN then nd.started = FAST_SPRING
      else fast_tween(A, nd) end
    end
  end
  if nd.has_start then event(A, nd, EV_START, tau) end
  return nd.state == LIVE
end
M.start = start

-- ---- advancing ------------------------------------------------------------------------

-- A spring node advanced by dt; true when every field is at rest.
local function spring_step(A, nd, dt)
  local moving = false
  local chans = nd
  for j = 1, nd.nch do
    local c = chans[j]
    if c.object ~= nil then
      local s = c.spring
      local k, flags, left = c.k, 0, dt
      -- the stepped integrators (1 ms substeps) move at most their bound in
      -- one update: a frame's work stays bounded
      if s.integrator ~= ANALYTIC and left > STEPPED_DT_MAX then left = STEPPED_DT_MAX end
      if not s.at_rest and left > 0.0 then flags = spring_update(s, left) end
      if flags >= OVERFLOW then
        reset_on_target(s)
        report(A, nd, M.ANIM_OVERFLOW)
      end
      local d, O = s.data, 3 * k
      for i = 1, k do c[O + i] = d[SP_X * k + i] end
      round_out(A, c)
      if not s.at_rest then moving = true end
    end
  end
  write(A, nd)
  return not moving
end

-- Length of a child within its group's iteration.
local function kid_length(k)
  if k.kind == SPRING or k.springs then return huge end
  if k.kind == CALL then return 0.0 end
  return k.total
end

local function clampd(x, lo, hi)
  return x < lo and lo or (x > hi and hi or x)
end

-- Frame time tau0 + (t - t0) rate of node time t, kept within the move's
-- frame times [lo, hi] (NaN gives hi).
local function frame_time(tau0, t0, rate, t, lo, hi)
  local tau = tau0 + (t - t0) * rate
  if tau >= lo then
    if tau <= hi then return tau end
    return hi
  end
  if tau < lo then return lo end
  return hi
end

local advance

-- Advance child k of a group: where the binding's code may run, through
-- its guard, which stops the child that raised and lets the sweep go on.
local function advance_kid(A, k, t0, t1, tau0, tau1)
  if guard == nil or plain(A, k) then advance(A, k, t0, t1, tau0, tau1)
  else guard(A, k, t0, t1, tau0, tau1) end
end

-- The children of group g crossed by its local time moving from ua to ub
-- (frame times taua, taub); inclusive: ua itself counts (a pass begins).
local function sweep_kids(A, g, ua, ub, inclusive, taua, taub)
  local fwd, n = ub >= ua, g.nkids or 0
  local slope = ub ~= ua and (taub - taua) / (ub - ua) or 0.0
  local lo, hi
  if taua < taub then lo, hi = taua, taub else lo, hi = taub, taua end
  local kids = g.kids
  for j = 0, n - 1 do
    local k = kids[fwd and j + 1 or n - j]
    local s, D = k.offset, kid_length(k)
    local hit
    if fwd then hit = s <= ub and (s + D > ua or (inclusive and s + D >= ua))
    else hit = s + D >= ub and s < ua end
    if k.state == LIVE and hit then
      local ca = ua >= s + D and D or (ua <= s and 0.0 or ua - s)   -- the ends exactly
      local cb = ub >= s + D and D or (ub <= s and 0.0 or ub - s)
      if k.kind == CALL then
        event(A, k, EV_CALL, frame_time(taua, ua, slope, s, lo, hi))
      else
        -- a spring of a group of springs (a top-level group, at the rate of
        -- the frame) that was moving when the frame began moves the whole step
        A.whole = g.springs and g.parent == nil and ua >= s and ua > 0.0
        advance_kid(A, k, ca, cb, taua + (s + ca - ua) * slope, taua + (s + cb - ua) * slope)
      end
    end
  end
end

-- One pass c of group g swept from unmirrored local time va to vb.
local function sweep_pass(A, g, c, va, vb, inclusive, taua, taub)
  local T = g.duration
  if g.after == STOP and c >= 1.0 then return end
  if span_backward(g, c) then va = T - va; vb = T - vb end
  sweep_kids(A, g, va, vb, inclusive, taua, taub)
end

-- Local time of t within its pass, unmirrored, and the pass.
local function pass_time(sp, t)
  local u, pass = span_local(sp, t)
  if span_backward(sp, pass) then u = sp.duration - u end
  if sp.after == STOP and pass >= 1.0 then u = sp.duration end
  return u, pass
end

-- Group g's clock moves from t0 to t1 (frame times tau0, tau1): each pass
-- crossed is swept (the last KIDS_MAX_PASSES at most).  The group is its
-- own span (nothing changes it during the sweep).
local function sweep_group(A, g, t0, t1, tau0, tau1)
  local T, d = g.duration, g.delay
  local dir = t1 >= t0 and 1 or -1
  local inclusive = not g.swept
  local restart = g.after == RESTART and dir > 0
  local ta = clampd(t0, d, g.total)
  g.swept = true
  t1 = clampd(t1, d, g.total)
  local rate = t1 ~= t0 and (tau1 - tau0) / (t1 - t0) or 0.0
  local lo, hi
  if tau0 < tau1 then lo, hi = tau0, tau1 else lo, hi = tau1, tau0 end
  if not (T > 0.0) or T == huge then          -- one pass, no turning
    local u0 = T > 0.0 and ta - d or 0.0
    local u1 = T > 0.0 and t1 - d or 0.0
    if T > 0.0 or inclusive then
      sweep_kids(A, g, u0, u1, inclusive, frame_time(tau0, t0, rate, ta, lo, hi), tau1)
    end
    return
  end
  local v0, p0 = pass_time(g, ta)
  local v1, p1 = pass_time(g, t1)
  if p0 == p1 then
    sweep_pass(A, g, p0, v0, v1, inclusive, frame_time(tau0, t0, rate, ta, lo, hi), tau1)
    return
  end
  local fw = dir > 0
  sweep_pass(A, g, p0, v0, fw and T or 0.0, inclusive, frame_time(tau0, t0, rate, ta, lo, hi),
             frame_time(tau0, t0, rate, span_mark(g, p0, fw), lo, hi))
  local between = (p1 - p0) * dir - 1.0       -- whole passes crossed
  local n = between > KIDS_MAX_PASSES and KIDS_MAX_PASSES or between   -- the last n
  for i = 0, n - 1 do
    local c = p1 - dir * (n - i)
    sweep_pass(A, g, c, fw and 0.0 or T, fw and T or 0.0, restart,
               frame_time(tau0, t0, rate, span_mark(g, c, not fw), lo, hi),
               frame_time(tau0, t0, rate, span_mark(g, c, fw), lo, hi))
  end
  sweep_pass(A, g, p1, fw and 0.0 or T, v1, restart,
             frame_time(tau0, t0, rate, span_mark(g, p1, not fw), lo, hi), tau1)
end

local REPEAT_MAX_PASSES = 64.0  -- a move crossing more passes reports the
                               -- last 64 of them (a bounded frame)
local PASS_MAX = 9007199254740992.0   -- 2^53: a pass count c + 1 is exact below it

-- on_repeat: the passes c >= 1 (of the node's finite ones) that begin in
-- (t0, t1], the last REPEAT_MAX_PASSES of them, each an event at its frame
-- time carrying its iteration n = c + 1.
local function repeat_events(A, nd, t0, t1, tau0, tau1)
  local P, last = nd.duration + (nd.gap or 0.0), kceil(nd.iterations) - 1.0
  if not (t1 > t0) or not (P > 0.0) or not (P < huge) or last < 1.0 then return end
  local lo = kfloor((t0 - nd.delay) / P)      -- about the last pass begun
  local hi = kfloor((t1 - nd.delay) / P)
  if not (hi < PASS_MAX) then return end       -- passes past 2^53: not counted
  if lo < 0.0 then lo = 0.0 end
  while lo > 0.0 and span_mark(nd, lo, false) > t0 do lo = lo - 1.0 end
  while span_mark(nd, lo, false) <= t0 do lo = lo + 1.0 end   -- the first begun after t0
  if hi > last then hi = last end
  while hi >= lo and span_mark(nd, hi, false) > t1 do hi = hi - 1.0 end
  while hi < last and span_mark(nd, hi + 1.0, false) <= t1 do hi = hi + 1.0 end
  if lo < 1.0 then lo = 1.0 end
  if hi - lo >= REPEAT_MAX_PASSES then lo = hi - (REPEAT_MAX_PASSES - 1.0) end
  local rate = (tau1 - tau0) / (t1 - t0)
  local c = lo
  while c <= hi do
    repeat_event(A, nd, frame_time(tau0, t0, rate, span_mark(nd, c, false), tau0, tau1), c + 1.0)
    c = c + 1.0
  end
end

-- A top-level node completed at frame time tau: DONE, on_complete, and
-- its chained nodes join the roots from tau on.
local function complete_root(A, nd, tau)
  local ch = nd.chain
  nd.state = DONE
  A.nlive = A.nlive - 1
  A.ndone = A.ndone + 1
  slow(A, nd)
  nd.chain = nil
  if nd.has_complete then event(A, nd, EV_DONE, tau) end
  while ch ~= nil do
    local nxt = ch.chain_next
    -- one stopped while it waited, or left with no field, joins as DONE
    ch.state = (ch.state == DONE or fieldless(A, ch)) and DONE or LIVE
    ch.chain_next = nil
    ch.frame_start = tau
    ch.clock = 0.0
    root_add(A, ch)
    A.joined = true                      -- the next frame resets frame_start
    ch = nxt
  end
end

-- Whether node finished in this move.
local function finished(A, nd, t0, t1, rested)
  if nd.kind == SPRING then return rested end
  if nd.springs then return kids_done(A, nd) end
  if t1 < nd.total or t1 < t0 then return false end
  return nd.parent == nil or t0 < nd.total or nd.total == 0.0
end

-- A node's move: its start (once), then its values.  -1 when it ended
-- there, else 1 when every spring of a spring node rests, 0 otherwise.
local function move(A, nd, t0, t1, tau0, tau1)
  local d = nd.delay
  local ts = t0 > d and t0 or d
  if not nd.started then
    local rate = t1 ~= t0 and (tau1 - tau0) / (t1 - t0) or 0.0   -- node time -> frame time
    if not start(A, nd, tau0 + (ts - t0) * rate) then return -1 end
  elseif nd.start_due then
    nd.start_due = nil
    if nd.has_start then event(A, nd, EV_START, tau0) end
  end
  local kind = nd.kind
  if kind == TWEEN then
    tween_eval(A, nd, t1)
    if nd.stopped then                   -- its Lua easing failed: it ends here
      nd.stopped = nil
      stop(A, nd)
      return -1
    end
    write(A, nd)
    return 0
  elseif kind == SPRING then            -- moving the whole frame: the exact step
    local dt
    if A.step >= 0.0 and ((nd.parent == nil and t0 >= d) or (nd.parent ~= nil and A.whole)) then
      dt = A.step
    else
      dt = t1 - ts
    end
    return spring_step(A, nd, dt) and 1 or 0
  end
  sweep_group(A, nd, t0, t1, tau0, tau1)
  return 0
end

-- A started tween moving to t1 short of its end, with no event due and
-- no Lua easing: its values shown, its clock at t1.
local function show_tween(A, nd, t1)
  local outer = A.current
  tween_eval(A, nd, t1)
  A.current = nd
  write(A, nd)
  A.current = outer
  nd.clock = t1
end

-- Advance node from its time t0 to t1; the frame times tau0, tau1 map to
-- them.
advance = function(A, nd, t0, t1, tau0, tau1)
  if t1 < nd.delay or (not nd.started and t1 < t0) then
    nd.clock = t1
    return
  end
  if nd.kind == TWEEN and nd.started and t1 < nd.total and not A.seeking and
     not (nd.start_due or nd.has_update or nd.lua_ease or nd.has_repeat) then
    show_tween(A, nd, t1)
    return
  end
  local outer = A.current
  A.current = nd
  local rested = move(A, nd, t0, t1, tau0, tau1)
  A.current = outer
  if rested < 0 then return end
  nd.clock = t1
  if nd.state ~= LIVE or nd.stopped then return end
  if nd.has_update then event(A, nd, EV_UPDATE, tau1) end
  if nd.has_repeat and not A.seeking then repeat_events(A, nd, t0, t1, tau0, tau1) end
  if A.seeking or not finished(A, nd, t0, t1, rested == 1) then return end
  local rate = t1 ~= t0 and (tau1 - tau0) / (t1 - t0) or 0.0
  if nd.parent ~= nil then
    if nd.kind == SPRING or nd.springs then nd.state = DONE end
    if nd.has_complete then event(A, nd, EV_DONE, tau0 + (nd.total - t0) * rate) end
    return
  end
  local tau = tau1
  if nd.kind ~= SPRING and nd.total < huge then tau = tau0 + (nd.total - t0) * rate end
  complete_root(A, nd, tau)
end
M.advance = advance

-- ---- quick setters ----------------------------------------------------------------------

local retarget = require("kinetic.pure.anim_make").retarget
local quick_to = { 0.0 }

-- kn_anim_quick: a quick setter's node (keep: a tween of one number field,
-- or a spring node of one) set going again towards `to` on object.key:
-- live and a root, driving its field again.  A tween started before plays
-- from `from` with its clock at 0; one not started yet, or a spring, is
-- retargeted (a spring keeps its position and velocity).
function M.quick(A, nd, object, key, from, to)
  local c = nd[1]
  slow(A, nd)
  nd.stopped, nd.start_due = nil, nil
  if c.object == nil then                -- let go of: its field again
    c.object = object
    c.key = key
  end
  if nd.started then take_over(A, c, false) end
  if nd.kind == SPRING and nd.state ~= LIVE then
    local s = c.spring                   -- at rest: it starts again as a new one would
    sp_x[1], sp_to[1], sp_v[1] = s.data[SP_X + 1], to, 0.0
    spring_init(s, 1, s.model, s.integrator, s.clamp, s.rest_delta, s.rest_speed, sp_x, sp_to,
                sp_v)
  elseif nd.kind == SPRING or not nd.started then
    quick_to[1] = to
    retarget(A, c, quick_to, false)
  else
    c[2], c[3], c[4] = from, to, from
    nd.clock = 0.0
  end
  nd.frame_start = 0.0
  if nd.state ~= LIVE then
    local roots, found = A.roots, false
    for i = 1, A.nroots do
      if roots[i] == nd then found = true; break end
    end
    if found then A.ndone = A.ndone - 1; A.nlive = A.nlive + 1 end
    nd.state = LIVE
    if not found then an.root_add(A, nd) end
  end
end

-- ---- finish ---------------------------------------------------------------------------

-- Start (if it has not: at frame time tau) and put every spring of node
-- on its target.
local function snap_springs(A, nd, tau)
  if not nd.started and not start(A, nd, tau) then return false end
  local chans = nd
  for j = 1, nd.nch do
    local c = chans[j]
    if c.object ~= nil then
      local s = c.spring
      reset_on_target(s)
      local n, d, O = s.n, s.data, 3 * c.k
      for i = 1, n do c[O + i] = d[SP_X * n + i] end
      round_out(A, c)
    end
  end
  return true
end

-- snap with its events at frame time tau.
local function snap_at(A, nd, tau)
  if nd.springs then
    if not nd.started then start(A, nd, tau) end   -- its on_start
    local kids = nd.kids
    for i = 1, nd.nkids or 0 do
      local k = kids[i]
      if k.state == LIVE and snap_springs(A, k, tau) then
        write(A, k)
        k.state = DONE
      end
    end
  elseif not snap_springs(A, nd, tau) then
    return
  end
  local t = nd.clock > nd.delay and nd.clock or nd.delay
  advance(A, nd, t, t, tau, tau)
end

function M.snap(A, nd)
  snap_at(A, nd, 0.0)
end

function M.seek(A, nd, t)
  if nd.state == LIVE then
    local started = nd.started
    if t > nd.total then t = nd.total end
    A.seeking = true
    advance(A, nd, nd.clock, t, 0.0, 0.0)
    A.seeking = false
    if not started and nd.started then
      nd.start_due = true
      slow(A, nd)
    end
  end
  nd.clock = t
end

-- ---- the frame's loop -------------------------------------------------------------------

-- Start node at the frame's start if its delay is over by then (and, for a
-- group, its children placed at or before where it stands).
local function prestart(A, nd)
  if nd.state ~= LIVE or nd.clock < nd.delay or nd.kind == CALL then return end
  if not nd.started then
    A.current = nd
    if not start(A, nd, 0.0) then return end
  end
  if nd.kind == GROUP and not nd.swept then   -- a group not yet played
    local kids = nd.kids
    for i = 1, nd.nkids or 0 do
      local k = kids[i]
      if k.offset <= nd.clock - nd.delay then prestart(A, k) end
    end
  end
  A.current = nil
end

-- Reduced motion: root nd, whose delay ends in this move or which joined
-- in this frame behind the one it was chained to (its clock from t0 at
-- frame time tau0 > 0, at rate), played to its end at once -- a spring
-- (or a group of springs) put on its targets, any other node advanced to
-- its total, its events in their order at the frame times its rate gives
-- them.  A node without end is not reduced: false.
local function reduce(A, nd, t0, tau0, rate)
  if (nd.follow ~= nil or nd.shake ~= nil) and not nd.started then
    local d = nd.delay                   -- a follow's span is known once it starts
    if not start(A, nd, (rate > 0.0 and t0 < d) and tau0 + (d - t0) / rate or tau0) then
      return true
    end
  end
  if nd.shake ~= nil then                -- a shake writes nothing: it lets go of its fields
    for j = 1, nd.nch do chan_release(A, nd[j]) end
  end
  local total = nd.total
  if nd.kind == SPRING or nd.springs then
    local d = nd.delay
    A.step = 0.0
    if t0 < d then nd.clock = d end
    snap_at(A, nd, (rate > 0.0 and t0 < d) and tau0 + (d - t0) / rate or tau0)
    return true
  end
  if not (total < huge) then return false end
  A.step = total - t0
  advance(A, nd, t0, total, tau0, rate > 0.0 and tau0 + (total - t0) / rate or tau0)
  return true
end

-- Root nd moves by dt of the frame (from its frame_start on).
local function advance_root(A, nd, dt)
  local rate = nd.scale * A.scale
  local tau0, t0 = nd.frame_start, nd.clock
  local step = (dt - tau0) * rate
  A.step = step
  local t1 = t0 + step
  if not (t1 <= DBL_MAX) then t1 = DBL_MAX end
  if A.reduced and t0 <= nd.delay and (t1 >= nd.delay or tau0 > 0.0) and
     reduce(A, nd, t0, tau0, rate) then
    return
  end
  if t1 > nd.total then t1 = nd.total end
  local tau1
  if t1 == t0 + step or not (rate > 0.0) then tau1 = dt
  else tau1 = tau0 + (t1 - t0) / rate end
  advance(A, nd, t0, t1, tau0, tau1)
end

-- The node to stop for an error a run raised, A.current then: the
-- innermost node started or advanced, or the root the fast path was
-- moving (run).
function M.culprit(A, current, mode)
  if current == nil and mode == RUN_ADVANCE then return A.roots[A.loop_i] end
  return current
end

-- kn_anim_op: the frame's entry points by number.
function M.op(A, op, x0, x1, x2, x3, x4)
  if op == 0 then M.run(A, x0, x1, x2)
  elseif op == 1 then advance(A, x0, x1, x2, x3, x4)
  elseif op == 2 then M.snap(A, x0)
  else M.seek(A, x0, x1) end
end

local ease_eval = require("kinetic.pure.easing").eval

-- The roots from index `from` (1-based) on, by mode: RUN_START starts
-- those whose delay is over, RUN_ADVANCE moves every one by dt.
--
-- The advance of a fast root -- a started tween or spring of number
-- fields, no on_update, Lua easing, pause or start due -- is inlined for
-- the common case (a tween within its first pass, a spring past its
-- delay): what advance_root, advance, move (or show_tween), tween_eval or
-- spring_step, and write do for it, in the same order of operations.
-- Every other root goes through advance_root.  The inlined path leaves
-- A.current nil where advance sets it to the node: a write that raises
-- there is the root at A.loop_i's (M.culprit), as nothing else in an
-- ADVANCE run raises with A.current nil.
function M.run(A, dt, from, mode)
  local roots = A.roots
  if mode ~= RUN_ADVANCE then
    local waiting = 0
    local n0 = A.nroots
    local i = from
    while i <= A.nroots do
      local nd = roots[i]
      if nd.state == LIVE and not nd.paused then
        A.loop_i = i
        if i > n0 then break end
        if not nd.started or (nd.kind == GROUP and not nd.swept) then
          prestart(A, nd)
          if not nd.started then waiting = waiting + 1 end
        end
      end
      i = i + 1
    end
    if waiting == 0 then A.starts_due = false end   -- none left to start
    return
  end
  local FFS = A.FFS
  if from == 1 and A.joined then       -- every root moves from the frame's start
    for i = 1, A.nroots do
      local r = roots[i]
      r.frame_start = 0.0
      local st = r.started
      if st and st ~= true and st > 0 then FFS[st] = 0.0 end
    end
    A.joined = false
  end
  local ascale, rslot, reduced = A.scale, A.rslot, A.reduced
  local FN, FCL, FSC, FDL, FDU, FTO, FEA, FNC = A.FN, A.FCL, A.FSC, A.FDL, A.FDU, A.FTO, A.FEA,
                                                A.FNC
  local CO, CK, CF, CT, CD = A.CO, A.CK, A.CF, A.CT, A.CD
  local MAXD, eval = DBL_MAX, ease_eval
  local i, n = from, A.nroots
  while i <= n do                      -- (n grows where chained nodes join)
    local nd = roots[i]
    local s = rslot[i]
    if not s or FN[s] ~= nd then       -- the hint is wrong: ask the node
      s = nd.started
      if s and s ~= true and s > 0 then
        rslot[i] = s
        if not FCL[s] then FCL[s] = nd.clock end   -- its clock moves here now
      end
    end
    if s == true or not s then
      if nd.state == LIVE and not nd.paused then
        A.loop_i = i
        advance_root(A, nd, dt)
        n = A.nroots
      end
    elseif s > 0 then                  -- a fast tween (LIVE, not paused), slot s
      A.loop_i = i
      local t0 = FCL[s]
      local step = (dt - FFS[s]) * (FSC[s] * ascale)
      local t1 = t0 + step
      local tau = t1 - FDL[s]
      local T = FDU[s]
      if t1 < FTO[s] and tau >= 0.0 and tau < T and not reduced then
        -- the first pass (span_local's first case: t1 < total, so t1 is
        -- below DBL_MAX), values shown; out is not kept (nothing reads a
        -- started tween's out but its write), nor A.step (only a spring's
        -- move reads it, after its own root set it).  (No seek is running:
        -- a run is never inside one.)
        local p = tau / T
        local e = FEA[s]
        local f
        if e then f = eval(e, p, false) else f = p * (2.0 - p) end
        local c = (s - 1) * FAST_CHANS
        for j = c + 1, c + FNC[s] do
          local obj = CO[j]
          if obj then                    -- (false: released)
            local x
            if f == 1.0 then
              x = CT[j]
            else
              local d = CD[j]
              if d then x = CF[j] + f * d
              else x = CF[j] * (1.0 - f) + CT[j] * f end
            end
            obj[CK[j]] = x
          end
        end
        FCL[s] = t1
      else
        slow(A, nd)                    -- (past its first pass: the general path)
        advance_root(A, nd, dt)
        n = A.nroots
      end
    else                               -- a fast spring (LIVE, not paused)
      A.loop_i = i
      local rate = nd.scale * ascale
      local tau0, t0 = nd.frame_start, nd.clock
      local step = (dt - tau0) * rate
      local t1 = t0 + step
      if step >= 0.0 and t0 >= nd.delay and t1 <= MAXD and not reduced then
        -- a spring moving the whole step (its span is endless: t1 is not
        -- clamped, and tau1 = dt).  Each field is written right after its
        -- step rather than all after all: the same writes and reports in
        -- the same order but where a write raises, and then the node is
        -- stopped, its springs no longer seen.
        A.step = step
        local moving = false
        for j = 1, nd.nch do
          local c = nd[j]
          local obj = c.object
          if obj ~= nil then
            local sp = c.spring
            local flags = 0
            if not sp.at_rest and step > 0.0 then
              if sp.integrator == ANALYTIC then   -- (update's own dispatch, n = 1)
                flags = update_scalar(sp, step)
              else
                flags = spring_update(sp, step > STEPPED_DT_MAX and STEPPED_DT_MAX or step)
              end
            end
            if flags >= OVERFLOW then
              reset_on_target(sp)
              report(A, nd, M.ANIM_OVERFLOW)
            end
            local x = sp.data[1]            -- X of a one-item spring
            c[4] = x
            if not sp.at_rest then moving = true end
            obj[c.key] = x
          end
        end
        nd.clock = t1
        if not moving then
          complete_root(A, nd, dt)
          n = A.nroots
        end
      else
        advance_root(A, nd, dt)
        n = A.nroots
      end
    end
    i = i + 1
  end
  A.current = nil
end

return M
