-- kinetic.pure.api.path: kinetic.path and its objects (kinetic.Path);
-- mirrors csrc/lua/path.c.  A handle's state is the core path
-- (kinetic.pure.path), built from the definition table after every check
-- has passed, so no object is half built.
local util = require("kinetic.pure.util")
local names = require("kinetic.pure.names")
local core = require("kinetic.pure.path")

local type, select, rawget, rawset, tostring = type, select, rawget, rawset, tostring
local format, floor = string.format, math.floor
local argerror, fielderror, typename = util.argerror, util.fielderror, util.typename
local checkfinite, numstr = util.checkfinite, util.numstr

-- lua_rawlen: # without a __len metamethod (5.1 tables have none).
local rawlen = rawget(_G, "rawlen") or function(t) return #t end

local M = {}

local OPTIONS = util.known { "kind", "closed", "alpha" }

-- What luaL_checktype reports as the type it got ("no value" for an
-- argument not given; an object's class name, as 5.3+ print __name).
local function checktype_name(v, given)
  if not given then return "no value" end
  local t = type(v)
  if t == "table" or t == "userdata" then return util.kind[v] or t end
  return t
end

local function read_kind(def)
  return util.checkname(def.kind, 1, "path", "kind", core.KIND_NAMES,
                        names.ONEOF + names.QUOTED)
end

-- The points {x, y} of the array part into pts (2 n numbers).
local function read_points(def, n, pts)
  for i = 1, n do
    local pt = rawget(def, i)
    if type(pt) ~= "table" or rawlen(pt) ~= 2 then
      argerror(1, "path", format("point %d: {x, y} expected, got %s", i,
                                 type(pt) == "table" and "a table that is not an array of 2 numbers"
                                 or typename(pt)))
    end
    for j = 1, 2 do
      local v = rawget(pt, j)
      if type(v) ~= "number" or v - v ~= 0 then
        argerror(1, "path", format("point %d: %s: finite number expected, got %s", i,
                                   j == 1 and "x" or "y",
                                   type(v) == "number" and numstr(v) or typename(v)))
      end
      pts[2 * (i - 1) + j] = v / 1
    end
  end
end

-- Raise the reason of a failed core check on argument 1.
local function check(ok, why)
  if not ok then argerror(1, "path", why) end
end

local cls

local function kinetic_path(...)
  local def = ...
  if type(def) ~= "table" then
    argerror(1, "path", "table expected, got " .. checktype_name(def, select("#", ...) >= 1))
  end
  local n = rawlen(def)
  util.checkoptions(def, 1, "path", OPTIONS, n, "points")
  local kind = read_kind(def)
  local c = def.closed
  if c ~= nil and type(c) ~= "boolean" then
    fielderror(1, "path", "closed", "boolean expected, got " .. typename(c))
  end
  local closed = c and 1 or 0
  local alpha = 0.5
  local a = util.fieldnum(def, "alpha", 1, "path")
  if a ~= nil then
    alpha = a
    if kind ~= core.CATMULL_ROM then fielderror(1, "path", "alpha", "only a catmull-rom path takes it") end
  end
  if not (alpha >= 0.0 and alpha <= 1.0) then
    util.fieldrangeerror(1, "path", "alpha", "number in [0, 1]", alpha)
  end
  check(core.check_count(kind, closed, n))
  local pts = {}
  read_points(def, n, pts)
  if kind == core.CATMULL_ROM and alpha > 0.0 then
    check(core.check_neighbours(pts, n, closed))
  end
  local nseg = core.nseg(kind, closed, n)
  local degree = core.degree(kind, n)
  local ctrl = {}
  core.control(kind, closed, alpha, pts, n, ctrl)
  if kind == core.CATMULL_ROM then
    check(core.check_knots(ctrl, pts, nseg, closed, n))
  end
  local p = core.init(kind, closed, nseg, degree, nil, ctrl)
  local why = core.length_error(p)
  if why ~= nil then argerror(1, "path", why) end
  return cls.new(p)
end

local methods = {}
local states

local function check_path(self, fname)
  local p = states[self]
  if p == nil then util.typeerror(0, fname, "kinetic.Path", self) end
  return p
end

-- The core state of the kinetic.Path v, or nil (lk_topath).
function M.topath(v)
  return states[v]
end

function methods.length(self)
  return check_path(self, "length").length
end

local path_at, path_point = core.at, core.point

-- lk_checkfinite on an argument not given: "number expected, got no value".
local function given(n, arg, fname)
  if n < arg then argerror(arg, fname, "number expected, got no value") end
end

function methods.at(self, ...)
  local p = check_path(self, "at")
  local u = ...
  if u == nil then given(select("#", ...), 1, "at") end
  return path_at(p, checkfinite(u, 1, "at"))
end

function methods.point(self, ...)
  local p = check_path(self, "point")
  local s = ...
  if s == nil then given(select("#", ...), 1, "point") end
  return path_point(p, checkfinite(s, 1, "point"))
end

-- p:sample(n [, out]) -> {x0, y0, ..., xn, yn} at u = i / n.
function methods.sample(self, ...)
  local p = check_path(self, "sample")
  local n = ...
  if n == nil then given(select("#", ...), 1, "sample") end
  n = checkfinite(n, 1, "sample")
  if not (n >= 1.0 and n <= 1e7 and n == floor(n)) then
    argerror(1, "sample", format("integer in [1, 10000000] expected, got %s", numstr(n)))
  end
  local count = floor(n)
  local out = select(2, ...)
  if out == nil then
    out = {}
  elseif type(out) ~= "table" then
    argerror(2, "sample", "table expected, got " .. checktype_name(out, true))
  end
  for i = 0, count do
    local x, y = path_at(p, i / count)
    rawset(out, 2 * i + 1, x)
    rawset(out, 2 * i + 2, y)
  end
  return out
end

local function path_tostring(self)
  local p = check_path(self, "__tostring")
  return format("kinetic.Path(%s%s, %d segment%s, length %s): %s", core.kind_name(p.kind),
                p.closed ~= 0 and " closed" or "", p.nseg, p.nseg == 1 and "" or "s",
                numstr(p.length), (tostring(p):gsub("^table: ", "")))
end

cls = util.class("kinetic.Path", methods, { __tostring = path_tostring })
states = cls.states
M.class = cls

function M.open(kinetic)
  kinetic.path = kinetic_path
end

return M
