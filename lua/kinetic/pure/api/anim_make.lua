-- kinetic.pure.api.anim_make: making an animator's animations --
-- anim:to, anim:from, anim:spring (which retargets a spring already
-- driving the fields), anim:fling and anim:sequence, and the children
-- a:to / a:from add to a sequence; csrc/lua/anim_make.c in Lua.  Every
-- argument and option is checked before anything is made.
--
-- Arguments are numbered as for a method call `anim:to(target, ...)`
-- (target is #1): C's stack index minus one.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local an = require("kinetic.pure.animator")
local mk = require("kinetic.pure.anim_make")
local color = require("kinetic.pure.color")
local fling = require("kinetic.pure.fling")
local timeline = require("kinetic.pure.timeline")
local acolor = require("kinetic.pure.api.anim_color")

local type, next, rawget, getmetatable, tonumber = type, next, rawget, getmetatable, tonumber
local format, byte, sub = string.format, string.byte, string.sub
local K = require("kinetic.pure.kmath")
local frame = require("kinetic.pure.anim_frame")
local abs = math.abs
local huge, floor = math.huge, math.floor
local typename, kind, cstr = util.typename, util.kind, names.cstr
local argerror, typeerror, fielderror = util.argerror, util.typeerror, util.fielderror
local rawlen = rawget(_G, "rawlen") or function(t) return #t end

local M = {}

local get_handle, set_callback, set_easing, self_error, check_animator, states

local TWEEN, SPRING, GROUP = an.TWEEN, an.SPRING, an.GROUP
local STOP = an.AFTER_STOP
local ST_INDEX, ST_RANDOM = an.STAGGER_INDEX, an.STAGGER_RANDOM
local node_new, chan_new, root_add = an.node_new, an.chan_new, an.root_add
local span_init = an.span_init
local color_chan, color_value = acolor.color_chan, acolor.color_value
local OKLAB, SHORTER = color.OKLAB, 0

local topath_fn
local function topath(v)
  if topath_fn == nil then topath_fn = require("kinetic.pure.api.path").topath end
  return topath_fn(v)
end
local toeasing_fn
local function toeasing(v)
  if toeasing_fn == nil then toeasing_fn = require("kinetic.pure.api.easing").toeasing end
  return toeasing_fn(v)
end

-- The type C's lua_type gives: kinetic's objects are userdata there.
local function ctype(v)
  local t = type(v)
  if t == "table" and kind[v] ~= nil then return "userdata" end
  return t
end

-- ---- making animations ----------------------------------------------------------

-- A new node (the next frame starts it first); its handle is made when
-- one is asked for.
local function new_node(A, k)
  local nd = node_new(A, k)
  A.starts_due = true
  return nd
end

-- The target is a list of targets: its item 1 is a table or a userdata.
local function is_list(v)
  if ctype(v) ~= "table" then return false end
  local t = type(rawget(v, 1))
  return t == "table" or t == "userdata"
end

-- One target (item > 0: the item-th of a list) at argument arg.
local function check_target(v, arg, item, fname)
  local t = type(v)
  if t == "table" or t == "userdata" then return end
  if item == 0 then typeerror(arg, fname, "table or userdata", v) end
  argerror(arg, fname, format("item %d: table or userdata expected, got %s", item, typename(v)))
end
M.check_target = check_target

-- The targets at arg: 0 for one target, else the length of the list, each
-- item checked.
local function check_targets(v, arg, fname)
  check_target(v, arg, 0, fname)
  if not is_list(v) then return 0 end
  local n = rawlen(v)
  for i = 1, n do check_target(rawget(v, i), arg, i, fname) end
  return n
end

-- A relative value "+=n" / "-=n" (a string): true and n, or false.
local function relative_value(s)
  if #s < 3 then return false, 0.0 end
  local c1 = byte(s, 1)
  if (c1 ~= 43 and c1 ~= 45) or byte(s, 2) ~= 61 then return false, 0.0 end
  local x = tonumber(sub(s, 3))
  local ok = x ~= nil and byte(s, 3) ~= 32 and x - x == 0
  x = ok and x / 1 or 0.0
  if c1 == 45 then x = -x end
  return ok, x
end

local VALUE_PATH, VALUE_COLOR = -1, -2

-- Check the value v of field k of the values table at argument arg;
-- returns its number of items (0: a number), or VALUE_PATH or
-- VALUE_COLOR.  A path is refused by name where not allowed.
local function check_value(k, v, arg, rel, paths, colors, fname)
  if type(k) ~= "string" then
    argerror(arg, fname, format("field names (strings) expected, got a key of type %s",
                                typename(k)))
  end
  local t = ctype(v)
  if t == "number" and v - v == 0 then return 0 end
  if t == "userdata" and topath(v) ~= nil then
    if paths then return VALUE_PATH end
    argerror(arg, fname, format("field '%s': a path is followed by a tween (anim:to), not a spring",
                                cstr(k)))
  end
  if t == "string" and rel and relative_value(v) then return 0 end
  if (t == "string" or t == "userdata") and colors and color_value(v) then return VALUE_COLOR end
  if t == "table" then
    local n = rawlen(v)
    if n > 0 then
      for i = 1, n do
        local x = rawget(v, i)
        if type(x) ~= "number" or x - x ~= 0 then
          argerror(arg, fname, format("field '%s': item %d: finite number expected, got %s",
                                      cstr(k), i, typename(x)))
        end
      end
      return n
    end
  end
  local q = t == "string" and "'" or ""
  argerror(arg, fname, format("field '%s': number, array of numbers%s or '+=n' / '-=n' "
                              .. "expected, got %s%s%s", cstr(k), colors and ", colour" or "",
                              q, t == "string" and cstr(v) or typename(v), q))
end

-- The fields of a values table of at most STASH_MAX numbers, as checked
-- (C's value_stash): their names in SK, their numbers in SV, in next's
-- order, so that the channels are made without reading the table again.
local STASH_MAX = 8
local SK, SV = {}, {}

-- Check the values table at arg; returns how many paths and colours it
-- holds, and how many fields the stash holds (-1: none; stash false: not
-- asked for).
local function check_values(vt, arg, tween, fname, stash)
  if type(vt) ~= "table" or kind[vt] ~= nil then typeerror(arg, fname, "table of values", vt) end
  local any, paths, colors, sn = false, 0, 0, stash and 0 or -1
  for k, v in next, vt do
    if type(v) == "number" and v - v == 0 and type(k) == "string" then   -- (check_value: 0)
      if sn >= 0 then
        if sn < STASH_MAX then
          sn = sn + 1
          SK[sn], SV[sn] = k, v / 1
        else
          sn = -1
        end
      end
    else
      local r = check_value(k, v, arg, true, tween, true, fname)
      if r == VALUE_PATH then paths = paths + 1
      elseif r == VALUE_COLOR then colors = colors + 1 end
      sn = -1
    end
    any = true
  end
  if not any then argerror(arg, fname, "table of values expected, got an empty table") end
  return paths, colors, sn
end

-- The channels of node for target and the sn numbers of the stash.
local function add_stashed_channels(A, node, target, frm, sn)
  local keyids = A.keyids
  for i = 1, sn do
    local key = SK[i]
    keyids[key] = true
    local c = chan_new(A, node, target, key, 0)
    if frm then c.frm = true end
    c[1] = SV[i]
  end
end

-- The channels of the path p, one per field the options name, for target.
local function add_path_channels(A, node, target, frm, o, p)
  local keyids = A.keyids
  for i = 1, o.vn do
    local key = o[i]
    keyids[key] = true
    local c = chan_new(A, node, target, key, 0)
    if frm then c.frm = true end
    c.path = p
    c.part = i - 1
  end
end

-- The channels of node for target and the (checked) values vt; frm for
-- every channel (from-tweens); o says what paths and colours do (nil: the
-- values are numbers).
local function add_channels(A, node, target, vt, frm, o)
  local keyids = A.keyids
  for k, v in next, vt do
    local tv = type(v)
    if tv == "number" then               -- (the common case, as below)
      keyids[k] = true
      local c = chan_new(A, node, target, k, 0)
      if frm then c.frm = true end
      c[1] = v / 1
    else
    if tv == "table" and kind[v] ~= nil then tv = "userdata" end
    local n = tv == "table" and rawlen(v) or 0
    local p = o ~= nil and topath(v) or nil
    if p ~= nil then
      add_path_channels(A, node, target, frm, o, p)
    else
      local rel, x = false, 0.0
      if tv == "string" then rel, x = relative_value(v) end
      if o ~= nil and tv ~= "number" and tv ~= "table" and not rel then n = 4 end   -- a colour
      keyids[k] = true
      local c = chan_new(A, node, target, k, n)
      if frm then c.frm = true end
      if o ~= nil and n == 4 and tv ~= "table" then
        color_chan(A, c, v, o.space, o.hue)
      elseif tv == "string" then
        c[1] = x
        c.rel = true
      elseif n == 0 then
        c[1] = v / 1
      else
        for i = 1, n do c[i] = rawget(v, i) / 1 end
      end
    end
    end
  end
end

-- ---- options ----------------------------------------------------------------------

local TWEEN_KNOWN = util.known(mk.tween_options)
local SPRING_KNOWN = util.known(mk.spring_options)
local STAGGER_KNOWN = util.known(mk.stagger_options)
local SEQUENCE_KNOWN = util.known(mk.sequence_options)
local FOLLOW_KNOWN = util.known(mk.follow_options)
local SHAKE_KNOWN = util.known(mk.shake_options)
local FLING_KNOWN = {}
for i = 0, 3 do FLING_KNOWN[i] = util.known(mk.fling_options[i]) end
local TWEEN_SET = TWEEN_KNOWN.set

-- The animator's option names (kn_anim_opt_names) each list holds.
local ANIM_OPTS = { "easing", "delay", "iterations", "after", "stagger", "on_start",
                    "on_update", "on_complete", "rotate", "fields", "color_space", "hue",
                    "round", "repeat_delay", "on_repeat", "yoyo_ease", "velocity" }
local function anim_subset(known)
  local sub_ = {}
  for i = 1, #ANIM_OPTS do
    if known.set[ANIM_OPTS[i]] then sub_[#sub_ + 1] = ANIM_OPTS[i] end
  end
  return sub_
end
local ANIM_IN = {}
ANIM_IN[SPRING_KNOWN] = anim_subset(SPRING_KNOWN)
ANIM_IN[SEQUENCE_KNOWN] = anim_subset(SEQUENCE_KNOWN)
for i = 0, 3 do ANIM_IN[FLING_KNOWN[i]] = anim_subset(FLING_KNOWN[i]) end
ANIM_IN[FOLLOW_KNOWN] = anim_subset(FOLLOW_KNOWN)
ANIM_IN[SHAKE_KNOWN] = anim_subset(SHAKE_KNOWN)

local AFTER_NAMES, HUE_NAMES = timeline.AFTER_NAMES, color.HUE_NAMES
local NAMES_STYLE = util.ONEOF + util.QUOTED
local CB_NAMES = { "on_start", "on_update", "on_complete", "on_repeat" }
local REVERSE = an.AFTER_REVERSE

-- Whether the options give `key`: a table without a metatable gives what
-- its keys hold; one with a metatable is asked, as an __index may give any.
local function present(o, key)
  local t = o.t
  return t ~= nil and t[key] ~= nil     -- (no metatable: a raw read)
end

-- Whether option `key` is to be read: present, or perhaps given by an
-- __index.
local function maybe(o, key)
  return o.meta or o.t[key] ~= nil
end

-- yoyo_ease = spec | true, with after = "reverse" and one target: the
-- easing of the reverse passes (true: the tween's own, set with it).
local function read_yoyo(o, n)
  local v = o.t.yoyo_ease
  if v == nil or v == false then return end
  if o.after ~= REVERSE then
    fielderror(o.arg, o.fname, "yoyo_ease", "only after = 'reverse' takes it")
  end
  if n > 0 then fielderror(o.arg, o.fname, "yoyo_ease", "a list of targets does not take it") end
  if v == true then
    o.yoyo = true
    return
  end
  if type(v) == "function" then
    fielderror(o.arg, o.fname, "yoyo_ease", "an easing spec or true expected, got function")
  end
  local e, msg = toeasing(v)
  if e == nil then fielderror(o.arg, o.fname, "yoyo_ease", msg) end
  o.yoyo = e
end

local function read_after(o)
  local t, arg, fname = o.t, o.arg, o.fname
  local v = nil
  if maybe(o, "after") then v = t.after end
  if v ~= nil then o.after = util.checkname(v, arg, fname, "after", AFTER_NAMES, NAMES_STYLE) end
  o.iterations = o.after == STOP and 1.0 or huge
  if not maybe(o, "iterations") then return end
  v = t.iterations
  if type(v) == "number" then
    local x = v / 1
    if not (x >= 1.0) then util.fieldrangeerror(arg, fname, "iterations", "number >= 1", x) end
    o.iterations = x
  elseif v ~= nil then
    fielderror(arg, fname, "iterations", "number expected, got " .. typename(v))
  end
end

-- stagger = s or { each = s | amount = s, from = ..., easing = spec } for
-- n targets.
local function read_stagger(o, n)
  o.rare = true
  local t, arg, fname = o.t, o.arg, o.fname
  local s = t.stagger
  o.seach = true
  local ts = ctype(s)
  if ts == "number" then
    o.stotal = util.optfieldnonneg(t, "stagger", arg, fname, 0.0)
  elseif ts == "table" then
    util.checkoptions(s, arg, fname, STAGGER_KNOWN)
    local pe, pa = rawget(s, "each") ~= nil, rawget(s, "amount") ~= nil
    if pe and pa then fielderror(arg, fname, "stagger", "'each' or 'amount' expected, not both") end
    o.seach = not pa
    o.stotal = util.optfieldnonneg(s, o.seach and "each" or "amount", arg, fname, 0.0)
    local f = s.from
    if type(f) == "string" then
      local i = mk.stagger_from_find(cstr(f))
      if i < 0 then
        fielderror(arg, fname, "stagger", format("field 'from': one of 'start', 'center', 'end', "
                   .. "'edges', 'random' or an index expected, got '%s'", cstr(f)))
      end
      o.sfrom = i
    elseif type(f) == "number" then
      local x = f / 1
      local m = n > 0 and n or 1
      if not (x >= 1 and x <= m and x == floor(x)) then
        fielderror(arg, fname, "stagger", format("field 'from': index in [1, %d] expected, got %s",
                                                 m, util.numstr(x)))
      end
      o.sfrom = ST_INDEX
      o.sindex = x
    elseif f ~= nil then
      fielderror(arg, fname, "stagger", "field 'from': string or index expected, got "
                 .. typename(f))
    end
    local e = s.easing
    if e ~= nil then
      local ez, msg = toeasing(e)
      if ez == nil then fielderror(arg, fname, "stagger", "field 'easing': " .. msg) end
      o.sease = ez
    end
  elseif s ~= nil then
    fielderror(arg, fname, "stagger", "number or table expected, got " .. typename(s))
  end
end

-- rotate = true and fields = {x, y [, angle]}: the names a path writes
-- (o[1], o[2], o[3]; o.vn of them).
local function read_path_fields(o)
  o.rare = true
  local t, arg, fname = o.t, o.arg, o.fname
  if maybe(o, "rotate") and util.optfieldbool(t, "rotate", arg, fname, false) then o.vn = 3 end
  if not present(o, "fields") then return end
  local f = t.fields
  local n = ctype(f) == "table" and rawlen(f) or 0
  if n < 2 or n > 3 then
    fielderror(arg, fname, "fields", "{x, y} or {x, y, angle} (2 or 3 field names) expected")
  end
  for i = 1, n do
    local v = rawget(f, i)
    if type(v) ~= "string" then
      fielderror(arg, fname, "fields", format("item %d: field name (string) expected, got %s",
                                              i, typename(v)))
    end
    o[i] = cstr(v)
    for j = 1, i - 1 do
      if o[j] == o[i] then fielderror(arg, fname, "fields", format("'%s' named twice", o[i])) end
    end
  end
  if n == 3 then o.vn = 3 end
end

-- color_space and hue: how colour values interpolate; oklab and shorter
-- when absent.
local function read_color_opts(o)
  o.rare = true
  local t, arg, fname = o.t, o.arg, o.fname
  local v = nil
  if maybe(o, "color_space") then v = t.color_space end
  if v ~= nil then
    local s = type(v) == "string" and cstr(v) or nil
    o.space = s ~= nil and color.space_find(s) or -1
    if o.space < 0 then
      fielderror(arg, fname, "color_space", format("colour space expected (srgb, srgb-linear, "
                 .. "display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65, lab, "
                 .. "lch, oklab, oklch, hsl, hwb), got %s%s%s", s and "'" or "",
                 s or typename(v), s and "'" or ""))
    end
  end
  v = nil
  if maybe(o, "hue") then v = t.hue end
  if v ~= nil then o.hue = util.checkname(v, arg, fname, "hue", HUE_NAMES, NAMES_STYLE) end
end

-- color_space and hue only with a colour value.
local function check_color_opts(colors, o)
  if colors == 0 and (present(o, "color_space") or present(o, "hue")) then
    fielderror(o.arg, o.fname, present(o, "color_space") and "color_space" or "hue",
               "only a colour value takes it")
  end
end

-- A values table with `paths` paths: at most one, its fields not given
-- values of their own; rotate and fields only with a path.
local function check_path_fields(vt, varg, paths, o, fname)
  if paths > 1 then
    argerror(varg, fname, format("one path per animation expected, got %d", paths))
  end
  if paths == 0 then
    if present(o, "rotate") or present(o, "fields") then
      fielderror(o.arg, o.fname, present(o, "fields") and "fields" or "rotate",
                 "only a path value takes it")
    end
    return
  end
  for i = 1, o.vn do
    local v = vt[o[i]]
    if v ~= nil and topath(v) == nil then
      argerror(varg, fname, format("field '%s' is written by the path; give it no value of "
                                     .. "its own", o[i]))
    end
  end
end

-- Read and check the options v at argument arg (nil or a table) with the
-- names `known`; n targets (0: one).  Only the options present are read
-- (all of them from a table with a metatable), their checks in a fixed
-- order (a tween's easing's last, read_easing), so the first error is the
-- one raised whatever else is wrong.
local DEFAULT_O = {                     -- the options of a call without any (read only)
  t = nil, arg = 0, fname = "", meta = false, delay = 0.0, iterations = 1.0, after = STOP,
  sfrom = 0, sindex = 0.0, stotal = 0.0, seach = false, "x", "y", "angle", vn = 2,
  space = OKLAB, hue = SHORTER, luafn = false, kept = false,
}
local spare = nil                        -- an options record to reuse (release)

local function read_opts(v, arg, fname, known, n)
  if v == nil then return DEFAULT_O end
  if type(v) ~= "table" or kind[v] ~= nil then typeerror(arg, fname, "table of options", v) end
  local o = spare
  spare = nil
  if o == nil then
    o = { meta = false, delay = 0.0, iterations = 1.0, after = STOP, sfrom = 0, sindex = 0.0,
          stotal = 0.0, seach = false, "x", "y", "angle", vn = 2, space = OKLAB, hue = SHORTER,
          luafn = false, kept = false, rare = false, full = false }
  end
  o.t, o.arg, o.fname = v, arg, fname    -- (the rest as release left it: the defaults)
  -- others: an option to read here (C's has != 0; a tween's easing alone is
  -- read by read_easing)
  local others = false
  if known == TWEEN_KNOWN then
    for k in next, v do
      if not TWEEN_SET[k] then util.checkoptions(v, arg, fname, known) end
      if k ~= "easing" then others = true end
    end
  else
    util.checkoptions(v, arg, fname, known)
    local sub_ = ANIM_IN[known]
    for i = 1, #sub_ do
      if rawget(v, sub_[i]) ~= nil then others = true; break end
    end
  end
  if getmetatable(v) ~= nil then
    o.meta = true
  elseif not others then                 -- none, or a tween's easing alone (read later)
    return o
  end
  o.full = true                          -- release resets every field
  if not o.meta and known == TWEEN_KNOWN then
    -- no metatable: reading a field is raw and runs no code, so each
    -- option is read once here, in the order below
    local x = v.delay
    if x ~= nil then o.delay = util.optfieldnonneg(v, "delay", arg, fname, 0.0) end
    x = v.after
    if x ~= nil then o.after = util.checkname(x, arg, fname, "after", AFTER_NAMES, NAMES_STYLE) end
    o.iterations = o.after == STOP and 1.0 or huge
    x = v.iterations
    if x ~= nil then
      if type(x) ~= "number" then
        fielderror(arg, fname, "iterations", "number expected, got " .. typename(x))
      end
      x = x / 1
      if not (x >= 1.0) then util.fieldrangeerror(arg, fname, "iterations", "number >= 1", x) end
      o.iterations = x
    end
    x = v.repeat_delay
    if x ~= nil then o.gap = util.optfieldnonneg(v, "repeat_delay", arg, fname, 0.0) end
    x = v.on_start
    if x ~= nil then
      if type(x) ~= "function" then
        fielderror(arg, fname, "on_start", "function expected, got " .. typename(x))
      end
      o.cb1 = x
    end
    x = v.on_update
    if x ~= nil then
      if type(x) ~= "function" then
        fielderror(arg, fname, "on_update", "function expected, got " .. typename(x))
      end
      o.cb2 = x
    end
    x = v.on_complete
    if x ~= nil then
      if type(x) ~= "function" then
        fielderror(arg, fname, "on_complete", "function expected, got " .. typename(x))
      end
      o.cb3 = x
    end
    x = v.on_repeat
    if x ~= nil then
      if type(x) ~= "function" then
        fielderror(arg, fname, "on_repeat", "function expected, got " .. typename(x))
      end
      o.cb4 = x
    end
    if v.stagger ~= nil then read_stagger(o, n) end
    if v.rotate ~= nil or v.fields ~= nil then read_path_fields(o) end
    if v.color_space ~= nil or v.hue ~= nil then read_color_opts(o) end
    if v.round ~= nil then o.round = util.optround(v, arg, fname) end
    if v.yoyo_ease ~= nil then read_yoyo(o, n) end
    return o
  end
  if maybe(o, "delay") then o.delay = util.optfieldnonneg(v, "delay", arg, fname, 0.0) end
  if known == TWEEN_KNOWN or present(o, "after") or present(o, "iterations") then
    read_after(o)
  end
  if known.set.repeat_delay and maybe(o, "repeat_delay") then
    o.gap = util.optfieldnonneg(v, "repeat_delay", arg, fname, 0.0)
  end
  for i = 1, 4 do
    local name = CB_NAMES[i]
    if (i < 4 or known.set.on_repeat) and maybe(o, name) then
      local f = v[name]
      if f ~= nil then
        if type(f) ~= "function" then
          fielderror(arg, fname, name, "function expected, got " .. typename(f))
        end
        if i == 1 then o.cb1 = f elseif i == 2 then o.cb2 = f
        elseif i == 3 then o.cb3 = f else o.cb4 = f end
      end
    end
  end
  if present(o, "stagger") then read_stagger(o, n) end
  if known == TWEEN_KNOWN then read_path_fields(o) end
  read_color_opts(o)
  if known.set.round and maybe(o, "round") then o.round = util.optround(v, arg, fname) end
  if known == TWEEN_KNOWN and maybe(o, "yoyo_ease") then read_yoyo(o, n) end
  return o
end

-- round with a colour value: refused.
local function check_round_colors(colors, o)
  if colors > 0 and o.round ~= nil then
    fielderror(o.arg, o.fname, "round", "a colour value is not rounded")
  end
end

-- Node's rounding from the options: a step or a set in the core, a
-- function kept by the node for the writes (lua_round).
local function apply_round(A, node, o)
  local r = o.round
  if r == nil then return end
  frame.slow(A, node)                    -- (a rounded node leaves the frame's fast path)
  if type(r) == "function" then
    mk.set_round(A, node, nil)
    node.lua_round = r
  else
    mk.set_round(A, node, r)
    node.lua_round = nil
  end
end

-- o, read, is no longer needed: the next read_opts may reuse it.
local function release(o)
  if o ~= DEFAULT_O then
    if not o.full then                   -- only the easing was read (read_opts)
      o.t, o.easing, o.ease, o.given, o.luafn, o.kept = nil, nil, nil, nil, false, false
      spare = o
      return
    end
    o.full = false
    o.t, o.meta, o.delay, o.iterations, o.after = nil, false, 0.0, 1.0, STOP
    o.cb1, o.cb2, o.cb3, o.easing, o.ease, o.given, o.luafn, o.kept = nil, nil, nil, nil, nil,
                                                                       nil, false, false
    o.round, o.gap, o.yoyo, o.cb4 = nil, nil, nil, nil
    if o.rare then                       -- stagger, path or colour options were read
      o.sfrom, o.sindex, o.stotal, o.seach, o.sease = 0, 0.0, 0.0, false, nil
      o[1], o[2], o[3], o.vn, o.space, o.hue, o.rare = "x", "y", "angle", 2, OKLAB, SHORTER, false
    end
    spare = o
  end
end

local function apply_callbacks(A, node, o)
  if o.cb1 then set_callback(A, node, "on_start", o.cb1, true) end
  if o.cb2 then set_callback(A, node, "on_update", o.cb2, true) end
  if o.cb3 then set_callback(A, node, "on_complete", o.cb3, true) end
  if o.cb4 then set_callback(A, node, "on_repeat", o.cb4, true) end
end

-- The repeat delay and the yoyo easing of a tween or a sequence node
-- (node.yoyo false: outQuad).
local function apply_repeat(node, o)
  if o.gap and o.gap > 0.0 then an.span_set_gap(node, o.gap) end
  local y = o.yoyo
  if y == nil then return end
  if y == true then node.yoyo = node.easing or false
  else node.yoyo = y end
end

-- The stagger delays of n targets into out[1..n].
local function stagger_delays(A, o, n, out)
  local total = o.seach and o.stotal * (n - 1) or o.stotal
  local perm = nil
  if o.sfrom == ST_RANDOM then
    perm = {}
    mk.shuffle(A.rng, n, perm)
  end
  an.stagger(n, o.sfrom, o.sindex, total, o.sease, perm, out)
end

-- ---- tweens, springs, sequences ---------------------------------------------------

-- A group of n children, one per item of the list, made by make(A, child,
-- item, m), placed at the stagger delays.
local function make_group(A, list, n, o, length, make, k, x, y, z, w)
  local delays = {}
  local g = new_node(A, GROUP)
  stagger_delays(A, o, n, delays)
  for i = 1, n do
    local c = new_node(A, k)
    make(A, c, rawget(list, i), o, x, y, z, w)
    mk.group_add(A, g, c, delays[i])
  end
  mk.group_span(A, g, k == SPRING, length, o.delay, o.iterations, o.after)
  g.target = list                        -- a:after's default target
  return g
end

local EASINGS_KEPT = 64

-- The tween's easing option, read after the other options: a Lua
-- function, or an easing -- found in the kept ones (by the option's
-- value), else checked by toeasing.
local function read_easing(A, o)
  local t = o.t                          -- (the caller found the option present)
  local v = t.easing                     -- (no metatable: a raw read)
  if type(v) == "function" then
    o.easing = v
    o.luafn = true
    return
  end
  o.given = v
  local tv = ctype(v)
  if tv == "string" or tv == "userdata" then
    local e = A.eases[v]
    if e ~= nil then
      o.easing = e
      o.ease = e
      o.kept = true
      return
    end
  end
  local e, msg = toeasing(v)
  if e == nil then fielderror(o.arg, o.fname, "easing", msg) end
  o.ease = e
  o.easing = e
end

-- The easings given in options are kept by their value for all the
-- animator's nodes at once (at most EASINGS_KEPT of them).
local function keep_easing(A, o)
  if o.kept then return end
  local n = A.neases
  if n >= EASINGS_KEPT then return end
  A.eases[o.given] = o.ease
  A.neases = n + 1
  o.kept = true
end

local function tween_easing(A, node, o)
  if o.luafn then
    set_easing(A, node, o.easing, o.arg, o.fname, true)
    return
  end
  keep_easing(A, o)
  node.easing = o.ease
  node.lua_ease = nil
end

-- A tween node's channels, span and easing; own: a single target, whose
-- span takes the options' delay, iterations and after (C sets a child's
-- span, then the single target's over it: the same end state).
local function make_tween_node(A, node, target, o, vt, frm, duration, sn, own)
  if sn > 0 then add_stashed_channels(A, node, target, frm, sn)
  else add_channels(A, node, target, vt, frm, o) end
  if own then span_init(node, o.delay, duration, o.iterations, o.after)
  else span_init(node, 0.0, duration, 1.0, STOP) end
  if o.easing ~= nil then tween_easing(A, node, o) end
  apply_round(A, node, o)
end

-- A tween (to / from) or a group of tweens for a list of targets: target
-- at argument targ, the duration at targ + 1... (darg, varg, oarg given).
-- Returns the node, not yet placed.
local function make_tween(A, target, targ, dur, darg, vt, varg, opts, oarg, frm, child, fname)
  local n = 0
  local tt = type(target)
  if tt == "table" then                  -- check_targets (a handle has no item 1)
    local t1 = type(rawget(target, 1))
    if t1 == "table" or t1 == "userdata" then n = check_targets(target, targ, fname) end
  elseif tt ~= "userdata" then
    check_targets(target, targ, fname)
  end
  local duration
  if type(dur) == "number" and dur >= 0 and dur - dur == 0 then duration = dur / 1
  else duration = util.checknonneg(dur, darg, fname) end
  local paths, colors, sn = check_values(vt, varg, true, fname, true)
  local o = read_opts(opts, oarg, fname, TWEEN_KNOWN, n)
  local t = o.t
  if t ~= nil and (o.meta or t.stagger ~= nil) then sn = -1 end   -- Lua code may have run
  if t ~= nil and t.easing ~= nil then read_easing(A, o) end   -- (present(o, "easing"))
  if paths > 0 or (t ~= nil and (o.meta or t.rotate ~= nil or t.fields ~= nil)) then
    check_path_fields(vt, varg, paths, o, fname)
  end
  if t ~= nil and (o.meta or t.color_space ~= nil or t.hue ~= nil) then
    check_color_opts(colors, o)
  end
  check_round_colors(colors, o)
  if child and o.iterations == huge then
    fielderror(o.arg, fname, "iterations", "a sequence's child must end (finite number expected)")
  end
  local node
  if n > 0 then
    node = make_group(A, target, n, o, duration, make_tween_node, TWEEN, vt, frm, duration, sn)
  else
    node = new_node(A, TWEEN)
    make_tween_node(A, node, target, o, vt, frm, duration, sn, true)
  end
  apply_repeat(node, o)
  apply_callbacks(A, node, o)
  release(o)
  return node
end
M.make_tween = make_tween

-- A spring node's channels: one spring each, the motion mo, the velocity
-- option (a number for all, or a table by field) in from.
local function make_spring_node(A, node, target, o, vt, mo, vel)
  add_channels(A, node, target, vt, false, o)
  mk.spring_node(A, node, mo.model, mo.integrator, mo.clamp, mo.rest_delta, mo.rest_speed)
  apply_round(A, node, o)
  if vel == nil then return end
  local chans = node
  for j = 1, node.nch do
    local c = chans[j]
    local k = c.k
    if type(vel) == "number" then
      for i = 1, k do c[k + i] = vel / 1 end
    else
      local x = rawget(vel, c.key)       -- raw: no Lua code while building
      if type(x) == "number" then
        for i = 1, k do c[k + i] = x / 1 end
      elseif ctype(x) == "table" and rawlen(x) == k then
        for i = 1, k do c[k + i] = rawget(x, i) / 1 end
      end
    end
  end
end

-- Check the velocity option v: a finite number, or a table mapping fields
-- to finite numbers or arrays.
local function check_velocity(v, arg, vt, fname)
  if type(v) == "number" then
    if v - v ~= 0 then util.fieldrangeerror(arg, fname, "velocity", "finite number", v) end
    return
  end
  if ctype(v) ~= "table" then
    fielderror(arg, fname, "velocity", "number or table of numbers by field expected, got "
               .. typename(v))
  end
  for k, x in next, v do
    local val = rawget(vt, k)
    local n = ctype(val) == "table" and rawlen(val) or 0
    if type(k) ~= "string" or (n == 0 and type(x) ~= "number") or
       (n > 0 and (ctype(x) ~= "table" or rawlen(x) ~= n)) then
      fielderror(arg, fname, "velocity", "a number or an array by field of the values expected")
    end
    check_value(k, x, arg, false, false, false, fname)
  end
end

-- Whether node, a live top-level spring, has a channel for every field of
-- the values vt on object, each of the same shape (a relative value fits
-- any); with fresh, one not started yet, else one driving.
local function covers(A, node, object, vt, fresh)
  if node.kind ~= SPRING or node.parent ~= nil or node.state ~= an.LIVE or node.stopped or
     (fresh and node.started) then
    return false
  end
  local keyids = A.keyids
  for k, v in next, vt do
    local tv = ctype(v)
    local rel = tv == "string" and relative_value(v)
    local colour = not rel and (tv == "string" or tv == "userdata")
    local n = tv == "table" and rawlen(v) or (colour and 4 or 0)
    local c = nil
    if keyids[k] then
      if fresh then c = an.find_chan(A, node, object, k) else c = an.driver(A, object, k) end
    end
    if c == nil or c.node ~= node or colour ~= (c.color ~= 0) or (not rel and c.n ~= n) then
      return false
    end
  end
  return true
end

-- The spring node a new anim:spring call on object with the values vt
-- retargets: the one driving every field, or else one made since the last
-- update (not started yet) that has them all; nil: none.
local function retarget_node(A, object, vt)
  local node = nil
  local k = next(vt)
  if k ~= nil and A.keyids[k] then          -- the driver of the first field
    local c = an.driver(A, object, k)
    if c ~= nil then node = c.node end
  end
  if node ~= nil and covers(A, node, object, vt, false) then return node end
  local roots = A.roots
  for i = A.nroots, 1, -1 do
    local r = roots[i]
    if r.born ~= A.frames then break end
    if covers(A, r, object, vt, true) then return r end
  end
  return nil
end

local rt = {}

-- Channel c gets the value v as its new target: a started spring as
-- s:set_target gives it (a relative value from its current target), one
-- not started yet as its given value (relative to what it was given).
local function retarget_chan(A, c, v)
  if c.color ~= 0 then
    acolor.color_retarget(A, c, v)
    return
  end
  local k = c.k
  local rel, r = false, 0.0
  if type(v) == "string" then rel, r = relative_value(v) end
  for i = 1, k do
    if rel then rt[i] = r
    elseif type(v) == "number" then rt[i] = v / 1
    else rt[i] = rawget(v, i) / 1 end
  end
  mk.retarget(A, c, rt, rel)
end

-- Retarget spring node: each field gets its new target; a parameter
-- family given replaces the motion of every field's spring; callbacks
-- given replace the node's.
local function retarget(A, node, object, vt, o, mo)
  for k, v in next, vt do
    local c = an.find_chan(A, node, object, k)
    if mo ~= nil then
      mk.chan_motion(A, c, mo.model, mo.integrator, mo.clamp, mo.rest_delta, mo.rest_speed)
    end
    retarget_chan(A, c, v)
  end
  apply_callbacks(A, node, o)
  apply_round(A, node, o)
end

local EMPTY = {}
local default_motion = nil               -- read_motion of no options (never changed)
local SPRING_OPTS = mk.spring_options

-- anim:spring(target, values [, opts]).
function M.spring(self, target, vt, opts)
  local A = check_animator(self, "spring")
  if A.busy then self_error("spring", "animator busy (a frame is being written)") end
  local n = check_targets(target, 1, "spring")
  local _, colors = check_values(vt, 2, false, "spring")
  local own = opts == nil
  if own then opts = EMPTY end
  local o = read_opts(opts, 3, "spring", SPRING_KNOWN, n)
  check_color_opts(colors, o)
  check_round_colors(colors, o)
  if own then o.t = nil end
  local mo
  if own then                            -- (no options: the default motion, read once)
    mo = default_motion
    if mo == nil then
      mo = require("kinetic.pure.api.spring").read_motion(EMPTY, 3, "spring")
      default_motion = mo
    end
  else
    mo = require("kinetic.pure.api.spring").read_motion(opts, 3, "spring")
  end
  local vel = nil
  if present(o, "velocity") then
    vel = opts.velocity
    check_velocity(vel, 3, vt, "spring")
  end
  local node
  if n == 0 then node = retarget_node(A, target, vt) end
  if node ~= nil then
    local params = false
    if not o.meta and o.t ~= nil then
      for i = mk.SPRING_PARAMS, #SPRING_OPTS do
        if rawget(opts, SPRING_OPTS[i]) ~= nil then params = true; break end
      end
    end
    if o.meta then
      for i = mk.SPRING_PARAMS, #SPRING_OPTS do
        if present(o, SPRING_OPTS[i]) then params = true end
      end
    end
    retarget(A, node, target, vt, o, params and mo or nil)
  else
    if n > 0 then
      node = make_group(A, target, n, o, 0.0, make_spring_node, SPRING, vt, mo, vel)
    else
      node = new_node(A, SPRING)
      make_spring_node(A, node, target, o, vt, mo, vel)
      node.delay = o.delay
    end
    apply_callbacks(A, node, o)
    root_add(A, node)
  end
  release(o)
  return get_handle(A, node)
end

-- ---- shakes -------------------------------------------------------------------------

-- The amplitude of field f from opts.amplitude.
local function shake_amplitude(opts, f)
  local a = opts.amplitude
  if type(a) == "table" then a = rawget(a, f) end
  if type(a) ~= "number" or a - a ~= 0 then
    fielderror(3, "shake", "amplitude", format("finite number (or a table of them by field) "
               .. "expected for '%s', got %s", cstr(f), typename(a)))
  end
  return a / 1
end

-- anim:shake(target, fields, opts): base + amplitude (1 - decay(p))
-- noise(frequency t, seed + k) on each field, k its place in fields.
function M.shake(self, target, fields, opts)
  local A = check_animator(self, "shake")
  if A.busy then self_error("shake", "animator busy (a frame is being written)") end
  if check_targets(target, 1, "shake") > 0 then
    argerror(1, "shake", "one target expected, got a list")
  end
  if type(fields) ~= "table" then typeerror(2, "shake", "array of field names", fields) end
  local n = #fields
  if n <= 0 then argerror(2, "shake", "array of field names expected, got an empty table") end
  for i = 1, n do
    local f = rawget(fields, i)
    if type(f) ~= "string" then
      argerror(2, "shake", format("item %d: field name (string) expected, got %s", i,
                                  typename(f)))
    end
  end
  if type(opts) ~= "table" then typeerror(3, "shake", "table of options", opts) end
  local o = read_opts(opts, 3, "shake", SHAKE_KNOWN, 0)
  for i = 1, n do shake_amplitude(opts, rawget(fields, i)) end
  local freq = util.optfieldnonneg(opts, "frequency", 3, "shake", 15.0)
  local dur = util.optfieldnonneg(opts, "duration", 3, "shake", 0.5)
  local seed = util.fieldnum(opts, "seed", 3, "shake")
  if seed ~= nil and not (seed == K.floor(seed) and abs(seed) + n <= 9007199254740992.0) then
    util.fieldrangeerror(3, "shake", "seed", "integer", seed)
  end
  local decay = opts.decay
  if decay ~= nil then
    if type(decay) == "function" then
      fielderror(3, "shake", "decay", "an easing spec expected, got function")
    end
    local e, msg = toeasing(decay)
    if e == nil then fielderror(3, "shake", "decay", msg) end
    decay = e
  end
  local vals = {}
  for i = 1, n do vals[rawget(fields, i)] = 0 end
  local node = new_node(A, TWEEN)
  add_channels(A, node, target, vals, false, nil)
  local amp, kk = {}, {}
  for j = 1, node.nch do
    local key = node[j].key
    local i = 1
    while rawget(fields, i) ~= key do i = i + 1 end
    amp[j], kk[j] = shake_amplitude(opts, key), i / 1
  end
  span_init(node, o.delay, dur, 1.0, STOP)
  mk.shake_node(A, node, freq, seed or 0.0, amp, kk)
  if decay ~= nil then node.easing = decay end
  apply_callbacks(A, node, o)
  apply_round(A, node, o)
  root_add(A, node)
  release(o)
  return get_handle(A, node)
end

-- ---- followers ----------------------------------------------------------------------

-- A follower's limit opts[key]: a positive number, finite but for
-- max_speed (default huge); max_acceleration is required.
local function follow_limit(opts, key, required)
  local x = opts[key]
  if x == nil and required then fielderror(3, "follow", key, "number expected, got nil") end
  if x == nil then return huge end
  if type(x) ~= "number" then
    fielderror(3, "follow", key, "number expected, got " .. typename(x))
  end
  x = x / 1
  if not (x > 0) or (required and x - x ~= 0) then
    util.fieldrangeerror(3, "follow", key, required and "positive finite number"
                         or "positive number", x)
  end
  return x
end

-- The follow node driving every field of vt on object, live, or nil.
local function follow_node(A, object, vt)
  local node = nil
  for k in next, vt do
    local c = an.driver(A, object, k)
    local nd = c and c.node
    if nd == nil or nd.follow == nil or nd.state ~= an.LIVE or nd.parent ~= nil or
       (node ~= nil and nd ~= node) then
      return nil
    end
    node = nd
  end
  return node
end

-- anim:follow(target, values [, opts]): followers drive the fields;
-- called again for fields a live follow drives, it retargets them.
function M.follow(self, target, vt, opts)
  local A = check_animator(self, "follow")
  if A.busy then self_error("follow", "animator busy (a frame is being written)") end
  if check_targets(target, 1, "follow") > 0 then
    argerror(1, "follow", "one target expected, got a list")
  end
  if type(vt) ~= "table" then typeerror(2, "follow", "table of values", vt) end
  for k, v in next, vt do
    if type(v) ~= "number" and not (type(v) == "string" and relative_value(v)) then
      argerror(2, "follow", format("field '%s': a number or \"+=n\" expected for a follower, "
                                   .. "got %s", cstr(k), typename(v)))
    end
  end
  if opts == nil then opts = {} end
  if type(opts) ~= "table" then typeerror(3, "follow", "table of options", opts) end
  local o = read_opts(opts, 3, "follow", FOLLOW_KNOWN, 0)
  local node = follow_node(A, target, vt)
  local a = follow_limit(opts, "max_acceleration", node == nil)
  local v = follow_limit(opts, "max_speed", false)
  if node ~= nil then                    -- new limits: the plans made from now
    mk.follow_limits(A, node, a < huge and a or node.follow_a,
                     opts.max_speed ~= nil and v or node.follow_v)
    for k, x in next, vt do
      local c = an.find_chan(A, node, target, k)
      local rel, t
      if type(x) == "string" then rel, t = relative_value(x) else rel, t = false, x / 1 end
      if not c.started then
        mk.retarget(A, c, { t }, rel)
      elseif not mk.follow_retarget(A, c, rel and c[3] + t or t) then
        error("follow: the plan overflows (beyond +-1.8e308)", 2)
      end
    end
    apply_callbacks(A, node, o)
    apply_round(A, node, o)
  else
    node = new_node(A, TWEEN)
    add_channels(A, node, target, vt, false, nil)
    node.delay = o.delay
    mk.follow_node(A, node, a, v)
    apply_callbacks(A, node, o)
    apply_round(A, node, o)
    root_add(A, node)
  end
  release(o)
  return get_handle(A, node)
end

-- ---- flings -------------------------------------------------------------------------

local FLING_KINDS = fling.KIND_NAMES
local FLING_STYLE = util.QUOTED + util.OR

-- opts.kind (default "inertia") as a fling kind.
local function fling_kind(opts)
  if ctype(opts) ~= "table" then return fling.INERTIA end
  local v = opts.kind
  if v == nil then return fling.INERTIA end
  return util.checkname(v, 4, "fling", "kind", FLING_KINDS, FLING_STYLE)
end

-- anim:fling(target, field, velocity [, opts]): a tween of one number
-- field that follows a motion of opts.kind from the field's value now,
-- with that velocity, to where the motion rests.
function M.fling(self, target, field, velocity, opts)
  local A = check_animator(self, "fling")
  if A.busy then self_error("fling", "animator busy (a frame is being written)") end
  if opts == nil then opts = {} end
  if check_targets(target, 1, "fling") > 0 then
    argerror(1, "fling", "one target expected, got a list")
  end
  if type(field) ~= "string" then typeerror(2, "fling", "string (a field name)", field) end
  local v0 = util.checkfinite(velocity, 3, "fling")
  local k = fling_kind(opts)
  release(read_opts(opts, 4, "fling", FLING_KNOWN[k], 0))
  local x = target[field]
  if type(x) ~= "number" or x - x ~= 0 then
    argerror(1, "fling", format("field '%s' holds %s, finite number expected", cstr(field),
                                typename(x)))
  end
  local motion = require("kinetic.pure.api.motion").read_fling(opts, 4, "fling", k, x / 1, v0)
  local vals = { [field] = fling.final(motion) / 1 }
  local o = read_opts(opts, 4, "fling", FLING_KNOWN[k], 0)   -- the callbacks
  local node = new_node(A, TWEEN)
  mk.fling_node(A, node, motion)
  add_channels(A, node, target, vals, false, nil)
  apply_callbacks(A, node, o)
  apply_round(A, node, o)
  release(o)
  root_add(A, node)
  return get_handle(A, node)
end

-- anim:to(target, duration, values [, opts]) and anim:from(...).
local function add_tween(self, target, duration, vt, opts, frm, fname)
  local A = states[self]
  if A == nil then typeerror(0, fname, "kinetic.Animator", self) end
  if A.busy then self_error(fname, "animator busy (a frame is being written)") end
  local node = make_tween(A, target, 1, duration, 2, vt, 3, opts, 4, frm, false, fname)
  root_add(A, node)
  return get_handle(A, node)
end

function M.to(self, target, duration, vt, opts)
  return add_tween(self, target, duration, vt, opts, false, "to")
end

function M.from(self, target, duration, vt, opts)
  return add_tween(self, target, duration, vt, opts, true, "from")
end

-- anim:sequence([opts]).
function M.sequence(self, opts)
  local A = check_animator(self, "sequence")
  if A.busy then self_error("sequence", "animator busy (a frame is being written)") end
  local o = read_opts(opts, 1, "sequence", SEQUENCE_KNOWN, 0)
  local node = new_node(A, GROUP)
  node.is_seq = true
  span_init(node, o.delay, 0.0, o.iterations, o.after)
  apply_repeat(node, o)
  apply_callbacks(A, node, o)
  release(o)
  root_add(A, node)
  return get_handle(A, node)
end

function M.init(api)
  get_handle, set_callback, set_easing = api.get_handle, api.set_callback, api.set_easing
  self_error, check_animator = api.self_error, api.check_animator
  states = api.states
end

return M
