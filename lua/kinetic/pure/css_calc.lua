-- kinetic.pure.css_calc: CSS math functions over numbers and percentages
-- (calc(), min(), max(), clamp(), the four operators, parentheses, e, pi,
-- infinity, -infinity, NaN); csrc/core/css_calc.c in Lua, by recursive
-- descent on the grammar of CSS Values 4:
--   <calc-sum>     = <calc-product> [ [ '+' | '-' ] <calc-product> ]*
--   <calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*
--   <calc-value>   = <number> | <percentage> | <calc-keyword>
--                  | ( <calc-sum> ) | <math function>
-- Every expression simplifies to one value and its type at parse time:
-- + and - need operands of one type, * at least one number, / a number on
-- its right; min(), max() and clamp() arguments share one type; '+' and '-'
-- need whitespace on both sides.  IEEE arithmetic gives the infinities and
-- NaN, and NaN propagates through min, max and clamp.
local tok = require("kinetic.pure.css_token")

local next_token, name_is, cstr = tok.next, tok.name_is, tok.cstr
local sub = string.sub
local huge = math.huge

local TK_EOF, TK_WS, TK_IDENT, TK_FUNCTION, TK_NUMBER, TK_PERCENTAGE, TK_DIMENSION,
      TK_COMMA, TK_LPAREN, TK_RPAREN, TK_DELIM =
  tok.TK_EOF, tok.TK_WS, tok.TK_IDENT, tok.TK_FUNCTION, tok.TK_NUMBER, tok.TK_PERCENTAGE,
  tok.TK_DIMENSION, tok.TK_COMMA, tok.TK_LPAREN, tok.TK_RPAREN, tok.TK_DELIM

local M = {}

-- enum kn_calc_type
local CALC_NUMBER, CALC_PERCENTAGE = 1, 2
M.CALC_NUMBER, M.CALC_PERCENTAGE = CALC_NUMBER, CALC_PERCENTAGE

local CALC_DEPTH = 32    -- KN_CALC_DEPTH: deepest nesting accepted
M.CALC_DEPTH = CALC_DEPTH

-- C's NAN, a quiet NaN with the sign bit clear (0/0 has it set on x86).
local NAN = -(0 / 0)
if sub(tostring(NAN), 1, 1) == "-" then NAN = -NAN end

-- The parser state C: lx, err (the message of a failure), errcap, depth.
-- Each function returns its value and type, or nil on failure (c.err set).

local function fail(c, fmt, ...)
  c.err = tok.error(c.errcap, fmt, ...)
  return nil
end

-- The next token that is not whitespace; and whether whitespace came first.
local function next_nows(c)
  local tk = next_token(c.lx)
  local ws = tk.type == TK_WS
  if ws then tk = next_token(c.lx) end
  return tk, ws
end

local function type_name(t)
  return t == CALC_NUMBER and "number" or "percentage"
end

-- Whether tk is the FUNCTION token of a math function this file knows.
local function is_math(tk)
  return tk.type == TK_FUNCTION and
         (name_is(tk, "calc") or name_is(tk, "min") or name_is(tk, "max") or
          name_is(tk, "clamp"))
end
M.is_math = is_math

local doc_fns = { "var", "env", "attr", "sibling-index", "sibling-count" }
local doc_wide = { "initial", "inherit", "unset", "revert", "revert-layer" }

-- A message when tk is what only a document can compute, else nil.
local function needs_document(tk)
  if tk.type == TK_FUNCTION then
    for i = 1, #doc_fns do
      if name_is(tk, doc_fns[i]) then
        return "var(), env(), attr(), sibling-index() and sibling-count() need a document"
      end
    end
  end
  if tk.type == TK_IDENT then
    for i = 1, #doc_wide do
      if name_is(tk, doc_wide[i]) then
        return "CSS-wide keywords (initial, inherit, unset, revert, revert-layer) need a document"
      end
    end
  end
  return nil
end
M.needs_document = needs_document

local sum, func

local function keyword(c, tk)
  if name_is(tk, "e") then return 2.718281828459045, CALC_NUMBER
  elseif name_is(tk, "pi") then return 3.141592653589793, CALC_NUMBER
  elseif name_is(tk, "infinity") then return huge, CALC_NUMBER
  elseif name_is(tk, "-infinity") then return -huge, CALC_NUMBER
  elseif name_is(tk, "nan") then return NAN, CALC_NUMBER
  end
  return fail(c, "'%s' in a math function: only numbers, percentages, e, pi, infinity and NaN "
                 .. "can be computed without a document", cstr(tk.name))
end

-- The token's text, as C prints "%.*s" of it.
local function text(c, tk)
  return cstr(sub(c.lx.src, tk.start, tk.stop - 1))
end

local function value(c)
  local tk = next_nows(c)
  local t = tk.type
  local x, vt
  if t == TK_NUMBER then x, vt = tk.value, CALC_NUMBER
  elseif t == TK_PERCENTAGE then x, vt = tk.value, CALC_PERCENTAGE
  elseif t == TK_DIMENSION then
    return fail(c, "'%s' in a math function: values with units need a document", text(c, tk))
  elseif t == TK_IDENT then return keyword(c, tk)
  elseif t == TK_LPAREN or t == TK_FUNCTION then
    c.depth = c.depth + 1
    if c.depth > CALC_DEPTH then return fail(c, "math function nested too deeply") end
    if t == TK_FUNCTION then
      x, vt = func(c, tk)
    else
      x, vt = sum(c)
      if x ~= nil then
        tk = next_nows(c)
        if tk.type ~= TK_RPAREN then x, vt = fail(c, "')' expected in a math expression") end
      end
    end
    c.depth = c.depth - 1
    return x, vt
  elseif t == TK_EOF then return fail(c, "math function not closed")
  else
    return fail(c, "value expected in a math function at '%s'", text(c, tk))
  end
  if tk.too_long then return fail(c, "number too long in a math function") end
  return x, vt
end

local function product(c)
  local x, vt = value(c)
  if x == nil then return nil end
  while true do
    local save = c.lx.s
    local tk = next_nows(c)
    if tk.type ~= TK_DELIM or (tk.delim ~= 42 and tk.delim ~= 47) then
      c.lx.s = save
      return x, vt
    end
    local rx, rt = value(c)
    if rx == nil then return nil end
    if tk.delim == 42 then
      if vt == CALC_PERCENTAGE and rt == CALC_PERCENTAGE then
        return fail(c, "percentage * percentage has no type a number or percentage takes")
      end
      x = x * rx
      if rt == CALC_PERCENTAGE then vt = CALC_PERCENTAGE end
    else
      if rt ~= CALC_NUMBER then return fail(c, "division by a percentage") end
      x = x / rx
    end
  end
end

function sum(c)
  local x, vt = product(c)
  if x == nil then return nil end
  while true do
    local lx = c.lx
    local save = lx.s
    local tk, ws = next_nows(c)
    if tk.type ~= TK_DELIM or (tk.delim ~= 43 and tk.delim ~= 45) then
      lx.s = save
      return x, vt
    end
    local at = lx.s
    local after = next_token(lx)
    lx.s = at
    if not ws or after.type ~= TK_WS then
      return fail(c, "'%c' in a math function needs whitespace on both sides", tk.delim)
    end
    local rx, rt = product(c)
    if rx == nil then return nil end
    if rt ~= vt then
      return fail(c, "%s %c %s: a number and a percentage do not add", type_name(vt),
                  tk.delim, type_name(rt))
    end
    if tk.delim == 43 then x = x + rx else x = x - rx end
  end
end

-- min / max of a and b, NaN if either is.
local function pick(a, b, want_max)
  if a ~= a or b ~= b then return NAN end
  if want_max then return b > a and b or a end
  return b < a and b or a
end

function func(c, fn)
  local want_max, is_clamp = name_is(fn, "max"), name_is(fn, "clamp")
  local is_calc, n = name_is(fn, "calc"), 0
  local x, vt
  local a1, a2, a3
  local why = needs_document(fn)
  if why ~= nil then return fail(c, "%s", why) end
  if not is_math(fn) then
    return fail(c, "%s() in a math function: only calc(), min(), max() and clamp() are known",
                cstr(fn.name))
  end
  while true do
    local ax, at = sum(c)
    if ax == nil then return nil end
    if n > 0 and at ~= vt then
      return fail(c, "%s() mixes a number and a percentage", cstr(fn.name))
    end
    if is_clamp then
      if n == 0 then a1 = ax elseif n == 1 then a2 = ax elseif n == 2 then a3 = ax end
    end
    if n == 0 then x, vt = ax, at
    elseif not is_clamp then x = pick(x, ax, want_max) end
    n = n + 1
    local tk = next_nows(c)
    if tk.type == TK_RPAREN then break end
    if tk.type ~= TK_COMMA or is_calc or (is_clamp and n == 3) then
      return fail(c, "%s expected in %s()",
                  (tk.type == TK_EOF or is_calc or n == 3) and "')'" or "')' or ','",
                  cstr(fn.name))
    end
  end
  if is_clamp then
    if n ~= 3 then return fail(c, "clamp() takes 3 arguments, got %d", n) end
    x = pick(a1, pick(a2, a3, false), true)
  end
  return x, vt
end

-- The value of the math function whose FUNCTION token fn was just read
-- from lx, reading through its closing ')': its value and type (CALC_*),
-- or nil and the message (at most errcap - 1 bytes; kn_css_math).
function M.math(lx, fn, errcap)
  local c = { lx = lx, err = nil, errcap = errcap, depth = 1 }
  local x, t = func(c, fn)
  if x == nil then return nil, c.err end
  return x, t
end

return M
