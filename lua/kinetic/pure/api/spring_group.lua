-- kinetic.pure.api.spring_group: csrc/lua/spring_group.c in Lua --
-- kinetic.spring_group and the kinetic.SpringGroup object.  The state of
-- a kinetic.SpringGroup is the core's group table (kinetic.pure.spring_group)
-- plus buf, the scratch array set_targets reads every new target into
-- before it applies any.  The parameter families are read by
-- kinetic.spring's own reader, so the group accepts exactly what
-- kinetic.spring accepts, with the same errors.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local group = require("kinetic.pure.spring_group")
local api_spring = require("kinetic.pure.api.spring")

local type, select, error, rawget, rawset = type, select, error, rawget, rawset
local getmetatable, tostring = getmetatable, tostring
local floor, format = math.floor, string.format
local rawlen = rawget(_G, "rawlen") or function(t) return #t end
local HUGE = math.huge
local argerror, typeerror, typename = util.argerror, util.typeerror, util.typename
local fielderror, checkfinite, checknonneg = util.fielderror, util.checkfinite, util.checknonneg
local cstr, numstr = names.cstr, names.num
local group_update, may_overflow = group.update, group.may_overflow

local M = {}

local MAX_COUNT = 16777216
local TNAME = "kinetic.SpringGroup"
local FNAME = "spring_group"

-- Every option kinetic.spring_group reads: kinetic.spring's without its
-- callbacks, and count.
local GROUP_KNOWN = util.known {
  "count", "from", "to", "velocity",
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp"
}
local state_keys = { "from", "to", "velocity" }

-- Refuse any name but the known ones; kinetic.spring's callbacks with
-- their own reason.
local function check_keys(t)
  local msg = util.optionerror(t, GROUP_KNOWN, 0, nil)
  if msg == nil then return end
  local callbacks = { "on_update", "on_rest" }
  for i = 1, 2 do
    if t[callbacks[i]] ~= nil then
      argerror(1, FNAME, format("unknown option '%s' (a spring group takes no "
        .. "callbacks: poll the count g:update returns, or g:at_rest(i))", callbacks[i]))
    end
  end
  argerror(1, FNAME, msg)
end

-- State field `key`: a number or an array of exactly count numbers.
local function check_state(t, key, count)
  local v = t[key]
  local tv = type(v)
  if v == nil then return end
  if tv == "number" then util.fieldnum(t, key, 1, FNAME); return end
  if tv ~= "table" then
    fielderror(1, FNAME, key, "number or array expected, got " .. typename(v))
  end
  local len = rawlen(v)
  if len == 0 then              -- {x = 0}: say so, not "0 items"
    local text, kind = util.tablekind(v)
    if kind ~= util.TABLE_EMPTY then
      fielderror(1, FNAME, key, format("array of %d numbers (count) expected, got %s; the "
        .. "springs of a group are numbered 1 to count", count, text))
    end
  end
  if len ~= count then
    fielderror(1, FNAME, key, format("array of %d numbers (count) expected, got %d items",
                                     count, len > MAX_COUNT and MAX_COUNT or len))
  end
  util.checkfielditems(v, count, 1, FNAME, key)
end

-- The field `count`: an integer in [1, 2^24].
local function read_count(t)
  local c = util.fieldnum(t, "count", 1, FNAME)
  if c == nil then fielderror(1, FNAME, "count", "integer >= 1 expected, got nil") end
  if c ~= floor(c) or c < 1 or c > MAX_COUNT then
    util.fieldrangeerror(1, FNAME, "count",
                         c > MAX_COUNT and "integer <= 16777216" or "integer >= 1", c)
  end
  return floor(c)
end

-- The field `integrator`: absent or 'analytic' (a group has no stepped
-- integrators).
local function check_integrator(t)
  local v = t.integrator
  if v == nil then return end
  local name = type(v) == "string" and cstr(v) or nil
  if name == nil or name ~= "analytic" then
    fielderror(1, FNAME, "integrator", format(
      "'analytic' expected (a group steps every spring with the shared exact "
      .. "coefficients; use kinetic.spring for 'rk4' or 'euler'), got %s%s%s",
      name and "'" or "", name or typename(v), name and "'" or ""))
  end
end

local cls

-- kinetic.spring_group(options): every option checked first (the keys,
-- count, the parameter family, the state fields, integrator, rest
-- thresholds, clamp, the model), then built.
local function kinetic_spring_group(...)
  local t = ...
  if type(t) ~= "table" then
    if select("#", ...) == 0 then argerror(1, FNAME, "table expected, got no value") end
    typeerror(1, FNAME, "table", t)
  end
  check_keys(t)
  local count = read_count(t)
  local p = api_spring.read_params(t, 1, FNAME)
  for i = 1, 3 do check_state(t, state_keys[i], count) end
  check_integrator(t)
  local rest_delta = util.optfieldnonneg(t, "rest_delta", 1, FNAME,
                                         api_spring.DEFAULT_REST_DELTA)
  local rest_speed = util.optfieldnonneg(t, "rest_speed", 1, FNAME,
                                         api_spring.DEFAULT_REST_SPEED)
  local clamp = util.optfieldbool(t, "clamp", 1, FNAME, false)
  local model = api_spring.model(1, FNAME, p)
  -- everything is checked: build
  local fill = api_spring.state_fill
  local from = fill(t, "from", 0.0, count, {})
  local to = fill(t, "to", 1.0, count, {})
  local vel = fill(t, "velocity", 0.0, count, {})
  local g = group.new(count)
  group.init(g, count, model, clamp, rest_delta, rest_speed, from, to, vel)
  g.buf = {}
  return cls.new(g)
end

-- ---- methods ------------------------------------------------------------------

-- __len is set below; naming it here makes util.class give the group a
-- userdata handle where Lua 5.1 and LuaJIT need one for #g.
local methods, meta = {}, { __len = true }
cls = util.class(TNAME, methods, meta)
M.class = cls
local states = cls.states

local function check_group(self, fname)
  local g = states[self]
  if g == nil then typeerror(0, fname, TNAME, self) end
  return g
end

-- 1-based index at argument arg (of fname).
local function check_index(g, nargs, v, arg, fname)
  if type(v) ~= "number" then
    if nargs < arg then argerror(arg, fname, "integer index expected, got no value") end
    typeerror(arg, fname, "integer index", v)
  end
  local x = v / 1
  if x ~= floor(x) or x < 1 or x > g.count then
    argerror(arg, fname, format("index in [1, %d] expected, got %s", g.count, numstr(x)))
  end
  return floor(x)
end

-- The update itself; where a spring may leave the doubles those that did
-- are put to rest on their targets and update raises.
local function run_update(g, dt)
  local moving = group_update(g, dt)
  if may_overflow(g) then
    local first = group.reset_overflowed(g)
    if first ~= 0 then
      error(format("update: spring %d's state overflowed (beyond +-1.8e308); it is reset "
                   .. "to rest on its target, and so is any other that overflowed", first), 0)
    end
  end
  return moving
end

local function update_checked(self, nargs, dt)
  local g = check_group(self, "update")
  if nargs < 1 then argerror(1, "update", "number expected, got no value") end
  return run_update(g, checknonneg(dt, 1, "update"))
end

-- g:update(dt): a group and a finite dt >= 0 go straight to the core;
-- anything else through update_checked (the same results and errors).
function methods.update(self, ...)
  local g, dt = states[self], ...
  if g == nil or type(dt) ~= "number" or not (dt >= 0 and dt < HUGE) then
    return update_checked(self, select("#", ...), dt)
  end
  return run_update(g, dt / 1)
end

function methods.set(self, ...)
  local g = check_group(self, "set")
  local nargs = select("#", ...)
  local i, x, v = ...
  i = check_index(g, nargs, i, 1, "set")
  if nargs < 2 then argerror(2, "set", "number expected, got no value") end
  x = checkfinite(x, 2, "set")
  if v == nil then group.set(g, i, x)
  else group.set_state(g, i, x, checkfinite(v, 3, "set")) end
  return self
end

function methods.set_target(self, ...)
  local g = check_group(self, "set_target")
  local nargs = select("#", ...)
  local i, x = ...
  i = check_index(g, nargs, i, 1, "set_target")
  if nargs < 2 then argerror(2, "set_target", "number expected, got no value") end
  group.set_target(g, i, checkfinite(x, 2, "set_target"))
  return self
end

-- g:set_targets(array): every item read and checked into the group's
-- buffer first (an error changes nothing), then applied at once.
function methods.set_targets(self, ...)
  local g = check_group(self, "set_targets")
  local a = ...
  local buf, n = g.buf, g.count
  if type(a) ~= "table" then
    if select("#", ...) == 0 then
      argerror(1, "set_targets", "array of numbers expected, got no value")
    end
    typeerror(1, "set_targets", "array of numbers", a)
  end
  local len = rawlen(a)
  if len ~= n then
    argerror(1, "set_targets", format("array of %d numbers (count) expected, got %d items",
                                      n, len > MAX_COUNT and MAX_COUNT or len))
  end
  if getmetatable(a) == nil then
    for i = 1, n do
      local x = a[i]
      if type(x) ~= "number" or x - x ~= 0 then
        argerror(1, "set_targets", format("item %d: finite number expected, got %s", i,
                                          typename(x)))
      end
      buf[i] = x / 1
    end
  else
    for i = 1, n do
      local x = rawget(a, i)
      if type(x) ~= "number" or x - x ~= 0 then
        argerror(1, "set_targets", format("item %d: finite number expected, got %s", i,
                                          typename(x)))
      end
      buf[i] = x / 1
    end
  end
  group.set_targets(g, buf)
  return self
end

function methods.position(self, ...)
  local g = check_group(self, "position")
  return g.x[check_index(g, select("#", ...), (...), 1, "position")]
end

function methods.velocity(self, ...)
  local g = check_group(self, "velocity")
  return g.v[check_index(g, select("#", ...), (...), 1, "velocity")]
end

function methods.target(self, ...)
  local g = check_group(self, "target")
  return g.tg[check_index(g, select("#", ...), (...), 1, "target")]
end

function methods.at_rest(self, ...)
  local g = check_group(self, "at_rest")
  return g.rest[check_index(g, select("#", ...), (...), 1, "at_rest")] ~= 0.0
end

function methods.positions(self, out)
  local g = check_group(self, "positions")
  local x, n = g.x, g.count
  if out ~= nil then
    if type(out) ~= "table" then typeerror(1, "positions", "table", out) end
    if getmetatable(out) ~= nil then
      for i = 1, n do rawset(out, i, x[i]) end
      return out
    end
  else
    out = {}
  end
  for i = 1, n do out[i] = x[i] end
  return out
end

local simd_names = { "best", "avx512", "avx", "sse2", "scalar" }

-- g:_simd([cap]) -> the update loop's path; with cap, first switches to
-- the widest path up to cap this machine runs (a test hook of the C
-- core: the Lua backend has one path, "scalar").
function methods._simd(self, cap)
  local g = check_group(self, "_simd")
  if cap ~= nil then
    local tc = type(cap)
    if tc ~= "string" and tc ~= "number" then
      argerror(1, "_simd", "string expected, got " .. (tc == "userdata" and typename(cap) or tc))
    end
    local name = tostring(cap)
    local found
    for i = 1, #simd_names do
      if simd_names[i] == name then found = i - 1 end
    end
    if found == nil then argerror(1, "_simd", format("invalid option '%s'", name)) end
    g.simd = group.path_for(found)
  end
  return simd_names[g.simd + 1]
end

function meta.__len(self)
  return check_group(self, "__len").count
end
cls.meta.__len = meta.__len

function meta.__tostring(self)
  local g = check_group(self, "__tostring")
  local m = g.model
  return format("kinetic.SpringGroup(count=%d, stiffness=%.14g, damping=%.14g, mass=%.14g, "
                .. "%d moving)", g.count, m.stiffness, m.damping, m.mass, g.moving)
end
cls.meta.__tostring = meta.__tostring

function M.open(kinetic)
  kinetic.spring_group = kinetic_spring_group
end

return M
