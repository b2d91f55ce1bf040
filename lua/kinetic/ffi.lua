-- kinetic.ffi: the LuaJIT fast path.  init.lua calls install(core) under
-- LuaJIT with the JIT on, `ffi` available and KINETIC_FFI ~= "0".
--
-- The hot methods (easing eval and __call, Spring update/position and the
-- setters, Timeline at/update, SpringGroup update/positions/set_targets) are
-- replaced in the classes' own method tables by Lua functions that call the
-- SAME C core through the FFI on the very same userdata: a full userdata passed to an
-- FFI pointer parameter (or ffi.cast to a pointer) is its payload address,
-- and each payload is the C struct itself.  The JIT compiles these calls;
-- classic lua_CFunction calls it cannot.
--
-- The C functions are reached without knowing the shared object's path:
-- core._ffi_api is a light userdata pointing at a static const table of
-- function pointers (csrc/l_ffi.c).  The struct layouts below are checked
-- against core._sizeof before anything is replaced.
--
-- Behaviour is the classic binding's, exactly: the fast path only runs for
-- plain finite numbers, `out` tables without metatables and objects without
-- callbacks; everything else (errors included) goes to the classic C method,
-- by a tail call so that error messages name the method as before.
local ffi = require("ffi")

local M = {}

local CDEF = [[
typedef struct kn_spring_model {
  double mass, stiffness, damping, decay, omega2, disc;
} kn_spring_model;
typedef struct kn_spring_coefs {
  double pos_pos, pos_vel, vel_pos, vel_vel;
} kn_spring_coefs;
typedef struct kn_spring {
  kn_spring_model model;
  double rest_delta, rest_speed, scale, accum, coefs_dt;
  kn_spring_coefs coefs;
  int n, integrator, clamp, at_rest;
  unsigned user;
  int reserved;
  double data[];
} kn_spring;
typedef struct kn_spring_group {
  kn_spring_model model;
  double rest_delta, rest_speed, coefs_dt, reach, quiet;
  kn_spring_coefs coefs;
  int count, clamp, moving, simd, recheck, backoff, skipped, reserved;
  double data[];
} kn_spring_group;
typedef struct kn_timeline {
  int nseg, ncomp, mode, after;
  double duration, iterations, delay, total, clock, turn;
  double pivot[2];
  double hint_pass;
  int hint_seg;
  unsigned long gen;
  unsigned user;
  double *cum, *dur, *keys, *A, *B, *scratch;
  const void **easing;
  double data[];
} kn_timeline;
struct kn_easing;
struct kn_ffi_api {
  int version;
  double (*easing_eval)(const struct kn_easing *e, double p, int before_flag);
  double (*spring_step)(kn_spring *s, double dt);
  int (*group_update)(kn_spring_group *g, double dt);
  double (*timeline_at)(kn_timeline *tl, double t);
  double (*timeline_update)(kn_timeline *tl, double dt);
  void (*spring_set)(kn_spring *s, int what, double a, double b, double c, double d);
  void (*group_set_targets)(kn_spring_group *g, const double *targets);
};
]]

local declared = false

-- Sizes and offsets the C side reports against the cdef above: a table of
-- { name, ffi value, C value } (used by install and by spec/ffi_spec.lua).
function M.layout(core)
  local C = core._sizeof
  local rows = {}
  local function row(name, v) rows[#rows + 1] = { name, v, C[name] } end
  row("kn_ffi_api", ffi.sizeof("struct kn_ffi_api"))
  row("kn_spring_model", ffi.sizeof("kn_spring_model"))
  row("kn_spring_coefs", ffi.sizeof("kn_spring_coefs"))
  row("kn_spring", ffi.sizeof("kn_spring"))
  row("kn_spring.n", ffi.offsetof("kn_spring", "n"))
  row("kn_spring.user", ffi.offsetof("kn_spring", "user"))
  row("kn_spring.data", ffi.offsetof("kn_spring", "data"))
  row("kn_spring_group", ffi.sizeof("kn_spring_group"))
  row("kn_spring_group.count", ffi.offsetof("kn_spring_group", "count"))
  row("kn_spring_group.data", ffi.offsetof("kn_spring_group", "data"))
  row("kn_timeline", ffi.sizeof("kn_timeline"))
  row("kn_timeline.user", ffi.offsetof("kn_timeline", "user"))
  row("kn_timeline.scratch", ffi.offsetof("kn_timeline", "scratch"))
  row("kn_timeline.data", ffi.offsetof("kn_timeline", "data"))
  return rows
end

-- Module functions of the fast path, filled by install: init.lua puts them
-- in the module in place of the classic ones.
M.functions = {}

-- Replace the hot methods; returns true when the fast path is active.
function M.install(core)
  if type(core._ffi_api) ~= "userdata" or type(core._sizeof) ~= "table" then return false end
  if not declared then
    local ok = pcall(ffi.cdef, CDEF)
    if not ok then return false end
    declared = true
  end
  for _, r in ipairs(M.layout(core)) do
    if r[2] ~= r[3] then return false end      -- a layout mismatch: stay classic
  end
  local api = ffi.cast("const struct kn_ffi_api *", core._ffi_api)
  if api.version ~= 2 then return false end

  local reg = debug.getregistry()
  local dgetmetatable, getfenv = debug.getmetatable, debug.getfenv
  local getmetatable, type, cast, select = getmetatable, type, ffi.cast, select
  local huge = math.huge
  local band, rshift = require("bit").band, require("bit").rshift
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
  -- of a loop over many objects, which the JIT cannot hoist (~10 ns).
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
    local p = cast(spring_ptr, s)
    if p.user ~= 0 or p.n > 4 then return nil end
    return p
  end
  -- (cdata references such as p.data are not kept in locals across loops:
  -- a reference that crosses a trace boundary is allocated on every call)
  local function values(p, n)
    if n == 1 then return p.data[0] end
    if n == 2 then return p.data[0], p.data[1] end
    if n == 3 then return p.data[0], p.data[1], p.data[2] end
    return p.data[0], p.data[1], p.data[2], p.data[3]
  end
  local function scratch(p, n)
    if n == 1 then return p.scratch[0] end
    if n == 2 then return p.scratch[0], p.scratch[1] end
    if n == 3 then return p.scratch[0], p.scratch[1], p.scratch[2] end
    return p.scratch[0], p.scratch[1], p.scratch[2], p.scratch[3]
  end
  -- dt as the classic method takes it: finite, >= 0, and at most 3600 s for
  -- the stepped integrators (rk4, euler: 1 ms substeps)
  smt.__index.update = function(s, ...)
    local dt = ...
    local p = spring_of(s)
    if p and type(dt) == "number" and dt >= 0 and (dt <= 3600 or (dt < huge and p.integrator == 0)) then
      local x = spring_step(p, dt)               -- NaN: overflowed, reset on its target
      if x ~= x then
        error("update: the spring's state overflowed (beyond +-1.8e308); it is reset to rest on its target", 0)
      end
      local n = p.n                              -- x is already component 1
      if n == 1 then return x end
      if n == 2 then return x, p.data[1] end
      if n == 3 then return x, p.data[1], p.data[2] end
      return x, p.data[1], p.data[2], p.data[3]
    end
    return c_update(s, ...)
  end
  -- set_target / set_position / set_velocity (what = 0, 1, 2): n finite
  -- numbers, or one plain array of n finite numbers (a scalar spring ignores
  -- values after the first, as the classic method does)
  local function finite(x) return type(x) == "number" and x > -huge and x < huge end
  local function setter(what, classic)
    return function(s, ...)
      local p = spring_of(s)
      if p then
        local n, nargs = p.n, select("#", ...)
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
          spring_set(p, what, a, n > 1 and b or 0, n > 2 and c or 0, n > 3 and d or 0)
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
    local p = spring_of(s)
    if p then return values(p, p.n) end
    return c_position(s, ...)
  end

  ---------------------------------------------------------------- groups
  local gmt = reg["kinetic.SpringGroup"]
  local c_gupdate, c_positions = gmt.__index.update, gmt.__index.positions
  local groups = weak()
  local function group_reg(g)
    if type(g) ~= "userdata" or dgetmetatable(g) ~= gmt then return nil end
    local p = cast(group_ptr, g)
    if p.model.stiffness == 0 and p.model.damping == 0 then
      p = false            -- coasting: its state may overflow, the classic update handles that
    end
    groups[g] = p
    return p
  end
  gmt.__index.update = function(g, ...)
    local dt = ...
    local p = groups[g]
    if p == nil then p = group_reg(g) end
    -- reach above DBL_MAX / 2: a state may overflow (spring_group.h), the
    -- classic update handles that
    if p and type(dt) == "number" and dt >= 0 and dt < huge and p.reach <= 8.9884656743115785e307 then
      return group_update(p, dt)
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
    local p = groups[g]
    if p == nil then p = group_reg(g) end
    if p and type(arr) == "table" and getmetatable(arr) == nil then
      local n = p.count
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
          group_set_targets(p, buf)
          return g
        end
      end
    end
    return c_set_targets(g, ...)
  end
  gmt.__index.positions = function(g, ...)
    local out = ...
    local p = groups[g]
    if p == nil then p = group_reg(g) end
    if p then
      local n = p.count
      if out == nil then out = tnew(n, 0)
      elseif type(out) ~= "table" or getmetatable(out) ~= nil then p = nil end
      if p then
        for i = 1, n do out[i] = p.data[i - 1] end
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
  local function names_of(tl, p)
    local names = tnames[tl]
    if names == nil then
      local uv = getfenv(tl)
      names = {}
      for j = 1, p.ncomp do
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
    local p = cast(timeline_ptr, tl)
    local shape = band(p.user, 3)
    if shape == 2 then
      local names = names_of(tl, p)
      if not names then return nil end
      return p, names
    end
    if shape == 1 and p.ncomp > 4 then return nil end
    return p
  end
  -- Results as l_timeline.c's push_state.  Up to 4 components written out
  -- without a loop: a short inner loop becomes hot before the caller's
  -- loop and gets a trace of its own, and which one LuaJIT compiles first
  -- (25 or 55 ns for 4 named properties) would depend on luck.
  local function put_vector(p, n, out)
    if n <= 4 then
      out[1] = p.scratch[0]
      if n >= 2 then out[2] = p.scratch[1] end
      if n >= 3 then out[3] = p.scratch[2] end
      if n >= 4 then out[4] = p.scratch[3] end
    else
      for j = 1, n do out[j] = p.scratch[j - 1] end
    end
    return out
  end
  local function put_named(names, p, n, out)
    if n <= 4 then
      out[names[1]] = p.scratch[0]
      if n >= 2 then out[names[2]] = p.scratch[1] end
      if n >= 3 then out[names[3]] = p.scratch[2] end
      if n >= 4 then out[names[4]] = p.scratch[3] end
    else
      for j = 1, n do out[names[j]] = p.scratch[j - 1] end
    end
    return out
  end
  local function result(p, names, v0, out)
    local shape = band(p.user, 3)
    if shape == 0 then return v0 end
    local n = p.ncomp
    if shape == 1 then
      if out == nil then return scratch(p, n) end
      return put_vector(p, n, out)
    end
    return put_named(names, p, n, out == nil and tnew(0, n) or out)
  end
  local function plain_out(out)
    return out == nil or (type(out) == "table" and getmetatable(out) == nil)
  end
  tmt.__index.at = function(tl, ...)
    local t, out = ...
    local p, names = timeline_of(tl)
    if p and type(t) == "number" and t > -huge and t < huge and plain_out(out) then
      return result(p, names, timeline_at(p, t), out)
    end
    return c_at(tl, ...)
  end
  tmt.__index.update = function(tl, ...)
    local dt, out = ...
    local p, names = timeline_of(tl)
    if p and rshift(p.user, 4) == 0 and type(dt) == "number" and dt >= 0
       and p.clock + dt < huge and plain_out(out) then
      return result(p, names, timeline_update(p, dt), out)
    end
    return c_tupdate(tl, ...)
  end

  -- kinetic.update_timelines: a Lua loop of FFI updates, which the JIT
  -- compiles, item by item as the classic function goes.  An item the fast
  -- path does not take (callbacks, a long vector, an out[i] with a
  -- metatable) goes through the classic update method, which is what the
  -- classic function calls for it too.  An item that is not a timeline is
  -- the classic function's to report, with its own message: it gets a list
  -- of i - 1 idle timelines (dt = 0), the item, and one more value so that
  -- its length reaches i even when the item is nil.  No pass ahead, no
  -- state kept: a callback may change anything, as under the classic one.
  local c_update_timelines = core.update_timelines
  local c_time, c_done = tmt.__index.time, tmt.__index.done
  local rawget, rawset = rawget, rawset
  local function fits(clock, dt) return clock + dt < huge end   -- false for NaN too
  local idle
  local function not_a_timeline(i, item)
    idle = idle or core.timeline { from = 0, { to = 0, duration = 1 } }
    local proxy = tnew(i + 1, 0)
    for k = 1, i - 1 do proxy[k] = idle end
    proxy[i], proxy[i + 1] = item, true
    return c_update_timelines(proxy, 0, {})
  end
  M.functions.update_timelines = function(...)
    local list, dt, out = ...
    if type(list) ~= "table" or type(dt) ~= "number" or not (dt >= 0 and dt < huge)
       or not plain_out(out) then
      return c_update_timelines(...)
    end
    local n = #list
    if out == nil then out = tnew(n, 0) end
    local playing = 0
    for i = 1, n do
      local tl = rawget(list, i)
      if type(tl) ~= "userdata" or dgetmetatable(tl) ~= tmt then return not_a_timeline(i, tl) end
      local p, names = cast(timeline_ptr, tl), nil
      if band(p.user, 3) == 2 then
        names = names_of(tl, p)
        if not names then p = false end            -- classic, below
      end
      if p then
        if not fits(p.clock, dt) then
          error(("update_timelines: timeline %d's clock would overflow"):format(i), 0)
        end
        local shape = band(p.user, 3)
        if shape == 0 then
          if rshift(p.user, 4) == 0 then
            rawset(out, i, timeline_update(p, dt))
          else
            rawset(out, i, (c_tupdate(tl, dt)))
          end
        else
          local o = rawget(out, i)
          if type(o) ~= "table" then
            o = shape == 1 and tnew(p.ncomp, 0) or tnew(0, p.ncomp)
            rawset(out, i, o)
          end
          if rshift(p.user, 4) == 0 and getmetatable(o) == nil then
            timeline_update(p, dt)
            if shape == 1 then put_vector(p, p.ncomp, o) else put_named(names, p, p.ncomp, o) end
          else
            c_tupdate(tl, dt, o)
          end
        end
        if p.clock < p.total then playing = playing + 1 end   -- not done (the clock is never NaN)
      else                                       -- a timeline only the classic methods take
        if not fits(c_time(tl), dt) then
          error(("update_timelines: timeline %d's clock would overflow"):format(i), 0)
        end
        local o = rawget(out, i)
        if type(o) ~= "table" then o = {}; rawset(out, i, o) end
        c_tupdate(tl, dt, o)
        if not c_done(tl) then playing = playing + 1 end
      end
    end
    return out, playing
  end
  return true
end

return M
