-- kinetic.pure.color_parse: every <color> of CSS Color 4 that needs no
-- document, on the tokens of CSS Syntax 3 (css_token.lua); mirrors
-- csrc/core/color_parse.c.
--
--   #rgb #rgba #rrggbb #rrggbbaa                      (section 5.2)
--   the named colours, transparent                    (sections 6.1, 6.2)
--   rgb() rgba() hsl() hsla()   modern or legacy      (sections 5.1, 7)
--   hwb() lab() lch() oklab() oklch()   modern only   (sections 8, 9)
--   color(<predefined space> c1 c2 c3 [/ alpha])      (section 10)
--
-- The modern syntax separates the components by whitespace and the alpha
-- by '/', and takes `none` anywhere; the legacy syntax separates
-- everything by commas, with no `none`.  A hue is a number (degrees) or
-- an angle.  Math functions (css_calc.lua) stand for any number or
-- percentage; a NaN they give is 0, an infinity the largest value allowed.
-- What CSS Color 4 clamps at parsed-value time is clamped (color_parse.c
-- lists it); everything else is kept within KN_COLOR_MAX.  A function left
-- open at the end of the input is complete.
local K = require("kinetic.pure.kmath")
local tok = require("kinetic.pure.css_token")
local calc = require("kinetic.pure.css_calc")
local color = require("kinetic.pure.color")
local color_names = require("kinetic.pure.color_names")

local byte, char, sub, find, gsub, concat = string.byte, string.char, string.sub, string.find,
                                            string.gsub, table.concat
local floor = math.floor
local fmod = K.fmod

local tk_next, name_is, excerpt, cstr = tok.next, tok.name_is, tok.excerpt, tok.cstr
local TK_EOF, TK_WS, TK_IDENT, TK_FUNCTION = tok.TK_EOF, tok.TK_WS, tok.TK_IDENT, tok.TK_FUNCTION
local TK_NUMBER, TK_PERCENTAGE, TK_DIMENSION = tok.TK_NUMBER, tok.TK_PERCENTAGE, tok.TK_DIMENSION
local TK_COMMA, TK_RPAREN, TK_DELIM, TK_BAD = tok.TK_COMMA, tok.TK_RPAREN, tok.TK_DELIM, tok.TK_BAD
local CALC_NUMBER = calc.CALC_NUMBER
local is_math, needs_document = calc.is_math, calc.needs_document

local M = {}

-- The size of C's message buffer (csrc/lua/color.c's err[256]).
local ERRCAP = 256

-- What a component may be (a mask).
local T_NUM, T_PCT, T_ANGLE, T_NONE = 1, 2, 4, 8

local function has(mask, bit) return mask % (bit + bit) >= bit end

-- How a component of a space is read (struct cspec): the factor for a
-- number and for a percentage, and the clamp range; hue: a number or an
-- angle, in degrees.
local CMAX = color.MAX
local function cspec(num, pct, lo, hi, hue) return { num = num, pct = pct, lo = lo, hi = hi, hue = hue } end
local spec_rgb = cspec(1.0 / 255, 0.01, 0.0, 1.0, false)
local spec_hsl_s = cspec(1.0, 1.0, 0.0, CMAX, false)
local spec_pct = cspec(1.0, 1.0, -CMAX, CMAX, false)        -- hsl l, hwb w b
local spec_hue = cspec(1.0, 0.0, 0.0, 360.0, true)
local spec_lab_l = cspec(1.0, 1.0, 0.0, 100.0, false)
local spec_lab_ab = cspec(1.0, 1.25, -CMAX, CMAX, false)
local spec_lch_c = cspec(1.0, 1.5, 0.0, CMAX, false)
local spec_ok_l = cspec(1.0, 0.01, 0.0, 1.0, false)
local spec_ok_ab = cspec(1.0, 0.004, -CMAX, CMAX, false)
local spec_ok_c = cspec(1.0, 0.004, 0.0, CMAX, false)
local spec_pred = cspec(1.0, 0.01, -CMAX, CMAX, false)

-- A failure with its message (kn_css_error): the parser state p keeps it,
-- and the parser returns false.
local function fail(p, fmt, ...)
  p.err = tok.error(p.errcap, fmt, ...)
  return false
end

-- The next token that is not whitespace, into tk.
local function next_tok(p, tk)
  tk_next(p.lx, tk)
  if tk.type == TK_WS then tk_next(p.lx, tk) end
end

-- The next token that is not whitespace, left unread.
local function peek_tok(p, tk)
  local save = p.lx.s
  next_tok(p, tk)
  p.lx.s = save
end

local function is_slash(tk)
  return tk.type == TK_DELIM and tk.delim == 47
end

-- "number, percentage or none" for the types in `allowed`
local type_names = { "number", "percentage", "angle", "none" }
local TBIT = { 1, 2, 4, 8 }
local function type_list(allowed)
  local n, k, out = 0, 0, {}
  for i = 1, 4 do if has(allowed, TBIT[i]) then n = n + 1 end end
  for i = 1, 4 do
    if has(allowed, TBIT[i]) then
      if k > 0 then out[#out + 1] = k == n - 1 and " or " or ", " end
      out[#out + 1] = type_names[i]
      k = k + 1
    end
  end
  return concat(out)
end

-- Degrees per unit of an angle dimension, 0 for another unit.
local RAD = 180 / 3.14159265358979323846264338327950
local function angle_unit(tk)
  if name_is(tk, "deg") then return 1.0 end
  if name_is(tk, "grad") then return 0.9 end
  if name_is(tk, "rad") then return RAD end
  if name_is(tk, "turn") then return 360.0 end
  return 0
end

-- A math function at tk: its number or percentage into c.
local function read_math(p, tk, c)
  local v, t = calc.math(p.lx, tk, p.errcap)
  if v == nil then p.err = t; return false end
  c.v = v
  c.type = t == CALC_NUMBER and T_NUM or T_PCT
  return true
end

-- Component `index` (from 1; 4 for alpha) of fname(): one of `allowed`,
-- into c (struct comp: v, type).
local function read_comp(p, allowed, index, c)
  local tk = {}
  next_tok(p, tk)
  c.type = 0
  c.v = 0.0
  local t = tk.type
  if t == TK_NUMBER then c.type = T_NUM; c.v = tk.value
  elseif t == TK_PERCENTAGE then c.type = T_PCT; c.v = tk.value
  elseif t == TK_DIMENSION and angle_unit(tk) ~= 0 then
    c.type = T_ANGLE
    c.v = tk.value * angle_unit(tk)
  elseif t == TK_IDENT and name_is(tk, "none") then c.type = T_NONE
  elseif is_math(tk) then
    if not read_math(p, tk, c) then return false end
  else
    local why = needs_document(tk)
    if why ~= nil then return fail(p, "%s", why) end
  end
  if tk.too_long then return fail(p, "number too long in %s()", p.fname) end
  if c.type ~= 0 and has(allowed, c.type) then return true end
  local tl = type_list(allowed)
  if t == TK_EOF then
    if index == 4 then return fail(p, "%s() alpha: %s expected at the end", p.fname, tl) end
    return fail(p, "%s() component %d: %s expected at the end", p.fname, index, tl)
  end
  if index == 4 then
    return fail(p, "%s() alpha: %s expected, got '%s'", p.fname, tl,
                excerpt(p.lx.src, tk.start, tk.stop))
  end
  return fail(p, "%s() component %d: %s expected, got '%s'", p.fname, index, tl,
              excerpt(p.lx.src, tk.start, tk.stop))
end

-- A component's value in its space's scale: `none` as 0, clamped as the
-- file's comment says.
local function comp_value(c, s)
  if c.type == T_NONE then return 0.0 end
  local x
  if s.hue then
    if c.v - c.v ~= 0 then return 0.0 end
    x = fmod(c.v, 360.0)
    if x < 0 then x = x + 360.0 end
    if x >= 360.0 then return 0.0 end
    return x
  end
  x = c.v * (c.type == T_PCT and s.pct or s.num)
  if x ~= x then return 0.0 end
  if x < s.lo then return s.lo end
  if x > s.hi then return s.hi end
  return x
end

local function alpha_value(c)
  if c.type == T_NONE then return 0.0 end
  local x = c.type == T_PCT and c.v / 100 or c.v
  if x ~= x then return 0.0 end
  if x < 0 then return 0.0 end
  if x > 1 then return 1.0 end
  return x
end

-- ---- functions -----------------------------------------------------------------

-- struct fdesc: name, space (-1: color(), whose first argument names it),
-- legacy (1: rgb() and rgba(), 2: hsl() and hsla()), spec.
local function fdesc(name, space, legacy, s1, s2, s3)
  return { name = name, space = space, legacy = legacy, spec = { s1, s2, s3 } }
end
local functions = {
  fdesc("rgb", color.SRGB, 1, spec_rgb, spec_rgb, spec_rgb),
  fdesc("rgba", color.SRGB, 1, spec_rgb, spec_rgb, spec_rgb),
  fdesc("hsl", color.HSL, 2, spec_hue, spec_hsl_s, spec_pct),
  fdesc("hsla", color.HSL, 2, spec_hue, spec_hsl_s, spec_pct),
  fdesc("hwb", color.HWB, 0, spec_hue, spec_pct, spec_pct),
  fdesc("lab", color.LAB, 0, spec_lab_l, spec_lab_ab, spec_lab_ab),
  fdesc("lch", color.LCH, 0, spec_lab_l, spec_lch_c, spec_hue),
  fdesc("oklab", color.OKLAB, 0, spec_ok_l, spec_ok_ab, spec_ok_ab),
  fdesc("oklch", color.OKLCH, 0, spec_ok_l, spec_ok_c, spec_hue),
  fdesc("color", -1, 0, spec_pred, spec_pred, spec_pred),
}

local function allowed_of(s)
  if s.hue then return T_NUM + T_ANGLE + T_NONE end
  return T_NUM + T_PCT + T_NONE
end

-- Lowercase ASCII of a token's name.
local function lower_byte(ch) return char(byte(ch) + 32) end
local function lower_name(tk)
  local name = tk.name
  if not find(name, "[A-Z]") then return name end
  return (gsub(name, "[A-Z]", lower_byte))
end

-- color()'s space: one of the predefined RGB and XYZ spaces (section 10);
-- returns the space or false.
local function read_space(p)
  local tk = {}
  next_tok(p, tk)
  if tk.type ~= TK_IDENT or tk.long_name then
    if tk.type == TK_EOF then return fail(p, "color(): a colour space expected at the end") end
    return fail(p, "color(): a colour space expected, got '%s'",
                excerpt(p.lx.src, tk.start, tk.stop))
  end
  local space = color.space_find(lower_name(tk))
  if space < 0 or space > color.XYZ_D65 then
    return fail(p, "color(): unknown colour space '%s' (srgb, srgb-linear, display-p3, "
                   .. "a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65)",
                excerpt(p.lx.src, tk.start, tk.stop))
  end
  return space
end

-- After the first component: " c2 c3 [/ alpha])"; returns ok, alpha.
local function read_modern(p, d, spec, c)
  local tk, alpha = {}, false
  for i = 1, 2 do
    peek_tok(p, tk)
    if tk.type == TK_RPAREN or tk.type == TK_EOF or is_slash(tk) then
      return fail(p, "%s() takes 3 components, got %d", p.fname, i)
    end
    if tk.type == TK_COMMA then
      if d.legacy ~= 0 then
        return fail(p, "%s(): ',' after a component in the modern syntax (use spaces, or "
                       .. "commas everywhere)", p.fname)
      end
      return fail(p, "%s() separates its components by spaces, not commas", p.fname)
    end
    if not read_comp(p, allowed_of(spec[i + 1]), i + 1, c[i + 1]) then return false end
  end
  next_tok(p, tk)
  if is_slash(tk) then
    if not read_comp(p, T_NUM + T_PCT + T_NONE, 4, c[4]) then return false end
    alpha = true
    next_tok(p, tk)
  end
  if tk.type == TK_RPAREN or tk.type == TK_EOF then return true, alpha end
  if not alpha and tk.type ~= TK_COMMA then
    return fail(p, "%s() takes 3 components and '/' alpha, got '%s' after them", p.fname,
                excerpt(p.lx.src, tk.start, tk.stop))
  end
  return fail(p, "')' expected to close %s(), got '%s'", p.fname,
              excerpt(p.lx.src, tk.start, tk.stop))
end

-- After the first component: ", c2, c3 [, alpha])"; rgb() takes three
-- numbers or three percentages, hsl() percentages after the hue.  Returns
-- ok, alpha.
local function read_legacy(p, d, c)
  local tk, alpha = {}, false
  local want = d.legacy == 1 and T_NUM + T_PCT or T_PCT
  if c[1].type == T_NONE then
    return fail(p, "%s(): none is not allowed in the legacy comma syntax", p.fname)
  end
  for i = 1, 2 do
    next_tok(p, tk)
    if tk.type == TK_RPAREN or tk.type == TK_EOF then
      return fail(p, "%s() takes 3 components, got %d", p.fname, i)
    end
    if tk.type ~= TK_COMMA then
      return fail(p, "%s(): ',' expected in the legacy syntax, got '%s'", p.fname,
                  excerpt(p.lx.src, tk.start, tk.stop))
    end
    if not read_comp(p, want, i + 1, c[i + 1]) then return false end
  end
  if d.legacy == 1 and (c[1].type ~= c[2].type or c[2].type ~= c[3].type) then
    return fail(p, "%s(): the legacy syntax takes three numbers or three percentages", p.fname)
  end
  next_tok(p, tk)
  if tk.type == TK_COMMA then
    if not read_comp(p, T_NUM + T_PCT, 4, c[4]) then return false end
    alpha = true
    next_tok(p, tk)
  end
  if tk.type == TK_RPAREN or tk.type == TK_EOF then return true, alpha end
  return fail(p, "')' expected to close %s(), got '%s'", p.fname,
              excerpt(p.lx.src, tk.start, tk.stop))
end

local function find_function(fn)
  for i = 1, #functions do
    if name_is(fn, functions[i].name) then return functions[i] end
  end
  return nil
end

local function parse_function(p, fn, out)
  local d = find_function(fn)
  if d == nil then
    local why = needs_document(fn)
    if why ~= nil then return fail(p, "%s", why) end
    return fail(p, "unknown colour function '%s()'", cstr(fn.name))
  end
  local c = { {}, {}, {}, {} }
  local tk = {}
  p.fname = d.name
  local space = d.space
  if space < 0 then
    space = read_space(p)
    if not space then return false end
  end
  if not read_comp(p, allowed_of(d.spec[1]), 1, c[1]) then return false end
  peek_tok(p, tk)
  local ok, alpha
  if tk.type == TK_COMMA and d.legacy ~= 0 then
    ok, alpha = read_legacy(p, d, c)
  else
    ok, alpha = read_modern(p, d, d.spec, c)
  end
  if not ok then return false end
  local none = 0
  out.space = space
  out.c = {}
  for i = 1, 3 do
    out.c[i] = comp_value(c[i], d.spec[i])
    if c[i].type == T_NONE then none = none + TBIT[i] end
  end
  out.alpha = alpha and alpha_value(c[4]) or 1.0
  if alpha and c[4].type == T_NONE then none = none + color.NONE_ALPHA end
  out.none = none
  return true
end

-- ---- keywords and hex colours --------------------------------------------------

local function set_rgb(out, rgb, alpha)
  out.space = color.SRGB
  out.c = { floor(rgb / 65536) % 256 / 255, floor(rgb / 256) % 256 / 255, rgb % 256 / 255 }
  out.alpha = alpha
  out.none = 0
end

-- The system colours of CSS Color 4 section 6.2, which need a document.
local system_colors = {}
for _, name in ipairs {
  "accentcolor", "accentcolortext", "activetext", "buttonborder", "buttonface",
  "buttontext", "canvas", "canvastext", "field", "fieldtext", "graytext", "highlight",
  "highlighttext", "linktext", "mark", "marktext", "selecteditem", "selecteditemtext",
  "visitedtext" } do
  system_colors[name] = true
end

local function parse_ident(p, tk, out)
  local low = lower_name(tk)
  if not tk.long_name then
    if name_is(tk, "transparent") then set_rgb(out, 0, 0.0); return true end
    local rgb = color_names.named(low)
    if rgb ~= nil then set_rgb(out, rgb, 1.0); return true end
    if name_is(tk, "currentcolor") then return fail(p, "currentcolor needs a document") end
    if system_colors[low] then
      return fail(p, "system colours (%s) need a document", low)
    end
  end
  local why = needs_document(tk)
  if why ~= nil then return fail(p, "%s", why) end
  return fail(p, "unknown colour name '%s'", excerpt(p.lx.src, tk.start, tk.stop))
end

local function hexval(c)
  if c >= 48 and c <= 57 then return c - 48 end
  if c >= 97 and c <= 102 then return c - 87 end
  if c >= 65 and c <= 70 then return c - 55 end
  return -1
end

-- After '#': 3, 4, 6 or 8 hex digits (section 5.2), read as the hash
-- token's name (every name code point up to the next other one).
local function parse_hex(p, out)
  local lx = p.lx
  local src, q = lx.src, lx.s
  local n, avail = 0, lx.e - lx.s
  while n < avail do
    local ch = byte(src, q + n)
    if not (ch == 45 or ch == 95 or ch >= 128 or hexval(ch) >= 0 or
            (ch >= 97 and ch <= 122) or (ch >= 65 and ch <= 90)) then break end
    n = n + 1
  end
  lx.s = lx.s + n
  local v = {}
  for i = 0, n - 1 do
    if i < 8 then v[i] = hexval(byte(src, q + i)) end
  end
  for i = 0, n - 1 do
    if hexval(byte(src, q + i)) < 0 then
      return fail(p, "a hex colour takes only the digits 0-9 and a-f, got '%s'",
                  excerpt(src, q - 1, lx.s))
    end
  end
  if n ~= 3 and n ~= 4 and n ~= 6 and n ~= 8 then
    return fail(p, "a hex colour has 3, 4, 6 or 8 digits, got %d", n)
  end
  if n <= 4 then
    for i = n - 1, 0, -1 do v[2 * i] = v[i]; v[2 * i + 1] = v[i] end
  end
  set_rgb(out, (v[0] * 16 + v[1]) * 65536 + (v[2] * 16 + v[3]) * 256 + (v[4] * 16 + v[5]), 1.0)
  if n == 4 or n == 8 then out.alpha = (v[6] * 16 + v[7]) / 255 end
  return true
end

-- Parse a CSS colour (kn_color_parse): a new colour table, or nil and the
-- message (at most 255 bytes, as C's err[256] holds).
function M.parse(s)
  local p = { lx = tok.lexer_init(nil, s), errcap = ERRCAP, fname = "", err = "" }
  local tk, c = {}, {}
  local ok
  next_tok(p, tk)
  local t = tk.type
  if t == TK_EOF then
    fail(p, "empty colour")
    return nil, p.err
  elseif t == TK_IDENT then
    ok = parse_ident(p, tk, c)
  elseif t == TK_FUNCTION then
    ok = parse_function(p, tk, c)
  elseif t == TK_BAD and tk.delim == 35 then
    ok = parse_hex(p, c)
  else
    fail(p, "colour expected at '%s'", excerpt(s, tk.start, p.lx.e))
    return nil, p.err
  end
  if not ok then return nil, p.err end
  next_tok(p, tk)
  if tk.type ~= TK_EOF then
    fail(p, "unexpected '%s' after the colour", excerpt(s, tk.start, p.lx.e))
    return nil, p.err
  end
  return c
end

-- s as an error message quotes it (kn_color_quote): whole, or -- when
-- longer than 60 bytes or holding a zero byte -- its first bytes up to 60
-- (and up to the first zero byte) followed by "...".
function M.quote(s)
  local z = find(s, "\0", 1, true)
  local n = z and z - 1 or #s
  if #s <= color.QUOTE_MAX - 4 and n == #s then return s end
  if n > color.QUOTE_MAX - 4 then n = color.QUOTE_MAX - 4 end
  return sub(s, 1, n) .. "..."
end

return M
