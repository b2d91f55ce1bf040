-- kinetic.pure.api.viewport: csrc/lua/viewport.c in Lua.  kinetic.viewport
-- (type kinetic.Viewport).
--
-- The state is a viewport table (kinetic.pure.viewport).  Its eight
-- parameters are fields of the object that read and write like a table's
-- (vp.scale_x = 2), so tl:apply(vp) animates them; origin, unit and scale
-- also read and write as pairs.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local viewport = require("kinetic.pure.viewport")

local type, select, format, error, tostring = type, select, string.format, error, tostring
local rawget = rawget
local rawlen = rawget(_G, "rawlen") or function(t) return #t end
local argerror, fielderror, typename = util.argerror, util.fielderror, util.typename
local checkfinite, cstr = util.checkfinite, names.cstr
local g14 = require("kinetic.pure.api.motion").g14
local vparam, to_screen, to_world = viewport.param, viewport.to_screen, viewport.to_world

local M = {}

local VIEWPORT = util.class("kinetic.Viewport", {}, {})
M.VIEWPORT = VIEWPORT
local methods, states = VIEWPORT.methods, VIEWPORT.states

-- {a, b} in v as two numbers (floats); errors name `what`, raised by fail.
local function read_pair(v, what, fail)
  if type(v) ~= "table" or rawlen(v) ~= 2 then
    if type(v) == "table" and rawlen(v) == 0 then
      local text, kind = util.tablekind(v)
      if kind == util.TABLE_NAMED then   -- {x = 1, y = 2}
        fail(what, "{x, y} expected (an array of 2 numbers), got " .. text)
      end
    end
    fail(what, "{x, y} expected, got " .. typename(v))
  end
  local a, b = rawget(v, 1), rawget(v, 2)
  if type(a) ~= "number" then fail(what, "x: number expected, got " .. typename(a)) end
  if a - a ~= 0 then fail(what, "x: finite number expected, got " .. typename(a)) end
  if type(b) ~= "number" then fail(what, "y: number expected, got " .. typename(b)) end
  if b - b ~= 0 then fail(what, "y: finite number expected, got " .. typename(b)) end
  return a / 1, b / 1
end

-- read_pair's errors: in an option of kinetic.viewport{...} ...
local function option_fail(key, msg)
  fielderror(1, "viewport", key, msg)
end

-- ... and in an assignment vp.key = value.
local function assign_fail(key, msg)
  error(format("kinetic.Viewport field '%s': %s", key, msg), 0)
end

-- The options of kinetic.viewport, besides items 1 and 2 (width and
-- height): any other name is refused.
local VIEWPORT_OPTIONS = util.known { "width", "height", "origin", "unit", "scale" }
local SIZES = { "width", "height" }

-- kinetic.viewport{ width, height, origin = {ox, oy}, unit = {ux, uy},
-- scale = {kx, ky} }; width and height may also be given by name.
local function kinetic_viewport(...)
  local t = ...
  if type(t) ~= "table" then
    argerror(1, "viewport", "table expected, got "
                            .. (select("#", ...) == 0 and "no value" or typename(t)))
  end
  util.checkoptions(t, 1, "viewport", VIEWPORT_OPTIONS, 2,
                    "width and height may be items 1 and 2")
  local v = {}
  for i = 1, 2 do
    local key = SIZES[i]
    local x = util.fieldnum(t, key, 1, "viewport")
    if x == nil then
      local item = rawget(t, i)
      if type(item) ~= "number" then
        fielderror(1, "viewport", key, "number expected, got " .. typename(item))
      end
      if item - item ~= 0 then
        fielderror(1, "viewport", key, "finite number expected, got " .. typename(item))
      end
      x = item / 1
    end
    v[key] = x
  end
  viewport.defaults(v)
  for i = 0, 2 do
    local name = viewport.pair_name(i)
    local pair = t[name]
    if pair ~= nil then
      local _, f1, f2 = vparam(name)
      v[f1], v[f2] = read_pair(pair, name, option_fail)
    end
  end
  return VIEWPORT.new(v)
end

-- The state of self, or "calling 'fname' on bad self (...)"; n: the number
-- of arguments the method got, self included.
local function badself(fname, self, n)
  argerror(0, fname, "kinetic.Viewport expected, got "
                     .. (n == 0 and "no value" or typename(self)))
end

-- Coordinate i (1 or 2) of a method given n arguments (self included).
local function coord(v, i, n, fname)
  if type(v) ~= "number" then
    argerror(i, fname, "number expected, got " .. (n <= i and "no value" or typename(v)))
  end
  return checkfinite(v, i, fname)
end

function methods.to_screen(...)
  local self, x, y = ...
  local s = states[self]
  if s == nil then badself("to_screen", self, select("#", ...)) end
  if not (type(x) == "number" and x - x == 0) then x = coord(x, 1, select("#", ...), "to_screen") end
  if not (type(y) == "number" and y - y == 0) then y = coord(y, 2, select("#", ...), "to_screen") end
  return to_screen(s, x / 1, y / 1)
end

function methods.to_world(...)
  local self, sx, sy = ...
  local s = states[self]
  if s == nil then badself("to_world", self, select("#", ...)) end
  if not (type(sx) == "number" and sx - sx == 0) then
    sx = coord(sx, 1, select("#", ...), "to_world")
  end
  if not (type(sy) == "number" and sy - sy == 0) then
    sy = coord(sy, 2, select("#", ...), "to_world")
  end
  local ok, x, y = to_world(s, sx / 1, sy / 1)
  if not ok then
    error("to_world: the viewport is not invertible "
          .. "(unit_x*scale_x or unit_y*scale_y is 0)", 0)
  end
  return x, y
end

local meta = VIEWPORT.meta

-- __index: methods first, then the fields.
meta.__index = function(h, key)
  local m = methods[key]
  if m ~= nil or type(key) ~= "string" then return m end
  local s = states[h]
  local count, f1, f2 = vparam(cstr(key))
  if count == nil then return nil end
  if count == 1 then return s[f1] end
  return { s[f1], s[f2] }
end

-- __newindex: the eight numbers (finite), or a pair as {x, y}.
meta.__newindex = function(h, key, value)
  local s = states[h]
  if type(key) ~= "string" then
    error(format("kinetic.Viewport has no field of type %s", typename(key)), 0)
  end
  key = cstr(key)
  local count, f1, f2 = vparam(key)
  if count == 1 then
    if type(value) ~= "number" then
      assign_fail(key, "number expected, got " .. typename(value))
    end
    if value - value ~= 0 then
      assign_fail(key, "finite number expected, got " .. typename(value))
    end
    s[f1] = value / 1
    return
  end
  if count ~= nil then
    s[f1], s[f2] = read_pair(value, key, assign_fail)
    return
  end
  error(format("kinetic.Viewport has no field '%s' (fields: width, height, "
               .. "origin_x, origin_y, unit_x, unit_y, scale_x, scale_y, "
               .. "origin, unit, scale)", key), 0)
end

meta.__tostring = function(...)
  local self = ...
  local s = states[self]
  if s == nil then badself("__tostring", self, select("#", ...)) end
  local addr = tostring(s):gsub("^table: ", "")
  return format("kinetic.Viewport(%s): %s",
                g14(s.width) .. " x " .. g14(s.height), addr)
end

function M.open(kinetic)
  kinetic.viewport = kinetic_viewport
end

return M
