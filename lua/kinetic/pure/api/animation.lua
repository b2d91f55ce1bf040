-- kinetic.pure.api.animation: the handles of kinetic.animator --
-- kinetic.Animation (one animation, a staggered group, a chained one) and
-- kinetic.Sequence (an Animation whose children are placed in time by
-- GSAP's position grammar); csrc/lua/animation.c in Lua.  A handle's state
-- is its node (with A, its animator); once the node is freed the handle
-- keeps its final time and progress, and its controls do nothing.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local an = require("kinetic.pure.animator")
local frame = require("kinetic.pure.anim_frame")
local mk = require("kinetic.pure.anim_make")

local type, error, tonumber, getmetatable, rawget = type, error, tonumber, getmetatable, rawget
local format, byte, sub = string.format, string.byte, string.sub
local kind, cstr = util.kind, names.cstr
local checknonneg, argerror = util.checknonneg, util.argerror

local M = {}

local api, make                           -- api/animator.lua, api/anim_make.lua
local AS, SS                              -- the two classes' states
local TWEEN, GROUP, CALL = an.TWEEN, an.GROUP, an.CALL
local FREE, CHAINED, LIVE, DONE = an.FREE, an.CHAINED, an.LIVE, an.DONE
local OP_ADVANCE, OP_SNAP, OP_SEEK = frame.OP_ADVANCE, frame.OP_SNAP, frame.OP_SEEK

-- The state of the handle self (an Animation or a Sequence) is its node,
-- which is never reused: freed, it keeps its final time (clock) and
-- progress (fprogress) for the handle.  Returns the node and the node
-- again when it is live, nil when it has ended.
local function resolve(self, fname)
  local hs = AS[self] or SS[self]
  if hs == nil then util.typeerror(0, fname, "kinetic.Animation", self) end
  if hs.state == FREE then return hs, nil end
  frame.flush(hs.A, hs)                  -- (the frame's fast path keeps its clock)
  return hs, hs
end

local function self_error(fname, msg)
  error(format("bad argument #1 to '%s' (%s)", fname, msg), 0)
end

local function live_node(self, fname, what)
  local hs, nd = resolve(self, fname)
  if nd == nil then self_error(fname, what .. " has ended") end
  if hs.A.busy then self_error(fname, "animator busy (a frame is being written)") end
  return hs.A, nd
end

local function not_child(nd, fname)
  if nd.parent ~= nil then
    self_error(fname, "animation is part of a sequence; control the sequence")
  end
end

-- The core's op on node now, events from `first` on fired (fire) or
-- dropped; verb names the method in messages.
local function core_now(A, op, a, b, c, verb, fire)
  local first = A.nevents
  local outer_verb = A.verb
  A.verb = verb
  local ok, err = api.core(A, op, a, b, c, 0.0, 0.0)
  A.seeking = false
  A.verb = outer_verb
  if ok and fire then
    local outer = A.updating             -- callbacks run: no update, no freeing
    A.updating = true
    ok, err = api.fire(A, first)
    A.updating = outer
  else
    api.drop_events(A, first)
  end
  frame.collect(A)
  if not ok then error(err, 0) end
  api.raise_pending(A)
end

-- The name luaL_checktype gives the type of v (no "nan"; __name on 5.3+).
local NAMED = _VERSION == "Lua 5.3" or _VERSION == "Lua 5.4"
local function luaL_typename(v)
  local t = type(v)
  if t == "table" or t == "userdata" then
    local k = kind[v]
    if k ~= nil then return NAMED and k or "userdata" end
    if NAMED then
      local mt = getmetatable(v)
      if type(mt) == "table" and type(rawget(mt, "__name")) == "string" then return mt.__name end
    end
  end
  return t
end

local function checktype(v, arg, fname, what)
  if type(v) ~= what then
    argerror(arg, fname, format("%s expected, got %s", what, luaL_typename(v)))
  end
end

-- ---- Animation ----------------------------------------------------------------

local methods = {}

function methods.stop(self)
  local hs, nd = resolve(self, "stop")
  if nd ~= nil then
    local A = hs.A
    if A.busy then self_error("stop", "animator busy (a frame is being written)") end
    frame.stop(A, nd)
    frame.collect(A)
  end
  return self
end

function methods.finish(self)
  local A, nd = live_node(self, "finish", "animation")
  not_child(nd, "finish")
  local ok, err = api.fire_pending(A, nd)     -- its queued events first
  if not ok then error(err, 0) end
  local code, op = mk.finishing(A, nd)
  if code ~= 0 then self_error("finish", mk.reason(code)) end
  frame.slow(A, nd)                      -- (the core acts on it)
  if op == mk.FINISH_SNAP then
    core_now(A, OP_SNAP, nd, 0.0, 0.0, "finish", true)
  elseif op == mk.FINISH_ADVANCE then
    core_now(A, OP_ADVANCE, nd, nd.clock, nd.total, "finish", true)
  end
  return self
end

local function set_paused(self, paused, fname)
  local hs, nd = resolve(self, fname)
  if nd ~= nil then
    not_child(nd, fname)
    nd.paused = paused
    frame.slow(hs.A, nd)                 -- (the frame's fast path)
    hs.A.starts_due = true               -- resumed: it may start with the frame
  end
  return self
end

function methods.pause(self) return set_paused(self, true, "pause") end
function methods.resume(self) return set_paused(self, false, "resume") end

-- a:seek(t): the clock set to t (delay included, clamped to the end); the
-- fields are written at once, no callback fires.
function methods.seek(self, t)
  t = checknonneg(t, 1, "seek")
  local A, nd = live_node(self, "seek", "animation")
  not_child(nd, "seek")
  if mk.seekable(A, nd) ~= 0 then self_error("seek", mk.reason(mk.ENOTIMELINE)) end
  frame.slow(A, nd)                      -- (the core acts on it)
  core_now(A, OP_SEEK, nd, t, 0.0, "seek", false)
  return self
end

function methods.time(self)
  local hs = resolve(self, "time")
  return hs.clock
end

function methods.progress(self)
  local hs, nd = resolve(self, "progress")
  if nd == nil then return hs.fprogress end
  return frame.progress(hs.A, nd)
end

function methods.done(self)
  local _, nd = resolve(self, "done")
  return nd == nil or nd.state == DONE
end

function methods.time_scale(self, s)
  local _, nd = resolve(self, "time_scale")
  if s == nil then
    if nd == nil then return 1.0 end
    return nd.scale
  end
  s = checknonneg(s, 1, "time_scale")
  if nd ~= nil then
    not_child(nd, "time_scale")
    nd.scale = s
    frame.fast_scale(nd.A, nd)
  end
  return self
end

-- a:ease(spec): the easing of a tween, or of every tween of a group.
function methods.ease(self, spec)
  local A, nd = live_node(self, "ease", "animation")
  if nd.kind == TWEEN then
    api.set_easing(A, nd, spec, 1, "ease", false)
  elseif nd.kind == GROUP and not (nd.is_seq or nd.springs) then
    local kids = nd.kids
    for i = 1, nd.nkids or 0 do api.set_easing(A, kids[i], spec, 1, "ease", false) end
  else
    self_error("ease", "tween expected (springs and sequences have no easing)")
  end
  return self
end

function methods.delay(self, d)
  d = checknonneg(d, 1, "delay")
  local A, nd = live_node(self, "delay", "animation")
  not_child(nd, "delay")
  local err = mk.set_delay(A, nd, d)
  if err ~= 0 then self_error("delay", mk.reason(err)) end
  return self
end

local function add_callback(self, which, f)
  checktype(f, 1, which, "function")
  local A, nd = live_node(self, which, "animation")
  api.set_callback(A, nd, which, f, false)
  return self
end

function methods.on_start(self, f) return add_callback(self, "on_start", f) end
function methods.on_update(self, f) return add_callback(self, "on_update", f) end
function methods.on_complete(self, f) return add_callback(self, "on_complete", f) end

-- a:after([target,] duration, values [, opts]): a tween that starts when
-- a completes (flux's after); the default target is a's.
function methods.after(self, a1, a2, a3, a4)
  local own = type(a1) ~= "number"
  local A, nd = live_node(self, "after", "animation")
  not_child(nd, "after")
  if nd.state ~= LIVE and nd.state ~= CHAINED then self_error("after", "animation has ended") end
  local nxt
  if own then
    nxt = make.make_tween(A, a1, 1, a2, 2, a3, 3, a4, 4, false, false, "after")
  else                                   -- no target: a's own
    local tg = nd.target                 -- a group's list, or its first channel's object
    if tg == nil and nd.nch > 0 then tg = nd[1].object end
    if tg == nil then
      argerror(1, "after", "target expected (this animation has no target of its own)")
    end
    nxt = make.make_tween(A, tg, 5, a1, 1, a2, 2, a3, 3, false, false, "after")
  end
  mk.chain(A, nd, nxt)
  return api.get_handle(A, nxt)
end

local function animation_tostring(self)
  local hs, nd = resolve(self, "__tostring")
  local is_seq = SS[self] ~= nil
  return format("%s (%s, %s)", is_seq and "kinetic.Sequence" or "kinetic.Animation",
                api.kind_name(hs.kind, is_seq), mk.state_name(hs.A, nd))
end

-- ---- Sequence -------------------------------------------------------------------

-- The number in s (Lua's syntax): true and it, or false.
local function parse_number(s)
  if #s == 0 then return false, 0.0 end
  local x = tonumber(s)
  if x == nil or x - x ~= 0 then return false, 0.0 end
  return true, x / 1
end

-- An offset "", "+=n", "-=n", "+n", "-n" or "n" (after '<' or '>').
local function parse_offset(s)
  if #s == 0 then return true, 0.0 end
  local c1 = byte(s, 1)
  if #s >= 2 and (c1 == 43 or c1 == 45) and byte(s, 2) == 61 then
    local ok, x = parse_number(sub(s, 3))
    local c3 = byte(s, 3)
    if not ok or c3 == 45 or c3 == 43 then return false, 0.0 end
    if c1 == 45 then x = -x end
    return true, x
  end
  return parse_number(s)
end

-- The time the position v (argument arg) names in the sequence.
local function position(A, seq, v, arg, fname)
  local e = seq.duration
  if v == nil then return e end
  if type(v) == "number" then
    local t = v / 1
    if not (t >= 0.0 and t - t == 0) then
      argerror(arg, fname, "position: non-negative number expected, got " .. util.numstr(t))
    end
    return t
  end
  if type(v) ~= "string" then util.typeerror(arg, fname, "position (number or string)", v) end
  local s, len = v, #v
  local base, off, ok = 0.0, 0.0, true
  local c1 = byte(s, 1)
  if len == 0 then
    ok = false
  elseif c1 == 60 or c1 == 62 then       -- '<' '>'
    base = mk.seq_mark(A, seq, c1 == 62)
    ok, off = parse_offset(sub(s, 2))
  elseif len >= 2 and (c1 == 43 or c1 == 45) and byte(s, 2) == 61 then
    base = e
    ok, off = parse_offset(s)
  else
    local r = 2                          -- a label, as C reads it (to a zero byte)
    while r <= len do
      local c = byte(s, r)
      if c == 0 or ((c == 43 or c == 45) and byte(s, r + 1) == 61) then break end
      r = r + 1
    end
    if r <= len and byte(s, r) ~= 0 then ok, off = parse_offset(sub(s, r)) end
    if ok then
      local label = sub(s, 1, r - 1)
      local labels = seq.labels
      local x = labels and rawget(labels, label)
      if type(x) ~= "number" then
        argerror(arg, fname, format("unknown label '%s'", cstr(label)))
      end
      base = x
    end
  end
  if not ok then argerror(arg, fname, format("bad position '%s'", cstr(s))) end
  local t = base + off
  return t > 0.0 and t or 0.0
end

local function check_sequence(self, fname)
  if SS[self] == nil then util.typeerror(0, fname, "kinetic.Sequence", self) end
  return live_node(self, fname, "sequence")
end

-- seq:to(target, duration, values [, opts] [, position]), seq:from(...).
local function seq_add(self, frm, fname, a1, a2, a3, a4, a5)
  local A, seq = check_sequence(self, fname)
  local popt, pv, parg = a4, a5, 5
  local t4 = type(a4)
  if t4 == "number" or t4 == "string" then
    pv, parg, popt = a4, 4, nil
  end
  local t = position(A, seq, pv, parg, fname)
  local child = make.make_tween(A, a1, 1, a2, 2, a3, 3, popt, 4, frm, true, fname)
  mk.place(A, seq, child, t + child.delay)
  return self
end

local seq_methods = {}
function seq_methods.to(self, a1, a2, a3, a4, a5) return seq_add(self, false, "to", a1, a2, a3, a4, a5) end
function seq_methods.from(self, a1, a2, a3, a4, a5) return seq_add(self, true, "from", a1, a2, a3, a4, a5) end

-- seq:call(fn [, position])
function seq_methods.call(self, fn, pos)
  local A, seq = check_sequence(self, "call")
  checktype(fn, 1, "call", "function")
  local t = position(A, seq, pos, 2, "call")
  local child = an.node_new(A, CALL)
  child.fn = fn
  child.started = true
  mk.place(A, seq, child, t)
  return self
end

-- seq:label(name [, position])
function seq_methods.label(self, name, pos)
  local A, seq = check_sequence(self, "label")
  checktype(name, 1, "label", "string")
  local t = position(A, seq, pos, 2, "label")
  local labels = seq.labels
  if labels == nil then
    labels = {}
    seq.labels = labels
  end
  labels[name] = t
  return self
end

-- The node of handle h (nil for what is not a handle).
function M.node_of(h)
  return AS[h] or SS[h]
end

function M.init(animator_api)
  api = animator_api
  make = require("kinetic.pure.api.anim_make")
  local smethods = {}
  for k, f in pairs(methods) do smethods[k] = f end
  for k, f in pairs(seq_methods) do smethods[k] = f end
  local acls = util.class("kinetic.Animation", methods, { __tostring = animation_tostring })
  local scls = util.class("kinetic.Sequence", smethods, { __tostring = animation_tostring })
  AS, SS = acls.states, scls.states
  local snew, anew = scls.new, acls.new
  function api.new_handle(A, nd)
    nd.A = A
    if nd.is_seq then return snew(nd) end
    return anew(nd)
  end
end

return M
