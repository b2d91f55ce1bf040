-- kinetic.pure.api.spring: csrc/lua/spring.c in Lua -- kinetic.spring and
-- the kinetic.Spring object.  The binding reads the arguments; the core
-- (kinetic.pure.spring_params, kinetic.pure.spring) checks what is numeric
-- and gives the reason quoted here.  The state of a kinetic.Spring is the
-- core's spring table itself, plus user (HAS_ON_UPDATE + HAS_ON_REST) and
-- the callbacks on_update, on_rest.
--
-- Exports for the other parts (lk_spring_* of csrc/lua/lkinetic.h; fname
-- is the API name of the function being called, for the messages):
--   read_params(t, arg, fname) -> triple          (t nil: the defaults)
--   read_model(t, arg, fname, def) -> model       (t nil: def's model)
--   read_motion(t, arg, fname) -> { model, integrator, clamp (boolean),
--                                   rest_delta, rest_speed }
--   overflow_error(update)                        (update: true for update's
--                                                  text, false for at's)
--   model(arg, fname, p) -> model
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local params = require("kinetic.pure.spring_params")
local spring = require("kinetic.pure.spring")
local curve = require("kinetic.pure.spring_easing")
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)

local type, select, error, rawget = type, select, error, rawget
local format = string.format
local unpack = rawget(table, "unpack") or rawget(_G, "unpack")
local rawlen = rawget(_G, "rawlen") or function(t) return #t end
local HUGE = math.huge
local argerror, typeerror, typename = util.argerror, util.typeerror, util.typename
local fielderror, checkfinite, checknonneg = util.fielderror, util.checkfinite, util.checknonneg
local cstr = names.cstr
local core_update, update_scalar, coefs_compute = spring.update, spring.update_scalar, spring.coefs_compute
local OVERFLOW = spring.OVERFLOW

local M = {}

local MAX_COMPONENTS = 16777216
local DEFAULT_REST_DELTA, DEFAULT_REST_SPEED = 1e-3, 1e-2
M.DEFAULT_REST_DELTA, M.DEFAULT_REST_SPEED = DEFAULT_REST_DELTA, DEFAULT_REST_SPEED
local HAS_ON_UPDATE, HAS_ON_REST = 1, 2
local TNAME = "kinetic.Spring"

-- ---- option parsing -----------------------------------------------------------

local option_names = {}
for i = 0, params.SPO_COUNT - 1 do option_names[i] = params.option_name(i) end

-- The parameter family of the options table t (nil: the defaults): its
-- fields, as found, go to the core, which chooses the family and checks
-- it.  Returns the triple.
function M.read_params(t, arg, fname)
  local opt = {}
  if t ~= nil then
    for i = 0, params.SPO_COUNT - 1 do
      local v = t[option_names[i]]
      if v ~= nil then
        local tv = type(v)
        opt[i] = { number = tv == "number", value = tv == "number" and v / 1 or 0.0,
                   text = tv == "string" and cstr(v) or nil, type = typename(v) }
      end
    end
  end
  local p = {}
  local ok, why = params.params_from_options(opt, p)
  if not ok then argerror(arg, fname, why) end
  return p
end

-- Length of a state field: 0 for a number or absent, n for an array (checked).
local function state_len(t, key, fname)
  local v = t[key]
  local tv = type(v)
  if v == nil then return 0 end
  if tv == "number" then util.optfieldnum(t, key, 1, fname, 0.0); return 0 end
  if tv ~= "table" then
    fielderror(1, fname, key, "number or array expected, got " .. typename(v))
  end
  local n = rawlen(v)
  if n > MAX_COMPONENTS then fielderror(1, fname, key, "array too long") end
  if n < 1 then                 -- {}, {x = 0, y = 0}: say which
    local text, kind = util.tablekind(v)
    fielderror(1, fname, key, format("%s expected, got %s%s",
      kind == util.TABLE_EMPTY and "non-empty array" or "array of numbers", text,
      kind ~= util.TABLE_NAMED and "" or
      "; a spring animates a number or an array of numbers "
      .. "(kinetic.timeline animates named properties)"))
  end
  util.checkfielditems(v, n, 1, fname, key)
  return n
end

local function check_callback(t, key, fname)
  local v = t[key]
  if v ~= nil and type(v) ~= "function" then
    fielderror(1, fname, key, "function expected, got " .. typename(v))
  end
end

local state_keys = { "from", "to", "velocity" }

-- The number of components of the state fields of t: 1 when they are
-- numbers or absent, else the length of their arrays, all the same.
local function state_components(t, fname)
  local n = 1
  for i = 1, 3 do
    local len = state_len(t, state_keys[i], fname)
    if len ~= 0 then
      if n > 1 and len ~= n then
        fielderror(1, fname, state_keys[i], format(
          "array of %d numbers expected (as the other state fields), got %d", n, len))
      end
      n = len
    end
  end
  return n
end

local integrator_list = spring.integrator_names

-- The integrator the field `integrator` of t names (analytic when absent).
local function read_integrator(arg, t, fname)
  local v = t.integrator
  if v == nil then return spring.ANALYTIC end
  return util.checkname(v, arg, fname, "integrator", integrator_list, util.ONEOF + util.QUOTED)
end

-- Every option kinetic.spring reads; any other name is refused before
-- anything is read.
local SPRING_KNOWN = util.known {
  "from", "to", "velocity",
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset",
  "integrator", "rest_delta", "rest_speed", "clamp", "on_update", "on_rest"
}

-- The parameter families alone (a spring given as an option of another motion).
local PARAM_KNOWN = util.known {
  "stiffness", "damping", "mass", "frequency", "damping_ratio", "response",
  "duration", "bounce", "tension", "friction", "origami_tension",
  "origami_friction", "bounciness", "speed", "preset"
}

-- The model of the model-only options table t (argument arg), checked as
-- kinetic.spring checks it; def's model (a triple) when t is nil.
function M.read_model(t, arg, fname, def)
  local p = def
  if t ~= nil then
    util.checkoptions(t, arg, fname, PARAM_KNOWN)
    p = M.read_params(t, arg, fname)
  end
  return M.model(arg, fname, p)
end

-- The model of the triple p, or raise where k/m or c/2m overflows.
function M.model(arg, fname, p)
  local m = spring.model_init({}, p.mass, p.stiffness, p.damping)
  local why = spring.model_error(m)
  if why ~= nil then argerror(arg, fname, why) end
  return m
end

-- Raise unless the fixed 1 ms substep of integrator is stable for m.
local function check_stable(arg, fname, m, integrator)
  local ok, why = spring.step_why(m, integrator)
  if not ok then argerror(arg, fname, why) end
end

-- Everything of a spring's motion that the options table t gives.
function M.read_motion(t, arg, fname)
  local p = M.read_params(t, arg, fname)
  local o = {}
  o.integrator = read_integrator(arg, t, fname)
  o.rest_delta = util.optfieldnonneg(t, "rest_delta", arg, fname, DEFAULT_REST_DELTA)
  o.rest_speed = util.optfieldnonneg(t, "rest_speed", arg, fname, DEFAULT_REST_SPEED)
  o.clamp = util.optfieldbool(t, "clamp", arg, fname, false)
  o.model = M.model(arg, fname, p)
  check_stable(arg, fname, o.model, o.integrator)
  return o
end

-- kinetic.spring's argument 1 (nil or an options table), every field
-- checked, in the order the errors are reported: the names first.
local function read_options(t)
  local o = { t = nil }
  if t ~= nil then
    if type(t) ~= "table" then typeerror(1, "spring", "table", t) end
    util.checkoptions(t, 1, "spring", SPRING_KNOWN)
    o.t = t
  end
  o.params = M.read_params(o.t, 1, "spring")
  o.n = 1
  o.integrator = spring.ANALYTIC
  o.clamp = false
  o.rest_delta = DEFAULT_REST_DELTA
  o.rest_speed = DEFAULT_REST_SPEED
  if o.t == nil then return o end
  o.n = state_components(t, "spring")
  o.integrator = read_integrator(1, t, "spring")
  o.rest_delta = util.optfieldnonneg(t, "rest_delta", 1, "spring", DEFAULT_REST_DELTA)
  o.rest_speed = util.optfieldnonneg(t, "rest_speed", 1, "spring", DEFAULT_REST_SPEED)
  o.clamp = util.optfieldbool(t, "clamp", 1, "spring", false)
  check_callback(t, "on_update", "spring")
  check_callback(t, "on_rest", "spring")
  return o
end

local cls   -- the class kinetic.Spring

-- out[1..n] from the state field key of t (checked already), def when
-- absent or t is nil: lk_state_fill, which reads the items raw and as
-- lua_tonumber does (0 for a missing item: {from = {1}, to = {1, 2}} has
-- two components, the first field's array the only one of length 1).
local function state_fill(t, key, def, n, out)
  local v = t and t[key]
  if type(v) == "table" then
    for i = 1, n do
      local x = rawget(v, i)
      out[i] = type(x) == "number" and x / 1 or 0.0
    end
  else
    local x = v == nil and def or v / 1
    for i = 1, n do out[i] = x end
  end
  return out
end
M.state_fill = state_fill

-- The new kinetic.Spring of the checked options and model.
local function push_spring(o, m)
  local n, t = o.n, o.t
  local from = state_fill(t, "from", 0.0, n, {})
  local to = state_fill(t, "to", 1.0, n, {})
  local vel = state_fill(t, "velocity", 0.0, n, {})
  local s = spring.new(n)
  spring.init(s, n, m, o.integrator, o.clamp, o.rest_delta, o.rest_speed, from, to, vel)
  if t ~= nil then
    local f = t.on_update
    if f ~= nil then s.user = s.user + HAS_ON_UPDATE end
    s.on_update = f
    f = t.on_rest
    if f ~= nil then s.user = s.user + HAS_ON_REST end
    s.on_rest = f
  end
  return cls.new(s)
end

-- kinetic.spring([options]): every option checked first, then built.
local function kinetic_spring(t)
  local o = read_options(t)
  local m = M.model(1, "spring", o.params)
  check_stable(1, "spring", m, o.integrator)
  return push_spring(o, m)
end

-- ---- methods ------------------------------------------------------------------

local methods, meta = {}, {}
cls = util.class(TNAME, methods, meta)
M.class = cls
local states = cls.states

local function check_spring(self, fname)
  local s = states[self]
  if s == nil then typeerror(0, fname, TNAME, self) end
  return s
end

-- The n values of slot `slot`.
local function push_slot(s, slot)
  local n = s.n
  if n == 1 then return s.data[slot + 1] end
  return unpack(s.data, slot * n + 1, slot * n + n)
end

-- A number >= 0 (argument arg of fname), "no value" when absent.
local function arg_nonneg(nargs, v, arg, fname)
  if nargs < arg then argerror(arg, fname, "number expected, got no value") end
  return checknonneg(v, arg, fname)
end

local scratch_values = {}

-- The values of a setter: n numbers or one array of n (the arguments
-- after self), into a scratch array.
local function read_values(s, fname, ...)
  local n, top = s.n, select("#", ...)
  local out = scratch_values
  local a = ...
  if top == 1 and type(a) == "table" then
    local len = rawlen(a)
    if len ~= n then
      argerror(1, fname, format("array of %d numbers expected, got %d items", n, len))
    end
    for i = 1, n do
      local x = rawget(a, i)
      if type(x) ~= "number" or x - x ~= 0 then
        argerror(1, fname, format("item %d: finite number expected, got %s", i, typename(x)))
      end
      out[i] = x / 1
    end
    return out
  end
  if top ~= n and not (n == 1 and top >= 1) then
    argerror(1, fname, format("%d numbers or an array expected, got %d values", n, top))
  end
  if n == 1 then
    out[1] = checkfinite(a, 1, fname)
    return out
  end
  for i = 1, n do out[i] = checkfinite((select(i, ...)), i, fname) end
  return out
end

-- Call the callback `key` of the spring (self), if any.
local function fire(self, s, key)
  local f = s[key]
  if type(f) == "function" then f(self) end
end

local function check_stepped(s, arg, t, fname)
  local ok, why = spring.dt_check(s, t)
  if not ok then argerror(arg, fname, why) end
  return t
end

-- Raise the error of a spring whose state overflowed: update's (the
-- spring has been put to rest on its target) or at's.  update: a boolean
-- (1 and 0, C's ints, read as C reads them).
function M.overflow_error(update)
  update = update and update ~= 0
  error(format("%s: the spring's state overflowed (beyond +-1.8e308)%s",
               update and "update" or "at",
               update and "; it is reset to rest on its target" or ""), 0)
end

-- What update does after the state changed: overflow, callbacks, results.
local function update_results(self, s, flags)
  if flags >= OVERFLOW then
    spring.reset_on_target(s)
    M.overflow_error(true)
  end
  local user = s.user
  if flags % 2 == 1 and user % 2 == 1 then fire(self, s, "on_update") end
  if flags % 4 >= 2 and user >= HAS_ON_REST then fire(self, s, "on_rest") end
  return push_slot(s, spring.SP_X)
end

local function update_checked(self, nargs, dt)
  local s = check_spring(self, "update")
  if nargs < 1 then argerror(1, "update", "number expected, got no value") end
  dt = check_stepped(s, 1, checknonneg(dt, 1, "update"), "update")
  return update_results(self, s, core_update(s, dt))   -- state first, callbacks after
end

-- s:update(dt): the common case (a Spring, a number dt the checks accept,
-- no callbacks, a scalar) in a few cheap tests; anything else -- errors
-- included -- through update_checked, with the same results.
function methods.update(self, ...)
  local s, dt = states[self], ...
  if s == nil or type(dt) ~= "number" or
     not (dt >= 0 and (dt <= 3600 or (dt < HUGE and s.integrator == 0))) then
    return update_checked(self, select("#", ...), dt)
  end
  dt = dt / 1
  local flags
  if s.at_rest then flags = 0
  elseif s.n == 1 and s.integrator == 0 then
    -- spring.update_scalar, inline (the same operations)
    local d, c = s.data, s.coefs
    local t, k = d[2], s.model.stiffness
    if dt ~= s.coefs_dt then
      coefs_compute(s.model, dt, c)
      s.coefs_dt = dt
    end
    local y0, v0 = d[8], d[3]
    local y = c.pos_pos * y0 + c.pos_vel * v0
    local v = c.vel_pos * y0 + c.vel_vel * v0
    local x = t + y
    local sc = s.scale
    local rs, rd = s.rest_speed * sc, s.rest_delta * sc
    if (s.clamp and k ~= 0 and y * (t - d[4]) > 0) or
       (v <= rs and v >= -rs and (k == 0 or (y <= rd and y >= -rd))) then
      flags = update_scalar(s, dt)     -- it comes to rest: the core snaps it
    else
      d[1] = x
      d[3] = v
      d[8] = y
      if x - x ~= 0 or v - v ~= 0 then flags = 5
      elseif s.user == 0 then return x
      else flags = 1 end
    end
  else flags = core_update(s, dt) end
  if flags <= 1 and s.user == 0 and s.n == 1 then return s.data[1] end
  return update_results(self, s, flags)
end

function methods.position(self)
  return push_slot(check_spring(self, "position"), spring.SP_X)
end

function methods.velocity(self)
  return push_slot(check_spring(self, "velocity"), spring.SP_V)
end

function methods.target(self)
  return push_slot(check_spring(self, "target"), spring.SP_TARGET)
end

function methods.at_rest(self)
  return check_spring(self, "at_rest").at_rest
end

function methods.set_target(self, ...)
  local s = check_spring(self, "set_target")
  spring.set_target(s, read_values(s, "set_target", ...))
  return self
end

function methods.set_position(self, ...)
  local s = check_spring(self, "set_position")
  spring.set_position(s, read_values(s, "set_position", ...))
  return self
end

function methods.set_velocity(self, ...)
  local s = check_spring(self, "set_velocity")
  spring.set_velocity(s, read_values(s, "set_velocity", ...))
  return self
end

local ahead_spring = spring.new(1)

-- The state t seconds ahead: what update(t) would give, on a copy.
local function ahead(self, fname, ...)
  local s = check_spring(self, fname)
  local t = check_stepped(s, 1, arg_nonneg(select("#", ...), (...), 1, fname), fname)
  local c = spring.copy(ahead_spring, s)
  if core_update(c, t) >= OVERFLOW then M.overflow_error(false) end
  return c
end

function methods.at(self, ...)
  return push_slot(ahead(self, "at", ...), spring.SP_X)
end

function methods.velocity_at(self, ...)
  return push_slot(ahead(self, "velocity_at", ...), spring.SP_V)
end

function methods.settle_time(self, eps)
  local s = check_spring(self, "settle_time")
  if eps ~= nil then
    eps = checkfinite(eps, 1, "settle_time")
  else
    eps = s.rest_delta * s.scale
    if not (eps > 0) then return s.at_rest and 0.0 or HUGE end
  end
  local ok, why = spring.settle_eps(s, eps)
  if not ok then argerror(1, "settle_time", why) end
  return spring.settle_time(s, eps)
end

-- ---- springs as easings ------------------------------------------------------

-- The curve of s:easing([duration]) and s:linear(): the spring's motion
-- from its current state, normalized; the duration from argument 1 when
-- darg (nil: the settle time).
local function read_curve(s, darg, dval, fname)
  local c = {}
  local given = darg and dval ~= nil
  local r, why = curve.curve_self(s)
  if r == curve.CURVE_OK then
    r, why = curve.curve_from(s, given and checkfinite(dval, 1, fname) or 0.0, given, c)
  end
  if r == curve.CURVE_BAD_SELF then
    error(format("calling '%s' on bad self (%s)", fname, why), 0)
  end
  if r == curve.CURVE_BAD_DURATION then argerror(1, fname, why) end
  if r == curve.CURVE_NO_DURATION then
    error(format("bad argument #1 to '%s' (%s)", fname, why), 0)
  end
  return c
end

-- The easing part's constructors (kinetic.pure.easing mirrors
-- kn_easing_init_spring / kn_easing_init_linearfn, kinetic.pure.api.easing
-- lk_pusheasing), found when first used.
local easing_core, easing_api
local function easings()
  if easing_core == nil then
    easing_core = require("kinetic.pure.easing")
    easing_api = require("kinetic.pure.api.easing")
  end
  return easing_core, easing_api
end

function methods.easing(self, duration)
  local s = check_spring(self, "easing")
  local c = read_curve(s, true, duration, "easing")
  local E, A = easings()
  local e = {}
  E.init_spring(e, c)
  return A.pusheasing(e)
end

function methods.linear(self, max_error)
  local s = check_spring(self, "linear")
  local tol = 1e-3
  if max_error ~= nil then
    tol = checkfinite(max_error, 1, "linear")
    local ok, why = curve.fit_tol(tol)
    if not ok then argerror(1, "linear", why) end
  end
  local c = read_curve(s, false, nil, "linear")
  local pts = {}
  local n = curve.curve_fit(c, tol, pts, nil)
  local ok, why = curve.fit_count(c, tol, n)
  if not ok then argerror(1, "linear", why) end
  local E, A = easings()
  local e = { points = pts }
  E.init_linearfn(e, n)
  return A.pusheasing(e)
end

local coefs_scratch = { pos_pos = 0.0, pos_vel = 0.0, vel_pos = 0.0, vel_vel = 0.0 }

function methods.coefficients(self, ...)
  local s = check_spring(self, "coefficients")
  local dt = arg_nonneg(select("#", ...), (...), 1, "coefficients")
  local c = spring.coefs_compute(s.model, dt, coefs_scratch)
  return c.pos_pos, c.pos_vel, c.vel_pos, c.vel_vel
end

function methods.params(self)
  local s = check_spring(self, "params")
  local m = s.model
  local d = params.derive({ mass = m.mass, stiffness = m.stiffness, damping = m.damping }, {})
  return { mass = d.mass, stiffness = d.stiffness, damping = d.damping,
           damping_ratio = d.damping_ratio, omega = d.omega, frequency = d.frequency,
           response = d.response, duration = d.duration, bounce = d.bounce }
end

function meta.__tostring(self)
  local s = check_spring(self, "__tostring")
  local m = s.model
  return format("kinetic.Spring(stiffness=%.14g, damping=%.14g, mass=%.14g, n=%d, %s, %s)",
                m.stiffness, m.damping, m.mass, s.n, spring.integrator_name(s.integrator),
                s.at_rest and "at rest" or "moving")
end
cls.meta.__tostring = meta.__tostring

function M.open(kinetic)
  kinetic.spring = kinetic_spring
end

return M
