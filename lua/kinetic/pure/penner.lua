-- kinetic.pure.penner: Penner's equations normalized to [0,1];
-- csrc/core/penner.c in Lua, the same operations in the same order.
--
-- The formulas of easings.net, in tween.lua's f(t, 0, 1, 1) form for Back
-- (overshoot s: in(t) = t^2 ((s+1) t - s), inOut scales s by 1.525) and
-- Elastic (amplitude A, period P: A < 1 acts as A = 1 with phase P/4, else
-- phase P/(2 pi) asin(1/A)).  Every out form is 1 - in(1 - t), inOut joins
-- in and out at 1/2, outIn out and in (tween.lua).  Expo has exact 0 and 1.
--
-- A kn_penner is a table: family, mode (the enums below), a (Back:
-- overshoot; Elastic: amplitude), b (Elastic: period), amp, phase; and fn,
-- eval for its family and mode (set by init).
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)
local K = require("kinetic.pure.kmath")

local sin, cos, sqrt, asin, atan = math.sin, math.cos, math.sqrt, math.asin, math.atan
-- penner.c's exp2_(y), 2^y as libm's pow(2, y), is written TWO[1] ^ y: ^ is
-- libm's pow on every VM (5.4: pow(2, 2) is 4 as its 2*2), and the base is
-- read from a table, as LuaJIT's compiler would fold log2 of a constant 2
-- and take its own exp2 instead.
local TWO = { 2.0 }

local M = {}

-- enum kn_penner_family, enum kn_penner_mode
local QUAD, CUBIC, QUART, QUINT, SINE, EXPO, CIRC, BACK, ELASTIC, BOUNCE =
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9
local IN, OUT, INOUT, OUTIN = 0, 1, 2, 3
M.QUAD, M.CUBIC, M.QUART, M.QUINT, M.SINE, M.EXPO, M.CIRC, M.BACK, M.ELASTIC, M.BOUNCE =
  QUAD, CUBIC, QUART, QUINT, SINE, EXPO, CIRC, BACK, ELASTIC, BOUNCE
M.FAMILIES = 10
M.IN, M.OUT, M.INOUT, M.OUTIN = IN, OUT, INOUT, OUTIN
M.MODES = 4

M.BACK_OVERSHOOT = 1.70158   -- KN_BACK_OVERSHOOT

local PI = 3.14159265358979323846

local function bounce_out(t)
  local n1, d1 = 7.5625, 2.75
  if t < 1.0 / d1 then return n1 * t * t end
  if t < 2.0 / d1 then t = t - 1.5 / d1; return n1 * t * t + 0.75 end
  if t < 2.5 / d1 then t = t - 2.25 / d1; return n1 * t * t + 0.9375 end
  t = t - 2.625 / d1
  return n1 * t * t + 0.984375
end

-- The in, out and inOut forms of each family, by family + 1 (penner.c's
-- ease_in, ease_out, ease_inout switch on the family; here a table of
-- functions does, with each case's operations as C writes them).
local IN_F, OUT_F, INOUT_F = {}, {}, {}

IN_F[QUAD + 1] = function(_, t) return t * t end
IN_F[CUBIC + 1] = function(_, t) return t * t * t end
IN_F[QUART + 1] = function(_, t) return (t * t) * (t * t) end
IN_F[QUINT + 1] = function(_, t) return (t * t) * (t * t) * t end
IN_F[SINE + 1] = function(_, t) return 1.0 - cos(t * PI / 2.0) end
IN_F[EXPO + 1] = function(_, t)
  if t == 0.0 then return 0.0 end
  return TWO[1] ^ (10.0 * t - 10.0)
end
IN_F[CIRC + 1] = function(_, t) return 1.0 - sqrt(1.0 - t * t) end
IN_F[BACK + 1] = function(pn, t) return t * t * ((pn.a + 1.0) * t - pn.a) end
IN_F[ELASTIC + 1] = function(pn, t)
  local A, P, s = pn.amp, pn.b, pn.phase
  if t == 0.0 then return 0.0 end
  if t == 1.0 then return 1.0 end
  t = t - 1.0
  return -(A * TWO[1] ^ (10.0 * t) * sin((t - s) * (2.0 * PI) / P))
end
IN_F[BOUNCE + 1] = function(_, t) return 1.0 - bounce_out(1.0 - t) end

OUT_F[QUAD + 1] = function(_, t) local u = 1.0 - t; return 1.0 - u * u end
OUT_F[CUBIC + 1] = function(_, t) local u = 1.0 - t; return 1.0 - u * u * u end
OUT_F[QUART + 1] = function(_, t) local u = 1.0 - t; return 1.0 - (u * u) * (u * u) end
OUT_F[QUINT + 1] = function(_, t) local u = 1.0 - t; return 1.0 - (u * u) * (u * u) * u end
OUT_F[SINE + 1] = function(_, t) return sin(t * PI / 2.0) end
OUT_F[EXPO + 1] = function(_, t)
  if t == 1.0 then return 1.0 end
  return 1.0 - TWO[1] ^ (-10.0 * t)
end
OUT_F[CIRC + 1] = function(_, t) local u = t - 1.0; return sqrt(1.0 - u * u) end
OUT_F[BACK + 1] = function(pn, t)
  local u = t - 1.0
  return u * u * ((pn.a + 1.0) * u + pn.a) + 1.0
end
OUT_F[ELASTIC + 1] = function(pn, t)
  local A, P, s = pn.amp, pn.b, pn.phase
  if t == 0.0 then return 0.0 end
  if t == 1.0 then return 1.0 end
  return A * TWO[1] ^ (-10.0 * t) * sin((t - s) * (2.0 * PI) / P) + 1.0
end
OUT_F[BOUNCE + 1] = function(_, t) return bounce_out(t) end

INOUT_F[QUAD + 1] = function(_, t)
  if t < 0.5 then return 2.0 * t * t end
  local u = -2.0 * t + 2.0; return 1.0 - u * u / 2.0
end
INOUT_F[CUBIC + 1] = function(_, t)
  if t < 0.5 then return 4.0 * t * t * t end
  local u = -2.0 * t + 2.0; return 1.0 - u * u * u / 2.0
end
INOUT_F[QUART + 1] = function(_, t)
  if t < 0.5 then return 8.0 * (t * t) * (t * t) end
  local u = -2.0 * t + 2.0; return 1.0 - (u * u) * (u * u) / 2.0
end
INOUT_F[QUINT + 1] = function(_, t)
  if t < 0.5 then return 16.0 * (t * t) * (t * t) * t end
  local u = -2.0 * t + 2.0; return 1.0 - (u * u) * (u * u) * u / 2.0
end
INOUT_F[SINE + 1] = function(_, t) return -(cos(PI * t) - 1.0) / 2.0 end
INOUT_F[EXPO + 1] = function(_, t)
  if t == 0.0 then return 0.0 end
  if t == 1.0 then return 1.0 end
  if t < 0.5 then return TWO[1] ^ (20.0 * t - 10.0) / 2.0 end
  return (2.0 - TWO[1] ^ (-20.0 * t + 10.0)) / 2.0
end
INOUT_F[CIRC + 1] = function(_, t)
  if t < 0.5 then local u = 2.0 * t; return (1.0 - sqrt(1.0 - u * u)) / 2.0 end
  local u = -2.0 * t + 2.0; return (sqrt(1.0 - u * u) + 1.0) / 2.0
end
INOUT_F[BACK + 1] = function(pn, t)
  local s, u = pn.a * 1.525, 2.0 * t
  if u < 1.0 then return 0.5 * (u * u * ((s + 1.0) * u - s)) end
  u = u - 2.0
  return 0.5 * (u * u * ((s + 1.0) * u + s) + 2.0)
end
INOUT_F[ELASTIC + 1] = function(pn, t)
  local A, P, s, u = pn.amp, pn.b, pn.phase, 2.0 * t - 1.0
  if t == 0.0 then return 0.0 end
  if t == 1.0 then return 1.0 end
  if u < 0.0 then return -0.5 * (A * TWO[1] ^ (10.0 * u) * sin((u - s) * (2.0 * PI) / P)) end
  return A * TWO[1] ^ (-10.0 * u) * sin((u - s) * (2.0 * PI) / P) * 0.5 + 1.0
end
INOUT_F[BOUNCE + 1] = function(_, t)
  if t < 0.5 then return (1.0 - bounce_out(1.0 - 2.0 * t)) / 2.0 end
  return (1.0 + bounce_out(2.0 * t - 1.0)) / 2.0
end

-- kn_penner_eval for each family and mode, by 4 family + mode + 1: f(t)
-- on [0,1] with f(0) = 0 and f(1) = 1 exactly; t outside is clamped.
-- init stores the easing's own in pn.fn: pn.fn(pn, t) is eval(pn, t).
local EVAL = {}
for f = 0, 9 do
  local fi, fo, fio = IN_F[f + 1], OUT_F[f + 1], INOUT_F[f + 1]
  EVAL[4 * f + IN + 1] = function(pn, t)
    if not (t > 0.0) then return 0.0 end      -- also the clamp below 0
    if t >= 1.0 then return 1.0 end
    return fi(pn, t)
  end
  EVAL[4 * f + OUT + 1] = function(pn, t)
    if not (t > 0.0) then return 0.0 end
    if t >= 1.0 then return 1.0 end
    return fo(pn, t)
  end
  EVAL[4 * f + INOUT + 1] = function(pn, t)
    if not (t > 0.0) then return 0.0 end
    if t >= 1.0 then return 1.0 end
    return fio(pn, t)
  end
  -- outIn: the out half, then the in half (tween.lua)
  EVAL[4 * f + OUTIN + 1] = function(pn, t)
    if not (t > 0.0) then return 0.0 end
    if t >= 1.0 then return 1.0 end
    if t < 0.5 then return 0.5 * fo(pn, 2.0 * t) end
    return 0.5 + 0.5 * fi(pn, 2.0 * t - 1.0)
  end
end

function M.eval(pn, t)
  return pn.fn(pn, t)
end

-- Elastic's effective amplitude and phase (tween.lua's calculatePAS with
-- c = 1), computed once with eval's operations.
function M.set(pn, a, b)
  pn.a = a
  pn.b = b
  pn.amp = a
  pn.phase = 0.0
  if pn.family ~= ELASTIC then return end
  if a < 1.0 then pn.amp = 1.0; pn.phase = b / 4.0
  else pn.phase = b / (2.0 * PI) * asin(1.0 / a) end
end
local set = M.set

function M.init(pn, family, mode)
  pn.family = family
  pn.mode = mode
  pn.fn = EVAL[4 * family + mode + 1]
  if family == BACK then set(pn, M.BACK_OVERSHOOT, 0.0)
  elseif family == ELASTIC then set(pn, 1.0, mode == INOUT and 0.45 or 0.3)
  else set(pn, 0.0, 0.0) end
  return pn
end

function M.nparams(family)
  return family == BACK and 1 or (family == ELASTIC and 2 or 0)
end

local family_names = { "Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ", "Back",
                       "Elastic", "Bounce" }
local mode_names = { "in", "out", "inOut", "outIn" }

function M.family_name(family) return family_names[family + 1] end
function M.mode_name(mode) return mode_names[mode + 1] end

-- Camel-case name: "inOutQuad".
function M.name(pn)
  return mode_names[pn.mode + 1] .. family_names[pn.family + 1]
end

-- ---- monotone pieces -----------------------------------------------------------

local bounce_turns = { 1.0, 1.5, 2.0, 2.25, 2.5, 2.625 }

-- The first point after x, in (x, 1), where the in form (out false) or the
-- out form (out true) changes direction; 1 when none (penner.c).
local function form_next(pn, out, s, x)
  local nextv = 1.0
  local c
  local f = pn.family
  if f == BACK then
    if s + 1.0 == 0.0 then return 1.0 end
    c = 2.0 * s / (3.0 * (s + 1.0))
    if out then c = 1.0 - c end
    return (c > x and c < 1.0) and c or 1.0
  elseif f == BOUNCE then
    for i = 1, 6 do
      c = bounce_turns[i] / 2.75
      if not out then c = 1.0 - c end
      if c > x and c < nextv then nextv = c end
    end
    return nextv
  elseif f == ELASTIC then
    local w, h = 2.0 * PI / pn.b, pn.b / 2.0
    local th = atan(w / (10.0 * 0.69314718055994530942))
    if out then c = pn.phase + th / w else c = 1.0 + pn.phase - th / w end
    local j = K.floor((x - c) / h) + 1.0
    nextv = c + j * h
    if nextv <= x then nextv = c + (j + 1.0) * h end      -- j rounded low
    -- turns closer together than the doubles near x: the next double
    if not (nextv > x) or not (j - j == 0) then nextv = K.nextafter(x, 2.0) end
    return nextv < 1.0 and nextv or 1.0
  end
  return 1.0
end

-- The first point after t (t in [0, 1)) where f may change direction, or 1.
function M.next_break(pn, t)
  local s = (pn.family == BACK and pn.mode == INOUT) and pn.a * 1.525 or pn.a
  if t < 0.0 then t = 0.0 end
  local m = pn.mode
  if m == IN then return form_next(pn, false, s, t)
  elseif m == OUT then return form_next(pn, true, s, t)
  elseif m == INOUT then   -- in(2t)/2, then 1/2 + out(2t - 1)/2
    if t < 0.5 then return form_next(pn, false, s, 2.0 * t) / 2.0 end
    return 0.5 + form_next(pn, true, s, 2.0 * t - 1.0) / 2.0
  end
  -- outIn: out(2t)/2, then 1/2 + in(2t - 1)/2
  if t < 0.5 then return form_next(pn, true, s, 2.0 * t) / 2.0 end
  return 0.5 + form_next(pn, false, s, 2.0 * t - 1.0) / 2.0
end

return M
