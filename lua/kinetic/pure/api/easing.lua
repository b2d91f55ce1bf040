-- kinetic.pure.api.easing: csrc/lua/easing.c in Lua -- kinetic.easing,
-- bezier, steps, linear, accelerate, accelerate_decelerate, easings,
-- step_times, and the methods of kinetic.Easing / kinetic.Bezier (both hold
-- a kn_easing table, kinetic.pure.easing, as their state).
--
-- Errors name the API function ('eval', 'slope', 'bezier' ...) and count
-- arguments as the user writes them (e(p) and e:eval(p) both report p as
-- argument #1).  A missing argument is "no value", a nil one "nil", as C
-- tells them apart: the functions that can report either take `...`.
--
-- For the other parts:
--   M.toeasing(v) -> the kn_easing of an Easing/Bezier handle or of a spec
--     string (parsed once per spec, shared through the cache, as
--     lk_toeasing), and the handle; or nil and lk_toeasing's message.
--   M.pusheasing(e) -> a new handle (kinetic.Bezier for a cubic-bezier,
--     else kinetic.Easing) whose state is e itself: e must not change
--     afterwards.
--   M.easing_class, M.bezier_class: the two classes (util.class); M.states:
--     handle -> kn_easing for both.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local easing = require("kinetic.pure.easing")
local parse = require("kinetic.pure.easing_parse")
local bezier = require("kinetic.pure.bezier")
local steps = require("kinetic.pure.steps")
local step_times = require("kinetic.pure.step_times")

local type, select, rawget, rawset, error = type, select, rawget, rawset, error
local format, sub = string.format, string.sub
local floor = math.floor
local setmetatable = setmetatable
local rawlen = rawget(_G, "rawlen") or function(t) return #t end

local argerror, typename = util.argerror, util.typename
local cstr = names.cstr
local fmtnum = easing.fmtnum
local eval = easing.eval
local bezier_eval = bezier.eval
local E_BEZIER, E_PENNER = easing.E_BEZIER, easing.E_PENNER

local M = {}

local EASING, BEZIER = "kinetic.Easing", "kinetic.Bezier"

-- ---- errors and checks ---------------------------------------------------------

-- The type name of argument i of n given (v its value), "no value" past n.
local function argtype(i, n, v)
  if i > n then return "no value" end
  return typename(v)
end

local function expected_error(arg, fname, what, got)
  argerror(arg, fname, format("%s expected, got %s", what, got))
end

-- Argument i of n (value v) as a finite number (a float), reported as
-- argument arg of fname.
local function check_number(v, i, n, arg, fname)
  if type(v) ~= "number" then expected_error(arg, fname, "number", argtype(i, n, v)) end
  if v - v ~= 0 then expected_error(arg, fname, "finite number", typename(v)) end
  return v / 1
end

local function opt_number(v, i, n, arg, fname, def)
  if v == nil then return def end
  return check_number(v, i, n, arg, fname)
end

-- "calling 'fname' on bad self (tname expected, got X)"
local function bad_self(fname, tname, n, v)
  error(format("calling '%s' on bad self (%s expected, got %s)", fname, tname,
               argtype(1, n, v)), 0)
end

-- ---- objects ---------------------------------------------------------------------

local easing_methods, bezier_methods, meta = {}, {}, {}
local easing_class = util.class(EASING, easing_methods, meta)
local bezier_class = util.class(BEZIER, bezier_methods, meta)
M.easing_class, M.bezier_class = easing_class, bezier_class
local bezier_states = bezier_class.states

-- handle -> kn_easing, for both classes (nil for any other value): the
-- state each handle holds (util.class), looked up, never stored here.
local all = setmetatable({}, { __index = function(_, h)
  if type(h) ~= "table" then return nil end
  return rawget(h, easing_class) or rawget(h, bezier_class)
end })
M.states = all

-- A new handle for the easing e (lk_pusheasing; e is kept, not copied).
local function pusheasing(e)
  return (e.kind == E_BEZIER and bezier_class or easing_class).new(e)
end
M.pusheasing = pusheasing

-- Parse the string s into a new easing: its state and handle, or nil and
-- the message.  An easing with a CSS form keeps its source text, which
-- e:css("specified") parses again.
local function push_parsed(s)
  local cap = parse.maxpoints(s)
  if cap <= 16 then cap = 16 end
  local e = {}
  local ok, err = parse.parse(s, e, cap, nil, 256)
  if not ok then return nil, "easing spec expected, got '" .. cstr(s) .. "': " .. err end
  easing.keep_source(e, s)
  return e, pusheasing(e)
end

-- ---- the spec cache ----------------------------------------------------------------

-- Every spec string (kinetic.easing's and a timeline segment's) is parsed
-- once: a table maps the spec to the easing made from it, which is then
-- shared (an easing is immutable).  At most CACHE_MAX easings are kept: a
-- spec that finds the table full starts a fresh one.  Specs longer than
-- CACHE_SPEC_MAX bytes are not kept.
local CACHE_MAX, CACHE_SPEC_MAX = 256, 128
local cache, cache_count = {}, 0

-- The easing of the spec string s (its state and handle), from the cache
-- or parsed (and cached); or nil and the message.
local function push_spec(s)
  local h = cache[s]
  if h ~= nil then return all[h], h end
  local e, hm = push_parsed(s)
  if e ~= nil and #s <= CACHE_SPEC_MAX then
    if cache_count >= CACHE_MAX then cache = {}; cache_count = 0 end
    cache[s] = hm
    cache_count = cache_count + 1
  end
  return e, hm
end

-- The easing any other part accepts (lk_toeasing): an Easing/Bezier handle
-- or a spec string -> its kn_easing and the handle; else nil and the
-- message.
function M.toeasing(v)
  local e = all[v]
  if e ~= nil then return e, v end
  if type(v) == "string" then return push_spec(v) end
  return nil, "easing or easing spec string expected, got " .. typename(v)
end
local toeasing = M.toeasing

-- ---- constructors ----------------------------------------------------------------

local function kinetic_easing(...)
  local v = ...
  if all[v] ~= nil then return v end
  if type(v) ~= "string" then
    expected_error(1, "easing", "easing or easing spec string", argtype(1, select("#", ...), v))
  end
  local e, h = push_spec(v)
  if e == nil then argerror(1, "easing", h) end
  return h
end

local function kinetic_bezier(...)
  local n = select("#", ...)
  local a, b, c, d = ...
  local v = { check_number(a, 1, n, 1, "bezier"), check_number(b, 2, n, 2, "bezier"),
              check_number(c, 3, n, 3, "bezier"), check_number(d, 4, n, 4, "bezier") }
  local ok, bad, why = easing.check_bezier(v)
  if not ok then argerror(bad + 1, "bezier", why) end
  return pusheasing(easing.init_bezier({}, v[1], v[2], v[3], v[4]))
end

local function kinetic_steps(...)
  local count, pos = ...
  local x = check_number(count, 1, select("#", ...), 1, "steps")
  local p = steps.END
  if pos ~= nil then
    if type(pos) ~= "string" then expected_error(2, "steps", "step position string", typename(pos)) end
    p = names.find(steps.position_names, cstr(pos))
    if p < 0 then
      argerror(2, "steps", format("%s expected, got '%s'",
                                  names.text(steps.position_names, names.ONEOF), cstr(pos)))
    end
  end
  local ok, why = easing.check_steps(x, p)
  if not ok then argerror(1, "steps", why) end
  return pusheasing(easing.init_steps({}, floor(x), p))
end

local NAN = 0 / 0

-- kinetic.linear{ 0, {0.25, 0.75}, {0.5, 0.8, 0.9}, 1 }
local function kinetic_linear(...)
  local t = ...
  if type(t) ~= "table" then
    expected_error(1, "linear", "table of stops", argtype(1, select("#", ...), t))
  end
  local nstops = rawlen(t)
  if nstops < 2 then
    argerror(1, "linear", format("at least 2 stops expected, got %d", nstops))
  end
  local pts, n = {}, 0
  for i = 1, nstops do
    local v = rawget(t, i)
    local tv = type(v)
    if tv == "number" then
      if v - v ~= 0 then
        argerror(1, "linear", format("stop %d: finite number expected, got %s", i, typename(v)))
      end
      pts[2 * n + 1] = NAN; pts[2 * n + 2] = v / 1; n = n + 1
    elseif tv == "table" then
      local k = rawlen(v)
      if k < 2 or k > 3 then
        argerror(1, "linear", format("stop %d: {output, input [, input2]} expected, got a table "
                                     .. "of %d items", i, k))
      end
      for j = 1, k do
        local x = rawget(v, j)
        if type(x) ~= "number" or x - x ~= 0 then
          argerror(1, "linear", format("stop %d, item %d: finite number expected, got %s", i, j,
                                       typename(x)))
        end
      end
      local out = rawget(v, 1) / 1
      for j = 2, k do   -- inputs are fractions; stored in percent
        pts[2 * n + 1] = rawget(v, j) * 100.0; pts[2 * n + 2] = out; n = n + 1
      end
    else
      argerror(1, "linear", format("stop %d: number or {output, input} expected, got %s", i,
                                   typename(v)))
    end
  end
  local e = { points = pts }
  easing.init_linearfn(e, n)
  return pusheasing(e)
end

-- kinetic.accelerate([v0]) and kinetic.accelerate_decelerate([v0])
local function push_accel(kind, fname, n, v)
  local v0 = opt_number(v, 1, n, 1, fname, 0.0)
  local ok, why = easing.check_accel(v0)
  if not ok then argerror(1, fname, why) end
  return pusheasing(easing.init_accel({}, kind, v0))
end
local function kinetic_accelerate(...)
  return push_accel(easing.E_ACCEL, "accelerate", select("#", ...), (...))
end
local function kinetic_accelerate_decelerate(...)
  return push_accel(easing.E_ACCELDECEL, "accelerate_decelerate", select("#", ...), (...))
end

-- kinetic.step_times(easing, n [, duration]) -> {t_1, ..., t_n}
local function kinetic_step_times(...)
  local cnt = select("#", ...)
  local ez, count, dur = ...
  if all[ez] == nil and type(ez) ~= "string" then
    expected_error(1, "step_times", "easing or easing spec string", argtype(1, cnt, ez))
  end
  if type(count) ~= "number" then expected_error(2, "step_times", "number", argtype(2, cnt, count)) end
  local n = count / 1
  local ok, why = step_times.count(n)
  if not ok then argerror(2, "step_times", why) end
  local D = opt_number(dur, 3, cnt, 3, "step_times", 1.0)
  ok, why = step_times.duration(D)
  if not ok then argerror(3, "step_times", why) end
  local e, msg = toeasing(ez)
  if e == nil then argerror(1, "step_times", msg) end
  local out = {}
  if not step_times.step_times(e, floor(n), D, out) then
    argerror(1, "step_times", "easing changes direction too often: more than 4000000 monotone "
                              .. "pieces on [0, 1]")
  end
  return out
end

local function kinetic_easings()
  local t = {}
  local list = parse.names
  for i = 1, #list do t[i] = list[i] end
  return t
end

-- ---- methods -------------------------------------------------------------------------

-- p and the before flag of eval as arguments #1 and #2 (n: how many of
-- the two were given): p as a float and the flag as a boolean.
local function eval_args(n, p, before)
  if type(p) ~= "number" then expected_error(1, "eval", "number", argtype(1, n, p)) end
  if p - p ~= 0 then expected_error(1, "eval", "finite number", typename(p)) end
  if before ~= nil then
    if type(before) ~= "boolean" then
      expected_error(2, "eval", "boolean before flag", typename(before))
    end
    return p / 1, before
  end
  return p / 1, false
end

-- e(p [, before]): the common case (one finite number) first; anything
-- else through every check.  Lua calls __call only with a handle of
-- these classes as self.
function meta.__call(self, ...)
  local p, before = ...
  if before == nil and type(p) == "number" and p - p == 0 then
    local e = self[easing_class] or self[bezier_class]     -- the state (util.class)
    local kind = e.kind
    if kind == E_BEZIER then return bezier_eval(e.bezier, p / 1) end
    if kind == E_PENNER then local pn = e.penner; return pn.fn(pn, p / 1) end
    return eval(e, p / 1, false)
  end
  local e = all[self]
  if e == nil then bad_self("eval", EASING, 1, self) end
  return eval(e, eval_args(select("#", ...), p, before))
end

-- e:eval(p [, before])
local function method_eval(...)
  local self, p, before = ...
  local e = all[self]
  if e == nil then bad_self("eval", EASING, select("#", ...), self) end
  if before == nil and type(p) == "number" and p - p == 0 then
    return eval(e, p / 1, false)
  end
  return eval(e, eval_args(select("#", ...) - 1, p, before))
end

-- e:fn() -> f, a plain function with f(p [, before]) == e(p [, before]);
-- it holds the easing.
local function method_fn(...)
  local self = ...
  local e = all[self]
  if e == nil then bad_self("fn", EASING, select("#", ...), self) end
  if e.kind == E_BEZIER then
    local b = e.bezier
    return function(...)
      local p, before = ...
      if before == nil and type(p) == "number" and p - p == 0 then
        return bezier_eval(b, p / 1)
      end
      return eval(e, eval_args(select("#", ...), p, before))
    end
  end
  if e.kind == E_PENNER then
    local pn = e.penner
    local f = pn.fn
    return function(...)
      local p, before = ...
      if before == nil and type(p) == "number" and p - p == 0 then
        return f(pn, p / 1)
      end
      return eval(e, eval_args(select("#", ...), p, before))
    end
  end
  return function(...)
    local p, before = ...
    if before == nil and type(p) == "number" and p - p == 0 then
      return eval(e, p / 1, false)
    end
    return eval(e, eval_args(select("#", ...), p, before))
  end
end

-- e:sample(n [, out])
local function method_sample(...)
  local cnt = select("#", ...)
  local self, count, out = ...
  local e = all[self]
  if e == nil then bad_self("sample", EASING, cnt, self) end
  local n = check_number(count, 2, cnt, 1, "sample")
  if n ~= floor(n) or n < 1.0 or n > 1e8 then
    argerror(1, "sample", "integer >= 1 expected, got " .. fmtnum(n))
  end
  if out ~= nil then
    if type(out) ~= "table" then expected_error(2, "sample", "table", typename(out)) end
  else
    out = {}
  end
  local k = floor(n)
  for i = 0, k - 1 do rawset(out, i + 1, eval(e, i / k, false)) end
  rawset(out, k + 1, eval(e, 1.0, false))
  return out
end

function meta.__tostring(self)
  local e = all[self]
  if e == nil then bad_self("__tostring", EASING, 1, self) end
  return easing.tostring(e)
end

-- e:css([form]): form "computed" (default) or "specified".
local function method_css(...)
  local self, f = ...
  local e = all[self]
  if e == nil then bad_self("css", EASING, select("#", ...), self) end
  local form = 0
  if f ~= nil then
    if type(f) ~= "string" then expected_error(1, "css", "string", typename(f)) end
    local fs = cstr(f)
    if fs == "computed" then form = 0
    elseif fs == "specified" then form = 1
    else argerror(1, "css", "'computed' or 'specified' expected, got '" .. fs .. "'") end
  end
  if form == 1 and e.speclen > 0 then return parse.specified_text(e) end
  local s = easing.css(e)
  if s == nil then
    error("calling 'css' on an easing with no CSS form (" .. sub(easing.tostring(e), 1, 255)
          .. "): Penner's equations, accelerate, springs and functions have none", 0)
  end
  return s
end

function meta.__eq(a, b)
  local ea, eb = all[a], all[b]
  return ea ~= nil and eb ~= nil and easing.equal(ea, eb)
end

-- The Bezier of a handle of kinetic.Bezier at self, for the method fname.
local function check_bezier_self(fname, n, self)
  local e = bezier_states[self]
  if e == nil then bad_self(fname, BEZIER, n, self) end
  return e
end

local function method_slope(...)
  local cnt = select("#", ...)
  local self, p = ...
  local e = check_bezier_self("slope", cnt, self)
  return bezier.slope(e.bezier, check_number(p, 2, cnt, 1, "slope"))
end

local function method_inverse(...)
  local cnt = select("#", ...)
  local self, v = ...
  local e = check_bezier_self("inverse", cnt, self)
  local y = check_number(v, 2, cnt, 1, "inverse")
  if not bezier.monotone(e.bezier) then
    error("calling 'inverse' on bad self (curve with monotone y expected, got "
          .. sub(easing.tostring(e), 1, 255) .. ")", 0)
  end
  local t = bezier.inverse(e.bezier, y)
  if t == nil then
    argerror(1, "inverse", "value in the curve's range expected, got " .. fmtnum(y))
  end
  return t
end

local function method_control_points(...)
  local e = check_bezier_self("control_points", select("#", ...), (...))
  local b = e.bezier
  return b.x1, b.y1, b.x2, b.y2
end

-- ---- registration --------------------------------------------------------------------

easing_methods.eval, easing_methods.sample, easing_methods.fn, easing_methods.css =
  method_eval, method_sample, method_fn, method_css
bezier_methods.eval, bezier_methods.sample, bezier_methods.fn, bezier_methods.css =
  method_eval, method_sample, method_fn, method_css
bezier_methods.slope, bezier_methods.inverse, bezier_methods.control_points =
  method_slope, method_inverse, method_control_points
-- util.class copied meta when the classes were made: set the metamethods
-- on both metatables now (one function each, as Lua 5.1's __eq wants).
for _, cls in ipairs { easing_class, bezier_class } do
  cls.meta.__call, cls.meta.__tostring, cls.meta.__eq = meta.__call, meta.__tostring, meta.__eq
end

function M.open(kinetic)
  kinetic.easing = kinetic_easing
  kinetic.bezier = kinetic_bezier
  kinetic.steps = kinetic_steps
  kinetic.linear = kinetic_linear
  kinetic.accelerate = kinetic_accelerate
  kinetic.accelerate_decelerate = kinetic_accelerate_decelerate
  kinetic.easings = kinetic_easings
  kinetic.step_times = kinetic_step_times
end

return M
