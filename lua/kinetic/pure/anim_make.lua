-- kinetic.pure.anim_make: csrc/core/anim_make.c in Lua -- building an
-- animator's nodes: the methods' option lists, the spans of the kinds (a
-- spring's endless one, a group's from its children's offsets, a
-- sequence's growing with each child placed), the springs of a spring
-- node's channels, a retarget's new targets and motion, the chain a node
-- joins, colour channels' ends, the stagger's random order, and the
-- reasons a control refuses a node.  The binding reads the caller's values
-- into numbers and calls these; the model is animator.lua's.
-- luacheck: ignore 212 (the A of the core's signatures) 581 (NaN: C's !(x > y) is not x <= y)
local an = require("kinetic.pure.animator")
local spring = require("kinetic.pure.spring")
local color_mix = require("kinetic.pure.color_mix")

local floor, huge = math.floor, math.huge
local span_init, kid_add = an.span_init, an.kid_add
local TWEEN, SPRING, CALL = an.TWEEN, an.SPRING, an.CALL
local CHAINED, LIVE, DONE = an.CHAINED, an.LIVE, an.DONE
local STOP = an.AFTER_STOP
local SP_X, SP_TARGET = spring.SP_X, spring.SP_TARGET
local mix_ends, mix_at = color_mix.mix_ends, color_mix.mix_at

local M = {}

-- ---- shakes -----------------------------------------------------------------------

-- kn_anim_shake_node: node (a tween of number channels, its span and
-- easing set) shakes with frequency and seed, amp and k by channel.
function M.shake_node(A, node, frequency, seed, amp, k)
  node.shake = { frequency = frequency, seed = seed, amp = amp, k = k }
end

-- ---- followers ------------------------------------------------------------------

local follower = require("kinetic.pure.follower")

-- kn_anim_follow_node: node, a tween of number channels, follows: a
-- follower a channel (made at its start), limits a and v; endless from
-- its delay until then.
function M.follow_node(A, node, a, v)
  local f = {}
  for j = 1, node.nch do f[j] = {} end
  node.follow, node.follow_a, node.follow_v = f, a, v
  span_init(node, node.delay, huge, 1.0, STOP)
  node.total = huge
end

-- kn_anim_follow_limits
function M.follow_limits(A, node, a, v)
  node.follow_a, node.follow_v = a, v
  if not node.started then return end
  for j = 1, node.nch do
    local f = node.follow[j]
    f.max_acceleration, f.max_speed = a, v
  end
end

-- kn_anim_follower: the follower of channel c.
local function follower_of(A, c)
  local nd = c.node
  local j = 1
  while nd[j] ~= c do j = j + 1 end
  return nd.follow[j]
end
M.follower = follower_of

-- kn_anim_follow_span: the span ends with the last arrival.
local function follow_span(A, node)
  local e = 0.0
  for j = 1, node.nch do
    local f = node.follow[j]
    local x = f.start + f.t[f.n + 1]
    if node[j].object ~= nil and x > e then e = x end
  end
  span_init(node, node.delay, e, 1.0, STOP)
end
M.follow_span = follow_span

-- kn_anim_follow_retarget: channel c re-planned at its node's local time
-- towards t; false on overflow.
function M.follow_retarget(A, c, t)
  local nd = c.node
  local f = follower_of(A, c)
  f.time = (an.span_local(nd, nd.clock))
  if follower.set_target(f, t) then return false end
  c[3] = t
  follow_span(A, nd)
  return true
end

-- kn_anim_set_round: node's rounding (a rounding of pure/round.lua, or
-- nil).
function M.set_round(A, node, r)
  node.round = r
end

-- ---- the methods' options -------------------------------------------------------

-- The option names of anim:to / anim:from (in the KN_OPT_* order),
-- anim:spring, a stagger table, anim:sequence and anim:fling by kind.
M.tween_options = {
  "easing", "delay", "iterations", "after", "stagger", "on_start", "on_update",
  "on_complete", "rotate", "fields", "color_space", "hue", "round", "repeat_delay",
  "on_repeat", "yoyo_ease"
}
M.spring_options = {
  "delay", "stagger", "on_start", "on_update", "on_complete", "velocity",
  "color_space", "hue", "round", "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp"
}
M.SPRING_PARAMS = 10     -- KN_OPT_SPRING_PARAMS + 1: the spring's own from here on
M.follow_options = {
  "max_acceleration", "max_speed", "delay", "on_start", "on_update", "on_complete", "round"
}
M.shake_options = {
  "amplitude", "frequency", "duration", "seed", "decay", "delay", "on_start", "on_update",
  "on_complete", "round"
}
M.stagger_options = { "each", "amount", "from", "easing" }
M.sequence_options = {
  "iterations", "after", "delay", "on_start", "on_update", "on_complete", "repeat_delay",
  "on_repeat"
}
M.fling_options = {
  [0] = { "kind", "on_start", "on_update", "on_complete", "round", "power", "time_constant",
          "min", "max", "snap", "bounce_stiffness", "bounce_damping", "rest_delta",
          "rest_speed" },
  { "kind", "on_start", "on_update", "on_complete", "round", "min", "max", "spring" },
  { "kind", "on_start", "on_update", "on_complete", "round", "friction" },
  { "kind", "on_start", "on_update", "on_complete", "round", "friction_multiplier",
    "threshold" }
}

-- The stagger origin named s (0-based KN_STAGGER_*), -1 for none ("index"
-- is given as a number).
local froms = { "start", "center", "end", "edges", "index", "random" }
function M.stagger_from_find(s)
  for i = 1, 6 do
    if i ~= 5 and s == froms[i] then return i - 1 end
  end
  return -1
end

-- ---- spans and placement --------------------------------------------------------

-- A spring ends when it rests: its span runs from the delay on, endless.
local function endless_span(s, delay)
  span_init(s, delay, 0.0, 1.0, STOP)
  s.duration = huge
  s.total = huge
end

function M.group_add(A, group, child, offset)
  child.offset = offset
  kid_add(A, group, child)
end

function M.group_span(A, g, springs, length, delay, iterations, after)
  if springs then
    g.springs = true
    span_init(g, delay, huge, 1.0, STOP)
    g.total = huge
    return
  end
  local e = 0.0
  local kids = g.kids
  for i = 1, g.nkids or 0 do
    local off = kids[i].offset
    if off + length > e then e = off + length end
  end
  span_init(g, delay, e, iterations, after)
end

-- Place child in sequence seq at time t: its own delay cleared (t holds
-- it), the sequence's duration grown to t + its length; it is then the
-- one a position's "<" and ">" name.
function M.place(A, seq, child, t)
  span_init(child, 0.0, child.duration, child.iterations, child.after)
  child.offset = t
  local len = child.kind == CALL and 0.0 or child.total
  kid_add(A, seq, child)
  if t + len > seq.duration then
    span_init(seq, seq.delay, t + len, seq.iterations, seq.after)
  end
  seq.placed = child
end

-- The start (e false) or the end of the child placed last in seq.
function M.seq_mark(A, seq, e)
  local c = seq.placed
  if c == nil then return 0.0 end
  if not e then return c.offset end
  return c.offset + (c.kind == CALL and 0.0 or c.total)
end

-- Chain next behind node: it starts when node, and the nodes chained
-- before it, complete.
function M.chain(A, node, nxt)
  nxt.state = CHAINED
  if node.chain == nil then node.chain = nxt; return end
  local c = node.chain
  while c.chain_next ~= nil do c = c.chain_next end
  c.chain_next = nxt
end

-- A fling: node (a tween of one number field) follows motion, its span
-- the motion's time to rest.
function M.fling_node(A, node, motion)
  node.fling = motion
  span_init(node, 0.0, motion["end"], 1.0, STOP)
end

-- ---- springs ---------------------------------------------------------------------

-- Each channel of node a spring of the motion with position, target and
-- velocity 0 (the start sets them), 0 in its from (the velocity option);
-- the node's span endless from delay 0.
local zeros = {}
function M.spring_node(A, node, m, integrator, clamp, rest_delta, rest_speed)
  local chans = node
  for j = 1, node.nch do
    local ch = chans[j]
    local k = ch.k
    for i = 1, k do
      ch[k + i] = 0.0
      zeros[i] = 0.0
    end
    ch.spring = spring.init(spring.new(k), k, m, integrator, clamp, rest_delta, rest_speed,
                            zeros, zeros, zeros)
  end
  endless_span(node, 0.0)
end

-- Replace the motion of channel c's spring, its state kept.
function M.chan_motion(A, c, m, integrator, clamp, rest_delta, rest_speed)
  local s = c.spring
  local sm = s.model
  sm.mass, sm.stiffness, sm.damping = m.mass, m.stiffness, m.damping
  sm.decay, sm.omega2, sm.disc = m.decay, m.omega2, m.disc
  s.integrator = integrator
  s.clamp = clamp and true or false
  s.rest_delta = rest_delta
  s.rest_speed = rest_speed
  s.coefs_dt = -1.0                      -- the coefficients are the old model's
end

-- Retarget spring channel c to t[1..k] (rel: offsets).  Started: its
-- spring gets target t, or its current target + t (t is changed).  Not
-- started: its given values become t, or + t when rel.
function M.retarget(A, c, t, rel)
  local k = c.k
  if c.started then
    local s = c.spring
    if rel then
      local d = s.data
      for i = 1, k do t[i] = t[i] + d[SP_TARGET * k + i] end
    end
    spring.set_target(c.spring, t)
  elseif rel then
    for i = 1, k do c[i] = c[i] + t[i] end
  else
    for i = 1, k do c[i] = t[i] end
    c.rel = nil
  end
end

-- ---- colours ---------------------------------------------------------------------

-- The start of colour channel c from the field's colour cur and the one
-- given: the ends (a tween's from and to, reversed for a from-tween; a
-- spring's out and to), a tween's out its from.
function M.color_start(A, c, cur, given)
  local space, hue = c.color - 1, c.hue
  local a = c.spring ~= nil and 12 or 4         -- out or from (k = 4)
  if c.frm then mix_ends(given, cur, space, hue, c, c, a, 8)
  else mix_ends(cur, given, space, hue, c, c, a, 8) end
  if c.spring == nil then
    for i = 1, 4 do c[12 + i] = c[a + i] end
  end
end

local rcur, pa, pb, rt = { c = {} }, {}, {}, {}

-- A started colour spring retargeted to given: its new target is its
-- position plus the step from its position to given as mix_ends makes
-- them (the hue fixed up against where the spring is).
function M.color_retarget(A, c, given)
  local s = c.spring
  local space = c.color - 1
  local d = s.data                        -- x: slot SP_X of a 4-item spring
  mix_at(d, space, rcur, SP_X * 4)
  mix_ends(rcur, given, space, c.hue, pa, pb)
  for i = 1, 4 do rt[i] = d[SP_X * 4 + i] + (pb[i] - pa[i]) end
  spring.set_target(s, rt)
end

-- ---- stagger's order -------------------------------------------------------------

-- xorshift64 on two 32-bit halves (no bit operators in Lua 5.1): the
-- exclusive or of two numbers below 2^32, bit by bit.
local function xor32(a, b)
  local r, bit = 0, 1
  while a > 0 or b > 0 do
    local x, y = a % 2, b % 2
    if x ~= y then r = r + bit end
    a = (a - x) / 2
    b = (b - y) / 2
    bit = bit * 2
  end
  return r
end

local TWO32 = 4294967296.0

-- x << s of the 64-bit (hi, lo), s < 32
local function shl(hi, lo, s)
  local m = 2 ^ s
  local carry = floor(lo / 2 ^ (32 - s))
  return (hi * m % TWO32 + carry) % TWO32, lo * m % TWO32
end

-- x >> s, s < 32
local function shr(hi, lo, s)
  local m = 2 ^ s
  local low = hi % m
  return floor(hi / m), floor(lo / m) + low * 2 ^ (32 - s)
end

-- perm[1..n] = a permutation of 0 .. n-1 by Fisher-Yates, for i = n-1
-- down to 1 swapping items i and j = x mod (i + 1) for the next x of the
-- xorshift64 state rng = { hi, lo } (x ^= x << 13, x ^= x >> 7,
-- x ^= x << 17).
function M.shuffle(rng, n, perm)
  for i = 1, n do perm[i] = i - 1 end
  local hi, lo = rng[1], rng[2]
  for i = n - 1, 1, -1 do
    local a, b = shl(hi, lo, 13)
    hi, lo = xor32(hi, a), xor32(lo, b)
    a, b = shr(hi, lo, 7)
    hi, lo = xor32(hi, a), xor32(lo, b)
    a, b = shl(hi, lo, 17)
    hi, lo = xor32(hi, a), xor32(lo, b)
    local m = i + 1
    local j = ((hi % m) * (TWO32 % m) + lo % m) % m
    j = floor(j)
    perm[i + 1], perm[j + 1] = perm[j + 1], perm[i + 1]
  end
  rng[1], rng[2] = hi, lo
end

-- ---- controls ---------------------------------------------------------------------

-- A spring node, or a group of springs: it ends when it rests.
local function springlike(nd)
  return nd.kind == SPRING or nd.springs
end

M.OK, M.ECHAINED, M.EENDLESS, M.ESTARTED, M.ENOTIMELINE = 0, 1, 2, 3, 4
local why = {
  "animation has not started (it follows another)",
  "endless animation (iterations = inf)", "animation has started",
  "a spring has no timeline to seek"
}
function M.reason(err)
  return why[err] or ""
end

-- a:finish of a top-level node: the reason it is refused (0: none) and
-- the op: FINISH_SNAP (a spring, a group of springs), FINISH_ADVANCE (to
-- its total) or FINISH_NONE (it is done).
M.FINISH_NONE, M.FINISH_SNAP, M.FINISH_ADVANCE = 0, 1, 2
function M.finishing(A, nd)
  if nd.state == CHAINED then return M.ECHAINED, 0 end
  if nd.state ~= LIVE then return 0, 0 end
  if springlike(nd) then return 0, 1 end
  if nd.total == huge then return M.EENDLESS, 0 end
  return 0, 2
end

-- a:delay(d) of a top-level node not started: its span's delay set.
function M.set_delay(A, nd, d)
  if nd.started then return M.ESTARTED end
  if springlike(nd) then nd.delay = d
  else span_init(nd, d, nd.duration, nd.iterations, nd.after) end
  return 0
end

function M.seekable(A, nd)
  return springlike(nd) and M.ENOTIMELINE or 0
end

-- "done" (nd nil: gone), "paused", "waiting" (chained or in its delay) or
-- "running".
function M.state_name(A, nd)
  if nd == nil or nd.state == DONE then return "done" end
  if nd.paused then return "paused" end
  if nd.state == CHAINED or not nd.started then return "waiting" end
  return "running"
end

M.TWEEN = TWEEN
return M
