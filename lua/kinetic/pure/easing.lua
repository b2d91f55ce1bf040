-- kinetic.pure.easing: the easing type (a tagged union over every kind),
-- its evaluation and its canonical text; csrc/core/easing.c in Lua.
--
-- A kn_easing is a table:
--   kind      the enum below (KN_E_LINEAR ...)
--   keyword   the enum kn_keyword (a Bezier made from ease, ease-in ...)
--   npoints   linear(): number of points
--   speclen   bytes of the source text kept in `spec` (0: none)
--   spec      the source text of a parsed easing with a CSS form, or nil
-- and one member of C's union u, by kind:
--   bezier    a kn_bezier (bezier.lua)
--   steps     a kn_steps {n, position} (steps.lua)
--   penner    a kn_penner (penner.lua)
--   v0        accelerate / accelerate-decelerate
--   callback  {fn = f, ctx = x}: fn(ctx, p) gives the output
--   spring    a kn_spring_curve (spring_easing.lua)
-- and `points`, the linear() points as linearfn.lua stores them (C's
-- points[j] at points[j + 1]).  An easing handed out is never changed.
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local bezier = require("kinetic.pure.bezier")
local steps = require("kinetic.pure.steps")
local penner = require("kinetic.pure.penner")
local linearfn = require("kinetic.pure.linearfn")
local accel = require("kinetic.pure.accel")
local names = require("kinetic.pure.names")

local format, find, gsub, sub = string.format, string.find, string.gsub, string.sub
local abs, sqrt = math.abs, math.sqrt
local tonumber, concat, require = tonumber, table.concat, require

local M = {}

-- enum kn_easing_kind
local E_LINEAR, E_BEZIER, E_STEPS, E_LINEARFN, E_PENNER, E_ACCEL, E_ACCELDECEL,
      E_CALLBACK, E_SPRING = 0, 1, 2, 3, 4, 5, 6, 7, 8
M.E_LINEAR, M.E_BEZIER, M.E_STEPS, M.E_LINEARFN, M.E_PENNER, M.E_ACCEL, M.E_ACCELDECEL,
  M.E_CALLBACK, M.E_SPRING = E_LINEAR, E_BEZIER, E_STEPS, E_LINEARFN, E_PENNER, E_ACCEL,
  E_ACCELDECEL, E_CALLBACK, E_SPRING

-- enum kn_keyword
local KW_NONE, KW_EASE, KW_EASE_IN, KW_EASE_OUT, KW_EASE_IN_OUT = 0, 1, 2, 3, 4
M.KW_NONE, M.KW_EASE, M.KW_EASE_IN, M.KW_EASE_OUT, M.KW_EASE_IN_OUT =
  KW_NONE, KW_EASE, KW_EASE_IN, KW_EASE_OUT, KW_EASE_IN_OUT

M.BEZIER_YMAX = 1e300   -- KN_BEZIER_YMAX

local bezier_eval, steps_eval = bezier.eval, steps.eval
local linearfn_eval, accel1_eval, accel2_eval = linearfn.eval, accel.accel1_eval, accel.accel2_eval

-- spring_easing.lua is loaded when a spring's easing is first met (it is
-- the spring part's, and may itself load this file).
local spring_easing
local function springs()
  if spring_easing == nil then spring_easing = require("kinetic.pure.spring_easing") end
  return spring_easing
end

-- Output progress at input progress p; before_flag (a boolean) only
-- matters for steps().  Any finite p.
local function eval(e, p, before_flag)
  local kind = e.kind
  if kind == E_BEZIER then return bezier_eval(e.bezier, p)
  elseif kind == E_PENNER then local pn = e.penner; return pn.fn(pn, p)
  elseif kind == E_STEPS then return steps_eval(e.steps, p, before_flag)
  elseif kind == E_LINEARFN then return linearfn_eval(e.points, e.npoints, p)
  elseif kind == E_ACCEL then return accel1_eval(e.v0, p)
  elseif kind == E_ACCELDECEL then return accel2_eval(e.v0, p)
  elseif kind == E_CALLBACK then local c = e.callback; return c.fn(c.ctx, p)
  elseif kind == E_SPRING then return springs().curve_eval(e.spring, p)
  end
  return p
end
M.eval = eval

function M.next_break(e, p)
  local kind = e.kind
  if kind == E_BEZIER then return bezier.next_break(e.bezier, p)
  elseif kind == E_LINEARFN then return linearfn.next_break(e.points, e.npoints, p)
  elseif kind == E_PENNER then return penner.next_break(e.penner, p)
  elseif kind == E_ACCEL then return accel.next_break(1, e.v0, p)
  elseif kind == E_ACCELDECEL then return accel.next_break(2, e.v0, p)
  elseif kind == E_SPRING then
    local b = springs().curve_next_zero(e.spring, 1, p)
    return b < 1.0 and b or 1.0
  end
  return 1.0
end

function M.max_breaks(e)
  local kind = e.kind
  if kind == E_PENNER then
    if e.penner.family == penner.ELASTIC then return 4.0 / e.penner.b + 16.0 end
    return 16.0
  elseif kind == E_LINEARFN then
    return e.npoints + 16.0
  elseif kind == E_SPRING then
    local c = e.spring
    if c.model.disc >= 0.0 then return 16.0 end
    return 2.0 * (sqrt(-c.model.disc) * c.duration / 3.141592653589793 + 2.0) + 16.0
  end
  return 16.0
end

-- out[i + 1] = eval(i/n) for i = 0..n (n + 1 values, last at p = 1).
function M.sample(e, n, out)
  for i = 0, n - 1 do out[i + 1] = eval(e, i / n, false) end
  out[n + 1] = eval(e, 1.0, false)
  return out
end

local function clear(e, kind)
  e.kind = kind
  e.keyword = KW_NONE
  e.npoints = 0
  e.speclen = 0
  e.spec = nil
  e.bezier, e.steps, e.penner, e.v0, e.callback, e.spring = nil, nil, nil, nil, nil, nil
  return e
end

-- Initializers: each (re)sets e, a table, and returns it (parameters
-- already validated by the caller).
function M.init_linear(e) return clear(e, E_LINEAR) end

function M.init_bezier(e, x1, y1, x2, y2)
  clear(e, E_BEZIER)
  e.bezier = bezier.init({}, x1, y1, x2, y2)
  return e
end
local init_bezier = M.init_bezier

local keyword_cp = {
  { 0, 0, 1, 1 }, { 0.25, 0.1, 0.25, 1 }, { 0.42, 0, 1, 1 }, { 0, 0, 0.58, 1 },
  { 0.42, 0, 0.58, 1 }
}

function M.init_keyword(e, keyword)
  local cp = keyword_cp[keyword + 1]
  init_bezier(e, cp[1] / 1, cp[2] / 1, cp[3] / 1, cp[4] / 1)
  e.keyword = keyword
  return e
end

function M.init_steps(e, n, position)
  clear(e, E_STEPS)
  e.steps = { n = n, position = position }
  return e
end

function M.init_penner(e, family, mode)
  clear(e, E_PENNER)
  e.penner = penner.init({}, family, mode)
  return e
end

-- kind: E_ACCEL or E_ACCELDECEL
function M.init_accel(e, kind, v0)
  clear(e, kind)
  e.v0 = v0
  return e
end

-- ---- the constructors' checks ----------------------------------------------------

local fmtnum

-- cubic-bezier from v = {x1, y1, x2, y2}: true, or false, the index in v
-- (0-based) of the first that fails and the reason.
function M.check_bezier(v)
  for i = 0, 2, 2 do
    local x = v[i + 1]
    if x < 0.0 or x > 1.0 then
      return false, i, format("x%d in [0, 1] expected, got %s", i / 2 + 1, fmtnum(x))
    end
  end
  for i = 1, 3, 2 do
    local y = v[i + 1]
    if not (abs(y) <= M.BEZIER_YMAX) then
      return false, i, format("y%d in [-1e300, 1e300] expected, got %s", (i - 1) / 2 + 1,
                              fmtnum(y))
    end
  end
  return true
end

-- steps: true, or false and the reason.
function M.check_steps(n, position)
  local floor = math.floor
  if n == floor(n) and n >= (position == steps.JUMP_NONE and 2.0 or 1.0) and
     n <= 2147483646.0 then
    return true
  end
  return false, format("integer %s expected, got %s",
                       position == steps.JUMP_NONE and ">= 2 (jump-none)" or ">= 1", fmtnum(n))
end

-- accelerate: true, or false and the reason.
function M.check_accel(v0)
  if abs(v0) <= accel.V0MAX then return true end
  return false, format("v0 in [-1e300, 1e300] expected, got %s", fmtnum(v0))
end

-- fn(ctx, p) for every p (steps' before flag does not reach it).
function M.init_callback(e, fn, ctx)
  clear(e, E_CALLBACK)
  e.callback = { fn = fn, ctx = ctx }
  return e
end

-- c: a kn_spring_curve (kept, not copied).
function M.init_spring(e, c)
  clear(e, E_SPRING)
  e.spring = c
  return e
end

-- linear(): e.points holds npoints pairs {input % or NaN, output}.
function M.init_linearfn(e, npoints)
  local pts = e.points
  clear(e, E_LINEARFN)
  e.points = pts
  e.npoints = npoints
  linearfn.normalize(pts, npoints)
  return e
end

-- ---- text --------------------------------------------------------------------

-- string.format as C's printf writes it (LuaJIT rounds decimal ties
-- otherwise: names.cformat).
local cformat = names.cformat
local gfmt = { [14] = "%.14g", [15] = "%.15g", [16] = "%.16g", [17] = "%.17g" }
local function format_g(prec, x) return cformat(gfmt[prec] or ("%." .. prec .. "g"), x) end
M.format_g = format_g
local function format_f6(x) return cformat("%.6f", x) end

-- Shortest of %.15g, %.16g, %.17g that reads back as the same double,
-- with '.' as the decimal point (kn_fmtnum).
function fmtnum(x)
  if x == 0 then return 1 / x < 0 and "-0" or "0" end
  local s = format_g(15, x)
  if tonumber(s) ~= x then
    s = format_g(16, x)
    if tonumber(s) ~= x then s = format_g(17, x) end
  end
  if find(s, ",", 1, true) then s = gsub(s, ",", ".") end
  return s
end
M.fmtnum = fmtnum

-- A number as CSSOM serializes it: at most 6 decimals, no trailing zeros,
-- no "-0"; from 1e21 up in fmtnum's form (kn_css_fmtnum).
local function css_fmtnum(x)
  if abs(x) >= 1e21 then return fmtnum(x) end
  local s = format_f6(x)
  if find(s, ",", 1, true) then s = gsub(s, ",", ".") end
  local n = #s
  while n > 0 and sub(s, n, n) == "0" do n = n - 1 end
  if n > 0 and sub(s, n, n) == "." then n = n - 1 end
  s = sub(s, 1, n)
  if s == "-0" then s = "0" end
  return s
end
M.css_fmtnum = css_fmtnum

local kw_names = { [KW_EASE] = "ease", [KW_EASE_IN] = "ease-in", [KW_EASE_OUT] = "ease-out",
                   [KW_EASE_IN_OUT] = "ease-in-out" }

-- The points of a linear() as "out in%, ..." with the number writer num.
local function points_text(e, num)
  local o, pts = {}, e.points
  for i = 0, e.npoints - 1 do
    o[i + 1] = num(pts[2 * i + 2]) .. " " .. num(pts[2 * i + 1]) .. "%"
  end
  return "linear(" .. concat(o, ", ") .. ")"
end

local function steps_text(e, first)
  local st = e.steps
  local s = first
  if st.position ~= steps.JUMP_END and st.position ~= steps.END then
    s = s .. ", " .. steps.position_name(st.position)
  end
  return s .. ")"
end

-- Canonical text (kn_easing_tostring): the whole of it.
function M.tostring(e)
  local kind = e.kind
  if kind == E_BEZIER then
    if e.keyword ~= KW_NONE then return kw_names[e.keyword] end
    local b = e.bezier
    return "cubic-bezier(" .. fmtnum(b.x1) .. ", " .. fmtnum(b.y1) .. ", " .. fmtnum(b.x2)
           .. ", " .. fmtnum(b.y2) .. ")"
  elseif kind == E_STEPS then
    return steps_text(e, format("steps(%d", e.steps.n))
  elseif kind == E_LINEARFN then
    return points_text(e, fmtnum)
  elseif kind == E_PENNER then
    local pn = e.penner
    local s = penner.name(pn)
    if pn.family == penner.BACK or pn.family == penner.ELASTIC then
      s = s .. "(" .. fmtnum(pn.a)
      if pn.family == penner.ELASTIC then s = s .. ", " .. fmtnum(pn.b) end
      s = s .. ")"
    end
    return s
  elseif kind == E_ACCEL or kind == E_ACCELDECEL then
    return (kind == E_ACCEL and "accelerate(" or "accelerate-decelerate(") .. fmtnum(e.v0) .. ")"
  elseif kind == E_CALLBACK then        -- no text reads back as a caller's function
    return "function"
  elseif kind == E_SPRING then          -- a description; no spec string makes one
    local c = e.spring
    return "spring(mass " .. fmtnum(c.model.mass) .. ", stiffness " .. fmtnum(c.model.stiffness)
           .. ", damping " .. fmtnum(c.model.damping) .. ", velocity " .. fmtnum(c.w)
           .. ", duration " .. fmtnum(c.duration) .. ")"
  end
  return "linear"
end

-- The computed-value serialization browsers give for an easing with a CSS
-- form (kn_easing_css), or nil for one with none.
local function css(e)
  local kind = e.kind
  if kind == E_LINEAR then return "linear"
  elseif kind == E_BEZIER then
    if e.keyword ~= KW_NONE then return kw_names[e.keyword] end
    local b = e.bezier
    return "cubic-bezier(" .. css_fmtnum(b.x1) .. ", " .. css_fmtnum(b.y1) .. ", "
           .. css_fmtnum(b.x2) .. ", " .. css_fmtnum(b.y2) .. ")"
  elseif kind == E_STEPS then
    return steps_text(e, "steps(" .. css_fmtnum(e.steps.n / 1))
  elseif kind == E_LINEARFN then
    return points_text(e, css_fmtnum)
  end
  return nil
end
M.css = css

-- A parsed easing keeps its source text s when it has a CSS form
-- (kn_easing_keep_source and kn_easing_store in one).
function M.keep_source(e, s)
  if css(e) ~= nil then
    e.speclen = #s
    e.spec = s
  else
    e.speclen = 0
    e.spec = nil
  end
  return e
end

-- Whether a and b describe the same function (a keyword equals its
-- cubic-bezier()).
function M.equal(a, b)
  if a.kind ~= b.kind then return false end
  local kind = a.kind
  if kind == E_BEZIER then
    local p, q = a.bezier, b.bezier
    return p.x1 == q.x1 and p.y1 == q.y1 and p.x2 == q.x2 and p.y2 == q.y2
  elseif kind == E_STEPS then
    -- start == jump-start and end == jump-end in behaviour
    local pa, pb = a.steps.position, b.steps.position
    if pa == steps.START then pa = steps.JUMP_START end
    if pa == steps.END then pa = steps.JUMP_END end
    if pb == steps.START then pb = steps.JUMP_START end
    if pb == steps.END then pb = steps.JUMP_END end
    return a.steps.n == b.steps.n and pa == pb
  elseif kind == E_LINEARFN then
    if a.npoints ~= b.npoints then return false end
    local p, q = a.points, b.points
    for i = 1, 2 * a.npoints do
      if p[i] ~= q[i] then return false end
    end
    return true
  elseif kind == E_PENNER then
    local p, q = a.penner, b.penner
    return p.family == q.family and p.mode == q.mode and p.a == q.a and p.b == q.b
  elseif kind == E_ACCEL or kind == E_ACCELDECEL then
    return a.v0 == b.v0
  elseif kind == E_CALLBACK then
    return a.callback.fn == b.callback.fn and a.callback.ctx == b.callback.ctx
  elseif kind == E_SPRING then
    local p, q = a.spring, b.spring
    return p.model.mass == q.model.mass and p.model.stiffness == q.model.stiffness and
           p.model.damping == q.model.damping and p.w == q.w and p.duration == q.duration
  end
  return true
end

return M
