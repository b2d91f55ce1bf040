-- kinetic.pure.api.animator: kinetic.animator, animations that drive the
-- fields of the caller's objects, advanced by one update a frame;
-- csrc/lua/animator.c in Lua.
--
-- A frame (anim:update(dt)) runs in two phases.  The loop phase first
-- starts the top-level nodes whose delay was over when the frame began
-- (they read their fields before anything moves, as flux's newest-first
-- loop reads them), then advances every top-level node by dt (times its
-- scales), starting those whose delay ends inside the frame and writing
-- every driven field.  It runs under pcall with `busy` set, so that Lua
-- code it reaches (a field's metamethods, a Lua easing) can neither change
-- the store under it nor leave it half-way: where such code raises, the
-- node it belongs to is stopped and the loop resumes with the next one (a
-- group's child runs protected on its own, so its siblings go on).  The
-- callback phase then fires the frame's events in time order.  Nodes that
-- ended are freed after both, so an event never names a freed node.
--
-- The animator's state A is the core's store (animator.lua) plus what
-- C's lk_animator and user value hold: busy, fire_next, verb (the method
-- running a frame's work, for its messages), err (the first error of the
-- running frame), keyids (the field names ever driven), eases and neases
-- (the easings kept by their option value), easefns (node -> its Lua
-- easing's function), site (where Lua easings report), handles (node ->
-- its handle, weak: a handle is made again when a callback needs one the
-- program dropped), rng (stagger's "random").
-- luacheck: ignore 212 (the hooks' signatures)
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local an = require("kinetic.pure.animator")
local frame = require("kinetic.pure.anim_frame")
local lua_easing = require("kinetic.pure.api.lua_easing")
local acolor = require("kinetic.pure.api.anim_color")

local type, pcall, error, rawset, getmetatable = type, pcall, error, rawset, getmetatable
local setmetatable, tostring, tonumber = setmetatable, tostring, tonumber
local format, huge, floor = string.format, math.huge, math.floor
local typename, kind, cstr = util.typename, util.kind, names.cstr
local color_read, color_write = acolor.color_read, acolor.color_write
local next_change = require("kinetic.pure.anim_change").next_change

local M = {}

local EV_CALL = an.EV_CALL
local RUN_START, RUN_ADVANCE = frame.RUN_START, frame.RUN_ADVANCE
local OP_RUN, OP_ADVANCE = frame.OP_RUN, frame.OP_ADVANCE
local fstop, collect, count, event_live = frame.stop, frame.collect, frame.count,
                                          frame.event_live

-- "bad argument #1 to 'f' (msg)" for the object itself, as the contract
-- words it.
local function self_error(fname, msg)
  error(format("bad argument #1 to '%s' (%s)", fname, msg), 0)
end
M.self_error = self_error

local KIND_NAMES = { [0] = "tween", "spring", "group", "call" }
-- "tween", "spring", "group", "call", or "sequence": what messages and
-- __tostring call a node.
local function kind_name(k, is_seq)
  return is_seq and "sequence" or KIND_NAMES[k]
end
M.kind_name = kind_name

-- Record msg as the frame's error unless one is there.
local function record_error(A, msg)
  if A.err == nil then A.err = msg end
end

-- ---- handles -------------------------------------------------------------------

-- The node's handle, made when it has none (animation.lua sets new_handle).
-- The handle's state is its node, and A.handles maps a node to its handle
-- with weak values (a node holding its handle would never be collected
-- where weak tables are not ephemerons, Lua 5.1 and LuaJIT): a handle the
-- program dropped is made again when a callback needs one.
local new_handle
local function get_handle(A, nd)
  local h = A.handles[nd]
  if h == nil then
    h = new_handle(A, nd)
    A.handles[nd] = h
  end
  return h
end
M.get_handle = get_handle

-- ---- easings --------------------------------------------------------------------

-- A Lua easing failed (lua_easing's on_fail): the frame's error recorded,
-- its node stopped; the core got p.
local function ease_failed(A, site)
  local nd = site.which
  local v = site.value
  local msg
  if site.failed == lua_easing.BAD then
    msg = format("%s: the easing function of a %s returned %s (finite number expected; the "
                 .. "animation is removed)", A.verb, kind_name(nd.kind, nd.is_seq), typename(v))
  else
    local tv = type(v)
    msg = format("%s: the easing function of a %s raised (the animation is removed): %s",
                 A.verb, kind_name(nd.kind, nd.is_seq),
                 tv == "string" and cstr(v) or (tv == "number" and tostring(v) or typename(v)))
  end
  record_error(A, msg)
  nd.stopped = true
  site.failed = 0                        -- the other nodes' easings go on
end

-- node's easing from v: a Lua function, or what toeasing accepts (else
-- "bad argument #arg to 'fname' ([field 'easing': ]msg)").
function M.set_easing(A, nd, v, arg, fname, field)
  if type(v) == "function" then
    nd.easing = lua_easing.new(A, nd)
    A.easefns[nd] = v
    nd.lua_ease = true
    frame.slow(A, nd)
    return
  end
  local e, msg = require("kinetic.pure.api.easing").toeasing(v)
  if e == nil then util.argerror(arg, fname, (field and "field 'easing': " or "") .. msg) end
  nd.easing = e
  nd.lua_ease = nil
  frame.fast_easing(A, nd)
end

local CB_FIELD = { on_start = "cb_start", on_update = "cb_update", on_complete = "cb_complete",
                   on_repeat = "cb_repeat" }
local CB_FLAG = { on_start = "has_start", on_update = "has_update", on_complete = "has_complete",
                  on_repeat = "has_repeat" }

-- Set or add a callback kind ("on_start" ...); replace: drop those set
-- before.
function M.set_callback(A, nd, which, f, replace)
  local field = CB_FIELD[which]
  local list = nd[field]
  if replace or list == nil then
    list = {}
    nd[field] = list
  end
  list[#list + 1] = f
  nd[CB_FLAG[which]] = true
  if which == "on_update" then frame.slow(A, nd) end   -- (the frame's fast path)
end

-- ---- the hooks (kn_anim_io) ------------------------------------------------------

local rawlen = rawget(_G, "rawlen") or function(t) return #t end
local INT_MAX_8 = 268435455              -- INT_MAX / 8

-- Check the number or array v for channel c, into its out; true, or false
-- and the reason.
local function take_numbers(A, c, v)
  local n = c.n
  if n == 0 and c.rel and type(v) == "table" and kind[v] == nil then
    local len = rawlen(v)
    if len > 0 and len <= INT_MAX_8 then  -- "+=n" on an array: every item
      n = len
      an.chan_resize(A, c, n)
    end
  end
  if n == 0 then
    if type(v) == "number" and v - v == 0 then
      c[4] = v / 1
      return true
    end
    return false, "finite number expected, got " .. typename(v)
  end
  if type(v) ~= "table" or kind[v] ~= nil then
    return false, format("array of %d numbers expected, got %s", n, typename(v))
  end
  local len = rawlen(v)
  if len ~= n then return false, format("array of %d numbers expected, got %d items", n, len) end
  local O = 3 * n
  for i = 1, n do
    local x = rawget(v, i)
    if type(x) ~= "number" or x - x ~= 0 then
      return false, format("item %d: finite number expected, got %s", i, typename(x))
    end
    c[O + i] = x / 1
  end
  return true
end

-- read: channel c's field into its out.  A bad value is recorded as
-- "field 'x' of a tween's target: <reason>".
local function io_read(A, c)
  local obj = c.object
  if type(obj) == "table" and getmetatable(obj) == nil then c.direct = true end
  if c.path ~= nil then return true end   -- it writes, reads nothing
  local v = obj[c.key]
  local ok, why
  if c.color ~= 0 then ok, why = color_read(A, c, v)
  else ok, why = take_numbers(A, c, v) end
  if ok then return true end
  local nd = c.node
  record_error(A, format("%s: field '%s' of a %s's target: %s (the animation is removed)",
                         A.verb, cstr(c.key), kind_name(nd.kind, nd.is_seq), why))
  return false
end

-- v, or what node's round function (lua_round) makes of it: a finite
-- number, else the frame's error names the node.
local function round_value(A, nd, v)
  local f = nd.lua_round
  if f == nil then return v end
  local ok, r = pcall(f, v)
  if not ok then
    local tr = type(r)
    error(format("%s: the round function of a %s raised (the animation is removed): %s",
                 A.verb, kind_name(nd.kind, nd.is_seq),
                 tr == "string" and cstr(r) or (tr == "number" and tostring(r) or typename(r))),
          0)
  end
  if type(r) ~= "number" or r - r ~= 0 then
    error(format("%s: the round function of a %s returned %s (finite number expected; the "
                 .. "animation is removed)", A.verb, kind_name(nd.kind, nd.is_seq), typename(r)),
          0)
  end
  return r
end

-- write: every field of node (its channels share its object).
local function io_write(A, nd)
  local chans = nd
  for j = 1, nd.nch do
    local c = chans[j]
    local obj = c.object
    if obj ~= nil then
      if c.color ~= 0 then
        color_write(A, c, obj)
      else
        local n = c.n
        if n == 0 then
          obj[c.key] = round_value(A, nd, c[4])
        else
          local a = obj[c.key]
          if type(a) == "table" and kind[a] == nil then
            local O = 3 * n
            for i = 1, n do rawset(a, i, round_value(A, nd, c[O + i])) end
          end
        end
      end
    end
  end
end

-- The core's work under pcall with busy set: op (OP_*) with its
-- arguments.  What the callee changed (busy, A.current) is put back;
-- returns ok, the error, and the node the core was in when it raised.
local function core_call(A, op, a, b, c, d, e)
  A.busy = true
  frame.op(A, op, a, b, c, d, e)
  A.busy = false
end

local function core(A, op, a, b, c, d, e)
  local outer, busy = A.current, A.busy
  local ok, err = pcall(core_call, A, op, a, b, c, d, e)
  local culprit = A.current
  A.current = outer
  A.busy = busy
  return ok, err, culprit
end
M.core = core

-- guard: when child k raises, that child (or the node below it that
-- raised) is stopped and the error recorded for update to raise.
local function io_guard(A, k, t0, t1, tau0, tau1)
  local ok, err, culprit = core(A, OP_ADVANCE, k, t0, t1, tau0, tau1)
  if not ok then
    record_error(A, err)
    fstop(A, culprit or k)
  end
end

local function io_report(A, nd, what)
  record_error(A, A.verb .. ": a spring's state overflowed; it is put on its target")
end

-- freed: the handle of node and of everything below it keeps the final
-- time and progress.
local function io_freed(A, nd)
  if A.handles[nd] ~= nil then
    nd.fprogress = frame.progress(A, nd)
    A.handles[nd] = nil
  end
  A.easefns[nd] = nil
  local kids = nd.kids
  for i = 1, nd.nkids or 0 do io_freed(A, kids[i]) end
  local c = nd.chain
  while c ~= nil do
    io_freed(A, c)
    c = c.chain_next
  end
end

frame.set_io { read = io_read, write = io_write, guard = io_guard, report = io_report,
               freed = io_freed }

-- Raise the frame's recorded error, if any.
local function raise_pending(A)
  local e = A.err
  if e ~= nil then
    A.err = nil
    error(e, 0)
  end
end
M.raise_pending = raise_pending

-- ---- callbacks --------------------------------------------------------------------

local EV_FIELD = { [0] = "cb_start", "cb_update", "cb_complete", nil, "cb_repeat" }
local mfloor = math.floor

-- Call every function of the event (its handle as argument; a sequence's
-- call gets the sequence); true, or false and the error.
local function fire_one(A, nd, ev, it)
  local who = nd
  if ev == EV_CALL then
    if nd.parent ~= nil then who = nd.parent end
    local f = nd.fn
    if f == nil then return true end
    local ok, err = pcall(f, get_handle(A, who))
    if not ok then return false, err end
    return true
  end
  local list = nd[EV_FIELD[ev]]
  if list == nil then return true end
  if it then it = mfloor(it) end          -- on_repeat's iteration, an integer
  for i = 1, rawlen(list) do
    local ok, err
    if it then ok, err = pcall(list[i], get_handle(A, who), it)
    else ok, err = pcall(list[i], get_handle(A, who)) end
    if not ok then return false, err end
  end
  return true
end

-- Fire now the events of node still queued in the callback phase that
-- runs; true, or false and the error.
function M.fire_pending(A, nd)
  local N = A.ev_node
  for i = A.fire_next, A.nevents do
    if N[i] == nd and event_live(A, i) then
      N[i] = false
      local ok, err = fire_one(A, nd, A.ev_kind[i], A.ev_arg[i])
      if not ok then return false, err end
    end
  end
  return true
end

-- Drop the events after the first `first`.
local function drop_events(A, first)
  local N = A.ev_node
  for i = first + 1, A.nevents do N[i] = nil end
  A.nevents = first
end
M.drop_events = drop_events

-- Fire the events after the first `first` (sorted), then drop them; on a
-- callback's error, false and the error.
local function fire(A, first)
  local outer = A.fire_next
  an.sort_events(A, first)
  local N, KD = A.ev_node, A.ev_kind
  local i = first + 1
  while i <= A.nevents do
    if event_live(A, i) then
      A.fire_next = i + 1
      local ok, err = fire_one(A, N[i], KD[i], A.ev_arg[i])
      if not ok then
        drop_events(A, first)
        A.fire_next = outer
        return false, err
      end
    end
    i = i + 1
  end
  drop_events(A, first)
  A.fire_next = outer
  return true
end
M.fire = fire

-- ---- update -------------------------------------------------------------------------

local cls, states

local function check_animator(self, fname)
  local A = states[self]
  if A == nil then util.typeerror(0, fname, "kinetic.Animator", self) end
  return A
end
M.check_animator = check_animator

-- The loop phase's two runs, each resumed after a root whose Lua code
-- raised: that animation is stopped, every other one goes on.  Returns
-- true, or false and the first error.
local function run_loop(A, dt)
  local from, ok, first = 1, true, nil
  local mode = A.starts_due and RUN_START or RUN_ADVANCE
  while mode <= RUN_ADVANCE do
    while true do
      A.current = nil
      local done, err, culprit = core(A, OP_RUN, dt, from, mode)
      if done then break end
      culprit = frame.culprit(A, culprit, mode)
      if ok then first = err end
      ok = false
      if culprit == nil then break end   -- not a node's Lua code: stop here
      fstop(A, culprit)
      from = A.loop_i + 1
    end
    mode = mode + 1
    from = 1
  end
  return ok, first
end

local checknonneg = util.checknonneg

-- anim:update(dt): the loop phase, then the callbacks, then the frame's
-- error (a field's metamethod or a callback raised; a field or a Lua
-- easing gave what it must not).
local function update(self, dt)
  local A = states[self]
  if A == nil then util.typeerror(0, "update", "kinetic.Animator", self) end
  if type(dt) ~= "number" or dt < 0 or dt - dt ~= 0 then dt = checknonneg(dt, 1, "update") end
  dt = dt / 1
  if A.updating or A.busy then self_error("update", "update already running") end
  if not A.paused then
    A.updating = true
    A.frames = A.frames + 1
    local ok, err = run_loop(A, dt)
    local fired, ferr = true, nil
    if A.nevents > 0 then fired, ferr = fire(A, 0) end
    A.updating = false
    collect(A)
    local n = A.nlive
    if not fired or not ok then          -- one error an update: the first
      A.err = nil
      if not ok then error(err, 0) end
      error(ferr, 0)
    end
    if A.err ~= nil then raise_pending(A) end
    return n
  end
  if A.err ~= nil then raise_pending(A) end
  return count(A)
end

-- ---- the animator's controls -----------------------------------------------------------

-- anim:stop([target [, field]]): every animation; or every field of
-- target let go; or one field.  An animation left with no field ends.
local function animator_stop(self, target, field)
  local A = check_animator(self, "stop")
  if A.busy then self_error("stop", "animator busy (a frame is being written)") end
  if target == nil then
    local roots = A.roots
    for i = 1, A.nroots do fstop(A, roots[i]) end
    collect(A)
    return
  end
  M.check_target(target, 1, 0, "stop")
  if field ~= nil then
    if type(field) ~= "string" then util.typeerror(2, "stop", "field name (string)", field) end
    if not A.keyids[field] then return end   -- no animation ever drove it
  end
  frame.let_go(A, target, field)
  collect(A)
end

local function animator_pause(self)
  check_animator(self, "pause").paused = true
  return self
end

local function animator_resume(self)
  local A = check_animator(self, "resume")
  A.paused = false
  A.starts_due = true
  return self
end

local function animator_time_scale(self, s)
  local A = check_animator(self, "time_scale")
  if s == nil then return A.scale end
  A.scale = checknonneg(s, 1, "time_scale")
  return self
end

-- anim:quick_to(target, field [, opts])
local quick = require("kinetic.pure.api.anim_quick")
local node_of = require("kinetic.pure.api.animation").node_of
local function animator_quick_to(self, target, field, opts)
  return quick.quick_to(self, target, field, opts, states,
                        require("kinetic.pure.api.anim_make"), node_of)
end

-- anim:next_change()
local function animator_next_change(self)
  return next_change(check_animator(self, "next_change"))
end

-- anim:reduced_motion([on]): get, or set (returns anim).
local function animator_reduced_motion(self, on)
  local A = check_animator(self, "reduced_motion")
  if on == nil then return A.reduced end
  if type(on) ~= "boolean" then util.typeerror(1, "reduced_motion", "boolean", on) end
  A.reduced = on
  return self
end

local function animator_count(self)
  return count(check_animator(self, "count"))
end

local function animator_tostring(self)
  local A = check_animator(self, "__tostring")
  return format("%s (%d running%s)", "kinetic.Animator", count(A),
                A.paused and ", paused" or "")
end

-- A seed for stagger's xorshift64, from where the state lives (as C's
-- from its address), never 0.
local seeds = 0
local function seed_of(A)
  local addr = tonumber((tostring(A):match("0x(%x+)") or tostring(A):match("(%x+)$") or ""), 16)
  seeds = seeds + 1
  addr = addr or seeds * 2654435761
  local lo = addr % 4294967296
  local hi = (floor(addr / 4294967296) + 2654435769 * (seeds % 7 + 1)) % 4294967296
  if lo % 2 == 0 then lo = lo + 1 end
  return { hi, lo }
end

-- kinetic.animator()
local ANIMATOR_KNOWN = util.known({ "reduced_motion" })

local function kinetic_animator(opts)
  local reduced = false
  if opts ~= nil then
    if type(opts) ~= "table" or kind[opts] ~= nil then
      util.typeerror(1, "animator", "table of options", opts)
    end
    util.checkoptions(opts, 1, "animator", ANIMATOR_KNOWN)
    reduced = util.optfieldbool(opts, "reduced_motion", 1, "animator", false)
  end
  local A = an.animator_init({})
  A.reduced = reduced
  frame.fast_init(A)
  A.busy = false
  A.fire_next = huge
  A.verb = "update"
  A.err = nil
  A.keyids = {}
  A.eases, A.neases = {}, 0
  A.easefns = {}
  A.handles = setmetatable({}, { __mode = "v" })
  local site = lua_easing.new_site()
  site.fns = A.easefns
  site.on_fail = function(s) ease_failed(A, s) end
  A.site = site
  A.rng = seed_of(A)
  return cls.new(A)
end

function M.open(kinetic)
  local make = require("kinetic.pure.api.anim_make")
  local animation = require("kinetic.pure.api.animation")
  M.check_target = make.check_target
  local methods = {
    to = make.to, from = make.from, spring = make.spring, fling = make.fling,
    sequence = make.sequence, update = update, stop = animator_stop, pause = animator_pause,
    resume = animator_resume, time_scale = animator_time_scale, count = animator_count,
    reduced_motion = animator_reduced_motion, next_change = animator_next_change,
    quick_to = animator_quick_to, follow = make.follow, shake = make.shake,
  }
  cls = util.class("kinetic.Animator", methods, { __tostring = animator_tostring })
  states = cls.states
  M.class = cls
  M.states = states
  make.init(M)
  animation.init(M)
  new_handle = M.new_handle
  kinetic.animator = kinetic_animator
end

return M
