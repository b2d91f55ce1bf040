-- kinetic.pure.viewport: csrc/core/viewport.c in Lua.  World to screen:
--   S_x(x) = w O_x + U_x K_x x,   S_y(y) = h O_y + U_y K_y y
-- w, h: screen size; O: origin as a fraction of it; U: screen units per
-- world unit; K: scale.  A viewport is a table with the fields of C's
-- kn_viewport (width, height, origin_x ... scale_y).
local K = require("kinetic.pure.kmath")

local abs = math.abs
local frexp, ldexp = K.frexp, K.ldexp

local DBL_MIN, DBL_MAX = 2.2250738585072014e-308, 1.7976931348623157e308

local viewport = {}

-- A product or sum kept as m 2^e (m from frexp, |m| in [1/8, 1), or 0) so
-- that no intermediate overflows or underflows: used only where the plain
-- formula leaves the doubles or U K falls below the normal range, so
-- ordinary results keep the formula's bits.  C's `scaled` struct is the
-- pair of values m, e here.
local function product(a, b, c)
  local ma, ea = frexp(a)
  local mb, eb = frexp(b)
  local mc, ec = frexp(c)
  return ma * mb * mc, ea + eb + ec
end

local function sum(pm, pe, qm, qe)
  if pm == 0 then return qm, qe end
  if qm == 0 then return pm, pe end
  if pe < qe then pm, pe, qm, qe = qm, qe, pm, pe end
  local rm, re = frexp(pm + ldexp(qm, qe - pe))   -- the smaller one may vanish
  return rm, re + pe
end

-- U K out of the normal range while neither factor is 0
local function off_range(u, k, f)
  local a = abs(f)
  return not (a >= DBL_MIN and a <= DBL_MAX) and u ~= 0 and k ~= 0
end

-- S = w O + (U K) v, by the formula, or scaled where it would lose the
-- value.
local function forward(w, o, u, k, v)
  local f = u * k
  local s = w * o + f * v
  if s - s ~= 0 or (off_range(u, k, f) and v ~= 0) then
    local pm, pe = product(w, o, 1.0)
    local qm, qe = product(u, k, v)
    local m, e = sum(pm, pe, qm, qe)
    s = ldexp(m, e)                               -- +-inf only beyond the doubles
  end
  return s
end

-- v = (S - w O) / (U K), likewise (U, K != 0: checked).
local function inverse(w, o, u, k, s)
  local f = u * k
  local n = s - w * o
  local v = n / f
  if off_range(u, k, f) or n - n ~= 0 or v - v ~= 0 then
    local pm, pe = product(s, 1.0, 1.0)
    local qm, qe = product(-w, o, 1.0)
    local nm, ne = sum(pm, pe, qm, qe)
    local dm, de = product(u, k, 1.0)
    v = ldexp(nm / dm, ne - de)
  end
  return v
end

-- sx, sy of the world point x, y.
function viewport.to_screen(vp, x, y)
  return forward(vp.width, vp.origin_x, vp.unit_x, vp.scale_x, x),
         forward(vp.height, vp.origin_y, vp.unit_y, vp.scale_y, y)
end

-- The inverse: true, x, y; false when U_x K_x or U_y K_y is 0.
function viewport.to_world(vp, sx, sy)
  if vp.unit_x == 0.0 or vp.scale_x == 0.0 or vp.unit_y == 0.0 or vp.scale_y == 0.0 then
    return false
  end
  return true, inverse(vp.width, vp.origin_x, vp.unit_x, vp.scale_x, sx),
         inverse(vp.height, vp.origin_y, vp.unit_y, vp.scale_y, sy)
end

-- ---- parameters by name ----------------------------------------------------

-- Origin (0, 0), unit (1, 1) and scale (1, 1); width and height left.
function viewport.defaults(vp)
  vp.origin_x = 0.0; vp.origin_y = 0.0
  vp.unit_x = 1.0;   vp.unit_y = 1.0
  vp.scale_x = 1.0;  vp.scale_y = 1.0
  return vp
end

-- name -> { count, field [, second field] }; the pairs last.
local PARAMS = {
  width = { 1, "width" }, height = { 1, "height" },
  origin_x = { 1, "origin_x" }, origin_y = { 1, "origin_y" },
  unit_x = { 1, "unit_x" }, unit_y = { 1, "unit_y" },
  scale_x = { 1, "scale_x" }, scale_y = { 1, "scale_y" },
  origin = { 2, "origin_x", "origin_y" }, unit = { 2, "unit_x", "unit_y" },
  scale = { 2, "scale_x", "scale_y" },
}
local PAIRS = { "origin", "unit", "scale" }
viewport.PAIRS = PAIRS

-- The parameter called name (a C string: the caller cuts it at a zero
-- byte): count (1 for a number, 2 for a pair) and its field(s) of the
-- viewport table; nil for no such name.
function viewport.param(name)
  local p = PARAMS[name]
  if p == nil then return nil end
  return p[1], p[2], p[3]
end

-- The name of pair i (origin, unit, scale), nil past the last.
function viewport.pair_name(i)
  return PAIRS[i + 1]
end

return viewport
