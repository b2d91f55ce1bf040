-- kinetic.ffi: the LuaJIT fast path.  init.lua calls install(core) under
-- LuaJIT with the JIT on and KINETIC_FFI ~= "0".
--
-- The hot methods (easing eval and __call, Spring update/position and the
-- setters, Timeline at/update, SpringGroup update/positions/set_targets) are
-- replaced in the classes' own method tables by Lua functions that call the
-- SAME C core through the FFI on the very same userdata: a full userdata
-- passed to an FFI pointer parameter (or ffi.cast to a pointer) is its
-- payload address, and each payload is the C struct itself.  The JIT
-- compiles these calls; classic lua_CFunction calls it cannot.
--
-- All this file knows of the C side comes from core._ffi_abi
-- (csrc/lua/ffi_abi.h): the cdef, the function table (a light userdata, so
-- the path of the shared object is never needed), the offset of every
-- field read here and the size of every struct -- compared with
-- ffi.offsetof and ffi.sizeof before anything is replaced: on a difference
-- the path stays off, and install returns which field differs -- and the
-- limits and `user` bits the tests below use.  Struct pointers are always
-- named sp (kn_spring), gp (kn_spring_group) and tp (kn_timeline), the
-- function table api, and constants are read with constant("name"):
-- spec/ffi_contract_spec.lua checks on this source that C exports each
-- one read here.
--
-- Behaviour is the classic binding's, exactly: the fast path only runs for
-- plain finite numbers, `out` tables without metatables and objects without
-- callbacks; everything else (errors included) goes to the classic C method,
-- by a tail call so that error messages name the method as before.  No
-- message is written here: every error is raised by a classic function.
local ffi = require("ffi")
local bit = require("bit")

local M = {}

-- The version of core._ffi_abi this file is written for (ffi_abi.h).
local ABI_VERSION = 7

-- Declare the cdef once per Lua state: a second load of this module (after
-- package.loaded was cleared) finds its types declared, and the layout
-- check then compares C with that declaration.
local function declare(cdef)
  if pcall(ffi.typeof, "kn_ffi_api") then return true end
  return pcall(ffi.cdef, cdef)
end

-- core._ffi_abi once its cdef is declared, else nil and why not.
local function abi_of(core)
  local abi = type(core) == "table" and core._ffi_abi
  if type(abi) ~= "table" then return nil, "kinetic.core has no _ffi_abi" end
  if abi.version ~= ABI_VERSION then
    return nil, ("kinetic.core's _ffi_abi is version %s, kinetic.ffi is written for %d")
                :format(tostring(abi.version), ABI_VERSION)
  end
  for key, want in pairs { api = "userdata", cdef = "string", sizes = "table", offsets = "table",
                           constants = "table", spring_overflowed = "function",
                           timeline_step = "function", timeline_fire = "function",
                           animator_rest = "function" } do
    if type(abi[key]) ~= want then return nil, ("_ffi_abi.%s is not a %s"):format(key, want) end
  end
  local ok, err = declare(abi.cdef)
  if not ok then return nil, "ffi.cdef of _ffi_abi.cdef: " .. tostring(err) end
  return abi
end

-- Rows { name, ffi's value, C's value } for every size ("kn_spring") and
-- offset ("kn_spring.n") core._ffi_abi exports, sorted by name (ffi's value
-- nil where the cdef lacks the type or field); nil and why when the cdef
-- cannot be declared.
function M.layout(core)
  local abi, why = abi_of(core)
  if not abi then return nil, why end
  local rows = {}
  for ctype, size in pairs(abi.sizes) do
    local ok, v = pcall(ffi.sizeof, ctype)
    rows[#rows + 1] = { ctype, ok and v or nil, size }
  end
  for ctype, fields in pairs(abi.offsets) do
    for field, offset in pairs(fields) do
      local ok, v = pcall(ffi.offsetof, ctype, field)
      rows[#rows + 1] = { ctype .. "." .. field, ok and v or nil, offset }
    end
  end
  table.sort(rows, function(a, b) return a[1] < b[1] end)
  return rows
end

-- core._ffi_abi when LuaJIT lays out the cdef as C lays out the core's
-- structs (every exported size and offset equal), else nil and the first
-- difference, e.g. "kn_spring.n: offset 120 in C, 124 in the cdef".
function M.check(core)
  local rows, why = M.layout(core)
  if not rows then return nil, why end
  for _, r in ipairs(rows) do
    if r[2] ~= r[3] then
      return nil, ("%s: %s %s in C, %s in the cdef"):format(r[1],
        r[1]:find(".", 1, true) and "offset" or "size", tostring(r[3]),
        r[2] == nil and "none" or tostring(r[2]))
    end
  end
  return core._ffi_abi
end

-- Module functions of the fast path, filled by install: init.lua puts them
-- in the module in place of the classic ones.
M.functions = {}

-- Replace the hot methods: true when the fast path is active, else false
-- and why not (nothing is replaced then).
function M.install(core)
  local abi, why = M.check(core)
  if not abi then return false, why end
  local missing
  local function constant(name)
    local v = abi.constants[name]
    if type(v) ~= "number" then missing = missing or name end
    return v
  end
  local ANALYTIC = constant("spring_analytic")
  local STEPPED_DT_MAX = constant("spring_stepped_dt_max")
  local SPRING_CALLBACKS = constant("spring_callbacks")
  local SHAPE_MASK = constant("timeline_shape_mask")
  local SHAPE_NUMBER = constant("timeline_shape_number")
  local SHAPE_VECTOR = constant("timeline_shape_vector")
  local SHAPE_NAMED = constant("timeline_shape_named")
  local EVENTS_SHIFT = constant("timeline_events_shift")
  local UV_TARGETS = constant("animator_uv_targets")
  local UV_KEYS = constant("animator_uv_keys")
  if missing then return false, "_ffi_abi.constants has no " .. missing end
  local api = ffi.cast("const kn_ffi_api *", abi.api)

  local reg = debug.getregistry()
  local dgetmetatable, getfenv = debug.getmetatable, debug.getfenv
  local getmetatable, type, cast, select = getmetatable, type, ffi.cast, select
  local huge = math.huge
  local band, rshift = bit.band, bit.rshift
  local tnew = (pcall(require, "table.new")) and require("table.new") or function() return {} end

  local easing_eval = api.easing_eval
  local spring_step = api.spring_step
  local group_update = api.group_update
  local spring_set = api.spring_set
  local group_set_targets = api.group_set_targets
  local timeline_at = api.timeline_at
  local timeline_update = api.timeline_update
  local spring_ptr = ffi.typeof("kn_spring *")
  local group_ptr = ffi.typeof("kn_spring_group *")
  local timeline_ptr = ffi.typeof("kn_timeline *")

  -- Which objects the fast path takes is read off each object on every
  -- call: its class by its metatable (debug.getmetatable, one load in
  -- compiled code), then ffi.cast to its struct (an address add).  A table
  -- keyed by the object would cost a hash lookup by a new key on every call
  -- of a loop over many objects, which the JIT cannot hoist.
  -- Weak keys (no leak) for what only a table can hold: property names,
  -- buffers.
  local function weak() return setmetatable({}, { __mode = "k" }) end

  ---------------------------------------------------------------- easings
  local emt, bmt = reg["kinetic.Easing"], reg["kinetic.Bezier"]
  local c_eval = emt.__index.eval
  local function is_easing(e)
    if type(e) ~= "userdata" then return false end
    local mt = dgetmetatable(e)
    return mt == emt or mt == bmt
  end
  -- (self is taken from ... and all of ... handed on: e.eval() must reach
  -- the classic method with no value, not with a nil, for its message)
  local function eval(...)
    local e, p, before = ...
    if is_easing(e) and type(p) == "number" and p > -huge and p < huge then   -- NaN fails too
      if before == nil or before == false then return easing_eval(e, p, 0) end
      if before == true then return easing_eval(e, p, 1) end
    end
    return c_eval(...)
  end
  -- e:fn(): a Lua closure the JIT compiles into its caller's trace; errors
  -- and the before flag go through the classic eval, so the messages are
  -- the classic f(p)'s (p is argument #1 there too).
  local c_fn = emt.__index.fn
  local function fn(...)
    local e = ...
    if not is_easing(e) then return c_fn(...) end   -- raises: bad self
    return function(...)
      local p, before = ...
      if type(p) == "number" and p > -huge and p < huge and (before == nil or before == false) then
        return easing_eval(e, p, 0)
      end
      return c_eval(e, ...)
    end
  end
  for _, mt in ipairs { emt, bmt } do
    mt.__index.eval = eval
    mt.__index.fn = fn
    mt.__call = eval
  end

  ---------------------------------------------------------------- springs
  local smt = reg["kinetic.Spring"]
  local c_update, c_position = smt.__index.update, smt.__index.position
  -- the struct of a Spring the fast path takes, else nil (callbacks, set
  -- at creation, or long vectors: classic)
  local function spring_of(s)
    if type(s) ~= "userdata" or dgetmetatable(s) ~= smt then return nil end
    local sp = cast(spring_ptr, s)
    if band(sp.user, SPRING_CALLBACKS) ~= 0 or sp.n > 4 then return nil end
    return sp
  end
  -- (cdata references such as sp.data are not kept in locals across loops:
  -- a reference that crosses a trace boundary is allocated on every call)
  local function values(sp, n)
    if n == 1 then return sp.data[0] end
    if n == 2 then return sp.data[0], sp.data[1] end
    if n == 3 then return sp.data[0], sp.data[1], sp.data[2] end
    return sp.data[0], sp.data[1], sp.data[2], sp.data[3]
  end
  -- spring_step returned NaN: the state overflowed, and kn_spring_step has
  -- put the spring to rest on its target, as the classic update does
  -- before it raises; C raises the classic update's error.
  local overflowed = abi.spring_overflowed
  -- dt as the classic method takes it: finite, >= 0, and at most
  -- STEPPED_DT_MAX seconds for the stepped integrators (rk4, euler)
  smt.__index.update = function(s, ...)
    local dt = ...
    local sp = spring_of(s)
    if sp and type(dt) == "number" and dt >= 0
       and (dt <= STEPPED_DT_MAX or (dt < huge and sp.integrator == ANALYTIC)) then
      local x = spring_step(sp, dt)
      if x ~= x then return overflowed() end
      local n = sp.n                             -- x is already component 1
      if n == 1 then return x end
      if n == 2 then return x, sp.data[1] end
      if n == 3 then return x, sp.data[1], sp.data[2] end
      return x, sp.data[1], sp.data[2], sp.data[3]
    end
    return c_update(s, ...)
  end
  -- set_target / set_position / set_velocity (what = 0, 1, 2): n finite
  -- numbers, or one plain array of n finite numbers (a scalar spring ignores
  -- values after the first, as the classic method does)
  local function finite(x) return type(x) == "number" and x > -huge and x < huge end
  local function setter(what, classic)
    return function(s, ...)
      local sp = spring_of(s)
      if sp then
        local n, nargs = sp.n, select("#", ...)
        local a, b, c, d = ...
        if type(a) == "table" then
          if nargs == 1 and getmetatable(a) == nil and #a == n then
            a, b, c, d = a[1], a[2], a[3], a[4]
          else
            n = 0                                    -- classic (its error)
          end
        elseif n > 1 and nargs ~= n then
          n = 0
        end
        if n >= 1 and finite(a) and (n < 2 or finite(b)) and (n < 3 or finite(c))
           and (n < 4 or finite(d)) then
          spring_set(sp, what, a, n > 1 and b or 0, n > 2 and c or 0, n > 3 and d or 0)
          return s
        end
      end
      return classic(s, ...)
    end
  end
  smt.__index.set_target = setter(0, smt.__index.set_target)
  smt.__index.set_position = setter(1, smt.__index.set_position)
  smt.__index.set_velocity = setter(2, smt.__index.set_velocity)
  smt.__index.position = function(s, ...)
    local sp = spring_of(s)
    if sp then return values(sp, sp.n) end
    return c_position(s, ...)
  end

  ---------------------------------------------------------------- groups
  local gmt = reg["kinetic.SpringGroup"]
  local c_gupdate, c_positions = gmt.__index.update, gmt.__index.positions
  -- g -> its struct: positions and set_targets keep it across a loop,
  -- where a pointer made by the cast would be allocated on every call
  local groups = weak()
  local function group_of(g)
    local gp = groups[g]
    if gp == nil then
      if type(g) ~= "userdata" or dgetmetatable(g) ~= gmt then return nil end
      gp = cast(group_ptr, g)
      groups[g] = gp
    end
    return gp
  end
  -- group_update returns -1, having done nothing, where a state may
  -- overflow: that update is the classic one's (it resets and raises)
  gmt.__index.update = function(g, ...)
    local dt = ...
    local gp = group_of(g)
    if gp and type(dt) == "number" and dt >= 0 and dt < huge then
      local moving = group_update(gp, dt)
      if moving >= 0 then return moving end
    end
    return c_gupdate(g, ...)
  end
  -- set_targets(array): a plain array of count finite numbers goes through a
  -- per-group buffer (allocated once) to the core; anything else: classic
  local c_set_targets = gmt.__index.set_targets
  local gbufs = weak()
  local double_array = ffi.typeof("double[?]")
  gmt.__index.set_targets = function(g, ...)
    local arr = ...
    local gp = group_of(g)
    if gp and type(arr) == "table" and getmetatable(arr) == nil then
      local n = gp.count
      if #arr == n then
        local buf = gbufs[g]
        if buf == nil then buf = double_array(n); gbufs[g] = buf end
        local ok = true
        for i = 1, n do
          local x = arr[i]
          if type(x) ~= "number" or not (x > -huge and x < huge) then ok = false; break end
          buf[i - 1] = x
        end
        if ok then
          group_set_targets(gp, buf)
          return g
        end
      end
    end
    return c_set_targets(g, ...)
  end
  gmt.__index.positions = function(g, ...)
    local out = ...
    local gp = group_of(g)
    if gp then
      local n = gp.count
      if out == nil then out = tnew(n, 0)
      elseif type(out) ~= "table" or getmetatable(out) ~= nil then gp = nil end
      if gp then
        for i = 1, n do out[i] = gp.data[i - 1] end
        return out
      end
    end
    return c_positions(g, ...)
  end

  ---------------------------------------------------------------- timelines
  local tmt = reg["kinetic.Timeline"]
  local c_at, c_tupdate = tmt.__index.at, tmt.__index.update
  local tnames = weak()        -- tl -> array of its property names, or false
  -- The names of a named timeline, read once from its user value; false
  -- when one is not a string (emptied through the debug library): classic.
  local function names_of(tl, tp)
    local names = tnames[tl]
    if names == nil then
      local uv = getfenv(tl)
      names = {}
      for j = 1, tp.ncomp do
        names[j] = uv[j]
        if type(names[j]) ~= "string" then names = false; break end
      end
      tnames[tl] = names
    end
    return names
  end
  -- The struct of a Timeline the fast path takes, and its property names
  -- for the named shape; nil for anything else, and for vectors longer
  -- than 4 (which at and update return as values without out): classic.
  local function timeline_of(tl)
    if type(tl) ~= "userdata" or dgetmetatable(tl) ~= tmt then return nil end
    local tp = cast(timeline_ptr, tl)
    local shape = band(tp.user, SHAPE_MASK)
    if shape == SHAPE_NAMED then
      local names = names_of(tl, tp)
      if not names then return nil end
      return tp, names
    end
    if shape == SHAPE_VECTOR and tp.ncomp > 4 then return nil end
    return tp
  end
  -- Results as timeline.c's push_state.  Up to 4 components written out
  -- without a loop: a short inner loop becomes hot before the caller's
  -- loop and gets a trace of its own, and which one LuaJIT compiles first
  -- -- and so the speed of the caller's loop -- would depend on luck.
  local function scratch(tp, n)
    if n == 1 then return tp.scratch[0] end
    if n == 2 then return tp.scratch[0], tp.scratch[1] end
    if n == 3 then return tp.scratch[0], tp.scratch[1], tp.scratch[2] end
    return tp.scratch[0], tp.scratch[1], tp.scratch[2], tp.scratch[3]
  end
  local function put_vector(tp, n, out)
    if n <= 4 then
      out[1] = tp.scratch[0]
      if n >= 2 then out[2] = tp.scratch[1] end
      if n >= 3 then out[3] = tp.scratch[2] end
      if n >= 4 then out[4] = tp.scratch[3] end
    else
      for j = 1, n do out[j] = tp.scratch[j - 1] end
    end
    return out
  end
  local function put_named(names, tp, n, out)
    if n <= 4 then
      out[names[1]] = tp.scratch[0]
      if n >= 2 then out[names[2]] = tp.scratch[1] end
      if n >= 3 then out[names[3]] = tp.scratch[2] end
      if n >= 4 then out[names[4]] = tp.scratch[3] end
    else
      for j = 1, n do out[names[j]] = tp.scratch[j - 1] end
    end
    return out
  end
  local function result(tp, names, v0, out)
    local shape = band(tp.user, SHAPE_MASK)
    if shape == SHAPE_NUMBER then return v0 end
    local n = tp.ncomp
    if shape == SHAPE_VECTOR then
      if out == nil then return scratch(tp, n) end
      return put_vector(tp, n, out)
    end
    return put_named(names, tp, n, out == nil and tnew(0, n) or out)
  end
  local function plain_out(out)
    return out == nil or (type(out) == "table" and getmetatable(out) == nil)
  end
  local function fits(clock, dt) return clock + dt < huge end   -- false for NaN too
  -- (at fires no callback, but a timeline with a bit of the callback range
  -- set may have a segment eased by a Lua function, which only a classic
  -- call can run: lkinetic.h's LUA_EASINGS)
  tmt.__index.at = function(tl, ...)
    local t, out = ...
    local tp, names = timeline_of(tl)
    if tp and rshift(tp.user, EVENTS_SHIFT) == 0 and type(t) == "number" and t > -huge
       and t < huge and plain_out(out) then
      return result(tp, names, timeline_at(tp, t), out)
    end
    return c_at(tl, ...)
  end
  tmt.__index.update = function(tl, ...)
    local dt, out = ...
    local tp, names = timeline_of(tl)
    if tp and rshift(tp.user, EVENTS_SHIFT) == 0 and type(dt) == "number" and dt >= 0
       and fits(tp.clock, dt) and plain_out(out) then
      return result(tp, names, timeline_update(tp, dt), out)
    end
    return c_tupdate(tl, ...)
  end

  -- kinetic.update_timelines: the classic function's two phases
  -- (timeline.c), phase 1 as a Lua loop of FFI updates, which the JIT
  -- compiles.  A timeline the fast path does not take (callbacks, a Lua
  -- easing, a long vector, an out[i] with a metatable) is moved in its turn
  -- by C's own phase-1 step, abi.timeline_step, which notes in `pending`
  -- (nil until a first one) the timelines that crossed events; phase 2,
  -- abi.timeline_fire, runs their callbacks once every timeline has moved
  -- and every out entry is written.  No Lua code runs before phase 2, so
  -- the list cannot change under the loop.  An item the classic function
  -- refuses (not a timeline, a clock that would overflow) is its to report,
  -- with its own message, before any callback as there: it gets a list of
  -- i - 1 idle timelines, the item, and one more value so that its length
  -- reaches i even when the item is nil, and the same dt (an idle clock
  -- stays within its 1 s, so dt moves it without an error).
  local c_update_timelines = core.update_timelines
  local timeline_step, timeline_fire = abi.timeline_step, abi.timeline_fire
  local rawget, rawset = rawget, rawset
  local idle
  local function refused(i, item, dt)
    idle = idle or core.timeline { from = 0, { to = 0, duration = 1 } }
    local proxy = tnew(i + 1, 0)
    for k = 1, i - 1 do proxy[k] = idle end
    proxy[i], proxy[i + 1] = item, true
    return c_update_timelines(proxy, dt, {})
  end
  M.functions.update_timelines = function(...)
    local list, dt, out = ...
    if type(list) ~= "table" or type(dt) ~= "number" or not (dt >= 0 and dt < huge)
       or not plain_out(out) then
      return c_update_timelines(...)
    end
    local n = #list
    if out == nil then out = tnew(n, 0) end
    local playing, pending = 0, nil
    for i = 1, n do
      local tl = rawget(list, i)
      if type(tl) ~= "userdata" or dgetmetatable(tl) ~= tmt then return refused(i, tl, dt) end
      local tp = cast(timeline_ptr, tl)
      if not fits(tp.clock, dt) then return refused(i, tl, dt) end
      local shape, names = band(tp.user, SHAPE_MASK), true
      if shape == SHAPE_NAMED then names = names_of(tl, tp) end
      local plain = rshift(tp.user, EVENTS_SHIFT) == 0 and names
      if plain and shape == SHAPE_NUMBER then
        rawset(out, i, timeline_update(tp, dt))
      elseif plain then
        local o = rawget(out, i)
        if type(o) ~= "table" then
          o = shape == SHAPE_VECTOR and tnew(tp.ncomp, 0) or tnew(0, tp.ncomp)
          rawset(out, i, o)
        end
        if getmetatable(o) == nil then
          timeline_update(tp, dt)
          if shape == SHAPE_VECTOR then put_vector(tp, tp.ncomp, o) else put_named(names, tp, tp.ncomp, o) end
        else
          pending = timeline_step(tl, dt, out, i, pending)
        end
      else
        pending = timeline_step(tl, dt, out, i, pending)   -- a timeline only C moves
      end
      if tp.clock < tp.total then playing = playing + 1 end   -- not done (the clock is never NaN)
    end
    if pending ~= nil then timeline_fire(pending) end
    return out, playing
  end

  ---------------------------------------------------------------- paths
  -- p:at(u): a Path and one finite number go to api.path_at, which returns
  -- x and keeps y and the angle for api.path_out.  (Return values, not
  -- loads of memory the call wrote: a trace may forward such loads from one
  -- call's results to the next call's.)
  local pmt = reg["kinetic.Path"]
  local c_path_at, path_at, path_out = pmt.__index.at, api.path_at, api.path_out
  pmt.__index.at = function(...)
    local p, u = ...
    if select("#", ...) == 2 and type(p) == "userdata" and dgetmetatable(p) == pmt
       and type(u) == "number" and u > -huge and u < huge then
      local x = path_at(p, u)
      return x, path_out(p, 1), path_out(p, 2)
    end
    return c_path_at(...)
  end

  ---------------------------------------------------------------- animators
  -- anim:update(dt): api.animator_step advances, in C, every animation that
  -- needs no Lua in this frame and lists its writes (channel id + 1, value:
  -- number fields of tables without a metatable); this loop, which the JIT
  -- compiles, stores them through the animator's own channel tables (its
  -- user value); abi.animator_rest then runs the classic frame for the
  -- animations the step left (starting, ending, springs, groups,
  -- callbacks), callbacks last.  The step refuses (-1) whatever the classic
  -- update must report or do alone: paused, inside update.
  local amt = reg["kinetic.Animator"]
  local c_anim_update = amt.__index.update
  local animator_step, animator_rest = api.animator_step, abi.animator_rest
  local counts = ffi.new("int[2]")
  local cap, ids, vals = 0, nil, nil      -- the writes, shared by every animator
  amt.__index.update = function(...)
    local anim, dt = ...
    if type(anim) ~= "userdata" or dgetmetatable(anim) ~= amt or type(dt) ~= "number"
       or not (dt >= 0 and dt < huge) then
      return c_anim_update(...)
    end
    local nw = animator_step(anim, dt, counts, ids, vals, cap)
    if nw == -2 then                      -- room for every channel, then again
      cap = counts[0] * 2
      ids, vals = ffi.new("int[?]", cap), ffi.new("double[?]", cap)
      nw = animator_step(anim, dt, counts, ids, vals, cap)
    end
    if nw < 0 then return c_anim_update(...) end
    if nw > 0 then
      local uv = getfenv(anim)
      local targets, keys = uv[UV_TARGETS], uv[UV_KEYS]
      for i = 0, nw - 1 do
        local c = ids[i]
        targets[c][keys[c]] = vals[i]
      end
    end
    if counts[1] > 0 then return animator_rest(anim, dt) end
    return counts[0]
  end
  return true
end

return M
