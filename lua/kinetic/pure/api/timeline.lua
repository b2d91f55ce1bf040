-- kinetic.pure.api.timeline: kinetic.timeline, kinetic.update_timelines and
-- the methods of kinetic.Timeline; mirrors csrc/lua/timeline.c (running a
-- timeline: at, update, apply, seek ..., callbacks and Lua easings) and
-- csrc/lua/timeline_def.c (reading a definition), with the same messages.
--
-- A handle's state is the core timeline (kinetic.pure.timeline) with, as
-- C's `user` bits:
--   shape       SHAPE_NUMBER, _VECTOR, _NAMED, _COLOR (the core's kn_tl_shape)
--   events      the mask of the callbacks given (timeline.EV_*)
--   lua_easings whether a segment is eased by a Lua function
--   mapped      the values reach the caller through a map (a path's point, colours)
--   rounded     the values shown are rounded (the `round` option: tl.round,
--               the core's rounding, or round_fn)
--   round_fn    rounded by the Lua function uv.round
--   plain       none of the above: update and update_timelines take the
--               short way (C's `user >> EVENTS_SHIFT == 0`)
-- and, as C's user value, tl.uv:
--   names       named properties: the component names (a colour's repeated 4 times)
--   on_keyframe, on_iteration, on_complete   the callbacks
--   lua_easings the Lua functions, by segment
--   path, fields, nfields                    a path timeline's path and field names
--   colors, color_space, colorkeys           colours: the form of each (by its
--               first component), the space, the keyframes as given
--   cursor      the events cursor of this timeline's callbacks
--   round       the round function
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local timeline = require("kinetic.pure.timeline")
local tdef = require("kinetic.pure.timeline_def")
local interp = require("kinetic.pure.interp")
local color = require("kinetic.pure.color")
local color_mix = require("kinetic.pure.color_mix")
local path_core = require("kinetic.pure.path")
local lua_easing = require("kinetic.pure.api.lua_easing")

local type, rawget, rawset, next, select, error, tostring = type, rawget, rawset, next, select,
                                                            error, tostring
local getmetatable = getmetatable
local format, match, sort = string.format, string.match, table.sort
local floor, huge = math.floor, math.huge
local unpack = rawget(table, "unpack") or rawget(_G, "unpack")
-- lua_rawlen: # without a __len metamethod (5.1 tables have none).
local rawlen = rawget(_G, "rawlen") or function(t) return #t end

local argerror, typeerror, typename = util.argerror, util.typeerror, util.typename
local checkfinite, checknonneg, numstr = util.checkfinite, util.checknonneg, util.numstr
local cstr = names.cstr
local kind = util.kind

local tl_at_hinted, tl_seek, tl_done = timeline.at_hinted, timeline.seek, timeline.done
local tl_move, tl_events, tl_next_event = timeline.move, timeline.events, timeline.next_event
local tl_crosses = timeline.crosses
local EV_KEYFRAME, EV_ITERATION = timeline.EV_KEYFRAME, timeline.EV_ITERATION
local mix_at, mix_ends, color_hex = color_mix.mix_at, color_mix.mix_ends, color.hex
local path_at = path_core.at
local ease_enter, ease_leave = lua_easing.enter, lua_easing.leave
local round_value = require("kinetic.pure.round").value
local EASE_RAISED, EASE_BAD = lua_easing.RAISED, lua_easing.BAD

-- The other parts' api modules, loaded when first needed (they load after
-- this one).
local api_color, api_path, api_easing
local function tocolor(v)
  if api_color == nil then api_color = require("kinetic.pure.api.color") end
  return api_color.tocolor(v)
end
local function pushcolor(c)
  if api_color == nil then api_color = require("kinetic.pure.api.color") end
  return api_color.pushcolor(c)
end
local function topath(v)
  if api_path == nil then api_path = require("kinetic.pure.api.path") end
  return api_path.topath(v)
end
local function toeasing(v)
  if api_easing == nil then api_easing = require("kinetic.pure.api.easing") end
  return api_easing.toeasing(v)
end

local M = {}

local NAME = "kinetic.Timeline"

-- What a state is (lkinetic.h's SHAPE_*, the core's kn_tl_shape).
local SHAPE_NUMBER, SHAPE_VECTOR, SHAPE_NAMED, SHAPE_COLOR = 0, 1, 2, 3

-- How a colour's keyframes were given, in colors[j + 1] for the first of
-- its 4 components j: what the timeline returns.
local COLOR_STRING, COLOR_OBJECT = 1, 2

local cls, states

-- The type of v as the C API sees it: kinetic's objects are userdata there.
local function ltype(v)
  local t = type(v)
  if t == "table" and kind[v] ~= nil then return "userdata" end
  return t
end

-- The value as errors show it: numbers printed ("-1", "0.5", "nan",
-- "inf"), anything else by type name (lk_tl_shown).
local function shown(v)
  if type(v) == "number" then return numstr(v) end
  return typename(v)
end

-- ==== timeline.c ===============================================================

-- ---- rounding -------------------------------------------------------------

-- v[o + 1 .. o + n] rounded as the `round` option says (tl.rounded): by the
-- core's rounding tl.round (round.lua), or each by the function uv.round,
-- which must return a number ("round: number expected, got string").
local function round_values(tl, v, o, n)
  if not tl.round_fn then
    local r = tl.round
    for j = o + 1, o + n do v[j] = round_value(r, v[j]) end
    return
  end
  local f = tl.uv.round
  for j = o + 1, o + n do
    local r = f(v[j])
    if type(r) ~= "number" then
      error(format("round: number expected, got %s", typename(r)), 0)
    end
    v[j] = r / 1
  end
end

-- The state in the scratch rounded, when the timeline rounds and shows the
-- state itself (a path's point is rounded where path_point makes it).
local function round_state(tl)
  if tl.rounded and not tl.mapped then round_values(tl, tl.data, tl.scratch, tl.ncomp) end
end

-- ---- Lua function easings ------------------------------------------------

-- The sites published while the core runs a timeline's Lua easings, one
-- per nesting depth (C keeps each on its C stack).
local site_pool, site_depth = {}, 0

-- at_hinted(tl, t) into the scratch for the method `fname`, running the
-- segments' Lua easings (lua_easing.lua), if any, with the site published
-- in the timeline's slot, and raising what they raised -- or "update:
-- segment 2's easing returned nan (finite number expected)" -- after the
-- core has returned.  A callee that runs a method of this same timeline
-- publishes its own site and puts this one back.  Then the state is
-- rounded (round_state).
local function timeline_state(tl, t, fname)
  if not tl.lua_easings then
    tl_at_hinted(tl, t, tl.data, tl.scratch)
    round_state(tl)
    return
  end
  local fns = tl.uv.lua_easings
  local depth = site_depth + 1
  site_depth = depth
  local site = site_pool[depth]
  if site == nil then site = lua_easing.new_site(); site_pool[depth] = site end
  site.on_fail = nil
  local outer = ease_enter(tl, site, fns)
  tl_at_hinted(tl, t, tl.data, tl.scratch)
  ease_leave(tl, outer)
  site_depth = depth - 1
  local failed, value = site.failed, site.value
  site.value = nil
  site.fns = false
  if failed == EASE_RAISED then error(value, 0) end
  if failed == EASE_BAD then
    error(format("%s: segment %d's easing returned %s (finite number expected)", fname,
                 site.which, shown(value)), 0)
  end
  round_state(tl)
end

-- ---- mapped values: a path's point, colours ----------------------------

-- A path timeline's point at the fraction in the scratch: x, y, angle
-- (rounded when the timeline rounds), and how many it shows (2, or 3 when
-- it rotates).
local xya = { 0.0, 0.0, 0.0 }
local function path_point(tl)
  local uv = tl.uv
  local x, y, a = path_at(uv.path, tl.data[tl.scratch + 1])
  if tl.rounded then
    local n = uv.nfields
    xya[1], xya[2], xya[3] = x, y, a
    round_values(tl, xya, 0, n)
    x, y, a = xya[1], xya[2], xya[3]
  end
  return uv.nfields, x, y, a
end

-- The colour whose interpolated components start at component j of the
-- scratch, as its keyframes were given: a string as "#rrggbb[aa]", a
-- kinetic.Color as one.
local mixed = { c = {} }
local function push_color(tl, j)
  local uv = tl.uv
  local form = uv.colors[j + 1]
  mix_at(tl.data, uv.color_space, mixed, tl.scratch + j)
  if form == COLOR_STRING then return color_hex(mixed) end
  return pushcolor(mixed)
end

-- Store the mapped state in obj (its fields set through metamethods when
-- meta, else raw): a path's point in its fields (or items 1..n when
-- `items`), named properties by name.
local function put_mapped(tl, obj, items, meta)
  if tl.shape == SHAPE_NUMBER then                        -- a path
    local n, x, y, a = path_point(tl)
    local fields = tl.uv.fields
    for j = 1, n do
      local key = items and j or fields[j]
      local v = j == 1 and x or (j == 2 and y or a)
      if meta then obj[key] = v else rawset(obj, key, v) end
    end
  else                                                    -- named, colours among them
    local uv, d, sc = tl.uv, tl.data, tl.scratch
    local colors, nm = uv.colors, uv.names
    local j, n = 0, tl.ncomp
    while j < n do
      local colour = colors[j + 1] ~= nil
      local v
      if colour then v = push_color(tl, j) else v = d[sc + j + 1] end
      if meta then obj[nm[j + 1]] = v else rawset(obj, nm[j + 1], v) end
      j = j + (colour and 4 or 1)
    end
  end
end

-- The mapped state as `at` returns it: a path's x, y [, angle] (or out
-- filled), a colour, or the named properties (in out or a new table).
local function push_mapped(tl, out)
  local shape = tl.shape
  if shape == SHAPE_COLOR then return push_color(tl, 0) end
  if shape == SHAPE_NUMBER and out == nil then
    local n, x, y, a = path_point(tl)
    if n == 3 then return x, y, a end
    return x, y
  end
  if out == nil then out = {} end
  put_mapped(tl, out, shape == SHAPE_NUMBER, false)
  return out
end

-- Write the state in the scratch into the table out, raw, as `at` and `update`
-- fill it.  A table without a metatable takes plain assignments (raw
-- there).
local function fill_out(tl, out)
  if tl.mapped then
    put_mapped(tl, out, tl.shape == SHAPE_NUMBER, false)
    return
  end
  local v, sc, n = tl.data, tl.scratch, tl.ncomp
  if tl.shape == SHAPE_VECTOR then
    if getmetatable(out) == nil then
      for j = 1, n do out[j] = v[sc + j] end
    else
      for j = 1, n do rawset(out, j, v[sc + j]) end
    end
    return
  end
  local nm = tl.uv.names
  if getmetatable(out) == nil then
    for j = 1, n do out[nm[j]] = v[sc + j] end
  else
    for j = 1, n do rawset(out, nm[j], v[sc + j]) end
  end
end

-- The state in the scratch as `at` returns it (out: a table or nil).
local function push_state(tl, out)
  if tl.mapped then return push_mapped(tl, out) end
  local shape = tl.shape
  if shape == SHAPE_NUMBER then return tl.data[tl.scratch + 1] end
  if shape == SHAPE_VECTOR then
    if out == nil then return unpack(tl.data, tl.scratch + 1, tl.scratch + tl.ncomp) end
  elseif out == nil then
    out = {}
  end
  fill_out(tl, out)
  return out
end

local methods = {}

-- A bad self: "calling 'fname' on bad self (kinetic.Timeline expected, got
-- number)" ("no value" when the call had no argument).
local function bad_self(fname, nargs, self)
  argerror(0, fname, format("%s expected, got %s", NAME, nargs < 1 and "no value" or typename(self)))
end

-- The time argument (the call's argument 2, #1 after self) of fname,
-- checked as lk_checkfinite (nonneg false) or lk_checknonneg.
local function check_time(nargs, t, fname, nonneg)
  if nargs < 2 then argerror(1, fname, "number expected, got no value") end
  if nonneg then return checknonneg(t, 1, fname) end
  return checkfinite(t, 1, fname)
end

-- tl:at(t [, out])
function methods.at(...)
  local self, t, out = ...
  local tl = states[self]
  if tl == nil then bad_self("at", select("#", ...), self) end
  if type(t) ~= "number" or t - t ~= 0 then check_time(select("#", ...), t, "at", false) end
  if out ~= nil and (type(out) ~= "table" or kind[out] ~= nil) then
    typeerror(2, "at", "table", out)
  end
  if tl.lua_easings or tl.rounded then timeline_state(tl, t, "at")
  else tl_at_hinted(tl, t, tl.data, tl.scratch) end
  return push_state(tl, out)
end

-- ---- update: the frame's values, then the callbacks ------------------------

-- An update's second half: run the callbacks of tl (its handle self) for
-- the events in the stretch (t0, t1], in time order, as long as the clock
-- stays where the move left it (generation gen).  A callback that moves the
-- clock (seek, update, update_timelines) makes the events not yet run
-- stale, and they are dropped -- also when the clock moved before the
-- first one.  The cursor is the timeline's own: a nested run on the same
-- timeline has moved its clock, so this one reads the cursor no more.
-- A callback runs as under the C core, inside a C call (lua_call from the
-- binding): here table.sort's comparator, a C function calling Lua on every
-- VM, so that a yield in it raises "attempt to yield across a C-call
-- boundary" as it does there.  Its errors pass through unchanged.
local cb_f, cb_self, cb_value, cb_nargs = nil, nil, nil, 0
local cb_pair = { 0, 0 }
local function cb_compare()
  local f, a, b, nargs = cb_f, cb_self, cb_value, cb_nargs
  cb_f, cb_self = nil, nil
  if nargs == 2 then f(a, b) else f(a) end
  return false
end
local function run_callback(f, self, value, nargs)
  cb_f, cb_self, cb_value, cb_nargs = f, self, value, nargs
  sort(cb_pair, cb_compare)
end

local function fire(self, tl, t0, t1, gen)
  local mask = tl.events
  if mask == 0 or not (t1 > t0) or tl.gen ~= gen then return end
  local uv = tl.uv
  local cur = uv.cursor
  tl_events(tl, cur, t0, t1, mask)
  while tl.gen == gen do
    local kind_, value = tl_next_event(tl, cur)
    if kind_ == nil then break end
    if kind_ == EV_KEYFRAME then run_callback(uv.on_keyframe, self, floor(value), 2)
    elseif kind_ == EV_ITERATION then run_callback(uv.on_iteration, self, floor(value), 2)
    else run_callback(uv.on_complete, self, nil, 1) end   -- floor: integers on 5.3+
  end
end

local function fire_then(self, tl, t0, t1, gen, ...)
  fire(self, tl, t0, t1, gen)
  return ...
end

-- tl:update(dt [, out]): the state at the new clock is computed -- and
-- written into out -- before any callback runs, so a callback sees the
-- frame's values, and they are what update returns whatever the callbacks
-- do.
function methods.update(...)
  local self, dt, out = ...
  local tl = states[self]
  if tl == nil then bad_self("update", select("#", ...), self) end
  if not (type(dt) == "number" and dt >= 0 and dt < huge) then
    check_time(select("#", ...), dt, "update", true)
  end
  if out ~= nil and (type(out) ~= "table" or kind[out] ~= nil) then
    typeerror(2, "update", "table", out)
  end
  local clock = tl.clock + dt
  if clock - clock ~= 0 then error("update: the clock would overflow", 0) end
  if tl.plain then
    if clock > tl.total then clock = tl.total end         -- timeline.seek, inline
    tl.clock = clock
    tl.gen = tl.gen + 1
    local d, sc = tl.data, tl.scratch
    tl_at_hinted(tl, clock, d, sc)
    if tl.shape == SHAPE_NUMBER then return d[sc + 1] end
    return push_state(tl, out)
  end
  local t0, t1, gen = tl_move(tl, dt)
  timeline_state(tl, t1, "update")
  if tl.events == 0 then return push_state(tl, out) end
  return fire_then(self, tl, t0, t1, gen, push_state(tl, out))
end

-- ---- kinetic.update_timelines ---------------------------------------------------

-- Note that the timeline (handle self) crossed events in (t0, t1]: append
-- it to the pending list, made for the first entry: the handle, t0, t1 and
-- the generation of its clock when phase 2 starts.
local function add_pending(self, pending, t0, t1)
  if pending == nil then pending = {} end
  local k = #pending
  pending[k + 1] = self
  pending[k + 2] = t0
  pending[k + 3] = t1
  pending[k + 4] = 0
  return pending
end

-- Phase 2: fire each entry's events.  An entry is stale once a callback
-- has moved its timeline's clock, so the generations are taken as phase 2
-- starts, after every move of phase 1 (a timeline listed twice reports
-- both stretches).
local function fire_pending(pending)
  local n = #pending
  for k = 1, n - 3, 4 do
    local tl = states[pending[k]]
    if tl == nil then error("update_timelines: not a table of pending events", 0) end
    pending[k + 3] = tl.gen
  end
  for k = 1, n - 3, 4 do
    local self = pending[k]
    local tl = states[self]
    if tl ~= nil and tl.gen == pending[k + 3] then
      fire(self, tl, pending[k + 1], pending[k + 2], tl.gen)
    end
  end
end

-- out[i] = the state in the scratch: a number, or the table out[i] filled in
-- place, made first when out[i] is not a table.
local function batch_write(tl, out, i)
  local shape = tl.shape
  if shape == SHAPE_NUMBER and not tl.mapped then
    rawset(out, i, tl.data[tl.scratch + 1])
    return
  end
  if shape == SHAPE_COLOR then
    rawset(out, i, (push_mapped(tl, nil)))
    return
  end
  local t = rawget(out, i)
  if type(t) ~= "table" or kind[t] ~= nil then
    t = {}
    rawset(out, i, t)
  end
  fill_out(tl, t)
end

-- Phase 1 for item i, the timeline tl (handle self; clock + dt finite),
-- when it has callbacks, Lua easings or a map: move it, write out[i], and
-- note it in the pending list when it crossed events it has callbacks for.
local function batch_step(self, tl, dt, out, i, pending)
  local t0, t1 = tl_move(tl, dt)
  timeline_state(tl, t1, "update")
  if tl_crosses(tl, t0, t1, tl.events) then pending = add_pending(self, pending, t0, t1) end
  batch_write(tl, out, i)
  return pending
end

-- kinetic.update_timelines(timelines, dt [, out]) -> out, playing, in two
-- phases (docs/timeline.md): 1. each timelines[i] (i = 1 .. #timelines at
-- the call, read raw, checked in its turn) moves by dt and its state goes
-- into out[i], no callback run; 2. the callbacks of the events each crossed,
-- place by place, each timeline's in time order.
local function update_timelines(...)
  local list, dt, out = ...
  local nargs = select("#", ...)
  if type(list) ~= "table" or kind[list] ~= nil then
    argerror(1, "update_timelines", "table of timelines expected, got "
             .. (nargs < 1 and "no value" or typename(list)))
  end
  if not (type(dt) == "number" and dt >= 0 and dt < huge) then
    if dt == nil and nargs < 2 then
      argerror(2, "update_timelines", "number expected, got no value")
    end
    checknonneg(dt, 2, "update_timelines")
  end
  if out == nil then
    out = {}
  elseif type(out) ~= "table" or kind[out] ~= nil then
    typeerror(3, "update_timelines", "table", out)
  end
  local pending, playing = nil, 0
  -- out without a metatable takes plain assignments (raw there)
  local rawout = getmetatable(out) ~= nil
  local n = rawlen(list)
  for i = 1, n do
    local self = rawget(list, i)
    local tl = states[self]
    if tl == nil then
      argerror(1, "update_timelines", format("item %d: %s expected, got %s", i, NAME,
                                             typename(self)))
    end
    local clock = tl.clock + dt
    if not (clock < huge) then
      error(format("update_timelines: timeline %d's clock would overflow", i), 0)
    end
    if tl.plain then
      local total = tl.total
      if clock > total then clock = total end           -- timeline.seek, inline
      tl.clock = clock
      tl.gen = tl.gen + 1
      local d, sc = tl.data, tl.scratch
      tl_at_hinted(tl, clock, d, sc)
      if tl.shape ~= SHAPE_NUMBER then
        batch_write(tl, out, i)
      elseif rawout then
        rawset(out, i, d[sc + 1])
      else
        out[i] = d[sc + 1]
      end
      if clock < total then playing = playing + 1 end
    else
      pending = batch_step(self, tl, dt, out, i, pending)
      rawout = getmetatable(out) ~= nil                 -- a Lua easing may have set one
      if tl.clock < tl.total then playing = playing + 1 end
    end
  end
  if pending ~= nil then fire_pending(pending) end
  return out, playing
end

-- tl:apply(obj): the current state written into obj through metamethods.
function methods.apply(...)
  local self, obj = ...
  local tl = states[self]
  local nargs = select("#", ...)
  if tl == nil then bad_self("apply", nargs, self) end
  local t = ltype(obj)
  if t ~= "table" and t ~= "userdata" then
    argerror(1, "apply", "table or userdata expected, got "
             .. (nargs < 2 and "no value" or typename(obj)))
  end
  local shape = tl.shape
  if (shape == SHAPE_NUMBER and not tl.mapped) or shape == SHAPE_COLOR then
    argerror(1, "apply", shape == SHAPE_COLOR
      and "a timeline of one colour has no fields to write (use at or update)"
      or "a timeline of one number has no fields to write (use at or update)")
  end
  timeline_state(tl, tl.clock, "apply")
  if tl.mapped then                                       -- honours __newindex
    put_mapped(tl, obj, false, true)
    return obj
  end
  local v, sc, nm = tl.data, tl.scratch, tl.uv.names
  for j = 1, tl.ncomp do
    if shape == SHAPE_NAMED then obj[nm[j]] = v[sc + j] else obj[j] = v[sc + j] end
  end
  return obj
end

-- tl:next_change() -> the least dt after which update changes what it
-- returns or fires a callback, or ends (timeline.next_change), with a
-- path's point as what a rounding path timeline shows; 0 while not done
-- for a round function (its changes cannot be predicted).
local nc_uv
local function map_path(state, vals)
  local x, y, a = path_at(nc_uv.path, state[1])
  vals[1], vals[2], vals[3] = x, y, a
  return nc_uv.nfields
end

function methods.next_change(...)
  local self = ...
  local tl = states[self]
  if tl == nil then bad_self("next_change", select("#", ...), self) end
  if tl.round_fn then
    if tl_done(tl) then return huge end
    return 0.0
  end
  if tl.rounded and tl.mapped then                        -- a path
    nc_uv = tl.uv
    local dt = timeline.next_change(tl, tl.events, map_path)
    nc_uv = nil
    return dt
  end
  return timeline.next_change(tl, tl.events, nil)
end

function methods.seek(...)
  local self, t = ...
  local tl = states[self]
  local nargs = select("#", ...)
  if tl == nil then bad_self("seek", nargs, self) end
  tl_seek(tl, check_time(nargs, t, "seek", true))
  return self
end

function methods.time(...)
  local self = ...
  local tl = states[self]
  if tl == nil then bad_self("time", select("#", ...), self) end
  return tl.clock
end

function methods.duration(...)
  local self = ...
  local tl = states[self]
  if tl == nil then bad_self("duration", select("#", ...), self) end
  return tl.duration
end

function methods.total_duration(...)
  local self = ...
  local tl = states[self]
  if tl == nil then bad_self("total_duration", select("#", ...), self) end
  return tl.total
end

function methods.done(...)
  local self = ...
  local tl = states[self]
  if tl == nil then bad_self("done", select("#", ...), self) end
  return tl_done(tl)
end

local function timeline_tostring(self)
  local tl = states[self]
  if tl == nil then typeerror(0, "__tostring", NAME, self) end
  local addr = match(tostring(tl), ": (.*)$") or "?"
  return format("%s(%d segments, %s, %s x%s): %s", NAME, tl.nseg, interp.mode_name(tl.mode),
                timeline.after_name(tl.after), format("%.14g", tl.iterations), addr)
end

-- ==== timeline_def.c =============================================================

local FNAME = "timeline"
local MAX_ELEMENTS = timeline.MAX_ELEMENTS

-- ---- errors ---------------------------------------------------------------------

-- "segment 2, field 'duration': " or "field 'from': " (seg == 0) before
-- the message; raised on argument 1.
local function context_error(seg, field, fmt, a, b, c, d)
  -- lua_pushvfstring's %s stops at a zero byte
  if type(a) == "string" then a = cstr(a) end
  if type(b) == "string" then b = cstr(b) end
  if type(c) == "string" then c = cstr(c) end
  if type(d) == "string" then d = cstr(d) end
  local msg = format(fmt, a, b, c, d)
  if seg > 0 and field ~= nil then
    msg = format("segment %d, field '%s': %s", seg, field, msg)
  elseif seg > 0 then
    msg = format("segment %d: %s", seg, msg)
  else
    msg = format("field '%s': %s", field, msg)
  end
  argerror(1, FNAME, msg)
end

-- As shown, a string quoted: what a colour value that is none shows.
local function quoted(v)
  if type(v) == "string" then return "'" .. cstr(v) .. "'" end
  return shown(v)
end

-- Raise the failure of a core check (e: seg, field, why).
local function check_error(e)
  if e.seg == 0 and e.field == nil then argerror(1, FNAME, e.why) end
  context_error(e.seg, e.field, "%s", e.why)
end

local check_number = tdef.check_number
local FINITE, DURATION, ITERATIONS, DELAY = tdef.FINITE, tdef.DURATION, tdef.ITERATIONS,
                                            tdef.DELAY

-- The number v, of kind `kind`, or the error "<ctx>: <prefix><reason>, got
-- <the value as shown>" (prefix: a string, or a function making it).
local function number_at(v, seg, field, prefix, kind_)
  local is_number = type(v) == "number"
  local x = is_number and v / 1 or 0.0
  local why = check_number(kind_, is_number, x)
  if why ~= nil then
    context_error(seg, field, "%s%s, got %s", prefix, why, shown(v))
  end
  return x
end

-- Field `key` of the table t (def, or segment seg's table), a number of
-- kind `kind`.
local function number_field(t, seg, key, kind_)
  return number_at(t[key], seg, key, "", kind_)
end

-- The error "<ctx>: <what from's shape makes a keyframe> expected (as
-- 'from'), got <got>" for state seg (0: def.from).
local function shape_error(seg, shape, ncomp, got)
  context_error(seg, seg == 0 and "from" or "to", "%s expected (as 'from'), got %s",
                tdef.shape_name(shape, ncomp, true), got)
end

-- ---- states ------------------------------------------------------------------

-- The form of the colour v (a colour string or a kinetic.Color), nil when
-- it is not one.
local function color_form(v)
  if tocolor(v) == nil then return nil end
  return type(v) == "string" and COLOR_STRING or COLOR_OBJECT
end

-- uv.colors[j + 1] = form (the table made when missing).
local function note_color(uv, j, form)
  local colors = uv.colors
  if colors == nil then colors = {}; uv.colors = colors end
  colors[j + 1] = form
end

-- The sorted names uv.names[1..n] of def.from as components: a colour
-- property takes 4, its name repeated.  Returns the count.
local function expand_colors(from, uv, n)
  local nm, exp, m = uv.names, {}, 0
  for i = 1, n do
    local name = nm[i]
    local form = color_form(rawget(from, name))
    if form then note_color(uv, m, form) end
    for _ = 1, form and 4 or 1 do
      m = m + 1
      exp[m] = name
    end
  end
  if m > MAX_ELEMENTS then context_error(0, "from", "too many properties") end
  uv.names = exp
  return m
end

-- Shape and size of def.from; names go to uv.names, sorted (a colour's
-- repeated for its 4 components).
local function from_shape(from, uv)
  local t = ltype(from)
  if t == "number" then
    number_at(from, 0, "from", "", FINITE)
    return SHAPE_NUMBER, 1
  elseif t ~= "table" then
    local form = color_form(from)
    if form then
      note_color(uv, 0, form)
      return SHAPE_COLOR, 4
    end
    context_error(0, "from", "number, array, colour or table of named values expected, got %s",
                  t == "string" and "'" .. cstr(from) .. "'" or typename(from))
  end
  local n = rawlen(from)
  if n > 0 then
    if n > MAX_ELEMENTS then context_error(0, "from", "too many components") end
    return SHAPE_VECTOR, n
  end
  local nm = {}
  uv.names = nm
  for key in next, from do
    if type(key) ~= "string" then
      context_error(0, "from", "property names must be strings, got %s", typename(key))
    end
    if n >= MAX_ELEMENTS then context_error(0, "from", "too many properties") end
    n = n + 1
    nm[n] = key
  end
  if n == 0 then
    context_error(0, "from",
                  "number, array, colour or table of named values expected, got an empty table")
  end
  -- insertion sort of the names (as C strings): a fixed, documented order
  for i = 2, n do
    for j = i, 2, -1 do
      local a, b = nm[j - 1], nm[j]
      if not (cstr(a) > cstr(b)) then break end
      nm[j - 1], nm[j] = b, a
    end
  end
  return SHAPE_NAMED, expand_colors(from, uv, n)
end

-- Keep the colour v as keyframe seg of the colour at component j
-- (uv.colorkeys[j + 1][seg + 1]); its 4 components at dst[off + j + 1 ..]
-- are filled by prepare_colors once every keyframe is read.
local function color_key(uv, j, seg, v, dst, off)
  local keys = uv.colorkeys
  if keys == nil then keys = {}; uv.colorkeys = keys end
  local kj = keys[j + 1]
  if kj == nil then kj = {}; keys[j + 1] = kj end
  kj[seg + 1] = v
  for i = 1, 4 do dst[off + j + i] = 0.0 end
end

-- Named properties of the table v into dst[off + 1 .. off + ncomp]: every
-- name of from (a colour's 4 components kept for prepare_colors), and for
-- a segment no other.
local function read_named(v, seg, ncomp, from, uv, dst, off)
  local field = seg == 0 and "from" or "to"
  local colors, nm = uv.colors, uv.names
  local j = 0
  while j < ncomp do
    local colour = colors ~= nil and colors[j + 1] ~= nil
    local name = nm[j + 1]
    local x = rawget(v, name)
    if x == nil then
      local len = rawlen(v)
      if len > 0 then                                     -- {1, 2}
        shape_error(seg, SHAPE_NAMED, ncomp, format("an array of %d items", len))
      end
      context_error(seg, field, "property '%s' missing (as in 'from')", cstr(name))
    end
    if colour then
      if not color_form(x) then
        context_error(seg, field, "property '%s': colour expected (as in 'from'), got %s",
                      cstr(name), quoted(x))
      end
      color_key(uv, j, seg, x, dst, off)
      j = j + 4
    else
      if type(x) == "number" and x - x == 0 then
        dst[off + j + 1] = x / 1
      else
        number_at(x, seg, field, "property '" .. cstr(name) .. "': ", FINITE)
      end
      j = j + 1
    end
  end
  if seg == 0 then return end
  for key in next, v do
    if rawget(from, key) == nil then
      if type(key) == "string" then
        context_error(seg, field, "unexpected property '%s' (not in 'from')", cstr(key))
      end
      context_error(seg, field, "unexpected key of type %s (not in 'from')", typename(key))
    end
  end
end

-- Read a state (def.from when seg == 0, else segment seg's `to`) v into
-- dst[off + 1 .. off + ncomp], checking it has the shape of from.
local function read_state(v, seg, shape, ncomp, from, uv, dst, off)
  local field = seg == 0 and "from" or "to"
  if shape == SHAPE_NUMBER then
    dst[off + 1] = number_at(v, seg, field, "", FINITE)
    return
  end
  if shape == SHAPE_COLOR then
    if not color_form(v) then shape_error(seg, shape, ncomp, quoted(v)) end
    color_key(uv, 0, seg, v, dst, off)
    return
  end
  if ltype(v) ~= "table" then shape_error(seg, shape, ncomp, typename(v)) end
  if shape == SHAPE_NAMED then
    read_named(v, seg, ncomp, from, uv, dst, off)
    return
  end
  local len = rawlen(v)
  if len == 0 then
    local text, tk = util.tablekind(v)                   -- {x = 1}
    if tk ~= util.TABLE_EMPTY then shape_error(seg, shape, ncomp, text) end
  end
  if len ~= ncomp then shape_error(seg, shape, ncomp, format("%d", len)) end
  for j = 1, ncomp do
    local x = rawget(v, j)
    if type(x) == "number" and x - x == 0 then
      dst[off + j] = x / 1
    else
      number_at(x, seg, field, format("component %d: ", j), FINITE)
    end
  end
end

-- ---- options -----------------------------------------------------------------

-- The value named by the string field `key` of def ("'a', 'b' or 'c'
-- expected"), `dflt` when the field is absent.
local function option(def, key, list, dflt)
  local v = def[key]
  if v == nil then return dflt end
  return util.checkname(v, 1, FNAME, key, list, names.QUOTED + names.OR)
end

-- ---- Lua function easings -------------------------------------------------------

-- Segment i's easing, the Lua function f: kept in uv.lua_easings[i], and
-- an easing calling it (lua_easing.lua, run where timeline_state
-- publishes its site) returned.
local function push_lua_easing(tl, f, i)
  local uv = tl.uv
  local fns = uv.lua_easings
  if fns == nil then
    fns = {}
    uv.lua_easings = fns
  end
  fns[i] = f
  tl.lua_easings = true
  return lua_easing.new(tl, i)
end

-- ---- construction --------------------------------------------------------------

-- The options of def (besides its segments, items 1 to #def) and the
-- fields of a segment: any other name is refused.
local OPTION_NAMES = util.known {
  "from", "interpolation", "angle_unit", "pivot", "after", "iterations", "delay",
  "on_keyframe", "on_iteration", "on_complete", "path", "rotate", "fields", "color_space",
  "hue", "repeat_delay", "round"
}
local SEGMENT_NAMES = util.known { "to", "duration", "easing" }
local ITEMS = "segments are the array part (items 1 to n, no holes)"

-- def.pivot into o.pivot: {x, y} of finite numbers for interpolation =
-- 'polar' (which needs 2-vector states), and absent otherwise.
local function read_pivot(def, o, e)
  local v = def.pivot
  if not tdef.check_polar(o, v ~= nil, e) then check_error(e) end
  if o.mode == interp.POLAR then
    local t = ltype(v)
    if t == "table" and rawlen(v) == 0 then
      local text, tk = util.tablekind(v)
      if tk == util.TABLE_NAMED then                       -- {x = 0, y = 0}
        context_error(0, "pivot", "{x, y} expected for 'polar' (an array of 2 numbers), got %s",
                      text)
      end
    end
    if t ~= "table" or rawlen(v) ~= 2 then
      context_error(0, "pivot", "{x, y} expected for 'polar', got %s", typename(v))
    end
    for i = 1, 2 do
      o.pivot[i] = number_at(rawget(v, i), 0, "pivot", i == 1 and "x: " or "y: ", FINITE)
    end
  end
end

-- def.path, rotate and fields: the keyframes are fractions of a path's arc
-- length, and the timeline shows the point there: x, y and, with rotate,
-- the angle; fields (2 or 3 names, a third implying rotate) names them for
-- apply.  uv.path holds the path, uv.fields the names.  Returns true.
local function read_path(def, o, has_fields, uv, e)
  local n = 2
  local v = def.path
  local p = topath(v)
  if p == nil then context_error(0, "path", "%s expected, got %s", "kinetic.Path", typename(v)) end
  if not tdef.check_path(o, e) then check_error(e) end
  uv.path = p
  local r = def.rotate
  if r ~= nil and type(r) ~= "boolean" then
    context_error(0, "rotate", "boolean expected, got %s", typename(r))
  end
  if r then n = 3 end
  local fields = { "x", "y", "angle" }
  if has_fields then
    local m = 0
    local fv = def.fields
    if ltype(fv) == "table" then m = rawlen(fv) end
    if m < 2 or m > 3 then
      context_error(0, "fields", "{x, y} or {x, y, angle} (2 or 3 field names) expected")
    end
    for i = 1, m do
      local s = rawget(fv, i)
      if type(s) ~= "string" then
        context_error(0, "fields", "item %d: field name (string) expected, got %s", i,
                      typename(s))
      end
      for j = 1, i - 1 do
        if rawget(fv, j) == s then context_error(0, "fields", "'%s' named twice", cstr(s)) end
      end
      fields[i] = s
    end
    if m == 3 then n = 3 end
  end
  if n == 2 then fields[3] = nil end                      -- the names it writes
  uv.fields = fields
  uv.nfields = n
  return true
end

local SPACE_TEXT = "colour space expected (srgb, srgb-linear, display-p3, a98-rgb, "
                   .. "prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65, lab, lch, oklab, oklch, "
                   .. "hsl, hwb), got %s"

-- def.color_space (a CSS space name; oklab when absent) and def.hue
-- ("shorter" when absent) of colour keyframes, into o and uv.color_space.
-- Returns true.
local function read_colors(def, o, uv)
  local v = def.color_space
  if v ~= nil then
    o.space = type(v) == "string" and color.space_find(cstr(v)) or -1
    if o.space < 0 then context_error(0, "color_space", SPACE_TEXT, quoted(v)) end
  end
  o.hue = option(def, "hue", color.HUE_NAMES, o.hue)
  uv.color_space = o.space
  return true
end

-- Each segment's ends of every colour: the premultiplied components of its
-- two keyframes in o.space, hue fixed up (color_mix.mix_ends), as the
-- segment's prepared endpoints A and B (the linear mode lerps them).
local function prepare_colors(tl, uv, o)
  local c = tl.ncomp
  for j1 in next, uv.colors do
    local j = j1 - 1
    local kj = uv.colorkeys[j1]
    for i = 0, tl.nseg - 1 do
      local at = i * c + j
      local a, b = tocolor(kj[i + 1]), tocolor(kj[i + 2])
      mix_ends(a, b, o.space, o.hue, tl.data, tl.data, tl.A + at, tl.B + at)
    end
  end
end

-- The callbacks of def (functions or absent), kept in uv; returns the
-- mask of those given.
local function read_callbacks(def, uv)
  local events, bit = 0, 1
  local list = timeline.CALLBACK_NAMES
  for i = 1, #list do
    local name = list[i]
    local v = def[name]
    if v ~= nil then
      if type(v) ~= "function" then
        context_error(0, name, "function expected, got %s", typename(v))
      end
      events = events + bit                               -- EV_KEYFRAME, _ITERATION, _COMPLETE
      uv[name] = v
    end
    bit = bit + bit
  end
  return events
end

-- The names in def and in each segment that is a table, checked before
-- anything else is read.  (Which options def has, C's `present` bits, is
-- has(def, name) below: a raw key, as C's traversal finds them.)
local function check_names(def, nseg)
  util.checkoptions(def, 1, FNAME, OPTION_NAMES, nseg, ITEMS)
  for i = 1, nseg do
    local seg = rawget(def, i)
    if ltype(seg) == "table" then
      local msg = util.optionerror(seg, SEGMENT_NAMES, 0, nil)
      if msg ~= nil then context_error(i, nil, "%s", msg) end
    end
  end
end

local function has(def, key) return rawget(def, key) ~= nil end

-- Every option of def but the segments into o, in the order errors are
-- reported: the shape of def.from (its names go to uv), the size,
-- interpolation, angle_unit, after, pivot, iterations, delay, repeat_delay,
-- the callbacks, the path, the colours and round (o.round: false, the
-- core's rounding, or true for a function, kept in uv.round); an option def
-- does not have keeps its default without a lookup.  Returns def.from.
local function read_options(def, o, uv)
  local k = o.k
  local e = {}
  local from = def.from
  k.shape, k.ncomp = from_shape(from, uv)
  if not tdef.check_size(k, e) then check_error(e) end
  if has(def, "interpolation") then
    k.mode = option(def, "interpolation", interp.MODE_NAMES, k.mode)
  end
  if has(def, "angle_unit") then k.unit = option(def, "angle_unit", timeline.UNIT_NAMES, k.unit) end
  if has(def, "after") then k.after = option(def, "after", timeline.AFTER_NAMES, k.after) end
  if has(def, "pivot") or k.mode == interp.POLAR then read_pivot(def, k, e) end
  if not has(def, "iterations") then
    k.iterations = timeline.default_iterations(k.after)
  else
    k.iterations = number_field(def, 0, "iterations", ITERATIONS)
  end
  if has(def, "delay") then k.delay = number_field(def, 0, "delay", DELAY) end
  if has(def, "repeat_delay") then
    k.repeat_delay = number_field(def, 0, "repeat_delay", DELAY)
  end
  if has(def, "on_keyframe") or has(def, "on_iteration") or has(def, "on_complete") then
    o.events = read_callbacks(def, uv)
  else
    o.events = 0
  end
  if has(def, "path") or has(def, "rotate") or has(def, "fields") then
    o.mapped = read_path(def, k, has(def, "fields"), uv, e)
  else
    o.mapped = false
  end
  local colors = uv.colors ~= nil
  if not tdef.check_colors(k, colors, has(def, "color_space"), has(def, "hue"), e) then
    check_error(e)
  end
  if colors then o.mapped = read_colors(def, k, uv) end
  o.round = false
  if has(def, "round") then
    if not tdef.check_round(k, colors, def.round ~= nil and def.round ~= false, e) then
      check_error(e)
    end
    local r = util.optround(def, 1, FNAME)
    if type(r) == "function" then
      uv.round = r
      o.round = true
    elseif r ~= nil then
      o.round = r
    end
  end
  return from
end

-- The timeline for the options, its fields set.
local function new_block(o, uv)
  local tl = timeline.block()
  tdef.init(tl, o.k)
  tl.shape = o.k.shape
  tl.events = o.events
  tl.mapped = o.mapped
  tl.lua_easings = false
  tl.rounded = o.round ~= false
  tl.round_fn = o.round == true
  if tl.rounded and not tl.round_fn then tl.round = o.round end
  tl.uv = uv
  uv.cursor = timeline.new_cursor()
  return tl
end

-- Segment i's easing (seg its table): absent (linear: false), an easing, a
-- spec string or a Lua function.
local function read_easing(tl, seg, i)
  local v = seg.easing
  if type(v) == "function" then return push_lua_easing(tl, v, i) end
  if v == nil then return false end
  local e, msg = toeasing(v)
  if e == nil and type(v) == "string" then context_error(i, "easing", "%s", cstr(msg)) end
  if e == nil then
    context_error(i, "easing", "easing, easing spec string or function expected, got %s",
                  typename(v))
  end
  return e
end

-- def[i] into the timeline: its `to` state (shaped as def.from), duration
-- and easing.
local function read_segment(def, tl, shape, i, from, uv)
  local seg = rawget(def, i)
  if ltype(seg) ~= "table" then
    context_error(i, nil, "table { to = ..., duration = ... } expected, got %s", typename(seg))
  end
  local to = seg.to
  if to == nil then
    context_error(i, "to", "%s expected, got nil", tdef.shape_name(shape, tl.ncomp, false))
  end
  read_state(to, i, shape, tl.ncomp, from, uv, tl.data, tl.keys + i * tl.ncomp)
  tl.data[tl.dur + i] = number_field(seg, i, "duration", DURATION)     -- C's dur[i - 1]
  tl.data[tl.easing + i] = read_easing(tl, seg, i)
end

-- kinetic.timeline(def) -> a kinetic.Timeline: the names, the options,
-- then the timeline, then def.from and every segment, then the totals.
local function kinetic_timeline(...)
  local def = ...
  if type(def) ~= "table" or kind[def] ~= nil then
    argerror(1, FNAME, "table expected, got "
             .. (select("#", ...) < 1 and "no value" or typename(def)))
  end
  local nseg = rawlen(def)
  if nseg == 0 then
    argerror(1, FNAME, "at least one segment { to = ..., duration = ... } expected, got none")
  end
  local o = { k = {} }
  tdef.options_init(o.k, nseg)
  check_names(def, nseg)
  local uv = {}
  local from = read_options(def, o, uv)
  local tl = new_block(o, uv)
  local shape = o.k.shape
  read_state(from, 0, shape, o.k.ncomp, from, uv, tl.data, tl.keys)
  for i = 1, nseg do read_segment(def, tl, shape, i, from, uv) end
  if not timeline.finish(tl) then argerror(1, FNAME, "total duration out of range") end
  if o.mapped and shape ~= SHAPE_NUMBER then prepare_colors(tl, uv, o.k) end
  tl.plain = tl.events == 0 and not tl.lua_easings and not tl.mapped and not tl.rounded
  return cls.new(tl)
end

-- ==== the class and the module functions =========================================

cls = util.class(NAME, methods, { __tostring = timeline_tostring })
states = cls.states
M.class = cls

function M.open(kinetic)
  kinetic.timeline = kinetic_timeline
  kinetic.update_timelines = update_timelines
end

return M
