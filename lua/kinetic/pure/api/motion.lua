-- kinetic.pure.api.motion: csrc/lua/motion.c in Lua.  kinetic.friction,
-- kinetic.gravity, kinetic.bouncing_scroll, kinetic.clamping_scroll,
-- kinetic.inertia, kinetic.decay and kinetic.follower.  Like Flutter's simulations they are
-- functions of the time t since creation: at(t), done(t) and time_at(x)
-- use that time; update(dt) advances the object's clock, so any split of
-- time into updates gives the same state.
--
-- Every type has the same set of methods (at, update, position, velocity,
-- time, done, final_position where defined, __tostring), made once per
-- type from that type's state, end test and final position.
--
-- Cross-part: M.read_fling(t, arg, fname, kind, x0, v0) for anim:fling
-- (lk_motion_read_fling).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local util = require("kinetic.pure.util")
local friction = require("kinetic.pure.friction")
local gravity = require("kinetic.pure.gravity")
local decay = require("kinetic.pure.decay")
local follower = require("kinetic.pure.follower")
local inertia = require("kinetic.pure.inertia")
local scroll = require("kinetic.pure.scroll")
local fling = require("kinetic.pure.fling")
local spring_api = require("kinetic.pure.api.spring")

local type, select, format = type, select, string.format
local sqrt, abs, huge = math.sqrt, math.abs, math.huge
local rawget = rawget
local rawlen = rawget(_G, "rawlen") or function(t) return #t end
local argerror, fielderror, typename = util.argerror, util.fielderror, util.typename
local fieldnum, optfieldnum = util.fieldnum, util.optfieldnum
local optfieldnonneg, fieldrangeerror = util.optfieldnonneg, util.fieldrangeerror
local checknonneg, checkfinite, checkoptions = util.checknonneg, util.checkfinite,
                                                util.checkoptions
local numstr = util.numstr

local M = {}

-- x as C's printf("%.14g") writes it.  LuaJIT's string.format rounds an
-- exact tie at the 14th significant digit away from zero where glibc
-- rounds it to even: there such a tie with an even 14th digit is written
-- from the next double towards zero, which printf rounds down.
-- "%.14g" as C's printf writes it (names.cformat: LuaJIT rounds ties otherwise)
local cformat = require("kinetic.pure.names").cformat
local function g14(x) return cformat("%.14g", x) end
M.g14 = g14

-- ---- construction -----------------------------------------------------------

-- The options of each constructor: any other name is refused.
local FRICTION_OPTIONS = util.known {
  "drag", "position", "velocity", "constant_deceleration", "tolerance"
}
local GRAVITY_OPTIONS = util.known { "acceleration", "position", "velocity", "end_distance" }
local BOUNCING_OPTIONS = util.known { "position", "velocity", "min", "max", "spring" }
local CLAMPING_OPTIONS = util.known { "position", "velocity", "friction" }
local INERTIA_OPTIONS = util.known {
  "position", "velocity", "power", "time_constant", "min", "max", "snap",
  "bounce_stiffness", "bounce_damping", "rest_delta", "rest_speed"
}
local DECAY_OPTIONS = util.known { "position", "velocity", "friction_multiplier", "threshold" }
local FOLLOWER_OPTIONS = util.known {
  "max_acceleration", "max_speed", "position", "velocity", "target"
}

-- Argument 1 (n arguments given): a table of the options `known`, checked
-- before any is read.
local function check_options(t, n, known, fname)
  if type(t) ~= "table" then
    argerror(1, fname, "table expected, got " .. (n == 0 and "no value" or typename(t)))
  end
  checkoptions(t, 1, fname, known)
  return t
end

local function required(t, key, fname)
  local x = fieldnum(t, key, 1, fname)
  if x == nil then fielderror(1, fname, key, "number expected, got nil") end
  return x
end

-- The readers below take the options table t, reported as argument arg of
-- fname: a constructor's own table (argument 1) or the options of
-- anim:fling.

-- An edge: any number but NaN (an infinite edge never stops the motion);
-- required when def is NaN.
local function edge(t, arg, fname, key, def)
  local v = t[key]
  if v == nil and def == def then return def end
  if type(v) ~= "number" then
    fielderror(arg, fname, key, "number expected, got " .. typename(v))
  end
  if v ~= v then fielderror(arg, fname, key, "number expected, got nan") end
  return v / 1
end

-- A positive option, def when absent.
local function opt_positive(t, arg, fname, key, def)
  local x = optfieldnum(t, key, arg, fname, def)
  if not (x > 0) then fieldrangeerror(arg, fname, key, "positive number", x) end
  return x
end

local function read_bouncing(t, arg, fname, x0, v0)
  -- BouncingScrollPhysics' spring: mass 0.5, stiffness 100, damping ratio 1.1
  local lo = edge(t, arg, fname, "min", 0 / 0)
  local hi = edge(t, arg, fname, "max", 0 / 0)
  if not (lo <= hi) then fieldrangeerror(arg, fname, "max", "number >= min", hi) end
  local def = { mass = 0.5, stiffness = 100.0 }
  def.damping = 1.1 * 2.0 * sqrt(def.mass * def.stiffness)
  local st = t.spring
  if type(st) ~= "table" then
    if st ~= nil then
      fielderror(arg, fname, "spring",
                 "table of spring parameters expected, got " .. typename(st))
    end
    st = nil
  end
  local model = spring_api.read_model(st, arg, fname, def)
  return scroll.bouncing_init({}, x0, v0, lo, hi, model)
end

local function read_clamping(t, arg, fname, x0, v0)
  return scroll.clamping_init({}, x0, v0, opt_positive(t, arg, fname, "friction", 0.015))
end

local function read_decay(t, arg, fname, x0, v0)
  local mult = opt_positive(t, arg, fname, "friction_multiplier", 1.0)
  return decay.init({}, x0, v0, mult, opt_positive(t, arg, fname, "threshold", 0.1))
end

-- The inertia's target after `snap`: the nearest of an array of points (the
-- first of equals), or what a function returns for it.
local function snap_target(t, arg, fname, ideal)
  local best = ideal
  local snap = t.snap
  if type(snap) == "function" then
    local r = snap(ideal)
    if type(r) ~= "number" or r - r ~= 0 then
      fielderror(arg, fname, "snap",
                 format("function returned %s, finite number expected",
                        type(r) == "number" and numstr(r) or typename(r)))
    end
    best = r / 1
  elseif type(snap) == "table" then
    local n = rawlen(snap)
    if n == 0 then fielderror(arg, fname, "snap", "non-empty array of numbers expected") end
    for i = 1, n do
      local x = rawget(snap, i)
      if type(x) ~= "number" or x - x ~= 0 then
        fielderror(arg, fname, "snap",
                   format("item %d: finite number expected, got %s", i, typename(x)))
      end
      x = x / 1
      if i == 1 or abs(x - ideal) < abs(best - ideal) then best = x end
    end
  elseif snap ~= nil then
    fielderror(arg, fname, "snap",
               "array of numbers or function expected, got " .. typename(snap))
  end
  return best
end

local function read_inertia(t, arg, fname, x0, v0)
  local power = optfieldnum(t, "power", arg, fname, 0.8)
  local tau = opt_positive(t, arg, fname, "time_constant", 0.325)
  local lo = edge(t, arg, fname, "min", -huge)
  local hi = edge(t, arg, fname, "max", huge)
  if not (lo <= hi) then fieldrangeerror(arg, fname, "max", "number >= min", hi) end
  local p = { mass = 1.0 }
  p.stiffness = optfieldnonneg(t, "bounce_stiffness", arg, fname, 500.0)
  p.damping = optfieldnonneg(t, "bounce_damping", arg, fname, 10.0)
  local rd = optfieldnonneg(t, "rest_delta", arg, fname, 0.5)
  local rs = optfieldnonneg(t, "rest_speed", arg, fname, -1.0)   -- < 0: motion-dom's default
  local ideal = x0 + power * v0
  if ideal - ideal ~= 0 then
    fielderror(arg, fname, "velocity", "position + power * velocity overflows")
  end
  local model = spring_api.model(arg, fname, p)
  return inertia.init({}, x0, v0, snap_target(t, arg, fname, x0 + power * v0), tau, lo, hi,
                      rd, rs, model)
end

-- The fling of anim:fling: the motion of kind `kind` (fling.INERTIA ...)
-- from x0 with v0, its options read from the table t (argument arg of
-- fname) as kinetic.inertia, bouncing_scroll, clamping_scroll and decay
-- read theirs; returns the fling table (kinetic.pure.fling), end time set.
function M.read_fling(t, arg, fname, kind, x0, v0)
  x0, v0 = x0 / 1, v0 / 1
  local u
  if kind == fling.INERTIA then u = read_inertia(t, arg, fname, x0, v0)
  elseif kind == fling.BOUNCING then u = read_bouncing(t, arg, fname, x0, v0)
  elseif kind == fling.CLAMPING then u = read_clamping(t, arg, fname, x0, v0)
  else u = read_decay(t, arg, fname, x0, v0) end
  return fling.finish_init({ kind = kind, ["end"] = 0.0, u = u })
end

-- ---- the shared methods ---------------------------------------------------------

-- A type of motion: its class name, the parameter __tostring shows first
-- (the label and the state's field), its state at a time, its end test
-- and where it comes to rest (nil: gravity).
local function motion_class(tname, label, field, state, done, final, extra)
  local cls = util.class(tname, {}, {})
  local methods, states = cls.methods, cls.states

  -- The state of self, or "calling 'fname' on bad self (...)"; n: the
  -- number of arguments the method got, self included.
  local function badself(fname, self, n)
    argerror(0, fname, format("%s expected, got %s", tname,
                              n == 0 and "no value" or typename(self)))
  end

  -- A time argument (#1 of the method), present when n >= 2.
  local function timearg(v, n, fname)
    if type(v) ~= "number" then
      argerror(1, fname, "number expected, got " .. (n < 2 and "no value" or typename(v)))
    end
    return checknonneg(v, 1, fname)
  end

  -- m:at(t) -> x, v at simulation time t.
  function methods.at(...)
    local self, t = ...
    local s = states[self]
    if s == nil then badself("at", self, select("#", ...)) end
    if type(t) == "number" and t >= 0 and t < huge then t = t / 1
    else t = timearg(t, select("#", ...), "at") end
    return state(s, t)
  end

  -- m:update(dt) -> x: the clock moves on by dt (refused, the clock kept,
  -- where it would leave the doubles).
  function methods.update(...)
    local self, dt = ...
    local s = states[self]
    if s == nil then badself("update", self, select("#", ...)) end
    if type(dt) == "number" and dt >= 0 and dt < huge then dt = dt / 1
    else dt = timearg(dt, select("#", ...), "update") end
    local clock = s.time + dt
    if not (clock < huge) then error("update: the clock would overflow", 0) end
    s.time = clock
    return (state(s, clock))
  end

  -- m:position(), m:velocity(): the state at the clock.
  function methods.position(...)
    local self = ...
    local s = states[self]
    if s == nil then badself("position", self, select("#", ...)) end
    return (state(s, s.time))
  end

  function methods.velocity(...)
    local self = ...
    local s = states[self]
    if s == nil then badself("velocity", self, select("#", ...)) end
    local _, v = state(s, s.time)
    return v
  end

  function methods.time(...)
    local self = ...
    local s = states[self]
    if s == nil then badself("time", self, select("#", ...)) end
    return s.time
  end

  -- m:done([t]): the end test at t, or at the clock.
  function methods.done(...)
    local self, t = ...
    local s = states[self]
    if s == nil then badself("done", self, select("#", ...)) end
    if t == nil then t = s.time else t = timearg(t, 2, "done") end
    return done(s, t)
  end

  -- m:final_position(): where the motion comes to rest.
  if final ~= nil then
    function methods.final_position(...)
      local self = ...
      local s = states[self]
      if s == nil then badself("final_position", self, select("#", ...)) end
      return final(s)
    end
  end

  cls.meta.__tostring = function(...)
    local self = ...
    local s = states[self]
    if s == nil then badself("__tostring", self, select("#", ...)) end
    return format("%s(%s=%s, position=%s, velocity=%s, t=%s)", tname, label,
                  g14(s[field]), g14(s.x0), g14(s.v0), g14(s.time))
  end

  if extra ~= nil then extra(methods, states, badself) end
  return cls
end

-- friction's own method: f:time_at(x), the first time x is reached.
local function friction_extra(methods, states, badself)
  local time_at = friction.time_at
  function methods.time_at(...)
    local self, x = ...
    local s = states[self]
    if s == nil then badself("time_at", self, select("#", ...)) end
    if type(x) ~= "number" then
      argerror(1, "time_at", "number expected, got "
                             .. (select("#", ...) < 2 and "no value" or typename(x)))
    end
    return time_at(s, checkfinite(x, 1, "time_at"))
  end
end

-- the follower's own methods: f:set_target(x), f:remaining_time().
local function follower_extra(methods, states, badself)
  function methods.set_target(...)
    local self, x = ...
    local s = states[self]
    if s == nil then badself("set_target", self, select("#", ...)) end
    if type(x) ~= "number" then
      argerror(1, "set_target", "number expected, got "
                                .. (select("#", ...) < 2 and "no value" or typename(x)))
    end
    if follower.set_target(s, checkfinite(x, 1, "set_target")) then
      error("set_target: the plan overflows (beyond +-1.8e308)", 0)
    end
    return self
  end
  function methods.remaining_time(...)
    local self = ...
    local s = states[self]
    if s == nil then badself("remaining_time", self, select("#", ...)) end
    return follower.remaining_time(s)
  end
end

local FRICTION = motion_class("kinetic.Friction", "drag", "drag", friction.at, friction.done,
                              friction.final_position, friction_extra)
local GRAVITY = motion_class("kinetic.Gravity", "acceleration", "acceleration", gravity.at,
                             gravity.done, nil)
local BOUNCING = motion_class("kinetic.BouncingScroll", "min", "leading", scroll.bouncing_at,
                              scroll.bouncing_done, scroll.bouncing_final_position)
local CLAMPING = motion_class("kinetic.ClampingScroll", "friction", "friction",
                              scroll.clamping_at, scroll.clamping_done,
                              scroll.clamping_final_position)
local INERTIA = motion_class("kinetic.Inertia", "target", "target", inertia.at, inertia.done,
                             inertia.final_position)
local DECAY = motion_class("kinetic.Decay", "friction_multiplier", "friction_multiplier",
                           decay.at, decay.done, decay.final_position)
local FOLLOWER = motion_class("kinetic.Follower", "max_acceleration", "max_acceleration",
                              follower.at, follower.done, follower.final_position,
                              follower_extra)
M.FRICTION, M.GRAVITY, M.BOUNCING, M.CLAMPING, M.INERTIA, M.DECAY, M.FOLLOWER =
  FRICTION, GRAVITY, BOUNCING, CLAMPING, INERTIA, DECAY, FOLLOWER

-- ---- the constructors -------------------------------------------------------------

-- kinetic.friction{ drag, position, velocity, constant_deceleration,
-- tolerance } -> a kinetic.Friction.
local function kinetic_friction(...)
  local t = check_options((...), select("#", ...), FRICTION_OPTIONS, "friction")
  local drag = required(t, "drag", "friction")
  if not (drag > 0 and drag < 1) then
    fieldrangeerror(1, "friction", "drag", "number in (0, 1)", drag)
  end
  local x0 = optfieldnum(t, "position", 1, "friction", 0.0)
  local v0 = optfieldnum(t, "velocity", 1, "friction", 0.0)
  local cd = optfieldnonneg(t, "constant_deceleration", 1, "friction", 0.0)
  local tol = optfieldnonneg(t, "tolerance", 1, "friction", 1e-3)
  return FRICTION.new(friction.init({}, drag, x0, v0, cd, tol))
end

-- kinetic.gravity{ acceleration, position, velocity, end_distance } -> a
-- kinetic.Gravity.
local function kinetic_gravity(...)
  local t = check_options((...), select("#", ...), GRAVITY_OPTIONS, "gravity")
  local a = required(t, "acceleration", "gravity")
  local x0 = optfieldnum(t, "position", 1, "gravity", 0.0)
  local v0 = optfieldnum(t, "velocity", 1, "gravity", 0.0)
  local e = optfieldnonneg(t, "end_distance", 1, "gravity", huge)
  return GRAVITY.new(gravity.init({}, a, x0, v0, e))
end

-- kinetic.follower{ max_acceleration, max_speed, position, velocity,
-- target } -> a kinetic.Follower.
local function kinetic_follower(...)
  local F = "follower"
  local t = check_options((...), select("#", ...), FOLLOWER_OPTIONS, F)
  local a = required(t, "max_acceleration", F)
  if not (a > 0) then fieldrangeerror(1, F, "max_acceleration", "positive number", a) end
  local vmax = huge
  local v = t.max_speed                  -- the one option that may be infinite
  if v ~= nil then
    if type(v) ~= "number" then fielderror(1, F, "max_speed", "number expected, got " .. typename(v)) end
    vmax = v / 1
    if not (vmax > 0) then fieldrangeerror(1, F, "max_speed", "positive number", vmax) end
  end
  local x0 = optfieldnum(t, "position", 1, F, 0.0)
  local v0 = optfieldnum(t, "velocity", 1, F, 0.0)
  local target = optfieldnum(t, "target", 1, F, 0.0)
  local f = {}
  if follower.init(f, a, vmax, x0, v0, target) then
    error("follower: the plan overflows (beyond +-1.8e308)", 0)
  end
  return FOLLOWER.new(f)
end

-- The four scroll and inertia constructors: position and velocity (default
-- 0), then the kind's own options.
local function constructor(fname, cls, known, reader)
  return function(...)
    local t = check_options((...), select("#", ...), known, fname)
    local x0 = optfieldnum(t, "position", 1, fname, 0.0)
    local v0 = optfieldnum(t, "velocity", 1, fname, 0.0)
    return cls.new(reader(t, 1, fname, x0, v0))
  end
end

function M.open(kinetic)
  kinetic.friction = kinetic_friction
  kinetic.gravity = kinetic_gravity
  kinetic.bouncing_scroll = constructor("bouncing_scroll", BOUNCING, BOUNCING_OPTIONS,
                                        read_bouncing)
  kinetic.clamping_scroll = constructor("clamping_scroll", CLAMPING, CLAMPING_OPTIONS,
                                        read_clamping)
  kinetic.inertia = constructor("inertia", INERTIA, INERTIA_OPTIONS, read_inertia)
  kinetic.decay = constructor("decay", DECAY, DECAY_OPTIONS, read_decay)
  kinetic.follower = kinetic_follower
end

return M
