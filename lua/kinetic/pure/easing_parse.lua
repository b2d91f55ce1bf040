-- kinetic.pure.easing_parse: the parser behind kinetic.easing(spec);
-- csrc/core/easing_parse.c in Lua, the same messages byte for byte.
--
-- CSS <easing-function> values as the browser engines parse them (CSS
-- Easing 2 on the tokens of CSS Syntax 3, math functions over numbers and
-- percentages), checked against the Web Platform Tests.  A literal out of
-- range is an error; a math function out of range is clamped at
-- computed-value time (cubic-bezier x into [0, 1], a steps() count rounded
-- halves up and raised to 1 (2 for jump-none), NaN to 0; a NaN count is an
-- error).  Kinetic's own names are extensions: Penner's equations in
-- camelCase (case-sensitive), kebab-case (any case), flux's and
-- hump.timer's spellings, accelerate().
--
-- Besides the easing the parser writes the value's specified
-- serialization (keywords in lowercase, numbers with at most 6 decimals, a
-- math function as calc(<its value>), step-start as steps(1, start), an end
-- position left out, a linear() stop list as written).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local tok = require("kinetic.pure.css_token")
local calc = require("kinetic.pure.css_calc")
local easing = require("kinetic.pure.easing")
local steps = require("kinetic.pure.steps")
local penner = require("kinetic.pure.penner")
local accel = require("kinetic.pure.accel")

local format, byte, sub, find = string.format, string.byte, string.sub, string.find
local concat = table.concat
local abs, floor = math.abs, math.floor

local next_token, name_is, excerpt = tok.next, tok.name_is, tok.excerpt
local is_math, needs_document = calc.is_math, calc.needs_document
local fmtnum, css_fmtnum = easing.fmtnum, easing.css_fmtnum

local TK_EOF, TK_WS, TK_IDENT, TK_FUNCTION, TK_NUMBER, TK_PERCENTAGE, TK_DIMENSION,
      TK_COMMA, TK_RPAREN =
  tok.TK_EOF, tok.TK_WS, tok.TK_IDENT, tok.TK_FUNCTION, tok.TK_NUMBER, tok.TK_PERCENTAGE,
  tok.TK_DIMENSION, tok.TK_COMMA, tok.TK_RPAREN
local CALC_NUMBER, CALC_PERCENTAGE = calc.CALC_NUMBER, calc.CALC_PERCENTAGE

local M = {}

-- The largest magnitude a math function gives where the context has no
-- bound of its own (CALC_MAX = KN_BEZIER_YMAX).
local CALC_MAX = easing.BEZIER_YMAX
local INT_MAX = 2147483647

local NAN = 0 / 0

-- The parser state P: lx, err (the message of a failure), errcap, sp (the
-- specified text being written, or nil: {n = pieces, [i] = piece}),
-- nan_seen.  An arg (one argument: a literal or a math function) is a
-- table: x, type (CALC_*), is_int, calc, start, stop.  Every parsing
-- function returns a value, or nil with p.err set.

local function fail(p, fmt, ...)
  p.err = tok.error(p.errcap, fmt, ...)
  return nil
end

-- a == b ignoring ASCII case.
local function eq_ci(a, b)
  local n = #a
  if #b ~= n then return false end
  for i = 1, n do
    local x, y = byte(a, i), byte(b, i)
    if x >= 65 and x <= 90 then x = x + 32 end
    if y >= 65 and y <= 90 then y = y + 32 end
    if x ~= y then return false end
  end
  return true
end

-- ---- the specified text --------------------------------------------------------

local function sp_put(p, s)
  local t = p.sp
  if t == nil then return end
  t.n = t.n + 1
  t[t.n] = s
end

local function sp_arg(p, a)
  if p.sp == nil then return end
  if a.calc then sp_put(p, "calc(") end
  local x = a.x
  if x ~= x then sp_put(p, "NaN")
  elseif x == math.huge or x == -math.huge then sp_put(p, x > 0 and "infinity" or "-infinity")
  else sp_put(p, css_fmtnum(x)) end
  if a.type == CALC_PERCENTAGE then sp_put(p, "%") end
  if a.calc then sp_put(p, ")") end
end

-- ---- tokens and arguments ---------------------------------------------------

-- The next token that is not whitespace.
local function next_tok(p)
  local tk = next_token(p.lx)
  if tk.type == TK_WS then tk = next_token(p.lx) end
  return tk
end

-- The type of the next non-whitespace token, without reading it.
local function peek_tok(p)
  local save = p.lx.s
  local t = next_tok(p).type
  p.lx.s = save
  return t
end

-- What argument `index` of fname() is, for messages: "number (argument 2
-- of cubic-bezier())"; `what` itself when fname is nil.
local function arg_name(what, fname, index)
  if fname == nil then return what end
  return sub(format("%s (argument %d of %s())", what, index, fname), 1, 63)
end

-- A number or percentage argument: a literal or a math function.
local function read_arg(p, what_, fname, index)
  local lx = p.lx
  local tk = next_tok(p)
  local a = { start = tk.start, calc = false, is_int = tk.is_integer }
  if tk.type == TK_NUMBER or tk.type == TK_PERCENTAGE then
    if tk.too_long then
      return fail(p, "number too long at '%s'", excerpt(lx.src, tk.start, lx.e))
    end
    local v = tk.value
    if not (v - v == 0) then
      return fail(p, "finite number expected, got '%s'", excerpt(lx.src, tk.start, tk.stop))
    end
    a.x = v
    a.type = tk.type == TK_NUMBER and CALC_NUMBER or CALC_PERCENTAGE
  elseif is_math(tk) then
    local x, t = calc.math(lx, tk, p.errcap)
    if x == nil then p.err = t; return nil end
    a.x, a.type = x, t
    a.calc = true
    a.is_int = false
    if x ~= x then p.nan_seen = true end
  else
    local why = needs_document(tk)
    if why ~= nil then return fail(p, "%s", why) end
    local what = arg_name(what_, fname, index)
    if tk.type == TK_DIMENSION then
      return fail(p, "%s expected, got '%s' (values with units need a document)", what,
                  excerpt(lx.src, tk.start, tk.stop))
    end
    if tk.type == TK_EOF then return fail(p, "%s expected at the end of the spec", what) end
    return fail(p, "%s expected at '%s'", what, excerpt(lx.src, tk.start, lx.e))
  end
  a.stop = lx.s
  return a
end

-- An argument where the context is unbounded: a literal as written; a
-- math function with NaN as 0 and the infinities as the largest magnitude.
local function calc_unbounded(a)
  local x = a.x
  if not a.calc then return x end
  if x ~= x then return 0.0 end
  if x > CALC_MAX then return CALC_MAX end
  if x < -CALC_MAX then return -CALC_MAX end
  return x
end

-- After an argument: ',' (1) or ')' (2); nil on error.
local function sep(p, fname)
  local tk = next_tok(p)
  if tk.type == TK_COMMA then return 1 end
  if tk.type == TK_RPAREN then return 2 end
  if tk.type == TK_EOF then return fail(p, "missing ')' after %s(", fname) end
  return fail(p, "',' or ')' expected in %s() at '%s'", fname,
              excerpt(p.lx.src, tk.start, p.lx.e))
end

-- Up to max number arguments "a, b, c)"; at least min.  Returns the array
-- of args and its count.
local function num_list(p, fname, min, max)
  local v, k = {}, 0
  while true do
    if k == max then
      return fail(p, "%s() takes at most %d argument%s", fname, max, max == 1 and "" or "s")
    end
    local a = read_arg(p, "number", fname, k + 1)
    if a == nil then return nil end
    if a.type ~= CALC_NUMBER then
      return fail(p, "%s expected, got '%s'", arg_name("number", fname, k + 1),
                  excerpt(p.lx.src, a.start, a.stop))
    end
    k = k + 1
    v[k] = a
    local r = sep(p, fname)
    if r == nil then return nil end
    if r == 2 then break end
  end
  if k < min then return fail(p, "%s() needs %d numbers, got %d", fname, min, k) end
  return v, k
end

-- ---- CSS functions ----------------------------------------------------------------

-- An x of cubic-bezier(): a literal must lie in [0, 1], a math function is
-- clamped into it.
local function bezier_x(p, a, name)
  local x = a.x
  if a.calc then
    if x ~= x then return 0.0 end
    return x < 0.0 and 0.0 or (x > 1.0 and 1.0 or x)
  end
  if x < 0.0 or x > 1.0 then
    return fail(p, "cubic-bezier() %s must lie in [0, 1], got %s", name, fmtnum(x))
  end
  return x
end

local function bezier_y(p, a)
  if a.calc then return calc_unbounded(a) end
  if not (abs(a.x) <= easing.BEZIER_YMAX) then
    return fail(p, "cubic-bezier() y1 and y2 must lie in [-1e300, 1e300], got %s", fmtnum(a.x))
  end
  return a.x
end

local function parse_bezier(p, e)
  local v = num_list(p, "cubic-bezier", 4, 4)
  if v == nil then return nil end
  local x1 = bezier_x(p, v[1], "x1"); if x1 == nil then return nil end
  local y1 = bezier_y(p, v[2]); if y1 == nil then return nil end
  local x2 = bezier_x(p, v[3], "x2"); if x2 == nil then return nil end
  local y2 = bezier_y(p, v[4]); if y2 == nil then return nil end
  sp_put(p, "cubic-bezier(")
  for i = 1, 4 do
    if i > 1 then sp_put(p, ", ") end
    sp_arg(p, v[i])
  end
  sp_put(p, ")")
  easing.init_bezier(e, x1, y1, x2, y2)
  return true
end

local function position_of(tk)
  if tk.type ~= TK_IDENT then return -1 end
  for i = steps.JUMP_START, steps.END do
    if name_is(tk, steps.position_name(i)) then return i end
  end
  return -1
end

-- The step count: a literal integer >= min; a math function rounded to the
-- nearest integer (halves up) and raised to min.
local function step_count(p, a, min)
  local x = a.x
  if a.type ~= CALC_NUMBER then
    return fail(p, "steps() count must be an integer, got '%s'", excerpt(p.lx.src, a.start, a.stop))
  end
  if a.calc then
    if x ~= x then return fail(p, "steps() count is NaN") end
    x = floor(x + 0.5)
    if x < min then x = min end
  else
    if not a.is_int then
      return fail(p, "steps() count must be an integer, got '%s'",
                  excerpt(p.lx.src, a.start, a.stop))
    end
    if not (x >= min) then
      return fail(p, "steps() count must be an integer >= %d%s, got %s", min,
                  min == 2 and " for jump-none" or "", fmtnum(x))
    end
  end
  if x > INT_MAX - 1 then
    return fail(p, "steps() count must be at most %d, got %s", INT_MAX - 1, fmtnum(x / 1))
  end
  return floor(x)
end

local function parse_steps(p, e)
  local pos = steps.END
  local a = read_arg(p, "integer step count", nil, 0)
  if a == nil then return nil end
  local r = sep(p, "steps")
  if r == nil then return nil end
  if r == 1 then
    local tk = next_tok(p)
    pos = position_of(tk)
    if pos < 0 then
      return fail(p, "steps() position must be one of jump-start, jump-end, jump-none, "
                     .. "jump-both, start, end; got '%s'", excerpt(p.lx.src, tk.start, p.lx.e))
    end
    tk = next_tok(p)
    if tk.type ~= TK_RPAREN then
      if tk.type == TK_EOF then return fail(p, "missing ')' after steps(") end
      return fail(p, "')' expected after the steps() position, got '%s'",
                  excerpt(p.lx.src, tk.start, p.lx.e))
    end
  end
  local n = step_count(p, a, pos == steps.JUMP_NONE and 2 or 1)
  if n == nil then return nil end
  sp_put(p, "steps(")
  sp_arg(p, a)
  if pos ~= steps.END and pos ~= steps.JUMP_END then
    sp_put(p, ", ")
    sp_put(p, steps.position_name(pos))
  end
  sp_put(p, ")")
  easing.init_steps(e, n, pos)
  return true
end

-- One stop of linear(): <number> <percentage>{0,2}, the output first.
-- Appends its points to pts (count in n); returns the new count.
local function linear_stop(p, pts, cap, n, first)
  local lx = p.lx
  local v = {}
  local k = 1
  v[1] = read_arg(p, "linear() stop (a number)", nil, 0)
  if v[1] == nil then return nil end
  if v[1].type ~= CALC_NUMBER then
    return fail(p, "linear() stop without an output number first: '%s'",
                excerpt(lx.src, v[1].start, lx.e))
  end
  while k < 4 do
    local t = peek_tok(p)
    if t == TK_COMMA or t == TK_RPAREN or t == TK_EOF then break end
    if k == 3 then
      return fail(p, "linear() stop with too many values: '%s'", excerpt(lx.src, v[1].start, lx.e))
    end
    local a = read_arg(p, "percentage in linear()", nil, 0)
    if a == nil then return nil end
    v[k + 1] = a
    if a.type ~= CALC_PERCENTAGE then
      return fail(p, "linear() stop with two outputs: '%s'", excerpt(lx.src, v[1].start, a.stop))
    end
    k = k + 1
  end
  if n + (k == 1 and 1 or k - 1) > cap then return fail(p, "linear(): too many stops") end
  if not first then sp_put(p, ", ") end
  for i = 1, k do
    if i > 1 then sp_put(p, " ") end
    sp_arg(p, v[i])
  end
  if k == 1 then
    pts[2 * n + 1] = NAN; pts[2 * n + 2] = calc_unbounded(v[1]); n = n + 1
  end
  for i = 2, k do
    pts[2 * n + 1] = calc_unbounded(v[i]); pts[2 * n + 2] = calc_unbounded(v[1])
    n = n + 1
  end
  return n
end

local function parse_linear(p, e, cap)
  local n, nstops = 0, 0
  local mark = p.sp and p.sp.n or 0
  local pts = {}
  if peek_tok(p) == TK_RPAREN then return fail(p, "linear() needs at least 2 stops, got 0") end
  sp_put(p, "linear(")
  while true do
    n = linear_stop(p, pts, cap, n, nstops == 0)
    if n == nil then return nil end
    nstops = nstops + 1
    local r = sep(p, "linear")
    if r == nil then return nil end
    if r == 2 then break end
  end
  if nstops < 2 then return fail(p, "linear() needs at least 2 stops, got %d", nstops) end
  sp_put(p, ")")
  e.points = pts
  easing.init_linearfn(e, n)
  -- a NaN stop is specified as the computed list (the browsers' form)
  if p.nan_seen and p.sp ~= nil then
    p.sp.n = mark
    sp_put(p, easing.css(e))
  end
  return true
end

-- ---- names ---------------------------------------------------------------------

-- family of an alias that names linear (hump.timer's in-linear ...)
local LINEAR_ALIAS = penner.FAMILIES

-- The other spellings of Penner's equations and of linear, in C's order:
-- each names one of kinetic's own functions, with Penner's constants.
-- Spellings with a '-' match in any ASCII case, the one-word names of flux
-- and hump.timer exactly.
local aliases = {}   -- { name, family, mode, kebab }
do
  local P = penner
  local function add(name, family, mode)
    aliases[#aliases + 1] = { name = name, family = family, mode = mode,
                              dash = find(name, "-", 1, true) ~= nil }
  end
  local function kebab(f, F)
    add("in-" .. f, F, P.IN); add("out-" .. f, F, P.OUT)
    add("in-out-" .. f, F, P.INOUT); add("out-in-" .. f, F, P.OUTIN)
  end
  local function flux(f, F)
    add(f .. "in", F, P.IN); add(f .. "out", F, P.OUT); add(f .. "inout", F, P.INOUT)
  end
  kebab("quad", P.QUAD); kebab("cubic", P.CUBIC); kebab("quart", P.QUART)
  kebab("quint", P.QUINT); kebab("sine", P.SINE); kebab("expo", P.EXPO)
  kebab("circ", P.CIRC); kebab("back", P.BACK); kebab("elastic", P.ELASTIC)
  kebab("bounce", P.BOUNCE); kebab("linear", LINEAR_ALIAS)
  add("quad", P.QUAD, P.IN); add("cubic", P.CUBIC, P.IN); add("quart", P.QUART, P.IN)
  add("quint", P.QUINT, P.IN); add("sine", P.SINE, P.IN); add("expo", P.EXPO, P.IN)
  add("circ", P.CIRC, P.IN); add("back", P.BACK, P.IN); add("elastic", P.ELASTIC, P.IN)
  add("bounce", P.BOUNCE, P.IN)
  flux("quad", P.QUAD); flux("cubic", P.CUBIC); flux("quart", P.QUART)
  flux("quint", P.QUINT); flux("expo", P.EXPO); flux("sine", P.SINE)
  flux("circ", P.CIRC); flux("back", P.BACK); flux("elastic", P.ELASTIC)
end

-- The names kinetic's own functions go by (tostring gives these), then the
-- aliases: kn_easing_name(i) is names[i + 1].
local names = { "linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end" }
for f = 0, penner.FAMILIES - 1 do
  for m = 0, penner.MODES - 1 do
    names[#names + 1] = penner.mode_name(m) .. penner.family_name(f)
  end
end
names[#names + 1] = "accelerate"
names[#names + 1] = "accelerate-decelerate"
for i = 1, #aliases do names[#names + 1] = aliases[i].name end
M.names = names

-- The i-th accepted easing name (0-based), nil past the end.
function M.name(i) return names[i + 1] end

-- camelCase: mode name + family name -> family, mode
local camel = {}
for f = 0, penner.FAMILIES - 1 do
  for m = 0, penner.MODES - 1 do
    camel[penner.mode_name(m) .. penner.family_name(f)] = { f, m }
  end
end

-- A camelCase Penner name or an alias: family, mode; nil for none.
-- family is LINEAR_ALIAS for an alias of linear.
local function penner_name(s)
  local c = camel[s]
  if c then return c[1], c[2] end
  for i = 1, #aliases do
    local a = aliases[i]
    if a.dash then
      if eq_ci(s, a.name) then return a.family, a.mode end
    elseif s == a.name then
      return a.family, a.mode
    end
  end
  return nil
end

local function parse_penner_args(p, e, name)
  local pn = e.penner
  local np = penner.nparams(pn.family)
  if np == 0 then return fail(p, "%s takes no parameters", name) end
  local v, k = num_list(p, name, 1, np)
  if v == nil then return nil end
  local a = calc_unbounded(v[1])
  local b = k > 1 and calc_unbounded(v[2]) or pn.b
  if pn.family == penner.ELASTIC and k > 1 and not (b > 0.0) then
    return fail(p, "%s() period must be > 0, got %s", name, fmtnum(b))
  end
  penner.set(pn, a, pn.family == penner.ELASTIC and b or pn.b)
  return true
end

local function parse_accel(p, e, kind, has_args, name)
  easing.init_accel(e, kind, 0.0)
  if not has_args then return true end
  local v = num_list(p, name, 1, 1)
  if v == nil then return nil end
  local x = calc_unbounded(v[1])
  if not (abs(x) <= accel.V0MAX) then
    return fail(p, "%s() v0 must lie in [-1e300, 1e300], got %s", name, fmtnum(x))
  end
  e.v0 = x
  return true
end

local bezier_kw = { "ease", "ease-in", "ease-out", "ease-in-out" }

-- A CSS keyword (an identifier, any ASCII case) into e: true, or false
-- when the token is none.
local function keyword(p, tk, e)
  if name_is(tk, "linear") then easing.init_linear(e); sp_put(p, "linear"); return true end
  for i = 1, 4 do
    if name_is(tk, bezier_kw[i]) then
      easing.init_keyword(e, easing.KW_EASE + i - 1)
      sp_put(p, bezier_kw[i])
      return true
    end
  end
  if name_is(tk, "step-start") then
    easing.init_steps(e, 1, steps.START)
    sp_put(p, "steps(1, start)")
    return true
  end
  if name_is(tk, "step-end") then
    easing.init_steps(e, 1, steps.END)
    sp_put(p, "steps(1)")
    return true
  end
  return false
end

-- An upper bound of the linear() points s can produce.
function M.maxpoints(s)
  local commas, i = 0, 0
  while true do
    i = find(s, ",", i + 1, true)
    if i == nil then break end
    commas = commas + 1
  end
  return 2 * (commas + 1)
end

-- Kinetic's own names, with or without arguments.
local function own_name(p, tk, e, fn)
  local name, n = tk.name, tk.len
  local nm = tok.cstr(sub(name, 1, n < 30 and n or 30))
  if tk.long_name then
    return fail(p, "unknown easing %s '%s...'", fn and "function" or "name", nm)
  end
  if eq_ci(name, "accelerate") then return parse_accel(p, e, easing.E_ACCEL, fn, "accelerate") end
  if eq_ci(name, "accelerate-decelerate") then
    return parse_accel(p, e, easing.E_ACCELDECEL, fn, "accelerate-decelerate")
  end
  local family, mode = penner_name(name)
  if family ~= nil then
    if family == LINEAR_ALIAS then
      if fn then return fail(p, "%s takes no parameters", nm) end
      easing.init_linear(e)
      return true
    end
    easing.init_penner(e, family, mode)
    if fn then return parse_penner_args(p, e, nm) end
    return true
  end
  if fn then return fail(p, "unknown easing function '%s()'", nm) end
  return fail(p, "unknown easing name '%s'", nm)
end

-- The one easing of the spec, from its first token: true, and whether it
-- has a CSS form; nil on error.
local function parse_value(p, e, cap)
  local tk = next_tok(p)
  if tk.type == TK_EOF then return fail(p, "empty easing spec") end
  local why = needs_document(tk)
  if why ~= nil then return fail(p, "%s", why) end
  if tk.type == TK_FUNCTION then
    if name_is(tk, "cubic-bezier") then return parse_bezier(p, e), true end
    if name_is(tk, "steps") then return parse_steps(p, e), true end
    if name_is(tk, "linear") then
      if cap < 2 then return fail(p, "linear(): too many stops") end
      return parse_linear(p, e, cap), true
    end
  elseif tk.type == TK_IDENT then
    if keyword(p, tk, e) then return true, true end
  else
    return fail(p, "easing name expected at '%s'", excerpt(p.lx.src, tk.start, p.lx.e))
  end
  return own_name(p, tk, e, tk.type == TK_FUNCTION), false
end

-- Parse s into e (a table) with room for cap linear() points; sp, when not
-- nil, a table {n = 0} that receives the pieces of the specified
-- serialization (none for kinetic's own names: sp.n is 0).  Returns true,
-- or false and the message (at most errcap - 1 bytes).
function M.parse(s, e, cap, sp, errcap)
  local p = { lx = tok.lexer_init({}, s), err = "", errcap = errcap, sp = sp,
              nan_seen = false }
  if sp ~= nil then sp.n = 0 end
  if find(s, "\0", 1, true) then
    return false, tok.error(errcap, "embedded zero byte in the spec")
  end
  local ok, css = parse_value(p, e, cap)
  if ok == nil then return false, p.err end
  local tk = next_tok(p)
  if tk.type == TK_COMMA then
    return false, tok.error(errcap, "a list of easings: kinetic.easing takes one (lists need "
                                    .. "a document)")
  end
  if tk.type ~= TK_EOF then
    return false, tok.error(errcap, "unexpected '%s' after the easing",
                            excerpt(p.lx.src, tk.start, p.lx.e))
  end
  if not css and sp ~= nil then sp.n = 0 end
  return true
end
local parse = M.parse

-- The specified serialization of a parsed easing that kept its source
-- (e.speclen > 0): that text parsed again, the text as parse writes it.
function M.specified_text(e)
  local cap = M.maxpoints(e.spec)
  local sp = { n = 0 }
  parse(e.spec, {}, cap < 2 and 2 or cap, sp, 256)
  return concat(sp, "", 1, sp.n)
end

return M
