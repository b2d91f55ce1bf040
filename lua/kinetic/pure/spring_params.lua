-- kinetic.pure.spring_params: csrc/core/spring_params.c in Lua.  Every
-- spring parameter family reduced to the physical triple (mass m,
-- stiffness k, damping c) of  m x'' = -k (x - target) - c x',  the derived
-- values s:params() reports, and the choice and checks of the family an
-- options table gives.  Sources of the conversions: SwiftUI/Flutter
-- (duration, bounce, response), Rebound (Origami, BouncyConversion),
-- react-spring (presets); see docs/spring.md.
--
-- A triple is a table { mass =, stiffness =, damping = }; the derived
-- values a table with the fields of kn_spring_derived.
local names = require("kinetic.pure.names")
-- luacheck: ignore 581 (NaN: C's !(x > y) is not x <= y)

local sqrt, format, sub = math.sqrt, string.format, string.sub
local HUGE = math.huge
local numstr = names.num

local M = {}

local TWO_PI = 6.283185307179586476925286766559

local preset_names = { "default", "gentle", "wobbly", "stiff", "slow", "molasses" }
M.PRESETS = 6

-- @react-spring/core config: { tension, friction }
local preset_values = {
  { 170.0, 26.0 }, { 120.0, 14.0 }, { 180.0, 12.0 }, { 210.0, 20.0 }, { 280.0, 60.0 },
  { 280.0, 120.0 }
}

-- The name of preset i (0-based), nil past the last.
function M.preset_name(i)
  return preset_names[i + 1]
end
M.preset_names = preset_names

-- The triple of the preset `name` into out; false when name is unknown.
function M.from_preset(name, out)
  for i = 1, 6 do
    if name == preset_names[i] then
      out.mass = 1.0
      out.stiffness = preset_values[i][1]
      out.damping = preset_values[i][2]
      return true
    end
  end
  return false
end

-- omega0 = 2 pi f, c = 2 zeta omega0 m.
function M.from_frequency(mass, frequency, zeta, out)
  local w = TWO_PI * frequency
  out.mass = mass
  out.stiffness = w * w * mass
  out.damping = 2 * zeta * w * mass
end

-- SwiftUI response: k = (2 pi / response)^2 m, c = 4 pi zeta m / response.
function M.from_response(mass, response, zeta, out)
  local w = TWO_PI / response
  out.mass = mass
  out.stiffness = w * w * mass
  out.damping = 2 * zeta * w * mass
end

-- zeta = 1 - b (b >= 0), 1 / (1 + b) (b < 0).
local function bounce_to_ratio(bounce)
  if bounce >= 0 then return 1 - bounce end
  return 1 / (1 + bounce)
end
M.bounce_to_ratio = bounce_to_ratio

function M.from_duration(mass, duration, bounce, out)
  M.from_response(mass, duration, bounce_to_ratio(bounce), out)
end

-- Rebound's OrigamiValueConverter (the JS port: no zero guard).
local function from_origami(otension, ofriction, out)
  out.mass = 1.0
  out.stiffness = (otension - 30.0) * 3.62 + 194.0
  out.damping = (ofriction - 8.0) * 3.0 + 25.0
end
M.from_origami = from_origami

-- BouncyConversion helpers, in Rebound's own order of operations.
local function normalize(v, lo, hi) return (v - lo) / (hi - lo) end
local function project(n, lo, hi) return lo + n * (hi - lo) end
local function b3_nobounce(t)
  if t <= 18 then return 0.0007 * (t * t * t) - 0.031 * (t * t) + 0.64 * t + 1.28 end
  if t <= 44 then return 0.000044 * (t * t * t) - 0.006 * (t * t) + 0.36 * t + 2 end
  return 0.00000045 * (t * t * t) - 0.000332 * (t * t) + 0.1078 * t + 5.84
end

-- Rebound's BouncyConversion(bounciness, speed), then the Origami conversion.
function M.from_bouncy(bounciness, speed, out)
  local b = project(normalize(bounciness / 1.7, 0, 20.0), 0.0, 0.8)
  local s = normalize(speed / 1.7, 0, 20.0)
  local tension = project(s, 0.5, 200)
  local q = 2 * b - b * b                           -- quadratic out
  local friction = q * 0.01 + (1.0 - q) * b3_nobounce(tension)
  from_origami(tension, friction, out)
end

-- The derived values of the triple t into out (a table).
function M.derive(t, out)
  local m, k, c = t.mass, t.stiffness, t.damping
  out.mass = m; out.stiffness = k; out.damping = c
  out.omega = sqrt(k / m)
  out.frequency = out.omega / TWO_PI
  out.response = k > 0 and TWO_PI / out.omega or HUGE
  out.duration = out.response
  if k > 0 then
    out.damping_ratio = c / (2 * sqrt(m) * sqrt(k))   -- m k may underflow
  else
    out.damping_ratio = c > 0 and HUGE or 0.0
  end
  if out.damping_ratio < 1 then out.bounce = 1 - out.damping_ratio
  else out.bounce = 1 / out.damping_ratio - 1 end     -- -1 when zeta is inf
  return out
end

-- ---- options --------------------------------------------------------------

-- The option fields the families read, in the order of the C enum
-- (KN_SPO_*, 0-based).
local SPO_STIFFNESS, SPO_DAMPING, SPO_MASS, SPO_FREQUENCY, SPO_DAMPING_RATIO = 0, 1, 2, 3, 4
local SPO_RESPONSE, SPO_DURATION, SPO_BOUNCE, SPO_TENSION, SPO_FRICTION = 5, 6, 7, 8, 9
local SPO_ORIGAMI_TENSION, SPO_ORIGAMI_FRICTION, SPO_BOUNCINESS, SPO_SPEED = 10, 11, 12, 13
local SPO_PRESET, SPO_COUNT = 14, 15
M.SPO_COUNT = SPO_COUNT

local option_names = {
  [0] = "stiffness", "damping", "mass", "frequency", "damping_ratio", "response", "duration",
  "bounce", "tension", "friction", "origami_tension", "origami_friction", "bounciness",
  "speed", "preset"
}

-- The name of option field i (0-based), nil past the last.
function M.option_name(i)
  return option_names[i]
end

-- The fields of each family (-1 = none).
local family_keys = {
  [0] = { SPO_STIFFNESS, SPO_DAMPING }, { SPO_FREQUENCY, -1 }, { SPO_RESPONSE, -1 },
  { SPO_DURATION, SPO_BOUNCE }, { SPO_TENSION, SPO_FRICTION },
  { SPO_ORIGAMI_TENSION, SPO_ORIGAMI_FRICTION }, { SPO_BOUNCINESS, SPO_SPEED },
  { SPO_PRESET, -1 }
}
local F_PHYSICAL, F_FREQUENCY, F_RESPONSE, F_DURATION, F_REBOUND = 0, 1, 2, 3, 4
local F_ORIGAMI, F_BOUNCY, F_NONE = 5, 6, 8   -- F_PRESET = 7: read_family's last case

-- Longest reason (KN_SPRING_WHY_MAX, with its terminating zero): a reason
-- is cut to WHY_MAX - 1 bytes as C's snprintf cuts it.
M.WHY_MAX = 320

-- The options being read: r.opt (opt[i] for field i, nil when absent, else
-- { number = bool, value = x, text = string or nil, type = "..." }), and
-- the first reason found, r.why: once one is written, every later read
-- gives its default and writes nothing.
local function field_fail(r, key, msg)
  if r.failed then return end
  r.failed = true
  r.why = sub("field '" .. option_names[key] .. "': " .. msg, 1, r.cap - 1)
end

-- The field `key`, def when absent: a finite number, > 0 for kind 'p',
-- >= 0 for kind 'n', any for kind nil.
local function num(r, key, def, kind)
  local o = r.opt[key]
  if r.failed or o == nil then return def end
  local x = o.value
  if not o.number then field_fail(r, key, "number expected, got " .. o.type)
  elseif x - x ~= 0 then field_fail(r, key, "finite number expected, got " .. o.type)
  elseif kind == "p" and not (x > 0) then
    field_fail(r, key, "positive number expected, got " .. numstr(x))
  elseif kind == "n" and not (x >= 0) then
    field_fail(r, key, "non-negative number expected, got " .. numstr(x))
  end
  if r.failed then return def end
  return x
end

-- The field `key`, which the family needs.
local function required(r, key, kind)
  if not r.failed and r.opt[key] == nil then field_fail(r, key, "number expected, got nil") end
  return num(r, key, 0.0, kind)
end

-- Which family the options use (F_NONE: none), and its first field given.
local function which_family(r)
  local found, first = F_NONE, SPO_STIFFNESS
  for f = 0, F_NONE - 1 do
    local keys = family_keys[f]
    for k = 1, 2 do
      local key = keys[k]
      if key < 0 then break end
      if r.opt[key] ~= nil then
        if found ~= F_NONE and found ~= f then
          r.why = sub(format("one parameter family expected, got '%s' and '%s'",
                             option_names[first], option_names[key]), 1, r.cap - 1)
          r.failed = true
          return found, first
        end
        if found == F_NONE then first = key end
        found = f
      end
    end
  end
  if r.opt[SPO_DAMPING_RATIO] ~= nil and found ~= F_FREQUENCY and found ~= F_RESPONSE then
    if found == F_NONE then field_fail(r, SPO_DAMPING_RATIO, "needs 'frequency' or 'response'")
    else
      field_fail(r, SPO_DAMPING_RATIO, format("cannot be mixed with '%s'", option_names[first]))
    end
  end
  if r.opt[SPO_MASS] ~= nil and (found == F_REBOUND or found == F_ORIGAMI or found == F_BOUNCY) then
    field_fail(r, SPO_MASS, format("cannot be mixed with '%s' (Rebound springs have mass 1)",
                                   option_names[first]))
  end
  return found, first
end

local preset_list = names.text(preset_names, names.ONEOF + names.QUOTED)

-- The preset's triple, its name checked (a string, one of the presets).
local function read_preset(r, p)
  local o = r.opt[SPO_PRESET]
  if o.text == nil then
    field_fail(r, SPO_PRESET, "string expected, got " .. o.type)
  elseif not M.from_preset(o.text, p) then
    field_fail(r, SPO_PRESET, format("%s expected, got '%s'", preset_list, o.text))
  end
end

-- The triple of family fam (mass already read) into p; returns the field
-- the derived stiffness and damping are reported on.
local function read_family(r, fam, mass, p)
  local a, b
  if fam == F_NONE or fam == F_PHYSICAL then
    p.mass = mass
    p.stiffness = num(r, SPO_STIFFNESS, 170.0, "n")
    p.damping = num(r, SPO_DAMPING, 26.0, "n")
    return SPO_STIFFNESS
  elseif fam == F_FREQUENCY or fam == F_RESPONSE then
    local key = fam == F_FREQUENCY and SPO_FREQUENCY or SPO_RESPONSE
    b = num(r, SPO_DAMPING_RATIO, 1.0, "n")   -- the ratio's errors come first
    a = required(r, key, "p")
    if fam == F_FREQUENCY then M.from_frequency(mass, a, b, p)
    else M.from_response(mass, a, b, p) end
    return key
  elseif fam == F_DURATION then
    a = num(r, SPO_DURATION, 0.5, "p")
    b = num(r, SPO_BOUNCE, 0.0, nil)
    if not r.failed and not (b > -1 and b <= 1) then
      field_fail(r, SPO_BOUNCE, "number in (-1, 1] expected, got " .. numstr(b))
    end
    M.from_duration(mass, a, b, p)
    return SPO_DURATION
  elseif fam == F_REBOUND then
    p.mass = 1.0
    p.stiffness = required(r, SPO_TENSION, "n")
    p.damping = required(r, SPO_FRICTION, "n")
    return SPO_TENSION
  elseif fam == F_ORIGAMI then
    b = required(r, SPO_ORIGAMI_FRICTION, nil)   -- friction's errors first
    from_origami(required(r, SPO_ORIGAMI_TENSION, nil), b, p)
    return p.damping >= 0 and SPO_ORIGAMI_TENSION or SPO_ORIGAMI_FRICTION
  elseif fam == F_BOUNCY then
    b = required(r, SPO_SPEED, "n")              -- speed's errors first
    M.from_bouncy(required(r, SPO_BOUNCINESS, "n"), b, p)
    return SPO_SPEED
  end
  -- F_PRESET
  read_preset(r, p)
  p.mass = mass
  return SPO_PRESET
end

-- The triple of the options opt (opt[i], 0-based, for option field i: nil
-- when absent, else { number =, value =, text =, type = } as the binding
-- found it) into out, checked in the order the errors are reported (see
-- spring_params.h).  Returns true, or false and the reason (cut to cap - 1
-- bytes; cap defaults to WHY_MAX).
function M.params_from_options(opt, out, cap)
  local r = { opt = opt, cap = cap or M.WHY_MAX, failed = false, why = nil }
  local fam = which_family(r)
  local mass = num(r, SPO_MASS, 1.0, "p")
  local key = read_family(r, fam, mass, out)
  if r.failed then return false, r.why end
  -- a family's formula can leave the range a spring needs
  local k, c = out.stiffness, out.damping
  if k - k ~= 0 or not (k >= 0) then
    field_fail(r, key, format("gives stiffness %s (non-negative finite expected)", numstr(k)))
  elseif c - c ~= 0 or not (c >= 0) then
    field_fail(r, key, format("gives damping %s (non-negative finite expected)", numstr(c)))
  end
  if r.failed then return false, r.why end
  return true
end

return M
